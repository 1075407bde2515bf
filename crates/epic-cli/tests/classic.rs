//! `--ruleset classic`: the 2009 game from the command line, as a user runs it.

mod common;

use common::{epic, epic_with_input};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `epic ARGS`, refused as bad input (exit code 2) with `why` in its message.
fn refused(args: &[&str], why: &str) {
    refused_with(epic(args), why);
}

/// A run refused as bad input (exit code 2) with `why` in its message.
fn refused_with(out: std::process::Output, why: &str) {
    let e = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{e}");
    assert!(e.contains(why), "{e}");
}

/// `epic play --ruleset classic --ai random --seed SEED MORE`: a game against the random
/// bot.
fn classic_play<'a>(seed: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec![
        "play",
        "--ruleset",
        "classic",
        "--ai",
        "random",
        "--seed",
        seed,
    ];
    all.extend(more);
    all
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
    assert_eq!(
        (v["games"].as_u64(), v["games_requested"].as_u64()),
        (Some(12), Some(12))
    );
    // The fields of the 2017 report, in its shape.
    let wins = v["p1_wins"].as_u64().unwrap_or(0) + v["p2_wins"].as_u64().unwrap_or(0);
    assert_eq!(
        wins + v["draws"].as_u64().unwrap_or(0) + v["unfinished"].as_u64().unwrap_or(0),
        12
    );
    assert_eq!(
        (v["p1"].as_str(), v["players"].as_u64()),
        (Some("greedy:order"), Some(2))
    );
    assert_eq!(v["seats"][1]["seat"], 2);
    assert_eq!(v["seats"][1]["side"], "random:chaos");
    assert_eq!(v["seats"][1]["wins"], v["p2_wins"]);
    assert_eq!(v["interrupted"], false);
    // The same seed gives the same games.
    let again = classic_sim(&args);
    let won = |v: &serde_json::Value| -> Vec<(serde_json::Value, serde_json::Value)> {
        let seats = v["seats"].as_array().expect("seats");
        seats
            .iter()
            .map(|s| (s["side"].clone(), s["wins"].clone()))
            .collect()
    };
    assert_eq!(won(&v), won(&again));
    assert_eq!(v["average_decisions"], again["average_decisions"]);
}

#[test]
fn classic_sim_plays_matches_with_best_of() {
    let args = [
        "--games",
        "6",
        "--best-of",
        "3",
        "--p1",
        "greedy",
        "--p2",
        "random",
    ];
    let v = classic_sim(&args);
    let m = &v["matches"];
    assert_eq!(
        (m["best_of"].as_u64(), m["matches"].as_u64()),
        (Some(3), Some(6))
    );
    assert_eq!(m["matches_requested"], 6);
    let wins = |seats: &serde_json::Value| -> Vec<u64> {
        seats
            .as_array()
            .expect("seats")
            .iter()
            .map(|s| s["wins"].as_u64().unwrap_or(0))
            .collect()
    };
    let (match_wins, game_wins) = (wins(&m["seats"]), wins(&v["seats"]));
    let won: u64 = match_wins.iter().sum();
    assert_eq!(won + m["drawn"].as_u64().unwrap_or(0), 6);
    // Each match won takes two games at least.
    let games = v["games"].as_u64().expect("games");
    assert!(games >= 2 * won, "{v}");
    // A match's winner won two of its games: as many game wins as that at least.
    for (matches, games) in match_wins.iter().zip(&game_wins) {
        assert!(*games >= 2 * matches, "{v}");
    }
    assert_eq!(
        classic_sim(&args)["matches"],
        v["matches"],
        "the seed decides"
    );
    // Without --best-of the report has no matches.
    assert!(classic_sim(&["--games", "1"]).get("matches").is_none());
    refused(
        &["sim", "--ruleset", "classic", "--best-of", "2"],
        "odd number of games",
    );
    refused(&["sim", "--best-of", "3"], "add --ruleset classic");
}

#[test]
fn classic_sim_refuses_unknown_decks_and_bots() {
    refused(
        &["sim", "--ruleset", "classic", "--p1", "random:elves"],
        "order, chaos",
    );
    refused(
        &["sim", "--ruleset", "classic", "--p1", "genius:order"],
        "unknown bot",
    );
}

