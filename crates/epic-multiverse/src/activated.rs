//! The abilities a character uses by tapping (F-12.3) — Heal, Rejuvenate, Stealth's
//! hiding again, Technopathy, the teleports, Resurrect, Swarm — offered in its
//! controller's recruit step, and Regenerate at the start of its controller's turn;
//! a possessor's release.

use crate::abilities::{Abilities, Ability};
use crate::card::CardId;
use crate::effect::Durability;
use crate::events::Event;
use crate::game::MultiverseGame;
use crate::state::*;
use epic_game::Seat;

impl MultiverseGame {
    /// What `seat`'s untapped, active characters may do by tapping now.
    pub(crate) fn activated_options(&self, seat: Seat, options: &mut Vec<Choice>) {
        let wounded = || {
            (self.players.iter())
                .flat_map(|p| &p.characters)
                .filter(|c| c.wounds > 0)
                .map(|c| c.id)
        };
        for ch in &self.player(seat).characters {
            self.mimic_options(ch, options);
            if ch.tapped && self.possesses(ch.id) {
                options.push(Choice::Release { id: ch.id });
            }
            if ch.tapped || !ch.active() {
                continue;
            }
            let set = self.abilities(ch);
            let has = |a| set.has(a);
            if has(Ability::Stealth) && !ch.hidden {
                options.push(Choice::Hide { id: ch.id });
            }
            if has(Ability::Rejuvenate) {
                options.extend(wounded().map(|target| Choice::Heal {
                    healer: ch.id,
                    target,
                }));
            } else if has(Ability::Heal) && ch.wounds > 0 {
                options.push(Choice::Heal {
                    healer: ch.id,
                    target: ch.id,
                });
            }
            if has(Ability::Technopathy) {
                self.technopathy_options(ch.id, options);
            }
            self.teleport_options(seat, ch, options);
            if has(Ability::Resurrect) {
                let room = self.holding_room(seat);
                let mut dead: Vec<CardId> = self.player(seat).graveyard.clone();
                dead.sort_unstable();
                dead.dedup();
                options.extend(
                    dead.into_iter()
                        .filter(|&card| u32::from(self.pool.get(card).cost) <= room)
                        .map(|card| Choice::Resurrect { by: ch.id, card }),
                );
            }
            if has(Ability::Swarm) {
                options.push(Choice::Swarm { by: ch.id });
            }
        }
    }

    /// What `ch` may take by Mimic or Magic now (ruling M-38): once a turn, while active,
    /// a common ability it lacks — by Mimic one that another character in play has, by
    /// Magic any; Immune, Invulnerable and Resurrect once while it is in play.
    #[inline]
    pub(crate) fn mimic_options(&self, ch: &InPlay, options: &mut Vec<Choice>) {
        if self.players.iter().any(|p| p.mimics) && ch.mimicked.is_none() && ch.active() {
            self.offer_mimics(ch, options);
        }
    }

    fn offer_mimics(&self, ch: &InPlay, options: &mut Vec<Choice>) {
        // Without items or incidents in play, only its card or its roll gives Mimic or
        // Magic: looked up before every ability is.
        let printed = self.pool.abilities(ch.card);
        let may = |a| printed.has(a) || ch.random == Some(a);
        if self.printed_only() && !may(Ability::Mimic) && !may(Ability::Magic) {
            return;
        }
        let mine = self.abilities(ch);
        let magic = mine.has(Ability::Magic);
        if !magic && !mine.has(Ability::Mimic) {
            return;
        }
        let others = (self.players.iter())
            .flat_map(|p| &p.characters)
            .filter(|o| o.id != ch.id)
            .fold(Abilities::default(), |set, o| set.union(self.abilities(o)));
        options.extend(
            Ability::magic_list()
                .filter(|&a| (magic || others.has(a)) && !mine.has(a))
                .filter(|a| !(a.mimicked_once() && ch.mimicked_once))
                .map(|ability| Choice::Mimic { id: ch.id, ability }),
        );
    }

    /// Mimic or Magic: `id` has `ability` until the end of the turn.
    pub(crate) fn mimic(&mut self, seat: Seat, id: CharId, ability: Ability) {
        let Some(c) = self.character_mut(id) else {
            return;
        };
        c.mimicked = Some(ability);
        c.mimicked_once |= ability.mimicked_once();
        let card = c.card;
        self.events.push(Event::Mimicked {
            seat,
            card,
            ability,
        });
    }

