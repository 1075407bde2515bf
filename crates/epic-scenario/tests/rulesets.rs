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

/// A `reject` fails when the option it names is offered, also when its words fit several
/// options: a reject passes only when no option fits them.
#[test]
fn a_reject_fails_when_one_or_several_options_fit_it() {
    let scenario = |reject: &str| {
        format!(
            "scenario Two attacks offered\nrule M-01\nstep attackers\n\
             p1 play Iron Legionnaire\np2 play Mirror Weaver\np2 play Rooftop Sentry\n\
             reject {reject}\n"
        )
    };
    let text = [
        "Iron Legionnaire attacks Mirror Weaver",
        "Iron Legionnaire attacks",
        "Iron Legionnaire flies",
    ]
    .map(scenario)
    .concat();
    let outcomes =
        epic_scenario::ruled::run_str("reject.scn", &format!("ruleset multiverse\n{text}"))
            .unwrap();
    let failures: Vec<&[String]> = outcomes.iter().map(|o| &o.failures[..]).collect();
    assert!(
        failures[0][0].contains("the option is offered"),
        "{failures:?}"
    );
    assert!(
        failures[1][0].contains("2 options that fit it are offered"),
        "{failures:?}"
    );
    assert!(failures[2].is_empty(), "{failures:?}");
}
