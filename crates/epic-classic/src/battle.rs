//! Battle (T-13): attacks repeated within one Battle step, blocks by groups, range
//! striking first, airborne, breakthrough per attacker, hunter and deadly.

use crate::card::Kw;
use crate::game::{Choice, ClassicGame};
use crate::state::*;
use epic_game::Seat;

impl ClassicGame {
    fn live(&self, (o, life): (ObjId, u32)) -> bool {
        let obj = &self.objs[o as usize];
        obj.zone == Zone::Play && obj.life == life
    }

    fn with_life(&self, o: ObjId) -> (ObjId, u32) {
        (o, self.objs[o as usize].life)
    }

    /// Whether `blocker` could block `attacker` (T-13.4, T-13.5; X Ward: a warded
    /// attacker cannot be blocked by things of its ward).
    pub(crate) fn can_block(&self, blocker: ObjId, attacker: ObjId) -> bool {
        let (a, b) = (self.keywords(attacker), self.keywords(blocker));
        !a.has(Kw::UNBLOCKABLE)
            && (!a.has(Kw::AIRBORNE) || b.has(Kw::AIRBORNE) || b.has(Kw::RANGE))
            && !self
                .ward_of(attacker)
                .is_some_and(|w| self.alignment_of(blocker) == Some(w))
    }

