//! The game state: a plain value, cheap to clone, with no derived values stored.

use crate::config::RulesConfig;
use crate::ids::{Entity, ObjId, ObjNum, PlayerId, Remembered};
use epic_model::{AbilityKind, Alignments, CardId, CardPool, Keywords};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// The five zones of rule 1.4.1, plus the token pile (not a zone, 2.3.1) where tokens
/// that left play wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    Hand,
    InPlay,
    Deck,
    Discard,
    Supplemental,
    TokenPile,
}

impl Zone {
    /// Whether everyone sees what lies here (1.10): play, discard piles, events being
    /// played and tokens.
    pub fn is_public(self) -> bool {
        matches!(
            self,
            Zone::InPlay | Zone::Discard | Zone::Supplemental | Zone::TokenPile
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Zone::Hand => "hand",
            Zone::InPlay => "play",
            Zone::Deck => "deck",
            Zone::Discard => "discard pile",
            Zone::Supplemental => "supplemental zone",
            Zone::TokenPile => "token pile",
        }
    }
}

/// A list of objects built on the stack while a rule runs, with room for every champion
/// of a crowded board before it would spill to the heap.
pub type ObjList = SmallVec<[ObjId; 48]>;

/// One card or token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Obj {
    pub card: CardId,
    pub owner: PlayerId,
    pub controller: PlayerId,
    pub zone: Zone,
    /// Turned sideways (2.6.3).
    pub expended: bool,
    /// Turned around, as blockers are (2.6.4). A flipped card may also be expended.
    pub flipped: bool,
    /// Entered play or changed control since its controller's last turn began (5.17).
    pub deploying: bool,
    /// Damage taken this turn (2.1.6).
    pub damage: u16,
    /// +1 offense / +1 defense counters (2.7).
    pub counters: u16,
    /// Keywords gained for as long as it stays in play (5.0.7, 5.3.7).
    pub gained: Keywords,
    /// Revealed from hand and still public (1.4.8).
    pub revealed: bool,
    /// In a hand or a deck, and everyone knows which card it is: they saw it go there
    /// from where it lay in sight of all (returned from play or a discard pile, a
    /// revealed card drawn, a champion banished to the bottom of a deck), or saw it
    /// revealed there. Players remember what they saw, so it stays known until it
    /// leaves the hand or the deck (ruling H-33). Cards put on the bottom together lie
    /// in random order (5.15.2), so they are not known where they lie.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub known: bool,
    /// The turn it was broken, while it is still the object that went to the discard
    /// pile (for "broken this turn"); 0 otherwise.
    pub broken_turn: u16,
    /// The turn it last attacked (for "must attack each turn"), while still the object
    /// that attacked; 0 otherwise.
    pub attacked_turn: u16,
    /// Its number as a game object. A card that changes zone is a new object (5.21.3,
    /// docs/rulings.md R-10) and gets a new number, so the number players see says
    /// nothing of where the card was before, and whatever an effect remembers of it
    /// (with [`Remembered`]) finds it only while it is still that object.
    pub number: ObjNum,
    /// Who controlled it when it was broken, when that was not its owner, while it is
    /// still that object ("their champions broken this way", Flames of Furios).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub broken_from: Option<PlayerId>,
}

/// The fields in their order, and `broken_from` and `known` only when set, so games where
/// neither happened keep their digests. A card known in a deck is left out: it follows
/// from the game's decisions like the rest, and saves made before decks kept knowledge
/// keep their digests.
impl std::hash::Hash for Obj {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let Obj {
            card,
            owner,
            controller,
            zone,
            expended,
            flipped,
            deploying,
            damage,
            counters,
            gained,
            revealed,
            known,
            broken_turn,
            attacked_turn,
            number,
            broken_from,
        } = self;
        (card, owner, controller, zone, expended, flipped, deploying).hash(h);
        (
            damage,
            counters,
            gained,
            revealed,
            broken_turn,
            attacked_turn,
            number,
        )
            .hash(h);
        if broken_from.is_some() {
            broken_from.hash(h);
        }
        if *known && *zone == Zone::Hand {
            known.hash(h);
        }
    }
}

impl Obj {
    /// A card or token as it is outside play: no position, damage or counters.
    pub fn new(card: CardId, owner: PlayerId, zone: Zone) -> Obj {
        Obj {
            card,
            owner,
            controller: owner,
            zone,
            expended: false,
            flipped: false,
            deploying: false,
            damage: 0,
            counters: 0,
            gained: Keywords::NONE,
            revealed: false,
            known: false,
            broken_turn: 0,
            attacked_turn: 0,
            number: ObjNum(0),
            broken_from: None,
        }
    }

    pub fn is_prepared(&self) -> bool {
        !self.expended && !self.flipped
    }
}

