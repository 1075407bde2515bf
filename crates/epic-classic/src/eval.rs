//! The classic game's default evaluation for the bots: Mojo against the opponents'
//! best, and the champions each side has in play, read as a chance to win.

use crate::ClassicGame;
use epic_game::Seat;

/// How strong `seat`'s position is: Mojo, the champions it controls (offense and
/// defense, negative numbers counting as 0), and a little for each card in hand, which
/// are options.
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

/// `seat`'s strength against its strongest opponent's, mapped to a chance to win by a
/// logistic curve.
pub fn win_chance(g: &ClassicGame, seat: Seat) -> f64 {
    let mine = strength(g, seat);
    let theirs = (0..g.players() as Seat)
        .filter(|&s| s != seat && !g.is_out(s))
        .map(|s| strength(g, s))
        .reduce(f64::max)
        .unwrap_or(0.0);
    1.0 / (1.0 + (-(mine - theirs) / 12.0).exp())
}
