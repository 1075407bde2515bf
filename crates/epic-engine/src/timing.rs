//! Turn structure (4.2 – 4.5), initiative (4.1) and the battle phase (4.4): the part of
//! the engine that decides who acts next. A second ruleset's timing (the 2009 stack)
//! would be a sibling of this module over the same state, actions and effects.

use crate::actions::Engine;
use crate::choice::{Choice, DecisionKind};
use crate::effects::Flow;
use crate::events::{Event, Seen};
use crate::ids::{Entity, ObjId, PlayerId};
use crate::state::{Ask, Battle, ObjList, Phase, Script, Step, Window, Zone};
use crate::stats::Look;
use epic_model::{AbilityKind, AbilityZone, Alignments, Keyword, PowerCost, Trigger};
use smallvec::SmallVec;

impl<'a> Engine<'a> {
    /// Runs the game forward until a player must decide or the game ends. A decision with
    /// a single option is no choice: it is taken at once.
    pub fn advance(&mut self) {
        let mut steps: u32 = 0;
        loop {
            if self.st.is_over() {
                self.st.ask = None;
                return;
            }
            // The rules have no loop rule: effects that run on with no decision end the
            // game in a draw (docs/rulings.md R-11).
            steps += 1;
            if steps > MAX_STEPS {
                self.end_game(SmallVec::new(), crate::EndReason::Loop);
                continue;
            }
            let effects = !self.st.frames.is_empty();
            let triggers = !self.st.batch.is_empty() || !self.st.waiting.is_empty();
            // Effects, triggers and every step but an initiative window may change what a
            // state check reads.
            if effects || triggers || !matches!(self.st.step, Step::Initiative { .. }) {
                self.st.checked = false;
            }
            let flow = if self.st.ask.is_some() {
                // A declaration continued in `answer` has its next decision ready.
                Flow::Asked
            } else if effects {
                self.run_frame()
            } else if triggers {
                self.next_trigger()
            } else {
                self.run_step()
            };
            if flow == Flow::Asked {
                let ask = self.st.ask.as_ref().expect("asked");
                if self.st.player(ask.player).conceded {
                    let least = Choice::least(&ask.options);
                    self.answer(least);
                    continue;
                }
                if ask.options.len() != 1 || ask.private {
                    return;
                }
                let only = ask.options[0];
                self.answer(only);
            }
        }
    }

    /// Records the pending decision, filling the reused option buffer.
    pub(crate) fn set_ask(
        &mut self,
        player: PlayerId,
        kind: DecisionKind,
        options: impl IntoIterator<Item = Choice>,
    ) -> Flow {
        self.ask_with(player, kind, |_, buffer| buffer.extend(options))
    }

    /// Records the pending decision, `fill` writing the options straight into the reused
    /// buffer: however long the list, no other is built and nothing is allocated.
    pub(crate) fn ask_with(
        &mut self,
        player: PlayerId,
        kind: DecisionKind,
        fill: impl FnOnce(&Self, &mut Vec<Choice>),
    ) -> Flow {
        let mut buffer = std::mem::take(&mut self.st.spare_options);
        buffer.clear();
        fill(self, &mut buffer);
        self.st.ask = Some(Ask {
            player,
            kind,
            options: buffer,
            private: false,
        });
        Flow::Asked
    }

    /// Marks the decision just asked as private when `private` ([`Ask::private`]): it
    /// is asked even with a single option.
    pub(crate) fn asked_privately(&mut self, private: bool) -> Flow {
        if let Some(ask) = self.st.ask.as_mut() {
            ask.private = private;
        }
        Flow::Asked
    }

    /// Applies an option of the pending decision (already checked to be legal).
    pub fn answer(&mut self, c: Choice) {
        let mut ask = self.st.ask.take().expect("a decision is pending");
        // A pass changes nothing a state check reads; any other answer may.
        if !(ask.kind == DecisionKind::Initiative && matches!(c, Choice::Pass | Choice::EndTurn)) {
            self.st.checked = false;
        }
        if let (DecisionKind::Attackers | DecisionKind::Blockers, Choice::Card(o)) = (ask.kind, c) {
            self.continue_declaration(ask, o);
            return;
        }
        ask.options.clear();
        let (player, kind) = (ask.player, ask.kind);
        self.st.spare_options = std::mem::take(&mut ask.options);
        let ask = crate::choice::Decided { player, kind };
        match ask.kind {
            DecisionKind::Mulligan => match c {
                Choice::Card(o) => self.st.declaring.push(o),
                _ => self.finish_mulligan(ask.player),
            },
            DecisionKind::Initiative => self.answer_initiative(ask.player, c),
            DecisionKind::ContinueOrEnd => match c {
                Choice::Continue => self.open(self.st.active, Window::MainMustAct),
                // Hydra: the team's next player chooses in turn (1.2, H-31).
                _ => match self.next_teammate(self.st.active) {
                    Some(mate) => self.st.active = mate,
                    None => self.begin_end_phase(),
                },
            },
            DecisionKind::Attackers => match c {
                Choice::Cancel => {
                    let committed = matches!(
                        self.st.step,
                        Step::DeclareAttackers {
                            committed: true,
                            ..
                        }
                    );
                    let window = if committed {
                        Window::MainMustAct
                    } else {
                        Window::Main
                    };
                    self.open(self.st.active, window)
                }
                Choice::Player(q) => self.declare_attack(Some(q)),
                _ => self.declare_attack(None),
            },
            DecisionKind::Blockers => self.declare_blocks(),
            DecisionKind::AssignDamage => match c {
                Choice::Assign { to, amount } => self.assign(to, amount),
                _ => self.answer_damage_step(c),
            },
            DecisionKind::DamageOrder | DecisionKind::ExcessDamage => self.answer_damage_step(c),
            DecisionKind::OrderTriggers => {
                if let Choice::Trigger(i) = c {
                    self.start_trigger(i as usize);
                }
            }
            DecisionKind::Loyalty => self.answer_loyalty(c == Choice::Yes),
            DecisionKind::May => self.feed_may(c == Choice::Yes),
            DecisionKind::Discard if self.st.frames.is_empty() => {
                if let Choice::Card(o) = c {
                    self.discard(o);
                }
            }
            DecisionKind::Target
            | DecisionKind::Choose
            | DecisionKind::Discard
            | DecisionKind::Recycle
            | DecisionKind::Reveal
            | DecisionKind::KeepOne => self.feed_pick(c),
        }
    }

    // ---- triggers -------------------------------------------------------------------

    /// 3.2.5a: a batch resolves the initiative holder's triggers first, in the order they
    /// choose, then each other player's clockwise. New triggers wait for the next batch.
    fn next_trigger(&mut self) -> Flow {
        if self.st.batch.is_empty() {
            // Swapped, not taken, so both keep their buffers.
            std::mem::swap(&mut self.st.batch, &mut self.st.waiting);
        }
        let first = self.st.initiative().unwrap_or(self.st.active);
        let seats: SmallVec<[PlayerId; 4]> = self.st.seats_from(first).collect();
        let owners = self
            .st
            .batch
            .iter()
            .map(|t| t.controller)
            .collect::<SmallVec<[PlayerId; 32]>>();
        let Some(p) = seats
            .into_iter()
            .find(|p| owners.contains(p))
            .or(owners.first().copied())
        else {
            return Flow::Continue;
        };
        let mine: SmallVec<[usize; 32]> = (0..self.st.batch.len())
            .filter(|&i| self.st.batch[i].controller == p)
            .collect();
        let first_one = self.st.batch[mine[0]];
        let all_same = mine.iter().all(|&i| {
            let t = self.st.batch[i];
            t.card == first_one.card
                && t.script == first_one.script
                && t.subject == first_one.subject
        });
        if all_same {
            self.start_trigger(mine[0]);
            return Flow::Continue;
        }
        let options = mine.into_iter().map(|i| Choice::Trigger(i as u32));
        self.set_ask(p, DecisionKind::OrderTriggers, options)
    }

