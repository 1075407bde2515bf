//! The multiverse game's default evaluation for the bots: points toward the game value,
//! the characters each side can still fight with, footholds and cards in hand, read as
//! a chance to win.

use crate::MultiverseGame;
use epic_game::Seat;

/// How strong `seat`'s position is, in points: points scored count most (they win the
/// game), then the worth of active characters (what the opponents must disable) and their
/// working items, the footholds that pay for more, and the cards in hand.
fn strength(g: &MultiverseGame, seat: Seat) -> f64 {
    let p = g.player(seat);
    let pool = g.pool();
    let fighting: f64 = p
        .characters
        .iter()
        .filter(|c| c.active())
        .map(|c| {
            // Its stats as they are now: with its items and the incidents on it.
            let (combat, defense) = (f64::from(g.combat_value(c)), f64::from(g.defense_value(c)));
            // An injured character is one wound from giving its points away.
            let health = if c.wounds == 0 { 1.0 } else { 0.6 };
            health * (0.5 * combat + 0.4 * defense)
        })
        .sum();
    // An item that works soaks a wound besides what it gives (ruling M-26).
    let items = p
        .items
        .iter()
        .filter(|e| e.state == crate::state::ItemState::Working)
        .count() as f64;
    let held: f64 = p
        .holding
        .iter()
        .map(|c| 0.5 * f64::from(pool.get(c.card).cost))
        .sum();
    // Attacks declared and not yet resolved: the wound each is likely to deal, worth
    // part of its target's cost (a block may still take it).
    let threatened: f64 = g
        .attacks()
        .iter()
        .filter(|a| a.by == seat)
        .filter_map(|a| {
            let (_, attacker) = g.character(a.attacker)?;
            let (_, target) = g.character(a.target)?;
            let hits = crate::wounds(g.attack_value(attacker, a.power), g.defense_value(target));
            let cost = pool.get(target.card).cost;
            hits.then(|| 0.6 * f64::from(cost) * f64::from(target.wounds + 1) / 2.0)
        })
        .sum();
    2.0 * f64::from(p.points)
        + threatened
        + fighting
        + 0.8 * items
        + held
        + 0.5 * p.footholds.len() as f64
        + 0.3 * p.hand.len() as f64
}

/// `seat`'s strength against its strongest opponent's, scaled by the game value and
/// mapped to a chance to win by a logistic curve.
pub fn win_chance(g: &MultiverseGame, seat: Seat) -> f64 {
    if let Some(winners) = g.winners.as_ref() {
        return if winners.contains(&seat) {
            1.0
        } else if winners.is_empty() {
            0.5
        } else {
            0.0
        };
    }
    // A team is as strong as its members together.
    let side = |s: Seat| -> f64 { g.team_members(s).iter().map(|&m| strength(g, m)).sum() };
    let mine = side(seat);
    let theirs = g.opponents(seat).map(side).reduce(f64::max).unwrap_or(0.0);
    let scale = 2.0 + f64::from(g.goal()) / 3.0;
    1.0 / (1.0 + (-(mine - theirs) / scale).exp())
}
