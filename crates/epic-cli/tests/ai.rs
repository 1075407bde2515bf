//! The AI from the command line: the default opponent, hints, and the round robin that
//! rates the bots.

mod common;

use common::{epic, epic_with_input, stdout};
use serde_json::Value;

/// The default opponent is the hard search AI, and a whole game against it ends.
#[test]
fn a_whole_game_against_the_default_ai() {
    let out = epic_with_input(
        &["play", "--seed", "8", "--first", "me"],
        &"1\n".repeat(5000),
    );
    let text = stdout(&out);
    assert!(out.status.success());
    assert!(
        text.contains("You win after") || text.contains("The AI wins after"),
        "no winner:\n{}",
        &text[text.len().saturating_sub(2000)..]
    );
}

/// `hint` names one of the options on offer by its number and gives a chance to win.
#[test]
fn a_hint_names_an_option_and_a_chance_to_win() {
    let out = epic_with_input(
        &["play", "--seed", "4", "--first", "me", "--ai", "random"],
        "hint\nquit\n",
    );
    let text = stdout(&out);
    assert!(out.status.success());
    let line = text
        .lines()
        .find(|l| l.contains("would take"))
        .unwrap_or_else(|| panic!("no hint:\n{text}"));
    // "> The hard AI in your place would take 2. Mulligan ... — your chance to win about 51% (...)"
    let after = line.split("would take ").nth(1).unwrap();
    let n: usize = after.split('.').next().unwrap().parse().unwrap();
    assert!((1..=6).contains(&n), "{line}");
    assert!(line.contains("your chance to win about"), "{line}");
}

/// A round robin: every pairing played the asked number of times, greedy rated above
/// random, records that add up, and the same games whatever the thread count (bots
/// without a time limit).
#[test]
fn a_tournament_rates_the_bots() {
    let run = |threads: &str| {
        let out = epic(&[
            "sim",
            "--tournament",
            "--bots",
            "random,greedy,ismcts@100",
            "--decks",
            "good,wild",
            "--games",
            "8",
            "--threads",
            threads,
            "--json",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    let report = run("2");
    assert_eq!(report["games"], 24);
    assert_eq!(report["ratings"].as_array().unwrap().len(), 3);
    let rank = |bot: &str| {
        report["ratings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["bot"] == bot)
            .map(|r| r["rank"].as_u64().unwrap())
            .unwrap()
    };
    assert!(rank("greedy") < rank("random"));
    assert_eq!(rank("random"), 3);
    for p in report["pairs"].as_array().unwrap() {
        let games = ["wins", "draws", "losses"].map(|k| p[k].as_u64().unwrap());
        assert_eq!(games.iter().sum::<u64>(), 8, "{p}");
    }
    let greedy = report["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["bot"] == "greedy");
    assert!(greedy.unwrap()["decisions"].as_u64().unwrap() > 0);
    // The same games on one thread: the same records.
    assert_eq!(run("1")["pairs"], report["pairs"]);
}

#[test]
fn a_tournament_refuses_what_it_cannot_play() {
    for (args, says) in [
        (vec!["--bots", "greedy"], "at least two bots"),
        (vec!["--bots", "greedy,genius"], "unknown bot 'genius'"),
        (vec!["--bots", "greedy,greedy"], "named twice"),
        (vec!["--bots", "greedy,ismcts@0"], "unknown bot 'ismcts@0'"),
        (vec!["--decks", "good,goood"], "did you mean 'good'"),
        (vec!["--players", "3"], "two-player games"),
    ] {
        let mut all = vec!["sim", "--tournament", "--games", "2"];
        all.extend(args.iter());
        let out = epic(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{all:?}: {err}");
    }
}
