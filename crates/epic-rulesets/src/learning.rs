//! A game of any ruleset as learning programs read it (the Python package): its fixed
//! observation and action space ([`Tensors`]), stepped by action number at full speed,
//! and [`with_learning_table`], which runs code written once over a ruleset's own type
//! (a batch of games) for the ruleset a table is asked under.

use crate::{with_table, AnyPlayed, Seated, TableVisitor};
use epic_game::actions::Tensors;
use epic_game::words::Voice;
use epic_game::{Played, Ruleset, Seat, SetupError, State, TableRequest};

/// Code to run at the type of a ruleset that learning programs read as numbers.
pub trait LearningVisitor {
    type Output;
    fn visit<R: Seated + Tensors>(self) -> Self::Output;
}

/// Runs `visitor` at the type of the ruleset named `ruleset`, for a table `request`
/// asks for ([`with_table`]); a ruleset without tensors, as a table whose decks are
/// drafted first, is refused ([`Seated::learned`]).
pub fn with_learning_table<V: LearningVisitor>(
    ruleset: &str,
    request: &TableRequest,
    visitor: V,
) -> Result<V::Output, SetupError> {
    struct Learning<V>(V);
    impl<V: LearningVisitor> TableVisitor for Learning<V> {
        type Output = Result<V::Output, SetupError>;
        fn visit<R: Seated>(self) -> Self::Output {
            R::learned(self.0)
        }
    }
    with_table(ruleset, request, Learning(visitor))?
}

/// Why a drafted game has no tensors yet.
pub(crate) fn no_tensors() -> SetupError {
    SetupError::new(
        "a drafted game is read as numbers once its decks are built: draft them first \
         (`epic draft`) and start the game with the decks as lists of card names",
    )
}

/// What every seat of `game` may read of its decision: nothing unless it decides.
fn prompt<R: Ruleset>(game: &R, seat: Seat) -> Option<String> {
    let asked = game.asked(&Voice::numbered(Some(seat), game.seats()))?;
    (asked.seat == seat).then_some(asked.prompt)
}

impl AnyPlayed {
    /// The length of a seat's observation.
    pub fn observation_len(&self) -> Result<usize, SetupError> {
        learned!(self, p => Tensors::observation_len(&p.game))
    }

    /// Where each part of the observation starts and how long it is.
    pub fn observation_sections(&self) -> Result<Vec<(&'static str, usize, usize)>, SetupError> {
        learned!(self, p => Tensors::observation_sections(&p.game))
    }

    /// The numbers in each action slot's row of features.
    pub fn action_feature_size(&self) -> Result<usize, SetupError> {
        fn width<R: Tensors>(_: &R) -> usize {
            R::ACTION_FEATURES
        }
        learned!(self, p => width(&p.game))
    }

    /// The cards of the ruleset's pool, as the tensors number them.
    pub fn pool_size(&self) -> Result<usize, SetupError> {
        learned!(self, p => Tensors::pool_size(&p.game))
    }

    /// Writes what `seat` may know into `out`.
    pub fn write_observation(&self, seat: Seat, out: &mut [f32]) -> Result<(), SetupError> {
        learned!(self, p => Tensors::write_observation(&p.game, seat, out))
    }

    /// Writes `seat`'s action mask and, when asked for, its action features.
    pub fn write_actions(
        &self,
        seat: Seat,
        mask: &mut [u8],
        features: Option<&mut [f32]>,
    ) -> Result<(), SetupError> {
        learned!(self, p => Tensors::write_actions(&p.game, seat, mask, features))
    }

    /// The decider's action slots now (0 once the game is over).
    pub fn num_actions(&self) -> Result<usize, SetupError> {
        learned!(self, p => Tensors::num_actions(&p.game))
    }

    /// The option action `slot` stands for.
    pub fn action_option(&self, slot: usize) -> Result<Option<usize>, SetupError> {
        learned!(self, p => Tensors::action_option(&p.game, slot))
    }

    /// The action slot of option `option`.
    pub fn option_action(&self, option: usize) -> Result<Option<usize>, SetupError> {
        learned!(self, p => Tensors::option_action(&p.game, option))
    }

    /// Takes option `option` on the game itself, with no events: a program's step.
    pub fn take_option(&mut self, option: usize) -> Result<(), SetupError> {
        each!(self, p => p.take_option(option))
    }

    /// Takes option `option`, and gives what `seat` may know of what happened (JSON).
    pub fn take_option_told(
        &mut self,
        option: usize,
        seat: Seat,
    ) -> Result<serde_json::Value, SetupError> {
        fn told<R: Ruleset>(
            p: &mut Played<R>,
            option: usize,
            seat: Seat,
        ) -> Result<serde_json::Value, SetupError> {
            let taken = p.after(option)?;
            let seen = R::seen_events(&taken.events, seat);
            p.take(taken);
            Ok(seen)
        }
        each!(self, p => told(p, option, seat))
    }

    /// The pending decision's options in words as `seat` reads them (none unless it
    /// decides).
    pub fn labels(&self, seat: Seat) -> Vec<String> {
        each!(self, p => Ruleset::labels(&p.game, seat))
    }

    /// The question `seat` is asked, if it decides.
    pub fn prompt(&self, seat: Seat) -> Option<String> {
        each!(self, p => prompt(&p.game, seat))
    }

    /// Whether `seat` is out of the game.
    pub fn is_out(&self, seat: Seat) -> bool {
        each!(self, p => Ruleset::is_out(&p.game, seat))
    }

    /// The turn the game is in.
    pub fn turn(&self) -> u32 {
        each!(self, p => Ruleset::turn(&p.game))
    }

    /// The kind of the pending decision (`mulligan`, `target`, …).
    pub fn decision_kind(&self) -> Option<&'static str> {
        each!(self, p => Ruleset::decision_kind(&p.game))
    }

    /// The winning seats once the game is over (none for a draw).
    pub fn winners(&self) -> Option<Vec<Seat>> {
        each!(self, p => State::winners(&p.game).map(<[Seat]>::to_vec))
    }

    /// A fingerprint of the whole game: equal digests, equal games.
    pub fn digest(&self) -> u64 {
        each!(self, p => State::digest(&p.game))
    }

    /// A game `seat` cannot tell from this one, its hidden cards dealt anew from `seed`.
    /// It keeps this game's setup, but not its history: it has no save of its own.
    pub fn sample_for(&self, seat: Seat, seed: u64) -> AnyPlayed {
        fn sampled<R: Seated>(p: &Played<R>, seat: Seat, seed: u64) -> AnyPlayed {
            R::any(Played {
                setup: p.setup.clone(),
                records: Vec::new(),
                game: p.game.sample_for(seat, seed),
            })
        }
        each!(self, p => sampled(p, seat, seed))
    }

    /// The game as programs play it: no play can be taken back.
    pub fn without_undo(&mut self) {
        each!(self, p => Ruleset::without_undo(&mut p.game))
    }
}
