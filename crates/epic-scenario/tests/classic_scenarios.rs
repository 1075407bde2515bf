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
/// that puts another so fails as it is set up, saying why.
#[test]
fn only_a_veiled_champion_starts_face_down() {
    let text =
        "ruleset classic\nscenario Odd\nrule C-10\np1 play Iron Golem veiled\nexpect game on\n";
    let outcomes = epic_scenario::classic::run_classic_str("odd.scn", text).expect("it reads");
    assert_eq!(outcomes.len(), 1);
    assert!(!outcomes[0].passed);
    let failures = &outcomes[0].failures;
    assert!(
        failures
            .first()
            .is_some_and(|f| f.contains("Iron Golem cannot be face down")),
        "{failures:?}"
    );
}