/// One seat's public and private numbers and zones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub health: i32,
    pub gold: u8,
    pub hand: Vec<ObjId>,
    /// Bottom first: the top card is the last.
    pub deck: Vec<ObjId>,
    pub discard: Vec<ObjId>,
    pub eliminated: bool,
    /// Alignments of the cards with a printed cost of 1 played this turn (White Dragon).
    pub played_this_turn: Alignments,
    /// Health gained through Righteous, applied when a player next receives initiative
    /// (5.13.3).
    pub pending_gain: i32,
    /// The champions this player controls that have a power for play (3.5), in the
    /// order of `in_play`. With `discard_powers`, an index kept by
    /// [`GameState::index_abilities`] and [`GameState::index_control`], so listing a
    /// player's powers reads only their own cards that have one.
    pub play_powers: SmallVec<[ObjId; 4]>,
    /// The cards in their discard pile that have a power for the discard pile (5.0.2),
    /// in the pile's order.
    pub discard_powers: SmallVec<[ObjId; 4]>,
    /// Gold gained this turn that may be spent only on cards of `bonus_for` and their
    /// powers (Brachiosaurus); spent before ordinary gold, gone at the end of the turn.
    #[serde(default)]
    pub bonus_gold: u8,
    #[serde(default)]
    pub bonus_for: Alignments,
    /// The champions that dealt this player damage this turn, as they were (Avenger of
    /// Covenant: "target champion that damaged you this turn").
    #[serde(default)]
    pub damaged_by: SmallVec<[Remembered; 8]>,
    /// Cards with a printed cost of 1 played this turn (the Pantheon "Will" events: "if
    /// this is the first {1} card you've played this turn").
    #[serde(default)]
    pub cost1_plays: u8,
    /// "Cannot gain health this turn" (Steed of Zaltessa).
    #[serde(default)]
    pub no_health_gain: bool,
    /// The player conceded (1.2.2) and leaves the game at the next state check.
    #[serde(default)]
    pub conceded: bool,
}

impl Player {
    /// The gold `p` can spend on a card, or a card's power, of these alignments.
    #[inline]
    pub fn gold_for(&self, aligns: Alignments) -> u8 {
        if self.bonus_gold > 0 && aligns.intersects(self.bonus_for) {
            self.gold.saturating_add(self.bonus_gold)
        } else {
            self.gold
        }
    }
}

/// The game's own facts only: the power lists are an index of the zones, so a digest
/// (and every save that records one) does not depend on how the engine keeps it.
impl std::hash::Hash for Player {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let Player {
            health,
            gold,
            hand,
            deck,
            discard,
            eliminated,
            played_this_turn,
            pending_gain,
            play_powers: _,
            discard_powers: _,
            bonus_gold,
            bonus_for,
            // Who damaged the player this turn follows from the turn's decisions, and
            // hashing it would change the digest of every save made after a champion hit
            // a player: it is left out.
            damaged_by: _,
            cost1_plays,
            no_health_gain,
            conceded,
        } = self;
        (health, gold, hand, deck, discard, eliminated).hash(h);
        // Hashed only when there is some, so games without it keep their digests.
        if *bonus_gold > 0 {
            (bonus_gold, bonus_for).hash(h);
        }
        // Whether there was one follows from `played_this_turn`; more than one needs
        // extra gold, which no base-set card gives.
        if *cost1_plays > 1 {
            cost1_plays.hash(h);
        }
        if *no_health_gain {
            no_health_gain.hash(h);
        }
        if *conceded {
            conceded.hash(h);
        }
        (played_this_turn, pending_gain).hash(h);
    }
}

/// The four phases of rule 4.0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    Setup,
    Start,
    Main,
    Battle,
    End,
}

/// A battle in progress (4.4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub attacker: PlayerId,
    pub defender: PlayerId,
    /// Attacking champions still in the battle, in the order they were declared.
    pub attackers: SmallVec<[ObjId; 16]>,
    /// Blocking champions still in the battle.
    pub blockers: SmallVec<[ObjId; 16]>,
    /// Once blocked, the group stays blocked (4.4.6b).
    pub blocked: bool,
    /// Damage assigned so far in the damage step, dealt all at once (4.4.11b).
    pub assigned: SmallVec<[(ObjId, Entity, u16); 32]>,
    /// Blockers' total defense not yet covered by breakthrough damage (4.4.11a).
    pub breakthrough_left: u16,
    /// Whether the attacking player applies breakthrough's excess damage to the
    /// defending player (4.4.11a: they may).
    pub apply_excess: bool,
    /// The champion assigning its damage now, once its controller chose it (4.4.11b).
    pub assigning: Option<ObjId>,
    /// The champions of the side assigning damage that have damage still to assign,
    /// worked out when the side begins.
    pub to_assign: SmallVec<[ObjId; 16]>,
    /// Whether the side assigning damage has begun (`to_assign` is worked out).
    pub side_begun: bool,
    /// The rest of the side's damage is assigned without questions: each champion in
    /// turn gives each opposing champion enough to break it.
    #[serde(default)]
    pub lethal_first: bool,
}

/// The fields in order, as a derived hash would take them, and `lethal_first` only when
/// set: the digests of games saved before it existed stay what they were.
impl std::hash::Hash for Battle {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let Battle {
            attacker,
            defender,
            attackers,
            blockers,
            blocked,
            assigned,
            breakthrough_left,
            apply_excess,
            assigning,
            to_assign,
            side_begun,
            lethal_first,
        } = self;
        (attacker, defender, attackers, blockers, blocked, assigned).hash(h);
        (
            breakthrough_left,
            apply_excess,
            assigning,
            to_assign,
            side_begun,
        )
            .hash(h);
        if *lethal_first {
            lethal_first.hash(h);
        }
    }
}

