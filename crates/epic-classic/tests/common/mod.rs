//! What the classic tests share: the decks their random games are played with, and a
//! position at Player 1's Build step.
#![allow(dead_code)] // each test file uses its own part of it

use epic_classic::state::Step;
use epic_classic::{classic_deck, classic_pool, every_card_deck};
use epic_classic::{ClassicGame, Position, SeatSetup};
use epic_model::CardId;

/// The game at the start of Player 1's Build step on turn 3, the players holding what
/// `seats` give them, run to its first decision from `seed`.
pub fn build_step(seats: Vec<SeatSetup>, seed: u64) -> ClassicGame {
    let pos = Position {
        seats,
        active: 0,
        step: Step::Build,
        turn: 3,
        rules: Default::default(),
    };
    ClassicGame::from_position(classic_pool(), &pos, seed).expect("position")
}

/// The two preconstructed decks in turn; every fifth game, one of every card for each
/// player (tokens, control, as-triggers and random discards among them), so that every
/// card of the pool is played.
pub fn decks(players: usize, seed: u64) -> Vec<Vec<CardId>> {
    if seed % 5 == 4 {
        return vec![every_card_deck(&classic_pool()); players];
    }
    (0..players)
        .map(|i| classic_deck(if i % 2 == 0 { "order" } else { "chaos" }).expect("deck"))
        .collect()
}
