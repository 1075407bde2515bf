//! The one registry of rulesets, the `VariantPosition` of this project: a game under
//! any of them, chosen at run time by name ([`AnyPlayed`]), with its setup and
//! decisions, its saves, its words for every seat and the bots that play it. The command
//! line's `--ruleset`, the server's stored games, saved games' headers and the Python
//! package go through it; nothing else names a ruleset.
//!
//! Adding a ruleset is a variant in [`AnyPlayed`] and [`AnyTaken`] and in the list of
//! `variants!`, its name in [`RULESETS`] and the matches by name (`by_name!`,
//! [`AnyPlayed::start`], [`AnyPlayed::from_save`], [`format_of`]), a call in
//! [`visit_rulesets`] and [`rulesets`], and its bots and adviser in `seated.rs`.

use epic_classic::ClassicGame;
use epic_engine::formats::drafted::DraftedGame;
use epic_engine::Game;
use epic_game::save::{ruleset_of, SaveFile};
use epic_game::series::Sideboarded;
use epic_game::words::{Asked, Line, Outcome, Page, Voice};
use epic_game::{
    DeckRequest, Picker, Played, Ruleset, Seat, SetupError, State, TableRequest, Taken,
};
use epic_multiverse::MultiverseGame;
use serde::Serialize;

/// The rulesets a program may name, as `--ruleset` and the server's API take them.
pub const RULESETS: [&str; 3] = [
    <Game as Ruleset>::NAME,
    <ClassicGame as Ruleset>::NAME,
    <MultiverseGame as Ruleset>::NAME,
];

/// Something done to each ruleset at its own type (a test, a benchmark):
/// [`visit_rulesets`] calls it for every one the registry lists, so that a new ruleset
/// is covered without new code.
pub trait RulesetVisitor {
    fn visit<R: Ruleset>(&mut self);
}

/// Calls `visitor` for every registered ruleset (a drafted 2017 game is one of them).
pub fn visit_rulesets(visitor: &mut impl RulesetVisitor) {
    visitor.visit::<Game>();
    visitor.visit::<DraftedGame>();
    visitor.visit::<ClassicGame>();
    visitor.visit::<MultiverseGame>();
}

/// What a program may ask of one ruleset: its decks, formats (and those whose decks are
/// drafted at the table first) and variants, by name.
#[derive(Clone, Debug, Serialize)]
pub struct RulesetInfo {
    pub name: &'static str,
    pub title: &'static str,
    /// What a card's cost is counted in ("gold").
    pub cost_unit: &'static str,
    pub decks: Vec<&'static str>,
    /// The fixed decks a new table deals its seats in turn.
    pub usual_decks: Vec<&'static str>,
    pub formats: Vec<String>,
    pub drafts: Vec<String>,
    pub variants: Vec<&'static str>,
    /// What the `N` of a variant that takes a number stands for.
    pub variant_numbers: Vec<epic_game::NumberAsked>,
}

fn info<R: Ruleset>(drafts: Vec<String>) -> RulesetInfo {
    RulesetInfo {
        name: R::NAME,
        title: R::TITLE,
        cost_unit: R::COST_UNIT,
        decks: R::deck_names(),
        usual_decks: R::usual_decks(),
        formats: R::format_names(),
        drafts,
        variants: R::variant_names(),
        variant_numbers: R::variant_numbers(),
    }
}

/// Every ruleset a program may name, with what a game of it may ask for.
pub fn rulesets() -> Vec<RulesetInfo> {
    vec![
        info::<Game>(DraftedGame::format_names()),
        info::<ClassicGame>(Vec::new()),
        info::<MultiverseGame>(Vec::new()),
    ]
}

/// Runs `$body` with `$R` the type of the ruleset named `$name` (as programs name it),
/// or answers that there is none: the one place that maps names to rulesets.
macro_rules! by_name {
    ($name:expr, $R:ident => $body:expr) => {
        match $name {
            "2017" => {
                type $R = Game;
                Ok($body)
            }
            "classic" => {
                type $R = ClassicGame;
                Ok($body)
            }
            "multiverse" => {
                type $R = MultiverseGame;
                Ok($body)
            }
            other => Err(unknown(other)),
        }
    };
}

