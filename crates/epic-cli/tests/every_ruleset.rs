//! The command line's front ends run for every ruleset the registry lists, and for each
//! of its drafted formats: a new ruleset is covered here without new test code.

mod common;

use common::{epic, stderr, stdout};
use epic_game::TableRequest;
use epic_rulesets::{rulesets, AnyPlayed};

/// A game of `ruleset` at `request`'s table, played by the `random` bot to its end (or
/// for at most `limit` decisions).
fn played(ruleset: &str, request: &TableRequest, limit: u64) -> AnyPlayed {
    let mut game = AnyPlayed::request(ruleset, request).unwrap();
    let mut n = 0;
    while !game.is_over() && n < limit {
        let option = game.bot_option("random", request.seed ^ n).unwrap();
        let taken = game.after(option).unwrap();
        game.take(taken).unwrap();
        n += 1;
    }
    game
}

/// Every registered ruleset's plain two-player table, and the smallest table of each
/// drafted format, with its ruleset's name.
fn tables(seed: u64) -> Vec<(&'static str, TableRequest)> {
    let mut tables = Vec::new();
    for info in rulesets() {
        tables.push((info.name, TableRequest::of(2, seed)));
        for draft in &info.drafts {
            // The fewest players the format seats (Pack Draft needs three).
            let request = (2..=8)
                .map(|players| TableRequest::of(players, seed).in_format(draft))
                .find(|request| AnyPlayed::request(info.name, request).is_ok())
                .unwrap_or_else(|| panic!("{draft}: no table of 2 to 8 players"));
            tables.push((info.name, request));
        }
    }
    tables
}

