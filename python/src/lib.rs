//! The native module of the `epic` Python package (`epic._epic`): a game over the
//! engine's decision interface, its fixed-size observations and action space
//! (`epic_engine::tensor`), the built-in bots, and a vectorised environment that steps
//! many games in one call without the GIL. Everything a seat is given is built from
//! what that seat may know; the Python layer (`python/epic`) adds the PettingZoo and
//! Gymnasium environments on top.

mod classic;
mod table;
mod vec_env;

use epic_cli::save::{SaveFile, SaveSetup};
use epic_engine::tensor::{self, Layout, ACTION_FEATURES, MAX_ACTIONS};
use epic_engine::{Choice, Event, Game, PlayerId};
use epic_game::actions::Tensors;
use epic_game::{Seat, State};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyAny;
use std::sync::Mutex;
use table::{value_error, DeckSpec, TableSpec};

/// A game of Epic (2017 rules) with every real card.
///
/// Seats are numbered from 0. The pending decision belongs to `decider`; its options are
/// the actions `0 .. num_options` of a fixed action space of `MAX_ACTIONS` slots
/// (`action_mask`, `action_features`, `labels`), and `apply(action)` takes one.
/// Everything given for a seat (`observation`, `view`, `labels`, the events of
/// `apply_events`) holds only what that seat may know.
#[pyclass(module = "epic._epic", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    game: Game,
    /// The setup as a saved game records it; `None` for a sampled game, which has no
    /// real history.
    save: Option<SaveSetup>,
    decisions: Vec<Choice>,
}

fn seat_of(game: &Game, seat: i64) -> PyResult<PlayerId> {
    check_seat(game.state().players.len(), seat)
}

/// `seat` if it is at a table of `seats` seats, else a `ValueError` saying which are.
pub(crate) fn check_seat(seats: usize, seat: i64) -> PyResult<PlayerId> {
    let seats = seats as i64;
    if (0..seats).contains(&seat) {
        Ok(seat as PlayerId)
    } else {
        Err(value_error(format!(
            "seat {seat} is not at the table (seats 0 to {})",
            seats - 1
        )))
    }
}

/// The decisions (every seat's) after which the environments cut a game short
/// (`truncated`) unless told otherwise: far above any real game (a few hundred), and
/// reached only by a policy that goes round in circles (declaring and cancelling a
/// battle for ever).
pub(crate) const MAX_DECISIONS: u32 = 10_000;

/// `mix(*values)`: SplitMix64 over the values in turn (each taken modulo 2**64), the
/// seed of a game from a run's seed and the game's place in it. `VecEnv` deals game `k`
/// of env `i` from `mix(seed, k * num_envs + i)`.
#[pyfunction(name = "mix", signature = (*values))]
fn py_mix(values: Vec<i128>) -> u64 {
    // The low 64 bits, as Python's `v & (2**64 - 1)` takes them, negatives included.
    let values: Vec<u64> = values.into_iter().map(|v| v as u64).collect();
    epic_game::mix(&values)
}

/// A seed as Python gives it: any integer from 0 to 2**64 - 1, else a `ValueError` that
/// says so (rather than an overflow from the conversion).
pub(crate) fn seed_of(seed: i128) -> PyResult<u64> {
    u64::try_from(seed).map_err(|_| {
        value_error(format!(
            "a seed is an integer from 0 to 2**64 - 1, not {seed}"
        ))
    })
}

/// +1 for a winner, -1 for a loser, 0 for everyone in a draw; 0 before the end: any
/// ruleset's game.
pub(crate) fn rewards<G: State>(game: &G, out: &mut [f32]) {
    out.fill(0.0);
    if let Some(winners) = game.winners().filter(|w| !w.is_empty()) {
        for (seat, r) in out.iter_mut().enumerate() {
            *r = if winners.contains(&(seat as PlayerId)) {
                1.0
            } else {
                -1.0
            };
        }
    }
}

/// `<epic.Game 2 seats, turn 3, seat 0 to decide>`, for either ruleset's game.
pub(crate) fn repr<W: std::fmt::Debug>(
    class: &str,
    seats: usize,
    turn: u32,
    decider: Option<u8>,
    winners: Option<Vec<W>>,
) -> String {
    let state = match (decider, winners) {
        (Some(d), _) => format!("seat {d} to decide"),
        (None, Some(w)) if w.is_empty() => "over, a draw".into(),
        (None, Some(w)) => format!("over, won by seat {w:?}"),
        (None, None) => "over".into(),
    };
    format!("<epic.{class} {seats} seats, turn {turn}, {state}>")
}

