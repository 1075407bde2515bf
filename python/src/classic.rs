//! `epic.ClassicGame`: the classic ruleset (the 2009 Epic Trading Card Game) for
//! Python, over the ruleset-neutral interface (`epic_game::State`) as `Game` is over the
//! 2017 one where the two agree: the decider, its options as actions `0 .. num_options`
//! with their labels, `apply`, per-seat views, winners and rewards, the digest, samples,
//! saves that `epic replay` reads, and the built-in bots; and its own fixed-size
//! observation and action features (`epic_classic::tensor`) in the same fixed action
//! space of `MAX_ACTIONS` slots.

use crate::table::{check_first_player, cli_error, value_error, DeckSpec};
use epic_bots::players::Player;
use epic_classic::format::{Decklist, Format};
use epic_classic::tensor::{Layout, ACTION_FEATURES};
use epic_classic::{classic_pool, read_deck, ClassicGame};
use epic_cli::classic_save::{option_index, ClassicDecision, ClassicSave, ClassicSetup};
use epic_cli::classic_table;
use epic_cli::save::{read_saved, Saved, Seat as SavedSeat};
use epic_game::{Seat, State};
use epic_model::CardId;
use numpy::{PyArray1, PyArray2};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyAny;
use std::sync::Mutex;

/// A game of the classic ruleset (the 2009 game: Mojo, actions, speeds, the line).
///
/// Seats are numbered from 0. The pending decision belongs to `decider`; its options
/// are the actions `0 .. num_options` of a fixed action space of `MAX_ACTIONS` slots
/// (`action_mask`, `action_features`; `labels` names them as a seat may read them), and
/// `apply(action)` takes one. Everything given for a seat (`observation`, `view`,
/// `labels`) holds only what that seat may know.
#[pyclass(module = "epic._epic", name = "ClassicGame")]
#[derive(Clone)]
pub struct PyClassicGame {
    game: ClassicGame,
    /// The setup as a saved game records it; `None` for a sampled game.
    setup: Option<ClassicSetup>,
    /// The option taken at each decision.
    decisions: Vec<ClassicDecision>,
}

/// The most seats at one classic table.
const MAX_SEATS: usize = epic_classic::MAX_PLAYERS;

impl PyClassicGame {
    fn seat(&self, seat: i64) -> PyResult<Seat> {
        crate::check_seat(self.game.seats(), seat)
    }
}

/// Each seat's deck and sideboard, and how the save describes them: built-in names and
/// deck-list files as `epic play --ruleset classic --deck` reads them, or lists of card
/// names. A game has no use for the sideboard, but `designed` checks it with the deck
/// (T-15.5).
fn read_decks(decks: &[DeckSpec]) -> PyResult<Vec<(String, Decklist)>> {
    let pool = classic_pool();
    decks
        .iter()
        .enumerate()
        .map(|(seat, spec)| match spec {
            DeckSpec::Named(name) => classic_table::decklist(name)
                .map(|d| (name.clone(), d))
                .map_err(cli_error),
            // Read as a deck list of one card a line: tokens refused, near names offered.
            DeckSpec::Cards(names) => read_deck(&pool, &names.join("\n"))
                .map(|d| ("a list of cards".to_string(), Decklist::new(d)))
                .map_err(|e| value_error(format!("seat {seat}'s list of cards: {e}"))),
        })
        .collect()
}

/// The setup of a new classic game, as `ClassicGame(...)` and `VecEnv(ruleset="classic")`
/// take their arguments.
pub(crate) fn classic_setup(
    decks: Option<Vec<DeckSpec>>,
    seed: u64,
    format: Option<String>,
    first_player: Option<u8>,
    players: Option<usize>,
) -> PyResult<ClassicSetup> {
    let format = format
        .map(|f| Format::parse(&f).map_err(value_error))
        .transpose()?;
    let pool = classic_pool();
    let limited = format.filter(|f| f.is_limited());
    if players.is_some() && limited.is_none() {
        return Err(value_error(
            "players is for a limited format, which deals the decks; otherwise the \
             table has one seat per deck",
        ));
    }
    let decks: Vec<(String, Vec<CardId>)> = match (limited, decks) {
        (Some(f), None) => {
            let players = players.unwrap_or(2);
            if !(2..=MAX_SEATS).contains(&players) {
                return Err(value_error(format!(
                    "a classic game has 2 to {MAX_SEATS} players, not {players}"
                )));
            }
            f.deal_decks(&pool, players, seed)
                .map_err(value_error)?
                .into_iter()
                .map(|d| (f.name(), d))
                .collect()
        }
        (Some(f), Some(_)) => {
            return Err(value_error(format!(
                "{} deals every deck from the seed: leave decks out",
                f.name()
            )))
        }
        (None, decks) => {
            let decks = decks.unwrap_or_else(|| {
                vec![
                    DeckSpec::Named("order".into()),
                    DeckSpec::Named("chaos".into()),
                ]
            });
            if !(2..=MAX_SEATS).contains(&decks.len()) {
                return Err(value_error(format!(
                    "a game needs one deck per seat, 2 to {MAX_SEATS} of them; got {}",
                    decks.len()
                )));
            }
            let decks = read_decks(&decks)?;
            for (seat, (_, list)) in decks.iter().enumerate() {
                classic_table::check_designed(format, list, &format!("seat {seat}'s deck"))
                    .map_err(cli_error)?;
            }
            decks
                .into_iter()
                .map(|(described, list)| (described, list.deck))
                .collect()
        }
    };
    check_first_player(first_player, decks.len())?;
    let setup = ClassicSetup {
        format: format.map(Format::name),
        seed,
        first_player,
        seats: decks
            .iter()
            .map(|(described, deck)| SavedSeat {
                player: "python".into(),
                bot_seed: None,
                deck: described.clone(),
                cards: pool.names(deck),
            })
            .collect(),
    };
    Ok(setup)
}

