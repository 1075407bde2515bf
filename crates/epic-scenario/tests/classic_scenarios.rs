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
