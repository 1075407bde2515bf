//! The vocabulary of items and incidents (F-8, F-9): what an effect does, to whom, for
//! how long, when an incident may be played, and what an item gives its holder; each as
//! card files write it and as a player reads it.

use crate::abilities::{parse_power, Ability, Power};
use serde::Serialize;
use std::fmt;

/// When an incident may be played (F-8.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "activation")]
pub enum Activation {
    /// In any pre-combat or post-combat phase, on whatever belongs to the player whose
    /// turn it is (F-8.1, ruling M-22).
    Ambiguous,
    /// In one of the three timed windows of any turn.
    Timed { window: Timed },
    /// When an opponent takes an action of this kind, with a card matching `filter`
    /// if one is given.
    Response {
        action: Action,
        filter: Option<String>,
    },
}

/// The three windows of a timed incident (F-8.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Timed {
    Upkeep,
    Combat,
    Downtime,
}

/// The actions a response incident answers (F-8.1): recruiting a character, equipping
/// an item, moving a character to or from the holding area, declaring an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    Recruit,
    Equip,
    Evacuate,
    Return,
    /// An attack declared; its filter names the attack's kind (`Firearm`) or the weapon
    /// or attacker's card (FX-8).
    Attack,
}

impl Action {
    pub const ALL: [Action; 5] = [
        Action::Recruit,
        Action::Equip,
        Action::Evacuate,
        Action::Return,
        Action::Attack,
    ];

    /// Its bit in a set of actions.
    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    pub fn name(self) -> &'static str {
        match self {
            Action::Recruit => "recruit",
            Action::Equip => "equip",
            Action::Evacuate => "evacuate",
            Action::Return => "return",
            Action::Attack => "attack",
        }
    }

    /// What an opponent does, in words, with the card's kind named (`filter`).
    fn phrase(self, filter: Option<&str>) -> String {
        let kind = |noun: &str| match filter {
            Some(f) => format!("{} {f} {noun}", article(f)),
            None => format!("a {noun}"),
        };
        match self {
            Action::Recruit => format!("recruits {}", kind("character")),
            Action::Equip => format!("equips a character with {}", kind("item")),
            Action::Evacuate => format!("moves {} to the holding area", kind("character")),
            Action::Return => format!("brings {} back from the holding area", kind("character")),
            Action::Attack => match filter {
                Some(f) => format!("makes an attack with {} {f}", article(f)),
                None => "makes an attack".into(),
            },
        }
    }
}

/// Whose cards a target may be (F-8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Any,
    Own,
    Opposing,
}

/// What an incident is played on (F-8.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "target")]
pub enum Target {
    /// One character in play.
    Character { side: Side },
    /// One player, and so every character they control.
    Player { side: Side },
    /// Every character in play, of any player, matching `filter` if given.
    Open { filter: Option<String> },
    /// A character card in the player's own graveyard.
    Graveyard,
    /// An item in play, of one kind if given (F-9.5).
    Item { kind: Option<ItemKind> },
    /// The action a response answers.
    Action,
}

/// How long an incident lasts (F-8.3).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "duration")]
pub enum Duration {
    /// Done at once; the card is discarded.
    Immediate,
    /// Until its player's next upkeep (ruling M-23).
    Turn,
    /// Until the game ends or its target leaves play.
    Permanent,
    /// While the target player controls a character matching `filter` (FX-5).
    While { filter: String },
}

/// One thing an effect does. Boosts, labels, abilities and discounts last as long as
/// the incident (or a device's turn); the others happen once.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "effect")]
pub enum Effect {
    /// +C and +D (or less), each to at most `max` when given (F-10.2, F-10.3).
    Boost {
        combat: i8,
        defense: i8,
        max: Option<(u8, u8)>,
    },
    /// Stats raised to at least C/D, never lowered (F-10.4).
    BoostTo {
        combat: u8,
        defense: u8,
    },
    /// Each stat becomes a roll of `dice`d6, which may lower it (F-10.5, ruling M-24).
    Dice {
        dice: u8,
    },
    Heal {
        wounds: u8,
    },
    /// One wound, as from no attacker (ruling M-25).
    Wound,
    /// The character leaves play for its owner's discard pile, with its items: neither
    /// disabled nor killed, so worth no points (ruling M-34).
    Discard,
    Tap,
    Untap,
    Gain {
        ability: Ability,
    },
    Lose {
        ability: Ability,
    },
    /// Gains a label, which cards then match (F-10.6).
    Label {
        label: String,
    },
    /// The target player draws.
    Draw {
        cards: u8,
    },
    /// The target card goes from the graveyard to its owner's hand (FX-12).
    Recall,
    /// The action responded to is undone; what was paid stays paid.
    Negate,
    /// Its player's characters cost this much less energy (FX-5).
    Discount {
        energy: u8,
    },
    /// The target item is discarded.
    Destroy,
    /// A Cyborg's cybernetics are disabled: C 2, D 2, no Cyborg (ruling M-41).
    Unplug,
}

