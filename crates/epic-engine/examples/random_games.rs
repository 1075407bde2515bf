//! Plays random games on the preconstructed decks and prints throughput; a profiling
//! target (`perf record cargo run --release --example random_games`).
use epic_engine::{Game, Setup};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::time::Instant;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let pool = epic_cards::shared_pool();
    let decks = epic_cards::Preconstructed::new(&pool);
    let start = Instant::now();
    let mut decisions = 0u64;
    let mut kinds: std::collections::BTreeMap<String, u64> = Default::default();
    let tally = std::env::var("TALLY").is_ok();
    for seed in 0..n {
        let mut game = Game::new(Setup::new(pool.clone(), decks.pairing(seed), seed)).unwrap();
        game.set_undo(false);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        while !game.is_over() {
            let count = game.options().len();
            if tally {
                *kinds
                    .entry(format!(
                        "{:?} opts={}",
                        game.decision_kind().unwrap(),
                        count.min(4)
                    ))
                    .or_default() += 1;
            }
            game.apply_option(rng.gen_range(0..count)).unwrap();
            decisions += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    for (k, v) in &kinds {
        println!("{k:40} {:.1} per game", *v as f64 / n as f64);
    }
    println!(
        "{n} games in {secs:.2}s: {:.0} games/s, {:.0} decisions/s, {:.1} decisions/game",
        n as f64 / secs,
        decisions as f64 / secs,
        decisions as f64 / n as f64
    );
}
