//! The 2017 engine behind the ruleset-neutral interfaces: [`epic_game::State`] for
//! playing, [`epic_game::Ruleset`] for every front end.

use crate::choice::Choice;
use crate::events::Event;
use crate::game::Game;
use crate::setup::save::SaveSetup;
use crate::view::View;
use crate::{words, SPECTATOR};
use epic_game::table::{Automatic, Listing, Moment, Stops};
use epic_game::words::{Asked, Line, Outcome, Page, Voice};
use epic_game::{
    CardInfo, DeckCheck, Played, Refused, Ruleset, Seat, SeatPlayer, SetupError, State,
    TableRequest,
};

impl State for Game {
    type Choice = Choice;

    fn seats(&self) -> usize {
        self.state().num_players()
    }

    fn side(&self, seat: Seat) -> usize {
        (seat / self.rules().team_size.max(1)) as usize
    }

    fn decider(&self) -> Option<Seat> {
        self.state().ask.as_ref().map(|a| a.player)
    }

    fn options(&self) -> &[Choice] {
        Game::options(self)
    }

    fn apply(&mut self, choice: Choice) -> Result<(), Refused> {
        self.apply_quiet(choice).map_err(|_| Refused)
    }

    fn apply_option(&mut self, index: usize) -> Result<(), Refused> {
        Game::apply_option(self, index).map_err(|_| Refused)
    }

    fn winners(&self) -> Option<&[Seat]> {
        let st = self.state();
        st.is_over().then_some(&st.winners[..])
    }

    fn sample_for(&self, seat: Seat, seed: u64) -> Game {
        Game::sample_for(self, seat, seed)
    }

    fn label(&self, choice: Choice, seat: Seat) -> String {
        self.label_for(choice, seat)
    }

    fn digest(&self) -> u64 {
        Game::digest(self)
    }
}

/// The 2017 game behind the interface every front end uses: its setups and saves
/// (`setup`), its words (`words`), its cards and formats, its evaluation (`eval`).
impl Ruleset for Game {
    const NAME: &'static str = "2017";
    const TITLE: &'static str = "Epic Card Game (2017 rules)";
    const COST_UNIT: &'static str = "gold";

    type Setup = SaveSetup;
    type Record = Choice;
    type Event = Event;
    type Board = words::board::Board;
    type View = View;

    fn setup(request: &TableRequest) -> Result<SaveSetup, SetupError> {
        crate::setup::table::setup_for(request)
    }

    fn start(setup: &SaveSetup) -> Result<Game, SetupError> {
        let undo = setup.undo;
        let setup = setup.to_setup(&crate::setup::names::pool())?;
        let mut game =
            Game::new(setup).map_err(|e| SetupError::new(format!("the setup is invalid: {e}")))?;
        game.set_undo(undo);
        Ok(game)
    }

    fn with_deck(
        setup: &SaveSetup,
        seat: Seat,
        deck: &epic_game::DeckRequest,
    ) -> Result<SaveSetup, SetupError> {
        crate::setup::table::with_deck(setup, usize::from(seat), deck)
    }

    fn format_of(setup: &SaveSetup) -> Option<String> {
        setup.format.clone()
    }

    fn players(setup: &SaveSetup) -> Vec<SeatPlayer> {
        setup
            .seats
            .iter()
            .map(epic_game::save::Seat::player)
            .collect()
    }

    fn seed(setup: &SaveSetup) -> u64 {
        setup.seed
    }

    fn record(&self, choice: Choice) -> Choice {
        choice
    }

    fn choice_of(&self, record: &Choice) -> Result<Choice, SetupError> {
        let offered = matches!(record, Choice::Concede(_)) || self.options().contains(record);
        if offered {
            Ok(*record)
        } else {
            Err(SetupError::new(crate::setup::save::why_not_offered(
                self, *record,
            )))
        }
    }