impl Effect {
    /// Whether it lasts with its incident (or a device's turn), rather than happening
    /// once.
    pub fn lasts(&self) -> bool {
        matches!(
            self,
            Effect::Boost { .. }
                | Effect::BoostTo { .. }
                | Effect::Dice { .. }
                | Effect::Gain { .. }
                | Effect::Lose { .. }
                | Effect::Label { .. }
                | Effect::Discount { .. }
        )
    }

    /// Whether it happens at once to each character it reaches, lasting nothing.
    pub fn happens_at_once_to_characters(&self) -> bool {
        matches!(
            self,
            Effect::Heal { .. }
                | Effect::Wound
                | Effect::Discard
                | Effect::Tap
                | Effect::Untap
                | Effect::Unplug
        )
    }

    /// Whether it acts on characters (and so needs a character, a player or an open
    /// target).
    fn on_characters(&self) -> bool {
        !matches!(
            self,
            Effect::Draw { .. }
                | Effect::Recall
                | Effect::Negate
                | Effect::Discount { .. }
                | Effect::Destroy
        )
    }
}

/// "a" or "an", before `word`.
fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// Signed, with its sign: "+3", "-1".
fn signed(n: i8) -> String {
    if n < 0 {
        n.to_string()
    } else {
        format!("+{n}")
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effect::Boost {
                combat,
                defense,
                max,
            } => {
                let mut parts = Vec::new();
                if *combat != 0 {
                    parts.push(format!("{} C", signed(*combat)));
                }
                if *defense != 0 {
                    parts.push(format!("{} D", signed(*defense)));
                }
                write!(f, "{}", parts.join(", "))?;
                if let Some((c, d)) = max {
                    write!(f, " (to at most C {c}, D {d})")?;
                }
                Ok(())
            }
            Effect::BoostTo { combat, defense } => {
                write!(f, "stats boosted to C {combat}, D {defense}")
            }
            Effect::Dice { dice } => write!(f, "each stat becomes {dice}d6"),
            Effect::Heal { wounds: 1 } => f.write_str("heals a wound"),
            Effect::Heal { wounds } => write!(f, "heals {wounds} wounds"),
            Effect::Wound => f.write_str("takes a wound"),
            Effect::Discard => f.write_str("is discarded"),
            Effect::Tap => f.write_str("is tapped"),
            Effect::Untap => f.write_str("untaps"),
            Effect::Gain { ability } => write!(f, "gains {}", ability.label()),
            Effect::Lose { ability } => write!(f, "loses {}", ability.label()),
            Effect::Label { label } => write!(f, "gains the label {label}"),
            Effect::Draw { cards: 1 } => f.write_str("draws a card"),
            Effect::Draw { cards } => write!(f, "draws {cards} cards"),
            Effect::Recall => f.write_str("returns to its owner's hand"),
            Effect::Negate => f.write_str("is undone"),
            Effect::Discount { energy } => {
                write!(f, "your characters cost {energy} less energy to recruit")
            }
            Effect::Destroy => f.write_str("is destroyed"),
            Effect::Unplug => f.write_str("has its cybernetics disabled"),
        }
    }
}

/// The kinds of item (F-2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ItemKind {
    /// Gives its holder an attack, and its benefit only when used.
    Weapon,
    /// Its holder taps to use it.
    Device,
    /// A constant effect on its holder.
    Artifact,
    /// Augments its holder's attack or defense.
    Equipment,
}

impl ItemKind {
    pub const ALL: [ItemKind; 4] = [
        ItemKind::Weapon,
        ItemKind::Device,
        ItemKind::Artifact,
        ItemKind::Equipment,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ItemKind::Weapon => "weapon",
            ItemKind::Device => "device",
            ItemKind::Artifact => "artifact",
            ItemKind::Equipment => "equipment",
        }
    }

    pub fn parse(word: &str) -> Option<ItemKind> {
        let word = word.trim();
        ItemKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(word))
    }
}

