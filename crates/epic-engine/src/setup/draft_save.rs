//! Saved drafts: the draft's setup (its format, seed, seats and the collection it deals
//! from, by card name) and every decision taken, by card name. Drafts are deterministic,
//! so replaying the decisions rebuilds the draft card for card. `epic draft` writes
//! them (`save FILE`) and resumes them (`--load FILE`); `epic replay` steps through them.
//! docs/saves.md describes the format.

use super::save::{SaveSetup, Seat};
use super::SetupResult;
use crate::formats::draft::{Draft, DraftChoice, DraftFormat};
use epic_cards::CardPool;
use epic_game::SetupError;
use epic_model::CardId;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

const FORMAT: &str = "epic-draft";
const VERSION: u32 = 1;

/// One drafter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftSeat {
    /// `"human"` or a bot name (`random`, `greedy`).
    pub player: String,
    /// The bot's seed (bots only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_seed: Option<u64>,
}

/// What a draft starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftSetup {
    pub draft: DraftFormat,
    pub seed: u64,
    pub seats: Vec<DraftSeat>,
    /// The cards dealt from, by name, before the seed shuffles them.
    pub collection: Vec<String>,
    /// Sealed: the cards dealt to each player (30 to 60).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool: Option<usize>,
    /// Whether the game's plays could be undone (3.7), as in [`super::save::SaveSetup`].
    #[serde(
        default = "super::save::offered",
        skip_serializing_if = "super::save::is_offered"
    )]
    pub undo: bool,
}

/// A decision in words: `{"pick": "Kong"}`, `{"cut": "Fireball"}`, `{"restore": ...}`,
/// `"done"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SavedChoice {
    Pick(String),
    Cut(String),
    Restore(String),
    Done,
}

/// The label a drafted deck has in a game's setup.
pub const DRAFTED: &str = "drafted";

/// The whole file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftFile {
    pub format: String,
    pub version: u32,
    pub setup: DraftSetup,
    pub decisions: Vec<SavedChoice>,
}

impl SavedChoice {
    pub fn new(pool: &CardPool, c: DraftChoice) -> SavedChoice {
        let name = |id| pool.get(id).name.clone();
        match c {
            DraftChoice::Pick(id) => SavedChoice::Pick(name(id)),
            DraftChoice::Cut(id) => SavedChoice::Cut(name(id)),
            DraftChoice::Restore(id) => SavedChoice::Restore(name(id)),
            DraftChoice::Done => SavedChoice::Done,
        }
    }

    /// The choice in the pool's ids; a card the pool lacks is an error naming it.
    pub fn resolve(&self, pool: &CardPool) -> Result<DraftChoice, String> {
        let id = |name: &str| {
            pool.by_name(name)
                .ok_or_else(|| format!("{} is not a card of this game", epic_cards::quoted(name)))
        };
        Ok(match self {
            SavedChoice::Pick(n) => DraftChoice::Pick(id(n)?),
            SavedChoice::Cut(n) => DraftChoice::Cut(id(n)?),
            SavedChoice::Restore(n) => DraftChoice::Restore(id(n)?),
            SavedChoice::Done => DraftChoice::Done,
        })
    }
}

impl DraftSetup {
    /// A draft of `draft` among `seats`, dealt by `seed` from `cards` (its collection);
    /// Sealed deals `sealed_pool` cards to each seat (30 when `None`), the others no pool.
    pub fn new(
        draft: DraftFormat,
        seed: u64,
        seats: Vec<DraftSeat>,
        cards: &[CardId],
        sealed_pool: Option<usize>,
        pool: &CardPool,
    ) -> DraftSetup {
        DraftSetup {
            draft,
            seed,
            seats,
            collection: cards.iter().map(|&c| pool.get(c).name.clone()).collect(),
            pool: sealed_pool.filter(|_| draft == DraftFormat::Sealed),
            undo: true,
        }
    }

    /// The draft as set up, before any decision: its collection read by card name (a
    /// name that is no card, or a token, is an error naming it) and dealt by the seed.
    pub fn start(&self, pool: &Arc<CardPool>) -> SetupResult<Draft> {
        let mut cards = Vec::with_capacity(self.collection.len());
        for name in &self.collection {
            let id = pool.by_name(name).ok_or_else(|| {
                SetupError::new(format!(
                    "the saved draft deals {}, which is not a card",
                    epic_cards::quoted(name)
                ))
            })?;
            if pool.get(id).token {
                return Err(SetupError::new(format!(
                    "the saved draft deals {}, a token (2.3.7)",
                    epic_cards::quoted(name)
                )));
            }
            cards.push(id);
        }
        Draft::start(
            pool.clone(),
            self.draft,
            self.seats.len(),
            &cards,
            self.seed,
            self.pool,
        )
        .map_err(|e| SetupError::new(format!("the draft cannot be set up: {e}")))
    }

