use crate::{CardDef, CardId, ClassId, Keywords};
use serde::{Deserialize, Serialize};

/// Every card definition a game may use, indexed by [`CardId`], with the class-name
/// table that [`ClassId`] indexes. Built once (by the card language) and shared
/// read-only by every game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CardPool {
    cards: Vec<CardDef>,
    classes: Vec<String>,
    /// Per card: which kinds of ability it has and its most asked printed facts, so the
    /// engine can skip the cards that cannot matter without reading their definitions.
    flags: Vec<AbilityFlags>,
    /// Each card's rules text as players read it, written on first use
    /// ([`CardPool::written_text`]).
    #[serde(skip)]
    written: WrittenTexts,
}

/// The pool's card texts, written once: every board shows the text of each card on it
/// after every decision, and writing a text from its definition costs far more than
/// copying it. A cache, so two pools are equal whatever it holds.
#[derive(Clone, Debug, Default)]
struct WrittenTexts(std::sync::OnceLock<Vec<String>>);

impl PartialEq for WrittenTexts {
    fn eq(&self, _: &WrittenTexts) -> bool {
        true
    }
}

/// Which kinds of ability a card has, and the printed facts asked most often: a compact
/// summary the engine tests before it reads the card's whole definition, since most cards
/// answer most questions with "none".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbilityFlags {
    /// The card is a champion (not an event).
    pub champion: bool,
    /// The card is a token.
    pub token: bool,
    /// Its printed gold cost.
    pub cost: u8,
    /// Its printed defense (0 for an event).
    pub defense: u8,
    pub statics: bool,
    pub powers_in_play: bool,
    pub powers_in_discard: bool,
    /// [`crate::Trigger::bit`] of every triggered ability, whatever its zone.
    pub triggers: u32,
    /// Keywords the card's own conditional abilities can give it ("Unbreakable on your
    /// turn").
    pub own_keywords: Keywords,
    /// Keywords the card's anthems can give to champions in play.
    pub anthem_keywords: Keywords,
    /// Whether one of its anthems adds an alignment (2.5.3).
    pub adds_alignment: bool,
    /// Whether one of its anthems lowers defense: without one in play, a champion's
    /// printed defense plus counters is a floor under its defense.
    pub lowers_defense: bool,
    /// Whether it can keep its controller from being attacked (Avenging Angel).
    pub protects_player: bool,
    /// Whether it lets cards be played as if they had ambush (Jungle Queen).
    pub grants_ambush: bool,
    /// Whether it can keep its controller from being targeted (The Gudgeon).
    pub shields_player: bool,
    /// Whether it has every alignment wherever it is (Erwin, Architect of War).
    #[serde(default)]
    pub all_alignments: bool,
    /// Whether it can keep its controller's opponents from gaining health (Kalani).
    #[serde(default)]
    pub stops_gain: bool,
    /// Whether it limits which champions can block it (Steel Titan).
    #[serde(default)]
    pub blocks_limited: bool,
    /// Whether it cannot gain powers or abilities (5.0.4).
    #[serde(default)]
    pub gains_nothing: bool,
}

