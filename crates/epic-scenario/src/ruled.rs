//! Scenarios of every registered ruleset but the 2017 game: files whose first statement
//! is `ruleset NAME` (docs/scenarios.md, "Scenarios of other rulesets"). Written once for
//! every ruleset: this module reads the scenarios, makes their decisions by label and
//! checks what every game has — the options, who decides and what, the winner, how the
//! game ended. The ruleset reads the rest, its setup and its own expectations
//! (`Ruleset::scenario_position`, `Ruleset::scenario_expect`).

use crate::run::{find_label, Match};
use crate::{Outcome, ParseError, ScenarioError};
use epic_game::scenario::{after_words, checked, seat_word, seats_named, Mistake, Statement};
use epic_game::words::{excerpt, quoted, Voice};
use epic_game::{Ending, Ruleset, Seat};
use epic_rulesets::RulesetVisitor;

/// The ruleset a scenario file names on its first statement (`ruleset classic`), if it
/// names one; a file that names none is the 2017 game's.
pub fn ruleset_of(text: &str) -> Option<&str> {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))?;
    let (word, name) = first.split_once(char::is_whitespace)?;
    word.eq_ignore_ascii_case("ruleset").then(|| name.trim())
}

/// One scenario as written: its header, the rules it covers, its setup statements and
/// then its steps (decisions and expectations).
struct Written {
    line: usize,
    name: String,
    rules: Vec<String>,
    setup: Vec<Statement>,
    steps: Vec<Statement>,
}

/// Whether a statement is a step: `do`, `reject` or `expect`, or `pN do` / `pN reject`.
fn is_step(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("");
    let step = |w: &str| matches!(w, "do" | "reject");
    first == "expect"
        || step(first)
        || (seat_word(first).is_some() && words.next().is_some_and(step))
}

/// The scenarios of a file, as written; every mistake of their form is reported.
fn read(file: &str, text: &str) -> Result<Vec<Written>, ScenarioError> {
    let mut out: Vec<Written> = Vec::new();
    let mut errors = Vec::new();
    let mut ruleset_read = false;
    let mut setup_done = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        if !ruleset_read {
            ruleset_read = true;
            continue; // the `ruleset` line
        }
        let mut err = |m: String| {
            errors.push(ParseError {
                file: file.to_string(),
                line,
                message: m,
            })
        };
        if let Some(name) = l.strip_prefix("scenario ") {
            out.push(Written {
                line,
                name: name.trim().to_string(),
                rules: Vec::new(),
                setup: Vec::new(),
                steps: Vec::new(),
            });
            setup_done = false;
            continue;
        }
        let Some(s) = out.last_mut() else {
            err("expected a `scenario` line first".into());
            continue;
        };
        let statement = Statement {
            line,
            text: l.to_string(),
        };
        if let Some(rules) = l.strip_prefix("rule ") {
            let cited = rules.split([',', ' ']).filter(|r| !r.is_empty());
            s.rules.extend(cited.map(String::from));
        } else if is_step(l) {
            setup_done = true;
            s.steps.push(statement);
        } else if setup_done {
            err("setup statements come before the first do, reject or expect".into());
        } else {
            s.setup.push(statement);
        }
    }
    for s in &out {
        if s.rules.is_empty() {
            errors.push(ParseError {
                file: file.to_string(),
                line: s.line,
                message: format!("scenario {} names no rule", quoted(&s.name)),
            });
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(ScenarioError::Parse(errors))
    }
}

/// Reads and runs every scenario of a file of a registered ruleset (one that starts with
/// `ruleset NAME`): a scenario that cannot be set up is a mistake of the file.
pub fn run_str(file: &str, text: &str) -> Result<Vec<Outcome>, ScenarioError> {
    let mistake = |message: String| {
        ScenarioError::Parse(vec![ParseError {
            file: file.to_string(),
            line: 1,
            message,
        }])
    };
    let name = ruleset_of(text).ok_or_else(|| mistake("expected `ruleset NAME` first".into()))?;
    let mut runner = Runner {
        name,
        file,
        text,
        ran: None,
    };
    epic_rulesets::visit_rulesets(&mut runner);
    runner.ran.unwrap_or_else(|| {
        Err(mistake(format!(
            "no ruleset is named {}; the rulesets are {}",
            quoted(name),
            epic_rulesets::RULESETS.join(", ")
        )))
    })
}

/// Runs a file's scenarios with the ruleset it names.
struct Runner<'a> {
    name: &'a str,
    file: &'a str,
    text: &'a str,
    ran: Option<Result<Vec<Outcome>, ScenarioError>>,
}

impl RulesetVisitor for Runner<'_> {
    fn visit<R: Ruleset>(&mut self) {
        if self.ran.is_none() && R::NAME.eq_ignore_ascii_case(self.name) {
            self.ran = Some(run_file::<R>(self.file, self.text));
        }
    }
}

