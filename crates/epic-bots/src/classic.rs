//! The classic game's computer players: the generic players of [`crate::players`] with
//! an evaluation of the classic game's own.

use crate::players::{player_by_name, Player};
use crate::search::Heuristic;
use crate::UnknownBot;
use epic_classic::ClassicGame;
use epic_game::Seat;

/// The classic evaluation ([`epic_classic::eval::win_chance`]): Mojo against the
/// opponents' best and the champions each side has in play, as a chance to win.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClassicEval;

impl Heuristic<ClassicGame> for ClassicEval {
    fn value(&self, g: &ClassicGame, seat: Seat) -> f64 {
        epic_classic::eval::win_chance(g, seat)
    }
}

/// A classic player by name: `random`, `greedy`, or a search (`ismcts`, `easy`,
/// `medium`, `hard`, `ismcts@N`) valued by [`ClassicEval`].
pub fn classic_player(name: &str, seed: u64) -> Result<Box<dyn Player<ClassicGame>>, UnknownBot> {
    player_by_name(name, seed, ClassicEval)
}
