//! The game's parts as plain values: each Beyonder's zones and points, characters in
//! play, the step of the turn, the attacks of a combat, and the decision waiting.

use crate::abilities::Power;
use crate::card::{CardId, Energy};
use crate::effect::Action;
use epic_game::Seat;
use serde::Serialize;

/// A character's number in one game, new each time it enters play: what choices name.
pub type CharId = u16;

/// The wounds that make a character disabled (inactive, F-11.1) and dead.
pub const DISABLED: u8 = 2;
pub const DEAD: u8 = 3;
/// The hand a player draws up to, and keeps down to at the end of a turn (§Hand).
pub const HAND: usize = 7;
/// The points of characters a holding area may hold (F-11.5).
pub const HOLDING_CAPACITY: u32 = 30;
/// How many times a player may redraw a hand with no footholds (F-6.8, ruling M-09).
pub const REDRAWS: u8 = 2;
/// The turns after which a game is ruled over, on points (ruling M-12).
pub const MAX_TURNS: u32 = 200;

/// A character in play or in a holding area.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct InPlay {
    pub id: CharId,
    pub card: CardId,
    /// 0 healthy, 1 injured, 2 disabled (F-11.1).
    pub wounds: u8,
    /// Tapped; in a holding area, arrived this turn, to come back from the next (ruling
    /// M-05).
    pub tapped: bool,
    /// In flight (a Flight marker).
    pub flying: bool,
    /// Hidden by Stealth or Conceal: not to be attacked.
    pub hidden: bool,
    /// Poison markers: -1 D each.
    pub poison: u8,
    /// What dice gave it as it entered play: + C (Super Strength), + D (Defensive
    /// Increase).
    pub bonus: (u8, u8),
    /// The power Random Power rolled as it entered play.
    pub rolled: Option<Power>,
    /// The kind of attack Immune (Random Power) rolled as it entered play.
    pub immune_to: Option<crate::abilities::AttackKind>,
    /// Attacks it declared this turn.
    pub attacks: u8,
    /// It attacked this turn in a rage: +1 C, -1 D.
    pub raging: bool,
    /// Teamwork and leadership for the turn: + C, + D (F-14.7).
    pub boost: (u8, u8),
    /// Helped this turn: 1 by teamwork, 2 by leadership.
    pub helped: u8,
    /// It took off or landed this turn (once a turn, ruling M-15), or turned
    /// intangible or solid.
    pub flew: bool,
    /// Intangible (its marker).
    pub intangible: bool,
    /// Invisible (its marker).
    pub invisible: bool,
    /// A Swarm marker: another of its card, which is no card and worth no points.
    pub token: bool,
    /// The Possess or Enslave marker it bears: the character whose player it attacks
    /// for (ruling M-36).
    pub master: Option<Master>,
    /// The ability Random Ability rolled as it entered play (ruling M-39).
    pub random: Option<crate::abilities::Ability>,
    /// The ability Mimic or Magic took this turn (ruling M-38).
    pub mimicked: Option<crate::abilities::Ability>,
    /// It has taken Immune, Invulnerable or Resurrect by Mimic or Magic, which it may
    /// once while in play.
    pub mimicked_once: bool,
    /// Its cybernetics are disabled: C 2, D 2, no Cyborg (ruling M-41).
    pub unplugged: bool,
}

/// A Possess or Enslave marker (ruling M-36): who put it there, and which.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Master {
    pub by: CharId,
    /// Enslaved (until the enslaver is wounded), not possessed (while the possessor
    /// stays tapped).
    pub enslaved: bool,
}

impl InPlay {
    /// Healthy or injured: it may attack, block and be counted (F-11.1).
    pub fn active(&self) -> bool {
        self.wounds < DISABLED
    }

    /// Its state in the rulebook's word.
    pub fn state_word(&self) -> &'static str {
        match self.wounds {
            0 => "healthy",
            1 => "injured",
            _ => "disabled",
        }
    }
}