fn run_file<R: Ruleset>(file: &str, text: &str) -> Result<Vec<Outcome>, ScenarioError> {
    let written = read(file, text)?;
    let mut errors = Vec::new();
    let mut started = Vec::new();
    for s in &written {
        match R::scenario_position(s.line, &s.setup) {
            Ok(game) => started.push(game),
            Err(mistakes) => errors.extend(mistakes.into_iter().map(
                |Mistake { line, message }| ParseError {
                    file: file.to_string(),
                    line,
                    message,
                },
            )),
        }
    }
    if !errors.is_empty() {
        return Err(ScenarioError::Parse(errors));
    }
    Ok(written
        .iter()
        .zip(started)
        .map(|(s, game)| run_one(file, s, game))
        .collect())
}

/// The scenarios of the ruleset `ruleset` in a file or folder, each as its name and the
/// rules it cites (for the coverage table and the rulings' check).
pub fn cited_rules(
    path: &std::path::Path,
    ruleset: &str,
) -> Result<Vec<(String, Vec<String>)>, ScenarioError> {
    crate::each_file(path, |name, text| {
        if ruleset_of(text) != Some(ruleset) {
            return Ok(Vec::new());
        }
        Ok(read(name, text)?
            .into_iter()
            .map(|s| (s.name, s.rules))
            .collect())
    })
}

fn run_one<R: Ruleset>(file: &str, s: &Written, mut game: R) -> Outcome {
    let mut failures = Vec::new();
    let mut told = Vec::new();
    for step in &s.steps {
        if let Err(m) = run_step(&mut game, &step.text, &mut told) {
            failures.push(format!("line {}: {}: {m}", step.line, excerpt(&step.text)));
            if !step.text.starts_with("expect") {
                break; // a decision not made: what follows would not mean anything
            }
        }
    }
    Outcome {
        file: file.to_string(),
        line: s.line,
        name: s.name.clone(),
        rules: s.rules.clone(),
        passed: failures.is_empty(),
        failures,
    }
}

/// Makes one step; `told` keeps the log of the last decision, as a spectator reads it.
fn run_step<R: Ruleset>(g: &mut R, step: &str, told: &mut Vec<String>) -> Result<(), String> {
    if let Some(rest) = step.strip_prefix("expect ") {
        let rest = rest.trim();
        return match rest.split_once(' ') {
            Some(("log", heard)) => log_expect(told, heard.trim()),
            _ => expect(g, rest),
        };
    }
    let (player, rest) = match step.split_once(' ') {
        Some((p, r)) if seat_word(p).is_some() => (seat_word(p), r.trim_start()),
        _ => (None, step),
    };
    if let (Some(p), Some(d)) = (player, g.decider()) {
        if p != d {
            return Err(format!(
                "Player {} is deciding, not Player {}",
                d + 1,
                p + 1
            ));
        }
    }
    if let Some(label) = rest.strip_prefix("do ") {
        let c = find(g, label.trim())?;
        let before = g.clone();
        let events = g.apply_told(c).map_err(|e| e.to_string())?;
        let voice = Voice::numbered(None, g.seats());
        *told = before
            .tell(c, &events, &voice)
            .into_iter()
            .map(|l| l.text)
            .collect();
        return Ok(());
    }
    if let Some(label) = rest.strip_prefix("reject ") {
        // Rejected: no option fits the words, not one nor several.
        return match find_label(&labels(g), label.trim()) {
            Match::Nothing => Ok(()),
            Match::One(_) => Err("the option is offered".into()),
            Match::Several(hits) => Err(format!("{} options that fit it are offered", hits.len())),
        };
    }
    Err("expected do, reject or expect".into())
}

/// `log has TEXT` or `log lacks TEXT`: whether a line of the last decision's log, as a
/// spectator reads it, holds the text (case aside).
fn log_expect(told: &[String], heard: &str) -> Result<(), String> {
    let (has, text) = match heard.split_once(' ') {
        Some(("has", text)) => (true, text),
        Some(("lacks", text)) => (false, text),
        _ => return Err("expected log has TEXT or log lacks TEXT".into()),
    };
    let text = text.trim().to_lowercase();
    let found = told.iter().any(|l| l.to_lowercase().contains(&text));
    checked(found == has, || format!("the log: {}", told.join(" / ")))
}

/// The labels of the pending decision, as its decider reads them.
fn labels<R: Ruleset>(g: &R) -> Vec<String> {
    let seat = g.decider().unwrap_or(0);
    g.options().iter().map(|&c| g.label(c, seat)).collect()
}

/// The pending option whose label `label` names, as the 2017 scenarios find theirs
/// (the whole label first, then its start; copies of one card read the same and the
/// first is taken).
fn find<R: Ruleset>(g: &R, label: &str) -> Result<R::Choice, String> {
    let labels = labels(g);
    match find_label(&labels, label) {
        Match::One(i) => Ok(g.options()[i]),
        Match::Nothing => Err(format!(
            "no option {}; the options are: {}",
            quoted(label),
            labels.join(" | ")
        )),
        Match::Several(hits) => Err(format!("{} matches {} options", quoted(label), hits.len())),
    }
}