/// What a successful attack does to an item in place of a wound to its holder (F-9.2
/// – F-9.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Durability {
    /// Disabled, until a character with Tech repairs it.
    Disable,
    /// Destroyed if disabled.
    Fragile,
    /// Cannot be disabled: knocked away, until its holder taps to recover it.
    KnockAway,
    /// Neither: only an incident that targets its kind removes it (ruling M-26).
    Fixed,
}

impl Durability {
    pub const ALL: [Durability; 4] = [
        Durability::Disable,
        Durability::Fragile,
        Durability::KnockAway,
        Durability::Fixed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Durability::Disable => "disable",
            Durability::Fragile => "fragile",
            Durability::KnockAway => "knock-away",
            Durability::Fixed => "fixed",
        }
    }
}

/// A weapon's attack (F-2.4): close combat with C plus a bonus, or a ranged power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case", tag = "attack")]
pub enum WeaponAttack {
    Close { bonus: u8 },
    Ranged { power: Power },
}

/// An item: attached to a character, it gives it stats, abilities, an attack or a use.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Item {
    pub kind: ItemKind,
    /// + C and + D while it works (not a weapon's: a weapon gives its attack).
    pub boost: (u8, u8),
    pub grants: Vec<Ability>,
    pub attack: Option<WeaponAttack>,
    /// A device's use: its holder taps, and the effects apply to the holder for the
    /// turn.
    pub device: Vec<Effect>,
    /// What a holder must match to use it (F-9.8).
    pub requires: Option<String>,
    pub durability: Durability,
}

/// An incident: when it is played, on what, what it does and for how long (F-2.3).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Incident {
    pub activation: Activation,
    pub target: Target,
    pub effects: Vec<Effect>,
    pub duration: Duration,
}

impl Incident {
    /// Its rules text, generated from the definition.
    pub fn text(&self) -> String {
        let when = match &self.activation {
            Activation::Ambiguous => {
                "Play in a pre-combat or post-combat phase, on what belongs to the player \
                 whose turn it is."
                    .to_string()
            }
            Activation::Timed { window } => format!(
                "Play during {}.",
                match window {
                    Timed::Upkeep => "an upkeep",
                    Timed::Combat => "a combat, before its results",
                    Timed::Downtime => "a downtime",
                }
            ),
            Activation::Response { action, filter } => {
                format!(
                    "Play when an opponent {}.",
                    action.phrase(filter.as_deref())
                )
            }
        };
        let on = match &self.target {
            Target::Character { side: Side::Any } => "Target character".to_string(),
            Target::Character { side: Side::Own } => "Target character you control".to_string(),
            Target::Character {
                side: Side::Opposing,
            } => "Target opposing character".to_string(),
            Target::Player { side } if self.effects.iter().all(|e| !e.on_characters()) => {
                match side {
                    Side::Any => "Target player",
                    Side::Own => "You (the target player)",
                    Side::Opposing => "Target opponent",
                }
                .to_string()
            }
            Target::Player { side } => match side {
                Side::Any => "Each character of target player",
                Side::Own => "Each character you control",
                Side::Opposing => "Each character of target opponent",
            }
            .to_string(),
            Target::Open { filter: None } => "Each character in play".to_string(),
            Target::Open { filter: Some(f) } => format!("Each {f} character in play"),
            Target::Graveyard => "Target character card in your graveyard".to_string(),
            Target::Item { kind: None } => "Target item".to_string(),
            Target::Item { kind: Some(k) } => format!("Target {}", k.name()),
            Target::Action => "That action".to_string(),
        };
        let what = self
            .effects
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("; ");
        let until = match &self.duration {
            Duration::Immediate => String::new(),
            Duration::Turn => " until your next upkeep".to_string(),
            Duration::Permanent => " for the rest of the game".to_string(),
            Duration::While { filter } => {
                format!(" while the target player controls any {filter} character")
            }
        };
        format!("{when} {on}: {what}{until}.")
    }
}

