//! A game as fixed-size numbers for learning programs (docs/python.md, "Observation"):
//! what one seat may know, written into a flat `f32` buffer, and the pending decision's
//! options as a fixed action space of [`MAX_ACTIONS`] slots with a mask and a row of
//! features per slot.
//!
//! Everything here is built from what the seat may see (rule 1.10, `GameState::sees`):
//! its own hand in full, other hands only as counts and revealed or known cards, no deck
//! order, and the options only when the decision is the seat's own. Seats are written
//! from the observer's place round the table (the observer first, then its left
//! neighbour), so a policy plays every seat alike.

use crate::choice::{Choice, DecisionKind};
use crate::game::Game;
use crate::ids::{Entity, ObjId, PlayerId};
use crate::state::{GameState, Phase, Zone};
use crate::stats::Look;
use epic_game::actions::{self, flag, place, Slots};
use epic_model::Keyword;
use smallvec::SmallVec;

pub use epic_game::actions::MAX_ACTIONS;

/// Champions written per seat, in the order they came into play; the card counts still
/// count every one.
pub const CHAMPION_SLOTS: usize = 16;

const PHASES: [Phase; 5] = [
    Phase::Setup,
    Phase::Start,
    Phase::Main,
    Phase::Battle,
    Phase::End,
];

const ZONES: [Zone; 6] = [
    Zone::Hand,
    Zone::InPlay,
    Zone::Deck,
    Zone::Discard,
    Zone::Supplemental,
    Zone::TokenPile,
];

/// The kinds of option, in the order of their one-hot columns.
pub const OPTION_KINDS: [&str; 16] = [
    "pass",
    "end_turn",
    "continue",
    "declare_battle",
    "done",
    "cancel",
    "yes",
    "no",
    "undo",
    "play",
    "power",
    "card",
    "player",
    "assign",
    "trigger",
    "branch",
];

/// Numbers written for the game as a whole: the turn, the phase (one-hot), whether the
/// pending decision is the observer's, its kind (one-hot), and the battle's state.
pub const GLOBAL_FEATURES: usize = 1 + PHASES.len() + 1 + DecisionKind::ALL.len() + 2;

/// Numbers written per seat: health, gold, bonus gold, cards in hand, in deck, in
/// discard pile, eliminated, active, holds initiative, deciding, attacking player,
/// defending player.
pub const PLAYER_FEATURES: usize = 12;

/// Card-count blocks per seat (each one number per card of the pool): cards in hand the
/// observer knows (its whole hand; another's revealed or known cards), discard pile,
/// champions it controls, its God card.
pub const COUNT_BLOCKS_PER_SEAT: usize = 4;

/// Numbers per champion slot: present, card index + 1, offense, defense, damage,
/// counters, expended, flipped, deploying, attacking, blocking, token, controlled by
/// another than its owner, then one column per keyword.
pub const CHAMPION_FEATURES: usize = 13 + Keyword::ALL.len();

/// Numbers per action slot: present, the option's kind (one-hot, [`OPTION_KINDS`]), the
/// card it names (index + 1; 0 for none or a card the observer cannot see), that card's
/// zone (one-hot), its owner's place from the observer (+ 1; 0 for none), whether the
/// observer controls it, the player it names (place + 1; 0 for none), and its number
/// (mode or power + 1, damage amount, trigger or branch + 1).
pub const ACTION_FEATURES: usize = 1 + OPTION_KINDS.len() + 1 + ZONES.len() + 4;

/// The sizes of a game's tensors: they depend on the seats and on the card pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub seats: usize,
    pub cards: usize,
}

impl Layout {
    pub fn of(game: &Game) -> Layout {
        Layout {
            seats: game.state().players.len(),
            cards: game.pool().len(),
        }
    }

    /// The length of the observation vector.
    pub fn observation_len(self) -> usize {
        GLOBAL_FEATURES
            + self.seats * PLAYER_FEATURES
            + (self.seats * COUNT_BLOCKS_PER_SEAT + 1) * self.cards
            + self.seats * CHAMPION_SLOTS * CHAMPION_FEATURES
    }

