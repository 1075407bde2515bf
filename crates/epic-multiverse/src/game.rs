//! The game and its turn (§Parts of the Turn): the deal and the opening redraws, then
//! each turn's untap, draw, foothold, combat, recruiting and discard, one decision at a
//! time. Combat's results are [`crate::combat`]'s.

use crate::card::{CardId, Energy};
use crate::events::Event;
use crate::state::*;
use crate::Pool;
use epic_game::{Refused, Seat, SetupError};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::sync::Arc;

/// The most seats a free-for-all seats (F-15.4 names no limit; ruling M-11).
pub const MAX_PLAYERS: usize = 6;

/// A game of the multiverse rulebook in progress.
#[derive(Clone, Debug)]
pub struct MultiverseGame {
    pub(crate) pool: Arc<Pool>,
    pub(crate) players: Vec<Player>,
    pub(crate) first: Seat,
    pub(crate) active: Seat,
    /// Turns begun, from 1; 0 while opening hands are redrawn.
    pub(crate) turn: u32,
    pub(crate) step: Step,
    /// Seats done with this step's decision (redraws, blocks), as bits.
    pub(crate) done: u16,
    /// At the discard step: the hand was over seven, so discards are owed.
    pub(crate) over_limit: bool,
    pub(crate) attacks: Vec<Attack>,
    pub(crate) blocks: Vec<Block>,
    /// Heroic acts declared this combat: (hero, the character it protects).
    pub(crate) heroics: Vec<(CharId, CharId)>,
    /// Seats that performed a heroic act this turn, as bits (once a turn, F-14.6).
    pub(crate) heroic_seats: u16,
    /// Some character may bear a Possess or Enslave marker (ruling M-36): set when one
    /// is put, cleared when none is left, so that a game without them never looks.
    pub(crate) marked: bool,
    /// The agreed game value: the points that win (F-1.3, F-6.1).
    pub(crate) goal: u32,
    pub(crate) next_id: CharId,
    pub(crate) rng: Pcg64Mcg,
    pub(crate) decider: Option<Seat>,
    pub(crate) options: Vec<Choice>,
    pub(crate) winners: Option<Vec<Seat>>,
    /// Ended at the turn limit (ruling M-12).
    pub(crate) ruled_over: bool,
    /// What the last decision did, in order.
    pub(crate) events: Vec<Event>,
    /// The incident window open while the step is [`Step::Incidents`].
    pub(crate) window: Window,
    /// The action a response window answers.
    pub(crate) taken: Option<Taken>,
    /// Incidents in play and device uses, in the order they came.
    pub(crate) lasting: Vec<Lasting>,
    /// Each for themselves or in teams; a countdown (F-15.3, F-15.7).
    pub(crate) variant: crate::variant::Variant,
    /// The countdown's markers discarded: rounds begun (ruling M-30).
    pub(crate) rounds: u32,
    /// A campaign's battle under way, from 1 (ruling M-45).
    pub(crate) battle: u32,
    /// Turns begun before this battle's first.
    pub(crate) opened: u32,
    /// A seat has scored the battle's value: the intermission comes once the action
    /// that scored it is over.
    pub(crate) battle_over: bool,
    /// Who chooses the next battle's first player: the last battle's loser.
    pub(crate) chooser: Seat,
    /// The attacks invisible characters made in their side's last turn, by the seat that
    /// made them: attacker and target (what an invisible character may be attacked by,
    /// ruling M-33).
    pub(crate) last_attacks: Vec<(Seat, CharId, CharId)>,
}

