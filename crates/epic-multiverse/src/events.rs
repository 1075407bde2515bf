//! What a decision did, in order: the game's log, and what each seat may know of it.

use crate::abilities::Power;
use crate::card::{CardId, Energy};
use crate::state::ItemState;
use epic_game::Seat;
use serde::Serialize;

/// Why a seat left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OutReason {
    Conceded,
    /// No character in play and no resources at the end of its turn (F-1.3).
    Exhausted,
}

/// What an incident was played on, by cards and seats: a log is read after the
/// characters' ids of play are gone, and in each viewer's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "on")]
pub enum Aimed {
    Character {
        card: CardId,
    },
    Player {
        seat: Seat,
    },
    /// Every character in play that the incident's label names.
    Everyone {
        incident: CardId,
    },
    /// A card in its player's graveyard.
    Card {
        card: CardId,
    },
    Item {
        item: CardId,
        holder: CardId,
    },
    /// The action it answers, by the action's card.
    Action {
        card: CardId,
    },
    /// What is no longer there to name.
    Nothing,
}

/// One change the game made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum Event {
    Turn {
        seat: Seat,
        turn: u32,
    },
    Drew {
        seat: Seat,
        count: u8,
    },
    /// A hand without footholds shown and redrawn (F-6.8).
    Redrew {
        seat: Seat,
        shown: Vec<CardId>,
    },
    Kept {
        seat: Seat,
    },
    Foothold {
        seat: Seat,
        card: CardId,
    },
    Attacked {
        by: Seat,
        attacker: CardId,
        defender: Seat,
        target: CardId,
        /// The power it attacks with; `None`: base C.
        power: Option<Power>,
    },
    /// A flyer took off (`flying`) or landed.
    Flew {
        seat: Seat,
        card: CardId,
        flying: bool,
    },
    /// A character with Stealth or Conceal entered play hidden, or hid again.
    Hid {
        seat: Seat,
        card: CardId,
    },
    /// Teamwork or leadership: +1 C (`attacking`) or +1 D for the turn.
    Assisted {
        seat: Seat,
        helper: CardId,
        target: CardId,
        leadership: bool,
        attacking: bool,
    },
    /// A heroic act: `hero` will take the first wound `target` would take.
    Heroic {
        seat: Seat,
        hero: CardId,
        target: CardId,
    },
    /// A poison marker on a character.
    Poisoned {
        card: CardId,
    },
    /// A character recovered a wound (Heal, Rejuvenate, Regenerate, Vampirism): its
    /// wounds now.
    Healed {
        seat: Seat,
        card: CardId,
        wounds: u8,
    },
    /// Dice rolled as a character entered play: what they gave, in words.
    Rolled {
        seat: Seat,
        card: CardId,
        gave: String,
    },
    Blocked {
        seat: Seat,
        blocker: CardId,
        target: CardId,
    },
    Missed {
        attacker: CardId,
        target: CardId,
        value: u8,
        defense: u8,
    },
    /// An attack whose target died first (F-14.5).
    Negated {
        by: Seat,
        attacker: CardId,
    },
    Wounded {
        seat: Seat,
        card: CardId,
        wounds: u8,
        automatic: bool,
    },
    /// A wound to a disabled character that its attacker may not kill.
    Unharmed {
        seat: Seat,
        card: CardId,
    },
    Scored {
        seat: Seat,
        points: u32,
        card: CardId,
    },
    Killed {
        seat: Seat,
        card: CardId,
        automatic: bool,
    },
    Recruited {
        seat: Seat,
        card: CardId,
        pay: Energy,
        cost: u8,
    },
    Returned {
        seat: Seat,
        card: CardId,
    },
    Evacuated {
        seat: Seat,
        card: CardId,
        pay: Energy,
        cost: u8,
    },
    /// An item attached to a character (`holder`, its card).
    Equipped {
        seat: Seat,
        card: CardId,
        holder: CardId,
        pay: Energy,
        cost: u8,
    },
    /// A device's holder tapped to use it.
    UsedItem {
        seat: Seat,
        card: CardId,
        holder: CardId,
    },
    /// An item took a wound in place of its holder: disabled, knocked away, or
    /// destroyed (`None`); or an incident destroyed it.
    ItemHit {
        seat: Seat,
        card: CardId,
        holder: CardId,
        state: Option<ItemState>,
    },
    /// An item recovered by its holder, or repaired by a character with Tech.
    ItemBack {
        seat: Seat,
        card: CardId,
        repaired: bool,
    },
    /// An incident played, and what it was played on.
    Played {
        seat: Seat,
        card: CardId,
        on: Aimed,
    },
    /// A lasting incident ended, to its player's discard pile.
    Ended {
        seat: Seat,
        card: CardId,
    },
    /// A character card back to its player's hand from the graveyard.
    Recalled {
        seat: Seat,
        card: CardId,
    },
    /// A teleport moved `seat`'s character to the holding area, or to its hand.
    Teleported {
        seat: Seat,
        card: CardId,
        to_hand: bool,
    },
    /// A character's ability on coming into play happens (F-12.2).
    Triggered {
        seat: Seat,
        card: CardId,
    },
    /// A character in play discarded by an effect, to its player's discard pile (ruling
    /// M-34): a public fact, as the card was in play.
    Dismissed {
        seat: Seat,
        card: CardId,
    },
    /// Resurrect brought a character from the graveyard to the holding area.
    Resurrected {
        seat: Seat,
        card: CardId,
    },
    /// Swarm made a marker of a character.
    Swarmed {
        seat: Seat,
        card: CardId,
    },
    /// A character with Counter Attack attacks its attacker back.
    CounterAttack {
        seat: Seat,
        attacker: CardId,
        target: CardId,
    },
    /// A character turned intangible, or solid again.
    Phased {
        seat: Seat,
        card: CardId,
        intangible: bool,
    },
    /// A character turned invisible, or visible again.
    Faded {
        seat: Seat,
        card: CardId,
        invisible: bool,
    },
    /// A Possess or Enslave marker put on `target` (of `owner`) by `by`'s character
    /// (of `seat`): it attacks for `seat` (ruling M-36).
    Mastered {
        seat: Seat,
        by: CardId,
        owner: Seat,
        target: CardId,
        enslaved: bool,
    },
    /// Mimic or Magic: `card` (of `seat`) has `ability` until the end of the turn.
    Mimicked {
        seat: Seat,
        card: CardId,
        ability: crate::abilities::Ability,
    },
    /// A disabled independent artifact wounded again: destroyed, to the discard pile
    /// (ruling M-44).
    Wrecked {
        seat: Seat,
        card: CardId,
    },
    /// A Cyborg's cybernetics disabled: C 2, D 2 (ruling M-41).
    Unplugged {
        seat: Seat,
        card: CardId,
    },
    /// A Possess or Enslave marker gone: `card` (of `seat`) attacks for its own player
    /// again.
    Freed {
        seat: Seat,
        card: CardId,
    },
    /// The countdown's marker of a new round discarded: the rounds left after this one.
    Countdown {
        left: u32,
    },
    /// A response undid `seat`'s action with `card`.
    Undone {
        seat: Seat,
        /// The character, or the item equipped.
        card: CardId,
        action: crate::effect::Action,
    },
    /// Into the face-down discard pile: only its player knows the card (`None` for the
    /// others).
    Discarded {
        seat: Seat,
        card: Option<CardId>,
    },
    Out {
        seat: Seat,
        why: OutReason,
    },
    /// A campaign's kill penalty: `seat` loses the points of `card`, which it killed
    /// (ruling M-45).
    Penalised {
        seat: Seat,
        points: u32,
        card: CardId,
    },
    /// A campaign's battle is over (a seat scored its value): the points each seat
    /// scored in it, and its points in all.
    BattleOver {
        battle: u32,
        points: Vec<u32>,
        totals: Vec<u32>,
    },
    /// At an intermission: `seat`'s active characters to its holding area, healed; its
    /// disabled ones discarded; its hand's cards shuffled into its resources.
    Regrouped {
        seat: Seat,
        held: Vec<CardId>,
        discarded: Vec<CardId>,
        reshuffled: u8,
    },
    /// At an intermission: a character of `seat`'s holding area discarded, over the
    /// doubled capacity.
    Disbanded {
        seat: Seat,
        card: CardId,
    },
    /// A campaign's next battle: `first` goes first, as `chosen_by` (the last battle's
    /// loser) chose.
    BattleBegins {
        battle: u32,
        first: Seat,
        chosen_by: Seat,
    },
    /// The end: the winners (none for a draw) and every seat's points.
    Over {
        winners: Vec<Seat>,
        points: Vec<u32>,
    },
}

impl Event {
    /// The event as `seat` may know it: another's discard without its card.
    pub fn seen_by(&self, seat: Seat) -> Event {
        match *self {
            Event::Discarded { seat: s, .. } if s != seat => Event::Discarded {
                seat: s,
                card: None,
            },
            _ => self.clone(),
        }
    }
}
