//! What the rule tests share: positions, taking an option by its words, reading a
//! character's wounds.
#![allow(dead_code)]

use epic_game::{Seat, State};
use epic_multiverse::state::Step;
use epic_multiverse::{pool, Choice, MultiverseGame, Placed, Position};

pub fn start(pos: &Position) -> MultiverseGame {
    pos.start(pool()).expect("the position is legal")
}

/// Takes the option whose label contains every one of `words`: exactly one must.
pub fn take(g: &mut MultiverseGame, words: &[&str]) {
    let seat = g.decider().expect("a seat decides");
    let found: Vec<Choice> = g
        .options()
        .iter()
        .copied()
        .filter(|&c| {
            let label = g.label(c, seat);
            words.iter().all(|w| label.contains(w))
        })
        .collect();
    let labels: Vec<String> = g.options().iter().map(|&c| g.label(c, seat)).collect();
    assert_eq!(found.len(), 1, "{words:?} among {labels:?}");
    g.apply(found[0]).unwrap();
}

/// Ends the blocks, if blocks are still to declare.
pub fn end_blocks(g: &mut MultiverseGame) {
    if g.step() == Step::Blocks {
        take(g, &["No more blocks"]);
    }
}

/// Ends the attacks, if attacks are still to declare: with every attacker tapped, combat
/// goes on by itself.
pub fn end_attacks(g: &mut MultiverseGame) {
    if g.step() == Step::Attacks {
        take(g, &["No more attacks"]);
    }
}

pub fn labels(g: &MultiverseGame) -> Vec<String> {
    let seat = g.decider().unwrap();
    g.options().iter().map(|&c| g.label(c, seat)).collect()
}

pub fn offers(g: &MultiverseGame, words: &[&str]) -> bool {
    labels(g)
        .iter()
        .any(|l| words.iter().all(|w| l.contains(w)))
}

/// Seat 0's `attackers` against seat 1's `defenders`, at seat 0's declare-attackers step.
pub fn combat(attackers: &[Placed], defenders: &[Placed]) -> Position {
    let mut pos = Position::new(2);
    pos.step = Step::Attacks;
    pos.seats[0].characters = attackers.to_vec();
    pos.seats[1].characters = defenders.to_vec();
    pos
}

pub fn wounds(g: &MultiverseGame, seat: Seat, name: &str) -> Option<u8> {
    g.player(seat)
        .characters
        .iter()
        .find(|c| g.pool().get(c.card).name == name)
        .map(|c| c.wounds)
}

/// Ends the attacks and, for every seat attacked, its blocks: combat without blocks,
/// heroic acts or help.
pub fn fight(g: &mut MultiverseGame) {
    end_attacks(g);
    while g.step() == Step::Blocks {
        take(g, &["No more blocks"]);
    }
}

/// `name`'s C and D now (of seat `seat`), with its items and the incidents on it.
pub fn stats(g: &MultiverseGame, seat: Seat, name: &str) -> (u8, u8) {
    let ch = g
        .player(seat)
        .characters
        .iter()
        .find(|c| g.pool().get(c.card).name == name)
        .expect("in play");
    (g.combat_value(ch), g.defense_value(ch))
}
