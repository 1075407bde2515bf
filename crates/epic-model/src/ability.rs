use crate::{Alignment, CardType, ClassId, Keywords};
use serde::{Deserialize, Serialize};

/// Where an ability works (rules 5.0.2 – 5.0.3): on the card in play (or while an event
/// resolves), for the shaded abilities while the card is in its owner's discard pile, and
/// for a God card's abilities while it is in its player's Supplemental zone (2.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbilityZone {
    #[default]
    InPlay,
    DiscardPile,
    Supplemental,
}

/// One ability of a card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    pub zone: AbilityZone,
    pub kind: AbilityKind,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbilityKind {
    /// Condition → effect (rule 3.4), including Tribute (5.6), Loyalty (5.3) and Ally (5.18).
    Triggered(Triggered),
    /// Cost : effect (rule 3.5).
    Power(Power),
    /// A continuous ability (rule 3.3).
    Static(Static),
}

/// An event's mode: the text on one side of "— OR —", with any extra cost it prints
/// ("{1}: Draw two cards." on a free event).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Mode {
    pub extra_gold: u8,
    pub steps: Vec<Sentence>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Triggered {
    pub on: Trigger,
    /// Loyalty X (rule 5.3): reveal X cards sharing an alignment, or nothing happens.
    /// [`LOYALTY_X`] is the printed "Loyalty X": reveal as many as you choose, at least
    /// one, and the effect counts them ("for each card revealed").
    pub loyalty: u8,
    /// What the event must be about for the ability to trigger ("when another
    /// non-zombie champion is broken"); `None` for any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<Filter>,
    pub steps: Vec<Sentence>,
}

/// The Loyalty of "Loyalty X" (Scarros, Hound of Draka): any number of cards, at least one.
pub const LOYALTY_X: u8 = u8::MAX;

/// What a triggered ability waits for. "This" is the card that has the ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// This champion enters play (Tribute, Loyalty).
    EntersPlay,
    /// Its controller plays, from hand, a card of this alignment with a printed cost of 1 (5.18).
    Ally(Alignment),
    /// This champion is declared as an attacker (or joins an attack).
    Attacks,
    /// This champion is declared as a blocker (or joins a block).
    Blocks,
    /// This champion deals damage to anything.
    DealsDamage,
    /// This champion deals damage to a player.
    DamagesPlayer,
    /// This champion deals damage to an opponent of its controller.
    DamagesOpponent,
    /// This champion deals damage to a champion.
    DamagesChampion,
    /// This champion is broken.
    Broken,
    /// Any champion other than this one is broken.
    OtherChampionBroken,
    /// The start of its controller's (or, in the discard pile, owner's) turn (4.2.5).
    StartOfYourTurn,
    /// The end of each turn (4.5.2a).
    EndOfTurn,
    /// This card is put into its owner's discard pile from anywhere.
    PutIntoDiscard,
    /// This card leaves its owner's discard pile.
    LeavesDiscard,
    /// Its owner recalls this card (5.4).
    Recalled,
    /// Its controller draws a card (Citadel Scholar).
    YouDraw,
    /// The attack this champion is in is blocked (Knight of Elara).
    Blocked,
}

impl Trigger {
    /// Whether the ability works whatever zone it is printed for: "when this goes into
    /// your discard pile from anywhere" names the card's own move (5.0.8), so it counts
    /// whether the card came from play, hand or deck.
    pub fn works_from_any_zone(self) -> bool {
        matches!(self, Trigger::PutIntoDiscard)
    }

