//! Many games stepped in one call, spread over threads with the GIL released: the
//! throughput path for learning programs (docs/python.md, "Vectorised").
//!
//! Each step takes one action per game, for the seat that decides there. With an
//! `opponent`, one seat (`seat`) is the learner's and built-in bots play every other
//! seat inside the call; without one, the learner plays every seat (self-play) and each
//! game's observation is its decider's. A game that ends, or reaches `max_decisions`, is
//! dealt again at once, game `k` of env `i` from `mix(seed, k * num_envs + i)`
//! ([`epic_game::mix`]), and the step reports its rewards and `terminated`, or `truncated`;
//! the observation returned is the new game's.
//!
//! The batch holds any ruleset's games through `epic_game::actions::Tensors`, made at
//! the ruleset's own type (`epic_rulesets::with_learning_table`), and plays their other
//! seats with the ruleset's bots (`epic_rulesets::Seated`).

use crate::table::{value_error, DeckSpec, TableSpec};
use epic_bots::players::Player;
use epic_game::actions::{Tensors, MAX_ACTIONS};
use epic_game::{Seat, TableRequest};
use epic_rulesets::{LearningVisitor, Seated};
use numpy::{
    PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use rayon::prelude::*;
use std::sync::Mutex;

/// A new game from its seed.
type Deal<G> = Box<dyn Fn(u64) -> Result<G, String> + Send + Sync>;
/// A bot of the game by name, from its seed.
type MakeBot<G> = Box<dyn Fn(&str, u64) -> Result<Box<dyn Player<G>>, String> + Send + Sync>;

/// What every game of the batch is dealt from.
struct Dealer<G> {
    deal: Deal<G>,
    bot: MakeBot<G>,
    seed: u64,
    opponent: Option<String>,
    /// The learner's seat when bots play the others.
    seat: Option<Seat>,
    num_envs: usize,
    /// Decisions (everyone's) after which a game is cut short: truncated.
    max_decisions: u32,
}

impl<G: Tensors> Dealer<G> {
    /// Deals game number `dealt` of env `index`, the bots playing until the learner
    /// decides.
    fn deal(&self, index: usize, dealt: u64) -> Result<Slot<G>, String> {
        let seed = epic_game::mix(&[
            self.seed,
            dealt
                .wrapping_mul(self.num_envs as u64)
                .wrapping_add(index as u64),
        ]);
        let game = (self.deal)(seed)?;
        let bots = (0..game.seats())
            .map(|s| match (&self.opponent, self.seat) {
                (Some(name), Some(me)) if s != usize::from(me) => {
                    (self.bot)(name, seed.wrapping_mul(31).wrapping_add(s as u64))
                        .map(|b| Some(Mutex::new(b)))
                }
                _ => Ok(None),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut slot = Slot {
            game,
            bots,
            dealt,
            decisions: 0,
        };
        slot.play_bots();
        Ok(slot)
    }
}

/// One game of the batch and the bots that play its other seats.
struct Slot<G> {
    game: G,
    /// The bot of each seat the learner does not play (behind a lock only so that the
    /// batch can be read from several threads; a step holds each slot alone).
    bots: Vec<Option<Mutex<Box<dyn Player<G>>>>>,
    /// Games dealt to this env before this one.
    dealt: u64,
    /// Decisions taken in this game so far, the bots' included.
    decisions: u32,
}

/// Where one game's outputs go.
struct Row<'a> {
    obs: Option<&'a mut [f32]>,
    mask: &'a mut [u8],
    features: Option<&'a mut [f32]>,
    rewards: &'a mut [f32],
    terminated: &'a mut u8,
    truncated: &'a mut u8,
    to_play: &'a mut i64,
}

impl<G: Tensors> Slot<G> {
    /// Lets the bots decide until the learner's seat does or the game ends.
    fn play_bots(&mut self) {
        while let Some(player) = self.game.decider() {
            let Some(bot) = self.bots[usize::from(player)].as_mut() else {
                return;
            };
            let bot = bot.get_mut().unwrap_or_else(|e| e.into_inner());
            let choice = bot.choose(&self.game);
            // A bot only returns offered options; the guard keeps a bot's mistake
            // from looping.
            if self.game.apply(choice).is_err() {
                return;
            }
            self.decisions = self.decisions.saturating_add(1);
        }
    }

    /// Takes option `option` (known to be offered), lets the bots play, and deals the
    /// next game if this one ended (its rewards noted in `row`) or has run out of
    /// decisions (truncated, no rewards).
    fn step(
        &mut self,
        dealer: &Dealer<G>,
        index: usize,
        option: usize,
        row: &mut Row<'_>,
    ) -> Result<(), String> {
        self.game.apply_option(option).map_err(|e| e.to_string())?;
        self.decisions = self.decisions.saturating_add(1);
        self.play_bots();
        if self.game.decider().is_none() {
            crate::rewards(self.game.winners(), row.rewards);
            *row.terminated = 1;
        } else if self.decisions >= dealer.max_decisions {
            *row.truncated = 1;
        } else {
            return Ok(());
        }
        *self = dealer.deal(index, self.dealt + 1)?;
        Ok(())
    }

    /// Writes what the viewing seat may know: the learner's seat, or the decider's in
    /// self-play.
    fn write(&self, seat: Option<Seat>, row: Row<'_>) {
        let viewer = seat.or_else(|| self.game.decider()).unwrap_or(0);
        if let Some(obs) = row.obs {
            self.game.write_observation(viewer, obs);
        }
        self.game.write_actions(viewer, row.mask, row.features);
        *row.to_play = self.game.decider().map_or(-1, i64::from);
    }
}

/// The batch of one ruleset's games.
struct Batch<G> {
    slots: Vec<Slot<G>>,
    dealer: Dealer<G>,
}

impl<G: Tensors + 'static> Batch<G> {
    fn new(dealer: Dealer<G>) -> Result<Batch<G>, String> {
        let slots = (0..dealer.num_envs)
            .map(|i| dealer.deal(i, 0))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Batch { slots, dealer })
    }

    /// The options that `actions` (one per game) stand for, or why one is not legal.
    fn options(&self, actions: &[i64]) -> PyResult<Vec<usize>> {
        if actions.len() != self.slots.len() {
            return Err(value_error(format!(
                "step takes one action per game: {} actions for {} games",
                actions.len(),
                self.slots.len()
            )));
        }
        actions
            .iter()
            .zip(&self.slots)
            .enumerate()
            .map(|(i, (&a, slot))| {
                usize::try_from(a)
                    .ok()
                    .and_then(|a| slot.game.action_option(a))
                    .ok_or_else(|| {
                        value_error(format!(
                            "action {a} is not legal in game {i} (it has {} legal actions)",
                            slot.game.num_actions()
                        ))
                    })
            })
            .collect()
    }

    /// Takes `options` (one per game, already checked) if given, then writes every
    /// game's arrays: one pass over the batch, on the pool's threads, without the GIL.
    fn step_and_write<'py>(
        &mut self,
        py: Python<'py>,
        shape: Shape,
        pool: &rayon::ThreadPool,
        options: Option<&[usize]>,
    ) -> PyResult<Outputs<'py>> {
        let n = self.slots.len();
        let Shape {
            seats,
            observation,
            features: width,
        } = shape;
        let o = Outputs {
            obs: observation.map(|len| PyArray2::<f32>::zeros(py, [n, len], false)),
            mask: PyArray2::<u8>::zeros(py, [n, MAX_ACTIONS], false),
            features: width.map(|w| PyArray3::<f32>::zeros(py, [n, MAX_ACTIONS, w], false)),
            rewards: PyArray2::<f32>::zeros(py, [n, seats], false),
            terminated: PyArray1::<u8>::zeros(py, n, false),
            truncated: PyArray1::<u8>::zeros(py, n, false),
            to_play: PyArray1::<i64>::zeros(py, n, false),
        };
        let mut obs = o.obs.as_ref().map(|a| a.readwrite());
        let mut features = o.features.as_ref().map(|a| a.readwrite());
        let (mut mask, mut rewards) = (o.mask.readwrite(), o.rewards.readwrite());
        let (mut terminated, mut truncated) = (o.terminated.readwrite(), o.truncated.readwrite());
        let mut to_play = o.to_play.readwrite();
        let obs_rows = rows(
            obs.as_mut().map(|a| a.as_slice_mut()).transpose()?,
            observation.unwrap_or(0),
            n,
        );
        let feature_rows = rows(
            features.as_mut().map(|a| a.as_slice_mut()).transpose()?,
            MAX_ACTIONS * width.unwrap_or(0),
            n,
        );
        let batch: Vec<Row<'_>> = obs_rows
            .into_iter()
            .zip(feature_rows)
            .zip(mask.as_slice_mut()?.chunks_mut(MAX_ACTIONS))
            .zip(rewards.as_slice_mut()?.chunks_mut(seats.max(1)))
            .zip(terminated.as_slice_mut()?.iter_mut())
            .zip(truncated.as_slice_mut()?.iter_mut())
            .zip(to_play.as_slice_mut()?.iter_mut())
            .map(
                |((((((obs, features), mask), rewards), terminated), truncated), to_play)| Row {
                    obs,
                    mask,
                    features,
                    rewards,
                    terminated,
                    truncated,
                    to_play,
                },
            )
            .collect();
        let (dealer, slots) = (&self.dealer, &mut self.slots);
        let seat = dealer.seat;
        py.detach(|| {
            pool.install(|| {
                slots
                    .par_iter_mut()
                    .zip(batch)
                    .enumerate()
                    .try_for_each(|(i, (slot, mut row))| {
                        if let Some(options) = options {
                            slot.step(dealer, i, options[i], &mut row)?;
                        }
                        slot.write(seat, row);
                        Ok::<(), String>(())
                    })
            })
        })
        .map_err(pyo3::exceptions::PyRuntimeError::new_err)?;
        Ok(o)
    }
}