impl MultiverseGame {
    /// A new game: each seat's deck (cards of `pool`) shuffled from `seed`, seven cards
    /// each, the first player drawn unless given, played to `goal` points by the rules
    /// of `variant`.
    pub fn new(
        pool: Arc<Pool>,
        decks: Vec<Vec<CardId>>,
        seed: u64,
        first: Option<Seat>,
        goal: u32,
        variant: crate::variant::Variant,
    ) -> Result<MultiverseGame, SetupError> {
        if !(2..=MAX_PLAYERS).contains(&decks.len()) {
            return Err(SetupError::new(format!(
                "a multiverse game has 2 to {MAX_PLAYERS} seats"
            )));
        }
        if let Some(f) = first.filter(|&f| usize::from(f) >= decks.len()) {
            return Err(SetupError::new(format!(
                "there is no seat {} to go first",
                f + 1
            )));
        }
        if !variant.fits(decks.len()) {
            return Err(SetupError::new("the seats do not make teams of one size"));
        }
        let mut g = MultiverseGame::blank(pool, decks.len(), seed, goal);
        g.variant = variant;
        for (p, mut deck) in g.players.iter_mut().zip(decks) {
            p.read_deck_list(&g.pool, &deck);
            deck.shuffle(&mut g.rng);
            p.deck = deck;
        }
        let seats = g.players.len();
        let first = first.unwrap_or_else(|| g.rng.gen_range(0..seats) as Seat);
        (g.first, g.active) = (first, first);
        for seat in 0..seats as Seat {
            g.draw(seat, HAND);
        }
        g.events.clear();
        g.run();
        Ok(g)
    }

    /// A game of `seats` Beyonders with nothing anywhere, before the deal.
    pub(crate) fn blank(pool: Arc<Pool>, seats: usize, seed: u64, goal: u32) -> MultiverseGame {
        MultiverseGame {
            pool,
            players: vec![Player::default(); seats],
            first: 0,
            active: 0,
            turn: 0,
            step: Step::Redraw,
            done: 0,
            over_limit: false,
            attacks: Vec::new(),
            blocks: Vec::new(),
            heroics: Vec::new(),
            heroic_seats: 0,
            marked: false,
            goal: goal.max(1),
            next_id: 0,
            rng: Pcg64Mcg::seed_from_u64(seed),
            decider: None,
            options: Vec::new(),
            winners: None,
            ruled_over: false,
            events: Vec::new(),
            window: Window::Upkeep,
            taken: None,
            last_attacks: Vec::new(),
            lasting: Vec::new(),
            variant: crate::variant::Variant::default(),
            rounds: 0,
            battle: 1,
            opened: 0,
            battle_over: false,
            chooser: 0,
        }
    }

    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[usize::from(seat)]
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn active(&self) -> Seat {
        self.active
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn goal(&self) -> u32 {
        self.goal
    }

    pub fn attacks(&self) -> &[Attack] {
        &self.attacks
    }

    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// Teams or a countdown.
    pub fn variant(&self) -> crate::variant::Variant {
        self.variant
    }

    /// Incidents in play and device uses, in the order they came.
    pub fn lasting(&self) -> &[Lasting] {
        &self.lasting
    }

    /// What the last decision did.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn seat_count(&self) -> usize {
        self.players.len()
    }

    /// The character `id`, in play, with its controller.
    pub fn character(&self, id: CharId) -> Option<(Seat, &InPlay)> {
        self.players.iter().enumerate().find_map(|(s, p)| {
            p.characters
                .iter()
                .find(|c| c.id == id)
                .map(|c| (s as Seat, c))
        })
    }

    /// The character `id` in a holding area, with its owner.
    pub fn held(&self, id: CharId) -> Option<(Seat, &InPlay)> {
        self.players.iter().enumerate().find_map(|(s, p)| {
            p.holding
                .iter()
                .find(|c| c.id == id)
                .map(|c| (s as Seat, c))
        })
    }

    pub(crate) fn character_mut(&mut self, id: CharId) -> Option<&mut InPlay> {
        self.players
            .iter_mut()
            .flat_map(|p| p.characters.iter_mut())
            .find(|c| c.id == id)
    }

    /// Seats still playing, from the active one in turn order.
    pub(crate) fn seats_from(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        let n = self.players.len();
        (0..n)
            .map(move |i| ((usize::from(seat) + i) % n) as Seat)
            .filter(|&s| !self.players[usize::from(s)].out)
    }

    pub(crate) fn draw(&mut self, seat: Seat, count: usize) {
        let p = &mut self.players[usize::from(seat)];
        let count = count.min(p.deck.len());
        for _ in 0..count {
            if let Some(card) = p.deck.pop() {
                p.hand.push(card);
            }
        }
        if count > 0 {
            self.events.push(Event::Drew {
                seat,
                count: count as u8,
            });
        }
    }

    fn has_foothold_in_hand(&self, seat: Seat) -> bool {
        let pool = &self.pool;
        self.player(seat)
            .hand
            .iter()
            .any(|&c| pool.get(c).foothold().is_some())
    }

