//! `ClassicGame`: setup, the decision loop, the steps and priority (T-6, T-8).

use crate::card::{ClassicCard, ClassicPool, Effect, Speed, Timing};
use crate::state::*;
use epic_game::Seat;
use epic_model::{CardId, CardType};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::sync::Arc;

/// One option of a classic decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Mulligan this card: it will go to the bottom of the deck (T-2.5).
    Bottom(ObjId),
    /// Done choosing: the cards chosen go to the bottom together and as many are drawn;
    /// with none chosen, the hand is kept.
    Keep,
    /// Pass priority; with the line empty, the active player's pass ends the step.
    Pass,
    /// Play this card from hand.
    Play(ObjId),
    /// Play this champion from hand face down, veiled (ruling C-10).
    PlayVeiled(ObjId),
    /// Turn this veiled champion face up (ruling C-10).
    Unveil(ObjId),
    /// Use this card's activated ability.
    Activate(ObjId, u8),
    /// Name this target for the item being announced.
    Target(Target),
    /// Add this champion to the attacking group.
    Attacker(ObjId),
    /// The group attacks this player.
    AttackPlayer(Seat),
    /// The group of hunters attacks this champion (T-13.7).
    Hunt(ObjId),
    /// End the Battle step.
    EndBattle,
    Blocker(ObjId),
    NoMoreBlockers,
    /// The next point of battle damage goes to this champion.
    Assign(ObjId),
    Discard(ObjId),
    Yes,
    No,
    /// Of one's contradicting as-triggers, this card's applies (T-10.6).
    Prefer(ObjId),
    /// Of one's when-triggers met together, this card's ability (its index among the
    /// card's when-triggers) goes on the line next (T-10.2).
    TriggerNext(ObjId, u8),
    /// This player concedes ([`ClassicGame::concede`]): never among the options, open to
    /// any player in the game whoever is deciding.
    Concede(Seat),
}

pub use epic_game::SetupError;

/// Whether a game can be played with this deck: 6 to [`MAX_DECK`] cards (more than the
/// opening hand), every one a card of the pool and none a token (T-12.6). `Err` says
/// why, to follow "the deck".
pub fn playable(pool: &ClassicPool, deck: &[CardId]) -> Result<(), String> {
    if deck.len() <= START_HAND || deck.len() > MAX_DECK {
        return Err(format!(
            "has {} cards; a classic deck has {} to {MAX_DECK}",
            deck.len(),
            START_HAND + 1
        ));
    }
    if let Some(bad) = deck.iter().find(|c| c.0 as usize >= pool.len()) {
        return Err(format!(
            "holds card id {}, which is not in the classic pool",
            bad.0
        ));
    }
    if let Some(token) = deck.iter().find(|c| pool.get(**c).token) {
        return Err(format!(
            "holds {}, a token; tokens are never in a deck (T-12.6)",
            pool.get(*token).name
        ));
    }
    Ok(())
}

/// The most players at one table.
pub const MAX_PLAYERS: usize = 8;
/// The most cards in one deck: far beyond any format, so memory stays bounded.
pub const MAX_DECK: usize = 1000;

/// A classic game: the whole state as a plain value.
#[derive(Clone, Debug)]
pub struct ClassicGame {
    pub(crate) pool: Arc<ClassicPool>,
    pub(crate) objs: Vec<Obj>,
    pub(crate) players: Vec<Player>,
    pub(crate) in_play: Vec<ObjId>,
    pub(crate) line: Vec<Item>,
    pub(crate) mods: Vec<Modifier>,
    pub(crate) triggers: Vec<Triggered>,
    pub(crate) turn: u32,
    pub(crate) first: Seat,
    pub(crate) active: Seat,
    pub(crate) step: Step,
    pub(crate) window: Window,
    /// The player with priority, and how many passed in a row since the last play.
    pub(crate) holder: Seat,
    pub(crate) passes: u8,
    pub(crate) attack: Option<Attack>,
    /// Attackers or blockers picked so far.
    pub(crate) chosen: Vec<ObjId>,
    pub(crate) announcing: Option<Announcing>,
    pub(crate) resolving: Option<Resolving>,
    pub(crate) ask: Option<(Seat, Ask)>,
    pub(crate) options: Vec<Choice>,
    pub(crate) winners: Option<Vec<Seat>>,
    /// The players out of the game, in order, each with the number of the state check
    /// that put them out, counting only checks that did: who lost first, and who lost
    /// together (T-2.4).
    pub(crate) losses: Vec<(Seat, u32)>,
    pub(crate) decisions: u32,
    pub(crate) rng: Pcg64Mcg,
    pub(crate) rules: Rules,
}

