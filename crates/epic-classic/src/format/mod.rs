//! The classic formats (rules-2009-classic.md §15): booster packs, Sealed Pack N, Pack
//! War, Draft N and Designed Deck, as data; deck checking that names every rule a deck
//! breaks; matches and sideboarding between their games; a decision-driven draft; and a
//! deck builder for bots.
//!
//! Everything here happens before a game: what a game does with the deck (Pack War's
//! deck-out, X-18) belongs to the engine.
//!
//! Rulings:
//! - a Pack War deck is exactly the 15 cards of one pack, with no sideboard and no
//!   minimum of 30 ("no deck building. Just shuffle up your cards"). Sealed Pack N (N ≥ 2)
//!   lets players build a deck of at least 30 from their packs; with two packs that is all
//!   30 cards and no sideboard, which is why the rulebook can say Sealed Pack 2 has "no
//!   deck building" too. `sealed-1` is Pack War.
//! - Draft N needs N ≥ 2: a drafted deck is built "using the same rules as sealed pack",
//!   at least 30 cards, and one 15-card pack cannot give that.
//! - a gift card is a card whose name is on the gift list (`cards/classic/lists.txt`),
//!   without regard to case; the rulebook gives the names only, so we give no texts.
//! - Restricted, banned and gift limits are Designed Deck rules (the rulebook states them
//!   for "a designed deck and its sideboard"); Sealed and Draft have no copy limit.
//! - A booster pack is 15 cards drawn at random from the pool (tokens aside), a card
//!   possibly more than once: our pool has no rarities to build real packs from.

use crate::card::{Alignment, ClassicPool};
use epic_model::CardId;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

mod draft;
mod lists;

pub use draft::{bot_pick, ClassicDraft, DraftView};
pub use epic_game::series::{Match, SeriesError, MAX_BEST_OF};
pub use lists::Lists;

/// Cards in a classic booster pack ("two 15 card booster packs").
pub const PACK_SIZE: usize = 15;
/// The most packs a player opens in Sealed Pack N or Draft N: beyond any table's use,
/// and it keeps a mistyped `draft-999999` from dealing a million cards.
pub const MAX_PACKS: usize = 12;
/// The fewest cards in a sealed or drafted deck (T-2.1, T-15.2).
pub const LIMITED_MIN_DECK: usize = 30;
/// The fewest cards in a designed deck (T-2.1, T-15.5).
pub const DESIGNED_MIN_DECK: usize = 60;
/// A sideboard is exactly this many cards, or none (T-15.1).
pub const SIDEBOARD_SIZE: usize = 15;
/// The most copies of a card between a designed deck and its sideboard (T-15.5).
pub const MAX_COPIES: usize = 3;
/// The most copies of a restricted card (T-15.6).
pub const MAX_RESTRICTED: usize = 1;
/// The most free cards between a designed deck and its sideboard (T-15.5).
pub const MAX_FREE: usize = 18;
/// The most gift cards between a designed deck and its sideboard (T-15.8).
pub const MAX_GIFTS: usize = 9;
/// The fewest players at a sealed or draft table: a draft needs someone to pass to. The
/// most is the game's [`crate::MAX_PLAYERS`].
pub const MIN_TABLE: usize = 2;

/// The embedded restricted, banned and gift-card lists: (file name, text).
pub const LISTS_FILE: (&str, &str) = (
    "cards/classic/lists.txt",
    include_str!("../../../../cards/classic/lists.txt"),
);

// --- Packs --------------------------------------------------------------------------

/// Opens `n` booster packs of [`PACK_SIZE`] cards from `pool`, the same for the same
/// seed. Each card is drawn from the whole pool but its tokens (T-12.6: a token is not an
/// Epic card), so a pack may hold a card twice; a pool without cards gives empty packs.
/// `n` is the caller's to bound ([`Format`] keeps it to [`MAX_PACKS`] a player).
pub fn open_packs(pool: &ClassicPool, n: usize, seed: u64) -> Vec<Vec<CardId>> {
    open_with(pool, n, &mut deal_rng(seed))
}

