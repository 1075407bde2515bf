//! Decks: the four preconstructed decks, seeded random Sealed decks and deck lists.

use crate::diag::{nearest, quoted, suggestion, Diagnostic, Errors};
use epic_model::{Alignment, Alignments, CardId, CardPool};
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

/// As [`deck`], drawing from the base-set cards of any pool (tokens are never in a deck).
pub fn deck_from(pool: &CardPool, name: &str, seed: u64) -> Result<Vec<CardId>, DeckError> {
    let name = name.trim().to_lowercase();
    let playable = pool
        .iter()
        .filter(|(_, c)| !c.token && c.set == epic_model::BASE_SET);
    if name == "random" {
        let mut all: Vec<CardId> = playable.map(|(id, _)| id).collect();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        all.shuffle(&mut rng);
        all.truncate(DECK_SIZE);
        return Ok(all);
    }
    let a = Alignment::parse(&name).ok_or(DeckError::UnknownDeck(name.clone()))?;
    Ok(alignment_deck(pool, a, true))
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
            decks: Alignment::ALL.map(|a| alignment_deck(pool, a, true)),
        }
    }

    /// Decks of every card of each alignment in `pool`, whatever its set: with the
    /// expansions, larger decks that play every card (`epic bench`'s every-set games).
    pub fn of_every_set(pool: &CardPool) -> Preconstructed {
        Preconstructed {
            decks: Alignment::ALL.map(|a| alignment_deck(pool, a, false)),
        }
    }

    /// The two decks of game `i`.
    pub fn pairing(&self, i: u64) -> Vec<Vec<CardId>> {
        vec![
            self.decks[(i % 4) as usize].clone(),
            self.decks[((i / 4) % 4) as usize].clone(),
        ]
    }

    /// The decks of game `i` at a table of `players` seats: two seats are
    /// [`Preconstructed::pairing`]; at a larger table seat `k` plays deck `(i + k) % 4`,
    /// so the four decks go round the table from game to game.
    pub fn table(&self, i: u64, players: usize) -> Vec<Vec<CardId>> {
        if players == 2 {
            return self.pairing(i);
        }
        (0..players as u64)
            .map(|k| self.decks[((i + k) % 4) as usize].clone())
            .collect()
    }
}

/// Every card of one alignment, of the base set only or of every set: with
/// `base_only`, a preconstructed deck. Of every set, the deck brings the first God card
/// of that alignment alone beside it (a player brings one at most, 2.4.1).
fn alignment_deck(pool: &CardPool, a: Alignment, base_only: bool) -> Vec<CardId> {
    let mut deck: Vec<CardId> = pool
        .iter()
        .filter(|(_, c)| {
            !c.token
                && !c.is_god()
                && (!base_only || c.set == epic_model::BASE_SET)
                && c.alignments.contains(a)
        })
        .map(|(id, _)| id)
        .collect();
    if !base_only {
        deck.extend(
            pool.iter()
                .find(|(_, c)| c.is_god() && c.alignments == Alignments::one(a))
                .map(|(id, _)| id),
        );
    }
    deck
}

/// The most copies of one card a deck-list line may ask for.
pub const MAX_COPIES: u32 = 99;

/// The most cards a deck list may hold in all; a longer list is a mistake on the line that
/// goes past it, never a huge allocation.
pub const MAX_DECK_LIST_CARDS: usize = 10_000;

/// Reads a deck list: one entry a line, `N Card Name`, `Card Name xN` or just
/// `Card Name` (one copy); `#` starts a comment; blank lines are ignored. Every mistake
/// (an unknown name, with the nearest real names; a bad count; a list past
/// [`MAX_DECK_LIST_CARDS`]) is reported with its line.
pub fn parse_deck_list(
    source_name: &str,
    text: &str,
    pool: &CardPool,
) -> Result<Vec<CardId>, DeckError> {
    let names: Vec<&str> = pool
        .iter()
        .filter(|(_, c)| !c.token)
        .map(|(_, c)| c.name.as_str())
        .collect();
    parse_deck_list_with(source_name, text, &names, |name| {
        pool.by_name(name).map(|id| (id, pool.get(id).token))
    })
}

/// [`parse_deck_list`] against any game's cards: `lookup` finds a name's card and says
/// whether it is a token; `names` are the names a mistake's suggestions come from.
pub fn parse_deck_list_with(
    source_name: &str,
    text: &str,
    names: &[&str],
    lookup: impl Fn(&str) -> Option<(CardId, bool)>,
) -> Result<Vec<CardId>, DeckError> {
    let text = crate::without_bom(text);
    let mut out = Vec::new();
    let mut diags = Vec::new();
    // The list already went past the cap: later lines are still checked, not added.
    let mut full = false;
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
        let (count, name) = match entry(line) {
            Ok(e) => e,
            Err(message) => {
                err(message);
                continue;
            }
        };
        match lookup(name) {
            Some((_, true)) => err(format!(
                "{} is a token; tokens are never in a deck",
                quoted(name)
            )),
            Some(_) if full => {}
            Some(_) if out.len() + count as usize > MAX_DECK_LIST_CARDS => {
                full = true;
                err(format!(
                    "the deck list goes past {MAX_DECK_LIST_CARDS} cards, the most a list may hold"
                ));
            }
            Some((id, false)) => out.resize(out.len() + count as usize, id),
            None => {
                let near = suggestion(&nearest(name, names.iter().copied(), 3));
                err(format!("unknown card {}{near}", quoted(name)));
            }
        }
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(DeckError::List(Errors(diags)))
    }
}

/// One deck-list entry: the number of copies and the name. The count comes first
/// (`3 Kong`, `3x Kong`, `3 x Kong`) or last (`Kong x3`, `Kong x 3`); without one the
/// line is one copy of the name.
fn entry(line: &str) -> Result<(u32, &str), String> {
    let countlike = |s: &str| {
        let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    };
    let copies = |written: &str, digits: &str| match digits.parse::<u32>() {
        Ok(k) if (1..=MAX_COPIES).contains(&k) => Ok(k),
        _ => Err(format!(
            "{} is not a number of copies (1 to {MAX_COPIES})",
            quoted(written)
        )),
    };
    // "N Name", "Nx Name", "N x Name".
    let (first, rest) = line.split_once(' ').unwrap_or((line, ""));
    let digits = first.strip_suffix(['x', 'X']).unwrap_or(first);
    if !rest.is_empty() && countlike(digits) {
        let k = copies(first, digits)?;
        let rest = rest.trim_start();
        let name = match rest.split_once(' ') {
            Some(("x" | "X", name)) if digits == first => name.trim_start(),
            _ => rest,
        };
        if count_after(name).is_some() {
            return Err(format!("{} gives the number of copies twice", quoted(line)));
        }
        return Ok((k, name));
    }
    // "Name xN", "Name x N".
    match count_after(line) {
        Some((name, written, digits)) if countlike(digits) => Ok((copies(written, digits)?, name)),
        _ => Ok((1, line)),
    }
}

/// Splits "Name xN" or "Name x N" into the name, the count as written and its digits.
fn count_after(line: &str) -> Option<(&str, &str, &str)> {
    let (head, last) = line.rsplit_once(' ')?;
    if let Some(digits) = last.strip_prefix(['x', 'X']).filter(|d| !d.is_empty()) {
        return Some((head.trim_end(), last, digits));
    }
    let (name, x) = head.trim_end().rsplit_once(' ')?;
    if matches!(x, "x" | "X") {
        let written = &line[name.len()..];
        return Some((name.trim_end(), written.trim_start(), last));
    }
    None
}
