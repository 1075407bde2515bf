//! Rule scenarios: small text files that set up a position, make decisions by their
//! readable labels and check the outcome (the format is described in
//! `docs/scenarios.md`).
//!
//! ```
//! let text = "\
//! scenario Damage to a player reduces their health
//! rule 1.5.3
//! p1 hand Fireball
//! do Play Fireball (mode 1
//! do Target Player 2
//! expect p2 health 27
//! ";
//! let scenarios = epic_scenario::parse_str("example.scn", text).unwrap();
//! let outcome = epic_scenario::run(&scenarios[0]);
//! assert!(outcome.passed, "{:?}", outcome.failures);
//! ```
//!
//! Map of the crate:
//! - `parse`: the text format into [`Scenario`] values; every mistake is a
//!   [`ParseError`] with its file and line.
//! - `run`: builds the position with the engine's position API, applies the steps and
//!   reports an [`Outcome`] per scenario.
//! - [`coverage`]: which rules the scenarios cover, checked against `scenarios/coverage.md`.

pub mod coverage;
mod parse;
pub mod ruled;
mod run;

use epic_engine::model::{CardId, CardPool};
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use parse::{parse_str, parse_str_with};
pub use run::run;

/// One scenario as read from a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub file: String,
    /// The line of its `scenario` header.
    pub line: usize,
    pub name: String,
    /// The rule numbers it covers, as written (`4.4.11a`).
    pub rules: Vec<String>,
    /// The cards it is written against: every real card ([`epic_cards::full_pool`]), or
    /// a pool the caller gave ([`parse_str_with`]: `epic --cards FILE scenario`).
    pub pool: Arc<CardPool>,
    /// Cards this scenario adds to that pool, each in the card language of
    /// `docs/cards.md` (`card NAME` and its lines).
    pub cards: Vec<String>,
    pub setup: SetupSpec,
    pub steps: Vec<Instruction>,
}

/// Where play starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The active player holds initiative in their main phase (4.3.1).
    Main,
    /// The active player's start phase (4.2).
    Turn,
    /// A new game: decks shuffled by the seed, opening hands drawn, mulligans (1.8).
    Mulligan,
}

/// The position a scenario starts from.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupSpec {
    pub players: usize,
    /// How the seats play against each other (`variant hunter-first-blood`).
    pub variant: epic_engine::Variant,
    /// Players on a team (`variant hydra 3`); 1 without teams.
    pub team_size: u8,
    pub turn: u16,
    /// Seat index (0 = Player 1).
    pub active: u8,
    pub start: Start,
    pub seed: u64,
    pub seats: Vec<SeatSpec>,
}

/// One seat of the starting position. `None` keeps the rules' default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatSpec {
    pub health: Option<i32>,
    pub gold: Option<u8>,
    pub hand: Vec<CardId>,
    /// Top card first.
    pub deck: Vec<CardId>,
    pub discard: Vec<CardId>,
    pub champions: Vec<ChampionSpec>,
    /// The God card the seat brought (2.4).
    pub god: Option<CardId>,
}

/// A champion placed in play: the engine's own description of one.
pub use epic_engine::ChampionSetup as ChampionSpec;

/// One line after the setup: a decision to make or something to check.
#[derive(Clone, Debug, PartialEq)]
pub struct Instruction {
    pub line: usize,
    pub kind: InstructionKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum InstructionKind {
    /// Apply the option matching `label`; `player`, when given, must be the one deciding.
    Do {
        player: Option<u8>,
        label: String,
    },
    /// No option of the pending decision matches `label`.
    Reject {
        player: Option<u8>,
        label: String,
    },
    Expect(Expect),
    /// The player concedes (1.2.2), whoever is deciding.
    Concede(u8),
}

/// Which zone a zone expectation reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneName {
    Hand,
    Deck,
    Discard,
    /// Champions the player controls in play.
    Champions,
    /// The God card the player brought, in the Supplemental zone (2.4).
    God,
}

/// What is expected of a zone.
#[derive(Clone, Debug, PartialEq)]
pub enum ZoneCheck {
    Count(usize),
    /// Exactly these cards, in any order.
    Is(Vec<String>),
    /// At least these cards (as a multiset).
    Has(Vec<String>),
    /// None of these cards.
    Lacks(Vec<String>),
    /// The deck's top cards, in order (top first).
    Top(Vec<String>),
    /// The deck's bottom cards, in order (the last one is the bottom card).
    Bottom(Vec<String>),
}

/// One fact to check about a champion.
#[derive(Clone, Debug, PartialEq)]
pub enum ChampionCheck {
    Offense(i32),
    Defense(i32),
    Damage(u16),
    Counters(u16),
    Expended(bool),
    Flipped(bool),
    Deploying(bool),
    Attacking(bool),
    Blocking(bool),
    Owner(u8),
    Keyword(epic_engine::model::Keyword, bool),
}