#[pymethods]
impl PyClassicGame {
    /// A new game. `decks` has one entry per seat: `order`, `chaos`, a deck-list file's
    /// path, or a list of card names (default: order against chaos). `format` is a
    /// classic format (`pack-war`, `sealed-N`, `draft-N`, `designed`): a limited one
    /// deals every seat's deck from `seed` as bots would build them (`players` seats,
    /// 2 by default; leave `decks` out), `designed` checks the decks. `first_player` is
    /// drawn from `seed` unless given.
    #[new]
    #[pyo3(signature = (decks=None, seed=0, format=None, first_player=None, players=None))]
    fn new(
        decks: Option<Vec<DeckSpec>>,
        seed: i128,
        format: Option<String>,
        first_player: Option<u8>,
        players: Option<usize>,
    ) -> PyResult<Self> {
        let setup = classic_setup(decks, crate::seed_of(seed)?, format, first_player, players)?;
        let game = setup.start().map_err(cli_error)?;
        Ok(PyClassicGame {
            game,
            setup: Some(setup),
            decisions: Vec::new(),
        })
    }

    #[getter]
    fn seats(&self) -> usize {
        self.game.seats()
    }

    /// The seat to decide now; `None` once the game is over.
    #[getter]
    fn decider(&self) -> Option<Seat> {
        self.game.decider()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.winners().is_some()
    }

    /// The winning seats once the game is over (empty for a draw); `None` before.
    #[getter]
    fn winners(&self) -> Option<Vec<Seat>> {
        self.game.winners().map(<[Seat]>::to_vec)
    }

    #[getter]
    fn turn(&self) -> u32 {
        self.game.turn()
    }

