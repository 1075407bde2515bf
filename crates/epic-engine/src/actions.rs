//! Primitive changes to a game. Each emits its events and collects the triggers it
//! causes; none asks a player anything.

use crate::config::{Variant, MAX_OBJECTS};
use crate::effects::granted_ability;
use crate::events::{Event, Recipient, Seen};
use crate::game::EndReason;
use crate::ids::{Entity, ObjId, PlayerId};
use crate::state::{
    GameState, Modifier, Obj, ObjList, PendingTrigger, Phase, Player, Script, Step, Zone,
};
use crate::stats::Look;
use epic_model::{
    AbilityKind, AbilityZone, Alignment, Alignments, CardId, CardPool, Keyword, Trigger,
};
use rand::seq::SliceRandom;
use smallvec::SmallVec;

/// A game being changed: the state, the read-only card pool, and the event sink.
pub(crate) struct Engine<'a> {
    pub st: &'a mut GameState,
    pub pool: &'a CardPool,
    pub events: Option<&'a mut Vec<Event>>,
}

impl<'a> Engine<'a> {
    pub fn look(&self) -> Look<'_> {
        Look::new(self.st, self.pool)
    }

    pub fn emit(&mut self, ev: impl FnOnce() -> Event) {
        if let Some(events) = self.events.as_deref_mut() {
            events.push(ev());
        }
    }

    /// Like [`Engine::emit`], for an event built by reading the game: nothing is read
    /// (or allocated) unless events are being collected.
    pub fn emit_with(&mut self, ev: impl FnOnce(&Self) -> Event) {
        if self.events.is_some() {
            let e = ev(self);
            if let Some(events) = self.events.as_deref_mut() {
                events.push(e);
            }
        }
    }

    /// Objects as events name them.
    pub fn seen_all(&self, objs: &[ObjId]) -> Vec<Seen> {
        objs.iter().map(|&o| self.seen(o)).collect()
    }

    pub fn card_of(&self, o: ObjId) -> CardId {
        self.st.obj(o).card
    }

    /// An object as events name it: its number now and its card.
    pub fn seen(&self, o: ObjId) -> Seen {
        let obj = self.st.obj(o);
        Seen {
            obj: obj.number,
            card: obj.card,
        }
    }

    /// Something random or hidden happened: a play can no longer be reversed (3.7).
    pub fn knowledge_gained(&mut self) {
        self.st.undo_clean = false;
    }

    // ---- triggers -------------------------------------------------------------------

    /// Queues the abilities of `o` that wait for `on`, if they work in its current zone.
    #[inline]
    pub fn trigger(&mut self, o: ObjId, on: Trigger, subject: Option<Entity>) {
        let zone = match self.st.obj(o).zone {
            Zone::InPlay => AbilityZone::InPlay,
            Zone::Discard => AbilityZone::DiscardPile,
            Zone::Supplemental => AbilityZone::Supplemental,
            _ => return,
        };
        self.trigger_in(o, zone, on, subject);
    }

    /// Like [`Engine::trigger`], for an object that has just left `zone` (2.3.5a: a token
    /// or card leaving play still triggers). Most cards have no ability waiting for `on`:
    /// their flags say so here, inline, before any call.
    #[inline]
    pub fn trigger_in(
        &mut self,
        o: ObjId,
        zone: AbilityZone,
        on: Trigger,
        subject: Option<Entity>,
    ) {
        if self.pool.flags(self.st.obj(o).card).triggers & on.bit() != 0 {
            self.queue_triggers(o, zone, on, subject);
        }
        if self.st.continuous.grants_triggers && zone == AbilityZone::InPlay {
            self.queue_granted(o, on, subject);
        }
    }

    /// The triggered abilities that modifications gave `o` (Plague Zombies), waiting for
    /// `on`: they trigger as its own would, "this" being `o`.
    #[inline(never)]
    fn queue_granted(&mut self, o: ObjId, on: Trigger, subject: Option<Entity>) {
        if self.look().gains_nothing(o) {
            return; // 5.0.4: it was given none.
        }
        let obj = self.st.obj(o);
        let (controller, source_number) = (obj.controller, obj.number);
        let pool = self.pool;
        // An ability given before the champion lost its abilities went with them (5.0.1).
        let since = self.look().blanked_at(o).map_or(0, |b| b + 1);
        let granted: SmallVec<[(CardId, Script); 4]> = self.st.mods[since..]
            .iter()
            .filter(|m| m.obj == o)
            .filter_map(|m| m.grant)
            .filter(|&(card, script)| {
                matches!(granted_ability(pool, card, script),
                    Some(t) if t.on == on && self.about_holds(t, subject, controller, o))
            })
            .collect();
        if granted.is_empty() {
            return;
        }
        let subject = subject.map(|e| self.st.remember(e));
        for (card, script) in granted {
            self.st.waiting.push(PendingTrigger {
                source: o,
                source_number,
                card,
                script,
                controller,
                subject,
            });
        }
    }

    /// Whether a trigger's event is about what it waits for ("when another non-zombie
    /// champion is broken": only about such a one), for a card's own triggered abilities
    /// and those it was given alike.
    fn about_holds(
        &self,
        t: &epic_model::Triggered,
        subject: Option<Entity>,
        controller: PlayerId,
        o: ObjId,
    ) -> bool {
        t.about.as_ref().is_none_or(|f| match subject {
            Some(Entity::Obj(s)) => self.look().matches(f, s, controller, o, None),
            _ => false,
        })
    }

    /// The rare case of [`Engine::trigger_in`], kept out of line so the test stays small
    /// where it is inlined.
    #[inline(never)]
    fn queue_triggers(
        &mut self,
        o: ObjId,
        zone: AbilityZone,
        on: Trigger,
        subject: Option<Entity>,
    ) {
        let obj = self.st.obj(o);
        if zone == AbilityZone::InPlay && obj.zone == Zone::InPlay && self.look().blank(o) {
            return;
        }
        let (card, controller) = (
            obj.card,
            if zone == AbilityZone::InPlay {
                obj.controller
            } else {
                obj.owner
            },
        );
        let source_number = obj.number;
        let remembered = subject.map(|e| self.st.remember(e));
        let pool = self.pool;
        for (i, a) in pool.get(card).abilities.iter().enumerate() {
            if let AbilityKind::Triggered(t) = &a.kind {
                if t.on == on
                    && (a.zone == zone || on.works_from_any_zone())
                    && self.about_holds(t, subject, controller, o)
                {
                    self.st.waiting.push(PendingTrigger {
                        source: o,
                        source_number,
                        card,
                        script: Script::Ability(i as u8),
                        controller,
                        subject: remembered,
                    });
                }
            }
        }
    }

    /// Ally abilities (5.18) of `p`'s champions in play, cards in their discard pile and
    /// God card, when `p` plays from hand a card with a printed cost of 1.
    pub fn trigger_ally(&mut self, p: PlayerId, played: ObjId) {
        let def = self.pool.get(self.card_of(played));
        if def.cost != 1 {
            return;
        }
        let aligns = def.alignments;
        // Every alignment's Ally shares one bit: this keeps the cards with any Ally ability.
        let ally = Trigger::Ally(Alignment::Good).bit();
        let sources: ObjList = self
            .st
            .ability_sources(p)
            .filter(|&o| self.pool.flags(self.card_of(o)).triggers & ally != 0)
            .collect();
        for o in sources {
            for a in aligns.iter() {
                self.trigger(o, Trigger::Ally(a), None);
            }
        }
    }

    /// Remembers that `p` played a card with a printed cost of 1 this turn (White
    /// Dragon, the "Will" events), from hand or by an effect.
    pub fn note_played(&mut self, p: PlayerId, played: ObjId) {
        let def = self.pool.get(self.card_of(played));
        if def.cost == 1 {
            let pl = self.st.player_mut(p);
            pl.played_this_turn = pl.played_this_turn.union(def.alignments);
            pl.cost1_plays = pl.cost1_plays.saturating_add(1);
        }
    }

    // ---- zones ----------------------------------------------------------------------

    fn remove_from_zone(&mut self, o: ObjId) {
        let obj = self.st.obj(o);
        let (zone, owner) = (obj.zone, obj.owner);
        let list: &mut Vec<ObjId> = match zone {
            Zone::Hand => &mut self.st.players[owner as usize].hand,
            Zone::Deck => &mut self.st.players[owner as usize].deck,
            Zone::Discard => &mut self.st.players[owner as usize].discard,
            Zone::InPlay => &mut self.st.in_play,
            Zone::Supplemental => {
                self.st.supplemental.retain(|x| *x != o);
                return;
            }
            Zone::TokenPile => return,
        };
        // From the back: a drawn card is the last of its deck.
        match list.iter().rposition(|x| *x == o) {
            Some(i) if i + 1 == list.len() => {
                list.pop();
            }
            Some(i) => {
                list.remove(i);
            }
            None => {}
        }
    }

    /// Moves an object to a zone of its owner (1.9.2), or into play. A token that would
    /// leave play goes to the token pile instead (2.3.5). Changing zone makes it a new
    /// object with a new number (5.21.3, docs/rulings.md R-10): damage, counters, gains,
    /// modifiers and battle roles are gone, and what effects remembered of the old
    /// object no longer finds it. A card goes to a deck only at the bottom: nothing in
    /// the rules puts one on top (1.8.2, 5.5, 5.15, 5.21).
    pub fn move_to(&mut self, o: ObjId, to: Zone) {
        let from = self.st.obj(o).zone;
        let token = self.pool.flags(self.card_of(o)).token;
        let to = if token && to != Zone::InPlay {
            Zone::TokenPile
        } else {
            to
        };
        // Everyone saw which card it was, so everyone knows it in the hand it goes to, or
        // where it lies at the bottom of a deck.
        let seen_by_all = self.st.seen_by_all(o);
        self.remove_from_zone(o);
        if from == Zone::InPlay {
            self.leave_play(o);
        }
        let owner = self.st.obj(o).owner;
        match to {
            Zone::Hand => self.st.player_mut(owner).hand.push(o),
            Zone::Deck => self.st.player_mut(owner).deck.insert(0, o),
            Zone::Discard => self.st.player_mut(owner).discard.push(o),
            Zone::InPlay => self.st.in_play.push(o),
            Zone::Supplemental => self.st.supplemental.push(o),
            Zone::TokenPile => {}
        }
        let was = self.st.obj(o).number;
        self.st.renumber(o);
        let obj = self.st.obj_mut(o);
        obj.zone = to;
        obj.revealed = false;
        obj.known = matches!(to, Zone::Hand | Zone::Deck) && seen_by_all;
        obj.broken_turn = 0;
        obj.broken_from = None;
        obj.attacked_turn = 0;
        let (card, controller, number) = (obj.card, obj.controller, obj.number);
        if to == Zone::InPlay && self.lethal_without_damage(o) {
            self.st.damaged = true;
        }
        self.st.index_abilities(o, self.pool);
        self.emit(|| Event::Moved {
            was: Some(was),
            obj: Some(number),
            card: Some(card),
            from,
            to,
            owner,
            controller,
            revealed: seen_by_all,
        });
        if from == Zone::Discard {
            self.trigger_in(o, AbilityZone::DiscardPile, Trigger::LeavesDiscard, None);
        }
        if to == Zone::Discard {
            self.trigger(o, Trigger::PutIntoDiscard, None);
        }
    }

    fn leave_play(&mut self, o: ObjId) {
        let owner = self.st.obj(o).owner;
        let obj = self.st.obj_mut(o);
        obj.expended = false;
        obj.flipped = false;
        obj.deploying = false;
        obj.damage = 0;
        obj.counters = 0;
        obj.gained = Default::default();
        obj.controller = owner;
        if self.st.mods.iter().any(|m| m.obj == o) {
            self.st.mods.retain(|m| m.obj != o);
            self.st.summarize_continuous(self.pool);
        }
        self.st.control_reverts.retain(|(x, _)| *x != o);
        self.remove_from_battle(o);
    }

    pub fn remove_from_battle(&mut self, o: ObjId) -> bool {
        let Some(b) = self.st.battle.as_mut() else {
            return false;
        };
        let before = b.attackers.len() + b.blockers.len();
        b.attackers.retain(|x| *x != o);
        b.blockers.retain(|x| *x != o);
        let removed = before != b.attackers.len() + b.blockers.len();
        if removed {
            let champion = self.seen(o);
            self.emit(|| Event::RemovedFromBattle { champion });
        }
        removed
    }

    /// Puts a card into play under `controller`, prepared and deploying (2.1.7). Unless
    /// `silent`, its "enters play" abilities trigger.
    pub fn put_into_play(&mut self, o: ObjId, controller: PlayerId, silent: bool) {
        self.st.obj_mut(o).controller = controller;
        self.move_to(o, Zone::InPlay);
        let obj = self.st.obj_mut(o);
        obj.controller = controller;
        obj.deploying = true;
        if !silent {
            self.trigger(o, Trigger::EntersPlay, None);
        }
    }

    /// Creates a token under `controller` (2.3.2), prepared and deploying (2.3.3). A game
    /// that already holds [`MAX_OBJECTS`] objects makes no more: it ends in a draw
    /// (docs/rulings.md R-11), and `None` is returned.
    pub fn create_token(&mut self, card: CardId, controller: PlayerId) -> Option<ObjId> {
        if self.st.objs.len() >= MAX_OBJECTS {
            self.end_game(SmallVec::new(), EndReason::ObjectLimit);
            return None;
        }
        let o = ObjId(self.st.objs.len() as u16);
        self.st.trigger_kinds |= self.pool.flags(card).triggers;
        let mut token = Obj::new(card, controller, Zone::TokenPile);
        token.deploying = true;
        self.st.objs.push(token);
        self.put_into_play(o, controller, false);
        let token = self.seen(o);
        self.emit(|| Event::TokenCreated { token, controller });
        Some(o)
    }

    /// Draws `n` cards; a player who cannot draw wins (1.6.2).
    pub fn draw(&mut self, p: PlayerId, n: u32) {
        for _ in 0..n {
            if self.st.is_over() {
                return;
            }
            let Some(&top) = self.st.player(p).deck.last() else {
                // 1.2.1: the player wins, with their team (1.2).
                let winners = self.st.team(p).into_iter().collect();
                self.end_game(winners, EndReason::DrewFromEmptyDeck);
                return;
            };
            self.knowledge_gained();
            self.move_to(top, Zone::Hand);
            self.emit_with(|eng| {
                let drawn = eng.st.obj(top);
                Event::Drew {
                    player: p,
                    obj: Some(drawn.number),
                    card: Some(drawn.card),
                    revealed: drawn.known,
                }
            });
            // "When you draw a card" (Citadel Scholar): the drawer's champions in play.
            // Queuing triggers leaves play as it is, so it is walked in place.
            if self.st.trigger_kinds & Trigger::YouDraw.bit() != 0 {
                for i in 0..self.st.in_play.len() {
                    let o = self.st.in_play[i];
                    if self.st.obj(o).controller == p {
                        self.trigger(o, Trigger::YouDraw, None);
                    }
                }
            }
        }
    }

    pub fn discard(&mut self, o: ObjId) {
        self.move_to(o, Zone::Discard);
    }

    /// Discards a card from its owner's hand because of `cause`'s effect: a card that goes
    /// into play instead when an opponent makes its owner discard it (Markus, Watch
    /// Captain) does so, under its owner's control.
    pub fn discard_by(&mut self, o: ObjId, cause: PlayerId) {
        let owner = self.st.obj(o).owner;
        let replaced = !self.st.same_team(owner, cause)
            && self.pool.get(self.card_of(o)).abilities.iter().any(|a| {
                matches!(
                    a.kind,
                    AbilityKind::Static(epic_model::Static::IntoPlayIfDiscardedByOpponent)
                )
            });
        if replaced {
            self.put_into_play(o, owner, false);
        } else {
            self.discard(o);
        }
    }

    /// Breaks champions at the same time (5.16): the unbreakable stay (5.9.2). Every
    /// champion in play sees the others break (Drinker of Blood), even if it breaks too.
    pub fn break_all(&mut self, objs: &[ObjId]) {
        let look = self.look();
        let breaking: ObjList = objs
            .iter()
            .copied()
            .filter(|&o| look.st.obj(o).zone == Zone::InPlay && !look.has(o, Keyword::Unbreakable))
            .collect();
        if breaking.is_empty() {
            return;
        }
        for &o in &breaking {
            self.trigger(o, Trigger::Broken, None);
            // Queuing triggers leaves play as it is, so it is walked in place.
            for i in 0..self.st.in_play.len() {
                let w = self.st.in_play[i];
                if w != o {
                    self.trigger(w, Trigger::OtherChampionBroken, Some(Entity::Obj(o)));
                }
            }
        }
        let turn = self.st.turn;
        for &o in &breaking {
            let champion = self.seen(o);
            self.emit(|| Event::Broken { champion });
            let controller = self.st.obj(o).controller;
            self.discard(o);
            // Broken this turn: the card in the discard pile, while it stays there.
            let obj = self.st.obj_mut(o);
            obj.broken_turn = turn;
            obj.broken_from = (controller != obj.owner).then_some(controller);
        }
    }

    /// Banishes objects at the same time (5.15), in random order when several (5.15.2).
    /// An unbanishable champion in play stays (5.11.2).
    pub fn banish_all(&mut self, objs: &[ObjId]) {
        let look = self.look();
        let going: ObjList = objs
            .iter()
            .copied()
            .filter(|&o| {
                let z = look.st.obj(o).zone;
                z != Zone::TokenPile && !(z == Zone::InPlay && look.has(o, Keyword::Unbanishable))
            })
            .collect();
        self.put_on_bottom_together(going, |eng, o| {
            let obj = eng.st.obj(o);
            let (from, owner) = (obj.zone, obj.owner);
            let seen = eng.seen(o);
            eng.emit(|| Event::Banished {
                obj: Some(seen.obj),
                card: Some(seen.card),
                from,
                owner,
            });
            eng.move_to(o, Zone::Deck);
        });
    }

    /// Cards going to the bottom of decks at the same time (5.15.2, 5.21.7, 1.8.2): they
    /// go in random order, `each` moving one of them. Several that went to one deck then
    /// lie in an order no one knows, so none of them is known where it lies, however seen
    /// it was; a card alone at the bottom of its deck stays known (`Obj::known`).
    ///
    /// What each move tells is told in the order the cards were given, not in the random
    /// order they went in: the log must not say which lies at the bottom.
    pub fn put_on_bottom_together(
        &mut self,
        objs: ObjList,
        mut each: impl FnMut(&mut Self, ObjId),
    ) {
        let given = objs.clone();
        let mut objs = objs;
        if objs.len() > 1 {
            objs.shuffle(&mut self.st.rng);
            self.knowledge_gained();
        }
        // Where each card's events begin in the log, in the order they went.
        let mut told: SmallVec<[(ObjId, usize); 8]> = SmallVec::new();
        for &o in &objs {
            told.push((o, self.events.as_deref().map_or(0, Vec::len)));
            each(self, o);
        }
        if let Some(events) = self.events.as_deref_mut() {
            if objs.len() > 1 {
                let start = told[0].1;
                let end = events.len();
                let chunk = |i: usize| told[i].1..told.get(i + 1).map_or(end, |t| t.1);
                let mut reordered = Vec::with_capacity(end - start);
                for &o in &given {
                    if let Some(i) = told.iter().position(|t| t.0 == o) {
                        reordered.extend_from_slice(&events[chunk(i)]);
                    }
                }
                events.truncate(start);
                events.extend(reordered);
            }
        }
        // The deck each card went to, if it is in one.
        let decks: SmallVec<[Option<PlayerId>; 8]> = objs
            .iter()
            .map(|&o| {
                let obj = self.st.obj(o);
                (obj.zone == Zone::Deck).then_some(obj.owner)
            })
            .collect();
        for (&o, deck) in objs.iter().zip(&decks) {
            if deck.is_some() && decks.iter().filter(|&d| d == deck).count() > 1 {
                self.st.obj_mut(o).known = false;
            }
        }
    }

    /// Transforms champions (5.21): each to the bottom of its owner's deck (a token to the
    /// token pile), and its controller puts the token into play. Unbanishable does not
    /// stop it (5.21.2).
    pub fn transform_all(&mut self, objs: &[ObjId], token: CardId) {
        let going: ObjList = objs
            .iter()
            .copied()
            .filter(|&o| self.st.obj(o).zone == Zone::InPlay)
            .collect();
        self.put_on_bottom_together(going, |eng, o| {
            let controller = eng.st.obj(o).controller;
            eng.move_to(o, Zone::Deck);
            eng.create_token(token, controller);
        });
    }

    // ---- damage and health ------------------------------------------------------------

    /// Deals damage from `source` (a champion, or an event or power's card) to each
    /// recipient at the same time: one damage event (4.4.11b). The source's "when this
    /// deals damage" abilities trigger once, about the first recipient; "when this damages
    /// a player / an opponent / a champion" once for each one damaged (docs/rulings.md
    /// Breaking and elimination are checked by the caller. Damage and health
    /// saturate instead of wrapping.
    pub fn deal_damage(&mut self, source: Option<ObjId>, hits: &[(Entity, u16)], battle: bool) {
        let from = source.map(|o| self.seen(o));
        let mut dealt: SmallVec<[(Entity, u16); 8]> = SmallVec::new();
        for &(to, amount) in hits {
            if amount == 0 {
                continue;
            }
            match to {
                Entity::Player(p) => {
                    self.emit(|| Event::Damage {
                        source: from,
                        to: Recipient::Player(p),
                        amount,
                    });
                    self.gain_health(p, -(amount as i32));
                }
                Entity::Obj(o) => {
                    if self.st.obj(o).zone != Zone::InPlay {
                        continue;
                    }
                    let obj = self.st.obj_mut(o);
                    obj.damage = obj.damage.saturating_add(amount);
                    self.st.damaged = true;
                    let champion = self.seen(o);
                    self.emit(|| Event::Damage {
                        source: from,
                        to: Recipient::Champion(champion),
                        amount,
                    });
                }
            }
            dealt.push((to, amount));
        }
        let (Some(src), Some(&(first, _))) = (source, dealt.first()) else {
            return;
        };
        if self.st.obj(src).zone != Zone::InPlay || !self.pool.get(self.card_of(src)).is_champion()
        {
            return;
        }
        self.trigger(src, Trigger::DealsDamage, Some(first));
        let controller = self.st.obj(src).controller;
        for &(to, _) in &dealt {
            match to {
                Entity::Player(p) => {
                    // Avenger of Covenant: "target champion that damaged you this turn".
                    let src_now = self.st.remember(Entity::Obj(src));
                    let by = &mut self.st.player_mut(p).damaged_by;
                    if !by.contains(&src_now) {
                        by.push(src_now);
                    }
                    self.trigger(src, Trigger::DamagesPlayer, Some(to));
                    if p != controller {
                        self.trigger(src, Trigger::DamagesOpponent, Some(to));
                    }
                }
                Entity::Obj(_) => self.trigger(src, Trigger::DamagesChampion, Some(to)),
            }
        }
        if self.look().has(src, Keyword::Righteous) {
            let total: u32 = dealt.iter().map(|&(_, n)| n as u32).sum();
            // 5.13.5: battle damage gains no more than the champion's offense.
            let cap = if battle {
                self.look().offense(src).max(0) as u32
            } else {
                total
            };
            let gain = total.min(cap).min(i32::MAX as u32) as i32;
            let pl = self.st.player_mut(controller);
            pl.pending_gain = pl.pending_gain.saturating_add(gain);
        }
    }

    /// Changes a player's health by `n` (a loss when negative), saturating at the limits
    /// of its type rather than wrapping. A team shares its health (Hydra, 1.2): each of
    /// its players' totals changes alike.
    pub fn gain_health(&mut self, p: PlayerId, n: i32) {
        if self.st.rules.team_size > 1 {
            for q in self.st.team(p) {
                self.gain_own_health(q, n);
            }
        } else {
            self.gain_own_health(p, n);
        }
    }

    fn gain_own_health(&mut self, p: PlayerId, n: i32) {
        if n > 0 && !self.look().can_gain_health(p) {
            return;
        }
        let pl = self.st.player_mut(p);
        let before = pl.health;
        pl.health = pl.health.saturating_add(n);
        let now = pl.health;
        let delta = now.saturating_sub(before);
        // Gaining or losing nothing (no cards mulliganed, a total of 0) says nothing.
        if delta != 0 {
            self.emit(|| Event::Health {
                player: p,
                delta,
                now,
            });
        }
    }

    /// Righteous gains wait until a player next receives initiative (5.13.3).
    pub fn apply_pending_gains(&mut self) {
        for p in 0..self.st.num_players() as PlayerId {
            let g = std::mem::take(&mut self.st.player_mut(p).pending_gain);
            // Called at every initiative window: most of the time nobody gained anything.
            if g != 0 && !self.st.player(p).eliminated {
                self.gain_health(p, g);
            }
        }
    }

    pub fn set_gold(&mut self, p: PlayerId, gold: u8) {
        self.st.player_mut(p).gold = gold;
        self.emit(|| Event::Gold {
            player: p,
            now: gold,
        });
    }

    /// Pays `n` gold for a card, or a card's power, of these alignments: gold that may be
    /// spent only on such cards goes first.
    pub fn spend_gold(&mut self, p: PlayerId, aligns: Alignments, n: u8) {
        let pl = self.st.player_mut(p);
        let mut n = n;
        if pl.bonus_gold > 0 && aligns.intersects(pl.bonus_for) {
            let bonus = n.min(pl.bonus_gold);
            pl.bonus_gold -= bonus;
            n -= bonus;
        }
        let gold = pl.gold.saturating_sub(n);
        self.set_gold(p, gold);
    }

    pub fn add_modifier(&mut self, m: Modifier) {
        self.st.mods.push(m);
        self.st.summarize_continuous(self.pool);
    }

    pub fn gain_control(&mut self, o: ObjId, p: PlayerId, this_turn: bool) {
        let obj = self.st.obj(o);
        if obj.zone != Zone::InPlay || obj.controller == p {
            return;
        }
        let before = obj.controller;
        if this_turn && !self.st.control_reverts.iter().any(|(x, _)| *x == o) {
            self.st.control_reverts.push((o, before));
        }
        self.remove_from_battle(o);
        let obj = self.st.obj_mut(o);
        obj.controller = p;
        obj.deploying = true;
        self.st.index_control(o, self.pool);
        let champion = self.seen(o);
        self.emit(|| Event::ControlChanged {
            champion,
            controller: p,
        });
    }

    // ---- state checks -----------------------------------------------------------------

    /// Breaks champions with lethal damage (5.16.3) and eliminates players at 0 health or
    /// less (1.2.2), until nothing changes. The state is then marked checked: an
    /// initiative window reached before anything else happens need not check again.
    pub fn check_state(&mut self) {
        self.check_state_of(true);
        self.st.checked = true;
    }

    /// The check after a step of an effect that cannot have left a champion with lethal
    /// damage: only health totals, which are checked the moment they change, in the
    /// middle of an effect too (1.5.4, docs/rulings.md H-01).
    #[inline]
    pub fn check_players(&mut self) {
        // Most steps leave every player above 0 health: a scan of the seats says so
        // without the whole check.
        if self
            .st
            .players
            .iter()
            .any(|p| !p.eliminated && (p.health <= 0 || p.conceded))
        {
            self.check_state_of(false);
        }
    }

    fn check_state_of(&mut self, champions: bool) {
        loop {
            if self.st.is_over() {
                return;
            }
            // 1.2.2: a player still in the game at 0 health or less, or who conceded. A
            // concession during the mulligans takes effect when they are over, so that
            // the others finish theirs and the first turn begins as it would.
            let setup = self.st.phase == Phase::Setup;
            let dying = |p: &Player| !p.eliminated && (p.health <= 0 || (p.conceded && !setup));
            // While nothing lowers defense, printed defense plus counters is a floor under
            // it: only a champion whose damage reaches its floor can have lethal damage
            // (a champion with a floor of 0 has it with no damage at all, 5.16.3).
            let lowered = self.st.continuous.lowers_defense;
            let reaches_floor = |o: ObjId| {
                let obj = self.st.obj(o);
                obj.damage as u32 >= self.pool.flags(obj.card).defense as u32 + obj.counters as u32
            };
            let may_break = champions
                && (lowered
                    || (self.st.damaged && self.st.in_play.iter().any(|&o| reaches_floor(o))));
            if !may_break && !self.st.players.iter().any(dying) {
                return;
            }
            let lethal: ObjList = if may_break {
                let look = self.look();
                look.st
                    .in_play
                    .iter()
                    .copied()
                    .filter(|&o| {
                        if !lowered && !reaches_floor(o) {
                            return false;
                        }
                        let dmg = look.st.obj(o).damage as i32;
                        dmg >= look.defense(o) && !look.has(o, Keyword::Unbreakable)
                    })
                    .collect()
            } else {
                SmallVec::new()
            };
            let dying: SmallVec<[PlayerId; 4]> = (0..self.st.num_players() as PlayerId)
                .filter(|&p| dying(self.st.player(p)))
                .collect();
            if lethal.is_empty() && dying.is_empty() {
                return;
            }
            for &p in &dying {
                self.st.player_mut(p).eliminated = true;
                self.emit(|| Event::Eliminated { player: p });
            }
            // The nearest player to the right of each one eliminated, still in the game.
            let right: SmallVec<[PlayerId; 2]> =
                dying.iter().map(|&p| self.st.prev_seat(p)).collect();
            let variant = self.st.rules.variant;
            if variant == Variant::HunterFirstBlood && !dying.is_empty() {
                let mut winners: SmallVec<[PlayerId; 2]> = SmallVec::new();
                for &q in &right {
                    if !self.st.player(q).eliminated && !winners.contains(&q) {
                        winners.push(q);
                    }
                }
                winners.sort_unstable();
                self.end_game(winners, EndReason::FirstBlood);
                return;
            }
            let alive: SmallVec<[PlayerId; 2]> = (0..self.st.num_players() as PlayerId)
                .filter(|&p| !self.st.player(p).eliminated)
                .collect();
            // 1.2.2: the last player, or team, left wins.
            if alive.iter().all(|&q| self.st.same_team(q, alive[0])) {
                self.end_game(alive, EndReason::Health);
                return;
            }
            for p in 0..self.st.num_players() as PlayerId {
                if self.st.player(p).eliminated {
                    self.leave_game(p);
                }
            }
            if variant == Variant::HunterLastOneStanding {
                // FMT-13: the right neighbour gains 5 health and draws a card.
                for q in right {
                    if self.st.is_over() {
                        return;
                    }
                    self.gain_health(q, 5);
                    self.draw(q, 1);
                }
            }
            self.break_all(&lethal);
        }
    }

    /// Whether a champion of this card has lethal damage with none dealt (a printed
    /// defense of 0, 5.16.3): one entering play, or losing a counter, sets the state's
    /// `damaged` mark so the state check looks.
    pub fn lethal_without_damage(&self, o: ObjId) -> bool {
        let obj = self.st.obj(o);
        self.pool.flags(obj.card).defense as u32 + obj.counters as u32 == 0
    }

    /// 1.2.2: `p` concedes, and so leaves the game; a Hydra team, which shares one
    /// health total, leaves together. When that leaves one player or team, it wins at
    /// once. Otherwise the leavers are eliminated at the next state check (after the
    /// mulligans, if those are under way), as players at 0 health are (their cards leave
    /// with them, 1.9.3), and any decision they are asked before then is answered for
    /// them ([`Choice::least`]).
    pub fn concede(&mut self, p: PlayerId) {
        self.emit(|| Event::Conceded { player: p });
        let seats = 0..self.st.num_players() as PlayerId;
        let leaving: SmallVec<[PlayerId; 2]> =
            seats.clone().filter(|&q| self.st.same_team(q, p)).collect();
        for &q in &leaving {
            self.st.player_mut(q).conceded = true;
        }
        // Those who conceded during the mulligans are still at the table (1.2.2 takes
        // effect when the mulligans are over), but they are not staying.
        let staying = |q: PlayerId| {
            let player = self.st.player(q);
            !player.eliminated && !player.conceded
        };
        let others: SmallVec<[PlayerId; 2]> = seats.clone().filter(|&q| staying(q)).collect();
        if others.iter().all(|&q| self.st.same_team(q, others[0])) {
            let going: SmallVec<[PlayerId; 4]> = seats
                .filter(|&q| !self.st.player(q).eliminated && !others.contains(&q))
                .collect();
            for q in going {
                self.st.player_mut(q).eliminated = true;
                self.emit(|| Event::Eliminated { player: q });
            }
            self.end_game(others, EndReason::Conceded);
        } else {
            self.st.checked = false;
        }
    }

    pub fn end_game(&mut self, winners: SmallVec<[PlayerId; 2]>, why: EndReason) {
        if self.st.is_over() {
            return;
        }
        self.st.step = Step::GameOver;
        self.st.end_reason = Some(why);
        self.st.winners = winners.clone();
        self.st.frames.clear();
        self.st.batch.clear();
        self.st.waiting.clear();
        self.st.ask = None;
        self.emit(|| Event::GameOver {
            winners: winners.to_vec(),
            reason: why,
        });
    }

    /// The cards in the player's hand sharing a printed alignment with `card`, which
    /// Loyalty may reveal (5.3.1, docs/rulings.md H-24); a card with every alignment
    /// shares each.
    pub fn loyalty_cards(&self, p: PlayerId, card: CardId) -> ObjList {
        let aligns = self.pool.get(card).alignments;
        self.st
            .player(p)
            .hand
            .iter()
            .copied()
            .filter(|&h| self.look().card_alignments(h).intersects(aligns))
            .collect()
    }

    pub fn token_card(&self, name: &str) -> Option<CardId> {
        self.pool.token(name)
    }
}
