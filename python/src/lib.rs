//! The native module of the `epic` Python package (`epic._epic`): one `Game` class for
//! every ruleset of the registry (`epic_rulesets`), with its fixed-size observations
//! and action space (`epic_game::actions::Tensors`), the built-in bots, and a vectorised
//! environment that steps many games in one call without the GIL. Everything a seat is
//! given is built from what that seat may know; the Python layer (`python/epic`) adds
//! the PettingZoo, Gymnasium and OpenSpiel games on top.

mod table;
mod vec_env;

use epic_engine::tensor::{self, ACTION_FEATURES, MAX_ACTIONS};
use epic_game::Seat;
use epic_rulesets::{AnyPlayed, SeatBot};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyAny;
use std::sync::Mutex;
use table::{value_error, DeckSpec, TableSpec};

/// A game of Epic under any ruleset of the registry: the 2017 rules with every real
/// card (`ruleset="2017"`, the default) or the 2009 classic game (`ruleset="classic"`).
///
/// Seats are numbered from 0. The pending decision belongs to `decider`; its options are
/// the actions `0 .. num_options` of a fixed action space of `MAX_ACTIONS` slots
/// (`action_mask`, `action_features`, `labels`), and `apply(action)` takes one.
/// Everything given for a seat (`observation`, `view`, `labels`, the events of
/// `apply_events`) holds only what that seat may know.
#[pyclass(module = "epic._epic", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    played: AnyPlayed,
    /// A sampled game has no history of its own, and no save.
    sampled: bool,
}

impl PyGame {
    fn seat(&self, seat: i64) -> PyResult<Seat> {
        check_seat(self.played.seats(), seat)
    }

    /// The option `action` stands for, or a `ValueError` saying which actions are legal.
    fn option(&self, action: i64) -> PyResult<usize> {
        let Some(decider) = self.played.decider() else {
            return Err(value_error("the game is over: no action can be taken"));
        };
        let option = usize::try_from(action)
            .ok()
            .and_then(|a| self.played.action_option(a).ok().flatten());
        match option {
            Some(option) => Ok(option),
            None => Err(not_legal(
                action,
                decider,
                self.played.num_actions().map_err(value_error)?,
            )),
        }
    }
}

