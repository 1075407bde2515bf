//! Classic card definitions: what the 2009 cards print that the 2017 cards do not
//! (objects, origins, Unaligned, the action or free cost, speeds, wards, range, deadly,
//! hunter) around effects written in the shared card language ([`epic_model::Sentence`]).

use crate::state::Step;
use epic_model::{CardId, CardType, Filter, Sentence, Who};
use std::collections::HashMap;

/// The four alignments of the classic game (T-1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Alignment {
    Good,
    Evil,
    Wild,
    Unaligned,
}

impl Alignment {
    pub const ALL: [Alignment; 4] = [
        Alignment::Good,
        Alignment::Evil,
        Alignment::Wild,
        Alignment::Unaligned,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Alignment::Good => "good",
            Alignment::Evil => "evil",
            Alignment::Wild => "wild",
            Alignment::Unaligned => "unaligned",
        }
    }

    pub fn parse(s: &str) -> Option<Alignment> {
        Alignment::ALL.into_iter().find(|a| a.name() == s)
    }

    /// The shared card language's alignment of the same name, for its filters
    /// ("target evil champion"); Unaligned has none.
    pub fn shared(self) -> Option<epic_model::Alignment> {
        match self {
            Alignment::Good => Some(epic_model::Alignment::Good),
            Alignment::Evil => Some(epic_model::Alignment::Evil),
            Alignment::Wild => Some(epic_model::Alignment::Wild),
            Alignment::Unaligned => None,
        }
    }
}

/// The three origins (T-1.3): no effect of their own, but cards refer to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    Natural,
    Magical,
    Constructed,
}

impl Origin {
    pub const ALL: [Origin; 3] = [Origin::Natural, Origin::Magical, Origin::Constructed];

    pub fn name(self) -> &'static str {
        match self {
            Origin::Natural => "natural",
            Origin::Magical => "magical",
            Origin::Constructed => "constructed",
        }
    }

    pub fn parse(s: &str) -> Option<Origin> {
        Origin::ALL.into_iter().find(|o| o.name() == s)
    }
}

/// When a card or ability may be played (T-5.1 – T-5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Speed {
    /// Your Build step, the line empty.
    Build,
    /// Your Pre-Battle or Build step, the line empty.
    Paced,
    /// Whenever you have priority.
    Fast,
}

impl Speed {
    pub fn name(self) -> &'static str {
        match self {
            Speed::Build => "build",
            Speed::Paced => "paced",
            Speed::Fast => "fast",
        }
    }

    pub fn parse(s: &str) -> Option<Speed> {
        [Speed::Build, Speed::Paced, Speed::Fast]
            .into_iter()
            .find(|v| v.name() == s)
    }
}

/// A speed, and whether it is instantaneous (T-5.4: resolves at once, no one responds,
/// its player keeps priority).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Timing {
    pub speed: Speed,
    pub instant: bool,
}

impl Timing {
    /// "fast", "paced instantaneous".
    pub fn parse(s: &str) -> Option<Timing> {
        let (speed, instant) = match s.strip_suffix(" instantaneous") {
            Some(speed) => (speed, true),
            None => (s, false),
        };
        Speed::parse(speed).map(|speed| Timing { speed, instant })
    }

    pub fn name(self) -> String {
        if self.instant {
            format!("{}-instantaneous", self.speed.name())
        } else {
            self.speed.name().to_string()
        }
    }
}

/// The classic keywords that are on or off, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Kw(pub u16);

impl Kw {
    pub const NONE: Kw = Kw(0);
    pub const AIRBORNE: Kw = Kw(1);
    pub const BREAKTHROUGH: Kw = Kw(1 << 1);
    pub const RANGE: Kw = Kw(1 << 2);
    pub const DEADLY: Kw = Kw(1 << 3);
    pub const HUNTER: Kw = Kw(1 << 4);
    pub const UNBLOCKABLE: Kw = Kw(1 << 5);
    pub const UNTARGETABLE: Kw = Kw(1 << 6);
    pub const UNBREAKABLE: Kw = Kw(1 << 7);
    pub const UNBANISHABLE: Kw = Kw(1 << 8);

