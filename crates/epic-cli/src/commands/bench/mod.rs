//! `epic bench`: a fixed, seeded workload that measures the engine the way search and
//! simulation use it — random-versus-random games on the four preconstructed decks, on
//! one thread and on every core, plus the cost of cloning a mid-game state, its size,
//! and the heap allocations made while applying decisions; then the same at other
//! tables (a 4-player free-for-all, 2v2 Hydra, and two players whose decks hold every
//! set's cards), and every registered ruleset's usual table made through the ruleset
//! interface, whose cost per decision is compared with the two-player games'. The games
//! are played in several identical rounds and the median round is reported, with the
//! slowest and fastest beside it: one round disturbed by another program does not move
//! the figure.

mod counted;
mod searched;

use crate::alloc_count;
use crate::commands::{print_json, progress_bar};
use crate::error::{CliError, CliResult};
use epic_cards::Preconstructed;
use epic_engine::state::GameState;
use epic_engine::{Game, RulesConfig, Setup, Variant};
use epic_game::Ruleset;
use epic_rulesets::{visit_rulesets, RulesetVisitor};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use std::hint::black_box;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Games in one round, played on one thread (and again, split, across all cores).
    #[arg(long, default_value_t = 4_000)]
    pub games: u64,
    /// Rounds of the same games, 1 to 1000; the report gives the median round, and the
    /// slowest and fastest.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(..=MAX_ROUNDS))]
    pub rounds: u32,
    /// Seed of the workload: game `i` uses decks and random choices drawn from it and `i`.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = super::seed)]
    pub seed: u64,
    /// Worker threads for the all-cores run, 1 to 256 (default: every core, at most 256).
    #[arg(long, value_parser = super::thread_count())]
    pub threads: Option<u16>,
    /// Print a JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Play one fixed workload once, untimed, and say how many decisions it made: what
    /// the instruction-count gate (`scripts/instructions`) counts under callgrind.
    /// `--workload list` names them.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["games", "rounds", "threads"])]
    pub workload: Option<String>,
}

/// The most rounds a run may ask for: each round's time is kept for the median.
const MAX_ROUNDS: i64 = 1000;

#[derive(Serialize)]
struct Report {
    /// Games in one round.
    games: u64,
    rounds: u32,
    seed: u64,
    threads: usize,
    /// The median round's rate on one thread; `_min` and `_max` are the slowest and the
    /// fastest round's.
    games_per_second: f64,
    games_per_second_min: f64,
    games_per_second_max: f64,
    games_per_second_all_cores: f64,
    decisions_per_second: f64,
    decisions_per_game: f64,
    clone_ns: f64,
    /// The same, as a rate: `1e9 / clone_ns`.
    clones_per_second: f64,
    state_bytes: usize,
    allocations_per_decision: f64,
    /// The other tables, one thread each.
    tables: Vec<TableReport>,
    /// Each registered ruleset's search levels, one thread each.
    searches: Vec<searched::SearchReport>,
}

/// One other table's games, on one thread.
#[derive(Serialize)]
struct TableReport {
    /// "4-player free-for-all".
    table: String,
    players: usize,
    /// The ruleset, by its name in the registry ("2017", "classic").
    ruleset: &'static str,
    variant: &'static str,
    /// Games in one round (a quarter of the two-player round's: they are longer).
    games: u64,
    games_per_second: f64,
    decisions_per_second: f64,
    decisions_per_game: f64,
    /// Its time per decision over the two-player games' (1.0: the same cost).
    cost_per_decision_vs_two_players: f64,
}

/// The other tables measured beside the two-player games: seats, variant, team size, and
/// whether the decks hold every set's cards of their alignment (the base set and Tyrants)
/// rather than the base set's.
const TABLES: [(usize, Variant, u8, bool); 3] = [
    (4, Variant::FreeForAll, 1, false),
    (4, Variant::Hydra, 2, false),
    (2, Variant::FreeForAll, 1, true),
];

