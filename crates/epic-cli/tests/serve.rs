//! `epic serve` as a process: it prints where it serves, and a server killed with
//! SIGKILL at any moment loses nothing a player was told: started again on the same
//! data folder, every game is where its last message said, or further on (a computer
//! seat, or a decision already committed, went on), and the log told before is the
//! start of the log told after.
#![cfg(feature = "server")]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// `epic serve` on a free port over SQLite in `data`, or over the PostgreSQL database
/// `postgres`, and the address it printed.
fn start(data: &std::path::Path, postgres: Option<&str>) -> (Child, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_epic"));
    command.args(["serve", "--port", "0"]);
    match postgres {
        Some(url) => command.args(["--database", url]),
        None => command.arg("--data").arg(data),
    };
    let mut child = command
        .arg("--client")
        .arg(data.join("no-client"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .trim_end_matches('/')
        .to_string();
    (child, url)
}

async fn post(
    http: &reqwest::Client,
    url: &str,
    cookie: Option<&str>,
    body: Value,
) -> (String, Value) {
    let mut req = http.post(url).json(&body);
    if let Some(c) = cookie {
        req = req.header("cookie", c);
    }
    let resp = req.send().await.unwrap();
    let cookie = resp
        .headers()
        .get("set-cookie")
        .map(|c| c.to_str().unwrap().split(';').next().unwrap().to_string())
        .unwrap_or_default();
    (cookie, resp.json().await.unwrap())
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn socket(url: &str, game: &str, cookie: &str) -> Socket {
    let mut req = format!("{}/api/games/{game}/ws", url.replace("http", "ws"))
        .into_client_request()
        .unwrap();
    req.headers_mut().insert("cookie", cookie.parse().unwrap());
    tokio_tungstenite::connect_async(req).await.unwrap().0
}

async fn next_state(s: &mut Socket) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(20), s.next())
            .await
            .expect("no message for 20 seconds")
            .expect("closed")
            .expect("failed");
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(&t).unwrap();
            assert_eq!(v["type"], "state", "{v}");
            return v;
        }
    }
}

/// Over SQLite, and over PostgreSQL when `EPIC_TEST_POSTGRES` names a database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_loses_nothing_it_told() {
    let postgres = std::env::var("EPIC_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty());
    killed_and_restarted(None).await;
    if let Some(url) = postgres {
        killed_and_restarted(Some(&url)).await;
    }
}

async fn killed_and_restarted(postgres: Option<&str>) {
    let data = tempfile::tempdir().unwrap();
    let http = reqwest::Client::new();
    let (mut child, mut url) = start(data.path(), postgres);
    let (cookie, _) = post(&http, &format!("{url}/api/guest"), None, json!({})).await;
    let (_, game) = post(
        &http,
        &format!("{url}/api/games"),
        Some(&cookie),
        json!({"seats": [{"kind": "me", "deck": "wild"}, {"kind": "ai", "deck": "good", "ai": "random"}], "seed": 17}),
    )
    .await;
    let id = game["id"].as_str().unwrap().to_string();
    let mut told: Vec<Value> = Vec::new();
    let mut seen_seq = 0;
    // Three lives of the server, each killed at a different moment: after a state was
    // received, right after a decision was sent, and between.
    for life in 0..3 {
        let mut s = socket(&url, &id, &cookie).await;
        let first = next_state(&mut s).await;
        let log = first["log"].as_array().unwrap();
        assert!(
            first["seq"].as_u64().unwrap() >= seen_seq,
            "life {life}: the game went back from decision {seen_seq} to {}",
            first["seq"]
        );
        assert_eq!(
            &log[..told.len()],
            told.as_slice(),
            "life {life}: the log told before is kept"
        );
        told = log.clone();
        seen_seq = first["seq"].as_u64().unwrap();
        let mut state = first;
        let mut sent = 0;
        while sent < 4 + life && state["result"].is_null() {
            if state["decision"]["seat"] == state["seat"] {
                // The first or second option, as many as there are: where a restart
                // finds the game depends on whether the decision in flight was kept.
                let offered = state["decision"]["options"].as_array().map_or(1, Vec::len);
                s.send(Message::Text(
                    json!({"type": "decide", "seq": state["seq"], "option": sent % offered.min(2)})
                        .to_string()
                        .into(),
                ))
                .await
                .unwrap();
                sent += 1;
                if life == 1 && sent == 4 + life {
                    break; // killed with the decision in flight
                }
            }
            state = next_state(&mut s).await;
            told.extend(state["log"].as_array().unwrap().iter().cloned());
            seen_seq = state["seq"].as_u64().unwrap();
        }
        child.kill().unwrap();
        child.wait().unwrap();
        // The address changes with each start (port 0).
        (child, url) = start(data.path(), postgres);
    }
    child.kill().unwrap();
    child.wait().unwrap();
}