impl ClassicGame {
    /// A game between `decks.len()` players (2 to 8), seated in order; the first player
    /// is chosen at random (T-2.4) and every deck shuffled, all from `seed`.
    pub fn new(
        pool: Arc<ClassicPool>,
        decks: &[Vec<CardId>],
        seed: u64,
    ) -> Result<Self, SetupError> {
        ClassicGame::with_rules(pool, decks, seed, Rules::default())
    }

    /// As [`ClassicGame::new`], under the rules of a format (Pack War's deck-out).
    pub fn with_rules(
        pool: Arc<ClassicPool>,
        decks: &[Vec<CardId>],
        seed: u64,
        rules: Rules,
    ) -> Result<Self, SetupError> {
        ClassicGame::with_first(pool, decks, seed, rules, None)
    }

    /// As [`ClassicGame::with_rules`], `first` taking the first turn when given: in a
    /// match, the loser of the last game decides who does (T-2.4). The decks are
    /// shuffled alike either way.
    pub fn with_first(
        pool: Arc<ClassicPool>,
        decks: &[Vec<CardId>],
        seed: u64,
        rules: Rules,
        first: Option<Seat>,
    ) -> Result<Self, SetupError> {
        if let Some(f) = first.filter(|&f| usize::from(f) >= decks.len()) {
            return Err(SetupError::new(format!(
                "seat {} cannot go first: the game has {} players",
                u16::from(f) + 1,
                decks.len()
            )));
        }
        if !(2..=MAX_PLAYERS).contains(&decks.len()) {
            return Err(SetupError::new(format!(
                "a classic game has 2 to {MAX_PLAYERS} players, not {}",
                decks.len()
            )));
        }
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut objs = Vec::new();
        let mut players = Vec::new();
        for (seat, deck) in decks.iter().enumerate() {
            playable(&pool, deck)
                .map_err(|why| SetupError::new(format!("player {}'s deck {why}", seat + 1)))?;
            let mut cards = deck.clone();
            cards.shuffle(&mut rng);
            let base = objs.len();
            for card in cards {
                objs.push(Obj::new(card, seat as Seat, Zone::Deck));
            }
            let mut deck: Vec<ObjId> = (base..objs.len()).map(|i| i as ObjId).collect();
            let hand = deck.split_off(deck.len() - START_HAND);
            for &o in &hand {
                objs[o as usize].zone = Zone::Hand;
            }
            players.push(Player {
                mojo: START_MOJO,
                actions: 0,
                hand,
                deck,
                discard: Vec::new(),
                out: false,
                mulliganed: false,
                public_bottom: 0,
                mulligan_bottom: 0,
                as_choice: None,
            });
        }
        if objs.len() > ObjId::MAX as usize {
            return Err(SetupError::new("the decks hold too many cards in all"));
        }
        let drawn = rng.gen_range(0..decks.len()) as Seat;
        let first = first.unwrap_or(drawn);
        let mut g = ClassicGame::empty(pool, first, Step::Mulligan, rng);
        g.rules = rules;
        g.objs = objs;
        g.players = players;
        g.run();
        Ok(g)
    }

