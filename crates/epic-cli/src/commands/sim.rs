//! `epic sim`: many bot-versus-bot games over all cores. Game `i` is seeded from the
//! run's seed and `i` alone, and results are running totals that do not depend on which
//! thread played which game, so the numbers are the same whatever the thread count;
//! only the timing fields change between runs. Nothing is kept per game, so memory stays
//! flat however many games are asked for, and Ctrl-C stops the run with a report of the
//! games finished.

use super::card_ratings::{report_lines, CardRating, CardTally};
use super::{merge_times, TimeReport};
use crate::commands::{print_json, progress_bar};
use crate::error::{CliError, CliResult};
use crate::interrupt;
use crate::names;
use crate::table::{Table, TableArgs};
use epic_bots::ladder::DecisionTimes;
use epic_cards::CardId;
use epic_engine::formats::draft::{Draft, DraftFormat};
use epic_engine::{EndReason, Game, Setup};
use serde::Serialize;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Number of games, or of matches with --best-of (Ctrl-C stops early and reports
    /// those finished).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Side 1 as BOT:DECK, e.g. greedy:good, or BOT alone to play good. Bots: random,
    /// greedy, ismcts, and the levels easy, medium, hard. Decks: good, evil, sage, wild,
    /// random (a Sealed deck per game) or a deck-list file (any other value with a / or
    /// a . in it, or naming a file that exists). In a drafted format each bot drafts
    /// its own deck, and BOT alone is enough.
    #[arg(long, default_value = "greedy:good")]
    pub p1: String,
    /// Side 2 as BOT:DECK, or BOT alone to play evil.
    #[arg(long, default_value = "random:evil")]
    pub p2: String,
    #[command(flatten)]
    pub table: TableArgs,
    /// Every seat after the second, as BOT:DECK, or BOT alone to play a Sealed deck.
    #[arg(long, default_value = "random:random")]
    pub others: String,
    /// Seed of the whole run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads, 1 to 256 (default: every core, at most 256).
    #[arg(long, value_parser = super::thread_count())]
    pub threads: Option<u16>,
    /// Decisions after which a game is stopped and counted as unfinished.
    #[arg(long, default_value_t = 100_000)]
    pub max_decisions: usize,
    /// Play a round robin of the bots of --bots instead, over the decks of --decks, and
    /// report Elo ratings with 95% intervals, a win matrix and decision times. --games
    /// is then the number of games of each pairing of bots.
    #[arg(long)]
    pub tournament: bool,
    /// With --tournament: the bots, separated by commas.
    #[arg(long, default_value = "random,greedy,easy,medium,hard")]
    pub bots: String,
    /// With --tournament: the decks, separated by commas; every ordered pairing of them
    /// is played, each bot taking each side.
    #[arg(long, default_value = "good,evil,sage,wild")]
    pub decks: String,
    /// Print a JSON object instead of a report.
    #[arg(long)]
    pub json: bool,
    /// The rules: 2017 (the Complete Rules) or classic (the 2009 game; decks order and
    /// chaos or a classic deck-list file; bots random, greedy and the searches).
    #[arg(long, value_enum, default_value_t = super::classic::Ruleset::Epic2017)]
    pub ruleset: super::classic::Ruleset,
    /// Classic: play matches of N games (odd, 1 to 9) instead of single games: the
    /// decks stay for the whole match and the loser of each game takes the first turn
    /// of the next (T-2.4); the report adds match wins.
    #[arg(long, value_name = "N", conflicts_with = "tournament")]
    pub best_of: Option<u8>,
    /// With --format sealed: deal each seat N cards (30 to 60), from which its bot
    /// builds a deck of exactly 30 (FMT-01), instead of dealing the 30 played.
    #[arg(long, value_name = "N", conflicts_with = "tournament")]
    pub pool: Option<usize>,
    /// Rate the cards: for each card, the decks that held it and how often they won,
    /// best and worst in the report (every card with --json). Worth it where decks
    /// change from game to game: drafts, Sealed, random decks.
    #[arg(long, conflicts_with = "tournament")]
    pub card_ratings: bool,
}

