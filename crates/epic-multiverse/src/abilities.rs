//! Abilities and powers as values (§Abilities, §Powers): the keywords a character's
//! labels carry and the attacks other than its base C, with their names in card files
//! and their meanings.

use serde::Serialize;
use std::fmt;

/// What an attack is made with (F-13): base C, or one of the seven powers. An attack
/// with base C is close combat; a power is a ranged attack (ruling M-14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AttackKind {
    Physical,
    Psi,
    Energy,
    Magic,
    Matter,
    Thrown,
    Projectile,
    Firearm,
}

impl AttackKind {
    pub const ALL: [AttackKind; 8] = [
        AttackKind::Physical,
        AttackKind::Psi,
        AttackKind::Energy,
        AttackKind::Magic,
        AttackKind::Matter,
        AttackKind::Thrown,
        AttackKind::Projectile,
        AttackKind::Firearm,
    ];

    /// Its name in card files and words: "Energy Blast".
    pub fn name(self) -> &'static str {
        match self {
            AttackKind::Physical => "Physical",
            AttackKind::Psi => "Psi",
            AttackKind::Energy => "Energy Blast",
            AttackKind::Magic => "Magic Blast",
            AttackKind::Matter => "Matter Blast",
            AttackKind::Thrown => "Thrown Object",
            AttackKind::Projectile => "Projectile",
            AttackKind::Firearm => "Firearm",
        }
    }

    /// The kind named `word`, in any case; "Psi" also names Latent Psi's kind.
    pub fn parse(word: &str) -> Option<AttackKind> {
        let word = word.trim();
        AttackKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(word))
    }

    /// The types a blast of this kind comes in (F-13.9): the random power's table.
    pub fn types(self) -> &'static [&'static str] {
        match self {
            AttackKind::Energy => &["plasma", "heat", "cold", "sound", "electricity", "light"],
            AttackKind::Matter => &["water", "acid", "wind", "organic projectile", "ice", "sand"],
            _ => &[],
        }
    }
}

/// A power (F-13): an attack value that replaces C, of one kind and perhaps one type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Power {
    pub kind: AttackKind,
    pub value: u8,
    /// Latent Psi: for defense only (F-13.2).
    pub latent: bool,
    /// Its type among [`AttackKind::types`], + 1; 0 for none.
    pub detail: u8,
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.latent {
            f.write_str("Latent ")?;
        }
        f.write_str(self.kind.name())?;
        if let Some(t) = self
            .kind
            .types()
            .get(usize::from(self.detail).wrapping_sub(1))
        {
            write!(f, " ({t})")?;
        }
        write!(f, " {}", self.value)
    }
}