impl Battle {
    /// The side assigning damage in the damage step (4.4.11), then the side receiving it.
    pub fn sides(&self, blockers_side: bool) -> (&[ObjId], &[ObjId]) {
        if blockers_side {
            (&self.blockers, &self.attackers)
        } else {
            (&self.attackers, &self.blockers)
        }
    }

    /// The damage assigned to `o` so far in the damage step (4.4.11b), from every
    /// champion.
    pub fn assigned_to(&self, o: ObjId) -> u32 {
        (self.assigned.iter())
            .filter(|&&(_, to, _)| to == Entity::Obj(o))
            .map(|&(_, _, amount)| u32::from(amount))
            .sum()
    }
}

/// The exchange of initiative a player holds it in (4.1). Outside the main phase's own
/// window, initiative goes around the table to the left, and an exchange ends when it
/// would reach the last player to make a play in it — or, if nobody made one, the player
/// it is anchored to (ruling H-07). With two players this is exactly 4.3.4 and
/// 4.4.3 – 4.4.10; with more, 4.3.5 and M4.4.3 – M4.4.10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Window {
    /// 4.3.1: the active player's main phase.
    Main,
    /// 4.3.4 / 4.3.6: the active player chose to continue and must make a play or begin a
    /// battle.
    MainMustAct,
    /// 4.3.3 – 4.3.5: the active player tried to end the turn; the others, from their
    /// left, may make plays (anchored to the active player).
    EndResponse,
    /// 4.3.5, three or more players: after others made plays, initiative goes on around
    /// the table, the active player first, until it would reach the last player to play.
    EndAgain,
    /// 4.4.3 – 4.4.5 / M4.4.3 – M4.4.5: before blocks, from the attacking player.
    BeforeBlocks,
    /// 4.4.8 – 4.4.10 / M4.4.8 – M4.4.10: before damage, from the defending player.
    BeforeDamage,
}

/// Where the turn's automatic machinery stands. Decisions that belong to the turn (not
/// to an effect) are asked here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// 1.8: the `n`th seat in mulligan order is choosing cards.
    Mulligan(u8),
    /// 4.2: start phase actions, then its triggers.
    StartPhase,
    /// The start phase's triggers have resolved: the main phase begins (4.3).
    BeginMain,
    /// A player holds initiative in an exchange. `made_play`: they made a play since
    /// they received it; `last`: the last player to make a play in the exchange;
    /// `again`: initiative has come back round to the player the exchange is anchored to
    /// (for naming the rule: 4.4.5 rather than 4.4.3).
    Initiative {
        holder: PlayerId,
        window: Window,
        made_play: bool,
        last: Option<PlayerId>,
        again: bool,
    },
    /// 4.3.4 / 4.3.6: others made plays; the active player continues or ends the turn.
    ContinueOrEnd,
    /// 4.4.1: choosing attackers, one at a time. `committed`: the player continued the
    /// main phase (4.3.4) and has yet to make a play or begin a battle, so cancelling
    /// returns to that commitment, not to the ordinary main phase; `cancellable`: a
    /// committed player has a play to make instead, so may cancel.
    DeclareAttackers {
        committed: bool,
        cancellable: bool,
    },
    /// 4.4.6: the defender chooses blockers, one at a time.
    DeclareBlockers,
    /// 4.4.11a: the attacking player decides whether breakthrough's excess damage goes
    /// to the defending player.
    ExcessDamage,
    /// 4.4.11: one side's champions assign their damage, one at a time in the order their
    /// controller chooses (4.4.11b); `left` is what the champion assigning now
    /// (`Battle::assigning`) still has to assign (`u16::MAX` before it starts).
    AssignDamage {
        blockers_side: bool,
        left: u16,
    },
    /// 4.4.15: the battle's triggers have resolved; back to the main phase.
    EndBattle,
    /// 4.5.2a: end-of-turn triggers.
    EndTriggers,
    /// 4.5.2b: discarding down to the hand limit.
    HandLimit,
    GameOver,
}

/// A modification lasting until end of turn (4.5.2d), or while the object stays in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub obj: ObjId,
    pub offense: i8,
    pub defense: i8,
    pub keywords: Keywords,
    pub permanent: bool,
    /// The object loses its own keywords and abilities (Blind Faith).
    #[serde(default)]
    pub blank: bool,
    /// The triggered ability it gains (Plague Zombies): the card whose text holds it,
    /// and where in that text it is.
    #[serde(default)]
    pub grant: Option<(CardId, Script)>,
}

impl Modifier {
    /// A modification of `obj` that changes nothing yet and ends with the turn: the
    /// base the others are written on (`Modifier { blank: true, ..Modifier::on(o) }`).
    pub fn on(obj: ObjId) -> Modifier {
        Modifier {
            obj,
            offense: 0,
            defense: 0,
            keywords: Keywords::NONE,
            permanent: false,
            blank: false,
            grant: None,
        }
    }
}

