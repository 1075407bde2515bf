//! The classic game as a plain value: cards, players, the line, the step, the attack and
//! the pending decision.

use crate::card::Kw;
use epic_game::Seat;
use epic_model::CardId;

/// The engine's handle on a card for the whole game.
pub type ObjId = u16;

/// Mojo at the start (T-2.3).
pub const START_MOJO: i32 = 30;
/// The starting hand (T-2.2).
pub const START_HAND: usize = 5;
/// The hand limit at the end of the turn (T-2.6).
pub const HAND_LIMIT: usize = 10;
/// Decisions after which a game that has not ended is a draw (ruling C-20): nothing
/// loops forever, whatever cards are in it.
pub const MAX_DECISIONS: u32 = 20_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Zone {
    Deck,
    Hand,
    Play,
    /// On the line, waiting to resolve.
    Line,
    Discard,
    /// Removed from the game (T-11.4).
    Removed,
}

/// How a card in play is turned (T-13.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Pose {
    Prepared,
    Expended,
    Flipped,
}

impl Pose {
    pub const ALL: [Pose; 3] = [Pose::Prepared, Pose::Expended, Pose::Flipped];

    /// "prepared", "expended", "flipped".
    pub fn word(self) -> &'static str {
        match self {
            Pose::Prepared => "prepared",
            Pose::Expended => "expended",
            Pose::Flipped => "flipped",
        }
    }
}

/// One card.
#[derive(Clone, Debug, Hash)]
pub struct Obj {
    pub card: CardId,
    pub owner: Seat,
    /// Who uses it in play, or whose hand, line item or discard pile holds it (T-12.8).
    pub controller: Seat,
    /// Who controls it in play when no continuous ability says otherwise: who put it
    /// there, or who last gained control of it by an effect (T-12.9).
    pub base_controller: Seat,
    pub zone: Zone,
    pub pose: Pose,
    /// Damage this turn (champions only).
    pub damage: u16,
    /// It took deadly damage this turn.
    pub deadly: bool,
    /// +1 +1 counters on it (T-11.2).
    pub counters: u16,
    /// Face down, in play or on the line (ruling C-10): only its owner sees which card
    /// it is, and its text does nothing.
    pub veiled: bool,
    /// Counts the card's zone changes: what remembers it (a target, a modifier) finds it
    /// only while this is unchanged, for a card that changes zone is a new object.
    pub life: u32,
}

#[derive(Clone, Debug, Hash)]
pub struct Player {
    pub mojo: i32,
    pub actions: u8,
    pub hand: Vec<ObjId>,
    /// The top card is the last.
    pub deck: Vec<ObjId>,
    /// Face up: the cards it owns and the cards it does not, kept in one list (T-12.12).
    pub discard: Vec<ObjId>,
    pub out: bool,
    pub mulliganed: bool,
    /// How many cards at the bottom of the deck every player knows: banished cards
    /// (the bottom of the deck is face down, but everyone saw them go there).
    pub public_bottom: u16,
    /// How many cards it put on the bottom when it mulliganed (only it knows them).
    pub mulligan_bottom: u16,
    /// Of its own contradicting as-triggers, the one it chose to apply (T-10.6, ruling
    /// C-21): the card and its life.
    pub as_choice: Option<(ObjId, u32)>,
}

/// The rules a format changes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Pack War (T-15.3): an empty deck does not win; each card a player cannot draw
    /// costs each of their opponents 5 Mojo.
    pub pack_war: bool,
}

impl Obj {
    /// A card of `owner`'s, not yet anywhere (it is placed by the caller).
    pub fn new(card: CardId, owner: Seat, zone: Zone) -> Obj {
        Obj {
            card,
            owner,
            controller: owner,
            base_controller: owner,
            zone,
            pose: Pose::Prepared,
            damage: 0,
            deadly: false,
            counters: 0,
            veiled: false,
            life: 0,
        }
    }
}

/// Something a line item singles out (T-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Obj(ObjId),
    Player(Seat),
}

/// A target as named on announcement, with the life of the card it named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Aim {
    pub target: Target,
    pub life: u32,
}

/// Which text of a card a line item carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The card itself (on the line).
    Card,
    Activated(u8),
    When(u8),
}

/// One thing on the line (T-8.2).
#[derive(Clone, Debug, Hash)]
pub struct Item {
    pub obj: ObjId,
    /// The card whose text it carries, as it was when the item was made: an ability on
    /// the line resolves even if its card has left for a hidden zone since.
    pub card: CardId,
    /// The life of the card when the item was made: "this" means the card while unchanged.
    pub life: u32,
    pub source: Source,
    pub controller: Seat,
    pub aims: Vec<Aim>,
}

