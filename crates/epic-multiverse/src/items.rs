//! Items (F-2.4, F-9): equipping a character in the recruit step, a device's use, the
//! wound an item takes in place of its holder — disabled, destroyed or knocked away —
//! recovering and repairing, and items leaving with their holder.

use crate::abilities::Ability;
use crate::card::{CardId, Energy};
use crate::effect::{Durability, ItemKind};
use crate::events::Event;
use crate::game::MultiverseGame;
use crate::state::*;
use epic_game::Seat;

impl MultiverseGame {
    /// The item options of the recruit step: equip an item from hand (one copy of a card
    /// a character, F-9.1), use a device, recover an item knocked away, repair one with
    /// Tech.
    /// `hand` is the seat's hand, each card once.
    pub(crate) fn item_options(&self, seat: Seat, hand: &[CardId], options: &mut Vec<Choice>) {
        let p = self.player(seat);
        for &card in hand {
            let c = self.pool.get(card);
            let Some(item) = c.item() else { continue };
            for ch in &p.characters {
                let has_one = p.items.iter().any(|e| e.holder == ch.id && e.card == card);
                if has_one || !ch.active() || !self.may_use(ch, item) {
                    continue;
                }
                for pay in c.paid_with() {
                    if self.can_pay(seat, pay, c.cost) {
                        options.push(Choice::Equip {
                            card,
                            holder: ch.id,
                            pay,
                        });
                    }
                }
            }
        }
        for e in &p.items {
            let Some(holder) = p.characters.iter().find(|c| c.id == e.holder) else {
                continue;
            };
            if holder.tapped || !holder.active() {
                continue;
            }
            let item = self.pool.get(e.card).item();
            match e.state {
                ItemState::Working
                    if item
                        .is_some_and(|i| i.kind == ItemKind::Device && self.may_use(holder, i)) =>
                {
                    options.push(Choice::UseDevice {
                        holder: e.holder,
                        item: e.card,
                    })
                }
                ItemState::KnockedAway => options.push(Choice::Recover {
                    holder: e.holder,
                    item: e.card,
                }),
                ItemState::Disabled => {
                    for tech in &p.characters {
                        if !tech.tapped && tech.active() && self.has(tech, Ability::Tech) {
                            options.push(Choice::Repair {
                                tech: tech.id,
                                holder: e.holder,
                                item: e.card,
                            });
                        }
                    }
                }
                ItemState::Working => {}
            }
        }
    }

    /// Attach `card` from `seat`'s hand to `holder`, paying its cost in `pay`.
    pub(crate) fn equip(&mut self, seat: Seat, card: CardId, holder: CharId, pay: Energy) {
        let cost = self.pool.get(card).cost;
        self.pay(seat, pay, cost);
        let p = &mut self.players[usize::from(seat)];
        if let Some(i) = p.hand.iter().position(|&c| c == card) {
            p.hand.remove(i);
        }
        p.items.push(Equipped {
            card,
            holder,
            state: ItemState::Working,
            built_in: false,
        });
        let on = self.character(holder).map_or(card, |(_, c)| c.card);
        self.events.push(Event::Equipped {
            seat,
            card,
            holder: on,
            pay,
            cost,
        });
        self.taken = Some(Taken {
            seat,
            action: crate::effect::Action::Equip,
            card,
            id: holder,
            before: None,
            kind: None,
            undone: false,
        });
    }

    /// A device's holder taps; its effects apply to the holder for the turn.
    pub(crate) fn use_device(&mut self, seat: Seat, holder: CharId, item: CardId) {
        let Some(on) = self.tap(holder) else {
            return;
        };
        self.events.push(Event::UsedItem {
            seat,
            card: item,
            holder: on,
        });
        let effects = self
            .pool
            .get(item)
            .item()
            .map(|i| i.device.clone())
            .unwrap_or_default();
        let lasting = Lasting {
            card: item,
            seat,
            aim: Aim::Character { id: holder },
            device: true,
            rolled: None,
        };
        self.apply_effects(seat, item, &effects, Aim::Character { id: holder }, None);
        if effects.iter().any(|e| e.lasts()) {
            self.lasting.push(lasting);
        }
    }

    /// Sets the state of `holder`'s item `item`.
    fn set_item(&mut self, seat: Seat, holder: CharId, item: CardId, state: ItemState) {
        if let Some(e) = self.players[usize::from(seat)]
            .items
            .iter_mut()
            .find(|e| e.holder == holder && e.card == item)
        {
            e.state = state;
        }
    }

    /// `by` taps and `holder`'s item `item` works again: recovered by its holder when it
    /// was knocked away (F-9.4), repaired by a character with Tech or Technopathy when it
    /// was disabled (F-9.3) — an item of any side, for Technopathy.
    pub(crate) fn restore_item(
        &mut self,
        by: CharId,
        holder: CharId,
        item: CardId,
        repaired: bool,
    ) {
        self.tap(by);
        let Some(seat) = self.controller(holder) else {
            return;
        };
        self.set_item(seat, holder, item, ItemState::Working);
        self.events.push(Event::ItemBack {
            seat,
            card: item,
            repaired,
        });
    }

