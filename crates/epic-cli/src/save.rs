//! Saved games (`docs/saves.md`): the setup plus every decision, replayed to rebuild
//! the game, with the final digest checked so a file that does not reproduce its game
//! is refused rather than silently diverging.

use crate::error::{CliError, CliResult};
use crate::names;
use epic_cards::CardPool;
use epic_engine::{Choice, Game, PlayerId, RulesConfig, Setup};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

pub const FORMAT: &str = "epic-save";
pub const VERSION: u32 = 1;

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// `human`, or the name of a bot (`random`, `greedy`).
    pub player: String,
    /// The bot's seed (absent for a human).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_seed: Option<u64>,
    /// The deck as it was asked for: a built-in name or a deck-list path (informative).
    pub deck: String,
    /// The deck's cards by name, in order: what the game is really built from.
    pub cards: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveSetup {
    pub rules: RulesConfig,
    pub seed: u64,
    /// Seat that goes first; absent: drawn from the seed.
    #[serde(default)]
    pub first_player: Option<PlayerId>,
    pub seats: Vec<Seat>,
}

/// The whole file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: String,
    pub version: u32,
    pub setup: SaveSetup,
    pub decisions: Vec<Choice>,
    /// `Game::digest` after the last decision, as 16 hex digits.
    pub digest: String,
}

impl SaveSetup {
    /// The engine setup this describes; unknown card names are input errors.
    pub fn to_setup(&self, pool: &Arc<CardPool>) -> CliResult<Setup> {
        let mut decks = Vec::new();
        for (seat, s) in self.seats.iter().enumerate() {
            let mut deck = Vec::new();
            for name in &s.cards {
                match pool.by_name(name) {
                    Some(id) if !pool.get(id).token => deck.push(id),
                    _ => {
                        let e = names::find_card(pool, name)
                            .err()
                            .map_or_else(|| format!("'{name}' is a token"), |e| e.message);
                        return Err(CliError::input(format!("seat {}: {e}", seat + 1)));
                    }
                }
            }
            names::playable(&deck, &self.rules)
                .map_err(|why| CliError::input(format!("seat {}: the deck {why}", seat + 1)))?;
            decks.push(deck);
        }
        Ok(Setup {
            rules: self.rules.clone(),
            pool: pool.clone(),
            decks,
            seed: self.seed,
            first_player: self.first_player,
        })
    }
}

pub fn digest_hex(game: &Game) -> String {
    format!("{:016x}", game.digest())
}

impl SaveFile {
    pub fn new(setup: SaveSetup, decisions: Vec<Choice>, game: &Game) -> SaveFile {
        SaveFile {
            format: FORMAT.into(),
            version: VERSION,
            setup,
            decisions,
            digest: digest_hex(game),
        }
    }

    pub fn write(&self, path: &Path) -> CliResult {
        let text = serde_json::to_string_pretty(self)?;
        std::fs::write(path, text + "\n")
            .map_err(|e| CliError::findings(format!("cannot write {}: {e}", path.display())))
    }

    /// Reads and checks a file: format, version, cards, every decision, the digest.
    pub fn read(path: &Path) -> CliResult<SaveFile> {
        let text = crate::error::read_text(path)?;
        let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
            CliError::input(format!("{}: not a JSON document ({e})", path.display()))
        })?;
        let format = value.get("format").and_then(|f| f.as_str()).unwrap_or("");
        if format != FORMAT {
            return Err(CliError::input(format!(
                "{}: not a saved game (format is '{format}', expected '{FORMAT}')",
                path.display()
            )));
        }
        let version = value.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
        if version != VERSION as u64 {
            return Err(CliError::input(format!(
                "{}: saved-game version {version} is not supported (this program reads version {VERSION})",
                path.display()
            )));
        }
        // Parsed again from the text, so that a mistake is reported with its line.
        serde_json::from_str(&text)
            .map_err(|e| CliError::input(format!("{}: malformed saved game: {e}", path.display())))
    }

    /// Rebuilds the game, applying `upto` decisions (all when `None`). Checks the
    /// digest when all are applied.
    pub fn rebuild(&self, pool: &Arc<CardPool>, upto: Option<usize>) -> CliResult<Game> {
        let setup = self.setup.to_setup(pool)?;
        let mut game = Game::new(setup)
            .map_err(|e| CliError::input(format!("the saved setup is invalid: {e}")))?;
        let n = upto
            .unwrap_or(self.decisions.len())
            .min(self.decisions.len());
        for (i, &c) in self.decisions[..n].iter().enumerate() {
            game.apply_quiet(c).map_err(|e| {
                CliError::input(format!(
                    "decision {} of the saved game cannot be applied: {e}",
                    i + 1
                ))
            })?;
        }
        if n == self.decisions.len() && digest_hex(&game) != self.digest.to_ascii_lowercase() {
            return Err(CliError::input(format!(
                "the saved game does not reproduce: its digest is {} but replaying it gives {} \
                 (the file was edited, or was made by a different version of the rules)",
                self.digest,
                digest_hex(&game)
            )));
        }
        Ok(game)
    }
}