    /// The trigger's kind as one bit (every Ally alignment shares one), so that a card's
    /// triggers fit in a mask the engine tests before looking at its abilities.
    #[inline]
    pub fn bit(self) -> u32 {
        let kind = match self {
            Trigger::EntersPlay => 0,
            Trigger::Ally(_) => 1,
            Trigger::Attacks => 2,
            Trigger::Blocks => 3,
            Trigger::DealsDamage => 4,
            Trigger::DamagesPlayer => 5,
            Trigger::DamagesOpponent => 6,
            Trigger::DamagesChampion => 7,
            Trigger::Broken => 8,
            Trigger::OtherChampionBroken => 9,
            Trigger::StartOfYourTurn => 10,
            Trigger::EndOfTurn => 11,
            Trigger::PutIntoDiscard => 12,
            Trigger::LeavesDiscard => 13,
            Trigger::Recalled => 14,
            Trigger::YouDraw => 15,
            Trigger::Blocked => 16,
        };
        1 << kind
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Power {
    pub costs: Vec<PowerCost>,
    pub steps: Vec<Sentence>,
}

/// A cost of a power (rules 3.5.3 and 3.6.2): all paid, or the power cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PowerCost {
    Gold(u8),
    /// Expend this champion; impossible while it is deploying without blitz (5.17.1).
    Expend,
    /// Break this champion; impossible if it is unbreakable (5.9.4).
    BreakThis,
    /// Remove one counter from this champion.
    RemoveCounter,
    /// Discard cards from hand (1.7.3).
    Discard(u8),
    /// Break a champion you control, chosen when the power is used (Rift Summoner).
    BreakOwn,
    /// Banish cards from your discard pile, chosen when the power is used (Scrap
    /// Golem): it cannot be begun with fewer there (3.5.3).
    BanishFromDiscard(u8),
}

/// What a power's costs ask for in all (3.5.3: every cost is paid, so two costs of a
/// kind add up).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CostTotal {
    pub gold: u32,
    pub expend: u32,
    pub break_this: u32,
    pub counters: u32,
    pub discards: u8,
    pub breaks: u8,
    /// Cards to banish from the discard pile.
    pub banishes: u8,
}

impl PowerCost {
    /// The costs of a power added up.
    pub fn total(costs: &[PowerCost]) -> CostTotal {
        let mut t = CostTotal::default();
        for c in costs {
            match *c {
                PowerCost::Gold(n) => t.gold += n as u32,
                PowerCost::Expend => t.expend += 1,
                PowerCost::BreakThis => t.break_this += 1,
                PowerCost::RemoveCounter => t.counters += 1,
                PowerCost::Discard(n) => t.discards = t.discards.saturating_add(n),
                PowerCost::BreakOwn => t.breaks = t.breaks.saturating_add(1),
                PowerCost::BanishFromDiscard(n) => t.banishes = t.banishes.saturating_add(n),
            }
        }
        t
    }
}

/// A continuous ability (rule 3.3). It applies while its card is in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Static {
    /// This champion has the keywords while the condition holds ("Unbreakable on your turn").
    Keywords {
        keywords: Keywords,
        when: Option<Condition>,
    },
    /// Champions matching the filter get the bonuses ("Your other good champions have +2
    /// offense"). The filter's `other` excludes this card.
    Anthem {
        affects: Filter,
        offense: i8,
        defense: i8,
        keywords: Keywords,
        add_alignment: Option<Alignment>,
    },
    /// This card's controller cannot be attacked while the condition holds (Avenging Angel).
    CannotBeAttacked { when: Option<Condition> },
    /// Cards in its controller's hand matching the filter may be played as if they had
    /// ambush (Jungle Queen).
    AmbushFor(Filter),
    /// Its controller cannot be targeted (The Gudgeon: "You are untargetable").
    ControllerUntargetable,
    /// While the card is in its owner's hand: if an opponent's effect makes them discard
    /// it, it is put into play instead (Markus, Watch Captain).
    IntoPlayIfDiscardedByOpponent,
    /// Champions with less offense than this one cannot block it (Steel Titan).
    UnblockableByLowerOffense,
    /// The card has every alignment, wherever it is; in deck building it has only its
    /// printed ones (Erwin, Architect of War).
    AllAlignments,
    /// Its controller's opponents cannot gain health (Kalani, Woodreader).
    OpponentsCannotGainHealth,
    /// This champion cannot gain powers or abilities (5.0.4): what other cards would give
    /// it (keywords, anthems' keywords, granted abilities) it does not get, while its
    /// printed ones still work.
    CannotGainAbilities,
}

