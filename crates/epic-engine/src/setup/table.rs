//! The table a 2017 game is played at: how many seats, the format whose rules the decks
//! obey, and the variant the seats play (2015 rulebook, "Formats" and "Multiplayer").
//! One reading of a [`TableSpec`] and one deck check, so every program agrees on what a
//! legal game is.

use super::names;
use super::SetupResult;
use crate::formats::Format;
use crate::{RulesConfig, Variant};
use epic_cards::CardId;
use epic_game::SetupError;

/// The table a program asks for: seats, format, variant and Hydra team size, as given
/// (the command line's options, the server's new game), checked by [`TableSpec::table`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSpec {
    /// Seats at the table, 2 to 8 (4.3.5 and M4.4 when more than two).
    pub players: u8,
    /// The format whose deck-building rules every deck must follow; `None`: any deck the
    /// engine can play.
    pub format: Option<String>,
    /// How the seats play against each other (`ffa`, `hunter-first-blood`,
    /// `hunter-last-one-standing`, `hydra`).
    pub variant: String,
    /// Players on each Hydra team (default 2).
    pub team_size: Option<u8>,
}

/// A table read from a [`TableSpec`]: checked, with the rules its games are played by.
#[derive(Clone, Debug)]
pub struct Table {
    pub players: u8,
    pub format: Option<Format>,
    pub variant: Variant,
    pub rules: RulesConfig,
    /// The draft that makes the decks, when the format is one.
    pub draft: Option<crate::formats::draft::DraftFormat>,
}

impl TableSpec {
    /// The table, or a usage error naming what does not fit: a variant needing more
    /// seats, a format for other numbers of players.
    pub fn table(&self) -> SetupResult<Table> {
        let variant = Variant::named(&self.variant).ok_or_else(|| {
            SetupError::new(format!(
                "unknown variant {} of the 2017 game; its variants are {}",
                epic_cards::quoted(&self.variant),
                Variant::ALL.map(Variant::name).join(", ")
            ))
        })?;
        let format = self.format.as_deref().map(names::format).transpose()?;
        let mut rules = format
            .as_ref()
            .map_or_else(RulesConfig::default, |f| f.rules.clone());
        rules.variant = variant;
        rules.team_size = match (variant, self.team_size) {
            (Variant::Hydra, size) => size.unwrap_or(2),
            (_, None) => 1,
            (_, Some(_)) => {
                return Err(SetupError::new(
                    "a team size is for the hydra variant; no other variant has teams",
                ))
            }
        };
        let players = self.players;
        rules
            .check_seats(usize::from(players))
            .map_err(|e| SetupError::new(e.to_string()))?;
        if let Some(f) = &format {
            if !f.seats(usize::from(players)) {
                return Err(SetupError::new(format!(
                    "{} is played by {}, not {players}",
                    f.title,
                    f.players_text()
                )));
            }
        }
        // Sealed's 30 are dealt as each seat's deck ("random"); the rest are drafted.
        let draft = format
            .as_ref()
            .and_then(|f| crate::formats::draft::DraftFormat::named(f.name))
            .filter(|&d| d != crate::formats::draft::DraftFormat::Sealed);
        Ok(Table {
            players,
            format,
            variant,
            rules,
            draft,
        })
    }
}

impl Table {
    /// Whether the table plays Sealed, whose decks are dealt at the table from one
    /// collection ([`crate::formats::sealed_decks`]).
    pub fn sealed(&self) -> bool {
        self.format.as_ref().is_some_and(|f| f.name == "sealed")
    }

    /// Refuses a deck the game cannot be played with or the format does not allow, with
    /// every rule it breaks: "the AI's deck ('wild') breaks Full Constructed: …".
    pub fn check_deck(&self, deck: &[CardId], spec: &str, whose: &str) -> SetupResult {
        names::check_deck_size(deck, spec, whose, &self.rules)?;
        if let Some(f) = &self.format {
            let broken = f.check_at(deck, &names::pool(), usize::from(self.players));
            if !broken.is_empty() {
                let why: Vec<String> = broken.iter().map(ToString::to_string).collect();
                return Err(SetupError::new(format!(
                    "{whose} ('{spec}') breaks the rules of {f}: {}",
                    why.join("; ")
                )));
            }
        }
        Ok(())
    }

    /// The table in words: "4 players, Hunter – First Blood, Full Constructed".
    pub fn describe(&self) -> String {
        let mut parts = vec![format!("{} players", self.players)];
        if self.variant == Variant::Hydra {
            let k = self.rules.team_size;
            let teams = vec![k.to_string(); usize::from(self.players / k.max(1))];
            parts.push(format!("Hydra {}", teams.join("v")));
        } else if self.players > 2 || !self.variant.is_free_for_all() {
            parts.push(self.variant.title().to_string());
        }
        if let Some(f) = &self.format {
            parts.push(f.title.to_string());
        }
        parts.join(", ")
    }
}

