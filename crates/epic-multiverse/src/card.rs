//! The multiverse game's cards as values: footholds and characters, their energy, stats
//! and labels, and the text a player reads, generated from the definition.

use crate::abilities::{Ability, Power};
use crate::effect::{Incident, Item};
use serde::Serialize;
use std::fmt;

/// A card's number in the pool, in the order the card files define them.
pub type CardId = u16;

/// The three multiverse colours (F-4.2): each multiverse's footholds make its energy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Blue,
    Red,
    Black,
}

/// The six origins (F-4.3): where a card's powers come from, and an origin foothold's
/// energy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    Magical,
    Genetic,
    Technological,
    Alien,
    Transformative,
    Conditional,
}

impl Colour {
    pub const ALL: [Colour; 3] = [Colour::Blue, Colour::Red, Colour::Black];

    pub fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Black => "black",
        }
    }
}

impl Origin {
    pub const ALL: [Origin; 6] = [
        Origin::Magical,
        Origin::Genetic,
        Origin::Technological,
        Origin::Alien,
        Origin::Transformative,
        Origin::Conditional,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Origin::Magical => "magical",
            Origin::Genetic => "genetic",
            Origin::Technological => "technological",
            Origin::Alien => "alien",
            Origin::Transformative => "transformative",
            Origin::Conditional => "conditional",
        }
    }
}

/// A kind of energy: a multiverse's colour or an origin (F-4.1). A foothold makes one
/// kind; a cost is paid in one kind (ruling M-04).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(untagged)]
pub enum Energy {
    Colour(Colour),
    Origin(Origin),
    /// A payment only, no foothold's: footholds of either colour, mixed (a paradigm,
    /// F-4.5, ruling M-43).
    Mix(Colour, Colour),
}

impl Energy {
    /// Every kind, colours first.
    pub fn all() -> impl DoubleEndedIterator<Item = Energy> {
        Colour::ALL
            .into_iter()
            .map(Energy::Colour)
            .chain(Origin::ALL.into_iter().map(Energy::Origin))
    }

    pub fn name(self) -> &'static str {
        match self {
            Energy::Colour(c) => c.name(),
            Energy::Origin(o) => o.name(),
            Energy::Mix(a, b) => match (a.min(b), a.max(b)) {
                (Colour::Blue, Colour::Red) => "blue or red",
                (Colour::Blue, Colour::Black) => "blue or black",
                (Colour::Red, Colour::Black) => "red or black",
                (c, _) => c.name(),
            },
        }
    }

    /// Whether a foothold making `made` pays for this kind: the same kind, or either
    /// colour of a mix.
    pub fn pays(self, made: Energy) -> bool {
        match (self, made) {
            (Energy::Mix(a, b), Energy::Colour(c)) => c == a || c == b,
            _ => self == made,
        }
    }

    /// The kind named `word` ("red", "alien"), in any case.
    pub fn parse(word: &str) -> Option<Energy> {
        let word = word.trim().to_ascii_lowercase();
        Energy::all().find(|e| e.name() == word)
    }
}

impl fmt::Display for Energy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who a character may kill (F-11.4): a hero no one, a villain anyone, an anti-hero
/// villains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Moral {
    Hero,
    Villain,
    AntiHero,
}

/// A character's stats and labels.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Character {
    /// Its combat value, C (F-2.2).
    pub combat: u8,
    /// Its defense value, D.
    pub defense: u8,
    /// Its character type: species, race or subgroups ("Human", "Mutant").
    pub species: Vec<String>,
    pub moral: Moral,
    /// Non-unique: a deck may hold any number of copies (F-6.6).
    pub non_unique: bool,
    /// Its team, if it has one: team-mates block for each other (F-14.3).
    pub team: Option<String>,
    /// Arch-enemy (X): the character it locks in combat with, by name (ruling M-42).
    pub arch_enemy: Option<String>,
    /// A paradigm: the other colour whose footholds may join its own colour's in paying
    /// for it (F-4.5, ruling M-43).
    pub paradigm: Option<Colour>,
    /// An independent artifact (F-2.4, ruling M-44), played and attacked as a character
    /// but never attacking: the boost (C, D) it gives its player's other characters
    /// while it is not disabled.
    pub artifact: Option<(u8, u8)>,
    /// Its common and random abilities, as its labels carry them.
    pub abilities: Vec<Ability>,
    /// Its powers: attacks other than base C (F-13).
    pub powers: Vec<Power>,
    /// Its built-in items, by name (F-9.7): part of its stats, knocked away as an item
    /// can be.
    pub items: Vec<String>,
    /// Its triggered ability on coming into play, if it has one (F-12.2).
    pub entering: Option<crate::effect::Entering>,
}

impl Character {
    pub fn has(&self, ability: Ability) -> bool {
        self.abilities.contains(&ability)
    }
}

