//! The ways Epic is played, as values (2015 rulebook, "Formats"; checklist Part F).
//!
//! A [`Format`] is data: how many seats it is for, the rules numbers of its games, and
//! what a legal deck is ([`DeckRule`]). Checking a deck names every rule it breaks
//! ([`Violation`]), so `epic deck check --format NAME` and every program that builds a
//! game from a format give the same answer.
//!
//! ```
//! let pool = epic_cards::base_pool();
//! let deck = epic_cards::deck_from(pool, "good", 0).unwrap();
//! let preconstructed = epic_engine::formats::format("preconstructed").unwrap();
//! assert!(preconstructed.check(&deck, pool).is_empty());
//! let full = epic_engine::formats::format("full-constructed").unwrap();
//! assert!(!full.check(&deck, pool).is_empty()); // 30 cards: Full Constructed needs 60
//! ```

pub mod draft;
pub mod drafted;

use crate::RulesConfig;
use epic_model::{Alignment, CardId, CardPool};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::RangeInclusive;

/// What a legal deck of a format is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "rule")]
pub enum DeckRule {
    /// Exactly this many cards (Sealed, Pack Draft: the 30 dealt or drafted).
    Exactly { cards: usize },
    /// At least this many cards, built from a larger pool (Open Draft, Cube Draft).
    AtLeast { cards: usize },
    /// Every card of one alignment of one set, one copy each (FMT-05).
    Preconstructed,
    /// At least `cards` cards, at most `copies` of each, and for every alignment at
    /// least `ratio` cards with a cost of 1 for each card with a cost of 0 (FMT-06,
    /// ruling H-20).
    Constructed {
        cards: usize,
        copies: usize,
        ratio: usize,
    },
}

/// A way to play: its seats, the numbers of its games' rules, and its decks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Format {
    /// The name programs use: `sealed`, `full-constructed`.
    pub name: &'static str,
    /// What the rulebook calls it.
    pub title: &'static str,
    /// The players a game of it seats (the rulebook's counts for one set).
    pub players: RangeInclusive<u8>,
    pub deck: DeckRule,
    /// The rules numbers of its games (starting health, hands, first-player draw).
    pub rules: RulesConfig,
    /// Whether a player may bring one God card beside their deck (2.4.1, ruling R-22).
    pub gods: bool,
    /// One sentence on how decks are made, for `--help` and the docs.
    pub summary: &'static str,
}

/// One way a deck breaks its format's rules, in words a deck builder can act on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(rename_all = "snake_case", tag = "violation")]
pub enum Violation {
    #[error("the deck has {have} cards; it needs exactly {need}")]
    WrongSize { have: usize, need: usize },
    #[error("the deck has {have} cards; it needs at least {need}")]
    TooFew { have: usize, need: usize },
    #[error("{copies} copies of {card}; at most {max} of a card")]
    TooManyCopies {
        card: String,
        copies: usize,
        max: usize,
    },
    #[error(
        "{alignment} cards with a cost of 0: {zero}, which need at least {need} {alignment} \
         cards with a cost of 1; the deck has {one}"
    )]
    ZeroCostRatio {
        alignment: String,
        zero: usize,
        one: usize,
        need: usize,
    },
    #[error(
        "{copies} copies of {card}; the collection a deck of this format comes from holds \
         {max} for {players} players"
    )]
    BeyondCollection {
        card: String,
        copies: usize,
        max: usize,
        players: usize,
    },
    #[error("{card} is a token; tokens are never part of a deck (2.3.7)")]
    Token { card: String },
    #[error("{card} is a God card; this format allows none (2.4.1)")]
    GodNotAllowed { card: String },
    #[error("{cards} are God cards; a player brings one at most (2.4.1)")]
    TwoGods { cards: String },
    #[error("a Preconstructed deck is every card of one alignment of one set; this deck {why}")]
    NotPreconstructed { why: String },
}