/// The workload's fixed inputs: the card pool and the four preconstructed decks, built
/// once so that the games measure the engine rather than deck lookup, and the table.
/// Two players: game `i` pits deck `i % 4` against deck `(i / 4) % 4`
/// ([`Preconstructed::table`] for more).
struct Workload {
    pool: std::sync::Arc<epic_cards::CardPool>,
    decks: Preconstructed,
    seed: u64,
    players: usize,
    variant: Variant,
    team_size: u8,
}

impl Workload {
    fn new(
        seed: u64,
        players: usize,
        variant: Variant,
        team_size: u8,
        every_set: bool,
    ) -> Workload {
        let (pool, decks) = if every_set {
            let pool = epic_cards::shared_full_pool();
            let decks = Preconstructed::of_every_set(&pool);
            (pool, decks)
        } else {
            let pool = epic_cards::shared_pool();
            let decks = Preconstructed::new(&pool);
            (pool, decks)
        };
        Workload {
            pool,
            decks,
            seed,
            players,
            variant,
            team_size,
        }
    }
}

/// A prepared game: decks dealt and first decisions waiting.
fn new_game(work: &Workload, i: u64) -> CliResult<Game> {
    let seed = work.seed;
    let setup = Setup {
        rules: RulesConfig {
            variant: work.variant,
            team_size: work.team_size,
            ..RulesConfig::default()
        },
        ..Setup::new(
            work.pool.clone(),
            work.decks.table(i, work.players),
            seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(i),
        )
    };
    let mut game = Game::new(setup).map_err(|e| CliError::input(e.to_string()))?;
    game.set_undo(false);
    Ok(game)
}

/// Plays games `range` with uniformly random choices; returns (decisions, allocations
/// made inside `apply`).
fn play(work: &Workload, range: std::ops::Range<u64>) -> CliResult<(u64, u64)> {
    let (mut decisions, mut allocations) = (0, 0);
    for i in range {
        let mut game = new_game(work, i)?;
        let mut rng = Pcg64Mcg::seed_from_u64(work.seed ^ i.rotate_left(17));
        while !game.is_over() {
            let before = alloc_count::allocations();
            random_step(&mut game, &mut rng)?;
            allocations += alloc_count::allocations() - before;
            decisions += 1;
        }
    }
    Ok((decisions, allocations))
}

/// Applies one of the pending decision's options, chosen uniformly by position.
fn random_step(game: &mut Game, rng: &mut Pcg64Mcg) -> CliResult {
    let index = rng.gen_range(0..game.options().len());
    game.apply_option(index)
        .map_err(|e| CliError::input(e.to_string()))
}

/// Bytes a state occupies: the value itself plus the heap its vectors own.
fn state_bytes(st: &GameState) -> usize {
    use std::mem::size_of_val;
    let vec_bytes = |len: usize, item: usize| len * item;
    std::mem::size_of::<GameState>()
        + vec_bytes(st.objs.capacity(), size_of_val(&st.objs[0]))
        + st.players
            .iter()
            .map(|p| {
                size_of_val(p) + 2 * (p.hand.capacity() + p.deck.capacity() + p.discard.capacity())
            })
            .sum::<usize>()
        + 2 * st.in_play.capacity()
        + st.mods.capacity() * std::mem::size_of::<epic_engine::state::Modifier>()
        + st.frames.capacity() * std::mem::size_of::<epic_engine::state::Frame>()
        + (st.batch.capacity() + st.waiting.capacity())
            * std::mem::size_of::<epic_engine::state::PendingTrigger>()
        + st.ask.as_ref().map_or(0, |a| {
            a.options.capacity() * std::mem::size_of::<epic_engine::Choice>()
        })
}

/// Nanoseconds to clone a state some way into a game.
fn clone_ns(work: &Workload) -> CliResult<(f64, usize)> {
    let mut game = new_game(work, 0)?;
    let mut rng = Pcg64Mcg::seed_from_u64(work.seed);
    for _ in 0..80 {
        if game.is_over() {
            break;
        }
        random_step(&mut game, &mut rng)?;
    }
    let state = game.state();
    let rounds = 200_000u32;
    let start = Instant::now();
    for _ in 0..rounds {
        black_box(black_box(state).clone());
    }
    Ok((
        start.elapsed().as_nanos() as f64 / rounds as f64,
        state_bytes(state),
    ))
}

