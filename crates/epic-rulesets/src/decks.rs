//! Deck arguments as every front end takes them (`--deck`, the DECK of `BOT:DECK`,
//! Python's `decks`): one of a ruleset's decks by name, or a deck-list file.

use crate::ruleset;
use epic_game::{DeckRequest, SetupError};
use std::path::{Path, PathBuf};

/// What a deck argument names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeckSource {
    /// One of the ruleset's decks (2017: `good`, `evil`, `sage`, `wild`, `random`).
    BuiltIn(&'static str),
    /// A deck-list file.
    File(PathBuf),
}

/// Reads a deck argument among a ruleset's decks `decks`. A deck's name (any case) is
/// that deck; a value with a `/` or a `.` in it, or naming a file that exists, is a
/// deck-list file, so a missing file is reported as missing rather than as an unknown
/// name; anything else is an unknown deck, the nearest name offered.
pub fn deck_source_among(decks: &[&'static str], spec: &str) -> Result<DeckSource, SetupError> {
    let lower = spec.trim().to_ascii_lowercase();
    if let Some(name) = decks.iter().find(|n| **n == lower) {
        return Ok(DeckSource::BuiltIn(name));
    }
    let path = Path::new(spec);
    if spec.contains(['/', '.']) || path.exists() {
        return Ok(DeckSource::File(path.to_path_buf()));
    }
    let distance = |n: &&&str| epic_cards::edit_distance(&lower, n);
    let near = decks
        .iter()
        .filter(|n| distance(n) <= 2)
        .min_by_key(distance)
        .map_or_else(String::new, |n| format!(" (did you mean '{n}'?)"));
    Err(SetupError::new(format!(
        "unknown deck '{spec}'{near}: the built-in decks are {}, and there is no file named \
         '{spec}' (write a path, such as ./{spec}, for a deck-list file)",
        decks.join(", ")
    )))
}

/// A deck argument as the ruleset named `ruleset` is asked for it: one of its decks by
/// name, or a deck-list file's text, labelled with the argument.
pub fn deck_request(ruleset_name: &str, spec: &str) -> Result<DeckRequest, SetupError> {
    let decks = ruleset(ruleset_name)?.decks;
    match deck_source_among(&decks, spec)? {
        DeckSource::BuiltIn(name) => Ok(DeckRequest::Named(name.into())),
        DeckSource::File(path) => Ok(DeckRequest::Listed {
            label: spec.to_string(),
            text: epic_game::files::read_text(&path)?,
        }),
    }
}
