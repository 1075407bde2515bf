//! Runs every classic scenario under `<workspace>/scenarios/classic`.

use std::path::Path;

#[test]
fn every_classic_scenario_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/classic");
    match epic_scenario::check_path(&root) {
        Ok(n) => assert!(n > 0),
        Err(e) => panic!("{e}"),
    }
}

/// Only a champion with veiled may be face down in a position (ruling C-10): a scenario
/// that puts another so is a mistake of its file, said at the scenario's line.
#[test]
fn only_a_veiled_champion_starts_face_down() {
    let text =
        "ruleset classic\nscenario Odd\nrule C-10\np1 play Iron Golem veiled\nexpect game on\n";
    let Err(epic_scenario::ScenarioError::Parse(errors)) =
        epic_scenario::ruled::run_str("odd.scn", text)
    else {
        panic!("the position is refused");
    };
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, 2);
    assert!(
        errors[0].message.contains("Iron Golem cannot be face down"),
        "{errors:?}"
    );
}

/// A statement cut short or spaced with a non-breaking space fails its scenario with a
/// message; it never aborts the program (a slice past the end, or inside a character).
#[test]
fn a_malformed_classic_statement_fails_its_scenario_without_aborting() {
    for statement in [
        "expect option",
        "expect option\u{a0}Pass",
        "expect in play has",
        "expect in play lacks",
        "expect in\u{a0}play\u{a0}has\u{a0}Iron Golem",
        "expect decision p1 nothing",
        "expect winner p1",
    ] {
        let text =
            format!("ruleset classic\nscenario Cut\nrule T-1\np1 play Iron Golem\n{statement}\n");
        if let Ok(outcomes) = epic_scenario::ruled::run_str("cut.scn", &text) {
            let o = &outcomes[0];
            assert!(o.passed || !o.failures.is_empty(), "{statement}");
            for f in &o.failures {
                assert!(
                    !f.contains("Some(") && !f.contains("None"),
                    "{statement}: {f}"
                );
            }
        }
    }
}

/// A long card name, expectation or statement is quoted in its message cut short, never
/// echoed whole.
#[test]
fn a_classic_scenario_quotes_long_input_cut_short() {
    let long = "Iron Golem".repeat(200);
    for statement in [
        format!("p1 play {long}"),
        format!("expect {long}"),
        format!("expect in play has {long}"),
    ] {
        let text = format!("ruleset classic\nscenario Long\nrule T-1\n{statement}\n");
        let message = match epic_scenario::ruled::run_str("long.scn", &text) {
            Ok(outcomes) => outcomes[0].failures.join("\n"),
            Err(e) => e.to_string(),
        };
        assert!(message.contains("Iron Golem…"), "{message}");
        assert!(message.len() < 400, "{message}");
    }
}