/// Every format, in the rulebook's order: Limited, then Constructed.
pub fn formats() -> Vec<Format> {
    let rules = RulesConfig::default;
    vec![
        Format {
            name: "sealed",
            title: "Sealed",
            // "2-4 players, 5-8 players with two sets" ([`draft::collection`]).
            players: 2..=8,
            deck: DeckRule::Exactly { cards: 30 },
            rules: rules(),
            gods: false,
            summary: "30 cards dealt at random (or the best 30 of a larger dealt pool)",
        },
        Format {
            name: "pack-draft",
            title: "Pack Draft",
            // "3-4 players, 5-8 players with two sets" ([`draft::collection`]).
            players: 3..=8,
            deck: DeckRule::Exactly { cards: 30 },
            rules: rules(),
            gods: false,
            summary: "three 10-card packs drafted, passing left, right, left: all 30 picks",
        },
        Format {
            name: "open-draft",
            title: "Open Draft",
            players: 2..=2,
            // "Each player builds a 30-card deck" (2015 rulebook, Open Draft).
            deck: DeckRule::Exactly { cards: 30 },
            rules: rules(),
            gods: false,
            summary: "four cards revealed at a time, picked 1/2/1; a deck of exactly 30 \
                      built from the picks",
        },
        Format {
            name: "cube-draft",
            title: "Epic Cube Draft",
            players: 8..=8,
            deck: DeckRule::AtLeast { cards: 30 },
            rules: rules(),
            gods: false,
            summary: "three 12-card packs drafted from a cube; at least 30 of the 36 picks",
        },
        Format {
            name: "dark-draft",
            title: "Dark Draft",
            players: 2..=2,
            deck: DeckRule::Exactly { cards: 30 },
            rules: rules(),
            gods: false,
            summary: "ten rounds of 5-card packs, 1 picked and 2 of the other's 4: 30 cards",
        },
        Format {
            name: "preconstructed",
            title: "Preconstructed",
            players: 2..=4,
            deck: DeckRule::Preconstructed,
            rules: rules(),
            gods: true,
            summary: "every card of one alignment of one set",
        },
        Format {
            name: "full-constructed",
            title: "Full Constructed",
            players: 2..=8,
            deck: DeckRule::Constructed {
                cards: 60,
                copies: 3,
                ratio: 2,
            },
            rules: rules(),
            gods: true,
            summary: "at least 60 cards, at most 3 of each, two 1-cost cards of an \
                      alignment for each 0-cost card of it",
        },
    ]
}

/// The names [`format`] accepts.
pub fn format_names() -> Vec<&'static str> {
    formats().iter().map(|f| f.name).collect()
}

/// The format of that name (`sealed`, `full-constructed`; case and `_` ignored).
pub fn format(name: &str) -> Option<Format> {
    let want = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
    formats().into_iter().find(|f| f.name == want)
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title)
    }
}

impl Format {
    /// Whether a game of it may seat `players`.
    pub fn seats(&self, players: usize) -> bool {
        u8::try_from(players).is_ok_and(|p| self.players.contains(&p))
    }

    /// The players it seats, in words: "3 to 4 players", "8 players".
    pub fn players_text(&self) -> String {
        let (low, high) = (self.players.start(), self.players.end());
        if low == high {
            format!("{low} players")
        } else {
            format!("{low} to {high} players")
        }
    }

    /// Every rule of the format the deck breaks at its smallest table; none for a legal
    /// deck ([`Format::check_at`]).
    pub fn check(&self, list: &[CardId], pool: &CardPool) -> Vec<Violation> {
        self.check_at(list, pool, usize::from(*self.players.start()))
    }

    /// Every rule of the format the deck breaks at a table of `players`; none for a legal
    /// deck. A God card beside the deck is not one of its cards (1.3.2). A limited deck
    /// holds no more copies of a card than the collection it is dealt or drafted from
    /// ([`draft::collection`]): one of each from one set, two from two sets (five to
    /// eight players at Sealed and Pack Draft), the cube's own counts.
    pub fn check_at(&self, list: &[CardId], pool: &CardPool, players: usize) -> Vec<Violation> {
        let (gods, deck): (Vec<CardId>, Vec<CardId>) =
            list.iter().partition(|&&c| pool.get(c).is_god());
        let deck = &deck[..];
        let mut out: Vec<Violation> = Vec::new();
        if !self.gods {
            out.extend(gods.iter().map(|&c| Violation::GodNotAllowed {
                card: pool.get(c).name.clone(),
            }));
        } else if gods.len() > 1 {
            let names: Vec<&str> = gods.iter().map(|&c| pool.get(c).name.as_str()).collect();
            out.push(Violation::TwoGods {
                cards: names.join(", "),
            });
        }
        out.extend(
            deck.iter()
                .filter(|&&c| pool.get(c).token)
                .map(|&c| Violation::Token {
                    card: pool.get(c).name.clone(),
                }),
        );
        out.dedup();
        match self.deck {
            DeckRule::Exactly { cards } if deck.len() != cards => out.push(Violation::WrongSize {
                have: deck.len(),
                need: cards,
            }),
            DeckRule::AtLeast { cards } if deck.len() < cards => out.push(Violation::TooFew {
                have: deck.len(),
                need: cards,
            }),
            DeckRule::Exactly { .. } | DeckRule::AtLeast { .. } => {}
            DeckRule::Preconstructed => out.extend(preconstructed(deck, pool)),
            DeckRule::Constructed {
                cards,
                copies,
                ratio,
            } => {
                if deck.len() < cards {
                    out.push(Violation::TooFew {
                        have: deck.len(),
                        need: cards,
                    });
                }
                out.extend(too_many_copies(deck, pool, copies));
                out.extend(zero_cost_ratio(deck, pool, ratio));
            }
        }
        if let Some(limited) = draft::DraftFormat::named(self.name) {
            out.extend(beyond_collection(deck, pool, limited, players));
        }
        out
    }
}

