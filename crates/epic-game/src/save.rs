//! What every saved game shares (`docs/saves.md`), whatever its ruleset: the header that
//! says what a file is (`format`, `version`, and `ruleset`, absent for the 2017 game),
//! who sat in each seat, and the digest that a replay must reach. Each ruleset's save
//! file adds its setup and decisions.

use crate::ruleset::Ruleset;
use crate::SetupError;
use serde::{Deserialize, Serialize};

pub const FORMAT: &str = "epic-save";
pub const VERSION: u32 = 2;
/// The ruleset of a file with no `ruleset` field: saves of the 2017 game came first.
pub const FIRST_RULESET: &str = "2017";

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

impl Seat {
    /// Who plays the seat, and with which deck.
    pub fn player(&self) -> crate::SeatPlayer {
        crate::SeatPlayer {
            player: self.player.clone(),
            bot_seed: self.bot_seed,
            deck: self.deck.clone(),
        }
    }
}

/// Gives seat `seat` of `seats` the deck called `deck` of these `cards`.
pub fn replace_deck(
    seats: &mut [Seat],
    seat: usize,
    deck: String,
    cards: Vec<String>,
) -> Result<(), SetupError> {
    let kept = seats
        .get_mut(seat)
        .ok_or_else(|| SetupError::new(format!("there is no seat {}", seat + 1)))?;
    kept.deck = deck;
    kept.cards = cards;
    Ok(())
}

/// Reads what a saved game's text is: checks its format and version and answers its
/// ruleset's name. Errors name the file as `source_name`. Only the header's fields are
/// kept (everything else is skipped without being stored), so a save of a million
/// decisions is not held twice.
pub fn ruleset_of(source_name: &str, text: &str) -> Result<String, SetupError> {
    #[derive(Deserialize)]
    struct Header {
        #[serde(default)]
        format: serde_json::Value,
        #[serde(default)]
        version: serde_json::Value,
        #[serde(default)]
        ruleset: serde_json::Value,
    }
    let header: Header = serde_json::from_str(text).map_err(|e| {
        SetupError::new(if e.is_data() {
            format!(
                "{source_name}: not a saved game (expected a JSON object with \"format\": \
                 \"{FORMAT}\")"
            )
        } else {
            format!("{source_name}: not a JSON document ({e})")
        })
    })?;
    let format = header.format.as_str().unwrap_or("");
    if format != FORMAT {
        return Err(SetupError::new(format!(
            "{source_name}: not a saved game (format is '{format}', expected '{FORMAT}')"
        )));
    }
    let version = header.version.as_u64().unwrap_or(0);
    if version != u64::from(VERSION) {
        return Err(SetupError::new(format!(
            "{source_name}: saved-game version {version} is not supported (this program \
             reads version {VERSION})"
        )));
    }
    match header.ruleset {
        serde_json::Value::Null => Ok(FIRST_RULESET.to_string()),
        serde_json::Value::String(name) => Ok(name),
        other => Err(SetupError::new(format!(
            "{source_name}: a saved game of ruleset {other}, which is not a ruleset's name"
        ))),
    }
}

/// A digest as saves write it: 16 hex digits.
pub fn digest_hex(digest: u64) -> String {
    format!("{digest:016x}")
}

/// Refuses a saved game whose replay does not end at the digest it recorded.
pub fn check_digest(saved: &str, replayed: u64) -> Result<(), SetupError> {
    let replayed = digest_hex(replayed);
    if replayed == saved.to_ascii_lowercase() {
        return Ok(());
    }
    Err(SetupError::new(format!(
        "the saved game does not reproduce: its digest is {saved} but replaying it gives \
         {replayed} (the file was edited, or was made by a different version of the rules)"
    )))
}