/// Calls `visitor` for the ruleset named `name` (a 2017 game that is drafted is the
/// 2017 game here).
pub fn visit_ruleset(name: &str, visitor: &mut impl RulesetVisitor) -> Result<(), SetupError> {
    by_name!(name, R => visitor.visit::<R>())
}

/// Every card of the ruleset `name`, tokens included.
pub fn cards(name: &str) -> Result<Vec<epic_game::CardInfo>, SetupError> {
    by_name!(name, R => R::cards())
}

/// The moments a person at a table of the ruleset `name` may choose to be asked at.
pub fn moments(name: &str) -> Result<&'static [epic_game::table::Moment], SetupError> {
    by_name!(name, R => R::MOMENTS)
}

/// What a keyword or symbol of the ruleset `name` means, if `word` names one.
pub fn explain(name: &str, word: &str) -> Result<Option<String>, SetupError> {
    by_name!(name, R => R::explain(word))
}

/// A deck list checked against a format of the ruleset `name`.
pub fn check_deck(
    name: &str,
    source: &str,
    format: Option<&str>,
    list: &str,
) -> Result<epic_game::DeckCheck, SetupError> {
    by_name!(name, R => R::check_deck(source, format, list))?
}

/// The rulesets that have a format named `format`.
pub fn rulesets_with_format(format: &str) -> Vec<&'static str> {
    RULESETS
        .into_iter()
        .filter(|&name| by_name!(name, R => R::has_format(format)).unwrap_or(false))
        .collect()
}

/// Why `format`, nearly a format of some ruleset, is not one
/// ([`Ruleset::format_mistake`]).
pub fn format_mistake(format: &str) -> Option<String> {
    RULESETS.into_iter().find_map(|name| {
        by_name!(name, R => R::format_mistake(format))
            .ok()
            .flatten()
    })
}

/// The rulesets that have a variant named `variant`.
pub fn rulesets_with_variant(variant: &str) -> Vec<&'static str> {
    RULESETS
        .into_iter()
        .filter(|&name| by_name!(name, R => R::has_variant(variant)).unwrap_or(false))
        .collect()
}

/// The rulesets whose rules have matches of several games ([`Ruleset::MATCH_RULE`]).
pub fn rulesets_with_matches() -> Vec<&'static str> {
    RULESETS
        .into_iter()
        .filter(|&name| by_name!(name, R => R::MATCH_RULE.is_some()).unwrap_or(false))
        .collect()
}

/// What a program may ask of the ruleset `name`.
pub fn ruleset(name: &str) -> Result<RulesetInfo, SetupError> {
    rulesets()
        .into_iter()
        .find(|r| r.name == name)
        .ok_or_else(|| unknown(name))
}

/// The cards of the deck `spec` (one of the ruleset's decks by name, or a deck-list
/// file) by name, as the ruleset named `ruleset` deals it to a seat of a game dealt from
/// `seed`: a deck dealt at random is the one that game would deal.
pub fn deck_cards(ruleset: &str, spec: &str, seed: u64) -> Result<Vec<String>, SetupError> {
    fn dealt<R: Ruleset>(request: &TableRequest) -> Result<Vec<String>, SetupError> {
        Ok(R::start(&R::setup(request)?)?.deck_cards(0))
    }
    let mut request = TableRequest::of(2, seed);
    request.seats[0].deck = deck_request(ruleset, spec)?;
    by_name!(ruleset, R => dealt::<R>(&request))?
}

/// A game under any ruleset, with its setup and every decision taken.
#[derive(Clone, Debug)]
pub enum AnyPlayed {
    /// The 2017 game (the Complete Rules, with the 2015 formats).
    Epic(Box<Played<Game>>),
    /// A 2017 game whose decks are drafted at the table first.
    Drafted(Box<Played<DraftedGame>>),
    /// The 2009 game.
    Classic(Box<Played<ClassicGame>>),
    /// The multiverse rulebook's game.
    Multiverse(Box<Played<MultiverseGame>>),
}

