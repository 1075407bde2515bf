//! Saved games (`docs/saves.md`): the setup plus every decision, replayed to rebuild
//! the game, with the final digest checked so a file that does not reproduce its game
//! is refused rather than silently diverging.

use super::names;
use super::SetupResult;
use crate::{ApplyError, Choice, Entity, Game, PlayerId, RulesConfig, Setup};
use epic_cards::CardPool;
use epic_game::SetupError;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub use epic_game::save::{Seat, FORMAT, VERSION};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveSetup {
    pub rules: RulesConfig,
    /// The format the decks were checked against, if one was named (informative: the
    /// cards are in `seats`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    pub seed: u64,
    /// Seat that goes first; absent: drawn from the seed.
    #[serde(default)]
    pub first_player: Option<PlayerId>,
    pub seats: Vec<Seat>,
    /// Whether plays could be undone (3.7), as a person at the table may; a game played
    /// without (Python's, the bots') took its decisions without that option, and is
    /// replayed so. Absent in the file: offered.
    #[serde(default = "offered", skip_serializing_if = "is_offered")]
    pub undo: bool,
}

pub(super) fn offered() -> bool {
    true
}

pub(super) fn is_offered(undo: &bool) -> bool {
    *undo
}

/// The whole file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: String,
    pub version: u32,
    pub setup: SaveSetup,
    pub decisions: Vec<Choice>,
    /// `Game::digest` after the last decision, as 16 hex digits.
    pub digest: String,
}

impl SaveSetup {
    /// The engine setup this describes; unknown card names, unplayable decks and rules
    /// the engine refuses (a starting health outside 1 to 1,000,000) are input errors.
    pub fn to_setup(&self, pool: &Arc<CardPool>) -> SetupResult<Setup> {
        self.rules
            .validate()
            .map_err(|e| SetupError::new(format!("the saved rules are invalid: {e}")))?;
        let mut decks = Vec::new();
        for (seat, s) in self.seats.iter().enumerate() {
            let mut deck = Vec::new();
            for name in &s.cards {
                match pool.by_name(name) {
                    Some(id) if !pool.get(id).token => deck.push(id),
                    _ => {
                        let e = names::find_card(pool, name).err().map_or_else(
                            || format!("{} is a token", epic_cards::quoted(name)),
                            |e| e.message,
                        );
                        return Err(SetupError::new(format!("seat {}: {e}", seat + 1)));
                    }
                }
            }
            names::playable(&deck, &self.rules, pool)
                .map_err(|why| SetupError::new(format!("seat {}: the deck {why}", seat + 1)))?;
            decks.push(deck);
        }
        Ok(Setup {
            rules: self.rules.clone(),
            pool: pool.clone(),
            decks,
            seed: self.seed,
            first_player: self.first_player,
        })
    }
}

/// A choice in words, without a game to name its cards: "picks card #12", "plays card #3
/// (mode 2)", "assigns 3 damage to Player 2". What a saved decision is said to do when it
/// cannot be applied, since the game may not have the cards it names.
pub fn describe(choice: Choice) -> String {
    let entity = |e: Entity| match e {
        Entity::Player(p) => format!("Player {}", u16::from(p) + 1),
        Entity::Obj(o) => format!("card {o}"),
    };
    match choice {
        Choice::Pass => "passes".into(),
        Choice::EndTurn => "ends the turn".into(),
        Choice::Continue => "continues the main phase".into(),
        Choice::DeclareBattle => "declares a battle".into(),
        Choice::Done => "says done".into(),
        Choice::Cancel => "cancels the battle".into(),
        Choice::Yes => "answers yes".into(),
        Choice::No => "answers no".into(),
        Choice::Undo => "undoes the last play".into(),
        Choice::Play { card, mode } => {
            format!("plays card {card} (mode {})", u16::from(mode) + 1)
        }
        Choice::Power { card, index } => {
            format!("uses ability {} of card {card}", u16::from(index) + 1)
        }
        Choice::Card(o) => format!("picks card {o}"),
        Choice::Player(p) => format!("picks {}", entity(Entity::Player(p))),
        Choice::Assign { to, amount } => format!("assigns {amount} damage to {}", entity(to)),
        Choice::Trigger(i) => format!("resolves trigger {} next", u64::from(i) + 1),
        Choice::Branch(b) => format!("takes choice {}", u16::from(b) + 1),
        Choice::Concede(p) => format!("{} concedes", entity(Entity::Player(p))),
    }
}

/// Why `game` refused `choice`, in words: the game is over, the choice names a card the
/// game does not have, or it is not among the options offered.
fn why_not_applied(game: &Game, choice: Choice, e: &ApplyError) -> String {
    if let ApplyError::GameOver = e {
        return format!("it {}, but the game is already over", describe(choice));
    }
    why_not_offered(game, choice)
}

