//! The `epic` program end to end: real processes, real stdin and stdout.

mod common;

use common::{epic, epic_with_env, epic_with_input, stderr, stdout};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// A test's own folder for the files it writes, removed when the test ends.
struct Scratch(tempfile::TempDir);

impl Scratch {
    fn new() -> Scratch {
        Scratch(tempfile::tempdir().expect("a temporary folder"))
    }

    fn file(&self, name: &str) -> PathBuf {
        self.0.path().join(name)
    }
}

/// Always answering 1 plays a whole game against the AI to its end.
#[test]
fn play_a_whole_game_from_stdin() {
    let input = "1\n".repeat(5000);
    let out = epic_with_input(
        &["play", "--seed", "5", "--first", "me", "--ai", "random"],
        &input,
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("Seed: 5"));
    assert!(text.contains("Your hand:"));
    assert!(
        text.contains("You win after") || text.contains("The AI wins after"),
        "no winner:\n{}",
        &text[text.len().saturating_sub(3000)..]
    );
}

#[test]
fn play_commands_and_end_of_input() {
    let input = "help\nshow Fire Shaman\nshow Fire Shamn\ndiscard\nlog\nundo\nbogus\n99\n";
    let out = epic_with_input(
        &["play", "--seed", "9", "--first", "me", "--ai", "random"],
        input,
    );
    let text = stdout(&out);
    assert!(out.status.success());
    assert!(text.contains("show NAME"));
    assert!(text.contains("Deal 3 damage to a target"));
    assert!(text.contains("did you mean 'Fire Shaman'"));
    assert!(text.contains("discard pile (0)"));
    assert!(text.contains("There is no play to undo"));
    assert!(text.contains("Unknown command 'bogus'"));
    assert!(text.contains("Pick a number from 1 to"));
    assert!(text.contains("End of input"));
}