/// The generator that deals packs from `seed`: a stream of its own, so that a deal and
/// the game played with it, given one seed, do not draw the same numbers.
fn deal_rng(seed: u64) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(seed ^ 0x5eed_0fde_a15e_ed00)
}

/// The alignments from the most to the least common among `cards` (ties: good, evil,
/// wild), with their counts; Unaligned is left out, as it fits any deck.
fn alignments_by_count(pool: &ClassicPool, cards: &[CardId]) -> [(usize, Alignment); 3] {
    let mut ranked = [Alignment::Good, Alignment::Evil, Alignment::Wild].map(|a| {
        (
            cards
                .iter()
                .filter(|c| pool.get(**c).alignment == a)
                .count(),
            a,
        )
    });
    // Stable: ties keep good, evil, wild.
    ranked.sort_by_key(|r| std::cmp::Reverse(r.0));
    ranked
}

fn open_with(pool: &ClassicPool, n: usize, rng: &mut Pcg64Mcg) -> Vec<Vec<CardId>> {
    let ids: Vec<CardId> = pool.ids().filter(|c| !pool.get(*c).token).collect();
    (0..n)
        .map(|_| {
            (0..PACK_SIZE)
                .filter_map(|_| ids.choose(rng).copied())
                .collect()
        })
        .collect()
}

// --- Errors -------------------------------------------------------------------------

/// Why a format, a list file, a sideboard swap or a draft pick was refused. Whatever was
/// refused is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// A format name that is none of the classic formats.
    #[error(
        "'{name}' is not a classic format: the formats are sealed-N, pack-war, draft-N (N \
         packs a player, 1 to {MAX_PACKS} for sealed, 2 to {MAX_PACKS} for draft) and designed"
    )]
    UnknownFormat { name: String },
    /// `sealed` or `draft` without its number of packs.
    #[error("'{format}' needs its number of packs a player: {format}-2, {format}-3, …")]
    MissingPackCount { format: &'static str },
    /// `sealed-x`: the number of packs is not a whole number.
    #[error("'{name}': the number of packs a player must be a whole number")]
    BadPackCount { name: String },
    /// A number of packs outside what the format allows.
    #[error(
        "{format}-{given}: each player opens {min} to {max} packs in this format, not {given}"
    )]
    PackCount {
        format: &'static str,
        given: String,
        min: usize,
        max: usize,
    },
    /// Sealed and draft tables seat [`MIN_TABLE`] to [`crate::MAX_PLAYERS`] players.
    #[error(
        "a classic sealed or draft table seats {MIN_TABLE} to {} players, not {have}",
        crate::MAX_PLAYERS
    )]
    Players { have: usize },
    /// Mistakes in a restricted/banned/gift list file, each with its line.
    #[error("{file} has mistakes:{}", list_mistakes(file, mistakes))]
    Lists {
        file: String,
        mistakes: Vec<(usize, String)>,
    },
    /// A card id that is not in the card pool.
    #[error("card id {id} is not in the classic card pool")]
    UnknownCard { id: u16 },
    /// The format is not played from packs opened at the table (Draft: drafted;
    /// Designed: built from a collection).
    #[error(
        "{format} is not played from packs opened at the table (a draft's pools come from \
         ClassicDraft; a designed deck from a collection)"
    )]
    NotFromPacks { format: String },
    /// Too few cards to build a deck from.
    #[error("{have} cards are too few to build a deck of at least {need}")]
    TooFewCards { have: usize, need: usize },
    /// A sideboard of a size other than 0 or 15 (T-15.1).
    #[error(
        "the sideboard has {have} cards; a sideboard is exactly {SIDEBOARD_SIZE} cards or \
         none (T-15.1)"
    )]
    SideboardSize { have: usize },
    /// Draft: packs that cannot be drafted (unequal counts or sizes, or empty).
    #[error("these packs cannot be drafted: {why}")]
    DraftPacks { why: String },
    /// Draft: no such seat.
    #[error(
        "there is no seat {seat}: the draft has seats 0 to {}",
        players.saturating_sub(1)
    )]
    NoSuchSeat { seat: usize, players: usize },
    /// Draft: this seat has picked from the pack in front of it already; the others pick
    /// before the packs are passed.
    #[error(
        "seat {seat} has picked from this pack already; the packs pass once everyone has \
         picked"
    )]
    AlreadyPicked { seat: usize },
    /// Draft: no card at this place in the pack.
    #[error(
        "there is no card {index} in the pack: it holds {count} (0 to {})",
        count.saturating_sub(1)
    )]
    NoSuchCard { index: usize, count: usize },
    /// Draft: every card has been drafted.
    #[error("the draft is over: every card is drafted")]
    DraftOver,
    /// A match that cannot be made or met again.
    #[error(transparent)]
    Series(#[from] SeriesError),
}

