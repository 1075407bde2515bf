//! A classic game as fixed-size numbers for learning programs (docs/python.md,
//! "Observation"), after the 2017 engine's tensors: what one seat may know, written
//! into a flat `f32` buffer, and the pending decision's options as the fixed action
//! space of [`MAX_ACTIONS`](epic_game::actions::MAX_ACTIONS) slots ([`epic_game::actions`]) with a mask and a row of
//! features per slot.
//!
//! Everything is built from what the seat may see ([`ClassicGame::visible_to`]): its own
//! hand in full, other hands as counts and the cards in them they do not own, no deck
//! order, a face-down champion another owns as a face-down champion only, and the
//! options only when the decision is the seat's own. Seats are written from the
//! observer's place round the table; the line from its top, the next to resolve.

use crate::card::Kw;
use crate::game::{Choice, ClassicGame};
use crate::state::*;
use epic_game::actions::{self, flag, place, Slots};
use epic_game::Seat;

const STEPS: [Step; 6] = [
    Step::Mulligan,
    Step::Prepare,
    Step::PreBattle,
    Step::Battle,
    Step::Build,
    Step::End,
];

const WINDOWS: [Window; 3] = [
    Window::BeforeAttack,
    Window::AfterAttack,
    Window::AfterBlock,
];

/// The kinds of decision ([`Ask::word`]), in the order of their one-hot columns.
pub const DECISION_KINDS: [&str; 10] = [
    "mulligan",
    "priority",
    "target",
    "attackers",
    "blockers",
    "assign",
    "discard",
    "may",
    "choose-as",
    "order-triggers",
];

const ZONES: [Zone; 6] = [
    Zone::Deck,
    Zone::Hand,
    Zone::Play,
    Zone::Line,
    Zone::Discard,
    Zone::Removed,
];

/// The kinds of option ([`Choice`]), in the order of their one-hot columns.
pub const OPTION_KINDS: [&str; 20] = [
    "bottom",
    "keep",
    "pass",
    "play",
    "play_veiled",
    "unveil",
    "activate",
    "target",
    "attacker",
    "attack_player",
    "hunt",
    "end_battle",
    "blocker",
    "no_more_blockers",
    "assign",
    "discard",
    "yes",
    "no",
    "prefer",
    "trigger_next",
];

/// Numbers written for the game as a whole: the turn, the step and the Battle step's
/// window (one-hot each), whether the pending decision is the observer's, its kind
/// (one-hot, [`DECISION_KINDS`]), what is left of it (damage to assign, cards to
/// discard), the items on the line, whether an item is pending off the line, whether
/// an attack is in progress.
pub const GLOBAL_FEATURES: usize = 1 + STEPS.len() + WINDOWS.len() + 1 + DECISION_KINDS.len() + 4;

/// Numbers written per seat: Mojo, actions, cards in hand, in deck, in the discard pile
/// it holds, removed from the game, out, active, holds priority, deciding, attacking
/// player, defending player.
pub const PLAYER_FEATURES: usize = 12;

/// Card-count blocks per seat (each one number per card of the pool): cards in its hand
/// the observer knows (its whole hand; another's cards it does not own), the discard
/// pile it holds, the cards in play it controls that the observer can see, its cards
/// removed from the game.
pub const COUNT_BLOCKS_PER_SEAT: usize = 4;

/// Line rows written: the item pending off the line (being announced, or resolving at
/// a "you may"), then the line from the top; items deeper than that are counted in the
/// global features only.
pub const LINE_SLOTS: usize = 8;

/// Numbers per line row: present, card index + 1 (0 for a face-down card the observer
/// does not own), an ability (not the card itself), its controller's place + 1, the
/// targets it named.
pub const LINE_FEATURES: usize = 5;

/// Cards in play written per seat, in the order they came into play.
pub const CARD_SLOTS: usize = 16;

/// Numbers per card in play: present, card index + 1 (0 face down to the observer), a
/// champion, offense, defense, damage, counters, prepared, expended, flipped, face
/// down, attacking, blocking, hunted, token, controlled by another than its owner,
/// then one column per keyword ([`Kw::NAMES`]). A face-down champion the observer does
/// not own shows no card, offense, defense or keywords.
pub const CARD_FEATURES: usize = 16 + Kw::NAMES.len();

/// Numbers per action slot: present, the option's kind (one-hot, [`OPTION_KINDS`]),
/// the card it names (index + 1; 0 for none or a card the observer cannot see), that
/// card's zone (one-hot), its owner's place + 1 (0 for none), whether the observer
/// controls it, the player it names (place + 1; 0 for none), and the ability it uses
/// (index + 1).
pub const ACTION_FEATURES: usize = 1 + OPTION_KINDS.len() + 1 + ZONES.len() + 4;