/// `seat` if it is at a table of `seats` seats, else a `ValueError` saying which are.
pub(crate) fn check_seat(seats: usize, seat: i64) -> PyResult<Seat> {
    let seats = seats as i64;
    if (0..seats).contains(&seat) {
        Ok(seat as Seat)
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

/// +1 for a winner, -1 for a loser, 0 for everyone in a draw; 0 before the end (no
/// winners yet).
pub(crate) fn rewards(winners: Option<&[Seat]>, out: &mut [f32]) {
    out.fill(0.0);
    if let Some(winners) = winners.filter(|w| !w.is_empty()) {
        for (seat, r) in out.iter_mut().enumerate() {
            *r = if winners.contains(&(seat as Seat)) {
                1.0
            } else {
                -1.0
            };
        }
    }
}

/// A mask of 0s and 1s written as bytes, seen as int8: the one dtype of every mask the
/// package gives, because Gymnasium's `Discrete.sample(mask=…)` and PettingZoo's classic
/// games take int8 masks (docs/python.md). The view shares the bytes: nothing is copied.
pub(crate) fn as_mask(bytes: Bound<'_, PyAny>) -> PyResult<Bound<'_, PyAny>> {
    bytes.call_method1("view", ("int8",))
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

#[pymethods]
impl PyGame {
    /// A new game. `decks` has one entry per seat: one of the ruleset's decks by name
    /// (2017: `good`, `evil`, `sage`, `wild`, `random`; classic: `order`, `chaos`), a
    /// deck-list file's path, or a list of card names; left out, `players` seats (2 by
    /// default) each play their usual deck, and a limited classic format deals them.
    /// `format` checks the decks against a format's rules; `variant` is `ffa`,
    /// `hunter-first-blood`, `hunter-last-one-standing` or `hydra` (with `team_size`);
    /// `first_player` is drawn from `seed` unless given.
    #[new]
    #[pyo3(signature = (decks=None, seed=0, format=None, variant="ffa".to_string(), team_size=None, first_player=None, ruleset="2017".to_string(), players=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        decks: Option<Vec<DeckSpec>>,
        seed: i128,
        format: Option<String>,
        variant: String,
        team_size: Option<u8>,
        first_player: Option<u8>,
        ruleset: String,
        players: Option<usize>,
    ) -> PyResult<Self> {
        let spec = TableSpec {
            ruleset,
            decks,
            players,
            seed: seed_of(seed)?,
            format,
            variant,
            team_size,
            first_player,
        };
        let request = spec.request()?;
        let mut played = AnyPlayed::request(&spec.ruleset, &request).map_err(value_error)?;
        // A game without tensors (one whose decks are still to be drafted) says so now.
        played.num_actions().map_err(value_error)?;
        played.without_undo();
        Ok(PyGame {
            played,
            sampled: false,
        })
    }

    /// The ruleset's name: `2017` or `classic`.
    #[getter]
    fn ruleset(&self) -> &'static str {
        self.played.ruleset()
    }

    /// How many seats the game was set up with.
    #[getter]
    fn seats(&self) -> usize {
        self.played.seats()
    }

    /// The seat that must decide now, or `None` once the game is over.
    #[getter]
    fn decider(&self) -> Option<u8> {
        self.played.decider()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.played.is_over()
    }

    /// The winning seats once the game is over (empty for a draw), else `None`.
    #[getter]
    fn winners(&self) -> Option<Vec<usize>> {
        let winners = self.played.winners()?;
        Some(winners.into_iter().map(usize::from).collect())
    }

    /// Which seats are out of the game (public to every seat).
    #[getter]
    fn eliminated(&self) -> Vec<bool> {
        (0..self.seats() as Seat)
            .map(|s| self.played.is_out(s))
            .collect()
    }

    #[getter]
    fn turn(&self) -> u32 {
        self.played.turn()
    }

    /// The kind of the pending decision (2017: `initiative`, `attackers`, `target`, …;
    /// classic: `priority`, `target`, `mulligan`, …); `None` once over.
    #[getter]
    fn decision_kind(&self) -> Option<&'static str> {
        self.played.decision_kind()
    }

    /// How many actions the decider has: the legal actions are `0 .. num_options` (up
    /// to `MAX_ACTIONS`; 0 once the game is over).
    #[getter]
    fn num_options(&self) -> PyResult<usize> {
        self.played.num_actions().map_err(value_error)
    }

    /// Decisions taken since the start.
    #[getter]
    fn history_len(&self) -> usize {
        self.played.decisions()
    }

    /// The length of `observation()`.
    #[getter]
    fn observation_size(&self) -> PyResult<usize> {
        self.played.observation_len().map_err(value_error)
    }

    /// Where each part of the observation starts and how long it is:
    /// `[("global", 0, 26), ("players", 26, 24), …]` (docs/python.md).
    #[getter]
    fn observation_sections(&self) -> PyResult<Vec<(&'static str, usize, usize)>> {
        self.played.observation_sections().map_err(value_error)
    }

    /// The numbers in each row of `action_features()` (the ruleset's).
    #[getter]
    fn action_feature_size(&self) -> PyResult<usize> {
        self.played.action_feature_size().map_err(value_error)
    }

    /// The number of cards in the ruleset's pool: the length of each card-count block,
    /// and one more than the highest card index in the observation and action features.
    #[getter]
    fn pool_size(&self) -> PyResult<usize> {
        self.played.pool_size().map_err(value_error)
    }

    /// The actions `seat` may take now (none unless it decides).
    fn legal_actions(&self, seat: i64) -> PyResult<Vec<usize>> {
        let seat = self.seat(seat)?;
        if self.decider() != Some(seat) {
            return Ok(Vec::new());
        }
        Ok((0..self.num_options()?).collect())
    }

    /// The pending decision's options in words as `seat` may read them, one per action
    /// (empty unless `seat` decides).
    fn labels(&self, seat: i64) -> PyResult<Vec<String>> {
        let seat = self.seat(seat)?;
        let labels = self.played.labels(seat);
        if labels.is_empty() {
            return Ok(labels);
        }
        (0..self.num_options()?)
            .map(|a| {
                let option = self.played.action_option(a).map_err(value_error)?;
                Ok(labels[option.expect("a filled slot")].clone())
            })
            .collect()
    }

    /// The question being asked, in words, when `seat` is the one asked.
    fn prompt(&self, seat: i64) -> PyResult<Option<String>> {
        Ok(self.played.prompt(self.seat(seat)?))
    }

    /// What `seat` may know, as a flat float32 array (`observation_sections`).
    fn observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat(seat)?;
        let out = PyArray1::<f32>::zeros(py, self.observation_size()?, false);
        self.played
            .write_observation(seat, out.readwrite().as_slice_mut()?)
            .map_err(value_error)?;
        Ok(out)
    }

    /// 1 for each action `seat` may take now, as an int8 array of `MAX_ACTIONS` (the
    /// package's one mask type, [`mask_dtype`]).
    fn action_mask<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        let mask = PyArray1::<u8>::zeros(py, MAX_ACTIONS, false);
        self.played
            .write_actions(seat, mask.readwrite().as_slice_mut()?, None)
            .map_err(value_error)?;
        as_mask(mask.into_any())
    }

    /// A row of `action_feature_size` numbers per action slot (`MAX_ACTIONS` rows)
    /// saying what each of `seat`'s actions does; all zero unless `seat` decides.
    fn action_features<'py>(
        &self,
        py: Python<'py>,
        seat: i64,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let seat = self.seat(seat)?;
        let width = self.action_feature_size()?;
        let features = PyArray2::<f32>::zeros(py, [MAX_ACTIONS, width], false);
        self.played
            .write_actions(
                seat,
                &mut [0u8; MAX_ACTIONS],
                Some(features.readwrite().as_slice_mut()?),
            )
            .map_err(value_error)?;
        Ok(features)
    }

    /// Takes `action` (a legal action of the decider); a `ValueError` otherwise, and
    /// the game is unchanged.
    fn apply(&mut self, action: i64) -> PyResult<()> {
        let option = self.option(action)?;
        self.played
            .take_option(option)
            .map_err(|e| PyRuntimeError::new_err(e.message))
    }

    /// `apply`, returning what happened as `seat` may know it: a list of event dicts
    /// (docs/saves.md names them; a ruleset without an event stream, the classic game,
    /// gives none).
    fn apply_events<'py>(
        &mut self,
        py: Python<'py>,
        action: i64,
        seat: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        let option = self.option(action)?;
        let seen = self
            .played
            .take_option_told(option, seat)
            .map_err(|e| PyRuntimeError::new_err(e.message))?;
        to_python(py, &seen)
    }

    /// `seat` concedes (rule 1.2.2), whoever is deciding: when that leaves one player or
    /// team, it wins; otherwise the others play on without `seat`. Saves keep it. A seat
    /// that is already out, or a game that is over, is a `ValueError`.
    fn concede(&mut self, seat: i64) -> PyResult<()> {
        let seat = self.seat(seat)?;
        if self.played.is_out(seat) || self.played.is_over() {
            return Err(value_error(format!(
                "seat {seat} cannot concede: {}",
                if self.played.is_over() {
                    "the game is over"
                } else {
                    "it is already out of the game"
                }
            )));
        }
        let taken = self.played.conceded(seat).map_err(value_error)?;
        self.played.take(taken).map_err(value_error)
    }

    /// What `seat` may see as a dict: players, champions, its hand, the turn (rule 1.10).
    fn view<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        to_python(py, &self.played.view_json(Some(seat)))
    }

    /// +1 for each winning seat and -1 for the others once the game is over (0 for
    /// everyone in a draw, and before the end).
    fn rewards(&self) -> Vec<f32> {
        let mut out = vec![0.0; self.seats()];
        rewards(self.played.winners().as_deref(), &mut out);
        out
    }

    /// The board as `seat` sees it, in the ruleset's own words, a line a part (what the
    /// terminal game shows, unwrapped): seats are called "Player 1", "Player 2", ….
    fn board_text(&self, seat: i64) -> PyResult<String> {
        let seat = self.seat(seat)?;
        let voice = epic_game::words::Voice::numbered(Some(seat), self.seats());
        Ok(self.played.page(&voice).plain_text())
    }

    /// A fingerprint of the whole game: equal digests, equal games.
    fn digest(&self) -> u64 {
        self.played.digest()
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
        let seat = self.seat(seat)?;
        Ok(PyGame {
            played: self.played.sample_for(seat, seed_of(seed)?),
            sampled: true,
        })
    }

    /// The game as a saved-game file's text (docs/saves.md), which `epic replay` reads.
    fn save(&self) -> PyResult<String> {
        if self.sampled {
            return Err(unsaved());
        }
        self.played.save_text().map_err(value_error)
    }

    /// The game a saved-game file's text describes, in the ruleset its header names, its
    /// digest checked.
    #[staticmethod]
    fn load(text: &str) -> PyResult<PyGame> {
        let mut played = AnyPlayed::from_save("the saved game", text, None).map_err(value_error)?;
        played.without_undo();
        Ok(PyGame {
            played,
            sampled: false,
        })
    }

    /// Pickles as its saved game (`Game.load(game.save())`), so a game crosses to
    /// another process, Ray worker or file whole; a sampled game, which has no saved
    /// form, does not pickle.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let text = slf.borrow().save()?;
        Ok((slf.get_type().getattr("load")?, (text,)))
    }

    /// `<epic.Game 2017, 2 seats, turn 3, seat 0 to decide>`.
    fn __repr__(&self) -> String {
        let state = match (self.decider(), self.winners()) {
            (Some(d), _) => format!("seat {d} to decide"),
            (None, Some(w)) if w.is_empty() => "over, a draw".into(),
            (None, Some(w)) => format!("over, won by seat {w:?}"),
            (None, None) => "over".into(),
        };
        format!(
            "<epic.Game {}, {} seats, turn {}, {state}>",
            self.ruleset(),
            self.seats(),
            self.turn()
        )
    }
}

