//! Combat (§Combat, F-14): attacks declared against characters, blocks by team-mates,
//! and the results in the order declared — wounds, automatic wounds, points for a
//! character made inactive, and deaths where the attacker may kill.

use crate::card::{Character, Moral};
use crate::events::Event;
use crate::game::MultiverseGame;
use crate::state::*;
use epic_game::Seat;

/// Whether a character with `attacker`'s labels may kill one with `target`'s (F-11.4):
/// a villain or an insane character anyone, an anti-hero villains; no one an
/// invulnerable character.
pub fn may_kill(attacker: &Character, target: &Character) -> bool {
    if target.invulnerable {
        return false;
    }
    attacker.insane
        || match attacker.moral {
            Moral::Villain => true,
            Moral::AntiHero => target.moral == Moral::Villain,
            Moral::Hero => false,
        }
}

/// Whether an attack of value `attack` against defense `defense` wounds: equal or
/// greater (ruling M-01).
pub fn wounds(attack: u8, defense: u8) -> bool {
    attack >= defense
}

impl MultiverseGame {
    fn stats(&self, ch: &InPlay) -> &Character {
        self.pool
            .get(ch.card)
            .character()
            .expect("characters in play are character cards")
    }

    /// Every attack the active player may declare now: an untapped, active character of
    /// theirs against an opponent's character — an active one, or a disabled one it
    /// may kill (ruling M-03) — and the end of attacks.
    pub(crate) fn attack_options(&mut self) {
        let seat = self.active;
        let mut options = Vec::new();
        for a in &self.player(seat).characters {
            if a.tapped || !a.active() {
                continue;
            }
            let attacker = self.stats(a);
            for s in self.seats_from(seat).filter(|&s| s != seat) {
                for t in &self.player(s).characters {
                    if t.active() || may_kill(attacker, self.stats(t)) {
                        options.push(Choice::Attack {
                            attacker: a.id,
                            target: t.id,
                        });
                    }
                }
            }
        }
        options.push(Choice::EndAttacks);
        self.options = options;
    }

    /// An attack declared: the attacker taps (F-14.1).
    pub(crate) fn declare_attack(&mut self, by: Seat, attacker: CharId, target: CharId) {
        let Some((defender, _)) = self.character(target) else {
            return;
        };
        if let Some(a) = self.character_mut(attacker) {
            a.tapped = true;
        }
        self.attacks.push(Attack {
            attacker,
            by,
            target,
            defender,
        });
        let card = |id| self.character(id).map(|(_, c)| c.card);
        if let (Some(attacker), Some(target)) = (card(attacker), card(target)) {
            self.events.push(Event::Attacked {
                by,
                attacker,
                defender,
                target,
            });
        }
    }

    /// The blocks `seat` may declare: an untapped, active character of its own blocks
    /// for an attacked team-mate (F-14.3), one blocker for each, and each blocker once.
    pub(crate) fn block_options(&mut self, seat: Seat) {
        let mut options = Vec::new();
        let p = self.player(seat);
        let mut targets: Vec<CharId> = self
            .attacks
            .iter()
            .filter(|a| a.defender == seat)
            .map(|a| a.target)
            .filter(|t| !self.blocks.iter().any(|b| b.target == *t))
            .collect();
        targets.dedup();
        for &target in &targets {
            let Some(t) = p.characters.iter().find(|c| c.id == target) else {
                continue;
            };
            let Some(team) = &self.stats(t).team else {
                continue;
            };
            for b in &p.characters {
                let free = !b.tapped
                    && b.active()
                    && b.id != target
                    && !self.blocks.iter().any(|x| x.blocker == b.id);
                if free && self.stats(b).team.as_ref() == Some(team) {
                    options.push(Choice::Block {
                        blocker: b.id,
                        target,
                    });
                }
            }
        }
        options.push(Choice::EndBlocks);
        self.options = options;
    }