    /// Shows the hand, shuffles it into the deck and draws seven (F-6.8).
    fn redraw(&mut self, seat: Seat) {
        let p = &mut self.players[usize::from(seat)];
        let shown = std::mem::take(&mut p.hand);
        p.deck.extend(&shown);
        p.deck.shuffle(&mut self.rng);
        p.redraws += 1;
        p.shown = shown.clone();
        self.events.push(Event::Redrew { seat, shown });
        self.draw(seat, HAND);
    }

    /// Takes one of the pending decision's options and plays on to the next decision.
    /// Anything not offered is refused and changes nothing.
    pub fn apply(&mut self, choice: Choice) -> Result<(), Refused> {
        self.events.clear();
        if let Choice::Concede { seat } = choice {
            return self.concede(seat);
        }
        let Some(seat) = self.decider else {
            return Err(Refused);
        };
        if !self.options.contains(&choice) {
            return Err(Refused);
        }
        self.answer(seat, choice);
        self.run();
        Ok(())
    }

    fn answer(&mut self, seat: Seat, choice: Choice) {
        let s = usize::from(seat);
        match choice {
            Choice::Redraw => self.redraw(seat),
            Choice::Keep => {
                self.done |= 1 << seat;
                self.events.push(Event::Kept { seat });
            }
            Choice::Foothold { card } => {
                let p = &mut self.players[s];
                if let Some(i) = p.hand.iter().position(|&c| c == card) {
                    p.hand.remove(i);
                }
                if let Some(energy) = self.pool.get(card).foothold() {
                    p.footholds.push(Foothold {
                        card,
                        energy,
                        tapped: false,
                    });
                }
                p.played_foothold = true;
                self.events.push(Event::Foothold { seat, card });
                self.open_window(Window::PreCombat);
            }
            Choice::NoFoothold => self.open_window(Window::PreCombat),
            Choice::Attack {
                attacker,
                target,
                power,
            } => self.declare_attack(seat, attacker, target, power, false),
            Choice::Unplug { attacker, target } => {
                self.declare_attack(seat, attacker, target, 0, true)
            }
            Choice::Fly { id } => self.fly(seat, id),
            Choice::Assist { helper, target } => self.assist(seat, helper, target),
            Choice::HeroicAct { hero, target } => self.heroic_act(seat, hero, target),
            Choice::Hide { id } => self.hide(seat, id),
            Choice::Phase { id } => self.phase(seat, id),
            Choice::Fade { id } => self.fade(seat, id),
            Choice::Sabotage { by, holder, item } => self.sabotage(by, holder, item),
            Choice::Teleport { by, target } => self.teleport(seat, by, target),
            Choice::Resurrect { by, card } => self.resurrect(seat, by, card),
            Choice::Swarm { by } => self.swarm(seat, by),
            Choice::Mimic { id, ability } => self.mimic(seat, id, ability),
            Choice::Release { id } => {
                if let Some(c) = self.character_mut(id) {
                    c.tapped = false;
                }
            }
            Choice::Heal { healer, target } => self.heal(seat, healer, target),
            Choice::EndAttacks => {
                self.step = if self.attacks.is_empty() {
                    Step::Recruit
                } else {
                    self.done = 0;
                    Step::Blocks
                }
            }
            Choice::Block { blocker, target } => self.declare_block(seat, blocker, target),
            Choice::EndBlocks => self.done |= 1 << seat,
            Choice::Recruit { card, pay } => {
                self.recruit(seat, card, pay);
                self.after_action();
            }
            Choice::Return { id } => {
                self.bring_back(seat, id);
                self.after_action();
            }
            Choice::Evacuate { id, pay } => {
                self.evacuate(seat, id, pay);
                self.after_action();
            }
            Choice::Equip { card, holder, pay } => {
                self.equip(seat, card, holder, pay);
                self.after_action();
            }
            Choice::UseDevice { holder, item } => self.use_device(seat, holder, item),
            Choice::Recover { holder, item } => self.restore_item(holder, holder, item, false),
            Choice::Repair { tech, holder, item } => self.restore_item(tech, holder, item, true),
            Choice::EndRecruit => self.open_window(Window::PostCombat),
            Choice::Incident { card, aim } => self.play_incident(seat, card, aim),
            Choice::Pass => self.done |= 1 << seat,
            Choice::Discard { card } => {
                let p = &mut self.players[s];
                if let Some(i) = p.hand.iter().position(|&c| c == card) {
                    p.hand.remove(i);
                    p.discard.push(card);
                }
                self.events.push(Event::Discarded {
                    seat,
                    card: Some(card),
                });
                if !self.over_limit || p.hand.len() <= HAND {
                    self.end_turn();
                }
            }
            Choice::EndTurn => self.end_turn(),
            Choice::Dismiss { id } => self.dismiss(seat, id),
            Choice::First { seat: first } => self.next_battle(first),
            Choice::Concede { .. } => {}
        }
    }