/// Plays the round's games on `threads` threads, each a contiguous share; returns the
/// seconds taken and (decisions, allocations) summed over the threads.
fn round(work: &Workload, games: u64, threads: usize) -> CliResult<(f64, (u64, u64))> {
    let start = Instant::now();
    if threads == 1 {
        let counts = play(work, 0..games)?;
        return Ok((start.elapsed().as_secs_f64(), counts));
    }
    let per = games.div_ceil(threads as u64);
    let counts = std::thread::scope(|s| -> CliResult<(u64, u64)> {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                let range = (t * per).min(games)..((t + 1) * per).min(games);
                s.spawn(move || play(work, range))
            })
            .collect();
        let mut total = (0, 0);
        for h in handles {
            let (d, a) = h
                .join()
                .map_err(|_| CliError::input("a benchmark thread failed"))??;
            total = (total.0 + d, total.1 + a);
        }
        Ok(total)
    })?;
    Ok((start.elapsed().as_secs_f64(), counts))
}

/// Plays `games` games of the ruleset `R` at its usual table (its first example
/// table), each made through the ruleset interface from its request and played with
/// uniformly random choices on one thread; the seconds and the decisions.
fn ruleset_round<R: Ruleset>(seed: u64, games: u64) -> CliResult<(f64, u64)> {
    let start = Instant::now();
    let mut decisions = 0;
    for i in 0..games {
        let game_seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(i);
        let (_, mut game) = usual_game::<R>(game_seed)?;
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ i.rotate_left(17));
        while game.decider().is_some() {
            let n = game.options().len();
            game.apply_option(rng.gen_range(0..n))
                .map_err(|e| CliError::input(e.to_string()))?;
            decisions += 1;
        }
    }
    Ok((start.elapsed().as_secs_f64(), decisions))
}

/// A ruleset's usual table (its first example table) dealt from `seed`: its setup, and
/// the game at its start.
fn usual_game<R: Ruleset>(seed: u64) -> CliResult<(R::Setup, R)> {
    let table = R::example_tables(seed)
        .into_iter()
        .next()
        .ok_or_else(|| CliError::input(format!("the {} ruleset has no table", R::NAME)))?;
    let setup = R::setup(&table).map_err(|e| CliError::input(e.to_string()))?;
    let game = R::start(&setup).map_err(|e| CliError::input(e.to_string()))?;
    Ok((setup, game))
}

/// A row of the report measured with the table's name, its seats, ruleset and variant,
/// and a round that plays its games once.
type Row<'a> = dyn Fn(
        String,
        usize,
        &'static str,
        &'static str,
        &dyn Fn() -> CliResult<(f64, u64)>,
    ) -> CliResult<TableReport>
    + 'a;

/// Every registered ruleset's usual table as a row of the report, measured the same way
/// for each: a new ruleset is benchmarked without new code.
struct RulesetRows<'a> {
    seed: u64,
    games: u64,
    row: &'a Row<'a>,
    tables: Vec<TableReport>,
    failed: Option<CliError>,
}

impl RulesetVisitor for RulesetRows<'_> {
    fn visit<R: Ruleset>(&mut self) {
        if self.failed.is_some() {
            return;
        }
        let players = R::example_tables(self.seed)
            .first()
            .map_or(2, |t| t.seats.len());
        let (seed, games) = (self.seed, self.games);
        let round = || ruleset_round::<R>(seed, games);
        let name = format!("{}, its usual table through the interface", R::TITLE);
        match (self.row)(name, players, R::NAME, "ffa", &round) {
            Ok(t) => self.tables.push(t),
            Err(e) => self.failed = Some(e),
        }
    }
}

/// How many rulesets the registry lists.
fn ruleset_count() -> u64 {
    struct Count(u64);
    impl RulesetVisitor for Count {
        fn visit<R: Ruleset>(&mut self) {
            self.0 += 1;
        }
    }
    let mut count = Count(0);
    visit_rulesets(&mut count);
    count.0
}