#[test]
fn replay_shows_a_saved_game_of_every_ruleset() {
    let dir = tempfile::tempdir().unwrap();
    for (i, (ruleset, request)) in tables(5).into_iter().enumerate() {
        let what = format!("{ruleset} {:?}", request.format);
        let game = played(ruleset, &request, 5_000);
        let path = dir.path().join(format!("game{i}.json"));
        std::fs::write(&path, game.save_text().unwrap()).unwrap();
        let file = path.to_str().unwrap();
        // A drafted game is saved as the game its decks made, the draft's decisions
        // left out.
        let kept = AnyPlayed::from_save(file, &game.save_text().unwrap(), None).unwrap();
        let total = kept.decisions();
        assert!(total > 0, "{what}");

        let out = epic(&["replay", file, "--json", "--seat", "2"]);
        assert!(out.status.success(), "{what}: {}", stderr(&out));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["ruleset"], kept.ruleset(), "{what}");
        assert_eq!(v["decisions"], total as u64, "{what}");
        let steps = v["steps"].as_array().unwrap();
        assert_eq!(steps.len(), total, "{what}");
        assert!(steps.iter().all(|s| s.get("record").is_none()), "{what}");
        assert!(
            steps
                .iter()
                .any(|s| s["told"].as_array().is_some_and(|t| !t.is_empty())),
            "{what}: the seat is told something of the game"
        );
        if game.is_over() {
            assert!(
                v["outcome"]["winners"].is_array(),
                "{what}: {}",
                v["outcome"]
            );
            assert!(v["outcome"]["text"].as_str().is_some_and(|t| !t.is_empty()));
        }

        // Everything shown: the same decisions, each with its record, and the digest
        // the save ends on.
        let out = epic(&["replay", file, "--json", "--reveal-all"]);
        assert!(out.status.success(), "{what}: {}", stderr(&out));
        let all: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(all["digest"], kept.digest_hex(), "{what}");
        assert_eq!(all["seat"], "all");
        let records: Vec<serde_json::Value> = kept
            .records_json()
            .iter()
            .map(|r| serde_json::from_str(r).unwrap())
            .collect();
        let shown: Vec<&serde_json::Value> = all["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| &s["record"])
            .collect();
        assert_eq!(shown, records.iter().collect::<Vec<_>>(), "{what}");

        // Text: the board at the start and after each decision, then the result; or
        // only the position asked for.
        let out = epic(&["replay", file, "--dump", "--width", "60"]);
        assert!(out.status.success(), "{what}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(
            text.starts_with(&format!("Replay of {file}: {total} decisions")),
            "{what}"
        );
        assert!(text.contains(&format!("#{total} Player ")), "{what}");
        assert!(
            text.lines().all(|l| l.chars().count() <= 60),
            "{what}: a line wider than --width"
        );
        let out = epic(&["replay", file, "--to", "1"]);
        assert!(out.status.success(), "{what}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("After decision 1:"), "{what}: {text}");
        assert!(!text.contains("#2 Player"), "{what}: {text}");

        // Stepping through it, forward and back, in a terminal's way.
        let out = common::epic_with_input(&["replay", file, "--interactive"], "n\nn\nb\ne\nq\n");
        assert!(out.status.success(), "{what}: {}", stderr(&out));
        let text = stdout(&out);
        assert_eq!(text.matches("Decision 1 of ").count(), 2, "{what}: {text}");
        assert!(
            text.contains(&format!("Decision {total} of {total}")),
            "{what}"
        );

        // Another ruleset's name is refused.
        let other = rulesets()
            .into_iter()
            .find(|r| r.name != kept.ruleset())
            .map(|r| r.name);
        if let Some(other) = other {
            let out = epic(&["replay", file, "--ruleset", other]);
            assert_eq!(out.status.code(), Some(2), "{what}");
            assert!(
                stderr(&out).contains("leave out --ruleset"),
                "{what}: {}",
                stderr(&out)
            );
        }
    }
}

/// `epic play` is one session for every registered ruleset: the commands, card text, the
/// log, a hint with the chance to win, the concession and its result, the end menu with
/// its replay, all within `--width`.
#[test]
fn play_gives_every_ruleset_the_same_table() {
    for info in rulesets() {
        let ruleset = info.name;
        let cards = epic_rulesets::cards(ruleset).unwrap();
        let card = &cards[0];
        let input = format!(
            "help\nshow {}\nlog\nhint\nconcede yes\n4\n3\nq\n1\n",
            card.name
        );
        let out = common::epic_with_input(
            &[
                "play",
                "--ruleset",
                ruleset,
                "--ai",
                "random",
                "--seed",
                "7",
                "--first",
                "me",
                "--no-autosave",
                "--width",
                "80",
            ],
            &input,
        );
        assert!(out.status.success(), "{ruleset}: {}", stderr(&out));
        let s = stdout(&out);
        let first_line = card.sheet.lines().next().unwrap();
        for expected in [
            "Seed: 7 (play this deal again with --seed 7).",
            "Commands:",
            first_line,
            "The hard AI in your place would take",
            "your chance to win",
            "You concede.",
            "What next?",
            "Replay: ",
        ] {
            assert!(s.contains(expected), "{ruleset}: no '{expected}' in\n{s}");
        }
        // The menu's log tells the concession again, after the result.
        let menu = s.find("What next?").unwrap();
        assert!(s[menu..].contains("You concede."), "{ruleset}: {s}");
        // A prompt ("> ", "[3/6] > ") shares its line with what follows only because
        // the answers are piped, not typed.
        let unprompted = |l: &str| match l.split_once("> ") {
            Some((prompt, rest)) if prompt.is_empty() || prompt.ends_with(']') => {
                rest.chars().count()
            }
            _ => l.chars().count(),
        };
        assert!(
            s.lines().all(|l| unprompted(l) <= 80),
            "{ruleset}: a line wider than 80\n{s}"
        );
    }
}

/// `epic play --best-of 3` plays a match in every ruleset whose rules have them: you
/// concede the first game and leave; `--resume` goes on with the match, where you
/// choose to go first in the second as its loser, concede again and the AI wins the
/// match. A ruleset without matches refuses it in words.
#[test]
fn play_plays_and_resumes_a_match_where_the_rules_have_them() {
    for info in rulesets() {
        let ruleset = info.name;
        let dir = tempfile::tempdir().unwrap();
        let env = [("EPIC_DATA_DIR", dir.path())];
        let args = [
            "play",
            "--ruleset",
            ruleset,
            "--best-of",
            "3",
            "--ai",
            "random",
            "--seed",
            "4",
        ];
        let out = common::epic_with_env(dir.path(), &env, &args, "concede yes\n");
        if !epic_rulesets::rulesets_with_matches().contains(&ruleset) {
            assert_eq!(out.status.code(), Some(2), "{ruleset}");
            assert!(stderr(&out).contains("do not have"), "{}", stderr(&out));
            continue;
        }
        assert!(out.status.success(), "{ruleset}: {}", stderr(&out));
        let s = stdout(&out);
        assert!(s.contains("A match, best of 3"), "{ruleset}: {s}");
        assert!(
            s.contains("`epic play --resume` continues it"),
            "{ruleset}: {s}"
        );
        // Each game names the match's seed, which deals the whole match again; the end
        // of input leaves the match, not a game.
        let seed_note = "Match seed: 4 (play this match again with --best-of 3 --seed 4).";
        assert!(s.contains(seed_note), "{ruleset}: {s}");
        assert!(
            s.contains("End of input: leaving the match."),
            "{ruleset}: {s}"
        );
        let resume = ["play", "--resume"];
        let out = common::epic_with_env(dir.path(), &env, &resume, "1\nconcede yes\n");
        assert!(out.status.success(), "{ruleset}: {}", stderr(&out));
        let s = stdout(&out);
        for expected in [
            "You lost the last game: who takes the first turn of the next?",
            "Game 2 of the match",
            seed_note,
            "Player 2 wins the match.",
        ] {
            assert!(s.contains(expected), "{ruleset}: no '{expected}' in\n{s}");
        }
        assert!(!s.contains("Game 3 of the match"), "{ruleset}: {s}");
    }
}

/// A game of every ruleset saved in `epic play` goes on from the file (`--load`) and
/// from the autosave (`--resume`), where it was left.
#[test]
fn play_saves_and_resumes_every_ruleset() {
    for info in rulesets() {
        let ruleset = info.name;
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let env = [("EPIC_DATA_DIR", data.as_path())];
        let play = |args: &[&str], input: &str| {
            let out = common::epic_with_env(dir.path(), &env, args, input);
            assert!(out.status.success(), "{ruleset} {args:?}: {}", stderr(&out));
            stdout(&out)
        };
        let args = [
            "play",
            "--ruleset",
            ruleset,
            "--ai",
            "random",
            "--seed",
            "5",
        ];
        let first = play(&args, "save kept.json\nq\n");
        assert!(first.contains("kept.json"), "{ruleset}: {first}");
        let question = |s: &str| {
            s.lines()
                .rfind(|l| l.starts_with("  1. "))
                .map(String::from)
        };
        let asked = question(&first);
        assert!(asked.is_some(), "{ruleset}: no question asked\n{first}");
        for again in [
            &["play", "--load", "kept.json"][..],
            &["play", "--resume"][..],
        ] {
            let s = play(again, "q\n");
            assert_eq!(question(&s), asked, "{ruleset} {again:?}: {s}");
        }
    }
}

/// Every format and variant a ruleset lists starts a game of it in `epic play`, at the
/// smallest table that seats it (a numbered variant with its smallest number).
#[test]
fn play_starts_every_listed_format_and_variant() {
    for info in rulesets() {
        let ruleset = info.name;
        let numbered = |v: &str| {
            (info.variant_numbers.iter())
                .find(|n| n.name == v)
                .map_or(v.to_string(), |n| n.with(n.min))
        };
        let formats = info.formats.iter().map(|f| ("--format", f.clone()));
        let variants = info.variants.iter().map(|v| ("--variant", numbered(v)));
        for (flag, name) in formats.chain(variants) {
            let request = |players| {
                let table = TableRequest::of(players, 3);
                match flag {
                    "--format" => table.in_format(&name),
                    _ => table.in_variant(&name),
                }
            };
            let Some(players) = (2..=8).find(|&p| AnyPlayed::request(ruleset, &request(p)).is_ok())
            else {
                continue; // a format whose decks are built for it (a designed deck)
            };
            let players = players.to_string();
            let out = common::epic_with_input(
                &[
                    "play",
                    "--ruleset",
                    ruleset,
                    flag,
                    &name,
                    "--players",
                    &players,
                    "--ai",
                    "random",
                    "--seed",
                    "3",
                    "--no-autosave",
                ],
                "q\n",
            );
            assert!(
                out.status.success(),
                "{ruleset} {flag} {name} at {players}: {}",
                stderr(&out)
            );
            assert!(
                stdout(&out).contains("Seed: 3"),
                "{ruleset} {flag} {name}: {}",
                stdout(&out)
            );
        }
    }
}

/// `epic sim`, its card ratings and its round robin run for every ruleset and each of
/// its drafted formats, with the same report: every game counted once, as a win, a draw
/// or unfinished; the same seed, the same games; matches where the rules have them, and
/// a clear refusal where they do not.
#[test]
fn sim_plays_every_ruleset_with_one_report() {
    let json = |args: &[&str]| -> serde_json::Value {
        let out = epic(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    for info in rulesets() {
        let formats = std::iter::once(None).chain(info.drafts.iter().map(Some));
        for format in formats {
            let players = match format {
                // The fewest players a draft seats.
                Some(f) => (2..=8)
                    .find(|&p| {
                        let request = TableRequest::of(p, 1).in_format(f);
                        AnyPlayed::request(info.name, &request).is_ok()
                    })
                    .unwrap(),
                None => 2,
            }
            .to_string();
            let mut args = vec!["sim", "--ruleset", info.name, "--games", "4"];
            args.extend(["--players", &players, "--card-ratings", "--json"]);
            if let Some(f) = format {
                args.extend(["--format", f]);
            }
            let v = json(&args);
            let what = format!("{} {format:?}", info.name);
            assert_eq!(v["ruleset"], info.name, "{what}");
            let seats = v["seats"].as_array().unwrap();
            assert_eq!(seats.len().to_string(), players, "{what}");
            let wins: u64 = seats.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
            let (draws, unfinished) = (v["draws"].as_u64(), v["unfinished"].as_u64());
            assert_eq!(
                wins + draws.unwrap() + unfinished.unwrap(),
                4,
                "{what}: {v}"
            );
            let ended = ["ended_by_health", "ended_by_deck_out", "ended_by_limits"]
                .map(|k| v[k].as_u64().unwrap())
                .iter()
                .sum::<u64>();
            assert_eq!(ended + unfinished.unwrap(), 4, "{what}: {v}");
            assert!(!v["card_ratings"].as_array().unwrap().is_empty(), "{what}");
            let again = json(&args);
            assert_eq!(v["p1_wins"], again["p1_wins"], "{what}: the seed decides");
            assert_eq!(v["average_decisions"], again["average_decisions"], "{what}");
        }
        let has_matches = epic_rulesets::rulesets_with_matches().contains(&info.name);
        let args = [
            "sim",
            "--ruleset",
            info.name,
            "--games",
            "2",
            "--best-of",
            "3",
        ];
        let out = epic(&[&args[..], &["--json"]].concat());
        if has_matches {
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["matches"]["matches"], 2, "{}: {v}", info.name);
        } else {
            assert_eq!(out.status.code(), Some(2), "{}", info.name);
            assert!(stderr(&out).contains("do not have"), "{}", stderr(&out));
        }
        let out = epic(&[
            "sim",
            "--tournament",
            "--ruleset",
            info.name,
            "--bots",
            "random,greedy",
            "--games",
            "2",
        ]);
        assert!(out.status.success(), "{}: {}", info.name, stderr(&out));
        let text = stdout(&out);
        let decks = epic_rulesets::ruleset(info.name).unwrap().decks;
        assert!(text.contains(decks[0]), "{}: {text}", info.name);
    }
}

/// `epic learn` teaches every ruleset: each lesson, taken by pressing Enter, runs to its
/// end and shows what it is for (the runner refuses a lesson that does not), and the
/// last words point to a whole game of that ruleset.
#[test]
fn learn_runs_every_rulesets_lessons() {
    for info in rulesets() {
        let out = common::epic_with_input(&["learn", "--ruleset", info.name], &"\n".repeat(60));
        let text = stdout(&out);
        assert!(
            out.status.success(),
            "{}: {text}\n{}",
            info.name,
            stderr(&out)
        );
        assert!(text.contains("=== Lesson 1 of "), "{}: {text}", info.name);
        assert!(
            text.contains(&format!("`epic play --ruleset {} --ai easy`", info.name)),
            "{}: {text}",
            info.name
        );
    }
}

/// `epic deck list` and `deck show` for every ruleset: each built-in deck is listed
/// with its size, and shown card by card with copies that add up to it, costs in the
/// ruleset's unit and a curve that counts every card with a cost.
#[test]
fn deck_list_and_show_every_rulesets_decks() {
    for info in rulesets() {
        let out = epic(&["deck", "list", "--ruleset", info.name, "--json"]);
        assert!(out.status.success(), "{}: {}", info.name, stderr(&out));
        let listed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let listed = listed.as_array().unwrap();
        assert_eq!(listed.len(), info.decks.len(), "{}", info.name);
        for (deck, row) in info.decks.iter().zip(listed) {
            assert_eq!(row["name"], *deck);
            let out = epic(&["deck", "show", deck, "--ruleset", info.name, "--json"]);
            assert!(out.status.success(), "{deck}: {}", stderr(&out));
            let shown: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            let cards = shown["cards"].as_u64().unwrap();
            assert!(cards >= 20, "{deck}: {shown}");
            assert_eq!(row["cards"], cards, "{deck}");
            let copies: u64 = (shown["list"].as_array().unwrap().iter())
                .map(|e| e["copies"].as_u64().unwrap())
                .sum();
            assert_eq!(copies, cards, "{deck}: {shown}");
            let with_cost: u64 = (shown["list"].as_array().unwrap().iter())
                .filter(|e| e["cost"].is_u64())
                .map(|e| e["copies"].as_u64().unwrap())
                .sum();
            let curve: u64 = (shown["by_cost"].as_object().unwrap().values())
                .map(|n| n.as_u64().unwrap())
                .sum();
            assert_eq!(curve, with_cost, "{deck}: {shown}");
        }
        let deck = info.decks[0];
        let text = stdout(&epic(&["deck", "show", deck, "--ruleset", info.name]));
        assert!(
            text.starts_with(&format!("{deck} (built-in deck): ")),
            "{text}"
        );
        assert!(
            text.contains(&format!("Curve:\n  0 {}  #", info.cost_unit))
                || text.contains(&format!("Curve:\n  1 {}  #", info.cost_unit)),
            "{}: {text}",
            info.name
        );
    }
}