    fn start_trigger(&mut self, i: usize) {
        let t = self.st.batch.remove(i);
        let holder = Seen {
            obj: t.source_number,
            card: t.holder(self.st),
        };
        self.emit(|| match t.script {
            Script::Ability(ability) => Event::Triggered {
                source: holder,
                ability,
            },
            _ => Event::GrantedTriggered {
                champion: holder,
                from: t.card,
            },
        });
        self.push_frame(t.card, t.source, t.controller, t.script);
        let frame = self.st.frames.last_mut().expect("pushed");
        // "This" is the object that triggered, if it still is that object.
        frame.source_number = t.source_number;
        frame.ctx.subject = t.subject;
    }

    // ---- the turn -------------------------------------------------------------------

    /// Whether `p` has a play in `window`: some option initiative would offer there.
    fn has_plays(&mut self, p: PlayerId, window: Window) -> bool {
        let mut scratch = std::mem::take(&mut self.st.spare_options);
        scratch.clear();
        self.initiative_options_into(p, window, &mut scratch);
        let any = !scratch.is_empty();
        self.st.spare_options = scratch;
        any
    }

    fn run_step(&mut self) -> Flow {
        match self.st.step {
            Step::Mulligan(i) => {
                let order = self.mulligan_order();
                let p = order[i as usize];
                let mut options: SmallVec<[Choice; 16]> = self
                    .st
                    .player(p)
                    .hand
                    .iter()
                    .copied()
                    .filter(|o| !self.st.declaring.contains(o))
                    .map(Choice::Card)
                    .collect();
                options.push(Choice::Done);
                self.set_ask(p, DecisionKind::Mulligan, options)
            }
            Step::StartPhase => {
                self.start_phase();
                Flow::Continue
            }
            Step::BeginMain => {
                self.st.phase = Phase::Main;
                self.emit(|| Event::PhaseBegan { phase: Phase::Main });
                self.open(self.st.active, Window::Main);
                Flow::Continue
            }
            Step::Initiative { holder, window, .. } => {
                // Gains only raise health: after nothing but passes and gains, the last
                // check still holds.
                self.apply_pending_gains();
                let step = self.st.step;
                if !self.st.checked {
                    self.check_state();
                }
                // A player who conceded leaves at this check: if they held initiative, or
                // it was their turn, the turn has moved on without them.
                if self.st.is_over() || self.st.step != step {
                    return Flow::Continue;
                }
                self.ask_with(holder, DecisionKind::Initiative, |eng, options| {
                    eng.initiative_options_into(holder, window, options)
                });
                // Only the window after continuing the main phase (4.3.4) offers no pass,
                // and the play it was continued for can be gone by now (a player who
                // conceded left, and its target with them): then the turn may only end.
                if self.st.ask.as_ref().is_some_and(|a| a.options.is_empty()) {
                    let ask = self.st.ask.take().expect("asked");
                    self.st.spare_options = ask.options;
                    self.continue_or_end();
                    return Flow::Continue;
                }
                // Whether a player with cards in hand has a play depends on those cards:
                // they are asked even when passing is all they can do.
                let private = !self.st.player(holder).hand.is_empty();
                self.asked_privately(private)
            }
            Step::ContinueOrEnd => {
                let active = self.st.active;
                let can_continue = self.has_plays(active, Window::MainMustAct);
                let options = [Choice::Continue, Choice::EndTurn];
                let from = if can_continue { 0 } else { 1 };
                self.set_ask(
                    active,
                    DecisionKind::ContinueOrEnd,
                    options[from..].iter().copied(),
                );
                let private = !self.st.player(active).hand.is_empty();
                self.asked_privately(private)
            }
            Step::DeclareAttackers { committed, .. } => {
                let active = self.st.active;
                self.ask_with(active, DecisionKind::Attackers, |eng, options| {
                    eng.attacker_options_into(options)
                });
                // After continuing (4.3.4), cancelling depends on the plays in hand, so
                // a single option is asked all the same (until a champion is declared:
                // `continue_declaration`).
                let private = committed && !self.st.player(active).hand.is_empty();
                self.asked_privately(private)
            }
            Step::DeclareBlockers => {
                let defender = self
                    .st
                    .battle
                    .as_ref()
                    .map_or(self.st.active, |b| b.defender);
                self.ask_with(defender, DecisionKind::Blockers, |eng, options| {
                    eng.blocker_options_into(options)
                })
            }
            Step::AssignDamage { .. } | Step::ExcessDamage => self.damage_step(),
            Step::EndBattle => {
                self.end_battle();
                Flow::Continue
            }
            Step::EndTriggers => {
                self.end_triggers();
                Flow::Continue
            }
            Step::HandLimit => {
                // 4.5.2b: each player whose turn it is (every player of a Hydra team, in
                // seat order) discards down to the hand limit, one card at a time.
                let limit = self.st.rules.hand_limit as usize;
                let over = if self.st.rules.team_size > 1 {
                    self.st
                        .team(self.st.active)
                        .into_iter()
                        .find(|&p| self.st.player(p).hand.len() > limit)
                } else {
                    Some(self.st.active).filter(|&p| self.st.player(p).hand.len() > limit)
                };
                if let Some(p) = over {
                    let options: SmallVec<[Choice; 16]> = self
                        .st
                        .player(p)
                        .hand
                        .iter()
                        .copied()
                        .map(Choice::Card)
                        .collect();
                    return self.set_ask(p, DecisionKind::Discard, options);
                }
                self.cleanup_and_next_turn();
                Flow::Continue
            }
            Step::GameOver => Flow::Continue,
        }
    }

    /// 1.8.4: the player going second decides first, then clockwise. With teams (1.2:
    /// a team is a player) that is the team after the first one, from its first seat.
    pub fn mulligan_order(&self) -> SmallVec<[PlayerId; 4]> {
        let k = self.st.rules.team_size.max(1);
        let seats = self.st.players.len() as PlayerId;
        // The first seat of the next team (without teams, the next seat).
        let second = (self.st.first_player / k * k + k) % seats;
        self.st.seats_from(second).collect()
    }

    /// 1.8.2: the chosen cards go to the bottom in random order; as many are drawn; one
    /// health is lost per card.
    fn finish_mulligan(&mut self, p: PlayerId) {
        let cards: ObjList = std::mem::take(&mut self.st.declaring).into_iter().collect();
        let k = cards.len();
        self.put_on_bottom_together(cards, |eng, o| eng.move_to(o, Zone::Deck));
        self.emit(|| Event::Mulligan {
            player: p,
            count: k as u8,
        });
        self.draw(p, k as u32);
        self.gain_health(p, -(k as i32));
        let Step::Mulligan(i) = self.st.step else {
            return;
        };
        if self.st.is_over() {
            return;
        }
        self.st.step = if (i as usize + 1) < self.mulligan_order().len() {
            Step::Mulligan(i + 1)
        } else {
            Step::StartPhase
        };
        self.check_state();
    }

