//! A 2017 game whose decks are drafted first (Sealed pools, Pack, Open, Cube and Dark
//! Draft): the draft, decided one drafter at a time, then the game the built decks make,
//! whose decisions follow the draft's in one list. One [`DraftedGame`] behind the same
//! interfaces as a game ([`epic_game::State`], [`epic_game::Ruleset`]), so that every
//! program that plays a game plays a drafted one.
//!
//! A drafter is shown only what the draft shows them ([`Draft::view`]): their own pack,
//! their own picks (none in Dark Draft until it ends), and how many cards the others
//! hold; a spectator sees the counts and Open Draft's revealed cards.

use super::draft::{Draft, DraftChoice, DraftDecisionKind, DraftEvent, DraftFormat, DraftView};
use crate::setup::draft_save::{DraftSetup, SavedChoice};
use crate::setup::save::SaveSetup;
use crate::words::board::{card, Card};
use crate::{Choice, Event, Game};
use epic_game::words::{cap, Asked, Line, Offered, Outcome, Page, Tone, Voice};
use epic_game::{Refused, Ruleset, Seat, SetupError, State};
use epic_model::CardId;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A 2017 game in its draft, or past it.
#[derive(Clone, Debug)]
pub struct DraftedGame {
    setup: Arc<DraftSetup>,
    draft: Draft,
    /// The game, once every deck is built.
    game: Option<Box<Game>>,
    /// How many decisions the draft took: the game's follow them.
    picks: usize,
    /// The pending options, the draft's or the game's.
    options: Vec<DraftedChoice>,
}

/// A decision of a drafted game: the draft's, then the game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DraftedChoice {
    Draft(DraftChoice),
    Game(Choice),
}

/// What a drafted game's decision did.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum DraftedEvent {
    Draft(DraftEvent),
    Game(Event),
    /// Every deck is built: the game they make begins.
    GameBegins,
}

/// A decision as a drafted game keeps it: the draft's by card name ([`SavedChoice`]),
/// the game's as its [`Choice`]. Which one a kept decision is depends on where the game
/// stood when it was taken, so it is kept as it was written and read then.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DraftedRecord(pub serde_json::Value);

impl DraftedGame {
    /// The draft as set up, before any decision.
    pub fn start(setup: DraftSetup) -> Result<DraftedGame, SetupError> {
        let draft = setup.start(&crate::setup::names::pool())?;
        let mut drafted = DraftedGame {
            setup: Arc::new(setup),
            draft,
            game: None,
            picks: 0,
            options: Vec::new(),
        };
        drafted.refresh();
        Ok(drafted)
    }

    /// The draft, over once the game has begun.
    pub fn draft(&self) -> &Draft {
        &self.draft
    }