/// Hashes `blank` only when set, so games without it keep their digests.
impl std::hash::Hash for Modifier {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (
            self.obj,
            self.offense,
            self.defense,
            self.keywords,
            self.permanent,
        )
            .hash(h);
        if self.blank {
            true.hash(h);
        }
        if let Some(grant) = self.grant {
            grant.hash(h);
        }
    }
}

/// Where the steps an effect frame runs come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Script {
    /// Mode `n` of an event.
    Mode(u8),
    /// Ability `n` of the card (triggered or power).
    Ability(u8),
    /// Branch `branch` of the "either … or …" at step `step` of mode `index` (`mode`) or
    /// of ability `index`.
    Branch {
        mode: bool,
        index: u8,
        step: u8,
        branch: u8,
    },
    /// The triggered ability that the grant at step `step` of mode `index` (`mode`) or
    /// of ability `index` gives (Plague Zombies).
    Granted { mode: bool, index: u8, step: u8 },
}

impl Script {
    /// The event mode (`true`) or ability this script is, as nested scripts (branches,
    /// granted abilities) name where they live; `None` for a nested one.
    pub fn root(self) -> Option<(bool, u8)> {
        match self {
            Script::Mode(m) => Some((true, m)),
            Script::Ability(i) => Some((false, i)),
            Script::Branch { .. } | Script::Granted { .. } => None,
        }
    }

    /// The script [`Script::root`] names.
    pub fn from_root(mode: bool, index: u8) -> Script {
        if mode {
            Script::Mode(index)
        } else {
            Script::Ability(index)
        }
    }
}

/// What an effect remembers between steps: its last choice ("it"), the facts about it
/// captured when it was chosen, and X.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectCtx {
    /// The last choice, as it was when chosen: an object that has since changed zone is
    /// no longer "it" (docs/rulings.md R-10), unless this effect moved it itself.
    pub it: SmallVec<[Remembered; 16]>,
    /// Controller, owner and offense of the first object picked, as it was when picked
    /// (last known information, for "its controller gains health equal to its offense").
    pub it_controller: Option<PlayerId>,
    pub it_owner: Option<PlayerId>,
    pub it_offense: i16,
    pub it_unblocked_attacking_you: bool,
    pub x: u8,
    /// Whether the previous step was done ("If you do").
    pub done: bool,
    /// The event the trigger answered: the player or object it was about.
    pub subject: Option<Remembered>,
    /// The cards this effect revealed from a deck ("among them", "the rest").
    #[serde(default)]
    pub revealed: Vec<Remembered>,
    /// The mode picked for the card this effect plays, or the branch picked for its
    /// "either … or …".
    #[serde(default)]
    pub play_mode: Option<u8>,
    /// Champions still to break as the cost of the power this frame runs (Rift
    /// Summoner), chosen by the player one at a time before the effect.
    #[serde(default)]
    pub cost_breaks: u8,
    /// Cards still to banish from the discard pile as the cost of the power this frame
    /// runs (Scrap Golem), chosen by the player one at a time before the effect.
    #[serde(default)]
    pub cost_banishes: u8,
    /// The effect's controller while another player performs the current step (the
    /// step's `by`); they are its controller again at the next step.
    #[serde(default)]
    pub lent_from: Option<PlayerId>,
}

/// Hashes `revealed` and `play_mode` only when the effect has them, so games without
/// them keep their digests.
impl std::hash::Hash for EffectCtx {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let EffectCtx {
            it,
            it_controller,
            it_owner,
            it_offense,
            it_unblocked_attacking_you,
            x,
            done,
            subject,
            revealed,
            play_mode,
            cost_breaks,
            cost_banishes,
            lent_from,
        } = self;
        (
            it,
            it_controller,
            it_owner,
            it_offense,
            it_unblocked_attacking_you,
        )
            .hash(h);
        (x, done, subject).hash(h);
        if !revealed.is_empty() {
            revealed.hash(h);
        }
        if play_mode.is_some() {
            play_mode.hash(h);
        }
        if *cost_breaks > 0 {
            cost_breaks.hash(h);
        }
        if *cost_banishes > 0 {
            cost_banishes.hash(h);
        }
        if let Some(p) = lent_from {
            p.hash(h);
        }
    }
}

/// A resolving ability or event, resumable at any decision.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Frame {
    /// The card whose text is running, and the object it is (for "this").
    pub card: CardId,
    pub source: ObjId,
    /// The source's number when the effect began: once it changes zone, the object the
    /// text calls "this" is gone (docs/rulings.md R-10).
    pub source_number: ObjNum,
    pub controller: PlayerId,
    pub script: Script,
    /// The step being run.
    pub pc: u8,
    /// A delayed action runs only the inner action of step `pc` (4.5.2a).
    pub delayed: bool,
    /// Set when this frame is an event being played; it goes to the discard pile after.
    pub playing_event: bool,
    /// The step's "you may" has been answered yes.
    pub agreed: bool,
    /// Picks made so far for the current step.
    pub picks: SmallVec<[Entity; 16]>,
    pub ctx: EffectCtx,
    /// The player chose "Done" for the current step's picks.
    pub finished: bool,
    /// Loyalty was checked (or not needed) for this trigger.
    pub loyalty_checked: bool,
    /// Cards still to discard as the cost of the power this frame runs (1.7.3), chosen
    /// by the player one at a time before the effect.
    pub cost_discards: u8,
}

