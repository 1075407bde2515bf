//! Players for any ruleset behind [`epic_game::State`]: uniform random, one-ply greedy by
//! a ruleset's [`Heuristic`], and the search. The classic and multiverse games are played
//! by these, valued by their own evaluation ([`RulesetEval`]): a ruleset brings only that.

use crate::search::{search, Heuristic, SearchConfig};
use epic_game::{Ruleset, Seat, State};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A computer player of one ruleset. `choose` is called only while the state waits on
/// the player's seat, and returns one of its options.
pub trait Player<S: State>: Send {
    fn name(&self) -> &str;
    fn choose(&mut self, state: &S) -> S::Choice;
}

/// A boxed player plays as the player inside.
impl<S: State, P: Player<S> + ?Sized> Player<S> for Box<P> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn choose(&mut self, state: &S) -> S::Choice {
        (**self).choose(state)
    }
}

/// Uniform over the options, from a seeded generator.
pub struct RandomPlayer {
    rng: Pcg64Mcg,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl<S: State> Player<S> for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, state: &S) -> S::Choice {
        let options = state.options();
        options[self.rng.gen_range(0..options.len())]
    }
}

/// Tries each option on a game its seat cannot tell from the real one (a sample), lets
/// the game run on by first options while others decide ([`settle`]: in the classic
/// game, nobody answers), and keeps the option whose result the heuristic values most;
/// ties go to the first.
pub struct GreedyPlayer<H> {
    heuristic: H,
    rng: Pcg64Mcg,
}

impl<H> GreedyPlayer<H> {
    pub fn new(heuristic: H, seed: u64) -> Self {
        GreedyPlayer {
            heuristic,
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

/// How far a greedy look runs on after its option: at most this many decisions, each
/// the seat's or its opponents' first option (in the classic game, passing).
const SETTLE: usize = 40;

impl<S: State, H: Heuristic<S> + Send> Player<S> for GreedyPlayer<H> {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, state: &S) -> S::Choice {
        let Some(seat) = state.decider() else {
            return state.options()[0];
        };
        let sample = state.sample_for(seat, self.rng.gen());
        let mut best: Option<(f64, S::Choice)> = None;
        for &c in state.options() {
            let mut g = sample.clone();
            if g.apply(c).is_err() {
                continue;
            }
            settle(&mut g, seat);
            let v = g
                .outcome(seat)
                .unwrap_or_else(|| self.heuristic.value(&g, seat));
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                best = Some((v, c));
            }
        }
        best.map_or(state.options()[0], |(_, c)| c)
    }
}

/// Runs a state on by its first options while another seat decides or the seat's
/// decision continues what it started (a target to name), so that what an option
/// leads to is valued, not the moment after it.
fn settle<S: State>(g: &mut S, seat: Seat) {
    for _ in 0..SETTLE {
        match g.decider() {
            Some(s) if s != seat || g.options().len() == 1 => {
                let c = g.options()[0];
                if g.apply(c).is_err() {
                    return;
                }
            }
            _ => return,
        }
    }
}

/// The search ([`crate::search`]) with a ruleset's heuristic.
pub struct SearchPlayer<H> {
    name: String,
    heuristic: H,
    config: SearchConfig,
    rng: Pcg64Mcg,
}

impl<H> SearchPlayer<H> {
    pub fn new(name: &str, heuristic: H, config: SearchConfig, seed: u64) -> Self {
        SearchPlayer {
            name: name.to_string(),
            heuristic,
            config,
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl<S: State, H: Heuristic<S> + Send> Player<S> for SearchPlayer<H> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, state: &S) -> S::Choice {
        let seat = state.decider().unwrap_or(0);
        match search(state, seat, &self.config, &self.heuristic, self.rng.gen()) {
            Some(r) => r.choice,
            None => state.options()[0],
        }
    }
}

/// Plays a state to its end with one player per seat; the number of decisions, or
/// `None` past `max_decisions`.
pub fn play_to_end<S: State, P: Player<S>>(
    state: &mut S,
    players: &mut [P],
    max_decisions: usize,
) -> Option<usize> {
    play_to_end_timed(state, players, max_decisions, &mut [])
}

/// [`play_to_end`], timing each seat's decisions into `times[seat]` (seats beyond the
/// slice are not timed). A player's option the state refuses is replaced by the first
/// option rather than stall the game.
pub fn play_to_end_timed<S: State, P: Player<S>>(
    state: &mut S,
    players: &mut [P],
    max_decisions: usize,
    times: &mut [crate::ladder::DecisionTimes],
) -> Option<usize> {
    for n in 0..max_decisions {
        let Some(seat) = state.decider() else {
            return Some(n);
        };
        let player = &mut players[usize::from(seat) % players.len()];
        let choice = match times.get_mut(usize::from(seat)) {
            Some(t) => {
                let start = std::time::Instant::now();
                let choice = player.choose(state);
                t.add(start.elapsed());
                choice
            }
            None => player.choose(state),
        };
        if state.apply(choice).is_err() {
            let first = *state.options().first()?;
            state.apply(first).ok()?;
        }
    }
    state.decider().is_none().then_some(max_decisions)
}

/// A ruleset's own evaluation ([`Ruleset::evaluate`]) as the bots' heuristic.
#[derive(Clone, Copy, Debug, Default)]
pub struct RulesetEval;

impl<R: Ruleset> Heuristic<R> for RulesetEval {
    fn value(&self, state: &R, seat: Seat) -> f64 {
        state.evaluate(seat)
    }
}

/// A player of a ruleset by name, valued by the ruleset's own evaluation
/// ([`player_by_name`] with [`RulesetEval`]).
pub fn ruleset_player<R: Ruleset>(
    name: &str,
    seed: u64,
) -> Result<Box<dyn Player<R>>, crate::UnknownBot> {
    player_by_name(name, seed, RulesetEval)
}

/// A player of a ruleset played through [`State`] alone (the classic game) by name —
/// `random`, `greedy`, or a search (`ismcts`, `easy`, `medium`, `hard`, `ismcts@N`:
/// [`crate::search_config`]) — valued by the ruleset's heuristic. The 2017 game's bots,
/// which use its engine's own speed-ups, are made by `bot_by_name_threaded`.
pub fn player_by_name<S, H>(
    name: &str,
    seed: u64,
    heuristic: H,
) -> Result<Box<dyn Player<S>>, crate::UnknownBot>
where
    S: State + 'static,
    H: Heuristic<S> + Send + 'static,
{
    let key = name.trim().to_ascii_lowercase();
    match key.as_str() {
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        "greedy" => Ok(Box::new(GreedyPlayer::new(heuristic, seed))),
        _ => match crate::search_config(&key) {
            Some(config) => Ok(Box::new(SearchPlayer::new(&key, heuristic, config, seed))),
            None => Err(crate::UnknownBot(name.to_string())),
        },
    }
}
