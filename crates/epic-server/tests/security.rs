//! What a hostile or careless client cannot do to the server or to other players: pin
//! its cores through the AI, know an opponent's deal, take a name that differs from
//! another only by case or form, use a password guessers try first, lock another player
//! out of their name, learn which names exist from the time an answer takes, frame the
//! site, or be answered in anything but the documented JSON (docs/server.md).

mod common;

use common::{my_turn, next_state, send, Server, PASSWORD};
use serde_json::json;
use std::time::{Duration, Instant};

fn unique(prefix: &str) -> String {
    format!("{prefix}{}", rand::random::<u32>())
}

/// Only the documented levels, each bounded in time, may play a seat.
#[tokio::test]
async fn only_the_documented_ai_levels_play() {
    let server = Server::start(None).await;
    let mut c = server.client();
    c.guest().await;
    for ai in ["ismcts@10000000", "ismcts", "ismcts@1", "grandmaster"] {
        c.refused(
            json!({"seats": [{"kind": "me"}, {"kind": "ai", "ai": ai}]}),
            "seat 2: unknown AI level",
        )
        .await;
    }
    let game = c
        .create(json!({"seats": [{"kind": "me"}, {"kind": "ai", "ai": " Hard "}]}))
        .await;
    assert_eq!(game["seats"][1]["ai"], "hard");
    let (_, options) = c.call("GET", "/api/options", None).await;
    assert_eq!(options["ai"], json!(epic_bots::LEVELS));
}