    /// Whether character `id` possesses another (ruling M-36).
    fn possesses(&self, id: CharId) -> bool {
        self.marked
            && (self.players.iter())
                .flat_map(|p| &p.characters)
                .any(|c| c.master.is_some_and(|m| m.by == id && !m.enslaved))
    }

    /// The points still free in `seat`'s holding area (F-11.5).
    pub(crate) fn holding_room(&self, seat: Seat) -> u32 {
        HOLDING_CAPACITY.saturating_sub(self.holding_points(seat))
    }

    /// Technopathy: repair any disabled item in play, or disable any working one that
    /// can be disabled.
    fn technopathy_options(&self, by: CharId, options: &mut Vec<Choice>) {
        for s in self.seats_from(0) {
            for e in &self.player(s).items {
                if self.character(e.holder).is_none() {
                    continue;
                }
                let durability = self.durability(e);
                match e.state {
                    ItemState::Disabled => options.push(Choice::Repair {
                        tech: by,
                        holder: e.holder,
                        item: e.card,
                    }),
                    ItemState::Working
                        if matches!(
                            durability,
                            Some(Durability::Disable | Durability::Fragile)
                        ) =>
                    {
                        options.push(Choice::Sabotage {
                            by,
                            holder: e.holder,
                            item: e.card,
                        })
                    }
                    _ => {}
                }
            }
        }
    }

    /// The teleports `ch` may make (ruling M-28): to the holding area, itself or a
    /// character of its side, room allowing; an opponent's character to its owner's hand.
    fn teleport_options(&self, seat: Seat, ch: &InPlay, options: &mut Vec<Choice>) {
        let set = self.abilities(ch);
        let has = |a| set.has(a);
        let teleports = [
            Ability::PersonalTeleport,
            Ability::DefensiveTeleport,
            Ability::StrategicTeleport,
            Ability::OffensiveTeleport,
        ];
        if !teleports.into_iter().any(has) {
            return;
        }
        let room = self.holding_room(seat);
        let points = |c: &InPlay| {
            if c.token {
                0
            } else {
                u32::from(self.pool.get(c.card).cost)
            }
        };
        let before = options.len();
        let alone = has(Ability::PersonalTeleport)
            || has(Ability::DefensiveTeleport)
            || has(Ability::StrategicTeleport);
        if alone && points(ch) <= room {
            options.push(Choice::Teleport {
                by: ch.id,
                target: ch.id,
            });
        }
        for other in &self.player(seat).characters {
            if other.id == ch.id {
                continue;
            }
            let fits = if has(Ability::DefensiveTeleport) {
                points(ch) + points(other) <= room
            } else {
                has(Ability::StrategicTeleport) && points(other) <= room
            };
            if fits {
                options.push(Choice::Teleport {
                    by: ch.id,
                    target: other.id,
                });
            }
        }
        // A team-mate's character to its own player's holding area (FX-17): it changes
        // no control, where Defensive Teleport would share a holding area.
        if has(Ability::StrategicTeleport) {
            for mate in self.team_members(seat).into_iter().filter(|&m| m != seat) {
                if self.player(mate).out {
                    continue;
                }
                let room = self.holding_room(mate);
                options.extend(
                    self.player(mate)
                        .characters
                        .iter()
                        .filter(|c| points(c) <= room)
                        .map(|c| Choice::Teleport {
                            by: ch.id,
                            target: c.id,
                        }),
                );
            }
        }
        if has(Ability::OffensiveTeleport) {
            for s in self.opponents(seat) {
                options.extend(self.player(s).characters.iter().map(|t| Choice::Teleport {
                    by: ch.id,
                    target: t.id,
                }));
            }
        }
        options[before..].sort_unstable();
    }

    /// `by` taps: `target` of its side to its player's holding area (with `by` too, by
    /// Defensive Teleport), or an opponent's to its owner's hand.
    pub(crate) fn teleport(&mut self, seat: Seat, by: CharId, target: CharId) {
        let Some((owner, _)) = self.character(target) else {
            return;
        };
        let defensive = self
            .character(by)
            .is_some_and(|(_, c)| self.has(c, Ability::DefensiveTeleport));
        self.tap(by);
        if !self.allied(owner, seat) {
            self.send_to_hand(owner, target);
            return;
        }
        let mut moved = vec![target];
        if defensive && target != by && owner == seat {
            moved.insert(0, by);
        }
        for id in moved {
            if let Some(ch) = self.move_to_holding(owner, id) {
                self.events.push(Event::Teleported {
                    seat: owner,
                    card: ch.card,
                    to_hand: false,
                });
            }
        }
    }