/// A built-in bot: `random`, `greedy`, `ismcts`, `easy`, `medium`, `hard` or
/// `ismcts@N`. It decides from its seat's view only, in a game of any ruleset (with the
/// ruleset's own evaluation).
#[pyclass(module = "epic._epic", name = "Bot")]
pub struct PyBot {
    name: String,
    seed: u64,
    /// The bot of the ruleset it last played, made when first asked there.
    seated: Mutex<Option<(&'static str, SeatBot)>>,
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (name="greedy", seed=0))]
    fn new(name: &str, seed: i128) -> PyResult<Self> {
        let seed = seed_of(seed)?;
        epic_bots::bot_by_name(name, seed).map_err(value_error)?;
        Ok(PyBot {
            name: name.to_string(),
            seed,
            seated: Mutex::new(None),
        })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The action this bot takes for the game's decider. The GIL is released while it
    /// thinks.
    fn choose(&self, py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<usize> {
        let game: PyRef<'_, PyGame> = game
            .extract()
            .map_err(|_| PyTypeError::new_err("a bot plays an epic.Game"))?;
        let played = &game.played;
        if played.is_over() {
            return Err(value_error("the game is over: there is nothing to choose"));
        }
        let option = py.detach(|| {
            let mut seated = self.seated.lock().unwrap_or_else(|e| e.into_inner());
            if seated.as_ref().is_none_or(|(r, _)| *r != played.ruleset()) {
                let bot = played.seat_bot(&self.name, self.seed, 1)?;
                *seated = Some((played.ruleset(), bot));
            }
            let (_, bot) = seated.as_mut().expect("seated above");
            bot.choose(played)
                .ok_or_else(|| epic_game::SetupError::new("the bot chose no option"))
        });
        let option = option.map_err(|e| PyRuntimeError::new_err(e.message))?;
        played
            .option_action(option)
            .map_err(value_error)?
            .ok_or_else(|| {
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
    let pool = epic_engine::setup::names::pool();
    pool.iter().map(|(_, def)| def.name.clone()).collect()
}

/// Every classic card's name, by its index in the classic pool: the index a
/// `ClassicGame`'s observations and action features give (as index + 1).
#[pyfunction]
fn classic_card_names() -> Vec<String> {
    let pool = epic_classic::classic_pool();
    pool.ids().map(|c| pool.get(c).name.clone()).collect()
}

/// Every ruleset of the registry, the default first, as a dict each: its name, title,
/// decks, usual decks, formats and variants (what the server's `GET /api/options` lists).
#[pyfunction]
fn rulesets(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_python(py, &epic_rulesets::rulesets())
}

#[pymodule]
fn _epic(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_function(wrap_pyfunction!(card_names, m)?)?;
    m.add_function(wrap_pyfunction!(classic_card_names, m)?)?;
    m.add_class::<PyBot>()?;
    m.add_class::<vec_env::PyVecEnv>()?;
    m.add_function(wrap_pyfunction!(py_mix, m)?)?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
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
    m.add("RULESETS", epic_rulesets::RULESETS.to_vec())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
