//! What a game is made from: deck lists, the formats and their deck rules (§Set-up,
//! F-15), the game value (F-6.1), and the table a request asks for.

use crate::card::{CardId, Colour, Energy, Kind, Origin};
use crate::variant::Variant;
use crate::{MultiverseGame, Pool};
use epic_game::{DeckRequest, SetupError, TableRequest};
use serde::{Deserialize, Serialize};

/// The most cards a deck list may hold: any longer list is refused, unread.
pub const MAX_DECK: usize = 500;
/// The fewest cards of a deck (F-6.2), and footholds of a Standard deck (F-6.4, ruling
/// M-06).
pub const MIN_DECK: usize = 40;
pub const MIN_FOOTHOLDS: usize = 20;

/// What a multiverse game is made from, as saved games keep it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MultiverseSetup {
    /// The format whose deck rules the decks follow; absent: any playable deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    pub seed: u64,
    /// The seat that goes first; absent: drawn from the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<u8>,
    /// Teams or a countdown; absent: a free-for-all.
    #[serde(default, skip_serializing_if = "Variant::is_free_for_all")]
    pub variant: Variant,
    pub seats: Vec<epic_game::save::Seat>,
}

/// The formats, by name: their deck rules (F-15.1, F-15.5, F-15.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// Multiverse or origin decks: every character of one colour, or all sharing one
    /// origin; at least 40 cards, 20 of them footholds; one copy of a unique character;
    /// every deck of a table worth the same points.
    Standard,
    /// Decks mixing multiverses and origins, under the same counts.
    Mixed,
    /// A restricted variation (ruling M-40): Standard decks whose characters all share
    /// one attribute.
    Restricted(Restriction),
}

/// The attribute a restricted variation's characters share (F-15.6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Restriction {
    /// One moral a deck, each deck its own: heroes against villains
    /// (`restricted-moral`).
    Moral,
    /// What the word names, a moral, a character type or a team (`restricted-mutant`).
    Word(String),
}

