//! Incidents (F-2.3, F-8): the windows in which they are played (ruling M-22), their
//! targets by activation, paying with any footholds, their effects, and how long they
//! last — a turn, the game, or while a condition holds.

use crate::card::CardId;
use crate::effect::{Action, Activation, Duration, Effect, Side, Target, Timed};
use crate::events::{Aimed, Event};
use crate::game::MultiverseGame;
use crate::state::*;
use epic_game::Seat;
use rand::Rng;

impl MultiverseGame {
    /// Opens window `window`: each seat that may play incidents is asked in turn.
    pub(crate) fn open_window(&mut self, window: Window) {
        self.window = window;
        self.done = 0;
        self.step = Step::Incidents;
    }

    /// Whether `seat` is asked in an incident window: it has a card in hand, an untapped
    /// foothold and incidents in its deck list (in a response window, responses to the
    /// action taken) — public facts, so that being asked tells no one what the hand
    /// holds.
    fn may_play_incidents(&self, seat: Seat) -> bool {
        let p = self.player(seat);
        let listed = match (self.window, self.taken) {
            (Window::Response, Some(t)) => !t.undone && p.responses & t.action.bit() != 0,
            _ => p.incidents,
        };
        !p.out && listed && !p.hand.is_empty() && p.footholds.iter().any(|f| !f.tapped)
    }

    /// The seats of the window now, in the order asked: in upkeep the opponents first
    /// (§Parts of the Turn); in a response, those who did not act; otherwise the active
    /// player first.
    fn window_order(&self) -> Vec<Seat> {
        let active = self.active;
        let others: Vec<Seat> = self.seats_from(active).filter(|&s| s != active).collect();
        match self.window {
            Window::Upkeep => others.into_iter().chain([active]).collect(),
            // A response answers an opponent: team-mates are not asked.
            Window::Response => others
                .into_iter()
                .filter(|&s| !self.allied(s, active))
                .collect(),
            _ => [active].into_iter().chain(others).collect(),
        }
    }

    /// The decision of the window now: the next seat to play incidents, or the window
    /// closed and the turn moved on (`None`).
    pub(crate) fn ask_incidents(&mut self) -> Option<Seat> {
        // Decks without incidents: the window passes at once.
        if self.players.iter().any(|p| p.incidents && !p.out) {
            if let Some(seat) = self.next_in_window() {
                self.incident_options(seat);
                return Some(seat);
            }
        }
        self.close_window();
        None
    }

    /// The next seat of the window now that may play incidents and has not passed.
    fn next_in_window(&self) -> Option<Seat> {
        self.window_order()
            .into_iter()
            .find(|&seat| self.done & (1 << seat) == 0 && self.may_play_incidents(seat))
    }

    /// The turn after the window now (F-7): the draw after upkeep, attacks after
    /// pre-combat, results after combat, downtime after post-combat, the discard after
    /// downtime, recruiting again after a response.
    fn close_window(&mut self) {
        self.done = 0;
        match self.window {
            Window::Upkeep => self.draw_step(),
            Window::PreCombat => self.step = Step::Attacks,
            Window::Combat => {
                self.resolve_combat();
                self.step = Step::Recruit;
            }
            Window::PostCombat => self.open_window(Window::Downtime),
            Window::Downtime => {
                self.over_limit = self.player(self.active).hand.len() > HAND;
                self.step = Step::Discard;
            }
            Window::Response => {
                let taken = self.taken.take();
                let attack = taken.is_some_and(|t| t.action == Action::Attack);
                self.step = if attack { Step::Attacks } else { Step::Recruit };
                // A character recruited or brought back, and not undone, came into play.
                if let Some(t) = taken
                    .filter(|t| !t.undone && matches!(t.action, Action::Recruit | Action::Return))
                {
                    self.came_into_play(t.seat, t.id);
                }
            }
        }
    }

    /// After an action a response may answer: the response window, if anyone may be
    /// asked in it.
    pub(crate) fn after_action(&mut self) {
        if self.taken.is_some() {
            self.open_window(Window::Response);
        }
    }

    /// Whether an incident of `activation` may be played in the window now.
    fn fits_window(&self, activation: &Activation) -> bool {
        match (activation, self.window) {
            (Activation::Ambiguous, Window::PreCombat | Window::PostCombat) => true,
            (Activation::Timed { window }, w) => {
                matches!(
                    (window, w),
                    (Timed::Upkeep, Window::Upkeep)
                        | (Timed::Combat, Window::Combat)
                        | (Timed::Downtime, Window::Downtime)
                )
            }
            (Activation::Response { action, filter }, Window::Response) => {
                self.taken.is_some_and(|t| {
                    !t.undone
                        && t.action == *action
                        && filter.as_ref().is_none_or(|f| {
                            self.pool.get(t.card).matches(f)
                                || t.kind.is_some_and(|k| k.name().eq_ignore_ascii_case(f))
                        })
                })
            }
            _ => false,
        }
    }