/// One sentence of an effect: an action, done only when the condition holds, and
/// optional when the card says "you may".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sentence {
    pub when: Option<Condition>,
    pub may: bool,
    /// Another player performs the step ("the player whose turn it is may return a
    /// champion card from their discard pile to their hand"): for this step they are
    /// "you", answer its "may" and make its choices. One of the players a `Who` names
    /// without a choice: the active player, its controller, its owner, that player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Who>,
    pub action: Action,
}

impl Sentence {
    pub fn new(action: Action) -> Self {
        Sentence {
            when: None,
            may: false,
            by: None,
            action,
        }
    }
}

/// How long a stat or keyword change lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// Until the end of the turn (4.5.2d).
    ThisTurn,
    /// While the object stays in play (5.0.7).
    Permanent,
}

/// What an effect does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Choose (and target, if the selector says so) without acting yet, so that later
    /// steps can refer to the choice as `it` ("Target player discards ... at end of turn").
    Bind(Sel),
    Draw {
        who: Who,
        n: Amount,
    },
    /// The player discards cards of their choice (1.7.2: as many as they can).
    Discard {
        who: Who,
        n: Amount,
    },
    /// The player banishes cards of their choice from their hand (Temporal Shift).
    BanishFromHand {
        who: Who,
        n: Amount,
    },
    /// Pay gold, as a step that may be declined ("you may pay {1}. If you do, ...").
    PayGold(u8),
    /// Gain gold this turn; with `only`, it may be spent only on cards of that alignment
    /// and their powers (Brachiosaurus).
    GainGold {
        n: u8,
        only: Option<Alignment>,
    },
    /// Reveal the top cards of a player's deck (1.4.8); the effect can then choose
    /// "among them" (`ZoneFilter::Revealed`) and deal with "the rest" (`Sel::Rest`).
    RevealTop {
        n: Amount,
        whose: Who,
    },
    /// Each named player breaks a champion they control, of their choice (Winged Death).
    BreaksOwn(Who),
    /// The named players cannot gain health for the rest of the turn (Steed of Zaltessa).
    CannotGainHealth(Who),
    /// Starting with the acting player, each player may put a champion from their own
    /// hand into play (New Dawn).
    EachMayPutFromHand,
    /// The selected champions leave play and return at once under their owners' control,
    /// as new champions; a token leaves and is gone (Teleport).
    Reenter(Sel),
    /// The acting player wins the game if their health is at least `times` their starting
    /// health (Chamberlain Kark).
    WinWithHealth {
        times: u8,
    },
    GainHealth {
        who: Who,
        n: Amount,
    },
    LoseHealth {
        who: Who,
        n: Amount,
    },
    Damage {
        to: Sel,
        n: Amount,
    },
    /// Deal `total` damage divided among up to `max_targets` targets (Lightning Storm).
    DamageDivided {
        total: u8,
        max_targets: u8,
    },
    /// Choose as many distinct targets as amounts; the first gets the first amount, and so on
    /// (Rain of Fire).
    DamageInOrder {
        amounts: Vec<u8>,
    },
    Break(Sel),
    Banish(Sel),
    /// Return to its owner's hand, from play or from a discard pile.
    ReturnToHand(Sel),
    /// Put champion cards into play from a discard pile or hand.
    PutIntoPlay {
        sel: Sel,
        under: Who,
        /// Enters without its Tribute and Loyalty abilities applying (Army of the Apocalypse).
        silent: bool,
    },
    /// Rule 5.21: to the bottom of its owner's deck; its controller gets the token.
    Transform {
        sel: Sel,
        token: String,
    },
    Expend(Sel),
    Prepare(Sel),
    Modify {
        sel: Sel,
        offense: i8,
        defense: i8,
        keywords: Keywords,
        duration: Duration,
    },
    /// +1 offense / +1 defense counters (rule 2.7).
    AddCounters {
        sel: Sel,
        n: Amount,
    },
    GainControl {
        sel: Sel,
        duration: Duration,
    },
    CreateTokens {
        token: String,
        n: Amount,
        who: Who,
        /// The tokens enter play expended ("put two zombie tokens into play expended").
        #[serde(default)]
        expended: bool,
    },
    /// The selected champions lose their keywords and abilities this turn (Blind Faith);
    /// what other cards give them still applies.
    LoseAbilities(Sel),
    /// Play the selected card, in the mode its player picks: an event resolves before the
    /// rest of this effect, which may then refer to it as "it" in the discard pile; a
    /// champion enters play under the player's control. `free`: without paying its cost
    /// (Lesson Learned); otherwise paying it (Fairy Trickster).
    Play {
        sel: Sel,
        free: bool,
    },

    /// Rule 5.5: you may put two cards from your discard pile on the bottom of your deck;
    /// if you do, draw a card.
    Recycle,
    /// Rule 5.4: return this card from your discard pile to your hand.
    Recall,
    /// No champion can attack for the rest of the turn (Ceasefire).
    NoAttacksThisTurn,
    /// Remove the selected champions from battle (rule 4.4.12).
    RemoveFromBattle(Sel),
    /// Starting with the acting player, each player chooses a champion they control;
    /// every other champion is broken (Stand Alone).
    EachKeepsOneBreakRest,
    /// One of your champions matching the filter may join the battle beside this one,
    /// gaining the keywords this turn (Faithful Pegasus).
    JoinBattle {
        filter: Filter,
        keywords: Keywords,
    },
    /// Do the action at the end of this turn (4.5.2a), with this moment's choices.
    AtEndOfTurn(Box<Action>),
    /// "Either A, or B": the controller picks one branch, which runs as an effect of its
    /// own before the rest of this one (the Elder Gods' start-of-turn abilities).
    Either(Vec<Vec<Sentence>>),
    /// The selected champions gain a triggered ability, written in quotes on the card
    /// (Plague Zombies: "your zombie tokens gain \"When this card is broken → deal 2
    /// damage to target player\" this turn"); "this" in it is the champion that has it.
    Grant {
        sel: Sel,
        ability: Box<Triggered>,
        duration: Duration,
    },
}

