//! Card and deck names as the command line takes them: the 2017 game's names
//! ([`epic_engine::setup::names`]), card files added with `--cards`, and deck arguments
//! that name a built-in deck or a deck-list file.

pub use epic_engine::setup::names::*;

use crate::error::{read_text, CliError, CliResult};
use epic_cards::{CardId, CardPool, DECK_NAMES};
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

pub use epic_rulesets::DeckSource;

/// Reads a deck argument of the 2017 game ([`deck_source_among`] its decks).
pub fn deck_source(spec: &str) -> CliResult<DeckSource> {
    deck_source_among(&DECK_NAMES, spec)
}

/// [`epic_rulesets::deck_source_among`]: a deck argument among a ruleset's `decks`.
pub fn deck_source_among(decks: &[&'static str], spec: &str) -> CliResult<DeckSource> {
    Ok(epic_rulesets::deck_source_among(decks, spec)?)
}

/// A deck argument as the ruleset `ruleset` is asked for it
/// ([`epic_rulesets::deck_request`]): one of its decks by name, or a deck-list file,
/// checked here against `format` so that its mistakes are told as `whose`.
pub fn deck_request(
    ruleset: &str,
    spec: &str,
    whose: &str,
    format: Option<&str>,
) -> CliResult<DeckRequest> {
    let request = epic_rulesets::deck_request(ruleset, spec)?;
    if let DeckRequest::Listed { text, .. } = &request {
        let source = format!("{whose} ({spec})");
        let check = epic_rulesets::check_deck(ruleset, &source, format, text)?;
        if !check.broken.is_empty() {
            return Err(CliError::input(check.broken.join("\n")));
        }
    }
    Ok(request)
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
