//! Card and deck names as the command line takes them: the 2017 game's names
//! ([`epic_engine::setup::names`]), card files added with `--cards`, and deck arguments
//! that name a built-in deck or a deck-list file.

pub use epic_engine::setup::names::*;

use crate::error::{read_text, CliError, CliResult};
use epic_cards::{edit_distance, CardId, CardPool, DECK_NAMES};
use epic_game::DeckRequest;
use std::path::{Path, PathBuf};

/// Adds card files to every real card for this run (`--cards`). Every mistake in every file
/// is reported, with file and line, and nothing is added if any file has one.
pub fn load_card_files(paths: &[PathBuf]) -> CliResult<()> {
    let mut pool = epic_cards::full_pool().clone();
    let mut mistakes = Vec::new();
    for path in paths {
        // Read here, as every file the user names is, so a missing or binary file is
        // told the same way and a byte-order mark is left out.
        let result = read_text(path).and_then(|text| {
            epic_cards::parse_cards(&path.display().to_string(), &text, &mut pool)
                .map(drop)
                .map_err(|e| CliError::input(e.to_string()))
        });
        if let Err(e) = result {
            mistakes.push(e.message);
        }
    }
    if !mistakes.is_empty() {
        return Err(CliError::input(format!(
            "the card files have mistakes:\n{}",
            mistakes.join("\n")
        )));
    }
    Ok(set_pool(pool)?)
}

/// What a deck argument (`--deck`, `--ai-deck`, the DECK of `BOT:DECK`) names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeckSource {
    /// A built-in deck: `good`, `evil`, `sage`, `wild` or `random`.
    BuiltIn(&'static str),
    /// A deck-list file.
    File(PathBuf),
}

/// Reads a deck argument. A built-in deck's name (any case) is that deck; a value with a
/// `/` or a `.` in it, or naming a file that exists, is a deck-list file, so a missing
/// file is reported as missing rather than as an unknown name; anything else is an
/// unknown deck, with the built-in names listed.
pub fn deck_source(spec: &str) -> CliResult<DeckSource> {
    deck_source_among(&DECK_NAMES, spec)
}

/// [`deck_source`] for a ruleset whose built-in decks are `decks`.
pub fn deck_source_among(decks: &[&'static str], spec: &str) -> CliResult<DeckSource> {
    let lower = spec.trim().to_ascii_lowercase();
    if let Some(name) = decks.iter().find(|n| **n == lower) {
        return Ok(DeckSource::BuiltIn(name));
    }
    let path = Path::new(spec);
    if spec.contains(['/', '.']) || path.exists() {
        return Ok(DeckSource::File(path.to_path_buf()));
    }
    let near = decks
        .iter()
        .filter(|n| edit_distance(&lower, n) <= 2)
        .min_by_key(|n| edit_distance(&lower, n))
        .map_or_else(String::new, |n| format!(" (did you mean '{n}'?)"));
    Err(CliError::input(format!(
        "unknown deck '{spec}'{near}: the built-in decks are {}, and there is no file named \
         '{spec}' (write a path, such as ./{spec}, for a deck-list file)",
        decks.join(", ")
    )))
}

/// A deck argument as the ruleset `ruleset` (whose decks are `decks`) is asked for it:
/// one of its decks by name (any case), or a deck-list file ([`deck_source_among`]),
/// checked here against `format` so that its mistakes are told as `whose`.
pub fn deck_request(
    ruleset: &str,
    decks: &[&'static str],
    spec: &str,
    whose: &str,
    format: Option<&str>,
) -> CliResult<DeckRequest> {
    let path = match deck_source_among(decks, spec)? {
        DeckSource::BuiltIn(name) => return Ok(DeckRequest::Named(name.into())),
        DeckSource::File(path) => path,
    };
    let text = read_text(&path)?;
    let check = epic_rulesets::check_deck(ruleset, &format!("{whose} ({spec})"), format, &text)?;
    if !check.broken.is_empty() {
        return Err(CliError::input(check.broken.join("\n")));
    }
    Ok(DeckRequest::Listed {
        label: spec.to_string(),
        text,
    })
}

/// Resolves a deck argument ([`deck_source`]) to its cards. `seed` only matters for
/// `random`.
pub fn resolve_deck(pool: &CardPool, spec: &str, seed: u64) -> CliResult<Vec<CardId>> {
    match deck_source(spec)? {
        DeckSource::BuiltIn(name) => {
            epic_cards::deck_from(pool, name, seed).map_err(|e| CliError::input(e.to_string()))
        }
        DeckSource::File(path) => read_deck_list(pool, &path),
    }
}

/// Reads a deck-list file; every mistake is reported (exit 2). Whether the deck can be
/// played is [`playable`]'s question.
pub fn read_deck_list(pool: &CardPool, path: &Path) -> CliResult<Vec<CardId>> {
    let text = read_text(path)?;
    epic_cards::parse_deck_list(&path.display().to_string(), &text, pool)
        .map_err(|e| CliError::input(e.to_string()))
}
