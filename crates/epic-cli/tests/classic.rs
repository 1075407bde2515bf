//! `--ruleset classic`: the 2009 game from the command line, as a user runs it.

mod common;

use common::{epic, epic_with_input};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `epic sim --ruleset classic ARGS --json`, read.
fn classic_sim(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["sim", "--ruleset", "classic", "--json"];
    all.extend(args);
    let out = epic(&all);
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn classic_sim_reports_every_game() {
    let args = ["--games", "12", "--p1", "greedy", "--p2", "random:chaos"];
    let v = classic_sim(&args);
    assert_eq!(v["ruleset"], "classic");
    assert_eq!(v["games"], 12);
    let wins: u64 = v["wins"]
        .as_array()
        .expect("wins")
        .iter()
        .map(|w| w.as_u64().unwrap_or(0))
        .sum();
    assert_eq!(
        wins + v["draws"].as_u64().unwrap_or(0) + v["unfinished"].as_u64().unwrap_or(0),
        12
    );
    assert_eq!(v["players"][0], "greedy:order");
    // The same seed gives the same games.
    let again = classic_sim(&args);
    assert_eq!(v["wins"], again["wins"]);
    assert_eq!(v["average_decisions"], again["average_decisions"]);
}

#[test]
fn classic_sim_refuses_unknown_decks_and_bots() {
    let out = epic(&["sim", "--ruleset", "classic", "--p1", "random:elves"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("order, chaos"),
        "{}",
        text(&out.stderr)
    );
    let out = epic(&["sim", "--ruleset", "classic", "--p1", "genius:order"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("unknown bot"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn classic_play_takes_numbered_options_and_leaves_on_q() {
    let play = [
        "play",
        "--ruleset",
        "classic",
        "--ai",
        "random",
        "--seed",
        "3",
    ];
    let out = epic_with_input(&play, "9\nx\n5\nq\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Keep your hand"), "{s}");
    assert!(s.contains("'9' is not one of the options"), "{s}");
    assert!(s.contains("'x' is not one of the options"), "{s}");
    assert!(s.contains("You left the game."), "{s}");
    // End of input leaves the game too.
    let out = epic_with_input(&play, "");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("End of input"));
}

#[test]
fn classic_formats_deal_decks_and_check_designed_ones() {
    let v = classic_sim(&["--games", "6", "--format", "pack-war", "--p1", "greedy"]);
    assert_eq!(v["format"], "pack-war");
    assert_eq!(v["players"][0], "greedy:pack-war");
    let finished = v["games"].as_u64().unwrap_or(0) - v["unfinished"].as_u64().unwrap_or(0);
    assert_eq!(finished, 6);
    let v = classic_sim(&["--games", "2", "--format", "draft-2", "--players", "3"]);
    assert_eq!(v["players"].as_array().map(Vec::len), Some(3));

    // Designed Deck needs 60 cards: the preconstructed 30 are refused, naming the rule.
    let out = epic(&["sim", "--ruleset", "classic", "--format", "designed"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("T-15.5"),
        "{}",
        text(&out.stderr)
    );
    // A classic format without the classic ruleset, and absurd pack counts.
    let out = epic(&["sim", "--format", "pack-war"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--ruleset classic"),
        "{}",
        text(&out.stderr)
    );
    let out = epic(&["sim", "--ruleset", "classic", "--format", "sealed-99999"]);
    assert_eq!(out.status.code(), Some(2));

    let dir = std::env::temp_dir().join(format!("epic-classic-deck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("golems.deck");
    std::fs::write(
        &file,
        "20 Iron Golem\n20 Temple Guard\n20 Stone Guardian\nsideboard\n15 Shade\n",
    )
    .expect("write");
    let path = file.to_str().expect("path");
    let out = epic(&[
        "deck",
        "check",
        "--ruleset",
        "classic",
        "--format",
        "designed",
        path,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("20 copies of Iron Golem"), "{stdout}");
    assert!(stdout.contains("15 copies of Shade"), "{stdout}");
    std::fs::write(&file, "10 Iron Golem\n").expect("write");
    let out = epic(&["deck", "check", "--ruleset", "classic", path]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    std::fs::remove_dir_all(&dir).ok();
}