/// The common and random abilities the game knows (§Abilities, glossary), as a
/// character's labels carry them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ability {
    /// In flight (a marker its controller places or removes before combat): cannot be
    /// attacked in close combat but by a flyer or a character with Reach, nor attack a
    /// character on the ground in close combat.
    Flight,
    Reach,
    /// Each successful attack deals two wounds.
    DoubleStrike,
    /// Its attacks cannot be blocked (ruling M-16).
    Fear,
    /// Declares two attacks in a combat.
    SuperSpeed,
    /// Must attack if able; attacks with +1 C and -1 D.
    Rage,
    /// Enters play hidden: not attacked until it attacks; may tap to hide again.
    Stealth,
    /// Enters play hidden: not attacked until it first attacks.
    Conceal,
    /// Ignores Stealth and Conceal.
    KeenSenses,
    /// A close-combat attack that injures heals it of a wound.
    Vampirism,
    /// A successful attack with C leaves a poison marker: -1 D each.
    Poison,
    /// Recovers from a wound at the start of each of its controller's turns.
    Regenerate,
    /// Taps to recover from a wound.
    Heal,
    /// Taps to heal a wound of any character.
    Rejuvenate,
    /// Gains +1d6 to its base D when it enters play.
    DefensiveIncrease,
    /// Gains +1d6 to its base C and Thrown Object 6 when it enters play.
    SuperStrength,
    /// Rolls a power when it enters play (F-13.9).
    RandomPower,
    /// Leads its team: its help (teamwork) counts as leadership, which a team-mate may
    /// have besides teamwork.
    Leader,
    /// Taps to repair a disabled item (F-9.3).
    Tech,
    /// Taps to repair or disable any item in play.
    Technopathy,
    /// Attacked, it attacks its attacker back with C (ruling M-27).
    CounterAttack,
    /// A marker toggled before attacks: it cannot attack, and only Psi and Magic Blast
    /// reach it.
    Intangible,
    /// A marker toggled before attacks: only a character it attacked in its side's last
    /// turn (or one with Keen Senses) may attack it, and no block or heroic act is made
    /// for it (ruling M-33).
    Invisible,
    /// Taps to move to the holding area (the staging area, ruling M-28).
    PersonalTeleport,
    /// Taps to move itself and perhaps one other character of its side to the holding
    /// area.
    DefensiveTeleport,
    /// Taps to move itself or another character of its side to the holding area.
    StrategicTeleport,
    /// Taps to send an opponent's character back to its owner's hand.
    OffensiveTeleport,
    /// Taps to bring a character from its graveyard (the killed pile) to its holding
    /// area.
    Resurrect,
    /// Taps to make a marker: another of itself, worth no points.
    Swarm,
    /// Defense +3 against this kind of attack.
    Resistant(AttackKind),
    /// Defense -1d3 against this kind of attack.
    Vulnerable(AttackKind),
    /// Unaffected by this kind of attack.
    Immune(AttackKind),
    /// Immune (Random Power): unaffected by a kind of attack rolled as it enters play,
    /// as Random Power rolls its power (ruling M-35).
    ImmuneRolled,
    /// A successful attack with C puts a marker on the character struck: it attacks for
    /// this character's player while the possessor stays tapped (ruling M-36).
    Possess,
    /// A successful attack puts a marker on the character struck: it attacks for this
    /// character's player until the enslaver is wounded (ruling M-36).
    Enslave,
    /// Cannot be killed (F-11.4).
    Invulnerable,
    /// May kill any character, ignores Fear, and has no teamwork or leadership (F-11.4,
    /// ruling M-37).
    Insane,
    /// Once a turn, takes a common ability of another character in play until the end
    /// of the turn (ruling M-38).
    Mimic,
    /// Once a turn, takes any common ability until the end of the turn (ruling M-38).
    Magic,
    /// Rolls 6d6 as it enters play for an ability of the Random Ability List (F-12.5,
    /// ruling M-39).
    RandomAbility,
    /// Cybernetics: an attacker with Tech may disable them in place of a wound, leaving
    /// the character C 2, D 2 and no Cyborg (ruling M-41).
    Cyborg,
}

/// A set of abilities, one bit each ([`Ability::bit`]): what a character has, looked up
/// at the cost of a mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Abilities(pub u64);

impl Abilities {
    pub fn of(list: &[Ability]) -> Abilities {
        Abilities(list.iter().fold(0, |bits, a| bits | a.bit()))
    }

    pub fn has(self, a: Ability) -> bool {
        self.0 & a.bit() != 0
    }

    pub fn with(self, a: Ability) -> Abilities {
        Abilities(self.0 | a.bit())
    }

    pub fn without(self, a: Ability) -> Abilities {
        Abilities(self.0 & !a.bit())
    }

    /// Every ability of either set.
    pub fn union(self, other: Abilities) -> Abilities {
        Abilities(self.0 | other.0)
    }
}

