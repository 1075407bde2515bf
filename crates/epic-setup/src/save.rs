//! Saved games (`docs/saves.md`): the setup plus every decision, replayed to rebuild
//! the game, with the final digest checked so a file that does not reproduce its game
//! is refused rather than silently diverging.

use crate::error::{CliError, CliResult};
use crate::names;
use epic_cards::CardPool;
use epic_engine::{ApplyError, Choice, Entity, Game, PlayerId, RulesConfig, Setup};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

pub const FORMAT: &str = "epic-save";
pub const VERSION: u32 = 2;

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// `human`, or the name of a bot (`random`, `greedy`).
    pub player: String,
    /// The bot's seed (absent for a human).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_seed: Option<u64>,
    /// The deck as it was asked for: a built-in name or a deck-list path (informative).
    pub deck: String,
    /// The deck's cards by name, in order: what the game is really built from.
    pub cards: Vec<String>,
}

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
    pub fn to_setup(&self, pool: &Arc<CardPool>) -> CliResult<Setup> {
        self.rules
            .validate()
            .map_err(|e| CliError::input(format!("the saved rules are invalid: {e}")))?;
        let mut decks = Vec::new();
        for (seat, s) in self.seats.iter().enumerate() {
            let mut deck = Vec::new();
            for name in &s.cards {
                match pool.by_name(name) {
                    Some(id) if !pool.get(id).token => deck.push(id),
                    _ => {
                        let e = names::find_card(pool, name)
                            .err()
                            .map_or_else(|| format!("'{name}' is a token"), |e| e.message);
                        return Err(CliError::input(format!("seat {}: {e}", seat + 1)));
                    }
                }
            }
            names::playable(&deck, &self.rules)
                .map_err(|why| CliError::input(format!("seat {}: the deck {why}", seat + 1)))?;
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

/// A saved game of either ruleset, as its `ruleset` field says.
#[derive(Clone, Debug, PartialEq)]
pub enum Saved {
    Epic2017(SaveFile),
    Classic(crate::classic_save::ClassicSave),
}

/// Reads a saved game from its text and checks its format and version; errors name the
/// file as `source_name`. The text is parsed twice, never into a whole
/// `serde_json::Value`: first for the header fields alone (everything else is skipped
/// without being stored), then into the typed file of its ruleset, so a save of a
/// million decisions takes tens of megabytes, not hundreds.
pub fn read_saved(source_name: &str, text: &str) -> CliResult<Saved> {
    /// The fields that say what a file is, read before trusting anything else in it.
    #[derive(Deserialize)]
    struct Header {
        #[serde(default)]
        format: serde_json::Value,
        #[serde(default)]
        version: serde_json::Value,
        #[serde(default)]
        ruleset: serde_json::Value,
    }
    let header: Header = serde_json::from_str(text).map_err(|e| {
        if e.is_data() {
            CliError::input(format!(
                "{source_name}: not a saved game (expected a JSON object with \"format\": \"{FORMAT}\")"
            ))
        } else {
            CliError::input(format!("{source_name}: not a JSON document ({e})"))
        }
    })?;
    let format = header.format.as_str().unwrap_or("");
    if format != FORMAT {
        return Err(CliError::input(format!(
            "{source_name}: not a saved game (format is '{format}', expected '{FORMAT}')"
        )));
    }
    let version = header.version.as_u64().unwrap_or(0);
    if version != u64::from(VERSION) {
        return Err(CliError::input(format!(
            "{source_name}: saved-game version {version} is not supported (this program reads version {VERSION})"
        )));
    }
    match &header.ruleset {
        serde_json::Value::Null => serde_json::from_str(text)
            .map(Saved::Epic2017)
            .map_err(|e| CliError::input(format!("{source_name}: malformed saved game: {e}"))),
        serde_json::Value::String(r) if r == crate::classic_save::RULESET => {
            crate::classic_save::ClassicSave::parse(source_name, text).map(Saved::Classic)
        }
        other => Err(CliError::input(format!(
            "{source_name}: a saved game of ruleset {other}, which this program does not know \
             (it reads 2017 games, and classic ones with \"ruleset\": \"classic\")"
        ))),
    }
}

/// Refuses a saved game whose replay does not end at the digest it recorded.
pub(crate) fn check_digest(saved: &str, replayed: &str) -> CliResult {
    if replayed == saved.to_ascii_lowercase() {
        return Ok(());
    }
    Err(CliError::input(format!(
        "the saved game does not reproduce: its digest is {saved} but replaying it gives \
         {replayed} (the file was edited, or was made by a different version of the rules)"
    )))
}

/// Writes `text` to `path` whole or not at all: to a temporary file beside it, then
/// renamed over it, so a program stopped mid-write never leaves half a save.
pub fn write_whole(path: &Path, text: &str) -> CliResult {
    let cannot =
        |e: std::io::Error| CliError::findings(format!("cannot write {}: {e}", path.display()));
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, text).map_err(cannot)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        cannot(e)
    })
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
    format!("{:016x}", game.digest())
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

    /// Writes the file whole or not at all ([`write_whole`]).
    pub fn write(&self, path: &Path) -> CliResult {
        write_whole(path, &(serde_json::to_string_pretty(self)? + "\n"))
    }

    /// Reads a file and checks its format and version; [`SaveFile::rebuild`] checks the
    /// rest ([`SaveFile::parse`] reads the text).
    pub fn read(path: &Path) -> CliResult<SaveFile> {
        let text = crate::error::read_text(path)?;
        SaveFile::parse(&path.display().to_string(), &text)
    }

    /// Reads a saved 2017 game from its text ([`read_saved`]); a classic game is refused,
    /// named as such.
    pub fn parse(source_name: &str, text: &str) -> CliResult<SaveFile> {
        match read_saved(source_name, text)? {
            Saved::Epic2017(file) => Ok(file),
            Saved::Classic(_) => Err(CliError::input(format!(
                "{source_name}: a saved classic game (2009 rules), not a 2017 one"
            ))),
        }
    }

    /// Rebuilds the game, applying `upto` decisions (all when `None`). Checks the
    /// digest when all are applied.
    pub fn rebuild(&self, pool: &Arc<CardPool>, upto: Option<usize>) -> CliResult<Game> {
        let setup = self.setup.to_setup(pool)?;
        let mut game = Game::new(setup)
            .map_err(|e| CliError::input(format!("the saved setup is invalid: {e}")))?;
        let n = upto
            .unwrap_or(self.decisions.len())
            .min(self.decisions.len());
        for (i, &c) in self.decisions[..n].iter().enumerate() {
            game.apply_quiet(c).map_err(|e| {
                CliError::input(format!(
                    "decision {} of the saved game cannot be applied: {}",
                    i + 1,
                    why_not_applied(&game, c, &e)
                ))
            })?;
        }
        if n == self.decisions.len() {
            check_digest(&self.digest, &digest_hex(&game))?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use epic_engine::ObjId;

    #[test]
    fn a_saved_game_is_read_from_text_named_as_given() {
        let refused = |text: &str| SaveFile::parse("in memory", text).unwrap_err().message;
        assert!(refused("[1, 2]").starts_with("in memory: not a saved game"));
        assert!(refused("{").starts_with("in memory: not a JSON document"));
        assert!(refused(r#"{"format": "epic-save", "version": 1}"#)
            .starts_with("in memory: saved-game version 1 is not supported"));
        assert!(refused(r#"{"format": "epic-save", "version": 2}"#)
            .starts_with("in memory: malformed saved game"));
        assert!(
            refused(r#"{"format": "epic-save", "version": 2, "ruleset": 7}"#)
                .starts_with("in memory: a saved game of ruleset 7")
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