/// What `seat` may know of `game`, as a numpy array.
pub(crate) fn observation_array<'py, G: Tensors>(
    py: Python<'py>,
    game: &G,
    seat: Seat,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let out = PyArray1::<f32>::zeros(py, game.observation_len(), false);
    game.write_observation(seat, out.readwrite().as_slice_mut()?);
    Ok(out)
}

/// `seat`'s action mask in `game`, `MAX_ACTIONS` long.
pub(crate) fn mask_array<'py, G: Tensors>(
    py: Python<'py>,
    game: &G,
    seat: Seat,
) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let mask = PyArray1::<u8>::zeros(py, MAX_ACTIONS, false);
    game.write_actions(seat, mask.readwrite().as_slice_mut()?, None);
    Ok(mask)
}

/// `seat`'s action features in `game`: a row of the ruleset's width for each of the
/// `MAX_ACTIONS` slots.
pub(crate) fn features_array<'py, G: Tensors>(
    py: Python<'py>,
    game: &G,
    seat: Seat,
) -> PyResult<Bound<'py, PyArray2<f32>>> {
    let features = PyArray2::<f32>::zeros(py, [MAX_ACTIONS, G::ACTION_FEATURES], false);
    game.write_actions(
        seat,
        &mut [0u8; MAX_ACTIONS],
        Some(features.readwrite().as_slice_mut()?),
    );
    Ok(features)
}

/// The option of `game` that `action` stands for, or a `ValueError` saying which
/// actions are legal.
pub(crate) fn option_of<G: Tensors>(game: &G, action: i64) -> PyResult<usize> {
    let Some(decider) = game.decider() else {
        return Err(value_error("the game is over: no action can be taken"));
    };
    usize::try_from(action)
        .ok()
        .and_then(|a| game.action_option(a))
        .ok_or_else(|| not_legal(action, decider, game.num_actions()))
}

/// Why `action` cannot be taken: `decider` has `n` legal actions.
pub(crate) fn not_legal(action: i64, decider: u8, n: usize) -> PyErr {
    value_error(format!(
        "action {action} is not legal now: seat {decider} has {} (see labels())",
        match n {
            1 => "only action 0".to_string(),
            n => format!("actions 0 to {}", n - 1),
        }
    ))
}

/// Why a sampled game cannot be saved.
pub(crate) fn unsaved() -> PyErr {
    value_error("a sampled game has no history of its own and cannot be saved")
}

/// A value as Python's dicts and lists, by way of its JSON form.
fn to_python<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(value_error)?;
    py.import("json")?.call_method1("loads", (text,))
}

impl PyGame {
    /// Takes `action` for the decider and records it for saves; the events it caused
    /// when `with_events`, else none.
    fn take(&mut self, action: i64, with_events: bool) -> PyResult<Vec<Event>> {
        let index = option_of(&self.game, action)?;
        let choice = self.game.options()[index];
        let events = if with_events {
            self.game.apply(choice)
        } else {
            self.game.apply_option(index).map(|()| Vec::new())
        }
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        self.decisions.push(choice);
        Ok(events)
    }
}

#[pymethods]
impl PyGame {
    /// A new game. `decks` has one entry per seat: a built-in deck name (`good`, `evil`,
    /// `sage`, `wild`, `random`), a deck-list file's path, or a list of card names.
    /// `format` checks the decks against a format's deck-building rules; `variant` is
    /// `ffa`, `hunter-first-blood`, `hunter-last-one-standing` or `hydra` (with
    /// `team_size`); `first_player` is drawn from `seed` unless given.
    #[new]
    #[pyo3(signature = (decks=vec![DeckSpec::Named("good".into()), DeckSpec::Named("evil".into())], seed=0, format=None, variant="ffa".to_string(), team_size=None, first_player=None))]
    fn new(
        decks: Vec<DeckSpec>,
        seed: i128,
        format: Option<String>,
        variant: String,
        team_size: Option<u8>,
        first_player: Option<u8>,
    ) -> PyResult<Self> {
        let spec = TableSpec {
            decks,
            seed: seed_of(seed)?,
            format,
            variant,
            team_size,
            first_player,
        };
        let (setup, save) = spec.setup()?;
        Ok(PyGame {
            game: table::new_game(setup)?,
            save: Some(save),
            decisions: Vec::new(),
        })
    }

