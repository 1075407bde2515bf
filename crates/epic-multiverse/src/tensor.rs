//! A multiverse game as fixed-size numbers for learning programs (docs/python.md,
//! "Observation"), as the other games are: what one seat may know, written into a flat
//! `f32` buffer, and the pending decision's options as the fixed action space
//! ([`epic_game::actions`]) with a mask and a row of features per slot.
//!
//! Everything comes from what the seat may see: its own hand in full, other hands,
//! decks and every discard pile as counts, and the options only when the decision is
//! its own. Seats are written from the observer's place round the table.

use crate::abilities::AttackKind;
use crate::card::{CardId, Energy, Moral};
use crate::state::*;
use crate::MultiverseGame;
use epic_game::actions::{self, flag, place, Slots};
use epic_game::Seat;

/// The kinds of option ([`Choice`]), in the order of their one-hot columns.
pub const OPTION_KINDS: [&str; 36] = [
    "redraw",
    "keep",
    "foothold",
    "no_foothold",
    "attack",
    "end_attacks",
    "block",
    "end_blocks",
    "recruit",
    "return",
    "evacuate",
    "end_recruit",
    "discard",
    "end_turn",
    "fly",
    "hide",
    "heal",
    "assist",
    "heroic_act",
    "equip",
    "use_device",
    "recover",
    "repair",
    "incident",
    "pass",
    "phase",
    "sabotage",
    "teleport",
    "resurrect",
    "swarm",
    "fade",
    "release",
    "mimic",
    "unplug",
    "dismiss",
    "first",
];

/// The kinds of energy, colours then origins, in the order of their columns.
const ENERGIES: usize = 9;

/// Numbers for the game as a whole: the turn (in hundreds), the step (one-hot), whether
/// the decision is the observer's, the game value (in hundreds), attacks and blocks
/// declared, whether a discard is owed.
pub const GLOBAL_FEATURES: usize = 1 + Step::ALL.len() + 1 + 1 + 2 + 1;

/// Numbers per seat: points toward the game value, cards in hand, resources, discards,
/// the graveyard, footholds, untapped footholds of each kind of energy, the holding
/// area's points, redraws used, out, active, deciding.
pub const PLAYER_FEATURES: usize = 6 + ENERGIES + 5;

/// Card-count blocks per seat (one number per card of the pool): its hand as the
/// observer knows it (its own; none of another's), its graveyard, the incidents it has
/// in play, the items on its characters (built-in ones included).
pub const COUNT_BLOCKS_PER_SEAT: usize = 4;

/// Characters written per seat: in play, then in the holding area.
pub const CHARACTER_SLOTS: usize = 16;

/// Numbers per character: present, card index + 1, C, D (both as they are now), cost,
/// wounds, tapped, in the holding area, attacking, attacked, blocking, villain,
/// anti-hero, insane, invulnerable, flying, hidden, poison markers, its best power's
/// value, its working items, its items out of use (disabled or knocked away), the
/// incidents in play aimed at it, intangible, invisible, bearing a Possess or Enslave
/// marker.
pub const CHARACTER_FEATURES: usize = 25;

/// Numbers per action slot: present, the option's kind (one-hot, [`OPTION_KINDS`]), the
/// card it names (index + 1), the energy it pays with (index + 1), the character it
/// moves, attacks or heals with and the character it targets (each its row among the
/// seats' character slots + 1), an attack's value and the defense it meets.
pub const ACTION_FEATURES: usize = 1 + OPTION_KINDS.len() + 6;

/// The sizes of a multiverse game's tensors: they depend on the seats and the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub seats: usize,
    pub cards: usize,
}

impl Layout {
    pub fn of(game: &MultiverseGame) -> Layout {
        Layout {
            seats: game.players.len(),
            cards: game.pool.len(),
        }
    }

    /// Each section's name, start and length, in order.
    pub fn sections(&self) -> [(&'static str, usize, usize); 4] {
        let lens = [
            ("global", GLOBAL_FEATURES),
            ("players", self.seats * PLAYER_FEATURES),
            (
                "card_counts",
                self.seats * COUNT_BLOCKS_PER_SEAT * self.cards,
            ),
            (
                "characters",
                self.seats * CHARACTER_SLOTS * CHARACTER_FEATURES,
            ),
        ];
        let mut at = 0;
        lens.map(|(name, len)| {
            let section = (name, at, len);
            at += len;
            section
        })
    }

    pub fn observation_len(&self) -> usize {
        self.sections().iter().map(|(_, _, len)| len).sum()
    }
}

/// A kind of energy's column; a paradigm's mix is written as its first colour.
fn energy_index(e: Energy) -> usize {
    let e = match e {
        Energy::Mix(a, _) => Energy::Colour(a),
        e => e,
    };
    Energy::all().position(|x| x == e).unwrap_or(0)
}

fn slots(options: &[Choice]) -> Slots {
    Slots::of(options, |&c| {
        !matches!(
            c,
            Choice::Redraw
                | Choice::Keep
                | Choice::NoFoothold
                | Choice::EndAttacks
                | Choice::EndBlocks
                | Choice::EndRecruit
                | Choice::EndTurn
                | Choice::Pass
        )
    })
}

impl MultiverseGame {
    /// The row of character `id` among the observer's character slots, + 1 (0: none).
    fn character_row(&self, observer: Seat, id: CharId) -> f32 {
        let n = self.players.len();
        for (s, p) in self.players.iter().enumerate() {
            let at = p
                .characters
                .iter()
                .chain(&p.holding)
                .position(|c| c.id == id)
                .filter(|&i| i < CHARACTER_SLOTS);
            if let Some(i) = at {
                let seat_place = place(n, observer, s as Seat);
                return (seat_place * CHARACTER_SLOTS + i + 1) as f32;
            }
        }
        0.0
    }