    /// 4.2: gold, draw, prepare, then "at the start of the turn" triggers; for each
    /// player of the team whose turn it is (Hydra), in seat order.
    fn start_phase(&mut self) {
        let turn = self.st.turn;
        self.st.phase = Phase::Start;
        let active = self.st.active;
        self.emit(|| Event::TurnBegan {
            turn,
            player: active,
        });
        for pl in self.st.players.iter_mut() {
            pl.played_this_turn = Default::default();
            pl.cost1_plays = 0;
        }
        let first_turn = turn == 1;
        let team = self.st.team(active);
        if first_turn {
            // 4.2.2a: on the first player's first turn every player gains 1 gold.
            for q in 0..self.st.num_players() as PlayerId {
                self.set_gold(q, 1);
            }
        } else {
            for &p in &team {
                self.set_gold(p, 1);
            }
        }
        // 4.2.3a: only in a two-player game does the first player skip their first draw
        // (docs/rulings.md, H-02); two teams are two players (1.2, H-31).
        let skip = first_turn && self.st.sides() == 2 && !self.st.rules.first_player_draws;
        if !skip {
            for &p in &team {
                self.draw(p, 1);
                if self.st.is_over() {
                    return;
                }
            }
        }
        for i in 0..self.st.in_play.len() {
            let o = self.st.in_play[i];
            let controller = self.st.obj(o).controller;
            if self.st.is_active(controller) {
                let obj = self.st.obj_mut(o);
                obj.expended = false;
                obj.flipped = false;
                obj.deploying = false;
            }
        }
        for i in 0..self.st.in_play.len() {
            let o = self.st.in_play[i];
            if self.st.is_active(self.st.obj(o).controller) {
                self.trigger(o, Trigger::StartOfYourTurn, None);
            }
        }
        for p in team {
            for i in 0..self.st.player(p).discard.len() {
                let o = self.st.player(p).discard[i];
                self.trigger(o, Trigger::StartOfYourTurn, None);
            }
            let gods: ObjList = self.st.gods_of(p).collect();
            for o in gods {
                self.trigger(o, Trigger::StartOfYourTurn, None);
            }
        }
        self.st.step = Step::BeginMain;
    }

    /// The next player of the active team after `p`, in seat order, who has yet to take
    /// their part of the main phase (Hydra, H-31).
    fn next_teammate(&self, p: PlayerId) -> Option<PlayerId> {
        if self.st.rules.team_size <= 1 {
            return None;
        }
        self.st.team(p).into_iter().find(|&q| q > p)
    }

    /// The first player of `p`'s team still in the game (`p` without teams).
    fn team_first(&self, p: PlayerId) -> PlayerId {
        self.st.team(p).first().copied().unwrap_or(p)
    }

    /// 4.3.4 / 4.3.6: the player whose turn it is chooses to continue the main phase or
    /// end the turn; with teams each player of the team in seat order, from the first,
    /// until one continues (1.2, H-31).
    fn continue_or_end(&mut self) {
        self.st.active = self.team_first(self.st.active);
        self.st.step = Step::ContinueOrEnd;
    }

    /// The player after `p` clockwise who is not on the active team, or the active player
    /// once the table has come round to them.
    fn next_responder(&self, p: PlayerId) -> PlayerId {
        let active = self.st.active;
        let mut q = self.st.next_seat(p);
        // At most once round the table, wherever `p` sits (they may have just left it).
        for _ in 0..self.st.num_players() {
            if q == active || !self.st.is_active(q) {
                break;
            }
            q = self.st.next_seat(q);
        }
        q
    }

    /// Gives `p` initiative in a new exchange (4.1.3).
    fn open(&mut self, p: PlayerId, window: Window) {
        self.hand_on(p, window, None, false);
    }

    /// Gives `p` initiative within an exchange: `last` is the last player to have made a
    /// play in it, `again` whether initiative has come back round to its anchor.
    fn hand_on(&mut self, p: PlayerId, window: Window, last: Option<PlayerId>, again: bool) {
        self.st.step = Step::Initiative {
            holder: p,
            window,
            made_play: false,
            last,
            again,
        };
        self.emit(|| Event::Initiative { player: p });
    }

    /// Where initiative goes when its holder passes (4.3.3 – 4.3.6, 4.4.3 – 4.4.10,
    /// M4.4.3 – M4.4.10). It goes to the left; an exchange ends when it would reach the
    /// last player to make a play in it, or, if nobody made one, the player it is
    /// anchored to (ruling H-07).
    fn pass(
        &mut self,
        holder: PlayerId,
        window: Window,
        made_play: bool,
        last: Option<PlayerId>,
        again: bool,
    ) {
        self.st.undo_player = None;
        self.emit(|| Event::Passed { player: holder });
        let active = self.st.active;
        let last = if made_play { Some(holder) } else { last };
        // An exchange that was to end on reaching a player since eliminated ends on
        // reaching their seat: the player after them (ruling H-07).
        let last = last.map(|l| {
            if self.st.player(l).eliminated {
                self.st.next_seat(l)
            } else {
                l
            }
        });
        let next = self.st.next_seat(holder);
        match window {
            // Hydra: each player of the team takes the main phase in turn (H-31).
            Window::Main | Window::MainMustAct => match self.next_teammate(holder) {
                // Hydra: each player of the team takes the main phase in turn (H-31).
                Some(mate) => {
                    self.st.active = mate;
                    self.open(mate, Window::Main)
                }
                None => self.open(self.next_responder(active), Window::EndResponse),
            },
            // 4.3.4 / 4.3.5: the others in turn, until initiative would come back to the
            // active player.
            Window::EndResponse => match (self.next_responder(holder), last) {
                (responder, _) if responder != active => {
                    self.hand_on(responder, window, last, again)
                }
                (_, None) => self.begin_end_phase(),
                // 4.3.4: with two players, the active player chooses at once.
                (_, Some(_)) if self.st.sides() <= 2 => self.continue_or_end(),
                // 4.3.5: the active player (with teams, each player of the active team
                // from its first) may make plays, then initiative goes on.
                (_, Some(_)) => self.hand_on(self.team_first(active), Window::EndAgain, last, true),
            },
            Window::EndAgain if last == Some(next) => self.continue_or_end(),
            Window::EndAgain => self.hand_on(next, window, last, again),
            Window::BeforeBlocks | Window::BeforeDamage => {
                // 4.4.1a: a battle with no attackers left ends when a step of it ends.
                let Some(b) = self.st.battle.as_ref() else {
                    return;
                };
                if b.attackers.is_empty() {
                    self.st.step = Step::EndBattle;
                    return;
                }
                let anchor = if window == Window::BeforeBlocks {
                    b.attacker
                } else {
                    b.defender
                };
                // The exchange ends as initiative comes back to the last to play, or to
                // its anchor if no one played; with teams, to their team (1.2: a team is
                // a player), once it has gone past the other team.
                let back_to =
                    |p: PlayerId| !self.st.same_team(holder, p) && self.st.same_team(next, p);
                if last.map_or(back_to(anchor), back_to) {
                    if window == Window::BeforeBlocks {
                        self.st.declaring.clear();
                        self.st.step = Step::DeclareBlockers;
                    } else {
                        self.begin_damage();
                    }
                } else {
                    self.hand_on(next, window, last, again || next == anchor);
                }
            }
        }
    }

