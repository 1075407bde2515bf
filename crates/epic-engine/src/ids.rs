use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table (for team formats such as Hydra, one team: rule 1.2).
pub type PlayerId = u8;

/// A viewer who holds no seat (a spectator): [`crate::view::View::new`] and
/// [`crate::Event::seen_by`] give them public information only, since no hand is theirs.
pub const SPECTATOR: PlayerId = PlayerId::MAX;

/// A game object: one physical card or token, by index into the game's object table.
/// A card keeps its id as it moves between zones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ObjId(pub u16);

impl fmt::Display for ObjId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// Something an effect can pick or damage: a player or a game object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Entity {
    Player(PlayerId),
    Obj(ObjId),
}

/// A game object's number as players see it. A card that changes zone is a new object
/// (5.21.3, docs/rulings.md R-10) and gets the next number, so a number tells nothing of
/// where the card was before or which card of a deck list it is. [`ObjId`] is the
/// engine's own handle, kept for the card's whole life; it never leaves the engine in
/// anything a player is shown.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct ObjNum(pub u32);

impl fmt::Display for ObjNum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A player, or a game object as it was when an effect or trigger took note of it: the
/// object is found again only while it is still that object (it has not changed zone
/// since), so "break it at the end of the turn" never reaches the card once it left
/// play and came back (docs/rulings.md R-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Remembered {
    pub entity: Entity,
    /// The object's number when noted; 0 for a player.
    pub number: ObjNum,
}
