use crate::ids::PlayerId;
use epic_model::{CardId, CardPool};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The most cards all decks of a game may hold together: every object, tokens included,
/// has a 16-bit id, and tokens need room beside the cards.
pub const MAX_CARDS: usize = 50_000;

/// The most objects a game may hold at once, cards and tokens together. A game whose
/// effects would make a token beyond it ends in a draw (docs/rulings.md R-11).
pub const MAX_OBJECTS: usize = 1 << 16;

/// The highest starting health a format may set. Health itself never wraps: gains and
/// losses saturate at the limits of a 32-bit number.
pub const MAX_HEALTH: i32 = 1_000_000;

/// The numbers the rules leave to the format (rules 1.5.1, 1.6.4, 1.7.4, 1.8.1): a
/// format or variant is a value of this type, not a fork of the code.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RulesConfig {
    pub starting_health: i32,
    pub opening_hand: u8,
    pub hand_limit: u8,
    /// Whether the first player draws at the start of their first turn even in a
    /// two-player game (4.2.3a: only a two-player game skips that draw).
    pub first_player_draws: bool,
}

impl Default for RulesConfig {
    fn default() -> Self {
        RulesConfig {
            starting_health: 30,
            opening_hand: 5,
            hand_limit: 7,
            first_player_draws: false,
        }
    }
}

impl RulesConfig {
    /// Refuses numbers no format uses and the engine cannot carry.
    pub fn validate(&self) -> Result<(), crate::SetupError> {
        if !(1..=MAX_HEALTH).contains(&self.starting_health) {
            return Err(crate::SetupError::StartingHealth(self.starting_health));
        }
        Ok(())
    }
}

/// Everything a game starts from. With the same setup and the same choices, a game is
/// the same bit for bit.
#[derive(Clone, Debug)]
pub struct Setup {
    pub rules: RulesConfig,
    pub pool: Arc<CardPool>,
    /// One deck per seat, in seat (clockwise) order.
    pub decks: Vec<Vec<CardId>>,
    pub seed: u64,
    /// Who goes first; `None` draws it from the seed.
    pub first_player: Option<PlayerId>,
}

impl Setup {
    /// Standard rules, the first player drawn from the seed.
    pub fn new(pool: Arc<CardPool>, decks: Vec<Vec<CardId>>, seed: u64) -> Setup {
        Setup {
            rules: RulesConfig::default(),
            pool,
            decks,
            seed,
            first_player: None,
        }
    }
}
