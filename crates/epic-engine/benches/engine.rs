//! The engine's hot path: cloning a mid-game state, listing options, applying one
//! decision, playing a whole random game, building a view. Run with `cargo bench -p
//! epic-engine`; `epic bench` measures the same workload end to end.
//!
//! Each routine returns nothing and hides its result with `std::hint::black_box` on a
//! reference: criterion passes a returned value through its own `black_box`, which copies
//! it with volatile reads, and for a whole game state that costs as much as the clone
//! being measured.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use epic_cards::{CardPool, Preconstructed};
use epic_engine::{Game, Setup};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::hint::black_box;
use std::sync::Arc;

/// The pool and the four preconstructed decks, built once so that the timings measure
/// the engine rather than deck lookup.
struct Decks {
    pool: Arc<CardPool>,
    decks: Preconstructed,
}

impl Decks {
    fn new() -> Decks {
        let pool = epic_cards::shared_pool();
        let decks = Preconstructed::new(&pool);
        Decks { pool, decks }
    }

    /// Game `i`: `epic bench`'s pairing of the decks, seeded with `i`.
    fn setup(&self, i: u64) -> Setup {
        Setup::new(self.pool.clone(), self.decks.pairing(i), i)
    }
}

fn random_game(decks: &Decks, i: u64) -> Game {
    let mut game = Game::new(decks.setup(i)).unwrap();
    game.set_undo(false);
    let mut rng = Pcg64Mcg::seed_from_u64(i);
    while !game.is_over() {
        let count = game.options().len();
        game.apply_option(rng.gen_range(0..count)).unwrap();
    }
    game
}

/// A game some way into play, for the per-decision benchmarks.
fn mid_game(decks: &Decks) -> Game {
    let mut game = Game::new(decks.setup(1)).unwrap();
    game.set_undo(false);
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    for _ in 0..60 {
        let count = game.options().len();
        game.apply_option(rng.gen_range(0..count)).unwrap();
    }
    game
}

fn benches(c: &mut Criterion) {
    let decks = Decks::new();
    let mid = mid_game(&decks);
    c.bench_function("clone mid-game state", |b| {
        b.iter(|| black_box(&black_box(mid.state()).clone()).turn)
    });
    c.bench_function("clone mid-game Game", |b| {
        b.iter(|| black_box(&black_box(&mid).clone()).is_over())
    });
    c.bench_function("list options", |b| {
        b.iter(|| black_box(&mid).options().len())
    });
    c.bench_function("apply one decision", |b| {
        b.iter_batched_ref(
            || mid.clone(),
            |g| g.apply_option(0).unwrap(),
            BatchSize::SmallInput,
        )
    });
    c.bench_function("build a view", |b| {
        b.iter(|| black_box(&black_box(&mid).view(0)).turn)
    });
    let mut i = 0u64;
    c.bench_function("random game, every pairing", |b| {
        b.iter(|| {
            i += 1;
            black_box(random_game(&decks, i).result())
        })
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
