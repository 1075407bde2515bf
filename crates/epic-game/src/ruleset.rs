//! Everything a front end needs of a game beside playing it (which is [`State`]'s), so
//! that the command line, the server, the Python package and the bots are written once
//! for every ruleset, as shakmaty's `Position` serves every chess variant: how a game is
//! asked for and made ([`TableRequest`], [`Ruleset::setup`], [`Ruleset::start`]), kept
//! ([`Ruleset::record`], [`crate::save::SaveFile`]), shown to a seat (its events, board,
//! pending decision and result, in words), its cards and decks, and its default value
//! for the bots. Each ruleset implements it; one registry (the `epic-rulesets` crate)
//! lists them.

use crate::series::Sideboarded;
use crate::table::{Automatic, Listing, Moment, Stops};
use crate::words::{Asked, Line, Outcome, Page, Voice};
use crate::{Played, Seat, SetupError, State};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// A game as a program asks for it, in words every ruleset reads: the table, each
/// seat's player and deck, the seed. [`Ruleset::setup`] checks it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableRequest {
    /// The format whose rules the decks follow (a ruleset's format name); `None`: any
    /// deck the game can play.
    pub format: Option<String>,
    /// How the seats play against each other (`ffa` when `None`).
    pub variant: Option<String>,
    /// Players on each team, for a variant with teams.
    pub team_size: Option<u8>,
    pub seed: u64,
    /// The seat that goes first; `None`: drawn from the seed.
    pub first_player: Option<Seat>,
    /// In a format that deals each seat a pool to build from (Sealed), how many cards.
    pub pool: Option<usize>,
    pub seats: Vec<SeatRequest>,
    /// No play can be taken back (the 2017 rules' 3.7): a table of bots, which never
    /// take one back, plays faster without keeping what an undo restores.
    pub without_undo: bool,
}

/// The number a name like `countdown-N` takes in place of its `N`: what it counts, and
/// its bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct NumberAsked {
    /// The name as listed, `N` included.
    pub name: &'static str,
    /// What the number counts, as a label reads it ("Rounds").
    pub counts: &'static str,
    pub min: u32,
    pub max: u32,
}

impl NumberAsked {
    /// The name before its `N` (`countdown-`).
    pub fn prefix(&self) -> &'static str {
        self.name.trim_end_matches('N')
    }

    /// The name with the number in place of `N`.
    pub fn with(&self, n: u32) -> String {
        format!("{}{n}", self.prefix())
    }
}

/// Who plays a seat, and with which deck, as a setup keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatPlayer {
    /// `human`, or a bot's name.
    pub player: String,
    /// The bot's seed, when it is not the game's.
    pub bot_seed: Option<u64>,
    /// The deck as it was asked for: a deck's name, a deck list's label, "drafted".
    pub deck: String,
}

impl TableRequest {
    /// `players` seats played by the `random` bot with the ruleset's default decks, dealt
    /// from `seed`, at no format or variant.
    pub fn of(players: usize, seed: u64) -> TableRequest {
        TableRequest {
            seed,
            seats: (0..players)
                .map(|_| SeatRequest {
                    player: "random".into(),
                    bot_seed: None,
                    deck: DeckRequest::Default,
                })
                .collect(),
            ..TableRequest::default()
        }
    }

    /// The same table, every seat playing the ruleset's deck named `deck`.
    pub fn with_decks(mut self, deck: &str) -> TableRequest {
        for seat in &mut self.seats {
            seat.deck = DeckRequest::Named(deck.into());
        }
        self
    }

    /// The same table in `format`.
    pub fn in_format(self, format: &str) -> TableRequest {
        TableRequest {
            format: Some(format.into()),
            ..self
        }
    }

    /// The same table playing `variant`.
    pub fn in_variant(self, variant: &str) -> TableRequest {
        TableRequest {
            variant: Some(variant.into()),
            ..self
        }
    }
}

/// One seat of a [`TableRequest`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRequest {
    /// `human`, or a bot's name.
    pub player: String,
    /// The bot's seed, when it is not the game's.
    pub bot_seed: Option<u64>,
    pub deck: DeckRequest,
}

/// A seat's deck as asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DeckRequest {
    /// The ruleset's default deck for the seat.
    #[default]
    Default,
    /// A deck of the ruleset by name (`good`; classic `order`).
    Named(String),
    /// A deck list, one card a line, and what to call it (a file's name, "custom").
    Listed { label: String, text: String },
}