    /// Where each part of the observation starts, in order: global, players, card
    /// counts (seat by seat, then the events being played), champions.
    pub fn sections(self) -> [(&'static str, usize, usize); 4] {
        let players = GLOBAL_FEATURES;
        let counts = players + self.seats * PLAYER_FEATURES;
        let champions = counts + (self.seats * COUNT_BLOCKS_PER_SEAT + 1) * self.cards;
        [
            ("global", 0, GLOBAL_FEATURES),
            ("players", players, self.seats * PLAYER_FEATURES),
            ("card_counts", counts, champions - counts),
            (
                "champions",
                champions,
                self.seats * CHAMPION_SLOTS * CHAMPION_FEATURES,
            ),
        ]
    }
}

impl Game {
    /// Writes what `seat` may know into `out` (length [`Layout::observation_len`]),
    /// overwriting all of it. Panics if `out` has another length or `seat` is not at
    /// the table: both are the caller's mistakes, checked at the boundary.
    pub fn write_observation(&self, seat: PlayerId, out: &mut [f32]) {
        let layout = Layout::of(self);
        assert_eq!(out.len(), layout.observation_len(), "observation length");
        assert!(usize::from(seat) < layout.seats, "seat at the table");
        out.fill(0.0);
        let st = self.state();
        let look = Look::new(st, self.pool());
        let n = layout.seats;
        let mut w = 0;

        // Global.
        out[w] = f32::from(st.turn);
        w += 1;
        if let Some(i) = PHASES.iter().position(|&p| p == st.phase) {
            out[w + i] = 1.0;
        }
        w += PHASES.len();
        if let Some(ask) = &st.ask {
            out[w] = flag(ask.player == seat);
            if let Some(i) = DecisionKind::ALL.iter().position(|&k| k == ask.kind) {
                out[w + 1 + i] = 1.0;
            }
        }
        w += 1 + DecisionKind::ALL.len();
        out[w] = flag(st.battle.is_some());
        out[w + 1] = flag(st.battle.as_ref().is_some_and(|b| b.blocked));
        w += 2;

        // Players, from the observer's place.
        let initiative = st.initiative();
        let deciding = st.ask.as_ref().map(|a| a.player);
        for k in 0..n {
            let p = ((usize::from(seat) + k) % n) as PlayerId;
            let pl = &st.players[usize::from(p)];
            let row = &mut out[w + k * PLAYER_FEATURES..w + (k + 1) * PLAYER_FEATURES];
            row[0] = pl.health as f32;
            row[1] = f32::from(pl.gold);
            row[2] = f32::from(pl.bonus_gold);
            row[3] = pl.hand.len() as f32;
            row[4] = pl.deck.len() as f32;
            row[5] = pl.discard.len() as f32;
            row[6] = flag(pl.eliminated);
            row[7] = flag(st.active == p);
            row[8] = flag(initiative == Some(p));
            row[9] = flag(deciding == Some(p));
            row[10] = flag(st.battle.as_ref().is_some_and(|b| b.attacker == p));
            row[11] = flag(st.battle.as_ref().is_some_and(|b| b.defender == p));
        }
        w += n * PLAYER_FEATURES;

        // Card counts: a block per seat and zone, then the events being played.
        let cards = layout.cards;
        let block =
            |seat_place: usize, b: usize| w + (seat_place * COUNT_BLOCKS_PER_SEAT + b) * cards;
        let count = |out: &mut [f32], start: usize, o: ObjId| {
            out[start + usize::from(st.obj(o).card.0)] += 1.0;
        };
        for (i, pl) in st.players.iter().enumerate() {
            let k = place(n, seat, i as PlayerId);
            for &o in pl.hand.iter().filter(|&&o| st.sees(seat, o)) {
                count(out, block(k, 0), o);
            }
            for &o in &pl.discard {
                count(out, block(k, 1), o);
            }
            for o in st.gods_of(i as PlayerId) {
                count(out, block(k, 3), o);
            }
        }
        let in_play = || {
            st.in_play
                .iter()
                .copied()
                .filter(|&o| st.obj(o).zone == Zone::InPlay)
        };
        for o in in_play() {
            count(out, block(place(n, seat, st.obj(o).controller), 2), o);
        }
        let resolving = w + n * COUNT_BLOCKS_PER_SEAT * cards;
        for &o in &st.supplemental {
            count(out, resolving, o);
        }
        w = resolving + cards;

        // Champions, by controller.
        let mut filled: SmallVec<[usize; 8]> = smallvec::smallvec![0; n];
        for o in in_play() {
            let obj = st.obj(o);
            let k = place(n, seat, obj.controller);
            if filled[k] == CHAMPION_SLOTS {
                continue;
            }
            let at = w + (k * CHAMPION_SLOTS + filled[k]) * CHAMPION_FEATURES;
            filled[k] += 1;
            let row = &mut out[at..at + CHAMPION_FEATURES];
            row[0] = 1.0;
            row[1] = f32::from(obj.card.0) + 1.0;
            row[2] = look.offense(o) as f32;
            row[3] = look.defense(o) as f32;
            row[4] = f32::from(obj.damage);
            row[5] = f32::from(obj.counters);
            row[6] = flag(obj.expended);
            row[7] = flag(obj.flipped);
            row[8] = flag(obj.deploying);
            row[9] = flag(look.attacking(o));
            row[10] = flag(look.blocking(o));
            row[11] = flag(self.pool().get(obj.card).token);
            row[12] = flag(obj.owner != obj.controller);
            let keywords = look.keywords(o);
            for (i, kw) in Keyword::ALL.iter().enumerate() {
                row[13 + i] = flag(keywords.has(*kw));
            }
        }
    }

    /// Writes the fixed action space of `seat`: `mask[i]` is 1 where option `i` of the
    /// pending decision may be taken by `seat` (all 0 when the decision is another's or
    /// the game is over), and `features` (length `MAX_ACTIONS * ACTION_FEATURES`) holds
    /// one row per option ([`ACTION_FEATURES`]). Panics on buffers of other lengths.
    pub fn write_actions(&self, seat: PlayerId, mask: &mut [u8], features: Option<&mut [f32]>) {
        let st = self.state();
        let options = match &st.ask {
            Some(a) if a.player == seat => &a.options[..],
            _ => &[][..],
        };
        let n = st.players.len();
        actions::write_actions(
            options,
            &slots(options),
            mask,
            features,
            ACTION_FEATURES,
            |c, row| write_option(st, seat, n, c, row),
        );
    }

