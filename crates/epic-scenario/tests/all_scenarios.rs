//! Runs every scenario under `<workspace>/scenarios` and checks `scenarios/coverage.md`
//! against the scenarios' `rule` lines.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios")
}

#[test]
fn every_scenario_passes() {
    if let Err(e) = epic_scenario::check_path(&root().join("rules")) {
        panic!("{e}");
    }
}

/// The positions asked of the AI (`expect ai`), each with one clearly best play.
#[test]
fn every_ai_position_passes() {
    if let Err(e) = epic_scenario::check_path(&root().join("ai")) {
        panic!("{e}");
    }
}

#[test]
fn pending_scenarios_parse() {
    let pending = root().join("pending");
    if pending.exists() {
        if let Err(e) = epic_scenario::load_path(&pending) {
            panic!("scenarios/pending has mistakes:\n{e}");
        }
    }
}

/// `EPIC_UPDATE_COVERAGE=1 cargo test -p epic-scenario` rewrites the generated parts of
/// the coverage file from the scenarios instead of failing.
#[test]
fn coverage_file_matches_the_scenarios() {
    let root = root();
    let scenarios = epic_scenario::load_path(&root.join("rules")).expect("scenarios parse");
    let path = root.join("coverage.md");
    let text = std::fs::read_to_string(&path).expect("scenarios/coverage.md exists");
    let rules_root = root.join("rules");
    if std::env::var_os("EPIC_UPDATE_COVERAGE").is_some() {
        let new = epic_scenario::coverage::update(&text, &scenarios, &rules_root)
            .expect("coverage file has its three sections");
        std::fs::write(&path, new).expect("coverage file written");
        return;
    }
    let problems = epic_scenario::coverage::check(&text, &scenarios, &rules_root);
    assert!(
        problems.is_empty(),
        "scenarios/coverage.md disagrees with the scenarios (EPIC_UPDATE_COVERAGE=1 cargo test -p epic-scenario regenerates the table):\n{}",
        problems.join("\n")
    );
}

/// Every derived scenario of the checklist (D-01 … D-23,
/// `shared/rules/rules-2017-checklist.md`) is cited by a scenario that passes.
#[test]
fn every_derived_scenario_is_cited() {
    let scenarios = epic_scenario::load_path(&root().join("rules")).expect("scenarios parse");
    let missing: Vec<String> = (1..=23)
        .map(|n| format!("D-{n:02}"))
        .filter(|d| !scenarios.iter().any(|s| s.rules.contains(d)))
        .collect();
    assert!(
        missing.is_empty(),
        "no scenario under scenarios/rules cites {}",
        missing.join(", ")
    );
}

/// Every worked example of the checklist (S-01 … S-35) is cited by a scenario under
/// `scenarios/rules` or `scenarios/cards`, or listed in `scenarios/coverage.md` under
/// "Worked examples not reproduced" with its reason — never both.
#[test]
fn every_worked_example_is_cited_or_listed_with_a_reason() {
    let root = root();
    let mut scenarios = Vec::new();
    for dir in ["rules", "cards"] {
        scenarios.extend(epic_scenario::load_path(&root.join(dir)).expect("scenarios parse"));
    }
    let text = std::fs::read_to_string(root.join("coverage.md")).expect("coverage.md exists");
    let listed = epic_scenario::coverage::unreproduced_examples(&text).expect("coverage.md");
    let mut problems = Vec::new();
    for (id, reason) in &listed {
        if reason.is_empty() {
            problems.push(format!("{id} is listed as not reproduced without a reason"));
        }
        let n: u32 = id[2..].parse().unwrap_or(0);
        if !(1..=35).contains(&n) {
            problems.push(format!("{id} is no worked example of the checklist"));
        }
    }
    for id in (1..=35).map(|n| format!("S-{n:02}")) {
        let citing: Vec<String> = scenarios
            .iter()
            .filter(|s| s.rules.contains(&id))
            .map(|s| format!("{}:{}", s.file, s.line))
            .collect();
        let is_listed = listed.iter().any(|(l, _)| *l == id);
        match (citing.is_empty(), is_listed) {
            (true, false) => problems.push(format!(
                "{id} is cited by no scenario and not listed under \"Worked examples not reproduced\""
            )),
            (false, true) => problems.push(format!(
                "{id} is listed as not reproduced, but scenarios cite it: {}",
                citing.join("; ")
            )),
            _ => {}
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
