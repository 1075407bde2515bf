//! A game's setup from Python's arguments, read exactly as the `epic` command reads its
//! own (`epic_cli::table`, `epic_cli::names`): the same deck names, formats, variants,
//! checks and error messages, and the same saved-game setup, so a game played from
//! Python replays with `epic replay`.

use epic_cli::error::CliError;
use epic_cli::names;
use epic_cli::save::{SaveSetup, Seat};
use epic_cli::table::TableArgs;
use epic_engine::{Game, Setup};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// One seat's deck as Python gave it: a built-in name or deck-list path, or card names.
#[derive(Clone, Debug, FromPyObject)]
pub enum DeckSpec {
    Named(String),
    Cards(Vec<String>),
}

/// Everything a new game is made from.
#[derive(Clone, Debug)]
pub struct TableSpec {
    pub decks: Vec<DeckSpec>,
    pub seed: u64,
    pub format: Option<String>,
    pub variant: String,
    pub team_size: Option<u8>,
    pub first_player: Option<u8>,
}

pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Refuses a first player who is not at a table of `players` seats.
pub fn check_first_player(first: Option<u8>, players: usize) -> PyResult<()> {
    match first {
        Some(p) if usize::from(p) >= players => Err(value_error(format!(
            "first_player is {p}, but the seats are numbered 0 to {}",
            players - 1
        ))),
        _ => Ok(()),
    }
}

/// Bad input, in the words the command line prints, as a `ValueError`.
pub fn cli_error(e: impl Into<CliError>) -> PyErr {
    PyValueError::new_err(e.into().message)
}

/// The most seats a table takes (`epic play --players`).
const MAX_SEATS: usize = 8;

impl TableSpec {
    /// The engine's setup and the saved-game setup that records it; every mistake is a
    /// `ValueError` in the command line's words.
    pub fn setup(&self) -> PyResult<(Setup, SaveSetup)> {
        let players = self.decks.len();
        if !(2..=MAX_SEATS).contains(&players) {
            return Err(value_error(format!(
                "a game needs one deck per seat, 2 to {MAX_SEATS} of them; got {players}"
            )));
        }
        let table = TableArgs {
            players: players as u8,
            format: self.format.clone(),
            variant: self.variant.clone(),
            team_size: self.team_size,
        }
        .table()
        .map_err(cli_error)?;
        if table.draft.is_some() {
            return Err(value_error(format!(
                "{} makes its decks by drafting; draft them first (`epic draft`) and pass \
                 the decks as lists of card names",
                table.format.as_ref().map_or("this format", |f| f.title)
            )));
        }
        check_first_player(self.first_player, players)?;
        let pool = names::pool();
        let mut decks = Vec::with_capacity(players);
        let mut seats = Vec::with_capacity(players);
        for (seat, spec) in self.decks.iter().enumerate() {
            let whose = format!("seat {seat}'s deck");
            let (deck, described) = match spec {
                DeckSpec::Named(name) => (
                    names::resolve_deck(&pool, name, self.seed.wrapping_add(seat as u64))
                        .map_err(cli_error)?,
                    name.clone(),
                ),
                DeckSpec::Cards(cards) => {
                    if cards.len() > names::MAX_DECK_CARDS {
                        return Err(value_error(format!(
                            "{whose} has {} cards; a deck may hold at most {}",
                            cards.len(),
                            names::MAX_DECK_CARDS
                        )));
                    }
                    let ids = cards
                        .iter()
                        .map(|c| names::find_card(&pool, c))
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(|e| value_error(format!("{whose}: {}", e.message)))?;
                    (ids, "a list of cards".to_string())
                }
            };
            table
                .check_deck(&deck, &described, &whose)
                .map_err(cli_error)?;
            seats.push(Seat {
                player: "python".into(),
                bot_seed: None,
                deck: described,
                cards: deck.iter().map(|&c| pool.get(c).name.clone()).collect(),
            });
            decks.push(deck);
        }
        let save = SaveSetup {
            rules: table.rules.clone(),
            format: self.format.clone(),
            seed: self.seed,
            first_player: self.first_player,
            seats,
            // Python's games offer no undo, and are replayed so.
            undo: false,
        };
        let setup = Setup {
            rules: table.rules,
            pool,
            decks,
            seed: self.seed,
            first_player: self.first_player,
        };
        Ok((setup, save))
    }
}

/// A new game from a setup, its refusal a `ValueError`.
pub fn new_game(setup: Setup) -> PyResult<Game> {
    Game::new(setup).map(without_undo).map_err(value_error)
}

/// The game as Python plays it: plays cannot be undone (rule 3.7 is for people at a
/// table), so no `Undo` option appears and no state is copied per play.
pub fn without_undo(mut game: Game) -> Game {
    game.set_undo(false);
    game
}