/// A list file's mistakes, one a line, each with where it is.
fn list_mistakes(file: &str, mistakes: &[(usize, String)]) -> String {
    mistakes
        .iter()
        .map(|(line, m)| format!("\n  {file}:{line}: {m}"))
        .collect()
}

// --- Formats ------------------------------------------------------------------------

/// The kinds of classic formats (T-15.2 – T-15.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FormatKind {
    /// Sealed Pack N (N ≥ 2): open N packs, build at least 30 from them (T-15.2).
    Sealed,
    /// Pack War, Sealed Pack 1: the deck is the pack (T-15.3, A-09).
    PackWar,
    /// Draft N (N ≥ 2): draft N packs, then build as in sealed (T-15.4).
    Draft,
    /// Designed Deck: at least 60 from a collection, with copy limits (T-15.5).
    Designed,
}

/// A classic format. Its fields are private so that every value is a legal format:
/// Sealed and Draft with 2 to [`MAX_PACKS`] packs, Pack War with one, Designed with none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Format {
    kind: FormatKind,
    packs: u8,
}

impl Format {
    /// Pack War ("Sealed Pack 1").
    pub const PACK_WAR: Format = Format {
        kind: FormatKind::PackWar,
        packs: 1,
    };
    /// Designed Deck.
    pub const DESIGNED: Format = Format {
        kind: FormatKind::Designed,
        packs: 0,
    };

    /// Sealed Pack `packs`; one pack is Pack War, as the rulebook names it.
    pub fn sealed(packs: usize) -> Result<Format, FormatError> {
        match packs {
            1 => Ok(Format::PACK_WAR),
            2..=MAX_PACKS => Ok(Format {
                kind: FormatKind::Sealed,
                packs: packs as u8,
            }),
            _ => Err(FormatError::PackCount {
                format: "sealed",
                given: packs.to_string(),
                min: 1,
                max: MAX_PACKS,
            }),
        }
    }

    /// Draft `packs`: at least 2, since one 15-card pack cannot make a 30-card deck.
    pub fn draft(packs: usize) -> Result<Format, FormatError> {
        match packs {
            2..=MAX_PACKS => Ok(Format {
                kind: FormatKind::Draft,
                packs: packs as u8,
            }),
            _ => Err(FormatError::PackCount {
                format: "draft",
                given: packs.to_string(),
                min: 2,
                max: MAX_PACKS,
            }),
        }
    }