    fn write_character(&self, ch: &InPlay, held: bool, row: &mut [f32]) {
        let card = self.pool.get(ch.card);
        let Some(c) = card.character() else { return };
        row[0] = 1.0;
        row[1] = f32::from(ch.card) + 1.0;
        row[2] = f32::from(self.combat_value(ch));
        row[3] = f32::from(self.defense_value(ch));
        row[4] = f32::from(card.cost);
        row[5] = f32::from(ch.wounds);
        row[6] = flag(ch.tapped);
        row[7] = flag(held);
        row[8] = flag(self.attacks.iter().any(|a| a.attacker == ch.id));
        row[9] = flag(self.attacks.iter().any(|a| a.target == ch.id));
        row[10] = flag(self.blocks.iter().any(|b| b.blocker == ch.id));
        row[11] = flag(c.moral == Moral::Villain);
        row[12] = flag(c.moral == Moral::AntiHero);
        row[13] = flag(self.has(ch, crate::abilities::Ability::Insane));
        row[14] = flag(self.has(ch, crate::abilities::Ability::Invulnerable));
        row[15] = flag(ch.flying);
        row[16] = flag(ch.hidden);
        row[17] = f32::from(ch.poison);
        row[18] = f32::from(self.powers(ch).iter().map(|p| p.value).max().unwrap_or(0));
        for e in self.players.iter().flat_map(|p| &p.items) {
            if e.holder == ch.id {
                row[if e.state == ItemState::Working {
                    19
                } else {
                    20
                }] += 1.0;
            }
        }
        row[21] = self
            .incidents_in_play()
            .filter(|l| l.aim == Aim::Character { id: ch.id })
            .count() as f32;
        row[22] = flag(ch.intangible);
        row[23] = flag(ch.invisible);
        row[24] = flag(ch.master.is_some());
    }

    /// Writes what `seat` may know into `out` ([`Layout::observation_len`] long).
    pub fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let layout = Layout::of(self);
        assert_eq!(out.len(), layout.observation_len(), "observation length");
        assert!(usize::from(seat) < layout.seats, "seat at the table");
        out.fill(0.0);
        let n = layout.seats;
        let [global, players, counts, characters] = layout.sections().map(|(_, at, _)| at);

        let g = &mut out[global..players];
        g[0] = self.turn as f32 / 100.0;
        if let Some(i) = Step::ALL.iter().position(|&s| s == self.step) {
            g[1 + i] = 1.0;
        }
        let mut w = 1 + Step::ALL.len();
        g[w] = flag(self.decider == Some(seat));
        g[w + 1] = self.goal as f32 / 100.0;
        g[w + 2] = self.attacks.len() as f32;
        g[w + 3] = self.blocks.len() as f32;
        g[w + 4] = flag(self.over_limit);
        w += 5;
        debug_assert_eq!(w, GLOBAL_FEATURES);

        for (s, p) in self.players.iter().enumerate() {
            let at = place(n, seat, s as Seat);
            let row = &mut out[players + at * PLAYER_FEATURES..][..PLAYER_FEATURES];
            row[0] = p.points as f32 / self.goal.max(1) as f32;
            row[1] = p.hand.len() as f32;
            row[2] = p.deck.len() as f32;
            row[3] = p.discard.len() as f32;
            row[4] = p.graveyard.len() as f32;
            row[5] = p.footholds.len() as f32;
            for f in p.footholds.iter().filter(|f| !f.tapped) {
                row[6 + energy_index(f.energy)] += 1.0;
            }
            let w = 6 + ENERGIES;
            row[w] = self.holding_points(s as Seat) as f32 / HOLDING_CAPACITY as f32;
            row[w + 1] = f32::from(p.redraws);
            row[w + 2] = flag(p.out);
            row[w + 3] = flag(self.active == s as Seat);
            row[w + 4] = flag(self.decider == Some(s as Seat));
            debug_assert_eq!(w + 5, PLAYER_FEATURES);

            let block = |b: usize| counts + (at * COUNT_BLOCKS_PER_SEAT + b) * layout.cards;
            let mut count = |b: usize, cards: &mut dyn Iterator<Item = CardId>| {
                for c in cards {
                    out[block(b) + usize::from(c)] += 1.0;
                }
            };
            if s == usize::from(seat) {
                count(0, &mut p.hand.iter().copied());
            }
            count(1, &mut p.graveyard.iter().copied());
            let played = self
                .incidents_in_play()
                .filter(|l| usize::from(l.seat) == s);
            count(2, &mut played.map(|l| l.card));
            count(3, &mut p.items.iter().map(|e| e.card));

            let listed = p
                .characters
                .iter()
                .map(|c| (c, false))
                .chain(p.holding.iter().map(|c| (c, true)));
            for (i, (ch, held)) in listed.take(CHARACTER_SLOTS).enumerate() {
                let at = characters + ((at * CHARACTER_SLOTS) + i) * CHARACTER_FEATURES;
                self.write_character(ch, held, &mut out[at..at + CHARACTER_FEATURES]);
            }
        }
    }