/// A decision taken on a copy of a game of any ruleset ([`AnyPlayed::after`]).
#[derive(Clone, Debug)]
pub enum AnyTaken {
    Epic(Box<Taken<Game>>),
    Drafted(Box<Taken<DraftedGame>>),
    Classic(Box<Taken<ClassicGame>>),
    Multiverse(Box<Taken<MultiverseGame>>),
}

/// The variants of [`AnyPlayed`] and [`AnyTaken`]: the one list of them, which the
/// macros below expand over (`$then` is called with the list, then its own arguments).
macro_rules! variants {
    ($then:ident!($($args:tt)*)) => {
        $then!([Epic, Drafted, Classic, Multiverse] $($args)*)
    };
}

/// Runs `$body` with `$p` bound to the [`Played`] inside an [`AnyPlayed`], whatever its
/// ruleset.
macro_rules! each {
    ($played:expr, $p:ident => $body:expr) => {
        variants!(each_of!($played, $p => $body))
    };
}

macro_rules! each_of {
    ([$($V:ident),*] $played:expr, $p:ident => $body:expr) => {
        match $played {
            $(AnyPlayed::$V($p) => $body,)*
        }
    };
}

/// The [`AnyPlayed`] of the same ruleset as `$played` whose game `$body` makes, with
/// `$p` bound to the [`Played`] inside `$played`.
macro_rules! rebuilt {
    ($played:expr, $p:ident => $body:expr) => {
        variants!(rebuilt_of!($played, $p => $body))
    };
}

macro_rules! rebuilt_of {
    ([$($V:ident),*] $played:expr, $p:ident => $body:expr) => {
        match $played {
            $(AnyPlayed::$V($p) => AnyPlayed::$V(Box::new($body)),)*
        }
    };
}

/// The [`AnyTaken`] of the same ruleset as `$played` that `$body` takes, with `$p`
/// bound to the [`Played`] inside `$played`.
macro_rules! taken {
    ($played:expr, $p:ident => $body:expr) => {
        variants!(taken_of!($played, $p => $body))
    };
}

macro_rules! taken_of {
    ([$($V:ident),*] $played:expr, $p:ident => $body:expr) => {
        match $played {
            $(AnyPlayed::$V($p) => AnyTaken::$V(Box::new($body)),)*
        }
    };
}

/// Runs `$body` with `$p` and `$t` bound to a game and a decision taken on it, when
/// both are of one ruleset; `$otherwise` when not.
macro_rules! paired {
    ($played:expr, $taken:expr, $p:ident, $t:ident => $body:expr, $otherwise:expr) => {
        variants!(paired_of!($played, $taken, $p, $t => $body, $otherwise))
    };
}

macro_rules! paired_of {
    ([$($V:ident),*] $played:expr, $taken:expr, $p:ident, $t:ident => $body:expr, $otherwise:expr) => {
        match ($played, $taken) {
            $((AnyPlayed::$V($p), AnyTaken::$V($t)) => $body,)*
            #[allow(unreachable_patterns)]
            _ => $otherwise,
        }
    };
}

/// Runs `$body` with `$p` bound to the [`Played`] inside an [`AnyPlayed`] whose ruleset
/// learning programs read as numbers ([`epic_game::actions::Tensors`]); a drafted game
/// has no tensors until its draft is over, and is refused.
macro_rules! learned {
    ($played:expr, $p:ident => $body:expr) => {
        match $played {
            AnyPlayed::Epic($p) => Ok($body),
            AnyPlayed::Classic($p) => Ok($body),
            AnyPlayed::Multiverse($p) => Ok($body),
            AnyPlayed::Drafted(_) => Err(crate::learning::no_tensors()),
        }
    };
}

mod decks;
mod learning;
mod seated;
mod table;
pub use decks::{deck_request, deck_source_among, DeckSource};
pub use learning::{with_learning_table, LearningVisitor};
pub use seated::{with_table, Hint, SeatBot, Seated, TableVisitor};

/// Runs `$body` with `$t` bound to the [`Taken`] inside an [`AnyTaken`].
macro_rules! each_taken {
    ($taken:expr, $t:ident => $body:expr) => {
        variants!(each_taken_of!($taken, $t => $body))
    };
}

