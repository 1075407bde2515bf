//! `epic bench`: its JSON carries the measured fields, and bad input is refused cleanly.

mod common;

use common::epic;

#[test]
fn bench_json_reports_the_budget_fields() {
    let out = epic(&[
        "bench",
        "--games",
        "40",
        "--rounds",
        "3",
        "--threads",
        "2",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for field in [
        "games_per_second",
        "games_per_second_all_cores",
        "decisions_per_second",
        "clone_ns",
        "clones_per_second",
        "state_bytes",
    ] {
        assert!(
            v[field].as_f64().is_some_and(|x| x > 0.0),
            "{field} missing or zero: {v}"
        );
    }
    assert_eq!(v["games"], 40);
    assert_eq!(v["rounds"], 3);
    let rate = |field: &str| v[field].as_f64().expect(field);
    assert!(rate("games_per_second_min") <= rate("games_per_second"));
    assert!(rate("games_per_second") <= rate("games_per_second_max"));
    assert!(v["decisions_per_game"].as_f64().unwrap() > 20.0);
    assert!(v["allocations_per_decision"].as_f64().is_some());
    // The other tables: a 4-player free-for-all, with its cost per decision beside the
    // two-player games'.
    let table = &v["tables"][0];
    assert_eq!(table["players"], 4);
    assert_eq!(table["variant"], "ffa");
    assert_eq!(table["games"], 10);
    assert!(table["decisions_per_game"].as_f64().unwrap() > rate("decisions_per_game"));
    assert!(table["cost_per_decision_vs_two_players"].as_f64().unwrap() > 0.0);
    let hydra = &v["tables"][1];
    assert_eq!(hydra["table"], "2v2 hydra");
    assert_eq!(hydra["variant"], "hydra");
    assert!(hydra["decisions_per_game"].as_f64().unwrap() > 20.0);
    // Two players whose decks hold every set's cards of their alignment.
    let every = &v["tables"][2];
    assert_eq!(every["table"], "2 players, decks of every set");
    assert_eq!(every["players"], 2);
    assert!(every["decisions_per_game"].as_f64().unwrap() > 20.0);
    assert!(every["cost_per_decision_vs_two_players"].as_f64().unwrap() > 0.0);
    // Every registered ruleset beside them, the classic game (2009) among them, each at
    // its usual table, made through the ruleset interface: a row each.
    let rows = v["tables"].as_array().expect("tables");
    for ruleset in epic_rulesets::RULESETS {
        let row = rows
            .iter()
            .find(|t| {
                t["ruleset"] == ruleset
                    && t["table"]
                        .as_str()
                        .is_some_and(|n| n.ends_with("its usual table through the interface"))
            })
            .unwrap_or_else(|| panic!("no row for the {ruleset} ruleset: {v}"));
        assert_eq!(row["games"], 10);
        assert!(row["decisions_per_game"].as_f64().unwrap() > 20.0);
        assert!(row["cost_per_decision_vs_two_players"].as_f64().unwrap() > 0.0);
        // And each of its search levels' speed, searched on positions of its games.
        for level in ["easy", "medium", "hard"] {
            let search = (v["searches"].as_array().expect("searches").iter())
                .find(|s| s["ruleset"] == ruleset && s["level"] == level)
                .unwrap_or_else(|| panic!("no {level} search row for {ruleset}: {v}"));
            assert!(search["decisions"].as_u64().unwrap() > 0, "{search}");
            assert!(search["iterations_per_second"].as_f64().unwrap() > 0.0);
            assert!(search["iterations_per_decision"].as_f64().unwrap() <= 10_000.0);
        }
    }
}

#[test]
fn bench_refuses_zero_games_or_rounds() {
    for flag in ["--games", "--rounds"] {
        let out = epic(&["bench", flag, "0"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains(flag));
    }
}

/// Thread and round counts that make no sense are usage errors, not a huge allocation.
#[test]
fn bench_refuses_absurd_counts() {
    for (flag, value) in [
        ("--threads", "0"),
        ("--threads", "10000000000"),
        ("--threads", "257"),
        ("--rounds", "1001"),
        ("--rounds", "4294967296"),
    ] {
        let out = epic(&["bench", &format!("{flag}={value}")]);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(flag), "{flag} {value}: {err}");
        assert!(!err.contains("memory allocation"), "{err}");
    }
}

/// The instruction-count gate's workloads (`scripts/instructions`): each registered
/// ruleset has its own, every one runs and plays the same games each time, and a name
/// that is none is refused with the list.
#[test]
fn bench_workloads_cover_every_ruleset_and_play_the_same_games() {
    let out = epic(&["bench", "--workload", "list", "--json"]);
    assert!(out.status.success());
    let names: Vec<String> = serde_json::from_slice(&out.stdout).expect("JSON");
    for ruleset in epic_rulesets::RULESETS {
        for kind in ["interface", "search", "server"] {
            let name = format!("{kind}-{ruleset}");
            assert!(names.contains(&name), "{name} missing from {names:?}");
        }
    }
    for name in &names {
        let run = || {
            let out = epic(&["bench", "--workload", name, "--json"]);
            assert!(
                out.status.success(),
                "{name}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("JSON")
        };
        let done = run();
        assert_eq!(done["workload"], name.as_str());
        assert!(done["count"].as_u64().unwrap() > 0, "{done}");
        assert_eq!(run(), done, "{name} played other games the second time");
    }
    let out = epic(&["bench", "--workload", "everything"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no workload 'everything'") && err.contains("server-classic"),
        "{err}"
    );
    let out = epic(&["bench", "--workload", "base", "--games", "3"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "--games has no meaning with --workload"
    );
}