/// A batch of some ruleset's games, as the environment drives it.
trait Batched: Send + Sync {
    fn len(&self) -> usize;

    /// The games' sizes: seats, an observation's length, an action's features.
    fn sizes(&self) -> (usize, usize, usize);

    /// Checks and takes `actions` (one per game) if given, then writes every game's
    /// arrays; an illegal action anywhere changes no game.
    fn run<'py>(
        &mut self,
        py: Python<'py>,
        shape: Shape,
        pool: &rayon::ThreadPool,
        actions: Option<&[i64]>,
    ) -> PyResult<Outputs<'py>>;
}

impl<G: Tensors + 'static> Batched for Batch<G> {
    fn len(&self) -> usize {
        self.slots.len()
    }

    fn sizes(&self) -> (usize, usize, usize) {
        let game = &self.slots[0].game;
        (game.seats(), game.observation_len(), G::ACTION_FEATURES)
    }

    fn run<'py>(
        &mut self,
        py: Python<'py>,
        shape: Shape,
        pool: &rayon::ThreadPool,
        actions: Option<&[i64]>,
    ) -> PyResult<Outputs<'py>> {
        let options = actions.map(|a| self.options(a)).transpose()?;
        self.step_and_write(py, shape, pool, options.as_deref())
    }
}

/// The sizes of what a step returns: seats, and the observation's and the features'
/// widths when they are asked for.
#[derive(Clone, Copy)]
struct Shape {
    seats: usize,
    observation: Option<usize>,
    features: Option<usize>,
}