    /// Plays on until a seat must decide, or the game is over.
    pub(crate) fn run(&mut self) {
        loop {
            self.settle();
            self.options.clear();
            self.decider = None;
            if self.winners.is_some() {
                return;
            }
            if self.battle_over {
                self.intermission();
                continue;
            }
            if let Some(seat) = self.ask() {
                // A battle won in the step asks nothing more of it (ruling M-45).
                if self.battle_over {
                    continue;
                }
                self.decider = Some(seat);
                return;
            }
        }
    }

    /// The decision of the step now, its options in `self.options`; or, when the step
    /// has none to ask, the game moved on (and `None`).
    fn ask(&mut self) -> Option<Seat> {
        let active = self.active;
        match self.step {
            Step::Redraw => {
                let Some(seat) = self
                    .seats_from(self.first)
                    .find(|&s| self.done & (1 << s) == 0)
                else {
                    self.done = 0;
                    self.begin_turn();
                    return None;
                };
                // Every seat is asked, a hand with a foothold only to keep it: whether
                // the question comes must not tell the others what the hand holds.
                if self.player(seat).redraws >= REDRAWS {
                    self.done |= 1 << seat;
                    return None;
                }
                self.redraw_options(seat);
                Some(seat)
            }
            Step::Foothold => {
                // Asked even with no foothold in hand, which the others may not know;
                // not once one is played, which they saw.
                if self.player(active).played_foothold {
                    self.step = Step::Attacks;
                    return None;
                }
                self.foothold_options();
                Some(active)
            }
            Step::Attacks => {
                self.attack_options();
                if self.options == [Choice::EndAttacks] {
                    self.answer(active, Choice::EndAttacks);
                    return None;
                }
                Some(active)
            }
            Step::Blocks => {
                let defenders: Vec<Seat> = self
                    .seats_from(active)
                    .filter(|&s| {
                        self.done & (1 << s) == 0 && self.attacks.iter().any(|a| a.defender == s)
                    })
                    .collect();
                for seat in defenders {
                    self.block_options(seat);
                    if self.options.len() > 1 {
                        return Some(seat);
                    }
                    self.options.clear();
                    self.done |= 1 << seat;
                }
                self.open_window(Window::Combat);
                None
            }
            Step::Incidents => self.ask_incidents(),
            Step::Recruit => {
                self.recruit_options();
                Some(active)
            }
            Step::Discard => {
                if self.player(active).hand.is_empty() {
                    self.end_turn();
                    return None;
                }
                self.discard_options(active);
                Some(active)
            }
            Step::Intermission => Some(self.intermission_options()),
        }
    }

    /// The options of the step now, recomputed (a sample's dealt hand offers others).
    pub(crate) fn refresh_options(&mut self) {
        let Some(seat) = self.decider else { return };
        self.options.clear();
        match self.step {
            Step::Redraw => self.redraw_options(seat),
            Step::Foothold => self.foothold_options(),
            Step::Attacks => self.attack_options(),
            Step::Blocks => self.block_options(seat),
            Step::Recruit => self.recruit_options(),
            Step::Incidents => self.incident_options(seat),
            Step::Discard => self.discard_options(seat),
            Step::Intermission => {
                self.intermission_options();
            }
        }
    }

    /// The options' buffer, emptied, for a step that lists its options while it reads the
    /// game: reused from decision to decision, not allocated anew.
    pub(crate) fn option_buffer(&mut self) -> Vec<Choice> {
        let mut options = std::mem::take(&mut self.options);
        options.clear();
        options
    }

    /// Discard a card (each card of the hand once), or, unless discards are owed, end
    /// the turn.
    fn discard_options(&mut self, seat: Seat) {
        let mut cards = self.player(seat).hand.clone();
        cards.sort_unstable();
        cards.dedup();
        self.options
            .extend(cards.into_iter().map(|card| Choice::Discard { card }));
        if !self.over_limit {
            self.options.push(Choice::EndTurn);
        }
    }

