//! `epic bench`: a fixed, seeded workload that measures the engine the way search and
//! simulation use it — random-versus-random games on the four preconstructed decks, on
//! one thread and on every core, plus the cost of cloning a mid-game state, its size,
//! and the heap allocations made while applying decisions.

use crate::alloc_count;
use crate::commands::print_json;
use crate::error::{CliError, CliResult};
use epic_engine::state::GameState;
use epic_engine::{Game, Setup};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use std::hint::black_box;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Games played on one thread (the same number again across all cores).
    #[arg(long, default_value_t = 20_000)]
    pub games: u64,
    /// Seed of the workload: game `i` uses decks and random choices drawn from it and `i`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads for the all-cores run (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print a JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// The four preconstructed decks; game `i` pits deck `i % 4` against deck `(i / 4) % 4`.
const DECKS: [&str; 4] = ["good", "evil", "sage", "wild"];

#[derive(Serialize)]
struct Report {
    games: u64,
    seed: u64,
    threads: usize,
    games_per_second: f64,
    games_per_second_all_cores: f64,
    decisions_per_second: f64,
    decisions_per_game: f64,
    clone_ns: f64,
    state_bytes: usize,
    allocations_per_decision: f64,
}

/// The workload's fixed inputs: the card pool and the four deck lists, built once so
/// that the games measure the engine rather than deck lookup.
struct Workload {
    pool: std::sync::Arc<epic_cards::CardPool>,
    decks: Vec<Vec<epic_cards::CardId>>,
    seed: u64,
}

impl Workload {
    fn new(seed: u64) -> CliResult<Workload> {
        let pool = epic_cards::shared_pool();
        let decks = DECKS
            .iter()
            .map(|name| {
                epic_cards::deck_from(&pool, name, seed).map_err(|e| CliError::input(e.to_string()))
            })
            .collect::<CliResult<_>>()?;
        Ok(Workload { pool, decks, seed })
    }
}

/// A prepared game: decks dealt and first decisions waiting.
fn new_game(work: &Workload, i: u64) -> CliResult<Game> {
    let (pool, seed) = (&work.pool, work.seed);
    let decks = vec![
        work.decks[(i % 4) as usize].clone(),
        work.decks[((i / 4) % 4) as usize].clone(),
    ];
    let setup = Setup::new(
        pool.clone(),
        decks,
        seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(i),
    );
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

pub fn run(args: Args) -> CliResult {
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    let work = Workload::new(args.seed)?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);

    // One thread.
    let start = Instant::now();
    let (decisions, allocations) = play(&work, 0..args.games)?;
    let one = start.elapsed().as_secs_f64();

    // Every core: the same games, split into contiguous shares.
    let start = Instant::now();
    let per = args.games.div_ceil(threads as u64);
    std::thread::scope(|s| -> CliResult {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                let work = &work;
                let range = (t * per).min(args.games)..((t + 1) * per).min(args.games);
                s.spawn(move || play(work, range))
            })
            .collect();
        for h in handles {
            h.join()
                .map_err(|_| CliError::input("a benchmark thread failed"))??;
        }
        Ok(())
    })?;
    let all = start.elapsed().as_secs_f64();
    let (clone_ns, state_bytes) = clone_ns(&work)?;

    let report = Report {
        games: args.games,
        seed: args.seed,
        threads,
        games_per_second: args.games as f64 / one,
        games_per_second_all_cores: args.games as f64 / all,
        decisions_per_second: decisions as f64 / one,
        decisions_per_game: decisions as f64 / args.games as f64,
        clone_ns,
        state_bytes,
        allocations_per_decision: allocations as f64 / decisions as f64,
    };
    if args.json {
        return print_json(&report);
    }
    println!(
        "epic bench: {} random-vs-random games on the preconstructed decks, seed {}",
        report.games, report.seed
    );
    let rows: Vec<(String, String)> = vec![
        (
            "games per second, 1 thread".into(),
            format!("{:.0}", report.games_per_second),
        ),
        (
            format!("games per second, {} threads", report.threads),
            format!("{:.0}", report.games_per_second_all_cores),
        ),
        (
            "decisions per second, 1 thread".into(),
            format!("{:.0}", report.decisions_per_second),
        ),
        (
            "decisions per game".into(),
            format!("{:.1}", report.decisions_per_game),
        ),
        ("state clone".into(), format!("{:.0} ns", report.clone_ns)),
        ("state size".into(), format!("{} bytes", report.state_bytes)),
        (
            "heap allocations per decision".into(),
            format!("{:.3}", report.allocations_per_decision),
        ),
    ];
    for (name, value) in rows {
        println!("  {name:<34} {value:>12}");
    }
    Ok(())
}