/// The Sealed decks of a table of `players` (FMT-01): 30 cards for each seat dealt from
/// one collection, so that no two seats hold the same copy of a card: one base set for
/// two to four players, two for five to eight (2015 rulebook, "Sealed"). The same seed
/// deals the same decks.
pub fn sealed_decks(pool: &CardPool, players: usize, seed: u64) -> Vec<Vec<CardId>> {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let mut cards = draft::collection(draft::DraftFormat::Sealed, pool, players);
    cards.shuffle(&mut rand_pcg::Pcg64Mcg::seed_from_u64(seed));
    cards
        .chunks(SEALED_DECK)
        .take(players)
        .map(<[CardId]>::to_vec)
        .collect()
}

/// The cards of a Sealed deck.
pub const SEALED_DECK: usize = 30;

/// How many copies of each card the deck holds, by card name.
fn copies(deck: &[CardId], pool: &CardPool) -> BTreeMap<String, usize> {
    let mut n = BTreeMap::new();
    for &c in deck {
        *n.entry(pool.get(c).name.clone()).or_insert(0) += 1;
    }
    n
}

fn too_many_copies(deck: &[CardId], pool: &CardPool, max: usize) -> Vec<Violation> {
    copies(deck, pool)
        .into_iter()
        .filter(|&(_, n)| n > max)
        .map(|(card, copies)| Violation::TooManyCopies { card, copies, max })
        .collect()
}

/// The cards of `deck` it holds more copies of than the collection of `format` for
/// `players` does (none at all: a card of another set).
fn beyond_collection(
    deck: &[CardId],
    pool: &CardPool,
    format: draft::DraftFormat,
    players: usize,
) -> Vec<Violation> {
    let held = copies(&draft::collection(format, pool, players), pool);
    // A token is no deck card at all, and is reported as one.
    let cards: Vec<CardId> = deck
        .iter()
        .copied()
        .filter(|&c| !pool.get(c).token)
        .collect();
    copies(&cards, pool)
        .into_iter()
        .filter_map(|(card, copies)| {
            let max = held.get(&card).copied().unwrap_or(0);
            (copies > max).then_some(Violation::BeyondCollection {
                card,
                copies,
                max,
                players,
            })
        })
        .collect()
}

/// H-20: for each alignment, the cards with a cost of 1 must number at least `ratio`
/// times those with a cost of 0. Copies count one by one, and a card of two alignments
/// counts for each.
fn zero_cost_ratio(deck: &[CardId], pool: &CardPool, ratio: usize) -> Vec<Violation> {
    Alignment::ALL
        .into_iter()
        .filter_map(|a| {
            let of = |cost: u8| {
                deck.iter()
                    .map(|&c| pool.get(c))
                    .filter(|d| !d.token && d.cost == cost && d.alignments.contains(a))
                    .count()
            };
            let (zero, one) = (of(0), of(1));
            (one < zero * ratio).then(|| Violation::ZeroCostRatio {
                alignment: a.name().to_string(),
                zero,
                one,
                need: zero * ratio,
            })
        })
        .collect()
}

/// FMT-05: the deck is exactly the cards of one alignment of one set, one copy each.
fn preconstructed(deck: &[CardId], pool: &CardPool) -> Option<Violation> {
    let why = |why: String| Some(Violation::NotPreconstructed { why });
    let Some(&first) = deck.first() else {
        return why("is empty".into());
    };
    let set = &pool.get(first).set;
    if let Some(&other) = deck.iter().find(|&&c| &pool.get(c).set != set) {
        return why(format!(
            "mixes {} ({set}) and {} ({})",
            pool.get(first).name,
            pool.get(other).name,
            pool.get(other).set
        ));
    }
    // The alignment every card has: the deck's colour.
    let Some(colour) = Alignment::ALL
        .into_iter()
        .find(|&a| deck.iter().all(|&c| pool.get(c).alignments.contains(a)))
    else {
        return why("has no alignment common to all its cards".into());
    };
    let want: Vec<CardId> = pool
        .iter()
        .filter(|(_, d)| !d.token && &d.set == set && d.alignments.contains(colour))
        .map(|(id, _)| id)
        .collect();
    let missing: Vec<&str> = want
        .iter()
        .filter(|c| !deck.contains(c))
        .map(|&c| pool.get(c).name.as_str())
        .collect();
    let doubled: Vec<String> = copies(deck, pool)
        .into_iter()
        .filter(|&(_, n)| n > 1)
        .map(|(card, n)| format!("{n} copies of {card}"))
        .collect();
    let mut wrong = Vec::new();
    if !missing.is_empty() {
        wrong.push(format!("lacks {}", missing.join(", ")));
    }
    if !doubled.is_empty() {
        wrong.push(format!("has {}", doubled.join(", ")));
    }
    if !wrong.is_empty() {
        return why(format!(
            "is not the {} {} cards of {set}: it {}",
            want.len(),
            colour.name(),
            wrong.join("; it ")
        ));
    }
    None
}
