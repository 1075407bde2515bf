//! A new game as the server asks its ruleset for it (docs/server.md, "New games"): the
//! table and each seat's player and deck — by name or from a deck list the player
//! pasted — as a [`TableRequest`], checked by the ruleset before anything is kept; the
//! game's setup is then kept as the ruleset keeps it (JSON).

use crate::store::SeatRow;
use crate::ApiError;
use epic_game::{DeckRequest, SeatRequest, TableRequest};
use epic_rulesets::AnyPlayed;

/// The label a seat's deck has when it comes from a deck list.
pub const LISTED: &str = "custom";

/// A seat's deck as a new game asks for it.
#[derive(Clone, Copy, Debug)]
pub enum DeckSpec<'a> {
    /// A deck by name (`good`, `random`; classic `order`, `chaos`).
    Named(&'a str),
    /// A deck list, one card a line ("3 Ember Bolt").
    Listed(&'a str),
    /// The ruleset's default for the seat.
    Default,
}

impl DeckSpec<'_> {
    /// The deck as a seat's row names it: its name in lower case, [`LISTED`], or empty
    /// for the ruleset's default (which the setup then names).
    pub fn label(&self) -> String {
        match self {
            DeckSpec::Named(name) => name.to_ascii_lowercase(),
            DeckSpec::Listed(_) => LISTED.to_string(),
            DeckSpec::Default => String::new(),
        }
    }

    /// The deck as the ruleset is asked for it.
    pub fn request(&self) -> DeckRequest {
        match self {
            DeckSpec::Named(name) => DeckRequest::Named(name.to_string()),
            DeckSpec::Listed(text) => DeckRequest::Listed {
                label: LISTED.into(),
                text: text.to_string(),
            },
            DeckSpec::Default => DeckRequest::Default,
        }
    }
}

/// The table a new game asks for: a format, a variant, a Hydra team size and a Sealed
/// pool's size.
#[derive(Clone, Copy, Debug, Default)]
pub struct NewTable<'a> {
    pub format: Option<&'a str>,
    pub variant: Option<&'a str>,
    pub team_size: Option<u8>,
    pub pool: Option<usize>,
}

/// Who plays a seat, as setups name it: an AI level, or "human".
fn player_of(seat: &SeatRow) -> String {
    seat.ai.clone().unwrap_or_else(|| "human".into())
}

/// The game of `ruleset` these seats and decks make at `table`, dealt from `seed`, or
/// why the table or a deck cannot be played.
pub fn start(
    ruleset: &str,
    table: NewTable,
    seats: &[SeatRow],
    decks: &[DeckSpec],
    seed: u64,
) -> Result<AnyPlayed, ApiError> {
    let request = TableRequest {
        format: table.format.map(str::to_string),
        variant: table.variant.map(str::to_string),
        team_size: table.team_size,
        seed,
        first_player: None,
        pool: table.pool,
        seats: seats
            .iter()
            .zip(decks)
            .map(|(s, deck)| SeatRequest {
                player: player_of(s),
                bot_seed: None,
                deck: deck.request(),
            })
            .collect(),
        without_undo: false,
    };
    AnyPlayed::request(ruleset, &request).map_err(|e| ApiError::bad(e.message))
}

/// The setup `setup` (JSON, under `ruleset`) of a game that has not begun, with seat
/// `seat`'s deck replaced by `deck`, checked against the game's table as a new game's
/// decks are: a player joining brings their own deck.
pub fn reseat(
    ruleset: &str,
    setup: &str,
    seat: &SeatRow,
    deck: DeckSpec,
) -> Result<String, ApiError> {
    let kept = AnyPlayed::start(ruleset, setup)
        .map_err(|e| ApiError::internal(format!("a kept setup: {e}")))?;
    let reseated = kept
        .with_deck(seat.seat as u8, &deck.request())
        .map_err(|e| ApiError::bad(e.message))?;
    Ok(reseated.setup_json())
}

/// The format a game's setup names (`None`: any deck the game can play).
pub fn format_of(ruleset: &str, setup: &str) -> Option<String> {
    epic_rulesets::format_of(ruleset, setup)
}
