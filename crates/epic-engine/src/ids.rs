use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table (for team formats such as Hydra, one team: rule 1.2).
pub type PlayerId = u8;

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