    /// A wound to `id` taken by one of its working items instead, the one attached last
    /// (F-9.2, ruling M-26): disabled, destroyed if fragile, or knocked away if it cannot
    /// be disabled; an item that can be neither takes no wound. Whether one did.
    pub(crate) fn absorb(&mut self, id: CharId) -> bool {
        let Some(seat) = self.controller(id) else {
            return false;
        };
        let s = usize::from(seat);
        let found = self.players[s].items.iter().rposition(|e| {
            e.holder == id
                && e.state == ItemState::Working
                && self.durability(e) != Some(Durability::Fixed)
        });
        let Some(i) = found else { return false };
        let e = self.players[s].items[i];
        let durability = self.durability(&e);
        let holder = self.character(id).map_or(e.card, |(_, c)| c.card);
        let state = match durability {
            Some(Durability::Fragile) => {
                self.players[s].items.remove(i);
                if !e.built_in {
                    self.players[s].discard.push(e.card);
                }
                None
            }
            Some(Durability::KnockAway) => Some(ItemState::KnockedAway),
            _ => Some(ItemState::Disabled),
        };
        if let Some(state) = state {
            self.players[s].items[i].state = state;
        }
        self.events.push(Event::ItemHit {
            seat,
            card: e.card,
            holder,
            state,
        });
        true
    }

    /// The items attached to `id`, which leaves play for good, to their owner's
    /// discard pile (F-9.9); incidents on it end as the decision settles.
    pub(crate) fn drop_items(&mut self, seat: Seat, id: CharId) {
        let p = &mut self.players[usize::from(seat)];
        let (gone, kept): (Vec<Equipped>, Vec<Equipped>) =
            p.items.iter().partition(|e| e.holder == id);
        p.items = kept;
        p.discard
            .extend(gone.iter().filter(|e| !e.built_in).map(|e| e.card));
    }

    /// What a wound does to item `e`: its card's durability; a built-in item is knocked
    /// away unless its card says it cannot be (F-9.7).
    pub(crate) fn durability(&self, e: &Equipped) -> Option<Durability> {
        let printed = self.pool.get(e.card).item()?.durability;
        Some(match printed {
            Durability::Disable if e.built_in => Durability::KnockAway,
            d => d,
        })
    }

    /// `ch`'s built-in items (F-9.7), attached as it enters play unless they came with it
    /// from the holding area.
    pub(crate) fn build_in(&mut self, seat: Seat, ch: &InPlay) {
        let Some(c) = self.pool.get(ch.card).character() else {
            return;
        };
        let p = &self.players[usize::from(seat)];
        if p.items.iter().any(|e| e.holder == ch.id && e.built_in) {
            return;
        }
        let cards: Vec<CardId> = c.items.iter().filter_map(|n| self.pool.id(n)).collect();
        let p = &mut self.players[usize::from(seat)];
        p.items.extend(cards.into_iter().map(|card| Equipped {
            card,
            holder: ch.id,
            state: ItemState::Working,
            built_in: true,
        }));
    }

    /// The points a character is worth (F-11.3): its cost and its items'; a Swarm
    /// marker none.
    pub(crate) fn worth(&self, seat: Seat, ch: &InPlay) -> u32 {
        if ch.token {
            return 0;
        }
        u32::from(self.pool.get(ch.card).cost)
            + self
                .player(seat)
                .items
                .iter()
                .filter(|e| e.holder == ch.id && !e.built_in)
                .map(|e| u32::from(self.pool.get(e.card).cost))
                .sum::<u32>()
    }

    /// Disables `holder`'s item `card`; a fragile one is destroyed (Technopathy).
    pub(crate) fn disable_item(&mut self, holder: CharId, card: CardId) {
        let fragile = self
            .pool
            .get(card)
            .item()
            .is_some_and(|i| i.durability == Durability::Fragile);
        if fragile {
            return self.destroy_item(holder, card);
        }
        let Some(seat) = self.controller(holder) else {
            return;
        };
        self.set_item(seat, holder, card, ItemState::Disabled);
        let on = self.character(holder).map_or(card, |(_, c)| c.card);
        self.events.push(Event::ItemHit {
            seat,
            card,
            holder: on,
            state: Some(ItemState::Disabled),
        });
    }

    /// Destroys `holder`'s item `card` (an incident that targets it, F-9.5).
    pub(crate) fn destroy_item(&mut self, holder: CharId, card: CardId) {
        let Some(seat) = self.controller(holder) else {
            return;
        };
        let p = &mut self.players[usize::from(seat)];
        if let Some(i) = p
            .items
            .iter()
            .position(|e| e.holder == holder && e.card == card)
        {
            let e = p.items.remove(i);
            if !e.built_in {
                p.discard.push(card);
            }
            let on = self.character(holder).map_or(card, |(_, c)| c.card);
            self.events.push(Event::ItemHit {
                seat,
                card,
                holder: on,
                state: None,
            });
        }
    }
}