/// How the game stands: "won by p1", "a draw", "the game not over".
fn result<R: Ruleset>(g: &R) -> String {
    match g.winners() {
        None => "the game not over".into(),
        Some([]) => "a draw".into(),
        Some(w) => format!("won by {}", seats_named(w)),
    }
}

/// The pending decision: "p2 to decide (priority)".
fn asked<R: Ruleset>(g: &R) -> String {
    match (g.decider(), g.decision_kind()) {
        (Some(seat), kind) => format!("p{} to decide ({})", seat + 1, kind.unwrap_or("?")),
        (None, _) => "no decision (the game is over)".into(),
    }
}

/// The seats a scenario lists (`p1, p3`); words that name no seat (`none`) are left out.
fn seats_listed(words: &[&str]) -> Vec<Seat> {
    words
        .iter()
        .filter_map(|p| seat_word(p.trim_end_matches(',')))
        .collect()
}

/// Checks an expectation every game has, else the ruleset's own.
fn expect<R: Ruleset>(g: &R, e: &str) -> Result<(), String> {
    let words: Vec<&str> = e.split_whitespace().collect();
    match words.as_slice() {
        ["winner", "none"] => checked(g.winners() == Some(&[][..]), || result(g)),
        ["winner", ps @ ..] => checked(g.winners() == Some(&seats_listed(ps)[..]), || result(g)),
        ["game", "on"] => checked(g.winners().is_none(), || result(g)),
        // How the game ended, as the interface tells it: won, a deck run out, the limits.
        ["ending", how] => {
            let got = match g.ending() {
                None => "none",
                Some(Ending::Won) => "won",
                Some(Ending::DeckedOut) => "decked-out",
                Some(Ending::Limits) => "limits",
            };
            checked(got == *how, || format!("ending {got}"))
        }
        // Who lost first: those out in the first check, or, in a game won by a deck run
        // out, every player who did not win.
        ["lost", "first", ps @ ..] => {
            let got = g.first_to_lose();
            checked(got == seats_listed(ps), || {
                format!("lost first: {}", seats_named(&got))
            })
        }
        ["decision", "none"] => checked(g.decider().is_none(), || asked(g)),
        ["decision", p, kind @ ..] => {
            let want = seat_word(p).ok_or("expected decision pN")?;
            let bare = |w: &str| w.replace('-', "").to_lowercase();
            let ok = g.decider() == Some(want)
                && kind.first().is_none_or(|k| {
                    g.decision_kind()
                        .is_some_and(|a| bare(a).starts_with(&bare(k)))
                });
            checked(ok, || asked(g))
        }
        ["deck", ..] => deck_expect::<R>(after_words(e, 1)),
        ["option", ..] => find(g, after_words(e, 1)).map(|_| ()),
        ["options", ..] => {
            // Exactly these, in any order, case aside.
            let norm = |l: &str| l.trim().to_lowercase();
            let mut want: Vec<String> = after_words(e, 1).split('|').map(norm).collect();
            let mut got: Vec<String> = labels(g).iter().map(|l| norm(l)).collect();
            want.sort();
            got.sort();
            checked(want == got, || labels(g).join(" | "))
        }
        _ => g
            .scenario_expect(e)
            .unwrap_or_else(|| Err(format!("unknown expectation {}", quoted(e)))),
    }
}

/// `deck FORMAT passes: LIST` or `deck FORMAT breaks TEXT: LIST`: a deck list, its lines
/// joined by commas ("20 Crimson Gate, 2 Mirror Weaver"), checked against a format
/// (`any`: only what every game needs) as `epic deck check` checks it: it breaks no rule,
/// or a rule it breaks is told in words that hold the text (case aside).
fn deck_expect<R: Ruleset>(e: &str) -> Result<(), String> {
    const USAGE: &str = "expected deck FORMAT passes: LIST or deck FORMAT breaks TEXT: LIST";
    let (head, list) = e.split_once(':').ok_or(USAGE)?;
    let mut words = head.split_whitespace();
    let format = words.next().ok_or(USAGE)?;
    let verdict = words.next().ok_or(USAGE)?;
    let text = words.collect::<Vec<_>>().join(" ").to_lowercase();
    let list: Vec<&str> = list.split(',').map(str::trim).collect();
    let check = R::check_deck(
        "the deck",
        (format != "any").then_some(format),
        &list.join("\n"),
    )
    .map_err(|e| e.to_string())?;
    let told = || match check.broken.is_empty() {
        true => "it breaks no rule".to_string(),
        false => check.broken.join("; "),
    };
    match verdict {
        "passes" if text.is_empty() => checked(check.broken.is_empty(), told),
        "breaks" if !text.is_empty() => {
            let found = (check.broken.iter()).any(|b| b.to_lowercase().contains(&text));
            checked(found, told)
        }
        _ => Err(USAGE.into()),
    }
}
