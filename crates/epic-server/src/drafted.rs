//! A 2017 game whose decks are drafted first (docs/server.md, "Drafts"): Sealed pools,
//! Pack, Open, Cube and Dark Draft. The draft is decisions like the game's, one drafter
//! at a time, so the tables run it as they run a game: the same timers, bots, sockets
//! and records. Once every deck is built, the game they make begins, and its decisions
//! follow the draft's in the game's one list.
//!
//! A drafter is shown only what the draft shows them ([`Draft::view`]): their own pack,
//! their own picks (none in Dark Draft until it ends), and how many cards the others
//! hold; a spectator sees the counts and Open Draft's revealed cards.

use crate::board::{self, Card, Cards, DecisionOut, LogLine, OptionOut};
use crate::played::Played;
use epic_cards::CardPool;
use epic_formats::draft::{
    Draft, DraftChoice, DraftDecision, DraftDecisionKind, DraftEvent, DraftFormat, DraftView,
};
use epic_game::Seat;
use epic_model::CardId;
use epic_setup::draft_save::{DraftSetup, SavedChoice};
use serde::Serialize;
use std::sync::Arc;

/// A game in its draft, or past it.
#[derive(Clone)]
pub struct Drafted {
    setup: DraftSetup,
    draft: Draft,
    /// How many decisions the draft has taken.
    picks: usize,
    /// The game, once every deck is built.
    game: Option<Played>,
    pool: Arc<CardPool>,
}

/// A draft decision taken on a copy of the draft.
pub struct TakenPick {
    draft: Box<Draft>,
    events: Vec<DraftEvent>,
    /// The game the decks make, when this decision ended the draft.
    game: Option<Played>,
}

impl Drafted {
    /// The draft at its start.
    pub fn start(setup: DraftSetup, pool: &Arc<CardPool>) -> Result<Drafted, String> {
        let draft = setup.start(pool).map_err(|e| e.message)?;
        Ok(Drafted {
            setup,
            draft,
            picks: 0,
            game: None,
            pool: pool.clone(),
        })
    }

    /// The game, once the draft is over.
    pub fn game(&self) -> Option<&Played> {
        self.game.as_ref()
    }

    pub fn seed(&self) -> u64 {
        self.setup.seed
    }

    /// The draft's decisions, then the game's.
    pub fn decisions(&self) -> usize {
        self.picks + self.game.as_ref().map_or(0, Played::decisions)
    }

    /// The drafter deciding now (the game's decider once it has begun).
    pub fn drafter(&self) -> Option<Seat> {
        self.draft.decision().map(|d| d.drafter as Seat)
    }

    pub fn option_count(&self) -> usize {
        self.draft.options().len()
    }

    /// Option `option` of the draft's pending decision, taken on a copy of the draft,
    /// with the decision as the database keeps it; the game is made here, so that a
    /// draft whose decks make no game is refused before anything is kept.
    pub fn after(&self, option: usize) -> Result<(String, TakenPick), String> {
        let choice = *self
            .draft
            .options()
            .get(option)
            .ok_or_else(|| format!("there is no option {option}"))?;
        let mut draft = Box::new(self.draft.clone());
        let events = draft.apply(choice).map_err(|e| e.to_string())?;
        let game = draft
            .decks()
            .map(|decks| Played::epic(self.setup.game(&decks, &self.pool), &self.pool))
            .transpose()?;
        let record = serde_json::to_string(&SavedChoice::new(&self.pool, choice))
            .map_err(|e| e.to_string())?;
        Ok((
            record,
            TakenPick {
                draft,
                events,
                game,
            },
        ))
    }

    /// A draft decision as the database keeps it (a [`SavedChoice`], by card name), as
    /// the number of its option now.
    pub fn option_of(&self, record: &str) -> Result<usize, String> {
        let saved: SavedChoice = serde_json::from_str(record).map_err(|e| e.to_string())?;
        let choice = saved.resolve(&self.pool)?;
        self.draft
            .options()
            .iter()
            .position(|&c| c == choice)
            .ok_or_else(|| "it is not among the options".to_string())
    }

    /// The game once its draft is over, to be played on.
    pub fn game_mut(&mut self) -> Option<&mut Played> {
        self.game.as_mut()
    }

    /// Makes a draft decision this draft's state.
    pub fn take(&mut self, taken: TakenPick) {
        self.draft = *taken.draft;
        self.picks += 1;
        self.game = taken.game;
    }

    /// What each of `viewers` is told of `taken`, in their words.
    pub fn told(
        &self,
        taken: &TakenPick,
        viewers: &[Option<Seat>],
        names: &[String],
    ) -> Vec<Vec<LogLine>> {
        let public = self.draft.picks_are_public();
        // In Dark Draft a drafter's own picks stay face down too (H-30): no looking back.
        let face_down = self.draft.format() == DraftFormat::Dark;
        let name = |seat: usize, viewer: Option<Seat>| -> String {
            if viewer == Some(seat as Seat) {
                "You".to_string()
            } else {
                names.get(seat).cloned().unwrap_or_default()
            }
        };
        viewers
            .iter()
            .map(|&viewer| {
                let seat = viewer
                    .filter(|_| !face_down)
                    .map_or(usize::MAX, usize::from);
                let mut lines: Vec<LogLine> = taken
                    .events
                    .iter()
                    .filter_map(|event| {
                        let seen = event.seen_by(seat, public);
                        let text = match seen {
                            DraftEvent::Picked { drafter, card } => match card {
                                Some(card) => format!(
                                    "{} picked {}.",
                                    name(drafter, viewer),
                                    self.pool.get(card).name
                                ),
                                None => format!("{} picked a card.", name(drafter, viewer)),
                            },
                            DraftEvent::Passed { left } => format!(
                                "The packs are passed to the {}.",
                                if left { "left" } else { "right" }
                            ),
                            DraftEvent::SetAside { count } => {
                                format!("{count} cards are set aside unseen.")
                            }
                            DraftEvent::Built { drafter, cards } => {
                                format!("{} built a deck of {cards} cards.", name(drafter, viewer))
                            }
                            DraftEvent::Finished => return None,
                        };
                        Some(LogLine { text, tone: None })
                    })
                    .collect();
                if taken.game.is_some() {
                    lines.push(LogLine {
                        text: "Every deck is built: the game begins.".into(),
                        tone: Some("heading"),
                    });
                }
                lines
            })
            .collect()
    }