impl Item {
    /// Its rules text, generated from the definition.
    pub fn text(&self) -> String {
        let mut lines = Vec::new();
        match self.attack {
            Some(WeaponAttack::Close { bonus }) => lines.push(format!(
                "Its holder may attack with it: C +{bonus}, close combat."
            )),
            Some(WeaponAttack::Ranged { power }) => {
                lines.push(format!("Its holder may attack with it: {power}."))
            }
            None => {}
        }
        if self.boost != (0, 0) {
            let boost = Effect::Boost {
                combat: self.boost.0 as i8,
                defense: self.boost.1 as i8,
                max: None,
            };
            lines.push(format!("Its holder has {boost}."));
        }
        for a in &self.grants {
            lines.push(format!("Its holder has {}.", a.label()));
        }
        if !self.device.is_empty() {
            let what: Vec<String> = self.device.iter().map(|e| e.to_string()).collect();
            let lasts = if self.device.iter().any(Effect::lasts) {
                " for the turn"
            } else {
                ""
            };
            lines.push(format!(
                "Tap its holder to use it: {}{lasts}.",
                what.join("; ")
            ));
        }
        if let Some(r) = &self.requires {
            lines.push(format!("Only a {r} character can use it."));
        }
        lines.push(
            match self.durability {
                Durability::Disable => {
                    "A wound to its holder disables it instead; a character with Tech may tap \
                     to repair it."
                }
                Durability::Fragile => "Fragile: a wound to its holder destroys it instead.",
                Durability::KnockAway => {
                    "A wound to its holder knocks it away instead; its holder may tap to \
                     recover it."
                }
                Durability::Fixed => {
                    "It cannot be disabled or knocked away: only an incident that targets it \
                     removes it."
                }
            }
            .to_string(),
        );
        lines.join(" ")
    }
}

/// An effect as card files write it: "boost +3C +3D max 6/6", "boost to 3/3",
/// "dice 2d6", "heal 1", "wound", "tap", "untap", "gain Flight", "lose Flight",
/// "label Cyborg", "draw 2", "recall", "negate", "discount 1", "destroy".
pub fn parse_effect(text: &str) -> Result<Effect, String> {
    let text = text.trim();
    let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
    let rest = rest.trim();
    let number = |s: &str| {
        s.parse::<u8>()
            .ok()
            .filter(|n| (1..=12).contains(n))
            .ok_or_else(|| format!("'{s}' is not a number from 1 to 12"))
    };
    let stats = |s: &str| {
        s.split_once('/')
            .and_then(|(c, d)| Some((c.trim().parse::<u8>().ok()?, d.trim().parse::<u8>().ok()?)))
            .filter(|&(c, d)| c <= 30 && d <= 30)
            .ok_or_else(|| format!("'{s}' is not C/D"))
    };
    let ability = |s: &str| Ability::parse(s).ok_or_else(|| format!("unknown ability '{s}'"));
    let no_more = |e: Effect| {
        if rest.is_empty() {
            Ok(e)
        } else {
            Err(format!("'{word}' takes nothing after it"))
        }
    };
    match word.to_ascii_lowercase().as_str() {
        "boost" => {
            if let Some(to) = rest.strip_prefix("to ") {
                let (combat, defense) = stats(to)?;
                return Ok(Effect::BoostTo { combat, defense });
            }
            let (adds, max) = match rest.split_once(" max ") {
                Some((adds, max)) => (adds, Some(stats(max)?)),
                None => (rest, None),
            };
            let (mut combat, mut defense) = (0i8, 0i8);
            for part in adds.split_whitespace() {
                // The stat is the last character, whatever its width.
                let last = part.chars().next_back().map_or(0, char::len_utf8);
                let (n, stat) = part.split_at(part.len() - last);
                let n: i8 = n
                    .parse()
                    .ok()
                    .filter(|n: &i8| (-9..=9).contains(n) && *n != 0)
                    .ok_or_else(|| format!("'{part}' is not a boost like +3C or -1D"))?;
                match stat {
                    "C" | "c" => combat = n,
                    "D" | "d" => defense = n,
                    _ => return Err(format!("'{part}' is not a boost like +3C or -1D")),
                }
            }
            if (combat, defense) == (0, 0) {
                return Err("a boost needs +nC or +nD".into());
            }
            Ok(Effect::Boost {
                combat,
                defense,
                max,
            })
        }
        "dice" => {
            let dice = rest
                .strip_suffix("d6")
                .and_then(|n| n.parse::<u8>().ok())
                .filter(|n| (1..=6).contains(n))
                .ok_or_else(|| format!("'{rest}' is not dice like 2d6"))?;
            Ok(Effect::Dice { dice })
        }
        "heal" => Ok(Effect::Heal {
            wounds: number(rest)?,
        }),
        "draw" => Ok(Effect::Draw {
            cards: number(rest)?,
        }),
        "discount" => Ok(Effect::Discount {
            energy: number(rest)?,
        }),
        "gain" => Ok(Effect::Gain {
            ability: ability(rest)?,
        }),
        "lose" => Ok(Effect::Lose {
            ability: ability(rest)?,
        }),
        "label" if !rest.is_empty() => Ok(Effect::Label {
            label: rest.to_string(),
        }),
        "wound" => no_more(Effect::Wound),
        "discard" => no_more(Effect::Discard),
        "tap" => no_more(Effect::Tap),
        "untap" => no_more(Effect::Untap),
        "recall" => no_more(Effect::Recall),
        "negate" => no_more(Effect::Negate),
        "destroy" => no_more(Effect::Destroy),
        "unplug" => no_more(Effect::Unplug),
        _ => Err(format!(
            "unknown effect '{text}' (boost, dice, heal, wound, discard, tap, untap, gain, \
             lose, label, draw, recall, negate, discount, destroy, unplug)"
        )),
    }
}