    /// Every keyword with its printed word.
    pub const NAMES: [(Kw, &'static str); 9] = [
        (Kw::AIRBORNE, "airborne"),
        (Kw::BREAKTHROUGH, "breakthrough"),
        (Kw::RANGE, "range"),
        (Kw::DEADLY, "deadly"),
        (Kw::HUNTER, "hunter"),
        (Kw::UNBLOCKABLE, "unblockable"),
        (Kw::UNTARGETABLE, "untargetable"),
        (Kw::UNBREAKABLE, "unbreakable"),
        (Kw::UNBANISHABLE, "unbanishable"),
    ];

    pub fn has(self, k: Kw) -> bool {
        self.0 & k.0 != 0
    }
    pub fn with(self, k: Kw) -> Kw {
        Kw(self.0 | k.0)
    }

    pub fn parse(s: &str) -> Option<Kw> {
        Kw::NAMES.iter().find(|(_, n)| *n == s).map(|(k, _)| *k)
    }

    /// The keywords the shared card language names ("gains untargetable this turn").
    pub fn from_shared(k: epic_model::Keywords) -> Kw {
        use epic_model::Keyword as K;
        [
            (K::Airborne, Kw::AIRBORNE),
            (K::Breakthrough, Kw::BREAKTHROUGH),
            (K::Unblockable, Kw::UNBLOCKABLE),
            (K::Untargetable, Kw::UNTARGETABLE),
            (K::Unbreakable, Kw::UNBREAKABLE),
            (K::Unbanishable, Kw::UNBANISHABLE),
        ]
        .into_iter()
        .filter(|(s, _)| k.has(*s))
        .fold(Kw::NONE, |acc, (_, c)| acc.with(c))
    }

    pub fn names(self) -> Vec<&'static str> {
        Kw::NAMES
            .iter()
            .filter(|(k, _)| self.has(*k))
            .map(|(_, n)| *n)
            .collect()
    }
}

/// A champion's printed keywords: the on-or-off ones, Damage Ward N and "X" Ward.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Keywords {
    pub flags: Kw,
    /// Damage Ward N: each instance of damage dealt to it is N less.
    pub damage_ward: u8,
    /// "Evil Ward": nothing of that alignment damages, breaks, banishes, blocks, targets
    /// or otherwise affects it while in play (ruling C-11: X is an alignment).
    pub ward: Option<Alignment>,
    /// Veiled: it may be played face down in its owner's Build step (ruling C-10).
    pub veiled: bool,
}

/// One sentence of a classic effect: the shared card language, or what only the classic
/// game has.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// A step of the shared card language; with an origin, its every filter also asks
    /// for that origin ("banish all magical champions and objects", X-12).
    Shared {
        step: Sentence,
        origin: Option<Origin>,
    },
    /// Stop target card on the line (of this type, if given): it goes to the discard
    /// pile without resolving (T-8.3).
    Stop(Option<CardType>),
    /// The players discard this many cards at random (T-12.11).
    DiscardRandom { who: Who, n: u8 },
}

/// An activated ability (T-9.2): costs, a speed, and an effect that goes on the line.
#[derive(Clone, Debug, PartialEq)]
pub struct Activated {
    /// The ability as written, for players to read.
    pub text: String,
    pub action: bool,
    pub expend: bool,
    pub flip: bool,
    pub timing: Timing,
    pub effect: Vec<Effect>,
}

/// What a when-trigger waits for (T-10.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WhenOn {
    /// This card comes into play.
    EntersPlay,
    /// This champion or object is broken.
    Broken,
    /// Any champion goes to a discard pile from play.
    ChampionToDiscard,
    /// Its controller plays a card of this alignment.
    YouPlay(Alignment),
    /// The beginning of a step (T-6.2): of its controller's turn only, or of every turn.
    StepBegins { step: Step, yours: bool },
    /// This veiled champion is unveiled (turned face up in play, ruling C-10).
    Unveiled,
}

/// A when-trigger: its effect is added to the line when the condition is met.
#[derive(Clone, Debug, PartialEq)]
pub struct When {
    pub on: WhenOn,
    pub effect: Vec<Effect>,
}

/// An as-trigger (T-10.4): it happens at the same time as its condition, never on the
/// line.
#[derive(Clone, Debug, PartialEq)]
pub enum As {
    /// "As this enters play: …": the effect happens as the card comes into play.
    EntersPlay(Vec<Effect>),
    /// "As any card would go to a discard pile: … instead".
    Discard(Instead),
    /// "As this is unveiled: …": the effect happens as the veiled champion is turned
    /// face up (ruling C-10).
    Unveiled(Vec<Effect>),
}

impl As {
    /// The effect it runs (a replacement runs none).
    pub fn effects(&self) -> &[Effect] {
        match self {
            As::EntersPlay(e) | As::Unveiled(e) => e,
            As::Discard(_) => &[],
        }
    }
}

/// Where a card that would go to a discard pile goes instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Instead {
    /// To the bottom of its owner's deck ("banish it instead"; "the banished pile" of
    /// X-15 is this, ruling C-13).
    Banish,
    /// To the hand of the trigger's controller, owner or not (X-01, T-12.10).
    YourHand,
}