    fn ready_champions(&self, seat: Seat) -> impl Iterator<Item = ObjId> + '_ {
        self.in_play.iter().copied().filter(move |&o| {
            let obj = &self.objs[o as usize];
            obj.controller == seat && obj.pose == Pose::Prepared && self.card(o).is_champion()
        })
    }

    pub(crate) fn attacker_options(&self) -> Vec<Choice> {
        let mut out: Vec<Choice> = self
            .ready_champions(self.active)
            .filter(|o| !self.chosen.contains(o))
            .map(Choice::Attacker)
            .collect();
        if self.chosen.is_empty() {
            out.push(Choice::EndBattle);
            return out;
        }
        for s in self.alive_from(self.active).skip(1) {
            out.push(Choice::AttackPlayer(s));
        }
        // T-13.7: a group of hunters may attack a champion each of them could block.
        if self
            .chosen
            .iter()
            .all(|&a| self.keywords(a).has(Kw::HUNTER))
        {
            for &o in &self.in_play {
                let obj = &self.objs[o as usize];
                if obj.controller != self.active
                    && !self.players[obj.controller as usize].out
                    && self.card(o).is_champion()
                    && self.chosen.iter().all(|&a| self.can_block(a, o))
                {
                    out.push(Choice::Hunt(o));
                }
            }
        }
        out
    }

    pub(crate) fn answer_attackers(&mut self, c: Choice) {
        match c {
            Choice::Attacker(o) => {
                self.chosen.push(o);
                self.ask = Some((self.active, Ask::Attackers));
            }
            Choice::EndBattle => self.enter(Step::Build),
            Choice::AttackPlayer(_) | Choice::Hunt(_) => {
                let chosen = std::mem::take(&mut self.chosen);
                for &o in &chosen {
                    self.objs[o as usize].pose = Pose::Expended;
                }
                let (defender, hunted) = match c {
                    Choice::Hunt(h) => {
                        if self.objs[h as usize].pose == Pose::Prepared {
                            self.objs[h as usize].pose = Pose::Flipped;
                        }
                        (self.objs[h as usize].controller, Some(self.with_life(h)))
                    }
                    Choice::AttackPlayer(s) => (s, None),
                    _ => unreachable!("matched above"),
                };
                self.attack = Some(Attack {
                    attackers: chosen.iter().map(|&o| self.with_life(o)).collect(),
                    defender,
                    hunted,
                    ..Attack::default()
                });
                self.window = Window::AfterAttack;
                self.holder = self.active;
                self.passes = 0;
            }
            _ => {}
        }
    }

    fn live_attackers(&self) -> Vec<ObjId> {
        self.attack.as_ref().map_or(Vec::new(), |a| {
            a.attackers
                .iter()
                .filter(|&&x| self.live(x))
                .map(|x| x.0)
                .collect()
        })
    }

    fn live_blockers(&self) -> Vec<ObjId> {
        self.attack.as_ref().map_or(Vec::new(), |a| {
            a.blockers
                .iter()
                .filter(|&&x| self.live(x))
                .map(|x| x.0)
                .collect()
        })
    }

    pub(crate) fn blocker_options(&self) -> Vec<Choice> {
        let Some(a) = &self.attack else {
            return Vec::new();
        };
        let attackers = self.live_attackers();
        let mut out: Vec<Choice> = self
            .ready_champions(a.defender)
            .filter(|o| !self.chosen.contains(o))
            .filter(|&o| attackers.iter().any(|&x| self.can_block(o, x)))
            .map(Choice::Blocker)
            .collect();
        out.push(Choice::NoMoreBlockers);
        out
    }

    pub(crate) fn answer_blockers(&mut self, c: Choice) {
        let defender = self.attack.as_ref().map_or(self.active, |a| a.defender);
        match c {
            Choice::Blocker(o) => {
                self.chosen.push(o);
                self.ask = Some((defender, Ask::Blockers));
            }
            Choice::NoMoreBlockers => {
                let chosen = std::mem::take(&mut self.chosen);
                for &o in &chosen {
                    self.objs[o as usize].pose = Pose::Flipped;
                }
                let blockers = chosen.iter().map(|&o| self.with_life(o)).collect();
                if let Some(a) = &mut self.attack {
                    a.blockers = blockers;
                }
                self.window = Window::AfterBlock;
                self.holder = self.active;
                self.passes = 0;
                // Ruling C-10: once blockers are declared, every veiled champion in the
                // fight is unveiled, the attackers first.
                for o in self.dealers() {
                    self.unveil(o);
                }
            }
            _ => {}
        }
    }

    /// Whether the attackers meet the defending player: no champion was declared to
    /// block and no champion is hunted. A blocked attack stays blocked, and a hunt stays
    /// a hunt, when the champions it met are gone (T-13.2, ruling C-25).
    fn unblocked(&self) -> bool {
        self.attack
            .as_ref()
            .is_some_and(|a| a.blockers.is_empty() && a.hunted.is_none())
    }

    /// Who a champion in this attack deals its battle damage to: blockers, the attackers
    /// it could block, the hunted champion, or (empty) the defending player if the attack
    /// is [unblocked](Self::unblocked), no one otherwise.
    pub(crate) fn recipients(&self, dealer: ObjId) -> Vec<ObjId> {
        let attackers = self.live_attackers();
        let blockers = self.live_blockers();
        // T-13.7: once other champions block, the hunted champion takes no part.
        let hunted = self
            .attack
            .as_ref()
            .filter(|a| a.blockers.is_empty())
            .and_then(|a| a.hunted)
            .filter(|&h| self.live(h));
        if attackers.contains(&dealer) {
            if !blockers.is_empty() {
                blockers
            } else {
                hunted.map(|h| vec![h.0]).unwrap_or_default()
            }
        } else if blockers.contains(&dealer) {
            attackers
                .into_iter()
                .filter(|&a| self.can_block(dealer, a))
                .collect()
        } else if hunted.is_some_and(|h| h.0 == dealer) {
            // Ruling C-14: a hunted champion that is not blocked for fights back.
            attackers
        } else {
            Vec::new()
        }
    }

    /// Every champion that deals battle damage in this attack.
    fn dealers(&self) -> Vec<ObjId> {
        let mut out = self.live_attackers();
        out.extend(self.live_blockers());
        if let Some(a) = &self.attack {
            if let Some(h) = a.hunted.filter(|&h| self.live(h) && a.blockers.is_empty()) {
                out.push(h.0);
            }
        }
        out
    }

    /// After the last window of an attack: damage with several recipients is assigned
    /// point by point by its champion's controller (T-13.2), then dealt.
    pub(crate) fn start_damage(&mut self) {
        for d in self.dealers() {
            let already = self
                .attack
                .as_ref()
                .is_some_and(|a| a.assigned.iter().any(|x| x.0 == d));
            let points = self.offense(d).max(0) as u16;
            if !already && points > 0 && self.recipients(d).len() > 1 {
                let seat = self.objs[d as usize].controller;
                self.ask = Some((
                    seat,
                    Ask::AssignDamage {
                        dealer: d,
                        left: points,
                    },
                ));
                return;
            }
        }
        self.deal_battle_damage();
    }

    pub(crate) fn assign(&mut self, dealer: ObjId, left: u16, to: ObjId) {
        if let Some(a) = &mut self.attack {
            match a.assigned.iter_mut().find(|x| x.0 == dealer && x.1 == to) {
                Some(x) => x.2 += 1,
                None => a.assigned.push((dealer, to, 1)),
            }
        }
        if left > 1 {
            let seat = self.objs[dealer as usize].controller;
            self.ask = Some((
                seat,
                Ask::AssignDamage {
                    dealer,
                    left: left - 1,
                },
            ));
        } else {
            self.start_damage();
        }
    }

    /// T-13.1 steps 6 and 7: champions with range deal damage, then those without;
    /// a champion broken by range damage deals none (ruling C-08). Then the attack ends.
    fn deal_battle_damage(&mut self) {
        let dealers = self.dealers();
        for range in [true, false] {
            let now: Vec<ObjId> = dealers
                .iter()
                .copied()
                .filter(|&d| self.keywords(d).has(Kw::RANGE) == range)
                .filter(|&d| self.objs[d as usize].zone == Zone::Play)
                .collect();
            let mut to_champions: Vec<(ObjId, ObjId, i32)> = Vec::new();
            let mut to_player = 0i32;
            let attackers = self.live_attackers();
            let blockers = self.live_blockers();
            let unblocked = self.unblocked();
            for d in now {
                let (offense, _, keywords) = self.stats(d);
                let offense = offense.max(0);
                let recipients = self.recipients(d);
                let assigned: Vec<(ObjId, ObjId, u16)> =
                    self.attack.as_ref().map_or(Vec::new(), |a| {
                        a.assigned.iter().filter(|x| x.0 == d).copied().collect()
                    });
                match recipients.len() {
                    0 if unblocked && attackers.contains(&d) => to_player += offense,
                    0 => {}
                    1 => to_champions.push((d, recipients[0], offense)),
                    _ => {
                        for (_, r, n) in assigned {
                            to_champions.push((d, r, n as i32));
                        }
                    }
                }
                // T-13.6: breakthrough, for each attacker on its own (ruling C-06), over
                // the defense of the champions it still meets: none left, all of it.
                if !unblocked && attackers.contains(&d) && keywords.has(Kw::BREAKTHROUGH) {
                    let wall = if blockers.is_empty() {
                        &recipients
                    } else {
                        &blockers
                    };
                    let total: i32 = wall.iter().map(|&b| self.defense(b).max(0)).sum();
                    to_player += (offense - total).max(0);
                }
            }
            // All damage of a step is dealt at the same time.
            for (d, r, n) in to_champions {
                if self.objs[r as usize].zone != Zone::Play {
                    continue;
                }
                let mut left = self.ward_left(r);
                self.damage_champion(r, n, (d, self.objs[d as usize].card), Some(&mut left));
                self.set_ward_left(r, left);
            }
            if to_player > 0 {
                if let Some(a) = &self.attack {
                    let defender = a.defender as usize;
                    self.players[defender].mojo =
                        self.players[defender].mojo.saturating_sub(to_player);
                }
            }
            self.check_state();
            if self.winners.is_some() || self.players[self.active as usize].out {
                // The game, or the turn (the run loop passes it on), is over.
                return;
            }
        }
        self.attack = None;
        self.window = Window::BeforeAttack;
        self.holder = self.active;
        self.passes = 0;
    }

    /// What is left of a champion's Damage Ward in this attack: one ward for the
    /// whole attack, as the rulebook's example X-09 counts it (ruling C-07).
    fn ward_left(&self, o: ObjId) -> u8 {
        let printed = self.card(o).keywords.damage_ward;
        self.attack
            .as_ref()
            .and_then(|a| a.warded.iter().find(|w| w.0 == o))
            .map_or(printed, |w| printed.saturating_sub(w.1))
    }

    fn set_ward_left(&mut self, o: ObjId, left: u8) {
        let printed = self.card(o).keywords.damage_ward;
        if let Some(a) = &mut self.attack {
            let used = printed.saturating_sub(left);
            match a.warded.iter_mut().find(|w| w.0 == o) {
                Some(w) => w.1 = used,
                None => a.warded.push((o, used)),
            }
        }
    }
}
