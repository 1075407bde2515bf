//! What the classic game (2009) adds around a game at the terminal: `epic play
//! --ruleset classic` in a limited format (you open and draft your own packs) or a match
//! with sideboarding between games ([`play`]). Its decks and formats are
//! `epic_classic::format`'s; the game itself is the one session of `commands::play`.

pub mod play;

pub use crate::classic_table::{check_designed, decklist};
