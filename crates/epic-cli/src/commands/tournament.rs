//! `epic sim --tournament`: a round robin of bots, every pairing of decks played both
//! ways round (each bot with each deck of the pairing) and each bot first as often as
//! second, then Elo ratings with 95% intervals, a pairwise score matrix and each bot's
//! decision times, in any ruleset of the registry. Game `i` depends on the run's seed and
//! `i` alone, so the figures are the same whatever the thread count (unless a bot's time
//! limit binds).

use crate::commands::sim::{mix, Args, Run};
use crate::commands::{merge_times, print_json, progress_bar, TimeReport};
use crate::error::{CliError, CliResult};
use crate::interrupt;
use epic_bots::ladder::{DecisionTimes, Results};
use epic_game::words::count;
use epic_game::{DeckRequest, SeatRequest, TableRequest};
use epic_rulesets::{Seated, TableVisitor};
use serde::Serialize;
use std::time::Instant;

/// A deck of the round robin, as asked for: by name (2017's `random` is dealt anew
/// each game) or from a deck-list file.
struct Deck {
    name: String,
    request: DeckRequest,
}

/// The games of one pairing of bots cycle through every ordered pairing of decks (both
/// ways round), each twice: each bot first once.
struct Schedule {
    bots: Vec<String>,
    decks: Vec<Deck>,
    /// Every pair of bots, `(a, b)` with `a < b`.
    pairs: Vec<(usize, usize)>,
    per_pair: u64,
}

/// Game `i` of the run: which bot sits where, with which deck.
struct Seating {
    /// Bot index in seats 1 and 2; seat 1 goes first.
    bots: [usize; 2],
    decks: [usize; 2],
}

impl Schedule {
    fn games(&self) -> u64 {
        self.pairs.len() as u64 * self.per_pair
    }

    fn seating(&self, i: u64) -> Seating {
        let (a, b) = self.pairs[(i / self.per_pair) as usize];
        let g = i % self.per_pair;
        let n = self.decks.len() as u64;
        // Every ordered pairing of decks (so each bot plays each side of it), each
        // twice: bot `a` first, then bot `b` first.
        let pairing = (g / 2) % (n * n);
        let (da, db) = ((pairing / n) as usize, (pairing % n) as usize);
        if g & 1 == 0 {
            Seating {
                bots: [a, b],
                decks: [da, db],
            }
        } else {
            Seating {
                bots: [b, a],
                decks: [db, da],
            }
        }
    }
}

/// Running totals: results by pair of bots and decision times by bot.
struct Tally {
    results: Results,
    times: Vec<DecisionTimes>,
    unfinished: u64,
    games: u64,
}

struct Played {
    seating: Seating,
    /// Seat 1's points: 1, 0.5 (a draw, or unfinished) or 0.
    points: f64,
    finished: bool,
    times: [DecisionTimes; 2],
}

impl Tally {
    fn new(bots: usize) -> Tally {
        Tally {
            results: Results::new(bots),
            times: vec![DecisionTimes::default(); bots],
            unfinished: 0,
            games: 0,
        }
    }

    fn add(&mut self, p: Played) {
        let [s1, s2] = p.seating.bots;
        self.results.add(s1, s2, p.points);
        for (seat, t) in p.times.iter().enumerate() {
            self.times[p.seating.bots[seat]].merge(t);
        }
        self.games += 1;
        self.unfinished += u64::from(!p.finished);
    }

    fn merge(&mut self, other: &Tally) {
        self.results.merge(&other.results);
        merge_times(&mut self.times, &other.times);
        self.games += other.games;
        self.unfinished += other.unfinished;
    }
}