/// A game an older server kept with an unbounded search as its AI is played at the
/// default level after a restart, and its AI decides at once.
#[tokio::test]
async fn an_unbounded_ai_kept_by_an_older_server_is_bounded_after_a_restart() {
    let server = Server::start(None).await;
    let mut c = server.client();
    c.guest().await;
    let id = c.game_against("random", 1).await;
    let (url, dir) = server.stop();
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query("UPDATE seats SET ai = 'ismcts@10000000' WHERE game_id = $1 AND seat = 1")
        .bind(&id)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let server = Server::on(url, dir).await;
    let mut c = server.client_as(&c);
    let (_, summary) = c.call("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(summary["seats"][1]["ai"], "medium", "{summary}");
    // The AI's decisions come within seconds: the game is played to its end.
    let mut socket = c.socket(&id).await;
    let (last, _) = common::play_to_end(&mut socket, 3).await;
    assert!(!last["result"].is_null());
}

/// A seat another player fills is never dealt from a seed the creator chose.
#[tokio::test]
async fn a_seed_is_refused_when_another_player_sits() {
    let server = Server::start(None).await;
    let mut c = server.client();
    c.guest().await;
    c.refused(
        json!({"seats": [{"kind": "me"}, {"kind": "open"}], "seed": 7}),
        "a seed is chosen only for a game against the AI",
    )
    .await;
    c.refused(
        json!({"seats": [{"kind": "me"}, {"kind": "ai"}, {"kind": "open"}], "seed": 7}),
        "a seed is chosen only for a game against the AI",
    )
    .await;
    c.create(json!({"seats": [{"kind": "me"}, {"kind": "ai"}], "seed": 7}))
        .await;
    c.create(json!({"seats": [{"kind": "me"}, {"kind": "open"}]}))
        .await;
}

async fn signup(c: &mut common::Client, name: &str, password: &str) -> (u16, serde_json::Value) {
    c.call(
        "POST",
        "/api/signup",
        Some(json!({"name": name, "password": password})),
    )
    .await
}

/// A name is one name whatever its case and its Unicode form, and signs in by any of
/// them.
#[tokio::test]
async fn names_are_unique_whatever_their_case_and_form() {
    for db in common::databases() {
        let server = Server::start(db.as_deref()).await;
        let mut c = server.client();
        let tag = rand::random::<u16>();
        let name = format!("Zoë{tag}");
        let (status, user) = signup(&mut c, &name, PASSWORD).await;
        assert_eq!(status, 200, "{user}");
        for same in [
            format!("zoë{tag}"),
            format!("ZOË{tag}"),
            format!("Zoe\u{308}{tag}"),
            format!("\u{ff3a}oë{tag}"),
        ] {
            let (status, e) = signup(&mut server.client(), &same, PASSWORD).await;
            assert_eq!(status, 409, "{same}: {e}");
        }
        let (status, again) = server
            .client()
            .call(
                "POST",
                "/api/signin",
                Some(json!({"name": format!("ZOE\u{308}{tag}"), "password": PASSWORD})),
            )
            .await;
        assert_eq!((status, &again), (200, &user));
        for bad in ["Guest-x1", "a b c", "ab"] {
            let (status, _) = signup(&mut server.client(), bad, PASSWORD).await;
            assert_eq!(status, 400, "{bad}");
        }
    }
}

/// Short passwords, ones holding the name and ones guessers try first are refused.
#[tokio::test]
async fn weak_passwords_are_refused() {
    let server = Server::start(None).await;
    let name = unique("marigold");
    for weak in [
        "nine char",
        &format!("{name}-secret"),
        "password123",
        "qwertyuiop",
        "1234567890",
        "iloveyou12",
    ] {
        let (status, e) = signup(&mut server.client(), &name, weak).await;
        assert_eq!(status, 400, "{weak}: {e}");
        assert!(e["error"].as_str().unwrap().contains("password"), "{e}");
    }
    let (status, e) = signup(&mut server.client(), &name, PASSWORD).await;
    assert_eq!(status, 200, "{e}");
}

/// Wrong passwords slow the address that sends them, at that name: the name's owner
/// signs in from elsewhere all the while.
#[tokio::test]
async fn wrong_passwords_never_lock_a_name_out() {
    let server = Server::start_with(|c| c.behind_proxy = true).await;
    let name = unique("owner");
    let (status, _) = signup(&mut server.client(), &name, PASSWORD).await;
    assert_eq!(status, 200);
    let http = reqwest::Client::new();
    let sign_in = |from: &str, password: &str| {
        http.post(format!("http://{}/api/signin", server.addr))
            .header("x-forwarded-for", from.to_string())
            .json(&json!({"name": name, "password": password}))
            .send()
    };
    for _ in 0..=epic_server::throttle::FREE_FAILURES {
        let r = sign_in("203.0.113.5", "not it at all 1").await.unwrap();
        assert_eq!(r.status(), 401);
    }
    let r = sign_in("203.0.113.5", PASSWORD).await.unwrap();
    assert_eq!(r.status(), 429, "the guesser waits, even with the password");
    let said: serde_json::Value = r.json().await.unwrap();
    assert!(
        said["error"].as_str().unwrap().contains("try again in"),
        "{said}"
    );
    for from in ["198.51.100.1", "2001:db8:5::1"] {
        let r = sign_in(from, PASSWORD).await.unwrap();
        assert_eq!(r.status(), 200, "the owner signs in from {from}");
    }
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let r = sign_in("203.0.113.5", PASSWORD).await.unwrap();
    assert_eq!(r.status(), 200, "after the wait, the right password works");
}

/// An unknown name is answered no faster than a known one with a wrong password, so the
/// time an answer takes does not tell which names exist.
#[tokio::test]
async fn signing_in_takes_as_long_for_an_unknown_name() {
    let server = Server::start(None).await;
    let name = unique("known");
    signup(&mut server.client(), &name, PASSWORD).await;
    let median = |who: String| {
        let mut c = server.client();
        async move {
            let mut times = Vec::new();
            for _ in 0..5 {
                let start = Instant::now();
                let (status, _) = c
                    .call(
                        "POST",
                        "/api/signin",
                        Some(json!({"name": who, "password": "not it at all 2"})),
                    )
                    .await;
                assert_eq!(status, 401);
                times.push(start.elapsed());
            }
            times.sort();
            times[2]
        }
    };
    let known = median(name.clone()).await;
    let unknown = median(unique("nobody")).await;
    assert!(
        unknown * 2 >= known,
        "an unknown name took {unknown:?}, a known one {known:?}"
    );
}

/// Every answer carries the site's security headers; errors axum answers itself come in
/// the documented JSON form; large answers are compressed.
#[tokio::test]
async fn answers_carry_security_headers_json_errors_and_compression() {
    let server = Server::start(None).await;
    let base = format!("http://{}", server.addr);
    let http = reqwest::Client::new();
    for path in ["/api/options", "/", "/api/nothing-here"] {
        let r = http.get(format!("{base}{path}")).send().await.unwrap();
        let h = r.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{path}");
    }
    let mut c = server.client();
    c.guest().await;
    let cookie = c.cookie.clone().unwrap();
    let post = |body: reqwest::Body, content_type: &'static str| {
        http.post(format!("{base}/api/games"))
            .header("cookie", cookie.clone())
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    for (body, content_type, status) in [
        ("{}".to_string(), "text/plain", 415),
        ("x".repeat(64 * 1024), "application/json", 413),
        ("{\"seats\": [".to_string(), "application/json", 400),
        ("{\"seats\": 3}".to_string(), "application/json", 422),
    ] {
        let r = post(body.into(), content_type).await.unwrap();
        assert_eq!(r.status().as_u16(), status);
        assert!(
            r.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("application/json"),
            "{status}"
        );
        let said: serde_json::Value = r.json().await.unwrap();
        assert!(
            said["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{said}"
        );
    }
    let r = http
        .get(format!("{base}/api/openapi.json"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["content-encoding"], "gzip");
}

/// With auto-pass on, a decision whose only option is to pass is made by the server
/// after a wait drawn like a decision of the player's own (at least a second), never at
/// once; with it off, the player is waited for.
#[tokio::test]
async fn an_auto_pass_waits_like_a_player() {
    let server = Server::start(None).await;
    let mut c = server.client();
    c.guest().await;
    let id = c.game_against("random", 5).await;
    let mut socket = c.socket(&id).await;
    send(&mut socket, json!({"type": "auto_pass", "on": true})).await;
    let mut k = 11;
    let mut forced = 0;
    while forced < 2 {
        let state = next_state(&mut socket).await;
        assert!(state["result"].is_null(), "the game ended first");
        if !my_turn(&state) {
            continue;
        }
        let options = state["decision"]["options"].as_array().unwrap();
        if options.len() > 1 {
            let option = common::pick(options, &mut k);
            send(
                &mut socket,
                json!({"type": "decide", "seq": state["seq"], "option": option}),
            )
            .await;
            continue;
        }
        // A forced decision: the server passes for the seat, after its wait.
        let asked = Instant::now();
        let next = next_state(&mut socket).await;
        let waited = asked.elapsed();
        assert!(next["seq"].as_u64() > state["seq"].as_u64());
        assert!(
            waited >= Duration::from_millis(900),
            "passed after {waited:?}: as fast as no choice"
        );
        assert!(waited <= Duration::from_secs(17), "{waited:?}");
        forced += 1;
    }
}
