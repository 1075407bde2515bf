//! `epic sim`: many bot-versus-bot games over all cores. Game `i` is seeded from the
//! run's seed and `i` alone, and results are gathered by index, so the numbers are the
//! same whatever the thread count; only the timing fields change between runs.

use crate::commands::{print_json, progress_bar};
use crate::error::{CliError, CliResult};
use crate::names;
use epic_cards::CardId;
use epic_engine::{EndReason, Game, RulesConfig, Setup};
use serde::Serialize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Side 1 as BOT:DECK, e.g. greedy:good. Bots: random, greedy. Decks: good, evil,
    /// sage, wild, random (a Sealed deck per game) or a deck-list file.
    #[arg(long, default_value = "greedy:good")]
    pub p1: String,
    /// Side 2 as BOT:DECK.
    #[arg(long, default_value = "random:evil")]
    pub p2: String,
    /// Seed of the whole run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Decisions after which a game is stopped and counted as unfinished.
    #[arg(long, default_value_t = 100_000)]
    pub max_decisions: usize,
    /// Print a JSON object instead of a report.
    #[arg(long)]
    pub json: bool,
}

struct Side {
    label: String,
    bot: String,
    deck_spec: String,
    /// Fixed deck, or `None` for a Sealed deck drawn per game.
    deck: Option<Vec<CardId>>,
}

fn parse_side(s: &str, flag: &str) -> CliResult<Side> {
    let (bot, deck) = s.split_once(':').ok_or_else(|| {
        CliError::input(format!("{flag} '{s}': expected BOT:DECK, e.g. greedy:good"))
    })?;
    epic_bots::bot_by_name(bot, 0).map_err(|e| CliError::input(format!("{flag}: {e}")))?;
    let pool = names::pool();
    let fixed = if deck.trim().eq_ignore_ascii_case("random") {
        None
    } else {
        Some(
            names::resolve_deck(&pool, deck, 0)
                .map_err(|e| CliError::input(format!("{flag}: {e}")))?,
        )
    };
    Ok(Side {
        label: s.to_string(),
        bot: bot.trim().to_ascii_lowercase(),
        deck_spec: deck.to_string(),
        deck: fixed,
    })
}

/// SplitMix64: turns (run seed, game index) into well-spread per-game seeds.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[derive(Clone, Copy, Debug)]
struct Outcome {
    /// 0: side 1 won, 1: side 2 won, None: draw or unfinished.
    winner: Option<u8>,
    first: u8,
    turns: u16,
    reason: Option<EndReason>,
    decisions: usize,
}

fn play_one(sides: &[Side; 2], seed: u64, i: usize, max: usize) -> CliResult<Outcome> {
    let pool = names::pool();
    let game_seed = mix(seed ^ mix(i as u64));
    let mut decks = Vec::new();
    for (k, side) in sides.iter().enumerate() {
        decks.push(match &side.deck {
            Some(d) => d.clone(),
            None => epic_cards::deck_from(&pool, "random", mix(game_seed.wrapping_add(k as u64)))
                .map_err(|e| CliError::input(e.to_string()))?,
        });
    }
    let first = (i % 2) as u8;
    let mut game = Game::new(Setup {
        first_player: Some(first),
        ..Setup::new(pool, decks, game_seed)
    })
    .map_err(|e| CliError::input(e.to_string()))?;
    game.set_undo(false);
    let mut bots = Vec::new();
    for (k, side) in sides.iter().enumerate() {
        bots.push(
            epic_bots::bot_by_name(&side.bot, mix(game_seed ^ (k as u64 + 1)))
                .map_err(|e| CliError::input(e.to_string()))?,
        );
    }
    let decisions = epic_bots::play_out(&mut game, &mut bots, max).unwrap_or(max);
    let result = game.result();
    Ok(Outcome {
        winner: result.as_ref().and_then(|r| {
            if r.winners.len() == 1 {
                Some(r.winners[0])
            } else {
                None
            }
        }),
        first,
        turns: result.as_ref().map_or(game.state().turn, |r| r.turns),
        reason: result.map(|r| r.reason),
        decisions,
    })
}

