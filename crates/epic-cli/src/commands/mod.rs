//! One module per subcommand, each with its clap `Args` and a `run` function.

pub mod bench;
mod card_ratings;
pub mod cards;
pub mod deck;
pub mod draft;
pub mod learn;
pub mod play;
pub mod replay;
pub mod scenario;
#[cfg(feature = "server")]
pub mod serve;
pub mod sim;
pub mod tournament;

use crate::error::{CliError, CliResult};
use crate::interrupt;
use epic_bots::ladder::DecisionTimes;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// A `--seed` value: any whole number that fits 64 bits; a negative one stands for the
/// same bits unsigned (`-1` is 18446744073709551615), as a seed is only bits.
pub fn seed(text: &str) -> Result<u64, String> {
    let text = text.trim();
    text.parse::<u64>()
        .or_else(|_| text.parse::<i64>().map(|n| n as u64))
        .map_err(|_| {
            format!("'{text}' is not a seed: a whole number, from -9223372036854775808 to 18446744073709551615")
        })
}

/// `--ruleset`: which game's rules a command plays by, from the registry's list.
#[derive(clap::Args, Debug, Clone)]
pub struct RulesetArg {
    /// The game whose rules it plays by
    #[arg(long = "ruleset", value_name = "NAME", default_value = epic_rulesets::RULESETS[0],
          value_parser = ruleset_names())]
    pub name: String,
}

/// The registry's rulesets as `--ruleset` values, each with its title as its help.
pub fn ruleset_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        epic_rulesets::rulesets()
            .into_iter()
            .map(|r| clap::builder::PossibleValue::new(r.name).help(r.title)),
    )
}

impl RulesetArg {
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// The most worker threads a command starts: far more than any machine's cores, and
/// few enough that asking for too many is no harm.
pub const MAX_THREADS: u16 = 256;

/// The parser of a `--threads` value: 1 to [`MAX_THREADS`], anything else a usage error.
pub fn thread_count() -> clap::builder::RangedI64ValueParser<u16> {
    clap::value_parser!(u16).range(1..=i64::from(MAX_THREADS))
}

/// Worker threads when `--threads` is not given: one per core, at most [`MAX_THREADS`].
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(usize::from(MAX_THREADS))
}

/// The worker threads for `jobs` jobs: `--threads` if given, else one per core, and
/// never more than there are jobs.
pub fn threads_for(asked: Option<u16>, jobs: u64) -> usize {
    asked
        .map_or_else(default_threads, usize::from)
        .min(usize::try_from(jobs).unwrap_or(usize::MAX))
}

/// A progress bar on stderr, drawn only when stderr is a terminal, so piped or JSON
/// output stays clean. `template` is indicatif's, e.g. "{bar:40} {pos}/{len} games".
pub fn progress_bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if std::io::stderr().is_terminal() {
        bar.set_style(
            ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar
}

/// Prints a value as pretty JSON on stdout.
pub fn print_json<T: serde::Serialize>(value: &T) -> crate::error::CliResult {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}

/// Runs jobs `0..count` on `threads` threads, each thread taking the next index as it is
/// free and folding what the job returns into its own tally (made by `init`, added to
/// by `add`); the threads' tallies are then merged into one more made by `init`. Since every job depends on its index alone and the merge
/// does not depend on order, the result is the same whatever the thread count. Stops
/// early on Ctrl-C, with what has finished, and at the first error, which it returns.
pub fn parallel_fold<T, O>(
    count: u64,
    threads: usize,
    bar: &ProgressBar,
    init: impl Fn() -> T + Sync,
    job: impl Fn(u64) -> CliResult<O> + Sync,
    add: impl Fn(&mut T, O) + Sync,
    merge: impl Fn(&mut T, &T),
) -> CliResult<T>
where
    T: Send,
{
    let next = AtomicU64::new(0);
    let failure: Mutex<Option<CliError>> = Mutex::new(None);
    let mut total = init();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut tally = init();
                    while !interrupt::interrupted() {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= count {
                            break;
                        }
                        match job(i) {
                            Ok(o) => add(&mut tally, o),
                            Err(e) => {
                                if let Ok(mut f) = failure.lock() {
                                    f.get_or_insert(e);
                                }
                                next.store(count, Ordering::Relaxed);
                            }
                        }
                        bar.inc(1);
                    }
                    tally
                })
            })
            .collect();
        for w in workers {
            match w.join() {
                Ok(tally) => merge(&mut total, &tally),
                Err(_) => {
                    if let Ok(mut f) = failure.lock() {
                        f.get_or_insert(CliError::findings("a worker thread failed"));
                    }
                }
            }
        }
    });
    bar.finish_and_clear();
    match failure.into_inner().ok().flatten() {
        Some(e) => Err(e),
        None => Ok(total),
    }
}

/// A player's decision times as the reports give them: how many, and the mean, the 99th
/// percentile (to the millisecond) and the slowest, in milliseconds.
#[derive(serde::Serialize)]
pub struct TimeReport {
    pub decisions: u64,
    pub decision_ms_mean: f64,
    pub decision_ms_p99: f64,
    pub decision_ms_max: f64,
}

impl TimeReport {
    pub fn new(t: &DecisionTimes) -> TimeReport {
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
        TimeReport {
            decisions: t.decisions,
            decision_ms_mean: ms(t.mean()),
            decision_ms_p99: ms(t.percentile(0.99)),
            decision_ms_max: ms(t.slowest),
        }
    }

    /// "mean / p99 / max", each in the unit that reads best.
    pub fn text(&self) -> String {
        format!(
            "{} / {} / {}",
            fmt_ms(self.decision_ms_mean),
            fmt_ms(self.decision_ms_p99),
            fmt_ms(self.decision_ms_max)
        )
    }
}

/// A time for people: microseconds, milliseconds or seconds.
fn fmt_ms(ms: f64) -> String {
    if ms < 1.0 {
        format!("{:.0} µs", ms * 1000.0)
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

/// Adds decision times, player by player (index by index), to the running ones.
pub fn merge_times(total: &mut Vec<DecisionTimes>, more: &[DecisionTimes]) {
    if total.len() < more.len() {
        total.resize(more.len(), DecisionTimes::default());
    }
    for (mine, theirs) in total.iter_mut().zip(more) {
        mine.merge(theirs);
    }
}