/// A triggered ability waiting to resolve (3.2.5a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingTrigger {
    pub source: ObjId,
    /// The source's number when it triggered: "this", for the ability.
    pub source_number: ObjNum,
    pub card: CardId,
    /// The ability: one of the card's own, or one it grants.
    pub script: Script,
    pub controller: PlayerId,
    pub subject: Option<Remembered>,
}

impl PendingTrigger {
    /// The card of the champion that has the ability, as the log and labels name it:
    /// the ability's own card, or for a granted ability the champion it was given to.
    pub fn holder(&self, st: &GameState) -> CardId {
        match self.script {
            Script::Ability(_) => self.card,
            _ => st.obj(self.source).card,
        }
    }
}

/// An action to do at end of turn, with the choices of the effect that set it up.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Delayed {
    pub frame: Frame,
}

/// The whole game, public and hidden.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameState {
    pub rules: RulesConfig,
    pub objs: Vec<Obj>,
    pub players: Vec<Player>,
    /// Objects in play, in the order they entered.
    pub in_play: Vec<ObjId>,
    /// The continuous abilities in play, as (source, ability index): an index kept by the
    /// one function that moves cards (`Engine::move_to`, through
    /// [`GameState::index_abilities`]), so finding the continuous effects in play does not
    /// scan every card.
    pub statics_in_play: SmallVec<[(ObjId, u8); 8]>,
    /// What the continuous abilities in play and the modifications can do, kept with
    /// them.
    pub continuous: Continuous,
    /// Events being played (1.4.6).
    pub supplemental: SmallVec<[ObjId; 2]>,
    /// The God cards the players brought, in seat order: face up in the Supplemental zone
    /// for the whole game, where no card can affect them (2.4).
    #[serde(default)]
    pub gods: SmallVec<[ObjId; 2]>,
    pub turn: u16,
    pub active: PlayerId,
    pub first_player: PlayerId,
    pub phase: Phase,
    pub step: Step,
    pub battle: Option<Battle>,
    /// Attackers and blockers chosen so far in a declaration step.
    pub declaring: SmallVec<[ObjId; 16]>,
    /// "Champions cannot attack this turn" (Ceasefire).
    pub no_attacks: bool,
    pub mods: Vec<Modifier>,
    /// Control that reverts at end of turn: (object, controller to return it to).
    pub control_reverts: SmallVec<[(ObjId, PlayerId); 2]>,
    /// Resolving effects, innermost last.
    pub frames: Vec<Frame>,
    /// The batch of triggers being resolved, and the batch waiting to start (3.2.5a).
    pub batch: Vec<PendingTrigger>,
    pub waiting: Vec<PendingTrigger>,
    pub delayed: Vec<Delayed>,
    pub winners: SmallVec<[PlayerId; 2]>,
    pub end_reason: Option<crate::game::EndReason>,
    pub rng: Pcg64Mcg,
    /// The number the next object to change zone gets ([`Obj::number`]).
    pub next_number: u32,
    /// The pending decision and its legal options; `None` once the game is over.
    pub ask: Option<Ask>,
    /// The player whose last play may still be reversed (3.7), while nothing was learnt.
    pub undo_player: Option<PlayerId>,
    pub undo_clean: bool,
    /// Nothing but passes and health gains has happened since the last full state check,
    /// so the next initiative window need not check again (it would find nothing).
    pub checked: bool,
    /// Some champion in play may have damage: set when damage is dealt, cleared when the
    /// end of turn removes it all. While it is clear, the state check has no lethal
    /// damage to look for.
    pub damaged: bool,
    /// [`epic_model::Trigger::bit`] of every triggered ability of a card in this game (a
    /// token's once it is made): an event no card can answer ("when you draw a card")
    /// asks no champion. Derived from the objects, never hashed.
    #[serde(default = "every_trigger")]
    pub trigger_kinds: u32,
    /// The last decision's option list, emptied, kept so the next one needs no allocation.
    #[serde(skip)]
    pub spare_options: Vec<crate::choice::Choice>,
}

/// What the continuous abilities in play and the modifications could do, summed up
/// whenever either changes ([`GameState::summarize_continuous`]): a question about
/// derived characteristics that none of them can touch is answered without reading
/// an ability.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Continuous {
    /// Keywords that anthems in play or modifications give to some champion.
    pub granting: Keywords,
    /// An anthem in play adds an alignment (2.5.3).
    pub adds_alignment: bool,
    /// An anthem in play or a modification lowers defense: without one, a champion's
    /// printed defense plus counters is a floor under its defense.
    pub lowers_defense: bool,
    /// A continuous ability in play keeps a player from being attacked.
    pub protects_player: bool,
    /// A continuous ability in play lets cards be played as if they had ambush.
    pub grants_ambush: bool,
    /// A continuous ability in play keeps a player from being targeted.
    #[serde(default)]
    pub shields_player: bool,
    /// A modification takes some champion's own keywords and abilities away.
    #[serde(default)]
    pub blanks: bool,
    /// A continuous ability in play keeps some players from gaining health.
    #[serde(default)]
    pub stops_gain: bool,
    /// A modification gives some champion a triggered ability.
    #[serde(default)]
    pub grants_triggers: bool,
}

