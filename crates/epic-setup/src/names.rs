//! Card and deck names: the shared card pool, deck specs (`good` or a deck-list file)
//! and "did you mean" suggestions.

use crate::error::{CliError, CliResult};
use epic_cards::{edit_distance, CardId, CardPool, DECK_NAMES};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The card pool every command uses: every real card, plus any card files given with
/// `--cards`. Built once per process and shared.
static POOL: OnceLock<Arc<CardPool>> = OnceLock::new();

/// The card pool as the engine wants it.
pub fn pool() -> Arc<CardPool> {
    POOL.get_or_init(epic_cards::shared_full_pool).clone()
}

/// Adds card files to every real card for this run (`--cards`). Every mistake in every file
/// is reported, with file and line, and nothing is added if any file has one.
pub fn load_card_files(paths: &[std::path::PathBuf]) -> CliResult<()> {
    let mut pool = epic_cards::full_pool().clone();
    let mut mistakes = Vec::new();
    for path in paths {
        // Read here, as every file the user names is, so a missing or binary file is
        // told the same way and a byte-order mark is left out.
        let result = crate::error::read_text(path).and_then(|text| {
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
    POOL.set(Arc::new(pool))
        .map_err(|_| CliError::input("card files are loaded before any command runs"))
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
    let lower = spec.trim().to_ascii_lowercase();
    if let Some(name) = DECK_NAMES.iter().find(|n| **n == lower) {
        return Ok(DeckSource::BuiltIn(name));
    }
    let path = Path::new(spec);
    if spec.contains(['/', '.']) || path.exists() {
        return Ok(DeckSource::File(path.to_path_buf()));
    }
    let near = DECK_NAMES
        .iter()
        .filter(|n| edit_distance(&lower, n) <= 2)
        .min_by_key(|n| edit_distance(&lower, n))
        .map_or_else(String::new, |n| format!(" (did you mean '{n}'?)"));
    Err(CliError::input(format!(
        "unknown deck '{spec}'{near}: the built-in decks are {}, and there is no file named \
         '{spec}' (write a path, such as ./{spec}, for a deck-list file)",
        DECK_NAMES.join(", ")
    )))
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
    let text = crate::error::read_text(path)?;
    epic_cards::parse_deck_list(&path.display().to_string(), &text, pool)
        .map_err(|e| CliError::input(e.to_string()))
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
    // Without its punctuation ("angeline silver wing"), or the start of one card's name
    // ("furios").
    let wanted = plain(name);
    if !wanted.is_empty() {
        let cards = || pool.iter().filter(|(_, c)| !c.token);
        if let Some((id, _)) = cards().find(|(_, c)| plain(&c.name) == wanted) {
            return Ok(id);
        }
        let mut starting = cards().filter(|(_, c)| {
            let n = plain(&c.name);
            n.starts_with(&wanted) && n[wanted.len()..].starts_with([' ', ','])
        });
        if let (Some((id, _)), None) = (starting.next(), starting.next()) {
            return Ok(id);
        }
    }
    let hint = epic_cards::suggestion(&nearest_cards(pool, name, 3));
    Err(CliError::input(format!(
        "unknown card '{}'{hint}",
        name.trim()
    )))
}

/// Text made comparable: lower case, punctuation left out, one space between words.
pub fn plain(s: &str) -> String {
    s.to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace())
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The most cards a deck may hold. The engine numbers every card of a game with 16 bits,
/// so two decks and their tokens must stay well under 65,536 cards; no real deck comes
/// near this.
pub const MAX_DECK_CARDS: usize = 10_000;

/// The format of that name, or an input error listing the formats.
pub fn format(name: &str) -> CliResult<epic_formats::Format> {
    epic_formats::format(name).ok_or_else(|| {
        CliError::input(format!(
            "unknown format '{name}'; the formats are {}",
            epic_formats::format_names().join(", ")
        ))
    })
}

/// Whether a game can be played with this deck: the one rule for `epic deck check`,
/// `epic play`, `epic sim` and saved games. `Err` completes a sentence whose subject is
/// the deck ("has 2 cards; …").
pub fn playable(deck: &[CardId], rules: &epic_engine::RulesConfig) -> Result<(), String> {
    let needed = rules.opening_hand as usize;
    match deck.len() {
        0 => Err("names no cards".into()),
        n if n < needed => Err(format!(
            "has {n} card(s); a game needs at least {needed}, the opening hand"
        )),
        n if n > MAX_DECK_CARDS => Err(format!(
            "has {n} cards; a deck may hold at most {MAX_DECK_CARDS}"
        )),
        _ => Ok(()),
    }
}

/// [`playable`] as an input error that says which deck: "your deck ('small.txt') has …".
pub fn check_deck_size(
    deck: &[CardId],
    spec: &str,
    whose: &str,
    rules: &epic_engine::RulesConfig,
) -> CliResult {
    playable(deck, rules).map_err(|why| CliError::input(format!("{whose} ('{spec}') {why}")))
}
