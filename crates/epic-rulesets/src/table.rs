//! A game of any ruleset at a person's table: what each ruleset gives a player beyond the
//! board ([`epic_game::table`]), options named by number, the bots that sit at the other
//! seats ([`SeatBot`]) and the adviser behind a hint ([`Hint`]).

use crate::AnyPlayed;
use epic_bots::players::Player;
use epic_bots::search::SearchConfig;
use epic_classic::ClassicGame;
use epic_engine::formats::drafted::DraftedGame;
use epic_engine::Game;
use epic_game::table::{Automatic, Listing, Moment, Stops};
use epic_game::words::{Page, Voice};
use epic_game::{Played, Ruleset, SetupError, State};

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

/// The number of `choice` among `options`.
fn position<C: PartialEq>(options: &[C], choice: C) -> Option<usize> {
    options.iter().position(|c| *c == choice)
}

fn automatic<R: Ruleset>(p: &Played<R>, voice: &Voice, stops: Stops) -> Option<Automatic<usize>> {
    let a = p.game.automatic(voice, stops)?;
    Some(Automatic {
        choice: position(p.game.options(), a.choice)?,
        line: a.line,
        passed_at: a.passed_at,
    })
}

fn without<R: Ruleset>(p: &Played<R>, n: usize) -> Result<Played<R>, SetupError> {
    let mut rebuilt = Played::start(p.setup.clone())?;
    for (i, record) in p.records.iter().enumerate() {
        if i != n {
            let taken = rebuilt.after_record(record)?;
            rebuilt.take(taken);
        }
    }
    Ok(rebuilt)
}

fn moments<R: Ruleset>(_: &Played<R>) -> &'static [Moment] {
    R::MOMENTS
}

fn glossary<R: Ruleset>(_: &Played<R>) -> Option<String> {
    R::glossary()
}

impl AnyPlayed {
    /// Who sits where, told to `voice`'s viewer at the start.
    pub fn introduction(&self, voice: &Voice) -> String {
        fn introduce<R: Ruleset>(p: &Played<R>, voice: &Voice) -> String {
            R::introduction(&p.setup, voice)
        }
        each!(self, p => introduce(p, voice))
    }

    /// The pending decision as its decider (`voice`'s viewer) reads it at a table.
    pub fn listing(&self, voice: &Voice) -> Option<Listing> {
        fn list<R: Ruleset>(p: &Played<R>, voice: &Voice) -> Option<Listing> {
            R::listing(p, voice)
        }
        each!(self, p => list(p, voice))
    }

    /// The option taken for `voice`'s viewer without asking them, and what they are
    /// told of it ([`Ruleset::automatic`]).
    pub fn automatic(&self, voice: &Voice, stops: Stops) -> Option<Automatic<usize>> {
        each!(self, p => automatic(p, voice, stops))
    }