impl Format {
    /// The formats listed by name; `restricted-WORD` takes any word a character of the
    /// pool matches.
    pub const LISTED: [&'static str; 3] = ["standard", "mixed", "restricted-moral"];

    pub fn name(&self) -> String {
        match self {
            Format::Standard => "standard".into(),
            Format::Mixed => "mixed".into(),
            Format::Restricted(Restriction::Moral) => "restricted-moral".into(),
            Format::Restricted(Restriction::Word(w)) => format!("restricted-{w}"),
        }
    }

    pub fn parse(name: &str) -> Result<Format, SetupError> {
        let key = name.trim().to_ascii_lowercase();
        let unknown = || {
            SetupError::new(format!(
                "unknown multiverse format '{name}'; the formats are {}, and restricted-WORD \
                 for a word the characters match (a moral, a type, a team)",
                Format::LISTED.join(", ")
            ))
        };
        match key.as_str() {
            "standard" => return Ok(Format::Standard),
            "mixed" => return Ok(Format::Mixed),
            "restricted-moral" => return Ok(Format::Restricted(Restriction::Moral)),
            _ => {}
        }
        let word = key.strip_prefix("restricted-").ok_or_else(unknown)?;
        let pool = crate::pool();
        let named = (pool.ids())
            .map(|c| pool.get(c))
            .any(|c| c.character().is_some() && c.matches(word));
        if named {
            Ok(Format::Restricted(Restriction::Word(word.to_string())))
        } else {
            Err(unknown())
        }
    }

    /// Whether its decks follow Standard's deck rules: one colour or origin, the same
    /// points at a table.
    pub fn is_standard(&self) -> bool {
        matches!(self, Format::Standard | Format::Restricted(_))
    }

    /// Every deck rule of the format `cards` break, in words.
    pub fn check(&self, pool: &Pool, cards: &[CardId]) -> Vec<String> {
        let mut broken = Vec::new();
        if cards.len() < MIN_DECK {
            broken.push(format!(
                "a deck has at least {MIN_DECK} cards, not {} (F-6.2)",
                cards.len()
            ));
        }
        let footholds = cards
            .iter()
            .filter(|&&c| pool.get(c).foothold().is_some())
            .count();
        if footholds < MIN_FOOTHOLDS {
            broken.push(format!(
                "a deck has at least {MIN_FOOTHOLDS} footholds, not {footholds} (F-6.4)"
            ));
        }
        let mut names: Vec<&str> = Vec::new();
        for &c in cards {
            let card = pool.get(c);
            let unique = card.character().is_some_and(|ch| !ch.non_unique);
            if unique && names.contains(&card.name.as_str()) {
                broken.push(format!("{} is unique: one copy a deck (F-6.6)", card.name));
            }
            names.push(&card.name);
        }
        broken.dedup();
        if self.is_standard() && theme(pool, cards).is_none() {
            broken.push(
                "a Standard deck is built around one colour or one origin: every character \
                 and item of that colour, or with that origin (F-15.1)"
                    .into(),
            );
        }
        if let Format::Restricted(restriction) = self {
            broken.extend(restriction.check(pool, cards));
        }
        broken
    }
}

impl Restriction {
    /// The restriction's rule, if `cards` break it, in words.
    fn check(&self, pool: &Pool, cards: &[CardId]) -> Option<String> {
        let characters = || {
            cards
                .iter()
                .map(|&c| pool.get(c))
                .filter(|c| c.character().is_some())
        };
        match self {
            Restriction::Moral => {
                let mut morals: Vec<_> = characters()
                    .filter_map(|c| c.character().map(|ch| ch.moral))
                    .collect();
                morals.sort_by_key(|m| *m as u8);
                morals.dedup();
                (morals.len() > 1).then(|| {
                    "in restricted-moral every character of a deck shares one moral: all \
                     heroes, all villains or all anti-heroes (F-15.6)"
                        .to_string()
                })
            }
            Restriction::Word(word) => {
                let mut others: Vec<&str> = characters()
                    .filter(|c| !c.matches(word))
                    .map(|c| c.name.as_str())
                    .collect();
                others.dedup();
                (!others.is_empty()).then(|| {
                    format!(
                        "in restricted-{word} every character is {word}, not {} (F-15.6)",
                        others.join(", ")
                    )
                })
            }
        }
    }
}

/// The colour or origin every character and item of `cards` shares, if any (a deck
/// without them has any; incidents are paid with any energy, F-4.4).
pub fn theme(pool: &Pool, cards: &[CardId]) -> Option<Energy> {
    let characters: Vec<&crate::Card> = cards
        .iter()
        .map(|&c| pool.get(c))
        .filter(|c| matches!(c.kind, Kind::Character(_) | Kind::Item(_)))
        .collect();
    let colours = Colour::ALL.into_iter().map(Energy::Colour);
    let origins = Origin::ALL.into_iter().map(Energy::Origin);
    colours
        .chain(origins)
        .find(|e| characters.iter().all(|c| c.paid_with().any(|p| p == *e)))
}

/// A deck's points: the energy costs of its cards (F-6.3).
pub fn points(pool: &Pool, cards: &[CardId]) -> u32 {
    cards.iter().map(|&c| u32::from(pool.get(c).cost)).sum()
}

/// The points of a deck's characters.
pub fn character_points(pool: &Pool, cards: &[CardId]) -> u32 {
    cards
        .iter()
        .filter(|&&c| pool.get(c).character().is_some())
        .map(|&c| u32::from(pool.get(c).cost))
        .sum()
}

/// The game value of a table (F-6.1, ruling M-07): half the points of the smallest deck,
/// or the fewest points of characters in any deck if that is less; at least 1.
pub fn game_value(pool: &Pool, decks: &[Vec<CardId>]) -> u32 {
    decks
        .iter()
        .map(|d| (points(pool, d) / 2).min(character_points(pool, d)))
        .min()
        .unwrap_or(0)
        .max(1)
}

/// Reads a deck list: a card a line, `N name` for N copies; blank lines and `#`
/// comments are skipped. Every mistake is named with its line.
pub fn read_decklist(pool: &Pool, text: &str) -> Result<Vec<CardId>, Vec<String>> {
    let mut cards = Vec::new();
    let mut mistakes = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (count, name) = match line.split_once(char::is_whitespace) {
            Some((n, rest)) if n.chars().all(|c| c.is_ascii_digit()) => {
                (n.parse::<usize>().unwrap_or(usize::MAX), rest.trim())
            }
            _ => (1, line),
        };
        if count == 0 || count > MAX_DECK || cards.len() + count > MAX_DECK {
            mistakes.push(format!(
                "line {line_no}: a deck holds at most {MAX_DECK} cards"
            ));
            break;
        }
        match pool.id(name) {
            Some(id) => cards.resize(cards.len() + count, id),
            None => mistakes.push(format!(
                "line {line_no}: no multiverse card is named '{name}'"
            )),
        }
    }
    if cards.is_empty() && mistakes.is_empty() {
        mistakes.push("the deck list names no card".into());
    }
    if mistakes.is_empty() {
        Ok(cards)
    } else {
        Err(mistakes)
    }
}