/// What an item attached to a character is doing (F-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ItemState {
    Working,
    /// Disabled: no use until a character with Tech repairs it (F-9.3).
    Disabled,
    /// Knocked away: no use until its holder taps to recover it (F-9.4).
    KnockedAway,
}

/// An item attached to a character, in play or in a holding area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Equipped {
    pub card: CardId,
    pub holder: CharId,
    pub state: ItemState,
    /// Built into its holder's card (F-9.7): part of its stats and cost, no card of its
    /// own.
    pub built_in: bool,
}

/// What a lasting incident (or a device's use) acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case", tag = "aim")]
pub enum Aim {
    Character {
        id: CharId,
    },
    /// A player: their characters, their draws, their costs.
    Seat {
        seat: Seat,
    },
    /// Every character in play (that its filter matches).
    All,
    /// A card in the player's graveyard.
    Card {
        card: CardId,
    },
    /// An item, by its holder and card.
    Item {
        holder: CharId,
        card: CardId,
    },
    /// The action responded to.
    Action,
}

/// An incident in play, or a device's use for the turn: its effects apply to its aim
/// until it ends (F-8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Lasting {
    pub card: CardId,
    /// Who played it; a turn-long effect ends at this seat's next upkeep.
    pub seat: Seat,
    pub aim: Aim,
    /// A device's use (ends with the turn), not an incident in play.
    pub device: bool,
    /// The stats a dice effect rolled (F-10.5).
    pub rolled: Option<(u8, u8)>,
}

/// A window in which incidents are played (F-8.1, ruling M-22): the timed ones, the
/// phases of an ambiguous incident, a response to an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Window {
    Upkeep,
    PreCombat,
    Combat,
    PostCombat,
    Downtime,
    Response,
}

impl Window {
    pub fn name(self) -> &'static str {
        match self {
            Window::Upkeep => "Upkeep: play incidents",
            Window::PreCombat => "Pre-combat: play incidents",
            Window::Combat => "Combat: play incidents",
            Window::PostCombat => "Post-combat: play incidents",
            Window::Downtime => "Downtime: play incidents",
            Window::Response => "Respond",
        }
    }
}

/// An action a response may answer: who took it, what, with which card and character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Taken {
    pub seat: Seat,
    pub action: Action,
    /// The card acted with: the character, the item, or an attack's weapon (its
    /// attacker's card when it has none).
    pub card: CardId,
    pub id: CharId,
    /// An attack's kind.
    pub kind: Option<crate::abilities::AttackKind>,
    /// A response undid it: no other may.
    pub undone: bool,
    /// The character as it was before moving to or from the holding area.
    pub before: Option<InPlay>,
}

/// What a choice names ([`Choice::named`]): a card, the energy it pays with, the
/// character that acts and the character it acts on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Named {
    pub card: Option<CardId>,
    pub pay: Option<crate::card::Energy>,
    pub subject: Option<CharId>,
    pub target: Option<CharId>,
}

