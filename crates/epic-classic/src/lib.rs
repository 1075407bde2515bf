//! The classic ruleset: the 2009 Epic Trading Card Game (`shared/rules/000_…txt`,
//! structured in `rules-2009-classic.md`), behind the same interface as the 2017 engine
//! ([`epic_game::State`]).
//!
//! What it shares with the 2017 game is the card language of effects ([`card::Effect`]
//! wraps [`epic_model::Step`], read by `epic_cards::read_effect`) and the interface.
//! What it owns is what differs: Mojo and actions, speeds, the line with priority
//! passing to the left, when-triggers that go on the line, targets named on
//! announcement and fizzling, battle with repeated attacks and range striking first,
//! the controller's discard pile.
//!
//! | module | owns |
//! | --- | --- |
//! | `card` | classic card definitions and the pool |
//! | `format` | the classic formats: packs, sealed, Pack War, draft, designed decks |
//! | `parse` | classic card files |
//! | `state` | the game's parts: cards, players, the line, the attack, the decision |
//! | `game` | setup, the decision loop, steps and priority, playing and activating |
//! | `resolve` | targets, resolution, effects, moving cards, triggers, state checks |
//! | `battle` | attacks, blocks, damage |
//! | `position` | any position set up directly (scenarios, tests) |
//! | `ruleset` | labels, samples, digest, and `epic_game::State` |

mod battle;
pub mod card;
pub mod format;
mod game;
pub mod parse;
mod position;
mod resolve;
mod ruleset;
pub mod state;

pub use card::{ClassicCard, ClassicPool};
pub use game::{Choice, ClassicGame, SetupError, MAX_DECK, MAX_PLAYERS};
pub use parse::parse_classic_cards;
pub use position::{Position, SeatSetup};
pub use ruleset::{InPlay, PlayerView, View};

use epic_model::CardId;
use std::sync::{Arc, OnceLock};

/// The embedded classic card files.
pub const CLASSIC_FILES: [(&str, &str); 1] = [(
    "cards/classic/starter.epic",
    include_str!("../../../cards/classic/starter.epic"),
)];

/// The classic card pool, read once from the embedded files.
pub fn classic_pool() -> Arc<ClassicPool> {
    static POOL: OnceLock<Arc<ClassicPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        let mut pool = ClassicPool::default();
        for (name, text) in CLASSIC_FILES {
            if let Err(e) = parse_classic_cards(name, text, &mut pool) {
                // The embedded files are checked by this crate's tests.
                panic!("the embedded classic card files have mistakes:\n{e}");
            }
        }
        Arc::new(pool)
    })
    .clone()
}

/// The preconstructed classic decks, by name: (name, list of "count name").
pub const CLASSIC_DECKS: [(&str, &str); 2] = [
    ("order", include_str!("../../../cards/classic/order.deck")),
    ("chaos", include_str!("../../../cards/classic/chaos.deck")),
];

/// A preconstructed classic deck's cards, by deck name.
pub fn classic_deck(name: &str) -> Option<Vec<CardId>> {
    let pool = classic_pool();
    let (_, text) = CLASSIC_DECKS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))?;
    read_deck(&pool, text).ok()
}

/// One of every card of a pool that may be in a deck (tokens never are): a deck that
/// meets every rule the pool's cards exercise, for tests and samplers.
pub fn every_card_deck(pool: &ClassicPool) -> Vec<CardId> {
    pool.ids().filter(|&id| !pool.get(id).token).collect()
}

/// Reads a deck list ("3 Ember Bolt" per line, `#` comments) against the classic pool.
pub fn read_deck(pool: &ClassicPool, text: &str) -> Result<Vec<CardId>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (n, name) = line
            .split_once(' ')
            .and_then(|(n, rest)| Some((n.parse::<usize>().ok()?, rest)))
            .unwrap_or((1, line));
        if n == 0 || n > MAX_DECK || out.len() + n > MAX_DECK {
            return Err(format!(
                "line {}: a deck holds 1 to {MAX_DECK} cards",
                i + 1
            ));
        }
        let id = pool
            .id(name)
            .ok_or_else(|| format!("line {}: no classic card is named '{name}'", i + 1))?;
        out.extend(std::iter::repeat_n(id, n));
    }
    Ok(out)
}