    /// Untap and upkeep (§Beginning phase): the upkeep's window for incidents, then
    /// the draw.
    fn begin_turn(&mut self) {
        self.turn += 1;
        let seat = self.active;
        // This turn's attacks will be this side's last.
        self.last_attacks.retain(|&(s, _, _)| s != seat);
        let possessors: Vec<CharId> = (self.players.iter())
            .flat_map(|p| &p.characters)
            .filter_map(|c| c.master.filter(|m| !m.enslaved).map(|m| m.by))
            .collect();
        let p = &mut self.players[usize::from(seat)];
        p.turns += 1;
        p.played_foothold = false;
        // Untap (skipped on the game's first turn, when nothing is tapped).
        for f in &mut p.footholds {
            f.tapped = false;
        }
        for c in &mut p.characters {
            // A possessor stays tapped while it possesses (ruling M-36).
            c.tapped = c.tapped && possessors.contains(&c.id);
            c.attacks = 0;
            c.raging = false;
            c.flew = false;
        }
        for c in &mut p.holding {
            c.tapped = false;
        }
        // What lasts for the turn ends: teamwork, leadership, heroic acts, what Mimic
        // and Magic took.
        for c in self.players.iter_mut().flat_map(|p| &mut p.characters) {
            c.boost = (0, 0);
            c.helped = 0;
            c.mimicked = None;
        }
        self.heroic_seats = 0;
        self.events.push(Event::Turn {
            seat,
            turn: self.turn,
        });
        if let Some(rounds) = self.variant.rounds {
            if Some(seat) == self.marker_holder() {
                self.rounds += 1;
                self.events.push(Event::Countdown {
                    left: rounds.saturating_sub(self.rounds),
                });
            }
        }
        // Upkeep: what this player played for a turn ends (ruling M-23).
        self.end_lasting(|g, l| {
            l.seat == seat
                && g.pool
                    .get(l.card)
                    .incident()
                    .is_some_and(|i| i.duration == crate::effect::Duration::Turn)
        });
        self.regenerate(seat);
        self.open_window(Window::Upkeep);
    }

    /// Draw: up to seven, or one with seven or more (ruling M-10); the first player
    /// skips it on the first turn (of each battle of a campaign). Then the foothold
    /// step.
    pub(crate) fn draw_step(&mut self) {
        let seat = self.active;
        if self.turn != self.opened + 1 {
            let hand = self.player(seat).hand.len();
            self.draw(seat, if hand < HAND { HAND - hand } else { 1 });
        }
        self.step = Step::Foothold;
    }

    /// Redraw a hand without footholds (F-6.8), or keep it.
    fn redraw_options(&mut self, seat: Seat) {
        if !self.has_foothold_in_hand(seat) {
            self.options.push(Choice::Redraw);
        }
        self.options.push(Choice::Keep);
    }

    fn foothold_options(&mut self) {
        let seat = self.active;
        let p = self.player(seat);
        if !p.played_foothold {
            let mut cards: Vec<CardId> = p
                .hand
                .iter()
                .copied()
                .filter(|&c| self.pool.get(c).foothold().is_some())
                .collect();
            cards.sort_unstable();
            cards.dedup();
            // The first-turn redraw of a hand without footholds (F-6.8, ruling M-09).
            if cards.is_empty() && p.turns == 1 && p.redraws < REDRAWS {
                self.options.push(Choice::Redraw);
            }
            self.options
                .extend(cards.into_iter().map(|card| Choice::Foothold { card }));
        }
        self.options.push(Choice::NoFoothold);
    }

    /// Whether `seat` can pay `cost` in `energy` with its untapped footholds.
    pub(crate) fn can_pay(&self, seat: Seat, energy: Energy, cost: u8) -> bool {
        self.player(seat).untapped(energy) >= usize::from(cost)
    }

    /// Taps `cost` untapped footholds of `energy`, the first in play first.
    pub(crate) fn pay(&mut self, seat: Seat, energy: Energy, cost: u8) {
        let mut left = usize::from(cost);
        for f in &mut self.players[usize::from(seat)].footholds {
            if left == 0 {
                break;
            }
            if !f.tapped && energy.pays(f.energy) {
                f.tapped = true;
                left -= 1;
            }
        }
    }