/// What a card is.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase", tag = "type")]
pub enum Kind {
    /// Played for free, one a turn; tapped for one unit of its energy (a basic foothold,
    /// F-2.1).
    Foothold {
        energy: Energy,
    },
    Character(Character),
    /// Attached to a character in the recruit step (F-2.4, F-9).
    Item(Item),
    /// Played when its activation allows, paid with any footholds (F-2.3, F-8).
    Incident(Incident),
}

/// One card definition.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Card {
    pub name: String,
    #[serde(flatten)]
    pub kind: Kind,
    /// The multiverse it belongs to (not for an origin foothold).
    pub colour: Option<Colour>,
    /// Its origin symbols (F-4.5: a card may have several).
    pub origins: Vec<Origin>,
    /// Its energy cost, which is also its points (F-6.3); 0 for a foothold.
    pub cost: u8,
    /// What its picture shows.
    pub art: String,
    pub flavour: Option<String>,
}

impl Card {
    pub fn character(&self) -> Option<&Character> {
        match &self.kind {
            Kind::Character(c) => Some(c),
            _ => None,
        }
    }

    pub fn foothold(&self) -> Option<Energy> {
        match self.kind {
            Kind::Foothold { energy } => Some(energy),
            _ => None,
        }
    }

    pub fn item(&self) -> Option<&Item> {
        match &self.kind {
            Kind::Item(i) => Some(i),
            _ => None,
        }
    }

    pub fn incident(&self) -> Option<&Incident> {
        match &self.kind {
            Kind::Incident(i) => Some(i),
            _ => None,
        }
    }

