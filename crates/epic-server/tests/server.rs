//! The server over HTTP and WebSocket, as a browser uses it: accounts, games against the
//! AI and between players, hidden information at the socket, reconnecting, restarting,
//! timers and bad input. Each test runs against SQLite, and PostgreSQL when configured
//! (`common::databases`).

mod common;

use common::{next, next_state, play_to_end, send, Server};
use futures_util::SinkExt;
use serde_json::{json, Value};
use std::collections::HashSet;
use tokio_tungstenite::tungstenite::Message;

fn unique(prefix: &str) -> String {
    format!("{prefix}{}", rand::random::<u32>())
}

#[tokio::test]
async fn accounts_sign_up_in_and_out() {
    for db in common::databases() {
        let server = Server::start(db.as_deref()).await;
        let mut c = server.client();
        let name = unique("ann");
        let (status, _) = c.call("GET", "/api/me", None).await;
        assert_eq!(status, 401);
        let (status, e) = c
            .call(
                "POST",
                "/api/signup",
                Some(json!({"name": name, "password": "short"})),
            )
            .await;
        assert_eq!(status, 400);
        assert!(e["error"].as_str().unwrap().contains("password"), "{e}");
        let (status, user) = c
            .call(
                "POST",
                "/api/signup",
                Some(json!({"name": name, "password": common::PASSWORD})),
            )
            .await;
        assert_eq!(status, 200, "{user}");
        assert_eq!(user["name"], name.as_str());
        assert_eq!(user["guest"], false);
        let (status, me) = c.call("GET", "/api/me", None).await;
        assert_eq!((status, &me), (200, &user));

        let mut other = server.client();
        let (status, e) = other
            .call(
                "POST",
                "/api/signup",
                Some(json!({"name": name, "password": "another quiet lantern 12"})),
            )
            .await;
        assert_eq!(status, 409, "a name is taken once: {e}");
        let (status, _) = other
            .call(
                "POST",
                "/api/signin",
                Some(json!({"name": name, "password": "wrong lantern orbit 47"})),
            )
            .await;
        assert_eq!(status, 401);
        let (status, again) = other
            .call(
                "POST",
                "/api/signin",
                Some(json!({"name": name, "password": common::PASSWORD})),
            )
            .await;
        assert_eq!((status, &again), (200, &user));

        let (status, _) = c.call("POST", "/api/signout", None).await;
        assert_eq!(status, 200);
        let (status, _) = c.call("GET", "/api/me", None).await;
        assert_eq!(status, 401, "signed out");
        let (status, _) = other.call("GET", "/api/me", None).await;
        assert_eq!(status, 200, "the other session lives on");
    }
}

/// The password is kept only as an Argon2id hash.
/// Sign-ups, sign-ins and guests are limited per address, and wrong passwords slow the
/// address that sends them; a refused request makes no account and no session.
#[tokio::test]
async fn accounts_are_rate_limited_by_address() {
    let server = Server::start_with(|c| c.accounts_per_minute = 3).await;
    let mut c = server.client();
    let name = unique("limit");
    let creds = json!({"name": name, "password": common::PASSWORD});
    let (status, _) = c.call("POST", "/api/signup", Some(creds.clone())).await;
    assert_eq!(status, 200);
    c.guest().await;
    c.guest().await;
    let mut d = server.client();
    for (path, body) in [("/api/guest", None), ("/api/signin", Some(creds.clone()))] {
        let (status, answer) = d.call("POST", path, body).await;
        assert_eq!(status, 429, "{path}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains("wait a minute"));
        assert!(d.cookie.is_none(), "{path}: no session was made");
    }
    let (_, me) = c.call("GET", "/api/me", None).await;
    assert!(me["name"].as_str().unwrap().starts_with("guest-"), "{me}");

    // Guessing passwords slows the guesser's address at that name, not other names.
    let server = Server::start_with(|c| c.behind_proxy = true).await;
    let mut c = server.client();
    let (status, _) = c.call("POST", "/api/signup", Some(creds.clone())).await;
    assert_eq!(status, 200);
    let http = reqwest::Client::new();
    let sign_in = |from: String, name: &str, password: &str| {
        http.post(format!("http://{}/api/signin", server.addr))
            .header("x-forwarded-for", from)
            .json(&json!({"name": name, "password": password}))
            .send()
    };
    let target = unique("victim");
    for _ in 0..=epic_server::throttle::FREE_FAILURES {
        let r = sign_in("203.0.113.9".into(), &target, "guess-guess")
            .await
            .unwrap();
        assert_eq!(r.status(), 401);
    }
    let r = sign_in("203.0.113.9".into(), &target, "guess-guess")
        .await
        .unwrap();
    assert_eq!(r.status(), 429, "the address waits before its next guess");
    let r = sign_in("203.0.113.9".into(), &name, common::PASSWORD)
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "another name is not held back");

    // Behind a proxy, each client's address has its own allowance, not the proxy's.
    let server = Server::start_with(|c| {
        c.behind_proxy = true;
        c.accounts_per_minute = 1;
    })
    .await;
    let guest = |from: &str| {
        http.post(format!("http://{}/api/guest", server.addr))
            .header("x-forwarded-for", format!("10.9.9.9, {from}"))
            .send()
    };
    assert_eq!(guest("192.0.2.1").await.unwrap().status(), 200);
    assert_eq!(guest("192.0.2.1").await.unwrap().status(), 429);
    assert_eq!(guest("192.0.2.2").await.unwrap().status(), 200);
    assert_eq!(guest("2001:db8::1").await.unwrap().status(), 200);
    assert_eq!(
        guest("2001:db8::2").await.unwrap().status(),
        429,
        "an IPv6 /64 is one client"
    );
}