    /// A game with no cards or players yet, `first` to play, at `step`.
    pub(crate) fn empty(pool: Arc<ClassicPool>, first: Seat, step: Step, rng: Pcg64Mcg) -> Self {
        ClassicGame {
            pool,
            objs: Vec::new(),
            players: Vec::new(),
            in_play: Vec::new(),
            line: Vec::new(),
            mods: Vec::new(),
            triggers: Vec::new(),
            turn: 0,
            first,
            active: first,
            step,
            window: Window::BeforeAttack,
            holder: first,
            passes: 0,
            attack: None,
            chosen: Vec::new(),
            announcing: None,
            resolving: None,
            ask: None,
            options: Vec::new(),
            winners: None,
            losses: Vec::new(),
            decisions: 0,
            rng,
            rules: Rules::default(),
        }
    }

    pub fn pool(&self) -> &ClassicPool {
        &self.pool
    }

    /// The card an object is.
    pub fn card(&self, o: ObjId) -> &ClassicCard {
        self.pool.get(self.objs[o as usize].card)
    }

    pub fn players(&self) -> usize {
        self.players.len()
    }

    pub fn mojo(&self, seat: Seat) -> i32 {
        self.players[seat as usize].mojo
    }

    pub fn actions(&self, seat: Seat) -> u8 {
        self.players[seat as usize].actions
    }

    pub fn active(&self) -> Seat {
        self.active
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn ask(&self) -> Option<(Seat, &Ask)> {
        self.ask.as_ref().map(|(s, a)| (*s, a))
    }

    pub fn options(&self) -> &[Choice] {
        &self.options
    }

    pub fn winners(&self) -> Option<&[Seat]> {
        self.winners.as_deref()
    }

    /// Once the game is over, the players who lost first, who choose who takes the first
    /// turn of a match's next game (T-2.4): those who went out at the earliest moment
    /// (several when they went out together), else every player who did not win.
    /// Empty before the end and for a draw that no one lost.
    pub fn first_to_lose(&self) -> Vec<Seat> {
        let Some(winners) = &self.winners else {
            return Vec::new();
        };
        match self.losses.first() {
            Some(&(_, at)) => self
                .losses
                .iter()
                .filter(|l| l.1 == at)
                .map(|l| l.0)
                .collect(),
            None if winners.is_empty() => Vec::new(),
            None => (0..self.players.len() as Seat)
                .filter(|s| !winners.contains(s))
                .collect(),
        }
    }

    /// The line, bottom first: each item's card and its text's source.
    pub fn line(&self) -> &[Item] {
        &self.line
    }

    pub fn hand(&self, seat: Seat) -> &[ObjId] {
        &self.players[seat as usize].hand
    }

    pub fn deck_size(&self, seat: Seat) -> usize {
        self.players[seat as usize].deck.len()
    }

    pub fn discard(&self, seat: Seat) -> &[ObjId] {
        &self.players[seat as usize].discard
    }

    pub fn in_play(&self) -> &[ObjId] {
        &self.in_play
    }

    /// The item off the line for now: being announced (its targets named), or resolving
    /// (waiting on a "you may").
    pub fn pending_item(&self) -> Option<&Item> {
        self.announcing
            .as_ref()
            .map(|a| &a.item)
            .or(self.resolving.as_ref().map(|r| &r.item))
    }

    /// How many cards the game holds (objects `0..card_count()`).
    pub fn card_count(&self) -> usize {
        self.objs.len()
    }

    pub fn obj(&self, o: ObjId) -> &Obj {
        &self.objs[o as usize]
    }

    /// The cards `seat` owns that are out of the game (T-11.4), tokens included.
    pub fn removed(&self, seat: Seat) -> Vec<ObjId> {
        (0..self.objs.len() as ObjId)
            .filter(|&o| {
                let obj = &self.objs[o as usize];
                obj.zone == Zone::Removed && obj.owner == seat
            })
            .collect()
    }

    /// The rules of the format played.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn is_out(&self, seat: Seat) -> bool {
        self.players[seat as usize].out
    }