/// Game `i` of the round robin: its seating, dealt from the run's seed and `i`, seat 1
/// first, played out.
fn play_one<R: Seated>(schedule: &Schedule, seed: u64, i: u64, max: usize) -> CliResult<Played> {
    let seating = schedule.seating(i);
    let game_seed = mix(seed ^ mix(i));
    let bots: Vec<String> = seating
        .bots
        .iter()
        .map(|&b| schedule.bots[b].clone())
        .collect();
    let request = TableRequest {
        seats: (bots.iter().zip(seating.decks))
            .map(|(bot, d)| SeatRequest {
                player: bot.clone(),
                bot_seed: None,
                deck: schedule.decks[d].request.clone(),
            })
            .collect(),
        without_undo: true,
        ..TableRequest::default()
    };
    let run = Run {
        request: &request,
        bots: &bots,
        max_decisions: max,
        card_ratings: false,
    };
    let setup = run.setup::<R>(game_seed, Some(0))?;
    let (outcome, _) = run.play::<R>(&setup, game_seed, Some(0))?;
    let points = match outcome.winner {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let mut times = outcome.times.into_iter();
    Ok(Played {
        seating,
        points,
        finished: outcome.ending.is_some(),
        times: [
            times.next().unwrap_or_default(),
            times.next().unwrap_or_default(),
        ],
    })
}

#[derive(Serialize)]
struct BotReport {
    rank: usize,
    bot: String,
    elo: f64,
    elo_ci95: (f64, f64),
    games: u64,
    /// Points over games: a win 1, a draw half.
    score: f64,
    #[serde(flatten)]
    times: TimeReport,
}

#[derive(Serialize)]
struct PairReport {
    bot: String,
    against: String,
    wins: u64,
    draws: u64,
    losses: u64,
    score: f64,
}

#[derive(Serialize)]
struct Report {
    bots: Vec<String>,
    decks: Vec<String>,
    games_per_pairing: u64,
    games: u64,
    games_requested: u64,
    interrupted: bool,
    /// Games stopped at --max-decisions, scored as draws.
    unfinished: u64,
    seed: u64,
    ratings: Vec<BotReport>,
    /// Every ordered pair of bots: the first's record against the second.
    pairs: Vec<PairReport>,
    threads: usize,
    elapsed_seconds: f64,
}

fn split_list(s: &str) -> Vec<String> {
    s.split(',')
        .map(|x| x.trim().to_ascii_lowercase())
        .filter(|x| !x.is_empty())
        .collect()
}

pub fn run(args: &Args) -> CliResult {
    let t = &args.table;
    if t.players != 2 || t.variant != "ffa" || t.format.is_some() || t.team_size.is_some() {
        return Err(CliError::input(
            "--tournament plays two-player games between the decks of --decks: leave out \
             --players, --variant, --team-size and --format",
        ));
    }
    let request = TableRequest::of(2, args.seed);
    epic_rulesets::with_table(args.ruleset.name(), &request, RoundRobin(args))?
}

/// The round robin, at the type of the ruleset it is played under.
struct RoundRobin<'a>(&'a Args);

impl TableVisitor for RoundRobin<'_> {
    type Output = CliResult;

    fn visit<R: Seated>(self) -> CliResult {
        round_robin::<R>(self.0)
    }
}

fn round_robin<R: Seated>(args: &Args) -> CliResult {
    let bots = split_list(&args.bots);
    if bots.len() < 2 {
        return Err(CliError::input(
            "--bots: name at least two bots, e.g. greedy,hard",
        ));
    }
    if bots.len() > 16 {
        return Err(CliError::input("--bots: at most 16 bots"));
    }
    for (k, b) in bots.iter().enumerate() {
        R::player(b, 0, 1).map_err(|e| CliError::input(format!("--bots: {e}")))?;
        if bots[..k].contains(b) {
            return Err(CliError::input(format!("--bots: '{b}' is named twice")));
        }
    }
    let names: Vec<String> = match &args.decks {
        Some(list) => list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect(),
        None => R::usual_decks().into_iter().map(String::from).collect(),
    };
    let ruleset = args.ruleset.name();
    let mut decks = Vec::new();
    for name in names {
        let request = crate::names::deck_request(ruleset, &name, "a --decks deck", None)
            .map_err(|e| CliError::input(format!("--decks: {e}")))?;
        decks.push(Deck { name, request });
    }
    if decks.is_empty() || decks.len() > 16 {
        return Err(CliError::input("--decks: name 1 to 16 decks"));
    }
    let pairs: Vec<(usize, usize)> = (0..bots.len())
        .flat_map(|a| (a + 1..bots.len()).map(move |b| (a, b)))
        .collect();
    let schedule = Schedule {
        bots,
        decks,
        pairs,
        per_pair: args.games,
    };
    let total = schedule.games();
    let threads = super::threads_for(args.threads, total);
    interrupt::catch();
    let start = Instant::now();
    let bar = progress_bar(total, "{bar:40} {pos}/{len} games  {per_sec}  eta {eta}");
    let n_bots = schedule.bots.len();
    let tally = super::parallel_fold(
        total,
        threads,
        &bar,
        || Tally::new(n_bots),
        |i| play_one::<R>(&schedule, args.seed, i, args.max_decisions),
        Tally::add,
        Tally::merge,
    )?;
    let elapsed = start.elapsed().as_secs_f64();
    let results = &tally.results;
    let ratings = results
        .ratings(args.seed)
        .into_iter()
        .enumerate()
        .map(|(rank, r)| BotReport {
            rank: rank + 1,
            bot: schedule.bots[r.player].clone(),
            elo: r.elo,
            elo_ci95: r.ci95,
            games: r.games,
            score: r.score,
            times: TimeReport::new(&tally.times[r.player]),
        })
        .collect();
    let pairs = (0..n_bots)
        .flat_map(|a| (0..n_bots).filter(move |&b| b != a).map(move |b| (a, b)))
        .map(|(a, b)| {
            let r = results.record(a, b);
            PairReport {
                bot: schedule.bots[a].clone(),
                against: schedule.bots[b].clone(),
                wins: r.wins,
                draws: r.draws,
                losses: r.losses,
                score: r.points() / r.games().max(1) as f64,
            }
        })
        .collect();
    let report = Report {
        bots: schedule.bots.clone(),
        decks: schedule.decks.iter().map(|d| d.name.clone()).collect(),
        games_per_pairing: args.games,
        games: tally.games,
        games_requested: total,
        interrupted: tally.games < total,
        unfinished: tally.unfinished,
        seed: args.seed,
        ratings,
        pairs,
        threads,
        elapsed_seconds: elapsed,
    };
    if args.json {
        print_json(&report)?;
    } else {
        print_report(&report);
    }
    if report.interrupted {
        return Err(CliError::interrupted(format!(
            "interrupted: {} of {total} games finished (the results cover those)",
            report.games
        )));
    }
    Ok(())
}

