//! `epic sim`: many bot-versus-bot games over all cores, in any ruleset of the registry,
//! played at the ruleset's own type ([`epic_rulesets::with_table`]). Game `i` is seeded
//! from the run's seed and `i` alone, and results are running totals that do not depend
//! on which thread played which game, so the numbers are the same whatever the thread
//! count; only the timing fields change between runs. Nothing is kept per game, so
//! memory stays flat however many games are asked for, and Ctrl-C stops the run with a
//! report of the games finished.

use super::card_ratings::{report_lines, CardRating, CardTally};
use super::{merge_times, TimeReport};
use crate::commands::{print_json, progress_bar};
use crate::error::{CliError, CliResult};
use crate::interrupt;
use crate::table::TableArgs;
use epic_bots::ladder::DecisionTimes;
use epic_game::series::Match;
use epic_game::words::count;
use epic_game::{DeckRequest, Ending, Ruleset, Seat, SeatRequest, TableRequest};
use epic_rulesets::{Seated, TableVisitor};
use serde::Serialize;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Number of games, or of matches with --best-of (Ctrl-C stops early and reports
    /// those finished).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Side 1 as BOT:DECK, e.g. greedy:good, or BOT alone to play the seat's usual deck
    /// (2017: good; classic: order). Bots: random, greedy, ismcts, and the levels easy,
    /// medium, hard. Decks: the ruleset's (2017: good, evil, sage, wild, random, a
    /// Sealed deck per game; classic: order, chaos) or a deck-list file (any other value
    /// with a / or a . in it, or naming a file that exists). In a format whose decks are
    /// dealt or drafted, give BOT alone: each bot drafts or builds its own deck.
    #[arg(long, default_value = "greedy")]
    pub p1: String,
    /// Side 2 as BOT:DECK, or BOT alone to play the seat's usual deck (2017: evil;
    /// classic: chaos).
    #[arg(long, default_value = "random")]
    pub p2: String,
    #[command(flatten)]
    pub table: TableArgs,
    /// Every seat after the second, as BOT:DECK, or BOT alone to play the seat's usual
    /// deck (2017: sage, wild, then a Sealed deck each).
    #[arg(long, default_value = "random")]
    pub others: String,
    /// Seed of the whole run.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = super::seed)]
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
    /// is played, each bot taking each side. Default: the ruleset's preconstructed decks
    /// (2017: good,evil,sage,wild; classic: order,chaos).
    #[arg(long)]
    pub decks: Option<String>,
    /// Print a JSON object instead of a report.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub ruleset: super::RulesetArg,
    /// Play matches of N games (odd, 1 to 9) instead of single games, in a ruleset whose
    /// rules have them (classic, T-2.4): the decks stay for the whole match and the
    /// loser of each game takes the first turn of the next; the report adds match wins.
    #[arg(long, value_name = "N", conflicts_with = "tournament")]
    pub best_of: Option<u8>,
    /// With --format sealed: deal each seat N cards (30 to 60), from which its bot
    /// builds a deck of exactly 30 (FMT-01), instead of dealing the 30 played.
    #[arg(long, value_name = "N", conflicts_with = "tournament")]
    pub pool: Option<usize>,
    /// Rate the cards: for each card, the decks that held it and how often they won,
    /// best and worst in the report (every card with --json). Worth it where decks
    /// change from game to game: drafts, Sealed and other dealt formats, random decks.
    #[arg(long, conflicts_with = "tournament")]
    pub card_ratings: bool,
}

/// One side of the run: its bot, and its deck as asked for.
#[derive(Clone, Debug)]
struct Side {
    bot: String,
    deck: DeckRequest,
}