/// `concede` asks first; "yes" ends the game with the AI the winner (rule 1.2.2), and the
/// autosave replays to the same end.
#[test]
fn play_concede_asks_then_ends_the_game() {
    let out = epic_with_input(
        &["play", "--seed", "9", "--first", "me", "--ai", "random"],
        "concede\nno\nconcede\nyes\n",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    let play_on = text
        .find("You play on.")
        .expect("a no keeps the game going");
    let conceded = text.find("You concede.").expect("a yes concedes");
    assert!(play_on < conceded);
    assert!(
        text.contains("The AI wins after") && text.contains("you conceded"),
        "{}",
        &text[text.len().saturating_sub(2000)..]
    );
}

/// `concede yes` concedes without asking, in every ruleset.
#[test]
fn play_concede_yes_concedes_at_once() {
    for ruleset in epic_rulesets::RULESETS {
        let out = epic_with_input(
            &[
                "play",
                "--ruleset",
                ruleset,
                "--seed",
                "9",
                "--first",
                "me",
                "--ai",
                "random",
                "--no-autosave",
            ],
            "concede yes\n",
        );
        let text = stdout(&out);
        assert!(out.status.success(), "{ruleset}: {text}");
        assert!(
            !text.contains("Concede the game and lose it?"),
            "{ruleset}: {text}"
        );
        assert!(text.contains("You concede."), "{ruleset}: {text}");
    }
}

/// Options typed as words, stray bytes and out-of-range numbers never end the game.
#[test]
fn play_reads_words_and_survives_odd_input() {
    let mut input = b"keep hand\nend turn\n".to_vec();
    input.extend_from_slice(b"\xff\xfe\n99999999999999999999999\nshow\nquit\n");
    let out = epic_with_input(
        &[
            "play",
            "--seed",
            "42",
            "--first",
            "me",
            "--ai",
            "random",
            "--no-autosave",
        ],
        &String::from_utf8_lossy(&input),
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("You keep your hand."), "{text}");
    assert!(!text.contains("Unknown command 'end turn'"), "{text}");
    assert!(text.contains("The AI"), "{text}");
    assert!(text.contains("Pick a number from 1 to"), "{text}");
    assert!(text.contains("Usage: show CARD"), "{text}");
    assert!(
        text.contains("You leave the game (nothing was saved)"),
        "{text}"
    );
    assert!(
        !text.contains("(Player 2)") && !text.contains("Player 2:"),
        "seats are 'you' and 'the AI' in a game: {text}"
    );
}

#[test]
fn play_rejects_bad_options() {
    let dir = Scratch::new();
    let out = epic(&["play", "--deck", "nonsense"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown deck 'nonsense'"));
    let out = epic(&["play", "--ai", "genius"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown bot"));
    let out = epic(&["play", "--ai-deck", "goood"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("did you mean 'good'"),
        "{}",
        stderr(&out)
    );

    let small = dir.file("small.txt");
    std::fs::write(&small, "2 Kong\n").unwrap();
    let out = epic(&["play", "--deck", small.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("your deck"), "{}", stderr(&out));
    assert!(stderr(&out).contains("at least 5"), "{}", stderr(&out));

    let binary = dir.file("binary.txt");
    std::fs::write(&binary, [0u8, 159, 146, 150, 255, 10, 0]).unwrap();
    for args in [
        vec!["play", "--deck", binary.to_str().unwrap()],
        vec!["play", "--load", binary.to_str().unwrap()],
        vec!["deck", "check", binary.to_str().unwrap()],
        vec!["replay", binary.to_str().unwrap()],
    ] {
        let out = epic(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("not a text file"), "{}", stderr(&out));
    }
}

/// A game saved by an earlier build, with a continuous ability in play (Gold Dragon),
/// still reproduces its recorded digest: changes to how the engine keeps its indexes must
/// not turn users' saves into "edited" files.
#[test]
fn a_save_from_an_earlier_build_still_loads() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/save-v2-with-static.json"
    );
    let out = epic(&["replay", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("Gold Dragon"), "{}", stdout(&out));
}

/// Saving in the middle of a game, then resuming and replaying the file.
#[test]
fn save_resume_and_replay() {
    let dir = Scratch::new();
    let file = dir.file("game.json");
    let path = file.to_str().unwrap();
    let input = format!("{}save {path}\n", "1\n".repeat(40));
    let out = epic_with_input(
        &["play", "--seed", "3", "--first", "me", "--ai", "random"],
        &input,
    );
    assert!(stdout(&out).contains("Saved to"), "{}", stdout(&out));
    let save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(save["format"], "epic-save");
    assert_eq!(save["version"], 2);
    let n = save["decisions"].as_array().unwrap().len();
    assert!(n > 0);

    let out = epic_with_input(&["play", "--load", path], "log\nquit\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains(&format!("Resumed after {n} decisions")));
    assert!(
        text.contains("  --- Turn 1:"),
        "the log covers the saved part: {text}"
    );
    assert!(text.contains("(the game is saved in"), "{text}");

    let out = epic(&["replay", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("#1 Player"));
    let out = epic(&["replay", path, "--to", "2", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["at"], 2);
    assert_eq!(v["steps"].as_array().unwrap().len(), 2);
    assert!(v["view"]["players"].is_array());
    let out = epic(&["replay", path, "--to", "100000"]);
    assert_eq!(out.status.code(), Some(2));

    // Corrupt files: each a clear error and exit 2.
    let bad = |name: &str, edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v = save.clone();
        edit(&mut v);
        let f = dir.file(name);
        std::fs::write(&f, v.to_string()).unwrap();
        let out = epic(&["replay", f.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"));
        stderr(&out)
    };
    assert!(bad("version.json", &|v| v["version"] = 99.into()).contains("version 99"));
    assert!(bad("format.json", &|v| v["format"] = "other".into()).contains("not a saved game"));
    assert!(bad("card.json", &|v| v["setup"]["seats"][0]["cards"][0] =
        "Fire Shamn".into())
    .contains("unknown card 'Fire Shamn'"));
    // A long name is quoted cut short, never echoed whole.
    let long = "Fire Shamn".repeat(200);
    let why = bad("long.json", &|v| {
        v["setup"]["seats"][0]["cards"][0] = long.clone().into()
    });
    assert!(
        why.contains("unknown card 'Fire ShamnFire") && why.contains('…'),
        "{why}"
    );
    assert!(why.len() < 400, "{why}");
    assert!(
        bad("digest.json", &|v| v["digest"] = "0000000000000000".into())
            .contains("does not reproduce")
    );
    assert!(bad("illegal.json", &|v| v["decisions"][0] =
        serde_json::json!("declare_battle"))
    .contains("decision 1"));
    let junk = dir.file("junk.json");
    std::fs::write(&junk, "not json at all").unwrap();
    let out = epic(&["replay", junk.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not a JSON document"));
    let out = epic(&["replay", "/nonexistent/save.json"]);
    assert_eq!(out.status.code(), Some(2));
}

fn without_timing(v: &serde_json::Value) -> serde_json::Value {
    let mut v = v.clone();
    for k in ["elapsed_seconds", "games_per_second", "threads"] {
        v.as_object_mut().unwrap().remove(k);
    }
    // Decision times are timing too; how many decisions each seat made is not.
    for seat in v["seats"].as_array_mut().into_iter().flatten() {
        for k in ["decision_ms_mean", "decision_ms_p99", "decision_ms_max"] {
            seat.as_object_mut().unwrap().remove(k);
        }
    }
    v
}

/// The same seed gives the same results, whatever the thread count.
/// `epic sim ARGS --json`, which must succeed, as JSON.
fn sim_json(args: &[&str]) -> serde_json::Value {
    let args: Vec<&str> = ["sim"]
        .iter()
        .chain(args)
        .chain(&["--json"])
        .copied()
        .collect();
    let out = epic(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn sim_is_reproducible() {
    let games = if cfg!(debug_assertions) { "6" } else { "200" };
    let run = |threads: &str| {
        sim_json(&[
            "--games",
            games,
            "--p1",
            "greedy:good",
            "--p2",
            "random:evil",
            "--seed",
            "1",
            "--threads",
            threads,
        ])
    };
    let a = run("1");
    let b = run("2");
    for k in [
        "games",
        "p1_wins",
        "p2_wins",
        "draws",
        "games_per_second",
        "average_turns",
        "median_turns",
    ] {
        assert!(a.get(k).is_some(), "missing {k}");
    }
    assert_eq!(a["games"], games.parse::<u64>().unwrap());
    assert_eq!(without_timing(&a), without_timing(&b));
    assert!(a["p1_wins"].as_u64().unwrap() > a["p2_wins"].as_u64().unwrap());
    let text = stdout(&epic(&[
        "sim",
        "--games",
        "4",
        "--p1",
        "random:sage",
        "--p2",
        "random:wild",
    ]));
    assert!(text.contains("95% CI"));
    assert!(text.contains("games/s"));
}

/// `--players N`: a free-for-all of N seats, the seats after the second played by
/// `--others`; every seat is reported, the first seat goes round the table, and the
/// results do not depend on the threads.
#[test]
fn sim_plays_free_for_all_games_of_more_seats() {
    let games = if cfg!(debug_assertions) { 8 } else { 120 };
    let run = |threads: &str| {
        sim_json(&[
            "--games",
            &games.to_string(),
            "--players",
            "4",
            "--p1",
            "greedy:good",
            "--p2",
            "random:evil",
            "--others",
            "random:sage",
            "--threads",
            threads,
        ])
    };
    let a = run("1");
    assert_eq!(without_timing(&a), without_timing(&run("2")));
    assert_eq!(a["players"], 4);
    let seats = a["seats"].as_array().unwrap();
    let sides: Vec<&str> = seats.iter().map(|s| s["side"].as_str().unwrap()).collect();
    assert_eq!(
        sides,
        ["greedy:good", "random:evil", "random:sage", "random:sage"]
    );
    let wins: u64 = seats.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    let (draws, unfinished) = (
        a["draws"].as_u64().unwrap(),
        a["unfinished"].as_u64().unwrap(),
    );
    assert_eq!(wins + draws + unfinished, games);
    assert_eq!(seats[0]["wins"], a["p1_wins"]);
    assert_eq!(seats[1]["wins"], a["p2_wins"]);
    // The greedy bot wins more than any random seat.
    for s in &seats[1..] {
        assert!(seats[0]["wins"].as_u64() > s["wins"].as_u64(), "{a}");
    }
    let text = stdout(&epic(&["sim", "--games", "3", "--players", "3"]));
    assert!(text.contains("  p3 random (sage)"), "{text}");
    for bad in ["1", "9", "x"] {
        let out = epic(&["sim", "--games", "2", "--players", bad]);
        assert_eq!(out.status.code(), Some(2), "--players {bad}");
        assert!(stderr(&out).contains("--players"), "{}", stderr(&out));
    }
    let out = epic(&[
        "sim",
        "--games",
        "2",
        "--players",
        "3",
        "--others",
        "nobot:good",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--others"), "{}", stderr(&out));
}

#[test]
fn sim_rejects_bad_sides() {
    for (p1, msg) in [
        ("alphazero", "unknown bot"),
        ("alphazero:good", "unknown bot"),
        ("random:nope", "unknown deck"),
    ] {
        let out = epic(&["sim", "--games", "2", "--p1", p1]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains(msg), "{}", stderr(&out));
    }
    let out = epic(&["sim", "--games", "lots"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn cards_list_search_and_show() {
    let out = epic(&["cards", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cards = v.as_array().unwrap();
    // Every real card: the base set, Tyrants, Uprising and Pantheon.
    assert_eq!(cards.len(), 120 + 48 + 48 + 56);
    for k in ["name", "alignment", "type", "cost"] {
        assert!(cards[0].get(k).is_some(), "missing {k}");
    }
    let text = stdout(&epic(&["cards", "dragon"]));
    assert!(text.contains("Thundarus") && !text.contains("Fire Shaman"));
    // Rules text too: the cards that draw, of one set.
    let text = stdout(&epic(&["cards", "draw", "--set", "markus"]));
    assert!(text.contains("Temporal Shift") && text.contains("Quell"));
    assert!(!text.contains("Paros") && !text.contains("Arcane") && !text.contains("Fireball"));
    assert!(text.contains("7 cards."), "{text}");
    let v: serde_json::Value = serde_json::from_slice(
        &epic(&[
            "cards",
            "--alignment",
            "wild",
            "--type",
            "event",
            "--cost",
            "0",
            "--json",
        ])
        .stdout,
    )
    .unwrap();
    assert!(v
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["alignment"] == "wild" && c["type"] == "event" && c["cost"] == 0));
    let text = stdout(&epic(&["cards", "show", "fire", "shaman"]));
    assert!(text.contains("Fire Shaman") && text.contains("Offense 3 / Defense 2"));
    let text = stdout(&epic(&["cards", "show", "Bellowing Minotaur"]));
    assert!(text.contains("Blitz:"), "keyword reminders: {text}");
    // Symbols in words, in the text and in the reminders under it.
    let text = stdout(&epic(&["cards", "show", "Wolf Companion"]));
    assert!(
        text.contains("+2 offense and +2 defense") && text.contains("\n1 gold: Recall."),
        "{text}"
    );
    assert!(text.contains("\n  1 gold: one gold"), "{text}");
    assert!(!text.contains('{'), "no symbol left in braces: {text}");
    let text = stdout(&epic(&["cards", "show", "Fire Shaman"]));
    assert!(
        text.contains("  Wild ally →: Ally: when you play"),
        "{text}"
    );
    let out = epic(&["cards", "show", "Fire Shamn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("did you mean 'Fire Shaman'"));
    // A classic card by its name, and a mistyped keyword suggested, in either ruleset.
    let text = stdout(&epic(&[
        "cards",
        "show",
        "dawn",
        "archer",
        "--ruleset",
        "classic",
    ]));
    assert!(text.contains("Paced good natural champion 3/3"), "{text}");
    for (ruleset, typed, keyword) in [
        ("2017", "airborn", "airborne"),
        ("classic", "rang", "range"),
    ] {
        let out = epic(&["cards", "show", typed, "--ruleset", ruleset]);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).contains(&format!("did you mean the keyword '{keyword}'")),
            "{ruleset}: {}",
            stderr(&out)
        );
    }
    let out = epic(&["cards", "--alignment", "purple"]);
    assert_eq!(out.status.code(), Some(2));
    let out = epic(&["cards", "--cost", "5"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn deck_check() {
    let dir = Scratch::new();
    let good = dir.file("good.txt");
    std::fs::write(
        &good,
        "# a small deck\n3 Fire Shaman\nCave Troll\n2 Raging T-Rex\n",
    )
    .unwrap();
    let out = epic(&["deck", "check", good.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cards"], 6);
    assert_eq!(v["by_alignment"]["wild"], 6);
    let bad = dir.file("bad.txt");
    std::fs::write(&bad, "2 Fire Shamn\nCave Troll\n").unwrap();
    let out = epic(&["deck", "check", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("did you mean 'Fire Shaman'"));
    let out = epic(&["deck", "check", "/nonexistent/deck.txt"]);
    assert_eq!(out.status.code(), Some(2));
    // A deck list also works as a deck to play with.
    let out = epic(&[
        "sim",
        "--games",
        "2",
        "--p1",
        &format!("random:{}", good.display()),
        "--p2",
        "random:good",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn help_explains_options() {
    let text = stdout(&epic(&["sim", "--help"]));
    assert!(text.contains("--threads") && text.contains("BOT:DECK"));
    let out = epic(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn scenario_runs_files_and_reports_failures() {
    let dir = Scratch::new();
    let ok = dir.file("ok.scn");
    std::fs::write(
        &ok,
        "scenario Fireball hits a player\nrule 1.5.3\np1 hand Fireball\ndo Play Fireball (mode 1\ndo Target Player 2\nexpect p2 health 27\n",
    )
    .unwrap();
    let out = epic(&["scenario", ok.to_str().unwrap()]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("1 passed, 0 failed"));

    let failing = dir.file("fail.scn");
    std::fs::write(
        &failing,
        "scenario Wrong expectation\nrule 1.5.3\np1 hand Fireball\ndo Play Fireball (mode 1\ndo Target Player 2\nexpect p2 health 20\n",
    )
    .unwrap();
    let out = epic(&["scenario", failing.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["failed"], 1);
    assert!(!v["outcomes"][0]["failures"].as_array().unwrap().is_empty());

    let broken = dir.file("broken.scn");
    std::fs::write(&broken, "this is not a scenario\n").unwrap();
    let out = epic(&["scenario", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!stderr(&out).is_empty() && !stderr(&out).contains("panicked"));
    let out = epic(&["scenario", "/nonexistent/dir"]);
    assert_eq!(out.status.code(), Some(2));

    // One bad file in a folder stops none of the others: they run, and the bad one is
    // named with its mistakes (exit 2).
    std::fs::remove_file(&failing).unwrap();
    let out = epic(&["scenario", dir.0.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stdout(&out).contains("1 passed, 0 failed, 1 file not run"),
        "{}",
        stdout(&out)
    );
    assert!(stderr(&out).contains("broken.scn:1"), "{}", stderr(&out));
    let out = epic(&["scenario", dir.0.path().to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["passed"], 1);
    assert!(
        v["bad_files"][0].as_str().unwrap().contains("broken.scn"),
        "{v}"
    );
}

/// A folder of scenarios that links to itself and back to its parent: the walk ends and
/// each file runs once.
#[cfg(unix)]
#[test]
fn scenario_visits_each_file_once_whatever_links_point_back() {
    use std::os::unix::fs::symlink;
    let dir = Scratch::new();
    let sub = dir.file("sub");
    std::fs::create_dir(&sub).unwrap();
    let text = "scenario Fireball hits a player\nrule 1.5.3\np1 hand Fireball\ndo Play Fireball (mode 1\ndo Target Player 2\nexpect p2 health 27\n";
    std::fs::write(dir.file("a.scn"), text).unwrap();
    std::fs::write(sub.join("b.scn"), text).unwrap();
    symlink(".", dir.file("self")).unwrap();
    symlink("..", sub.join("back")).unwrap();
    let out = epic(&["scenario", dir.0.path().to_str().unwrap(), "--quiet"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "2 passed, 0 failed\n");
}

/// A run of two billion games takes no memory up front and stops at Ctrl-C, reporting
/// the games that finished, with exit code 130.
#[cfg(unix)]
#[test]
fn sim_stops_at_ctrl_c_with_the_games_finished() {
    for json in [true, false] {
        let mut args = vec!["sim", "--games", "2000000000", "--threads", "2"];
        if json {
            args.push("--json");
        }
        let mut command = Command::new(env!("CARGO_BIN_EXE_epic"));
        command
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // The child hears Ctrl-C even when this test runs where SIGINT is ignored (a shell's
        // background job): a program started with it ignored keeps ignoring it, as it
        // should (interrupt.rs), and would then never stop.
        // SAFETY: `signal` is async-signal-safe, as code between fork and exec must be.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut command, || {
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                Ok(())
            });
        }
        let child = command.spawn().expect("epic runs");
        // Long enough for some games to finish; the result does not depend on how many.
        std::thread::sleep(std::time::Duration::from_secs(2));
        // SAFETY: sends a signal to the child this test started.
        unsafe {
            libc::kill(child.id() as libc::pid_t, libc::SIGINT);
        }
        let out = child.wait_with_output().expect("epic finishes");
        assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("interrupted: ")
                && stderr(&out).contains(" of 2000000000 games finished"),
            "{}",
            stderr(&out)
        );
        let finished = if json {
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["interrupted"], true);
            assert_eq!(v["games_requested"], 2_000_000_000u64);
            v["games"].as_u64().unwrap()
        } else {
            let text = stdout(&out);
            let first = text.lines().next().unwrap_or_default();
            assert!(first.starts_with("Interrupted: "), "{text}");
            assert!(text.contains("95% CI"), "{text}");
            first["Interrupted: ".len()..]
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        assert!(finished > 0, "no game finished in two seconds");
    }
}

/// Thread counts and decision limits that make no sense are usage errors.
#[test]
fn sim_refuses_absurd_counts() {
    for (flag, value) in [
        ("--threads", "0"),
        ("--threads", "10000000000"),
        ("--threads", "257"),
        ("--max-decisions", "0"),
        ("--games", "0"),
        ("--games", "-1"),
    ] {
        let out = epic(&["sim", &format!("{flag}={value}")]);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        assert!(
            stderr(&out).contains(flag),
            "{flag} {value}: {}",
            stderr(&out)
        );
    }
}

/// A `--deck` value with a `/` or a `.`, or naming a file that exists, is a deck-list
/// file, and a file that is not there is said to be missing; any other value is a
/// built-in deck's name.
#[test]
fn deck_values_are_files_or_built_in_names() {
    let dir = Scratch::new();
    let out = epic(&["play", "--deck", "missing.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot read missing.txt: No such file or directory"),
        "{}",
        stderr(&out)
    );
    let out = epic(&["sim", "--games", "1", "--p2", "random:decks/missing"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot read decks/missing: No such file or directory"),
        "{}",
        stderr(&out)
    );

    let out = epic(&["play", "--deck", "nonsense"]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(e.contains("unknown deck 'nonsense'"), "{e}");
    assert!(e.contains("good, evil, sage, wild, random"), "{e}");
    assert!(e.contains("no file named 'nonsense'"), "{e}");

    // A file without a dot in its name, in the current folder.
    std::fs::write(dir.file("trolls"), "5 Cave Troll\n").unwrap();
    let out = common::epic_in(
        dir.0.path(),
        &["sim", "--games", "2", "--p1", "random:trolls", "--json"],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["p1"], "random:trolls");
}

/// `epic deck check` and `epic play` agree on every file: a deck one accepts, the other
/// plays; a deck one refuses, the other refuses too.
#[test]
fn deck_check_and_play_agree_on_what_is_playable() {
    let dir = Scratch::new();
    let cases = [
        ("one.txt", "Cave Troll\n".to_string(), false),
        ("four.txt", "4 Cave Troll\n".to_string(), false),
        (
            "comments.txt",
            "# nothing but a comment\n".to_string(),
            false,
        ),
        ("five.txt", "3 Cave Troll\n2 Kong\n".to_string(), true),
        ("thirty.txt", "30 Kong\n".to_string(), true),
        ("huge.txt", "99 Kong\n".repeat(102), false),
        // A God card is brought beside the deck, not in it (1.3.2): one God and four
        // champions are a deck of four, and two Gods are one too many (2.4.1).
        (
            "god-and-four.txt",
            "Angeline, Silver Wing\n4 Kong\n".to_string(),
            false,
        ),
        (
            "god-and-five.txt",
            "Angeline, Silver Wing\n5 Kong\n".to_string(),
            true,
        ),
        (
            "two-gods.txt",
            "Angeline, Silver Wing\nScara, Weaver of Sorrow\n30 Kong\n".to_string(),
            false,
        ),
    ];
    for (name, text, playable) in cases {
        let file = dir.file(name);
        std::fs::write(&file, text).unwrap();
        let path = file.to_str().unwrap();
        let check = epic(&["deck", "check", path]);
        let play = epic_with_input(&["play", "--deck", path, "--seed", "1"], "quit\n");
        let sim = epic(&["sim", "--games", "1", "--p1", &format!("random:{path}")]);
        assert_eq!(
            check.status.code(),
            Some(if playable { 0 } else { 1 }),
            "deck check {name}: {}{}",
            stdout(&check),
            stderr(&check)
        );
        for (cmd, out) in [("play", &play), ("sim", &sim)] {
            assert_eq!(
                out.status.code(),
                Some(if playable { 0 } else { 2 }),
                "{cmd} {name}: {}",
                stderr(out)
            );
        }
        if !playable {
            // The same reason, in both.
            let reason = stdout(&check);
            let reason = reason.trim().split_once(": the deck ").unwrap().1;
            assert!(
                stderr(&play).contains(reason),
                "{reason} / {}",
                stderr(&play)
            );
        }
    }
}

/// Plays a few decisions of a game and saves it; the file and its JSON.
fn saved_game(dir: &Scratch) -> (PathBuf, serde_json::Value) {
    let file = dir.file("game.json");
    let input = format!("{}save {}\n", "1\n".repeat(10), file.display());
    let out = epic_with_input(
        &["play", "--seed", "3", "--first", "me", "--ai", "random"],
        &input,
    );
    assert!(stdout(&out).contains("Saved to"), "{}", stdout(&out));
    let save = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    (file, save)
}

/// A decision of a save that cannot be applied is told in words, never as the engine's
/// debugging form (`Card(ObjId(9999))`).
#[test]
fn a_bad_saved_decision_is_told_in_words() {
    let dir = Scratch::new();
    let (_, save) = saved_game(&dir);
    for (decision, told) in [
        (
            serde_json::json!({"card": 9999}),
            "decision 1 of the saved game cannot be applied: it picks card #9999, which is not in this game",
        ),
        (
            serde_json::json!({"play": {"card": 9999, "mode": 1}}),
            "it plays card #9999 (mode 2), which is not in this game",
        ),
        (
            serde_json::json!({"assign": {"to": {"Player": 1}, "amount": 3}}),
            "it assigns 3 damage to Player 2, which is not one of the options now",
        ),
        (
            serde_json::json!("declare_battle"),
            "it declares a battle, which is not one of the options now",
        ),
    ] {
        let mut v = save.clone();
        v["decisions"][0] = decision.clone();
        let f = dir.file("bad.json");
        std::fs::write(&f, v.to_string()).unwrap();
        for args in [vec!["replay"], vec!["play", "--load"]] {
            let mut args = args.clone();
            args.push(f.to_str().unwrap());
            let out = epic(&args);
            assert_eq!(out.status.code(), Some(2), "{decision}");
            assert!(stderr(&out).contains(told), "{decision}: {}", stderr(&out));
            assert!(!stderr(&out).contains("ObjId"), "{}", stderr(&out));
        }
    }
}

/// A save of a million decisions (a play taken back and made again, over and over) loads
/// and reproduces its digest.
#[test]
fn a_save_of_a_million_decisions_loads() {
    let dir = Scratch::new();
    let file = dir.file("long.json");
    let input = format!("keep hand\nplay gargoyle\nsave {}\nquit\n", file.display());
    let out = epic_with_input(&["play", "--seed", "42", "--first", "me"], &input);
    assert!(stdout(&out).contains("Saved to"), "{}", stdout(&out));
    let mut save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let decisions = save["decisions"].as_array_mut().unwrap();
    let play = decisions.last().unwrap().clone();
    assert!(play.get("play").is_some(), "{play}");
    while decisions.len() < 1_000_000 {
        decisions.push("undo".into());
        decisions.push(play.clone());
    }
    let n = decisions.len();
    std::fs::write(&file, save.to_string()).unwrap();
    let out = epic(&["replay", file.to_str().unwrap(), "--to", "0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains(&format!("{n} decisions")),
        "{}",
        stdout(&out)
    );
}

/// JSON that is not a saved game is refused as such, whatever its shape.
#[test]
fn json_that_is_not_a_save_is_refused() {
    let dir = Scratch::new();
    for text in ["42", "\"epic-save\"", "[]", "{}", "{\"format\": 3}", "null"] {
        let f = dir.file("odd.json");
        std::fs::write(&f, text).unwrap();
        let out = epic(&["replay", f.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(
            stderr(&out).contains("not a saved game"),
            "{text}: {}",
            stderr(&out)
        );
    }
}

/// Files saved by editors that begin UTF-8 text with a byte-order mark read as without
/// it: deck lists, saved games, scenario files and card files.
#[test]
fn a_byte_order_mark_is_read_as_nothing() {
    const BOM: &str = "\u{feff}";
    let dir = Scratch::new();
    let deck = dir.file("bom-deck.txt");
    std::fs::write(&deck, format!("{BOM}5 Cave Troll\n")).unwrap();
    let out = epic(&["deck", "check", deck.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", stdout(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cards"], 5);
    let out = epic_with_input(&["play", "--deck", deck.to_str().unwrap()], "quit\n");
    assert!(out.status.success(), "{}", stderr(&out));

    let (save, _) = saved_game(&dir);
    let text = std::fs::read_to_string(&save).unwrap();
    std::fs::write(&save, format!("{BOM}{text}")).unwrap();
    let out = epic(&["replay", save.to_str().unwrap(), "--to", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));

    let scn = dir.file("bom.scn");
    std::fs::write(
        &scn,
        format!("{BOM}scenario Fireball hits a player\nrule 1.5.3\np1 hand Fireball\ndo Play Fireball (mode 1\ndo Target Player 2\nexpect p2 health 27\n"),
    )
    .unwrap();
    let out = epic(&["scenario", scn.to_str().unwrap()]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));

    let cards = dir.file("bom.epic");
    std::fs::write(
        &cards,
        format!("{BOM}card Ember Imp\n  champion, wild, cost 0, Imp, 2/1\n  blitz\n"),
    )
    .unwrap();
    let out = epic(&[
        "--cards",
        cards.to_str().unwrap(),
        "cards",
        "show",
        "Ember Imp",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// A saved game whose rules give an absurd starting health is refused before any play,
/// not played until the health overflows.
#[test]
fn a_save_with_absurd_starting_health_is_refused() {
    let dir = Scratch::new();
    let (file, save) = saved_game(&dir);
    for health in [i64::from(i32::MAX), i64::from(i32::MIN), 0, 1_000_001] {
        let mut v = save.clone();
        v["setup"]["rules"]["starting_health"] = health.into();
        std::fs::write(&file, v.to_string()).unwrap();
        let out = epic(&["replay", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{health}");
        assert!(
            stderr(&out).contains("starting health") && !stderr(&out).contains("panicked"),
            "{health}: {}",
            stderr(&out)
        );
    }
}

/// `deck check --format` applies a format's deck-building rules, each broken rule named.
#[test]
fn deck_check_applies_a_format() {
    let dir = Scratch::new();
    let bad = dir.file("bad.txt");
    std::fs::write(&bad, "4 Fire Shaman\n3 Cave Troll\n3 Fireball\n2 Kong\n").unwrap();
    let out = epic(&[
        "deck",
        "check",
        bad.to_str().unwrap(),
        "--format",
        "full-constructed",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("the deck has 12 cards; it needs at least 60"),
        "{text}"
    );
    assert!(
        text.contains("4 copies of Fire Shaman; at most 3"),
        "{text}"
    );
    assert!(
        text.contains("need at least 20 wild cards with a cost of 1"),
        "{text}"
    );

    let good = dir.file("wild.txt");
    let names: Vec<String> = epic_cards::deck_from(epic_cards::base_pool(), "wild", 0)
        .unwrap()
        .iter()
        .map(|&c| epic_cards::base_pool().get(c).name.clone())
        .collect();
    std::fs::write(&good, names.join("\n")).unwrap();
    let out = epic(&[
        "deck",
        "check",
        good.to_str().unwrap(),
        "--format",
        "preconstructed",
    ]);
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(stdout(&out).contains("a legal Preconstructed deck"));
    let out = epic(&[
        "deck",
        "check",
        good.to_str().unwrap(),
        "--format",
        "sealed",
        "--json",
    ]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["format"], "sealed");
    assert_eq!(report["valid"], true);

    let out = epic(&[
        "deck",
        "check",
        good.to_str().unwrap(),
        "--format",
        "emperor",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown format 'emperor'"));
}

/// A four-player game against three AIs runs to its end from scripted input; the board
/// shows every opponent and where they sit, and a saved game resumes with every seat.
#[test]
fn play_a_four_player_game_to_the_end() {
    let dir = Scratch::new();
    let file = dir.file("four.json");
    let path = file.to_str().unwrap();
    let args = [
        "play",
        "--players",
        "4",
        "--seed",
        "3",
        "--first",
        "me",
        "--ai",
        "random",
    ];
    let input = format!("keep hand\n1\n1\nsave {path}\n{}", "1\n".repeat(6000));
    let out = epic_with_input(&args, &input);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("Epic: 4 players, Free-for-all."), "{text}");
    assert!(text.contains("Player 2 sits to your left, Player 4 to your right"));
    for seat in ["Player 2", "Player 3", "Player 4"] {
        assert!(text.contains(&format!("{seat}  health")), "{seat}: {text}");
    }
    assert!(text.contains("(your left)") && text.contains("(your right)"));
    assert!(
        text.contains(" wins after ") || text.contains("You win after"),
        "no winner:\n{}",
        &text[text.len().saturating_sub(3000)..]
    );
    let save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(save["setup"]["seats"].as_array().unwrap().len(), 4);
    let out = epic_with_input(&["play", "--load", path], "board\nquit\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("Epic: 4 players"), "{}", stdout(&out));
    let out = epic(&["replay", path]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// `--variant` and `--format` set the table of `epic play` and `epic sim`; a table they
/// cannot make is a usage error that says why.
#[test]
fn variants_and_formats_set_the_table() {
    let out = epic_with_input(
        &[
            "play",
            "--players",
            "3",
            "--variant",
            "hunter-first-blood",
            "--seed",
            "4",
        ],
        "quit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Hunter – First Blood"), "{text}");
    assert!(text.contains("only the player to your left"), "{text}");

    let games = if cfg!(debug_assertions) { 6 } else { 60 };
    let four_seats = |variant: &str| {
        sim_json(&[
            "--games",
            &games.to_string(),
            "--players",
            "4",
            "--variant",
            variant,
        ])
    };
    let v = four_seats("hunter-first-blood");
    assert_eq!(v["variant"], "hunter-first-blood");
    let seats = v["seats"].as_array().unwrap();
    let wins: u64 = seats.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins + v["draws"].as_u64().unwrap(), games);
    let v = sim_json(&["--games", "4", "--format", "preconstructed"]);
    assert_eq!(v["format"], "preconstructed");

    // Hydra: two teams of two; a team's players win together.
    let v = four_seats("hydra");
    let teams = v["teams"].as_array().unwrap();
    assert_eq!(teams.len(), 2);
    assert_eq!(teams[1]["seats"], serde_json::json!([3, 4]));
    let team_wins: u64 = teams.iter().map(|t| t["wins"].as_u64().unwrap()).sum();
    assert_eq!(team_wins + v["draws"].as_u64().unwrap(), games);
    assert_eq!(v["seats"][1]["wins"], teams[0]["wins"]);
    let out = epic_with_input(
        &[
            "play",
            "--players",
            "4",
            "--variant",
            "hydra",
            "--seed",
            "2",
        ],
        "quit\n",
    );
    assert!(
        stdout(&out).contains("Your team: Player 1 and Player 2"),
        "{}",
        stdout(&out)
    );

    for (args, says) in [
        (
            vec!["play", "--variant", "hunter-first-blood"],
            "at least 3 players",
        ),
        (
            vec!["play", "--format", "full-constructed"],
            "breaks the rules of Full Constructed",
        ),
        (
            vec!["play", "--format", "dark-draft", "--ai-deck", "evil"],
            "Dark Draft decks are drafted at the table: leave out --deck and --ai-deck",
        ),
        (
            vec!["sim", "--format", "cube-draft", "--players", "4"],
            "by 8 players, not 4",
        ),
        (
            vec!["play", "--ai-deck", "evil", "--ai-deck", "sage"],
            "2 AI decks given for 1 AI seat",
        ),
        (vec!["sim", "--variant", "hydra-9"], "--variant"),
        (
            vec!["sim", "--variant", "hydra", "--players", "5"],
            "cannot seat 5 players in teams of 2",
        ),
        (
            vec!["sim", "--players", "4", "--team-size", "2"],
            "a team size is for the hydra variant",
        ),
    ] {
        let out = epic_with_input(&args, "quit\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
}

/// A Pack Draft against three AI drafters runs to its end from scripted input: 30 picks,
/// the deck saved as a deck list, then the four-player game with the drafted decks.
#[test]
fn a_pack_draft_then_its_game_run_to_the_end() {
    let dir = Scratch::new();
    let deck = dir.file("drafted.txt");
    let input = format!("picks\n{}", "1\n".repeat(6000));
    let out = epic_with_input(
        &[
            "draft",
            "--format",
            "pack-draft",
            "--seed",
            "4",
            "--ai",
            "random",
            "--save-deck",
            deck.to_str().unwrap(),
        ],
        &input,
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains("Pack Draft: you and 3 random AI drafters."),
        "{text}"
    );
    assert!(text.contains("from pack 2 of 3, passing right"));
    assert!(text.contains("from pack 3 of 3, passing left"));
    assert!(text.contains("The draft is over."));
    assert!(text.contains("Deck: 30 cards"));
    assert!(text.contains("Epic: 4 players"), "the game follows: {text}");
    assert!(
        text.contains(" wins after ") || text.contains("You win after"),
        "no winner:\n{}",
        &text[text.len().saturating_sub(2000)..]
    );
    let out = epic(&[
        "deck",
        "check",
        deck.to_str().unwrap(),
        "--format",
        "pack-draft",
    ]);
    assert!(out.status.success(), "{}", stdout(&out));

    // Dark Draft keeps the picks face down; a table the draft cannot seat is refused.
    let out = epic_with_input(
        &[
            "draft",
            "--format",
            "dark-draft",
            "--seed",
            "1",
            "--no-play",
        ],
        "1\npicks\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("your picks stay face down"));
    // Sealed from a larger pool: dealt 40, the deck is the 30 kept.
    let out = epic_with_input(
        &[
            "draft",
            "--format",
            "sealed",
            "--pool",
            "40",
            "--seed",
            "2",
            "--no-play",
        ],
        "cut 1\nauto\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Deck: 40 cards (exactly 30)"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("Deck: 30 cards"), "{}", stdout(&out));
    // The builder: the pool grouped by alignment, then cost, two cuts in one line, and
    // `auto` says what it chose.
    let out = epic_with_input(
        &[
            "draft",
            "--format",
            "sealed",
            "--pool",
            "33",
            "--seed",
            "2",
            "--no-play",
        ],
        "1 2\nauto\n",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains("Each of you is dealt 33 cards and builds a deck of exactly 30"),
        "{text}"
    );
    let first_list = text.split("\n> ").next().unwrap();
    let groups: Vec<(usize, &str)> = first_list
        .lines()
        .filter_map(|l| l.strip_prefix("  In the deck — "))
        .map(|g| {
            let (alignment, cost) = g.split_once(", ").unwrap();
            let order = ["good", "evil", "sage", "wild"];
            (order.iter().position(|a| *a == alignment).unwrap(), cost)
        })
        .collect();
    assert!(groups.len() >= 4, "{first_list}");
    assert!(groups.windows(2).all(|w| w[0] < w[1]), "{groups:?}");
    assert!(text.contains("Deck: 31 cards (exactly 30)"), "{text}");
    assert!(text.contains("The AI's choice for you: Cut "), "{text}");
    let out = epic(&["draft", "--format", "sealed", "--pool", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--pool: a Sealed pool is 30 to 60 cards"));
    let out = epic(&["draft", "--format", "pack-draft", "--players", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("3 to 8 players"), "{}", stderr(&out));
    // Only Sealed deals pools.
    let out = epic(&["draft", "--format", "cube-draft", "--pool", "40"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--pool: Epic Cube Draft deals no pools"),
        "{}",
        stderr(&out)
    );
}

/// FMT-01 at the command line: `epic play --format sealed` deals every seat's deck from
/// one collection, one base set for two and four players (no card twice at the table)
/// and two sets for eight (no card three times).
#[test]
fn play_deals_sealed_decks_from_one_collection() {
    for (players, most) in [(2, 1), (4, 1), (8, 2)] {
        let dir = Scratch::new();
        let out = epic_with_env(
            dir.0.path(),
            &[("EPIC_DATA_DIR", dir.0.path())],
            &[
                "play",
                "--format",
                "sealed",
                "--players",
                &players.to_string(),
                "--seed",
                "3",
            ],
            "quit\n",
        );
        assert!(out.status.success(), "{players}: {}", stderr(&out));
        let save = std::fs::read_to_string(dir.file("autosave.json")).unwrap();
        let save: serde_json::Value = serde_json::from_str(&save).unwrap();
        let seats = save["setup"]["seats"].as_array().unwrap();
        assert_eq!(seats.len(), players);
        let mut copies = std::collections::HashMap::new();
        for seat in seats {
            let cards = seat["cards"].as_array().unwrap();
            assert_eq!(cards.len(), 30, "{players} players: {seat}");
            for card in cards {
                *copies.entry(card.as_str().unwrap()).or_insert(0) += 1;
            }
        }
        let (card, n) = copies.iter().max_by_key(|(_, n)| **n).unwrap();
        assert!(*n <= most, "{players} players: {n} copies of {card}");
    }
}

/// `epic play` drafts when its format is drafted: `--pool N` deals a Sealed pool to build
/// 30 from by hand, then the game is played with the command's own options (here, no
/// autosave); a drafted format takes no deck.
#[test]
fn play_builds_a_sealed_pool_then_plays_it() {
    let run = |dir: &Scratch, args: &[&str], input: &str| {
        epic_with_env(
            dir.0.path(),
            &[("EPIC_DATA_DIR", dir.0.path())],
            args,
            input,
        )
    };
    let dir = Scratch::new();
    let input = format!("1\n1\ndone\n{}", "1\n".repeat(3000));
    let args = [
        "play",
        "--pool",
        "32",
        "--seed",
        "6",
        "--ai",
        "random",
        "--no-autosave",
    ];
    let out = run(&dir, &args, &input);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains("Sealed: you and 1 random AI drafter. Each of you is dealt"),
        "{text}"
    );
    assert!(
        text.contains("build a deck of exactly 30 from your 32 cards"),
        "{text}"
    );
    assert!(text.contains("Deck: 32 cards (exactly 30)"), "{text}");
    assert!(text.contains("Deck: 30 cards"), "{text}");
    assert!(
        text.contains("Now the game, with the decks drafted."),
        "{text}"
    );
    assert!(
        text.contains(" wins after ") || text.contains("You win after"),
        "no winner:\n{}",
        &text[text.len().saturating_sub(2000)..]
    );
    // The game after the draft is played with this command's options.
    assert!(!dir.file("autosave.json").exists(), "--no-autosave is kept");
    let autosaved = Scratch::new();
    let out = run(
        &autosaved,
        &["play", "--pool", "30", "--seed", "6"],
        "done\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(autosaved.file("autosave.json").exists(), "{}", stdout(&out));

    for (args, said) in [
        (
            &["play", "--format", "dark-draft", "--deck", "good"][..],
            "Dark Draft decks are drafted at the table: leave out --deck",
        ),
        (
            &["play", "--pool", "40", "--format", "preconstructed"][..],
            "--pool deals a Sealed pool",
        ),
        (
            &["play", "--pool", "70"][..],
            "a Sealed pool is 30 to 60 cards",
        ),
        (
            &["play", "--format", "pack-draft"][..],
            "Pack Draft is played by 3 to 8 players, not 2",
        ),
    ] {
        let out = run(&dir, args, "quit\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
    }
}

/// `epic sim --format` with a draft drafts every game's decks with the seats' bots first;
/// a side named by its bot alone is enough there (and elsewhere plays the flag's default
/// deck).
#[test]
fn sim_drafts_the_decks_of_a_draft_format() {
    let games = if cfg!(debug_assertions) { 4 } else { 40 };
    let v = sim_json(&[
        "--games",
        &games.to_string(),
        "--format",
        "dark-draft",
        "--p1",
        "greedy",
        "--p2",
        "random",
    ]);
    assert_eq!(v["format"], "dark-draft");
    assert_eq!(v["p1"], "greedy:drafted");
    assert_eq!(v["p2"], "random:drafted");
    let plain = sim_json(&["--games", "2", "--p1", "greedy", "--p2", "random"]);
    assert_eq!(
        (&plain["p1"], &plain["p2"]),
        (&"greedy:good".into(), &"random:evil".into())
    );
    assert_eq!(
        v["p1_wins"].as_u64().unwrap()
            + v["p2_wins"].as_u64().unwrap()
            + v["draws"].as_u64().unwrap(),
        games
    );
}

/// `--format sealed --pool N`: each seat is dealt N cards and its bot builds 30 from
/// them; `--card-ratings` rates every card played by its decks' wins. Every deck holds
/// 30 cards, so the copies rated add up to 30 a seat a game, and a card's decks won no
/// more games than there were.
#[test]
fn sim_builds_sealed_pools_and_rates_the_cards() {
    let games = if cfg!(debug_assertions) { 4 } else { 60 };
    let args = [
        "--games",
        &games.to_string(),
        "--format",
        "sealed",
        "--pool",
        "40",
        "--p1",
        "greedy",
        "--p2",
        "random",
        "--card-ratings",
        "--seed",
        "5",
    ];
    let v = sim_json(&args);
    assert_eq!(v["p1"], "greedy:drafted");
    let ratings = v["card_ratings"].as_array().unwrap();
    let copies: f64 = ratings
        .iter()
        .map(|r| r["copies_per_deck"].as_f64().unwrap() * r["decks"].as_f64().unwrap())
        .sum();
    assert!(
        (copies - 30.0 * 2.0 * games as f64).abs() < 1e-6,
        "{copies} copies"
    );
    for r in ratings {
        assert!(r["wins"].as_u64() <= r["decks"].as_u64(), "{r}");
        assert!(r["decks"].as_u64().unwrap() <= 2 * games, "{r}");
    }
    let rates: Vec<f64> = ratings
        .iter()
        .map(|r| r["win_rate"].as_f64().unwrap())
        .collect();
    assert!(rates.windows(2).all(|w| w[0] >= w[1]), "best first");
    // The text report shows the best and the worst.
    let text = stdout(&epic(
        &["sim"].iter().chain(&args).copied().collect::<Vec<_>>(),
    ));
    assert!(
        text.contains("card ratings:") && text.contains("best:"),
        "{text}"
    );
    for (args, said) in [
        (
            vec!["sim", "--pool", "40"],
            "give it with the format \"sealed\"",
        ),
        (
            vec!["sim", "--format", "sealed", "--pool", "20"],
            "30 to 60 cards",
        ),
    ] {
        let out = epic(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
    }
}

/// A draft saved in the middle resumes where it was, and `epic replay` steps through it
/// as one drafter knew it: their own picks by name, another's as "a card".
#[test]
fn a_saved_draft_resumes_and_replays() {
    let dir = Scratch::new();
    let file = dir.file("draft.json");
    let path = file.to_str().unwrap();
    let out = epic_with_input(
        &[
            "draft",
            "--format",
            "pack-draft",
            "--players",
            "3",
            "--seed",
            "6",
            "--no-play",
        ],
        &format!("1\n1\nsave {path}\nquit\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("Saved to"), "{}", stdout(&out));
    let save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(save["format"], "epic-draft");
    assert_eq!(save["setup"]["draft"], "pack-draft");
    assert_eq!(save["setup"]["collection"].as_array().unwrap().len(), 120);
    // Two of the human's picks, and the two AIs' after each.
    assert_eq!(save["decisions"].as_array().unwrap().len(), 6);

    let out = epic_with_input(&["draft", "--load", path, "--no-play"], &"1\n".repeat(200));
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Resumed after 6 decisions"), "{text}");
    assert!(text.contains("The draft is over."), "{text}");

    let out = epic(&["replay", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Pack Draft for Player 1: 6 of 6 decisions"),
        "{text}"
    );
    assert!(text.contains("#2 Player 2 picks a card"), "{text}");
    let out = epic(&["replay", path, "--seat", "2", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["seat"], 2);
    assert_eq!(v["picks"].as_array().unwrap().len(), 2);
    assert_eq!(v["steps"][0]["did"], "picks a card");

    // An edited decision is refused with its number; so is a collection with a token.
    let mut bad = save.clone();
    bad["decisions"][0] = serde_json::json!({"pick": "Fire Shamn"});
    let f = dir.file("bad.json");
    std::fs::write(&f, bad.to_string()).unwrap();
    let out = epic(&["replay", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("decision 1 of the saved draft"),
        "{}",
        stderr(&out)
    );
    let mut bad = save;
    bad["setup"]["collection"][0] = "Wolf".into();
    std::fs::write(&f, bad.to_string()).unwrap();
    let out = epic(&["draft", "--load", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("a token"), "{}", stderr(&out));
    // A long name is quoted cut short, never echoed whole.
    bad["setup"]["collection"][0] = "Wolf".repeat(500).into();
    std::fs::write(&f, bad.to_string()).unwrap();
    let out = epic(&["draft", "--load", f.to_str().unwrap()]);
    let why = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{why}");
    assert!(
        why.contains("which is not a card") && why.contains('…'),
        "{why}"
    );
    assert!(why.len() < 400, "{why}");
}

/// A negative seed is a seed (its bits unsigned); a word is not, and says what is.
#[test]
fn a_negative_seed_is_taken_and_a_word_refused() {
    let out = epic_with_input(&["play", "--seed", "-1", "--no-autosave"], "quit\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Seed: 18446744073709551615 (play this deal again"),
        "{}",
        stdout(&out)
    );
    let out = epic(&["sim", "--games", "1", "--seed", "seven"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("'seven' is not a seed: a whole number"));
}