#[test]
fn classic_play_takes_numbered_options_and_leaves_on_q() {
    let play = classic_play("3", &[]);
    let out = epic_with_input(&play, "9\nx\n5\nq\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Keep your hand"), "{s}");
    assert!(s.contains("Pick a number from 1 to"), "{s}");
    assert!(s.contains("Unknown command 'x'"), "{s}");
    assert!(s.contains("You leave the game"), "{s}");
    // End of input leaves the game too.
    let out = epic_with_input(&play, "");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("End of input"));
}

#[test]
fn classic_formats_deal_decks_and_check_designed_ones() {
    let v = classic_sim(&["--games", "6", "--format", "pack-war", "--p1", "greedy"]);
    assert_eq!(v["format"], "pack-war");
    assert_eq!(v["p1"], "greedy:pack-war");
    let finished = v["games"].as_u64().unwrap_or(0) - v["unfinished"].as_u64().unwrap_or(0);
    assert_eq!(finished, 6);
    let v = classic_sim(&[
        "--games",
        "2",
        "--format",
        "draft-2",
        "--players",
        "3",
        "--card-ratings",
    ]);
    assert_eq!(v["players"], 3);
    assert_eq!(v["seats"].as_array().map(Vec::len), Some(3));
    // The drafted decks are rated card by card: every card of every deck, once a deck.
    let ratings = v["card_ratings"].as_array().expect("card ratings");
    let decks: f64 = ratings
        .iter()
        .map(|r| r["decks"].as_f64().unwrap_or(0.0))
        .fold(0.0, f64::max);
    assert!(!ratings.is_empty() && decks <= 6.0, "{v}");
    let won = |r: &serde_json::Value| r["wins"].as_u64() <= r["decks"].as_u64();
    assert!(ratings.iter().all(won), "{v}");

    // Designed Deck needs 60 cards: the preconstructed 30 are refused, naming the rule.
    refused(
        &["sim", "--ruleset", "classic", "--format", "designed"],
        "T-15.5",
    );
    // A classic format without the classic ruleset, and absurd pack counts.
    refused(&["sim", "--format", "pack-war"], "--ruleset classic");
    refused(
        &["sim", "--ruleset", "classic", "--format", "sealed-99999"],
        "",
    );

    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("golems.deck");
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
    // A game in the format checks the sideboard with the deck (T-15.5: "between a
    // designed deck and its sideboard").
    let cards = |f: &str| {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../cards/classic")
                .join(f),
        )
        .unwrap()
    };
    let sixty = dir.path().join("sixty.deck");
    std::fs::write(
        &sixty,
        format!(
            "{}{}sideboard\n2 Shield Bearer\n13 Ember Bolt\n",
            cards("order.deck"),
            cards("chaos.deck")
        ),
    )
    .unwrap();
    let sixty = sixty.to_str().unwrap();
    refused(
        &[
            "play",
            "--ruleset",
            "classic",
            "--format",
            "designed",
            "--deck",
            sixty,
        ],
        "Designed Deck: 4 copies of Shield Bearer between deck and sideboard",
    );
    std::fs::write(&file, "10 Iron Golem\n").expect("write");
    let out = epic(&["deck", "check", "--ruleset", "classic", path]);
    assert!(out.status.success(), "{}", text(&out.stdout));
}