    /// Untapped footholds of every kind.
    fn untapped_total(&self, seat: Seat) -> usize {
        self.player(seat)
            .footholds
            .iter()
            .filter(|f| !f.tapped)
            .count()
    }

    /// Pays `cost` with any footholds (F-4.4): each unit from the kind with the most
    /// untapped footholds left, of equals the first of blue, red, black and the origins
    /// (ruling M-21), so that the kinds one card needs are kept.
    fn pay_any(&mut self, seat: Seat, cost: u8) {
        for _ in 0..cost {
            let p = &self.players[usize::from(seat)];
            // The most untapped; of equals the first in order (`max_by_key` keeps the
            // last of equals, so the kinds are read backwards).
            let best = crate::card::Energy::all()
                .rev()
                .max_by_key(|&e| p.untapped(e))
                .filter(|&e| p.untapped(e) > 0);
            if let Some(e) = best {
                self.pay(seat, e, 1);
            }
        }
    }

    /// The aims an incident of `seat` may be played on now.
    fn aims(&self, seat: Seat, card: CardId) -> Vec<Aim> {
        let Some(incident) = self.pool.get(card).incident() else {
            return Vec::new();
        };
        // An ambiguous incident acts on what belongs to the player whose turn it is.
        let ambiguous = incident.activation == Activation::Ambiguous;
        let whose_ok = |owner: Seat, side: Side| {
            (!ambiguous || owner == self.active)
                && match side {
                    Side::Any => true,
                    Side::Own => owner == seat,
                    Side::Opposing => !self.allied(owner, seat),
                }
        };
        let live = || self.seats_from(0);
        let mut aims = Vec::new();
        match &incident.target {
            Target::Character { side } => {
                for s in live() {
                    if whose_ok(s, *side) {
                        aims.extend(
                            self.player(s)
                                .characters
                                .iter()
                                .map(|c| Aim::Character { id: c.id }),
                        );
                    }
                }
            }
            Target::Player { side } => {
                for s in live() {
                    let holds = match &incident.duration {
                        Duration::While { filter } => self.controls(s, filter),
                        _ => true,
                    };
                    if whose_ok(s, *side) && holds {
                        aims.push(Aim::Seat { seat: s });
                    }
                }
            }
            Target::Open { .. } => aims.push(Aim::All),
            Target::Graveyard => {
                if !ambiguous || seat == self.active {
                    let mut cards: Vec<CardId> = self.player(seat).graveyard.clone();
                    cards.sort_unstable();
                    cards.dedup();
                    aims.extend(cards.into_iter().map(|card| Aim::Card { card }));
                }
            }
            Target::Item { kind } => {
                for s in live() {
                    if !whose_ok(s, Side::Any) {
                        continue;
                    }
                    for e in &self.player(s).items {
                        let fits = kind.is_none_or(|k| {
                            self.pool.get(e.card).item().is_some_and(|i| i.kind == k)
                        });
                        let in_play = self.character(e.holder).is_some();
                        if fits && in_play {
                            aims.push(Aim::Item {
                                holder: e.holder,
                                card: e.card,
                            });
                        }
                    }
                }
            }
            Target::Action => {
                if self.taken.is_some_and(|t| !self.allied(t.seat, seat)) {
                    aims.push(Aim::Action);
                }
            }
        }
        aims.sort_unstable();
        aims.dedup();
        aims
    }

    /// Every incident `seat` may play now, on every aim it may take, and passing.
    pub(crate) fn incident_options(&mut self, seat: Seat) {
        let mut hand = self.player(seat).hand.clone();
        hand.sort_unstable();
        hand.dedup();
        let money = self.untapped_total(seat);
        for card in hand {
            let c = self.pool.get(card);
            let Some(incident) = c.incident() else {
                continue;
            };
            if usize::from(c.cost) > money || !self.fits_window(&incident.activation) {
                continue;
            }
            for aim in self.aims(seat, card) {
                self.options.push(Choice::Incident { card, aim });
            }
        }
        self.options.push(Choice::Pass);
    }

    /// `seat` plays `card` on `aim`: pays, then its effects; it stays in play while it
    /// lasts, or goes to the discard pile at once (F-8.3).
    pub(crate) fn play_incident(&mut self, seat: Seat, card: CardId, aim: Aim) {
        let c = self.pool.get(card).clone();
        let Some(incident) = c.incident() else { return };
        self.pay_any(seat, c.cost);
        let p = &mut self.players[usize::from(seat)];
        if let Some(i) = p.hand.iter().position(|&x| x == card) {
            p.hand.remove(i);
        }
        let on = self.aimed(card, aim);
        self.events.push(Event::Played { seat, card, on });
        let rolled = incident
            .effects
            .iter()
            .find_map(|e| match e {
                Effect::Dice { dice } => Some(*dice),
                _ => None,
            })
            .map(|dice| (self.roll(dice), self.roll(dice)));
        self.apply_effects(seat, card, &incident.effects, aim, rolled);
        if incident.duration == Duration::Immediate {
            self.players[usize::from(seat)].discard.push(card);
        } else {
            self.lasting.push(Lasting {
                card,
                seat,
                aim,
                device: false,
                rolled,
            });
        }
    }

