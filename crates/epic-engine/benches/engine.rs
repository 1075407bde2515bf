//! The engine's hot path: cloning a mid-game state, listing options, applying one
//! decision, playing a whole random game, building a view. Run with `cargo bench -p
//! epic-engine`; `epic bench` measures the same workload end to end.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use epic_engine::{Game, Setup};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn setup(seed: u64) -> Setup {
    let pool = epic_cards::shared_pool();
    let decks = vec![
        epic_cards::deck_from(&pool, "good", seed).unwrap(),
        epic_cards::deck_from(&pool, "evil", seed).unwrap(),
    ];
    Setup::new(pool, decks, seed)
}

fn random_game(seed: u64) -> Game {
    let mut game = Game::new(setup(seed)).unwrap();
    game.set_undo(false);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    while !game.is_over() {
        let count = game.options().len();
        game.apply_option(rng.gen_range(0..count)).unwrap();
    }
    game
}

/// A game some way into play, for the per-decision benchmarks.
fn mid_game() -> Game {
    let mut game = Game::new(setup(3)).unwrap();
    game.set_undo(false);
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    for _ in 0..60 {
        let opts = game.options();
        let c = opts[rng.gen_range(0..opts.len())];
        game.apply_quiet(c).unwrap();
    }
    game
}

fn benches(c: &mut Criterion) {
    let mid = mid_game();
    c.bench_function("clone mid-game state", |b| {
        b.iter(|| black_box(mid.clone()))
    });
    c.bench_function("list options", |b| {
        b.iter(|| black_box(mid.options().len()))
    });
    c.bench_function("apply one decision", |b| {
        b.iter_batched(
            || mid.clone(),
            |mut g| {
                let o = g.options()[0];
                g.apply_quiet(o).unwrap();
                g
            },
            BatchSize::SmallInput,
        )
    });
    c.bench_function("build a view", |b| b.iter(|| black_box(mid.view(0))));
    let mut seed = 0u64;
    c.bench_function("random game good vs evil", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(seed).result())
        })
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