macro_rules! each_taken_of {
    ([$($V:ident),*] $taken:expr, $t:ident => $body:expr) => {
        match $taken {
            $(AnyTaken::$V($t) => $body,)*
        }
    };
}

/// What one viewer is shown of a game now, all from what they may see.
#[derive(Clone, Debug, Serialize)]
pub struct Seen {
    /// The board as JSON, written once: the server sends it as it is.
    pub board: Box<serde_json::value::RawValue>,
    pub asked: Option<Asked>,
    pub outcome: Option<Outcome>,
}

fn unknown(ruleset: &str) -> SetupError {
    SetupError::new(format!(
        "unknown ruleset '{ruleset}'; the rulesets are {}",
        RULESETS.join(", ")
    ))
}

fn shown(game: &impl Ruleset, voice: &Voice, asking: bool) -> Seen {
    Seen {
        board: serde_json::value::to_raw_value(&game.board(voice))
            .unwrap_or_else(|_| serde_json::value::RawValue::NULL.to_owned()),
        asked: asking.then(|| game.asked(voice)).flatten(),
        outcome: game.result_for(voice),
    }
}

impl AnyPlayed {
    /// A new game of `ruleset` as `request` asks for it; a 2017 game in a drafted format
    /// begins with its draft.
    pub fn request(ruleset: &str, request: &TableRequest) -> Result<AnyPlayed, SetupError> {
        struct Start<'a>(&'a TableRequest);
        impl TableVisitor for Start<'_> {
            type Output = Result<AnyPlayed, SetupError>;
            fn visit<R: Seated>(self) -> Self::Output {
                Ok(R::any(Played::start(R::setup(self.0)?)?))
            }
        }
        with_table(ruleset, request, Start(request))?
    }

    /// [`AnyPlayed::request`], where a person at the table picks cards while it is
    /// dealt (a classic draft), each pick asked of `pick`
    /// ([`Ruleset::setup_picked`]); `None`: they left.
    pub fn request_picked(
        ruleset: &str,
        request: &TableRequest,
        pick: &mut Picker,
    ) -> Result<Option<AnyPlayed>, SetupError> {
        struct Start<'a, 'p>(&'a TableRequest, &'a mut Picker<'p>);
        impl TableVisitor for Start<'_, '_> {
            type Output = Result<Option<AnyPlayed>, SetupError>;
            fn visit<R: Seated>(self) -> Self::Output {
                match R::setup_picked(self.0, self.1)? {
                    Some(setup) => Ok(Some(R::any(Played::start(setup)?))),
                    None => Ok(None),
                }
            }
        }
        with_table(ruleset, request, Start(request, pick))?
    }

    /// The game at its start, from its ruleset's name and its setup as kept (JSON): a
    /// 2017 setup is a game's, or the draft's its decks come from.
    pub fn start(ruleset: &str, setup: &str) -> Result<AnyPlayed, SetupError> {
        fn kept<R: Ruleset>(setup: &str) -> Result<Box<Played<R>>, SetupError> {
            let setup = serde_json::from_str(setup)
                .map_err(|e| SetupError::new(format!("its setup: {e}")))?;
            Ok(Box::new(Played::start(setup)?))
        }
        match ruleset {
            // A 2017 setup is a game's, or else the draft's its decks come from.
            "2017" => match kept(setup) {
                Ok(game) => Ok(AnyPlayed::Epic(game)),
                Err(e) => kept(setup).map(AnyPlayed::Drafted).map_err(|_| e),
            },
            "classic" => Ok(AnyPlayed::Classic(kept(setup)?)),
            "multiverse" => Ok(AnyPlayed::Multiverse(kept(setup)?)),
            other => Err(unknown(other)),
        }
    }

    /// A saved game of any ruleset (its header says which), replayed to its end or to
    /// its first `upto` decisions.
    pub fn from_save(
        source_name: &str,
        text: &str,
        upto: Option<usize>,
    ) -> Result<AnyPlayed, SetupError> {
        fn replay<R: Ruleset>(
            source_name: &str,
            text: &str,
            upto: Option<usize>,
        ) -> Result<Played<R>, SetupError> {
            let file = SaveFile::<R>::parse(source_name, text)?;
            Played::replay(&file, upto, |_, _| {})
        }
        let ruleset = ruleset_of(source_name, text)?;
        match ruleset.as_str() {
            "2017" => Ok(AnyPlayed::Epic(Box::new(replay(source_name, text, upto)?))),
            "classic" => Ok(AnyPlayed::Classic(Box::new(replay(
                source_name,
                text,
                upto,
            )?))),
            "multiverse" => Ok(AnyPlayed::Multiverse(Box::new(replay(
                source_name,
                text,
                upto,
            )?))),
            other => Err(SetupError::new(format!(
                "{source_name}: a saved game of ruleset '{other}', which this program does not \
                 know (it reads {})",
                RULESETS.join(", ")
            ))),
        }
    }

    /// The ruleset's name, as the API and saves give it (a drafted game is a 2017 one).
    pub fn ruleset(&self) -> &'static str {
        fn name<R: Ruleset>(_: &Played<R>) -> &'static str {
            R::NAME
        }
        match self {
            AnyPlayed::Drafted(_) => <Game as Ruleset>::NAME,
            _ => each!(self, p => name(p)),
        }
    }

    /// The same game before any decision, seat `seat` playing `deck` instead: a player
    /// joining a game that has not begun brings their own deck, checked as its
    /// creator's were.
    pub fn with_deck(&self, seat: Seat, deck: &DeckRequest) -> Result<AnyPlayed, SetupError> {
        fn reseated<R: Ruleset>(
            p: &Played<R>,
            seat: Seat,
            deck: &DeckRequest,
        ) -> Result<Played<R>, SetupError> {
            if p.decisions() > 0 {
                return Err(SetupError::new("the game has begun: its decks are dealt"));
            }
            Played::start(R::with_deck(&p.setup, seat, deck)?)
        }
        Ok(rebuilt!(self, p => reseated(p, seat, deck)?))
    }

    /// Records the game, once it is over, in a match of its ruleset's games ([`epic_game::series::Match`]):
    /// a win for its winner, and who chooses the next game's first player.
    pub fn record_in(&self, series: &mut epic_game::series::Match) {
        each!(self, p => series.record(&p.game))
    }

    /// The next game of a match: the same seats, dealt from `seed`, `first` taking the
    /// first turn (`None`: drawn), with the same decks, or each seat's of `decks` (its
    /// deck and sideboard after the swaps between games) where the rules have
    /// sideboards; refused where the rules have no matches.
    pub fn rematch(
        &self,
        seed: u64,
        first: Option<Seat>,
        decks: &[Sideboarded],
    ) -> Result<AnyPlayed, SetupError> {
        fn next<R: Ruleset>(
            p: &Played<R>,
            seed: u64,
            first: Option<Seat>,
            decks: &[Sideboarded],
        ) -> Result<Played<R>, SetupError> {
            let mut setup = R::rematch(&p.setup, seed, first)?;
            for (seat, list) in decks.iter().enumerate() {
                setup = R::with_sideboarded(&setup, seat as Seat, list)?;
            }
            Played::start(setup)
        }
        Ok(rebuilt!(self, p => next(p, seed, first, decks)?))
    }

    /// Seat `seat`'s deck and sideboard, where the rules give a match's players
    /// sideboards ([`Ruleset::sideboarded`]).
    pub fn sideboarded(&self, seat: Seat) -> Option<Sideboarded> {
        each!(self, p => sideboarded_of(p, seat))
    }

    /// The format the game's decks follow, by name (`None`: any deck).
    pub fn format(&self) -> Option<String> {
        fn format<R: Ruleset>(p: &Played<R>) -> Option<String> {
            R::format_of(&p.setup)
        }
        each!(self, p => format(p))
    }

    /// Who plays each seat, and with which deck.
    pub fn players(&self) -> Vec<epic_game::SeatPlayer> {
        fn players<R: Ruleset>(p: &Played<R>) -> Vec<epic_game::SeatPlayer> {
            R::players(&p.setup)
        }
        each!(self, p => players(p))
    }

    /// The setup as kept (JSON).
    pub fn setup_json(&self) -> String {
        each!(self, p => serde_json::to_string(&p.setup).unwrap_or_default())
    }

    /// The seed the game was dealt from, which also seeds its bots.
    pub fn seed(&self) -> u64 {
        fn seed<R: Ruleset>(p: &Played<R>) -> u64 {
            R::seed(&p.setup)
        }
        each!(self, p => seed(p))
    }

    /// How many decisions have been taken.
    pub fn decisions(&self) -> usize {
        each!(self, p => p.decisions())
    }

    /// The seat that decides now; `None` once the game is over.
    pub fn decider(&self) -> Option<Seat> {
        each!(self, p => p.game.decider())
    }

    /// How many options the pending decision has.
    pub fn option_count(&self) -> usize {
        each!(self, p => p.game.options().len())
    }

    pub fn is_over(&self) -> bool {
        self.decider().is_none()
    }

    /// How many seats the game has.
    pub fn seats(&self) -> usize {
        each!(self, p => p.game.seats())
    }

    /// Option `option` of the pending decision, taken on a copy of the game.
    pub fn after(&self, option: usize) -> Result<AnyTaken, SetupError> {
        Ok(taken!(self, p => p.after(option)?))
    }

    /// `seat` concedes (rule 1.2.2), whoever is deciding, on a copy of the game.
    pub fn conceded(&self, seat: Seat) -> Result<AnyTaken, SetupError> {
        if usize::from(seat) >= self.seats() {
            return Err(SetupError::new(format!("there is no seat {}", seat + 1)));
        }
        Ok(taken!(self, p => p.conceded(seat)?))
    }

    /// Decision number `n` as it was kept (JSON), taken on a copy of the game.
    pub fn after_record(&self, n: usize, record: &str) -> Result<AnyTaken, SetupError> {
        fn read<R: Ruleset>(p: &Played<R>, record: &str) -> Result<Taken<R>, SetupError> {
            let record: R::Record = serde_json::from_str(record)
                .map_err(|e| SetupError::new(format!("it cannot be read: {e}")))?;
            p.after_record(&record)
        }
        let taken = || Ok(taken!(self, p => read(p, record)?));
        taken().map_err(|e: SetupError| e.within(format!("decision {n}")))
    }

    /// The log lines of `taken` (a decision taken on this game) for each of `voices`.
    pub fn told(&self, taken: &AnyTaken, voices: &[Voice]) -> Vec<Vec<Line>> {
        fn tell<R: Ruleset>(p: &Played<R>, t: &Taken<R>, voices: &[Voice]) -> Vec<Vec<Line>> {
            voices
                .iter()
                .map(|v| p.game.tell(t.choice, &t.events, v))
                .collect()
        }
        paired!(self, taken, p, t => tell(p, t, voices), vec![Vec::new(); voices.len()])
    }

    /// Makes a decision taken on a copy of this game its own; one taken on a game of
    /// another ruleset is refused.
    pub fn take(&mut self, taken: AnyTaken) -> Result<(), SetupError> {
        paired!(self, taken, p, t => { p.take(*t); Ok(()) },
            Err(SetupError::new("a decision taken on another game")))
    }

    /// What `voice`'s viewer is told before the first decision.
    pub fn opening(&self, voice: &Voice) -> Vec<Line> {
        each!(self, p => Ruleset::opening(&p.game, voice))
    }

    /// What `voice`'s viewer is shown now: the board, the pending decision (when
    /// `asking`; its options only if it is theirs) and the result.
    pub fn seen(&self, voice: &Voice, asking: bool) -> Seen {
        each!(self, p => shown(&p.game, voice, asking))
    }

    /// The board as text for `voice`'s viewer, as a terminal lays it out.
    pub fn page(&self, voice: &Voice) -> Page {
        each!(self, p => Ruleset::page(&p.game, voice))
    }

    /// Every decision taken so far, as kept (JSON).
    pub fn records_json(&self) -> Vec<String> {
        each!(self, p => p
            .records
            .iter()
            .map(|r| serde_json::to_string(r).unwrap_or_default())
            .collect())
    }

    /// The same game before its first decision.
    pub fn at_start(&self) -> Result<AnyPlayed, SetupError> {
        Ok(rebuilt!(self, p => Played::start(p.setup.clone())?))
    }

    /// The digest of the game's whole state, as saves keep it: equal digests, equal
    /// games.
    pub fn digest_hex(&self) -> String {
        each!(self, p => epic_game::save::digest_hex(p.game.digest()))
    }

    /// What `viewer` may see, as programs read it (JSON).
    pub fn view_json(&self, viewer: Option<Seat>) -> serde_json::Value {
        each!(self, p => serde_json::to_value(Ruleset::view(&p.game, viewer)).unwrap_or_default())
    }

    /// The game as a saved game (`docs/saves.md`); a drafted game is saved as the game
    /// its decks made, once they are built.
    pub fn save_text(&self) -> Result<String, SetupError> {
        match self {
            AnyPlayed::Epic(p) => Ok(p.save_file().to_text()),
            AnyPlayed::Classic(p) => Ok(p.save_file().to_text()),
            AnyPlayed::Multiverse(p) => Ok(p.save_file().to_text()),
            AnyPlayed::Drafted(p) => {
                let setup = p.game.game_setup().ok_or_else(|| {
                    SetupError::new("the game is still being drafted: it has no save yet")
                })?;
                // The game's decisions follow the draft's, which name cards.
                let decisions = p.records[p.game.draft_decisions()..]
                    .iter()
                    .map(|r| serde_json::from_value(r.0.clone()))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| SetupError::new(format!("a decision of the game: {e}")))?;
                let game = p
                    .game
                    .game()
                    .ok_or_else(|| SetupError::new("the game is still being drafted"))?;
                let file = SaveFile::<Game> {
                    format: epic_game::save::FORMAT.into(),
                    version: epic_game::save::VERSION,
                    ruleset: None,
                    setup,
                    decisions,
                    digest: epic_game::save::digest_hex(game.digest()),
                };
                Ok(file.to_text())
            }
        }
    }

    /// The option the bot `level` takes now, seeded with `seed`; `None` for a name no
    /// bot has, or a game that is over.
    pub fn bot_option(&self, level: &str, seed: u64) -> Option<usize> {
        bot_choice(self, level, seed)
    }
}

