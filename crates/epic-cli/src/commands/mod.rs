//! One module per subcommand, each with its clap `Args` and a `run` function.

pub mod bench;
pub mod cards;
pub mod deck;
pub mod draft;
pub mod play;
pub mod replay;
pub mod scenario;
pub mod sim;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};

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
