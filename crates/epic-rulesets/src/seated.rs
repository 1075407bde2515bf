//! Every ruleset with its bots ([`Seated`]): the bots that sit at a table's other seats
//! ([`SeatBot`]), the adviser behind a hint ([`Hint`]), and [`with_table`], which runs
//! code written once over a ruleset's own type, at full speed (a simulation of many
//! games), for the ruleset a table is asked under.

use crate::table::position;
use crate::{unknown, AnyPlayed, LearningVisitor};
use epic_bots::drafter::DraftedPlayer;
use epic_bots::players::{Player, RulesetEval};
use epic_bots::search::{SearchConfig, SearchResult};
use epic_bots::UnknownBot;
use epic_classic::Choice as ClassicChoice;
use epic_classic::ClassicGame;
use epic_engine::formats::draft::DraftFormat;
use epic_engine::formats::drafted::{DraftedChoice, DraftedGame};
use epic_engine::{Choice, Game};
use epic_game::{Played, Ruleset, SetupError, State, TableRequest};
use epic_multiverse::{Choice as MultiverseChoice, MultiverseGame};

/// A registered ruleset with the bots that play it.
pub trait Seated: Ruleset {
    /// The bot named `name` (`random`, `greedy`, `ismcts`, `ismcts@N` and the levels)
    /// for a seat, seeded with `seed`; a search grows `threads` trees.
    fn player(name: &str, seed: u64, threads: usize) -> Result<Box<dyn Player<Self>>, UnknownBot>;

    /// What a search with `config` would take for the seat deciding now, from what that
    /// seat may know alone; `None` when no one decides or the ruleset has no adviser.
    fn advise(&self, config: &SearchConfig, seed: u64) -> Option<SearchResult<Self::Choice>>;

    /// The game as a game of any ruleset.
    fn any(played: Played<Self>) -> AnyPlayed;

    /// The game inside `any`, if it is of this ruleset.
    fn of(any: &AnyPlayed) -> Option<&Played<Self>>;

    /// Runs `visitor` at this ruleset's type if learning programs read it as numbers
    /// ([`Tensors`]); else says why not.
    fn learned<V: LearningVisitor>(visitor: V) -> Result<V::Output, SetupError>;
}

impl Seated for Game {
    fn player(name: &str, seed: u64, threads: usize) -> Result<Box<dyn Player<Game>>, UnknownBot> {
        Ok(Box::new(epic_bots::bot_by_name_threaded(
            name, seed, threads,
        )?))
    }

    fn advise(&self, config: &SearchConfig, seed: u64) -> Option<SearchResult<Choice>> {
        epic_bots::IsmctsBot::new("hard", config.clone(), seed).think(self)
    }

    fn any(played: Played<Game>) -> AnyPlayed {
        AnyPlayed::Epic(Box::new(played))
    }

    fn of(any: &AnyPlayed) -> Option<&Played<Game>> {
        match any {
            AnyPlayed::Epic(p) => Some(p),
            _ => None,
        }
    }

    fn learned<V: LearningVisitor>(visitor: V) -> Result<V::Output, SetupError> {
        Ok(visitor.visit::<Game>())
    }
}

impl Seated for DraftedGame {
    fn player(
        name: &str,
        seed: u64,
        threads: usize,
    ) -> Result<Box<dyn Player<DraftedGame>>, UnknownBot> {
        Ok(Box::new(DraftedPlayer::by_name(name, seed, threads)?))
    }

    /// No adviser yet: a draft's picks are the drafters' to rate.
    fn advise(&self, _config: &SearchConfig, _seed: u64) -> Option<SearchResult<DraftedChoice>> {
        None
    }

    fn any(played: Played<DraftedGame>) -> AnyPlayed {
        AnyPlayed::Drafted(Box::new(played))
    }

    fn of(any: &AnyPlayed) -> Option<&Played<DraftedGame>> {
        match any {
            AnyPlayed::Drafted(p) => Some(p),
            _ => None,
        }
    }

    /// No tensors while the draft lasts.
    fn learned<V: LearningVisitor>(_: V) -> Result<V::Output, SetupError> {
        Err(crate::learning::no_tensors())
    }
}

impl Seated for ClassicGame {
    /// The classic game's searches are single-threaded.
    fn player(
        name: &str,
        seed: u64,
        _threads: usize,
    ) -> Result<Box<dyn Player<ClassicGame>>, UnknownBot> {
        epic_bots::players::ruleset_player(name, seed)
    }

    fn advise(&self, config: &SearchConfig, seed: u64) -> Option<SearchResult<ClassicChoice>> {
        let seat = self.decider()?;
        epic_bots::search::search(self, seat, config, &RulesetEval, seed)
    }

    fn any(played: Played<ClassicGame>) -> AnyPlayed {
        AnyPlayed::Classic(Box::new(played))
    }

    fn of(any: &AnyPlayed) -> Option<&Played<ClassicGame>> {
        match any {
            AnyPlayed::Classic(p) => Some(p),
            _ => None,
        }
    }

    fn learned<V: LearningVisitor>(visitor: V) -> Result<V::Output, SetupError> {
        Ok(visitor.visit::<ClassicGame>())
    }
}