struct Side {
    label: String,
    bot: String,
    deck_spec: String,
    /// Fixed deck, or `None` for a Sealed deck drawn per game.
    deck: Option<Vec<CardId>>,
}

/// A side as `BOT:DECK`, or `BOT` alone, which plays `default_deck` (the deck the
/// flag's own default names), as the classic game's sides are read.
fn parse_side(s: &str, flag: &str, default_deck: &str) -> CliResult<Side> {
    let (bot, deck) = s.split_once(':').unwrap_or((s, default_deck));
    epic_bots::bot_by_name(bot, 0).map_err(|e| CliError::input(format!("{flag}: {e}")))?;
    let pool = names::pool();
    let with_flag = |e: CliError| CliError::input(format!("{flag}: {e}"));
    let fixed = match names::deck_source(deck).map_err(with_flag)? {
        names::DeckSource::BuiltIn("random") => None,
        _ => Some(names::resolve_deck(&pool, deck, 0).map_err(with_flag)?),
    };
    Ok(Side {
        label: format!("{bot}:{deck}"),
        bot: bot.trim().to_ascii_lowercase(),
        deck_spec: deck.to_string(),
        deck: fixed,
    })
}

/// SplitMix64 of one value ([`epic_game::mix`]): turns (run seed, game index) into
/// well-spread per-game seeds.
pub(crate) fn mix(z: u64) -> u64 {
    epic_game::mix(&[z])
}

/// The most seats a game may have.
const MAX_SEATS: usize = 8;

/// How one game went.
#[derive(Clone, Debug)]
struct Outcome {
    /// The seat that won alone (0 for side 1), or the first seat of the team that won
    /// (Hydra); None: a draw, a shared win, or unfinished.
    winner: Option<u8>,
    first: u8,
    turns: u16,
    reason: Option<EndReason>,
    decisions: usize,
    /// Each seat's decision times.
    times: Vec<DecisionTimes>,
    /// Each seat's deck, kept for the card ratings only (dropped once tallied).
    decks: Vec<Vec<CardId>>,
}

impl Outcome {
    /// Whether seat `seat` won, alone or with its team.
    fn won(&self, seat: usize, team_size: u8) -> bool {
        let team = |s: usize| s / usize::from(team_size.max(1));
        self.winner
            .is_some_and(|w| team(usize::from(w)) == team(seat))
    }
}

/// Running totals of the games finished so far. Games are added as they end and
/// nothing is kept per game, so a run of billions of games takes no more memory than a
/// run of ten; sums do not depend on the order games end in, so the figures are the
/// same whatever the thread count.
#[derive(Clone, Debug, Default, PartialEq)]
struct Tally {
    games: u64,
    /// Games won by each seat.
    wins: [u64; MAX_SEATS],
    unfinished: u64,
    first_player_wins: u64,
    ended_by_health: u64,
    ended_by_deck_out: u64,
    ended_by_limits: u64,
    turns: u128,
    decisions: u128,
    /// Games by the turns they lasted (index: turns), for the median: at most one entry
    /// per possible turn count, however many games.
    by_turns: Vec<u64>,
    /// Each seat's decision times (a histogram each, bounded whatever the games).
    times: Vec<DecisionTimes>,
    /// With --card-ratings: each card's decks and wins (a record per card at most).
    cards: CardTally,
}