    fn answer_initiative(&mut self, p: PlayerId, c: Choice) {
        let Step::Initiative {
            window,
            made_play,
            last,
            again,
            ..
        } = self.st.step
        else {
            return;
        };
        match c {
            Choice::Pass | Choice::EndTurn => self.pass(p, window, made_play, last, again),
            Choice::DeclareBattle => {
                self.st.undo_player = None;
                self.st.declaring.clear();
                let committed = window == Window::MainMustAct;
                self.st.step = Step::DeclareAttackers {
                    committed,
                    cancellable: !committed || self.has_play(p),
                };
            }
            Choice::Play { card, mode } => {
                self.mark_play(p, window, last, again);
                self.play_card(p, card, mode);
            }
            Choice::Power { card, index } => {
                self.mark_play(p, window, last, again);
                self.use_power(p, card, index);
            }
            _ => {}
        }
    }

    /// Making a play (4.1.2) keeps initiative and is remembered by the exchange. After
    /// continuing the main phase (4.3.4), a play keeps the commitment.
    fn mark_play(&mut self, p: PlayerId, window: Window, last: Option<PlayerId>, again: bool) {
        let window = if window == Window::MainMustAct {
            Window::Main
        } else {
            window
        };
        self.st.step = Step::Initiative {
            holder: p,
            window,
            made_play: true,
            last,
            again,
        };
    }

    // ---- plays ----------------------------------------------------------------------

    /// Everything `p` may do holding initiative in `window`, into a buffer the caller owns.
    fn initiative_options_into(&self, p: PlayerId, window: Window, out: &mut Vec<Choice>) {
        let look = self.look();
        let pl = self.st.player(p);
        // Champions are played on one's own turn, with initiative, outside battle (3.2.3a):
        // in the main phase and in 4.3.5's window at the end of it. A battle is declared
        // only in the main phase itself (4.3.1, 4.3.6).
        let own_turn = self.st.is_active(p) && self.st.battle.is_none();
        let main = own_turn && matches!(window, Window::Main | Window::MainMustAct);
        // The pool's compact per-card flags answer "champion?" and "affordable?" without
        // reading the card's full definition.
        for &o in &pl.hand {
            let card = look.st.obj(o).card;
            let flags = look.pool.flags(card);
            // Gold for some alignments only (Brachiosaurus) is rare: read the card's
            // alignments only then.
            let gold = if pl.bonus_gold == 0 {
                pl.gold
            } else {
                pl.gold_for(look.pool.get(card).alignments)
            };
            if gold < flags.cost {
                continue;
            }
            if flags.champion {
                if own_turn || look.has_ambush_in_hand(o) {
                    out.push(Choice::Play { card: o, mode: 0 });
                }
            } else {
                let def = look.pool.get(card);
                for m in 0..def.modes.len().min(u8::MAX as usize + 1) {
                    if gold >= def.mode_cost(m as u8) {
                        out.push(Choice::Play {
                            card: o,
                            mode: m as u8,
                        });
                    }
                }
            }
        }
        // The powers of `p`'s cards in play, then of those in their discard pile (5.0.2),
        // found through the index of the cards whose powers work where they are.
        let mut powers = |o: ObjId, zone: AbilityZone| {
            for (i, a) in look.def(o).abilities.iter().enumerate() {
                if let AbilityKind::Power(pw) = &a.kind {
                    if a.zone == zone && look.can_pay(p, o, &pw.costs) {
                        out.push(Choice::Power {
                            card: o,
                            index: i as u8,
                        });
                    }
                }
            }
        };
        for &o in &pl.play_powers {
            if !look.blank(o) {
                powers(o, AbilityZone::InPlay);
            }
        }
        for &o in &pl.discard_powers {
            powers(o, AbilityZone::DiscardPile);
        }
        for o in self.st.gods_of(p) {
            powers(o, AbilityZone::Supplemental);
        }
        let (can_battle, must_attack) = if main {
            look.battle_status()
        } else {
            (false, false)
        };
        if can_battle {
            out.push(Choice::DeclareBattle);
        }
        match window {
            Window::MainMustAct => {}
            Window::Main if must_attack => {}
            Window::Main => out.push(Choice::EndTurn),
            _ => out.push(Choice::Pass),
        }
        if self.st.undo_player == Some(p) && self.st.undo_clean {
            out.push(Choice::Undo);
        }
    }

    /// 3.2: pay, announce (Ally abilities trigger, 5.18), then resolve: a champion enters
    /// play, an event's mode runs from the supplemental zone (1.4.6).
    fn play_card(&mut self, p: PlayerId, o: ObjId, mode: u8) {
        let card = self.card_of(o);
        let def = self.pool.get(card);
        self.spend_gold(p, def.alignments, def.mode_cost(mode));
        self.note_played(p, o);
        self.trigger_ally(p, o);
        if def.is_champion() {
            self.put_into_play(o, p, false);
        } else {
            self.move_to(o, Zone::Supplemental);
            self.push_frame(card, o, p, Script::Mode(mode));
            self.st.frames.last_mut().expect("pushed").playing_event = true;
        }
        let played = self.seen(o);
        self.emit(|| Event::Played {
            player: p,
            played,
            mode,
        });
    }

    /// 3.5: pay every cost, then the power resolves.
    fn use_power(&mut self, p: PlayerId, o: ObjId, index: u8) {
        let card = self.card_of(o);
        let AbilityKind::Power(pw) = &self.pool.get(card).abilities[index as usize].kind else {
            return;
        };
        let source = self.seen(o);
        self.emit(|| Event::PowerUsed {
            player: p,
            source,
            index,
        });
        // Paying can move the card ("break this"): "this" is the object as it was used.
        let source_number = self.st.obj(o).number;
        for c in &pw.costs {
            match *c {
                PowerCost::Gold(n) => {
                    let aligns = self.pool.get(card).alignments;
                    self.spend_gold(p, aligns, n);
                }
                PowerCost::Expend => {
                    self.st.obj_mut(o).expended = true;
                    let champion = self.seen(o);
                    self.emit(|| Event::Expended { champion });
                }
                PowerCost::BreakThis => self.break_all(&[o]),
                PowerCost::RemoveCounter => {
                    let obj = self.st.obj_mut(o);
                    obj.counters = obj.counters.saturating_sub(1);
                    let now = obj.counters;
                    if self.lethal_without_damage(o) {
                        self.st.damaged = true;
                    }
                    let champion = self.seen(o);
                    self.emit(|| Event::Counters { champion, now });
                }
                // Chosen by the player before the effect (`run_frame`).
                PowerCost::Discard(_) | PowerCost::BreakOwn | PowerCost::BanishFromDiscard(_) => {}
            }
        }
        // Fewer counters lower defense: a champion its damage now kills breaks before
        // anyone decides anything more (5.16.3); the power still resolves (3.5.2).
        if pw.costs.contains(&PowerCost::RemoveCounter) {
            self.check_state();
        }
        self.push_frame(card, o, p, Script::Ability(index));
        let frame = self.st.frames.last_mut().expect("pushed");
        frame.source_number = source_number;
        let total = PowerCost::total(&pw.costs);
        frame.cost_discards = total.discards;
        frame.ctx.cost_breaks = total.breaks;
        frame.ctx.cost_banishes = total.banishes;
    }

    // ---- battle -----------------------------------------------------------------------