    /// Whether a unique character of `card` may enter play: no character of that name
    /// (the pool's names are its cards') is in play (F-6.6, ruling M-08).
    fn unique_allows(&self, card: CardId) -> bool {
        let c = self.pool.get(card);
        c.character().is_some_and(|ch| ch.non_unique)
            || !self
                .players
                .iter()
                .flat_map(|p| &p.characters)
                .any(|other| other.card == card)
    }

    /// The points of the characters in `seat`'s holding area.
    pub fn holding_points(&self, seat: Seat) -> u32 {
        self.player(seat)
            .holding
            .iter()
            .filter(|c| !c.token)
            .map(|c| u32::from(self.pool.get(c.card).cost))
            .sum()
    }

    fn recruit_options(&mut self) {
        let seat = self.active;
        let mut options = self.option_buffer();
        let p = self.player(seat);
        let mut hand: Vec<CardId> = p.hand.clone();
        hand.sort_unstable();
        hand.dedup();
        let discount = self.discount(seat);
        for &card in &hand {
            let c = self.pool.get(card);
            if c.character().is_none() || !self.unique_allows(card) {
                continue;
            }
            for pay in c.paid_with() {
                if self.can_pay(seat, pay, c.cost.saturating_sub(discount)) {
                    options.push(Choice::Recruit { card, pay });
                }
            }
        }
        self.item_options(seat, &hand, &mut options);
        for held in &p.holding {
            if !held.tapped && self.unique_allows(held.card) {
                options.push(Choice::Return { id: held.id });
            }
        }
        let room = HOLDING_CAPACITY.saturating_sub(self.holding_points(seat));
        for ch in &p.characters {
            let c = self.pool.get(ch.card);
            if u32::from(c.cost) > room {
                continue;
            }
            for pay in c.paid_with() {
                if self.can_pay(seat, pay, c.cost.div_ceil(2)) {
                    options.push(Choice::Evacuate { id: ch.id, pay });
                }
            }
        }
        self.activated_options(seat, &mut options);
        self.drop_locked(&mut options);
        options.push(Choice::EndRecruit);
        self.options = options;
    }

    fn recruit(&mut self, seat: Seat, card: CardId, pay: Energy) {
        let cost = self.pool.get(card).cost.saturating_sub(self.discount(seat));
        self.pay(seat, pay, cost);
        let id = self.next_id;
        self.next_id += 1;
        let p = &mut self.players[usize::from(seat)];
        if let Some(i) = p.hand.iter().position(|&c| c == card) {
            p.hand.remove(i);
        }
        self.events.push(Event::Recruited {
            seat,
            card,
            pay,
            cost,
        });
        let ch = self.entering(
            seat,
            InPlay {
                id,
                card,
                ..InPlay::default()
            },
        );
        self.players[usize::from(seat)].characters.push(ch);
        self.taken = Some(Taken {
            seat,
            action: crate::effect::Action::Recruit,
            card,
            id,
            before: None,
            kind: None,
            undone: false,
        });
    }

