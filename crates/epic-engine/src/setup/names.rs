//! Card and deck names: the shared card pool, formats by name, whether a deck can be
//! played, and "did you mean" suggestions.

use super::SetupResult;
use epic_cards::{edit_distance, CardId, CardPool};
use epic_game::SetupError;
use std::sync::{Arc, OnceLock};

/// The card pool every program uses: every real card, plus any card files a program added
/// first ([`set_pool`]). Built once per process and shared.
static POOL: OnceLock<Arc<CardPool>> = OnceLock::new();

/// The card pool as the engine wants it.
pub fn pool() -> Arc<CardPool> {
    POOL.get_or_init(epic_cards::shared_full_pool).clone()
}

/// Makes `pool` the one [`pool`] answers for the rest of the run (the command line's
/// `--cards`); refused once the pool has been used.
pub fn set_pool(pool: CardPool) -> SetupResult {
    POOL.set(Arc::new(pool))
        .map_err(|_| SetupError::new("card files are loaded before any command runs"))
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
pub fn find_card(pool: &CardPool, name: &str) -> SetupResult<CardId> {
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
    Err(SetupError::new(format!(
        "unknown card {}{hint}",
        epic_cards::quoted(name.trim())
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
pub fn format(name: &str) -> SetupResult<crate::formats::Format> {
    crate::formats::format(name).ok_or_else(|| {
        SetupError::new(format!(
            "unknown format '{name}'; the formats are {}",
            crate::formats::format_names().join(", ")
        ))
    })
}

/// Whether a game can be played with this deck: the one rule for `epic deck check`,
/// `epic play`, `epic sim` and saved games. `Err` completes a sentence whose subject is
/// the deck ("has 2 cards; …").
pub fn playable(
    deck: &[CardId],
    rules: &crate::RulesConfig,
    pool: &CardPool,
) -> Result<(), String> {
    // A God card is brought beside the deck, not in it (1.3.2, 2.4.1): one at most.
    let gods = deck.iter().filter(|&&c| pool.get(c).is_god()).count();
    if gods > 1 {
        return Err(format!(
            "brings {gods} God cards; a player brings at most one beside their deck (2.4.1)"
        ));
    }
    let needed = rules.opening_hand as usize;
    match deck.len() - gods {
        0 => Err("names no cards".into()),
        n if n < needed => Err(format!(
            "has {}; a game needs at least {needed}, the opening hand",
            epic_game::words::count(n as u64, "card", "cards")
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
    rules: &crate::RulesConfig,
) -> SetupResult {
    playable(deck, rules, &pool())
        .map_err(|why| SetupError::new(format!("{whose} ({}) {why}", epic_cards::quoted(spec))))
}
