//! The classic game's computer players: the generic players of [`crate::players`] with
//! an evaluation of the classic game's own.

use crate::players::{player_by_name, Player};
use crate::search::Heuristic;
use crate::UnknownBot;
use epic_classic::ClassicGame;
use epic_game::Seat;

/// The classic evaluation: Mojo against the opponents' best, and the champions each side
/// has in play (offense and defense, negative numbers counting as 0), mapped to a
/// chance to win by a logistic curve. Cards in hand count a little: they are options.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClassicEval;

impl ClassicEval {
    fn strength(g: &ClassicGame, seat: Seat) -> f64 {
        let board: f64 = g
            .in_play()
            .iter()
            .filter(|&&o| g.obj(o).controller == seat && g.card(o).is_champion())
            .map(|&o| {
                let (off, def, _) = g.stats(o);
                f64::from(off.max(0)) + 0.5 * f64::from(def.max(0))
            })
            .sum();
        f64::from(g.mojo(seat)) + 0.6 * board + 0.8 * g.hand(seat).len() as f64
    }
}

impl Heuristic<ClassicGame> for ClassicEval {
    fn value(&self, g: &ClassicGame, seat: Seat) -> f64 {
        let mine = Self::strength(g, seat);
        let theirs = (0..g.players() as Seat)
            .filter(|&s| s != seat && !g.is_out(s))
            .map(|s| Self::strength(g, s))
            .reduce(f64::max)
            .unwrap_or(0.0);
        1.0 / (1.0 + (-(mine - theirs) / 12.0).exp())
    }
}

/// A classic player by name: `random`, `greedy`, or a search (`ismcts`, `easy`,
/// `medium`, `hard`, `ismcts@N`) valued by [`ClassicEval`].
pub fn classic_player(name: &str, seed: u64) -> Result<Box<dyn Player<ClassicGame>>, UnknownBot> {
    player_by_name(name, seed, ClassicEval)
}
