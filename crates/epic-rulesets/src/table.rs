//! A game of any ruleset at a person's table: what each ruleset gives a player beyond the
//! board ([`epic_game::table`]), options named by number, the bots that sit at the other
//! seats ([`SeatBot`]) and the adviser behind a hint ([`Hint`]).

use crate::AnyPlayed;
use epic_game::table::{Automatic, Listing, Moment, Stops};
use epic_game::words::{Page, Voice};
use epic_game::{Played, Ruleset, SetupError};

/// The number of `choice` among `options`.
pub(crate) fn position<C: PartialEq>(options: &[C], choice: C) -> Option<usize> {
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
        Ok(rebuilt!(self, p => without(p, n)?))
    }
}