/// The names of the ready-made decks.
pub fn deck_names() -> Vec<&'static str> {
    crate::DECKS.iter().map(|(n, _)| *n).collect()
}

/// How many of the ready-made decks, the first in [`crate::DECKS`], a table deals its
/// seats in turn by default: the colour decks.
const USUAL: usize = 6;

/// The decks a table deals its seats in turn, and a round robin plays, by default.
pub fn usual_decks() -> Vec<&'static str> {
    deck_names().into_iter().take(USUAL).collect()
}

/// Seat `i`'s deck as asked for (the ready-made decks in turn by default, one by name,
/// or a deck list), checked against the format: its label and its cards by name.
fn seat_deck(
    pool: &Pool,
    format: Option<&Format>,
    i: usize,
    deck: &DeckRequest,
) -> Result<(String, Vec<String>), SetupError> {
    let whose = format!("seat {}'s deck", i + 1);
    let (label, text) = match deck {
        DeckRequest::Default => {
            let (name, text) = crate::DECKS[i % USUAL];
            (name.to_string(), text)
        }
        DeckRequest::Named(name) => {
            let text = crate::deck(name).ok_or_else(|| {
                SetupError::new(format!(
                    "seat {}: unknown multiverse deck '{name}'; the decks are {}, or give a \
                     deck list",
                    i + 1,
                    deck_names().join(", ")
                ))
            })?;
            (name.to_ascii_lowercase(), text)
        }
        DeckRequest::Listed { label, text } => (label.clone(), text.as_str()),
    };
    let cards = read_decklist(pool, text)
        .map_err(|e| SetupError::new(format!("{whose}: {}", e.join("; "))))?;
    playable(pool, &cards).map_err(|why| SetupError::new(format!("{whose}: {why}")))?;
    follows(format, pool, &cards, &whose)?;
    Ok((
        label,
        cards.iter().map(|&c| pool.get(c).name.clone()).collect(),
    ))
}

/// Whether `cards` (`whose`, in words) follow the format's deck rules, if there is one.
fn follows(
    format: Option<&Format>,
    pool: &Pool,
    cards: &[CardId],
    whose: &str,
) -> Result<(), SetupError> {
    let Some(format) = format else {
        return Ok(());
    };
    let broken = format.check(pool, cards);
    if broken.is_empty() {
        return Ok(());
    }
    Err(SetupError::new(format!(
        "{whose} breaks the {} rules: {}",
        format.name(),
        broken.join("; ")
    )))
}

/// What any deck needs to be played: a foothold and a character.
pub fn playable(pool: &Pool, cards: &[CardId]) -> Result<(), String> {
    if !cards.iter().any(|&c| pool.get(c).foothold().is_some()) {
        return Err("has no foothold".into());
    }
    if !cards.iter().any(|&c| pool.get(c).character().is_some()) {
        return Err("has no character".into());
    }
    Ok(())
}

fn format_named(name: Option<&str>) -> Result<Option<Format>, SetupError> {
    name.map(Format::parse).transpose()
}