/// Wilson score interval for `k` successes in `n` trials at 95%.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let n_f = n as f64;
    let p = k as f64 / n_f;
    let denom = 1.0 + z * z / n_f;
    let centre = (p + z * z / (2.0 * n_f)) / denom;
    let half = z * ((p * (1.0 - p) / n_f) + z * z / (4.0 * n_f * n_f)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[derive(Serialize)]
struct Report {
    games: usize,
    seed: u64,
    p1: String,
    p2: String,
    p1_wins: usize,
    p2_wins: usize,
    draws: usize,
    unfinished: usize,
    p1_win_rate: f64,
    p1_win_rate_ci95: (f64, f64),
    p2_win_rate: f64,
    p2_win_rate_ci95: (f64, f64),
    first_player_wins: usize,
    first_player_win_rate: f64,
    first_player_win_rate_ci95: (f64, f64),
    average_turns: f64,
    median_turns: f64,
    average_decisions: f64,
    ended_by_health: usize,
    ended_by_deck_out: usize,
    threads: usize,
    elapsed_seconds: f64,
    games_per_second: f64,
}

pub fn run(args: Args) -> CliResult {
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    let sides = [parse_side(&args.p1, "--p1")?, parse_side(&args.p2, "--p2")?];
    for (side, flag) in sides.iter().zip(["--p1", "--p2"]) {
        if let Some(deck) = &side.deck {
            names::check_deck_size(
                deck,
                &side.deck_spec,
                &format!("the {flag} deck"),
                &RulesConfig::default(),
            )?;
        }
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256)
        .min(args.games);
    let bar = progress_bar(
        args.games as u64,
        "{bar:40} {pos}/{len} games  {per_sec}  eta {eta}",
    );
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; args.games]);
    let failure: Mutex<Option<CliError>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= args.games {
                    break;
                }
                match play_one(&sides, args.seed, i, args.max_decisions) {
                    Ok(o) => {
                        if let Ok(mut r) = results.lock() {
                            r[i] = Some(o);
                        }
                    }
                    Err(e) => {
                        if let Ok(mut f) = failure.lock() {
                            f.get_or_insert(e);
                        }
                        next.store(args.games, Ordering::Relaxed);
                    }
                }
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let elapsed = start.elapsed().as_secs_f64();
    let outcomes: Vec<Outcome> = results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect();
    let n = outcomes.len();
    let count = |f: &dyn Fn(&Outcome) -> bool| outcomes.iter().filter(|o| f(o)).count();
    let p1_wins = count(&|o| o.winner == Some(0));
    let p2_wins = count(&|o| o.winner == Some(1));
    let unfinished = count(&|o| o.reason.is_none());
    let draws = n - p1_wins - p2_wins - unfinished;
    let first_wins = count(&|o| o.winner == Some(o.first));
    let mut turns: Vec<u16> = outcomes.iter().map(|o| o.turns).collect();
    turns.sort_unstable();
    let median = if n == 0 {
        0.0
    } else if n % 2 == 1 {
        turns[n / 2] as f64
    } else {
        (turns[n / 2 - 1] as f64 + turns[n / 2] as f64) / 2.0
    };
    let rate = |k: usize| if n == 0 { 0.0 } else { k as f64 / n as f64 };
    let report = Report {
        games: n,
        seed: args.seed,
        p1: sides[0].label.clone(),
        p2: sides[1].label.clone(),
        p1_wins,
        p2_wins,
        draws,
        unfinished,
        p1_win_rate: rate(p1_wins),
        p1_win_rate_ci95: wilson(p1_wins, n),
        p2_win_rate: rate(p2_wins),
        p2_win_rate_ci95: wilson(p2_wins, n),
        first_player_wins: first_wins,
        first_player_win_rate: rate(first_wins),
        first_player_win_rate_ci95: wilson(first_wins, n),
        average_turns: turns.iter().map(|&t| t as f64).sum::<f64>() / n.max(1) as f64,
        median_turns: median,
        average_decisions: outcomes.iter().map(|o| o.decisions as f64).sum::<f64>()
            / n.max(1) as f64,
        ended_by_health: count(&|o| o.reason == Some(EndReason::Health)),
        ended_by_deck_out: count(&|o| o.reason == Some(EndReason::DrewFromEmptyDeck)),
        threads,
        elapsed_seconds: elapsed,
        games_per_second: n as f64 / elapsed.max(1e-9),
    };
    if args.json {
        return print_json(&report);
    }
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    let ci = |c: (f64, f64)| format!("[{} – {}]", pct(c.0), pct(c.1));
    println!("{} games, seed {}, {} thread(s)", n, args.seed, threads);
    println!(
        "  p1 {:<24} wins {:>6}  {:>6}  95% CI {}",
        format!("{} ({})", sides[0].bot, sides[0].deck_spec),
        p1_wins,
        pct(report.p1_win_rate),
        ci(report.p1_win_rate_ci95)
    );
    println!(
        "  p2 {:<24} wins {:>6}  {:>6}  95% CI {}",
        format!("{} ({})", sides[1].bot, sides[1].deck_spec),
        p2_wins,
        pct(report.p2_win_rate),
        ci(report.p2_win_rate_ci95)
    );
    println!("  draws {draws}, unfinished {unfinished}");
    println!(
        "  first player won {} of {} ({}, 95% CI {})",
        first_wins,
        n,
        pct(report.first_player_win_rate),
        ci(report.first_player_win_rate_ci95)
    );
    println!(
        "  turns: average {:.1}, median {}",
        report.average_turns, report.median_turns
    );
    println!(
        "  ended by health {}, by a draw from an empty deck {}",
        report.ended_by_health, report.ended_by_deck_out
    );
    println!(
        "  {:.1} games/s ({:.2} s)",
        report.games_per_second, elapsed
    );
    Ok(())
}