    /// A character as it enters play, from a hand or a holding area, at full health
    /// (F-11.5): hidden with Stealth or Conceal, in flight with Flight (ruling M-15),
    /// and its dice rolled — Defensive Increase, Super Strength, Random Power (F-13.9,
    /// ruling M-17).
    pub(crate) fn entering(&mut self, seat: Seat, ch: InPlay) -> InPlay {
        use crate::abilities::{Ability, AttackKind, Power};
        let mut set = self.pool.abilities(ch.card);
        let mut gave = Vec::new();
        let mut random = None;
        if set.has(Ability::RandomAbility) {
            let roll: u8 = (0..6).map(|_| self.rng.gen_range(1..=6u8)).sum();
            random = Ability::random(roll);
            if let Some(a) = random {
                set = set.with(a);
                gave.push(format!("Random Ability {roll}: {}", a.label()));
            }
        }
        let c = set;
        let mut ch = InPlay {
            id: ch.id,
            card: ch.card,
            hidden: c.has(Ability::Stealth) || c.has(Ability::Conceal),
            flying: c.has(Ability::Flight),
            random,
            // A Swarm marker back from the holding area is still a marker.
            token: ch.token,
            ..InPlay::default()
        };
        if c.has(Ability::SuperStrength) {
            ch.bonus.0 = self.rng.gen_range(1..=6);
            gave.push(format!("Super Strength +{} C", ch.bonus.0));
        }
        if c.has(Ability::DefensiveIncrease) {
            ch.bonus.1 = self.rng.gen_range(1..=6);
            gave.push(format!("Defensive Increase +{} D", ch.bonus.1));
        }
        if c.has(Ability::ImmuneRolled) {
            let kind = self.roll_power_kind();
            ch.immune_to = Some(kind);
            gave.push(format!("Immune ({})", kind.name()));
        }
        if c.has(Ability::RandomPower) {
            let kind = self.roll_power_kind();
            let detail = if kind == AttackKind::Psi {
                0
            } else {
                self.rng.gen_range(1..=6)
            };
            let value = self.rng.gen_range(1..=6) + self.rng.gen_range(1..=6);
            let power = Power {
                kind,
                value,
                latent: false,
                detail,
            };
            ch.rolled = Some(power);
            gave.push(format!("Random Power {power}"));
        }
        if !gave.is_empty() {
            self.events.push(Event::Rolled {
                seat,
                card: ch.card,
                gave: gave.join(", "),
            });
        }
        if ch.hidden {
            self.events.push(Event::Hid {
                seat,
                card: ch.card,
            });
        }
        self.build_in(seat, &ch);
        ch
    }

    /// A kind of power, as Random Power rolls it (F-13.9): 1d6, 1-2 Psi, 3-4 Energy
    /// Blast, 5-6 Matter Blast.
    fn roll_power_kind(&mut self) -> crate::abilities::AttackKind {
        use crate::abilities::AttackKind;
        match self.rng.gen_range(1..=6) {
            1 | 2 => AttackKind::Psi,
            3 | 4 => AttackKind::Energy,
            _ => AttackKind::Matter,
        }
    }

    /// Character `id` of `seat` leaves play for good, into its player's `zone` (a
    /// Swarm marker, no card, is gone), its items to the discard pile (F-9.9); the
    /// character as it was.
    pub(crate) fn leave_play(
        &mut self,
        seat: Seat,
        id: CharId,
        zone: fn(&mut Player) -> &mut Vec<CardId>,
    ) -> Option<InPlay> {
        let p = &mut self.players[usize::from(seat)];
        let i = p.characters.iter().position(|c| c.id == id)?;
        let ch = p.characters.remove(i);
        if !ch.token {
            zone(p).push(ch.card);
        }
        self.drop_items(seat, id);
        Some(ch)
    }

    /// A character back from the holding area, at full health, for free (F-11.5).
    fn bring_back(&mut self, seat: Seat, id: CharId) {
        let p = &mut self.players[usize::from(seat)];
        if let Some(i) = p.holding.iter().position(|c| c.id == id) {
            let held = p.holding.remove(i);
            self.events.push(Event::Returned {
                seat,
                card: held.card,
            });
            let ch = self.entering(seat, held);
            self.players[usize::from(seat)].characters.push(ch);
            self.taken = Some(Taken {
                seat,
                action: crate::effect::Action::Return,
                card: held.card,
                id,
                before: Some(held),
                kind: None,
                undone: false,
            });
        }
    }

    /// A character to the holding area for half its cost rounded up, healed of every
    /// wound (F-11.5).
    fn evacuate(&mut self, seat: Seat, id: CharId, pay: Energy) {
        let Some(i) = self.player(seat).characters.iter().position(|c| c.id == id) else {
            return;
        };
        let card = self.player(seat).characters[i].card;
        let cost = self.pool.get(card).cost.div_ceil(2);
        self.pay(seat, pay, cost);
        let Some(ch) = self.move_to_holding(seat, id) else {
            return;
        };
        self.events.push(Event::Evacuated {
            seat,
            card,
            pay,
            cost,
        });
        self.taken = Some(Taken {
            seat,
            action: crate::effect::Action::Evacuate,
            card,
            id,
            before: Some(ch),
            kind: None,
            undone: false,
        });
    }

