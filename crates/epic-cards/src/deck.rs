//! Decks: the four preconstructed decks, seeded random Sealed decks and deck lists.

use crate::diag::{nearest, suggestion, Diagnostic, Errors};
use epic_model::{Alignment, CardId, CardPool};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Cards in a preconstructed or Sealed deck.
pub const DECK_SIZE: usize = 30;

/// The names [`deck`] accepts.
pub const DECK_NAMES: [&str; 5] = ["good", "evil", "sage", "wild", "random"];

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    #[error("unknown deck '{0}'; expected one of good, evil, sage, wild or random")]
    UnknownDeck(String),
    /// A deck list with mistakes (every one of them).
    #[error("{0}")]
    List(#[from] Errors),
}

/// A named deck from the base set: `good`, `evil`, `sage` and `wild` are the 2015
/// rulebook's Preconstructed decks (the 30 cards of that alignment, one copy each);
/// `random` is a Sealed deck of 30 different cards drawn from the 120, the same for the
/// same seed. The seed is ignored by the preconstructed decks.
pub fn deck(name: &str, seed: u64) -> Result<Vec<CardId>, DeckError> {
    deck_from(crate::base_pool(), name, seed)
}

/// As [`deck`], drawing from any pool (tokens are never in a deck).
pub fn deck_from(pool: &CardPool, name: &str, seed: u64) -> Result<Vec<CardId>, DeckError> {
    let name = name.trim().to_lowercase();
    let playable = pool.iter().filter(|(_, c)| !c.token);
    if name == "random" {
        let mut all: Vec<CardId> = playable.map(|(id, _)| id).collect();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        all.shuffle(&mut rng);
        all.truncate(DECK_SIZE);
        return Ok(all);
    }
    let a = Alignment::parse(&name).ok_or(DeckError::UnknownDeck(name.clone()))?;
    Ok(alignment_deck(pool, a))
}

/// The four preconstructed decks, built once, paired game after game by workloads that
/// play many games (benchmarks, profiling): game `i` pits deck `i % 4` against deck
/// `(i / 4) % 4`, so every sixteen games play every pairing, each deck on both sides.
#[derive(Clone, Debug)]
pub struct Preconstructed {
    decks: [Vec<CardId>; 4],
}

impl Preconstructed {
    /// The decks of `pool`'s cards of each alignment, in the order of [`Alignment::ALL`]
    /// (good, evil, sage, wild).
    pub fn new(pool: &CardPool) -> Preconstructed {
        Preconstructed {
            decks: Alignment::ALL.map(|a| alignment_deck(pool, a)),
        }
    }

    /// The two decks of game `i`.
    pub fn pairing(&self, i: u64) -> Vec<Vec<CardId>> {
        vec![
            self.decks[(i % 4) as usize].clone(),
            self.decks[((i / 4) % 4) as usize].clone(),
        ]
    }
}

/// Every playable card of one alignment: a preconstructed deck.
fn alignment_deck(pool: &CardPool, a: Alignment) -> Vec<CardId> {
    pool.iter()
        .filter(|(_, c)| !c.token && c.alignments.contains(a))
        .map(|(id, _)| id)
        .collect()
}

/// Reads a deck list: one entry a line, `N Card Name` or just `Card Name` (one copy);
/// `#` starts a comment; blank lines are ignored. Every unknown name is reported with its
/// line and the nearest real names.
pub fn parse_deck_list(
    source_name: &str,
    text: &str,
    pool: &CardPool,
) -> Result<Vec<CardId>, DeckError> {
    let text = crate::without_bom(text);
    let mut out = Vec::new();
    let mut diags = Vec::new();
    let names: Vec<&str> = pool
        .iter()
        .filter(|(_, c)| !c.token)
        .map(|(_, c)| c.name.as_str())
        .collect();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut err = |message: String| {
            diags.push(Diagnostic {
                file: source_name.to_string(),
                line: i + 1,
                message,
            })
        };
        // "N Name", "Nx Name", "N x Name", or just "Name" for one copy.
        let (first, rest) = line.split_once(' ').unwrap_or((line, ""));
        let digits = first.strip_suffix(['x', 'X']).unwrap_or(first);
        let numeric = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
        let signed = first.strip_prefix(['-', '+']).is_some_and(numeric);
        let (count, name) = if !rest.is_empty() && (numeric(digits) || signed) {
            match digits.parse::<u32>() {
                Ok(k) if (1..=99).contains(&k) => {
                    let rest = rest.trim();
                    let rest = if digits == first {
                        rest.strip_prefix("x ").unwrap_or(rest)
                    } else {
                        rest
                    };
                    (k, rest.trim())
                }
                _ => {
                    err(format!("'{first}' is not a number of copies (1 to 99)"));
                    continue;
                }
            }
        } else {
            (1, line)
        };
        match pool.by_name(name) {
            Some(id) if pool.get(id).token => {
                err(format!("'{name}' is a token; tokens are never in a deck"))
            }
            Some(id) => out.resize(out.len() + count as usize, id),
            None => {
                let near = suggestion(&nearest(name, names.iter().copied(), 3));
                err(format!("unknown card '{name}'{near}"));
            }
        }
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(DeckError::List(Errors(diags)))
    }
}
