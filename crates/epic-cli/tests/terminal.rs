//! The terminal game as a player meets it: the board at 80 and 120 columns, colour and
//! `NO_COLOR`, stops, names typed loosely, the log, the end of a game, autosave and
//! resume, Ctrl-C, replay stepping and `epic deck show`. Real processes, real stdin.

mod common;

use common::{epic, epic_with_env, epic_with_input, stderr, stdout};
use std::path::Path;
use std::process::Output;

/// The text with its line breaks and runs of spaces made single spaces: what a long
/// message says, wherever the width broke it.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The lines the program wrote, without the "> " of a prompt whose answer came from a
/// pipe (in a terminal the answer and its newline follow it).
fn printed_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| {
            let mut l = l;
            while let Some(rest) = l.strip_prefix("> ") {
                l = rest;
            }
            l.to_string()
        })
        .collect()
}

/// Always answering 1 plays a whole game, and every line fits the width asked for, with
/// no colour codes in a pipe and no rule numbers in the prompts.
#[test]
fn a_whole_scripted_game_fits_80_and_120_columns() {
    for width in ["80", "120"] {
        let input = "1\n".repeat(5000);
        let args = [
            "play", "--seed", "5", "--first", "me", "--ai", "random", "--width", width,
        ];
        let out = epic_with_input(&args, &input);
        let text = stdout(&out);
        assert!(out.status.success(), "{}", stderr(&out));
        let w: usize = width.parse().unwrap();
        for line in printed_lines(&text) {
            assert!(line.chars().count() <= w, "wider than {w}: {line:?}");
        }
        assert!(!text.contains('\x1b'), "colour in a pipe");
        assert!(
            text.contains("You win after") || text.contains("The AI wins after"),
            "{text}"
        );
        assert!(text.contains("Summary: ") && text.contains("Damage dealt"));
        assert!(text.contains("What next?"));
        for rule in ["(4.", "(M4.", "(3.", "(1.", "(5."] {
            assert!(!text.contains(rule), "a rule number {rule} in: {text}");
        }
        for symbol in ["{offense}", "{defense}", "{expend}", "{good}", "{1}"] {
            assert!(!text.contains(symbol), "{symbol} printed raw");
        }
        // The log tells what a trigger does, and where an opponent passed.
        assert!(text.contains("'s ability: "), "{text}");
        assert!(text.contains("The AI passes "), "{text}");
    }
    // COLUMNS says the width when --width does not.
    let data = tempfile::tempdir().unwrap();
    let out = epic_with_env(
        Path::new("."),
        &[("COLUMNS", Path::new("80")), ("EPIC_DATA_DIR", data.path())],
        &["play", "--seed", "5", "--first", "me", "--ai", "random"],
        &"1\n".repeat(5000),
    );
    for line in printed_lines(&stdout(&out)) {
        assert!(line.chars().count() <= 80, "wider than COLUMNS: {line:?}");
    }
}

#[test]
fn colour_when_asked_and_never_with_no_color() {
    let args = ["play", "--seed", "5", "--first", "me", "--ai", "random"];
    let input = "board\nquit\n";
    let coloured = epic_with_input(&[&args[..], &["--color", "always"]].concat(), input);
    assert!(stdout(&coloured).contains("\x1b["), "{}", stdout(&coloured));
    let never = epic_with_input(&[&args[..], &["--color", "never"]].concat(), input);
    assert!(!stdout(&never).contains('\x1b'));
    // CLICOLOR_FORCE colours even a pipe; NO_COLOR wins over it.
    let data = tempfile::tempdir().unwrap();
    let env = |extra: &[(&'static str, &'static str)]| {
        let mut env: Vec<(&str, &Path)> = vec![("EPIC_DATA_DIR", data.path())];
        for (k, v) in extra {
            env.push((k, Path::new(v)));
        }
        stdout(&epic_with_env(Path::new("."), &env, &args, input))
    };
    assert!(env(&[("CLICOLOR_FORCE", "1")]).contains("\x1b["));
    let plain = env(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]);
    assert!(!plain.contains('\x1b'), "{plain}");
    assert!(plain.contains("Your hand:"));
}