    /// The game, once every deck is built.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_deref()
    }

    pub fn draft_setup(&self) -> &DraftSetup {
        &self.setup
    }

    /// How many decisions the draft took (all of them until the game begins): the
    /// game's decisions follow them.
    pub fn draft_decisions(&self) -> usize {
        self.picks
    }

    /// The setup of the game the built decks make, once they are built.
    pub fn game_setup(&self) -> Option<SaveSetup> {
        let decks = self.draft.decks()?;
        Some(self.setup.game(&decks, self.draft.pool()))
    }

    fn refresh(&mut self) {
        self.options = match &self.game {
            Some(game) => game
                .options()
                .iter()
                .map(|&c| DraftedChoice::Game(c))
                .collect(),
            None => self
                .draft
                .options()
                .iter()
                .map(|&c| DraftedChoice::Draft(c))
                .collect(),
        };
    }

    /// Takes `choice`, answering what happened; the game begins with the last deck.
    fn take(&mut self, choice: DraftedChoice) -> Result<Vec<DraftedEvent>, SetupError> {
        let events = match (choice, &mut self.game) {
            (DraftedChoice::Game(c), Some(game)) => {
                let done = match c {
                    Choice::Concede(seat) => game.concede(seat),
                    _ => game.apply(c),
                };
                done.map_err(|e| SetupError::new(e.to_string()))?
                    .into_iter()
                    .map(DraftedEvent::Game)
                    .collect()
            }
            (DraftedChoice::Draft(c), None) => {
                let mut events: Vec<DraftedEvent> = self
                    .draft
                    .apply(c)
                    .map_err(|e| SetupError::new(e.to_string()))?
                    .into_iter()
                    .map(DraftedEvent::Draft)
                    .collect();
                self.picks += 1;
                if let Some(setup) = self.game_setup() {
                    self.game = Some(Box::new(<Game as epic_game::Ruleset>::start(&setup)?));
                    events.push(DraftedEvent::GameBegins);
                }
                events
            }
            (DraftedChoice::Draft(_), Some(_)) => {
                return Err(SetupError::new("the draft is over: the game has begun"))
            }
            (DraftedChoice::Game(_), None) => {
                return Err(SetupError::new(
                    "the game begins once every deck is built: a draft cannot be conceded",
                ))
            }
        };
        self.refresh();
        Ok(events)
    }

    /// The draft as `voice`'s viewer is told a pick: another drafter's card from their
    /// own pack is "a card"; in Dark Draft the viewer's own picks too (H-30).
    fn tell_draft(&self, events: &[DraftedEvent], voice: &Voice) -> Vec<Line> {
        let public = self.draft.picks_are_public();
        let face_down = self.draft.format() == DraftFormat::Dark;
        let seat = voice
            .viewer
            .filter(|_| !face_down)
            .map_or(usize::MAX, usize::from);
        let who = |drafter: usize| voice.subject(drafter as Seat);
        events
            .iter()
            .filter_map(|event| {
                let text = match event {
                    DraftedEvent::Draft(e) => match e.seen_by(seat, public) {
                        DraftEvent::Picked { drafter, card } => match card {
                            Some(card) => format!(
                                "{} picked {}.",
                                who(drafter),
                                self.draft.pool().get(card).name
                            ),
                            None => format!("{} picked a card.", who(drafter)),
                        },
                        DraftEvent::Passed { left } => format!(
                            "The packs are passed to the {}.",
                            if left { "left" } else { "right" }
                        ),
                        DraftEvent::SetAside { count } => {
                            format!("{count} cards are set aside unseen.")
                        }
                        DraftEvent::Built { drafter, cards } => {
                            format!("{} built a deck of {cards} cards.", who(drafter))
                        }
                        DraftEvent::Finished => return None,
                    },
                    DraftedEvent::GameBegins => {
                        return Some(Line::new(
                            "Every deck is built: the game begins.",
                            Some(Tone::Heading),
                        ))
                    }
                    DraftedEvent::Game(_) => return None,
                };
                Some(Line::new(text, None))
            })
            .collect()
    }
}

impl State for DraftedGame {
    type Choice = DraftedChoice;

    fn seats(&self) -> usize {
        self.draft.drafters()
    }

    fn side(&self, seat: Seat) -> usize {
        match &self.game {
            Some(game) => game.side(seat),
            None => usize::from(seat),
        }
    }

    fn decider(&self) -> Option<Seat> {
        match &self.game {
            Some(game) => game.decider(),
            None => self.draft.decider(),
        }
    }

    fn options(&self) -> &[DraftedChoice] {
        &self.options
    }

    fn apply(&mut self, choice: DraftedChoice) -> Result<(), Refused> {
        if !self.options.contains(&choice) {
            return Err(Refused);
        }
        self.take(choice).map(drop).map_err(|_| Refused)
    }

    fn winners(&self) -> Option<&[Seat]> {
        self.game.as_ref()?.winners()
    }

    fn sample_for(&self, seat: Seat, seed: u64) -> DraftedGame {
        let mut sample = self.clone();
        match &self.game {
            Some(game) => sample.game = Some(Box::new(game.sample_for(seat, seed))),
            None => sample.draft = self.draft.sample_for(seat, seed),
        }
        sample.refresh();
        sample
    }

    fn label(&self, choice: DraftedChoice, seat: Seat) -> String {
        match (choice, &self.game) {
            (DraftedChoice::Game(c), Some(game)) => State::label(&**game, c, seat),
            (DraftedChoice::Draft(c), _) => State::label(&self.draft, c, seat),
            (DraftedChoice::Game(_), None) => String::new(),
        }
    }