/// The sizes of a classic game's tensors: they depend on the seats and the card pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub seats: usize,
    pub cards: usize,
}

impl Layout {
    pub fn of(game: &ClassicGame) -> Layout {
        Layout {
            seats: game.players.len(),
            cards: game.pool.len(),
        }
    }

    /// The length of the observation vector.
    pub fn observation_len(self) -> usize {
        self.sections().iter().map(|(_, _, len)| len).sum()
    }

    /// Where each part of the observation starts and how long it is, in order: global,
    /// players, card counts (seat by seat), the line, cards in play.
    pub fn sections(self) -> [(&'static str, usize, usize); 5] {
        let lens = [
            ("global", GLOBAL_FEATURES),
            ("players", self.seats * PLAYER_FEATURES),
            (
                "card_counts",
                self.seats * COUNT_BLOCKS_PER_SEAT * self.cards,
            ),
            ("line", (1 + LINE_SLOTS) * LINE_FEATURES),
            ("in_play", self.seats * CARD_SLOTS * CARD_FEATURES),
        ];
        let mut at = 0;
        lens.map(|(name, len)| {
            at += len;
            (name, at - len, len)
        })
    }
}

impl ClassicGame {
    /// Writes what `seat` may know into `out` (length [`Layout::observation_len`]),
    /// overwriting all of it. Panics if `out` has another length or `seat` is not at
    /// the table: both are the caller's mistakes, checked at the boundary.
    pub fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let layout = Layout::of(self);
        assert_eq!(out.len(), layout.observation_len(), "observation length");
        assert!(usize::from(seat) < layout.seats, "seat at the table");
        out.fill(0.0);
        let n = layout.seats;
        let [global, players, counts, line, in_play] = layout.sections().map(|(_, at, _)| at);

        // Global.
        let g = &mut out[global..players];
        g[0] = self.turn as f32;
        let mut w = 1;
        if let Some(i) = STEPS.iter().position(|&s| s == self.step) {
            g[w + i] = 1.0;
        }
        w += STEPS.len();
        if let Some(i) = WINDOWS.iter().position(|&x| x == self.window) {
            g[w + i] = 1.0;
        }
        w += WINDOWS.len();
        if let Some((decider, ask)) = &self.ask {
            g[w] = flag(*decider == seat);
            if let Some(i) = DECISION_KINDS.iter().position(|&k| k == ask.word()) {
                g[w + 1 + i] = 1.0;
            }
            g[w + 1 + DECISION_KINDS.len()] = match ask {
                Ask::AssignDamage { left, .. } | Ask::Discard { left } => f32::from(*left),
                _ => 0.0,
            };
        }
        w += 2 + DECISION_KINDS.len();
        g[w] = self.line.len() as f32;
        g[w + 1] = flag(self.pending_item().is_some());
        g[w + 2] = flag(self.attack.is_some());

        // Players, from the observer's place.
        let deciding = self.ask.as_ref().map(|(s, _)| *s);
        let attack = self.attack.as_ref();
        for k in 0..n {
            let p = ((usize::from(seat) + k) % n) as Seat;
            let pl = &self.players[usize::from(p)];
            let at = players + k * PLAYER_FEATURES;
            out[at..at + PLAYER_FEATURES].copy_from_slice(&[
                pl.mojo as f32,
                f32::from(pl.actions),
                pl.hand.len() as f32,
                pl.deck.len() as f32,
                pl.discard.len() as f32,
                self.removed(p).len() as f32,
                flag(pl.out),
                flag(self.active == p),
                flag(self.ask.is_some() && self.holder == p),
                flag(deciding == Some(p)),
                flag(attack.is_some() && self.active == p),
                flag(attack.is_some_and(|a| a.defender == p)),
            ]);
        }

        // Card counts: a block per seat.
        let cards = layout.cards;
        let block = |k: usize, b: usize| counts + (k * COUNT_BLOCKS_PER_SEAT + b) * cards;
        let card_of = |o: ObjId| usize::from(self.objs[o as usize].card.0);
        for (i, pl) in self.players.iter().enumerate() {
            let k = place(n, seat, i as Seat);
            for &o in pl.hand.iter().filter(|&&o| self.visible_to(o, seat)) {
                out[block(k, 0) + card_of(o)] += 1.0;
            }
            for &o in &pl.discard {
                out[block(k, 1) + card_of(o)] += 1.0;
            }
            for o in self.removed(i as Seat) {
                out[block(k, 3) + card_of(o)] += 1.0;
            }
        }
        for &o in self.in_play.iter().filter(|&&o| self.visible_to(o, seat)) {
            let k = place(n, seat, self.objs[o as usize].controller);
            out[block(k, 2) + card_of(o)] += 1.0;
        }

