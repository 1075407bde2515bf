mod common;
use common::*;
use epic_engine::Game;

#[test]
fn random_games_finish() {
    let pool = small_pool();
    for seed in 0..200 {
        let deck = deck_of(
            &pool,
            &[
                ("Bear", 8),
                ("Giant", 6),
                ("Hawk", 6),
                ("Rhino", 4),
                ("Insight", 3),
                ("Zap", 3),
            ],
        );
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
            let deck = deck_of(
                &pool,
                &[
                    ("Bear", 8),
                    ("Giant", 6),
                    ("Hawk", 6),
                    ("Rhino", 4),
                    ("Insight", 3),
                    ("Zap", 3),
                ],
            );
            let mut g = Game::new(setup(pool.clone(), vec![deck; players], seed)).unwrap();
            play_random(&mut g, seed, 50_000);
            assert!(g.is_over(), "{players} players, seed {seed} did not finish");
            assert!(g.result().unwrap().winners.len() <= 1);
        }
    }
}
