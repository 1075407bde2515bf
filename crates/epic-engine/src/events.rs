//! Every change to a game, as an event. The engine emits each event whole; what one
//! seat receives is [`Event::seen_by`], which leaves out whatever that seat may not know
//! (rule 1.10): the identity of a card moving where they cannot see it, and the numbers
//! that would let them follow a hidden card.

use crate::ids::{ObjNum, PlayerId};
use crate::state::{Phase, Zone};
use crate::EndReason;
use epic_model::CardId;
use serde::{Deserialize, Serialize};

/// A game object everyone can see: its number and what card it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Seen {
    pub obj: ObjNum,
    pub card: CardId,
}

/// What damage is dealt to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recipient {
    Player(PlayerId),
    Champion(Seen),
}

/// Every change to a game, in order. Logs, replays and user interfaces are built from
/// these, each seat's from [`Event::seen_by`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    TurnBegan {
        turn: u16,
        player: PlayerId,
    },
    PhaseBegan {
        phase: Phase,
    },
    Initiative {
        player: PlayerId,
    },
    /// A card or token changed zone, becoming a new object. `was` is its number before,
    /// `obj` its number now and `card` what it is; for a seat, each is `None` where that
    /// seat cannot see the card (a deck, another player's hand).
    Moved {
        was: Option<ObjNum>,
        obj: Option<ObjNum>,
        card: Option<CardId>,
        from: Zone,
        to: Zone,
        owner: PlayerId,
        controller: PlayerId,
        /// Everyone saw which card it was where it lay: in sight of all, revealed
        /// (1.4.8) or known in a hand. Moving to a hand, it is known there
        /// ([`crate::state::Obj::known`]).
        revealed: bool,
    },
    /// A player drew a card; only they learn which (`None` for the others), unless
    /// everyone saw it drawn (a revealed card: it is known, ruling H-33).
    Drew {
        player: PlayerId,
        obj: Option<ObjNum>,
        card: Option<CardId>,
        #[serde(default)]
        revealed: bool,
    },
    Mulligan {
        player: PlayerId,
        count: u8,
    },
    Played {
        player: PlayerId,
        /// The card as it is now, in play or being played.
        played: Seen,
        mode: u8,
    },
    PowerUsed {
        player: PlayerId,
        source: Seen,
        index: u8,
    },
    Triggered {
        source: Seen,
        ability: u8,
    },
    /// A triggered ability another card gave the champion (Plague Zombies) triggers.
    GrantedTriggered {
        champion: Seen,
        from: CardId,
    },
    Revealed {
        player: PlayerId,
        cards: Vec<Seen>,
    },
    Damage {
        source: Option<Seen>,
        to: Recipient,
        amount: u16,
    },
    Health {
        player: PlayerId,
        delta: i32,
        now: i32,
    },
    Gold {
        player: PlayerId,
        now: u8,
    },
    Broken {
        champion: Seen,
    },
    /// Put on the bottom of its owner's deck (5.15); `None` where the seat could not see
    /// the card where it was.
    Banished {
        obj: Option<ObjNum>,
        card: Option<CardId>,
        from: Zone,
        owner: PlayerId,
    },
    TokenCreated {
        token: Seen,
        controller: PlayerId,
    },
    ControlChanged {
        champion: Seen,
        controller: PlayerId,
    },
    Expended {
        champion: Seen,
    },
    Prepared {
        champion: Seen,
    },
    Counters {
        champion: Seen,
        now: u16,
    },
    Attack {
        attacker: PlayerId,
        defender: PlayerId,
        champions: Vec<Seen>,
    },
    Block {
        champions: Vec<Seen>,
    },
    RemovedFromBattle {
        champion: Seen,
    },
    BattleEnded,
    Passed {
        player: PlayerId,
    },
    Undone {
        player: PlayerId,
    },
    /// The player conceded (1.2.2): eliminated at once, or at the next state check
    /// while other players go on.
    Conceded {
        player: PlayerId,
    },
    Eliminated {
        player: PlayerId,
    },
    GameOver {
        winners: Vec<PlayerId>,
        reason: EndReason,
    },
}

/// Whether `seat` sees what is in `zone` of `owner` (1.10): play, discard piles, events
/// being played and tokens are public; a hand is its owner's, or everyone's while the
/// card is revealed or known; a deck is no one's.
fn sees(seat: PlayerId, zone: Zone, owner: PlayerId, revealed: bool) -> bool {
    match zone {
        Zone::Hand => seat == owner || revealed,
        // A deck's card an effect revealed is public while it lies there (1.4.8).
        Zone::Deck => revealed,
        public => public.is_public(),
    }
}

impl Event {
    /// The event as `seat` receives it: whatever they may not know left out. Everything
    /// a program shows or sends to a player is built from these.
    pub fn seen_by(&self, seat: PlayerId) -> Event {
        match *self {
            Event::Moved {
                was,
                obj,
                card,
                from,
                to,
                owner,
                controller,
                revealed,
            } => {
                let before = sees(seat, from, owner, revealed);
                let after = sees(seat, to, owner, to == Zone::Hand && revealed);
                Event::Moved {
                    was: was.filter(|_| before),
                    obj: obj.filter(|_| after),
                    card: card.filter(|_| before || after),
                    from,
                    to,
                    owner,
                    controller,
                    revealed,
                }
            }
            Event::Drew {
                player,
                revealed: false,
                ..
            } if player != seat => Event::Drew {
                player,
                obj: None,
                card: None,
                revealed: false,
            },
            Event::Banished {
                obj,
                card,
                from,
                owner,
            } => {
                let seen = sees(seat, from, owner, false);
                Event::Banished {
                    obj: obj.filter(|_| seen),
                    card: card.filter(|_| seen),
                    from,
                    owner,
                }
            }
            _ => self.clone(),
        }
    }
}