    /// The game the drafted `decks` play, one a seat: the draft's format and seed, each
    /// seat played as it drafted.
    pub fn game(&self, decks: &[Vec<CardId>], pool: &CardPool) -> SaveSetup {
        let format = self.draft.format();
        SaveSetup {
            rules: format.rules.clone(),
            format: Some(format.name.to_string()),
            seed: self.seed,
            first_player: None,
            seats: decks
                .iter()
                .zip(&self.seats)
                .map(|(deck, seat)| Seat {
                    player: seat.player.clone(),
                    bot_seed: seat.bot_seed,
                    deck: DRAFTED.into(),
                    cards: deck.iter().map(|&c| pool.get(c).name.clone()).collect(),
                })
                .collect(),
            undo: self.undo,
        }
    }
}

impl DraftFile {
    pub fn new(setup: DraftSetup, decisions: Vec<SavedChoice>) -> DraftFile {
        DraftFile {
            format: FORMAT.into(),
            version: VERSION,
            setup,
            decisions,
        }
    }

    /// Whether this text is a saved draft rather than a saved game.
    pub fn is_draft(text: &str) -> bool {
        #[derive(Deserialize)]
        struct Header {
            #[serde(default)]
            format: serde_json::Value,
        }
        serde_json::from_str::<Header>(text).is_ok_and(|h| h.format == FORMAT)
    }

    /// Reads a saved draft from its text; errors name the file as `source_name`.
    pub fn parse(source_name: &str, text: &str) -> SetupResult<DraftFile> {
        if !DraftFile::is_draft(text) {
            return Err(SetupError::new(format!(
                "{source_name}: not a saved draft (expected a JSON object with \"format\": \"{FORMAT}\")"
            )));
        }
        let file: DraftFile = serde_json::from_str(text)
            .map_err(|e| SetupError::new(format!("{source_name}: malformed saved draft: {e}")))?;
        if file.version != VERSION {
            return Err(SetupError::new(format!(
                "{source_name}: saved-draft version {} is not supported (this program reads version {VERSION})",
                file.version
            )));
        }
        Ok(file)
    }

    /// Rebuilds the draft after `upto` decisions (all when `None`), calling `each` with
    /// every decision applied and its events; a decision that cannot be applied is an
    /// error naming it.
    pub fn rebuild(
        &self,
        pool: &Arc<CardPool>,
        upto: Option<usize>,
        mut each: impl FnMut(&Draft, usize, DraftChoice, &[crate::formats::draft::DraftEvent]),
    ) -> SetupResult<Draft> {
        let mut draft = self.setup.start(pool)?;
        let n = upto
            .unwrap_or(self.decisions.len())
            .min(self.decisions.len());
        for (i, saved) in self.decisions[..n].iter().enumerate() {
            let refused = |why: String| {
                SetupError::new(format!(
                    "decision {} of the saved draft ({}) cannot be applied: {why}",
                    i + 1,
                    epic_cards::excerpt(&format!("{saved:?}"))
                ))
            };
            let who = draft
                .decision()
                .map(|d| d.drafter)
                .ok_or_else(|| refused("the draft is already over".into()))?;
            let c = saved.resolve(pool).map_err(refused)?;
            let events = draft.apply(c).map_err(|e| refused(e.to_string()))?;
            each(&draft, who, c, &events);
        }
        Ok(draft)
    }
}

/// The draft a request asks for: its format must be drafted at the table (Pack, Open,
/// Cube, Dark Draft, or Sealed with a pool), every seat drafts for itself, and the
/// collection is the format's, dealt by the seed.
pub fn setup_for(request: &epic_game::TableRequest) -> SetupResult<DraftSetup> {
    let sealed = request.format.as_deref() == Some(DraftFormat::Sealed.name());
    if request.pool.is_some() && !sealed {
        return Err(super::table::no_pool());
    }
    let draft = request
        .format
        .as_deref()
        .and_then(DraftFormat::named)
        .filter(|&d| d != DraftFormat::Sealed || request.pool.is_some())
        .ok_or_else(|| {
            SetupError::new(
                "a drafted game's format is pack-draft, open-draft, cube-draft, dark-draft, \
                 or sealed with a pool",
            )
        })?;
    if request.variant.as_deref().is_some_and(|v| v != "ffa") || request.team_size.is_some() {
        return Err(SetupError::new(format!(
            "a {} game is a free-for-all: leave out the variant and team size",
            draft.format().title
        )));
    }
    if let Some(i) = (request.seats.iter()).position(|s| s.deck != epic_game::DeckRequest::Default)
    {
        return Err(SetupError::new(format!(
            "seat {}: the decks of a {} game are drafted at the table: leave out its deck",
            i + 1,
            draft.format().title
        )));
    }
    let pool = super::names::pool();
    let seats = request
        .seats
        .iter()
        .map(|s| DraftSeat {
            player: s.player.clone(),
            bot_seed: s.bot_seed,
        })
        .collect();
    let cards = crate::formats::draft::collection(draft, &pool, request.seats.len());
    let setup = DraftSetup {
        undo: !request.without_undo,
        ..DraftSetup::new(draft, request.seed, seats, &cards, request.pool, &pool)
    };
    setup.start(&pool)?;
    Ok(setup)
}
