//! Setting up any position directly (rule scenarios, per-card tests, puzzles): health,
//! gold, every zone's contents, champions in play with their state, whose turn it is.

use crate::config::RulesConfig;
use crate::error::SetupError;
use crate::game::Game;
use crate::ids::{ObjId, PlayerId};
use crate::state::{Obj, Zone};
use epic_model::{CardId, CardPool};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A champion placed in play by a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChampionSetup {
    pub card: CardId,
    pub expended: bool,
    pub flipped: bool,
    pub deploying: bool,
    pub damage: u16,
    pub counters: u16,
}

impl ChampionSetup {
    pub fn new(card: CardId) -> Self {
        ChampionSetup {
            card,
            expended: false,
            flipped: false,
            deploying: false,
            damage: 0,
            counters: 0,
        }
    }
}

/// One seat of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSetup {
    pub health: i32,
    pub gold: u8,
    pub hand: Vec<CardId>,
    /// Top card first.
    pub deck: Vec<CardId>,
    pub discard: Vec<CardId>,
    pub in_play: Vec<ChampionSetup>,
    /// The God card the seat brought, face up in the Supplemental zone (2.4).
    #[serde(default)]
    pub god: Option<CardId>,
}

impl SeatSetup {
    pub fn new(rules: &RulesConfig) -> Self {
        SeatSetup {
            health: rules.seat_health(),
            gold: 1,
            hand: vec![],
            deck: vec![],
            discard: vec![],
            in_play: vec![],
            god: None,
        }
    }
}

/// Where the game resumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartAt {
    /// The active player holds initiative in their main phase (4.3.1).
    Main,
    /// The active player's turn begins: gold, draw, prepare, start triggers (4.2).
    StartOfTurn,
}

/// A whole position. Turn 2 or later, so first-turn exceptions do not apply unless
/// `turn` is 1.
#[derive(Clone, Debug)]
pub struct Position {
    pub rules: RulesConfig,
    pub pool: Arc<CardPool>,
    pub seats: Vec<SeatSetup>,
    pub active: PlayerId,
    pub turn: u16,
    pub start: StartAt,
    pub seed: u64,
}

impl Position {
    pub fn new(pool: Arc<CardPool>, players: usize) -> Self {
        let rules = RulesConfig::default();
        Position {
            seats: (0..players).map(|_| SeatSetup::new(&rules)).collect(),
            rules,
            pool,
            active: 0,
            turn: 3,
            start: StartAt::Main,
            seed: 0,
        }
    }
}

impl Game {
    /// A game in the given position, waiting on its first decision there.
    pub fn from_position(pos: Position) -> Result<Game, SetupError> {
        let n = pos.seats.len();
        pos.rules.check_seats(n)?;
        if pos.active as usize >= n {
            return Err(SetupError::FirstPlayer(pos.active));
        }
        let check = |seat: usize, card: CardId, token_ok: bool| -> Result<(), SetupError> {
            if card.0 as usize >= pos.pool.len() {
                return Err(SetupError::UnknownCard { seat, id: card.0 });
            }
            let def = pos.pool.get(card);
            if def.token && !token_ok {
                return Err(SetupError::TokenInDeck {
                    seat,
                    name: def.name.clone(),
                });
            }
            if def.is_god() {
                return Err(SetupError::GodOutOfPlace {
                    seat,
                    name: def.name.clone(),
                });
            }
            Ok(())
        };
        pos.rules.validate()?;
        let cards: usize = pos
            .seats
            .iter()
            .map(|s| s.hand.len() + s.deck.len() + s.discard.len() + s.in_play.len())
            .sum();
        if cards > crate::config::MAX_CARDS {
            return Err(SetupError::TooManyCards {
                count: cards,
                max: crate::config::MAX_CARDS,
            });
        }
        for (seat, s) in pos.seats.iter().enumerate() {
            for &c in s.hand.iter().chain(&s.deck).chain(&s.discard) {
                check(seat, c, false)?;
            }
            for c in &s.in_play {
                check(seat, c.card, true)?;
            }
            if let Some(g) = s.god {
                if g.0 as usize >= pos.pool.len() {
                    return Err(SetupError::UnknownCard { seat, id: g.0 });
                }
                if !pos.pool.get(g).is_god() {
                    return Err(SetupError::NotAGod {
                        seat,
                        name: pos.pool.get(g).name.clone(),
                    });
                }
            }
        }
        let mut game = Game::empty(pos.pool.clone(), pos.rules.clone(), n, pos.seed);
        game.place(&pos);
        Ok(game)
    }

    fn place(&mut self, pos: &Position) {
        let st = self.state_mut();
        st.objs.clear();
        st.next_number = 0;
        st.in_play.clear();
        st.statics_in_play.clear();
        st.gods.clear();
        let new_obj =
            |st: &mut crate::state::GameState, card: CardId, owner: PlayerId, zone: Zone| {
                let id = ObjId(st.objs.len() as u16);
                st.objs.push(Obj::new(card, owner, zone));
                st.renumber(id);
                id
            };
        for (i, s) in pos.seats.iter().enumerate() {
            let p = i as PlayerId;
            let hand = s
                .hand
                .iter()
                .map(|&c| new_obj(st, c, p, Zone::Hand))
                .collect();
            let deck = s
                .deck
                .iter()
                .rev()
                .map(|&c| new_obj(st, c, p, Zone::Deck))
                .collect();
            let discard: Vec<ObjId> = s
                .discard
                .iter()
                .map(|&c| new_obj(st, c, p, Zone::Discard))
                .collect();
            for &o in &discard {
                st.index_abilities(o, &pos.pool);
            }
            let pl = st.player_mut(p);
            pl.health = s.health;
            pl.gold = s.gold;
            pl.hand = hand;
            pl.deck = deck;
            pl.discard = discard;
            if let Some(g) = s.god {
                let o = new_obj(st, g, p, Zone::Supplemental);
                st.gods.push(o);
            }
            for c in &s.in_play {
                let o = new_obj(st, c.card, p, Zone::InPlay);
                let obj = st.obj_mut(o);
                obj.expended = c.expended;
                obj.flipped = c.flipped;
                obj.deploying = c.deploying;
                obj.damage = c.damage;
                obj.counters = c.counters;
                st.in_play.push(o);
                st.index_abilities(o, &pos.pool);
            }
        }
        st.turn = pos.turn.max(1);
        st.active = pos.active;
        st.first_player = if pos.turn <= 1 {
            pos.active
        } else {
            st.next_seat(pos.active)
        };
        st.summarize_continuous(&pos.pool);
        st.note_trigger_kinds(&pos.pool);
        st.damaged = st.in_play.iter().any(|&o| st.obj(o).damage > 0);
        st.declaring.clear();
        st.step = match pos.start {
            StartAt::Main => crate::state::Step::BeginMain,
            StartAt::StartOfTurn => crate::state::Step::StartPhase,
        };
        st.ask = None;
        self.resume();
    }
}
