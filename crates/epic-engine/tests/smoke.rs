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