    /// Character `id` of `seat` to the holding area: healed of every wound and marker,
    /// back from the next turn (F-11.5, ruling M-05). Its items go with it (F-9.9). The
    /// character as it was, if it was in play.
    pub(crate) fn move_to_holding(&mut self, seat: Seat, id: CharId) -> Option<InPlay> {
        let p = &mut self.players[usize::from(seat)];
        let i = p.characters.iter().position(|c| c.id == id)?;
        let ch = p.characters.remove(i);
        p.holding.push(InPlay {
            id: ch.id,
            card: ch.card,
            tapped: true,
            token: ch.token,
            ..InPlay::default()
        });
        Some(ch)
    }

    /// Character `id` of `seat` back to its owner's hand; its items to the discard pile,
    /// and a Swarm marker is gone.
    fn send_to_hand(&mut self, seat: Seat, id: CharId) {
        let Some(ch) = self.leave_play(seat, id, |p| &mut p.hand) else {
            return;
        };
        self.events.push(Event::Teleported {
            seat,
            card: ch.card,
            to_hand: true,
        });
    }

    /// Technopathy: `by` taps to disable `holder`'s item (destroyed if fragile).
    pub(crate) fn sabotage(&mut self, by: CharId, holder: CharId, item: CardId) {
        self.tap(by);
        self.disable_item(holder, item);
    }

    /// Resurrect: `by` taps; `card` from `seat`'s graveyard to its holding area.
    pub(crate) fn resurrect(&mut self, seat: Seat, by: CharId, card: CardId) {
        self.tap(by);
        let id = self.next_id;
        self.next_id += 1;
        let p = &mut self.players[usize::from(seat)];
        if let Some(i) = p.graveyard.iter().rposition(|&c| c == card) {
            p.graveyard.remove(i);
            p.holding.push(InPlay {
                id,
                card,
                tapped: true,
                ..InPlay::default()
            });
            self.events.push(Event::Resurrected { seat, card });
        }
    }

    /// Swarm: `by` taps to make a marker of itself, which enters play as a character
    /// does.
    pub(crate) fn swarm(&mut self, seat: Seat, by: CharId) {
        let Some(card) = self.tap(by) else {
            return;
        };
        let id = self.next_id;
        self.next_id += 1;
        let mut marker = self.entering(
            seat,
            InPlay {
                id,
                card,
                ..InPlay::default()
            },
        );
        marker.token = true;
        self.players[usize::from(seat)].characters.push(marker);
        self.events.push(Event::Swarmed { seat, card });
    }

    /// A character with Stealth taps to hide again.
    pub(crate) fn hide(&mut self, seat: Seat, id: CharId) {
        if let Some(card) = self.tap(id) {
            if let Some(c) = self.character_mut(id) {
                c.hidden = true;
            }
            self.events.push(Event::Hid { seat, card });
        }
    }

    /// `id` taps to use an ability or an item, as it would to attack (F-12.3): its card,
    /// if it is in play.
    pub(crate) fn tap(&mut self, id: CharId) -> Option<CardId> {
        let c = self.character_mut(id)?;
        c.tapped = true;
        Some(c.card)
    }

    /// `healer` taps; `target` recovers from a wound (an active character again, if it
    /// was disabled: its points stay scored, ruling M-18).
    pub(crate) fn heal(&mut self, _seat: Seat, healer: CharId, target: CharId) {
        self.tap(healer);
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
        let regenerating: Vec<CharId> = self
            .player(seat)
            .characters
            .iter()
            .filter(|c| c.wounds > 0 && self.has(c, Ability::Regenerate))
            .map(|c| c.id)
            .collect();
        let mut healed = Vec::new();
        for id in regenerating {
            if let Some(c) = self.character_mut(id) {
                c.wounds -= 1;
                healed.push((c.card, c.wounds));
            }
        }
        for (card, wounds) in healed {
            self.events.push(Event::Healed { seat, card, wounds });
        }
    }
}
