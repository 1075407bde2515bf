//! A server game under its ruleset — the 2017 game or the classic (2009) one — with its
//! setup and decisions as the database keeps them: one face for the tables, which never
//! ask which ruleset they hold. A decision is named by the number of its option, for
//! both; the database keeps a 2017 decision as its choice (as 2017 save files do) and a
//! classic one as that number (as classic save files do).

use crate::board::{self, AnyBoard, DecisionOut, LogLine, ResultOut, Texts};
use crate::classic_board;
use crate::drafted::{Drafted, TakenPick};
use epic_cards::CardPool;
use epic_classic::ClassicGame;
use epic_engine::{Choice, Event, Game, SPECTATOR};
use epic_game::{Seat, State};
use epic_setup::classic_save::{ClassicDecision, ClassicSave, ClassicSetup};
use epic_setup::draft_save::DraftSetup;
use epic_setup::save::{SaveFile, SaveSetup};
use epic_words::log::Decided;
use epic_words::Voice;
use std::sync::Arc;

/// The rulesets a server game may be played under, as the API names them.
pub const RULESETS: [&str; 2] = ["2017", "classic"];

/// A game being played, with what it was made from and every decision taken.
#[derive(Clone)]
pub enum Played {
    Epic {
        game: Box<Game>,
        save: SaveSetup,
        decisions: Vec<Choice>,
    },
    Classic {
        game: Box<ClassicGame>,
        setup: ClassicSetup,
        decisions: Vec<ClassicDecision>,
    },
    /// A 2017 game whose decks are drafted first: the draft, then the game.
    Drafted(Box<Drafted>),
}

/// How a 2017 game's setup is kept: the game's own, or the draft its decks come from.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum EpicSetup {
    Drafted(DraftSetup),
    Game(SaveSetup),
}

/// A decision taken on a copy of the game: not yet the game's state, so that it can be
/// kept in the database first.
pub struct Next {
    /// The decision as the database keeps it.
    pub record: String,
    taken: Taken,
}

enum Taken {
    Epic {
        game: Box<Game>,
        choice: Choice,
        events: Vec<Event>,
    },
    Classic {
        game: Box<ClassicGame>,
        choice: epic_classic::Choice,
        decision: ClassicDecision,
    },
    Pick(TakenPick),
}

/// What a seat is shown of the game now.
pub struct Seen {
    pub board: AnyBoard,
    pub decision: Option<DecisionOut>,
    pub result: Option<ResultOut>,
}

/// What a board is drawn with: the seats' players and the 2017 cards' texts.
#[derive(Clone, Copy)]
pub struct Table<'a> {
    pub names: &'a [String],
    pub texts: &'a Texts,
}

impl Played {
    /// The game at its start, from its ruleset's name and its setup as kept (JSON).
    pub fn start(ruleset: &str, setup: &str, pool: &Arc<CardPool>) -> Result<Played, String> {
        match ruleset {
            "2017" => match serde_json::from_str(setup).map_err(|e| format!("its setup: {e}"))? {
                EpicSetup::Game(save) => Played::epic(save, pool),
                EpicSetup::Drafted(draft) => {
                    Ok(Played::Drafted(Box::new(Drafted::start(draft, pool)?)))
                }
            },
            "classic" => {
                let setup: ClassicSetup =
                    serde_json::from_str(setup).map_err(|e| format!("its setup: {e}"))?;
                let game = setup.start().map_err(|e| e.message)?;
                Ok(Played::Classic {
                    game: Box::new(game),
                    setup,
                    decisions: Vec::new(),
                })
            }
            other => Err(format!("unknown ruleset '{other}'")),
        }
    }

    /// A 2017 game at its start, from its save-file setup.
    pub fn epic(save: SaveSetup, pool: &Arc<CardPool>) -> Result<Played, String> {
        let game =
            Game::new(save.to_setup(pool).map_err(|e| e.message)?).map_err(|e| e.to_string())?;
        Ok(Played::Epic {
            game: Box::new(game),
            save,
            decisions: Vec::new(),
        })
    }