/// The median, slowest and fastest of the rounds' times, in seconds.
fn spread(mut seconds: Vec<f64>) -> (f64, f64, f64) {
    seconds.sort_by(f64::total_cmp);
    let n = seconds.len();
    let median = if n % 2 == 1 {
        seconds[n / 2]
    } else {
        (seconds[n / 2 - 1] + seconds[n / 2]) / 2.0
    };
    (median, seconds[n - 1], seconds[0])
}

pub fn run(args: Args) -> CliResult {
    if let Some(name) = &args.workload {
        return run_counted(name, args.seed, args.json);
    }
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    if args.rounds == 0 {
        return Err(CliError::input("--rounds must be at least 1"));
    }
    let work = Workload::new(args.seed, 2, Variant::FreeForAll, 1, false);
    let threads = super::threads_for(args.threads, args.games);

    let bar = progress_bar(
        (2 + TABLES.len() as u64 + ruleset_count()) * u64::from(args.rounds)
            + searched::row_count(),
        "{bar:40} {pos}/{len} rounds  {msg}",
    );
    // Every round plays the same games, so they make the same decisions. Allocations are
    // counted process-wide, so only a one-thread round counts its own.
    let mut one_thread = (0, 0);
    let mut timed = |threads: usize, label: &str| -> CliResult<Vec<f64>> {
        bar.set_message(label.to_string());
        (0..args.rounds)
            .map(|_| {
                let (seconds, counts) = round(&work, args.games, threads)?;
                if threads == 1 {
                    one_thread = counts;
                }
                bar.inc(1);
                Ok(seconds)
            })
            .collect()
    };
    let one = spread(timed(1, "1 thread")?);
    let all = spread(timed(threads, "all cores")?);
    let (decisions, allocations) = one_thread;
    let two_player_ns = one.0 * 1e9 / decisions as f64;
    // Each other table: `round` plays its games once and says (seconds, decisions).
    let games = args.games.div_ceil(4);
    let row = |table: String,
               players: usize,
               ruleset: &'static str,
               variant: &'static str,
               round: &dyn Fn() -> CliResult<(f64, u64)>|
     -> CliResult<TableReport> {
        bar.set_message(table.clone());
        let mut decisions = 0;
        let seconds = (0..args.rounds)
            .map(|_| {
                let (seconds, d) = round()?;
                decisions = d;
                bar.inc(1);
                Ok(seconds)
            })
            .collect::<CliResult<Vec<f64>>>()?;
        let (median, _, _) = spread(seconds);
        Ok(TableReport {
            table,
            players,
            ruleset,
            variant,
            games,
            games_per_second: games as f64 / median,
            decisions_per_second: decisions as f64 / median,
            decisions_per_game: decisions as f64 / games as f64,
            cost_per_decision_vs_two_players: median * 1e9 / decisions as f64 / two_player_ns,
        })
    };
    let mut tables = Vec::new();
    for (players, variant, team_size, every_set) in TABLES {
        let table = Workload::new(args.seed, players, variant, team_size, every_set);
        let name = if every_set {
            "2 players, decks of every set".to_string()
        } else if variant == Variant::Hydra {
            format!("{team_size}v{team_size} hydra")
        } else {
            format!("{players}-player {}", variant.title().to_lowercase())
        };
        let play = || round(&table, games, 1).map(|(seconds, (d, _))| (seconds, d));
        tables.push(row(name, players, "2017", variant.name(), &play)?);
    }
    // Every ruleset beside them, the 2017 game too: the same measure through the
    // ruleset interface, at each one's usual table.
    let mut rulesets = RulesetRows {
        seed: args.seed,
        games,
        row: &row,
        tables: Vec::new(),
        failed: None,
    };
    visit_rulesets(&mut rulesets);
    if let Some(e) = rulesets.failed {
        return Err(e);
    }
    tables.extend(rulesets.tables);
    let searches = searched::search_rows(args.seed, |label| {
        bar.set_message(label.to_string());
        bar.inc(1);
    })?;
    bar.finish_and_clear();
    let (clone_ns, state_bytes) = clone_ns(&work)?;

    let rate = |seconds: f64| args.games as f64 / seconds;
    let report = Report {
        games: args.games,
        rounds: args.rounds,
        seed: args.seed,
        threads,
        games_per_second: rate(one.0),
        games_per_second_min: rate(one.1),
        games_per_second_max: rate(one.2),
        games_per_second_all_cores: rate(all.0),
        decisions_per_second: decisions as f64 / one.0,
        decisions_per_game: decisions as f64 / args.games as f64,
        clone_ns,
        clones_per_second: 1e9 / clone_ns,
        state_bytes,
        allocations_per_decision: allocations as f64 / decisions as f64,
        tables,
        searches,
    };
    if args.json {
        return print_json(&report);
    }
    println!(
        "epic bench: {} rounds of {} random-vs-random games on the preconstructed decks, \
         seed {}\n(rates are the median round's)",
        report.rounds, report.games, report.seed
    );
    let rows: Vec<(String, String)> = vec![
        (
            "games per second, 1 thread".into(),
            grouped(report.games_per_second),
        ),
        (
            "  slowest and fastest round".into(),
            format!(
                "{} – {}",
                grouped(report.games_per_second_min),
                grouped(report.games_per_second_max)
            ),
        ),
        (
            format!("games per second, {} threads", report.threads),
            grouped(report.games_per_second_all_cores),
        ),
        (
            "decisions per second, 1 thread".into(),
            grouped(report.decisions_per_second),
        ),
        (
            "decisions per game".into(),
            format!("{:.1}", report.decisions_per_game),
        ),
        ("state clone".into(), format!("{:.0} ns", report.clone_ns)),
        (
            "state clones per second".into(),
            grouped(report.clones_per_second),
        ),
        (
            "state size".into(),
            format!("{} bytes", grouped(report.state_bytes as f64)),
        ),
        (
            "heap allocations per decision".into(),
            format!("{:.3}", report.allocations_per_decision),
        ),
    ];
    for (name, value) in rows {
        println!("  {name:<32} {value:>17}");
    }
    for t in &report.tables {
        println!("{} ({} games a round, 1 thread)", t.table, t.games);
        for (name, value) in [
            ("games per second".to_string(), grouped(t.games_per_second)),
            (
                "decisions per second".into(),
                grouped(t.decisions_per_second),
            ),
            (
                "decisions per game".into(),
                format!("{:.1}", t.decisions_per_game),
            ),
            (
                "cost per decision vs 2 players".into(),
                format!("{:.2}×", t.cost_per_decision_vs_two_players),
            ),
        ] {
            println!("  {name:<32} {value:>17}");
        }
    }
    println!("Search levels (one thread, the level's own limits)");
    for s in &report.searches {
        let name = format!("{} at {}", s.ruleset, s.level);
        let value = format!(
            "{} it/s, {:.0} ms",
            grouped(s.iterations_per_second),
            s.decision_ms
        );
        println!("  {name:<32} {value:>17}");
    }
    Ok(())
}

