//! Derived characteristics (DESIGN: "derived, not stored"): a champion's offense,
//! defense, keywords and alignments are computed from its printed values, counters,
//! continuous abilities in play (3.3) and modifiers, every time they are asked for.

use crate::ids::{ObjId, PlayerId};
use crate::state::{EffectCtx, GameState, Zone};
use crate::Entity;
use epic_model::{
    AbilityKind, Alignments, Amount, CardPool, CardType, Condition, Filter, Keyword, Keywords,
    RareTerms, Static, Whose, ZoneFilter,
};

/// Read-only rules questions about a state. Free to build: the state keeps an index of
/// the continuous abilities in play and a summary of what they and the modifications
/// can do ([`crate::state::Continuous`]).
pub(crate) struct Look<'a> {
    pub st: &'a GameState,
    pub pool: &'a CardPool,
}

impl<'a> Look<'a> {
    pub fn new(st: &'a GameState, pool: &'a CardPool) -> Self {
        Look { st, pool }
    }

    pub fn def(&self, o: ObjId) -> &'a epic_model::CardDef {
        self.pool.get(self.st.obj(o).card)
    }

    pub fn name(&self, o: ObjId) -> &'a str {
        &self.def(o).name
    }

    /// Continuous abilities of cards in play, with their source. A champion that lost its
    /// abilities (Blind Faith) is still listed: whoever applies one asks [`Look::blank`]
    /// of its source, after the cheaper tests.
    fn statics(&self) -> impl Iterator<Item = (ObjId, &'a Static)> + 'a {
        let (st, pool) = (self.st, self.pool);
        st.statics_in_play.iter().filter_map(move |&(src, i)| {
            match &pool.get(st.obj(src).card).abilities[i as usize].kind {
                AbilityKind::Static(s) => Some((src, s)),
                _ => None,
            }
        })
    }

    /// Whether `o` has lost its own keywords and abilities this turn (Blind Faith).
    #[inline]
    pub fn blank(&self, o: ObjId) -> bool {
        self.blanked_at(o).is_some()
    }

    /// Where among the modifications `o` lost its abilities this turn (Blind Faith), if
    /// it did. What other cards gave it before then is its own and goes too (5.0.1);
    /// what an effect gives it afterwards it has.
    pub fn blanked_at(&self, o: ObjId) -> Option<usize> {
        self.st
            .continuous
            .blanks
            .then(|| self.st.blanked_at(o))
            .flatten()
    }

    /// Whether `o` cannot gain powers or abilities (5.0.4): its own ability says so, and
    /// it has not lost it.
    #[inline]
    pub fn gains_nothing(&self, o: ObjId) -> bool {
        self.pool.flags(self.st.obj(o).card).gains_nothing && !self.blank(o)
    }

    /// Whether `p` cannot be targeted now (The Gudgeon).
    pub fn player_untargetable(&self, p: PlayerId) -> bool {
        self.st.continuous.shields_player
            && self.statics().any(|(src, s)| {
                matches!(s, Static::ControllerUntargetable)
                    && self.st.obj(src).controller == p
                    && !self.blank(src)
            })
    }

    /// Whether `p` can gain health now: not after "cannot gain health this turn" (Steed
    /// of Zaltessa), nor while an opponent controls a champion that forbids it (Kalani).
    pub fn can_gain_health(&self, p: PlayerId) -> bool {
        let forbidden = || {
            self.statics().any(|(src, s)| {
                matches!(s, Static::OpponentsCannotGainHealth)
                    && !self.st.same_team(self.st.obj(src).controller, p)
                    && !self.blank(src)
            })
        };
        !(self.st.player(p).no_health_gain || (self.st.continuous.stops_gain && forbidden()))
    }

    /// The offense a blocker needs to block `attacker`: its own, when it is unblockable
    /// by champions with less (Steel Titan).
    pub fn block_offense_needed(&self, attacker: ObjId) -> Option<i32> {
        (self.pool.flags(self.st.obj(attacker).card).blocks_limited && !self.blank(attacker))
            .then(|| self.offense(attacker))
    }

    /// The alignments a card has wherever it is: its printed ones, or all four for a card
    /// that says so (Erwin, Architect of War) while it has its abilities.
    pub fn card_alignments(&self, o: ObjId) -> Alignments {
        let card = self.st.obj(o).card;
        if self.pool.flags(card).all_alignments
            && !(self.st.obj(o).zone == Zone::InPlay && self.blank(o))
        {
            Alignments::ALL
        } else {
            self.pool.get(card).alignments
        }
    }

    pub fn condition_holds(&self, cond: Condition, this: ObjId, you: PlayerId) -> bool {
        match cond {
            Condition::YourTurn => self.st.is_active(you),
            Condition::NotYourTurn => !self.st.is_active(you),
            Condition::ThisInPlay => self.st.obj(this).zone == Zone::InPlay,
            Condition::ThisExpended => self.st.obj(this).expended,
            Condition::PlayedThisTurn(a) => self.st.player(you).played_this_turn.contains(a),
            Condition::AttackingAlone => self
                .st
                .battle
                .as_ref()
                .is_some_and(|b| b.attackers.len() == 1),
            // These read an effect's memory; outside an effect they do not hold.
            Condition::Done
            | Condition::NotDone
            | Condition::ItIsChampion
            | Condition::YouControlledIt
            | Condition::ItWasUnblockedAttackingYou
            | Condition::FirstCostOnePlay
            | Condition::YouOwnIt
            | Condition::NotYouOwnIt => false,
        }
    }

    /// Alignments, including those added by continuous abilities (2.5.3). Anthem filters
    /// are matched on printed alignments here, so that adding alignments cannot loop.
    pub fn alignments(&self, o: ObjId) -> Alignments {
        let mut a = self.card_alignments(o);
        if self.st.obj(o).zone == Zone::InPlay && self.st.continuous.adds_alignment {
            for (src, s) in self.statics() {
                if let Static::Anthem {
                    affects,
                    add_alignment: Some(add),
                    ..
                } = s
                {
                    if self.anthem_applies(affects, src, o, false) {
                        a = a.with(*add);
                    }
                }
            }
        }
        a
    }

    fn anthem_applies(&self, f: &Filter, src: ObjId, o: ObjId, derived_alignment: bool) -> bool {
        let you = self.st.obj(src).controller;
        self.matches_with(f, o, you, src, None, derived_alignment)
            && self.st.reaches_entity(you, crate::ids::Entity::Obj(o))
            && !self.blank(src)
    }

    /// Keywords from printing, gains, conditional statics, anthems and modifiers.
    pub fn keywords(&self, o: ObjId) -> Keywords {
        let obj = self.st.obj(o);
        let k = if self.blank(o) {
            Keywords::NONE
        } else {
            self.def(o).keywords.union(obj.gained)
        };
        if obj.zone != Zone::InPlay {
            return k;
        }
        k.union(self.given(o, Keywords::ALL))
    }

    /// The keywords among `wanted` that `o`, in play, is given by its own conditional
    /// abilities, by anthems and by modifications. A source that can give none of
    /// `wanted` is skipped unread, which is what makes [`Look::has`] cheap.
    fn given(&self, o: ObjId, wanted: Keywords) -> Keywords {
        let obj = self.st.obj(o);
        let mut k = Keywords::NONE;
        if !self
            .pool
            .flags(obj.card)
            .own_keywords
            .intersection(wanted)
            .is_empty()
            && !self.blank(o)
        {
            for a in &self.def(o).abilities {
                if let AbilityKind::Static(Static::Keywords { keywords, when }) = &a.kind {
                    if when.is_none_or(|c| self.condition_holds(c, o, obj.controller)) {
                        k = k.union(*keywords);
                    }
                }
            }
        }
        // Any other keyword a champion has is printed, gained or its own ability's; a
        // champion that cannot gain abilities is given none (5.0.4).
        if !self.st.continuous.granting.intersection(wanted).is_empty() && !self.gains_nothing(o) {
            // An anthem's keywords were given before any loss of abilities this turn.
            let blanked = self.blanked_at(o);
            let anthems = self.statics().filter(|_| blanked.is_none());
            for (src, s) in anthems {
                if let Static::Anthem {
                    affects, keywords, ..
                } = s
                {
                    if !keywords.intersection(wanted).is_empty()
                        && self.anthem_applies(affects, src, o, true)
                    {
                        k = k.union(*keywords);
                    }
                }
            }
            let since = blanked.map_or(0, |b| b + 1);
            for m in self.st.mods[since..].iter().filter(|m| m.obj == o) {
                k = k.union(m.keywords);
            }
        }
        k.intersection(wanted)
    }

    /// Whether `o` has the keyword: [`Look::keywords`] asked about one keyword, so it
    /// stops at the first source found and skips every ability that cannot give it.
    pub fn has(&self, o: ObjId, kw: Keyword) -> bool {
        let obj = self.st.obj(o);
        // Printed and gained keywords answer most questions; only a keyword that the
        // champion's own abilities, an anthem in play or a modification can give needs
        // the derivation.
        if self.def(o).keywords.union(obj.gained).has(kw) && !self.blank(o) {
            return true;
        }
        obj.zone == Zone::InPlay
            && (self.pool.flags(obj.card).own_keywords.has(kw)
                || self.st.continuous.granting.has(kw))
            && self.given(o, Keywords::one(kw)).has(kw)
    }

    /// Offense and defense: printed, counters (2.7), anthems in play and modifications.
    /// Whether an anthem applies is the costly part, so it is asked only of an anthem
    /// that changes a `wanted` stat (offense, defense), once for both; a stat not wanted
    /// may come back short.
    fn stats(&self, o: ObjId, wanted: (bool, bool)) -> (i32, i32) {
        let obj = self.st.obj(o);
        let def = self.def(o);
        if obj.zone != Zone::InPlay {
            return (def.offense as i32, def.defense as i32);
        }
        let counters = obj.counters as i32;
        let (mut off, mut dfn) = (def.offense as i32 + counters, def.defense as i32 + counters);
        for (src, s) in self.statics() {
            if let Static::Anthem {
                affects,
                offense,
                defense,
                ..
            } = s
            {
                let matters = (wanted.0 && *offense != 0) || (wanted.1 && *defense != 0);
                if matters && self.anthem_applies(affects, src, o, true) {
                    (off, dfn) = (off + *offense as i32, dfn + *defense as i32);
                }
            }
        }
        for m in self.st.mods.iter().filter(|m| m.obj == o) {
            (off, dfn) = (off + m.offense as i32, dfn + m.defense as i32);
        }
        (off, dfn)
    }

    pub fn offense(&self, o: ObjId) -> i32 {
        self.stats(o, (true, false)).0
    }

    pub fn defense(&self, o: ObjId) -> i32 {
        self.stats(o, (false, true)).1
    }

    /// [`Look::offense`] and [`Look::defense`] at once, for half the cost of asking each.
    pub fn offense_and_defense(&self, o: ObjId) -> (i32, i32) {
        self.stats(o, (true, true))
    }

    /// Whether the object is in the battle, on either side.
    pub fn attacking(&self, o: ObjId) -> bool {
        self.st
            .battle
            .as_ref()
            .is_some_and(|b| b.attackers.contains(&o))
    }
    pub fn blocking(&self, o: ObjId) -> bool {
        self.st
            .battle
            .as_ref()
            .is_some_and(|b| b.blockers.contains(&o))
    }

    /// Whose the object is for a filter: its controller in play, its owner elsewhere.
    pub(crate) fn holder(&self, o: ObjId) -> PlayerId {
        let obj = self.st.obj(o);
        if obj.zone == Zone::InPlay {
            obj.controller
        } else {
            obj.owner
        }
    }

    /// Whether `o` matches the filter from the point of view of `you`, the controller of
    /// the ability whose card is `this`; `ctx` supplies "it".
    pub fn matches(
        &self,
        f: &Filter,
        o: ObjId,
        you: PlayerId,
        this: ObjId,
        ctx: Option<&EffectCtx>,
    ) -> bool {
        self.matches_with(f, o, you, this, ctx, true)
    }

    fn matches_with(
        &self,
        f: &Filter,
        o: ObjId,
        you: PlayerId,
        this: ObjId,
        ctx: Option<&EffectCtx>,
        derived_alignment: bool,
    ) -> bool {
        let obj = self.st.obj(o);
        let zone_ok = match f.zone {
            ZoneFilter::InPlay => obj.zone == Zone::InPlay,
            ZoneFilter::DiscardPile => obj.zone == Zone::Discard,
            ZoneFilter::Hand => obj.zone == Zone::Hand,
            ZoneFilter::Revealed => ctx.is_some_and(|c| {
                c.revealed
                    .iter()
                    .any(|r| r.entity == Entity::Obj(o) && r.number == obj.number)
            }),
        };
        if !zone_ok || (f.other && o == this) {
            return false;
        }
        let def = self.def(o);
        let holder = self.holder(o);
        let whose_ok = match f.whose {
            Whose::Any => true,
            Whose::You => holder == you,
            Whose::Opponents => !self.st.same_team(holder, you),
            Whose::It => ctx.and_then(it_player).is_some_and(|p| p == holder),
            Whose::Defending => self
                .st
                .battle
                .as_ref()
                .is_some_and(|b| self.st.same_team(holder, b.defender)),
        };
        if !whose_ok {
            return false;
        }
        if f.kind.is_some_and(|k| k != def.kind) {
            return false;
        }
        if let Some(a) = f.alignment {
            // Added alignments only add (2.5.3): the printed ones answer first, then
            // those added, then every alignment for a card that has them all.
            let has = def.alignments.contains(a)
                || (derived_alignment && self.alignments(o).contains(a))
                || self.card_alignments(o).contains(a);
            if !has {
                return false;
            }
        }
        if f.class.is_some_and(|c| !def.has_class(c)) {
            return false;
        }
        if f.cost.is_some_and(|c| c != def.cost) || f.token.is_some_and(|t| t != def.token) {
            return false;
        }
        if let Some(rare) = &f.rare {
            if !self.has_rare_terms(rare, o, you, this) {
                return false;
            }
        }
        if f.attacking && !self.attacking(o) {
            return false;
        }
        if f.broken_this_turn && obj.broken_turn != self.st.turn {
            return false;
        }
        if f.same_name_as_it {
            let Some(Entity::Obj(it)) = ctx.and_then(|c| c.it.first().map(|r| r.entity)) else {
                return false;
            };
            if self.name(it) != def.name {
                return false;
            }
        }
        true
    }

    /// Whether `o` has what a filter's rare terms ask: state, negation and name.
    #[inline(never)]
    fn has_rare_terms(&self, f: &RareTerms, o: ObjId, you: PlayerId, this: ObjId) -> bool {
        let obj = self.st.obj(o);
        let def = self.def(o);
        let defense_over = |cap: &Amount| {
            let cap = match cap {
                Amount::Fixed(n) => i32::from(*n),
                // "the number of humans you control"
                Amount::Count { each, of } => {
                    let n = self
                        .st
                        .in_play
                        .iter()
                        .filter(|&&c| self.matches(of, c, you, this, None))
                        .count();
                    n as i32 * i32::from(*each)
                }
                _ => return true,
            };
            self.defense(o) > cap
        };
        !(f.not_class.is_some_and(|c| def.has_class(c))
            || (f.expended && !obj.expended)
            || f.not_alignment
                .is_some_and(|a| self.alignments(o).contains(a))
            || f.defense_at_most.as_ref().is_some_and(defense_over)
            || (f.damaged && obj.damage == 0)
            || (f.blocking && !self.blocking(o))
            || (f.damaged_you
                && !self
                    .st
                    .player(you)
                    .damaged_by
                    .iter()
                    .any(|r| r.entity == Entity::Obj(o) && r.number == obj.number))
            || (!f.without.is_empty() && !self.keywords(o).intersection(f.without).is_empty())
            || f.not_named
                .as_ref()
                .is_some_and(|n| def.name.eq_ignore_ascii_case(n)))
    }

    /// Whether `p` can be attacked now (Avenging Angel).
    pub fn can_be_attacked(&self, p: PlayerId) -> bool {
        !self.st.continuous.protects_player
            || !self.statics().any(|(src, s)| {
                matches!(s, Static::CannotBeAttacked { when }
                if self.st.same_team(self.st.obj(src).controller, p)
                    && when.is_none_or(|c| self.condition_holds(c, src, p))
                    && !self.blank(src))
            })
    }

    /// Whether a champion could be declared as an attacker now, ignoring the turn (4.4.1).
    pub fn can_attack(&self, o: ObjId) -> bool {
        let obj = self.st.obj(o);
        obj.is_prepared()
            && obj.zone == Zone::InPlay
            && self.def(o).kind == CardType::Champion
            && (!obj.deploying || self.has(o, Keyword::Blitz))
    }

    /// Whether the champion may be played from hand now as if it had ambush.
    pub fn has_ambush_in_hand(&self, o: ObjId) -> bool {
        let owner = self.st.obj(o).owner;
        self.has(o, Keyword::Ambush)
            || self.st.continuous.grants_ambush
                && self.statics().any(|(src, s)| {
                    matches!(s, Static::AmbushFor(f) if self.st.obj(src).controller == owner
                    && self.matches(f, o, owner, src, None)
                    && !self.blank(src))
                })
    }
}

/// The player an effect's "it" names: a picked player, or the controller of a picked object.
pub(crate) fn it_player(ctx: &EffectCtx) -> Option<PlayerId> {
    match ctx.it.first().map(|r| r.entity) {
        Some(Entity::Player(p)) => Some(p),
        Some(Entity::Obj(_)) => ctx.it_controller,
        None => None,
    }
}