    /// The line every viewer is told before the first pick.
    pub fn opening(&self) -> LogLine {
        LogLine {
            text: format!(
                "The {} begins: {} drafters.",
                self.draft.format().format().title,
                self.draft.drafters()
            ),
            tone: Some("heading"),
        }
    }

    /// What `viewer` sees of the draft, and the pending decision if it is theirs (and
    /// `playing`).
    pub fn seen(
        &self,
        viewer: Option<Seat>,
        texts: &board::Texts,
        names: &[String],
        playing: bool,
    ) -> (DraftBoard, Option<DecisionOut>) {
        let cards = Cards {
            pool: &self.pool,
            texts,
        };
        let view = self.draft.view(viewer.map_or(usize::MAX, usize::from));
        let decision = self
            .draft
            .decision()
            .filter(|_| playing)
            .map(|d| self.decision_for(d, viewer));
        (draft_board(cards, &view, names, self.building()), decision)
    }

    /// The pending decision as `viewer` is told it: its options only if it is theirs.
    fn decision_for(&self, d: DraftDecision, viewer: Option<Seat>) -> DecisionOut {
        let seat = d.drafter as Seat;
        if viewer != Some(seat) {
            return DecisionOut {
                seat,
                prompt: String::new(),
                options: Vec::new(),
            };
        }
        let labels = self.draft.labels();
        let options = (self.draft.options().iter().zip(labels).enumerate())
            .map(|(index, (&choice, label))| {
                let (kind, card) = match choice {
                    DraftChoice::Pick(c) => ("pick", Some(c)),
                    DraftChoice::Cut(c) => ("cut", Some(c)),
                    DraftChoice::Restore(c) => ("restore", Some(c)),
                    DraftChoice::Done => ("done", None),
                };
                OptionOut {
                    index,
                    label,
                    card: card.map(|c| u32::from(c.0)),
                    player: None,
                    kind: Some(kind),
                }
            })
            .collect();
        DecisionOut {
            seat,
            prompt: epic_words::cap(&d.prompt),
            options,
        }
    }

    /// Whether the drafters are building their decks.
    fn building(&self) -> bool {
        self.draft
            .decision()
            .is_some_and(|d| d.kind == DraftDecisionKind::Build)
    }

    /// The option the drafting bot `bot` takes now, seeded with `seed`.
    pub fn bot_option(&self, bot: &str, seed: u64) -> Option<usize> {
        let choice = epic_bots::drafter::drafter_by_name(bot, seed)
            .ok()?
            .choose(&self.draft);
        self.draft.options().iter().position(|&c| c == choice)
    }
}

/// The draft as one seat sees it. `ruleset` is "draft", so that the client tells it from
/// a game's board; a card's `obj` is its card number, the same for every copy.
#[derive(Clone, Debug, Serialize)]
pub struct DraftBoard {
    pub ruleset: &'static str,
    /// The format's name ("pack-draft").
    pub format: &'static str,
    pub title: &'static str,
    /// The pack being drafted, from 1 (Open Draft: the reveal), of `rounds`.
    pub round: usize,
    pub rounds: usize,
    pub building: bool,
    pub over: bool,
    pub players: Vec<DrafterOut>,
    /// The cards in front of this seat: their pack, or the cards revealed to all.
    pub pack: Vec<Card>,
    /// Their picks so far (none in Dark Draft until it is over).
    pub picks: Vec<Card>,
    /// While building: the deck as it stands and the cards left out of it.
    pub deck: Vec<Card>,
    pub left_out: Vec<Card>,
    /// The fewest cards the deck may have.
    pub min_deck: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct DrafterOut {
    pub seat: Seat,
    pub name: String,
    /// How many cards the drafter holds.
    pub cards: usize,
}

fn draft_board(cards: Cards, view: &DraftView, names: &[String], building: bool) -> DraftBoard {
    let format = view.format.format();
    let tiles = |ids: &[CardId]| -> Vec<Card> {
        ids.iter()
            .map(|&id| board::card(cards, u32::from(id.0), id))
            .collect()
    };
    DraftBoard {
        ruleset: "draft",
        format: format.name,
        title: format.title,
        round: view.round.min(view.rounds),
        rounds: view.rounds,
        building,
        over: view.over,
        players: view
            .pick_counts
            .iter()
            .enumerate()
            .map(|(seat, &count)| DrafterOut {
                seat: seat as Seat,
                name: names.get(seat).cloned().unwrap_or_default(),
                cards: count,
            })
            .collect(),
        pack: tiles(&view.pack),
        picks: tiles(&view.picks),
        deck: tiles(&view.deck),
        left_out: tiles(&view.left_out),
        min_deck: view.min_deck,
    }
}
