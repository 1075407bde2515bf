//! A game with what it was made from and every decision taken ([`Played`]): what a saved
//! game holds and what the server keeps, under any ruleset. A decision is taken on a
//! copy ([`Taken`]), so that a program can keep it (write it to a database) before it
//! becomes the game.

use crate::ruleset::Ruleset;
use crate::save::{SaveFile, FORMAT, VERSION};
use crate::{Seat, SetupError};

/// A game, its setup and its decisions as they are kept.
#[derive(Clone, Debug)]
pub struct Played<R: Ruleset> {
    pub setup: R::Setup,
    pub records: Vec<R::Record>,
    pub game: R,
}

/// A decision taken on a copy of a game: the copy after it, what it answered, and how it
/// is kept.
#[derive(Clone, Debug)]
pub struct Taken<R: Ruleset> {
    /// The seat whose decision it was: the conceding seat for a concession (which
    /// answers no pending decision), else the seat that decided.
    pub by: Seat,
    pub choice: R::Choice,
    pub record: R::Record,
    pub events: Vec<R::Event>,
    pub game: R,
}

impl<R: Ruleset> Played<R> {
    /// The game at its start.
    pub fn start(setup: R::Setup) -> Result<Played<R>, SetupError> {
        let game = R::start(&setup)?;
        Ok(Played {
            setup,
            records: Vec::new(),
            game,
        })
    }

    /// How many decisions have been taken.
    pub fn decisions(&self) -> usize {
        self.records.len()
    }

    /// `choice` taken on a copy of the game.
    pub fn after_choice(&self, choice: R::Choice) -> Result<Taken<R>, SetupError> {
        let record = self.game.record(choice);
        let by = R::conceding(choice)
            .or_else(|| self.game.decider())
            .unwrap_or(0);
        let mut game = self.game.clone();
        let events = game.apply_told(choice)?;
        Ok(Taken {
            by,
            choice,
            record,
            events,
            game,
        })
    }

    /// Option number `option` of the pending decision, taken on a copy of the game.
    pub fn after(&self, option: usize) -> Result<Taken<R>, SetupError> {
        let options = self.game.options();
        let Some(&choice) = options.get(option) else {
            return Err(SetupError::new(if options.is_empty() {
                "the game is over".to_string()
            } else {
                format!(
                    "there is no option {option}; the options are numbered 0 to {}",
                    options.len() - 1
                )
            }));
        };
        self.after_choice(choice)
    }

    /// `seat` concedes (rule 1.2.2), taken on a copy of the game.
    pub fn conceded(&self, seat: Seat) -> Result<Taken<R>, SetupError> {
        self.after_choice(R::concession(seat))
    }

    /// A kept decision, taken on a copy of the game.
    pub fn after_record(&self, record: &R::Record) -> Result<Taken<R>, SetupError> {
        let choice = self.game.choice_of(record)?;
        self.after_choice(choice)
    }

    /// Takes option number `option` of the pending decision on the game itself, at the
    /// speed of [`State::apply_option`](crate::State::apply_option): no copy, no events
    /// (the way learning programs step a game).
    pub fn take_option(&mut self, option: usize) -> Result<(), SetupError> {
        let Some(&choice) = self.game.options().get(option) else {
            return Err(SetupError::new(format!("there is no option {option}")));
        };
        let record = self.game.record(choice);
        self.game
            .apply_option(option)
            .map_err(|_| SetupError::new(format!("option {option} was refused")))?;
        self.records.push(record);
        Ok(())
    }

    /// Makes a decision taken on a copy the game's.
    pub fn take(&mut self, taken: Taken<R>) {
        self.records.push(taken.record);
        self.game = taken.game;
    }

    /// The game as a saved game.
    pub fn save_file(&self) -> SaveFile<R> {
        SaveFile {
            format: FORMAT.into(),
            version: VERSION,
            ruleset: (R::NAME != crate::save::FIRST_RULESET).then(|| R::NAME.to_string()),
            setup: self.setup.clone(),
            decisions: self.records.clone(),
            digest: crate::save::digest_hex(self.game.digest()),
        }
    }

    /// A saved game replayed: its first `upto` decisions (all when `None`), `each`
    /// called with the game before every decision and the decision taken. The digest is
    /// checked when every decision is replayed.
    pub fn replay(
        file: &SaveFile<R>,
        upto: Option<usize>,
        mut each: impl FnMut(&Played<R>, &Taken<R>),
    ) -> Result<Played<R>, SetupError> {
        let mut played = Played::start(file.setup.clone())?;
        let n = upto
            .unwrap_or(file.decisions.len())
            .min(file.decisions.len());
        for (i, record) in file.decisions[..n].iter().enumerate() {
            let taken = played.after_record(record).map_err(|e| {
                e.within(format!(
                    "decision {} of the saved game cannot be applied",
                    i + 1
                ))
            })?;
            each(&played, &taken);
            played.take(taken);
        }
        if n == file.decisions.len() {
            crate::save::check_digest(&file.digest, played.game.digest())?;
        }
        Ok(played)
    }
}
