use serde::{Deserialize, Serialize};
use std::fmt;

/// The four alignments of rule 2.5.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Alignment {
    Good,
    Evil,
    Sage,
    Wild,
}

impl Alignment {
    pub const ALL: [Alignment; 4] = [
        Alignment::Good,
        Alignment::Evil,
        Alignment::Sage,
        Alignment::Wild,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Alignment::Good => "good",
            Alignment::Evil => "evil",
            Alignment::Sage => "sage",
            Alignment::Wild => "wild",
        }
    }

    pub fn parse(s: &str) -> Option<Alignment> {
        Alignment::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(s))
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Alignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.name();
        write!(f, "{}{}", n[..1].to_ascii_uppercase(), &n[1..])
    }
}

/// A set of alignments: a card may have several (rule 2.5.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Alignments(pub u8);

impl Alignments {
    pub const NONE: Alignments = Alignments(0);
    /// Good, evil, sage and wild.
    pub const ALL: Alignments = Alignments(
        Alignment::Good.bit()
            | Alignment::Evil.bit()
            | Alignment::Sage.bit()
            | Alignment::Wild.bit(),
    );

    pub fn one(a: Alignment) -> Self {
        Alignments(a.bit())
    }
    pub fn contains(self, a: Alignment) -> bool {
        self.0 & a.bit() != 0
    }
    pub fn with(self, a: Alignment) -> Self {
        Alignments(self.0 | a.bit())
    }
    pub fn union(self, o: Alignments) -> Self {
        Alignments(self.0 | o.0)
    }
    pub fn intersects(self, o: Alignments) -> bool {
        self.0 & o.0 != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Alignment> {
        Alignment::ALL
            .into_iter()
            .filter(move |a| self.contains(*a))
    }
}

/// Keywords of section 5 that a champion has or gains, plus the two "must" rules some
/// cards print ("must be blocked if able", "must attack each turn if able").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Keyword {
    Airborne,
    Ambush,
    Blitz,
    Breakthrough,
    Righteous,
    Unbanishable,
    Unblockable,
    Unbreakable,
    Untargetable,
    MustBeBlocked,
    MustAttack,
}

impl Keyword {
    pub const ALL: [Keyword; 11] = [
        Keyword::Airborne,
        Keyword::Ambush,
        Keyword::Blitz,
        Keyword::Breakthrough,
        Keyword::Righteous,
        Keyword::Unbanishable,
        Keyword::Unblockable,
        Keyword::Unbreakable,
        Keyword::Untargetable,
        Keyword::MustBeBlocked,
        Keyword::MustAttack,
    ];

    /// The word as printed on cards and written in card files.
    pub fn name(self) -> &'static str {
        match self {
            Keyword::Airborne => "airborne",
            Keyword::Ambush => "ambush",
            Keyword::Blitz => "blitz",
            Keyword::Breakthrough => "breakthrough",
            Keyword::Righteous => "righteous",
            Keyword::Unbanishable => "unbanishable",
            Keyword::Unblockable => "unblockable",
            Keyword::Unbreakable => "unbreakable",
            Keyword::Untargetable => "untargetable",
            Keyword::MustBeBlocked => "must be blocked",
            Keyword::MustAttack => "must attack",
        }
    }

    pub fn parse(s: &str) -> Option<Keyword> {
        let s = s.trim().replace(['_', '-'], " ");
        Keyword::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(&s))
    }

    /// Reminder text: the keyword's meaning from section 5 of the rules.
    pub fn reminder(self) -> &'static str {
        match self {
            Keyword::Airborne => "This champion cannot be blocked by a champion unless that defending champion has Airborne.",
            Keyword::Ambush => "This card may be played any time you could play an event.",
            Keyword::Blitz => "Ignore all deploying restrictions that would apply to this card.",
            Keyword::Breakthrough => "Excess battle damage beyond the blockers' total defense may be dealt to the defending player.",
            Keyword::Righteous => "When this champion deals damage, its controller gains that much health.",
            Keyword::Unbanishable => "This champion cannot be banished from the in-play zone.",
            Keyword::Unblockable => "Defending champions may not be assigned to block this champion.",
            Keyword::Unbreakable => "This champion cannot be broken.",
            Keyword::Untargetable => "This champion cannot be named as a target for a card or effect while in the in-play zone.",
            Keyword::MustBeBlocked => "If the defending player has a champion that can block this card, a block must be made.",
            Keyword::MustAttack => "This champion must attack each turn if able.",
        }
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.name();
        write!(f, "{}{}", n[..1].to_ascii_uppercase(), &n[1..])
    }
}

/// A set of keywords, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Keywords(pub u16);

impl Keywords {
    pub const NONE: Keywords = Keywords(0);
    pub const ALL: Keywords = Keywords(u16::MAX);

    pub fn one(k: Keyword) -> Self {
        Keywords(k.bit())
    }
    pub fn has(self, k: Keyword) -> bool {
        self.0 & k.bit() != 0
    }
    pub fn with(self, k: Keyword) -> Self {
        Keywords(self.0 | k.bit())
    }
    pub fn without(self, k: Keyword) -> Self {
        Keywords(self.0 & !k.bit())
    }
    pub fn union(self, o: Keywords) -> Self {
        Keywords(self.0 | o.0)
    }
    pub fn intersection(self, o: Keywords) -> Self {
        Keywords(self.0 & o.0)
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Keyword> {
        Keyword::ALL.into_iter().filter(move |k| self.has(*k))
    }
}

impl FromIterator<Keyword> for Keywords {
    fn from_iter<I: IntoIterator<Item = Keyword>>(iter: I) -> Self {
        iter.into_iter().fold(Keywords::NONE, Keywords::with)
    }
}

impl FromIterator<Alignment> for Alignments {
    fn from_iter<I: IntoIterator<Item = Alignment>>(iter: I) -> Self {
        iter.into_iter().fold(Alignments::NONE, Alignments::with)
    }
}