/// What a continuous ability does to the cards it affects (T-11.1: "are", "have" and
/// "control" are the first layer; "get", "gain" and "lose" the second).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Does {
    /// "all champions are 2/2": printed offense and defense replaced.
    Are(i8, i8),
    /// "champions you control have airborne".
    Have(Kw),
    /// "you control all champions" (X-03; ruling C-09: control is of the first layer).
    Control,
    /// "champions you control get +2 +2 and airborne".
    Get { offense: i8, defense: i8, gains: Kw },
    /// "champions your opponents control lose airborne".
    Lose(Kw),
}

impl Does {
    /// Whether the two, applied to the same card by these controllers, contradict
    /// (T-11.3): in the same layer, they cannot both be true of it.
    pub fn contradicts(self, mine: epic_game::Seat, other: Does, theirs: epic_game::Seat) -> bool {
        match (self, other) {
            (Does::Are(a, b), Does::Are(c, d)) => (a, b) != (c, d),
            (Does::Control, Does::Control) => mine != theirs,
            (Does::Get { gains, .. }, Does::Lose(k)) | (Does::Lose(k), Does::Get { gains, .. }) => {
                gains.0 & k.0 != 0
            }
            _ => false,
        }
    }
}

/// A continuous ability (T-9.4): what it does to the cards in play it affects, while its
/// card is in play.
#[derive(Clone, Debug, PartialEq)]
pub struct Continuous {
    pub affects: Filter,
    /// Only cards of this origin ("magical champions get +1 +1").
    pub origin: Option<Origin>,
    pub does: Does,
}

/// One classic card as printed.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassicCard {
    pub name: String,
    pub set: String,
    pub kind: CardType,
    pub alignment: Alignment,
    pub origin: Option<Origin>,
    /// A free card (infinity symbol); otherwise it costs the player's action (T-4.2).
    pub free: bool,
    pub timing: Timing,
    pub offense: i8,
    pub defense: i8,
    pub keywords: Keywords,
    /// An event's effect.
    pub effect: Vec<Effect>,
    pub activated: Vec<Activated>,
    pub when: Vec<When>,
    pub as_triggers: Vec<As>,
    pub continuous: Vec<Continuous>,
    /// A token (T-12.6): put into play by an effect, never in a deck; it leaves the
    /// game whenever it would leave play.
    pub token: bool,
    /// The card's text as written in its file, line by line, for players to read.
    pub text: Vec<String>,
}

impl ClassicCard {
    pub fn is_champion(&self) -> bool {
        self.kind == CardType::Champion
    }

    /// Its type line in words: "fast wild magical event, action".
    pub fn type_line(&self) -> String {
        if self.token {
            let origin = self.origin.map_or("", Origin::name);
            let mut s = format!(
                "{} {origin} token {}",
                self.alignment.name(),
                self.kind.name()
            );
            if self.is_champion() {
                s += &format!(" {}/{}", self.offense, self.defense);
            }
            return s;
        }
        let mut s = format!("{} {}", self.timing.name(), self.alignment.name());
        if let Some(o) = self.origin {
            s += " ";
            s += o.name();
        }
        s += " ";
        s += self.kind.name();
        if self.is_champion() {
            s += &format!(" {}/{}", self.offense, self.defense);
        }
        s += if self.free { ", free" } else { ", action" };
        s
    }
}

/// Every classic card, by id, and by name without regard to case.
#[derive(Clone, Debug, Default)]
pub struct ClassicPool {
    cards: Vec<ClassicCard>,
    by_name: HashMap<String, CardId>,
}

impl ClassicPool {
    pub fn get(&self, id: CardId) -> &ClassicCard {
        &self.cards[id.0 as usize]
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn id(&self, name: &str) -> Option<CardId> {
        self.by_name.get(&name.trim().to_lowercase()).copied()
    }

    pub fn ids(&self) -> impl Iterator<Item = CardId> {
        (0..self.cards.len() as u16).map(CardId)
    }

    /// The names of `cards`, in order: how saves and lists write a deck.
    pub fn names(&self, cards: &[CardId]) -> Vec<String> {
        cards.iter().map(|&c| self.get(c).name.clone()).collect()
    }

    /// Adds a card; `None` if one of that name is already here or the pool is full.
    pub fn add(&mut self, card: ClassicCard) -> Option<CardId> {
        let key = card.name.to_lowercase();
        if self.by_name.contains_key(&key) || self.cards.len() > u16::MAX as usize {
            return None;
        }
        let id = CardId(self.cards.len() as u16);
        self.by_name.insert(key, id);
        self.cards.push(card);
        Some(id)
    }
}