/// An expectation about the game at one point of the scenario.
#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    Health(u8, i32),
    /// Gold, and the gold that pays only for cards of some alignments with them
    /// (`gold 0 +1 wild`, Brachiosaurus): `None` says nothing of the latter.
    Gold(u8, i32, Option<(i32, String)>),
    Zone(u8, ZoneName, ZoneCheck),
    /// The `nth` (1-based) champion named `name` that `player` controls.
    Champion {
        player: u8,
        name: String,
        nth: usize,
        checks: Vec<ChampionCheck>,
    },
    /// The game is not over.
    GameOn,
    /// The game is over (whoever won).
    GameOver,
    /// The game is over, won by these players together (none: nobody won), for this
    /// reason if given.
    Winner(Vec<u8>, Option<epic_engine::EndReason>),
    /// The pending decision: whose (None = the game is over) and of what kind.
    Decision(Option<(u8, Option<epic_engine::DecisionKind>)>),
    /// An option matching the label is offered.
    Option(String),
    /// No option matches the label.
    NoOption(String),
    /// Exactly these options, in any order.
    Options(Vec<String>),
    Initiative(Option<u8>),
    Phase(epic_engine::state::Phase),
    /// The initiative exchange, by the rule that numbers it (`4.4.4`).
    Window(String),
    Turn(u16),
    Active(u8),
    /// Whether the battle's attack is blocked.
    Blocked(bool),
    /// The events being played right now (the supplemental zone, 1.4.6).
    Resolving(ZoneCheck),
    /// The bot `level` deciding now takes an option matching `label` (`avoids`: none
    /// matching it), for each of [`AI_TRIES`] seeds. A search plays its level's iteration
    /// budget with no time limit, so the answer does not depend on the machine.
    Ai {
        level: String,
        avoids: bool,
        label: String,
    },
    /// What `viewer` sees (`game.view(viewer)`, rule 1.10): the inner expectation is read
    /// from that view. Only `Zone`, `Health`, `Gold`, `Champion` and `Resolving` are
    /// read this way; a zone's cards are the ones whose identity the viewer knows.
    Sees {
        viewer: u8,
        what: Box<Expect>,
    },
    /// The last decision moved a card named `card` from one zone to another, and `viewer`
    /// could see that card just before (rule 1.4.7).
    SawMove {
        viewer: u8,
        card: String,
        from: epic_engine::state::Zone,
        to: epic_engine::state::Zone,
    },
}

/// How many seeds an `expect ai` statement asks the bot with: every one must agree.
pub const AI_TRIES: u64 = 3;

/// The result of running one scenario.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Outcome {
    pub file: String,
    pub line: usize,
    pub name: String,
    pub rules: Vec<String>,
    pub passed: bool,
    /// One line per broken expectation: where, what was expected, what happened.
    pub failures: Vec<String>,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = if self.passed { "ok  " } else { "FAIL" };
        write!(f, "{verdict} {}:{}: {}", self.file, self.line, self.name)?;
        for failure in &self.failures {
            write!(f, "\n       {failure}")?;
        }
        Ok(())
    }
}

/// A mistake in a scenario file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// Why scenarios could not be run at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioError {
    #[error("cannot read {path}: {message}")]
    Io { path: String, message: String },
    #[error("{}", list(.0))]
    Parse(Vec<ParseError>),
}

