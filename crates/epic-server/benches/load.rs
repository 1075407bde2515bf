//! The server under load (a benchmark, not a test): N games at once, each between two
//! players who are random bots on the far side of loopback WebSockets, exactly as
//! browsers play. Reports decisions per second over the whole run and the 50th, 99th
//! percentile and worst round trip of a decision: from sending `decide` to receiving the
//! `State` that shows it.
//!
//! cargo bench -p epic-server --bench load -- [GAMES] [THINK_MS] [postgres://URL] [classic]
//!     [flood=N]
//!
//! GAMES defaults to 200. `classic` plays the classic game (2009) instead of the 2017
//! one. THINK_MS (default 0) is how long each bot waits before it
//! answers: 0 plays as fast as the server allows, which measures its capacity (every
//! game always waits on the server, so a round trip is as long as the queue); a pause
//! like a fast human's measures the round trip of a server that is not saturated. The
//! database is SQLite in a temporary folder unless a PostgreSQL URL is given. `flood=N`
//! first has one account start N games against the strongest AI level with a
//! one-second move timer that it never answers, so that their searches never stop
//! (docs/server.md, "Limits": the AI pool); the round trips measured are the other
//! players'.

#[path = "../tests/common/mod.rs"]
mod common;

use common::{my_turn, next_state, send, Server};
use serde_json::json;
use std::time::{Duration, Instant};

/// One seat played to the end by a random bot: the round trip of each decision it made.
async fn seat(mut socket: common::Socket, seed: u64, think: Duration) -> Vec<Duration> {
    let mut times = Vec::new();
    let mut pending: Option<(u64, Instant)> = None;
    let mut k = seed;
    loop {
        let state = next_state(&mut socket).await;
        let seq = state["seq"].as_u64().unwrap();
        if let Some((asked, at)) = pending {
            if seq > asked {
                times.push(at.elapsed());
                pending = None;
            }
        }
        if !state["result"].is_null() {
            return times;
        }
        if my_turn(&state) && pending.is_none() {
            if !think.is_zero() {
                tokio::time::sleep(think).await;
            }
            let option = common::pick(state["decision"]["options"].as_array().unwrap(), &mut k);
            pending = Some((seq, Instant::now()));
            send(
                &mut socket,
                json!({"type": "decide", "seq": seq, "option": option}),
            )
            .await;
        }
    }
}

async fn game(server: &Server, ruleset: &str, seed: u64, think: Duration) -> Vec<Duration> {
    let mut a = server.client();
    let mut b = server.client();
    a.guest().await;
    b.guest().await;
    let game = a
        .create(json!({
            "ruleset": ruleset,
            "seats": [{"kind": "me"}, {"kind": "open"}],
        }))
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    let invite = game["invites"][0]["secret"].clone();
    let (status, joined) = b
        .call(
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({ "invite": invite })),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    let (sa, sb) = (a.socket(&id).await, b.socket(&id).await);
    let (x, y) = tokio::join!(seat(sa, seed * 2, think), seat(sb, seed * 2 + 1, think));
    x.into_iter().chain(y).collect()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let number = |i: usize| args.get(i).and_then(|a| a.parse::<u64>().ok());
    let games = number(0).unwrap_or(200);
    let think = Duration::from_millis(number(1).unwrap_or(0));
    let postgres = args.iter().find(|a| a.starts_with("postgres"));
    let ruleset = if args.iter().any(|a| a == "classic") {
        "classic"
    } else {
        "2017"
    };
    let flood = args
        .iter()
        .find_map(|a| a.strip_prefix("flood="))
        .and_then(|n| n.parse::<u64>().ok())
        .unwrap_or(0);
    let server = Server::start(postgres.map(String::as_str)).await;
    if flood > 0 {
        let mut abuser = server.client();
        abuser.guest().await;
        for _ in 0..flood {
            abuser
                .create(json!({
                    "ruleset": ruleset,
                    "seats": [{"kind": "me"}, {"kind": "ai", "ai": "hard"}],
                    "move_seconds": 1,
                }))
                .await;
        }
    }
    let database = if postgres.is_some() {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    let started = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|g| {
            let server = &server;
            async move { game(server, ruleset, 1000 + g, think).await }
        })
        .collect();
    let mut times: Vec<Duration> = futures_util::future::join_all(tasks)
        .await
        .into_iter()
        .flatten()
        .collect();
    let elapsed = started.elapsed();
    times.sort();
    println!(
        "{games} {ruleset} games at once over {database}, bots thinking {} ms{}: {} decisions \
         in {:.1} s, {:.0} decisions/s; round trip p50 {:.1} ms, p99 {:.1} ms, worst {:.1} ms",
        think.as_millis(),
        if flood > 0 {
            format!(", beside {flood} games of one account against hard")
        } else {
            String::new()
        },
        times.len(),
        elapsed.as_secs_f64(),
        times.len() as f64 / elapsed.as_secs_f64(),
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().unwrap().as_secs_f64() * 1e3,
    );
}