        // The line: the pending item, then the line from the top.
        let pending = self.pending_item();
        let rows = std::iter::once(pending).chain(self.line.iter().rev().map(Some));
        for (r, item) in rows.take(1 + LINE_SLOTS).enumerate() {
            let Some(item) = item else { continue };
            let at = line + r * LINE_FEATURES;
            let ability = item.source != Source::Card;
            let seen = ability || self.visible_to(item.obj, seat);
            out[at..at + LINE_FEATURES].copy_from_slice(&[
                1.0,
                if seen {
                    f32::from(item.card.0) + 1.0
                } else {
                    0.0
                },
                flag(ability),
                place(n, seat, item.controller) as f32 + 1.0,
                item.aims.len() as f32,
            ]);
        }

        // Cards in play, by controller.
        let mut filled = vec![0usize; n];
        let blocking = |o: ObjId| {
            let life = self.objs[o as usize].life;
            attack.is_some_and(|a| a.blockers.contains(&(o, life)))
        };
        let hunted = |o: ObjId| {
            let life = self.objs[o as usize].life;
            attack.is_some_and(|a| a.hunted == Some((o, life)))
        };
        for &o in &self.in_play {
            let obj = &self.objs[o as usize];
            let k = place(n, seat, obj.controller);
            if filled[k] == CARD_SLOTS {
                continue;
            }
            let at = in_play + (k * CARD_SLOTS + filled[k]) * CARD_FEATURES;
            filled[k] += 1;
            let card = self.card(o);
            let seen = self.visible_to(o, seat);
            let row = &mut out[at..at + CARD_FEATURES];
            row[0] = 1.0;
            row[2] = flag(card.is_champion());
            if seen {
                let (offense, defense, keywords) = self.stats(o);
                row[1] = f32::from(obj.card.0) + 1.0;
                if card.is_champion() {
                    row[3] = offense as f32;
                    row[4] = defense as f32;
                }
                for (i, (kw, _)) in Kw::NAMES.iter().enumerate() {
                    row[16 + i] = flag(keywords.has(*kw));
                }
            }
            row[5] = f32::from(obj.damage);
            row[6] = f32::from(obj.counters);
            for (i, pose) in Pose::ALL.iter().enumerate() {
                row[7 + i] = flag(obj.pose == *pose);
            }
            row[10] = flag(obj.veiled);
            row[11] = flag(self.is_attacking(o));
            row[12] = flag(blocking(o));
            row[13] = flag(hunted(o));
            row[14] = flag(card.token);
            row[15] = flag(obj.owner != obj.controller);
        }
    }

    /// Writes the fixed action space of `seat`: `mask[i]` is 1 where action `i` may be
    /// taken by `seat` (all 0 when the decision is another's or the game is over), and
    /// `features` (length `MAX_ACTIONS * ACTION_FEATURES`) one row per action. Panics
    /// on buffers of other lengths.
    pub fn write_actions(&self, seat: Seat, mask: &mut [u8], features: Option<&mut [f32]>) {
        let options = match &self.ask {
            Some((s, _)) if *s == seat => &self.options[..],
            _ => &[][..],
        };
        actions::write_actions(
            options,
            &slots(options),
            mask,
            features,
            ACTION_FEATURES,
            |c, row| self.write_option(seat, c, row),
        );
    }

    /// How many actions of the fixed action space the decider has now: the options, up
    /// to [`MAX_ACTIONS`](actions::MAX_ACTIONS) (0 once the game is over).
    pub fn num_actions(&self) -> usize {
        slots(&self.options).len()
    }

    /// The option that action `slot` stands for, as an index into
    /// [`ClassicGame::options`]; `None` for an empty slot or when the game is over.
    pub fn action_option(&self, slot: usize) -> Option<usize> {
        slots(&self.options).option(slot)
    }

    /// The action that stands for option `index` of [`ClassicGame::options`], if one
    /// does: how a bot's choice is told in the fixed action space.
    pub fn option_action(&self, index: usize) -> Option<usize> {
        slots(&self.options).slot_of(index)
    }

