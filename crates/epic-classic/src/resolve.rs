//! Targets (T-12), resolving the line, the effects of the shared card language, moving
//! cards, when-triggers (T-10) and the checks of the game's state (T-3, T-12.5).

use crate::card::{As, Does, Effect, Instead, Kw, Origin, WhenOn};
use crate::game::{Choice, ClassicGame};
use crate::state::*;
use epic_game::Seat;
use epic_model::{
    Action, Amount, CardId, CardType, Filter, PlayerFilter, Sel, Sentence, Who, Whose,
};
use rand::Rng;
use std::sync::Arc;

/// One target an item must name on announcement.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Want<'a> {
    /// Cards in play matching the filter, players matching the player filter, or both.
    Spec {
        objects: Option<&'a Filter>,
        /// Cards of this origin only.
        origin: Option<Origin>,
        players: Option<PlayerFilter>,
    },
    /// A card on the line (Stop).
    Line(Option<CardType>),
}

impl ClassicGame {
    /// A new item of card `o`'s text at `source`, its targets not yet named.
    pub(crate) fn item(&self, o: ObjId, source: Source, controller: Seat) -> Item {
        let obj = &self.objs[o as usize];
        Item {
            obj: o,
            card: obj.card,
            life: obj.life,
            source,
            controller,
            aims: Vec::new(),
        }
    }

