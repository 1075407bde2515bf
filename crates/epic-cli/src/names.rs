//! Card and deck names: the shared card pool, deck specs (`good` or a deck-list file)
//! and "did you mean" suggestions.

use crate::error::{CliError, CliResult};
use epic_cards::{edit_distance, CardId, CardPool, DECK_NAMES};
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The card pool every command uses: the base set, plus any card files given with
/// `--cards`. Built once per process and shared.
static POOL: OnceLock<Arc<CardPool>> = OnceLock::new();

/// The card pool as the engine wants it.
pub fn pool() -> Arc<CardPool> {
    POOL.get_or_init(|| Arc::new(epic_cards::base_pool().clone()))
        .clone()
}

/// Adds card files to the base set for this run (`--cards`). Every mistake in every file
/// is reported, with file and line, and nothing is added if any file has one.
pub fn load_card_files(paths: &[std::path::PathBuf]) -> CliResult<()> {
    let mut pool = epic_cards::base_pool().clone();
    let mut mistakes = Vec::new();
    for path in paths {
        if let Err(e) = epic_cards::load_file(path, &mut pool) {
            mistakes.push(e.to_string());
        }
    }
    if !mistakes.is_empty() {
        return Err(CliError::input(format!(
            "the card files have mistakes:\n{}",
            mistakes.join("\n")
        )));
    }
    POOL.set(Arc::new(pool))
        .map_err(|_| CliError::input("card files are loaded before any command runs"))
}

/// Resolves a deck argument: a built-in deck name, or else a deck-list file.
/// `seed` only matters for `random`.
pub fn resolve_deck(pool: &CardPool, spec: &str, seed: u64) -> CliResult<Vec<CardId>> {
    let lower = spec.trim().to_ascii_lowercase();
    if DECK_NAMES.contains(&lower.as_str()) {
        return epic_cards::deck_from(pool, &lower, seed)
            .map_err(|e| CliError::input(e.to_string()));
    }
    let path = Path::new(spec);
    if !path.exists() {
        let near = DECK_NAMES
            .iter()
            .filter(|n| edit_distance(&lower, n) <= 2)
            .min_by_key(|n| edit_distance(&lower, n))
            .map_or_else(String::new, |n| format!(" (did you mean '{n}'?)"));
        return Err(CliError::input(format!(
            "unknown deck '{spec}'{near}: expected one of {} or the path of a deck-list file",
            DECK_NAMES.join(", ")
        )));
    }
    read_deck_list(pool, path)
}

/// Reads a deck-list file; every mistake is reported (exit 2).
pub fn read_deck_list(pool: &CardPool, path: &Path) -> CliResult<Vec<CardId>> {
    let text = crate::error::read_text(path)?;
    let deck = epic_cards::parse_deck_list(&path.display().to_string(), &text, pool)
        .map_err(|e| CliError::input(e.to_string()))?;
    if deck.is_empty() {
        return Err(CliError::input(format!(
            "{}: the deck list names no cards",
            path.display()
        )));
    }
    Ok(deck)
}

/// Up to `max` card names nearest to `word` (names containing it come first).
pub fn nearest_cards(pool: &CardPool, word: &str, max: usize) -> Vec<String> {
    let w = word.trim().to_lowercase();
    let mut scored: Vec<(usize, &str)> = pool
        .iter()
        .map(|(_, c)| {
            let name = c.name.as_str();
            let d = if name.to_lowercase().contains(&w) && !w.is_empty() {
                0
            } else {
                edit_distance(&w, name)
            };
            (d, name)
        })
        .collect();
    scored.sort();
    let limit = (w.len() / 2).max(3);
    scored
        .into_iter()
        .filter(|(d, _)| *d <= limit)
        .take(max)
        .map(|(_, n)| n.to_string())
        .collect()
}

/// Finds a card by name, or an input error suggesting the nearest names.
pub fn find_card(pool: &CardPool, name: &str) -> CliResult<CardId> {
    if let Some(id) = pool.by_name(name).or_else(|| pool.token(name)) {
        return Ok(id);
    }
    let hint = epic_cards::suggestion(&nearest_cards(pool, name, 3));
    Err(CliError::input(format!(
        "unknown card '{}'{hint}",
        name.trim()
    )))
}

/// A deck must hold at least the opening hand; says which deck is short, and by how much.
pub fn check_deck_size(
    deck: &[CardId],
    spec: &str,
    whose: &str,
    rules: &epic_engine::RulesConfig,
) -> CliResult {
    let needed = rules.opening_hand as usize;
    if deck.len() < needed {
        return Err(CliError::input(format!(
            "{whose} ('{spec}') has {} card(s); a game needs at least {needed}, the opening hand",
            deck.len()
        )));
    }
    Ok(())
}