    /// The seed the game was dealt from, which also seeds its bots.
    pub fn seed(&self) -> u64 {
        match self {
            Played::Epic { save, .. } => save.seed,
            Played::Classic { setup, .. } => setup.seed,
            Played::Drafted(d) => d.seed(),
        }
    }

    /// How many decisions have been taken.
    pub fn decisions(&self) -> usize {
        match self {
            Played::Epic { decisions, .. } => decisions.len(),
            Played::Classic { decisions, .. } => decisions.len(),
            Played::Drafted(d) => d.decisions(),
        }
    }

    pub fn decider(&self) -> Option<Seat> {
        match self {
            Played::Epic { game, .. } => game.decider(),
            Played::Classic { game, .. } => game.decider(),
            Played::Drafted(d) => match d.game() {
                Some(game) => game.decider(),
                None => d.drafter(),
            },
        }
    }

    /// How many options the pending decision has.
    pub fn option_count(&self) -> usize {
        match self {
            Played::Epic { game, .. } => game.options().len(),
            Played::Classic { game, .. } => game.options().len(),
            Played::Drafted(d) => match d.game() {
                Some(game) => game.option_count(),
                None => d.option_count(),
            },
        }
    }

    pub fn is_over(&self) -> bool {
        self.decider().is_none()
    }

    /// Option `option` of the pending decision, taken on a copy of the game.
    pub fn after(&self, option: usize) -> Result<Next, String> {
        let count = self.option_count();
        if option >= count {
            return Err(format!(
                "there is no option {option}; the options are numbered 0 to {}",
                count.saturating_sub(1)
            ));
        }
        Ok(match self {
            Played::Epic { game, .. } => {
                let choice = game.options()[option];
                let mut next = game.clone();
                let events = next.apply(choice).map_err(|e| e.to_string())?;
                Next {
                    record: serde_json::to_string(&choice).map_err(|e| e.to_string())?,
                    taken: Taken::Epic {
                        game: next,
                        choice,
                        events,
                    },
                }
            }
            Played::Classic { game, .. } => {
                let choice = game.options()[option];
                let mut next = game.clone();
                next.apply(choice).map_err(|e| e.to_string())?;
                Next {
                    record: option.to_string(),
                    taken: Taken::Classic {
                        game: next,
                        choice,
                        decision: ClassicDecision::Option(option as u32),
                    },
                }
            }
            Played::Drafted(d) => match d.game() {
                Some(game) => return game.after(option),
                None => {
                    let (record, pick) = d.after(option)?;
                    Next {
                        record,
                        taken: Taken::Pick(pick),
                    }
                }
            },
        })
    }

    /// `seat` concedes (rule 1.2.2), taken on a copy of the game: open to any seat still
    /// in the game, whoever is deciding.
    pub fn conceded(&self, seat: Seat) -> Result<Next, String> {
        match self {
            Played::Drafted(d) => match d.game() {
                Some(game) => game.conceded(seat),
                None => Err(
                    "a draft cannot be conceded: the game begins once every deck is built".into(),
                ),
            },
            Played::Epic { game, .. } => {
                let choice = Choice::Concede(seat);
                let mut next = game.clone();
                let events = next.concede(seat).map_err(|e| e.to_string())?;
                Ok(Next {
                    record: serde_json::to_string(&choice).map_err(|e| e.to_string())?,
                    taken: Taken::Epic {
                        game: next,
                        choice,
                        events,
                    },
                })
            }
            Played::Classic { game, .. } => {
                let choice = epic_classic::Choice::Concede(seat);
                let decision = ClassicDecision::Concede { concede: seat };
                let mut next = game.clone();
                next.apply(choice)
                    .map_err(|_| format!("player {} cannot concede: not in the game", seat + 1))?;
                Ok(Next {
                    record: serde_json::to_string(&decision).map_err(|e| e.to_string())?,
                    taken: Taken::Classic {
                        game: next,
                        choice,
                        decision,
                    },
                })
            }
        }
    }

