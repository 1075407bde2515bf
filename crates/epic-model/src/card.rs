use crate::{Ability, Alignments, Keywords, Mode};
use serde::{Deserialize, Serialize};

/// The set the preconstructed and random decks, and the drafts, are made of.
pub const BASE_SET: &str = "Base Set";

/// Index of a card definition in a card pool. Game state refers to definitions by this
/// small index so that cloning a game never copies names or text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u16);

/// Index of a class name ("Human", "Dragon") in a card pool's class table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ClassId(pub u16);

/// The card types of rule 2.0 that the base set uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardType {
    Champion,
    Event,
    /// An object of the classic game (2009): an item or location that stays in play.
    /// No card of the 2017 game is one.
    Object,
    /// A God card (rule 2.4): it starts the game face up in its player's Supplemental
    /// zone, is never part of a deck, and no card can affect it.
    God,
}

impl CardType {
    pub fn name(self) -> &'static str {
        match self {
            CardType::Champion => "champion",
            CardType::Event => "event",
            CardType::Object => "object",
            CardType::God => "god",
        }
    }
}

/// One card (or token) definition, as printed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardDef {
    pub name: String,
    /// The set the card was printed in, e.g. "Base Set".
    pub set: String,
    pub kind: CardType,
    pub alignments: Alignments,
    /// Printed gold cost: 0 or 1 (rule 2.1.3).
    pub cost: u8,
    /// Class names in printed order; `class_ids` holds the same in the pool's table.
    pub classes: Vec<String>,
    pub class_ids: Vec<ClassId>,
    /// Champions only.
    pub offense: u8,
    pub defense: u8,
    /// A token champion (rule 2.3): it exists only in play.
    pub token: bool,
    /// The rare gem of Cube Draft (FMT-04): a cube holds one copy of a rare card and three
    /// of any other.
    #[serde(default)]
    pub rare: bool,
    /// Printed keywords.
    pub keywords: Keywords,
    /// An event's text: one mode, or several separated by "— OR —" (rule 3.2.1).
    pub modes: Vec<Mode>,
    /// Triggered abilities, powers and continuous abilities, in printed order.
    pub abilities: Vec<Ability>,
    /// Flavour text, never rules text.
    pub flavor: Option<String>,
}

impl CardDef {
    pub fn is_champion(&self) -> bool {
        self.kind == CardType::Champion
    }
    pub fn is_event(&self) -> bool {
        self.kind == CardType::Event
    }
    pub fn is_god(&self) -> bool {
        self.kind == CardType::God
    }
    /// The gold it costs to play in `mode`: its cost plus the mode's extra cost.
    pub fn mode_cost(&self, mode: u8) -> u8 {
        let extra = self.modes.get(mode as usize).map_or(0, |m| m.extra_gold);
        self.cost.saturating_add(extra)
    }
    pub fn has_class(&self, c: ClassId) -> bool {
        self.class_ids.contains(&c)
    }
}
