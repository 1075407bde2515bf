//! The universal abilities of a team and of heroes (F-14.6, F-14.7): teamwork and
//! leadership, a tap that gives a team-mate +1 C while its side declares attacks or +1 D
//! while it declares blocks, for the turn; and the heroic act, a hero taking the first
//! wound another character of its side would take this combat.

use crate::abilities::Ability;
use crate::card::Moral;
use crate::events::Event;
use crate::game::MultiverseGame;
use crate::state::*;
use epic_game::Seat;

/// Helped by teamwork, and by leadership ([`InPlay::helped`]).
const TEAMWORK: u8 = 1;
const LEADERSHIP: u8 = 2;

impl MultiverseGame {
    /// The help `helper` gives: leadership from a Leader, else teamwork.
    fn help_of(&self, helper: &InPlay) -> u8 {
        if self.stats(helper).has(Ability::Leader) {
            LEADERSHIP
        } else {
            TEAMWORK
        }
    }

    /// Teamwork and leadership `seat` may give now: an untapped, active character to a
    /// team-mate of its side (not an insane one, F-14.7) that has not had that help
    /// this turn — to one of its attackers (`defending` false) or to a character it has
    /// attacked (`defending`).
    pub(crate) fn assist_options(&self, seat: Seat, defending: bool, options: &mut Vec<Choice>) {
        let p = self.player(seat);
        for helper in &p.characters {
            if helper.tapped || !helper.active() {
                continue;
            }
            let Some(team) = &self.stats(helper).team else {
                continue;
            };
            let help = self.help_of(helper);
            for target in &p.characters {
                let t = self.stats(target);
                let mate = target.id != helper.id && t.team.as_ref() == Some(team);
                let in_combat = if defending {
                    self.attacks.iter().any(|a| a.target == target.id)
                } else {
                    target.active()
                };
                if mate
                    && in_combat
                    && !self.has(target, Ability::Insane)
                    && target.helped & help == 0
                {
                    options.push(Choice::Assist {
                        helper: helper.id,
                        target: target.id,
                    });
                }
            }
        }
    }

    /// Teamwork or leadership given: the helper taps, the team-mate has +1 C while its
    /// side attacks, +1 D while it is attacked, for the turn.
    pub(crate) fn assist(&mut self, seat: Seat, helper: CharId, target: CharId) {
        let Some((_, h)) = self.character(helper) else {
            return;
        };
        let help = self.help_of(h);
        let attacking = self.step == Step::Attacks;
        if let Some(h) = self.character_mut(helper) {
            h.tapped = true;
        }
        let Some(t) = self.character_mut(target) else {
            return;
        };
        t.helped |= help;
        if attacking {
            t.boost.0 += 1;
        } else {
            t.boost.1 += 1;
        }
        let card = t.card;
        let helper_card = self.character(helper).map_or(card, |(_, h)| h.card);
        self.events.push(Event::Assisted {
            seat,
            helper: helper_card,
            target: card,
            leadership: help == LEADERSHIP,
            attacking,
        });
    }

    /// The heroic acts `seat` may declare while its characters are attacked, once a
    /// turn: a hero of its own, active, tapped or not, for another attacked character
    /// of its own that is not invisible (ruling M-33).
    pub(crate) fn heroic_options(&self, seat: Seat, options: &mut Vec<Choice>) {
        if self.heroic_seats & (1 << seat) != 0 {
            return;
        }
        let p = self.player(seat);
        for hero in &p.characters {
            if !hero.active() || self.stats(hero).moral != Moral::Hero || self.artifact(hero) {
                continue;
            }
            for target in &p.characters {
                let attacked = self.attacks.iter().any(|a| a.target == target.id);
                if target.id != hero.id && attacked && !target.invisible {
                    options.push(Choice::HeroicAct {
                        hero: hero.id,
                        target: target.id,
                    });
                }
            }
        }
    }

    /// A heroic act declared: the hero will take the first wound its charge would take.
    pub(crate) fn heroic_act(&mut self, seat: Seat, hero: CharId, target: CharId) {
        self.heroic_seats |= 1 << seat;
        self.heroics.push((hero, target));
        let card = |id| self.character(id).map(|(_, c)| c.card);
        if let (Some(hero), Some(target)) = (card(hero), card(target)) {
            self.events.push(Event::Heroic { seat, hero, target });
        }
    }

    /// The hero who takes the wound `id` would take now, if one declared it and is still
    /// in play (the act is then spent).
    pub(crate) fn heroic_for(&mut self, id: CharId) -> Option<CharId> {
        let i = self.heroics.iter().position(|&(_, t)| t == id)?;
        let (hero, _) = self.heroics.remove(i);
        self.character(hero).map(|_| hero)
    }
}