    fn digest(&self) -> u64 {
        match &self.game {
            Some(game) => game.digest(),
            None => self.draft.digest(),
        }
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
    /// Whether the deck must be exactly `min_deck` cards (Sealed, Open Draft).
    pub exact_deck: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct DrafterOut {
    pub seat: Seat,
    pub name: String,
    /// How many cards the drafter holds.
    pub cards: usize,
}

/// What a drafted game's seat sees: the draft's board, then the game's.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum DraftedBoard {
    Draft(DraftBoard),
    Game(crate::words::board::Board),
}

/// What a drafted game's seat may know: the draft's view, then the game's.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum DraftedView {
    Draft(DraftView),
    Game(crate::view::View),
}

fn draft_board(draft: &Draft, view: &DraftView, names: &[String]) -> DraftBoard {
    let format = view.format.format();
    let pool = draft.pool();
    let tiles = |ids: &[CardId]| -> Vec<Card> {
        ids.iter()
            .map(|&id| card(pool, u32::from(id.0), id))
            .collect()
    };
    DraftBoard {
        ruleset: "draft",
        format: format.name,
        title: format.title,
        round: view.round.min(view.rounds),
        rounds: view.rounds,
        building: draft
            .decision()
            .is_some_and(|d| d.kind == DraftDecisionKind::Build),
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
        exact_deck: view.exact_deck,
    }
}

/// The draft as text for one drafter: the round, each drafter's count, the cards in
/// front of them, their picks, and while building their deck and the cards left out.
fn draft_page(draft: &Draft, view: &DraftView, voice: &Voice) -> Page {
    use epic_game::words::{Block, Ink, Span};
    let pool = draft.pool();
    let cards = |ids: &[CardId]| -> Vec<Vec<Span>> {
        ids.iter()
            .map(|&id| {
                let def = pool.get(id);
                vec![crate::words::card_span(def.alignments, &def.name)]
            })
            .collect()
    };
    let list =
        |head: String, ids: &[CardId]| Block::list(vec![Span::plain(head)], cards(ids), ", ", 4);
    let mut page = Page::default();
    let stage = if view.over {
        "over".to_string()
    } else if draft
        .decision()
        .is_some_and(|d| d.kind == DraftDecisionKind::Build)
    {
        "building decks".to_string()
    } else {
        format!("round {} of {}", view.round.min(view.rounds), view.rounds)
    };
    page.push(Block::line(vec![Span::inked(
        Ink::Heading,
        format!("=== {} · {stage} ===", view.format.format().title),
    )]));
    let counts = view
        .pick_counts
        .iter()
        .enumerate()
        .map(|(seat, &n)| {
            let built = match view.built.get(seat).copied().flatten() {
                Some(deck) => format!(", a deck of {deck}"),
                None => String::new(),
            };
            vec![Span::plain(format!(
                "{} {n} card{}{built}",
                cap(&voice.name(seat as Seat)),
                if n == 1 { "" } else { "s" }
            ))]
        })
        .collect();
    page.push(Block::list(vec![Span::plain("Drafters:")], counts, "; ", 4));
    if !view.pack.is_empty() {
        page.push(list(
            format!("In front of you ({}):", view.pack.len()),
            &view.pack,
        ));
    }
    if !view.picks.is_empty() {
        page.push(list(
            format!("Your picks ({}):", view.picks.len()),
            &view.picks,
        ));
    }
    if !view.deck.is_empty() {
        let rule = if view.exact_deck {
            "exactly"
        } else {
            "at least"
        };
        page.push(list(
            format!("Your deck ({}, {rule} {}):", view.deck.len(), view.min_deck),
            &view.deck,
        ));
    }
    if !view.left_out.is_empty() {
        page.push(list(
            format!("Left out ({}):", view.left_out.len()),
            &view.left_out,
        ));
    }
    page
}

/// The 2017 game in a drafted format, behind the interface every front end uses.
impl epic_game::Ruleset for DraftedGame {
    const NAME: &'static str = "2017-drafted";
    const TITLE: &'static str = "Epic Card Game (2017 rules), decks drafted at the table";
    const COST_UNIT: &'static str = <Game as epic_game::Ruleset>::COST_UNIT;