#[test]
fn classic_games_are_saved_resumed_and_replayed_as_each_seat_saw_them() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let save = dir.path().join("game.json");
    let run = |args: &[&str], input: &str| {
        common::epic_with_env(dir.path(), &[("EPIC_DATA_DIR", &data)], args, input)
    };
    let new = classic_play("11", &["--first", "me"]);
    let out = run(&new, &format!("1\nsave {}\nq\n", save.display()));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Saved to"), "{s}");
    assert!(
        s.contains("You leave the game (the game is saved in"),
        "{s}"
    );
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(file["ruleset"], "classic");
    assert_eq!(file["setup"]["first_player"], 0);
    assert_eq!(file["decisions"].as_array().unwrap().len(), 1);

    // Resumed from the autosave, answered with option 1 until the game ends.
    let out = run(&["play", "--resume"], &"1\n".repeat(3000));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Resumed after 1 decisions"), "{s}");
    assert!(
        ["You win.", "wins.", "draw."]
            .iter()
            .any(|end| s.contains(end)),
        "{s}"
    );
    // A game that is over is not resumed; the replay shows it to its end.
    refused_with(run(&["play", "--resume"], ""), "is over");
    let out = run(&["replay", "--json", "--seat", "2"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let replay: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps = replay["steps"].as_array().unwrap();
    assert_eq!(steps.len() as u64, replay["decisions"].as_u64().unwrap());
    assert_eq!(replay["ruleset"], "classic");
    assert!(replay["outcome"]["winners"].is_array());
    // Seat 2 never read the name of a card in Player 1's hand: a mulligan is "a card".
    let first = steps[0]["told"][0].as_str().unwrap();
    assert_eq!(steps[0]["player"], 0);
    assert!(first.contains("a card from Player 1's hand"), "{first}");
    assert!(replay["steps"][0].get("record").is_none());
    assert!(replay["view"]["players"][0]["hand"].is_u64());
    let out = run(&["replay", "--json", "--reveal-all"], "");
    let all: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let first = all["steps"][0]["told"][0].as_str().unwrap();
    assert!(first.starts_with("Player 1: Mulligan "), "{first}");
    assert!(!first.contains("a card from"), "{first}");
    assert!(all["steps"][0]["record"].is_u64(), "{}", all["steps"][0]);
    assert!(all["digest"].is_string());

    // The saved game resumes where it was saved; an edited one is refused.
    let out = run(
        &["replay", save.to_str().unwrap(), "--to", "1", "--dump"],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("After decision 1:"));
    let out = run(&["play", "--load", save.to_str().unwrap()], "q\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Resumed after 1 decisions"));
    refused_with(
        run(&["replay", save.to_str().unwrap(), "--ruleset", "2017"], ""),
        "is a game of the classic rules",
    );
    let original = std::fs::read_to_string(&save).unwrap();
    let edited = original.replace(
        "\"decisions\": [\n    0\n  ]",
        "\"decisions\": [\n    57\n  ]",
    );
    assert_ne!(edited, original, "the edit must change the file");
    std::fs::write(&save, edited).unwrap();
    refused_with(
        run(&["play", "--load", save.to_str().unwrap()], ""),
        "decision 1 of the saved game cannot be applied",
    );
    // A long name in an edited save is quoted cut short, never echoed whole.
    let mut v: serde_json::Value = serde_json::from_str(&original).unwrap();
    v["setup"]["seats"][0]["cards"][0] = "Iron Golem".repeat(200).into();
    std::fs::write(&save, v.to_string()).unwrap();
    let out = run(&["replay", save.to_str().unwrap()], "");
    let why = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{why}");
    assert!(
        why.contains("is not a classic card") && why.contains('…'),
        "{why}"
    );
    assert!(why.len() < 400, "{why}");
}

