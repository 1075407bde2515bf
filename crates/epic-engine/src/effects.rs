//! The interpreter for card text. An effect is a list of [`Sentence`]s run by a [`Frame`]
//! on the state's frame stack; when a step needs a player's decision the frame records
//! what it asks and stops, and the answer resumes it exactly where it was.

use crate::actions::Engine;
use crate::choice::{Choice, DecisionKind};
use crate::events::Event;
use crate::ids::{Entity, ObjId, PlayerId};
use crate::state::{Delayed, EffectCtx, Frame, Modifier, ObjList, Script, Zone};
use crate::stats::it_player;
use epic_model::{
    AbilityKind, Action, Amount, CardType, Condition, Duration, Filter, PlayerFilter, Sel,
    Sentence, TargetSpec, Trigger, Who, Whose, ZoneFilter,
};
use smallvec::SmallVec;

/// The steps a frame runs: an event's mode, or a triggered ability's or power's effect.
pub(crate) fn script_steps<'p>(pool: &'p epic_model::CardPool, f: &Frame) -> &'p [Sentence] {
    steps_of(pool, f.card, f.script)
}

fn steps_of(pool: &epic_model::CardPool, card: epic_model::CardId, script: Script) -> &[Sentence] {
    let def = pool.get(card);
    match script {
        Script::Mode(m) => def.modes.get(m as usize).map_or(&[], |m| &m.steps),
        Script::Ability(i) => match def.abilities.get(i as usize).map(|a| &a.kind) {
            Some(AbilityKind::Triggered(t)) => &t.steps,
            Some(AbilityKind::Power(p)) => &p.steps,
            _ => &[],
        },
        Script::Branch {
            mode,
            index,
            step,
            branch,
        } => {
            match steps_of(pool, card, Script::from_root(mode, index))
                .get(step as usize)
                .map(|s| &s.action)
            {
                Some(Action::Either(branches)) => {
                    branches.get(branch as usize).map_or(&[], Vec::as_slice)
                }
                _ => &[],
            }
        }
        Script::Granted { .. } => granted_ability(pool, card, script).map_or(&[], |t| &t.steps),
    }
}

/// The fewest cards a Loyalty `x` reveals: X cards, or for Loyalty X as many as the
/// player chooses, at least one.
pub(crate) fn loyalty_least(x: u8) -> usize {
    if x == epic_model::LOYALTY_X {
        1
    } else {
        usize::from(x)
    }
}

/// Loyalty X of the ability a frame runs, 0 if none.
pub(crate) fn loyalty_of(pool: &epic_model::CardPool, f: &Frame) -> u8 {
    triggered_at(pool, f.card, f.script).map_or(0, |t| t.loyalty)
}

/// The triggered ability at `script` of a card: one of its own, or one it grants.
pub(crate) fn triggered_at(
    pool: &epic_model::CardPool,
    card: epic_model::CardId,
    script: Script,
) -> Option<&epic_model::Triggered> {
    match script {
        Script::Ability(i) => match pool.get(card).abilities.get(i as usize).map(|a| &a.kind) {
            Some(AbilityKind::Triggered(t)) => Some(t),
            _ => None,
        },
        _ => granted_ability(pool, card, script),
    }
}

/// The triggered ability a card grants at `script` (a [`Script::Granted`]).
pub(crate) fn granted_ability(
    pool: &epic_model::CardPool,
    card: epic_model::CardId,
    script: Script,
) -> Option<&epic_model::Triggered> {
    let Script::Granted { mode, index, step } = script else {
        return None;
    };
    match steps_of(pool, card, Script::from_root(mode, index))
        .get(step as usize)
        .map(|s| &s.action)
    {
        Some(Action::Grant { ability, .. }) => Some(ability),
        _ => None,
    }
}

/// Whether doing the action can leave a champion with lethal damage (5.16.3): every
/// action but those that touch only players, hands, decks and discard piles, or only
/// remember a choice.
fn may_break(action: &Action) -> bool {
    !matches!(
        action,
        Action::Bind(_)
            | Action::Draw { .. }
            | Action::Discard { .. }
            | Action::GainHealth { .. }
            | Action::LoseHealth { .. }
            | Action::BanishFromHand { .. }
            | Action::PayGold(_)
            | Action::GainGold { .. }
            | Action::RevealTop { .. }
            | Action::WinWithHealth { .. }
            | Action::Recycle
            | Action::Recall
            | Action::NoAttacksThisTurn
    )
}

/// Whether an action chooses among the cards of its controller's hand (Surprise
/// Attack's "a champion from your hand"): a choice only they can see.
fn chooses_from_hand(action: &Action) -> bool {
    let Some(sel) = action.selection() else {
        return false;
    };
    match sel {
        Sel::Target(spec) | Sel::Choose(spec) => spec
            .objects
            .as_ref()
            .is_some_and(|o| o.zone == ZoneFilter::Hand),
        _ => false,
    }
}

/// Whether the engine can go on by itself or waits for a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    Continue,
    Asked,
}

/// Selected champions and players. Room for a crowded board, yet small enough to be moved
/// without a call to `memcpy`: with room for 48, games ran about 1.5% slower.
type Ents = SmallVec<[Entity; 32]>;
type Players = SmallVec<[PlayerId; 4]>;