/// The format a game's kept setup (JSON, under `ruleset`) names, read without making the
/// game; `None` for none, or a setup that cannot be read.
pub fn format_of(ruleset: &str, setup: &str) -> Option<String> {
    fn read<R: Ruleset>(setup: &str) -> Option<String> {
        R::format_of(&serde_json::from_str::<R::Setup>(setup).ok()?)
    }
    match ruleset {
        "2017" => read::<Game>(setup).or_else(|| read::<DraftedGame>(setup)),
        "classic" => read::<ClassicGame>(setup),
        "multiverse" => read::<MultiverseGame>(setup),
        _ => None,
    }
}

/// The option the bot named `level` takes in `played` now, seeded with `seed`.
pub fn bot_choice(played: &AnyPlayed, level: &str, seed: u64) -> Option<usize> {
    played.seat_bot(level, seed, 1).ok()?.choose(played)
}

impl AnyTaken {
    /// The decision as it is kept (JSON).
    pub fn record_json(&self) -> String {
        each_taken!(self, t => serde_json::to_string(&t.record).unwrap_or_default())
    }

    /// The seat whose decision it was (a concession's: the conceding seat).
    pub fn by(&self) -> Seat {
        each_taken!(self, t => t.by)
    }

    pub fn is_over(&self) -> bool {
        each_taken!(self, t => t.game.decider().is_none())
    }

    /// The winners once the game is over.
    pub fn winners(&self) -> Option<Vec<Seat>> {
        each_taken!(self, t => t.game.winners().map(<[Seat]>::to_vec))
    }

    /// The turn the game is in after the decision.
    pub fn turn(&self) -> u32 {
        each_taken!(self, t => Ruleset::turn(&t.game))
    }
}

fn sideboarded_of<R: Ruleset>(p: &Played<R>, seat: Seat) -> Option<Sideboarded> {
    R::sideboarded(&p.setup, seat)
}