impl Choice {
    /// What it names, for the learning programs' action features and for the rules
    /// that ask who acts on whom (an arch-enemy's lock, ruling M-42).
    pub fn named(self) -> Named {
        let (card, pay, subject, target) = match self {
            Choice::Foothold { card } | Choice::Discard { card } => (Some(card), None, None, None),
            Choice::Recruit { card, pay } => (Some(card), Some(pay), None, None),
            Choice::Attack {
                attacker, target, ..
            }
            | Choice::Unplug { attacker, target } => (None, None, Some(attacker), Some(target)),
            Choice::Block { blocker, target }
            | Choice::Heal {
                healer: blocker,
                target,
            }
            | Choice::Assist {
                helper: blocker,
                target,
            }
            | Choice::HeroicAct {
                hero: blocker,
                target,
            } => (None, None, Some(blocker), Some(target)),
            Choice::Return { id }
            | Choice::Fly { id }
            | Choice::Hide { id }
            | Choice::Phase { id }
            | Choice::Fade { id }
            | Choice::Release { id }
            | Choice::Dismiss { id }
            | Choice::Mimic { id, .. }
            | Choice::Swarm { by: id } => (None, None, Some(id), None),
            Choice::Sabotage { by, holder, item } => (Some(item), None, Some(by), Some(holder)),
            Choice::Teleport { by, target } => (None, None, Some(by), Some(target)),
            Choice::Resurrect { by, card } => (Some(card), None, Some(by), None),
            Choice::Evacuate { id, pay } => (None, Some(pay), Some(id), None),
            Choice::Equip { card, holder, pay } => (Some(card), Some(pay), Some(holder), None),
            Choice::UseDevice { holder, item } | Choice::Recover { holder, item } => {
                (Some(item), None, Some(holder), None)
            }
            Choice::Repair { tech, holder, item } => (Some(item), None, Some(tech), Some(holder)),
            Choice::Incident { card, aim } => match aim {
                Aim::Character { id } => (Some(card), None, None, Some(id)),
                Aim::Item { holder, .. } => (Some(card), None, None, Some(holder)),
                _ => (Some(card), None, None, None),
            },
            _ => (None, None, None, None),
        };
        Named {
            card,
            pay,
            subject,
            target,
        }
    }

    /// The character that acts and the one it acts on, where it names both.
    pub fn characters(self) -> (Option<CharId>, Option<CharId>) {
        let n = self.named();
        (n.subject, n.target)
    }
}

/// A foothold in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Foothold {
    pub card: CardId,
    pub energy: Energy,
    pub tapped: bool,
}

/// One Beyonder.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Player {
    pub hand: Vec<CardId>,
    /// Resources: the deck, drawn from the end.
    pub deck: Vec<CardId>,
    /// Face down: no one may look through it (§Discards).
    pub discard: Vec<CardId>,
    /// Killed characters, face up (§Graveyard).
    pub graveyard: Vec<CardId>,
    pub footholds: Vec<Foothold>,
    pub characters: Vec<InPlay>,
    pub holding: Vec<InPlay>,
    /// Cards that left the game with their Beyonder (a concession).
    pub removed: Vec<CardId>,
    pub points: u32,
    pub redraws: u8,
    /// The hand shown at the last redraw (F-6.8): every seat saw it.
    pub shown: Vec<CardId>,
    /// A foothold was played this turn (one a turn, F-2.1).
    pub played_foothold: bool,
    /// Items attached to this player's characters (in play or held).
    pub items: Vec<Equipped>,
    /// Its deck list holds incidents: it is asked in incident windows (a public fact).
    pub incidents: bool,
    /// The actions its deck list's response incidents answer, a bit each
    /// ([`Action::bit`]): it is asked in their response windows (a public fact).
    pub responses: u8,
    /// Its deck list holds an independent artifact (ruling M-44).
    pub artifacts: bool,
    /// Its deck list holds a character with an arch-enemy (ruling M-42).
    pub arch_enemies: bool,
    /// Its deck list holds a card that may give Mimic or Magic: printed, rolled by
    /// Random Ability, or given by an item or an incident (ruling M-38).
    pub mimics: bool,
    /// Turns this player has begun (in this battle, in a campaign).
    pub turns: u32,
    /// Its points when this battle of a campaign began (ruling M-45).
    pub banked: u32,
    /// Out of the game: conceded, or without characters or resources (F-1.3).
    pub out: bool,
}