    /// The end of the turn: a player with no character in play and no resources is out
    /// (F-1.3, ruling M-13); the next seat's turn begins, or the game ends.
    fn end_turn(&mut self) {
        let seat = self.active;
        let p = self.player(seat);
        if !p.out && p.characters.is_empty() && p.deck.is_empty() {
            self.go_out(seat, crate::events::OutReason::Exhausted);
            if self.winners.is_some() {
                return;
            }
        }
        if self.turn >= MAX_TURNS {
            self.ruled_over = true;
            self.finish_on_points();
            return;
        }
        // A device's use lasts the turn.
        self.end_lasting(|_, l| l.device);
        let next = self.seats_from(seat).find(|&s| s != seat).unwrap_or(seat);
        // The countdown's last round is over when its marker holder's turn would come
        // again (F-15.7, ruling M-30): the game ends on points, or a campaign's battle.
        if let Some(rounds) = self.variant.rounds {
            if self.rounds >= rounds && Some(next) == self.marker_holder() {
                match self.campaign() {
                    true => self.battle_over = true,
                    false => self.finish_on_points(),
                }
                return;
            }
        }
        self.active = next;
        self.attacks.clear();
        self.blocks.clear();
        self.begin_turn();
    }

    /// Who discards the countdown's markers: the first player, or the next seat still
    /// playing after them.
    fn marker_holder(&self) -> Option<Seat> {
        self.seats_from(self.first).next()
    }

    pub(crate) fn finish(&mut self, winners: Vec<Seat>) {
        self.events.push(Event::Over {
            winners: winners.clone(),
            points: self.players.iter().map(|p| p.points).collect(),
        });
        self.winners = Some(winners);
        self.decider = None;
        self.options.clear();
    }

    /// `seat` leaves the game with its cards in play (F-1.3; a concession); the last
    /// seat left wins.
    pub(crate) fn go_out(&mut self, seat: Seat, why: crate::events::OutReason) {
        let p = &mut self.players[usize::from(seat)];
        p.out = true;
        let left = p.footholds.drain(..).map(|f| f.card);
        let left: Vec<CardId> = left
            .chain(p.characters.drain(..).filter(|c| !c.token).map(|c| c.card))
            .chain(p.holding.drain(..).filter(|c| !c.token).map(|c| c.card))
            .chain(p.items.drain(..).filter(|e| !e.built_in).map(|e| e.card))
            .collect();
        p.removed.extend(left);
        self.end_lasting(|_, l| l.seat == seat || l.aim == Aim::Seat { seat });
        self.attacks.retain(|a| a.defender != seat && a.by != seat);
        self.events.push(Event::Out { seat, why });
        let left: Vec<Seat> = self.seats_from(0).collect();
        if let Some(&first) = left.first() {
            if left.iter().all(|&s| self.allied(s, first)) {
                let team = self.team_members(first);
                self.finish(team);
            }
        }
    }

    fn concede(&mut self, seat: Seat) -> Result<(), Refused> {
        if self.winners.is_some() || usize::from(seat) >= self.players.len() {
            return Err(Refused);
        }
        if self.player(seat).out {
            return Err(Refused);
        }
        self.go_out(seat, crate::events::OutReason::Conceded);
        if self.winners.is_none() {
            let ids: Vec<CharId> = self
                .players
                .iter()
                .flat_map(|p| p.characters.iter().map(|c| c.id))
                .collect();
            self.blocks
                .retain(|b| ids.contains(&b.blocker) && ids.contains(&b.target));
            if self.step == Step::Intermission {
                // Between battles no turn is under way; a chooser who left passes the
                // choice on (ruling M-45).
                if self.chooser == seat {
                    let next = self.seats_from(seat).next();
                    self.chooser = next.unwrap_or(seat);
                }
            } else if seat == self.active {
                if self.step == Step::Redraw {
                    // Before the first turn: the next seat takes it.
                    let next = self.seats_from(seat).next().unwrap_or(seat);
                    self.active = next;
                } else {
                    self.end_turn();
                }
            }
        }
        self.run();
        Ok(())
    }

    /// Points to `seat`: reaching the game value wins at once (F-1.3); in a campaign,
    /// reaching the battle's value ends the battle (ruling M-45).
    pub(crate) fn score(&mut self, seat: Seat, points: u32) {
        self.players[usize::from(seat)].points += points;
        if self.campaign() {
            self.battle_scored(seat);
        } else if self.team_points(seat) >= self.goal {
            let team = self.team_members(seat);
            self.finish(team);
        }
    }
}