    /// How many seats the game was set up with.
    #[getter]
    fn seats(&self) -> usize {
        self.game.state().players.len()
    }

    /// The seat that must decide now, or `None` once the game is over.
    #[getter]
    fn decider(&self) -> Option<u8> {
        self.game.decider()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The winning seats once the game is over (empty for a draw), else `None`.
    #[getter]
    fn winners(&self) -> Option<Vec<usize>> {
        self.game
            .result()
            .map(|r| r.winners.into_iter().map(usize::from).collect())
    }

    /// Which seats are out of the game (public to every seat).
    #[getter]
    fn eliminated(&self) -> Vec<bool> {
        self.game
            .state()
            .players
            .iter()
            .map(|p| p.eliminated)
            .collect()
    }

    #[getter]
    fn turn(&self) -> u16 {
        self.game.state().turn
    }

    /// The kind of the pending decision (`initiative`, `attackers`, `target`, …).
    #[getter]
    fn decision_kind(&self) -> Option<&'static str> {
        self.game.decision_kind().map(|k| k.name())
    }

    /// How many options the pending decision has (0 once the game is over).
    #[getter]
    fn num_options(&self) -> usize {
        self.game.options().len()
    }

    /// Decisions taken since the start.
    #[getter]
    fn history_len(&self) -> usize {
        self.decisions.len()
    }

    /// The length of `observation()`.
    #[getter]
    fn observation_size(&self) -> usize {
        Layout::of(&self.game).observation_len()
    }

    /// Where each part of the observation starts and how long it is:
    /// `{"global": (0, 26), "players": (26, 24), …}` (docs/python.md).
    #[getter]
    fn observation_sections(&self) -> Vec<(&'static str, usize, usize)> {
        Layout::of(&self.game).sections().to_vec()
    }

    /// The numbers in each row of `action_features()` (`ACTION_FEATURES`).
    #[getter]
    fn action_feature_size(&self) -> usize {
        ACTION_FEATURES
    }

    /// The number of cards in the pool: the length of each card-count block, and one
    /// more than the highest card index in the observation and the action features.
    #[getter]
    fn pool_size(&self) -> usize {
        self.game.pool().len()
    }

    /// The actions `seat` may take now (none unless it decides).
    fn legal_actions(&self, seat: i64) -> PyResult<Vec<usize>> {
        let seat = seat_of(&self.game, seat)?;
        if self.decider() != Some(seat) {
            return Ok(Vec::new());
        }
        Ok((0..self.game.num_actions()).collect())
    }

    /// The pending decision's options in words as `seat` may read them, one per action
    /// (empty unless `seat` decides).
    fn labels(&self, seat: i64) -> PyResult<Vec<String>> {
        let seat = seat_of(&self.game, seat)?;
        if self.decider() != Some(seat) {
            return Ok(Vec::new());
        }
        let labels = self.game.labels();
        Ok((0..self.game.num_actions())
            .map(|a| labels[self.game.action_option(a).expect("slot in range")].clone())
            .collect())
    }

    /// The question being asked, in words, when `seat` is the one asked.
    fn prompt(&self, seat: i64) -> PyResult<Option<String>> {
        let seat = seat_of(&self.game, seat)?;
        Ok(self
            .game
            .decision()
            .filter(|d| d.player == seat)
            .map(|d| d.prompt))
    }

    /// What `seat` may know, as a flat float32 array (`observation_sections`).
    fn observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<f32>>> {
        observation_array(py, &self.game, seat_of(&self.game, seat)?)
    }

    /// 1 for each action `seat` may take now, as a uint8 array of `MAX_ACTIONS`.
    fn action_mask<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<u8>>> {
        mask_array(py, &self.game, seat_of(&self.game, seat)?)
    }