// rule T-15.1
#[test]
fn a_classic_match_is_sideboarded_between_games_and_resumed_whole() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let autosave = data.join("autosave.json");
    let run = |args: &[&str], input: &str| {
        common::epic_with_env(dir.path(), &[("EPIC_DATA_DIR", &data)], args, input)
    };
    let order = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cards/classic/order.deck"),
    )
    .unwrap();
    let sideboard = "sideboard\n3 Ember Bolt\n2 Shade\n2 Raging Bear\n2 Hawk Rider\n\
                     2 Grave Stalker\n2 Bat Swarm\n2 Wolf Stalker\n";
    std::fs::write(dir.path().join("sb.deck"), format!("{order}{sideboard}")).unwrap();
    let new = classic_play("4", &["--deck", "sb.deck", "--best-of", "3"]);
    // Option 1 until the first game ends; at the sideboarding prompt "1" is no command,
    // and the end of input leaves the match, autosaved.
    let out = run(&new, &"1\n".repeat(3000));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Sideboarding (T-15.1)"), "{s}");
    assert!(
        s.contains("Sideboard (15): 2 Bat Swarm, 3 Ember Bolt"),
        "{s}"
    );
    assert!(s.contains("'1' is not a sideboarding command"), "{s}");
    assert!(s.contains("You left the match at"), "{s}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&autosave).unwrap()).unwrap();
    assert_eq!(saved["match"]["best_of"], 3);
    assert_eq!(
        saved["match"]["games"], 0,
        "the record before the saved game"
    );
    assert_eq!(
        saved["match"]["decks"][0]["sideboard"]
            .as_array()
            .unwrap()
            .len(),
        15
    );

    // Resumed: the first game's end again, then sideboarding. Swaps name cards by words
    // from their names; a name that fits several or none changes nothing.
    let input = "swap sky for bolt\nswap dawn for bear\nswap sky for z\nlist\ndone\n";
    let out = run(
        &["play", "--resume"],
        &format!("{input}{}", "1\n".repeat(3000)),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("The match stands at"), "{s}");
    assert!(
        s.contains("Sky Knight goes to your sideboard; Ember Bolt comes into your deck."),
        "{s}"
    );
    assert!(s.contains("'dawn' fits 3 cards of your deck"), "{s}");
    assert!(s.contains("No card of your sideboard is called 'z'"), "{s}");
    assert!(
        s.contains("Deck (30): 1 Banner of Legions, 2 Dawn Archer, 2 Denial, 1 Ember Bolt"),
        "{s}"
    );
    assert!(s.contains("Game 2 of the match"), "{s}");
    // The next game is played with the swapped deck, and its saves record the swap.
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&autosave).unwrap()).unwrap();
    let seat = |name: &str| {
        saved["setup"]["seats"][0]["cards"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| *c == name)
            .count()
    };
    assert!(saved["match"]["games"].as_u64().unwrap() >= 1);
    assert_eq!((seat("Ember Bolt"), seat("Sky Knight")), (1, 1));
    assert_eq!(
        saved["match"]["decks"][0]["swaps"],
        serde_json::json!([["Sky Knight", "Ember Bolt"]])
    );

    // Resumed until the match ends; then it is not resumed again.
    let over = |s: &str| s.contains("wins the match") || s.contains("ends drawn");
    let mut s = s;
    for _ in 0..3 {
        if over(&s) {
            break;
        }
        let out = run(
            &["play", "--resume"],
            &format!("done\n{}", "1\n".repeat(3000)),
        );
        s = text(&out.stdout);
    }
    assert!(over(&s), "{s}");
    refused_with(
        run(&["play", "--resume"], ""),
        "the match in the autosave is over",
    );

    // A match record no match could reach, or a swap of a card that was not there, is
    // refused by name.
    let edit = |path: &str, change: &dyn Fn(&mut serde_json::Value)| {
        let mut v = saved.clone();
        change(&mut v);
        let file = dir.path().join(path);
        std::fs::write(&file, v.to_string()).unwrap();
        run(&["play", "--load", file.to_str().unwrap()], "")
    };
    refused_with(
        edit("swap.json", &|v| {
            v["match"]["decks"][0]["swaps"] = serde_json::json!([["Ember Bolt", "Shade"]])
        }),
        "its match: seat 1: Ember Bolt is not in the deck",
    );
    refused_with(
        edit("wins.json", &|v| {
            v["match"]["wins"] = serde_json::json!([3, 0])
        }),
        "cannot be one of a match best of 3",
    );
    refused_with(
        edit("seats.json", &|v| {
            v["match"]["wins"] = serde_json::json!([0, 0, 0])
        }),
        "for a game of 2 seats",
    );
}

// rule T-15.4
#[test]
fn a_classic_draft_is_picked_at_the_terminal_and_its_deck_told() {
    // Draft 2: you pick from each pack passed to you, by number or words; the game then
    // tells you the deck built from your picks.
    let play = classic_play("6", &["--format", "draft-2"]);
    // Two packs of 15 at a table of two: 28 picks asked, the last card of each pack taken.
    let out = epic_with_input(&play, &format!("{}q\n", "1\n".repeat(28)));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains("Draft 2: pick one card from each pack passed to you."),
        "{s}"
    );
    assert!(s.contains("Pack 1 of 2, pick 1:"), "{s}");
    assert!(s.contains("Pack 2 of 2, pick 16:"), "{s}");
    assert!(
        s.contains("Pack 1 of 2, pick 15: you take the last card, "),
        "{s}"
    );
    assert_eq!(s.matches("Your choice (1-").count(), 28, "{s}");
    assert!(s.contains("Your Draft 2 deck (30 cards): "), "{s}");
    assert!(s.contains("You leave the game"), "{s}");
    // Leaving the draft leaves before any game.
    let out = epic_with_input(&play, "1\nq\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains("Pack 1 of 2, pick 2:") && s.contains("You left the draft."),
        "{s}"
    );
    assert!(!s.contains("Your Draft 2 deck"), "{s}");
    // Sealed: the deck is built from the packs you open, and told.
    let play = classic_play("6", &["--format", "sealed-2"]);
    let out = epic_with_input(&play, "q\n");
    let s = text(&out.stdout);
    assert!(s.contains("Your Sealed Pack 2 deck (30 cards): "), "{s}");
    assert!(!s.contains("Pack 1 of"), "{s}");
}