/// The actions that name a selection, listed once for [`Action::selection`] and
/// [`Action::selection_mut`]: the same match binds a shared or a mutable reference.
macro_rules! selection_of {
    ($action:expr) => {
        match $action {
            Action::Bind(s)
            | Action::Break(s)
            | Action::Banish(s)
            | Action::ReturnToHand(s)
            | Action::Expend(s)
            | Action::Prepare(s)
            | Action::RemoveFromBattle(s)
            | Action::Damage { to: s, .. }
            | Action::GainControl { sel: s, .. }
            | Action::Transform { sel: s, .. }
            | Action::PutIntoPlay { sel: s, .. }
            | Action::AddCounters { sel: s, .. }
            | Action::LoseAbilities(s)
            | Action::Play { sel: s, .. }
            | Action::Reenter(s)
            | Action::Grant { sel: s, .. }
            | Action::Modify { sel: s, .. } => Some(s),
            _ => None,
        }
    };
}

/// The actions that use a number, listed once for [`Action::amount`] and
/// [`Action::amount_mut`].
macro_rules! amount_of {
    ($action:expr) => {
        match $action {
            Action::Draw { n, .. }
            | Action::Discard { n, .. }
            | Action::BanishFromHand { n, .. }
            | Action::GainHealth { n, .. }
            | Action::LoseHealth { n, .. }
            | Action::Damage { n, .. }
            | Action::AddCounters { n, .. }
            | Action::RevealTop { n, .. }
            | Action::CreateTokens { n, .. } => Some(n),
            _ => None,
        }
    };
}

impl Action {
    /// The objects or players an action applies to, when it names a selection.
    pub fn selection(&self) -> Option<&Sel> {
        selection_of!(self)
    }