    /// The eligible champions not yet picked in this declaration, as options.
    fn undeclared(&self, eligible: &[ObjId], out: &mut Vec<Choice>) {
        let declaring = &self.st.declaring[..];
        for &o in eligible {
            if !declaring.contains(&o) {
                out.push(Choice::Card(o));
            }
        }
    }

    fn attacker_options_into(&self, out: &mut Vec<Choice>) {
        let look = self.look();
        // Each of the active player's champions that could attack and is not declared yet.
        let declaring = &self.st.declaring[..];
        for &o in &self.st.in_play {
            if self.st.is_active(self.st.obj(o).controller)
                && look.can_attack(o)
                && !declaring.contains(&o)
            {
                out.push(Choice::Card(o));
            }
        }
        self.close_attack_options(out);
    }

    /// The options after the champions of an attack declaration, which `out` already
    /// holds: finishing it, unless one of them is a "must attack" champion still missing,
    /// and cancelling it while nothing is declared.
    fn close_attack_options(&self, out: &mut Vec<Choice>) {
        let look = self.look();
        let must_missing = out
            .iter()
            .any(|&c| matches!(c, Choice::Card(o) if look.must_attack(o)));
        if !self.st.declaring.is_empty() && !must_missing {
            // 4.4.1: with several opponents who can be attacked, finishing the
            // declaration is choosing which one.
            let targets: SmallVec<[PlayerId; 4]> = look.defenders(self.st.active).collect();
            if targets.len() > 1 {
                out.extend(targets.into_iter().map(Choice::Player));
            } else {
                out.push(Choice::Done);
            }
        }
        // With nothing declared yet, a "must attack" champion still missing is one that
        // could attack: the declaration cannot be cancelled (4.4.1). A player who
        // continued the main phase may cancel only if they have a play to make instead
        // (4.3.4).
        if self.st.declaring.is_empty() && !must_missing && self.may_cancel_battle() {
            out.push(Choice::Cancel);
        }
    }

    /// Whether cancelling a battle declaration leaves the active player something to do:
    /// always, unless they continued the main phase (4.3.4) and a battle is the only way
    /// to keep that commitment.
    fn may_cancel_battle(&self) -> bool {
        !matches!(
            self.st.step,
            Step::DeclareAttackers {
                cancellable: false,
                ..
            }
        )
    }

    /// Whether `p` could make a play (a card or a power) after continuing the main phase.
    fn has_play(&mut self, p: PlayerId) -> bool {
        let mut scratch = std::mem::take(&mut self.st.spare_options);
        scratch.clear();
        self.initiative_options_into(p, Window::MainMustAct, &mut scratch);
        let any = scratch
            .iter()
            .any(|c| matches!(c, Choice::Play { .. } | Choice::Power { .. }));
        self.st.spare_options = scratch;
        any
    }

    /// After a champion is picked in a declaration: nothing else changes while
    /// champions are declared (4.4.1, 4.4.6), so the champions still offered are the
    /// others offered before, and only the closing options are worked out again.
    fn continue_declaration(&mut self, mut ask: Ask, picked: ObjId) {
        self.st.declaring.push(picked);
        ask.options
            .retain(|&c| matches!(c, Choice::Card(o) if o != picked));
        if ask.kind == DecisionKind::Attackers {
            self.close_attack_options(&mut ask.options);
            // Cancelling was the one option that told of the hand, and it is offered
            // only while nothing is declared.
            ask.private = false;
        } else {
            // A blocker is now declared, so whether an attacker must be blocked no longer
            // keeps the declaration open.
            self.close_block_options(false, &mut ask.options);
        }
        self.st.ask = Some(ask);
    }

    /// 4.4.1: the chosen champions expend and attack; their triggers resolve first (4.4.2).
    fn declare_attack(&mut self, chosen: Option<PlayerId>) {
        let attacker = self.st.active;
        let Some(defender) = chosen.or_else(|| self.look().defender_for(attacker)) else {
            return;
        };
        let champions = std::mem::take(&mut self.st.declaring);
        let turn = self.st.turn;
        for &o in &champions {
            let obj = self.st.obj_mut(o);
            obj.expended = true;
            obj.attacked_turn = turn;
        }
        self.st.phase = Phase::Battle;
        self.emit(|| Event::PhaseBegan {
            phase: Phase::Battle,
        });
        self.emit_with(|eng| Event::Attack {
            attacker,
            defender,
            champions: eng.seen_all(&champions),
        });
        self.st.battle = Some(Battle {
            attacker,
            defender,
            attackers: champions.clone(),
            ..Battle::default()
        });
        self.st.undo_player = None;
        for &o in &champions {
            self.trigger(o, Trigger::Attacks, None);
        }
        self.open(attacker, Window::BeforeBlocks);
    }

    fn blocker_options_into(&self, out: &mut Vec<Choice>) {
        /// An attacker, whether it can be blocked, whether only from the air, and the
        /// offense a blocker needs.
        type Reach = (ObjId, bool, bool, Option<i32>);
        let look = self.look();
        let Some(b) = self.st.battle.as_ref() else {
            out.push(Choice::Done);
            return;
        };
        // 5.2, 5.10: an unblockable attacker cannot be blocked, an airborne one only by an
        // airborne blocker, and one unblockable by champions with less offense only by a
        // champion with as much (Steel Titan). Asked once per attacker: (attacker,
        // blockable, needs airborne, offense needed).
        let reach: SmallVec<[Reach; 16]> = b
            .attackers
            .iter()
            .map(|&a| {
                let blockable = !look.has(a, Keyword::Unblockable);
                let air = blockable && look.has(a, Keyword::Airborne);
                (a, blockable, air, look.block_offense_needed(a))
            })
            .collect();
        let can_block = |o: ObjId, &(_, blockable, air, needed): &Reach| {
            blockable
                && (!air || look.has(o, Keyword::Airborne))
                && needed.is_none_or(|n| look.offense(o) >= n)
        };
        let limited = reach.iter().any(|r| r.3.is_some());
        let from_ground = reach
            .iter()
            .any(|&(_, blockable, air, _)| blockable && !air);
        let from_air = reach.iter().any(|&(_, blockable, _, _)| blockable);
        let eligible: ObjList = self
            .st
            .in_play
            .iter()
            .copied()
            .filter(|&o| {
                let obj = self.st.obj(o);
                self.st.same_team(obj.controller, b.defender)
                    && obj.is_prepared()
                    && look.def(o).is_champion()
                    && if limited {
                        reach.iter().any(|r| can_block(o, r))
                    } else {
                        from_ground || (from_air && look.has(o, Keyword::Airborne))
                    }
            })
            .collect();
        self.undeclared(&eligible, out);
        // 4.4.6c: a "must be blocked" attacker that can be blocked, must be.
        let must = reach.iter().any(|r| {
            look.has(r.0, Keyword::MustBeBlocked) && eligible.iter().any(|&o| can_block(o, r))
        });
        self.close_block_options(must, out);
    }

    /// The option after the champions of a block declaration: finishing it, unless
    /// nothing is declared yet and a "must be blocked" attacker can be blocked (4.4.6c).
    fn close_block_options(&self, must_be_blocked: bool, out: &mut Vec<Choice>) {
        if !(self.st.declaring.is_empty() && must_be_blocked) {
            out.push(Choice::Done);
        }
    }