/// A saved game of ruleset `R` (`docs/saves.md`): its setup and every decision, replayed
/// to rebuild the game ([`crate::played::Played::replay`]), with the digest the replay
/// must reach, so a file that does not reproduce its game is refused rather than
/// silently diverging.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""))]
pub struct SaveFile<R: Ruleset> {
    pub format: String,
    pub version: u32,
    /// The ruleset's name; absent for the 2017 game ([`FIRST_RULESET`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    pub setup: R::Setup,
    pub decisions: Vec<R::Record>,
    /// The game's digest after the last decision, as 16 hex digits.
    pub digest: String,
}

impl<R: Ruleset> PartialEq for SaveFile<R> {
    fn eq(&self, other: &Self) -> bool {
        (&self.format, self.version, &self.ruleset, &self.setup)
            == (&other.format, other.version, &other.ruleset, &other.setup)
            && self.decisions == other.decisions
            && self.digest == other.digest
    }
}

impl<R: Ruleset> SaveFile<R> {
    /// Reads a saved game of this ruleset from its text: its header, then the rest; a
    /// game of another ruleset is refused, named as such. Errors name the text as
    /// `source_name`.
    pub fn parse(source_name: &str, text: &str) -> Result<SaveFile<R>, SetupError> {
        let ruleset = ruleset_of(source_name, text)?;
        if ruleset != R::NAME {
            return Err(SetupError::new(format!(
                "{source_name}: a saved {ruleset} game, not a {} one",
                R::NAME
            )));
        }
        serde_json::from_str(text)
            .map_err(|e| SetupError::new(format!("{source_name}: malformed saved game: {e}")))
    }

    /// The file's text, as `epic` writes it.
    pub fn to_text(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }
}

/// A decision kept as the one way any ruleset can name it: the number of the option
/// taken among those offered (from 0), or `{"concede": seat}`, a seat conceding whoever
/// was deciding. A ruleset whose choices have no words of their own keeps these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Numbered {
    Option(u32),
    Concede { concede: crate::Seat },
}

impl Numbered {
    /// How `choice`, taken in `game`, is kept: a concession (`conceding`) as such, any
    /// other choice by its number among the options (`u32::MAX` for one not offered,
    /// which no game takes back).
    pub fn of<S: crate::State>(
        game: &S,
        choice: S::Choice,
        conceding: fn(S::Choice) -> Option<crate::Seat>,
    ) -> Numbered {
        if let Some(concede) = conceding(choice) {
            return Numbered::Concede { concede };
        }
        let index = game.options().iter().position(|&c| c == choice);
        Numbered::Option(index.map_or(u32::MAX, |i| i as u32))
    }

    /// The choice this decision takes in `game` (`concession` makes a seat's), or why it
    /// cannot be taken.
    pub fn choice_in<S: crate::State>(
        self,
        game: &S,
        concession: fn(crate::Seat) -> S::Choice,
    ) -> Result<S::Choice, SetupError> {
        match self {
            Numbered::Concede { concede } => Ok(concession(concede)),
            Numbered::Option(option) => {
                let offered = game.options().len();
                game.options().get(option as usize).copied().ok_or_else(|| {
                    SetupError::new(if offered == 0 {
                        format!("it takes option {}, but the game is over", option + 1)
                    } else {
                        format!(
                            "it takes option {}, but only {offered} are offered",
                            option + 1
                        )
                    })
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_is_read_from_text_named_as_given() {
        let refused = |text: &str| ruleset_of("in memory", text).unwrap_err().message;
        assert!(refused("[1, 2]").starts_with("in memory: not a saved game"));
        assert!(refused("{").starts_with("in memory: not a JSON document"));
        assert!(refused(r#"{"format": "epic-save", "version": 1}"#)
            .starts_with("in memory: saved-game version 1 is not supported"));
        assert!(
            refused(r#"{"format": "epic-save", "version": 2, "ruleset": 7}"#)
                .starts_with("in memory: a saved game of ruleset 7")
        );
        assert_eq!(
            ruleset_of("f", r#"{"format": "epic-save", "version": 2}"#).unwrap(),
            "2017"
        );
        assert_eq!(
            ruleset_of(
                "f",
                r#"{"format": "epic-save", "version": 2, "ruleset": "classic"}"#
            )
            .unwrap(),
            "classic"
        );
    }
}