/// An activation as card files write it: "ambiguous", "upkeep", "combat", "downtime",
/// "response equip magical".
pub fn parse_activation(text: &str) -> Result<Activation, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    match lower
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["ambiguous"] => Ok(Activation::Ambiguous),
        ["upkeep"] => Ok(Activation::Timed {
            window: Timed::Upkeep,
        }),
        ["combat"] => Ok(Activation::Timed {
            window: Timed::Combat,
        }),
        ["downtime"] => Ok(Activation::Timed {
            window: Timed::Downtime,
        }),
        ["response", action, ..] => {
            let action = Action::ALL
                .into_iter()
                .find(|a| a.name() == *action)
                .ok_or_else(|| {
                    format!(
                        "'{action}' is not an action (recruit, equip, evacuate, return, \
                         attack)"
                    )
                })?;
            let filter = (words.len() > 2).then(|| words[2..].join(" "));
            Ok(Activation::Response { action, filter })
        }
        _ => Err(format!(
            "'{text}' is not an activation (ambiguous, upkeep, combat, downtime, response \
             ACTION)"
        )),
    }
}

/// A target as card files write it: "character", "own character", "opposing
/// character", "player", "opposing player", "all", "all Mutant", "graveyard",
/// "item", "item weapon", "action".
pub fn parse_target(text: &str) -> Result<Target, String> {
    let text = text.trim();
    let (side, rest) = match text.split_once(' ') {
        Some((w, rest)) if w.eq_ignore_ascii_case("own") => (Side::Own, rest),
        Some((w, rest)) if w.eq_ignore_ascii_case("opposing") => (Side::Opposing, rest),
        _ => (Side::Any, text),
    };
    let (word, arg) = rest.split_once(' ').unwrap_or((rest, ""));
    let arg = arg.trim();
    match (word.to_ascii_lowercase().as_str(), side) {
        ("character", _) if arg.is_empty() => Ok(Target::Character { side }),
        ("player", _) if arg.is_empty() => Ok(Target::Player { side }),
        ("all", Side::Any) => Ok(Target::Open {
            filter: (!arg.is_empty()).then(|| arg.to_string()),
        }),
        ("graveyard", Side::Any) if arg.is_empty() => Ok(Target::Graveyard),
        ("item", Side::Any) => Ok(Target::Item {
            kind: if arg.is_empty() {
                None
            } else {
                Some(ItemKind::parse(arg).ok_or_else(|| format!("'{arg}' is not a kind of item"))?)
            },
        }),
        ("action", Side::Any) if arg.is_empty() => Ok(Target::Action),
        _ => Err(format!(
            "'{text}' is not a target (character, own character, opposing character, \
             player, opposing player, all, all LABEL, graveyard, item, item KIND, action)"
        )),
    }
}

/// A duration as card files write it: "immediate", "turn", "permanent", "while
/// Alien".
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    match text.to_ascii_lowercase().as_str() {
        "immediate" => Ok(Duration::Immediate),
        "turn" => Ok(Duration::Turn),
        "permanent" => Ok(Duration::Permanent),
        _ => match text.split_once(' ') {
            Some((w, filter)) if w.eq_ignore_ascii_case("while") && !filter.trim().is_empty() => {
                Ok(Duration::While {
                    filter: filter.trim().to_string(),
                })
            }
            _ => Err(format!(
                "'{text}' is not a duration (immediate, turn, permanent, while LABEL)"
            )),
        },
    }
}