    type Setup = DraftSetup;
    type Record = DraftedRecord;
    type Event = DraftedEvent;
    type Board = DraftedBoard;
    type View = DraftedView;

    fn setup(request: &epic_game::TableRequest) -> Result<DraftSetup, SetupError> {
        crate::setup::draft_save::setup_for(request)
    }

    fn start(setup: &DraftSetup) -> Result<DraftedGame, SetupError> {
        DraftedGame::start(setup.clone())
    }

    fn with_deck(
        _setup: &DraftSetup,
        _seat: Seat,
        _deck: &epic_game::DeckRequest,
    ) -> Result<DraftSetup, SetupError> {
        Err(SetupError::new(
            "the decks of this game are drafted at the table: join without a deck",
        ))
    }

    fn format_of(setup: &DraftSetup) -> Option<String> {
        Some(setup.draft.name().to_string())
    }

    fn players(setup: &DraftSetup) -> Vec<epic_game::SeatPlayer> {
        setup
            .seats
            .iter()
            .map(|s| epic_game::SeatPlayer {
                player: s.player.clone(),
                bot_seed: s.bot_seed,
                deck: crate::setup::draft_save::DRAFTED.into(),
            })
            .collect()
    }

    fn seed(setup: &DraftSetup) -> u64 {
        setup.seed
    }

    fn record(&self, choice: DraftedChoice) -> DraftedRecord {
        DraftedRecord(match choice {
            DraftedChoice::Draft(c) => {
                serde_json::to_value(SavedChoice::new(self.draft.pool(), c)).unwrap_or_default()
            }
            DraftedChoice::Game(c) => serde_json::to_value(c).unwrap_or_default(),
        })
    }

    fn choice_of(&self, record: &DraftedRecord) -> Result<DraftedChoice, SetupError> {
        let unreadable = |e: serde_json::Error| SetupError::new(format!("it cannot be read: {e}"));
        match &self.game {
            Some(game) => {
                let c: Choice = serde_json::from_value(record.0.clone()).map_err(unreadable)?;
                Ruleset::choice_of(&**game, &c).map(DraftedChoice::Game)
            }
            None => {
                let saved: SavedChoice =
                    serde_json::from_value(record.0.clone()).map_err(unreadable)?;
                let c = saved.resolve(self.draft.pool()).map_err(SetupError::new)?;
                if self.draft.options().contains(&c) {
                    Ok(DraftedChoice::Draft(c))
                } else {
                    Err(SetupError::new(format!(
                        "it takes {saved:?}, which is not among the draft's options"
                    )))
                }
            }
        }
    }

    fn kept_in_samples(&self, choice: DraftedChoice) -> bool {
        choice != DraftedChoice::Game(Choice::Undo)
    }

    fn concession(seat: Seat) -> DraftedChoice {
        DraftedChoice::Game(Choice::Concede(seat))
    }

    fn conceding(choice: DraftedChoice) -> Option<Seat> {
        match choice {
            DraftedChoice::Game(c) => <Game as Ruleset>::conceding(c),
            DraftedChoice::Draft(_) => None,
        }
    }

    fn apply_told(&mut self, choice: DraftedChoice) -> Result<Vec<DraftedEvent>, SetupError> {
        self.take(choice)
    }

    fn turn(&self) -> u32 {
        self.game.as_ref().map_or(0, |g| Ruleset::turn(&**g))
    }