    /// The moments a person may choose to be asked at ([`Ruleset::MOMENTS`]).
    pub fn moments(&self) -> &'static [Moment] {
        each!(self, p => moments(p))
    }

    /// The option that takes back the decider's last decision, or why there is none.
    pub fn undo_option(&self) -> Result<usize, String> {
        fn undo<R: Ruleset>(p: &Played<R>) -> Result<usize, String> {
            let choice = p.game.undo()?;
            position(p.game.options(), choice).ok_or_else(|| "There is nothing to undo.".into())
        }
        each!(self, p => undo(p))
    }

    /// What `voice`'s viewer did over the whole game, told at its end.
    pub fn summary(&self, voice: &Voice) -> Option<String> {
        fn summary<R: Ruleset>(p: &Played<R>, voice: &Voice) -> Option<String> {
            R::summary(p, voice)
        }
        each!(self, p => summary(p, voice))
    }

    /// The discard piles, for a board that does not show them whole.
    pub fn discards(&self, voice: &Voice) -> Option<Page> {
        each!(self, p => p.game.discards(voice))
    }

    /// The names of the cards `voice`'s viewer sees.
    pub fn in_sight(&self, voice: &Voice) -> Vec<String> {
        each!(self, p => p.game.in_sight(voice))
    }

    /// The symbols and keywords printed on the ruleset's cards, with their meanings.
    pub fn glossary(&self) -> Option<String> {
        each!(self, p => glossary(p))
    }

    /// The same game without decision number `n` (from 0): a pick taken back. Refused
    /// when a later decision depended on it.
    pub fn without_decision(&self, n: usize) -> Result<AnyPlayed, SetupError> {
        Ok(match self {
            AnyPlayed::Epic(p) => AnyPlayed::Epic(Box::new(without(p, n)?)),
            AnyPlayed::Drafted(p) => AnyPlayed::Drafted(Box::new(without(p, n)?)),
            AnyPlayed::Classic(p) => AnyPlayed::Classic(Box::new(without(p, n)?)),
        })
    }

    /// What the hard AI would take for the seat deciding now, on `threads` threads,
    /// seeded with `seed`; `None` when no one decides or the ruleset has no adviser.
    pub fn hint(&self, seed: u64, threads: usize) -> Option<Hint> {
        let config = SearchConfig {
            threads: threads.max(1),
            ..epic_bots::search_config("hard")?
        };
        fn found<C: PartialEq + Copy>(
            options: &[C],
            r: epic_bots::search::SearchResult<C>,
        ) -> Option<Hint> {
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
        match self {
            AnyPlayed::Epic(p) => {
                let r = epic_bots::IsmctsBot::new("hard", config, seed).think(&p.game)?;
                found(p.game.options(), r)
            }
            AnyPlayed::Classic(p) => {
                let seat = p.game.decider()?;
                let eval = epic_bots::classic::ClassicEval;
                let r = epic_bots::search::search(&p.game, seat, &config, &eval, seed)?;
                found(p.game.options(), r)
            }
            AnyPlayed::Drafted(_) => None,
        }
    }

    /// The bot named `name` for a seat of this game, seeded with `seed`, searching on
    /// `threads` threads.
    pub fn seat_bot(&self, name: &str, seed: u64, threads: usize) -> Result<SeatBot, SetupError> {
        let unknown = |e: epic_bots::UnknownBot| SetupError::new(e.to_string());
        let bot = || epic_bots::bot_by_name_threaded(name, seed, threads).map_err(unknown);
        Ok(match self {
            AnyPlayed::Epic(_) => SeatBot::Epic(bot()?),
            AnyPlayed::Drafted(_) => SeatBot::Drafted(
                bot()?,
                epic_bots::drafter::drafter_by_name(name, seed).map_err(unknown)?,
            ),
            AnyPlayed::Classic(_) => {
                SeatBot::Classic(epic_bots::classic::classic_player(name, seed).map_err(unknown)?)
            }
        })
    }
}

/// A bot sitting at one seat of a game of any ruleset, kept from one decision to the
/// next as a player keeps their seat.
pub enum SeatBot {
    Epic(Box<dyn epic_bots::Bot + Send>),
    /// A 2017 bot, with the drafter it drafts with.
    Drafted(
        Box<dyn epic_bots::Bot + Send>,
        Box<dyn epic_bots::drafter::Drafter + Send>,
    ),
    Classic(Box<dyn Player<ClassicGame>>),
}

impl SeatBot {
    /// The option it takes in `played` now; `None` for a game of another ruleset, or
    /// one that is over.
    pub fn choose(&mut self, played: &AnyPlayed) -> Option<usize> {
        match (self, played) {
            (SeatBot::Epic(bot), AnyPlayed::Epic(p)) => choose_2017(bot, &p.game),
            (SeatBot::Drafted(bot, drafter), AnyPlayed::Drafted(p)) => {
                drafted(bot, drafter, &p.game)
            }
            (SeatBot::Classic(player), AnyPlayed::Classic(p)) => {
                p.game.decider()?;
                position(p.game.options(), player.choose(&p.game))
            }
            _ => None,
        }
    }
}

fn choose_2017(bot: &mut Box<dyn epic_bots::Bot + Send>, game: &Game) -> Option<usize> {
    game.decider()?;
    position(game.options(), bot.choose(game))
}

fn drafted(
    bot: &mut Box<dyn epic_bots::Bot + Send>,
    drafter: &mut Box<dyn epic_bots::drafter::Drafter + Send>,
    game: &DraftedGame,
) -> Option<usize> {
    match game.game() {
        Some(g) => choose_2017(bot, g),
        None => {
            let draft = game.draft();
            draft.decider()?;
            position(draft.options(), drafter.choose(draft))
        }
    }
}