    /// How many actions of the fixed action space the decider has now: the options, up to
    /// [`MAX_ACTIONS`] (0 once the game is over).
    pub fn num_actions(&self) -> usize {
        slots(self.options()).len()
    }

    /// The option that action `slot` of the fixed action space stands for, as an index
    /// into [`Game::options`]; `None` for an empty slot or when the game is over.
    pub fn action_option(&self, slot: usize) -> Option<usize> {
        slots(self.options()).option(slot)
    }

    /// The action slot that stands for option `index` of [`Game::options`], if one does:
    /// how a bot's choice is told in the fixed action space.
    pub fn option_action(&self, index: usize) -> Option<usize> {
        slots(self.options()).slot_of(index)
    }
}

impl actions::Tensors for Game {
    const ACTION_FEATURES: usize = ACTION_FEATURES;

    fn observation_len(&self) -> usize {
        Layout::of(self).observation_len()
    }

    fn write_observation(&self, seat: PlayerId, out: &mut [f32]) {
        Game::write_observation(self, seat, out)
    }

    fn write_actions(&self, seat: PlayerId, mask: &mut [u8], features: Option<&mut [f32]>) {
        Game::write_actions(self, seat, mask, features)
    }

    fn num_actions(&self) -> usize {
        Game::num_actions(self)
    }

    fn action_option(&self, slot: usize) -> Option<usize> {
        Game::action_option(self, slot)
    }

    fn option_action(&self, option: usize) -> Option<usize> {
        Game::option_action(self, option)
    }

    fn observation_sections(&self) -> Vec<(&'static str, usize, usize)> {
        Layout::of(self).sections().to_vec()
    }

    fn pool_size(&self) -> usize {
        self.pool().len()
    }
}

/// The action slots of `options`: past [`MAX_ACTIONS`], the answers that name no card
/// or player (`Done`, `Pass`, `End the turn`) come first.
fn slots(options: &[Choice]) -> Slots {
    Slots::of(options, |c| {
        matches!(
            c,
            Choice::Play { .. }
                | Choice::Power { .. }
                | Choice::Card(_)
                | Choice::Player(_)
                | Choice::Assign { .. }
                | Choice::Trigger(_)
        )
    })
}

/// One action slot's features ([`ACTION_FEATURES`]).
fn write_option(st: &GameState, seat: PlayerId, seats: usize, c: Choice, row: &mut [f32]) {
    let (kind, obj, player, number): (usize, Option<ObjId>, Option<PlayerId>, f32) = match c {
        Choice::Pass => (0, None, None, 0.0),
        Choice::EndTurn => (1, None, None, 0.0),
        Choice::Continue => (2, None, None, 0.0),
        Choice::DeclareBattle => (3, None, None, 0.0),
        Choice::Done => (4, None, None, 0.0),
        Choice::Cancel => (5, None, None, 0.0),
        Choice::Yes => (6, None, None, 0.0),
        Choice::No => (7, None, None, 0.0),
        Choice::Undo => (8, None, None, 0.0),
        Choice::Play { card, mode } => (9, Some(card), None, f32::from(mode) + 1.0),
        Choice::Power { card, index } => (10, Some(card), None, f32::from(index) + 1.0),
        Choice::Card(o) => (11, Some(o), None, 0.0),
        Choice::Player(p) => (12, None, Some(p), 0.0),
        Choice::Assign { to, amount } => match to {
            Entity::Obj(o) => (13, Some(o), None, f32::from(amount)),
            Entity::Player(p) => (13, None, Some(p), f32::from(amount)),
        },
        Choice::Trigger(t) => {
            let source = st.batch.get(t as usize).map(|pt| pt.source);
            (14, source, None, t as f32 + 1.0)
        }
        Choice::Branch(b) => (15, None, None, f32::from(b) + 1.0),
        // Never an option, so never written here; it names the player who concedes.
        Choice::Concede(p) => (12, None, Some(p), 0.0),
    };
    row[0] = 1.0;
    row[1 + kind] = 1.0;
    let at = 1 + OPTION_KINDS.len();
    if let Some(o) = obj.filter(|&o| usize::from(o.0) < st.objs.len()) {
        let ob = st.obj(o);
        if st.sees(seat, o) {
            row[at] = f32::from(ob.card.0) + 1.0;
        }
        if let Some(z) = ZONES.iter().position(|&z| z == ob.zone) {
            row[at + 1 + z] = 1.0;
        }
        row[at + 1 + ZONES.len()] = place(seats, seat, ob.owner) as f32 + 1.0;
        row[at + 2 + ZONES.len()] = flag(ob.controller == seat);
    }
    if let Some(p) = player {
        row[at + 3 + ZONES.len()] = place(seats, seat, p) as f32 + 1.0;
    }
    row[at + 4 + ZONES.len()] = number;
}