fn print_report(r: &Report) {
    if r.interrupted {
        println!(
            "Interrupted: {} of {} games finished; the results cover those.",
            r.games, r.games_requested
        );
    }
    println!(
        "Round robin of {} bots: {} a pairing of bots, decks {} (each pairing both ways \
         round, each bot first as often as second), seed {}, {}",
        r.bots.len(),
        count(r.games_per_pairing, "game", "games"),
        r.decks.join(", "),
        r.seed,
        count(r.threads as u64, "thread", "threads")
    );
    let w = r
        .bots
        .iter()
        .map(|b| b.chars().count())
        .max()
        .unwrap_or(0)
        .max(7);
    println!();
    println!(
        "  rank  {:<w$} {:>6}  {:<17} {:>6} {:>6}   decision time: mean / p99 / max",
        "bot", "Elo", "95% CI", "score", "games"
    );
    for b in &r.ratings {
        println!(
            "  {:>4}  {:<w$} {:>6.0}  {:<17} {:>5.1}% {:>6}   {}",
            b.rank,
            b.bot,
            b.elo,
            format!("[{:.0} – {:.0}]", b.elo_ci95.0, b.elo_ci95.1),
            b.score * 100.0,
            b.games,
            b.times.text()
        );
    }
    println!();
    println!("  Score of each row against each column:");
    print!("  {:<w$}", "");
    for b in &r.bots {
        print!(" {b:>w$}");
    }
    println!();
    for a in &r.bots {
        print!("  {a:<w$}");
        for b in &r.bots {
            match r.pairs.iter().find(|p| &p.bot == a && &p.against == b) {
                Some(p) => print!(" {:>w$}", format!("{:.1}%", p.score * 100.0)),
                None => print!(" {:>w$}", "–"),
            }
        }
        println!();
    }
    println!();
    println!(
        "  {} games, {} unfinished (scored as draws), {:.1} s",
        r.games, r.unfinished, r.elapsed_seconds
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Over a cycle, each bot of a pair plays each deck of every deck pairing from each
    /// seat exactly once.
    #[test]
    fn the_schedule_mirrors_decks_and_alternates_seats() {
        let deck = |name: &str| Deck {
            name: name.into(),
            request: DeckRequest::Named(name.into()),
        };
        let s = Schedule {
            bots: vec!["x".into(), "y".into()],
            decks: vec![deck("good"), deck("evil")],
            pairs: vec![(0, 1)],
            per_pair: 8,
        };
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..8 {
            let st = s.seating(i);
            // (seat of bot 0, deck of bot 0, deck of bot 1)
            let seat0 = st.bots.iter().position(|&b| b == 0).unwrap();
            let d0 = st.decks[seat0];
            let d1 = st.decks[1 - seat0];
            assert!(seen.insert((seat0, d0, d1)), "game {i} repeats a seating");
        }
        assert_eq!(seen.len(), 8);
    }
}