/// Why `choice` is not one `game` can take now, in words.
pub fn why_not_offered(game: &Game, choice: Choice) -> String {
    if game.is_over() {
        return format!("it {}, but the game is already over", describe(choice));
    }
    let card = match choice {
        Choice::Play { card, .. }
        | Choice::Power { card, .. }
        | Choice::Card(card)
        | Choice::Assign {
            to: Entity::Obj(card),
            ..
        } => Some(card),
        _ => None,
    };
    let missing = card.is_some_and(|c| usize::from(c.0) >= game.state().objs.len());
    let why = if missing {
        "which is not in this game"
    } else {
        "which is not one of the options now"
    };
    format!("it {}, {why}", describe(choice))
}

pub fn digest_hex(game: &Game) -> String {
    epic_game::save::digest_hex(game.digest())
}

impl SaveFile {
    pub fn new(setup: SaveSetup, decisions: Vec<Choice>, game: &Game) -> SaveFile {
        SaveFile {
            format: FORMAT.into(),
            version: VERSION,
            setup,
            decisions,
            digest: digest_hex(game),
        }
    }

    /// Reads a saved 2017 game from its text: its header, then the rest; a game of
    /// another ruleset is refused, named as such.
    pub fn parse(source_name: &str, text: &str) -> SetupResult<SaveFile> {
        let ruleset = epic_game::save::ruleset_of(source_name, text)?;
        if ruleset != epic_game::save::FIRST_RULESET {
            return Err(SetupError::new(format!(
                "{source_name}: a saved {ruleset} game, not a 2017 one"
            )));
        }
        serde_json::from_str(text)
            .map_err(|e| SetupError::new(format!("{source_name}: malformed saved game: {e}")))
    }

    /// Rebuilds the game, applying `upto` decisions (all when `None`). Checks the
    /// digest when all are applied.
    pub fn rebuild(&self, pool: &Arc<CardPool>, upto: Option<usize>) -> SetupResult<Game> {
        let setup = self.setup.to_setup(pool)?;
        let mut game = Game::new(setup)
            .map_err(|e| SetupError::new(format!("the saved setup is invalid: {e}")))?;
        game.set_undo(self.setup.undo);
        let n = upto
            .unwrap_or(self.decisions.len())
            .min(self.decisions.len());
        for (i, &c) in self.decisions[..n].iter().enumerate() {
            game.apply_quiet(c).map_err(|e| {
                SetupError::new(format!(
                    "decision {} of the saved game cannot be applied: {}",
                    i + 1,
                    why_not_applied(&game, c, &e)
                ))
            })?;
        }
        if n == self.decisions.len() {
            epic_game::save::check_digest(&self.digest, game.digest())?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ObjId;

    #[test]
    fn a_saved_game_is_read_from_text_named_as_given() {
        let refused = |text: &str| SaveFile::parse("in memory", text).unwrap_err().message;
        assert!(refused("[1, 2]").starts_with("in memory: not a saved game"));
        assert!(refused(r#"{"format": "epic-save", "version": 2}"#)
            .starts_with("in memory: malformed saved game"));
        assert!(
            refused(r#"{"format": "epic-save", "version": 2, "ruleset": "classic"}"#)
                .starts_with("in memory: a saved classic game, not a 2017 one")
        );
    }

    #[test]
    fn every_choice_is_described_in_words() {
        let told = |c| describe(c);
        assert_eq!(told(Choice::Card(ObjId(9999))), "picks card #9999");
        assert_eq!(
            told(Choice::Play {
                card: ObjId(3),
                mode: 0
            }),
            "plays card #3 (mode 1)"
        );
        assert_eq!(
            told(Choice::Power {
                card: ObjId(7),
                index: 1
            }),
            "uses ability 2 of card #7"
        );
        assert_eq!(
            told(Choice::Assign {
                to: Entity::Player(1),
                amount: 3
            }),
            "assigns 3 damage to Player 2"
        );
        assert_eq!(
            told(Choice::Assign {
                to: Entity::Obj(ObjId(9)),
                amount: 2
            }),
            "assigns 2 damage to card #9"
        );
        assert_eq!(told(Choice::Player(0)), "picks Player 1");
        assert_eq!(told(Choice::Trigger(0)), "resolves trigger 1 next");
        for c in [
            Choice::Pass,
            Choice::EndTurn,
            Choice::Continue,
            Choice::DeclareBattle,
            Choice::Done,
            Choice::Cancel,
            Choice::Yes,
            Choice::No,
            Choice::Undo,
        ] {
            let words = told(c);
            assert!(
                !words.is_empty() && !words.contains(&format!("{c:?}")),
                "{c:?}: {words}"
            );
        }
    }
}
