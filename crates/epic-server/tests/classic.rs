//! Classic (2009) games on the server: played against the AI and between two players
//! over the same WebSocket protocol as 2017 games, kept, replayed and saved; no seat is
//! told a card another seat's hand or face-down champion hides.

mod common;

use common::{next_state, play_to_end, send, Client, Server};
use serde_json::{json, Value};
use std::collections::HashSet;

/// A classic game of `c` (order) against the random AI (chaos), as created.
async fn against_random(c: &mut Client, seed: u64) -> Value {
    c.create(json!({"ruleset": "classic", "seats": [
        {"kind": "me", "deck": "order"},
        {"kind": "ai", "deck": "chaos", "ai": "random"}
    ], "seed": seed}))
        .await
}

/// A guest plays a whole classic game against the AI; it ends with a result, and its
/// summary, replay and save file agree with what the socket told.
#[tokio::test]
async fn a_guest_plays_a_classic_game_against_the_ai() {
    for db in common::databases() {
        let server = Server::start(db.as_deref()).await;
        let mut c = server.client();
        c.guest().await;
        let game = against_random(&mut c, 5).await;
        assert_eq!(game["ruleset"], "classic");
        assert_eq!(game["status"], "playing");
        let id = game["id"].as_str().unwrap().to_string();
        let mut socket = c.socket(&id).await;
        let first = next_state(&mut socket).await;
        let board = &first["board"];
        assert_eq!(board["ruleset"], "classic");
        assert_eq!(board["turn"], 0, "the mulligans come before the first turn");
        assert_eq!(
            board["players"][0]["mojo"], 30,
            "each player starts at 30 Mojo"
        );
        assert_eq!(board["players"][0]["hand"].as_array().unwrap().len(), 5);
        assert_eq!(board["players"][1]["hand_count"], 5);
        assert_eq!(
            board["players"][1]["hand"],
            json!([]),
            "the AI's hand is hidden"
        );
        for name in board["players"][0]["hand"].as_array().unwrap() {
            let text = &board["cards"][name.as_str().unwrap()];
            assert!(
                text["type_line"].is_string(),
                "{name} has its text: {board}"
            );
        }
        assert_eq!(first["log"], json!([]));
        // The first decision is the mulligan, asked of both players in turn.
        if common::my_turn(&first) {
            assert!(first["decision"]["prompt"]
                .as_str()
                .unwrap()
                .contains("Keep"));
            let labels: Vec<&str> = first["decision"]["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o["label"].as_str().unwrap())
                .collect();
            assert!(labels.contains(&"Keep your hand"), "{labels:?}");
        }
        send(
            &mut socket,
            json!({"type": "decide", "seq": first["seq"], "option": 99}),
        )
        .await;
        let refused = common::next(&mut socket).await;
        assert_eq!(refused["type"], "error", "{refused}");

        // Played to the end from a fresh socket, which is told the whole log again.
        drop(socket);
        let mut socket = c.socket(&id).await;
        let (last, log) = play_to_end(&mut socket, 3).await;
        assert!(last["decision"].is_null());
        let winners = last["result"]["winners"].clone();
        let text = last["result"]["text"].as_str().unwrap();
        assert!(
            ["You win.", "AI (random) wins.", "The game is a draw."].contains(&text),
            "{text}"
        );
        assert!(log.iter().any(|l| l.starts_with("You: ")), "{log:?}");
        assert!(
            log.iter().any(|l| l.starts_with("AI (random): ")),
            "{log:?}"
        );
        let turns: Vec<&String> = log.iter().filter(|l| l.starts_with("--- Turn")).collect();
        assert!(turns.len() >= 2, "{log:?}");
        assert!(turns[0].starts_with("--- Turn 1: "), "{log:?}");
        assert_eq!(log.last().map(String::as_str), Some(text));

        let (status, summary) = c.call("GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, 200);
        assert_eq!(summary["ruleset"], "classic");
        assert_eq!(summary["status"], "over");
        assert_eq!(summary["winners"], winners);
        assert_eq!(summary["decisions"], last["seq"]);

        common::check_replay(&mut c, &id, &last, &log).await;

        // The save file is a classic save that replays to the same end.
        let (status, save) = c.call("GET", &format!("/api/games/{id}/save"), None).await;
        assert_eq!(status, 200, "{save}");
        let file: epic_game::save::SaveFile<epic_classic::ClassicGame> =
            serde_json::from_value(save).unwrap();
        assert_eq!(file.ruleset.as_deref(), Some("classic"));
        assert_eq!(file.decisions.len() as u64, last["seq"].as_u64().unwrap());
        let game = epic_game::Played::replay(&file, None, |_, _| {})
            .unwrap()
            .game;
        let winners: Vec<u8> = serde_json::from_value(winners).unwrap();
        assert_eq!(
            epic_game::State::winners(&game).map(<[u8]>::to_vec),
            Some(winners)
        );
    }
}

/// A classic player concedes from their socket: the AI wins, the concession is kept as
/// a decision (and survives a restart), and the replay and the save file end the same
/// way.
#[tokio::test]
async fn a_classic_player_concedes() {
    for db in common::databases() {
        let server = Server::start(db.as_deref()).await;
        let mut c = server.client();
        c.guest().await;
        let game = against_random(&mut c, 8).await;
        let id = game["id"].as_str().unwrap().to_string();
        let mut socket = c.socket(&id).await;
        let mut state = next_state(&mut socket).await;
        let mut log = common::log_lines(&state);
        send(&mut socket, json!({"type": "concede"})).await;
        while state["result"].is_null() {
            state = next_state(&mut socket).await;
            log.extend(common::log_lines(&state));
        }
        assert_eq!(state["result"]["winners"], json!([1]));
        assert!(log.iter().any(|l| l.contains("concede")), "{log:?}");
        drop(socket);

        let server = server.restart().await;
        let mut c = server.client_as(&c);
        let (_, summary) = c.call("GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(summary["status"], "over", "{summary}");
        assert_eq!(summary["winners"], json!([1]));
        common::check_replay(&mut c, &id, &state, &log).await;
        let (status, save) = c.call("GET", &format!("/api/games/{id}/save"), None).await;
        assert_eq!(status, 200, "{save}");
        let file: epic_game::save::SaveFile<epic_classic::ClassicGame> =
            serde_json::from_value(save).unwrap();
        assert_eq!(
            file.decisions.last(),
            Some(&epic_game::save::Numbered::Concede { concede: 0 })
        );
        let game = epic_game::Played::replay(&file, None, |_, _| {})
            .unwrap()
            .game;
        assert_eq!(epic_game::State::winners(&game), Some(&[1][..]));
    }
}

/// Classic games are checked as they are made: decks from the classic list, a
/// free-for-all table, a known ruleset.
#[tokio::test]
async fn new_classic_games_are_checked() {
    let server = Server::start(None).await;
    let mut c = server.client();
    c.guest().await;
    let (_, options) = c.call("GET", "/api/options", None).await;
    let names: Vec<&str> = (options["rulesets"].as_array().unwrap().iter())
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["2017", "classic", "multiverse"]);
    assert_eq!(options["rulesets"][1]["decks"], json!(["order", "chaos"]));
    for (body, said) in [
        (
            json!({"ruleset": "checkers", "seats": [{"kind": "me"}, {"kind": "ai"}]}),
            "unknown ruleset 'checkers': expected one of 2017, classic, multiverse",
        ),
        (
            json!({"ruleset": "classic", "seats": [{"kind": "me", "deck": "good"}, {"kind": "ai"}]}),
            "seat 1: unknown classic deck 'good'; the classic decks are order, chaos",
        ),
        (
            json!({"ruleset": "classic", "variant": "hydra", "seats": [{"kind": "me"}, {"kind": "ai"}, {"kind": "ai"}, {"kind": "ai"}]}),
            "a classic game is a free-for-all",
        ),
        (
            json!({"seats": [{"kind": "me", "deck": "order"}, {"kind": "ai"}]}),
            "seat 1: unknown deck 'order'",
        ),
    ] {
        c.refused(body, said).await;
    }
    let (_, mine) = c.call("GET", "/api/games/mine", None).await;
    assert_eq!(mine, json!([]), "nothing refused was kept");
    // Left out, the decks are the classic ones in turn, at a table of four.
    let game = c
        .create(json!({"ruleset": "classic", "seats": [{"kind": "me"}, {"kind": "ai"}, {"kind": "ai"}, {"kind": "ai"}]}))
        .await;
    let decks: Vec<&str> = game["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["deck"].as_str().unwrap())
        .collect();
    assert_eq!(decks, ["order", "chaos", "order", "chaos"]);
}

/// A classic game may have a deck from a pasted list, and the Designed Deck format, whose
/// rules every list is checked against; the formats that open packs are refused.
#[tokio::test]
async fn classic_games_take_deck_lists_and_designed_decks() {
    let server = Server::start(None).await;
    let mut c = server.client();
    c.guest().await;
    let (_, options) = c.call("GET", "/api/options", None).await;
    assert_eq!(options["rulesets"][1]["formats"], json!(["designed"]));
    let pool = epic_classic::classic_pool();
    let order = pool.names(&epic_classic::classic_deck("order").unwrap());
    let list = order.join("\n");
    for (body, said) in [
        (
            json!({"ruleset": "classic", "format": "pack-war", "seats": [{"kind": "me"}, {"kind": "ai"}]}),
            "Pack War is played from packs opened at the table",
        ),
        (
            json!({"ruleset": "classic", "format": "designed", "seats": [{"kind": "me", "list": "3 Sky Knight"}, {"kind": "ai"}]}),
            "seat 1's deck breaks the rules of Designed Deck",
        ),
        (
            json!({"ruleset": "classic", "seats": [{"kind": "me", "list": "2 Not A Card"}, {"kind": "ai"}]}),
            "seat 1's deck: ",
        ),
        (
            json!({"ruleset": "classic", "format": "sealed", "seats": [{"kind": "me"}, {"kind": "ai"}]}),
            "format: ",
        ),
    ] {
        c.refused(body, said).await;
    }
    // The list's cards are the seat's deck: every card in the first hand is in it.
    let game = c
        .create(json!({"ruleset": "classic", "seed": 8, "seats": [{"kind": "me", "list": list}, {"kind": "ai", "ai": "random", "deck": "chaos"}]}))
        .await;
    assert_eq!(game["seats"][0]["deck"], "custom");
    let hand = c.first_hand(game["id"].as_str().unwrap()).await;
    assert!(!hand.is_empty());
    for card in hand {
        assert!(order.contains(&card), "{card}");
    }

    // A player joining brings their own deck, checked as the creator's are.
    let game = c
        .create(json!({"ruleset": "classic", "seats": [{"kind": "me", "deck": "chaos"}, {"kind": "open", "deck": "chaos"}]}))
        .await;
    assert_eq!(game["format"], Value::Null);
    let id = game["id"].as_str().unwrap();
    let mut b = server.client();
    b.guest().await;
    let path = format!("/api/games/{id}/join");
    let (status, refused) = b
        .call("POST", &path, Some(json!({"list": "2 Not A Card"})))
        .await;
    assert_eq!(status, 400);
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("seat 2's deck: "),
        "{refused}"
    );
    let (status, joined) = b.call("POST", &path, Some(json!({"deck": "order"}))).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seats"][1]["deck"], "order");
    let mut s = b.socket(id).await;
    let state = next_state(&mut s).await;
    let hand = state["board"]["players"][1]["hand"].as_array().unwrap();
    assert!(!hand.is_empty());
    for card in hand {
        let card = card.as_str().unwrap().to_string();
        assert!(order.contains(&card), "{card} is not in the order deck");
    }
}

/// Every card name `state` shows in its board: those its seat may know now.
fn board_names(state: &Value) -> HashSet<String> {
    let board = &state["board"];
    let mut names = HashSet::new();
    let mut add = |v: &Value| {
        for n in v.as_array().unwrap() {
            names.insert(n.as_str().unwrap().to_string());
        }
    };
    for p in board["players"].as_array().unwrap() {
        for zone in ["hand", "discard", "discard_foreign", "removed"] {
            add(&p[zone]);
        }
    }
    for c in board["in_play"].as_array().unwrap() {
        names.insert(c["name"].as_str().unwrap().to_string());
    }
    for item in board["line"]
        .as_array()
        .unwrap()
        .iter()
        .chain(board["pending"].as_object().map(|_| &board["pending"]))
    {
        let name = item["name"].as_str().unwrap();
        names.insert(name.trim_end_matches(epic_classic::FACE_DOWN).to_string());
    }
    names
}

/// Two players and a spectator watch one classic game through their own sockets: a
/// seat is told another's hand only by its count (and the cards face up in it), a
/// face-down champion only by its owner's name, and no log line, option or card text
/// names a card the seat has not been shown.
#[tokio::test]
async fn no_seat_is_told_another_seats_hidden_classic_cards() {
    let pool = epic_classic::classic_pool();
    let card_names: Vec<String> = pool.ids().map(|id| pool.get(id).name.clone()).collect();
    let server = Server::start(None).await;
    // A game with two people is dealt at random (no seed can be chosen for it): games
    // are played until one has a champion played face down, which it soon does.
    for _game in 0..8 {
        if watched_classic_game(&server, &card_names).await {
            return;
        }
    }
    panic!("no champion was played face down in 8 games");
}

/// One classic game between two players and a spectator, as
/// [`no_seat_is_told_another_seats_hidden_classic_cards`] checks it; whether a champion
/// was played face down.
async fn watched_classic_game(server: &Server, card_names: &[String]) -> bool {
    let mut a = server.client();
    let mut b = server.client();
    a.guest().await;
    b.guest().await;
    let game = a
        .create(json!({"ruleset": "classic", "seats": [{"kind": "me", "deck": "order"}, {"kind": "open", "deck": "chaos"}]}))
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    let secret = game["invites"][0]["secret"].as_str().unwrap().to_string();
    let (status, _) = b.join(&id, Some(&secret)).await;
    assert_eq!(status, 200);
    let spectator = server.client();
    let mut sockets = [
        a.socket(&id).await,
        b.socket(&id).await,
        spectator.socket(&id).await,
    ];
    // What each watcher has been shown so far, by name.
    let mut known: [HashSet<String>; 3] = Default::default();
    let mut face_down_seen = false;
    let mut k = 21u64;
    for seq in 0..5000u64 {
        let mut states = Vec::new();
        for s in sockets.iter_mut() {
            states.push(next_state(s).await);
        }
        for (w, state) in states.iter().enumerate() {
            assert_eq!(state["seq"].as_u64(), Some(seq));
            let seat = (w < 2).then_some(w as u64);
            let board = &state["board"];
            for (p, player) in board["players"].as_array().unwrap().iter().enumerate() {
                if Some(p as u64) != seat {
                    assert_eq!(
                        player["hand"],
                        json!([]),
                        "watcher {w} sees no card of player {p}'s hand"
                    );
                }
            }
            for c in board["in_play"].as_array().unwrap() {
                if c["veiled"] == true && c["owner"].as_u64() != seat {
                    face_down_seen = true;
                    let owner = c["owner"].as_u64().unwrap();
                    assert_eq!(
                        c["name"].as_str().unwrap(),
                        format!("Player {}'s veiled champion", owner + 1)
                    );
                    assert!(c["offense"].is_null() && c["defense"].is_null());
                }
            }
            known[w].extend(board_names(state));
            for key in board["cards"].as_object().unwrap().keys() {
                assert!(
                    known[w].contains(key),
                    "watcher {w} is sent the text of {key}"
                );
            }
            let mut words: Vec<&str> = state["log"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l["text"].as_str().unwrap())
                .collect();
            if let Some(options) = state["decision"]["options"].as_array() {
                words.extend(options.iter().map(|o| o["label"].as_str().unwrap()));
            }
            for text in words {
                let named: Vec<&str> = card_names
                    .iter()
                    .map(String::as_str)
                    .filter(|n| text.contains(n))
                    .collect();
                // A name inside a longer one named here is that one's.
                let whole = |n: &&&str| !named.iter().any(|m| m != *n && m.contains(**n));
                for name in named.iter().filter(whole) {
                    assert!(
                        known[w].contains(*name),
                        "watcher {w} is told of {name} at decision {seq}: {text}"
                    );
                }
            }
        }
        if !states[0]["result"].is_null() {
            return face_down_seen;
        }
        let decider = states[0]["decision"]["seat"].as_u64().unwrap() as usize;
        let me = &states[decider];
        let options = me["decision"]["options"].as_array().unwrap();
        assert!(!options.is_empty());
        // Face down whenever offered, so that the game has veiled champions to hide.
        let option = options
            .iter()
            .position(|o| o["label"].as_str().unwrap().contains("face down"))
            .unwrap_or_else(|| common::pick(options, &mut k));
        send(
            &mut sockets[decider],
            json!({"type": "decide", "seq": seq, "option": option}),
        )
        .await;
    }
    panic!("the game did not end in 5,000 decisions");
}