/// The saved-game setup a request asks for: its table, and each seat's deck (a named
/// deck, a deck list, or by default the seat's usual deck, [`USUAL_DECKS`]; in Sealed the
/// deck dealt it) checked against the table's format.
pub fn setup_for(request: &epic_game::TableRequest) -> SetupResult<super::save::SaveSetup> {
    if request.pool.is_some() {
        return Err(no_pool());
    }
    let table = TableSpec {
        players: u8::try_from(request.seats.len()).unwrap_or(u8::MAX),
        format: request.format.clone(),
        variant: request.variant.clone().unwrap_or_else(|| "ffa".into()),
        team_size: request.team_size,
    }
    .table()?;
    let pool = names::pool();
    let mut seats = Vec::with_capacity(request.seats.len());
    // Sealed deals every seat's deck from one collection (FMT-01).
    let sealed = table
        .sealed()
        .then(|| crate::formats::sealed_decks(&pool, request.seats.len(), request.seed));
    for (i, seat) in request.seats.iter().enumerate() {
        let dealt = match (&sealed, &seat.deck) {
            (Some(decks), epic_game::DeckRequest::Default) => Some(&decks[i]),
            (Some(decks), epic_game::DeckRequest::Named(n)) if n.eq_ignore_ascii_case("random") => {
                Some(&decks[i])
            }
            _ => None,
        };
        let (deck, cards) = match dealt {
            Some(cards) => {
                table.check_deck(cards, "random", &format!("seat {}'s deck", i + 1))?;
                (
                    "random".to_string(),
                    cards.iter().map(|&c| pool.get(c).name.clone()).collect(),
                )
            }
            None => seat_deck(&table, i, &seat.deck, request.seed, &pool)?,
        };
        seats.push(super::save::Seat {
            player: seat.player.clone(),
            bot_seed: seat.bot_seed,
            deck,
            cards,
        });
    }
    if let Some(first) = request.first_player {
        if usize::from(first) >= seats.len() {
            return Err(SetupError::new(format!(
                "the first player is seat {}, but there are {} seats",
                first + 1,
                seats.len()
            )));
        }
    }
    Ok(super::save::SaveSetup {
        rules: table.rules.clone(),
        format: table.format.map(|f| f.name.to_string()),
        seed: request.seed,
        first_player: request.first_player,
        seats,
        undo: !request.without_undo,
    })
}

/// Why a request's pool is refused: only Sealed deals one, and a Sealed game with one is
/// drafted ([`super::draft_save::setup_for`]).
pub fn no_pool() -> SetupError {
    SetupError::new(
        "pool is the number of cards a Sealed pool deals each seat: give it with the format \
         \"sealed\"",
    )
}

/// The decks seats play when none is asked for, in seat order (a person at the first
/// seat plays good against evil); `random` decks, dealt from the seed and the seat, after
/// these.
pub const USUAL_DECKS: [&str; 4] = ["good", "evil", "sage", "wild"];

/// Seat `i`'s deck as asked for (a named deck, a deck list, or its usual deck by
/// default, [`USUAL_DECKS`]), checked against the table: its label and its cards by
/// name.
fn seat_deck(
    table: &Table,
    i: usize,
    deck: &epic_game::DeckRequest,
    seed: u64,
    pool: &epic_cards::CardPool,
) -> SetupResult<(String, Vec<String>)> {
    let whose = format!("seat {}'s deck", i + 1);
    let seed = seed.wrapping_add(i as u64);
    let (label, cards) = match deck {
        epic_game::DeckRequest::Default => {
            let name = USUAL_DECKS.get(i).copied().unwrap_or("random");
            (name.to_string(), epic_cards::deck_from(pool, name, seed))
        }
        epic_game::DeckRequest::Named(name) => {
            let lower = name.trim().to_ascii_lowercase();
            if !epic_cards::DECK_NAMES.contains(&lower.as_str()) {
                return Err(SetupError::new(format!(
                    "seat {}: unknown deck '{name}'; the decks are {}, or give a deck list",
                    i + 1,
                    epic_cards::DECK_NAMES.join(", ")
                )));
            }
            (lower.clone(), epic_cards::deck_from(pool, &lower, seed))
        }
        epic_game::DeckRequest::Listed { label, text } => (
            label.clone(),
            epic_cards::parse_deck_list(&whose, text, pool),
        ),
    };
    let cards = cards.map_err(|e| SetupError::new(e.to_string()))?;
    table.check_deck(&cards, &label, &whose)?;
    Ok((
        label,
        cards.iter().map(|&c| pool.get(c).name.clone()).collect(),
    ))
}

/// `setup` with seat `seat`'s deck replaced by `deck`, checked by the rules the game
/// keeps as its creator's decks were: a player joining brings their own deck.
pub fn with_deck(
    setup: &super::save::SaveSetup,
    seat: usize,
    deck: &epic_game::DeckRequest,
) -> SetupResult<super::save::SaveSetup> {
    let format = setup
        .format
        .as_deref()
        .map(|name| {
            crate::formats::format(name).ok_or_else(|| {
                SetupError::new(format!(
                    "the setup's format {} is unknown",
                    epic_cards::quoted(name)
                ))
            })
        })
        .transpose()?;
    let table = Table {
        players: u8::try_from(setup.seats.len()).unwrap_or(u8::MAX),
        format,
        variant: setup.rules.variant,
        rules: setup.rules.clone(),
        draft: None,
    };
    let mut setup = setup.clone();
    let (label, cards) = seat_deck(&table, seat, deck, setup.seed, &names::pool())?;
    epic_game::save::replace_deck(&mut setup.seats, seat, label, cards)?;
    Ok(setup)
}