impl AbilityFlags {
    fn of(def: &CardDef) -> Self {
        use crate::{AbilityKind, AbilityZone, Static};
        let mut f = AbilityFlags {
            champion: def.is_champion(),
            token: def.token,
            cost: def.cost,
            defense: def.defense,
            ..AbilityFlags::default()
        };
        for a in &def.abilities {
            match &a.kind {
                AbilityKind::Triggered(t) => f.triggers |= t.on.bit(),
                AbilityKind::Static(Static::Keywords { keywords, .. }) => {
                    f.own_keywords = f.own_keywords.union(*keywords)
                }
                AbilityKind::Static(Static::Anthem {
                    keywords,
                    add_alignment,
                    defense,
                    ..
                }) => {
                    f.anthem_keywords = f.anthem_keywords.union(*keywords);
                    f.adds_alignment |= add_alignment.is_some();
                    f.lowers_defense |= *defense < 0;
                }
                AbilityKind::Static(Static::CannotBeAttacked { .. }) => f.protects_player = true,
                AbilityKind::Static(Static::AmbushFor(_)) => f.grants_ambush = true,
                AbilityKind::Static(Static::ControllerUntargetable) => f.shields_player = true,
                AbilityKind::Static(Static::AllAlignments) => f.all_alignments = true,
                AbilityKind::Static(Static::OpponentsCannotGainHealth) => f.stops_gain = true,
                AbilityKind::Static(Static::UnblockableByLowerOffense) => f.blocks_limited = true,
                AbilityKind::Static(Static::CannotGainAbilities) => f.gains_nothing = true,
                _ => {}
            }
            match (&a.kind, a.zone) {
                (AbilityKind::Static(_), _) => f.statics = true,
                (AbilityKind::Power(_), AbilityZone::InPlay) => f.powers_in_play = true,
                (AbilityKind::Power(_), AbilityZone::DiscardPile) => f.powers_in_discard = true,
                _ => {}
            }
        }
        f
    }
}

impl CardPool {
    pub fn new() -> Self {
        CardPool::default()
    }

    /// The id of a class name, adding it to the table if new. Case-insensitive, so
    /// "human" and "Human" are the same class.
    pub fn intern_class(&mut self, name: &str) -> ClassId {
        if let Some(id) = self.class_id(name) {
            return id;
        }
        self.classes.push(name.to_string());
        ClassId((self.classes.len() - 1) as u16)
    }

    pub fn class_id(&self, name: &str) -> Option<ClassId> {
        let singular = name.strip_suffix('s').unwrap_or(name);
        self.classes
            .iter()
            .position(|c| c.eq_ignore_ascii_case(name) || c.eq_ignore_ascii_case(singular))
            .map(|i| ClassId(i as u16))
    }

    pub fn class_name(&self, id: ClassId) -> &str {
        &self.classes[id.0 as usize]
    }

    /// Adds a definition; its `class_ids` are filled in from its `classes`.
    pub fn add(&mut self, mut def: CardDef) -> CardId {
        def.class_ids = def.classes.iter().map(|c| self.intern_class(c)).collect();
        self.flags.push(AbilityFlags::of(&def));
        self.cards.push(def);
        self.written = WrittenTexts::default();
        CardId((self.cards.len() - 1) as u16)
    }

    pub fn get(&self, id: CardId) -> &CardDef {
        &self.cards[id.0 as usize]
    }

    /// Card `id`'s text as `write` writes it, written for every card of the pool on the
    /// first call and kept: `write` is always the card language's writer
    /// (`epic_cards::card_text`), the one way a card's text is written.
    pub fn written_text(&self, id: CardId, write: fn(&CardPool, CardId) -> String) -> &str {
        let texts = self.written.0.get_or_init(|| {
            (0..self.cards.len())
                .map(|i| write(self, CardId(i as u16)))
                .collect()
        });
        &texts[id.0 as usize]
    }

    /// Which kinds of ability the card has.
    pub fn flags(&self, id: CardId) -> AbilityFlags {
        self.flags[id.0 as usize]
    }

    /// Case-insensitive lookup by exact name.
    pub fn by_name(&self, name: &str) -> Option<CardId> {
        let name = name.trim();
        self.cards
            .iter()
            .position(|c| c.name.eq_ignore_ascii_case(name))
            .map(|i| CardId(i as u16))
    }

    /// The token definition with this name ("Wolf", "wolf token").
    pub fn token(&self, name: &str) -> Option<CardId> {
        let name = name.trim();
        let bare = name
            .strip_suffix(" token")
            .or_else(|| name.strip_suffix(" Token"))
            .unwrap_or(name);
        self.iter()
            .find(|(_, c)| c.token && c.name.eq_ignore_ascii_case(bare))
            .map(|(id, _)| id)
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (CardId, &CardDef)> {
        self.cards
            .iter()
            .enumerate()
            .map(|(i, c)| (CardId(i as u16), c))
    }
}