    /// Reads a name programs use: `sealed-2`, `pack-war`, `draft-3`, `designed`, without
    /// regard to case (`sealed-1` is `pack-war`).
    pub fn parse(name: &str) -> Result<Format, FormatError> {
        let text = name.trim().to_ascii_lowercase();
        match text.as_str() {
            "pack-war" => return Ok(Format::PACK_WAR),
            "designed" => return Ok(Format::DESIGNED),
            "sealed" => return Err(FormatError::MissingPackCount { format: "sealed" }),
            "draft" => return Err(FormatError::MissingPackCount { format: "draft" }),
            _ => {}
        }
        let unknown = || FormatError::UnknownFormat {
            name: epic_cards::excerpt(name.trim()),
        };
        let (stem, count) = text.split_once('-').ok_or_else(unknown)?;
        let (format, min) = match stem {
            "sealed" => ("sealed", 1),
            "draft" => ("draft", 2),
            _ => return Err(unknown()),
        };
        if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
            return Err(FormatError::BadPackCount {
                name: epic_cards::excerpt(name.trim()),
            });
        }
        match count.parse::<usize>() {
            Ok(n) if format == "sealed" => Format::sealed(n),
            Ok(n) => Format::draft(n),
            // All digits, yet too large for a number: far out of range.
            Err(_) => Err(FormatError::PackCount {
                format,
                given: epic_cards::excerpt(count),
                min,
                max: MAX_PACKS,
            }),
        }
    }

    pub fn kind(self) -> FormatKind {
        self.kind
    }

    /// Packs each player opens (Designed: none).
    pub fn packs(self) -> usize {
        self.packs as usize
    }

    /// The name programs use: `sealed-2`, `pack-war`, `draft-3`, `designed`.
    pub fn name(self) -> String {
        match self.kind {
            FormatKind::Sealed => format!("sealed-{}", self.packs),
            FormatKind::PackWar => "pack-war".to_string(),
            FormatKind::Draft => format!("draft-{}", self.packs),
            FormatKind::Designed => "designed".to_string(),
        }
    }

    /// What the rulebook calls it: "Sealed Pack 2", "Pack War", "Draft 3", "Designed Deck".
    pub fn title(self) -> String {
        match self.kind {
            FormatKind::Sealed => format!("Sealed Pack {}", self.packs),
            FormatKind::PackWar => "Pack War".to_string(),
            FormatKind::Draft => format!("Draft {}", self.packs),
            FormatKind::Designed => "Designed Deck".to_string(),
        }
    }

    /// Whether each player's cards are opened or drafted at the table (Sealed Pack N,
    /// Pack War, Draft N), not brought (Designed Deck).
    pub fn is_limited(self) -> bool {
        self.kind != FormatKind::Designed
    }

    /// The fewest cards in a deck (T-2.1); Pack War's deck is exactly its pack.
    pub fn min_deck(self) -> usize {
        match self.kind {
            FormatKind::Sealed | FormatKind::Draft => LIMITED_MIN_DECK,
            FormatKind::PackWar => PACK_SIZE,
            FormatKind::Designed => DESIGNED_MIN_DECK,
        }
    }

    /// The rules its games are played by: Pack War's deck-out (T-15.3).
    pub fn rules(self) -> crate::state::Rules {
        crate::state::Rules {
            pack_war: self.kind == FormatKind::PackWar,
        }
    }

    /// Each player's cards for a game of a limited format, as bots would have them:
    /// packs opened (Sealed Pack N, Pack War) or drafted ([`bot_pick`] for every pick),
    /// then built into decks by [`Format::auto_deck`]. The same for the same seed.
    /// Designed Deck brings its decks instead.
    pub fn deal_decks(
        self,
        pool: &ClassicPool,
        players: usize,
        seed: u64,
    ) -> Result<Vec<Vec<CardId>>, FormatError> {
        let decks = self.deal_decks_with(pool, players, seed, |view| Some(bot_pick(pool, view)))?;
        Ok(decks.unwrap_or_default())
    }

    /// As [`Format::deal_decks`], every draft pick made by `pick` from the drafter's own
    /// view (an index into its pack); `None` from `pick` stops the deal, and so gives
    /// `Ok(None)`.
    pub fn deal_decks_with(
        self,
        pool: &ClassicPool,
        players: usize,
        seed: u64,
        mut pick: impl FnMut(&DraftView) -> Option<usize>,
    ) -> Result<Option<Vec<Vec<CardId>>>, FormatError> {
        let opened = if self.kind == FormatKind::Draft {
            let mut draft = ClassicDraft::with_pool(pool, players, self.packs(), seed)?;
            while let Some(seat) = draft.next_picker() {
                let Some(i) = pick(&draft.view(seat)?) else {
                    return Ok(None);
                };
                draft.pick(seat, i)?;
            }
            draft.pools().unwrap_or_default()
        } else {
            self.open_pools(pool, players, seed)?
        };
        opened
            .iter()
            .map(|cards| self.auto_deck(pool, cards).map(|d| d.deck))
            .collect::<Result<_, _>>()
            .map(Some)
    }

    /// Whether a sideboard of 15 may be brought (T-15.1); Pack War builds nothing.
    pub fn allows_sideboard(self) -> bool {
        self.kind != FormatKind::PackWar
    }

    /// Each player's opened cards for Sealed Pack N and Pack War: `players` pools of
    /// `packs()` packs each, the same for the same seed. Drafts are drafted
    /// ([`ClassicDraft`]); designed decks come from a collection.
    pub fn open_pools(
        self,
        pool: &ClassicPool,
        players: usize,
        seed: u64,
    ) -> Result<Vec<Vec<CardId>>, FormatError> {
        if !matches!(self.kind, FormatKind::Sealed | FormatKind::PackWar) {
            return Err(FormatError::NotFromPacks {
                format: self.title(),
            });
        }
        check_table(players)?;
        let packs = open_packs(pool, players * self.packs(), seed);
        Ok(packs.chunks(self.packs()).map(|c| c.concat()).collect())
    }

    /// Checks a deck and sideboard against this format, naming every rule broken (none:
    /// the deck is legal). `opened` is the player's opened or drafted cards (Sealed, Pack
    /// War, Draft); a designed deck comes from the player's collection, so Designed ignores
    /// it. `lists` gives the restricted, banned and gift cards ([`Lists::printed`]).
    pub fn check(
        self,
        pool: &ClassicPool,
        lists: &Lists,
        opened: &[CardId],
        list: &Decklist,
    ) -> Vec<Violation> {
        let mut out = Vec::new();
        let all: Vec<CardId> = list.deck.iter().chain(&list.sideboard).copied().collect();
        let mut unknown: Vec<u16> = all
            .iter()
            .filter(|c| c.0 as usize >= pool.len())
            .map(|c| c.0)
            .collect();
        unknown.sort_unstable();
        unknown.dedup();
        out.extend(unknown.into_iter().map(|id| Violation::UnknownCard { id }));
        out.extend(
            counts(&all)
                .into_keys()
                .filter(|c| (c.0 as usize) < pool.len() && pool.get(*c).token)
                .map(|c| Violation::Token {
                    card: pool.get(c).name.clone(),
                }),
        );
        let name = |id: CardId| card_name(pool, id);
        match self.kind {
            FormatKind::PackWar => {
                if !list.sideboard.is_empty() {
                    out.push(Violation::PackWarSideboard {
                        have: list.sideboard.len(),
                    });
                }
                let deck = counts(&list.deck);
                let pack = counts(opened);
                let missing = differences(&pack, &deck, name);
                let extra = differences(&deck, &pack, name);
                if !missing.is_empty() || !extra.is_empty() {
                    out.push(Violation::NotThePack { missing, extra });
                }
            }
            FormatKind::Sealed | FormatKind::Draft => {
                let rule = if self.kind == FormatKind::Sealed {
                    "T-2.1, T-15.2"
                } else {
                    "T-2.1, T-15.4"
                };
                if list.deck.len() < self.min_deck() {
                    out.push(Violation::TooFewCards {
                        have: list.deck.len(),
                        need: self.min_deck(),
                        format: self.title(),
                        rule,
                    });
                }
                out.extend(sideboard_violation(list));
                let pool_counts = counts(opened);
                for (id, uses) in counts(&all) {
                    let have = pool_counts.get(&id).copied().unwrap_or(0);
                    // Unknown cards and tokens are reported above.
                    let known = (id.0 as usize) < pool.len() && !pool.get(id).token;
                    if uses > have && known {
                        out.push(Violation::NotOpened {
                            card: name(id),
                            uses,
                            opened: have,
                            drafted: self.kind == FormatKind::Draft,
                        });
                    }
                }
            }
            FormatKind::Designed => {
                if list.deck.len() < self.min_deck() {
                    out.push(Violation::TooFewCards {
                        have: list.deck.len(),
                        need: self.min_deck(),
                        format: self.title(),
                        rule: "T-2.1, T-15.5",
                    });
                }
                out.extend(sideboard_violation(list));
                let (mut free, mut gifts) = (0, 0);
                for (id, copies) in counts(&all) {
                    // Unknown cards and tokens are reported above.
                    if id.0 as usize >= pool.len() || pool.get(id).token {
                        continue;
                    }
                    let card = pool.get(id);
                    if card.free {
                        free += copies;
                    }
                    // a free gift card counts here as well as above.
                    if lists.is_gift(&card.name) {
                        gifts += copies;
                    }
                    if lists.is_banned(&card.name) {
                        out.push(Violation::Banned {
                            card: card.name.clone(),
                            copies,
                        });
                    } else if lists.is_restricted(&card.name) && copies > MAX_RESTRICTED {
                        out.push(Violation::Restricted {
                            card: card.name.clone(),
                            copies,
                        });
                    } else if copies > MAX_COPIES {
                        out.push(Violation::TooManyCopies {
                            card: card.name.clone(),
                            copies,
                        });
                    }
                }
                if free > MAX_FREE {
                    out.push(Violation::TooManyFree { count: free });
                }
                if gifts > MAX_GIFTS {
                    out.push(Violation::TooManyGifts { count: gifts });
                }
            }
        }
        out
    }

    /// A legal deck for a bot from its opened or drafted cards, without a sideboard (a
    /// bot does not sideboard). Pack War: the pack. Sealed and Draft: every card of the
    /// most common alignment (ties: good, evil, wild) and every unaligned card, then cards
    /// of the next most common alignments, in the order they were opened, up to 30.
    pub fn auto_deck(self, pool: &ClassicPool, opened: &[CardId]) -> Result<Decklist, FormatError> {
        if let Some(bad) = opened.iter().find(|c| c.0 as usize >= pool.len()) {
            return Err(FormatError::UnknownCard { id: bad.0 });
        }
        match self.kind {
            FormatKind::PackWar => Ok(Decklist::new(opened.to_vec())),
            FormatKind::Designed => Err(FormatError::NotFromPacks {
                format: self.title(),
            }),
            FormatKind::Sealed | FormatKind::Draft => {
                if opened.len() < LIMITED_MIN_DECK {
                    return Err(FormatError::TooFewCards {
                        have: opened.len(),
                        need: LIMITED_MIN_DECK,
                    });
                }
                let alignment = |id: &CardId| pool.get(*id).alignment;
                let ranked = alignments_by_count(pool, opened);
                let main = ranked[0].1;
                let mut deck: Vec<CardId> = opened
                    .iter()
                    .filter(|c| {
                        let a = alignment(c);
                        a == main || a == Alignment::Unaligned
                    })
                    .copied()
                    .collect();
                for &(_, a) in &ranked[1..] {
                    for c in opened.iter().filter(|c| alignment(c) == a) {
                        if deck.len() >= LIMITED_MIN_DECK {
                            break;
                        }
                        deck.push(*c);
                    }
                }
                Ok(Decklist::new(deck))
            }
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for Format {
    type Err = FormatError;
    fn from_str(s: &str) -> Result<Format, FormatError> {
        Format::parse(s)
    }
}

fn check_table(players: usize) -> Result<(), FormatError> {
    if (MIN_TABLE..=crate::MAX_PLAYERS).contains(&players) {
        Ok(())
    } else {
        Err(FormatError::Players { have: players })
    }
}

fn card_name(pool: &ClassicPool, id: CardId) -> String {
    if (id.0 as usize) < pool.len() {
        pool.get(id).name.clone()
    } else {
        format!("card id {}", id.0)
    }
}

fn counts(cards: &[CardId]) -> BTreeMap<CardId, usize> {
    let mut m = BTreeMap::new();
    for c in cards {
        *m.entry(*c).or_insert(0) += 1;
    }
    m
}

/// The cards of `a` beyond those of `b`, with how many: ("Ember Bolt", 2).
fn differences(
    a: &BTreeMap<CardId, usize>,
    b: &BTreeMap<CardId, usize>,
    name: impl Fn(CardId) -> String,
) -> Vec<(String, usize)> {
    a.iter()
        .filter_map(|(id, n)| {
            let more = n.saturating_sub(b.get(id).copied().unwrap_or(0));
            (more > 0).then(|| (name(*id), more))
        })
        .collect()
}

/// Refuses a sideboard of a size other than 0 or 15 (T-15.1), in any game: a match's
/// players swap cards with it one for one.
pub fn check_sideboard(list: &Decklist) -> Result<(), FormatError> {
    match sideboard_violation(list) {
        Some(Violation::SideboardSize { have }) => Err(FormatError::SideboardSize { have }),
        _ => Ok(()),
    }
}

fn sideboard_violation(list: &Decklist) -> Option<Violation> {
    let have = list.sideboard.len();
    (have != 0 && have != SIDEBOARD_SIZE).then_some(Violation::SideboardSize { have })
}

// --- Decks and violations -----------------------------------------------------------

/// A player's deck and sideboard (empty, or exactly 15 cards: T-15.1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decklist {
    pub deck: Vec<CardId>,
    pub sideboard: Vec<CardId>,
}

impl Decklist {
    /// A deck without a sideboard.
    pub fn new(deck: Vec<CardId>) -> Decklist {
        Decklist {
            deck,
            sideboard: Vec::new(),
        }
    }

    pub fn with_sideboard(deck: Vec<CardId>, sideboard: Vec<CardId>) -> Decklist {
        Decklist { deck, sideboard }
    }
}

/// One rule a deck breaks, in words a deck builder can act on, citing the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// Fewer cards than the format's minimum (T-2.1; T-15.2, T-15.4, T-15.5).
    TooFewCards {
        have: usize,
        need: usize,
        format: String,
        rule: &'static str,
    },
    /// A sideboard of neither 0 nor 15 cards (T-15.1).
    SideboardSize { have: usize },
    /// Pack War: the deck is not exactly the pack (T-15.3, A-09); the cards of the pack
    /// left out, and the cards not from it, with how many of each.
    NotThePack {
        missing: Vec<(String, usize)>,
        extra: Vec<(String, usize)>,
    },
    /// Pack War builds nothing, so it has no sideboard (T-15.3, A-09).
    PackWarSideboard { have: usize },
    /// Sealed or Draft: more copies of a card between deck and sideboard than the player
    /// opened or drafted (T-15.2: cards not in your packs "may not be used").
    NotOpened {
        card: String,
        uses: usize,
        opened: usize,
        drafted: bool,
    },
    /// Designed: more than 3 copies between deck and sideboard (T-15.5).
    TooManyCopies { card: String, copies: usize },
    /// Designed: more than 1 copy of a restricted card (T-15.6).
    Restricted { card: String, copies: usize },
    /// Designed: a banned card (T-15.7).
    Banned { card: String, copies: usize },
    /// Designed: more than 18 free cards, free gift cards included (T-15.5, X-20).
    TooManyFree { count: usize },
    /// Designed: more than 9 gift cards, free gift cards included (T-15.8, X-20).
    TooManyGifts { count: usize },
    /// A token: not an Epic card, never in a deck or sideboard (T-12.6).
    Token { card: String },
    /// A card id that is not in the card pool.
    UnknownCard { id: u16 },
}