    /// A sample has no undo: the play it would take back was made in another game.
    fn kept_in_samples(&self, choice: Choice) -> bool {
        choice != Choice::Undo
    }

    fn concession(seat: Seat) -> Choice {
        Choice::Concede(seat)
    }

    fn conceding(choice: Choice) -> Option<Seat> {
        match choice {
            Choice::Concede(seat) => Some(seat),
            _ => None,
        }
    }

    fn apply_told(&mut self, choice: Choice) -> Result<Vec<Event>, SetupError> {
        let done = match choice {
            Choice::Concede(seat) => self.concede(seat),
            _ => self.apply(choice),
        };
        done.map_err(|e| SetupError::new(e.to_string()))
    }

    fn turn(&self) -> u32 {
        u32::from(self.state().turn)
    }

    fn is_out(&self, seat: Seat) -> bool {
        self.state()
            .players
            .get(usize::from(seat))
            .is_some_and(|p| p.eliminated)
    }

    fn decision_kind(&self) -> Option<&'static str> {
        Game::decision_kind(self).map(|k| k.name())
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        Game::view(self, viewer.unwrap_or(SPECTATOR))
    }

    fn tell(&self, choice: Choice, events: &[Event], voice: &Voice) -> Vec<Line> {
        // The moment of a decision is public (whose turn, which window, whose play), so
        // the spectator's view, which words no options, serves every viewer.
        let view = Game::view(self, SPECTATOR);
        let decided = words::log::Decided::before(self, &view, voice, choice);
        words::board::told(self.pool(), voice, events, decided.as_ref())
    }

    fn opening(&self, _voice: &Voice) -> Vec<Line> {
        // The first turn is told with the first decision's events.
        Vec::new()
    }

    fn board(&self, voice: &Voice) -> words::board::Board {
        let view = Game::view(self, words::seat_of(voice));
        words::board::board(self.pool(), &view, &voice.names, self.rules().team_size)
    }

    fn page(&self, voice: &Voice) -> Page {
        words::page::page(self, voice)
    }

    fn asked(&self, voice: &Voice) -> Option<Asked> {
        let view = Game::view(self, words::seat_of(voice));
        words::board::asked(self, &view, voice)
    }

    fn result_for(&self, voice: &Voice) -> Option<Outcome> {
        words::board::outcome(self, voice)
    }

    fn cards() -> Vec<CardInfo> {
        let pool = crate::setup::names::pool();
        pool.iter()
            .map(|(id, _)| words::cards::card_info(&pool, id))
            .collect()
    }

    fn explain(word: &str) -> Option<String> {
        words::cards::explain(word)
    }

    fn deck_names() -> Vec<&'static str> {
        epic_cards::DECK_NAMES.to_vec()
    }

    /// The four preconstructed decks (`random` deals a new one each game).
    fn usual_decks() -> Vec<&'static str> {
        crate::setup::table::USUAL_DECKS.to_vec()
    }

    fn format_names() -> Vec<String> {
        crate::formats::format_names()
            .into_iter()
            .map(String::from)
            .collect()
    }

    fn variant_names() -> Vec<&'static str> {
        crate::Variant::ALL.map(crate::Variant::name).to_vec()
    }

    fn example_tables(seed: u64) -> Vec<TableRequest> {
        vec![
            // Random decks, for the most cards in play; then the usual decks (good against
            // evil) in the Preconstructed format.
            TableRequest::of(2, seed).with_decks("random"),
            TableRequest::of(2, seed).in_format("preconstructed"),
            TableRequest::of(4, seed).with_decks("random"),
            TableRequest::of(3, seed)
                .with_decks("random")
                .in_variant("hunter-last-one-standing"),
            TableRequest::of(4, seed)
                .with_decks("random")
                .in_variant("hydra"),
        ]
    }

    fn check_deck(source: &str, format: Option<&str>, list: &str) -> Result<DeckCheck, SetupError> {
        let format = format.map(crate::setup::names::format).transpose()?;
        let pool = crate::setup::names::pool();
        let mut check = DeckCheck {
            format: format.as_ref().map(|f| f.title.to_string()),
            cards: Vec::new(),
            sideboard: Vec::new(),
            broken: Vec::new(),
        };
        match epic_cards::parse_deck_list(source, list, &pool) {
            Ok(cards) => {
                if let Err(why) =
                    crate::setup::names::playable(&cards, &crate::RulesConfig::default(), &pool)
                {
                    check.broken.push(format!("{source}: the deck {why}"));
                }
                if let Some(f) = &format {
                    let broken = f.check(&cards, &pool);
                    check
                        .broken
                        .extend(broken.iter().map(|v| format!("{source}: {f}: {v}")));
                }
                check.cards = cards.iter().map(|&c| pool.get(c).name.clone()).collect();
            }
            Err(epic_cards::DeckError::List(errs)) => {
                check.broken = errs.0.iter().map(|d| d.to_string()).collect();
            }
            Err(e) => check.broken.push(e.to_string()),
        }
        Ok(check)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        crate::eval::win_chance(self, seat)
    }

    /// The decider's labels, copies numbered apart (two Wolf tokens).
    fn labels(&self, seat: Seat) -> Vec<String> {
        if self.decider() != Some(seat) {
            return Vec::new();
        }
        Game::labels(self)
    }

    fn seen_events(events: &[Event], seat: Seat) -> serde_json::Value {
        let seen: Vec<Event> = events.iter().map(|e| e.seen_by(seat)).collect();
        serde_json::to_value(seen).unwrap_or_default()
    }

    fn without_undo(&mut self) {
        self.set_undo(false);
    }

    fn lessons() -> Vec<epic_game::lesson::Lesson<Game>> {
        crate::lessons::lessons()
    }

    fn ending(&self) -> Option<epic_game::Ending> {
        use crate::EndReason::*;
        Some(match self.state().end_reason? {
            Health | FirstBlood | CardEffect | Conceded => epic_game::Ending::Won,
            DrewFromEmptyDeck => epic_game::Ending::DeckedOut,
            Loop | ObjectLimit => epic_game::Ending::Limits,
        })
    }

    /// Its cards and God card; tokens were never in a deck.
    fn deck_cards(&self, seat: Seat) -> Vec<String> {
        let pool = self.pool();
        self.state()
            .objs
            .iter()
            .filter(|o| o.owner == seat && !pool.flags(o.card).token)
            .map(|o| pool.get(o.card).name.clone())
            .collect()
    }

    const MOMENTS: &'static [Moment] = &words::table::MOMENTS;

    fn introduction(setup: &SaveSetup, _voice: &Voice) -> String {
        words::table::introduction(setup)
    }

    fn listing(played: &Played<Game>, voice: &Voice) -> Option<Listing> {
        words::table::listing(played, voice)
    }

    fn automatic(&self, voice: &Voice, stops: Stops) -> Option<Automatic<Choice>> {
        words::table::automatic(self, voice, stops)
    }

    fn undo(&self) -> Result<Choice, String> {
        if self.options().contains(&Choice::Undo) {
            Ok(Choice::Undo)
        } else {
            Err(
                "There is no play to undo now: a play can be undone only until something \
                 new is learnt, such as a card drawn."
                    .into(),
            )
        }
    }

    fn summary(played: &Played<Game>, voice: &Voice) -> Option<String> {
        words::table::summary(played, voice)
    }

    fn discards(&self, voice: &Voice) -> Option<Page> {
        let view = Game::view(self, words::seat_of(voice));
        Some(words::page::discards(voice, &view))
    }

    fn in_sight(&self, voice: &Voice) -> Vec<String> {
        words::table::in_sight(self, voice)
    }

    fn glossary() -> Option<String> {
        Some(words::table::glossary())
    }
}