    /// A row of `ACTION_FEATURES` numbers per action slot (`MAX_ACTIONS` rows) saying
    /// what each of `seat`'s actions does; all zero unless `seat` decides.
    fn action_features<'py>(
        &self,
        py: Python<'py>,
        seat: i64,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        features_array(py, &self.game, seat_of(&self.game, seat)?)
    }

    /// Takes `action` (a legal action of the decider); a `ValueError` otherwise, and
    /// the game is unchanged.
    fn apply(&mut self, action: i64) -> PyResult<()> {
        self.take(action, false).map(drop)
    }

    /// `apply`, returning what happened as `seat` may know it: a list of event dicts
    /// (docs/saves.md names them).
    fn apply_events<'py>(
        &mut self,
        py: Python<'py>,
        action: i64,
        seat: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = seat_of(&self.game, seat)?;
        let events = self.take(action, true)?;
        let seen: Vec<_> = events.iter().map(|e| e.seen_by(seat)).collect();
        to_python(py, &seen)
    }

    /// `seat` concedes (rule 1.2.2), whoever is deciding: when that leaves one player or
    /// team, it wins; otherwise the others play on without `seat`. Saves keep it. A seat
    /// that is already out, or a game that is over, is a `ValueError`.
    fn concede(&mut self, seat: i64) -> PyResult<()> {
        let seat = seat_of(&self.game, seat)?;
        self.game.concede(seat).map_err(value_error)?;
        self.decisions.push(Choice::Concede(seat));
        Ok(())
    }

    /// What `seat` may see as a dict: players, champions, its hand, the turn (rule 1.10).
    fn view<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let seat = seat_of(&self.game, seat)?;
        to_python(py, &self.game.view(seat))
    }

    /// +1 for each winning seat and -1 for the others once the game is over (0 for
    /// everyone in a draw, and before the end).
    fn rewards(&self) -> Vec<f32> {
        let mut out = vec![0.0; self.seats()];
        rewards(&self.game, &mut out);
        out
    }

    /// A fingerprint of the whole game: equal digests, equal games.
    fn digest(&self) -> u64 {
        self.game.digest()
    }

    fn clone(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        Clone::clone(self)
    }

    /// A whole game `seat` cannot tell from this one, its hidden cards dealt anew from
    /// `seed`: what a search that may not cheat plays on. It cannot be saved.
    fn sample_for(&self, seat: i64, seed: i128) -> PyResult<PyGame> {
        let seat = seat_of(&self.game, seat)?;
        Ok(PyGame {
            game: self.game.sample_for(seat, seed_of(seed)?),
            save: None,
            decisions: Vec::new(),
        })
    }

    /// The game as a saved-game file's text (docs/saves.md), which `epic replay` reads.
    fn save(&self) -> PyResult<String> {
        let setup = self.save.clone().ok_or_else(unsaved)?;
        let file = SaveFile::new(setup, self.decisions.clone(), &self.game);
        serde_json::to_string_pretty(&file).map_err(value_error)
    }

    /// The game a saved-game file's text describes, its digest checked.
    #[staticmethod]
    fn load(text: &str) -> PyResult<PyGame> {
        let file = SaveFile::parse("the saved game", text).map_err(|e| value_error(e.message))?;
        let game = file
            .rebuild(&epic_cli::names::pool(), None)
            .map(table::without_undo)
            .map_err(|e| value_error(e.message))?;
        Ok(PyGame {
            game,
            save: Some(file.setup),
            decisions: file.decisions,
        })
    }

    /// Pickles as its saved game (`Game.load(game.save())`), so a game crosses to
    /// another process, Ray worker or file whole; a sampled game, which has no saved
    /// form, does not pickle.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let text = slf.borrow().save()?;
        Ok((slf.get_type().getattr("load")?, (text,)))
    }

    fn __repr__(&self) -> String {
        repr(
            "Game",
            self.seats(),
            self.turn().into(),
            self.decider(),
            self.winners(),
        )
    }
}