/// Many games stepped in one call, on every core, without the GIL (docs/python.md,
/// "Vectorised"): `VecEnv(num_envs, decks=None, seed=0, opponent=None, seat=0, ...)`.
/// `observe()` gives `(obs, mask, features, to_play)`; `step(actions)` takes one action
/// per game and gives `(obs, mask, features, rewards, terminated, truncated, to_play)`.
/// A game that ends or reaches `max_decisions` is dealt again at once, game `k` of env
/// `i` from `mix(seed, k * num_envs + i)`.
#[pyclass(module = "epic._epic", name = "VecEnv")]
pub struct PyVecEnv {
    games: Box<dyn Batched>,
    shape: Shape,
    /// The length of an observation, whether or not steps return it.
    observation_size: usize,
    action_feature_size: usize,
    pool: rayon::ThreadPool,
}

/// The arrays a reset or a step returns.
struct Outputs<'py> {
    obs: Option<Bound<'py, PyArray2<f32>>>,
    mask: Bound<'py, PyArray2<u8>>,
    features: Option<Bound<'py, PyArray3<f32>>>,
    rewards: Bound<'py, PyArray2<f32>>,
    terminated: Bound<'py, PyArray1<u8>>,
    truncated: Bound<'py, PyArray1<u8>>,
    to_play: Bound<'py, PyArray1<i64>>,
}