#[tokio::test]
async fn passwords_are_kept_as_argon2_hashes() {
    let server = Server::start(None).await;
    let mut c = server.client();
    c.call(
        "POST",
        "/api/signup",
        Some(json!({"name": "hasher", "password": common::PASSWORD})),
    )
    .await;
    let (url, _dir) = server.stop();
    use sqlx::Row;
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let row = sqlx::query("SELECT password_hash FROM users WHERE name = 'hasher'")
        .fetch_one(&pool)
        .await
        .unwrap();
    let hash: String = row.get(0);
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    assert!(!hash.contains(common::PASSWORD));
}

/// A guest plays a whole game against the AI over the socket; it ends with a result,
/// and the game's summary and history agree.
#[tokio::test]
async fn a_guest_plays_the_ai_to_the_end() {
    for db in common::databases() {
        let server = Server::start(db.as_deref()).await;
        let mut c = server.client();
        c.guest().await;
        let id = c.game_against("random", 7).await;
        let mut socket = c.socket(&id).await;
        let (last, log) = play_to_end(&mut socket, 1).await;
        assert_eq!(last["seat"], 0);
        assert!(last["decision"].is_null());
        let winners = last["result"]["winners"].clone();
        assert!(!winners.as_array().unwrap().is_empty());
        assert!(log.iter().any(|l| l.starts_with("--- Turn 1")), "{log:?}");
        let (status, summary) = c.call("GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, 200);
        assert_eq!(summary["status"], "over");
        assert_eq!(summary["winners"], winners);
        assert_eq!(summary["decisions"], last["seq"]);
        let (_, mine) = c.call("GET", "/api/games/mine", None).await;
        assert_eq!(mine[0]["id"], id.as_str());
        // Once over and unwatched, the game leaves memory (it stays in the database).
        drop(socket);
        for _ in 0..100 {
            if !server.app.tables.in_memory(&id).await {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert!(!server.app.tables.in_memory(&id).await);

        common::check_replay(&mut c, &id, &last, &log).await;

        // The save file replays in the terminal.
        let (file, game) = common::save_of(&mut c, &id).await;
        assert!(game.is_over());
        assert_eq!(file.decisions.len() as u64, last["seq"].as_u64().unwrap());
    }
}

/// A player concedes (rule 1.2.2) from their socket, on their own decision or not: the
/// other side wins at once, the concession is kept as a decision, and the replay and the
/// save file end the same way. A second concession, or one from a watcher, is refused.
#[tokio::test]
async fn a_player_concedes_and_the_other_side_wins() {
    for db in common::databases() {
        let server = Server::start(db.as_deref()).await;
        let mut c = server.client();
        c.guest().await;
        let id = c.game_against("greedy", 4).await;
        let mut socket = c.socket(&id).await;
        let mut log = Vec::new();
        let mut state = next_state(&mut socket).await;
        log.extend(common::log_lines(&state));
        send(&mut socket, json!({"type": "concede"})).await;
        let last = loop {
            state = next_state(&mut socket).await;
            log.extend(common::log_lines(&state));
            if !state["result"].is_null() {
                break state;
            }
        };
        assert_eq!(last["result"]["winners"], json!([1]));
        let text = last["result"]["text"].as_str().unwrap();
        assert!(text.contains("conceded"), "{text}");
        assert!(log.iter().any(|l| l == "You concede."), "{log:?}");
        send(&mut socket, json!({"type": "concede"})).await;
        let refused = common::next(&mut socket).await;
        assert_eq!(refused["type"], "error");
        assert!(
            refused["message"].as_str().unwrap().contains("over"),
            "{refused}"
        );

        let (_, summary) = c.call("GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(summary["status"], "over");
        assert_eq!(summary["winners"], json!([1]));
        drop(socket);
        common::check_replay(&mut c, &id, &last, &log).await;
        let (file, game) = common::save_of(&mut c, &id).await;
        assert_eq!(
            file.decisions.last(),
            Some(&epic_engine::Choice::Concede(0))
        );
        assert_eq!(game.result().unwrap().winners, vec![1]);

        // A watcher cannot concede for anyone.
        let other = c.game_against("greedy", 5).await;
        let mut w = server.client();
        w.guest().await;
        let mut watching = w.socket(&other).await;
        next_state(&mut watching).await;
        send(&mut watching, json!({"type": "concede"})).await;
        let refused = common::next(&mut watching).await;
        assert_eq!(refused["type"], "error", "{refused}");
    }
}

/// Two players in one game, each through their own socket: neither ever receives a card
/// of the other's hand but those revealed from it, and a spectator no more than they.
#[tokio::test]
async fn no_seat_receives_another_seats_hand() {
    for db in common::databases() {
        let server = Server::start(db.as_deref()).await;
        let mut a = server.client();
        let mut b = server.client();
        a.guest().await;
        b.guest().await;
        let game = a.create(json!({"seats": [{"kind": "me", "deck": "sage"}, {"kind": "open", "deck": "wild"}]})).await;
        assert_eq!(game["status"], "open");
        let id = game["id"].as_str().unwrap().to_string();
        let secret = game["invites"][0]["secret"].as_str().unwrap().to_string();
        let (status, _) = b.join(&id, Some("0000")).await;
        assert_eq!(status, 403, "a wrong invite takes no seat");
        let (status, joined) = b.join(&id, Some(&secret)).await;
        assert_eq!(status, 200, "{joined}");
        assert_eq!(joined["your_seat"], 1);
        assert_eq!(joined["status"], "playing");

        let spectator = server.client();
        let mut sa = a.socket(&id).await;
        let mut sb = b.socket(&id).await;
        let mut sw = spectator.socket(&id).await;
        let mut ended = false;
        let mut k = 11;
        for seq in 0..3000u64 {
            let (x, y, w) = (
                next_state(&mut sa).await,
                next_state(&mut sb).await,
                next_state(&mut sw).await,
            );
            assert_eq!(
                (x["seq"].as_u64(), y["seq"].as_u64()),
                (Some(seq), Some(seq))
            );
            assert_eq!(w["seat"], Value::Null);
            assert!(
                w["decision"].is_null() || w["decision"]["options"].as_array().unwrap().is_empty()
            );
            for (me, them, other) in [(&x, &y, 1), (&y, &x, 0)] {
                let hidden: HashSet<u64> = them["board"]["players"][other]["hand"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["obj"].as_u64().unwrap())
                    .collect();
                let shown: Vec<u64> = me["board"]["players"][other]["hand"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["obj"].as_u64().unwrap())
                    .collect();
                assert!(shown.iter().all(|o| hidden.contains(o)));
                // Elsewhere in the message, no card of the hand appears.
                let mut rest = me.clone();
                rest["board"]["players"][other]["hand"] = json!([]);
                let text = rest.to_string();
                for o in hidden.iter().filter(|o| !shown.contains(o)) {
                    assert!(
                        !text.contains(&format!("\"obj\":{o},")),
                        "card {o} of seat {other}'s hand leaked at decision {seq}"
                    );
                }
                assert_eq!(
                    me["board"]["players"][other]["hand_count"],
                    them["board"]["players"][other]["hand_count"]
                );
            }
            // A spectator is shown of each hand what the other player is: only the
            // cards revealed from it.
            assert_eq!(
                w["board"]["players"][0]["hand"],
                y["board"]["players"][0]["hand"]
            );
            assert_eq!(
                w["board"]["players"][1]["hand"],
                x["board"]["players"][1]["hand"]
            );
            if !x["result"].is_null() {
                ended = true;
                break;
            }
            let (me, socket) = if common::my_turn(&x) {
                (&x, &mut sa)
            } else {
                (&y, &mut sb)
            };
            let options = me["decision"]["options"].as_array().unwrap();
            assert!(!options.is_empty(), "the deciding seat has options");
            let option = common::pick(options, &mut k);
            send(
                socket,
                json!({"type": "decide", "seq": seq, "option": option}),
            )
            .await;
        }
        assert!(ended, "the game did not end in 3,000 decisions");
    }
}

/// Stale, foreign, impossible and malformed decisions are refused in words and change
/// nothing; a flood is slowed, then closed.
#[tokio::test]
async fn bad_messages_are_refused_and_change_nothing() {
    let server = Server::start(None).await;
    let mut c = server.client();
    c.guest().await;
    let game = c
        .create(json!({"seats": [{"kind": "me"}, {"kind": "open"}]}))
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    let mut s = c.socket(&id).await;
    let state = next_state(&mut s).await;
    assert_eq!(state["seq"], 0);
    send(&mut s, json!({"type": "decide", "seq": 0, "option": 0})).await;
    let e = next(&mut s).await;
    assert_eq!(e["type"], "error");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("waits for its players"),
        "{e}"
    );

    let mut d = server.client();
    d.guest().await;
    d.join(&id, None).await;
    let mut t = d.socket(&id).await;
    let state = next_state(&mut s).await;
    let _ = next_state(&mut t).await;
    let deciding = state["decision"]["seat"].as_u64().unwrap();
    let (mine, theirs) = if deciding == 0 {
        (&mut s, &mut t)
    } else {
        (&mut t, &mut s)
    };
    for (bad, words) in [
        (
            json!({"type": "decide", "seq": 5, "option": 0}),
            "decision 5",
        ),
        (
            json!({"type": "decide", "seq": 0, "option": 999}),
            "no option 999",
        ),
        (json!({"type": "decide", "seq": 0}), "cannot be read"),
        (json!({"type": "shout"}), "cannot be read"),
        (json!([1, 2, 3]), "cannot be read"),
    ] {
        send(mine, bad).await;
        let e = next(mine).await;
        assert_eq!(e["type"], "error");
        assert!(
            e["message"].as_str().unwrap().contains(words),
            "{e} should say {words}"
        );
    }
    send(theirs, json!({"type": "decide", "seq": 0, "option": 0})).await;
    let e = next(theirs).await;
    assert!(
        e["message"].as_str().unwrap().contains("not your decision"),
        "{e}"
    );
    mine.send(Message::Text("not json".into())).await.unwrap();
    assert_eq!(next(mine).await["type"], "error");
    let (_, summary) = c.call("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["decisions"], 0, "nothing changed the game");

    // A flood: the bucket runs dry and the socket is told to slow down, then closed.
    let mut slowed = false;
    let mut closed = false;
    for _ in 0..200 {
        if mine
            .send(Message::Text("{\"type\":\"ping\"}".into()))
            .await
            .is_err()
        {
            closed = true;
            break;
        }
    }
    while let Ok(Some(m)) = tokio::time::timeout(
        std::time::Duration::from_secs(5),
        futures_util::StreamExt::next(mine),
    )
    .await
    {
        match m {
            Ok(Message::Text(t)) if t.contains("slow down") => slowed = true,
            Ok(Message::Close(_)) | Err(_) => {
                closed = true;
                break;
            }
            _ => {}
        }
    }
    assert!(slowed && closed, "slowed {slowed}, closed {closed}");
    let (_, summary) = c.call("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["decisions"], 0);

    // Oversized messages and bodies.
    let mut big = c.socket(&id).await;
    let _ = next_state(&mut big).await;
    let _ = big.send(Message::Text("x".repeat(100_000).into())).await;
    let end = tokio::time::timeout(
        std::time::Duration::from_secs(5),
        futures_util::StreamExt::next(&mut big),
    )
    .await
    .unwrap();
    assert!(
        matches!(end, None | Some(Err(_)) | Some(Ok(Message::Close(_)))),
        "{end:?}"
    );
    let (status, _) = c
        .call(
            "POST",
            "/api/signup",
            Some(json!({"name": "x".repeat(100_000), "password": "p"})),
        )
        .await;
    assert_eq!(status, 413);
}

/// Leaving and coming back: the first message after reconnecting is the position and
/// the whole log, exactly as it stood.
#[tokio::test]
async fn reconnecting_resumes_where_the_player_was() {
    let server = Server::start(None).await;
    let mut c = server.client();
    c.guest().await;
    let id = c.game_against("greedy", 21).await;
    let mut s = c.socket(&id).await;
    let mut log = Vec::new();
    let mut last = Value::Null;
    for _ in 0..6 {
        let state = loop {
            let st = next_state(&mut s).await;
            log.extend(st["log"].as_array().unwrap().clone());
            if common::my_turn(&st) {
                break st;
            }
        };
        send(
            &mut s,
            json!({"type": "decide", "seq": state["seq"], "option": 0}),
        )
        .await;
        last = state;
    }
    let after = loop {
        let st = next_state(&mut s).await;
        log.extend(st["log"].as_array().unwrap().clone());
        if common::my_turn(&st) && st["seq"].as_u64() > last["seq"].as_u64() {
            break st;
        }
    };
    drop(s);
    let mut again = c.socket(&id).await;
    let resumed = next_state(&mut again).await;
    assert_eq!(resumed["seq"], after["seq"]);
    assert_eq!(resumed["board"], after["board"]);
    assert_eq!(resumed["decision"], after["decision"]);
    assert_eq!(resumed["log"].as_array().unwrap(), &log);
}

/// A server stopped and started again over the same database resumes each game at the
/// decision it was at, with the same position.
#[tokio::test]
async fn a_restarted_server_resumes_every_game() {
    for db in common::databases() {
        let server = Server::start(db.as_deref()).await;
        let mut c = server.client();
        c.guest().await;
        // With a game clock, to see it kept too.
        let game = c
            .create(json!({"seats": [{"kind": "me", "deck": "good"},
                                     {"kind": "ai", "deck": "evil", "ai": "random"}],
                           "seed": 5, "clock_seconds": 600}))
            .await;
        let id = game["id"].as_str().unwrap().to_string();
        let mut s = c.socket(&id).await;
        let mut state = next_state(&mut s).await;
        for _ in 0..5 {
            while !common::my_turn(&state) {
                state = next_state(&mut s).await;
            }
            send(
                &mut s,
                json!({"type": "decide", "seq": state["seq"], "option": 0}),
            )
            .await;
            state = next_state(&mut s).await;
        }
        while !common::my_turn(&state) {
            state = next_state(&mut s).await;
        }
        drop(s);
        let server = server.restart().await;
        let c = server.client_as(&c);
        let mut s = c.socket(&id).await;
        let resumed = next_state(&mut s).await;
        assert_eq!(resumed["seq"], state["seq"]);
        assert_eq!(resumed["board"], state["board"]);
        assert_eq!(resumed["decision"], state["decision"]);
        // The move timer runs on from when the decision began, and the game clock
        // keeps what was left of it.
        assert!(state["deadline"].is_i64());
        assert_eq!(resumed["deadline"], state["deadline"]);
        let left = state["clock"]["left"][0].as_i64().unwrap();
        assert!(left < 600_000, "five decisions were charged: {left}");
        assert_eq!(resumed["clock"]["left"], state["clock"]["left"]);
    }
}

/// When a human seat's move timer runs out, the server decides for it (the greedy bot)
/// and the game goes on.
#[tokio::test]
async fn a_decision_past_its_timer_is_made_for_the_seat() {
    let server = Server::start(None).await;
    let mut c = server.client();
    c.guest().await;
    let game = c.create(json!({"seats": [{"kind": "me"}, {"kind": "ai", "ai": "random"}], "seed": 9, "move_seconds": 1})).await;
    let id = game["id"].as_str().unwrap();
    let mut s = c.socket(id).await;
    let mut state = next_state(&mut s).await;
    while !common::my_turn(&state) {
        state = next_state(&mut s).await;
    }
    let deadline = state["deadline"]
        .as_i64()
        .expect("a human decision has a deadline");
    let seq = state["seq"].as_u64().unwrap();
    let later = loop {
        let st = next_state(&mut s).await;
        if st["seq"].as_u64().unwrap() > seq {
            break st;
        }
    };
    assert!(epic_server::store::now_ms() >= deadline);
    assert!(!later["log"].as_array().unwrap().is_empty());
}

/// A live game's clock runs down only while its seat decides; once it is out, the seat's
/// every decision is made at once by the greedy bot, and the game is played to its end.
#[tokio::test]
async fn a_seat_out_of_clock_has_its_decisions_made_at_once() {
    let server = Server::start(None).await;
    let mut c = server.client();
    c.guest().await;
    let game = c
        .create(json!({"seats": [{"kind": "me"}, {"kind": "ai", "ai": "random"}], "seed": 4, "clock_seconds": 1}))
        .await;
    assert_eq!(game["clock_seconds"], 1);
    assert_eq!(
        game["move_seconds"], 120,
        "a live game has its move timer too"
    );
    let id = game["id"].as_str().unwrap();
    let mut s = c.socket(id).await;
    let mut state = next_state(&mut s).await;
    assert_eq!(
        state["clock"]["left"],
        json!([1000, null]),
        "a computer seat has no clock"
    );
    while !common::my_turn(&state) {
        state = next_state(&mut s).await;
    }
    let since = state["clock"]["since"].as_i64().unwrap();
    let deadline = state["deadline"].as_i64().unwrap();
    assert!(
        deadline <= since + 1000,
        "the clock, not the move timer, runs out first"
    );
    let mut out_of_time = 0;
    while state["result"].is_null() {
        state = next_state(&mut s).await;
        let left = state["clock"]["left"][0].as_i64();
        if state["result"].is_null() && common::my_turn(&state) {
            assert_eq!(left, Some(0), "the clock ran out at the first decision");
            assert_eq!(
                state["deadline"], state["clock"]["since"],
                "no time is left"
            );
            out_of_time += 1;
        }
    }
    assert!(
        out_of_time > 3,
        "the seat decided {out_of_time} times out of time"
    );
    assert!(state["clock"].is_null(), "a game over shows no clock");
    let (_, summary) = c.call("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["status"], "over");
}

/// A game may have a format, Hydra teams and decks from pasted lists, each checked:
/// the lists against the format's rules, the seats against the variant.
#[tokio::test]
async fn games_take_formats_teams_and_deck_lists() {
    let server = Server::start(None).await;
    let mut c = server.client();
    c.guest().await;
    let (_, options) = c.call("GET", "/api/options", None).await;
    assert_eq!(options["rulesets"][0]["name"], "2017");
    assert_eq!(
        options["rulesets"][0]["formats"],
        json!(epic_engine::formats::format_names())
    );
    assert_eq!(
        options["rulesets"][0]["drafts"],
        json!([
            "pack-draft",
            "open-draft",
            "cube-draft",
            "dark-draft",
            "sealed"
        ])
    );
    let names = common::deck_names;
    let good = names("good");
    let list = good.join("\n");
    let ai = |deck: &str| json!({"kind": "ai", "ai": "random", "deck": deck});
    for (body, said) in [
        (
            json!({"format": "full-constructed", "seats": [{"kind": "me", "list": list}, ai("evil")]}),
            "seat 1's deck ('custom') breaks the rules of Full Constructed",
        ),
        (
            json!({"format": "pack-draft", "seats": [{"kind": "me"}, ai("evil")]}),
            "seat 2: the decks of a Pack Draft game are drafted at the table",
        ),
        (
            json!({"format": "chess", "seats": [{"kind": "me"}, ai("evil")]}),
            "unknown format 'chess'",
        ),
        (
            json!({"seats": [{"kind": "me", "list": "4 Not A Card"}, ai("evil")]}),
            "seat 1's deck",
        ),
        (
            json!({"seats": [{"kind": "me", "list": list, "deck": "good"}, ai("evil")]}),
            "seat 1: give its deck by name or by list, not both",
        ),
        (
            json!({"variant": "ffa", "team_size": 2, "seats": [{"kind": "me"}, ai("evil")]}),
            "a team size is for the hydra variant",
        ),
    ] {
        c.refused(body, said).await;
    }

    // A listed deck is the seat's deck, and a preconstructed list keeps to its format.
    let game = c
        .create(json!({"format": "preconstructed", "seed": 2, "seats": [{"kind": "me", "list": list}, ai("evil")]}))
        .await;
    assert_eq!(game["seats"][0]["deck"], "custom");
    let hand = c.first_hand(game["id"].as_str().unwrap()).await;
    assert!(!hand.is_empty());
    for card in hand {
        assert!(good.contains(&card), "{card}");
    }

    // Hydra, two against two: teammates are seated together and win together.
    let game = c
        .create(json!({"variant": "hydra", "team_size": 2, "seed": 6,
                       "seats": [{"kind": "me"}, ai("good"), ai("sage"), ai("evil")]}))
        .await;
    let mut s = c.socket(game["id"].as_str().unwrap()).await;
    let (last, _) = common::play_to_end(&mut s, 6).await;
    let teams: Vec<_> = last["board"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["team"].clone())
        .collect();
    assert_eq!(teams, [json!(0), json!(0), json!(1), json!(1)]);
    let winners = last["result"]["winners"].clone();
    assert!(
        winners == json!([0, 1]) || winners == json!([2, 3]),
        "a team wins: {winners}"
    );
}

/// A player joining brings their own deck, by name or by list, checked against the
/// game's format like the creator's; a refused deck takes no seat and changes nothing.
#[tokio::test]
async fn a_joining_player_brings_their_own_deck() {
    for db in common::databases() {
        let server = Server::start(db.as_deref()).await;
        let mut a = server.client();
        let mut b = server.client();
        a.guest().await;
        b.guest().await;
        let game = a
            .create(json!({"format": "preconstructed",
                           "seats": [{"kind": "me", "deck": "good"}, {"kind": "open", "deck": "evil"}]}))
            .await;
        assert_eq!(game["format"], "preconstructed");
        let id = game["id"].as_str().unwrap().to_string();
        let secret = game["invites"][0]["secret"].as_str().unwrap().to_string();
        let path = format!("/api/games/{id}/join");
        let names = common::deck_names;
        let sage = names("sage");
        // The sage deck with one card from the good deck in place of its last.
        let mut mixed = sage.clone();
        *mixed.last_mut().unwrap() = names("good")
            .into_iter()
            .find(|c| !sage.contains(c))
            .unwrap();
        for (body, status, said) in [
            (
                json!({"invite": secret, "deck": "nonsense"}),
                400,
                "unknown deck 'nonsense'",
            ),
            (
                json!({"invite": secret, "deck": "sage", "list": "3 Ember Bolt"}),
                400,
                "not both",
            ),
            (
                json!({"invite": secret, "list": mixed.join("\n")}),
                400,
                "seat 2's deck ('custom') breaks the rules of",
            ),
            (
                json!({"invite": "0000", "deck": "sage"}),
                403,
                "that invite is not valid",
            ),
        ] {
            let (got, answer) = b.call("POST", &path, Some(body.clone())).await;
            assert_eq!(got, status, "{body}: {answer}");
            let error = answer["error"].as_str().unwrap();
            assert!(error.contains(said), "{body}: {error}");
        }
        let (_, summary) = a.call("GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(summary["status"], "open", "a refused deck takes no seat");
        assert_eq!(summary["seats"][1]["deck"], "evil");

        let (status, joined) = b
            .call(
                "POST",
                &path,
                Some(json!({"invite": secret, "list": sage.join("\n")})),
            )
            .await;
        assert_eq!(status, 200, "{joined}");
        assert_eq!(joined["your_seat"], 1);
        assert_eq!(joined["status"], "playing");
        assert_eq!(joined["seats"][1]["deck"], "custom");
        // The joiner draws from their own deck, and the game is kept with it.
        let mut s = b.socket(&id).await;
        let state = next_state(&mut s).await;
        let hand = state["board"]["players"][1]["hand"].as_array().unwrap();
        assert!(!hand.is_empty());
        for card in hand {
            let name = card["name"].as_str().unwrap();
            assert!(
                sage.contains(&name.to_string()),
                "{name} is not in the sage deck"
            );
        }
        drop(s);
        let server = server.restart().await;
        let b2 = server.client_as(&b);
        let mut s = b2.socket(&id).await;
        let again = next_state(&mut s).await;
        assert_eq!(
            again["board"]["players"][1]["hand"],
            state["board"]["players"][1]["hand"]
        );
    }
}

/// Two players joining one game at the same moment, the first with their own deck, the
/// second with theirs or with the seat's: the second to commit finds the setup changed,
/// reads it again, and both keep their decks, in the database and in the game being
/// played, whichever of them the game in memory learns of first.
#[tokio::test]
async fn players_joining_at_once_each_keep_their_deck() {
    for db in common::databases() {
        let server = Server::start(db.as_deref()).await;
        let mut a = server.client();
        a.guest().await;
        for round in 0..16 {
            let (c_asks, c_deck) = match round % 2 {
                0 => (json!({"deck": "wild"}), "wild"),
                _ => (json!({}), "good"),
            };
            let game = a
                .create(json!({"seats": [{"kind": "me", "deck": "good"},
                               {"kind": "open", "deck": "good"}, {"kind": "open", "deck": "good"}]}))
                .await;
            let id = game["id"].as_str().unwrap().to_string();
            let (mut b, mut c) = (server.client(), server.client());
            b.guest().await;
            c.guest().await;
            let path = format!("/api/games/{id}/join");
            let ((sb, jb), (sc, jc)) = tokio::join!(
                b.call("POST", &path, Some(json!({"deck": "sage"}))),
                c.call("POST", &path, Some(c_asks)),
            );
            assert_eq!((sb, sc), (200, 200), "{jb} {jc}");
            let (_, summary) = a.call("GET", &format!("/api/games/{id}"), None).await;
            assert_eq!(summary["status"], "playing");
            let mut decks: Vec<_> = [1, 2].map(|s| summary["seats"][s]["deck"].clone()).into();
            decks.sort_by_key(|d| d.to_string());
            let mut expected = [json!("sage"), json!(c_deck)];
            expected.sort_by_key(|d| d.to_string());
            assert_eq!(decks, expected);
            // Each seat draws from the deck its player brought.
            for (client, deck) in [(&b, "sage"), (&c, c_deck)] {
                let cards = common::deck_names(deck);
                let mut s = client.socket(&id).await;
                let state = next_state(&mut s).await;
                let seat = state["seat"].as_u64().unwrap() as usize;
                for card in state["board"]["players"][seat]["hand"].as_array().unwrap() {
                    let name = card["name"].as_str().unwrap().to_string();
                    assert!(cards.contains(&name), "{name} is not in the {deck} deck");
                }
            }
        }
    }
}

/// The lobby lists games with an open seat; joining without an invite takes the first.
#[tokio::test]
async fn the_lobby_lists_open_games_until_they_fill() {
    let server = Server::start(None).await;
    let mut a = server.client();
    let mut b = server.client();
    a.guest().await;
    b.guest().await;
    let game = a
        .create(json!({"seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "ai", "ai": "random"}], "timer": "async"}))
        .await;
    let id = game["id"].as_str().unwrap();
    assert_eq!(game["move_seconds"], 48 * 3600);
    let (_, open) = b.call("GET", "/api/games/open", None).await;
    assert!(open.as_array().unwrap().iter().any(|g| g["id"] == id));
    assert!(
        open[0]["invites"].as_array().unwrap().is_empty(),
        "secrets are never listed"
    );
    let (status, joined) = b.join(id, None).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["your_seat"], 1);
    let (status, _) = b.join(id, None).await;
    assert_eq!(status, 409);
    let (_, open) = b.call("GET", "/api/games/open", None).await;
    assert!(!open.as_array().unwrap().iter().any(|g| g["id"] == id));
}

/// What a new game asks for is checked, in words.
#[tokio::test]
async fn new_games_are_checked() {
    let server = Server::start(None).await;
    let mut c = server.client();
    let (status, _) = c
        .call("POST", "/api/games", Some(json!({"seats": []})))
        .await;
    assert_eq!(status, 401, "a game needs a player");
    c.guest().await;
    for (body, words) in [
        (json!({"seats": [{"kind": "me"}]}), "2 to 4 seats"),
        (
            json!({"seats": [{"kind": "ai"}, {"kind": "ai"}]}),
            "exactly one seat is yours",
        ),
        (
            json!({"seats": [{"kind": "me", "deck": "chaos"}, {"kind": "ai"}]}),
            "unknown deck",
        ),
        (
            json!({"seats": [{"kind": "me", "deck": "/etc/passwd"}, {"kind": "ai"}]}),
            "unknown deck",
        ),
        (
            json!({"seats": [{"kind": "me"}, {"kind": "ai", "ai": "genius"}]}),
            "unknown AI level",
        ),
        (
            json!({"seats": [{"kind": "me"}, {"kind": "robot"}]}),
            "unknown kind",
        ),
        (
            json!({"seats": [{"kind": "me"}, {"kind": "ai"}], "timer": "blitz"}),
            "unknown timer",
        ),
        (
            json!({"seats": [{"kind": "me"}, {"kind": "ai"}], "move_seconds": 0}),
            "move_seconds",
        ),
        (
            json!({"seats": [{"kind": "me"}, {"kind": "ai"}], "clock_seconds": -5}),
            "clock_seconds",
        ),
        (
            json!({"seats": [{"kind": "me"}, {"kind": "ai"}], "variant": "hunter-first-blood"}),
            "3",
        ),
    ] {
        let (status, e) = c.call("POST", "/api/games", Some(body.clone())).await;
        assert_eq!(status, 400, "{body} → {e}");
        assert!(
            e["error"].as_str().unwrap().contains(words),
            "{body}: {e} should say {words}"
        );
    }
    let (status, _) = c.call("GET", "/api/games/nosuchgame", None).await;
    assert_eq!(status, 404);

    // A player holds at most so many games that are not over.
    let open = json!({"seats": [{"kind": "me"}, {"kind": "open"}]});
    for _ in 0..epic_server::api::MAX_UNFINISHED {
        let (status, e) = c.call("POST", "/api/games", Some(open.clone())).await;
        assert_eq!(status, 200, "{e}");
    }
    let (status, e) = c.call("POST", "/api/games", Some(open)).await;
    assert_eq!(status, 429);
    assert!(
        e["error"].as_str().unwrap().contains("finish one first"),
        "{e}"
    );
}

/// Every path of the OpenAPI description is served, with each method it names, and
/// answers the statuses it lists.
#[tokio::test]
async fn the_openapi_description_matches_the_routes() {
    let server = Server::start(None).await;
    let mut c = server.client();
    let (status, doc) = c.call("GET", "/api/openapi.json", None).await;
    assert_eq!(status, 200);
    let on_disk: Value = serde_json::from_str(include_str!("../openapi.json")).unwrap();
    assert_eq!(doc, on_disk);
    c.guest().await;
    let id = c.game_against("random", 1).await;
    let paths = doc["paths"].as_object().unwrap();
    assert!(paths.len() >= 14);
    for (path, item) in paths {
        for (method, op) in item.as_object().unwrap() {
            if method == "parameters" || path.ends_with("/ws") || path.ends_with("/signout") {
                continue;
            }
            let url = path.replace("{id}", &id);
            let body = (method == "post").then(|| json!({}));
            let (status, answer) = c.call(&method.to_uppercase(), &url, body).await;
            let listed: Vec<&String> = op["responses"].as_object().unwrap().keys().collect();
            assert!(
                listed.iter().any(|s| s.as_str() == status.to_string()),
                "{method} {path} answered {status} {answer}, not one of {listed:?}"
            );
        }
    }
    // Each ruleset the options list has the fields the description requires.
    let (_, options) = c.call("GET", "/api/options", None).await;
    let required = doc["components"]["schemas"]["RulesetInfo"]["required"]
        .as_array()
        .unwrap();
    for ruleset in options["rulesets"].as_array().unwrap() {
        for field in required {
            assert!(
                ruleset.get(field.as_str().unwrap()).is_some(),
                "{ruleset} lacks {field}"
            );
        }
    }
    let multiverse = &options["rulesets"][2];
    assert_eq!(multiverse["variant_numbers"][0]["name"], "countdown-N");
}