/// A built-in bot: `random`, `greedy`, `ismcts`, `easy`, `medium`, `hard` or
/// `ismcts@N`. It decides from its seat's view only, in a `Game` or a `ClassicGame`
/// (with the classic game's own evaluation).
#[pyclass(module = "epic._epic", name = "Bot")]
pub struct PyBot {
    name: String,
    seed: u64,
    bot: Mutex<Box<dyn epic_bots::Bot + Send>>,
    /// The same bot for classic games.
    classic: Mutex<Box<dyn epic_bots::players::Player<epic_classic::ClassicGame>>>,
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (name="greedy", seed=0))]
    fn new(name: &str, seed: i128) -> PyResult<Self> {
        let seed = seed_of(seed)?;
        let bot = epic_bots::bot_by_name(name, seed).map_err(value_error)?;
        let classic = epic_bots::classic::classic_player(name, seed).map_err(value_error)?;
        Ok(PyBot {
            name: name.to_string(),
            seed,
            bot: Mutex::new(bot),
            classic: Mutex::new(classic),
        })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The action this bot takes for the game's decider (a `Game` or a
    /// `ClassicGame`). The GIL is released while it thinks.
    fn choose(&self, py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<usize> {
        if let Ok(classic) = game.cast::<classic::PyClassicGame>() {
            return classic.try_borrow()?.bot_action(py, &self.classic);
        }
        let game: PyRef<'_, PyGame> = game
            .extract()
            .map_err(|_| PyTypeError::new_err("a bot plays an epic.Game or an epic.ClassicGame"))?;
        if game.game.is_over() {
            return Err(value_error("the game is over: there is nothing to choose"));
        }
        let g = &game.game;
        let choice = py.detach(|| {
            let mut bot = self.bot.lock().unwrap_or_else(|e| e.into_inner());
            bot.choose(g)
        });
        let index = g
            .options()
            .iter()
            .position(|&c| c == choice)
            .ok_or_else(|| PyRuntimeError::new_err("the bot chose an option not offered"))?;
        g.option_action(index).ok_or_else(|| {
            PyValueError::new_err("the bot chose an option outside the fixed action space")
        })
    }

    /// Pickles as its name and seed: unpickled, it is the bot as it was made, its
    /// random choices starting again from the seed.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, u64))> {
        let bot = slf.borrow();
        Ok((slf.get_type().into_any(), (bot.name.clone(), bot.seed)))
    }

    fn __repr__(&self) -> String {
        format!("<epic.Bot {}>", self.name)
    }
}

/// Every card's name, by its index in the card pool: the index observations and action
/// features give (as index + 1), and the `card` of views and events.
#[pyfunction]
fn card_names() -> Vec<String> {
    let pool = epic_cli::names::pool();
    pool.iter().map(|(_, def)| def.name.clone()).collect()
}

/// Every classic card's name, by its index in the classic pool: the index a
/// `ClassicGame`'s observations and action features give (as index + 1).
#[pyfunction]
fn classic_card_names() -> Vec<String> {
    let pool = epic_classic::classic_pool();
    pool.ids().map(|c| pool.get(c).name.clone()).collect()
}

#[pymodule]
fn _epic(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<classic::PyClassicGame>()?;
    m.add_function(wrap_pyfunction!(card_names, m)?)?;
    m.add_function(wrap_pyfunction!(classic_card_names, m)?)?;
    m.add_class::<PyBot>()?;
    m.add_class::<vec_env::PyVecEnv>()?;
    m.add_function(wrap_pyfunction!(py_mix, m)?)?;
    m.add("MAX_ACTIONS", MAX_ACTIONS)?;
    m.add("MAX_DECISIONS", MAX_DECISIONS)?;
    m.add("ACTION_FEATURES", ACTION_FEATURES)?;
    m.add("CHAMPION_SLOTS", tensor::CHAMPION_SLOTS)?;
    m.add("CHAMPION_FEATURES", tensor::CHAMPION_FEATURES)?;
    m.add("PLAYER_FEATURES", tensor::PLAYER_FEATURES)?;
    m.add("OPTION_KINDS", tensor::OPTION_KINDS.to_vec())?;
    m.add(
        "CLASSIC_OPTION_KINDS",
        epic_classic::tensor::OPTION_KINDS.to_vec(),
    )?;
    m.add("CLASSIC_DECK_NAMES", epic_classic::classic_deck_names())?;
    m.add("CLASSIC_FACE_DOWN", epic_classic::FACE_DOWN)?;
    m.add("DECK_NAMES", epic_cards::DECK_NAMES.to_vec())?;
    m.add("BOT_NAMES", epic_bots::BOT_NAMES.to_vec())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