    /// Decision number `n` as the database kept it, taken on a copy of the game.
    pub fn after_record(&self, n: usize, record: &str) -> Result<Next, String> {
        let cannot_read = |e: &dyn std::fmt::Display| format!("decision {n} cannot be read: {e}");
        let option = match self {
            Played::Epic { game, .. } => {
                let choice: Choice = serde_json::from_str(record).map_err(|e| cannot_read(&e))?;
                if let Choice::Concede(seat) = choice {
                    return self
                        .conceded(seat)
                        .map_err(|e| format!("decision {n} does not apply: {e}"));
                }
                game.options()
                    .iter()
                    .position(|&c| c == choice)
                    .ok_or_else(|| format!("decision {n} is not among the options"))?
            }
            // Kept as its option's number, which `after` checks, or a concession.
            Played::Classic { .. } => match serde_json::from_str(record) {
                Ok(ClassicDecision::Option(option)) => option as usize,
                Ok(ClassicDecision::Concede { concede }) => {
                    return self
                        .conceded(concede)
                        .map_err(|e| format!("decision {n} does not apply: {e}"));
                }
                Err(e) => return Err(cannot_read(&e)),
            },
            Played::Drafted(d) => match d.game() {
                Some(game) => return game.after_record(n, record),
                None => d.option_of(record).map_err(|e| cannot_read(&e))?,
            },
        };
        self.after(option)
            .map_err(|e| format!("decision {n} does not apply: {e}"))
    }

    /// The log lines of `next` for each of `viewers`, each told in its voice; `self` is
    /// the game before it.
    pub fn told(
        &self,
        next: &Next,
        viewers: &[(Option<Seat>, Voice)],
        names: &[String],
    ) -> Vec<Vec<LogLine>> {
        match (self, &next.taken) {
            (
                Played::Epic { game: before, .. },
                Taken::Epic {
                    game,
                    choice,
                    events,
                },
            ) => {
                // The moment of a decision is public (whose turn, which window, whose
                // play), so the spectator's view, which words no options, serves all.
                let view = before.view(SPECTATOR);
                viewers
                    .iter()
                    .map(|(_, voice)| {
                        let decided = Decided::before(before, &view, voice, *choice);
                        board::told(game.pool(), voice, events, decided.as_ref())
                    })
                    .collect()
            }
            (Played::Classic { game: before, .. }, Taken::Classic { game, choice, .. }) => viewers
                .iter()
                .map(|(viewer, _)| classic_board::told(before, game, *choice, *viewer, names))
                .collect(),
            (Played::Drafted(d), Taken::Pick(pick)) => {
                let seats: Vec<Option<Seat>> = viewers.iter().map(|(v, _)| *v).collect();
                d.told(pick, &seats, names)
            }
            (Played::Drafted(d), _) => d
                .game()
                .expect("a game decision is taken once the draft is over")
                .told(next, viewers, names),
            _ => unreachable!("a decision is taken on the game it was made for"),
        }
    }

    /// Makes `next` the game's state.
    pub fn take(&mut self, next: Next) {
        if let Played::Drafted(d) = self {
            match next.taken {
                Taken::Pick(pick) => d.take(pick),
                _ => d
                    .game_mut()
                    .expect("a game decision is taken once the draft is over")
                    .take(next),
            }
            return;
        }
        match (self, next.taken) {
            (
                Played::Epic {
                    game, decisions, ..
                },
                Taken::Epic {
                    game: after,
                    choice,
                    ..
                },
            ) => {
                *game = after;
                decisions.push(choice);
            }
            (
                Played::Classic {
                    game, decisions, ..
                },
                Taken::Classic {
                    game: after,
                    decision,
                    ..
                },
            ) => {
                *game = after;
                decisions.push(decision);
            }
            _ => unreachable!("a decision is taken on the game it was made for"),
        }
    }

    /// The log lines a viewer is told before any decision.
    pub fn opening(&self, viewer: Option<Seat>, names: &[String]) -> Vec<LogLine> {
        match self {
            // The 2017 game tells its first turn with the first decision's events.
            Played::Epic { .. } => Vec::new(),
            // The mulligans come before the first turn, whose heading comes with it.
            Played::Classic { game, .. } if game.turn() == 0 => Vec::new(),
            Played::Classic { game, .. } => {
                vec![classic_board::turn_heading(game, viewer, names)]
            }
            Played::Drafted(d) => vec![d.opening()],
        }
    }