/// The pending decision: computed once when the engine stops, so listing options is
/// free and `apply` checks a choice against exactly what was offered.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ask {
    pub player: PlayerId,
    pub kind: crate::choice::DecisionKind,
    pub options: Vec<crate::choice::Choice>,
    /// The options depend on cards only the decider sees (their hand), so the decision
    /// is asked even with a single option: whether a seat is asked at all must not tell
    /// the others what it holds (docs/rulings.md R-14).
    #[serde(default)]
    pub private: bool,
}

impl GameState {
    /// Brings the ability indexes up to date for `o`, which has just arrived in its
    /// zone: its old entries go, and it is entered for the abilities that work there.
    pub fn index_abilities(&mut self, o: ObjId, pool: &CardPool) {
        let (card, zone) = (self.obj(o).card, self.obj(o).zone);
        let flags = pool.flags(card);
        if flags.statics {
            let before = self.statics_in_play.len();
            self.statics_in_play.retain(|(x, _)| *x != o);
            if zone == Zone::InPlay {
                for (i, a) in pool.get(card).abilities.iter().enumerate() {
                    if matches!(a.kind, AbilityKind::Static(_)) {
                        self.statics_in_play.push((o, i as u8));
                    }
                }
            }
            // Only entering or leaving play changes what is in force (a card moving
            // between hand, deck and discard pile leaves the index as it was).
            if self.statics_in_play.len() != before {
                self.summarize_continuous(pool);
            }
        }
        if flags.powers_in_play || flags.powers_in_discard {
            self.forget_powers(o);
            let obj = self.obj(o);
            match zone {
                Zone::InPlay if flags.powers_in_play => {
                    let p = obj.controller;
                    self.player_mut(p).play_powers.push(o);
                }
                Zone::Discard if flags.powers_in_discard => {
                    let p = obj.owner;
                    self.player_mut(p).discard_powers.push(o);
                }
                _ => {}
            }
        }
    }

    /// Brings the power index up to date for `o`, whose controller has just changed: it
    /// moves to its new controller's list, at its place in the order of `in_play`.
    pub fn index_control(&mut self, o: ObjId, pool: &CardPool) {
        if !pool.flags(self.obj(o).card).powers_in_play {
            return;
        }
        self.forget_powers(o);
        let p = self.obj(o).controller;
        let ordered: SmallVec<[ObjId; 4]> = self
            .in_play
            .iter()
            .copied()
            .filter(|&x| {
                let obj = self.obj(x);
                obj.controller == p && pool.flags(obj.card).powers_in_play
            })
            .collect();
        self.player_mut(p).play_powers = ordered;
    }

    /// Takes `o` out of every player's power lists.
    fn forget_powers(&mut self, o: ObjId) {
        for pl in &mut self.players {
            pl.play_powers.retain(|x| *x != o);
            pl.discard_powers.retain(|x| *x != o);
        }
    }

    /// Sums up the continuous abilities in play and the modifications again: called by
    /// whatever changes the ability index or the modification list.
    pub fn summarize_continuous(&mut self, pool: &CardPool) {
        let mut c = Continuous::default();
        for src in self.static_sources() {
            let f = pool.flags(self.obj(src).card);
            c.granting = c.granting.union(f.anthem_keywords);
            c.adds_alignment |= f.adds_alignment;
            c.lowers_defense |= f.lowers_defense;
            c.protects_player |= f.protects_player;
            c.grants_ambush |= f.grants_ambush;
            c.shields_player |= f.shields_player;
            c.stops_gain |= f.stops_gain;
        }
        for m in &self.mods {
            c.granting = c.granting.union(m.keywords);
            c.lowers_defense |= m.defense < 0;
            c.blanks |= m.blank;
            c.grants_triggers |= m.grant.is_some();
        }
        self.continuous = c;
    }