/// Splits a buffer into one row per game, or gives none at all.
fn rows<T>(buf: Option<&mut [T]>, width: usize, n: usize) -> Vec<Option<&mut [T]>> {
    match buf {
        Some(b) => b.chunks_mut(width.max(1)).map(Some).collect(),
        None => (0..n).map(|_| None).collect(),
    }
}

impl PyVecEnv {
    fn run<'py>(&mut self, py: Python<'py>, actions: Option<&[i64]>) -> PyResult<Outputs<'py>> {
        self.games.run(py, self.shape, &self.pool, actions)
    }
}

/// The batch `dealer` deals, boxed for the environment, once the learner's `seat` is
/// found among the table's `seats` and the opponent is a bot the dealer knows.
fn batch<G: Tensors + 'static>(
    dealer: Dealer<G>,
    seats: usize,
    seat: u8,
) -> PyResult<Box<dyn Batched>> {
    check_seat(seat, seats)?;
    if let Some(name) = &dealer.opponent {
        (dealer.bot)(name, 0).map_err(value_error)?;
    }
    Ok(Box::new(Batch::new(dealer).map_err(value_error)?))
}

/// The batch at the type of the ruleset its table is asked under.
struct Made<'a> {
    request: &'a TableRequest,
    seed: u64,
    opponent: Option<String>,
    seat: Option<Seat>,
    num_envs: usize,
    max_decisions: u32,
}

impl LearningVisitor for Made<'_> {
    type Output = PyResult<Box<dyn Batched>>;

    fn visit<R: Seated + Tensors>(self) -> Self::Output {
        let request = self.request.clone();
        // The first game says what is wrong with the table, before any batch is made.
        let first = R::setup(&request).and_then(|s| R::start(&s));
        let seats = first.map_err(value_error)?.seats();
        let dealer = Dealer {
            deal: Box::new(move |seed| {
                let setup = R::setup(&TableRequest {
                    seed,
                    ..request.clone()
                });
                setup.and_then(|s| R::start(&s)).map_err(|e| e.message)
            }),
            bot: Box::new(|name, seed| R::player(name, seed, 1).map_err(|e| e.to_string())),
            seed: self.seed,
            opponent: self.opponent,
            seat: self.seat,
            num_envs: self.num_envs,
            max_decisions: self.max_decisions,
        };
        let seat = self.seat.unwrap_or(0);
        batch(dealer, seats, seat)
    }
}

