//! The server under load (a benchmark, not a test): N games at once, each between two
//! players who are random bots on the far side of loopback WebSockets, exactly as
//! browsers play. Reports decisions per second over the whole run and the 50th, 99th
//! percentile and worst round trip of a decision: from sending `decide` to receiving the
//! `State` that shows it.
//!
//! cargo bench -p epic-server --bench load -- [GAMES] [postgres://URL]
//!
//! GAMES defaults to 200; the database is SQLite in a temporary folder unless a
//! PostgreSQL URL is given.

#[path = "../tests/common/mod.rs"]
mod common;

use common::{my_turn, next_state, send, Server};
use serde_json::json;
use std::time::{Duration, Instant};

/// One seat played to the end by a random bot: the round trip of each decision it made.
async fn seat(mut socket: common::Socket, seed: u64) -> Vec<Duration> {
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

async fn game(server: &Server, seed: u64) -> Vec<Duration> {
    let mut a = server.client();
    let mut b = server.client();
    a.guest().await;
    b.guest().await;
    let (status, game) = a
        .call(
            "POST",
            "/api/games",
            Some(json!({"seats": [{"kind": "me"}, {"kind": "open"}], "seed": seed})),
        )
        .await;
    assert_eq!(status, 200, "{game}");
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
    let (x, y) = tokio::join!(seat(sa, seed * 2), seat(sb, seed * 2 + 1));
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
    let games: u64 = args.first().and_then(|g| g.parse().ok()).unwrap_or(200);
    let postgres = args.iter().find(|a| a.starts_with("postgres"));
    let server = Server::start(postgres.map(String::as_str)).await;
    let database = if postgres.is_some() {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    let started = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|g| {
            let server = &server;
            async move { game(server, 1000 + g).await }
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
        "{games} games at once over {database}: {} decisions in {:.1} s, {:.0} decisions/s; \
         round trip p50 {:.1} ms, p99 {:.1} ms, worst {:.1} ms",
        times.len(),
        elapsed.as_secs_f64(),
        times.len() as f64 / elapsed.as_secs_f64(),
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().unwrap().as_secs_f64() * 1e3,
    );
}