/// A deck list of copies, so that duplicates are certain.
fn copies_deck(dir: &Path) -> String {
    let path = dir.join("copies.txt");
    std::fs::write(&path, "15 White Dragon\n15 Crystal Golem\n").unwrap();
    path.display().to_string()
}

#[test]
fn names_match_forgivingly_and_copies_are_one_choice() {
    let dir = tempfile::tempdir().unwrap();
    let deck = copies_deck(dir.path());
    let input = "show airborne\nshow chomp\nshow white\nhelp symbols\nshow tribute\nshow ally\n\
                 keep hand\n\
                 play crystal golem\nplay white dragon\nplay white dragon\nboard\nquit\n";
    let out = epic_with_input(
        &[
            "play", "--seed", "2", "--first", "me", "--ai", "random", "--deck", &deck,
        ],
        input,
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains("Airborne (keyword): This champion cannot be blocked"),
        "{text}"
    );
    assert!(text.contains("Chomp!\nWild Event"), "{text}");
    // Two cards start with "White"; the one in your hand is meant.
    assert!(text.contains("White Dragon\nGood Champion"), "{text}");
    assert!(
        text.contains("{expend}") && text.contains("Breakthrough"),
        "{text}"
    );
    assert!(!text.contains("type the number") && !text.contains("fits 2 options"));
    assert!(text.contains("You play Crystal Golem."), "{text}");
    assert_eq!(text.matches("You play White Dragon.").count(), 2, "{text}");
    // The board numbers the two White Dragons as the options do.
    let board = text.rsplit("=== Turn").next().unwrap();
    assert_eq!(board.matches("White Dragon #").count(), 2, "{board}");
    let hand = text.split("Your hand: ").nth(1).unwrap();
    assert!(hand.contains(" ×"), "copies in hand counted: {hand}");

    // Outside a game the name is still ambiguous, and says so.
    let out = epic(&["cards", "show", "white"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("White Dragon"));
    let out = epic(&["cards", "show", "breakthrough"]);
    assert!(
        stdout(&out).contains("Breakthrough (keyword)"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_pick_can_be_taken_back_and_stops_can_be_changed() {
    let input = "1\ntake back\nstops\nstops +attacking -end\nstops bogus\nquit\n";
    let out = epic_with_input(
        &["play", "--seed", "5", "--first", "me", "--ai", "random"],
        input,
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    let prompts: Vec<&str> = text.split("choose cards to mulligan").collect();
    assert!(prompts.len() >= 4, "three mulligan prompts: {text}");
    assert!(
        prompts[2].contains("To put back so far: "),
        "{}",
        prompts[2]
    );
    // After taking the pick back the first prompt's options are offered again.
    let options = |p: &str| -> Vec<String> {
        p.lines()
            .filter(|l| l.trim_start().starts_with(char::is_numeric))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(options(prompts[1]), options(prompts[3]));
    assert!(text.contains("[x] main"), "{text}");
    assert!(text.contains("[ ] attacking"), "{text}");
    assert!(
        text.contains("Stops: main,response,attacking,attacked,blocks."),
        "{text}"
    );
    assert!(text.contains("unknown stop 'bogus'"), "{text}");
    let out = epic(&["play", "--stops", "sometimes"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown stop 'sometimes'"));
}

/// Plays a game with a five-card deck for both seats, answering `input`: the AI draws
/// from an empty deck on its first turn, and so wins (1.6.2). `data`: the data folder
/// (`EPIC_DATA_DIR`), else one of its own.
fn play_short_game(dir: &Path, data: Option<&Path>, input: &str) -> Output {
    let path = dir.join("five.txt");
    std::fs::write(&path, "5 Kong\n").unwrap();
    let deck = path.display().to_string();
    let args = [
        "play",
        "--seed",
        "1",
        "--first",
        "me",
        "--ai",
        "random",
        "--deck",
        &deck,
        "--ai-deck",
        &deck,
    ];
    match data {
        Some(data) => epic_with_env(dir, &[("EPIC_DATA_DIR", data)], &args, input),
        None => common::epic_in(dir, &args, input),
    }
}

#[test]
fn the_end_of_a_game_offers_save_replay_and_log() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("finished.json");
    let input = format!(
        "keep hand\nend turn\n2\n{}\n3\nn\nb\nq\n4\nbogus\n2\n7\n2\n\n1\n",
        saved.display()
    );
    let out = play_short_game(dir.path(), None, &input);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        text.contains("The AI wins after 2 turns: the AI had to draw from an empty deck"),
        "{text}"
    );
    assert!(text.contains("Summary: 2 turns."), "{text}");
    assert!(text.contains("Cards played") && text.contains("Champions lost"));
    assert!(
        text.contains("Save to which file? (Enter: epic-game-1.json)"),
        "{text}"
    );
    // A finished game's save is for `epic replay`; a number is a slip, not a file; an
    // empty answer takes the name proposed.
    assert!(
        flat(&text).contains(&format!(
            "Saved to {0}. `epic replay {0}` shows it again.",
            saved.display()
        )),
        "{text}"
    );
    assert!(
        text.contains("Not saved: '7' is a choice of the menu, not a file's name."),
        "{text}"
    );
    assert!(!dir.path().join("7").exists());
    assert!(dir.path().join("epic-game-1.json").exists(), "{text}");
    // The menu comes back after every choice but the last.
    assert_eq!(text.matches("What next?").count(), 7, "{text}");
    assert!(text.contains("Replay: "), "{text}");
    assert!(text.contains("Decision 1 of "), "{text}");
    assert!(text.contains("[1/"), "{text}");
    assert!(text.contains("Type a number from 1 to 4."), "{text}");
    let replay = epic(&["replay", saved.to_str().unwrap(), "--dump"]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("Player 2 wins after 2 turns"));
}

#[test]
fn autosave_resume_replay_and_the_end_of_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let env = [("EPIC_DATA_DIR", data.as_path())];
    let play = ["play", "--seed", "7", "--first", "me", "--ai", "random"];
    let out = epic_with_env(dir.path(), &env, &play, "keep hand\nquit\n");
    let text = flat(&stdout(&out));
    assert!(out.status.success(), "{}", stderr(&out));
    let autosave = data.join("autosave.json");
    assert!(autosave.exists(), "{text}");
    assert!(
        text.contains(&format!(
            "the game is autosaved in {}; `epic play --resume` continues it",
            autosave.display()
        )),
        "{text}"
    );
    let out = epic_with_env(dir.path(), &env, &["play", "--resume"], "log\nquit\n");
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("Resumed after "), "{text}");
    assert!(text.contains("You keep your hand."), "{text}");
    // With no file, replay shows the last game.
    let out = epic_with_env(dir.path(), &env, &["replay", "--dump"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("autosave.json: "), "{}", stdout(&out));

    // A finished game is not resumed.
    let out = play_short_game(dir.path(), Some(&data), "keep hand\nend turn\n1\n");
    assert!(
        stdout(&out).contains("The AI wins after"),
        "{}",
        stdout(&out)
    );
    let out = epic_with_env(dir.path(), &env, &["play", "--resume"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is over"), "{}", stderr(&out));

    // Nothing to resume in an empty data folder.
    let empty = dir.path().join("empty");
    let out = epic_with_env(
        dir.path(),
        &[("EPIC_DATA_DIR", empty.as_path())],
        &["play", "--resume"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no game in progress"),
        "{}",
        stderr(&out)
    );
}

/// Ctrl-C at a prompt leaves the game and says where it is saved: the autosave, or
/// nowhere when autosave is off.
#[cfg(unix)]
#[test]
fn ctrl_c_says_what_was_saved() {
    let data = tempfile::tempdir().unwrap();
    let (code, text) = interrupted_at_first_question(data.path(), &[]);
    assert_eq!(code, Some(130));
    assert!(
        text.contains("Interrupted: the game is autosaved in"),
        "{text}"
    );
    assert!(data.path().join("autosave.json").exists());
    let empty = tempfile::tempdir().unwrap();
    let (code, text) = interrupted_at_first_question(empty.path(), &["--no-autosave"]);
    assert_eq!(code, Some(130));
    assert!(
        text.contains("Interrupted: nothing was saved (autosave is off)."),
        "{text}"
    );
    assert!(!empty.path().join("autosave.json").exists());
}

/// Starts a game, waits for its first question, presses Ctrl-C: the exit code and all
/// that was printed.
#[cfg(unix)]
fn interrupted_at_first_question(data: &Path, extra: &[&str]) -> (Option<i32>, String) {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_epic"))
        .env("EPIC_DATA_DIR", data)
        .args(["play", "--seed", "3", "--first", "me", "--ai", "random"])
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("epic runs");
    let mut stdout = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("> ") {
        let n = stdout.read(&mut buf).expect("output");
        assert!(n > 0, "the game ended before asking");
        seen.extend_from_slice(&buf[..n]);
    }
    // SAFETY: sends a signal to the child this test started.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    stdout.read_to_end(&mut seen).unwrap();
    let status = child.wait().unwrap();
    (status.code(), String::from_utf8_lossy(&seen).into_owned())
}

#[test]
fn replay_steps_forward_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("game.json");
    let input = format!("keep hand\nend turn\n2\n{}\n1\n", saved.display());
    let out = play_short_game(dir.path(), None, &input);
    assert!(out.status.success(), "{}", stderr(&out));
    let file = saved.to_str().unwrap();
    let out = epic_with_input(
        &["replay", file, "--interactive"],
        "n\nn\nb\ne\n99\nbogus\ns\nq\n",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(text.matches("Decision 1 of ").count(), 2, "{text}");
    assert!(text.contains("Decision 2 of "), "{text}");
    let total: usize = text
        .split("Replay: ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the number of decisions");
    assert!(
        text.contains(&format!("Decision {total} of {total}")),
        "{text}"
    );
    assert!(text.contains("Player 2 wins after 2 turns"), "{text}");
    assert!(text.contains(&format!("There are decisions 0 to {total}.")));
    assert!(text.contains("Unknown command 'bogus'"));
    assert_eq!(text.matches("The start of the game.").count(), 2, "{text}");
    // The dump is unchanged for scripts.
    let out = epic(&["replay", file]);
    assert!(stdout(&out).starts_with("Replay of "), "{}", stdout(&out));
}

#[test]
fn deck_show_lists_cards_curve_and_alignments() {
    let out = epic(&["deck", "show", "good", "--width", "80"]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.starts_with("good (built-in deck): 30 cards"), "{text}");
    assert!(text.contains("Champions (") && text.contains("Events ("));
    assert!(text.contains("Curve:\n  0 gold  #") && text.contains("  1 gold  #"));
    assert!(text.contains("Alignments: good 30"), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");

    let dir = tempfile::tempdir().unwrap();
    let deck = copies_deck(dir.path());
    let out = epic(&["deck", "show", &deck, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cards"], 30);
    let list = v["list"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["name"], "White Dragon");
    assert_eq!(list[0]["copies"], 15);
    assert_eq!(v["by_alignment"]["good"], 15);
    assert_eq!(v["by_alignment"]["sage"], 15);
    assert_eq!(v["by_cost"]["0"], 15);

    let out = epic(&["deck", "list"]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    for line in ["good     30 cards: good 30", "wild     30 cards: wild 30"] {
        assert!(text.contains(line), "{text}");
    }
    assert!(text.contains("random   30 cards: a Sealed deck"), "{text}");

    let out = epic(&["deck", "show", "goood"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("did you mean 'good'"),
        "{}",
        stderr(&out)
    );
}

/// A play taken back with `undo` is not counted in the summary.
#[test]
fn an_undone_play_is_not_counted() {
    let dir = tempfile::tempdir().unwrap();
    let out = play_short_game(
        dir.path(),
        None,
        "keep hand
play kong
undo
end turn
1
",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("You play Kong."), "{text}");
    assert!(text.contains("You undo the last play."), "{text}");
    let cards_played = text
        .lines()
        .find(|l| l.trim_start().starts_with("Cards played"))
        .expect("the summary");
    assert_eq!(flat(cards_played), "Cards played 0 0", "{text}");
}

/// What a game printed, seed 1, you first against the random AI, both seats playing 30
/// copies of `card` (a deck list written for the game), `input` typed.
fn one_card_game(card: &str, input: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("deck.txt"), format!("30 {card}\n")).unwrap();
    let args = [
        "play",
        "--seed",
        "1",
        "--first",
        "me",
        "--ai",
        "random",
        "--deck",
        "deck.txt",
        "--ai-deck",
        "deck.txt",
        "--no-autosave",
    ];
    common::stdout(&common::epic_in(dir.path(), &args, input))
}

/// Several picks in one line: three champions played, then "attack with all" declares
/// every attacker at once; numbers apart ("1 2") take several too.
#[test]
fn a_line_takes_several_picks() {
    let input = "keep\n1 2\nplay cave troll\nend turn\ndeclare a battle\nattack with all\n";
    let text = one_card_game("Cave Troll", input);
    assert_eq!(text.matches("You play Cave Troll.").count(), 3, "{text}");
    assert!(
        text.contains("Your Cave Troll, Cave Troll and Cave Troll attack the AI."),
        "{text}"
    );
    assert!(!text.contains("is not offered now"), "{text}");
}

/// Blockers declared in one line that ends "done"; the running totals while dividing
/// battle damage yourself (`--stops +damage`); triggered abilities resolved in the order
/// they triggered, said once, unless ordering them is a stop (`--stops +order`).
#[test]
fn blocks_in_one_line_damage_totals_and_triggers_in_order() {
    let play = |stops: &str, input: &str| {
        let args = [
            "play",
            "--seed",
            "8",
            "--first",
            "me",
            "--ai",
            "random",
            "--no-autosave",
            "--stops",
            stops,
        ];
        let out = epic_with_input(&args, input);
        assert!(out.status.success(), "{}", stderr(&out));
        flat(&stdout(&out))
    };
    // Eight answers bring the AI's attack on Human token and Noble Unicorn.
    let input = format!(
        "{}block with human token, done\n{}",
        "1\n".repeat(8),
        "1\n".repeat(40)
    );
    let text = play("+damage", &input);
    assert!(text.contains("Human token blocks."), "{text}");
    assert!(!text.contains("fits no option"), "{text}");
    // Human token's 1 damage between the two attackers, each with what breaks it.
    assert!(
        text.contains(
            "You: assign 1 damage from Human token (so far: 0 of 3 to break Thrasher Demon, \
             0 of 4 to break Demon token)"
        ),
        "{text}"
    );
    // Then a point at a time: the total grows as the damage left shrinks.
    let text = play("+damage", &"1\n".repeat(120));
    assert!(
        text.contains("You: assign 5 damage from Noble Unicorn (so far: 2 of 3 to break"),
        "{text}"
    );

    let hint = "Not one of your stops: ordering your triggered abilities yourself";
    let asked = "choose which of your triggered abilities resolves next";
    let text = play("default", &"1\n".repeat(120));
    assert_eq!(text.matches(hint).count(), 1, "{text}");
    assert!(!text.contains(asked), "{text}");
    let text = play("+order", &"1\n".repeat(120));
    assert!(text.contains(asked) && !text.contains(hint), "{text}");
}

/// A play that would do nothing is offered with a warning, not refused: Resurrection's
/// second mode with no champion broken this turn.
#[test]
fn a_play_that_would_do_nothing_is_offered_with_a_warning() {
    let text = flat(&one_card_game("Resurrection", "keep\nquit\n"));
    let warned = text
        .split("Play Resurrection (mode 2")
        .nth(1)
        .and_then(|rest| rest.split(" 3. ").next())
        .unwrap_or_else(|| panic!("no second mode offered: {text}"));
    assert!(
        warned.contains("(nothing to act on now: it would do nothing)"),
        "{warned}"
    );
    let first = text.split("Play Resurrection (mode 1").nth(1).unwrap();
    assert!(
        !first
            .split(" 2. ")
            .next()
            .unwrap()
            .contains("would do nothing"),
        "{first}"
    );
}