    /// `seat` concedes: it is out of the game at once, as if its mojo had run out (T-3),
    /// its cards leaving play and the line, and the last player left wins. The classic
    /// rules say nothing of conceding; a player may always leave a game. With more than
    /// two players, whatever the seat is being asked is answered first the quiet way
    /// (pass, keep, no more attackers or blockers, no; else the first option), so
    /// nothing waits on a player who has gone. Refused once the game is over, and for a
    /// seat that is not in it.
    pub fn concede(&mut self, seat: Seat) -> Result<(), epic_game::Refused> {
        if self.winners.is_some() || self.players.get(seat as usize).is_none_or(|p| p.out) {
            return Err(epic_game::Refused);
        }
        const QUIET: [Choice; 5] = [
            Choice::Pass,
            Choice::Keep,
            Choice::EndBattle,
            Choice::NoMoreBlockers,
            Choice::No,
        ];
        while self.alive_count() > 2
            && self.winners.is_none()
            && self.ask.as_ref().is_some_and(|(s, _)| *s == seat)
        {
            let options = self.options();
            let Some(c) = QUIET
                .into_iter()
                .find(|c| options.contains(c))
                .or(options.first().copied())
            else {
                break;
            };
            self.apply(c)?;
        }
        if self.winners.is_none() {
            self.go_out(&[seat]);
            self.run();
        }
        Ok(())
    }

    /// Takes one of the pending decision's options and runs the game to the next
    /// decision. Anything not offered is refused and changes nothing.
    pub fn apply(&mut self, choice: Choice) -> Result<(), epic_game::Refused> {
        if let Choice::Concede(seat) = choice {
            return self.concede(seat);
        }
        if self.winners.is_some() || !self.options.contains(&choice) {
            return Err(epic_game::Refused);
        }
        let Some((seat, ask)) = self.ask.take() else {
            return Err(epic_game::Refused);
        };
        self.options.clear();
        self.decisions += 1;
        self.answer(seat, ask, choice);
        self.run();
        Ok(())
    }

    fn answer(&mut self, seat: Seat, ask: Ask, choice: Choice) {
        match (ask, choice) {
            (Ask::Mulligan, Choice::Bottom(o)) => {
                self.chosen.push(o);
                self.ask = Some((seat, Ask::Mulligan));
            }
            (Ask::Mulligan, Choice::Keep) => self.mulligan(seat),
            (Ask::Priority, Choice::Pass) => self.pass(),
            (Ask::Priority, Choice::Play(o)) => self.play(seat, o),
            (Ask::Priority, Choice::PlayVeiled(o)) => self.play_veiled(seat, o),
            (Ask::Priority, Choice::Unveil(o)) => {
                // Unveiling is no play: the player keeps priority, and everyone may
                // answer what it did before the line resolves.
                self.unveil(o);
                self.passes = 0;
                self.check_state();
            }
            (Ask::Priority, Choice::Activate(o, i)) => self.activate(seat, o, i),
            (Ask::Target, Choice::Target(t)) => self.name_target(t),
            (Ask::Attackers, c) => self.answer_attackers(c),
            (Ask::Blockers, c) => self.answer_blockers(c),
            (Ask::AssignDamage { dealer, left }, Choice::Assign(to)) => {
                self.assign(dealer, left, to)
            }
            (Ask::Discard { left }, Choice::Discard(o)) => {
                self.move_to(o, Zone::Discard, seat);
                if left > 1 {
                    self.ask = Some((seat, Ask::Discard { left: left - 1 }));
                } else {
                    self.next_turn();
                }
            }
            (Ask::ChooseAs, Choice::Prefer(o)) => {
                self.players[seat as usize].as_choice = Some((o, self.objs[o as usize].life));
            }
            (Ask::OrderTriggers, Choice::TriggerNext(o, index)) => {
                if let Some(i) = self
                    .triggers
                    .iter()
                    .position(|t| t.controller == seat && t.obj == o && t.index == index)
                {
                    self.put_on_line(i);
                }
            }
            (Ask::May, c) => {
                if let Some(r) = &mut self.resolving {
                    r.may = Some(c == Choice::Yes);
                }
            }
            _ => {}
        }
    }