/// Who sits where, as a game of `title` tells `voice`'s viewer at its start: "Epic
/// Card Game (2017 rules): you (good) against Player 2 (greedy, evil)."
pub fn seated(title: &str, players: &[SeatPlayer], voice: &Voice) -> String {
    let mine = voice
        .viewer
        .and_then(|s| players.get(usize::from(s)))
        .map_or_else(String::new, |p| format!(" ({})", p.deck));
    let others: Vec<String> = players
        .iter()
        .enumerate()
        .filter(|&(s, _)| voice.viewer != Some(s as Seat))
        .map(|(s, p)| format!("{} ({}, {})", voice.name(s as Seat), p.player, p.deck))
        .collect();
    format!("{title}: you{mine} against {}.", others.join(", "))
}

/// A card a person picks while their table is dealt: one of a pack passed to them in a
/// draft.
#[derive(Clone, Debug)]
pub struct PackPick<'a> {
    /// The format dealt ("Draft 3").
    pub format: &'a str,
    /// The pack being drafted, from 1, and how many each player opens.
    pub round: usize,
    pub rounds: usize,
    /// The pack's cards as a player reads them ("Ember Bolt (event)").
    pub cards: &'a [String],
    /// How many cards they have picked before.
    pub picked: usize,
}

/// Answers a person's picks ([`Ruleset::setup_picked`]): the seat and the pick, then the
/// index of the card taken, or `None` when they leave.
pub type Picker<'a> = dyn FnMut(Seat, &PackPick) -> Option<usize> + 'a;

/// A card as `epic cards` lists it and a deck builder shows it, in any ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardInfo {
    pub name: String,
    /// Its alignments (2017), or alignment and origin (classic), lower case, joined
    /// by "/".
    pub alignment: String,
    /// "champion", "event", … in the ruleset's words.
    #[serde(rename = "type")]
    pub kind: String,
    /// What playing it costs, in the ruleset's unit (2017: gold; classic: actions, 0 for
    /// a free card); `None` for a card never paid for (a God card).
    pub cost: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offense: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defense: Option<i32>,
    pub keywords: Vec<String>,
    pub classes: Vec<String>,
    pub token: bool,
    /// The set it comes from.
    pub set: String,
    /// The rules text a player reads.
    pub text: String,
    /// The whole card as a player reads it: type line, cost, stats, text, the meaning of
    /// its keywords and symbols.
    #[serde(skip)]
    pub sheet: String,
}

/// A deck list checked against a format: its cards by name, and every mistake in the
/// list and rule the deck breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeckCheck {
    /// The format checked, as players call it ("Preconstructed").
    pub format: Option<String>,
    pub cards: Vec<String>,
    /// The sideboard, in a ruleset that has them.
    pub sideboard: Vec<String>,
    /// Each mistake (a name that is no card) and each rule broken, in words; empty for a
    /// legal deck.
    pub broken: Vec<String>,
}

/// How a game ended, as a simulation counts its games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// As its players set out to win: an opponent's health or Mojo gone, a card's own
    /// win, a concession.
    Won,
    /// A deck ran out: its player, who had to draw from it, wins (the 2017 rules' 1.2.1,
    /// the classic T-3.3).
    DeckedOut,
    /// Drawn by the engine's limits: effects without end (docs/rulings.md R-11).
    Limits,
}

