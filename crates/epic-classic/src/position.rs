//! Any position set up directly, for scenarios and tests: what each player has where,
//! whose turn it is and which step.

use crate::game::{ClassicGame, SetupError, MAX_DECK};
use crate::state::*;
use crate::ClassicPool;
use epic_game::Seat;
use epic_model::CardId;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::sync::Arc;

/// One player's part of a position.
#[derive(Clone, Debug)]
pub struct SeatSetup {
    pub mojo: i32,
    pub actions: u8,
    pub hand: Vec<CardId>,
    /// Top card first.
    pub deck: Vec<CardId>,
    pub discard: Vec<CardId>,
    pub in_play: Vec<Placed>,
}

/// A card in play in a position.
#[derive(Clone, Copy, Debug)]
pub struct Placed {
    pub card: CardId,
    pub pose: Pose,
    pub damage: u16,
    /// Face down (ruling C-10); only a champion with veiled may be.
    pub veiled: bool,
}

impl Placed {
    /// The card prepared, undamaged and face up.
    pub fn new(card: CardId) -> Placed {
        Placed {
            card,
            pose: Pose::Prepared,
            damage: 0,
            veiled: false,
        }
    }
}

impl Default for SeatSetup {
    fn default() -> Self {
        SeatSetup {
            mojo: START_MOJO,
            actions: 1,
            hand: Vec::new(),
            deck: Vec::new(),
            discard: Vec::new(),
            in_play: Vec::new(),
        }
    }
}

/// A whole position.
#[derive(Clone, Debug)]
pub struct Position {
    pub seats: Vec<SeatSetup>,
    pub active: Seat,
    /// The step the active player holds priority in, at its start; `Step::Mulligan`
    /// starts the game from its mulligans (hands as given, the first player `active`).
    pub step: Step,
    pub turn: u32,
    /// The rules of the format played (Pack War's deck-out).
    pub rules: Rules,
}

impl ClassicGame {
    /// The game at `pos`, run to its first decision.
    pub fn from_position(
        pool: Arc<ClassicPool>,
        pos: &Position,
        seed: u64,
    ) -> Result<Self, SetupError> {
        let n = pos.seats.len();
        if !(2..=crate::MAX_PLAYERS).contains(&n) || pos.active as usize >= n {
            return Err(SetupError::new(format!(
                "a position has 2 to {} players and an active one",
                crate::MAX_PLAYERS
            )));
        }
        let rng = Pcg64Mcg::seed_from_u64(seed);
        let mut g = ClassicGame::empty(pool.clone(), pos.active, pos.step, rng);
        g.rules = pos.rules;
        g.turn = pos.turn.max(1);
        for (s, setup) in pos.seats.iter().enumerate() {
            let seat = s as Seat;
            let total =
                setup.hand.len() + setup.deck.len() + setup.discard.len() + setup.in_play.len();
            if total > MAX_DECK * 2 {
                return Err(SetupError::new(format!(
                    "player {} has more than {} cards",
                    s + 1,
                    MAX_DECK * 2
                )));
            }
            let all = setup
                .hand
                .iter()
                .chain(&setup.deck)
                .chain(&setup.discard)
                .chain(setup.in_play.iter().map(|p| &p.card));
            if let Some(bad) = all.into_iter().find(|c| c.0 as usize >= pool.len()) {
                return Err(SetupError::new(format!(
                    "card id {} is not in the classic pool",
                    bad.0
                )));
            }
            g.players.push(Player {
                mojo: setup.mojo,
                // Before the first turn nobody has gained an action yet.
                actions: if pos.step == Step::Mulligan {
                    0
                } else {
                    setup.actions
                },
                hand: Vec::new(),
                deck: Vec::new(),
                discard: Vec::new(),
                out: false,
                mulliganed: pos.step != Step::Mulligan,
                public_bottom: 0,
                mulligan_bottom: 0,
                as_choice: None,
            });
            if let Some(p) = setup.in_play.iter().find(|p| {
                let c = pool.get(p.card);
                p.veiled && !(c.keywords.veiled && c.is_champion())
            }) {
                return Err(SetupError::new(format!(
                    "{} cannot be face down: it is not a champion with veiled",
                    pool.get(p.card).name
                )));
            }
            let place = |g: &mut ClassicGame, zone: Zone, p: Placed| {
                let o = g.objs.len() as ObjId;
                g.objs.push(Obj {
                    pose: p.pose,
                    damage: p.damage,
                    veiled: p.veiled,
                    ..Obj::new(p.card, seat, zone)
                });
                let p = &mut g.players[s];
                match zone {
                    Zone::Hand => p.hand.push(o),
                    Zone::Deck => p.deck.insert(0, o),
                    Zone::Discard => p.discard.push(o),
                    Zone::Play => g.in_play.push(o),
                    Zone::Line | Zone::Removed => {}
                }
            };
            for &c in &setup.hand {
                place(&mut g, Zone::Hand, Placed::new(c));
            }
            for &c in &setup.deck {
                place(&mut g, Zone::Deck, Placed::new(c));
            }
            for &c in &setup.discard {
                place(&mut g, Zone::Discard, Placed::new(c));
            }
            for &p in &setup.in_play {
                place(&mut g, Zone::Play, p);
            }
        }
        if g.objs.len() > ObjId::MAX as usize {
            return Err(SetupError::new("the position holds too many cards"));
        }
        // Continuous abilities in play apply from the start (control, contradictions).
        g.settle();
        g.enter(pos.step);
        g.run();
        Ok(g)
    }
}
