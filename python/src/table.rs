//! A table from Python's arguments, asked of any ruleset through the registry
//! (`epic_rulesets`) as the `epic` command asks it: the same deck names, deck-list files
//! (`epic_rulesets::deck_request`), formats, variants, checks and error messages, so a
//! game played from Python replays with `epic replay`.

use epic_game::{DeckRequest, SeatRequest, TableRequest};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// One seat's deck as Python gave it: a deck's name or a deck-list file's path, or a
/// list of card names.
#[derive(Clone, Debug, FromPyObject)]
pub enum DeckSpec {
    Named(String),
    Cards(Vec<String>),
}

/// Everything a new table is made from, as `Game(...)` and `VecEnv(...)` take it.
#[derive(Clone, Debug)]
pub struct TableSpec {
    pub ruleset: String,
    /// One deck a seat; `None`: `players` seats (2 by default), each with its usual deck.
    pub decks: Option<Vec<DeckSpec>>,
    pub players: Option<usize>,
    pub seed: u64,
    pub format: Option<String>,
    pub variant: String,
    pub team_size: Option<u8>,
    pub first_player: Option<u8>,
}

pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The most seats a table takes (`epic play --players`).
pub const MAX_SEATS: usize = 8;

/// The most cards a list of card names may hold, as a deck-list file.
const MAX_LISTED: usize = epic_engine::setup::names::MAX_DECK_CARDS;

impl TableSpec {
    /// The table as the registry is asked for it; every mistake here is a `ValueError`,
    /// and the ruleset says what else is wrong when the game is made.
    pub fn request(&self) -> PyResult<TableRequest> {
        let decks = match (&self.decks, self.players) {
            (Some(decks), None) => decks
                .iter()
                .enumerate()
                .map(|(seat, spec)| self.deck(seat, spec))
                .collect::<PyResult<Vec<_>>>()?,
            (Some(_), Some(_)) => {
                return Err(value_error(
                    "players is the number of seats when the decks are left out: give one \
                     deck per seat, or players",
                ))
            }
            (None, players) => vec![DeckRequest::Default; players.unwrap_or(2)],
        };
        if !(2..=MAX_SEATS).contains(&decks.len()) {
            return Err(value_error(format!(
                "a game needs one deck per seat, 2 to {MAX_SEATS} of them (or players, 2 to \
                 {MAX_SEATS} players); got {}",
                decks.len()
            )));
        }
        if let Some(p) = self.first_player.filter(|&p| usize::from(p) >= decks.len()) {
            return Err(value_error(format!(
                "first_player is {p}, but the seats are numbered 0 to {}",
                decks.len() - 1
            )));
        }
        Ok(TableRequest {
            format: self.format.clone(),
            variant: Some(self.variant.clone()),
            team_size: self.team_size,
            seed: self.seed,
            first_player: self.first_player,
            pool: None,
            seats: decks
                .into_iter()
                .map(|deck| SeatRequest {
                    player: "python".into(),
                    bot_seed: None,
                    deck,
                })
                .collect(),
            // Python's games offer no undo (rule 3.7 is for people at a table), and are
            // replayed so.
            without_undo: true,
        })
    }

    /// Seat `seat`'s deck: one of the ruleset's decks by name, a deck-list file, or a
    /// list of card names read as a deck list.
    fn deck(&self, seat: usize, spec: &DeckSpec) -> PyResult<DeckRequest> {
        match spec {
            DeckSpec::Named(name) => {
                epic_rulesets::deck_request(&self.ruleset, name).map_err(value_error)
            }
            DeckSpec::Cards(cards) if cards.len() > MAX_LISTED => Err(value_error(format!(
                "seat {seat}'s list of cards has {} cards; a deck may hold at most {MAX_LISTED}",
                cards.len()
            ))),
            DeckSpec::Cards(cards) => Ok(DeckRequest::Listed {
                label: "a list of cards".into(),
                text: counted(cards),
            }),
        }
    }
}

/// A list of card names as a deck list, each name once with its count, in the order
/// first named: a misspelt name is told once, however many copies.
fn counted(cards: &[String]) -> String {
    let mut names: Vec<(&str, usize)> = Vec::new();
    for card in cards {
        let card = card.trim();
        match names.iter_mut().find(|(name, _)| *name == card) {
            Some((_, n)) => *n += 1,
            None => names.push((card, 1)),
        }
    }
    names
        .iter()
        .map(|(name, n)| format!("{n} {name}"))
        .collect::<Vec<_>>()
        .join("\n")
}