    /// 4.4.6: the chosen champions flip and block the whole attack (4.4.6a).
    fn declare_blocks(&mut self) {
        let blockers = std::mem::take(&mut self.st.declaring);
        for &o in &blockers {
            self.st.obj_mut(o).flipped = true;
        }
        let b = self.st.battle.as_mut().expect("in battle");
        let defender = b.defender;
        if !blockers.is_empty() {
            b.blocked = true;
            b.blockers = blockers.clone();
            let attackers = b.attackers.clone();
            self.emit_with(|eng| Event::Block {
                champions: eng.seen_all(&blockers),
            });
            for o in attackers {
                self.trigger(o, Trigger::Blocked, None);
            }
        }
        for &o in &blockers {
            self.trigger(o, Trigger::Blocks, None);
        }
        self.open(defender, Window::BeforeDamage);
    }

    /// 4.4.11: damage is assigned champion by champion, attackers first, then dealt at
    /// once. With breakthrough excess (4.4.11a), the attacking player first decides
    /// whether it goes to the defending player.
    fn begin_damage(&mut self) {
        let look = self.look();
        let b = self.st.battle.as_ref().expect("in battle");
        let total_defense: i64 = b
            .blockers
            .iter()
            .map(|&o| look.defense(o).max(0) as i64)
            .sum();
        // Only a blocked attack has an excess to decide on (4.4.11a).
        let ask_excess = b.blocked && {
            let breakthrough: i64 = b
                .attackers
                .iter()
                .filter(|&&o| look.has(o, Keyword::Breakthrough))
                .map(|&o| look.offense(o).max(0) as i64)
                .sum();
            breakthrough > total_defense
        };
        let b = self.st.battle.as_mut().expect("in battle");
        b.breakthrough_left = total_defense.min(u16::MAX as i64) as u16;
        b.apply_excess = true;
        b.assigned.clear();
        b.assigning = None;
        b.to_assign.clear();
        b.side_begun = false;
        self.st.step = if ask_excess {
            Step::ExcessDamage
        } else {
            Step::AssignDamage {
                blockers_side: false,
                left: u16::MAX,
            }
        };
    }

    /// A champion's offense as damage to assign: at least 0, and below the step's
    /// "not started" mark.
    fn damage_of(&self, o: ObjId) -> u16 {
        self.look().offense(o).clamp(0, u16::MAX as i32 - 1) as u16
    }

    fn damage_step(&mut self) -> Flow {
        if self.st.step == Step::ExcessDamage {
            let attacker = self.st.battle.as_ref().expect("in battle").attacker;
            return self.set_ask(
                attacker,
                DecisionKind::ExcessDamage,
                [Choice::Yes, Choice::No],
            );
        }
        let Step::AssignDamage {
            blockers_side,
            left,
        } = self.st.step
        else {
            return Flow::Continue;
        };
        let b = self.st.battle.as_ref().expect("in battle");
        let Some(champ) = b.assigning else {
            return self.choose_next_assigner(blockers_side);
        };
        let (_, other) = b.sides(blockers_side);
        let recipients: SmallVec<[ObjId; 16]> = SmallVec::from_slice(other);
        let (blocked, defender) = (b.blocked, b.defender);
        let mut left = left;
        if left == u16::MAX {
            // The champion's turn to assign begins: its offense is the damage to assign.
            let offense = self.damage_of(champ);
            let breakthrough = self.look().has(champ, Keyword::Breakthrough);
            left = if blockers_side {
                if recipients.is_empty() {
                    0
                } else {
                    offense
                }
            } else if !blocked {
                self.push_assignment(champ, Entity::Player(defender), offense);
                0
            } else if breakthrough && b.apply_excess {
                // 4.4.11a, 5.7.6: the blockers' defense is covered first; the excess goes
                // to the defending player.
                let b = self.st.battle.as_mut().expect("in battle");
                let absorb = offense.min(b.breakthrough_left);
                b.breakthrough_left -= absorb;
                self.push_assignment(champ, Entity::Player(defender), offense - absorb);
                if recipients.is_empty() {
                    0
                } else {
                    absorb
                }
            } else if recipients.is_empty() {
                0 // 4.4.12: no one left to hit.
            } else {
                offense
            };
        }
        if left == 0 {
            self.finish_assigning(blockers_side);
            return Flow::Continue;
        }
        self.st.step = Step::AssignDamage {
            blockers_side,
            left,
        };
        if recipients.len() == 1 {
            self.assign(Entity::Obj(recipients[0]), left);
            return Flow::Continue;
        }
        // A point more on a champion already assigned enough to break it changes
        // nothing, unless it is the first from a champion whose ability counts the
        // champions it damages.
        let b = self.st.battle.as_ref().expect("in battle");
        let counts_champions = self.st.continuous.grants_triggers
            || self.pool.flags(self.st.obj(champ).card).triggers & Trigger::DamagesChampion.bit()
                != 0;
        let look = self.look();
        let offers: SmallVec<[Recipient; 16]> = recipients
            .iter()
            .map(|&r| {
                // What is assigned to it so far, and whether `champ` assigned any of it.
                let already = i64::from(b.assigned_to(r));
                let touched =
                    (b.assigned.iter()).any(|&(from, to, _)| from == champ && to == Entity::Obj(r));
                let damage = look.st.obj(r).damage as i64 + already;
                // A champion's stats cost a look at every anthem in play: read once.
                let (offense, defense) = look.offense_and_defense(r);
                let needed = defense as i64 - damage;
                Recipient {
                    obj: r,
                    lethal: needed.clamp(1, u16::MAX as i64) as u16,
                    breaks: needed <= 0,
                    point_matters: needed > 0 || (counts_champions && !touched),
                    alike: (
                        look.st.obj(r).card,
                        look.st.obj(r).controller,
                        [offense as i64, defense as i64, damage],
                        touched,
                    ),
                }
            })
            .collect();
        if b.lethal_first || offers.iter().all(|r| !r.point_matters) {
            // Enough to break the first that needs it; once every one breaks, where the
            // rest goes changes nothing.
            let (to, amount) = offers
                .iter()
                .find(|r| !r.breaks)
                .map_or((recipients[0], left), |r| (r.obj, r.lethal.min(left)));
            self.assign(Entity::Obj(to), amount);
            return Flow::Continue;
        }
        let chooser = self.st.obj(champ).controller;
        self.ask_with(chooser, DecisionKind::AssignDamage, |_, options| {
            let mut kinds: SmallVec<[&RecipientKind; 16]> = SmallVec::new();
            for r in &offers {
                // Champions alike (tokens of one kind, as damaged) are one choice.
                if kinds.contains(&&r.alike) {
                    continue;
                }
                kinds.push(&r.alike);
                // One point at a time makes any division (4.4.11b); exactly enough to
                // break it, and all that is left (which spares the others), are the
                // common ones in one step.
                let mut amounts: SmallVec<[u16; 3]> = SmallVec::new();
                if left > 1 && r.point_matters {
                    amounts.push(1);
                }
                if 1 < r.lethal && r.lethal < left {
                    amounts.push(r.lethal);
                }
                amounts.push(left);
                options.extend(amounts.into_iter().map(|amount| Choice::Assign {
                    to: Entity::Obj(r.obj),
                    amount,
                }));
            }
            // The whole side's damage in one decision.
            options.push(Choice::Done);
        })
    }