impl Player {
    /// Reads what its deck list (`cards`) says of it publicly: whether it holds
    /// incidents, which actions its responses answer, whether it holds independent
    /// artifacts or arch-enemies.
    pub(crate) fn read_deck_list(&mut self, pool: &crate::Pool, cards: &[CardId]) {
        self.incidents = false;
        self.responses = 0;
        let characters = || cards.iter().filter_map(|&c| pool.get(c).character());
        self.artifacts = characters().any(|ch| ch.artifact.is_some());
        self.arch_enemies = characters().any(|ch| ch.arch_enemy.is_some());
        use crate::abilities::Ability::{Magic, Mimic, RandomAbility};
        let mimic = |a: &crate::abilities::Ability| matches!(a, Mimic | Magic | RandomAbility);
        self.mimics = cards.iter().any(|&c| match &pool.get(c).kind {
            crate::card::Kind::Character(ch) => ch.abilities.iter().any(mimic),
            crate::card::Kind::Item(i) => i.grants.iter().any(mimic),
            crate::card::Kind::Incident(i) => (i.effects.iter())
                .any(|e| matches!(e, crate::effect::Effect::Gain { ability } if mimic(ability))),
            crate::card::Kind::Foothold { .. } => false,
        });
        for i in cards.iter().filter_map(|&c| pool.get(c).incident()) {
            self.incidents = true;
            if let crate::effect::Activation::Response { action, .. } = i.activation {
                self.responses |= action.bit();
            }
        }
    }

    /// Untapped footholds of `energy`.
    pub fn untapped(&self, energy: Energy) -> usize {
        self.footholds
            .iter()
            .filter(|f| !f.tapped && energy.pays(f.energy))
            .count()
    }
}

/// The step of the turn waiting on a decision (§Parts of the Turn). Steps with nothing to
/// decide (untap, upkeep, draw, determine results, downtime) pass by themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// Before the first turn: a hand with no footholds may be redrawn (F-6.8).
    Redraw,
    /// Pre-combat: establish foothold.
    Foothold,
    /// Combat: declare attackers.
    Attacks,
    /// Combat: declare blockers, by each seat attacked.
    Blocks,
    /// Post-combat: recruit, equip and evacuate.
    Recruit,
    /// A window for incidents (which, the game's `window`).
    Incidents,
    /// End: discard.
    Discard,
    /// Between two battles of a campaign (ruling M-45): discards over the holding
    /// area's doubled capacity, then who goes first.
    Intermission,
}

impl Step {
    pub const ALL: [Step; 8] = [
        Step::Redraw,
        Step::Foothold,
        Step::Attacks,
        Step::Blocks,
        Step::Recruit,
        Step::Incidents,
        Step::Discard,
        Step::Intermission,
    ];

    /// One word for the step's decision, as programs and scenarios name it.
    pub fn word(self) -> &'static str {
        match self {
            Step::Redraw => "redraw",
            Step::Foothold => "foothold",
            Step::Attacks => "attackers",
            Step::Blocks => "blockers",
            Step::Recruit => "recruit",
            Step::Incidents => "incidents",
            Step::Discard => "discard",
            Step::Intermission => "intermission",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Step::Redraw => "Opening hands",
            Step::Foothold => "Establish foothold",
            Step::Attacks => "Declare attackers",
            Step::Blocks => "Declare blockers",
            Step::Recruit => "Recruit, equip and evacuate",
            Step::Incidents => "Play incidents",
            Step::Discard => "Discard",
            Step::Intermission => "Intermission",
        }
    }
}

/// An attack declared this combat (F-14.1), with base C (`power` 0) or a power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Attack {
    pub attacker: CharId,
    pub by: Seat,
    pub target: CharId,
    pub defender: Seat,
    pub power: u8,
    /// Made to disable a Cyborg's cybernetics in place of a wound (ruling M-41).
    pub unplug: bool,
}

/// A block declared this combat: `blocker` takes the attacks on `target` (F-14.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Block {
    pub blocker: CharId,
    pub target: CharId,
}