/// The setup a request asks for: a free-for-all of 2 to 6 seats, their decks checked
/// against the format, and in Standard every deck of the same points (F-6.3).
pub fn setup_for(request: &TableRequest) -> Result<MultiverseSetup, SetupError> {
    if request.pool.is_some() {
        return Err(SetupError::new(
            "pool is a 2017 Sealed pool: the multiverse game has no sealed format",
        ));
    }
    let seats = request.seats.len();
    if !(2..=crate::MAX_PLAYERS).contains(&seats) {
        return Err(SetupError::new(format!(
            "a multiverse game has 2 to {} seats",
            crate::MAX_PLAYERS
        )));
    }
    let variant = Variant::parse(request.variant.as_deref(), request.team_size, seats)?;
    let format = format_named(request.format.as_deref())?;
    let pool = crate::pool();
    let mut out = Vec::with_capacity(seats);
    for (i, seat) in request.seats.iter().enumerate() {
        let (deck, cards) = seat_deck(&pool, format.as_ref(), i, &seat.deck)?;
        out.push(epic_game::save::Seat {
            player: seat.player.clone(),
            bot_seed: seat.bot_seed,
            deck,
            cards,
        });
    }
    let setup = MultiverseSetup {
        format: format.map(|f| f.name()),
        seed: request.seed,
        first_player: request.first_player,
        variant,
        seats: out,
    };
    equal_points(&setup)?;
    Ok(setup)
}

/// In Standard (and its restricted variations), every deck is worth the same points
/// (F-6.3).
fn equal_points(setup: &MultiverseSetup) -> Result<(), SetupError> {
    let format = format_named(setup.format.as_deref())?;
    if !format.is_some_and(|f| f.is_standard()) {
        return Ok(());
    }
    let pool = crate::pool();
    let worth: Vec<u32> = setup
        .seats
        .iter()
        .map(|s| {
            let cards: Vec<CardId> = s.cards.iter().filter_map(|n| pool.id(n)).collect();
            points(&pool, &cards)
        })
        .collect();
    if worth.windows(2).any(|w| w[0] != w[1]) {
        return Err(SetupError::new(format!(
            "in Standard every deck is worth the same points (F-6.3); these are worth {}",
            worth
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    Ok(())
}

/// `setup` with seat `seat`'s deck replaced by `deck`, checked as its creator's were.
pub fn with_deck(
    setup: &MultiverseSetup,
    seat: usize,
    deck: &DeckRequest,
) -> Result<MultiverseSetup, SetupError> {
    let format = format_named(setup.format.as_deref())?;
    let mut setup = setup.clone();
    let (label, cards) = seat_deck(&crate::pool(), format.as_ref(), seat, deck)?;
    epic_game::save::replace_deck(&mut setup.seats, seat, label, cards)?;
    equal_points(&setup)?;
    Ok(setup)
}

impl MultiverseSetup {
    /// The game this setup makes: its decks read again by name (a saved game's may have
    /// been edited), checked, and dealt.
    pub fn start(&self) -> Result<MultiverseGame, SetupError> {
        let pool = crate::pool();
        let format = format_named(self.format.as_deref())?;
        let mut decks = Vec::with_capacity(self.seats.len());
        for (i, seat) in self.seats.iter().enumerate() {
            let mut cards = Vec::with_capacity(seat.cards.len());
            if seat.cards.len() > MAX_DECK {
                return Err(SetupError::new(format!(
                    "seat {}'s deck holds more than {MAX_DECK} cards",
                    i + 1
                )));
            }
            for name in &seat.cards {
                cards.push(pool.id(name).ok_or_else(|| {
                    SetupError::new(format!(
                        "seat {}'s deck: no multiverse card is named '{name}'",
                        i + 1
                    ))
                })?);
            }
            playable(&pool, &cards)
                .map_err(|why| SetupError::new(format!("seat {}'s deck {why}", i + 1)))?;
            follows(
                format.as_ref(),
                &pool,
                &cards,
                &format!("seat {}'s deck", i + 1),
            )?;
            decks.push(cards);
        }
        equal_points(self)?;
        // A teams game is played to twice the game value (F-15.3).
        let goal = game_value(&pool, &decks) * if self.variant.teams.is_some() { 2 } else { 1 };
        MultiverseGame::new(
            pool,
            decks,
            self.seed,
            self.first_player,
            goal,
            self.variant,
        )
    }
}