fn list(errors: &[ParseError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `*.scn` files of a path: the file itself, or every one under a folder
/// (recursively, sorted). Symbolic links are followed, but each folder and each file is
/// taken once, by its canonical path: a link back to a parent folder, or two links to one
/// file, neither loops nor runs a scenario twice.
pub fn scenario_files(path: &Path) -> Result<Vec<PathBuf>, ScenarioError> {
    let io = |e: std::io::Error, p: &Path| ScenarioError::Io {
        path: p.display().to_string(),
        message: e.to_string(),
    };
    let meta = std::fs::metadata(path).map_err(|e| io(e, path))?;
    if meta.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut todo = vec![path.to_path_buf()];
    while let Some(dir) = todo.pop() {
        if !seen.insert(dir.canonicalize().map_err(|e| io(e, &dir))?) {
            continue;
        }
        let mut entries = Vec::new();
        for entry in std::fs::read_dir(&dir).map_err(|e| io(e, &dir))? {
            entries.push(entry.map_err(|e| io(e, &dir))?.path());
        }
        // Sorted, and taken from the end of `todo`: the first path to a folder or file
        // in name order is the one kept, whatever order the system lists them in.
        entries.sort();
        for p in entries.into_iter().rev() {
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|e| e == "scn") {
                // A link that leads nowhere is kept, so reading it says what is wrong.
                if seen.insert(p.canonicalize().unwrap_or_else(|_| p.clone())) {
                    out.push(p);
                }
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Reads every scenario of the 2017 rules in a file or folder (see [`scenario_files`]);
/// files of other rulesets (they start with `ruleset NAME`) are [`ruled`]'s. All mistakes of
/// all files are reported together.
pub fn load_path(path: &Path) -> Result<Vec<Scenario>, ScenarioError> {
    load_path_with(path, epic_cards::shared_full_pool())
}

/// [`load_path`], naming the cards of `pool`.
pub fn load_path_with(path: &Path, pool: Arc<CardPool>) -> Result<Vec<Scenario>, ScenarioError> {
    each_file(path, |name, text| {
        if ruled::ruleset_of(text).is_some() {
            return Ok(Vec::new());
        }
        parse_str_with(name, text, pool.clone())
    })
}

/// What `read` makes of every scenario file of a file or folder, in order: its name and
/// text given; the files' mistakes all reported together.
pub(crate) fn each_file<T>(
    path: &Path,
    read: impl FnMut(&str, &str) -> Result<Vec<T>, ScenarioError>,
) -> Result<Vec<T>, ScenarioError> {
    let (out, bad) = each_readable_file(path, read)?;
    let mut errors = Vec::new();
    for e in bad {
        match e {
            ScenarioError::Parse(e) => errors.extend(e),
            e => return Err(e),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(ScenarioError::Parse(errors))
    }
}

/// What `read` makes of every scenario file of a file or folder that it can read, in
/// order, and each file it cannot with why: one bad file stops none of the others.
fn each_readable_file<T>(
    path: &Path,
    mut read: impl FnMut(&str, &str) -> Result<Vec<T>, ScenarioError>,
) -> Result<(Vec<T>, Vec<ScenarioError>), ScenarioError> {
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for file in scenario_files(path)? {
        match read_scenario_file(&file).and_then(|text| read(&file.display().to_string(), &text)) {
            Ok(v) => out.extend(v),
            Err(e) => bad.push(e),
        }
    }
    Ok((out, bad))
}

/// What running a file or folder of scenarios gave: the outcome of every scenario of the
/// files that could be read, and each file that could not be, with its mistakes.
#[derive(Debug)]
pub struct Run {
    pub outcomes: Vec<Outcome>,
    pub bad_files: Vec<ScenarioError>,
}

/// Runs every scenario of every file of a path that can be read ([`run_path_with`]),
/// naming the cards of `pool`; a file that cannot be read or has mistakes is reported in
/// [`Run::bad_files`] and stops none of the others. `Err` only when the path itself
/// cannot be read.
pub fn run_every_file(path: &Path, pool: Arc<CardPool>) -> Result<Run, ScenarioError> {
    let (outcomes, bad_files) = each_readable_file(path, |name, text| {
        if ruled::ruleset_of(text).is_some() {
            ruled::run_str(name, text)
        } else {
            parse_str_with(name, text, pool.clone()).map(|s| s.iter().map(run).collect())
        }
    })?;
    Ok(Run {
        outcomes,
        bad_files,
    })
}

/// A scenario file's text, or why it cannot be read.
pub(crate) fn read_scenario_file(file: &Path) -> Result<String, ScenarioError> {
    std::fs::read_to_string(file).map_err(|e| ScenarioError::Io {
        path: file.display().to_string(),
        message: if e.kind() == std::io::ErrorKind::InvalidData {
            "not a text file (scenario files are UTF-8 text)".to_string()
        } else {
            e.to_string()
        },
    })
}

/// Runs every scenario of a file or folder and says how it went: `Ok(n)` when all `n`
/// pass, otherwise a message listing each failure with expected against actual.
pub fn check_path(path: &Path) -> Result<usize, String> {
    let outcomes = run_path(path).map_err(|e| format!("the scenarios cannot be read:\n{e}"))?;
    if outcomes.is_empty() {
        return Err(format!("no scenarios found in {}", path.display()));
    }
    let failed: Vec<String> = outcomes
        .iter()
        .filter(|o| !o.passed)
        .map(ToString::to_string)
        .collect();
    if failed.is_empty() {
        Ok(outcomes.len())
    } else {
        Err(format!(
            "{} of {} scenarios failed:\n{}",
            failed.len(),
            outcomes.len(),
            failed.join("\n")
        ))
    }
}

/// Reads and runs every scenario of a file or folder: one outcome per scenario.
pub fn run_path(path: &Path) -> Result<Vec<Outcome>, ScenarioError> {
    run_path_with(path, epic_cards::shared_full_pool())
}

/// [`run_path`], naming the cards of `pool`. Files of other rulesets (they start with
/// `ruleset NAME`) are run by [`ruled`], against their own cards.
pub fn run_path_with(path: &Path, pool: Arc<CardPool>) -> Result<Vec<Outcome>, ScenarioError> {
    each_file(path, |name, text| {
        if ruled::ruleset_of(text).is_some() {
            ruled::run_str(name, text)
        } else {
            parse_str_with(name, text, pool.clone()).map(|s| s.iter().map(run).collect())
        }
    })
}