/// A game behind the interface every front end uses. `Self` is the game in progress;
/// the associated functions without `self` describe the ruleset.
pub trait Ruleset: State + Debug + 'static {
    /// Its name in the registry, on the command line (`--ruleset`), in the server's API
    /// and in saved games: "2017", "classic".
    const NAME: &'static str;
    /// What a player calls it: "Epic Card Game (2017 rules)".
    const TITLE: &'static str;
    /// What a card's cost ([`CardInfo::cost`]) is counted in, as a player reads it after
    /// the number: "gold" ("3 gold").
    const COST_UNIT: &'static str;

    /// What a game is made from, as saved games keep it: checked by [`Ruleset::start`].
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A decision as saved games keep it.
    type Record: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// A change, as the game reports it; [`Ruleset::tell`] words it for one viewer.
    type Event: Clone + Debug + Serialize + Send + Sync;
    /// What the browser draws for one viewer.
    type Board: Serialize;
    /// What one seat may see, for programs (the Python package's `view`).
    type View: Serialize;

    // Making and keeping a game.

    /// The setup a request asks for, its decks checked against its format; or why not.
    fn setup(request: &TableRequest) -> Result<Self::Setup, SetupError>;
    /// The setup a request asks for where a person seated at it picks cards while it
    /// is dealt (the packs passed to them in a classic draft): `pick` is asked each of
    /// their picks, and `None` from it (they left) gives `None`. By default, a request
    /// has nothing to pick: [`Ruleset::setup`].
    fn setup_picked(
        request: &TableRequest,
        _pick: &mut Picker,
    ) -> Result<Option<Self::Setup>, SetupError> {
        Self::setup(request).map(Some)
    }
    /// The game at its start.
    fn start(setup: &Self::Setup) -> Result<Self, SetupError>;
    /// `setup` with seat `seat`'s deck replaced by `deck`, checked as a new game's decks
    /// are: a player joining a game that has not begun brings their own deck.
    fn with_deck(
        setup: &Self::Setup,
        seat: Seat,
        deck: &DeckRequest,
    ) -> Result<Self::Setup, SetupError>;
    /// The format a setup's decks follow, by name (`None`: any deck the game can play).
    fn format_of(setup: &Self::Setup) -> Option<String>;
    /// Who plays each seat of a setup.
    fn players(setup: &Self::Setup) -> Vec<SeatPlayer>;
    /// The seed a setup deals from (which also seeds its bots).
    fn seed(setup: &Self::Setup) -> u64;
    /// How `choice`, about to be taken now, is kept.
    fn record(&self, choice: Self::Choice) -> Self::Record;
    /// The choice a kept decision takes now, or why it cannot be taken.
    fn choice_of(&self, record: &Self::Record) -> Result<Self::Choice, SetupError>;
    /// The choice by which `seat` concedes (rule 1.2.2): open to any seat still in the
    /// game, whoever decides, and never among the options.
    fn concession(seat: Seat) -> Self::Choice;
    /// The seat `choice` concedes for, when it is a concession.
    fn conceding(choice: Self::Choice) -> Option<Seat>;
    /// Whether a sample ([`State::sample_for`]) offers `choice` where the game does: an
    /// option that only goes back in time (the 2017 game's undo, rule 3.7) may be left
    /// out of samples, which a search plays forward.
    fn kept_in_samples(&self, _choice: Self::Choice) -> bool {
        true
    }
    /// Takes `choice` (an option, or a concession) and answers what happened.
    fn apply_told(&mut self, choice: Self::Choice) -> Result<Vec<Self::Event>, SetupError>;

    // What a seat may know.

    /// The turn, counted from 1 (0 before the first).
    fn turn(&self) -> u32;
    /// Whether `seat` has left the game (eliminated or conceded).
    fn is_out(&self, seat: Seat) -> bool;
    /// The kind of the pending decision, a short stable word ("mulligan", "target").
    fn decision_kind(&self) -> Option<&'static str>;
    /// What `viewer` (a seat, or `None` for a spectator) may see.
    fn view(&self, viewer: Option<Seat>) -> Self::View;

    // In words, for one viewer (`voice.viewer`).

    /// The log lines of `choice`, taken in this game (`self` is the game before it) with
    /// `events` as it answered, as the viewer may know them.
    fn tell(&self, choice: Self::Choice, events: &[Self::Event], voice: &Voice) -> Vec<Line>;
    /// What the viewer is told before the first decision.
    fn opening(&self, voice: &Voice) -> Vec<Line>;
    /// The board the viewer sees.
    fn board(&self, voice: &Voice) -> Self::Board;
    /// The board the viewer sees as text, laid out by blocks as a terminal shows it;
    /// with a voice that sees all, every hidden card too.
    fn page(&self, voice: &Voice) -> Page;
    /// The pending decision as the viewer is told it; `None` once the game is over.
    fn asked(&self, voice: &Voice) -> Option<Asked>;
    /// How the game ended; `None` before.
    fn result_for(&self, voice: &Voice) -> Option<Outcome>;

    // Cards and decks.

    /// Every card of the ruleset, in its sets' order, tokens included.
    fn cards() -> Vec<CardInfo>;
    /// What a keyword or symbol of the ruleset means, if `word` names one.
    fn explain(word: &str) -> Option<String>;
    /// The ruleset's decks by name (`good`; classic `order`).
    fn deck_names() -> Vec<&'static str>;
    /// The fixed decks among them, which a new table deals its seats in turn and a
    /// round robin of bots plays by default.
    fn usual_decks() -> Vec<&'static str> {
        Self::deck_names()
    }
    /// The formats a [`TableRequest`] may name.
    fn format_names() -> Vec<String>;
    /// Whether `name` is one of its formats (a ruleset whose formats take a number, as
    /// the classic `sealed-N`, says so beyond [`Ruleset::format_names`]).
    fn has_format(name: &str) -> bool {
        Self::format_names().iter().any(|f| f == name)
    }
    /// Why `name`, nearly one of its formats, is not one (a classic `sealed-N` with more
    /// packs than a player opens), in words; `None` for a format or a name unlike any.
    fn format_mistake(_name: &str) -> Option<String> {
        None
    }
    /// The variants a [`TableRequest`] may name (`ffa` first).
    fn variant_names() -> Vec<&'static str>;
    /// Whether `name` is one of its variants (a ruleset whose variants take a number,
    /// as the multiverse `countdown-N`, says so beyond [`Ruleset::variant_names`]).
    fn has_variant(name: &str) -> bool {
        Self::variant_names().contains(&name)
    }
    /// What the `N` of each variant name that takes a number stands for (`countdown-N`:
    /// rounds), so that a front end asks for the number and names it.
    fn variant_numbers() -> Vec<NumberAsked> {
        Vec::new()
    }
    /// Tables that show what the ruleset is, dealt from `seed`: its usual game, and one
    /// of each variant and format that plays differently. The conformance suite plays
    /// each ([`crate::conformance`]).
    fn example_tables(seed: u64) -> Vec<TableRequest>;
    /// A deck list (named `source` in what it says) checked against a format (`None`:
    /// only what any game needs): its mistakes and broken rules are the check's
    /// findings; an unknown format is an error.
    fn check_deck(source: &str, format: Option<&str>, list: &str) -> Result<DeckCheck, SetupError>;

    // For the bots.

    /// What the position is worth to `seat`, from 0 (lost) to 1 (won): the evaluation
    /// searches and one-ply players use when no better one is given.
    fn evaluate(&self, seat: Seat) -> f64;

    // For learning programs (the Python package): each has a plain default.

    /// The pending decision's options in words as `seat` reads them, copies told apart;
    /// none unless `seat` decides.
    fn labels(&self, seat: Seat) -> Vec<String> {
        if self.decider() != Some(seat) {
            return Vec::new();
        }
        self.options()
            .iter()
            .map(|&c| self.label(c, seat))
            .collect()
    }

    /// What `seat` may know of `events` (a decision's), as programs read it (JSON):
    /// by default nothing, for a ruleset without an event stream.
    fn seen_events(_events: &[Self::Event], _seat: Seat) -> serde_json::Value {
        serde_json::Value::Array(Vec::new())
    }

    /// The game as programs play it: no play can be taken back (a person's undo), so no
    /// such option is offered, whatever the setup allowed.
    fn without_undo(&mut self) {}

    // For simulations and matches: each has a plain default.

    /// How the game ended, once it is over: by default, as its players set out to win.
    fn ending(&self) -> Option<Ending> {
        self.winners().map(|_| Ending::Won)
    }

    /// The seats that lost the game first (together), once it is over: by default every
    /// seat that did not win. The first of a match's next game is theirs to choose.
    fn first_to_lose(&self) -> Vec<Seat> {
        match self.winners() {
            Some(winners) if !winners.is_empty() => (0..self.seats() as Seat)
                .filter(|s| !winners.contains(s))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The lessons of a first game (`epic learn`), in the order they are played: none
    /// where the ruleset has not written any.
    fn lessons() -> Vec<crate::lesson::Lesson<Self>>
    where
        Self: Sized,
    {
        Vec::new()
    }

    /// The rule that makes matches part of the game ([`crate::series`]), if its rules
    /// have them: a match of games is offered only then.
    const MATCH_RULE: Option<&'static str> = None;

    /// The setup of a match's next game: the same seats and decks, dealt from `seed`,
    /// `first` taking the first turn (`None`: drawn). Refused where the rules have no
    /// matches ([`Ruleset::MATCH_RULE`]).
    fn rematch(
        _setup: &Self::Setup,
        _seed: u64,
        _first: Option<Seat>,
    ) -> Result<Self::Setup, SetupError> {
        Err(SetupError::new(format!(
            "the rules of the {} have no matches",
            Self::TITLE
        )))
    }

    /// A seat's deck and sideboard in a setup, where the rules give the players of a
    /// match sideboards to swap cards with between its games (the classic T-15.1);
    /// `None` where they do not.
    fn sideboarded(_setup: &Self::Setup, _seat: Seat) -> Option<Sideboarded> {
        None
    }

    /// `setup` with seat `seat` playing `list`, its deck and sideboard with cards swapped
    /// between them, checked as a new game's decks are; refused where the rules have no
    /// sideboards.
    fn with_sideboarded(
        _setup: &Self::Setup,
        _seat: Seat,
        _list: &Sideboarded,
    ) -> Result<Self::Setup, SetupError> {
        Err(SetupError::new(format!(
            "the rules of the {} have no sideboards",
            Self::TITLE
        )))
    }

    /// The cards `seat` brought to the game (its deck as dealt, tokens aside), by name,
    /// for studies of how decks that held a card did; empty where it is not known yet
    /// (a deck still being drafted).
    fn deck_cards(&self, seat: Seat) -> Vec<String>;

    // For a person at a table ([`crate::table`]): each has a plain default, which a
    // ruleset refines where its rules give a player more.

    /// The moments at which a person may choose to be asked whether to act, or else be
    /// passed for ([`Stops`]); none: they are asked whenever they may act.
    const MOMENTS: &'static [Moment] = &[];

    /// Who sits where, told at the start of a game to `voice`'s viewer.
    fn introduction(setup: &Self::Setup, voice: &Voice) -> String {
        seated(Self::TITLE, &Self::players(setup), voice)
    }

    /// The pending decision as its decider (`voice`'s viewer) reads it at a table;
    /// `None` when it is not theirs. By default every option as [`Ruleset::asked`]
    /// words it.
    fn listing(played: &Played<Self>, voice: &Voice) -> Option<Listing> {
        played
            .game
            .asked(voice)
            .filter(|a| voice.viewer == Some(a.seat))
            .map(Listing::of_asked)
    }

    /// The decision taken for `voice`'s viewer without asking them, when it is theirs:
    /// by default the only option there is.
    fn automatic(&self, voice: &Voice, _stops: Stops) -> Option<Automatic<Self::Choice>> {
        if voice.viewer.is_none() || voice.viewer != self.decider() {
            return None;
        }
        match self.options() {
            [only] => Some(Automatic {
                choice: *only,
                line: None,
                passed_at: None,
            }),
            _ => None,
        }
    }

    /// The option that takes back the decider's last decision, or why there is none.
    fn undo(&self) -> Result<Self::Choice, String> {
        Err("There is no undo in this game: a decision taken is final.".into())
    }

    /// What `voice`'s viewer did over the whole game, told at its end.
    fn summary(_played: &Played<Self>, _voice: &Voice) -> Option<String> {
        None
    }

    /// The discard piles, for a board that does not show them whole.
    fn discards(&self, _voice: &Voice) -> Option<Page> {
        None
    }

    /// The names of the cards `voice`'s viewer sees, which a name fitting several cards
    /// is taken to mean first.
    fn in_sight(&self, _voice: &Voice) -> Vec<String> {
        Vec::new()
    }

    /// The symbols and keywords printed on its cards, with their meanings.
    fn glossary() -> Option<String> {
        None
    }

    /// The game a scenario sets up (docs/scenarios.md): its setup statements in order,
    /// after its `ruleset` line. Every mistake is reported, each with its line; the
    /// header's line when the position as a whole cannot be played. The default: this
    /// ruleset has no scenarios.
    fn scenario_position(
        header: usize,
        _statements: &[crate::scenario::Statement],
    ) -> Result<Self, Vec<crate::scenario::Mistake>> {
        Err(vec![crate::scenario::Mistake {
            line: header,
            message: format!("the {} game has no scenarios", Self::TITLE),
        }])
    }

    /// Checks one expectation only this ruleset reads (a player's health, a card's
    /// place), written without its `expect`: `None` when it is no expectation of this
    /// ruleset, else `Err` with what was found instead.
    fn scenario_expect(&self, _expectation: &str) -> Option<Result<(), String>> {
        None
    }
}
