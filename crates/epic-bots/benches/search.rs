//! The search AI's hot path: one ISMCTS decision on a two-player mid-game position, and
//! the sample of a whole game from one seat's view that every iteration starts with.
//! Run with `cargo bench -p epic-bots`; iterations per second are the decision's
//! iterations over its time.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use epic_bots::search::{search, SearchConfig};
use epic_bots::{bot_by_name, WinChance};
use epic_cards::Preconstructed;
use epic_engine::{DecisionKind, Game, Setup};
use std::hint::black_box;

/// Iterations of the benchmarked decision.
const ITERATIONS: u32 = 1_000;

/// Good against Evil, two greedy players, stopped at the first main-phase decision of
/// turn 6: a board with champions on both sides and cards in hand.
fn mid_game() -> Game {
    let pool = epic_cards::shared_pool();
    let decks = Preconstructed::new(&pool);
    let mut game = Game::new(Setup::new(pool.clone(), decks.pairing(1), 7)).unwrap();
    game.set_undo(false);
    let mut bots = [
        bot_by_name("greedy", 1).unwrap(),
        bot_by_name("greedy", 2).unwrap(),
    ];
    while let Some(d) = game.decision() {
        if game.state().turn >= 6 && d.kind == DecisionKind::Initiative && game.options().len() > 2
        {
            return game;
        }
        let choice = bots[d.player as usize].choose(&game);
        game.apply_quiet(choice).unwrap();
    }
    panic!("the benchmark game ended before turn 6");
}

fn benches(c: &mut Criterion) {
    let mid = mid_game();
    let seat = mid.decision().unwrap().player;
    c.bench_function("sample a game from a view", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            black_box(&black_box(&mid).sample_for(seat, seed)).is_over()
        })
    });
    // One thread, then two: root parallelism shares the iterations among the trees.
    for threads in [1, 2] {
        let config = SearchConfig {
            iterations: ITERATIONS,
            threads,
            ..SearchConfig::default()
        };
        let name = format!("ismcts decision, {ITERATIONS} iterations, {threads} thread(s)");
        c.bench_function(&name, |b| {
            b.iter_batched(
                || mid.clone(),
                |g| black_box(search(&g, seat, &config, &WinChance, 1).map(|r| r.iterations)),
                BatchSize::SmallInput,
            )
        });
    }
    // The memory a hard-sized search holds at its end (trees only grow), once.
    let hard = SearchConfig {
        iterations: 10_000,
        ..SearchConfig::default()
    };
    if let Some(r) = search(&mid, seat, &hard, &WinChance, 1) {
        eprintln!(
            "a 10,000-iteration search: {} nodes, {} KiB of tree",
            r.nodes,
            r.tree_bytes / 1024
        );
    }
}

criterion_group!(search_benches, benches);
criterion_main!(search_benches);
