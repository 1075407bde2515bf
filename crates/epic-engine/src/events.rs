use crate::ids::{Entity, ObjId, PlayerId};
use crate::state::{Phase, Zone};
use epic_model::CardId;
use serde::{Deserialize, Serialize};

/// Every change to a game, in order. Logs, replays and user interfaces are built from
/// these.
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
    /// A card or token moved. Moves into or within hidden zones are still reported; a
    /// view hides the card where the viewer may not know it.
    Moved {
        obj: ObjId,
        card: CardId,
        from: Zone,
        to: Zone,
        owner: PlayerId,
        controller: PlayerId,
    },
    Drew {
        player: PlayerId,
        obj: ObjId,
    },
    Mulligan {
        player: PlayerId,
        count: u8,
    },
    Played {
        player: PlayerId,
        obj: ObjId,
        card: CardId,
        mode: u8,
    },
    PowerUsed {
        player: PlayerId,
        obj: ObjId,
        card: CardId,
        index: u8,
    },
    Triggered {
        obj: ObjId,
        card: CardId,
        ability: u8,
    },
    Revealed {
        player: PlayerId,
        objs: Vec<ObjId>,
    },
    Damage {
        source: Option<ObjId>,
        to: Entity,
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
        obj: ObjId,
        card: CardId,
    },
    Banished {
        obj: ObjId,
        card: CardId,
    },
    TokenCreated {
        obj: ObjId,
        card: CardId,
        controller: PlayerId,
    },
    ControlChanged {
        obj: ObjId,
        controller: PlayerId,
    },
    Expended {
        obj: ObjId,
    },
    Prepared {
        obj: ObjId,
    },
    Counters {
        obj: ObjId,
        now: u16,
    },
    Attack {
        attacker: PlayerId,
        defender: PlayerId,
        champions: Vec<ObjId>,
    },
    Block {
        champions: Vec<ObjId>,
    },
    RemovedFromBattle {
        obj: ObjId,
    },
    BattleEnded,
    Passed {
        player: PlayerId,
    },
    Undone {
        player: PlayerId,
    },
    Eliminated {
        player: PlayerId,
    },
    GameOver {
        winners: Vec<PlayerId>,
    },
}