impl Violation {
    /// The spec items the violation breaks, as cited in its text ("T-15.5").
    pub fn rules(&self) -> &'static str {
        match self {
            Violation::TooFewCards { rule, .. } => rule,
            Violation::SideboardSize { .. } => "T-15.1",
            Violation::NotThePack { .. } | Violation::PackWarSideboard { .. } => "T-15.3, A-09",
            Violation::NotOpened { drafted: false, .. } => "T-15.2",
            Violation::NotOpened { drafted: true, .. } => "T-15.2, T-15.4",
            Violation::TooManyCopies { .. } => "T-15.5",
            Violation::Restricted { .. } => "T-15.6",
            Violation::Banned { .. } => "T-15.7",
            Violation::TooManyFree { .. } => "T-15.5, X-20",
            Violation::TooManyGifts { .. } => "T-15.8, X-20",
            Violation::Token { .. } => "T-12.6",
            Violation::UnknownCard { .. } => "the card pool",
        }
    }
}

fn listed(cards: &[(String, usize)]) -> String {
    cards
        .iter()
        .map(|(c, n)| {
            if *n == 1 {
                c.clone()
            } else {
                format!("{c} x{n}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.rules();
        match self {
            Violation::TooFewCards {
                have, need, format, ..
            } => write!(
                f,
                "the deck has {have} cards; {format} needs at least {need} ({rules})"
            ),
            Violation::SideboardSize { have } => write!(
                f,
                "the sideboard has {have} cards; a sideboard is exactly {SIDEBOARD_SIZE} \
                 cards or none ({rules})"
            ),
            Violation::NotThePack { missing, extra } => {
                write!(
                    f,
                    "a Pack War deck is exactly the {PACK_SIZE} cards of its pack ({rules})"
                )?;
                if !missing.is_empty() {
                    write!(f, "; left out: {}", listed(missing))?;
                }
                if !extra.is_empty() {
                    write!(f, "; not from the pack: {}", listed(extra))?;
                }
                Ok(())
            }
            Violation::PackWarSideboard { have } => write!(
                f,
                "Pack War has no deck building and so no sideboard; this one has {have} \
                 cards ({rules})"
            ),
            Violation::NotOpened {
                card,
                uses,
                opened,
                drafted,
            } => {
                let how = if *drafted { "drafted" } else { "opened" };
                write!(
                    f,
                    "deck and sideboard use {uses} {card}, but {opened} were {how}: only \
                     the cards of your packs may be used ({rules})"
                )
            }
            Violation::TooManyCopies { card, copies } => write!(
                f,
                "{copies} copies of {card} between deck and sideboard; at most \
                 {MAX_COPIES} of a card ({rules})"
            ),
            Violation::Restricted { card, copies } => write!(
                f,
                "{copies} copies of {card} between deck and sideboard; it is restricted, \
                 at most {MAX_RESTRICTED} ({rules})"
            ),
            Violation::Banned { card, copies } => write!(
                f,
                "{card} is banned: none may be in a designed deck or its sideboard, and \
                 there are {copies} ({rules})"
            ),
            Violation::TooManyFree { count } => write!(
                f,
                "{count} free cards between deck and sideboard; at most {MAX_FREE}, a free \
                 gift card counting too ({rules})"
            ),
            Violation::TooManyGifts { count } => write!(
                f,
                "{count} gift cards between deck and sideboard; at most {MAX_GIFTS}, a free \
                 gift card counting too ({rules})"
            ),
            Violation::Token { card } => write!(
                f,
                "{card} is a token, not an Epic card: never in a deck or sideboard ({rules})"
            ),
            Violation::UnknownCard { id } => {
                write!(f, "card id {id} is not in the card pool")
            }
        }
    }
}
