//! The Epic rules engine (2017 Complete Rules).
//!
//! A [`Game`] is either over or waiting on exactly one player for one decision. Ask it
//! for [`Game::decision`] and [`Game::options`], then [`Game::apply`] one of the
//! options ([`Game::apply_quiet`] skips the events, [`Game::apply_option`] takes an
//! option by position); nothing else changes a game. Everything is deterministic: a
//! game is its [`Setup`] (rules, card pool, decks, seed) plus the list of choices
//! applied.
//!
//! Map of the crate:
//! - [`state`]: the plain-value game state (zones, objects, players, turn, battle).
//! - `stats`: derived characteristics (offense, defense, keywords, alignments).
//! - `actions`: primitive changes (move a card, damage, draw) and the events they emit.
//! - `effects`: the interpreter for card abilities, resumable at each decision.
//! - `timing`: turn structure, initiative windows and the battle phase.
//! - `options`: the legal options of the pending decision and their labels.
//! - `position`: [`Game::from_position`], any position set up directly (scenarios, tests).
//! - [`view`]: what one player may see (rule 1.10).
//! - [`tensor`]: the same as fixed-size numbers, and a fixed action space, for learning
//!   programs.

mod actions;
mod choice;
mod config;
mod effects;
mod error;
pub mod eval;
mod events;
pub mod formats;
mod game;
mod ids;
mod lessons;
mod options;
mod position;
mod ruleset;
mod sample;
pub mod setup;
pub mod state;
mod stats;
pub mod tensor;
mod timing;
pub mod view;
pub mod words;

pub use choice::{Choice, Decision, DecisionKind};
pub use config::{RulesConfig, Setup, Variant, MAX_CARDS, MAX_HEALTH, MAX_OBJECTS};
pub use epic_model as model;
pub use error::{ApplyError, SetupError};
pub use events::{Event, Recipient, Seen};
pub use game::{EndReason, Game, GameResult, Stats};
pub use ids::{Entity, ObjId, ObjNum, PlayerId, Remembered, SPECTATOR};
pub use position::{ChampionSetup, Position, SeatSetup, StartAt};
pub use timing::MAX_STEPS;