    /// The targets an item names, in the order its effect uses them.
    pub(crate) fn wants<'a>(&'a self, item: &Item) -> Vec<Want<'a>> {
        wants_of(self.effect_of(item))
    }

    /// T-12.1: a card or ability with targets can be played only if each has a legal one.
    pub(crate) fn targets_exist(&self, o: ObjId, source: Source, seat: Seat) -> bool {
        let item = self.item(o, source, seat);
        self.wants(&item)
            .iter()
            .all(|w| !self.candidates(&item, *w).is_empty())
    }

    /// Every legal target of one want, for this item.
    pub(crate) fn candidates(&self, item: &Item, want: Want) -> Vec<Target> {
        let mut out = Vec::new();
        match want {
            Want::Line(kind) => {
                for it in &self.line {
                    if it.source == Source::Card
                        && kind.is_none_or(|k| self.card(it.obj).kind == k)
                        && !(it.obj == item.obj && item.source == Source::Card)
                    {
                        out.push(Target::Obj(it.obj));
                    }
                }
            }
            Want::Spec {
                objects,
                origin,
                players,
            } => {
                if let Some(f) = objects {
                    for &o in &self.in_play {
                        if self.can_target(item, o, f, origin) {
                            out.push(Target::Obj(o));
                        }
                    }
                }
                if let Some(pf) = players {
                    for s in self.alive_from(item.controller) {
                        if pf == PlayerFilter::Any || s != item.controller {
                            out.push(Target::Player(s));
                        }
                    }
                }
            }
        }
        out.retain(|t| !item.aims.iter().any(|a| a.target == *t));
        out
    }

    /// The options while an item is being announced: the legal targets of its next want.
    pub(crate) fn target_options(&self) -> Vec<crate::game::Choice> {
        let Some(a) = &self.announcing else {
            return Vec::new();
        };
        let wants = self.wants(&a.item);
        let Some(w) = wants.get(a.item.aims.len()) else {
            return Vec::new();
        };
        self.candidates(&a.item, *w)
            .into_iter()
            .map(crate::game::Choice::Target)
            .collect()
    }

    fn can_target(&self, item: &Item, o: ObjId, f: &Filter, origin: Option<Origin>) -> bool {
        self.matches(o, f, origin, item.controller, Some(item.obj))
            && !self.warded_from(o, item.card)
            && !self.keywords(o).has(Kw::UNTARGETABLE)
    }

    /// "X Ward": the source's alignment is the one the champion is warded from. The
    /// source is a card, not an object: a line item's card is the one it was made from
    /// (`Item::card`), whatever a sample has dealt its object since.
    pub(crate) fn warded_from(&self, o: ObjId, source: CardId) -> bool {
        self.ward_of(o)
            .is_some_and(|a| a == self.pool.get(source).alignment)
    }

    /// The alignment a champion is warded from ("Evil Ward"); none face down (ruling
    /// C-10).
    pub(crate) fn ward_of(&self, o: ObjId) -> Option<crate::card::Alignment> {
        let obj = &self.objs[o as usize];
        (!obj.veiled).then(|| self.card(o).keywords.ward).flatten()
    }

    /// A card's alignment; none face down (ruling C-10).
    pub(crate) fn alignment_of(&self, o: ObjId) -> Option<crate::card::Alignment> {
        (!self.objs[o as usize].veiled).then(|| self.card(o).alignment)
    }

    /// Whether an effect of `card` reaches a card it names (to break, banish, return or
    /// damage it): a face-down card is unveiled first (ruling C-10), then its ward
    /// counts. False if unveiling moved it.
    fn reaches(&mut self, o: ObjId, card: CardId) -> bool {
        self.unveil(o) && !self.warded_from(o, card)
    }

    /// Unveils a face-down card that stays where it is (ruling C-10): it is turned face
    /// up ([`ClassicGame::turn_face_up`]), then continuous abilities settle with its own
    /// among them, and a contradiction between its as-triggers and its controller's
    /// others is asked about (ruling C-21), as when a card comes into play. Whether it
    /// is still where it was.
    pub(crate) fn unveil(&mut self, o: ObjId) -> bool {
        let obj = &self.objs[o as usize];
        if !obj.veiled {
            return true;
        }
        let (zone, life) = (obj.zone, obj.life);
        if self.turn_face_up(o) && zone == Zone::Play {
            self.settle();
            if self.ask.is_none() {
                self.ask_as_choice(o);
            }
        }
        let obj = &self.objs[o as usize];
        obj.zone == zone && obj.life == life
    }

    /// Turns a face-down card face up (ruling C-10). In play that is unveiling: its "as
    /// unveiled" abilities happen at once and its "when unveiled" ones wait for the
    /// line. On the line it is only turned face up, which triggers nothing. Whether the
    /// card is still where it was, the same object (what unveiling did may have moved it).
    fn turn_face_up(&mut self, o: ObjId) -> bool {
        let obj = &mut self.objs[o as usize];
        if !obj.veiled {
            return true;
        }
        obj.veiled = false;
        let (zone, life, seat) = (obj.zone, obj.life, obj.controller);
        if zone != Zone::Play {
            return true;
        }
        let pool = Arc::clone(&self.pool);
        let item = self.item(o, Source::Card, seat);
        for a in &pool.get(item.card).as_triggers {
            if let As::Unveiled(effects) = a {
                for e in effects {
                    self.run_effect(&item, e, &[]);
                }
            }
        }
        self.queue_triggers(o, |on| on == WhenOn::Unveiled);
        let obj = &self.objs[o as usize];
        obj.zone == zone && obj.life == life
    }

    /// Ruling C-10: an effect that checks the alignment or origin of every card it
    /// could affect unveils the veiled champions among them first.
    fn unveil_checked(&mut self, item: &Item, sel: &Sel, origin: Option<Origin>) {
        let Sel::All(f) = sel else { return };
        if (f.alignment.is_none() && origin.is_none())
            || !self.in_play.iter().any(|&o| self.objs[o as usize].veiled)
        {
            return;
        }
        let public = Filter {
            alignment: None,
            ..f.clone()
        };
        let checked: Vec<ObjId> = self
            .in_play
            .iter()
            .copied()
            .filter(|&o| self.objs[o as usize].veiled)
            .filter(|&o| self.matches(o, &public, None, item.controller, Some(item.obj)))
            .collect();
        for o in checked {
            self.unveil(o);
        }
    }

    /// Whether a card in play matches a filter of the shared language and an origin,
    /// for `you`.
    pub(crate) fn matches(
        &self,
        o: ObjId,
        f: &Filter,
        origin: Option<Origin>,
        you: Seat,
        this: Option<ObjId>,
    ) -> bool {
        let obj = &self.objs[o as usize];
        let c = self.card(o);
        // A veiled champion has no alignment or origin (ruling C-10).
        obj.zone == Zone::Play
            && f.kind.is_none_or(|k| c.kind == k)
            && origin.is_none_or(|x| !obj.veiled && c.origin == Some(x))
            && match f.whose {
                Whose::You => obj.controller == you,
                Whose::Opponents => obj.controller != you,
                _ => true,
            }
            && f.alignment
                .is_none_or(|a| self.alignment_of(o).and_then(|x| x.shared()) == Some(a))
            && !(f.other && this == Some(o))
            && (!f.attacking || self.is_attacking(o))
    }

    pub(crate) fn is_attacking(&self, o: ObjId) -> bool {
        let life = self.objs[o as usize].life;
        self.attack
            .as_ref()
            .is_some_and(|a| a.attackers.contains(&(o, life)))
    }

    /// Whether an aim still names what it named, and legally (T-12.2).
    fn aim_legal(&self, item: &Item, index: usize, want: Want) -> bool {
        let aim = item.aims[index];
        match (aim.target, want) {
            (
                Target::Player(s),
                Want::Spec {
                    players: Some(pf), ..
                },
            ) => !self.players[s as usize].out && (pf == PlayerFilter::Any || s != item.controller),
            (
                Target::Obj(o),
                Want::Spec {
                    objects: Some(f),
                    origin,
                    ..
                },
            ) => self.objs[o as usize].life == aim.life && self.can_target(item, o, f, origin),
            (Target::Obj(o), Want::Line(_)) => {
                self.objs[o as usize].life == aim.life && self.objs[o as usize].zone == Zone::Line
            }
            _ => false,
        }
    }

    /// Starts resolving an item taken off the line. It fails if every target it named
    /// is illegal now (T-12.3).
    pub(crate) fn begin_resolving(&mut self, item: Item) {
        let wants = self.wants(&item);
        let any_legal = (0..item.aims.len()).any(|i| self.aim_legal(&item, i, wants[i]));
        if !item.aims.is_empty() && !any_legal {
            if item.source == Source::Card {
                self.move_to(item.obj, Zone::Discard, item.controller);
            }
            return;
        }
        if item.source == Source::Card && self.is_permanent(item.obj) {
            // T-7.1: a champion or object resolves into play, a change like any other.
            self.enter_play(item.obj, item.controller);
            self.check_state();
            return;
        }
        self.resolving = Some(Resolving {
            item,
            next: 0,
            aim: 0,
            may: None,
        });
    }

    /// Runs the resolving item's effects, stopping at a "you may" until it is answered.
    pub(crate) fn continue_resolving(&mut self) {
        let Some(mut r) = self.resolving.take() else {
            return;
        };
        // The card's text lives in the shared pool, not in the game being changed.
        let pool = Arc::clone(&self.pool);
        let effects = crate::game::effect(pool.get(r.item.card), r.item.source);
        let wants = wants_of(effects);
        let wants_len = wants.len();
        while r.next < effects.len() {
            let e = &effects[r.next];
            let uses = aims_used(e);
            if let Effect::Shared { step: s, .. } = e {
                if s.may && r.may.is_none() {
                    let seat = r.item.controller;
                    self.resolving = Some(r);
                    self.ask = Some((seat, Ask::May));
                    return;
                }
            }
            let skip = r.may == Some(false);
            r.may = None;
            let first = r.aim.min(wants_len);
            let last = (r.aim + uses).min(wants_len);
            r.aim += uses;
            r.next += 1;
            if skip {
                continue;
            }
            let aims: Vec<Target> = (first..last)
                .filter(|&i| self.aim_legal(&r.item, i, wants[i]))
                .map(|i| r.item.aims[i].target)
                .collect();
            self.run_effect(&r.item, e, &aims);
            if self.winners.is_some() {
                return;
            }
            if self.ask.is_some() {
                // A card that came into play asks its player something (ruling C-21):
                // the rest of the effect waits for the answer.
                self.resolving = Some(r);
                return;
            }
        }
        if r.item.source == Source::Card && self.objs[r.item.obj as usize].zone == Zone::Line {
            // T-1.1: an event resolves, then goes to the discard pile.
            self.move_to(r.item.obj, Zone::Discard, r.item.controller);
        }
    }

    /// T-8.3: a card taken off the line goes to the discard pile without resolving.
    fn stop(&mut self, o: ObjId) {
        if let Some(i) = self
            .line
            .iter()
            .position(|it| it.obj == o && it.source == Source::Card)
        {
            let item = self.line.remove(i);
            self.move_to(o, Zone::Discard, item.controller);
        }
    }

    /// Does one sentence of an effect, with the targets still legal.
    fn run_effect(&mut self, item: &Item, e: &Effect, aims: &[Target]) {
        match e {
            Effect::Stop(_) => {
                for t in aims {
                    if let Target::Obj(o) = *t {
                        self.stop(o);
                    }
                }
            }
            Effect::Shared { step, origin } => self.run_step(item, step, *origin, aims),
            Effect::DiscardRandom { who, n } => {
                for p in self.players_of(who, item.controller, aims) {
                    for _ in 0..*n {
                        let hand = &self.players[p as usize].hand;
                        if hand.is_empty() {
                            break;
                        }
                        // T-12.11: a die, here the game's own seeded generator.
                        let o = hand[self.rng.gen_range(0..hand.len())];
                        self.move_to(o, Zone::Discard, p);
                    }
                }
            }
        }
    }

    fn run_step(&mut self, item: &Item, s: &Sentence, origin: Option<Origin>, aims: &[Target]) {
        let you = item.controller;
        if let Some(sel) = s.action.selection() {
            self.unveil_checked(item, sel, origin);
        }
        let n = |a: &Amount| match a {
            Amount::Fixed(n) => *n as i32,
            _ => 0,
        };
        match &s.action {
            Action::Draw { who, n: a } => {
                for p in self.players_of(who, you, aims) {
                    self.draw(p, n(a) as usize);
                }
            }
            Action::GainHealth { who, n: a } => {
                for p in self.players_of(who, you, aims) {
                    self.players[p as usize].mojo =
                        self.players[p as usize].mojo.saturating_add(n(a));
                }
            }
            Action::LoseHealth { who, n: a } => {
                for p in self.players_of(who, you, aims) {
                    self.players[p as usize].mojo =
                        self.players[p as usize].mojo.saturating_sub(n(a));
                }
            }
            Action::Damage { to, n: a } => {
                let (objs, players) = self.selection(item, to, origin, aims);
                for o in objs {
                    if self.card(o).is_champion() {
                        self.damage_champion(o, n(a), (item.obj, item.card), None);
                    }
                }
                for p in players {
                    self.players[p as usize].mojo =
                        self.players[p as usize].mojo.saturating_sub(n(a));
                }
            }
            Action::Break(sel) => {
                for o in self.selection(item, sel, origin, aims).0 {
                    if self.reaches(o, item.card) {
                        self.break_obj(o);
                    }
                }
            }
            Action::Banish(sel) => {
                for o in self.selection(item, sel, origin, aims).0 {
                    if self.reaches(o, item.card) && !self.keywords(o).has(Kw::UNBANISHABLE) {
                        self.banish(o);
                    }
                }
            }
            Action::ReturnToHand(sel) => {
                for o in self.selection(item, sel, origin, aims).0 {
                    if self.reaches(o, item.card) {
                        // T-12.9: to its controller's hand.
                        let c = self.objs[o as usize].controller;
                        self.move_to(o, Zone::Hand, c);
                    }
                }
            }
            Action::Expend(sel) | Action::Prepare(sel) => {
                let pose = if matches!(s.action, Action::Expend(_)) {
                    Pose::Expended
                } else {
                    Pose::Prepared
                };
                for o in self.selection(item, sel, origin, aims).0 {
                    self.objs[o as usize].pose = pose;
                }
            }
            Action::Modify {
                sel,
                offense,
                defense,
                keywords,
                duration,
            } => {
                for o in self.selection(item, sel, origin, aims).0 {
                    self.mods.push(Modifier {
                        obj: o,
                        life: self.objs[o as usize].life,
                        offense: *offense as i16,
                        defense: *defense as i16,
                        keywords: Kw::from_shared(*keywords),
                        this_turn: *duration == epic_model::Duration::ThisTurn,
                    });
                }
            }
            Action::AddCounters { sel, n: a } => {
                let n = n(a).clamp(0, u16::MAX as i32) as u16;
                for o in self.selection(item, sel, origin, aims).0 {
                    let obj = &mut self.objs[o as usize];
                    obj.counters = obj.counters.saturating_add(n);
                }
            }
            Action::GainControl { sel, .. } => {
                for o in self.selection(item, sel, origin, aims).0 {
                    if !self.warded_from(o, item.card) {
                        // T-12.9: it moves to your side; continuous abilities may still
                        // say otherwise (settled at the next check).
                        self.objs[o as usize].base_controller = you;
                        self.objs[o as usize].controller = you;
                    }
                }
            }
            Action::CreateTokens {
                token,
                n: a,
                expended,
                ..
            } => {
                // The card files check that the token exists (parse.rs).
                let Some(card) = self.pool.id(token) else {
                    return;
                };
                for _ in 0..n(a) {
                    if self.objs.len() >= ObjId::MAX as usize {
                        break;
                    }
                    let o = self.objs.len() as ObjId;
                    self.objs.push(Obj::new(card, you, Zone::Removed));
                    self.enter_play(o, you);
                    if *expended {
                        self.objs[o as usize].pose = Pose::Expended;
                    }
                }
            }
            // The card files refuse every other action (parse.rs).
            _ => {}
        }
    }

    /// The players a `Who` names.
    fn players_of(&self, who: &Who, you: Seat, aims: &[Target]) -> Vec<Seat> {
        match who {
            Who::You => vec![you],
            Who::EachOpponent => self.alive_from(you).skip(1).collect(),
            Who::EachPlayer => self.alive_from(you).collect(),
            Who::ActivePlayer => vec![self.active],
            Who::Target(_) => aims
                .iter()
                .filter_map(|t| match t {
                    Target::Player(p) => Some(*p),
                    Target::Obj(_) => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The cards in play and the players a selection names.
    fn selection(
        &self,
        item: &Item,
        sel: &Sel,
        origin: Option<Origin>,
        aims: &[Target],
    ) -> (Vec<ObjId>, Vec<Seat>) {
        let you = item.controller;
        match sel {
            Sel::This => {
                let o = item.obj;
                let obj = &self.objs[o as usize];
                let here = obj.zone == Zone::Play && obj.life == item.life;
                (if here { vec![o] } else { Vec::new() }, Vec::new())
            }
            Sel::Target(_) => {
                let mut objs = Vec::new();
                let mut players = Vec::new();
                for t in aims {
                    match *t {
                        Target::Obj(o) => objs.push(o),
                        Target::Player(p) => players.push(p),
                    }
                }
                (objs, players)
            }
            Sel::All(f) => (
                self.in_play
                    .iter()
                    .copied()
                    .filter(|&o| self.matches(o, f, origin, you, Some(item.obj)))
                    .collect(),
                Vec::new(),
            ),
            Sel::Players(who) => (Vec::new(), self.players_of(who, you, aims)),
            Sel::AllChampionsAndPlayers => (
                self.in_play
                    .iter()
                    .copied()
                    .filter(|&o| self.card(o).is_champion())
                    .collect(),
                self.alive_from(you).collect(),
            ),
            _ => (Vec::new(), Vec::new()),
        }
    }

    /// Deals damage to a champion from `source` (its object and the card it deals as,
    /// [`ClassicGame::warded_from`]), less its Damage Ward; in battle, `ward` is what is
    /// left of the ward for this attack (ruling C-07).
    pub(crate) fn damage_champion(
        &mut self,
        o: ObjId,
        n: i32,
        (source, card): (ObjId, CardId),
        ward: Option<&mut u8>,
    ) -> i32 {
        // Ruling C-10: a veiled champion that would take damage is unveiled first.
        if n <= 0 || !self.reaches(o, card) {
            return 0;
        }
        let printed = self.card(o).keywords.damage_ward;
        let dealt = match ward {
            Some(left) => {
                let absorbed = (*left as i32).min(n);
                *left -= absorbed as u8;
                n - absorbed
            }
            None => (n - printed as i32).max(0),
        };
        if dealt > 0 {
            let obj = &mut self.objs[o as usize];
            obj.damage = obj.damage.saturating_add(dealt.min(u16::MAX as i32) as u16);
            if self.pool.get(card).is_champion() && self.keywords(source).has(Kw::DEADLY) {
                self.objs[o as usize].deadly = true;
            }
        }
        dealt
    }

    /// Breaks a champion or object in play (T-12.8: to its controller's discard pile),
    /// unless it is unbreakable.
    pub(crate) fn break_obj(&mut self, o: ObjId) {
        if self.objs[o as usize].zone != Zone::Play
            || !self.unveil(o)
            || self.keywords(o).has(Kw::UNBREAKABLE)
        {
            return;
        }
        let c = self.objs[o as usize].controller;
        // A token leaves the game and an as-trigger may send the card elsewhere: then
        // it does not go to a discard pile (T-12.6, T-10.4).
        let to_discard = self.card(o).is_champion()
            && !self.card(o).token
            && self.instead_of_discard().is_none();
        // Triggers look back at the moment before the card left play.
        self.queue_triggers(o, |on| {
            on == WhenOn::Broken || (to_discard && on == WhenOn::ChampionToDiscard)
        });
        if to_discard {
            for i in 0..self.in_play.len() {
                let other = self.in_play[i];
                if other != o {
                    self.queue_triggers(other, |on| on == WhenOn::ChampionToDiscard);
                }
            }
        }
        self.move_to(o, Zone::Discard, c);
    }

    /// Banishes a card: to the bottom of its owner's deck, where everyone saw it go.
    pub(crate) fn banish(&mut self, o: ObjId) {
        let owner = self.objs[o as usize].owner;
        self.move_to(o, Zone::Deck, owner);
        if self.objs[o as usize].zone == Zone::Deck {
            let p = &mut self.players[owner as usize];
            p.public_bottom = p.public_bottom.saturating_add(1);
        }
    }

    /// Moves a card to a zone held by `holder` (its hand, discard pile; a deck is always
    /// its owner's, T-12.7). The card is a new object there. A token that would leave
    /// play leaves the game (T-12.6); a card that would go to a discard pile goes where
    /// an as-trigger says instead (T-10.4).
    pub(crate) fn move_to(&mut self, o: ObjId, zone: Zone, holder: Seat) {
        let (mut zone, mut holder) = (zone, holder);
        if self.card(o).token && zone != Zone::Play {
            zone = Zone::Removed;
        }
        // Ruling C-10: a veiled champion leaving play is unveiled first; nothing settles
        // for a card on its way out.
        if self.objs[o as usize].zone == Zone::Play
            && self.objs[o as usize].veiled
            && !self.turn_face_up(o)
        {
            return;
        }
        if zone == Zone::Discard {
            match self.instead_of_discard() {
                Some((Instead::Banish, _)) => return self.banish(o),
                Some((Instead::YourHand, seat)) => (zone, holder) = (Zone::Hand, seat),
                None => {}
            }
        }
        let obj = &self.objs[o as usize];
        let (from, ctrl, owner) = (obj.zone, obj.controller as usize, obj.owner as usize);
        match from {
            Zone::Hand => self.players[ctrl].hand.retain(|&h| h != o),
            Zone::Deck => self.players[owner].deck.retain(|&h| h != o),
            Zone::Discard => self.players[ctrl].discard.retain(|&h| h != o),
            Zone::Play => self.in_play.retain(|&h| h != o),
            Zone::Line | Zone::Removed => {}
        }
        let obj = &mut self.objs[o as usize];
        obj.zone = zone;
        obj.life += 1;
        obj.damage = 0;
        obj.deadly = false;
        obj.counters = 0;
        obj.pose = Pose::Prepared;
        // A card played face down stays so as it resolves into play.
        obj.veiled &= from == Zone::Line && zone == Zone::Play;
        obj.controller = if zone == Zone::Deck {
            obj.owner
        } else {
            holder
        };
        obj.base_controller = obj.controller;
        let holder = obj.controller as usize;
        match zone {
            Zone::Hand => self.players[holder].hand.push(o),
            // Banished and mulliganed cards go to the bottom (T-2.5, Banish).
            Zone::Deck => self.players[holder].deck.insert(0, o),
            Zone::Discard => self.players[holder].discard.push(o),
            Zone::Play => self.in_play.push(o),
            Zone::Line | Zone::Removed => {}
        }
    }

    /// A champion or object comes into play under `seat`'s control (T-7.1; a token,
    /// T-12.6): its as-triggers happen at once (T-10.4), its when-triggers wait for the
    /// line, and contradicting continuous abilities leave with their cards (T-11.3).
    pub(crate) fn enter_play(&mut self, o: ObjId, seat: Seat) {
        self.move_to(o, Zone::Play, seat);
        // Continuous abilities apply to it as it comes (control among them): its
        // abilities are then its controller's.
        self.settle();
        if self.objs[o as usize].zone != Zone::Play {
            return;
        }
        if self.objs[o as usize].veiled {
            // Face down it has no text: nothing of it happens as or when it enters.
            return;
        }
        let seat = self.objs[o as usize].controller;
        let pool = Arc::clone(&self.pool);
        let card = pool.get(self.objs[o as usize].card);
        let item = self.item(o, Source::Card, seat);
        // T-10.5: its as-triggers happen together, with the card's entering.
        for a in &card.as_triggers {
            if let As::EntersPlay(effects) = a {
                for e in effects {
                    self.run_effect(&item, e, &[]);
                }
            }
        }
        self.queue_triggers(o, |on| on == WhenOn::EntersPlay);
        self.ask_as_choice(o);
    }

    /// T-10.6: a player with contradicting as-triggers of their own chooses which
    /// applies, as the contradiction arises (ruling C-21): when `o`, with such a trigger,
    /// comes into play.
    fn ask_as_choice(&mut self, o: ObjId) {
        let obj = &self.objs[o as usize];
        let seat = obj.controller;
        if obj.zone != Zone::Play
            || !self
                .card(o)
                .as_triggers
                .iter()
                .any(|a| matches!(a, As::Discard(_)))
        {
            return;
        }
        let mine: Vec<Instead> = self
            .discard_as_triggers()
            .into_iter()
            .filter(|t| t.1 == seat)
            .map(|t| t.2)
            .collect();
        if mine.iter().any(|i| *i != mine[0]) {
            self.ask = Some((seat, Ask::ChooseAs));
        }
    }

    /// Every as-trigger in play that replaces going to a discard pile: its card, its
    /// controller, and what it does instead.
    pub(crate) fn discard_as_triggers(&self) -> Vec<(ObjId, Seat, Instead)> {
        let mut out = Vec::new();
        for &o in self.face_up() {
            for a in &self.card(o).as_triggers {
                if let As::Discard(i) = a {
                    out.push((o, self.objs[o as usize].controller, *i));
                }
            }
        }
        out
    }

    /// Where a card that would go to a discard pile goes instead, and for whom (T-10.6:
    /// of contradicting as-triggers the active player's applies, or the nearest
    /// player's to their left; of one player's own, the one they chose, else the one
    /// that came into play last).
    pub(crate) fn instead_of_discard(&self) -> Option<(Instead, Seat)> {
        let all = self.discard_as_triggers();
        if all.is_empty() {
            return None;
        }
        for s in self.alive_from(self.active) {
            let mine: Vec<&(ObjId, Seat, Instead)> = all.iter().filter(|t| t.1 == s).collect();
            let Some(last) = mine.last() else {
                continue;
            };
            let chosen = self.players[s as usize].as_choice.and_then(|(c, life)| {
                mine.iter()
                    .find(|t| t.0 == c && self.objs[c as usize].life == life)
            });
            return Some((chosen.unwrap_or(last).2, s));
        }
        None
    }

    /// Continuous abilities as they stand (T-11.3, T-11.4): abilities that contradict
    /// each other on some card take their cards out of the game before they apply;
    /// then every card in play is controlled as the control abilities say.
    pub(crate) fn settle(&mut self) {
        let (mut statics, mut control) = (false, false);
        for &o in self.face_up() {
            let obj = &self.objs[o as usize];
            let abilities = &self.card(o).continuous;
            statics |= !abilities.is_empty();
            control |= obj.controller != obj.base_controller
                || abilities.iter().any(|c| c.does == Does::Control);
        }
        if !statics && !control {
            self.prune_attack();
            return;
        }
        loop {
            let doomed = self.contradicting();
            if doomed.is_empty() {
                break;
            }
            for o in doomed {
                let owner = self.objs[o as usize].owner;
                self.move_to(o, Zone::Removed, owner);
            }
        }
        if control {
            // Control abilities may be about cards other control abilities move: apply
            // them until nothing changes (a few rounds at most; bounded all the same).
            for _ in 0..=self.in_play.len() {
                let mut changed = false;
                for i in 0..self.in_play.len() {
                    let o = self.in_play[i];
                    let ctrl = self.control_of(o);
                    changed |= self.objs[o as usize].controller != ctrl;
                    self.objs[o as usize].controller = ctrl;
                }
                if !changed {
                    break;
                }
            }
        }
        self.prune_attack();
    }

    /// Whether the continuous ability `cont` of the card `source` in play affects `o`: it
    /// names `o`, and `o` is not warded from the source's alignment ("X" Ward: not
    /// "otherwise affected by things of type X", ruling C-11).
    fn affected_by(&self, o: ObjId, source: ObjId, cont: &crate::card::Continuous) -> bool {
        let you = self.objs[source as usize].controller;
        self.matches(o, &cont.affects, cont.origin, you, Some(source))
            && !self.warded_from(o, self.objs[source as usize].card)
    }

    /// Who controls a card in play: the last control ability that affects it, else
    /// who put it there or gained it by an effect.
    fn control_of(&self, o: ObjId) -> Seat {
        let mut ctrl = self.objs[o as usize].base_controller;
        for &s in self.face_up() {
            for cont in &self.card(s).continuous {
                if cont.does == Does::Control && self.affected_by(o, s, cont) {
                    ctrl = self.objs[s as usize].controller;
                }
            }
        }
        ctrl
    }

    /// A champion that changed sides leaves the attack: attackers are the active
    /// player's, blockers the defender's.
    fn prune_attack(&mut self) {
        let Some(mut a) = self.attack.take() else {
            return;
        };
        let (active, defender) = (self.active, a.defender);
        let controls =
            |g: &ClassicGame, o: ObjId, seat: Seat| g.objs[o as usize].controller == seat;
        a.attackers.retain(|&(o, _)| controls(self, o, active));
        a.blockers.retain(|&(o, _)| controls(self, o, defender));
        self.attack = Some(a);
    }

    /// The cards whose continuous abilities contradict another's on some card in play.
    fn contradicting(&self) -> Vec<ObjId> {
        let statics: Vec<(ObjId, Seat, &crate::card::Continuous)> = self
            .face_up()
            .flat_map(|&o| {
                let you = self.objs[o as usize].controller;
                self.card(o).continuous.iter().map(move |c| (o, you, c))
            })
            .collect();
        let mut out = Vec::new();
        for (i, &(a, sa, ca)) in statics.iter().enumerate() {
            for &(b, sb, cb) in &statics[i + 1..] {
                let both = |o: ObjId| self.affected_by(o, a, ca) && self.affected_by(o, b, cb);
                if ca.does.contradicts(sa, cb.does, sb) && self.in_play.iter().any(|&o| both(o)) {
                    out.extend([a, b]);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    pub(crate) fn draw(&mut self, seat: Seat, n: usize) {
        for i in 0..n {
            let Some(&o) = self.players[seat as usize].deck.last() else {
                if self.rules.pack_war {
                    // T-15.3: each card the player cannot draw costs each opponent 5 Mojo.
                    let lost = 5i32.saturating_mul((n - i).min(1000) as i32);
                    let opponents: Vec<Seat> = self.alive_from(seat).skip(1).collect();
                    for p in opponents {
                        let m = &mut self.players[p as usize].mojo;
                        *m = m.saturating_sub(lost);
                    }
                }
                return;
            };
            self.move_to(o, Zone::Hand, seat);
        }
    }

    /// Queues the when-triggers of a card in play whose condition `on` accepts.
    pub(crate) fn queue_triggers(&mut self, o: ObjId, on: impl Fn(WhenOn) -> bool) {
        let obj = &self.objs[o as usize];
        if obj.veiled {
            return;
        }
        let (controller, life) = (obj.controller, obj.life);
        for i in 0..self.card(o).when.len() {
            if on(self.card(o).when[i].on) {
                self.triggers.push(Triggered {
                    obj: o,
                    card: self.objs[o as usize].card,
                    life,
                    index: i as u8,
                    controller,
                });
            }
        }
    }

    /// "when you play a good card" triggers as the card is played.
    pub(crate) fn queue_play_triggers(&mut self, seat: Seat, alignment: crate::card::Alignment) {
        for i in 0..self.in_play.len() {
            let o = self.in_play[i];
            if self.objs[o as usize].controller == seat {
                self.queue_triggers(o, |on| on == WhenOn::YouPlay(alignment));
            }
        }
    }

    /// T-10.2: the active player's triggers go on the line first, then the next
    /// player's to the left; a player with several that differ chooses which goes next.
    pub(crate) fn next_trigger(&mut self) {
        let order: Vec<Seat> = self.alive_from(self.active).collect();
        let Some(i) = order
            .iter()
            .find_map(|s| self.triggers.iter().position(|t| t.controller == *s))
        else {
            self.triggers.clear();
            return;
        };
        let seat = self.triggers[i].controller;
        if self.own_triggers(seat).len() > 1 {
            self.ask = Some((seat, Ask::OrderTriggers));
            return;
        }
        self.put_on_line(i);
    }

    /// `seat`'s pending when-triggers that differ, one choice each, in the order they
    /// happened: copies of one card's ability are one choice (their order changes
    /// nothing).
    pub(crate) fn own_triggers(&self, seat: Seat) -> Vec<Choice> {
        let mut seen: Vec<(CardId, u8)> = Vec::new();
        let mut out = Vec::new();
        for t in self.triggers.iter().filter(|t| t.controller == seat) {
            if !seen.contains(&(t.card, t.index)) {
                seen.push((t.card, t.index));
                out.push(Choice::TriggerNext(t.obj, t.index));
            }
        }
        out
    }

    /// Puts pending trigger `i` on the line, if its targets can all be named.
    pub(crate) fn put_on_line(&mut self, i: usize) {
        let t = self.triggers.remove(i);
        let item = Item::from(t);
        // A trigger whose targets cannot all be named is not put on the line.
        if self
            .wants(&item)
            .iter()
            .any(|w| self.candidates(&item, *w).is_empty())
        {
            return;
        }
        self.announce(item, AnnounceKind::Trigger);
    }

    /// The checks made after every change (T-3, T-12.5): champions whose defense is
    /// used up break, players at 0 Mojo or less are out, and a player whose deck is
    /// empty wins (ruling C-01).
    pub(crate) fn check_state(&mut self) {
        if self.winners.is_some() || self.step == Step::Mulligan {
            return;
        }
        loop {
            // Continuous abilities as they stand after the last breaks (control among
            // them), then the champions they leave broken.
            self.settle();
            let doomed: Vec<ObjId> = self
                .in_play
                .iter()
                .copied()
                .filter(|&o| self.card(o).is_champion())
                .filter(|&o| {
                    let obj = &self.objs[o as usize];
                    let (_, defense, keywords) = self.stats(o);
                    !keywords.has(Kw::UNBREAKABLE)
                        && (defense <= 0 || obj.damage as i32 >= defense || obj.deadly)
                })
                .collect();
            if doomed.is_empty() {
                break;
            }
            // Ruling C-10: a veiled champion that would be broken is turned face up
            // first, and checked again as it is.
            let veiled: Vec<ObjId> = doomed
                .iter()
                .copied()
                .filter(|&o| self.objs[o as usize].veiled)
                .collect();
            if !veiled.is_empty() {
                for o in veiled {
                    self.unveil(o);
                }
                continue;
            }
            for o in doomed {
                self.break_obj(o);
            }
        }
        let spent: Vec<Seat> = (0..self.players.len() as Seat)
            .filter(|&s| !self.players[s as usize].out && self.players[s as usize].mojo <= 0)
            .collect();
        if self.go_out(&spent) {
            return;
        }
        let alive: Vec<Seat> = self.alive_from(0).collect();
        let empty: Vec<Seat> = alive
            .iter()
            .copied()
            .filter(|&s| !self.rules.pack_war && self.players[s as usize].deck.is_empty())
            .collect();
        if !empty.is_empty() {
            // T-3.3: those players win; several finish in a tie.
            self.winners = Some(if empty.len() == alive.len() {
                Vec::new()
            } else {
                empty
            });
        }
    }

    /// `seats` go out of the game together: players out in the same check lost together
    /// (T-2.4). When at most one player is left, that player wins. Returns whether the
    /// game is over.
    pub(crate) fn go_out(&mut self, seats: &[Seat]) -> bool {
        let check = self.losses.last().map_or(0, |l| l.1 + 1);
        for &seat in seats {
            self.eliminate(seat, check);
        }
        if self.alive_count() <= 1 {
            self.winners = Some(self.alive_from(0).collect());
        }
        self.winners.is_some()
    }

    /// A player out of the game, in state check number `check`: their cards leave play
    /// and the line.
    fn eliminate(&mut self, seat: Seat, check: u32) {
        self.players[seat as usize].out = true;
        self.losses.push((seat, check));
        // Its own cards first: what it controlled only through a control ability
        // returns to its player, then what it still controls leaves too.
        for by_ability in [false, true] {
            let theirs: Vec<ObjId> = self
                .in_play
                .iter()
                .copied()
                .filter(|&o| {
                    let obj = &self.objs[o as usize];
                    if by_ability {
                        obj.controller == seat
                    } else {
                        obj.base_controller == seat
                    }
                })
                .collect();
            for o in theirs {
                // A player leaving is no event for a face-down card to answer: it
                // leaves face up, its unveiling abilities unused.
                self.objs[o as usize].veiled = false;
                self.move_to(o, Zone::Removed, seat);
            }
            self.settle();
        }
        let line: Vec<Item> = std::mem::take(&mut self.line);
        for item in line {
            if item.controller == seat {
                if item.source == Source::Card {
                    self.move_to(item.obj, Zone::Removed, seat);
                }
            } else {
                self.line.push(item);
            }
        }
        self.triggers.retain(|t| t.controller != seat);
        if self.holder == seat {
            self.holder = self.next_alive(seat);
            self.passes = 0;
        }
        if self.ask.as_ref().is_some_and(|(s, _)| *s == seat) {
            self.ask = None;
            self.options.clear();
            let pending = self.announcing.take().map(|a| a.item);
            for item in pending
                .into_iter()
                .chain(self.resolving.take().map(|r| r.item))
            {
                self.fail(item);
            }
        }
    }

    /// An item taken off the line that will never finish: its card, if still there, goes
    /// to the discard pile, as a card with no target left does (T-12.3).
    pub(crate) fn fail(&mut self, item: Item) {
        if item.source == Source::Card && self.objs[item.obj as usize].zone == Zone::Line {
            self.move_to(item.obj, Zone::Discard, item.controller);
        }
    }

    /// The cards in play whose text works: every one not face down (ruling C-10).
    pub(crate) fn face_up(&self) -> impl Iterator<Item = &ObjId> + '_ {
        self.in_play
            .iter()
            .filter(|&&o| !self.objs[o as usize].veiled)
    }

    /// Offense, defense and keywords as they are now: printed, then continuous
    /// abilities in play, then modifiers (T-11). Negative numbers are kept (T-12.4).
    pub(crate) fn offense(&self, o: ObjId) -> i32 {
        self.stats(o).0
    }

    pub(crate) fn defense(&self, o: ObjId) -> i32 {
        self.stats(o).1
    }

    pub(crate) fn keywords(&self, o: ObjId) -> Kw {
        self.stats(o).2
    }

    /// Offense, defense and keywords of a card as they are now (T-11.1): printed, then
    /// the first layer ("are", "have"), then the second ("get", "gain", "lose",
    /// counters, and what effects gave it).
    pub fn stats(&self, o: ObjId) -> (i32, i32, Kw) {
        let c = self.card(o);
        let obj = &self.objs[o as usize];
        // Face down its printed keywords are not there; its numbers are (only its owner
        // sees them).
        let printed = if obj.veiled {
            Kw::NONE
        } else {
            c.keywords.flags
        };
        let (mut off, mut def, mut kw) = (c.offense as i32, c.defense as i32, printed);
        let mut lost = Kw::NONE;
        if obj.zone == Zone::Play {
            let mut more = (obj.counters as i32, obj.counters as i32);
            for &s in self.face_up() {
                for cont in &self.card(s).continuous {
                    if !self.affected_by(o, s, cont) {
                        continue;
                    }
                    match cont.does {
                        Does::Are(a, b) => (off, def) = (a as i32, b as i32),
                        Does::Have(k) => kw = kw.with(k),
                        Does::Control => {}
                        Does::Get {
                            offense,
                            defense,
                            gains,
                        } => {
                            more.0 += offense as i32;
                            more.1 += defense as i32;
                            kw = kw.with(gains);
                        }
                        Does::Lose(k) => lost = lost.with(k),
                    }
                }
            }
            off += more.0;
            def += more.1;
        }
        for m in &self.mods {
            if m.obj == o && m.life == obj.life {
                off += m.offense as i32;
                def += m.defense as i32;
                kw = kw.with(m.keywords);
            }
        }
        (off, def, Kw(kw.0 & !lost.0))
    }
}

/// The player a step names as a target, if it names one.
fn who_of(a: &Action) -> Option<&Who> {
    match a {
        Action::Draw { who, .. }
        | Action::GainHealth { who, .. }
        | Action::LoseHealth { who, .. } => Some(who),
        _ => None,
    }
}

/// How many of an item's aims one sentence uses.
fn aims_used(e: &Effect) -> usize {
    match e {
        Effect::Stop(_) => 1,
        Effect::DiscardRandom { who, .. } => usize::from(matches!(who, Who::Target(_))),
        Effect::Shared { step: s, .. } => {
            let sel = match s.action.selection() {
                Some(Sel::Target(spec)) => spec.count as usize,
                _ => 0,
            };
            let who = usize::from(matches!(who_of(&s.action), Some(Who::Target(_))));
            sel + who
        }
    }
}

/// The targets an effect names, in the order it uses them.
pub(crate) fn wants_of(effects: &[Effect]) -> Vec<Want<'_>> {
    let mut out = Vec::new();
    let player = |pf: PlayerFilter| Want::Spec {
        objects: None,
        origin: None,
        players: Some(pf),
    };
    for e in effects {
        match e {
            Effect::Stop(kind) => out.push(Want::Line(*kind)),
            Effect::DiscardRandom { who, .. } => {
                if let Who::Target(pf) = who {
                    out.push(player(*pf));
                }
            }
            Effect::Shared { step: s, origin } => {
                if let Some(Sel::Target(spec)) = s.action.selection() {
                    for _ in 0..spec.count {
                        out.push(Want::Spec {
                            objects: spec.objects.as_ref(),
                            origin: *origin,
                            players: spec.players,
                        });
                    }
                }
                if let Some(Who::Target(pf)) = who_of(&s.action) {
                    out.push(player(*pf));
                }
            }
        }
    }
    out
}