impl Seated for MultiverseGame {
    /// The multiverse game's searches are single-threaded.
    fn player(
        name: &str,
        seed: u64,
        _threads: usize,
    ) -> Result<Box<dyn Player<MultiverseGame>>, UnknownBot> {
        epic_bots::players::ruleset_player(name, seed)
    }

    fn advise(&self, config: &SearchConfig, seed: u64) -> Option<SearchResult<MultiverseChoice>> {
        let seat = self.decider()?;
        epic_bots::search::search(self, seat, config, &RulesetEval, seed)
    }

    fn any(played: Played<MultiverseGame>) -> AnyPlayed {
        AnyPlayed::Multiverse(Box::new(played))
    }

    fn of(any: &AnyPlayed) -> Option<&Played<MultiverseGame>> {
        match any {
            AnyPlayed::Multiverse(p) => Some(p),
            _ => None,
        }
    }

    fn learned<V: LearningVisitor>(visitor: V) -> Result<V::Output, SetupError> {
        Ok(visitor.visit::<MultiverseGame>())
    }
}

/// Code to run at the type of the ruleset a table is asked under ([`with_table`]).
pub trait TableVisitor {
    type Output;
    fn visit<R: Seated>(self) -> Self::Output;
}

/// Runs `visitor` at the type of the ruleset named `ruleset` as `request` asks for it:
/// a 2017 table in a drafted format, or with a Sealed pool to build from, is a
/// [`DraftedGame`].
pub fn with_table<V: TableVisitor>(
    ruleset: &str,
    request: &TableRequest,
    visitor: V,
) -> Result<V::Output, SetupError> {
    match ruleset {
        "2017" if drafted(request) => Ok(visitor.visit::<DraftedGame>()),
        "2017" => Ok(visitor.visit::<Game>()),
        "classic" => Ok(visitor.visit::<ClassicGame>()),
        "multiverse" => Ok(visitor.visit::<MultiverseGame>()),
        other => Err(unknown(other)),
    }
}

/// A drafted format, or any format with a pool (the draft says what is wrong).
fn drafted(request: &TableRequest) -> bool {
    let format = request.format.as_deref();
    format.is_some_and(|f| {
        DraftFormat::named(f).is_some_and(|d| d != DraftFormat::Sealed || request.pool.is_some())
    }) || (request.pool.is_some() && format.is_some())
}

/// What the hard AI would take in a seat, searching from what the seat may know alone.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The option it would take, numbered as the options are.
    pub option: usize,
    /// The seat's estimated chance to win by it, 0 to 1.
    pub value: f64,
    pub iterations: u64,
    pub seconds: f64,
    /// The next best options, most searched first, each with its chance to win.
    pub others: Vec<(usize, f64)>,
}

impl AnyPlayed {
    /// What the hard AI would take for the seat deciding now, on `threads` threads,
    /// seeded with `seed`; `None` when no one decides or the ruleset has no adviser.
    pub fn hint(&self, seed: u64, threads: usize) -> Option<Hint> {
        let config = SearchConfig {
            threads: threads.max(1),
            ..epic_bots::search_config("hard")?
        };
        fn advised<R: Seated>(p: &Played<R>, config: &SearchConfig, seed: u64) -> Option<Hint> {
            let r = p.game.advise(config, seed)?;
            let options = p.game.options();
            Some(Hint {
                option: position(options, r.choice)?,
                value: r.value,
                iterations: r.iterations,
                seconds: r.elapsed.as_secs_f64(),
                others: r
                    .root
                    .iter()
                    .skip(1)
                    .filter_map(|s| Some((position(options, s.choice)?, s.value)))
                    .collect(),
            })
        }
        each!(self, p => advised(p, &config, seed))
    }

    /// The bot named `name` for a seat of this game, seeded with `seed`, searching on
    /// `threads` threads.
    pub fn seat_bot(&self, name: &str, seed: u64, threads: usize) -> Result<SeatBot, SetupError> {
        fn sat<R: Seated>(
            _: &Played<R>,
            name: &str,
            seed: u64,
            threads: usize,
        ) -> Result<SeatBot, SetupError> {
            let player =
                R::player(name, seed, threads).map_err(|e| SetupError::new(e.to_string()))?;
            Ok(SeatBot(Box::new(Sitter(player))))
        }
        each!(self, p => sat(p, name, seed, threads))
    }
}

/// A bot sitting at one seat of a game of any ruleset, kept from one decision to the
/// next as a player keeps their seat.
pub struct SeatBot(Box<dyn Sitting>);

impl SeatBot {
    /// The option it takes in `played` now; `None` for a game of another ruleset, or
    /// one that is over.
    pub fn choose(&mut self, played: &AnyPlayed) -> Option<usize> {
        self.0.choose(played)
    }
}

/// A bot of one ruleset, asked through a game of any.
trait Sitting: Send {
    fn choose(&mut self, played: &AnyPlayed) -> Option<usize>;
}

struct Sitter<R: Seated>(Box<dyn Player<R>>);

impl<R: Seated> Sitting for Sitter<R> {
    fn choose(&mut self, played: &AnyPlayed) -> Option<usize> {
        let game = &R::of(played)?.game;
        game.decider()?;
        position(game.options(), self.0.choose(game))
    }
}
