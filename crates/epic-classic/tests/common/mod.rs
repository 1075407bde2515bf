//! What the classic tests share: the decks their random games are played with.

use epic_classic::{classic_deck, classic_pool, every_card_deck};
use epic_model::CardId;

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