    /// What `viewer` (a seat, or a spectator) is shown now, all from one view: the
    /// board, the pending decision (its options only if it is theirs; none when
    /// `playing` is false) and the result.
    pub fn seen(&self, viewer: Option<Seat>, voice: &Voice, table: Table, playing: bool) -> Seen {
        let seat = viewer.unwrap_or(SPECTATOR);
        match self {
            Played::Epic { game, .. } => {
                let view = game.view(seat);
                let cards = board::Cards {
                    pool: game.pool(),
                    texts: table.texts,
                };
                Seen {
                    board: AnyBoard::Epic(board::board(
                        cards,
                        &view,
                        table.names,
                        game.rules().team_size,
                    )),
                    decision: playing
                        .then(|| board::decision(game, &view, viewer, voice))
                        .flatten(),
                    result: board::result(game, voice),
                }
            }
            Played::Classic { game, .. } => Seen {
                board: AnyBoard::Classic(classic_board::board(
                    game.pool(),
                    &game.view(seat),
                    table.names,
                )),
                decision: playing
                    .then(|| classic_board::decision(game, viewer))
                    .flatten(),
                result: classic_board::result(game, viewer, table.names),
            },
            Played::Drafted(d) => match d.game() {
                Some(game) => game.seen(viewer, voice, table, playing),
                None => {
                    let (board, decision) = d.seen(viewer, table.texts, table.names, playing);
                    Seen {
                        board: AnyBoard::Draft(board),
                        decision,
                        result: None,
                    }
                }
            },
        }
    }

    /// The option the AI `bot` takes now, seeded with `seed`; `None` for an unknown AI
    /// or a game that is over.
    pub fn bot_option(&self, bot: &str, seed: u64) -> Option<usize> {
        match self {
            Played::Epic { game, .. } => {
                let choice = epic_bots::bot_by_name(bot, seed).ok()?.choose(game);
                game.options().iter().position(|&c| c == choice)
            }
            Played::Classic { game, .. } => {
                let choice = epic_bots::classic::classic_player(bot, seed)
                    .ok()?
                    .choose(game);
                game.options().iter().position(|&c| c == choice)
            }
            Played::Drafted(d) => match d.game() {
                Some(game) => game.bot_option(bot, seed),
                None => d.bot_option(bot, seed),
            },
        }
    }

    /// The game as an `epic` save file (docs/saves.md), in JSON.
    pub fn save_file(&self) -> Result<String, serde_json::Error> {
        match self {
            Played::Epic {
                game,
                save,
                decisions,
            } => {
                serde_json::to_string_pretty(&SaveFile::new(save.clone(), decisions.clone(), game))
            }
            Played::Classic {
                game,
                setup,
                decisions,
            } => serde_json::to_string_pretty(&ClassicSave::new(
                setup.clone(),
                decisions.clone(),
                game,
            )),
            // A drafted game is saved as the game its decks made.
            Played::Drafted(d) => match d.game() {
                Some(game) => game.save_file(),
                None => Err(serde::ser::Error::custom("the game is still being drafted")),
            },
        }
    }
}

impl Next {
    pub fn is_over(&self) -> bool {
        match &self.taken {
            Taken::Epic { game, .. } => game.is_over(),
            Taken::Classic { game, .. } => game.decider().is_none(),
            Taken::Pick(_) => false,
        }
    }

    /// The winners once the game is over.
    pub fn winners(&self) -> Option<Vec<Seat>> {
        match &self.taken {
            Taken::Epic { game, .. } => game.result().map(|r| r.winners),
            Taken::Classic { game, .. } => game.winners().map(<[Seat]>::to_vec),
            Taken::Pick(_) => None,
        }
    }

    /// The turn the game is in.
    pub fn turn(&self) -> i64 {
        match &self.taken {
            Taken::Epic { game, .. } => i64::from(game.state().turn),
            Taken::Classic { game, .. } => i64::from(game.turn()),
            Taken::Pick(_) => 0,
        }
    }
}