    /// The kind of the pending decision: `priority`, `target`, `attackers`, `blockers`,
    /// `assign`, `discard`, `may`, `mulligan`, `choose-as`, `order-triggers`; `None` once
    /// over.
    #[getter]
    fn decision_kind(&self) -> Option<&'static str> {
        self.game.ask().map(|(_, a)| a.word())
    }

    /// How many options the decider has: the legal actions are `0 .. num_options` (up
    /// to `MAX_ACTIONS`; 0 once the game is over).
    #[getter]
    fn num_options(&self) -> usize {
        self.game.num_actions()
    }

    /// Which seats are out of the game (public to every seat).
    #[getter]
    fn eliminated(&self) -> Vec<bool> {
        (0..self.game.seats() as Seat)
            .map(|s| self.game.is_out(s))
            .collect()
    }

    /// The length of `observation()`.
    #[getter]
    fn observation_size(&self) -> usize {
        Layout::of(&self.game).observation_len()
    }

    /// Where each part of the observation starts and how long it is:
    /// `[("global", 0, 24), ("players", 24, 24), …]` (docs/python.md).
    #[getter]
    fn observation_sections(&self) -> Vec<(&'static str, usize, usize)> {
        Layout::of(&self.game).sections().to_vec()
    }

    /// The numbers in each row of `action_features()`.
    #[getter]
    fn action_feature_size(&self) -> usize {
        ACTION_FEATURES
    }

    /// The number of cards in the classic pool: the length of each card-count block,
    /// and one more than the highest card index in the observation and action features.
    #[getter]
    fn pool_size(&self) -> usize {
        self.game.pool().len()
    }

    /// How many decisions have been taken since the start.
    #[getter]
    fn history_len(&self) -> usize {
        self.decisions.len()
    }

    /// The legal actions for `seat`: `0 .. num_options` for the decider, none for the
    /// others.
    fn legal_actions(&self, seat: i64) -> PyResult<Vec<usize>> {
        let seat = self.seat(seat)?;
        Ok(if self.game.decider() == Some(seat) {
            (0..self.game.num_actions()).collect()
        } else {
            Vec::new()
        })
    }

    /// The seat's own options in words; empty unless it decides, as the options of
    /// another player would tell what their hand allows.
    fn labels(&self, seat: i64) -> PyResult<Vec<String>> {
        let seat = self.seat(seat)?;
        if self.game.decider() != Some(seat) {
            return Ok(Vec::new());
        }
        let labels = self.game.labels(seat);
        Ok((0..self.game.num_actions())
            .map(|a| labels[self.game.action_option(a).expect("a filled slot")].clone())
            .collect())
    }

    /// The question being asked, in words, when `seat` is the one asked.
    fn prompt(&self, seat: i64) -> PyResult<Option<String>> {
        let seat = self.seat(seat)?;
        Ok(self
            .game
            .prompt()
            .filter(|_| self.game.decider() == Some(seat)))
    }

    /// What `seat` may know, as a flat float32 array (`observation_sections`).
    fn observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<f32>>> {
        crate::observation_array(py, &self.game, self.seat(seat)?)
    }

    /// 1 for each action `seat` may take now, as a uint8 array of `MAX_ACTIONS`.
    fn action_mask<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<u8>>> {
        crate::mask_array(py, &self.game, self.seat(seat)?)
    }

    /// A row of `action_feature_size` numbers per action slot (`MAX_ACTIONS` rows)
    /// saying what each of `seat`'s actions does; all zero unless `seat` decides.
    fn action_features<'py>(
        &self,
        py: Python<'py>,
        seat: i64,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        crate::features_array(py, &self.game, self.seat(seat)?)
    }

    /// Takes `action` (a legal action of the decider); a `ValueError` otherwise, and
    /// the game is unchanged.
    fn apply(&mut self, action: i64) -> PyResult<()> {
        let index = crate::option_of(&self.game, action)?;
        self.game
            .apply(self.game.options()[index])
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        // Saves keep the option's number, which the slot stands for.
        self.decisions.push(ClassicDecision::Option(index as u32));
        Ok(())
    }

    /// What `seat` may see as a dict: players (its own hand by name, the others' as a
    /// count), cards in play (a face-down champion it does not own by its owner only),
    /// the line, the decision, and its options in words when it decides.
    fn view<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        crate::to_python(py, &self.game.view(seat))
    }

    /// +1 for each winning seat and -1 for the others once the game is over (0 for
    /// everyone in a draw, and before the end).
    fn rewards(&self) -> Vec<f32> {
        let mut out = vec![0.0; self.game.seats()];
        crate::rewards(&self.game, &mut out);
        out
    }

    /// A fingerprint of the whole game: equal digests, equal games.
    fn digest(&self) -> u64 {
        State::digest(&self.game)
    }

    fn clone(&self) -> PyClassicGame {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyClassicGame {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyClassicGame {
        Clone::clone(self)
    }

    /// A whole game `seat` cannot tell from this one, its hidden cards dealt anew from
    /// `seed`: what a search that may not cheat plays on. It cannot be saved.
    fn sample_for(&self, seat: i64, seed: i128) -> PyResult<PyClassicGame> {
        let seat = self.seat(seat)?;
        Ok(PyClassicGame {
            game: self.game.sample_for(seat, crate::seed_of(seed)?),
            setup: None,
            decisions: Vec::new(),
        })
    }

    /// The game as a saved-game file's text (docs/saves.md, "Classic games"), which
    /// `epic replay` reads.
    fn save(&self) -> PyResult<String> {
        let setup = self.setup.clone().ok_or_else(crate::unsaved)?;
        let file = ClassicSave::new(setup, self.decisions.clone(), &self.game);
        serde_json::to_string_pretty(&file).map_err(value_error)
    }

    /// The game a classic saved-game file's text describes, its digest checked.
    #[staticmethod]
    fn load(text: &str) -> PyResult<PyClassicGame> {
        let file = match read_saved("the saved game", text).map_err(cli_error)? {
            Saved::Classic(file) => file,
            Saved::Epic2017(_) => {
                return Err(value_error(
                    "the saved game is of the 2017 rules: load it with epic.Game.load",
                ))
            }
        };
        let game = file.rebuild(None).map_err(cli_error)?;
        Ok(PyClassicGame {
            game,
            setup: Some(file.setup),
            decisions: file.decisions,
        })
    }

    /// Pickles as its saved game, as `Game` does.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let text = slf.borrow().save()?;
        Ok((slf.get_type().getattr("load")?, (text,)))
    }

    fn __repr__(&self) -> String {
        crate::repr(
            "ClassicGame",
            self.seats(),
            self.turn(),
            self.decider(),
            self.winners(),
        )
    }
}

impl PyClassicGame {
    /// The action a classic bot takes for the decider; the GIL is released while it
    /// thinks.
    pub(crate) fn bot_action(
        &self,
        py: Python<'_>,
        bot: &Mutex<Box<dyn Player<ClassicGame>>>,
    ) -> PyResult<usize> {
        if self.game.winners().is_some() {
            return Err(value_error("the game is over: there is nothing to choose"));
        }
        let g = &self.game;
        // The bot is locked with the GIL released, so that a second thread asking the
        // same bot waits without holding the GIL this one needs back.
        let choice = py.detach(|| bot.lock().unwrap_or_else(|e| e.into_inner()).choose(g));
        let index = option_index(g, choice)
            .ok_or_else(|| PyRuntimeError::new_err("the bot chose an option not offered"))?;
        g.option_action(index as usize)
            .ok_or_else(|| value_error("the bot chose an option outside the fixed action space"))
    }
}