    /// Runs the game until a decision with a real choice, or its end.
    pub(crate) fn run(&mut self) {
        loop {
            if self.winners.is_some() {
                self.ask = None;
                self.options.clear();
                return;
            }
            if self.decisions >= MAX_DECISIONS {
                self.winners = Some(Vec::new());
                continue;
            }
            if self.step != Step::Mulligan && self.players[self.active as usize].out {
                // The active player is out (T-3): the turn passes on at once.
                self.ask = None;
                self.options.clear();
                self.next_turn();
                continue;
            }
            if let Some((seat, ask)) = self.ask.clone() {
                self.options = self.compute_options(seat, &ask);
                // One option is no choice, unless its being asked says something about a
                // hand (a priority holder with cards, a mulligan).
                let private = matches!(ask, Ask::Mulligan | Ask::Discard { .. })
                    || (ask == Ask::Priority && !self.players[seat as usize].hand.is_empty());
                if self.options.len() == 1 && !private {
                    let c = self.options[0];
                    self.ask = None;
                    self.options.clear();
                    self.answer(seat, ask, c);
                    continue;
                }
                if self.options.is_empty() {
                    self.ask = None;
                    if ask != Ask::Target {
                        // Nothing left to choose between (a contradiction whose card
                        // has gone): the decision lapses.
                        continue;
                    }
                    // No legal target is left for what is being announced: it is not
                    // played, and a card already taken from hand goes to the discard
                    // pile, as one that fails (T-12.3).
                    if let Some(a) = self.announcing.take() {
                        if a.item.source == crate::state::Source::Card {
                            self.move_to(a.item.obj, Zone::Discard, a.item.controller);
                        }
                    }
                    continue;
                }
                return;
            }
            if self.resolving.is_some() {
                self.continue_resolving();
                self.check_state();
                continue;
            }
            if self.announcing.is_none() && !self.triggers.is_empty() {
                self.next_trigger();
                continue;
            }
            if self.announcing.is_some() {
                self.ask = Some((
                    self.announcing
                        .as_ref()
                        .map_or(self.holder, |a| a.item.controller),
                    Ask::Target,
                ));
                continue;
            }
            self.step_machine();
        }
    }

    fn step_machine(&mut self) {
        match self.step {
            Step::Mulligan => {
                let n = self.players.len();
                let next = (0..n)
                    .map(|i| ((self.first as usize + i) % n) as Seat)
                    .find(|&s| {
                        !self.players[s as usize].mulliganed && !self.players[s as usize].out
                    });
                match next {
                    Some(s) => self.ask = Some((s, Ask::Mulligan)),
                    None => {
                        // T-6.1: the very first turn starts in the Build step.
                        self.turn = 1;
                        self.gain_actions();
                        self.enter(Step::Build);
                    }
                }
            }
            Step::Prepare => {
                let active = self.active;
                for &o in &self.in_play {
                    if self.objs[o as usize].controller == active {
                        self.objs[o as usize].pose = Pose::Prepared;
                    }
                }
                self.draw(active, 1);
                self.check_state();
                if !self.players[active as usize].out {
                    self.enter(Step::PreBattle);
                }
            }
            _ => self.ask = Some((self.holder, Ask::Priority)),
        }
    }

    /// T-4.1: at the beginning of each turn every player gains an action.
    fn gain_actions(&mut self) {
        for p in &mut self.players {
            if !p.out {
                p.actions = p.actions.saturating_add(1);
            }
        }
    }

    pub(crate) fn enter(&mut self, step: Step) {
        self.step = step;
        self.window = Window::BeforeAttack;
        self.holder = self.active;
        self.passes = 0;
        if !matches!(step, Step::Mulligan | Step::Prepare) {
            // T-6.2: beginning-of-step triggers go on the line, the active player's first.
            for i in 0..self.in_play.len() {
                let o = self.in_play[i];
                let yours = self.objs[o as usize].controller == self.active;
                self.queue_triggers(o, |on| match on {
                    crate::card::WhenOn::StepBegins { step: s, yours: y } => {
                        s == step && (yours || !y)
                    }
                    _ => false,
                });
            }
        }
    }