impl<'a> Engine<'a> {
    fn steps(&self, f: &Frame) -> &'a [Sentence] {
        script_steps(self.pool, f)
    }

    fn top(&self) -> &Frame {
        self.st.frames.last().expect("a frame is running")
    }

    fn top_mut(&mut self) -> &mut Frame {
        self.st.frames.last_mut().expect("a frame is running")
    }

    /// The object the running text calls "this", while it is still the object the effect
    /// began with: once it changes zone it is a new object (docs/rulings.md R-10).
    fn this(&self) -> Option<ObjId> {
        let f = self.top();
        (self.st.obj(f.source).number == f.source_number).then_some(f.source)
    }

    fn ask(
        &mut self,
        player: PlayerId,
        kind: DecisionKind,
        options: impl IntoIterator<Item = Choice>,
    ) -> Flow {
        self.set_ask(player, kind, options)
    }

    /// Starts resolving an event's mode or an ability.
    pub fn push_frame(
        &mut self,
        card: epic_model::CardId,
        source: ObjId,
        controller: PlayerId,
        script: Script,
    ) {
        let source_number = self.st.obj(source).number;
        self.st.frames.push(Frame {
            card,
            source,
            source_number,
            controller,
            script,
            pc: 0,
            delayed: false,
            playing_event: false,
            agreed: false,
            picks: SmallVec::new(),
            ctx: EffectCtx::default(),
            finished: false,
            loyalty_checked: false,
            cost_discards: 0,
        });
    }

    /// Runs the innermost frame until it finishes a step that needs no decision, asks a
    /// decision, or ends.
    pub fn run_frame(&mut self) -> Flow {
        if self.top().cost_discards > 0 {
            return self.pay_discard_cost();
        }
        if self.top().ctx.cost_breaks > 0 {
            return self.pay_break_cost();
        }
        if self.top().ctx.cost_banishes > 0 {
            return self.pay_banish_cost();
        }
        if !self.top().loyalty_checked {
            if let Some(flow) = self.check_loyalty() {
                return flow;
            }
            self.top_mut().loyalty_checked = true;
            return Flow::Continue;
        }
        // Copies of the few fields needed, so the frame is not cloned on every step.
        let (pc, delayed, agreed) = {
            let f = self.top();
            (f.pc, f.delayed, f.agreed)
        };
        let steps = self.steps(self.top());
        let Some(step) = steps.get(pc as usize) else {
            self.finish_frame();
            // H-01: health totals are checked once the effect is over.
            self.check_state();
            return Flow::Continue;
        };
        let action = match (&step.action, delayed) {
            (Action::AtEndOfTurn(inner), true) => &**inner,
            (a, _) => a,
        };
        if !delayed {
            // A step another player performs is entered once: its condition is read
            // as the effect's controller reads it, then the performer stands in.
            let performing = self.top().ctx.lent_from.is_some();
            if let (Some(c), false) = (step.when, performing) {
                if !self.effect_condition(c, self.top()) {
                    self.next_step(false);
                    return Flow::Continue;
                }
            }
            if let (Some(by), false) = (&step.by, performing) {
                let Some(&p) = self.players(by).as_deref().and_then(|ps| ps.first()) else {
                    self.next_step(false);
                    return Flow::Continue;
                };
                let f = self.top_mut();
                f.ctx.lent_from = Some(f.controller);
                f.controller = p;
            }
            let controller = self.top().controller;
            if step.may && !agreed {
                // Whether a choice among the cards of one's hand is possible depends on
                // them: that question is always asked (docs/rulings.md R-14).
                let private = chooses_from_hand(action) && self.holds_cards(controller);
                if private || self.possible(action, self.top()) {
                    self.ask(controller, DecisionKind::May, [Choice::Yes, Choice::No]);
                    return self.asked_privately(private);
                }
                self.next_step(false);
                return Flow::Continue;
            }
        }
        let depth = self.st.frames.len();
        match self.exec(action) {
            Some(_) if self.st.is_over() => Flow::Continue,
            Some(did) => {
                if delayed {
                    self.st.frames.pop();
                    self.check_state();
                } else {
                    // An action that plays an event leaves its frame above this one: this
                    // step is done, and the event resolves first.
                    self.next_step_at(depth - 1, did);
                    // Champions with lethal damage break at once, and a player at 0 health
                    // is out at once: the rest of the effect cannot undo it (1.5.4,
                    // docs/rulings.md H-01).
                    if may_break(action) {
                        self.check_state();
                    } else {
                        self.check_players();
                    }
                }
                Flow::Continue
            }
            None => Flow::Asked,
        }
    }

    /// Loyalty (5.3): without X cards sharing an alignment the ability fails (5.3.4);
    /// otherwise revealing them is optional (5.3.5).
    fn check_loyalty(&mut self) -> Option<Flow> {
        let x = loyalty_of(self.pool, self.top());
        if x == 0 {
            return None;
        }
        let f = &self.top().clone();
        let eligible = self.loyalty_cards(f.controller, f.card);
        // Which cards can be revealed depends on the hand: the player is asked whether
        // to reveal even when they cannot (then not revealing is all they can answer),
        // and picks every card they reveal (docs/rulings.md R-14).
        if !self.holds_cards(f.controller) {
            // An empty hand is public: the ability fails without a question (5.3.4).
            self.st.frames.pop();
            return Some(Flow::Continue);
        }
        let any_number = x == epic_model::LOYALTY_X;
        let least = loyalty_least(x);
        if !f.agreed {
            let able = eligible.len() >= least;
            let options = [Choice::Yes, Choice::No];
            let from = if able { 0 } else { 1 };
            self.ask(
                f.controller,
                DecisionKind::Loyalty,
                options[from..].iter().copied(),
            );
            return Some(self.asked_privately(true));
        }
        let left: ObjList = eligible
            .into_iter()
            .filter(|o| !f.picks.contains(&Entity::Obj(*o)))
            .collect();
        let more = if any_number {
            !f.finished
        } else {
            f.picks.len() < x as usize
        };
        let done = any_number && f.picks.len() >= least;
        // Loyalty X: whether another card could be revealed depends on the hand, so the
        // player is asked (if only to be done) while they hold a card not yet revealed.
        let hidden_left = || {
            self.st
                .player(f.controller)
                .hand
                .iter()
                .any(|o| !f.picks.contains(&Entity::Obj(*o)))
        };
        if more && (!left.is_empty() || (done && hidden_left())) {
            self.ask_with(f.controller, DecisionKind::Reveal, |_, options| {
                options.extend(left.iter().map(|&o| Choice::Card(o)));
                if done {
                    options.push(Choice::Done);
                }
            });
            return Some(self.asked_privately(true));
        }
        let cards: SmallVec<[ObjId; 4]> = Self::objs(&f.picks).into_iter().collect();
        for &c in &cards {
            self.st.obj_mut(c).revealed = true;
        }
        let player = f.controller;
        // Revealing no card shows nothing, and is not told: whether there was a card to
        // show is the player's to keep.
        if !cards.is_empty() {
            self.emit_with(|eng| Event::Revealed {
                player,
                cards: eng.seen_all(&cards),
            });
            self.knowledge_gained();
        }
        let top = self.top_mut();
        top.ctx.x = top.picks.len() as u8;
        top.picks.clear();
        top.agreed = false;
        top.finished = false;
        None
    }

    /// A power's cost paid one card the player chooses at a time, before its effect:
    /// `left` counts what is still to pay, `choices` are the cards the player may pay
    /// with now, and `pay` pays with one. With nothing left to choose from, the rest is
    /// dropped (the power could be begun, 3.5.3, and the cards went since).
    fn pay_chosen_cost(
        &mut self,
        left: fn(&mut Frame) -> &mut u8,
        kind: DecisionKind,
        choices: impl FnOnce(&Self, PlayerId) -> SmallVec<[Choice; 16]>,
        pay: impl FnOnce(&mut Self, ObjId),
    ) -> Flow {
        let controller = self.top().controller;
        if let Some(Entity::Obj(o)) = self.top().picks.first().copied() {
            let top = self.top_mut();
            top.picks.clear();
            *left(top) -= 1;
            pay(self, o);
            return Flow::Continue;
        }
        let options = choices(self, controller);
        if options.is_empty() {
            *left(self.top_mut()) = 0;
            return Flow::Continue;
        }
        self.ask(controller, kind, options)
    }

    /// 1.7.3: a power's "discard a card" cost.
    fn pay_discard_cost(&mut self) -> Flow {
        self.pay_chosen_cost(
            |f| &mut f.cost_discards,
            DecisionKind::Discard,
            |eng, p| {
                eng.st
                    .player(p)
                    .hand
                    .iter()
                    .copied()
                    .map(Choice::Card)
                    .collect()
            },
            |eng, o| eng.discard(o),
        )
    }

    /// Rift Summoner: a power's "break a champion you control" cost.
    fn pay_break_cost(&mut self) -> Flow {
        self.pay_chosen_cost(
            |f| &mut f.ctx.cost_breaks,
            DecisionKind::Choose,
            |eng, p| {
                eng.look()
                    .breakable_of(p)
                    .into_iter()
                    .map(Choice::Card)
                    .collect()
            },
            |eng, o| {
                eng.break_all(&[o]);
                eng.check_state();
            },
        )
    }

    /// Scrap Golem: a power's "banish a card from your discard pile" cost (the pile is
    /// public).
    fn pay_banish_cost(&mut self) -> Flow {
        self.pay_chosen_cost(
            |f| &mut f.ctx.cost_banishes,
            DecisionKind::Choose,
            |eng, p| {
                eng.st
                    .player(p)
                    .discard
                    .iter()
                    .copied()
                    .map(Choice::Card)
                    .collect()
            },
            |eng, o| eng.banish_all(&[o]),
        )
    }

    /// Whether `p` has cards in hand: then what they can do with them is theirs to know.
    fn holds_cards(&self, p: PlayerId) -> bool {
        !self.st.player(p).hand.is_empty()
    }

    /// Answers whether to reveal cards for Loyalty (5.3.5: it is optional).
    pub fn answer_loyalty(&mut self, reveal: bool) {
        if reveal {
            self.top_mut().agreed = true;
        } else {
            self.st.frames.pop();
        }
    }

    fn next_step(&mut self, did: bool) {
        self.next_step_at(self.st.frames.len() - 1, did);
    }

    fn next_step_at(&mut self, frame: usize, did: bool) {
        // A consequence of "if you do" or "if you don't" leaves the answer as it was, so
        // that each of several consequences ("if you don't, draw a card and gain 2
        // health") reads the same one. The step is looked up only when the answer would
        // change.
        let f = &self.st.frames[frame];
        let consequence = f.ctx.done != did
            && matches!(
                self.steps(f).get(f.pc as usize).and_then(|s| s.when),
                Some(Condition::Done | Condition::NotDone)
            );
        let f = &mut self.st.frames[frame];
        if let Some(controller) = f.ctx.lent_from.take() {
            f.controller = controller;
        }
        f.pc += 1;
        if !consequence {
            f.ctx.done = did;
        }
        f.agreed = false;
        f.finished = false;
        f.picks.clear();
    }

    /// Answers "you may" with no: the step is skipped.
    pub fn decline_step(&mut self) {
        self.next_step(false);
    }

    fn finish_frame(&mut self) {
        let f = self.st.frames.pop().expect("a frame is running");
        if f.playing_event && self.st.obj(f.source).zone == Zone::Supplemental {
            let was = self.st.obj(f.source).number;
            self.move_to(f.source, Zone::Discard);
            // An effect that played this event follows it to the discard pile ("then
            // banish it", Lesson Learned).
            let now = self.st.obj(f.source).number;
            for outer in self.st.frames.iter_mut() {
                for r in outer.ctx.it.iter_mut() {
                    if r.entity == Entity::Obj(f.source) && r.number == was {
                        r.number = now;
                    }
                }
            }
        }
    }

    fn effect_condition(&self, c: Condition, f: &Frame) -> bool {
        match c {
            Condition::Done => f.ctx.done,
            Condition::NotDone => !f.ctx.done,
            Condition::ItIsChampion => f.ctx.it.first().is_some_and(|r| match r.entity {
                Entity::Obj(o) => self.pool.get(self.st.obj(o).card).is_champion(),
                Entity::Player(_) => false,
            }),
            Condition::YouControlledIt => f.ctx.it_controller == Some(f.controller),
            Condition::YouOwnIt => f.ctx.it_owner == Some(f.controller),
            Condition::NotYouOwnIt => f.ctx.it_owner.is_some_and(|p| p != f.controller),
            // This card was counted when it was played.
            Condition::FirstCostOnePlay => self.st.player(f.controller).cost1_plays <= 1,
            Condition::ItWasUnblockedAttackingYou => f.ctx.it_unblocked_attacking_you,
            // "This" is in play, or expended, only while it is the object the effect
            // began with.
            Condition::ThisInPlay | Condition::ThisExpended if self.this().is_none() => false,
            _ => self.look().condition_holds(c, f.source, f.controller),
        }
    }

    /// Whether an optional action could do anything (so "you may" is worth asking).
    fn possible(&self, action: &Action, f: &Frame) -> bool {
        let sel = match action {
            Action::Recycle => return self.st.player(f.controller).discard.len() >= 2,
            Action::Recall => {
                return self
                    .this()
                    .is_some_and(|o| self.st.obj(o).zone == Zone::Discard)
            }
            Action::JoinBattle { filter, .. } => {
                return !self.join_candidates(filter, f).is_empty()
            }
            Action::PayGold(n) => return self.st.player(f.controller).gold >= *n,
            Action::Play { sel, free } => return !self.play_options(sel, *free, f).is_empty(),
            _ => action.selection(),
        };
        match sel {
            // "You may expend it": only while it is still there.
            Some(Sel::It) => f.ctx.it.iter().any(|&r| self.st.find(r).is_some()),
            Some(Sel::Target(spec)) => !self.candidates(spec, true, f).is_empty(),
            // "You may banish two other cards ...": only with two to choose from.
            Some(Sel::Choose(spec)) if spec.count > 1 && !spec.up_to => {
                self.candidates(spec, false, f).len() >= spec.count as usize
            }
            Some(Sel::Choose(spec)) => !self.candidates(spec, false, f).is_empty(),
            _ => true,
        }
    }

    // ---- selection ------------------------------------------------------------------

    /// Objects and players a `Target` or `Choose` may pick.
    fn candidates(&self, spec: &TargetSpec, targeting: bool, f: &Frame) -> Ents {
        let look = self.look();
        let mut out = Ents::new();
        if let Some(filter) = &spec.objects {
            let mut consider = |o: ObjId| {
                if look.matches(filter, o, f.controller, f.source, Some(&f.ctx))
                    && self.st.reaches_entity(f.controller, Entity::Obj(o))
                    && !(targeting
                        && filter.zone == ZoneFilter::InPlay
                        && look.has(o, epic_model::Keyword::Untargetable))
                {
                    out.push(Entity::Obj(o));
                }
            };
            match filter.zone {
                ZoneFilter::InPlay => self.st.in_play.iter().for_each(|&o| consider(o)),
                ZoneFilter::DiscardPile => {
                    for p in self.st.seats_from(f.controller) {
                        self.st.player(p).discard.iter().for_each(|&o| consider(o));
                    }
                }
                ZoneFilter::Hand => self
                    .st
                    .player(f.controller)
                    .hand
                    .iter()
                    .for_each(|&o| consider(o)),
                ZoneFilter::Revealed => self.revealed(f).into_iter().for_each(consider),
            }
        }
        if let Some(pf) = spec.players {
            out.extend(
                self.players_matching(pf, f.controller)
                    .into_iter()
                    .filter(|&p| !(targeting && look.player_untargetable(p)))
                    .map(Entity::Player),
            );
        }
        out
    }

    /// The cards this effect revealed that are still where they were revealed.
    fn revealed(&self, f: &Frame) -> ObjList {
        f.ctx
            .revealed
            .iter()
            .filter_map(|&r| match self.st.find(r) {
                Some(Entity::Obj(o)) => Some(o),
                _ => None,
            })
            .collect()
    }

    fn players_matching(&self, pf: PlayerFilter, you: PlayerId) -> Players {
        self.st
            .seats_from(you)
            .filter(|&p| match pf {
                PlayerFilter::Any => true,
                PlayerFilter::Opponent => !self.st.same_team(p, you),
            })
            .filter(|&p| self.st.reaches(you, p))
            .collect()
    }

    /// The picks of a `Target`/`Choose`, asking one at a time; `None` when it asked.
    /// Targets are chosen on resolution, as many as possible (3.2.3d, 5.20.7).
    fn pick(&mut self, spec: &TargetSpec, targeting: bool) -> Option<Ents> {
        let f = self.top();
        let need = if spec.per_revealed {
            spec.count as usize * f.ctx.x as usize
        } else {
            spec.count as usize
        };
        if spec.per_revealed && need == 0 {
            return Some(Ents::new());
        }
        let picked = f.picks.len();
        if f.finished || (need > 0 && picked >= need) {
            return Some(f.picks.iter().copied().collect());
        }
        let mut cands = self.candidates(spec, targeting, f);
        cands.retain(|e| !f.picks.contains(e));
        // A choice among the cards of one's hand is always asked, pick by pick, with
        // "Done" once none is left: how often the player is asked must not tell the
        // others what the hand holds (docs/rulings.md R-14).
        let private = spec
            .objects
            .as_ref()
            .is_some_and(|o| o.zone == ZoneFilter::Hand)
            && self.holds_cards(f.controller);
        if !private {
            if cands.is_empty() {
                return Some(f.picks.iter().copied().collect());
            }
            if !spec.up_to && need > 0 && cands.len() <= need - picked {
                let mut all: Ents = f.picks.iter().copied().collect();
                all.extend(cands);
                return Some(all);
            }
        }
        let kind = if targeting {
            DecisionKind::Target
        } else {
            DecisionKind::Choose
        };
        let done = cands.is_empty() || (spec.up_to && (need == 0 || picked > 0));
        self.ask_with(f.controller, kind, |_, options| {
            options.extend(cands.iter().map(|&e| Choice::pick(e)));
            if done {
                options.push(Choice::Done);
            }
        });
        self.asked_privately(private);
        None
    }

    /// Evaluates a selector; `None` when it asked a decision.
    fn select(&mut self, sel: &Sel) -> Option<Ents> {
        let f = self.top();
        let ents: Ents = match sel {
            Sel::This => return Some(self.this().map(Entity::Obj).into_iter().collect()),
            Sel::It => return Some(f.ctx.it.iter().filter_map(|&r| self.st.find(r)).collect()),
            Sel::Subject => {
                let subject = f.ctx.subject.and_then(|r| self.st.find(r));
                return Some(
                    subject
                        .filter(|&e| self.st.reaches_entity(f.controller, e))
                        .into_iter()
                        .collect(),
                );
            }
            Sel::Players(who) => {
                return Some(self.players(who)?.into_iter().map(Entity::Player).collect())
            }
            Sel::AllChampionsAndPlayers => {
                let look = self.look();
                let mut v: Ents = self
                    .st
                    .in_play
                    .iter()
                    .copied()
                    .filter(|&o| look.def(o).kind == CardType::Champion)
                    .map(Entity::Obj)
                    .collect();
                v.extend(self.st.seats_from(f.controller).map(Entity::Player));
                v.retain(|e| self.st.reaches_entity(f.controller, *e));
                v
            }
            Sel::All(filter) => self.all(filter, self.top()),
            Sel::Rest => self.revealed(f).into_iter().map(Entity::Obj).collect(),
            Sel::Target(spec) => {
                let picks = self.pick(spec, true)?;
                if spec.count == 0 {
                    self.top_mut().ctx.x = picks.len() as u8;
                }
                picks
            }
            Sel::Choose(spec) => {
                let picks = self.pick(spec, false)?;
                if spec.count == 0 {
                    self.top_mut().ctx.x = picks.len() as u8;
                }
                picks
            }
        };
        self.bind(&ents);
        Some(ents)
    }

    fn all(&self, filter: &Filter, f: &Frame) -> Ents {
        let look = self.look();
        let pool: ObjList = match filter.zone {
            ZoneFilter::InPlay => self.st.in_play.iter().copied().collect(),
            ZoneFilter::DiscardPile => self
                .st
                .seats_from(f.controller)
                .flat_map(|p| self.st.player(p).discard.iter().copied())
                .collect(),
            ZoneFilter::Hand => self.st.player(f.controller).hand.iter().copied().collect(),
            ZoneFilter::Revealed => self.revealed(f),
        };
        pool.into_iter()
            .filter(|&o| {
                look.matches(filter, o, f.controller, f.source, Some(&f.ctx))
                    && self.st.reaches_entity(f.controller, Entity::Obj(o))
            })
            .map(Entity::Obj)
            .collect()
    }

    /// Makes the selection the effect's "it", remembering what later steps may ask of it.
    fn bind(&mut self, ents: &[Entity]) {
        let controller = self.top().controller;
        let look = self.look();
        let (mut it_controller, mut it_owner, mut offense, mut unblocked) = (None, None, 0, false);
        match ents.first() {
            Some(Entity::Obj(o)) => {
                let obj = look.st.obj(*o);
                it_controller = Some(if obj.zone == Zone::InPlay {
                    obj.controller
                } else {
                    obj.owner
                });
                it_owner = Some(obj.owner);
                offense = look.offense(*o) as i16;
                // "Attacking you": with teams, an attack on the team (1.2, H-31).
                unblocked = look.st.battle.as_ref().is_some_and(|b| {
                    b.attackers.contains(o)
                        && look.st.same_team(b.defender, controller)
                        && !b.blocked
                });
            }
            Some(Entity::Player(p)) => {
                it_controller = Some(*p);
                it_owner = Some(*p);
            }
            None => {}
        }
        let it = ents.iter().map(|&e| self.st.remember(e)).collect();
        let ctx = &mut self.top_mut().ctx;
        ctx.it = it;
        ctx.it_controller = it_controller;
        ctx.it_owner = it_owner;
        ctx.it_offense = offense;
        ctx.it_unblocked_attacking_you = unblocked;
    }

    /// Keeps "it" on the objects this effect has just moved: an effect that moves a card
    /// follows it to its new zone ("put it into play. it gains blitz"); any other move
    /// loses it (docs/rulings.md R-10).
    fn follow(&mut self, moved: &[ObjId]) {
        let st = &mut *self.st;
        let ctx = &mut st.frames.last_mut().expect("a frame is running").ctx;
        for r in ctx.it.iter_mut() {
            if let Entity::Obj(o) = r.entity {
                if moved.contains(&o) {
                    r.number = st.objs[o.0 as usize].number;
                }
            }
        }
    }

    /// The players a [`Who`] names; `None` when it asked for a target.
    fn players(&mut self, who: &Who) -> Option<Players> {
        let f = self.top();
        let you = f.controller;
        let one = |p: Option<PlayerId>| p.into_iter().collect::<Players>();
        let mut players = match who {
            Who::You => one(Some(f.controller)),
            Who::EachOpponent => self.st.opponents(f.controller).collect(),
            Who::EachPlayer => self.st.seats_from(f.controller).collect(),
            Who::ActivePlayer => one(Some(self.st.active)),
            Who::It => one(it_player(&f.ctx)),
            Who::ItsOwner => one(f.ctx.it_owner),
            Who::Subject => one(match f.ctx.subject.map(|r| r.entity) {
                Some(Entity::Player(p)) => Some(p),
                Some(Entity::Obj(o)) => Some(self.st.obj(o).controller),
                None => None,
            }),
            Who::Target(pf) => {
                let spec = TargetSpec {
                    objects: None,
                    players: Some(*pf),
                    count: 1,
                    up_to: false,
                    per_revealed: false,
                };
                let picks = self.pick(&spec, true)?;
                // A target taken without asking (the only one there is) is kept with the
                // step's picks, as an asked one is: the cards the targeted player then
                // picks (to discard) follow it rather than stand in for it.
                if self.top().picks.is_empty() {
                    self.top_mut().picks = picks.iter().copied().collect();
                }
                self.bind(&picks);
                picks
                    .into_iter()
                    .filter_map(|e| match e {
                        Entity::Player(p) => Some(p),
                        Entity::Obj(_) => None,
                    })
                    .collect()
            }
        };
        // 1.9.3: a player who has left the game is affected by nothing and asked nothing
        // (a delayed "target player discards" on one since eliminated does nothing).
        players.retain(|&mut p| !self.st.player(p).eliminated && self.st.reaches(you, p));
        Some(players)
    }

    fn amount(&self, n: &Amount, for_player: PlayerId) -> u16 {
        let f = self.top();
        match *n {
            Amount::Fixed(v) => v as u16,
            Amount::XPlus(v) => f.ctx.x as u16 + v as u16,
            Amount::Count { each, ref of } => {
                (self.all(of, f).len() as u16).saturating_mul(each as u16)
            }
            Amount::PerRevealed(each) => (f.ctx.x as u16).saturating_mul(each as u16),
            // The last choice's champions that have since been broken, counted for the
            // player who controlled them. A card broken this turn is still the object that
            // broke until it moves again, and "it" was chosen in play: each such card broke
            // after it was chosen (whether "it" followed it to the discard pile or not).
            Amount::TheirBrokenThisWay => {
                let turn = self.st.turn;
                f.ctx
                    .it
                    .iter()
                    .filter(|r| match r.entity {
                        Entity::Obj(o) => {
                            let obj = self.st.obj(o);
                            obj.broken_turn == turn
                                && obj.broken_from.unwrap_or(obj.owner) == for_player
                        }
                        Entity::Player(_) => false,
                    })
                    .count() as u16
            }
            Amount::DamageOnThis => self.this().map_or(0, |o| self.st.obj(o).damage),
            Amount::ItsOffense => f.ctx.it_offense.max(0) as u16,
            Amount::ChampionsInDiscard => {
                let look = self.look();
                self.st
                    .player(for_player)
                    .discard
                    .iter()
                    .filter(|&&o| look.def(o).is_champion())
                    .count() as u16
            }
        }
    }

    /// `n` for `p`, one of the players `who` names. Where several players act in turn
    /// ("each opponent loses 1 health for each champion they control"), "they" in what
    /// `n` counts is each of them; elsewhere it is the player the last choice picked
    /// ("choose target player. gain 1 health for each champion card in their discard
    /// pile").
    fn amount_each(&self, who: &Who, n: &Amount, p: PlayerId) -> u16 {
        match (who, n) {
            (Who::EachOpponent | Who::EachPlayer, Amount::Count { each, of })
                if of.whose == Whose::It =>
            {
                let any = Filter {
                    whose: Whose::Any,
                    ..(**of).clone()
                };
                let look = self.look();
                let theirs = (self.all(&any, self.top()).iter())
                    .filter(|e| matches!(e, Entity::Obj(o) if look.holder(*o) == p))
                    .count() as u16;
                theirs.saturating_mul(u16::from(*each))
            }
            _ => self.amount(n, p),
        }
    }

    fn objs_in_play(&self, ents: &[Entity]) -> ObjList {
        ents.iter()
            .filter_map(|e| match e {
                Entity::Obj(o) if self.st.obj(*o).zone == Zone::InPlay => Some(*o),
                _ => None,
            })
            .collect()
    }

    /// The objects' numbers: a number changes when its card changes zone.
    fn numbers(&self, objs: &[ObjId]) -> SmallVec<[crate::ids::ObjNum; 48]> {
        objs.iter().map(|&o| self.st.obj(o).number).collect()
    }

    fn objs(ents: &[Entity]) -> ObjList {
        ents.iter()
            .filter_map(|e| match e {
                Entity::Obj(o) => Some(*o),
                Entity::Player(_) => None,
            })
            .collect()
    }

    // ---- actions ----------------------------------------------------------------------

    /// Does an action. `Some(done)` when finished (`done` is whether anything was done,
    /// for "if you do"); `None` when it asked a decision.
    fn exec(&mut self, action: &'a Action) -> Option<bool> {
        let you = self.top().controller;
        match action {
            Action::Bind(sel) => {
                let e = self.select(sel)?;
                Some(!e.is_empty())
            }
            Action::Draw { who, n } => {
                for p in self.players(who)? {
                    let n = self.amount_each(who, n, p);
                    self.draw(p, n as u32);
                }
                Some(true)
            }
            Action::Discard { who, n } => self.exec_discard(who, n, Zone::Discard),
            Action::BanishFromHand { who, n } => self.exec_discard(who, n, Zone::Deck),
            Action::PayGold(n) => {
                let gold = self.st.player(you).gold;
                if gold < *n {
                    return Some(false);
                }
                self.set_gold(you, gold - n);
                Some(true)
            }
            Action::GainGold { n, only } => {
                match only {
                    None => {
                        let gold = self.st.player(you).gold.saturating_add(*n);
                        self.set_gold(you, gold);
                    }
                    Some(a) => {
                        let pl = self.st.player_mut(you);
                        pl.bonus_gold = pl.bonus_gold.saturating_add(*n);
                        pl.bonus_for = pl.bonus_for.with(*a);
                    }
                }
                Some(true)
            }
            Action::RevealTop { n, whose } => {
                let Some(&owner) = self.players(whose)?.first() else {
                    return Some(false);
                };
                let n = self.amount(n, you) as usize;
                let deck = &self.st.player(owner).deck;
                // The top card is the last.
                let top: ObjList = deck.iter().rev().take(n).copied().collect();
                for &o in &top {
                    self.st.obj_mut(o).revealed = true;
                }
                let revealed = top
                    .iter()
                    .map(|&o| self.st.remember(Entity::Obj(o)))
                    .collect();
                self.top_mut().ctx.revealed = revealed;
                // "You may play it": the revealed cards are "it".
                let ents: Ents = top.iter().map(|&o| Entity::Obj(o)).collect();
                self.bind(&ents);
                if !top.is_empty() {
                    self.emit_with(|eng| Event::Revealed {
                        player: owner,
                        cards: eng.seen_all(&top),
                    });
                    self.knowledge_gained();
                }
                Some(!top.is_empty())
            }
            Action::Play { sel, free } => self.exec_play(sel, *free),
            Action::BreaksOwn(who) => self.exec_breaks_own(who),
            Action::WinWithHealth { times } => {
                let start = self.st.rules.seat_health();
                if self.st.player(you).health >= start.saturating_mul(i32::from(*times)) {
                    let winners = self.st.team(you).into_iter().collect();
                    self.end_game(winners, crate::game::EndReason::CardEffect);
                    return Some(true);
                }
                Some(false)
            }
            Action::LoseAbilities(sel) => {
                let sel = self.select(sel)?;
                let objs = self.objs_in_play(&sel);
                for &o in &objs {
                    self.add_modifier(Modifier {
                        blank: true,
                        ..Modifier::on(o)
                    });
                }
                Some(!objs.is_empty())
            }
            Action::GainHealth { who, n } | Action::LoseHealth { who, n } => {
                let gain = matches!(action, Action::GainHealth { .. });
                let mut players = self.players(who)?;
                self.st.once_per_team(&mut players, |&p| Some(p));
                for p in players {
                    let v = self.amount_each(who, n, p) as i32;
                    self.gain_health(p, if gain { v } else { -v });
                }
                Some(true)
            }
            Action::Damage { to, n } => {
                let mut ents = self.select(to)?;
                self.st.once_per_team(&mut ents, |e| match *e {
                    Entity::Player(p) => Some(p),
                    Entity::Obj(_) => None,
                });
                let amount = self.amount(n, you);
                // "Equal to the number of their champions ...": each player's own number.
                let each_player = matches!(n, Amount::TheirBrokenThisWay);
                let hits: SmallVec<[(Entity, u16); 16]> = ents
                    .iter()
                    .map(|&e| match e {
                        Entity::Player(p) if each_player => (e, self.amount(n, p)),
                        _ => (e, amount),
                    })
                    .collect();
                self.deal_damage(self.this(), &hits, false);
                Some(!ents.is_empty())
            }
            Action::DamageDivided { total, max_targets } => self.exec_divided(*total, *max_targets),
            Action::DamageInOrder { amounts } => self.exec_in_order(amounts),
            // "If you do" after breaking or banishing: done only if some card went (an
            // unbreakable or unbanishable one stays).
            Action::Break(sel) => {
                let sel = self.select(sel)?;
                let objs = self.objs_in_play(&sel);
                let before = self.numbers(&objs);
                self.break_all(&objs);
                self.follow(&objs);
                Some(self.numbers(&objs) != before)
            }
            Action::Banish(sel) => {
                let objs = Self::objs(&self.select(sel)?);
                let before = self.numbers(&objs);
                self.banish_all(&objs);
                self.follow(&objs);
                Some(self.numbers(&objs) != before)
            }
            Action::ReturnToHand(sel) => {
                let objs = Self::objs(&self.select(sel)?);
                for &o in &objs {
                    if matches!(
                        self.st.obj(o).zone,
                        Zone::InPlay | Zone::Discard | Zone::Deck
                    ) {
                        self.move_to(o, Zone::Hand);
                    }
                }
                self.follow(&objs);
                Some(!objs.is_empty())
            }
            Action::PutIntoPlay { sel, under, silent } => {
                let objs = Self::objs(&self.select(sel)?);
                let under_players = match under {
                    Who::ItsOwner => None,
                    w => Some(self.players(w)?),
                };
                for &o in &objs {
                    let obj = self.st.obj(o);
                    if obj.zone == Zone::InPlay || !self.pool.get(obj.card).is_champion() {
                        continue;
                    }
                    let controller = under_players
                        .as_ref()
                        .and_then(|p| p.first().copied())
                        .unwrap_or(obj.owner);
                    self.put_into_play(o, controller, *silent);
                }
                self.follow(&objs);
                Some(!objs.is_empty())
            }
            Action::Transform { sel, token } => {
                let sel = self.select(sel)?;
                let objs = self.objs_in_play(&sel);
                if let Some(t) = self.token_card(token) {
                    self.transform_all(&objs, t);
                }
                self.follow(&objs);
                Some(!objs.is_empty())
            }
            Action::Expend(sel) | Action::Prepare(sel) => {
                let expend = matches!(action, Action::Expend(_));
                let sel = self.select(sel)?;
                let objs = self.objs_in_play(&sel);
                for &o in &objs {
                    let obj = self.st.obj_mut(o);
                    if expend {
                        obj.expended = true;
                    } else {
                        obj.expended = false;
                        obj.flipped = false;
                    }
                    let champion = self.seen(o);
                    self.emit(|| {
                        if expend {
                            Event::Expended { champion }
                        } else {
                            Event::Prepared { champion }
                        }
                    });
                }
                Some(!objs.is_empty())
            }
            Action::Grant { sel, duration, .. } => {
                let f = self.top();
                let card = f.card;
                // The card language grants abilities only from an event's mode or an
                // ability, never from a branch or a granted ability.
                let Some((mode, index)) = f.script.root() else {
                    return Some(false);
                };
                let grant = Script::Granted {
                    mode,
                    index,
                    step: f.pc,
                };
                let sel = self.select(sel)?;
                let objs = self.objs_in_play(&sel);
                for &o in &objs {
                    self.add_modifier(Modifier {
                        permanent: *duration == Duration::Permanent,
                        grant: Some((card, grant)),
                        ..Modifier::on(o)
                    });
                }
                Some(!objs.is_empty())
            }
            Action::Modify {
                sel,
                offense,
                defense,
                keywords,
                duration,
            } => {
                let sel = self.select(sel)?;
                let objs = self.objs_in_play(&sel);
                for &o in &objs {
                    if *duration == Duration::Permanent && *offense == 0 && *defense == 0 {
                        if self.look().gains_nothing(o) {
                            continue; // 5.0.4
                        }
                        let obj = self.st.obj_mut(o);
                        obj.gained = obj.gained.union(*keywords);
                    } else {
                        self.add_modifier(Modifier {
                            offense: *offense,
                            defense: *defense,
                            keywords: *keywords,
                            permanent: *duration == Duration::Permanent,
                            ..Modifier::on(o)
                        });
                    }
                }
                Some(!objs.is_empty())
            }
            Action::AddCounters { sel, n } => {
                let sel = self.select(sel)?;
                let objs = self.objs_in_play(&sel);
                let n = self.amount(n, you);
                for &o in &objs {
                    let obj = self.st.obj_mut(o);
                    obj.counters = obj.counters.saturating_add(n);
                    let now = obj.counters;
                    let champion = self.seen(o);
                    self.emit(|| Event::Counters { champion, now });
                }
                Some(n > 0 && !objs.is_empty())
            }
            Action::GainControl { sel, duration } => {
                let sel = self.select(sel)?;
                let objs = self.objs_in_play(&sel);
                for &o in &objs {
                    self.gain_control(o, you, *duration == Duration::ThisTurn);
                }
                Some(!objs.is_empty())
            }
            Action::CreateTokens {
                token,
                n,
                who,
                expended,
            } => {
                let Some(card) = self.token_card(token) else {
                    return Some(false);
                };
                let mut made = Ents::new();
                for p in self.players(who)? {
                    for _ in 0..self.amount(n, p) {
                        match self.create_token(card, p) {
                            Some(o) => {
                                self.st.obj_mut(o).expended = *expended;
                                made.push(Entity::Obj(o))
                            }
                            None => return Some(true), // the game is over
                        }
                    }
                }
                // "Put a wolf token into play. It gains blitz": the new tokens are "it".
                self.bind(&made);
                Some(true)
            }
            Action::Recycle => self.exec_recycle(),
            Action::Recall => {
                let Some(o) = self
                    .this()
                    .filter(|&o| self.st.obj(o).zone == Zone::Discard)
                else {
                    return Some(false);
                };
                self.move_to(o, Zone::Hand);
                self.trigger_in(
                    o,
                    epic_model::AbilityZone::DiscardPile,
                    Trigger::Recalled,
                    None,
                );
                Some(true)
            }
            Action::NoAttacksThisTurn => {
                self.st.no_attacks = true;
                Some(true)
            }
            Action::RemoveFromBattle(sel) => {
                let ents = self.select(sel)?;
                let mut removed = Ents::new();
                for o in Self::objs(&ents) {
                    if self.remove_from_battle(o) {
                        removed.push(Entity::Obj(o));
                    }
                }
                self.bind(&removed);
                Some(!removed.is_empty())
            }
            Action::EachKeepsOneBreakRest => self.exec_keep_one(),
            Action::JoinBattle { filter, keywords } => self.exec_join(filter, *keywords),
            Action::AtEndOfTurn(_) => {
                let mut frame = self.top().clone();
                frame.delayed = true;
                frame.playing_event = false;
                self.st.delayed.push(Delayed { frame });
                Some(true)
            }
            Action::Either(branches) => self.exec_either(branches.len()),
            Action::CannotGainHealth(who) => {
                let players = self.players(who)?;
                for &p in &players {
                    self.st.player_mut(p).no_health_gain = true;
                }
                Some(!players.is_empty())
            }
            Action::EachMayPutFromHand => self.exec_each_put_from_hand(),
            Action::Reenter(sel) => {
                let sel = self.select(sel)?;
                let objs = self.objs_in_play(&sel);
                let mut back = ObjList::new();
                for &o in &objs {
                    // A token that leaves play is gone (2.3.5): "it" finds it no more.
                    if self.pool.flags(self.card_of(o)).token {
                        self.move_to(o, Zone::TokenPile);
                    } else {
                        let owner = self.st.obj(o).owner;
                        self.put_into_play(o, owner, false);
                        back.push(o);
                    }
                }
                self.follow(&back);
                Some(!objs.is_empty())
            }
        }
    }

    /// 1.7.2: each named player discards `n` cards of their choice, or as many as they
    /// have; with `to` the deck, they banish them instead (Temporal Shift).
    fn exec_discard(&mut self, who: &Who, n: &Amount, to: Zone) -> Option<bool> {
        let players = self.players(who)?;
        let f = self.top().clone();
        for p in players {
            let n = self.amount_each(who, n, p) as usize;
            let mine = f
                .picks
                .iter()
                .filter(|e| matches!(e, Entity::Obj(o) if self.st.obj(*o).owner == p))
                .count();
            let left: ObjList = self
                .st
                .player(p)
                .hand
                .iter()
                .copied()
                .filter(|o| !f.picks.contains(&Entity::Obj(*o)))
                .collect();
            if mine < n && !left.is_empty() {
                if left.len() <= n - mine {
                    self.top_mut()
                        .picks
                        .extend(left.into_iter().map(Entity::Obj));
                    continue;
                }
                let options = left.into_iter().map(Choice::Card);
                let kind = if to == Zone::Discard {
                    DecisionKind::Discard
                } else {
                    DecisionKind::Choose
                };
                self.ask(p, kind, options);
                return None;
            }
        }
        let picks = std::mem::take(&mut self.top_mut().picks);
        let objs: ObjList = Self::objs(&picks)
            .into_iter()
            .filter(|&o| self.st.obj(o).zone == Zone::Hand)
            .collect();
        if to == Zone::Discard {
            for &o in &objs {
                self.discard_by(o, f.controller);
            }
        } else {
            self.banish_all(&objs);
        }
        // Done when a card was discarded: a targeted player is among the picks too.
        Some(!objs.is_empty())
    }

    fn damage_targets(&self, f: &Frame) -> Ents {
        let spec = TargetSpec {
            objects: Some(Filter::champions()),
            players: Some(PlayerFilter::Any),
            count: 1,
            up_to: false,
            per_revealed: false,
        };
        self.candidates(&spec, true, f)
    }

    /// Lightning Storm: one point at a time, to at most `max_targets` different targets.
    fn exec_divided(&mut self, total: u8, max_targets: u8) -> Option<bool> {
        let f = self.top().clone();
        let mut distinct = Ents::new();
        for e in &f.picks {
            if !distinct.contains(e) {
                distinct.push(*e);
            }
        }
        let cands: Ents = if distinct.len() >= max_targets as usize {
            distinct.clone()
        } else {
            self.damage_targets(&f)
        };
        if f.picks.len() < total as usize && !cands.is_empty() {
            let options = cands.into_iter().map(Choice::pick);
            self.ask(f.controller, DecisionKind::Target, options);
            return None;
        }
        let hits: SmallVec<[(Entity, u16); 16]> = distinct
            .iter()
            .map(|e| (*e, f.picks.iter().filter(|x| *x == e).count() as u16))
            .collect();
        self.deal_damage(self.this(), &hits, false);
        Some(!distinct.is_empty())
    }

    /// Rain of Fire: distinct targets, the first taking the first amount, and so on.
    fn exec_in_order(&mut self, amounts: &[u8]) -> Option<bool> {
        let f = self.top().clone();
        let cands: Ents = self
            .damage_targets(&f)
            .into_iter()
            .filter(|e| !f.picks.contains(e))
            .collect();
        if f.picks.len() < amounts.len() && !cands.is_empty() {
            if cands.len() == 1 {
                self.top_mut().picks.push(cands[0]);
                return self.exec_in_order(amounts);
            }
            let options = cands.into_iter().map(Choice::pick);
            self.ask(f.controller, DecisionKind::Target, options);
            return None;
        }
        let hits: SmallVec<[(Entity, u16); 16]> = f
            .picks
            .iter()
            .zip(amounts)
            .map(|(e, n)| (*e, *n as u16))
            .collect();
        self.deal_damage(self.this(), &hits, false);
        Some(!f.picks.is_empty())
    }

    /// 5.5: optional; two cards from your discard pile to the bottom of your deck, in the
    /// order picked, then draw a card. A card still resolving is not in the pile (5.5.6).
    fn exec_recycle(&mut self) -> Option<bool> {
        let f = self.top();
        let (you, agreed, picked) = (f.controller, f.agreed, f.picks.len());
        if self.st.player(you).discard.len() < 2 {
            return Some(false);
        }
        if !agreed {
            self.ask(you, DecisionKind::May, [Choice::Yes, Choice::No]);
            return None;
        }
        if picked < 2 {
            self.ask_with(you, DecisionKind::Recycle, |eng, options| {
                let picks = &eng.top().picks;
                options.extend(
                    eng.st
                        .player(you)
                        .discard
                        .iter()
                        .filter(|&&o| !picks.contains(&Entity::Obj(o)))
                        .map(|&o| Choice::Card(o)),
                );
            });
            return None;
        }
        for o in Self::objs(&self.top().picks) {
            self.move_to(o, Zone::Deck);
        }
        self.draw(you, 1);
        Some(true)
    }

    /// The seats in turn order from the acting player that this effect reaches ("starting
    /// with you, each player ...").
    fn seats_reached(&self) -> Players {
        let you = self.top().controller;
        self.st
            .seats_from(you)
            .filter(|&p| self.st.reaches(you, p))
            .collect()
    }

    /// Stand Alone: each player, starting with you, keeps one champion they control.
    fn exec_keep_one(&mut self) -> Option<bool> {
        let you = self.top().controller;
        let seats = self.seats_reached();
        self.one_each(&seats, DecisionKind::KeepOne, |look, p| {
            look.champions_of(p)
        })?;
        let kept = self.top().picks.clone();
        let look = self.look();
        let rest: ObjList = self
            .st
            .in_play
            .iter()
            .copied()
            .filter(|&o| {
                look.def(o).is_champion()
                    && !kept.contains(&Entity::Obj(o))
                    && look.st.reaches_entity(you, Entity::Obj(o))
            })
            .collect();
        self.break_all(&rest);
        Some(true)
    }

    /// Each of `players` in turn chooses one of their own `candidates` into the frame's
    /// picks (Stand Alone, Winged Death): one candidate is taken for them, and a player
    /// with none chooses nothing. `None` while a player is asked.
    fn one_each(
        &mut self,
        players: &[PlayerId],
        kind: DecisionKind,
        candidates: impl Fn(&crate::stats::Look, PlayerId) -> ObjList,
    ) -> Option<()> {
        for &p in players {
            let theirs = candidates(&self.look(), p);
            let picks = &self.top().picks;
            if theirs.is_empty() || theirs.iter().any(|o| picks.contains(&Entity::Obj(*o))) {
                continue;
            }
            if let [only] = theirs[..] {
                self.top_mut().picks.push(Entity::Obj(only));
                continue;
            }
            self.ask(p, kind, theirs.into_iter().map(Choice::Card));
            return None;
        }
        Some(())
    }

    fn join_candidates(&self, filter: &Filter, f: &Frame) -> ObjList {
        let look = self.look();
        let Some(b) = self.st.battle.as_ref() else {
            return SmallVec::new();
        };
        let attacking = b.attackers.contains(&f.source);
        if !attacking && !b.blockers.contains(&f.source) {
            return SmallVec::new();
        }
        self.st
            .in_play
            .iter()
            .copied()
            .filter(|&o| {
                look.matches(filter, o, f.controller, f.source, Some(&f.ctx))
                    && !b.attackers.contains(&o)
                    && !b.blockers.contains(&o)
                    && if attacking {
                        look.can_attack(o)
                    } else {
                        look.st.obj(o).is_prepared()
                    }
            })
            .collect()
    }

    /// Faithful Pegasus: a champion joins this one's side of the battle, expended as an
    /// attacker or flipped as a blocker (docs/rulings.md).
    fn exec_join(&mut self, filter: &Filter, keywords: epic_model::Keywords) -> Option<bool> {
        let f = self.top().clone();
        let cands = self.join_candidates(filter, &f);
        if cands.is_empty() {
            return Some(false);
        }
        // One candidate makes a decision with one option, which is taken at once.
        let joiner = match f.picks.first() {
            Some(Entity::Obj(o)) => *o,
            _ => {
                self.ask(
                    f.controller,
                    DecisionKind::Choose,
                    cands.into_iter().map(Choice::Card),
                );
                return None;
            }
        };
        let b = self.st.battle.as_mut().expect("checked above");
        if b.attackers.contains(&f.source) {
            b.attackers.push(joiner);
            self.st.obj_mut(joiner).expended = true;
        } else {
            b.blockers.push(joiner);
            self.st.obj_mut(joiner).flipped = true;
        }
        self.add_modifier(Modifier {
            keywords,
            ..Modifier::on(joiner)
        });
        Some(true)
    }

    /// The plays a `Play` action offers: each card the selection allows, in each mode
    /// (a champion has one), that its player can pay for unless it is free.
    fn play_options(&self, sel: &Sel, free: bool, f: &Frame) -> SmallVec<[Choice; 16]> {
        let cands: Ents = match sel {
            Sel::Target(spec) | Sel::Choose(spec) => {
                self.candidates(spec, matches!(sel, Sel::Target(_)), f)
            }
            Sel::It => f.ctx.it.iter().filter_map(|&r| self.st.find(r)).collect(),
            _ => Ents::new(),
        };
        let look = self.look();
        let player = self.st.player(f.controller);
        let mut options = SmallVec::new();
        for e in cands {
            let Entity::Obj(o) = e else { continue };
            let def = look.def(o);
            let modes = if def.is_event() { def.modes.len() } else { 1 };
            for mode in 0..modes.min(u8::MAX as usize) as u8 {
                if free || player.gold_for(def.alignments) >= def.mode_cost(mode) {
                    options.push(Choice::Play { card: o, mode });
                }
            }
        }
        options
    }

    /// Play a card an effect names (Lesson Learned, Fairy Trickster): the player picks the
    /// card and its mode in one decision; it is paid for unless free, then an event
    /// resolves from the supplemental zone before the rest of this effect, and a
    /// champion enters play under its player's control (3.2). A card played from its
    /// player's hand this way is still played from hand, so Ally abilities trigger; one
    /// played from anywhere else triggers none (5.18.1, docs/rulings.md R-18).
    fn exec_play(&mut self, sel: &Sel, free: bool) -> Option<bool> {
        let f = self.top();
        let Some(mode) = f.ctx.play_mode else {
            if f.finished {
                // "Done": nothing played.
                return Some(false);
            }
            let mut options = self.play_options(sel, free, f);
            let player = f.controller;
            // A card from the player's own hand: what can be played depends on cards only
            // they see, so they are asked whenever they hold any, with "Done" to play
            // nothing (docs/rulings.md R-14).
            let from_hand = matches!(sel, Sel::Target(spec) | Sel::Choose(spec)
                if spec.objects.as_ref().is_some_and(|o| o.zone == ZoneFilter::Hand));
            if from_hand && self.holds_cards(player) {
                options.push(Choice::Done);
                self.ask(player, DecisionKind::Choose, options);
                self.asked_privately(true);
                return None;
            }
            if options.is_empty() {
                return Some(false);
            }
            self.ask(player, DecisionKind::Choose, options);
            return None;
        };
        let Some(Entity::Obj(o)) = f.picks.first().copied() else {
            return Some(false);
        };
        let player = f.controller;
        self.top_mut().ctx.play_mode = None;
        self.bind(&[Entity::Obj(o)]);
        let card = self.card_of(o);
        let def = self.pool.get(card);
        if !free {
            self.spend_gold(player, def.alignments, def.mode_cost(mode));
        }
        self.note_played(player, o);
        if self.st.obj(o).zone == Zone::Hand {
            self.trigger_ally(player, o);
        }
        let played = self.seen(o);
        if def.is_champion() {
            self.put_into_play(o, player, false);
            self.follow(&[o]);
        } else {
            self.move_to(o, Zone::Supplemental);
            self.follow(&[o]);
            self.push_frame(card, o, player, Script::Mode(mode));
            self.top_mut().playing_event = true;
        }
        self.emit(|| Event::Played {
            player,
            played,
            mode,
        });
        Some(true)
    }

    /// "Either A, or B": the controller picks a branch, which then runs as an effect of
    /// its own, with this one's choices, before the rest of this effect.
    fn exec_either(&mut self, branches: usize) -> Option<bool> {
        let f = self.top();
        let Some(branch) = f.ctx.play_mode else {
            let player = f.controller;
            let n = branches.min(u8::MAX as usize) as u8;
            self.ask(player, DecisionKind::Choose, (0..n).map(Choice::Branch));
            return None;
        };
        // The card language has no "either" inside a branch or a granted ability.
        let Some((mode, index)) = f.script.root() else {
            return Some(false);
        };
        let script = Script::Branch {
            mode,
            index,
            step: f.pc,
            branch,
        };
        let (card, source, source_number, controller) =
            (f.card, f.source, f.source_number, f.controller);
        // The branch knows what the effect chose before it ("it").
        let mut ctx = f.ctx.clone();
        ctx.play_mode = None;
        self.top_mut().ctx.play_mode = None;
        self.push_frame(card, source, controller, script);
        let branch_frame = self.top_mut();
        branch_frame.source_number = source_number;
        branch_frame.ctx = ctx;
        branch_frame.loyalty_checked = true;
        Some(true)
    }

    /// New Dawn: starting with the acting player, each player may put a champion from
    /// their hand into play. The question is asked of anyone with cards in hand, even
    /// without a champion among them, so that it tells no one what they hold
    /// (docs/rulings.md R-14); a player marks their turn as done in the frame's picks.
    fn exec_each_put_from_hand(&mut self) -> Option<bool> {
        let seats = self.seats_reached();
        let mut any = false;
        for p in seats {
            if self.top().picks.contains(&Entity::Player(p)) {
                continue;
            }
            let f = self.top();
            let picked = f.picks.iter().rev().find_map(|e| match *e {
                Entity::Obj(o)
                    if self.st.obj(o).owner == p && self.st.obj(o).zone == Zone::Hand =>
                {
                    Some(o)
                }
                _ => None,
            });
            if let Some(o) = picked {
                self.put_into_play(o, p, false);
                any = true;
            } else if !f.finished && self.holds_cards(p) {
                let look = self.look();
                let mut options: SmallVec<[Choice; 8]> = self
                    .st
                    .player(p)
                    .hand
                    .iter()
                    .copied()
                    .filter(|&o| look.def(o).is_champion())
                    .map(Choice::Card)
                    .collect();
                options.push(Choice::Done);
                self.ask(p, DecisionKind::Choose, options);
                self.asked_privately(true);
                return None;
            }
            let f = self.top_mut();
            f.finished = false;
            f.picks.push(Entity::Player(p));
        }
        Some(any)
    }

    /// Winged Death: each named player, in turn order from the acting player, chooses a
    /// champion they control that can be broken; the chosen ones break together.
    fn exec_breaks_own(&mut self, who: &Who) -> Option<bool> {
        let players = self.players(who)?;
        self.one_each(&players, DecisionKind::Choose, |look, p| {
            look.breakable_of(p)
        })?;
        let chosen = Self::objs(&std::mem::take(&mut self.top_mut().picks));
        self.break_all(&chosen);
        Some(!chosen.is_empty())
    }

    /// Feeds a pick (card, player or Done) into the innermost frame.
    pub fn feed_pick(&mut self, c: Choice) {
        let f = self.top_mut();
        match c {
            Choice::Play { card, mode } => {
                f.picks.push(Entity::Obj(card));
                f.ctx.play_mode = Some(mode);
            }
            Choice::Branch(b) => f.ctx.play_mode = Some(b),
            Choice::Card(o) => f.picks.push(Entity::Obj(o)),
            Choice::Player(p) => f.picks.push(Entity::Player(p)),
            Choice::Done => f.finished = true,
            _ => {}
        }
    }

    /// Feeds yes/no to a "you may" (or recycle) question.
    pub fn feed_may(&mut self, yes: bool) {
        if yes {
            self.top_mut().agreed = true;
        } else {
            self.decline_step();
        }
    }
}