    /// The cards in play with continuous abilities, each once, in the index's order (a
    /// card's abilities are consecutive in it).
    pub fn static_sources(&self) -> impl Iterator<Item = ObjId> + '_ {
        let mut last = None;
        self.statics_in_play
            .iter()
            .map(|&(src, _)| src)
            .filter(move |&src| last.replace(src) != Some(src))
    }

    /// Works out [`GameState::trigger_kinds`] from the objects.
    pub fn note_trigger_kinds(&mut self, pool: &CardPool) {
        self.trigger_kinds = self
            .objs
            .iter()
            .fold(0, |kinds, o| kinds | pool.flags(o.card).triggers);
    }

    /// Where among the modifications the last one that took `o`'s own keywords and
    /// abilities is (Blind Faith), if any. Out of line: callers test `continuous.blanks`
    /// first, and the hot path stays small.
    #[cold]
    #[inline(never)]
    pub fn blanked_at(&self, o: ObjId) -> Option<usize> {
        self.mods.iter().rposition(|m| m.blank && m.obj == o)
    }

    pub fn obj(&self, id: ObjId) -> &Obj {
        &self.objs[id.0 as usize]
    }
    pub fn obj_mut(&mut self, id: ObjId) -> &mut Obj {
        &mut self.objs[id.0 as usize]
    }
    pub fn player(&self, p: PlayerId) -> &Player {
        &self.players[p as usize]
    }
    pub fn player_mut(&mut self, p: PlayerId) -> &mut Player {
        &mut self.players[p as usize]
    }
    pub fn num_players(&self) -> usize {
        self.players.len()
    }
    /// Seats still in the game, clockwise from `from` (inclusive).
    pub fn seats_from(&self, from: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        let (from, n) = (from as usize, self.players.len());
        // One range, wrapped by hand: a chain of two ranges costs a test of each per step.
        (from..from + n)
            .map(move |s| if s >= n { s - n } else { s })
            .filter(|&p| !self.players[p].eliminated)
            .map(|p| p as PlayerId)
    }
    /// The next seat still in the game, clockwise ("to their left").
    pub fn next_seat(&self, p: PlayerId) -> PlayerId {
        self.seats_from(p).find(|&q| q != p).unwrap_or(p)
    }
    /// The next seat still in the game, counter-clockwise ("to their right").
    pub fn prev_seat(&self, p: PlayerId) -> PlayerId {
        let n = self.players.len();
        (1..n)
            .map(|k| (p as usize + n - k) % n)
            .find(|&q| !self.players[q].eliminated)
            .map_or(p, |q| q as PlayerId)
    }
    /// Whether `p`'s cards may affect player `q`: anyone, but in a Hunter variant only
    /// `p` and the neighbours to their left and right (docs/rulings.md H-21).
    #[inline]
    pub fn reaches(&self, p: PlayerId, q: PlayerId) -> bool {
        !self.rules.variant.hunter() || q == p || q == self.next_seat(p) || q == self.prev_seat(p)
    }
    /// Whether `p`'s cards may affect `e`: a player, or an object by its controller in
    /// play and its owner anywhere else.
    #[inline]
    pub fn reaches_entity(&self, p: PlayerId, e: Entity) -> bool {
        if !self.rules.variant.hunter() {
            return true;
        }
        let q = match e {
            Entity::Player(q) => q,
            Entity::Obj(o) => {
                let obj = self.obj(o);
                if obj.zone == Zone::InPlay {
                    obj.controller
                } else {
                    obj.owner
                }
            }
        };
        self.reaches(p, q)
    }
    /// Whether `p` may attack `q` now: any opponent, but in a Hunter variant only the
    /// one to their left.
    pub fn may_attack(&self, p: PlayerId, q: PlayerId) -> bool {
        q != p && (!self.rules.variant.hunter() || q == self.next_seat(p))
    }
    /// The cards whose abilities `p` may use or that act for `p`: those `p` controls in
    /// play, then those in `p`'s discard pile (5.0.2).
    pub fn ability_sources(&self, p: PlayerId) -> impl Iterator<Item = ObjId> + '_ {
        let in_play = self
            .in_play
            .iter()
            .copied()
            .filter(move |&o| self.obj(o).controller == p);
        in_play
            .chain(self.player(p).discard.iter().copied())
            .chain(self.gods_of(p))
    }

    /// `p`'s God card, if they brought one (2.4).
    pub fn gods_of(&self, p: PlayerId) -> impl Iterator<Item = ObjId> + '_ {
        self.gods
            .iter()
            .copied()
            .filter(move |&o| self.obj(o).owner == p)
    }

    /// The players still in the game on other teams than `p`'s (everyone else, without
    /// teams).
    pub fn opponents(&self, p: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        self.seats_from(p).filter(move |&q| !self.same_team(p, q))
    }
    /// Whether two seats are on one team (a seat is its own team without teams).
    #[inline]
    pub fn same_team(&self, p: PlayerId, q: PlayerId) -> bool {
        p == q || (self.rules.team_size > 1 && p / self.rules.team_size == q / self.rules.team_size)
    }
    /// Whether it is `p`'s turn: theirs, or their team's (Hydra: a team shares a turn).
    #[inline]
    pub fn is_active(&self, p: PlayerId) -> bool {
        self.same_team(p, self.active)
    }
    /// `p`'s team still in the game, in seat order (`p` alone without teams).
    pub fn team(&self, p: PlayerId) -> SmallVec<[PlayerId; 4]> {
        let k = self.rules.team_size.max(1);
        let first = p / k * k;
        (first..first.saturating_add(k))
            .filter(|&q| (q as usize) < self.players.len() && !self.players[q as usize].eliminated)
            .collect()
    }
    /// Keeps, of the `items` that name a player (`player`), the first of each team
    /// (Hydra): a team's health is one, so an effect on "each player" changes it once
    /// (1.2, docs/rulings.md H-31). Items naming no player stay.
    pub fn once_per_team<A: smallvec::Array>(
        &self,
        items: &mut SmallVec<A>,
        player: impl Fn(&A::Item) -> Option<PlayerId>,
    ) {
        if self.rules.team_size <= 1 {
            return;
        }
        let mut seen: SmallVec<[PlayerId; 4]> = SmallVec::new();
        items.retain(|item| match player(item) {
            Some(p) => {
                let team = p / self.rules.team_size;
                let new = !seen.contains(&team);
                seen.push(team);
                new
            }
            None => true,
        });
    }

    /// Whether `p` is the first player of their team still in the game: the one a team
    /// is attacked through and who declares its blocks (always, without teams).
    #[inline]
    pub fn leads_team(&self, p: PlayerId) -> bool {
        self.rules.team_size <= 1 || self.team(p).first() == Some(&p)
    }
    /// The first seat of the next team clockwise still in the game (the next seat still
    /// in the game, without teams).
    pub fn next_team(&self, p: PlayerId) -> PlayerId {
        self.seats_from(p)
            .find(|&q| !self.same_team(p, q))
            .unwrap_or(p)
    }
    /// How many sides are still in the game: players, or teams.
    pub fn sides(&self) -> usize {
        let mut last = None;
        self.seats_from(0)
            .filter(|&q| {
                let t = q / self.rules.team_size.max(1);
                last.replace(t) != Some(t)
            })
            .count()
    }
    pub fn is_over(&self) -> bool {
        // A tag test: the derived comparison would match on every variant's fields.
        matches!(self.step, Step::GameOver)
    }
    /// Whether every seat sees which card `o` is: it lies in a public zone, or is
    /// revealed or known where it lies ([`GameState::sees`] for every seat at once).
    pub fn seen_by_all(&self, o: ObjId) -> bool {
        let obj = self.obj(o);
        obj.zone.is_public() || obj.revealed || obj.known
    }

    /// Whether `seat` may see which card `o` is (1.10): everyone sees play, discard
    /// piles, events being played and tokens; a hand is its owner's, and everyone's while
    /// a card of it is revealed (1.4.8) or known ([`Obj::known`]); no one sees into a
    /// deck, but for the cards an effect revealed there or known to lie there.
    pub fn sees(&self, seat: PlayerId, o: ObjId) -> bool {
        let obj = self.obj(o);
        match obj.zone {
            Zone::Hand => obj.owner == seat || obj.revealed || obj.known,
            // A deck's top cards an effect revealed stay public while they lie there
            // this turn (Mist Guide Herald, 1.4.8), and known afterwards.
            Zone::Deck => obj.revealed || obj.known,
            public => public.is_public(),
        }
    }

    /// Takes note of a player or object as it is now.
    pub fn remember(&self, e: Entity) -> Remembered {
        let number = match e {
            Entity::Obj(o) => self.obj(o).number,
            Entity::Player(_) => ObjNum(0),
        };
        Remembered { entity: e, number }
    }

    /// What was noted, if it is still there: a player always is; an object only while
    /// it has not changed zone since (docs/rulings.md R-10).
    pub fn find(&self, r: Remembered) -> Option<Entity> {
        match r.entity {
            Entity::Obj(o) if self.obj(o).number != r.number => None,
            e => Some(e),
        }
    }

    /// Gives `o` the next object number: it has just changed zone and is a new object.
    pub fn renumber(&mut self, o: ObjId) {
        let n = ObjNum(self.next_number);
        self.next_number = self.next_number.saturating_add(1);
        self.obj_mut(o).number = n;
    }

    /// The rule that numbers the exchange of initiative now (`4.4.4`, `M4.4.9`), if a
    /// player holds initiative: what prompts and scenario files call it.
    pub fn exchange_rule(&self) -> Option<&'static str> {
        let Step::Initiative {
            holder,
            window,
            last,
            again,
            ..
        } = self.step
        else {
            return None;
        };
        let two = self.sides() <= 2;
        let (attacker, defender) = self
            .battle
            .as_ref()
            .map_or((self.active, self.active), |b| (b.attacker, b.defender));
        Some(match (window, two) {
            (Window::Main | Window::MainMustAct, _) => "4.3.1",
            (Window::EndResponse, true) => "4.3.4",
            (Window::EndResponse | Window::EndAgain, _) => "4.3.5",
            (Window::BeforeBlocks, true) if holder == defender => "4.4.4",
            (Window::BeforeBlocks, true) if again => "4.4.5",
            (Window::BeforeBlocks, true) => "4.4.3",
            (Window::BeforeBlocks, false) if again => "M4.4.5",
            (Window::BeforeBlocks, false) if holder == attacker && last.is_none() => "M4.4.3",
            (Window::BeforeBlocks, false) => "M4.4.4",
            (Window::BeforeDamage, true) if holder == attacker => "4.4.9",
            (Window::BeforeDamage, true) if again => "4.4.10",
            (Window::BeforeDamage, true) => "4.4.8",
            (Window::BeforeDamage, false) if again => "M4.4.10",
            (Window::BeforeDamage, false) if holder == defender && last.is_none() => "M4.4.8",
            (Window::BeforeDamage, false) => "M4.4.9",
        })
    }

    /// Who holds initiative now, if anyone.
    pub fn initiative(&self) -> Option<PlayerId> {
        match self.step {
            Step::Initiative { holder, .. } => Some(holder),
            _ => None,
        }
    }
}

/// A state read without [`GameState::trigger_kinds`] listens for every trigger.
fn every_trigger() -> u32 {
    u32::MAX
}