    /// 4.4.11b: the next champion of the side to assign its damage. Its controller
    /// chooses, unless the order cannot change where damage may go: a single champion
    /// with damage left to assign, or all of the side's damage going to one place (an
    /// unblocked attack, or one opposing champion and no breakthrough to share out).
    fn choose_next_assigner(&mut self, blockers_side: bool) -> Flow {
        if !self.st.battle.as_ref().expect("in battle").side_begun {
            let b = self.st.battle.as_ref().expect("in battle");
            let with_damage: SmallVec<[ObjId; 16]> = b
                .sides(blockers_side)
                .0
                .iter()
                .copied()
                .filter(|&o| self.damage_of(o) > 0)
                .collect();
            let b = self.st.battle.as_mut().expect("in battle");
            b.to_assign = with_damage;
            b.side_begun = true;
        }
        let b = self.st.battle.as_ref().expect("in battle");
        let other = b.sides(blockers_side).1;
        let waiting = &b.to_assign;
        let Some(&first) = waiting.first() else {
            let b = self.st.battle.as_mut().expect("in battle");
            b.side_begun = false;
            b.lethal_first = false;
            if blockers_side {
                self.deal_battle_damage();
            } else {
                self.st.step = Step::AssignDamage {
                    blockers_side: true,
                    left: u16::MAX,
                };
            }
            return Flow::Continue;
        };
        // Breakthrough champions share out the blockers' defense in the order they
        // assign (docs/rulings.md H-11), while any is left to cover.
        let look = self.look();
        let sharing = !blockers_side
            && b.apply_excess
            && b.breakthrough_left > 0
            && waiting.iter().any(|&o| look.has(o, Keyword::Breakthrough));
        let one_place = other.len() <= 1 && !sharing;
        let order_matters = waiting.len() > 1 && b.blocked && !one_place && !b.lethal_first;
        if !order_matters {
            self.start_assigning(first);
            return Flow::Continue;
        }
        // Champions alike (a card's copies, tokens of one kind) are one choice: which of
        // them goes first changes nothing.
        let mut offered: SmallVec<[(ObjId, AssignerKind); 16]> = SmallVec::new();
        for &o in waiting {
            let kind = self.assigner_kind(o);
            if !offered.iter().any(|(_, k)| *k == kind) {
                offered.push((o, kind));
            }
        }
        let chooser = self.st.obj(first).controller;
        self.ask_with(chooser, DecisionKind::DamageOrder, |_, options| {
            options.extend(offered.iter().map(|&(o, _)| Choice::Card(o)));
            options.push(Choice::Done);
        })
    }

    /// What a champion assigning damage is, as far as the order goes: champions of one
    /// kind assign alike.
    fn assigner_kind(&self, o: ObjId) -> AssignerKind {
        let look = self.look();
        let obj = self.st.obj(o);
        (
            obj.card,
            obj.controller,
            self.damage_of(o),
            look.has(o, Keyword::Breakthrough),
            look.blank(o),
        )
    }

    /// The chosen champion of the side assigns its damage now.
    fn start_assigning(&mut self, o: ObjId) {
        let b = self.st.battle.as_mut().expect("in battle");
        b.to_assign.retain(|x| *x != o);
        b.assigning = Some(o);
    }

    /// The champion assigning damage is done; the next is chosen.
    fn finish_assigning(&mut self, blockers_side: bool) {
        self.st.battle.as_mut().expect("in battle").assigning = None;
        self.st.step = Step::AssignDamage {
            blockers_side,
            left: u16::MAX,
        };
    }

    /// Answers the choices of the damage step other than where damage goes.
    fn answer_damage_step(&mut self, c: Choice) {
        match c {
            Choice::Card(o) => self.start_assigning(o),
            Choice::Done => self.st.battle.as_mut().expect("in battle").lethal_first = true,
            Choice::Yes | Choice::No => {
                self.st.battle.as_mut().expect("in battle").apply_excess = c == Choice::Yes;
                self.st.step = Step::AssignDamage {
                    blockers_side: false,
                    left: u16::MAX,
                };
            }
            _ => {}
        }
    }

    fn push_assignment(&mut self, from: ObjId, to: Entity, amount: u16) {
        if amount > 0 {
            self.st
                .battle
                .as_mut()
                .expect("in battle")
                .assigned
                .push((from, to, amount));
        }
    }

    fn assign(&mut self, to: Entity, amount: u16) {
        let Step::AssignDamage {
            blockers_side,
            left,
        } = self.st.step
        else {
            return;
        };
        let b = self.st.battle.as_ref().expect("in battle");
        let Some(champ) = b.assigning else {
            return;
        };
        self.push_assignment(champ, to, amount);
        let left = left.saturating_sub(amount);
        if left == 0 {
            self.finish_assigning(blockers_side);
        } else {
            self.st.step = Step::AssignDamage {
                blockers_side,
                left,
            };
        }
    }

    /// 4.4.11b – 4.4.14: all battle damage at once, one damage event per champion (its
    /// assignments to one recipient added up), then breaks, then its triggers.
    fn deal_battle_damage(&mut self) {
        let assigned = std::mem::take(&mut self.st.battle.as_mut().expect("in battle").assigned);
        let mut sources: ObjList = ObjList::new();
        for &(from, _, _) in &assigned {
            if !sources.contains(&from) {
                sources.push(from);
            }
        }
        for from in sources {
            let mut hits: SmallVec<[(Entity, u16); 16]> = SmallVec::new();
            for &(src, to, amount) in &assigned {
                if src != from {
                    continue;
                }
                match hits.iter_mut().find(|(t, _)| *t == to) {
                    Some((_, n)) => *n = n.saturating_add(amount),
                    None => hits.push((to, amount)),
                }
            }
            self.deal_damage(Some(from), &hits, true);
        }
        self.check_state();
        if self.st.is_over() {
            return;
        }
        if self.st.sides() > 2 {
            // M4.4.11: with more than two players, the battle's triggers wait until the
            // game is back in the main phase (ruling H-06).
            self.end_battle();
        } else {
            // 4.4.14: with two, they resolve first, then the battle ends.
            self.st.step = Step::EndBattle;
        }
    }

    /// 4.4.15 / M4.4.15: the battle is over; the main phase resumes.
    fn end_battle(&mut self) {
        self.st.battle = None;
        self.emit(|| Event::BattleEnded);
        self.st.phase = Phase::Main;
        self.open(self.st.active, Window::Main);
    }

    // ---- end of turn ----------------------------------------------------------------

    fn begin_end_phase(&mut self) {
        self.st.undo_player = None;
        self.st.phase = Phase::End;
        self.emit(|| Event::PhaseBegan { phase: Phase::End });
        self.st.step = Step::EndTriggers;
    }

    /// 4.5.2a: "at end of turn" abilities and delayed actions resolve now.
    fn end_triggers(&mut self) {
        for i in 0..self.st.in_play.len() {
            let o = self.st.in_play[i];
            self.trigger(o, Trigger::EndOfTurn, None);
        }
        while let Some(d) = self.st.delayed.pop() {
            self.st.frames.push(d.frame);
        }
        self.st.step = Step::HandLimit;
    }