    /// One action slot's features ([`ACTION_FEATURES`]).
    fn write_option(&self, seat: Seat, c: Choice, row: &mut [f32]) {
        row[0] = 1.0;
        let kind = match c {
            Choice::Redraw => 0,
            Choice::Keep => 1,
            Choice::Foothold { .. } => 2,
            Choice::NoFoothold => 3,
            Choice::Attack { .. } => 4,
            Choice::EndAttacks => 5,
            Choice::Block { .. } => 6,
            Choice::EndBlocks => 7,
            Choice::Recruit { .. } => 8,
            Choice::Return { .. } => 9,
            Choice::Evacuate { .. } => 10,
            Choice::EndRecruit => 11,
            Choice::Discard { .. } => 12,
            Choice::EndTurn | Choice::Concede { .. } => 13,
            Choice::Fly { .. } => 14,
            Choice::Hide { .. } => 15,
            Choice::Heal { .. } => 16,
            Choice::Assist { .. } => 17,
            Choice::HeroicAct { .. } => 18,
            Choice::Equip { .. } => 19,
            Choice::UseDevice { .. } => 20,
            Choice::Recover { .. } => 21,
            Choice::Repair { .. } => 22,
            Choice::Incident { .. } => 23,
            Choice::Pass => 24,
            Choice::Phase { .. } => 25,
            Choice::Sabotage { .. } => 26,
            Choice::Teleport { .. } => 27,
            Choice::Resurrect { .. } => 28,
            Choice::Swarm { .. } => 29,
            Choice::Fade { .. } => 30,
            Choice::Release { .. } => 31,
            Choice::Mimic { .. } => 32,
            Choice::Unplug { .. } => 33,
            Choice::Dismiss { .. } => 34,
            Choice::First { .. } => 35,
        };
        row[1 + kind] = 1.0;
        let w = 1 + OPTION_KINDS.len();
        let Named {
            card,
            pay,
            subject,
            target,
        } = c.named();
        row[w] = card.map_or(0.0, |c| f32::from(c) + 1.0);
        row[w + 1] = pay.map_or(0.0, |e| (energy_index(e) + 1) as f32);
        row[w + 2] = subject.map_or(0.0, |id| self.character_row(seat, id));
        row[w + 3] = target.map_or(0.0, |id| self.character_row(seat, id));
        if let Choice::Attack {
            attacker,
            target,
            power,
        } = c
        {
            if let (Some((_, a)), Some((_, t))) = (self.character(attacker), self.character(target))
            {
                let kind = self
                    .power_of(a, power)
                    .map_or(AttackKind::Physical, |p| p.kind);
                row[w + 4] = f32::from(self.attack_value(a, power));
                row[w + 5] = f32::from(self.defense_against(t, kind));
            }
        }
    }
}

impl epic_game::actions::Tensors for MultiverseGame {
    const ACTION_FEATURES: usize = ACTION_FEATURES;

    fn observation_len(&self) -> usize {
        Layout::of(self).observation_len()
    }

    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        MultiverseGame::write_observation(self, seat, out)
    }

    fn write_actions(&self, seat: Seat, mask: &mut [u8], features: Option<&mut [f32]>) {
        let mine: &[Choice] = if self.decider == Some(seat) {
            &self.options
        } else {
            &[]
        };
        let slots = slots(mine);
        actions::write_actions(mine, &slots, mask, features, ACTION_FEATURES, |c, row| {
            self.write_option(seat, c, row)
        });
    }

    fn num_actions(&self) -> usize {
        slots(&self.options).len()
    }

    fn action_option(&self, slot: usize) -> Option<usize> {
        slots(&self.options).option(slot)
    }

    fn option_action(&self, option: usize) -> Option<usize> {
        slots(&self.options).slot_of(option)
    }

    fn observation_sections(&self) -> Vec<(&'static str, usize, usize)> {
        Layout::of(self).sections().to_vec()
    }

    fn pool_size(&self) -> usize {
        self.pool.len()
    }
}
