//! The Campaign format (F-15.2, ruling M-45): the game value is won in battles, each
//! worth a share of it, with an intermission between them. Killing costs points; the
//! campaign is won only at an intermission; between battles the active characters wait
//! in the holding area, healed, whose capacity is doubled, and the loser of the battle
//! chooses who takes the next battle's first turn.

use crate::card::CardId;
use crate::events::Event;
use crate::state::*;
use crate::MultiverseGame;
use epic_game::Seat;
use rand::seq::SliceRandom;

/// The holding area's capacity during an intermission: doubled (F-15.2).
pub const INTERMISSION_CAPACITY: u32 = 2 * HOLDING_CAPACITY;

impl MultiverseGame {
    /// Whether the game is a campaign.
    pub fn campaign(&self) -> bool {
        self.variant.battles.is_some()
    }

    /// The points a battle is worth: the game value's share, rounded up; `None` outside
    /// a campaign.
    pub fn battle_value(&self) -> Option<u32> {
        (self.variant.battles).map(|b| self.goal.div_ceil(b.max(1)))
    }

    /// The holding area's capacity now: doubled at an intermission.
    pub fn holding_capacity(&self) -> u32 {
        match self.step {
            Step::Intermission => INTERMISSION_CAPACITY,
            _ => HOLDING_CAPACITY,
        }
    }

    /// The battle under way, from 1.
    pub fn battle(&self) -> u32 {
        self.battle
    }

    /// The points `seat` has scored in this battle, less its kill penalties (none
    /// below zero).
    pub fn battle_points(&self, seat: Seat) -> u32 {
        let p = self.player(seat);
        p.points.saturating_sub(p.banked)
    }

    /// After points to `seat` in a campaign: the battle ends once it has scored the
    /// battle's value, when the action that scored them is over.
    pub(crate) fn battle_scored(&mut self, seat: Seat) {
        if self
            .battle_value()
            .is_some_and(|v| self.battle_points(seat) >= v)
        {
            self.battle_over = true;
        }
    }

    /// The kill penalty (F-15.2): in a campaign, the killer's player loses the points
    /// of the character killed, its items' included (`worth`).
    pub(crate) fn kill_penalty(&mut self, killer: Seat, victim: Seat, card: CardId, worth: u32) {
        if !self.campaign() || killer == victim || worth == 0 {
            return;
        }
        let p = &mut self.players[usize::from(killer)];
        p.points = p.points.saturating_sub(worth);
        self.events.push(Event::Penalised {
            seat: killer,
            points: worth,
            card,
        });
    }

    /// The intermission (F-15.2), once a battle is over. Total points: a seat that
    /// has reached the game value with the most points wins. Otherwise every seat still
    /// playing moves its characters: the active ones to the holding area, healed, the
    /// disabled ones to its discard pile; its hand is shuffled into its resources. Then
    /// the intermission's decisions: discards from holding areas over the doubled
    /// capacity, and the battle's loser's choice of who goes first.
    pub(crate) fn intermission(&mut self) {
        self.battle_over = false;
        let live: Vec<Seat> = self.seats_from(0).collect();
        let battle_points: Vec<u32> = (0..self.players.len() as Seat)
            .map(|s| self.battle_points(s))
            .collect();
        self.events.push(Event::BattleOver {
            battle: self.battle,
            points: battle_points.clone(),
            totals: self.players.iter().map(|p| p.points).collect(),
        });
        let reached: Vec<Seat> = (live.iter().copied())
            .filter(|&s| self.player(s).points >= self.goal)
            .collect();
        let best = reached.iter().map(|&s| self.player(s).points).max();
        let leaders: Vec<Seat> = (reached.into_iter())
            .filter(|&s| Some(self.player(s).points) == best)
            .collect();
        if let [winner] = leaders[..] {
            return self.finish(vec![winner]);
        }
        // The battle's loser: of the seats still playing, the one that scored least in
        // it; a tie is drawn.
        let fewest = live.iter().map(|&s| battle_points[usize::from(s)]).min();
        let losers: Vec<Seat> = (live.iter().copied())
            .filter(|&s| Some(battle_points[usize::from(s)]) == fewest)
            .collect();
        self.chooser = *losers.choose(&mut self.rng).unwrap_or(&self.active);
        for &seat in &live {
            self.regroup(seat);
        }
        self.attacks.clear();
        self.blocks.clear();
        self.heroics.clear();
        self.heroic_seats = 0;
        self.last_attacks.clear();
        self.taken = None;
        self.over_limit = false;
        self.end_lasting(|_, l| l.device);
        self.free_markers(None);
        self.step = Step::Intermission;
    }

