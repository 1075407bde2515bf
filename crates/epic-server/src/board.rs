//! What one seat's client is sent (docs/server.md, "The WebSocket"): the game's ruleset
//! builds the board, the decision and the log lines from what the seat may see
//! ([`epic_rulesets::AnyPlayed::seen`]); this adds the game's place in the list of
//! decisions, its timers and clocks.

use epic_game::words::{Asked, Line, Outcome};
use epic_game::Seat;
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct State {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub game: String,
    pub seq: usize,
    pub seat: Option<Seat>,
    /// The board as the ruleset draws it; its `ruleset` field tells the client which.
    pub board: Box<serde_json::value::RawValue>,
    pub decision: Option<Asked>,
    pub log: Vec<Line>,
    pub result: Option<Outcome>,
    pub deadline: Option<i64>,
    pub clock: Option<Clock>,
}

/// The game clocks of a live game (docs/server.md, "Timers").
#[derive(Clone, Debug, Serialize)]
pub struct Clock {
    /// Each seat's time left, in ms, when `since` began; `None` for a seat without one.
    pub left: Vec<Option<i64>>,
    /// When the deciding seat's clock started running down (ms since 1970).
    pub since: i64,
}