    /// One action slot's features ([`ACTION_FEATURES`]).
    fn write_option(&self, seat: Seat, c: Choice, row: &mut [f32]) {
        let (obj, player, number): (Option<ObjId>, Option<Seat>, f32) = match c {
            Choice::Bottom(o)
            | Choice::Play(o)
            | Choice::PlayVeiled(o)
            | Choice::Unveil(o)
            | Choice::Target(Target::Obj(o))
            | Choice::Attacker(o)
            | Choice::Hunt(o)
            | Choice::Blocker(o)
            | Choice::Assign(o)
            | Choice::Discard(o)
            | Choice::Prefer(o) => (Some(o), None, 0.0),
            Choice::Activate(o, i) | Choice::TriggerNext(o, i) => {
                (Some(o), None, f32::from(i) + 1.0)
            }
            Choice::Target(Target::Player(p)) | Choice::AttackPlayer(p) | Choice::Concede(p) => {
                (None, Some(p), 0.0)
            }
            Choice::Keep
            | Choice::Pass
            | Choice::EndBattle
            | Choice::NoMoreBlockers
            | Choice::Yes
            | Choice::No => (None, None, 0.0),
        };
        let n = self.players.len();
        row[0] = 1.0;
        row[1 + option_kind(c)] = 1.0;
        let at = 1 + OPTION_KINDS.len();
        if let Some(o) = obj {
            let ob = &self.objs[o as usize];
            if self.visible_to(o, seat) {
                row[at] = f32::from(ob.card.0) + 1.0;
            }
            if let Some(z) = ZONES.iter().position(|&z| z == ob.zone) {
                row[at + 1 + z] = 1.0;
            }
            row[at + 1 + ZONES.len()] = place(n, seat, ob.owner) as f32 + 1.0;
            row[at + 2 + ZONES.len()] = flag(ob.controller == seat);
        }
        if let Some(p) = player {
            row[at + 3 + ZONES.len()] = place(n, seat, p) as f32 + 1.0;
        }
        row[at + 4 + ZONES.len()] = number;
    }
}

/// The column of an option's kind in [`OPTION_KINDS`].
fn option_kind(c: Choice) -> usize {
    match c {
        Choice::Bottom(_) => 0,
        Choice::Keep => 1,
        Choice::Pass => 2,
        Choice::Play(_) => 3,
        Choice::PlayVeiled(_) => 4,
        Choice::Unveil(_) => 5,
        Choice::Activate(..) => 6,
        Choice::Target(_) => 7,
        Choice::Attacker(_) => 8,
        Choice::AttackPlayer(_) => 9,
        Choice::Hunt(_) => 10,
        Choice::EndBattle => 11,
        Choice::Blocker(_) => 12,
        Choice::NoMoreBlockers => 13,
        Choice::Assign(_) => 14,
        Choice::Discard(_) => 15,
        Choice::Yes => 16,
        Choice::No => 17,
        Choice::Prefer(_) => 18,
        Choice::TriggerNext(..) => 19,
        Choice::Concede(_) => unreachable!("a concession is never among the options"),
    }
}

/// The action slots of `options`: past [`MAX_ACTIONS`](actions::MAX_ACTIONS), the answers that name no card
/// or player (`Pass`, `Keep`, `Yes`) come first.
fn slots(options: &[Choice]) -> Slots {
    Slots::of(options, |&c| {
        !matches!(
            c,
            Choice::Keep
                | Choice::Pass
                | Choice::EndBattle
                | Choice::NoMoreBlockers
                | Choice::Yes
                | Choice::No
        )
    })
}
impl actions::Tensors for ClassicGame {
    const ACTION_FEATURES: usize = ACTION_FEATURES;

    fn observation_len(&self) -> usize {
        Layout::of(self).observation_len()
    }

    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        ClassicGame::write_observation(self, seat, out)
    }

    fn write_actions(&self, seat: Seat, mask: &mut [u8], features: Option<&mut [f32]>) {
        ClassicGame::write_actions(self, seat, mask, features)
    }

    fn num_actions(&self) -> usize {
        ClassicGame::num_actions(self)
    }

    fn action_option(&self, slot: usize) -> Option<usize> {
        ClassicGame::action_option(self, slot)
    }

    fn option_action(&self, option: usize) -> Option<usize> {
        ClassicGame::option_action(self, option)
    }

    fn observation_sections(&self) -> Vec<(&'static str, usize, usize)> {
        Layout::of(self).sections().to_vec()
    }

    fn pool_size(&self) -> usize {
        self.pool().len()
    }
}
