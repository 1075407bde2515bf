//! Every registered ruleset but the 2017 game (whose scenarios are `scenarios/rules` and
//! `scenarios/cards`) has its scenarios in `scenarios/NAME`, and every one passes: a new
//! ruleset is held to this without new test code.

use std::path::Path;

#[test]
fn every_ruleset_s_scenarios_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    for name in epic_rulesets::RULESETS {
        if name == "2017" {
            continue;
        }
        let folder = root.join(name);
        assert!(
            folder.is_dir(),
            "the {name} ruleset has no scenarios/{name}"
        );
        match epic_scenario::check_path(&folder) {
            Ok(n) => assert!(n >= 5, "{name}: only {n} scenarios"),
            Err(e) => panic!("{name}:\n{e}"),
        }
    }
}

/// A file naming a ruleset nobody registered is refused, naming the rulesets.
#[test]
fn an_unknown_ruleset_is_refused_with_the_names() {
    let text = "ruleset chess\nscenario A\nrule 1\nexpect game on\n";
    let e = epic_scenario::ruled::run_str("odd.scn", text).unwrap_err();
    let message = e.to_string();
    assert!(message.contains("no ruleset is named 'chess'"), "{message}");
    assert!(message.contains("multiverse"), "{message}");
}