/// A weapon's attack as card files write it: "+2" (close combat, C + 2) or a power
/// ("Firearm 6").
pub fn parse_weapon(text: &str) -> Result<WeaponAttack, String> {
    let text = text.trim();
    if let Some(n) = text.strip_prefix('+') {
        let bonus = n
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=9).contains(n))
            .ok_or_else(|| format!("'{text}' is not a bonus from +1 to +9"))?;
        return Ok(WeaponAttack::Close { bonus });
    }
    Ok(WeaponAttack::Ranged {
        power: parse_power(text)?,
    })
}

/// Checks an incident as a whole: its effects fit its target and duration.
pub fn check_incident(i: &Incident) -> Result<(), String> {
    let lasting = i.effects.iter().any(Effect::lasts);
    if lasting && i.duration == Duration::Immediate {
        return Err(
            "a boost, label, ability or discount needs a duration other than \
                    immediate"
                .into(),
        );
    }
    for e in &i.effects {
        let fits = match e {
            Effect::Negate => i.target == Target::Action,
            Effect::Recall => i.target == Target::Graveyard,
            Effect::Destroy => matches!(i.target, Target::Item { .. }),
            Effect::Draw { .. } | Effect::Discount { .. } => {
                matches!(i.target, Target::Player { .. })
            }
            Effect::Dice { .. } => matches!(i.target, Target::Character { .. }),
            _ => matches!(
                i.target,
                Target::Character { .. } | Target::Player { .. } | Target::Open { .. }
            ),
        };
        if !fits {
            return Err(format!("'{e}' does not fit its target"));
        }
    }
    if matches!(i.duration, Duration::While { .. }) && !matches!(i.target, Target::Player { .. }) {
        return Err("'while' needs a player target".into());
    }
    let response = matches!(i.activation, Activation::Response { .. });
    if response != (i.target == Target::Action) {
        return Err("a response, and only a response, targets the action".into());
    }
    Ok(())
}

/// A character's triggered ability on coming into play (F-12.2, FX-13): effects that
/// happen at once to every character in play that `filter` names (or every one), this
/// one left out when `others` — "when this comes into play, all other male characters
/// are discarded".
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Entering {
    pub filter: Option<String>,
    pub others: bool,
    pub effects: Vec<Effect>,
}

impl Entering {
    /// Reads `EFFECT[; EFFECT] on all [other] [LABEL]`, as card files write it.
    pub fn parse(text: &str) -> Result<Entering, String> {
        let wrong = || {
            format!(
                "'{text}' is not an entering ability: EFFECT on all [other] [LABEL] \
                 (\"discard on all other Male\")"
            )
        };
        let (effects, on) = text.rsplit_once(" on ").ok_or_else(wrong)?;
        // "all other LABEL" is the open target "all LABEL", this character left out.
        let mut words: Vec<&str> = on.split_whitespace().collect();
        let others = words
            .get(1)
            .is_some_and(|w| w.eq_ignore_ascii_case("other"));
        if others {
            words.remove(1);
        }
        let filter = match words.first() {
            Some(all) if all.eq_ignore_ascii_case("all") => match parse_target(&words.join(" ")) {
                Ok(Target::Open { filter }) => filter,
                _ => return Err(wrong()),
            },
            _ => return Err(wrong()),
        };
        let effects = effects
            .split(';')
            .map(parse_effect)
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(e) = effects.iter().find(|e| !e.happens_at_once_to_characters()) {
            return Err(format!(
                "'{e}' does not happen at once to a character: an entering ability heals, \
                 wounds, discards, taps or untaps"
            ));
        }
        Ok(Entering {
            filter,
            others,
            effects,
        })
    }

    /// Its rules text: "When this comes into play: each other Male character in play is
    /// discarded."
    pub fn text(&self) -> String {
        let other = if self.others { "other " } else { "" };
        let whom = match &self.filter {
            Some(f) => format!("each {other}{f} character in play"),
            None => format!("each {other}character in play"),
        };
        let what: Vec<String> = self.effects.iter().map(|e| e.to_string()).collect();
        format!("When this comes into play: {whom} {}.", what.join("; "))
    }
}