impl Tally {
    fn add(&mut self, o: &Outcome, team_size: u8) {
        self.games += 1;
        self.cards.add(&o.decks, |seat| o.won(seat, team_size));
        if let Some(w) = o.winner {
            self.wins[w as usize] += 1;
            if w == o.first {
                self.first_player_wins += 1;
            }
        }
        match o.reason {
            None => self.unfinished += 1,
            // A card's own win (Chamberlain Kark) is counted with health: it is one; so is
            // an elimination by concession, which bots never make.
            Some(
                EndReason::Health
                | EndReason::FirstBlood
                | EndReason::CardEffect
                | EndReason::Conceded,
            ) => self.ended_by_health += 1,
            Some(EndReason::DrewFromEmptyDeck) => self.ended_by_deck_out += 1,
            Some(EndReason::Loop | EndReason::ObjectLimit) => self.ended_by_limits += 1,
        }
        self.turns += u128::from(o.turns);
        self.decisions += o.decisions as u128;
        let t = o.turns as usize;
        if self.by_turns.len() <= t {
            self.by_turns.resize(t + 1, 0);
        }
        self.by_turns[t] += 1;
        merge_times(&mut self.times, &o.times);
    }

    fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        for (mine, theirs) in self.wins.iter_mut().zip(&other.wins) {
            *mine += theirs;
        }
        self.unfinished += other.unfinished;
        self.first_player_wins += other.first_player_wins;
        self.ended_by_health += other.ended_by_health;
        self.ended_by_deck_out += other.ended_by_deck_out;
        self.ended_by_limits += other.ended_by_limits;
        self.turns += other.turns;
        self.decisions += other.decisions;
        if self.by_turns.len() < other.by_turns.len() {
            self.by_turns.resize(other.by_turns.len(), 0);
        }
        for (mine, theirs) in self.by_turns.iter_mut().zip(&other.by_turns) {
            *mine += theirs;
        }
        merge_times(&mut self.times, &other.times);
        self.cards.merge(&other.cards);
    }

    /// The turns of the `k`-th shortest game (from 0).
    fn nth_turns(&self, k: u64) -> u16 {
        let mut seen = 0;
        for (turns, &count) in self.by_turns.iter().enumerate() {
            seen += count;
            if seen > k {
                return turns as u16;
            }
        }
        0
    }

    fn median_turns(&self) -> f64 {
        let n = self.games;
        if n == 0 {
            0.0
        } else if n % 2 == 1 {
            f64::from(self.nth_turns(n / 2))
        } else {
            (f64::from(self.nth_turns(n / 2 - 1)) + f64::from(self.nth_turns(n / 2))) / 2.0
        }
    }
}

/// What a game of the run needs beside its seats: the table, and how decks are made.
struct Run<'a> {
    table: &'a Table,
    sides: &'a [Side],
    seed: u64,
    max_decisions: usize,
    /// Sealed from a larger pool: the cards dealt to each seat (`--pool`).
    sealed_pool: Option<usize>,
    /// Whether outcomes keep their decks, for the card ratings.
    card_ratings: bool,
}