#[test]
fn a_classic_match_lets_the_loser_choose_who_goes_first() {
    let play = classic_play("4", &["--best-of", "3"]);
    let out = epic_with_input(&play, &"1\n".repeat(5000));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("the first to win 2 games wins it"), "{s}");
    assert!(s.contains("The match stands at"), "{s}");
    assert!(
        s.contains("wins the match") || s.contains("You win the match."),
        "{s}"
    );
    // Each lost game: you choose, and the next game starts with your mulligan.
    for (i, _) in s.match_indices("You lost the last game") {
        let next = &s[i..];
        let game = next.find("Game ").unwrap();
        let first_decision = next[game..].find("\n> ").unwrap();
        let before_you = &next[game..game + first_decision];
        assert!(
            before_you.contains("your mulligans")
                && !before_you.contains("The AI: Mulligan")
                && !before_you.contains("The AI: Keep"),
            "Player 2 decided first after you chose to go first"
        );
    }
    assert!(s.contains("You lost the last game"), "{s}");
    refused(
        &["play", "--ruleset", "classic", "--best-of", "4"],
        "odd number of games",
    );
}

/// `concede` asks to be confirmed, as in the 2017 game: "no" plays on, "yes" ends the
/// game, lost, and the autosave keeps the concession, which the replay tells as Player
/// 1's. (`concede yes` concedes at once: `play_concede_yes_concedes_at_once`.)
#[test]
fn a_classic_game_is_conceded_and_the_concession_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let run = |args: &[&str], input: &str| {
        common::epic_with_env(dir.path(), &[("EPIC_DATA_DIR", &data)], args, input)
    };
    let out = run(
        &classic_play("5", &["--first", "me"]),
        "1\nconcede\nno\nconcede\nyes\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let asked = s.find("Concede the game and lose it?").expect("asked");
    let play_on = s.find("You play on.").expect("a no plays on");
    let conceded = s.find("You concede.").expect("a yes concedes");
    assert!(asked < play_on && play_on < conceded, "{s}");
    assert!(s.contains("The AI wins."), "{s}");
    refused_with(run(&["play", "--resume"], ""), "is over");
    let out = run(&["replay", "--json", "--reveal-all"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let replay: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let last = replay["steps"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["player"], 0);
    assert_eq!(last["told"][0], "Player 1 concedes.");
    assert_eq!(last["record"]["concede"], 0, "{last}");
    assert_eq!(replay["outcome"]["winners"], serde_json::json!([1]));
}

/// The classic game is played by the same terminal session as every ruleset: card text
/// with `show`, the log, a hint, the result with the end menu, all fitted to `--width`.
#[test]
fn a_classic_game_has_show_log_hint_and_the_end_menu() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let out = common::epic_with_env(
        dir.path(),
        &[("EPIC_DATA_DIR", &data)],
        &classic_play("5", &["--first", "me", "--width", "60"]),
        "1\nshow dawn archer\nshow nothing like it\nhint\nlog\nconcede yes\n4\n1\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Paced good natural champion 3/3"), "{s}");
    assert!(s.contains("Range (keyword): May block airborne"), "{s}");
    assert!(s.contains("unknown card 'nothing like it'"), "{s}");
    assert!(s.contains("The hard AI in your place would take"), "{s}");
    // The log tells your mulligan before the concession; the menu's `log` tells both.
    let mulligan = s.find("You: Mulligan Stone Guardian").expect("told");
    let conceded = s.find("You concede.").expect("conceded");
    assert!(mulligan < conceded, "{s}");
    let menu = s.find("What next?").expect("the end menu");
    assert!(s[menu..].contains("You concede."), "{s}");
    assert!(s[conceded..menu].contains("The AI wins."), "{s}");
    assert!(s.lines().all(|l| l.chars().count() <= 60), "{s}");
}