impl Ability {
    const PLAIN: [(Ability, &'static str); 38] = [
        (Ability::Flight, "Flight"),
        (Ability::Reach, "Reach"),
        (Ability::DoubleStrike, "Double Strike"),
        (Ability::Fear, "Fear"),
        (Ability::SuperSpeed, "Super Speed"),
        (Ability::Rage, "Rage"),
        (Ability::Stealth, "Stealth"),
        (Ability::Conceal, "Conceal"),
        (Ability::KeenSenses, "Keen Senses"),
        (Ability::Vampirism, "Vampirism"),
        (Ability::Poison, "Poison"),
        (Ability::Regenerate, "Regenerate"),
        (Ability::Heal, "Heal"),
        (Ability::Rejuvenate, "Rejuvenate"),
        (Ability::DefensiveIncrease, "Defensive Increase"),
        (Ability::SuperStrength, "Super Strength"),
        (Ability::RandomPower, "Random Power"),
        (Ability::Leader, "Leader"),
        (Ability::Tech, "Tech"),
        (Ability::Technopathy, "Technopathy"),
        (Ability::CounterAttack, "Counter Attack"),
        (Ability::Intangible, "Intangible"),
        (Ability::Invisible, "Invisible"),
        (Ability::PersonalTeleport, "Personal Teleport"),
        (Ability::DefensiveTeleport, "Defensive Teleport"),
        (Ability::StrategicTeleport, "Strategic Teleport"),
        (Ability::OffensiveTeleport, "Offensive Teleport"),
        (Ability::Resurrect, "Resurrect"),
        (Ability::Swarm, "Swarm"),
        (Ability::ImmuneRolled, "Immune (Random Power)"),
        (Ability::Possess, "Possess"),
        (Ability::Enslave, "Enslave"),
        (Ability::Invulnerable, "Invulnerable"),
        (Ability::Insane, "Insane"),
        (Ability::Mimic, "Mimic"),
        (Ability::Magic, "Magic"),
        (Ability::RandomAbility, "Random Ability"),
        (Ability::Cyborg, "Cyborg"),
    ];

    /// The Random Ability List (F-12.5): the ability a 6d6 roll of 6 to 36 names, in
    /// the order of the rolls.
    pub const RANDOM_LIST: [Ability; 31] = [
        Ability::DefensiveTeleport,
        Ability::DoubleStrike,
        Ability::Fear,
        Ability::Flight,
        Ability::Heal,
        Ability::DefensiveIncrease,
        Ability::Intangible,
        Ability::Invisible,
        Ability::Invulnerable,
        Ability::KeenSenses,
        Ability::Mimic,
        Ability::OffensiveTeleport,
        Ability::PersonalTeleport,
        Ability::Poison,
        Ability::Possess,
        Ability::Regenerate,
        Ability::Rejuvenate,
        Ability::Resurrect,
        Ability::Swarm,
        Ability::Stealth,
        Ability::StrategicTeleport,
        Ability::SuperSpeed,
        Ability::Technopathy,
        Ability::Vampirism,
        Ability::SuperStrength,
        Ability::CounterAttack,
        Ability::Reach,
        Ability::Rage,
        Ability::Insane,
        Ability::ImmuneRolled,
        Ability::Enslave,
    ];

    /// The ability a roll of 6d6 (6 to 36) names on the Random Ability List.
    pub fn random(roll: u8) -> Option<Ability> {
        Ability::RANDOM_LIST
            .get(usize::from(roll).checked_sub(6)?)
            .copied()
    }

    /// Whether it is a common ability (glossary): one Mimic and Magic may take. The
    /// ones rolled as a character enters play are not, nor is a weakness (Vulnerable),
    /// nor Mimic and Magic themselves (ruling M-38).
    pub fn mimicable(self) -> bool {
        !matches!(
            self,
            Ability::DefensiveIncrease
                | Ability::SuperStrength
                | Ability::RandomPower
                | Ability::ImmuneRolled
                | Ability::RandomAbility
                | Ability::Vulnerable(_)
                | Ability::Mimic
                | Ability::Magic
        )
    }

    /// Whether Mimic and Magic take it only once while the character is in play:
    /// Immune, Invulnerable and Resurrect.
    pub fn mimicked_once(self) -> bool {
        matches!(
            self,
            Ability::Immune(_) | Ability::Invulnerable | Ability::Resurrect
        )
    }

    /// Every ability Magic may take: every common one, Resistant and Immune to each kind
    /// of attack.
    pub fn magic_list() -> impl Iterator<Item = Ability> {
        let plain = Ability::PLAIN.iter().map(|&(a, _)| a);
        let kinds = AttackKind::ALL
            .into_iter()
            .flat_map(|k| [Ability::Resistant(k), Ability::Immune(k)]);
        plain.chain(kinds).filter(|a| a.mimicable())
    }

    /// Its bit in a set of abilities ([`Abilities`]): the plain ones first, then
    /// Resistant, Vulnerable and Immune to each kind of attack.
    pub fn bit(self) -> u64 {
        let kind = |k: AttackKind| AttackKind::ALL.iter().position(|&x| x == k).unwrap_or(0);
        let n = Ability::PLAIN.len();
        let k = AttackKind::ALL.len();
        let index = match self {
            Ability::Resistant(a) => n + kind(a),
            Ability::Vulnerable(a) => n + k + kind(a),
            Ability::Immune(a) => n + 2 * k + kind(a),
            _ => Ability::PLAIN
                .iter()
                .position(|(x, _)| *x == self)
                .unwrap_or(0),
        };
        1 << index
    }

    /// The ability a label names ("Double Strike", "Resistant (Psi)"), in any case.
    pub fn parse(label: &str) -> Option<Ability> {
        let label = label.trim();
        // The plain names first: "Immune (Random Power)" is one, not Immune to a kind.
        if let Some(&(a, _)) = Ability::PLAIN
            .iter()
            .find(|(_, name)| name.eq_ignore_ascii_case(label))
        {
            return Some(a);
        }
        let (word, arg) = label.split_once('(')?;
        let kind = AttackKind::parse(arg.strip_suffix(')')?)?;
        match word.trim().to_ascii_lowercase().as_str() {
            "resistant" => Some(Ability::Resistant(kind)),
            "vulnerable" => Some(Ability::Vulnerable(kind)),
            "immune" => Some(Ability::Immune(kind)),
            _ => None,
        }
    }

    /// Its label as printed.
    pub fn label(self) -> String {
        match self {
            Ability::Resistant(k) => format!("Resistant ({})", k.name()),
            Ability::Vulnerable(k) => format!("Vulnerable ({})", k.name()),
            Ability::Immune(k) => format!("Immune ({})", k.name()),
            _ => Ability::PLAIN
                .iter()
                .find(|(a, _)| *a == self)
                .map_or_else(String::new, |(_, n)| n.to_string()),
        }
    }

    /// What it does, in a sentence.
    pub fn meaning(self) -> String {
        let text = match self {
            Ability::Flight => {
                "Flight: in flight, it cannot be attacked in close combat (with C) but by a \
                 flyer or a character with Reach, and attacks only flyers in close combat; \
                 its controller lands it or takes it off before declaring attacks."
            }
            Ability::Reach => "Reach: may attack flying characters with C.",
            Ability::DoubleStrike => "Double Strike: each successful attack deals two wounds.",
            Ability::Fear => "Fear: its attacks cannot be blocked.",
            Ability::SuperSpeed => "Super Speed: may declare two attacks in a combat.",
            Ability::Rage => "Rage: must attack if able, and attacks with +1 C and -1 D.",
            Ability::Stealth => {
                "Stealth: enters play hidden and cannot be attacked until it attacks; it may \
                 tap to hide again."
            }
            Ability::Conceal => {
                "Conceal: enters play hidden and cannot be attacked until it first attacks."
            }
            Ability::KeenSenses => "Keen Senses: may attack hidden characters.",
            Ability::Vampirism => {
                "Vampirism: when it injures a character in close combat, it recovers a wound."
            }
            Ability::Poison => {
                "Poison: a successful attack with C gives the target a poison marker, -1 D \
                 each, until it is healed in the holding area."
            }
            Ability::Regenerate => {
                "Regenerate: recovers from a wound at the start of each of its controller's \
                 turns."
            }
            Ability::Heal => "Heal: tap to recover from a wound.",
            Ability::Rejuvenate => "Rejuvenate: tap to heal a wound of any character in play.",
            Ability::DefensiveIncrease => {
                "Defensive Increase: gains +1d6 to its base D when it enters play."
            }
            Ability::SuperStrength => {
                "Super Strength: gains +1d6 to its base C and Thrown Object 6 when it enters \
                 play."
            }
            Ability::RandomPower => {
                "Random Power: rolls a power when it enters play: 1d6 for Psi, Energy Blast \
                 or Matter Blast, 1d6 for its type, 2d6 for its value."
            }
            Ability::ImmuneRolled => {
                "Immune (Random Power): rolls 1d6 when it enters play, as Random Power does \
                 — Psi, Energy Blast or Matter Blast — and is unaffected by that kind of \
                 attack."
            }
            Ability::Leader => {
                "Leader: taps to give a team-mate +1 C (its attacks) or +1 D (when it is \
                 attacked) for the turn, as leadership: a character may have leadership \
                 and teamwork each once a turn."
            }
            Ability::Tech => "Tech: tap to repair a disabled item of your side.",
            Ability::Technopathy => "Technopathy: tap to repair or disable any item in play.",
            Ability::CounterAttack => {
                "Counter Attack: when it is attacked and still active, it attacks its \
                 attacker back with C."
            }
            Ability::Intangible => {
                "Intangible: before declaring attacks its controller may make it intangible \
                 or solid again; intangible, it cannot attack, and only Psi and Magic Blast \
                 can attack it."
            }
            Ability::Invisible => {
                "Invisible: before declaring attacks its controller may make it invisible \
                 or visible again; invisible, only a character it attacked in its side's \
                 last turn, or one with Keen Senses, can attack it, and no one blocks or \
                 makes a heroic act for it."
            }
            Ability::PersonalTeleport => {
                "Personal Teleport: tap to move to the holding area, for free."
            }
            Ability::DefensiveTeleport => {
                "Defensive Teleport: tap to move to the holding area, for free, and take one \
                 other character of your side with it."
            }
            Ability::StrategicTeleport => {
                "Strategic Teleport: tap to move itself or another character of your side to \
                 the holding area, for free."
            }
            Ability::OffensiveTeleport => {
                "Offensive Teleport: tap to send an opponent's character back to its \
                 owner's hand."
            }
            Ability::Resurrect => {
                "Resurrect: tap to bring a character from your graveyard to your holding \
                 area."
            }
            Ability::Swarm => {
                "Swarm: tap to make a marker, another of this character with its abilities, \
                 worth no points."
            }
            Ability::Possess => {
                "Possess: when its attack with C succeeds, the character struck gains its \
                 marker and attacks for this character's player; the possessor stays \
                 tapped, and untapping it (Release) removes the marker."
            }
            Ability::Enslave => {
                "Enslave: when its attack succeeds, the character struck gains its marker \
                 and attacks for this character's player, until the enslaver is wounded."
            }
            Ability::Invulnerable => "Invulnerable: cannot be killed.",
            Ability::Insane => {
                "Insane: may kill any character, may block an attacker with Fear, and takes \
                 no teamwork or leadership."
            }
            Ability::Mimic => {
                "Mimic: once a turn, takes a common ability of another character in play \
                 until the end of the turn; Immune, Invulnerable and Resurrect once while \
                 it is in play, and never Magic."
            }
            Ability::Magic => {
                "Magic: once a turn, takes any common ability until the end of the turn; \
                 Immune, Invulnerable and Resurrect once while it is in play."
            }
            Ability::RandomAbility => {
                "Random Ability: rolls 6d6 as it enters play, and has the ability of the \
                 Random Ability List the roll names (6–36)."
            }
            Ability::Cyborg => {
                "Cyborg: an attacker with Tech whose attack with C succeeds may disable its \
                 cybernetics in place of a wound: it becomes C 2, D 2 and is a Cyborg no \
                 more."
            }
            Ability::Resistant(k) => {
                return format!("Resistant ({0}): defense +3 against {0}.", k.name())
            }
            Ability::Vulnerable(k) => {
                return format!("Vulnerable ({0}): defense -1d3 against {0}.", k.name())
            }
            Ability::Immune(k) => return format!("Immune ({0}): unaffected by {0}.", k.name()),
        };
        text.to_string()
    }
}

/// A power as card files write it: "Energy Blast (plasma) 8", "Latent Psi 5", "Psi 4".
pub fn parse_power(text: &str) -> Result<Power, String> {
    let text = text.trim();
    let (name, value) = text
        .rsplit_once(char::is_whitespace)
        .ok_or_else(|| format!("power '{text}' is not 'NAME VALUE'"))?;
    let value: u8 = value
        .parse()
        .ok()
        .filter(|v| (1..=30).contains(v))
        .ok_or_else(|| format!("power '{text}': its value is a number from 1 to 30"))?;
    let (latent, name) = match name.trim().strip_prefix("Latent ") {
        Some(rest) => (true, rest),
        None => (false, name.trim()),
    };
    let (kind_name, detail) = match name.split_once('(') {
        Some((k, d)) => (k.trim(), Some(d.trim_end_matches(')').trim())),
        None => (name, None),
    };
    let kind = AttackKind::parse(kind_name)
        .filter(|&k| k != AttackKind::Physical)
        .ok_or_else(|| format!("'{kind_name}' is not a power"))?;
    if latent && kind != AttackKind::Psi {
        return Err(format!("only Psi is latent, not {}", kind.name()));
    }
    let detail = match detail {
        None => 0,
        Some(d) => match kind.types().iter().position(|t| t.eq_ignore_ascii_case(d)) {
            Some(i) => i as u8 + 1,
            None => {
                return Err(format!(
                    "'{d}' is not a type of {} ({})",
                    kind.name(),
                    if kind.types().is_empty() {
                        "it has none".to_string()
                    } else {
                        kind.types().join(", ")
                    }
                ))
            }
        },
    };
    Ok(Power {
        kind,
        value,
        latent,
        detail,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_and_abilities_read_back_as_written() {
        for text in [
            "Energy Blast (plasma) 8",
            "Latent Psi 5",
            "Firearm 4",
            "Matter Blast (ice) 6",
        ] {
            assert_eq!(parse_power(text).unwrap().to_string(), text);
        }
        assert!(parse_power("Latent Firearm 4").is_err());
        assert!(parse_power("Energy Blast (mud) 4").is_err());
        assert!(parse_power("Physical 4").is_err());
        for label in [
            "Double Strike",
            "Resistant (Psi)",
            "Immune (Energy Blast)",
            "Flight",
        ] {
            assert_eq!(Ability::parse(label).unwrap().label(), label);
        }
        assert_eq!(Ability::parse("Teleport"), None);
    }

    /// F-12.5's table: 6d6 from 6 to 36, each total one ability, in the list's order.
    #[test]
    fn the_random_ability_list_names_an_ability_for_each_total_of_six_dice() {
        assert_eq!(Ability::random(5), None);
        assert_eq!(Ability::random(37), None);
        let names: Vec<String> = (6..=36)
            .map(|roll| Ability::random(roll).expect("a total of 6d6").label())
            .collect();
        assert_eq!(names[0], "Defensive Teleport");
        assert_eq!(names[10], "Mimic"); // 16
        assert_eq!(names[14], "Possess"); // 20
        assert_eq!(names[24], "Super Strength"); // 30
        assert_eq!(names[29], "Immune (Random Power)"); // 35
        assert_eq!(names[30], "Enslave"); // 36
        let mut distinct = names.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 31, "each ability once: {names:?}");
    }

    /// Ruling M-38: Mimic and Magic take the common abilities, not a rolled or printed
    /// weakness, nor each other.
    #[test]
    fn magic_takes_every_common_ability_but_the_rolled_ones() {
        let list: Vec<Ability> = Ability::magic_list().collect();
        for a in [
            Ability::Flight,
            Ability::Invulnerable,
            Ability::Insane,
            Ability::Possess,
        ] {
            assert!(list.contains(&a), "{a:?}");
        }
        for a in [
            Ability::Magic,
            Ability::Mimic,
            Ability::RandomPower,
            Ability::RandomAbility,
            Ability::SuperStrength,
            Ability::DefensiveIncrease,
            Ability::ImmuneRolled,
        ] {
            assert!(!list.contains(&a), "{a:?}");
        }
        assert!(Ability::Resurrect.mimicked_once() && !Ability::Flight.mimicked_once());
    }
}
