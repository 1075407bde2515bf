//! The numbers of a game told at its end: cards played, damage dealt and taken,
//! champions lost, by seat. Counted from the events and views one seat received, so
//! they hold nothing that seat could not know.

use super::{cap, Voice};
use crate::view::View;
use crate::{Event, ObjNum, PlayerId, Recipient};
use std::collections::HashMap;

/// Running counts, one entry per seat.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    turns: u16,
    played: Vec<u32>,
    dealt: Vec<u32>,
    taken: Vec<u32>,
    lost: Vec<u32>,
    /// Who controlled each object that could be a source of damage or be broken.
    controller: HashMap<ObjNum, PlayerId>,
}

fn bump(v: &mut Vec<u32>, p: PlayerId, n: u32) {
    let i = usize::from(p);
    if v.len() <= i {
        v.resize(i + 1, 0);
    }
    v[i] += n;
}

impl Tally {
    /// Counts one decision's events, as seen by the viewer; `before` is the viewer's
    /// view before it, which says who controlled what.
    pub fn add(&mut self, before: &View, events: &[Event]) {
        for c in &before.champions {
            self.controller.insert(c.obj, c.controller);
        }
        for e in events {
            match e {
                Event::TurnBegan { turn, .. } => self.turns = *turn,
                Event::Played { player, played, .. } => {
                    bump(&mut self.played, *player, 1);
                    self.controller.insert(played.obj, *player);
                }
                Event::TokenCreated { token, controller } => {
                    self.controller.insert(token.obj, *controller);
                }
                Event::ControlChanged {
                    champion,
                    controller,
                } => {
                    self.controller.insert(champion.obj, *controller);
                }
                Event::Damage { source, to, amount } => {
                    let amount = u32::from(*amount);
                    if let Some(p) = source.and_then(|s| self.controller.get(&s.obj).copied()) {
                        bump(&mut self.dealt, p, amount);
                    }
                    if let Recipient::Player(p) = to {
                        bump(&mut self.taken, *p, amount);
                    }
                }
                Event::Broken { champion } => {
                    if let Some(&p) = self.controller.get(&champion.obj) {
                        bump(&mut self.lost, p, 1);
                    }
                }
                _ => {}
            }
        }
    }

    /// The table told at the end of a game of `seats` players.
    pub fn summary(&self, voice: &Voice, seats: usize) -> String {
        let at = |v: &Vec<u32>, p: usize| v.get(p).copied().unwrap_or(0);
        let names: Vec<String> = (0..seats)
            .map(|p| cap(&voice.name(p as PlayerId)))
            .collect();
        let width = names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        let mut s = format!("Summary: {} turns.\n{:<16}", self.turns, "");
        for n in &names {
            s += &format!(" {n:>width$}");
        }
        for (what, v) in [
            ("Cards played", &self.played),
            ("Damage dealt", &self.dealt),
            ("Damage taken", &self.taken),
            ("Champions lost", &self.lost),
        ] {
            s += &format!("\n  {what:<14}");
            for p in 0..seats {
                s += &format!(" {:>width$}", at(v, p));
            }
        }
        s
    }
}