    /// 1.9.3: an eliminated player leaves the game with every card they own; cards of
    /// others they controlled return to their owners, and the effects, triggers and
    /// delayed effects they control end (docs/rulings.md H-29). If it was their turn, the
    /// next player's turn begins; if they held initiative, it passes on.
    pub fn leave_game(&mut self, p: PlayerId) {
        let involved = self
            .st
            .battle
            .as_ref()
            .is_some_and(|b| b.attacker == p || b.defender == p);
        let objs: ObjList = self
            .st
            .in_play
            .iter()
            .chain(&self.st.supplemental)
            .copied()
            .collect();
        for o in objs {
            let obj = self.st.obj(o);
            if obj.owner == p {
                self.move_to(o, Zone::Discard);
            } else if obj.controller == p {
                let owner = obj.owner;
                self.gain_control(o, owner, false);
            }
        }
        // After the cards went: what their going triggered leaves with the player too
        // (Warrior Golem's "goes into your discard pile").
        self.st.frames.retain(|f| f.controller != p);
        self.st.batch.retain(|t| t.controller != p);
        self.st.waiting.retain(|t| t.controller != p);
        self.st.delayed.retain(|d| d.frame.controller != p);
        if involved {
            self.st.battle = None;
            self.st.phase = Phase::Main;
            self.st.step = Step::Initiative {
                holder: self.st.active,
                window: Window::Main,
                made_play: false,
                last: None,
                again: false,
            };
        }
        if self.st.active == p {
            self.st.frames.clear();
            self.st.battle = None;
            self.cleanup_and_next_turn();
        } else if let Step::Initiative {
            holder,
            window,
            made_play,
            last,
            again,
        } = self.st.step
        {
            if holder == p {
                self.pass(p, window, made_play, last, again);
            }
        }
    }

    /// 4.5.2c – f, then the next player's turn.
    fn cleanup_and_next_turn(&mut self) {
        for i in 0..self.st.in_play.len() {
            let o = self.st.in_play[i];
            let obj = self.st.obj_mut(o);
            obj.damage = 0;
            if obj.flipped {
                obj.flipped = false;
                obj.expended = false;
            }
        }
        // The mark stays only for a champion with lethal damage and none dealt.
        self.st.damaged =
            (0..self.st.in_play.len()).any(|i| self.lethal_without_damage(self.st.in_play[i]));
        self.st.mods.retain(|m| m.permanent);
        self.st.summarize_continuous(self.pool);
        for (o, back) in std::mem::take(&mut self.st.control_reverts) {
            self.gain_control(o, back, false);
        }
        self.st.control_reverts.clear();
        self.st.no_attacks = false;
        for o in self.st.objs.iter_mut() {
            // A card revealed in a hand or on a deck goes on being known there
            // (`Obj::known`).
            o.known |= o.revealed && matches!(o.zone, Zone::Hand | Zone::Deck);
            o.revealed = false;
        }
        for p in self.st.team(self.st.active) {
            self.set_gold(p, 1);
        }
        for pl in self.st.players.iter_mut() {
            pl.bonus_gold = 0;
            pl.bonus_for = Alignments::default();
            pl.damaged_by.clear();
            pl.no_health_gain = false;
        }
        self.st.active = self.st.next_team(self.st.active);
        self.st.turn += 1;
        self.st.step = Step::StartPhase;
        self.check_state();
    }
}

/// The most steps the engine takes between two decisions (effect steps, triggers and
/// turn steps, single-option decisions included) before it calls the game a draw: no
/// game of real cards comes near it (docs/rulings.md R-11).
pub const MAX_STEPS: u32 = 10_000;

/// Read-only questions of initiative and battle, answered from one [`Look`].
impl Look<'_> {
    /// Whether `p` can pay all of a power's costs on `o` (3.5.3): costs of a kind add
    /// up, and a card can be expended or broken only once.
    pub fn can_pay(&self, p: PlayerId, o: ObjId, costs: &[PowerCost]) -> bool {
        let obj = self.st.obj(o);
        let in_play = obj.zone == Zone::InPlay;
        let t = PowerCost::total(costs);
        t.gold <= self.st.player(p).gold_for(self.def(o).alignments) as u32
            && t.discards as usize <= self.st.player(p).hand.len()
            && match t.expend {
                0 => true,
                1 => in_play && !obj.expended && (!obj.deploying || self.has(o, Keyword::Blitz)),
                _ => false,
            }
            && match t.break_this {
                0 => true,
                1 => in_play && !self.has(o, Keyword::Unbreakable),
                _ => false,
            }
            && (t.counters == 0 || (in_play && t.counters <= obj.counters as u32))
            && (t.breaks == 0 || self.breakable_of(p).len() >= t.breaks as usize)
            && t.banishes as usize <= self.st.player(p).discard.len()
    }

    /// The champions `p` controls.
    pub fn champions_of(&self, p: PlayerId) -> ObjList {
        self.st
            .in_play
            .iter()
            .copied()
            .filter(|&o| self.st.obj(o).controller == p && self.def(o).is_champion())
            .collect()
    }

    /// The champions `p` controls that can be broken (not unbreakable now).
    pub fn breakable_of(&self, p: PlayerId) -> ObjList {
        let mut mine = self.champions_of(p);
        mine.retain(|o| !self.has(*o, Keyword::Unbreakable));
        mine
    }

    /// 4.4.11a: the excess of breakthrough attackers' offense over the blockers' defense.
    pub fn breakthrough_excess(&self) -> u32 {
        let look = self;
        let Some(b) = self.st.battle.as_ref() else {
            return 0;
        };
        let breakthrough: u32 = b
            .attackers
            .iter()
            .filter(|&&o| look.has(o, Keyword::Breakthrough))
            .map(|&o| look.offense(o).max(0) as u32)
            .sum();
        breakthrough.saturating_sub(b.breakthrough_left as u32)
    }

    /// Whether a "must attack each turn if able" champion has yet to attack this turn
    /// (one attack a turn meets it, docs/rulings.md R-04).
    pub fn must_attack(&self, o: ObjId) -> bool {
        self.st.obj(o).attacked_turn != self.st.turn && self.has(o, Keyword::MustAttack)
    }

    /// The players `attacker` may attack now, clockwise (4.4.1; in a Hunter variant only
    /// the left neighbour).
    pub fn defenders(&self, attacker: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        // A team is attacked as one: through its first player still in the game (1.2).
        self.st.opponents(attacker).filter(move |&q| {
            self.st.leads_team(q) && self.st.may_attack(attacker, q) && self.can_be_attacked(q)
        })
    }

    pub fn defender_for(&self, attacker: PlayerId) -> Option<PlayerId> {
        self.defenders(attacker).next()
    }

    /// Whether the active player may declare a battle now, and whether a "must attack"
    /// champion (Raging T-Rex) that could attack keeps the turn from ending.
    pub fn battle_status(&self) -> (bool, bool) {
        if self.st.no_attacks || self.defender_for(self.st.active).is_none() {
            return (false, false);
        }
        let (mut any, mut must) = (false, false);
        for &o in &self.st.in_play {
            if self.st.is_active(self.st.obj(o).controller) && self.can_attack(o) {
                any = true;
                must |= self.must_attack(o);
            }
        }
        (any, must)
    }
}

/// An opposing champion as a recipient of the damage being assigned (4.4.11b).
struct Recipient {
    obj: ObjId,
    /// Damage that breaks it, counting what is assigned already (at least 1).
    lethal: u16,
    /// It is assigned enough to break it already.
    breaks: bool,
    /// One more point on it can change the game.
    point_matters: bool,
    alike: RecipientKind,
}

/// What tells champions apart as recipients of damage: card and controller; offense,
/// defense and damage (assigned included); whether the champion assigning has hit it.
type RecipientKind = (epic_model::CardId, PlayerId, [i64; 3], bool);

/// What tells champions apart as assigners of damage: card and controller, damage to
/// assign, breakthrough, abilities lost.
type AssignerKind = (epic_model::CardId, PlayerId, u16, bool, bool);