/// One option of a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case", tag = "choice")]
pub enum Choice {
    /// Show the hand, shuffle it into the deck and draw seven (F-6.8).
    Redraw,
    Keep,
    Foothold {
        card: CardId,
    },
    NoFoothold,
    /// An attack, with base C (`power` 0) or the character's power number `power`
    /// (from 1, as [`crate::MultiverseGame::powers`] lists them).
    Attack {
        attacker: CharId,
        target: CharId,
        power: u8,
    },
    /// A flyer takes off or lands, before attacks are declared (ruling M-15).
    Fly {
        id: CharId,
    },
    /// Teamwork or leadership (F-14.7): `helper` taps; `target`, a team-mate, has +1 C
    /// (declaring attacks) or +1 D (declaring blocks) for the turn.
    Assist {
        helper: CharId,
        target: CharId,
    },
    /// A heroic act (F-14.6): `hero` takes the first wound `target` would take this
    /// combat.
    HeroicAct {
        hero: CharId,
        target: CharId,
    },
    EndAttacks,
    Block {
        blocker: CharId,
        target: CharId,
    },
    EndBlocks,
    /// Recruit a character from hand, tapping footholds of one kind of energy.
    Recruit {
        card: CardId,
        pay: Energy,
    },
    /// Bring a character back from the holding area, for free.
    Return {
        id: CharId,
    },
    /// Move a character to the holding area, paying half its cost rounded up.
    Evacuate {
        id: CharId,
        pay: Energy,
    },
    /// A character with Stealth taps to hide again.
    Hide {
        id: CharId,
    },
    /// An intangible character turns solid, or a solid one intangible, before attacks.
    Phase {
        id: CharId,
    },
    /// An invisible character turns visible, or a visible one invisible, before attacks.
    Fade {
        id: CharId,
    },
    /// A character with Technopathy taps to disable an item.
    Sabotage {
        by: CharId,
        holder: CharId,
        item: CardId,
    },
    /// A teleport (`by` taps): `target` to its holding area — `by` itself, a character
    /// of its side, or with Defensive Teleport `by` and `target` both — or, with
    /// Offensive Teleport, an opponent's character to its owner's hand.
    Teleport {
        by: CharId,
        target: CharId,
    },
    /// An attack with C by a character with Tech on a Cyborg, to disable its
    /// cybernetics in place of a wound (ruling M-41).
    Unplug {
        attacker: CharId,
        target: CharId,
    },
    /// Mimic or Magic: `id` takes `ability` until the end of the turn (ruling M-38).
    Mimic {
        id: CharId,
        ability: crate::abilities::Ability,
    },
    /// A possessor untaps, and the character it possesses goes free (ruling M-36).
    Release {
        id: CharId,
    },
    /// Resurrect: `by` taps to bring `card` from the graveyard to the holding area.
    Resurrect {
        by: CharId,
        card: CardId,
    },
    /// Swarm: `by` taps to make a marker of itself.
    Swarm {
        by: CharId,
    },
    /// A character taps to heal a wound: its own (Heal) or any character's (Rejuvenate).
    Heal {
        healer: CharId,
        target: CharId,
    },
    /// Attach an item from hand to a character, tapping footholds of one kind.
    Equip {
        card: CardId,
        holder: CharId,
        pay: Energy,
    },
    /// Tap a device's holder to use it.
    UseDevice {
        holder: CharId,
        item: CardId,
    },
    /// Tap a holder to recover an item knocked away (F-9.4).
    Recover {
        holder: CharId,
        item: CardId,
    },
    /// A character with Tech taps to repair a disabled item (F-9.3).
    Repair {
        tech: CharId,
        holder: CharId,
        item: CardId,
    },
    EndRecruit,
    /// Play an incident from hand on `aim`, paid with any footholds.
    Incident {
        card: CardId,
        aim: Aim,
    },
    /// Play no more incidents in this window.
    Pass,
    Discard {
        card: CardId,
    },
    /// End the turn, keeping the hand.
    EndTurn,
    /// At an intermission, a character of the holding area to the discard pile, over
    /// the doubled capacity (ruling M-45).
    Dismiss {
        id: CharId,
    },
    /// At an intermission, the battle's loser's choice: `seat` takes the next battle's
    /// first turn (ruling M-45).
    First {
        seat: Seat,
    },
    /// A seat concedes, whoever is deciding.
    Concede {
        seat: Seat,
    },
}
