mod common;
use common::*;
use epic_engine::Game;

#[test]
fn random_games_finish() {
    let pool = small_pool();
    for seed in 0..200 {
        let deck = small_deck(&pool);
        let mut g = Game::new(setup(pool.clone(), vec![deck.clone(), deck], seed)).unwrap();
        play_random(&mut g, seed, 20_000);
        assert!(g.is_over(), "seed {seed} did not finish");
    }
}

/// Nothing in the engine assumes two players: three and four seats play to the end.
#[test]
fn random_games_with_more_seats_finish() {
    let pool = small_pool();
    for players in 3..=4 {
        for seed in 0..60 {
            let deck = small_deck(&pool);
            let mut g = Game::new(setup(pool.clone(), vec![deck; players], seed)).unwrap();
            play_random(&mut g, seed, 50_000);
            assert!(g.is_over(), "{players} players, seed {seed} did not finish");
            assert!(g.result().unwrap().winners.len() <= 1);
        }
    }
}

/// Labels name options uniquely, so a script or a person can always pick by label.
#[test]
fn labels_are_unique_throughout_random_games() {
    let pool = epic_cards::shared_pool();
    for seed in 0..150u64 {
        let decks = vec![
            epic_cards::deck_from(&pool, "random", seed).unwrap(),
            epic_cards::deck_from(&pool, "random", seed + 1000).unwrap(),
        ];
        let mut g = Game::new(epic_engine::Setup::new(pool.clone(), decks, seed)).unwrap();
        let mut n = 0u64;
        while !g.is_over() {
            let labels = g.labels();
            let mut sorted = labels.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(
                sorted.len(),
                labels.len(),
                "seed {seed}: repeated labels {labels:?}"
            );
            let opts = g.options();
            n = n.wrapping_mul(6364136223846793005).wrapping_add(seed + 1);
            let c = opts[(n >> 33) as usize % opts.len()];
            g.apply(c).unwrap();
        }
    }
}