/// A change to a card's numbers or keywords, until the end of the turn or while it stays.
#[derive(Clone, Debug, Hash)]
pub struct Modifier {
    pub obj: ObjId,
    pub life: u32,
    pub offense: i16,
    pub defense: i16,
    pub keywords: Kw,
    pub this_turn: bool,
}

/// The five steps (T-6), and the mulligans before the first turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Mulligan,
    Prepare,
    PreBattle,
    Battle,
    Build,
    End,
}

impl Step {
    /// "mulligan", "prepare", "pre-battle" (or "prebattle"), "battle", "build", "end".
    pub fn parse(s: &str) -> Option<Step> {
        Some(match s {
            "mulligan" => Step::Mulligan,
            "prepare" => Step::Prepare,
            "pre-battle" | "prebattle" => Step::PreBattle,
            "battle" => Step::Battle,
            "build" => Step::Build,
            "end" => Step::End,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Step::Mulligan => "mulligans",
            Step::Prepare => "Prepare step",
            Step::PreBattle => "Pre-Battle step",
            Step::Battle => "Battle step",
            Step::Build => "Build step",
            Step::End => "End step",
        }
    }
}

/// Where the Battle step stands (T-13.1): the windows in which players play fast cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Window {
    /// Before an attack (1): it ends with the active player attacking or ending the step.
    BeforeAttack,
    /// After attackers are declared (3).
    AfterAttack,
    /// After blockers are declared (5).
    AfterBlock,
}

/// The attack in progress.
#[derive(Clone, Debug, Default, Hash)]
pub struct Attack {
    pub attackers: Vec<(ObjId, u32)>,
    pub defender: Seat,
    /// The champion hunters attack (T-13.7).
    pub hunted: Option<(ObjId, u32)>,
    pub blockers: Vec<(ObjId, u32)>,
    /// Damage Ward each champion has used up in this attack (ruling C-07).
    pub warded: Vec<(ObjId, u8)>,
    /// Battle damage assigned point by point: (dealer, recipient, points).
    pub assigned: Vec<(ObjId, ObjId, u16)>,
}

/// The decision the game waits on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ask {
    Mulligan,
    /// Play, activate, or pass.
    Priority,
    /// Targets for the item being announced.
    Target,
    Attackers,
    Blockers,
    /// Where the dealer's next point of battle damage goes.
    AssignDamage {
        dealer: ObjId,
        left: u16,
    },
    /// Discard down to the hand limit (T-2.6): as many cards again as `left`, wherever
    /// they end up (an as-trigger may put one back in a hand).
    Discard {
        left: u16,
    },
    /// "You may": do the step or not.
    May,
    /// Which of the player's contradicting as-triggers applies (T-10.6, ruling C-21).
    ChooseAs,
    /// Which of the player's when-triggers, met together, goes on the line next (T-10.2).
    OrderTriggers,
}

impl Ask {
    /// The kind of decision in a word, as views and scenarios name it.
    pub fn word(&self) -> &'static str {
        match self {
            Ask::Mulligan => "mulligan",
            Ask::Priority => "priority",
            Ask::Target => "target",
            Ask::Attackers => "attackers",
            Ask::Blockers => "blockers",
            Ask::AssignDamage { .. } => "assign",
            Ask::Discard { .. } => "discard",
            Ask::May => "may",
            Ask::ChooseAs => "choose-as",
            Ask::OrderTriggers => "order-triggers",
        }
    }
}

/// An item being announced: its targets are named one at a time.
#[derive(Clone, Debug, Hash)]
pub struct Announcing {
    pub item: Item,
    /// How the announcement was paid for and where it goes once every target is named.
    pub kind: AnnounceKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnnounceKind {
    /// Played or activated by the priority holder: costs are paid, it goes on the line.
    Play,
    /// A when-trigger going on the line.
    Trigger,
}

impl From<Triggered> for Item {
    /// The trigger as the item it puts on the line, its targets not yet named.
    fn from(t: Triggered) -> Item {
        Item {
            obj: t.obj,
            card: t.card,
            life: t.life,
            source: Source::When(t.index),
            controller: t.controller,
            aims: Vec::new(),
        }
    }
}

/// A when-trigger waiting to be put on the line.
#[derive(Clone, Debug, Hash)]
pub struct Triggered {
    pub obj: ObjId,
    pub card: CardId,
    pub life: u32,
    pub index: u8,
    pub controller: Seat,
}

/// The item resolving, stopped at a "you may".
#[derive(Clone, Debug, Hash)]
pub struct Resolving {
    pub item: Item,
    /// The next effect to run.
    pub next: usize,
    /// The next of the item's aims to use.
    pub aim: usize,
    /// The answer to the "you may" of the next effect, once given.
    pub may: Option<bool>,
}