fn play_one(run: &Run, i: u64) -> CliResult<Outcome> {
    let Run { table, sides, .. } = *run;
    let pool = names::pool();
    let game_seed = mix(run.seed ^ mix(i));
    let mut decks = Vec::new();
    // Drafted decks, or a Sealed pool each that the seats' bots build from.
    let drafted = table.draft.or(run.sealed_pool.map(|_| DraftFormat::Sealed));
    if let Some(format) = drafted {
        let cards = epic_engine::formats::draft::collection(format, &pool, sides.len());
        let mut draft = Draft::start(
            pool.clone(),
            format,
            sides.len(),
            &cards,
            game_seed,
            run.sealed_pool,
        )
        .map_err(|e| CliError::input(e.to_string()))?;
        let mut drafters = Vec::new();
        for (k, side) in sides.iter().enumerate() {
            drafters.push(
                epic_bots::drafter::drafter_by_name(&side.bot, mix(game_seed ^ (k as u64 + 9)))
                    .map_err(|e| CliError::input(e.to_string()))?,
            );
        }
        decks = epic_bots::drafter::draft_out(&mut draft, &mut drafters);
    }
    // Sealed deals every seat's deck from one collection (FMT-01); elsewhere `random`
    // deals each seat a Sealed deck of its own.
    let sealed = table
        .sealed()
        .then(|| epic_engine::formats::sealed_decks(&pool, sides.len(), mix(game_seed)));
    for (k, side) in sides.iter().enumerate().skip(decks.len()) {
        decks.push(match (&side.deck, &sealed) {
            (Some(d), _) => d.clone(),
            (None, Some(dealt)) => dealt[k].clone(),
            (None, None) => {
                epic_cards::deck_from(&pool, "random", mix(game_seed.wrapping_add(k as u64)))
                    .map_err(|e| CliError::input(e.to_string()))?
            }
        });
    }
    // The first seat goes round the table from game to game.
    let first = (i % sides.len() as u64) as u8;
    let kept = if run.card_ratings {
        decks.clone()
    } else {
        Vec::new()
    };
    let mut game = Game::new(Setup {
        rules: table.rules.clone(),
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
    let mut times = vec![DecisionTimes::default(); sides.len()];
    let max = run.max_decisions;
    let decisions = epic_bots::play_out_timed(&mut game, &mut bots, max, &mut times).unwrap_or(max);
    let result = game.result();
    Ok(Outcome {
        winner: result.as_ref().and_then(|r| {
            let first = *r.winners.first()?;
            let team = |p: u8| p / table.rules.team_size.max(1);
            r.winners
                .iter()
                .all(|&w| team(w) == team(first))
                .then_some(first)
        }),
        // A team goes first as one, from its first seat.
        first: first / table.rules.team_size.max(1) * table.rules.team_size.max(1),
        turns: result.as_ref().map_or(game.state().turn, |r| r.turns),
        reason: result.map(|r| r.reason),
        decisions,
        times,
        decks: kept,
    })
}

/// Wilson score interval for `k` successes in `n` trials at 95%.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
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

/// One team's results (Hydra).
#[derive(Serialize)]
struct TeamReport {
    team: u8,
    seats: Vec<u8>,
    wins: u64,
    win_rate: f64,
    win_rate_ci95: (f64, f64),
}

/// A seat's wins out of some games (or matches), with the rate and its 95% interval:
/// one shape in every report of `epic sim`, whatever the ruleset.
#[derive(Serialize)]
pub(crate) struct SeatWins {
    /// Numbered from 1, as the game names its players.
    pub seat: u8,
    pub side: String,
    pub wins: u64,
    pub win_rate: f64,
    pub win_rate_ci95: (f64, f64),
}

impl SeatWins {
    /// Seat `index` (from 0), playing `side`, won `wins` of `of`.
    pub(crate) fn new(index: usize, side: String, wins: u64, of: u64) -> SeatWins {
        SeatWins {
            seat: index as u8 + 1,
            side,
            wins,
            win_rate: wins as f64 / of.max(1) as f64,
            win_rate_ci95: wilson(wins, of),
        }
    }
}

/// One seat's results.
#[derive(Serialize)]
struct SeatReport {
    #[serde(flatten)]
    result: SeatWins,
    #[serde(flatten)]
    times: TimeReport,
}

#[derive(Serialize)]
struct Report {
    /// "2017"; the classic report (`classic::sim`) has the same fields where the two
    /// games agree.
    ruleset: &'static str,
    /// Games finished: all those asked for, unless the run was interrupted.
    games: u64,
    games_requested: u64,
    /// Stopped by Ctrl-C before every game was played.
    interrupted: bool,
    seed: u64,
    p1: String,
    p2: String,
    p1_wins: u64,
    p2_wins: u64,
    draws: u64,
    unfinished: u64,
    p1_win_rate: f64,
    p1_win_rate_ci95: (f64, f64),
    p2_win_rate: f64,
    p2_win_rate_ci95: (f64, f64),
    players: u8,
    /// How the seats played against each other: `ffa`, `hunter-first-blood`, ...
    variant: &'static str,
    /// The format whose deck rules every deck was checked against, if one was named.
    format: Option<&'static str>,
    /// Every seat, the first two included.
    seats: Vec<SeatReport>,
    /// Hydra's teams, each with the seats on it; empty without teams.
    teams: Vec<TeamReport>,
    first_player_wins: u64,
    first_player_win_rate: f64,
    first_player_win_rate_ci95: (f64, f64),
    average_turns: f64,
    median_turns: f64,
    average_decisions: f64,
    ended_by_health: u64,
    ended_by_deck_out: u64,
    /// Games drawn by the engine's limits: effects without end (docs/rulings.md R-11).
    ended_by_limits: u64,
    threads: usize,
    elapsed_seconds: f64,
    games_per_second: f64,
    /// With --card-ratings: every card played, best deck win rate first.
    #[serde(skip_serializing_if = "Option::is_none")]
    card_ratings: Option<Vec<CardRating>>,
}

/// The cards the text report rates best and worst, each.
const RATED_SHOWN: usize = 10;

/// Plays games `0..games` on `threads` threads. Stops early, with what has finished,
/// on Ctrl-C.
fn play_all(args: &Args, table: &Table, sides: &[Side], threads: usize) -> CliResult<Tally> {
    let bar = progress_bar(
        args.games,
        "{bar:40} {pos}/{len} games  {per_sec}  eta {eta}",
    );
    let run = Run {
        table,
        sides,
        seed: args.seed,
        max_decisions: args.max_decisions,
        sealed_pool: args.pool,
        card_ratings: args.card_ratings,
    };
    let team_size = table.rules.team_size;
    super::parallel_fold(
        args.games,
        threads,
        &bar,
        Tally::default,
        |i| play_one(&run, i),
        |tally: &mut Tally, o| tally.add(&o, team_size),
        Tally::merge,
    )
}

pub fn run(args: Args) -> CliResult {
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    if args.max_decisions == 0 {
        return Err(CliError::input("--max-decisions must be at least 1"));
    }
    if args.ruleset == super::classic::Ruleset::Classic {
        if args.pool.is_some() || args.card_ratings {
            return Err(CliError::input(
                "--pool and --card-ratings are for the 2017 game's Sealed and drafts",
            ));
        }
        return super::classic::sim(&args);
    }
    if args.best_of.is_some() {
        return Err(CliError::input(
            "--best-of plays classic matches (T-2.4): add --ruleset classic",
        ));
    }
    if args.tournament {
        return super::tournament::run(&args);
    }
    let table = args.table.table()?;
    let mut sides = vec![
        parse_side(&args.p1, "--p1", "good")?,
        parse_side(&args.p2, "--p2", "evil")?,
    ];
    for _ in 2..table.players {
        sides.push(parse_side(&args.others, "--others", "random")?);
    }
    let flags = ["--p1", "--p2"]
        .into_iter()
        .chain(std::iter::repeat("--others"));
    if let Some(n) = args.pool {
        if table.format.as_ref().map(|f| f.name) != Some("sealed") {
            return Err(CliError::input(
                "--pool deals a Sealed pool to build from: add --format sealed",
            ));
        }
        if !(30..=60).contains(&n) {
            return Err(CliError::input(format!(
                "--pool {n}: a Sealed pool is 30 to 60 cards"
            )));
        }
    }
    let made = match (table.draft, args.pool) {
        (Some(_), _) => Some("drafted".to_string()),
        (None, Some(n)) => Some(format!("sealed-{n}")),
        (None, None) => None,
    };
    if let Some(made) = made {
        // Every deck is drafted (or built from its pool) by the seat's bot; the decks
        // named are not played.
        for side in &mut sides {
            side.label = format!("{}:{made}", side.bot);
            side.deck_spec = made.clone();
            side.deck = None;
        }
    }
    for (side, flag) in sides.iter().zip(flags) {
        if let Some(deck) = &side.deck {
            table.check_deck(deck, &side.deck_spec, &format!("the {flag} deck"))?;
        }
    }
    let threads = super::threads_for(args.threads, args.games);
    interrupt::catch();
    let start = Instant::now();
    let tally = play_all(&args, &table, &sides, threads)?;
    let elapsed = start.elapsed().as_secs_f64();
    let n = tally.games;
    let interrupted = n < args.games;
    let draws = n - tally.wins.iter().sum::<u64>() - tally.unfinished;
    let k = usize::from(table.rules.team_size.max(1));
    let [p1_wins, p2_wins] = [tally.wins[0], tally.wins[1 / k * k]];
    let rate = |k: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
    // A team's players win together: each seat shows its team's wins.
    let k = usize::from(table.rules.team_size.max(1));
    let seats = sides
        .iter()
        .enumerate()
        .map(|(s, side)| {
            let wins = tally.wins[s / k * k];
            let t = tally.times.get(s).cloned().unwrap_or_default();
            SeatReport {
                result: SeatWins::new(s, side.label.clone(), wins, n),
                times: TimeReport::new(&t),
            }
        })
        .collect();
    // Without teams, no team report: every seat is its own side.
    let team_count = if k > 1 { sides.len() / k } else { 0 };
    let teams = (0..team_count)
        .map(|t| {
            let wins = tally.wins[t * k];
            TeamReport {
                team: t as u8 + 1,
                seats: (t * k..(t + 1) * k).map(|s| s as u8 + 1).collect(),
                wins,
                win_rate: rate(wins),
                win_rate_ci95: wilson(wins, n),
            }
        })
        .collect();
    let average = |sum: u128| sum as f64 / n.max(1) as f64;
    let report = Report {
        ruleset: "2017",
        games: n,
        games_requested: args.games,
        interrupted,
        seed: args.seed,
        p1: sides[0].label.clone(),
        p2: sides[1].label.clone(),
        p1_wins,
        p2_wins,
        draws,
        unfinished: tally.unfinished,
        p1_win_rate: rate(p1_wins),
        p1_win_rate_ci95: wilson(p1_wins, n),
        p2_win_rate: rate(p2_wins),
        p2_win_rate_ci95: wilson(p2_wins, n),
        players: table.players,
        variant: table.variant.name(),
        format: table.format.as_ref().map(|f| f.name),
        seats,
        teams,
        first_player_wins: tally.first_player_wins,
        first_player_win_rate: rate(tally.first_player_wins),
        first_player_win_rate_ci95: wilson(tally.first_player_wins, n),
        average_turns: average(tally.turns),
        median_turns: tally.median_turns(),
        average_decisions: average(tally.decisions),
        ended_by_health: tally.ended_by_health,
        ended_by_deck_out: tally.ended_by_deck_out,
        ended_by_limits: tally.ended_by_limits,
        threads,
        elapsed_seconds: elapsed,
        games_per_second: n as f64 / elapsed.max(1e-9),
        card_ratings: args
            .card_ratings
            .then(|| tally.cards.ratings(&names::pool())),
    };
    if args.json {
        print_json(&report)?;
    } else {
        print_report(&report, &table, &sides);
    }
    if interrupted {
        return Err(CliError::interrupted(format!(
            "interrupted: {n} of {} games finished (the results cover those)",
            args.games
        )));
    }
    Ok(())
}

fn print_report(report: &Report, table: &Table, sides: &[Side]) {
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    let ci = |c: (f64, f64)| format!("[{} – {}]", pct(c.0), pct(c.1));
    let n = report.games;
    if report.interrupted {
        println!(
            "Interrupted: {n} of {} games finished; the results cover those.",
            report.games_requested
        );
    }
    println!(
        "{} games ({}), seed {}, {} thread(s)",
        n,
        table.describe(),
        report.seed,
        report.threads
    );
    for (seat, side) in report.seats.iter().zip(sides) {
        let seat = &seat.result;
        println!(
            "  p{} {:<24} wins {:>6}  {:>6}  95% CI {}",
            seat.seat,
            format!("{} ({})", side.bot, side.deck_spec),
            seat.wins,
            pct(seat.win_rate),
            ci(seat.win_rate_ci95)
        );
    }
    for t in &report.teams {
        let seats: Vec<String> = t.seats.iter().map(|s| format!("p{s}")).collect();
        println!(
            "  team {:<20} wins {:>6}  {:>6}  95% CI {}",
            format!("{} ({})", t.team, seats.join(", ")),
            t.wins,
            pct(t.win_rate),
            ci(t.win_rate_ci95)
        );
    }
    println!("  draws {}, unfinished {}", report.draws, report.unfinished);
    let times: Vec<String> = report
        .seats
        .iter()
        .map(|s| format!("p{} {}", s.result.seat, s.times.text()))
        .collect();
    println!("  decision time (mean / p99 / max): {}", times.join(", "));
    println!(
        "  first player won {} of {} ({}, 95% CI {})",
        report.first_player_wins,
        n,
        pct(report.first_player_win_rate),
        ci(report.first_player_win_rate_ci95)
    );
    println!(
        "  turns: average {:.1}, median {}",
        report.average_turns, report.median_turns
    );
    println!(
        "  ended by health {}, by a draw from an empty deck {}, drawn by the engine's limits {}",
        report.ended_by_health, report.ended_by_deck_out, report.ended_by_limits
    );
    println!(
        "  {:.1} games/s ({:.2} s)",
        report.games_per_second, report.elapsed_seconds
    );
    if let Some(ratings) = &report.card_ratings {
        // A card in fewer decks than one in twenty games' worth says little.
        let min_decks = (n / 20).max(1);
        for line in report_lines(ratings, RATED_SHOWN, min_decks) {
            println!("{line}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(i: u64) -> Outcome {
        Outcome {
            winner: [Some(0), Some(1), None][(i % 3) as usize],
            first: (i % 2) as u8,
            turns: 5 + (i % 40) as u16,
            reason: [
                Some(EndReason::Health),
                Some(EndReason::DrewFromEmptyDeck),
                None,
            ][(i % 3) as usize],
            decisions: 200 + (i % 17) as usize,
            times: Vec::new(),
            decks: Vec::new(),
        }
    }

    /// Heap and inline bytes of a tally.
    fn footprint(t: &Tally) -> usize {
        std::mem::size_of::<Tally>() + t.by_turns.capacity() * std::mem::size_of::<u64>()
    }

    /// A million games take no more room than a hundred: nothing is kept per game.
    #[test]
    fn a_tally_does_not_grow_with_the_games() {
        let tally = |n: u64| {
            let mut t = Tally::default();
            (0..n).for_each(|i| t.add(&outcome(i), 1));
            t
        };
        let (small, large) = (tally(100), tally(1_000_000));
        assert_eq!(large.games, 1_000_000);
        assert_eq!(footprint(&small), footprint(&large));
    }

    /// Tallies kept by several threads add up to the tally of one thread, and the median
    /// is the one a sorted list gives.
    #[test]
    fn tallies_merge_into_the_same_figures() {
        let mut one = Tally::default();
        let mut parts = [Tally::default(), Tally::default(), Tally::default()];
        for i in 0..1001 {
            one.add(&outcome(i), 1);
            parts[(i * 7 % 3) as usize].add(&outcome(i), 1);
        }
        let mut merged = Tally::default();
        parts.iter().for_each(|p| merged.merge(p));
        assert_eq!(merged, one);
        let mut turns: Vec<u16> = (0..1001).map(|i| outcome(i).turns).collect();
        turns.sort_unstable();
        assert_eq!(one.median_turns(), f64::from(turns[500]));
        one.add(&outcome(1001), 1);
        turns.push(outcome(1001).turns);
        turns.sort_unstable();
        assert_eq!(
            one.median_turns(),
            (f64::from(turns[500]) + f64::from(turns[501])) / 2.0
        );
    }
}
