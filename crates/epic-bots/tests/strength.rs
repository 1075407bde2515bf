//! The greedy bot must clearly beat the random one.

use epic_bots::{bot_by_name, play_out};
use epic_engine::{Game, RulesConfig, Setup};
use std::sync::Arc;

const DECKS: [&str; 4] = ["good", "evil", "sage", "wild"];

/// Plays `games` greedy-versus-random games (seats alternating, every ordered pair of
/// preconstructed decks) and returns greedy's wins.
fn greedy_wins(games: u64, seed: u64) -> u64 {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut wins = 0;
    for i in 0..games {
        let pair = (i / 2) as usize % 16;
        let (da, db) = (DECKS[pair / 4], DECKS[pair % 4]);
        let greedy_seat = (i % 2) as u8;
        let decks = if greedy_seat == 0 { [da, db] } else { [db, da] };
        let decks = decks
            .iter()
            .map(|d| epic_cards::deck_from(&pool, d, i).unwrap())
            .collect();
        let mut game = Game::new(Setup {
            rules: RulesConfig::default(),
            pool: pool.clone(),
            decks,
            seed: seed.wrapping_mul(1_000_003).wrapping_add(i),
            first_player: Some(0),
        })
        .unwrap();
        game.set_undo(false);
        let mut bots = if greedy_seat == 0 {
            vec![
                bot_by_name("greedy", i).unwrap(),
                bot_by_name("random", i).unwrap(),
            ]
        } else {
            vec![
                bot_by_name("random", i).unwrap(),
                bot_by_name("greedy", i).unwrap(),
            ]
        };
        play_out(&mut game, &mut bots, 100_000).expect("game ends");
        if game.result().unwrap().winners == vec![greedy_seat] {
            wins += 1;
        }
    }
    wins
}

#[test]
fn greedy_beats_random() {
    // Debug builds are slow: fewer games there, the full count under --release.
    let games = if cfg!(debug_assertions) { 32 } else { 200 };
    let wins = greedy_wins(games, 7);
    let rate = wins as f64 / games as f64;
    eprintln!("greedy won {wins} of {games} ({:.1}%)", rate * 100.0);
    assert!(rate >= 0.9, "greedy won only {wins} of {games}");
}