/// `--workload NAME`: one workload of the instruction-count gate, or `list`.
fn run_counted(name: &str, seed: u64, json: bool) -> CliResult {
    if name == "list" {
        let names = counted::names();
        return if json {
            print_json(&names)
        } else {
            println!("{}", names.join("\n"));
            Ok(())
        };
    }
    let done = counted::run(name, seed)?;
    if json {
        return print_json(&done);
    }
    println!("{}: {} {}", done.workload, done.count, done.unit);
    Ok(())
}

/// A whole number with its thousands separated: 2,439,095.
fn grouped(x: f64) -> String {
    let digits = format!("{:.0}", x.max(0.0));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_gives_median_slowest_and_fastest() {
        assert_eq!(spread(vec![3.0, 1.0, 2.0]), (2.0, 3.0, 1.0));
        assert_eq!(spread(vec![4.0, 1.0, 2.0, 3.0]), (2.5, 4.0, 1.0));
        assert_eq!(spread(vec![5.0]), (5.0, 5.0, 5.0));
    }

    #[test]
    fn grouped_separates_thousands() {
        assert_eq!(grouped(0.4), "0");
        assert_eq!(grouped(999.0), "999");
        assert_eq!(grouped(10_573.2), "10,573");
        assert_eq!(grouped(2_406_156.0), "2,406,156");
    }
}
