//! The abilities a character uses by tapping (F-12.3) — Heal, Rejuvenate, Stealth's
//! hiding again — offered in its controller's recruit step, and Regenerate at the start
//! of its controller's turn.

use crate::abilities::Ability;
use crate::events::Event;
use crate::game::MultiverseGame;
use crate::state::*;
use epic_game::Seat;

impl MultiverseGame {
    /// What `seat`'s untapped, active characters may do by tapping now.
    pub(crate) fn activated_options(&self, seat: Seat, options: &mut Vec<Choice>) {
        let wounded: Vec<CharId> = self
            .players
            .iter()
            .flat_map(|p| &p.characters)
            .filter(|c| c.wounds > 0)
            .map(|c| c.id)
            .collect();
        for ch in &self.player(seat).characters {
            if ch.tapped || !ch.active() {
                continue;
            }
            let c = self.stats(ch);
            if c.has(Ability::Stealth) && !ch.hidden {
                options.push(Choice::Hide { id: ch.id });
            }
            if c.has(Ability::Rejuvenate) {
                options.extend(wounded.iter().map(|&target| Choice::Heal {
                    healer: ch.id,
                    target,
                }));
            } else if c.has(Ability::Heal) && ch.wounds > 0 {
                options.push(Choice::Heal {
                    healer: ch.id,
                    target: ch.id,
                });
            }
        }
    }

    /// A character with Stealth taps to hide again.
    pub(crate) fn hide(&mut self, seat: Seat, id: CharId) {
        if let Some(c) = self.character_mut(id) {
            c.tapped = true;
            c.hidden = true;
            let card = c.card;
            self.events.push(Event::Hid { seat, card });
        }
    }

    /// `healer` taps; `target` recovers from a wound (an active character again, if it
    /// was disabled: its points stay scored, ruling M-18).
    pub(crate) fn heal(&mut self, _seat: Seat, healer: CharId, target: CharId) {
        if let Some(h) = self.character_mut(healer) {
            h.tapped = true;
        }
        let Some((owner, _)) = self.character(target) else {
            return;
        };
        if let Some(t) = self.character_mut(target).filter(|t| t.wounds > 0) {
            t.wounds -= 1;
            let (card, wounds) = (t.card, t.wounds);
            self.events.push(Event::Healed {
                seat: owner,
                card,
                wounds,
            });
        }
    }

    /// Regenerate: each of `seat`'s characters with it recovers from a wound at the
    /// start of its turn.
    pub(crate) fn regenerate(&mut self, seat: Seat) {
        let pool = self.pool.clone();
        let mut healed = Vec::new();
        for c in &mut self.players[usize::from(seat)].characters {
            let regenerates = pool
                .get(c.card)
                .character()
                .is_some_and(|ch| ch.has(Ability::Regenerate));
            if regenerates && c.wounds > 0 {
                c.wounds -= 1;
                healed.push((c.card, c.wounds));
            }
        }
        for (card, wounds) in healed {
            self.events.push(Event::Healed { seat, card, wounds });
        }
    }
}