    pub fn kind_word(&self) -> &'static str {
        match self.kind {
            Kind::Foothold { .. } => "foothold",
            Kind::Character(_) => "character",
            Kind::Item(_) => "item",
            Kind::Incident(_) => "incident",
        }
    }

    /// Whether it matches `word` (F-10.6): one of its species, labels, origins, its
    /// colour, its kind of item, or its type, in any case.
    pub fn matches(&self, word: &str) -> bool {
        let word = word.trim();
        let eq = |s: &str| s.eq_ignore_ascii_case(word);
        eq(self.kind_word())
            || self.colour.is_some_and(|c| eq(c.name()))
            || self.origins.iter().any(|o| eq(o.name()))
            || self.item().is_some_and(|i| eq(i.kind.name()))
            || self
                .character()
                .is_some_and(|c| c.species.iter().any(|s| eq(s)))
            || self.labels().iter().any(|l| {
                eq(l)
                    || l.strip_prefix("Team (")
                        .and_then(|t| t.strip_suffix(')'))
                        .is_some_and(eq)
            })
    }

    /// The kinds of energy that pay for it, each alone (ruling M-04): its colour, then
    /// its origins, then its paradigm's mix of colours (M-43).
    pub fn paid_with(&self) -> impl Iterator<Item = Energy> + '_ {
        let mix = self
            .colour
            .zip(self.character().and_then(|c| c.paradigm))
            .map(|(a, b)| Energy::Mix(a, b));
        self.colour
            .map(Energy::Colour)
            .into_iter()
            .chain(self.origins.iter().map(|&o| Energy::Origin(o)))
            .chain(mix)
    }

    /// Its colour and origins, as a player reads them: "red, genetic".
    pub fn energies(&self) -> String {
        match self.kind {
            Kind::Foothold { energy } => energy.name().to_string(),
            Kind::Incident(_) => "any energy".to_string(),
            Kind::Character(_) | Kind::Item(_) => self
                .paid_with()
                .filter(|e| !matches!(e, Energy::Mix(..)))
                .map(|e| e.name())
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// Its labels as printed: moral, Non-unique, its abilities, Team (X).
    pub fn labels(&self) -> Vec<String> {
        let c = match &self.kind {
            Kind::Character(c) => c,
            Kind::Foothold { .. } => return vec!["Basic".into()],
            Kind::Item(i) => return i.grants.iter().map(|a| a.label()).collect(),
            Kind::Incident(_) => return Vec::new(),
        };
        if c.artifact.is_some() {
            return Vec::new();
        }
        let mut out = vec![match c.moral {
            Moral::Hero => "Hero",
            Moral::Villain => "Villain",
            Moral::AntiHero => "Anti-Hero",
        }
        .to_string()];
        if c.non_unique {
            out.push("Non-unique".into());
        }
        out.extend(c.abilities.iter().map(|a| a.label()));
        if let Some(x) = &c.arch_enemy {
            out.push(format!("Arch-enemy ({x})"));
        }
        if let Some(p) = c.paradigm {
            out.push(format!("Paradigm ({})", p.name()));
        }
        if let Some(team) = &c.team {
            out.push(format!("Team ({team})"));
        }
        out
    }

    /// The rules text a player reads, generated from the definition.
    pub fn text(&self) -> String {
        match &self.kind {
            Kind::Foothold { energy } => {
                format!("Tap: make 1 {energy} energy. Play one foothold a turn, for free.")
            }
            Kind::Character(c) => {
                let mut lines: Vec<String> =
                    self.labels().iter().filter_map(|l| explain(l)).collect();
                if !c.items.is_empty() {
                    lines.push(format!(
                        "Built in: {} (counted in its stats; a wound knocks one away instead, \
                         and it taps to recover it).",
                        c.items.join(", ")
                    ));
                }
                if !c.powers.is_empty() {
                    let powers: Vec<String> = c.powers.iter().map(|p| p.to_string()).collect();
                    lines.push(format!(
                        "Powers: {}: attacks with the value in place of C (a ranged attack).",
                        powers.join(", ")
                    ));
                }
                if let Some(entering) = &c.entering {
                    lines.push(entering.text());
                }
                lines.join(" ")
            }
            Kind::Item(i) => i.text(),
            Kind::Incident(i) => i.text(),
        }
    }

    /// The type line: "Character — Human, Mutant", "Foothold — red".
    pub fn type_line(&self) -> String {
        match &self.kind {
            Kind::Foothold { energy } => format!("Basic foothold — {energy}"),
            Kind::Character(c) if c.artifact.is_some() => "Item — independent artifact".into(),
            Kind::Character(c) => format!("Character — {}", c.species.join(", ")),
            Kind::Item(i) => format!("Item — {}", i.kind.name()),
            Kind::Incident(_) => "Incident".to_string(),
        }
    }

    /// The whole card as a player reads it.
    pub fn sheet(&self) -> String {
        let mut lines = vec![self.name.clone(), self.type_line()];
        if let Some((ch, (c, d))) = self.character().and_then(|ch| Some((ch, ch.artifact?))) {
            let boost: Vec<String> = [(c, "C"), (d, "D")]
                .iter()
                .filter(|(n, _)| *n > 0)
                .map(|(n, stat)| format!("+{n} {stat}"))
                .collect();
            let aura = if boost.is_empty() {
                String::new()
            } else {
                format!(
                    " While it is not disabled, your other characters have {}.",
                    boost.join(", ")
                )
            };
            lines.push(format!(
                "Cost {} ({}). D {}.{aura} It never attacks; a wound disables it, a second \
                 destroys it.",
                self.cost,
                self.energies(),
                ch.defense
            ));
        } else if let Some(c) = self.character() {
            lines.push(format!(
                "Cost {} ({}). C {} / D {}. {}",
                self.cost,
                self.energies(),
                c.combat,
                c.defense,
                self.labels().join(", ")
            ));
        } else if self.foothold().is_none() {
            lines.push(format!("Cost {} ({}).", self.cost, self.energies()));
        }
        let text = self.text();
        if !text.is_empty() {
            lines.push(text);
        }
        lines.push(format!("Art: {}", self.art));
        if let Some(f) = &self.flavour {
            lines.push(format!("\u{201c}{f}\u{201d}"));
        }
        lines.join("\n")
    }
}

/// What a label or word of the game means (the rulebook's glossary, in short).
pub fn explain(word: &str) -> Option<String> {
    if let Some(ability) = Ability::parse(word) {
        return Some(ability.meaning());
    }
    let key = word.trim().to_ascii_lowercase();
    let key = if key.starts_with("team") {
        "team"
    } else if key.starts_with("arch-enemy") {
        "arch-enemy"
    } else if key.starts_with("paradigm") {
        "paradigm"
    } else {
        key.as_str()
    };
    Some(
        match key {
            "hero" => "Hero: cannot kill, but may deal a killing blow to a blocking character.",
            "villain" => "Villain: may kill any character.",
            "anti-hero" => "Anti-Hero: may kill villains.",
            "non-unique" => "Non-unique: a deck may hold any number of copies.",
            "team" => "Team: a team-mate may block an attack on this character.",
            "paradigm" => {
                "Paradigm (X): may be paid with footholds of its colour and X mixed, as well \
                 as with its colour's or an origin's alone."
            }
            "arch-enemy" => {
                "Arch-enemy (X): while it and X face each other in play, both active, they \
                 are locked in combat: each attacks only the other, and neither blocks, \
                 helps or acts on any other character."
            }
            "basic" => "Basic foothold: makes 1 energy when tapped.",
            "foothold" => "Foothold: one a turn, for free; tap it for 1 energy of its kind.",
            "injured" => "Injured: 1 wound; still active.",
            "disabled" => {
                "Disabled: 2 wounds; inactive, and worth its cost in points to whoever \
                 disabled it."
            }
            "dead" => "Dead: 3 wounds; in its owner's graveyard.",
            "holding area" | "holding" => {
                "Holding area: evacuate a character there for half its cost (rounded up) to \
                 heal it; bring it back for free. It holds 30 points of characters."
            }
            _ => return None,
        }
        .to_string(),
    )
}
