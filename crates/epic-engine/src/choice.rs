use crate::ids::{Entity, ObjId, PlayerId};
use serde::{Deserialize, Serialize};

/// One option of a decision. Small and `Copy`, so a game's history is a plain list of
/// these and a bot can hold thousands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// Give up initiative without making a play (4.1.1).
    Pass,
    /// In the main phase: try to end the turn (4.3.3).
    EndTurn,
    /// 4.3.4: continue the main phase after opponents made plays.
    Continue,
    /// Begin a battle phase (4.3.2).
    DeclareBattle,
    /// Finish a sequence of picks (attackers, blockers, mulligan, "up to" targets).
    Done,
    /// Back out of declaring a battle before any attacker was chosen.
    Cancel,
    Yes,
    No,
    /// Reverse the last play (3.7).
    Undo,
    /// Play a card from hand (or a champion with ambush), choosing its mode (3.2.1).
    Play {
        card: ObjId,
        mode: u8,
    },
    /// Use power number `index` of a card (3.5).
    Power {
        card: ObjId,
        index: u8,
    },
    /// Pick a card or champion.
    Card(ObjId),
    /// Pick a player.
    Player(PlayerId),
    /// Assign `amount` battle damage to a champion or player (4.4.11b).
    Assign {
        to: Entity,
        amount: u16,
    },
    /// Resolve this trigger of the batch next (3.2.5a).
    Trigger(u32),
    /// Take branch `n` of an "either … or …" (the Elder Gods).
    Branch(u8),
    /// The player concedes (1.2.2). Never among the options: any player still in the
    /// game may concede at any moment, whoever is deciding, by applying it.
    Concede(PlayerId),
}

impl Choice {
    /// The option that commits a player to least: what the engine answers for a player
    /// who conceded but is asked before they leave (passing, finishing, declining), or
    /// else the first.
    pub fn least(options: &[Choice]) -> Choice {
        const LEAST: [Choice; 6] = [
            Choice::Pass,
            Choice::Done,
            Choice::No,
            Choice::Cancel,
            Choice::EndTurn,
            Choice::Continue,
        ];
        LEAST
            .into_iter()
            .find(|c| options.contains(c))
            .unwrap_or_else(|| options[0])
    }

    /// A pick of a player or object as a choice.
    pub fn pick(e: Entity) -> Choice {
        match e {
            Entity::Player(p) => Choice::Player(p),
            Entity::Obj(o) => Choice::Card(o),
        }
    }
}

/// What kind of decision is pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// 1.8: pick cards to put back, then Done.
    Mulligan,
    /// Holding initiative: make a play, begin a battle, pass or end the turn.
    Initiative,
    /// 4.3.4: continue the main phase or end the turn.
    ContinueOrEnd,
    /// 4.4.1: pick attackers, then Done.
    Attackers,
    /// 4.4.6: pick blockers, then Done.
    Blockers,
    /// 4.4.11b: where the current champion's damage goes.
    AssignDamage,
    /// 4.4.11b: which champion assigns its damage next.
    DamageOrder,
    /// 4.4.11a: whether breakthrough's excess damage goes to the defending player.
    ExcessDamage,
    /// 5.20: pick a target.
    Target,
    /// Pick a card or player (not a target).
    Choose,
    /// "You may": yes or no.
    May,
    /// 5.3: reveal cards for Loyalty, or not.
    Loyalty,
    /// 5.3.2: which cards to reveal for Loyalty, one at a time.
    Reveal,
    /// 5.5: pick cards to recycle.
    Recycle,
    /// Pick a card from hand to discard.
    Discard,
    /// 3.2.5a: which trigger of the batch resolves next.
    OrderTriggers,
    /// Stand Alone: pick the champion you keep.
    KeepOne,
}

impl DecisionKind {
    pub const ALL: [DecisionKind; 17] = [
        DecisionKind::Mulligan,
        DecisionKind::Initiative,
        DecisionKind::ContinueOrEnd,
        DecisionKind::Attackers,
        DecisionKind::Blockers,
        DecisionKind::AssignDamage,
        DecisionKind::DamageOrder,
        DecisionKind::ExcessDamage,
        DecisionKind::Target,
        DecisionKind::Choose,
        DecisionKind::May,
        DecisionKind::Loyalty,
        DecisionKind::Reveal,
        DecisionKind::Recycle,
        DecisionKind::Discard,
        DecisionKind::OrderTriggers,
        DecisionKind::KeepOne,
    ];

    /// The kind's name in files and messages: `assign-damage`, `order-triggers`.
    pub fn name(self) -> &'static str {
        match self {
            DecisionKind::Mulligan => "mulligan",
            DecisionKind::Initiative => "initiative",
            DecisionKind::ContinueOrEnd => "continue-or-end",
            DecisionKind::Attackers => "attackers",
            DecisionKind::Blockers => "blockers",
            DecisionKind::AssignDamage => "assign-damage",
            DecisionKind::DamageOrder => "damage-order",
            DecisionKind::ExcessDamage => "excess-damage",
            DecisionKind::Target => "target",
            DecisionKind::Choose => "choose",
            DecisionKind::May => "may",
            DecisionKind::Loyalty => "loyalty",
            DecisionKind::Reveal => "reveal",
            DecisionKind::Recycle => "recycle",
            DecisionKind::Discard => "discard",
            DecisionKind::OrderTriggers => "order-triggers",
            DecisionKind::KeepOne => "keep-one",
        }
    }

    /// The kind a name means, ignoring case and whether words are joined by `-`, `_` or
    /// a space.
    pub fn from_name(name: &str) -> Option<DecisionKind> {
        let want = name.to_ascii_lowercase().replace(['_', ' '], "-");
        DecisionKind::ALL.into_iter().find(|k| k.name() == want)
    }
}

/// The pending decision: who decides, what about, and a sentence saying so.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub player: PlayerId,
    pub kind: DecisionKind,
    pub prompt: String,
}

/// Whose decision was answered, and of which kind (what `answer` needs of it).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Decided {
    pub player: PlayerId,
    pub kind: DecisionKind,
}