    /// T-2.5: the chosen cards go to the bottom at the same time; one Mojo and one new
    /// card for each.
    fn mulligan(&mut self, seat: Seat) {
        self.players[seat as usize].mulliganed = true;
        let chosen = std::mem::take(&mut self.chosen);
        for &o in &chosen {
            self.move_to(o, Zone::Deck, seat);
        }
        let p = &mut self.players[seat as usize];
        p.mojo = p.mojo.saturating_sub(chosen.len() as i32);
        p.mulligan_bottom = chosen.len() as u16;
        self.draw(seat, chosen.len());
    }

    /// The alive seats from `from` around the table to the left.
    pub(crate) fn alive_from(&self, from: Seat) -> impl Iterator<Item = Seat> + '_ {
        let n = self.players.len();
        (0..n)
            .map(move |i| ((from as usize + i) % n) as Seat)
            .filter(|&s| !self.players[s as usize].out)
    }

    pub(crate) fn next_alive(&self, seat: Seat) -> Seat {
        self.alive_from(seat).nth(1).unwrap_or(seat)
    }

    pub(crate) fn alive_count(&self) -> usize {
        self.players.iter().filter(|p| !p.out).count()
    }

    /// T-8.2: priority passes to the left; a full circle of passes resolves the top of
    /// the line (and the active player regains priority, T-6.3) or, with the line
    /// empty, ends the step (T-6.5).
    fn pass(&mut self) {
        self.passes = self.passes.saturating_add(1);
        self.holder = self.next_alive(self.holder);
        if (self.passes as usize) < self.alive_count() {
            return;
        }
        self.passes = 0;
        self.holder = self.active;
        if let Some(item) = self.line.pop() {
            self.begin_resolving(item);
        } else {
            self.end_window();
        }
    }

    fn end_window(&mut self) {
        match (self.step, self.window) {
            (Step::PreBattle, _) => self.enter(Step::Battle),
            (Step::Battle, Window::BeforeAttack) => {
                self.chosen.clear();
                self.ask = Some((self.active, Ask::Attackers));
            }
            (Step::Battle, Window::AfterAttack) => {
                self.chosen.clear();
                let defender = self.attack.as_ref().map_or(self.active, |a| a.defender);
                if self.players[defender as usize].out {
                    self.attack = None;
                    self.window = Window::BeforeAttack;
                } else {
                    self.ask = Some((defender, Ask::Blockers));
                }
            }
            (Step::Battle, Window::AfterBlock) => self.start_damage(),
            (Step::Build, _) => self.enter(Step::End),
            (Step::End, _) => {
                // T-2.6: as many discards as the hand is over the limit, wherever the
                // cards end up (an as-trigger may put one back in a hand).
                let hand = self.players[self.active as usize].hand.len();
                if hand > HAND_LIMIT {
                    let left = (hand - HAND_LIMIT).min(u16::MAX as usize) as u16;
                    self.ask = Some((self.active, Ask::Discard { left }));
                } else {
                    self.next_turn();
                }
            }
            (Step::Mulligan | Step::Prepare, _) => {}
        }
    }

    /// The end of the End step (T-6 table) and the next player's turn.
    pub(crate) fn next_turn(&mut self) {
        for i in 0..self.in_play.len() {
            let o = self.in_play[i] as usize;
            if self.objs[o].pose == Pose::Flipped {
                self.objs[o].pose = Pose::Prepared;
            }
            self.objs[o].damage = 0;
            self.objs[o].deadly = false;
        }
        self.mods.retain(|m| !m.this_turn);
        for p in &mut self.players {
            p.actions = 0;
        }
        // The line is empty when a turn ends, unless the active player went out with
        // cards still on it: those fail, as a card with no target left does (T-12.3).
        let cut_short: Vec<Item> = std::mem::take(&mut self.line)
            .into_iter()
            .chain(self.announcing.take().map(|a| a.item))
            .chain(self.resolving.take().map(|r| r.item))
            .collect();
        for item in cut_short {
            self.fail(item);
        }
        self.attack = None;
        self.triggers.clear();
        self.active = self.next_alive(self.active);
        self.turn = self.turn.saturating_add(1);
        self.gain_actions();
        self.enter(Step::Prepare);
    }

    /// Whether `seat`, holding priority, may play something of this timing now
    /// (T-5.1 – T-5.5; which speeds each step allows is ruling C-02).
    pub(crate) fn timing_allows(&self, seat: Seat, timing: Timing) -> bool {
        let own = seat == self.active;
        let empty = self.line.is_empty();
        match timing.speed {
            Speed::Build => own && empty && self.step == Step::Build,
            Speed::Paced => own && empty && matches!(self.step, Step::PreBattle | Step::Build),
            Speed::Fast => matches!(
                self.step,
                Step::PreBattle | Step::Battle | Step::Build | Step::End
            ),
        }
    }

    /// Recomputes the pending decision's options (after a sample dealt a hand anew).
    pub(crate) fn refresh_options(&mut self) {
        if let Some((seat, ask)) = self.ask.clone() {
            self.options = self.compute_options(seat, &ask);
        }
    }

    fn compute_options(&self, seat: Seat, ask: &Ask) -> Vec<Choice> {
        match ask {
            Ask::Mulligan => {
                let hand = &self.players[seat as usize].hand;
                let mut out: Vec<Choice> = hand
                    .iter()
                    .filter(|o| !self.chosen.contains(o))
                    .map(|&o| Choice::Bottom(o))
                    .collect();
                out.push(Choice::Keep);
                out
            }
            Ask::Priority => self.priority_options(seat),
            Ask::Target => self.target_options(),
            Ask::Attackers => self.attacker_options(),
            Ask::Blockers => self.blocker_options(),
            Ask::AssignDamage { dealer, .. } => self
                .recipients(*dealer)
                .into_iter()
                .map(Choice::Assign)
                .collect(),
            Ask::Discard { .. } => self.players[seat as usize]
                .hand
                .iter()
                .map(|&o| Choice::Discard(o))
                .collect(),
            Ask::May => vec![Choice::Yes, Choice::No],
            Ask::ChooseAs => {
                let mut mine: Vec<Choice> = self
                    .discard_as_triggers()
                    .into_iter()
                    .filter(|t| t.1 == seat)
                    .map(|t| Choice::Prefer(t.0))
                    .collect();
                mine.dedup();
                mine
            }
            Ask::OrderTriggers => self.own_triggers(seat),
        }
    }

    fn priority_options(&self, seat: Seat) -> Vec<Choice> {
        let mut out = vec![Choice::Pass];
        let p = &self.players[seat as usize];
        for &o in &p.hand {
            let c = self.card(o);
            if (c.free || p.actions > 0)
                && self.timing_allows(seat, c.timing)
                && self.targets_exist(o, crate::state::Source::Card, seat)
            {
                out.push(Choice::Play(o));
            }
            if self.may_play_veiled(seat, o) {
                out.push(Choice::PlayVeiled(o));
            }
        }
        for &o in &self.in_play {
            let obj = &self.objs[o as usize];
            if obj.controller != seat {
                continue;
            }
            if obj.veiled {
                // Its text does nothing face down; it may be turned face up.
                out.push(Choice::Unveil(o));
                continue;
            }
            for (i, a) in self.card(o).activated.iter().enumerate() {
                if (a.expend || a.flip) && obj.pose != Pose::Prepared {
                    continue;
                }
                if a.action && p.actions == 0 {
                    continue;
                }
                if self.timing_allows(seat, a.timing)
                    && self.targets_exist(o, crate::state::Source::Activated(i as u8), seat)
                {
                    out.push(Choice::Activate(o, i as u8));
                }
            }
        }
        out
    }

    /// Plays a card from hand (T-7.1): announce, name targets, pay, put on the line.
    fn play(&mut self, seat: Seat, o: ObjId) {
        let c = self.card(o);
        let free = c.free;
        let alignment = c.alignment;
        if !free {
            self.players[seat as usize].actions -= 1;
        }
        self.move_to(o, Zone::Line, seat);
        let item = self.item(o, crate::state::Source::Card, seat);
        self.queue_play_triggers(seat, alignment);
        self.announce(item, AnnounceKind::Play);
    }

    /// Ruling C-10: a champion with veiled may be played face down by its owner in
    /// their Build step, the line empty, for an action (a free card included: the
    /// rulebook's lost icon read as the action symbol).
    fn may_play_veiled(&self, seat: Seat, o: ObjId) -> bool {
        let c = self.card(o);
        c.keywords.veiled
            && c.is_champion()
            && self.objs[o as usize].owner == seat
            && self.players[seat as usize].actions > 0
            && self.timing_allows(
                seat,
                Timing {
                    speed: Speed::Build,
                    instant: false,
                },
            )
    }

    /// Plays a champion face down: it goes on the line veiled. It has no alignment
    /// while veiled, so nothing that waits for a card of an alignment triggers.
    fn play_veiled(&mut self, seat: Seat, o: ObjId) {
        self.players[seat as usize].actions -= 1;
        self.move_to(o, Zone::Line, seat);
        self.objs[o as usize].veiled = true;
        let item = self.item(o, crate::state::Source::Card, seat);
        self.announce(item, AnnounceKind::Play);
    }

    fn activate(&mut self, seat: Seat, o: ObjId, i: u8) {
        let a = &self.card(o).activated[i as usize];
        let (action, expend, flip) = (a.action, a.expend, a.flip);
        if action {
            self.players[seat as usize].actions -= 1;
        }
        if expend {
            self.objs[o as usize].pose = Pose::Expended;
        }
        if flip {
            self.objs[o as usize].pose = Pose::Flipped;
        }
        let item = self.item(o, crate::state::Source::Activated(i), seat);
        self.announce(item, AnnounceKind::Play);
    }

    /// Starts announcing an item: its targets are asked one by one, then it goes on
    /// the line.
    pub(crate) fn announce(&mut self, item: Item, kind: AnnounceKind) {
        self.announcing = Some(Announcing { item, kind });
        self.after_target();
    }

    fn name_target(&mut self, t: Target) {
        let life = match t {
            Target::Obj(o) => self.objs[o as usize].life,
            Target::Player(_) => 0,
        };
        if let Target::Obj(o) = t {
            // Ruling C-10: a veiled champion is unveiled as it is targeted; on the line
            // it is only turned face up, which is not unveiling.
            self.unveil(o);
        }
        if let Some(a) = &mut self.announcing {
            a.item.aims.push(Aim { target: t, life });
        }
        self.after_target();
    }

    /// Once every target is named, the item goes on the line; an instantaneous one
    /// resolves at once and its player keeps priority (T-5.4).
    fn after_target(&mut self) {
        let Some(a) = &self.announcing else { return };
        if a.item.aims.len() < self.wants(&a.item).len() {
            return;
        }
        let Some(a) = self.announcing.take() else {
            return;
        };
        let instant = match a.item.source {
            crate::state::Source::Card => {
                self.card(a.item.obj).timing.instant && !self.objs[a.item.obj as usize].veiled
            }
            crate::state::Source::Activated(i) => {
                self.card(a.item.obj).activated[i as usize].timing.instant
            }
            crate::state::Source::When(_) => false,
        };
        if a.kind == AnnounceKind::Play {
            self.passes = 0;
        }
        if instant {
            self.begin_resolving(a.item);
        } else {
            self.line.push(a.item);
        }
    }

    /// The effect an item carries.
    pub(crate) fn effect_of(&self, item: &Item) -> &[Effect] {
        effect(self.pool.get(item.card), item.source)
    }

    /// A champion or object is a card in play; an event is not.
    pub(crate) fn is_permanent(&self, o: ObjId) -> bool {
        self.card(o).kind != CardType::Event
    }
}

/// The effect a card's text of this source carries.
pub(crate) fn effect(card: &ClassicCard, source: crate::state::Source) -> &[Effect] {
    match source {
        crate::state::Source::Card => &card.effect,
        crate::state::Source::Activated(i) => &card.activated[i as usize].effect,
        crate::state::Source::When(i) => &card.when[i as usize].effect,
    }
}