    /// A block declared: the blocker taps (glossary, Blocking).
    pub(crate) fn declare_block(&mut self, seat: Seat, blocker: CharId, target: CharId) {
        if let Some(b) = self.character_mut(blocker) {
            b.tapped = true;
        }
        self.blocks.push(Block { blocker, target });
        let card = |id| self.character(id).map(|(_, c)| c.card);
        if let (Some(blocker), Some(target)) = (card(blocker), card(target)) {
            self.events.push(Event::Blocked {
                seat,
                blocker,
                target,
            });
        }
    }

    /// Determine results (F-14.2 – F-14.5): each attack in the order declared, against
    /// the blocker of its target while the blocker lives, then the target; attacks on a
    /// character that blocked give it an automatic wound each, afterwards.
    pub(crate) fn resolve_combat(&mut self) {
        let attacks = std::mem::take(&mut self.attacks);
        let blocks = std::mem::take(&mut self.blocks);
        let blocker_of = |target: CharId| blocks.iter().find(|b| b.target == target);
        let is_blocker = |id: CharId| blocks.iter().any(|b| b.blocker == id);
        for attack in &attacks {
            if self.winners.is_some() {
                return;
            }
            if is_blocker(attack.target) {
                continue;
            }
            let (defender, blocking) = match blocker_of(attack.target) {
                Some(b) if self.character(b.blocker).is_some() => (b.blocker, true),
                _ => (attack.target, false),
            };
            self.resolve_attack(attack, defender, blocking);
        }
        for attack in attacks.iter().filter(|a| is_blocker(a.target)) {
            if self.winners.is_some() {
                return;
            }
            if self.character(attack.target).is_some() {
                self.wound(attack, attack.target, true, true);
            }
        }
    }

    /// One attack against `defender`: it wounds when its value reaches the defense.
    fn resolve_attack(&mut self, attack: &Attack, defender: CharId, blocking: bool) {
        let (Some((_, a)), Some((_, d))) =
            (self.character(attack.attacker), self.character(defender))
        else {
            // Its target is dead: the attack is negated, the attacker stays tapped.
            let card = self.character(attack.attacker).map(|(_, c)| c.card);
            if let Some(attacker) = card {
                self.events.push(Event::Negated {
                    by: attack.by,
                    attacker,
                });
            }
            return;
        };
        let (attacker_card, defender_card) = (a.card, d.card);
        let (value, defense) = (self.stats(a).combat, self.stats(d).defense);
        if !wounds(value, defense) {
            self.events.push(Event::Missed {
                attacker: attacker_card,
                target: defender_card,
                value,
                defense,
            });
            return;
        }
        let killing = blocking || may_kill(self.stats(a), self.stats(d));
        self.wound(attack, defender, killing, false);
    }

    /// A wound to `id` from `attack`: injured, then disabled (worth its cost to the
    /// attacking player, F-11.3), then dead if it may be killed (F-11.4); a blocker may
    /// be killed by anyone (ruling M-02).
    fn wound(&mut self, attack: &Attack, id: CharId, killing: bool, automatic: bool) {
        let Some((seat, ch)) = self.character(id) else {
            return;
        };
        let ch = *ch;
        let card = self.pool.get(ch.card);
        let invulnerable = card.character().is_some_and(|c| c.invulnerable);
        if ch.wounds >= DISABLED {
            if killing && !invulnerable {
                let p = &mut self.players[usize::from(seat)];
                p.characters.retain(|c| c.id != id);
                p.graveyard.push(ch.card);
                self.events.push(Event::Killed {
                    seat,
                    card: ch.card,
                    automatic,
                });
            } else {
                self.events.push(Event::Unharmed {
                    seat,
                    card: ch.card,
                });
            }
            return;
        }
        let cost = u32::from(card.cost);
        let wounds = ch.wounds + 1;
        if let Some(c) = self.character_mut(id) {
            c.wounds = wounds;
        }
        self.events.push(Event::Wounded {
            seat,
            card: ch.card,
            wounds,
            automatic,
        });
        if wounds == DISABLED {
            self.events.push(Event::Scored {
                seat: attack.by,
                points: cost,
                card: ch.card,
            });
            self.score(attack.by, cost);
        }
    }
}