    /// The sum of `dice` six-sided dice.
    fn roll(&mut self, dice: u8) -> u8 {
        (0..dice).map(|_| self.rng.gen_range(1..=6u8)).sum()
    }

    /// The characters `aim` names now.
    fn aimed_characters(&self, card: CardId, aim: Aim) -> Vec<CharId> {
        let chars = |s: Seat| self.player(s).characters.iter();
        match aim {
            Aim::Character { id } => self.character(id).map(|(_, c)| c.id).into_iter().collect(),
            // A team is one target player (F-15.3).
            Aim::Seat { seat } => self
                .team_members(seat)
                .into_iter()
                .flat_map(chars)
                .map(|c| c.id)
                .collect(),
            Aim::All => {
                let filter = match self.pool.get(card).incident().map(|i| &i.target) {
                    Some(Target::Open { filter }) => filter.clone(),
                    _ => None,
                };
                self.seats_from(0)
                    .flat_map(chars)
                    .filter(|c| filter.as_ref().is_none_or(|f| self.matches(c, f)))
                    .map(|c| c.id)
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The effects that happen once, of an incident or device of `seat` on `aim`; the
    /// lasting ones apply through [`Lasting`] (with the stats dice `rolled`).
    pub(crate) fn apply_effects(
        &mut self,
        seat: Seat,
        card: CardId,
        effects: &[Effect],
        aim: Aim,
        rolled: Option<(u8, u8)>,
    ) {
        if let Some((c, d)) = rolled {
            if let Some(name) = self
                .aimed_characters(card, aim)
                .first()
                .and_then(|&id| self.character(id))
            {
                let name = name.1.card;
                self.events.push(Event::Rolled {
                    seat,
                    card: name,
                    gave: format!("C {c}, D {d}"),
                });
            }
        }
        for effect in effects {
            match effect {
                e if e.happens_at_once_to_characters() => {
                    for id in self.aimed_characters(card, aim) {
                        self.effect_on_character(seat, id, e);
                    }
                }
                Effect::Draw { cards } => {
                    if let Aim::Seat { seat: s } = aim {
                        self.draw(s, usize::from(*cards));
                    }
                }
                Effect::Recall => {
                    if let Aim::Card { card: target } = aim {
                        let p = &mut self.players[usize::from(seat)];
                        if let Some(i) = p.graveyard.iter().rposition(|&c| c == target) {
                            p.graveyard.remove(i);
                            p.hand.push(target);
                            self.events.push(Event::Recalled { seat, card: target });
                        }
                    }
                }
                Effect::Negate => self.negate(),
                Effect::Destroy => {
                    if let Aim::Item { holder, card } = aim {
                        self.destroy_item(holder, card);
                    }
                }
                _ => {}
            }
        }
    }

    /// A wound from an incident of `by` (ruling M-25): an item may take it; it injures
    /// and disables (worth points to `by` if the character is an opponent's) but does
    /// not kill.
    pub(crate) fn incident_wound(&mut self, by: Seat, id: CharId) {
        let Some((seat, ch)) = self.character(id) else {
            return;
        };
        let ch = *ch;
        if self.absorb(id) {
            return;
        }
        if ch.wounds >= DISABLED {
            self.events.push(Event::Unharmed {
                seat,
                card: ch.card,
            });
            return;
        }
        self.injure(by, seat, &ch, false);
    }

    /// Undoes the action responded to; what was paid stays paid (ruling M-22).
    fn negate(&mut self) {
        let Some(t) = self.taken.filter(|t| !t.undone) else {
            return;
        };
        let s = usize::from(t.seat);
        let p = &mut self.players[s];
        match t.action {
            crate::effect::Action::Recruit => {
                self.leave_play(t.seat, t.id, |p| &mut p.discard);
            }
            crate::effect::Action::Equip => {
                if let Some(i) = p
                    .items
                    .iter()
                    .rposition(|e| e.holder == t.id && e.card == t.card)
                {
                    p.items.remove(i);
                    p.discard.push(t.card);
                }
            }
            crate::effect::Action::Evacuate => {
                if let Some(i) = p.holding.iter().position(|c| c.id == t.id) {
                    p.holding.remove(i);
                    p.characters.push(t.before.unwrap_or_default());
                }
            }
            crate::effect::Action::Return => {
                if let Some(i) = p.characters.iter().position(|c| c.id == t.id) {
                    p.characters.remove(i);
                    p.holding.push(t.before.unwrap_or_default());
                }
            }
            // The attack is called off; the attacker stays tapped (what was paid).
            crate::effect::Action::Attack => {
                if let Some(i) = self.attacks.iter().rposition(|a| a.attacker == t.id) {
                    self.attacks.remove(i);
                }
            }
        }
        // An attack is told by its attacker, whatever weapon it was made with.
        let card = match t.action {
            Action::Attack => self.character(t.id).map_or(t.card, |(_, c)| c.card),
            _ => t.card,
        };
        self.events.push(Event::Undone {
            seat: t.seat,
            card,
            action: t.action,
        });
        self.taken = Some(Taken { undone: true, ..t });
    }

    /// Whether `seat`, or a team-mate (a team is one target player, FX-17), controls a
    /// character matching `filter`.
    pub(crate) fn controls(&self, seat: Seat, filter: &str) -> bool {
        self.team_members(seat).into_iter().any(|s| {
            self.player(s)
                .characters
                .iter()
                .any(|c| self.matches(c, filter))
        })
    }

    /// The incidents in play, in the order they came (a device's use for the turn is
    /// none).
    pub(crate) fn incidents_in_play(&self) -> impl Iterator<Item = &Lasting> {
        self.lasting.iter().filter(|l| !l.device)
    }

    /// How much less `seat`'s characters cost while its discounts last (FX-5).
    pub fn discount(&self, seat: Seat) -> u8 {
        self.incidents_in_play()
            .filter(|l| l.seat == seat)
            .flat_map(|l| self.effects_of(l))
            .map(|e| match e {
                Effect::Discount { energy } => *energy,
                _ => 0,
            })
            .sum()
    }

    /// Ends the lasting effects `ends` picks: an incident goes to its player's discard
    /// pile (F-8.3).
    pub(crate) fn end_lasting(&mut self, ends: impl Fn(&MultiverseGame, &Lasting) -> bool) {
        if self.lasting.is_empty() {
            return;
        }
        let (gone, kept): (Vec<Lasting>, Vec<Lasting>) = std::mem::take(&mut self.lasting)
            .into_iter()
            .partition(|l| ends(self, l));
        self.lasting = kept;
        for l in gone.into_iter().filter(|l| !l.device) {
            self.players[usize::from(l.seat)].discard.push(l.card);
            self.events.push(Event::Ended {
                seat: l.seat,
                card: l.card,
            });
        }
    }

    /// After each decision: a conditional incident whose condition fails is discarded
    /// (FX-5), one on a character no longer in play too; a character that lost Flight
    /// lands.
    pub(crate) fn settle(&mut self) {
        self.free_markers(None);
        self.end_lasting(|g, l| {
            let target_gone = match l.aim {
                Aim::Character { id } => g.controller(id).is_none(),
                _ => false,
            };
            let failed = match (g.pool.get(l.card).incident().map(|i| &i.duration), l.aim) {
                (Some(Duration::While { filter }), Aim::Seat { seat }) => !g.controls(seat, filter),
                _ => false,
            };
            target_gone || failed
        });
        // A marker whose ability is gone (an incident's, an item's, or what Mimic took
        // for the turn) goes with it.
        use crate::abilities::Ability;
        let lapsed: Vec<(CharId, bool, bool, bool)> = (self.players.iter())
            .flat_map(|p| &p.characters)
            .filter(|c| c.flying || c.intangible || c.invisible)
            .map(|c| {
                (
                    c.id,
                    c.flying && !self.has(c, Ability::Flight),
                    c.intangible && !self.has(c, Ability::Intangible),
                    c.invisible && !self.has(c, Ability::Invisible),
                )
            })
            .collect();
        for (id, grounded, solid, visible) in lapsed {
            if let Some(c) = self.character_mut(id) {
                c.flying &= !grounded;
                c.intangible &= !solid;
                c.invisible &= !visible;
            }
        }
    }

    /// What incident `card`'s `aim` names now, by cards and seats.
    pub fn aimed(&self, card: CardId, aim: Aim) -> Aimed {
        let card_of = |id| self.character(id).map(|(_, c)| c.card);
        match aim {
            Aim::Character { id } => {
                card_of(id).map_or(Aimed::Nothing, |card| Aimed::Character { card })
            }
            Aim::Seat { seat } => Aimed::Player { seat },
            Aim::All => Aimed::Everyone { incident: card },
            Aim::Card { card } => Aimed::Card { card },
            Aim::Item { holder, card: item } => {
                card_of(holder).map_or(Aimed::Nothing, |holder| Aimed::Item { item, holder })
            }
            Aim::Action => self
                .taken
                .map_or(Aimed::Nothing, |t| Aimed::Action { card: t.card }),
        }
    }
}