    fn is_out(&self, seat: Seat) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| Ruleset::is_out(&**g, seat))
    }

    fn decision_kind(&self) -> Option<&'static str> {
        match &self.game {
            Some(game) => <Game as epic_game::Ruleset>::decision_kind(game),
            None => self.draft.decision().map(|d| match d.kind {
                DraftDecisionKind::Build => "build",
                _ => "pick",
            }),
        }
    }

    fn view(&self, viewer: Option<Seat>) -> DraftedView {
        match &self.game {
            Some(game) => DraftedView::Game(epic_game::Ruleset::view(&**game, viewer)),
            None => DraftedView::Draft(self.draft.view(viewer.map_or(usize::MAX, usize::from))),
        }
    }

    fn tell(&self, choice: DraftedChoice, events: &[DraftedEvent], voice: &Voice) -> Vec<Line> {
        match (choice, &self.game) {
            (DraftedChoice::Game(c), Some(game)) => {
                let events: Vec<Event> = events
                    .iter()
                    .filter_map(|e| match e {
                        DraftedEvent::Game(e) => Some(e.clone()),
                        _ => None,
                    })
                    .collect();
                epic_game::Ruleset::tell(&**game, c, &events, voice)
            }
            _ => self.tell_draft(events, voice),
        }
    }

    fn opening(&self, _voice: &Voice) -> Vec<Line> {
        vec![Line::new(
            format!(
                "The {} begins: {} drafters.",
                self.draft.format().format().title,
                self.draft.drafters()
            ),
            Some(Tone::Heading),
        )]
    }

    fn board(&self, voice: &Voice) -> DraftedBoard {
        match &self.game {
            Some(game) => DraftedBoard::Game(epic_game::Ruleset::board(&**game, voice)),
            None => {
                let view = self
                    .draft
                    .view(voice.viewer.map_or(usize::MAX, usize::from));
                DraftedBoard::Draft(draft_board(&self.draft, &view, &voice.names))
            }
        }
    }

    fn page(&self, voice: &Voice) -> Page {
        match &self.game {
            Some(game) => Ruleset::page(&**game, voice),
            None => {
                let view = self
                    .draft
                    .view(voice.viewer.map_or(usize::MAX, usize::from));
                draft_page(&self.draft, &view, voice)
            }
        }
    }

    fn asked(&self, voice: &Voice) -> Option<Asked> {
        if let Some(game) = &self.game {
            return epic_game::Ruleset::asked(&**game, voice);
        }
        let d = self.draft.decision()?;
        let seat = d.drafter as Seat;
        if voice.viewer != Some(seat) {
            return Some(Asked {
                seat,
                prompt: String::new(),
                options: Vec::new(),
            });
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
                Offered {
                    index,
                    label,
                    card: card.map(|c| u32::from(c.0)),
                    player: None,
                    kind: Some(kind),
                }
            })
            .collect();
        Some(Asked {
            seat,
            prompt: cap(&d.prompt),
            options,
        })
    }

    fn result_for(&self, voice: &Voice) -> Option<Outcome> {
        epic_game::Ruleset::result_for(&**self.game.as_ref()?, voice)
    }

    fn cards() -> Vec<epic_game::CardInfo> {
        <Game as epic_game::Ruleset>::cards()
    }

    fn explain(word: &str) -> Option<String> {
        <Game as epic_game::Ruleset>::explain(word)
    }

    fn deck_names() -> Vec<&'static str> {
        Vec::new()
    }

    fn format_names() -> Vec<String> {
        DraftFormat::ALL
            .iter()
            .map(|d| d.name().to_string())
            .collect()
    }

    fn variant_names() -> Vec<&'static str> {
        vec!["ffa"]
    }

    fn example_tables(seed: u64) -> Vec<epic_game::TableRequest> {
        let mut tables: Vec<epic_game::TableRequest> = [
            DraftFormat::Pack,
            DraftFormat::Open,
            DraftFormat::Cube,
            DraftFormat::Dark,
        ]
        .iter()
        .map(|d| {
            let players = usize::from(*d.format().players.start());
            epic_game::TableRequest::of(players, seed).in_format(d.name())
        })
        .collect();
        tables.push(epic_game::TableRequest {
            pool: Some(35),
            ..epic_game::TableRequest::of(2, seed).in_format(DraftFormat::Sealed.name())
        });
        tables
    }

    fn check_deck(
        source: &str,
        format: Option<&str>,
        list: &str,
    ) -> Result<epic_game::DeckCheck, SetupError> {
        <Game as epic_game::Ruleset>::check_deck(source, format, list)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        match &self.game {
            Some(game) => epic_game::Ruleset::evaluate(&**game, seat),
            None => 0.5,
        }
    }

    fn ending(&self) -> Option<epic_game::Ending> {
        epic_game::Ruleset::ending(&**self.game.as_ref()?)
    }

    fn deck_cards(&self, seat: Seat) -> Vec<String> {
        self.game.as_ref().map_or_else(Vec::new, |game| {
            epic_game::Ruleset::deck_cards(&**game, seat)
        })
    }
}
