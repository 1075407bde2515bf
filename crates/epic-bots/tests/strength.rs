//! The greedy bot must clearly beat the random one.

use epic_bots::{bot_by_name, play_out};
use epic_engine::{Game, Setup};
use std::sync::Arc;

const DECKS: [&str; 4] = ["good", "evil", "sage", "wild"];

/// A game between two named decks (dealt with `deal` as the Sealed seed), no undo.
fn new_game(
    pool: &Arc<epic_cards::CardPool>,
    decks: [&str; 2],
    deal: u64,
    seed: u64,
    first: Option<u8>,
) -> Game {
    let decks = decks
        .iter()
        .map(|d| epic_cards::deck_from(pool, d, deal).unwrap())
        .collect();
    let setup = Setup {
        first_player: first,
        ..Setup::new(pool.clone(), decks, seed)
    };
    let mut game = Game::new(setup).unwrap();
    game.set_undo(false);
    game
}

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
        let seed = seed.wrapping_mul(1_000_003).wrapping_add(i);
        let mut game = new_game(&pool, decks, i, seed, Some(0));
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
    let games = if cfg!(debug_assertions) { 32 } else { 400 };
    let wins = greedy_wins(games, 7);
    let rate = wins as f64 / games as f64;
    eprintln!("greedy won {wins} of {games} ({:.1}%)", rate * 100.0);
    assert!(rate >= 0.9, "greedy won only {wins} of {games}");
}

/// Whenever an unblocked attack would kill the greedy bot and it has a champion that
/// can block, it blocks (the attackers here have no breakthrough, so any block saves
/// it). Checked over every such moment in many real games.
#[test]
fn greedy_blocks_lethal_attacks() {
    use epic_bots::Player;
    use epic_engine::{Choice, DecisionKind};
    use epic_model::Keyword;
    let pool = Arc::new(epic_cards::base_pool().clone());
    let games = if cfg!(debug_assertions) { 12 } else { 150 };
    let mut checked = 0;
    for i in 0..games {
        let decks = [DECKS[i as usize % 4], DECKS[(i as usize / 4) % 4]];
        let mut game = new_game(&pool, decks, i, i, None);
        let mut greedy = epic_bots::GreedyBot::new(i);
        let mut random = epic_bots::RandomBot::new(i);
        while let Some(d) = game.decision() {
            let choice = if d.player == 0 {
                greedy.choose(&game)
            } else {
                random.choose(&game)
            };
            if d.player == 0
                && d.kind == DecisionKind::Blockers
                && game.state().declaring.is_empty()
            {
                let view = game.view(0);
                let attackers: Vec<_> = view.champions.iter().filter(|c| c.attacking).collect();
                let total: i32 = attackers.iter().map(|c| c.offense.max(0)).sum();
                let breakthrough = attackers
                    .iter()
                    .any(|c| c.keywords.contains(&Keyword::Breakthrough));
                let can_block = game.options().iter().any(|c| matches!(c, Choice::Card(_)));
                if total >= view.players[0].health && !breakthrough && can_block {
                    checked += 1;
                    assert_ne!(
                        choice,
                        Choice::Done,
                        "game {i}: greedy let a lethal attack through"
                    );
                }
            }
            game.apply_quiet(choice).unwrap();
        }
    }
    eprintln!("{checked} lethal attacks checked");
}
