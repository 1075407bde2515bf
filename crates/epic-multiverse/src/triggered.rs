//! Triggered abilities (F-12.2): an ability that happens as soon as its event does. The
//! cards write one trigger, a character coming into play (FX-13's "when Yorick comes into
//! play all other male characters are discarded"): recruited from a hand or brought back
//! from a holding area, once no response has undone it (ruling M-34).

use crate::effect::Effect;
use crate::events::Event;
use crate::state::CharId;
use crate::MultiverseGame;
use epic_game::Seat;

impl MultiverseGame {
    /// Character `id` of `seat` came into play: its entering ability, if it has one,
    /// happens to every character it names, at once.
    pub(crate) fn came_into_play(&mut self, seat: Seat, id: CharId) {
        let Some((_, ch)) = self.character(id) else {
            return;
        };
        let card = ch.card;
        let Some(entering) = self
            .pool
            .get(card)
            .character()
            .and_then(|c| c.entering.clone())
        else {
            return;
        };
        self.events.push(Event::Triggered { seat, card });
        let reached: Vec<CharId> = self
            .seats_from(0)
            .flat_map(|s| self.player(s).characters.iter())
            .filter(|c| !(entering.others && c.id == id))
            .filter(|c| entering.filter.as_ref().is_none_or(|f| self.matches(c, f)))
            .map(|c| c.id)
            .collect();
        for effect in &entering.effects {
            for &target in &reached {
                self.effect_on_character(seat, target, effect);
            }
        }
    }

    /// An effect that happens at once to character `id`, of `seat`'s incident or ability:
    /// healed, wounded, discarded, tapped or untapped.
    pub(crate) fn effect_on_character(&mut self, seat: Seat, id: CharId, effect: &Effect) {
        match effect {
            Effect::Heal { wounds } => {
                let healed = self.character_mut(id).filter(|c| c.wounds > 0).map(|c| {
                    c.wounds = c.wounds.saturating_sub(*wounds);
                    (c.card, c.wounds)
                });
                if let Some((card, wounds)) = healed {
                    let owner = self.controller(id).unwrap_or(seat);
                    self.events.push(Event::Healed {
                        seat: owner,
                        card,
                        wounds,
                    });
                }
            }
            Effect::Wound => self.incident_wound(seat, id),
            Effect::Discard => {
                if let Some(owner) = self.controller(id) {
                    if let Some(ch) = self.leave_play(owner, id, |p| &mut p.discard) {
                        self.events.push(Event::Dismissed {
                            seat: owner,
                            card: ch.card,
                        });
                    }
                }
            }
            Effect::Unplug => self.unplug(id),
            Effect::Tap | Effect::Untap => {
                if let Some(c) = self.character_mut(id) {
                    c.tapped = *effect == Effect::Tap;
                }
            }
            _ => {}
        }
    }
}