    /// The player an action is done by or for, when it names one ("draw", "that player
    /// cannot gain health this turn").
    pub fn player(&self) -> Option<&Who> {
        match self {
            Action::Draw { who, .. }
            | Action::Discard { who, .. }
            | Action::BanishFromHand { who, .. }
            | Action::RevealTop { whose: who, .. }
            | Action::BreaksOwn(who)
            | Action::CannotGainHealth(who)
            | Action::GainHealth { who, .. }
            | Action::LoseHealth { who, .. }
            | Action::PutIntoPlay { under: who, .. }
            | Action::CreateTokens { who, .. } => Some(who),
            _ => None,
        }
    }

    /// [`Action::selection`], to change it (the card language's "for each card revealed").
    pub fn selection_mut(&mut self) -> Option<&mut Sel> {
        selection_of!(self)
    }

    /// The number an action uses, when it has one.
    pub fn amount(&self) -> Option<&Amount> {
        amount_of!(self)
    }

    /// [`Action::amount`], to change it.
    pub fn amount_mut(&mut self) -> Option<&mut Amount> {
        amount_of!(self)
    }
}

/// Which objects or players an action applies to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sel {
    /// The card that has the ability.
    This,
    /// Whatever the last `Target` or `Choose` of this effect picked ("it", "they").
    It,
    /// The object or player the trigger's event was about ("that player", "that champion").
    Subject,
    /// The word "target" (rule 5.20): chosen on resolution, as many as possible (5.20.7),
    /// never an untargetable champion in play.
    Target(TargetSpec),
    /// A choice that is not a target ("a champion from any discard pile").
    Choose(TargetSpec),
    /// Every object matching the filter ("each champion", "all champions").
    All(Filter),
    /// Players rather than objects.
    Players(Who),
    /// Every champion and every player (Flash Fire).
    AllChampionsAndPlayers,
    /// The cards this effect revealed that are still where they were revealed ("banish
    /// the rest").
    Rest,
}

/// What may be picked by `Target` or `Choose`: objects matching `objects`, players
/// matching `players`, or either; `count` of them (all of them with `up_to` = 0 meaning
/// "any number").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TargetSpec {
    pub objects: Option<Filter>,
    pub players: Option<PlayerFilter>,
    pub count: u8,
    /// "up to N": fewer may be chosen. With `count` 0, any number.
    pub up_to: bool,
    /// `count` for each card revealed for Loyalty X ("for each card revealed, you may
    /// return a target opposing champion").
    #[serde(default)]
    pub per_revealed: bool,
}

/// A set of players, relative to the acting player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerFilter {
    Any,
    Opponent,
}

/// A player (or players) an action names.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The controller of the ability (or player of the event).
    You,
    EachOpponent,
    EachPlayer,
    /// The player whose turn it is.
    ActivePlayer,
    /// The player the last choice picked, or the controller of the object it picked.
    It,
    /// The owner of the object the last choice picked.
    ItsOwner,
    /// The player the trigger's event was about ("that player").
    Subject,
    /// A targeted player, chosen on resolution.
    Target(PlayerFilter),
}

/// Which zone a filter looks in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ZoneFilter {
    #[default]
    InPlay,
    DiscardPile,
    Hand,
    /// The cards this effect revealed, still where they were revealed ("among them").
    Revealed,
}

/// Whose objects a filter accepts: controller in play, owner elsewhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Whose {
    #[default]
    Any,
    You,
    Opponents,
    /// The player the last choice picked.
    It,
    /// The player (or team) the battle's attack is at ("the defending player's champions").
    Defending,
}