    /// Moves `seat`'s characters at an intermission, and shuffles its hand into its
    /// resources (F-15.2).
    fn regroup(&mut self, seat: Seat) {
        let ids: Vec<(CharId, bool)> = (self.player(seat).characters.iter())
            .map(|c| (c.id, c.active()))
            .collect();
        let (mut held, mut discarded) = (Vec::new(), Vec::new());
        for (id, active) in ids {
            if active {
                if let Some(ch) = self.move_to_holding(seat, id) {
                    held.push(ch.card);
                }
            } else if let Some(ch) = self.leave_play(seat, id, |p| &mut p.discard) {
                discarded.push(ch.card);
            }
        }
        let p = &mut self.players[usize::from(seat)];
        for c in &mut p.holding {
            c.tapped = false;
        }
        for f in &mut p.footholds {
            f.tapped = false;
        }
        let hand = std::mem::take(&mut p.hand);
        let reshuffled = hand.len() as u8;
        p.deck.extend(hand);
        p.deck.shuffle(&mut self.rng);
        (p.redraws, p.turns, p.played_foothold) = (0, 0, false);
        p.shown.clear();
        self.events.push(Event::Regrouped {
            seat,
            held,
            discarded,
            reshuffled,
        });
    }

    /// The intermission's next decision: a seat whose holding area is over the doubled
    /// capacity discards one of its characters there; then the battle's loser chooses
    /// who goes first.
    pub(crate) fn intermission_options(&mut self) -> Seat {
        if let Some(seat) = self.over_capacity() {
            let held = self.player(seat).holding.iter().filter(|c| !c.token);
            let dismiss: Vec<Choice> = held.map(|c| Choice::Dismiss { id: c.id }).collect();
            self.options.extend(dismiss);
            return seat;
        }
        let seats: Vec<Seat> = self.seats_from(self.chooser).collect();
        (self.options).extend(seats.into_iter().map(|seat| Choice::First { seat }));
        self.chooser
    }

    /// At an intermission, the first seat still playing whose holding area is over the
    /// doubled capacity: it discards before the first player is chosen.
    pub(crate) fn over_capacity(&self) -> Option<Seat> {
        self.seats_from(0)
            .find(|&s| self.holding_points(s) > INTERMISSION_CAPACITY)
    }

    /// A character of `seat`'s holding area discarded, over the intermission's capacity.
    pub(crate) fn dismiss(&mut self, seat: Seat, id: CharId) {
        let p = &mut self.players[usize::from(seat)];
        let Some(i) = p.holding.iter().position(|c| c.id == id) else {
            return;
        };
        let ch = p.holding.remove(i);
        p.discard.push(ch.card);
        self.drop_items(seat, id);
        self.events.push(Event::Disbanded {
            seat,
            card: ch.card,
        });
    }

    /// The next battle, `first` taking its first turn: every seat still playing draws
    /// seven, and may redraw a hand without footholds, as at the start of the game.
    pub(crate) fn next_battle(&mut self, first: Seat) {
        self.battle += 1;
        self.opened = self.turn;
        self.events.push(Event::BattleBegins {
            battle: self.battle,
            first,
            chosen_by: self.chooser,
        });
        for p in &mut self.players {
            p.banked = p.points;
        }
        // A countdown begins anew with each battle (F-15.7).
        self.rounds = 0;
        (self.first, self.active) = (first, first);
        let live: Vec<Seat> = self.seats_from(first).collect();
        for seat in live {
            self.draw(seat, HAND);
        }
        self.done = 0;
        self.step = Step::Redraw;
    }
}