#[pymethods]
impl PyVecEnv {
    /// `num_envs` games of `decks` (as `Game`, or `ClassicGame` with `ruleset="classic"`,
    /// takes them). With `opponent` (a bot name), the learner plays `seat` and the bot
    /// every other seat; without, the learner plays every seat. `observe` and
    /// `action_features` say which arrays a step returns; `threads` defaults to every
    /// core. `variant` and `team_size` are the 2017 game's; `players`, the classic
    /// limited formats' table size. A game still going after `max_decisions` decisions
    /// (everyone's) is truncated and dealt again.
    #[new]
    #[pyo3(signature = (num_envs, decks=None, seed=0, opponent=None, seat=0, format=None, variant="ffa".to_string(), team_size=None, observe=true, action_features=true, threads=None, ruleset="2017", players=None, max_decisions=crate::MAX_DECISIONS))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        num_envs: usize,
        decks: Option<Vec<DeckSpec>>,
        seed: i128,
        opponent: Option<String>,
        seat: u8,
        format: Option<String>,
        variant: String,
        team_size: Option<u8>,
        observe: bool,
        action_features: bool,
        threads: Option<usize>,
        ruleset: &str,
        players: Option<usize>,
        max_decisions: u32,
    ) -> PyResult<Self> {
        let seed = crate::seed_of(seed)?;
        const MAX_ENVS: usize = 1 << 16;
        if max_decisions == 0 {
            return Err(value_error("max_decisions must be at least 1"));
        }
        if !(1..=MAX_ENVS).contains(&num_envs) {
            return Err(value_error(format!(
                "num_envs must be 1 to {MAX_ENVS}, not {num_envs}"
            )));
        }
        let threads = threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        });
        if !(1..=256).contains(&threads) {
            return Err(value_error(format!(
                "threads must be 1 to 256, not {threads}"
            )));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(value_error)?;
        let learner = opponent.is_some().then_some(seat);
        let spec = TableSpec {
            ruleset: ruleset.to_string(),
            decks,
            players,
            seed,
            format,
            variant,
            team_size,
            first_player: None,
        };
        let request = spec.request()?;
        let made = Made {
            request: &request,
            seed,
            opponent,
            seat: learner,
            num_envs,
            max_decisions,
        };
        let games =
            epic_rulesets::with_learning_table(ruleset, &request, made).map_err(value_error)??;
        let (seats, observation_size, action_feature_size) = games.sizes();
        let shape = Shape {
            seats,
            observation: observe.then_some(observation_size),
            features: action_features.then_some(action_feature_size),
        };
        Ok(PyVecEnv {
            games,
            shape,
            observation_size,
            action_feature_size,
            pool,
        })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.games.len()
    }

    #[getter]
    fn seats(&self) -> usize {
        self.shape.seats
    }

    #[getter]
    fn observation_size(&self) -> usize {
        self.observation_size
    }

    /// Numbers in each action's row of features (the ruleset's).
    #[getter]
    fn action_feature_size(&self) -> usize {
        self.action_feature_size
    }

    /// The observations of every game as it stands: `(obs, mask, features, to_play)`
    /// (`obs` and `features` are `None` when switched off).
    fn observe<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let o = self.run(py, None)?;
        (
            o.obs,
            crate::as_mask(o.mask.into_any())?,
            o.features,
            o.to_play,
        )
            .into_pyobject(py)
    }

    /// Takes one action per game (`num_envs` integers: an array of any integer dtype, or
    /// a list), for the seat deciding there. Returns `(obs, mask, features, rewards, terminated, truncated, to_play)`:
    /// `rewards` has a column per seat (+1 win, -1 loss, 0 draw, cut short or not over),
    /// `terminated` marks the games that ended and `truncated` those cut short at
    /// `max_decisions` (both dealt again), `to_play` is the deciding seat of each game.
    /// An illegal action anywhere is a `ValueError` and no game is changed.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let o = match actions.extract::<PyReadonlyArray1<'py, i64>>() {
            // A contiguous int64 array is read where it lies.
            Ok(array) if array.is_contiguous() => self.run(py, Some(array.as_slice()?))?,
            // Anything else that holds integers: a list, another integer dtype, a view.
            _ => {
                let actions: Vec<i64> = actions.extract().map_err(|_| {
                    PyTypeError::new_err(
                        "step takes the actions as integers, one per game: an array or a list",
                    )
                })?;
                self.run(py, Some(&actions))?
            }
        };
        (
            o.obs,
            crate::as_mask(o.mask.into_any())?,
            o.features,
            o.rewards,
            o.terminated,
            o.truncated,
            o.to_play,
        )
            .into_pyobject(py)
    }
}

/// Refuses a learner's seat that is not at the table.
fn check_seat(seat: u8, seats: usize) -> PyResult<()> {
    if usize::from(seat) >= seats {
        return Err(value_error(format!(
            "seat {seat} is not at the table (seats 0 to {})",
            seats - 1
        )));
    }
    Ok(())
}