/// A description of objects: "other good champions you control", "an event card in your
/// discard pile", "target evil champion".
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Filter {
    pub zone: ZoneFilter,
    pub whose: Whose,
    /// `None` matches any card; `Some(Champion)` champions only.
    pub kind: Option<CardType>,
    pub alignment: Option<Alignment>,
    pub class: Option<ClassId>,
    /// Printed cost.
    pub cost: Option<u8>,
    /// `Some(true)` tokens only, `Some(false)` non-tokens only.
    pub token: Option<bool>,
    /// Not the card that has the ability.
    pub other: bool,
    pub attacking: bool,
    pub broken_this_turn: bool,
    /// Same name as the object the last choice picked.
    pub same_name_as_it: bool,
    /// The terms few cards use, kept apart so that the common filter stays small and is
    /// read quickly (`None` when it has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rare: Option<Box<RareTerms>>,
}

/// The terms of a [`Filter`] that few cards use: state, negation and name.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RareTerms {
    /// Not of this class ("non-demon champions").
    pub not_class: Option<ClassId>,
    /// Has damage on it ("target damaged champion").
    pub damaged: bool,
    /// Blocking in the battle now ("each blocking non-wolf champion").
    pub blocking: bool,
    /// Dealt damage to the acting player this turn ("target champion that damaged you
    /// this turn").
    pub damaged_you: bool,
    /// Has none of these keywords ("without airborne").
    pub without: Keywords,
    /// Not named so ("not named Royal Escort"), compared without regard to case.
    pub not_named: Option<String>,
    /// Expended ("target expended champion").
    #[serde(default)]
    pub expended: bool,
    /// Not of this alignment ("non-evil champions").
    #[serde(default)]
    pub not_alignment: Option<Alignment>,
    /// Defense at most this many ("with 2 defense or less", "with defense less than or
    /// equal to the number of humans you control").
    #[serde(default)]
    pub defense_at_most: Option<Amount>,
}

impl Filter {
    /// Champions in play.
    pub fn champions() -> Filter {
        Filter {
            kind: Some(CardType::Champion),
            ..Filter::default()
        }
    }

    /// The rare terms, to be set.
    pub fn rare_mut(&mut self) -> &mut RareTerms {
        self.rare.get_or_insert_with(Default::default)
    }
}

/// A condition for a step or a static ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    YourTurn,
    NotYourTurn,
    /// The previous step was done ("If you do").
    Done,
    /// This card is in play (Drinker of Blood).
    ThisInPlay,
    /// This champion is expended (Avenging Angel).
    ThisExpended,
    /// You played a card of the alignment with a printed cost of 1 this turn (White Dragon).
    PlayedThisTurn(Alignment),
    /// Exactly one champion is attacking (Lying in Wait).
    AttackingAlone,
    /// You controlled the object the last choice picked (Vital Mission).
    YouControlledIt,
    /// The object the last choice picked was attacking you, unblocked (Hasty Retreat).
    ItWasUnblockedAttackingYou,
    /// The previous step was not done ("If you don't").
    NotDone,
    /// The card the last choice picked is a champion card (Corpsemonger: "if you banish a
    /// champion in this way").
    ItIsChampion,
    /// The card being played is the first card with a printed cost of 1 its player has
    /// played this turn (the Pantheon "Will" events).
    FirstCostOnePlay,
    /// You own the object the last choice picked (Gareth, Father of Genius).
    YouOwnIt,
    /// Someone else owns it ("otherwise").
    NotYouOwnIt,
}

/// A number in an effect.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Amount {
    Fixed(u8),
    /// How many cards the last "any number" choice picked, plus the value (X + n).
    XPlus(u8),
    /// The damage on this champion (Sea Hydra, at end of turn).
    DamageOnThis,
    /// The offense of the object the last choice picked, as it last was in play.
    ItsOffense,
    /// The number of champion cards in the acting player's discard pile.
    ChampionsInDiscard,
    /// `each` for every object matching the filter ("1 for each champion card in their
    /// discard pile", "the number of your human tokens").
    Count {
        each: u8,
        of: Box<Filter>,
    },
    /// `each` for every card revealed for Loyalty X ("for each card revealed, gain 2
    /// health").
    PerRevealed(u8),
    /// For each player: how many of the champions they controlled that the last choice
    /// picked have since been broken ("the number of their champions broken in this
    /// way", Flames of Furios).
    TheirBrokenThisWay,
}