/// A side as `BOT:DECK`, or `BOT` alone, which plays the seat's usual deck; a deck-list
/// file is read and checked here, so that its mistakes are told with `flag`.
fn parse_side(ruleset: &str, spec: &str, flag: &str, format: Option<&str>) -> CliResult<Side> {
    let (bot, deck) = match spec.split_once(':') {
        Some((bot, deck)) => (bot, Some(deck)),
        None => (spec, None),
    };
    let with_flag = |e: CliError| CliError::input(format!("{flag}: {e}"));
    let deck = match deck {
        None => DeckRequest::Default,
        Some(deck) => {
            let whose = format!("the {flag} deck");
            crate::names::deck_request(ruleset, deck, &whose, format).map_err(with_flag)?
        }
    };
    Ok(Side {
        bot: bot.trim().to_ascii_lowercase(),
        deck,
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
pub(crate) struct Outcome {
    /// The side (a seat, or a Hydra team) every winner sits on; `None`: a draw, a win
    /// shared across sides, or unfinished.
    pub winner: Option<usize>,
    /// The side of the seat that took the first turn, when the run chose it.
    first: Option<usize>,
    turns: u32,
    pub ending: Option<Ending>,
    decisions: usize,
    /// Each seat's decision times.
    pub times: Vec<DecisionTimes>,
    /// Each seat's side.
    sides: [u8; MAX_SEATS],
    /// Each seat's deck by card name, kept for the card ratings only (dropped once
    /// tallied).
    decks: Vec<Vec<String>>,
}

/// Running totals of the games finished so far. Games are added as they end and
/// nothing is kept per game, so a run of billions of games takes no more memory than a
/// run of ten; sums do not depend on the order games end in, so the figures are the
/// same whatever the thread count.
#[derive(Clone, Debug, Default, PartialEq)]
struct Tally {
    games: u64,
    /// Games won by each side.
    wins: [u64; MAX_SEATS],
    unfinished: u64,
    /// Games whose first player the run chose, and those the first player's side won.
    first_player_games: u64,
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
    /// With --best-of: matches finished, their winners by seat, the drawn ones.
    matches: u64,
    match_wins: [u64; MAX_SEATS],
    drawn_matches: u64,
}

impl Tally {
    fn add(&mut self, o: &Outcome) {
        self.games += 1;
        self.cards.add(&o.decks, |seat| {
            o.winner == Some(usize::from(o.sides[seat]))
        });
        if let Some(w) = o.winner {
            self.wins[w] += 1;
        }
        if let Some(first) = o.first {
            self.first_player_games += 1;
            self.first_player_wins += u64::from(o.winner == Some(first));
        }
        match o.ending {
            None => self.unfinished += 1,
            Some(Ending::Won) => self.ended_by_health += 1,
            Some(Ending::DeckedOut) => self.ended_by_deck_out += 1,
            Some(Ending::Limits) => self.ended_by_limits += 1,
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

    /// A match's end: its winner by seat, or drawn (`None`).
    fn add_match(&mut self, winner: Option<Seat>) {
        self.matches += 1;
        match winner {
            Some(w) => self.match_wins[usize::from(w)] += 1,
            None => self.drawn_matches += 1,
        }
    }

    fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        for (mine, theirs) in self.wins.iter_mut().zip(&other.wins) {
            *mine += theirs;
        }
        self.unfinished += other.unfinished;
        self.first_player_games += other.first_player_games;
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
        self.matches += other.matches;
        for (mine, theirs) in self.match_wins.iter_mut().zip(&other.match_wins) {
            *mine += theirs;
        }
        self.drawn_matches += other.drawn_matches;
    }

    /// The turns of the `k`-th shortest game (from 0).
    fn nth_turns(&self, k: u64) -> u32 {
        let mut seen = 0;
        for (turns, &count) in self.by_turns.iter().enumerate() {
            seen += count;
            if seen > k {
                return turns as u32;
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

/// What every game of the run shares: the table asked for (its seed and first player
/// set per game), the seats' bots, how many decisions a game may take, and whether
/// decks are kept for the card ratings.
pub(crate) struct Run<'a> {
    pub request: &'a TableRequest,
    pub bots: &'a [String],
    pub max_decisions: usize,
    pub card_ratings: bool,
}

impl Run<'_> {
    /// The setup of a game dealt from `seed`, `first` taking the first turn (`None`:
    /// drawn from the seed).
    pub fn setup<R: Ruleset>(&self, seed: u64, first: Option<Seat>) -> CliResult<R::Setup> {
        Ok(R::setup(&TableRequest {
            seed,
            first_player: first,
            ..self.request.clone()
        })?)
    }

    /// The game of `setup` played out by the run's bots, each seeded from `seed` and its
    /// seat; `first`: the seat the run chose to go first.
    pub fn play<R: Seated>(
        &self,
        setup: &R::Setup,
        seed: u64,
        first: Option<Seat>,
    ) -> CliResult<(Outcome, R)> {
        let mut game = R::start(setup)?;
        let mut bots = Vec::with_capacity(self.bots.len());
        for (k, bot) in self.bots.iter().enumerate() {
            bots.push(
                R::player(bot, mix(seed ^ (k as u64 + 1)), 1)
                    .map_err(|e| CliError::input(e.to_string()))?,
            );
        }
        let mut times = vec![DecisionTimes::default(); self.bots.len()];
        let max = self.max_decisions;
        let decisions =
            epic_bots::players::play_to_end_timed(&mut game, &mut bots, max, &mut times)
                .unwrap_or(max);
        let mut sides = [0; MAX_SEATS];
        for (seat, side) in sides.iter_mut().enumerate().take(game.seats()) {
            *side = game.side(seat as Seat) as u8;
        }
        let winner = game.winners().and_then(|w| {
            let side = game.side(*w.first()?);
            w.iter().all(|&s| game.side(s) == side).then_some(side)
        });
        let decks = if self.card_ratings {
            (0..game.seats())
                .map(|s| game.deck_cards(s as Seat))
                .collect()
        } else {
            Vec::new()
        };
        let outcome = Outcome {
            winner,
            first: first.map(|s| game.side(s)),
            turns: game.turn(),
            ending: game.ending(),
            decisions,
            times,
            sides,
            decks,
        };
        Ok((outcome, game))
    }
}

/// What one unit of the run played: a game, or the games of a match and its winner.
struct Unit {
    games: Vec<Outcome>,
    /// With `--best-of`: the match's winner, `None` for a match drawn or cut short by an
    /// unfinished game.
    series: Option<Option<Seat>>,
}

/// Unit `i` of the run: one game, the first seat going round the table from game to
/// game; or with `best_of` a match, whose decks stay and whose loser of a game (a bot)
/// takes the first turn of the next.
fn play_unit<R: Seated>(run: &Run, seed: u64, best_of: Option<u8>, i: u64) -> CliResult<Unit> {
    let unit_seed = mix(seed ^ mix(i));
    let seats = run.bots.len();
    let Some(best_of) = best_of else {
        let first = Some((i % seats as u64) as Seat);
        let setup = run.setup::<R>(unit_seed, first)?;
        let (outcome, _) = run.play::<R>(&setup, unit_seed, first)?;
        return Ok(Unit {
            games: vec![outcome],
            series: None,
        });
    };
    let mut series = Match::new(seats, best_of, unit_seed)
        .map_err(|e| CliError::input(format!("--best-of: {e}")))?;
    let mut setup = run.setup::<R>(unit_seed, None)?;
    let mut games = Vec::new();
    loop {
        let game_seed = R::seed(&setup);
        let first = (series.games() > 0).then(|| series.chooser()).flatten();
        let (outcome, game) = run.play::<R>(&setup, game_seed, first)?;
        series.record(&game);
        let unfinished = outcome.ending.is_none();
        games.push(outcome);
        if unfinished || series.over() {
            break;
        }
        setup = R::rematch(&setup, series.next_seed(), series.chooser())?;
    }
    Ok(Unit {
        games,
        series: Some(series.winner()),
    })
}

/// The bots of every seat, and the table the run asks for.
fn table_request(args: &Args) -> CliResult<(TableRequest, Vec<String>)> {
    let ruleset = args.ruleset.name();
    let format = args.table.format.as_deref();
    let flags = ["--p1", "--p2"]
        .into_iter()
        .chain(std::iter::repeat("--others"));
    let specs = [&args.p1, &args.p2]
        .into_iter()
        .chain(std::iter::repeat(&args.others));
    let sides = specs
        .zip(flags)
        .take(usize::from(args.table.players))
        .map(|(spec, flag)| parse_side(ruleset, spec, flag, format))
        .collect::<CliResult<Vec<_>>>()?;
    let request = TableRequest {
        format: args.table.format.clone(),
        variant: Some(args.table.variant.clone()),
        team_size: args.table.team_size,
        pool: args.pool,
        without_undo: true,
        seats: sides
            .iter()
            .map(|side| SeatRequest {
                player: side.bot.clone(),
                bot_seed: None,
                deck: side.deck.clone(),
            })
            .collect(),
        ..TableRequest::default()
    };
    let bots = sides.into_iter().map(|s| s.bot).collect();
    Ok((request, bots))
}

pub fn run(args: Args) -> CliResult {
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    if args.max_decisions == 0 {
        return Err(CliError::input("--max-decisions must be at least 1"));
    }
    if args.tournament {
        return super::tournament::run(&args);
    }
    let (request, bots) = table_request(&args)?;
    let sim = Simulation {
        args: &args,
        request: &request,
        bots: &bots,
    };
    epic_rulesets::with_table(args.ruleset.name(), &request, sim)?
}

/// The run, made at the type of the ruleset its table is asked under.
struct Simulation<'a> {
    args: &'a Args,
    request: &'a TableRequest,
    bots: &'a [String],
}

impl TableVisitor for Simulation<'_> {
    type Output = CliResult;

    fn visit<R: Seated>(self) -> CliResult {
        simulate::<R>(self.args, self.request, self.bots)
    }
}

/// Checks what the run asks of ruleset `R` before any game: its format, its matches,
/// its bots, and the first game's setup (each deck against the table), which it gives
/// with its game for the report's seats.
fn check<R: Seated>(args: &Args, run: &Run) -> CliResult<(R::Setup, R)> {
    // ": add --ruleset classic" where other rulesets have what `R` lacks.
    let elsewhere = |rulesets: Vec<&str>| match rulesets.as_slice() {
        [] => String::new(),
        some => {
            let flags: Vec<String> = some.iter().map(|r| format!("--ruleset {r}")).collect();
            format!(": add {}", flags.join(" or "))
        }
    };
    if let Some(format) = args.table.format.as_deref() {
        if !R::has_format(format) {
            return Err(CliError::input(format!(
                "--format {format} is not a format of the {}{}",
                R::TITLE,
                elsewhere(epic_rulesets::rulesets_with_format(format))
            )));
        }
    }
    if let Some(best_of) = args.best_of {
        if R::MATCH_RULE.is_none() {
            return Err(CliError::input(format!(
                "--best-of plays matches, which the rules of the {} do not have{}",
                R::TITLE,
                elsewhere(epic_rulesets::rulesets_with_matches())
            )));
        }
        Match::new(run.bots.len(), best_of, 0)
            .map_err(|e| CliError::input(format!("--best-of: {e}")))?;
    }
    let flags = ["--p1", "--p2"]
        .into_iter()
        .chain(std::iter::repeat("--others"));
    for (bot, flag) in run.bots.iter().zip(flags) {
        R::player(bot, 0, 1).map_err(|e| CliError::input(format!("{flag}: {e}")))?;
    }
    let setup = run.setup::<R>(args.seed, Some(0))?;
    let game = R::start(&setup)?;
    Ok((setup, game))
}

fn simulate<R: Seated>(args: &Args, request: &TableRequest, bots: &[String]) -> CliResult {
    let run = Run {
        request,
        bots,
        max_decisions: args.max_decisions,
        card_ratings: args.card_ratings,
    };
    let (first, game) = check::<R>(args, &run)?;
    let threads = super::threads_for(args.threads, args.games);
    interrupt::catch();
    let start = Instant::now();
    let unit = if args.best_of.is_some() {
        "matches"
    } else {
        "games"
    };
    let bar = progress_bar(
        args.games,
        &format!("{{bar:40}} {{pos}}/{{len}} {unit}  {{per_sec}}  eta {{eta}}"),
    );
    let tally = super::parallel_fold(
        args.games,
        threads,
        &bar,
        Tally::default,
        |i| play_unit::<R>(&run, args.seed, args.best_of, i),
        |tally: &mut Tally, played: Unit| {
            for outcome in &played.games {
                tally.add(outcome);
            }
            if let Some(winner) = played.series {
                tally.add_match(winner);
            }
        },
        Tally::merge,
    )?;
    let elapsed = start.elapsed().as_secs_f64();
    let seats: Vec<SeatInfo> = R::players(&first)
        .into_iter()
        .enumerate()
        .map(|(s, p)| SeatInfo {
            bot: bots[s].clone(),
            deck: p.deck,
            side: game.side(s as Seat),
        })
        .collect();
    let report = report(args, &tally, &seats, R::format_of(&first), threads, elapsed);
    if args.json {
        print_json(&report)?;
    } else {
        print_report(&report, args);
    }
    let finished = report.matches.as_ref().map_or(tally.games, |m| m.matches);
    if report.interrupted {
        return Err(CliError::interrupted(format!(
            "interrupted: {finished} of {} {unit} finished (the results cover those)",
            args.games
        )));
    }
    Ok(())
}

/// Who sits at a seat: its bot, its deck's label, its side.
struct SeatInfo {
    bot: String,
    deck: String,
    side: usize,
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

/// One team's results (Hydra).
#[derive(Serialize)]
struct TeamReport {
    team: u8,
    seats: Vec<u8>,
    wins: u64,
    win_rate: f64,
    win_rate_ci95: (f64, f64),
}

#[derive(Serialize)]
struct MatchReport {
    best_of: u8,
    matches: u64,
    matches_requested: u64,
    /// Matches no one won: drawn three times their length, or cut short by a game that
    /// reached --max-decisions.
    drawn: u64,
    seats: Vec<SeatWins>,
}

#[derive(Serialize)]
struct Report {
    /// The ruleset's name in the registry: "2017", "classic".
    ruleset: String,
    /// Games finished: all those asked for, unless the run was interrupted (with
    /// --best-of, every game of the matches finished).
    games: u64,
    /// --games: games, or with --best-of matches (`matches.matches_requested`).
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
    variant: String,
    /// The format every deck was dealt, drafted or checked in, if one was named.
    format: Option<String>,
    /// Every seat, the first two included.
    seats: Vec<SeatReport>,
    /// Hydra's teams, each with the seats on it; empty without teams.
    teams: Vec<TeamReport>,
    /// Of the games whose first player the run chose (each game but a match's first),
    /// those the first player (or their team) won.
    first_player_games: u64,
    first_player_wins: u64,
    first_player_win_rate: f64,
    first_player_win_rate_ci95: (f64, f64),
    average_turns: f64,
    median_turns: f64,
    average_decisions: f64,
    /// Games won as players set out to win: health (Mojo in the classic game, points in
    /// the multiverse game), a card's own win, a concession. The name is kept for the
    /// programs that read it.
    ended_by_health: u64,
    /// Games decided by a deck running out.
    ended_by_deck_out: u64,
    /// Games drawn by the engine's limits: effects without end (docs/rulings.md R-11).
    ended_by_limits: u64,
    threads: usize,
    elapsed_seconds: f64,
    games_per_second: f64,
    /// With --card-ratings: every card played, best deck win rate first.
    #[serde(skip_serializing_if = "Option::is_none")]
    card_ratings: Option<Vec<CardRating>>,
    /// With --best-of: the matches and who won them.
    #[serde(skip_serializing_if = "Option::is_none")]
    matches: Option<MatchReport>,
}

fn report(
    args: &Args,
    tally: &Tally,
    seats: &[SeatInfo],
    format: Option<String>,
    threads: usize,
    elapsed: f64,
) -> Report {
    let n = tally.games;
    let draws = n - tally.wins.iter().sum::<u64>() - tally.unfinished;
    let label = |s: &SeatInfo| format!("{}:{}", s.bot, s.deck);
    let side_wins = |s: usize| tally.wins[seats[s].side];
    let rate = |k: u64, of: u64| k as f64 / of.max(1) as f64;
    let seat_reports = seats
        .iter()
        .enumerate()
        .map(|(s, seat)| SeatReport {
            result: SeatWins::new(s, label(seat), side_wins(s), n),
            times: TimeReport::new(&tally.times.get(s).cloned().unwrap_or_default()),
        })
        .collect();
    // Without teams, no team report: every seat is its own side.
    let sides = seats.iter().map(|s| s.side).max().map_or(0, |m| m + 1);
    let teams = if sides < seats.len() {
        (0..sides)
            .map(|t| TeamReport {
                team: t as u8 + 1,
                seats: (seats.iter().enumerate())
                    .filter(|(_, s)| s.side == t)
                    .map(|(i, _)| i as u8 + 1)
                    .collect(),
                wins: tally.wins[t],
                win_rate: rate(tally.wins[t], n),
                win_rate_ci95: wilson(tally.wins[t], n),
            })
            .collect()
    } else {
        Vec::new()
    };
    let matches = args.best_of.map(|best_of| MatchReport {
        best_of,
        matches: tally.matches,
        matches_requested: args.games,
        drawn: tally.drawn_matches,
        seats: (seats.iter().enumerate())
            .map(|(s, seat)| SeatWins::new(s, label(seat), tally.match_wins[s], tally.matches))
            .collect(),
    });
    let finished = matches.as_ref().map_or(n, |m| m.matches);
    let average = |sum: u128| sum as f64 / n.max(1) as f64;
    let (p1_wins, p2_wins) = (side_wins(0), side_wins(1));
    let first = tally.first_player_games;
    Report {
        ruleset: args.ruleset.name().to_string(),
        games: n,
        games_requested: args.games,
        interrupted: finished < args.games,
        seed: args.seed,
        p1: label(&seats[0]),
        p2: label(&seats[1]),
        p1_wins,
        p2_wins,
        draws,
        unfinished: tally.unfinished,
        p1_win_rate: rate(p1_wins, n),
        p1_win_rate_ci95: wilson(p1_wins, n),
        p2_win_rate: rate(p2_wins, n),
        p2_win_rate_ci95: wilson(p2_wins, n),
        players: seats.len() as u8,
        variant: args.table.variant.clone(),
        format,
        seats: seat_reports,
        teams,
        first_player_games: first,
        first_player_wins: tally.first_player_wins,
        first_player_win_rate: rate(tally.first_player_wins, first),
        first_player_win_rate_ci95: wilson(tally.first_player_wins, first),
        average_turns: average(tally.turns),
        median_turns: tally.median_turns(),
        average_decisions: average(tally.decisions),
        ended_by_health: tally.ended_by_health,
        ended_by_deck_out: tally.ended_by_deck_out,
        ended_by_limits: tally.ended_by_limits,
        threads,
        elapsed_seconds: elapsed,
        games_per_second: n as f64 / elapsed.max(1e-9),
        card_ratings: args.card_ratings.then(|| tally.cards.ratings()),
        matches,
    }
}

/// The cards the text report rates best and worst, each.
const RATED_SHOWN: usize = 10;

/// The table in a few words: "4 players, hydra, pack-draft".
fn describe(args: &Args) -> String {
    let mut parts = vec![count(args.table.players, "player", "players")];
    if args.table.variant != "ffa" {
        parts.push(match args.table.team_size {
            Some(k) => format!("{}, teams of {k}", args.table.variant),
            None => args.table.variant.clone(),
        });
    }
    if let Some(f) = &args.table.format {
        parts.push(f.clone());
    }
    if let Some(n) = args.pool {
        parts.push(format!("pools of {n}"));
    }
    parts.join(", ")
}

fn print_report(report: &Report, args: &Args) {
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    let ci = |c: (f64, f64)| format!("[{} – {}]", pct(c.0), pct(c.1));
    let n = report.games;
    if report.interrupted {
        println!(
            "Interrupted: {} finished of {} asked for; the results cover those.",
            count(n, "game", "games"),
            report.games_requested
        );
    }
    let title = epic_rulesets::ruleset(&report.ruleset).map_or(String::new(), |r| r.title.into());
    println!(
        "{} of the {title}: {}, seed {}, {}",
        count(n, "game", "games"),
        describe(args),
        report.seed,
        count(report.threads as u64, "thread", "threads")
    );
    let seat_line = |seat: &SeatWins, verb: &str| {
        let (bot, deck) = seat.side.split_once(':').unwrap_or((&seat.side, ""));
        println!(
            "  p{} {:<24} {verb} {:>6}  {:>6}  95% CI {}",
            seat.seat,
            format!("{bot} ({deck})"),
            seat.wins,
            pct(seat.win_rate),
            ci(seat.win_rate_ci95)
        );
    };
    for seat in &report.seats {
        seat_line(&seat.result, "wins");
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
        report.first_player_games,
        pct(report.first_player_win_rate),
        ci(report.first_player_win_rate_ci95)
    );
    println!(
        "  turns: average {:.1}, median {}",
        report.average_turns, report.median_turns
    );
    println!(
        "  ended: won in play {}, by a deck running out {}, drawn by the engine's limits {}",
        report.ended_by_health, report.ended_by_deck_out, report.ended_by_limits
    );
    println!(
        "  {:.1} games/s ({:.2} s)",
        report.games_per_second, report.elapsed_seconds
    );
    if let Some(m) = &report.matches {
        println!(
            "{}, best of {} (the loser of a game takes the next first turn):",
            count(m.matches, "match", "matches"),
            m.best_of
        );
        for seat in &m.seats {
            seat_line(seat, "won ");
        }
        println!("  drawn or unfinished {}", m.drawn);
    }
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
            first: Some((i % 2) as usize),
            turns: 5 + (i % 40) as u32,
            ending: [Some(Ending::Won), Some(Ending::DeckedOut), None][(i % 3) as usize],
            decisions: 200 + (i % 17) as usize,
            times: Vec::new(),
            sides: [0, 1, 2, 3, 4, 5, 6, 7],
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
            (0..n).for_each(|i| t.add(&outcome(i)));
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
            one.add(&outcome(i));
            parts[(i * 7 % 3) as usize].add(&outcome(i));
        }
        let mut merged = Tally::default();
        parts.iter().for_each(|p| merged.merge(p));
        assert_eq!(merged, one);
        let mut turns: Vec<u32> = (0..1001).map(|i| outcome(i).turns).collect();
        turns.sort_unstable();
        assert_eq!(one.median_turns(), f64::from(turns[500]));
        one.add(&outcome(1001));
        turns.push(outcome(1001).turns);
        turns.sort_unstable();
        assert_eq!(
            one.median_turns(),
            (f64::from(turns[500]) + f64::from(turns[501])) / 2.0
        );
    }
}
