//! A server started in the test's process on a free port, over SQLite in a temporary
//! folder, or over PostgreSQL when `EPIC_TEST_POSTGRES` holds a database URL (`.ci/run`
//! starts one); and a client speaking its HTTP and WebSocket as a browser would.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub struct Server {
    pub app: epic_server::Shared,
    pub addr: SocketAddr,
    pub url: String,
    task: tokio::task::JoinHandle<()>,
    _dir: Option<tempfile::TempDir>,
}

/// Sign-ups, sign-ins and guests a minute a test server allows from one address: all
/// its clients are on loopback, and the load benchmark makes hundreds.
pub const TEST_ACCOUNTS_PER_MINUTE: u32 = 100_000;

/// A password the server accepts: long, and not among the ones guessers try first.
pub const PASSWORD: &str = "quiet lantern orbit 47";

/// The cards of a built-in 2017 deck, by name (a Sealed deck is dealt with seed 0).
pub fn deck_names(deck: &str) -> Vec<String> {
    let pool = epic_engine::setup::names::pool();
    epic_cards::deck_from(&pool, deck, 0)
        .unwrap()
        .iter()
        .map(|&id| pool.get(id).name.clone())
        .collect()
}

/// The databases the tests run against: SQLite always, PostgreSQL when configured.
pub fn databases() -> Vec<Option<String>> {
    let mut out = vec![None];
    if let Some(url) = std::env::var("EPIC_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
    {
        out.push(Some(url));
    }
    out
}

impl Server {
    /// A server over a fresh SQLite file, or over the PostgreSQL database `postgres`.
    pub async fn start(postgres: Option<&str>) -> Server {
        let (url, dir) = match postgres {
            Some(url) => (url.to_string(), None),
            None => {
                let dir = tempfile::tempdir().unwrap();
                let url = format!(
                    "sqlite://{}?mode=rwc",
                    dir.path().join("epic.sqlite3").display()
                );
                (url, Some(dir))
            }
        };
        Server::on(url, dir).await
    }

    /// A server over the database at `url` (a restarted server, say).
    pub async fn on(database_url: String, dir: Option<tempfile::TempDir>) -> Server {
        Server::configured(database_url, dir, |_| {}).await
    }

    /// A server over a fresh SQLite file, its configuration changed by `tweak`.
    pub async fn start_with(tweak: impl FnOnce(&mut epic_server::Config)) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let url = format!(
            "sqlite://{}?mode=rwc",
            dir.path().join("epic.sqlite3").display()
        );
        Server::configured(url, Some(dir), tweak).await
    }

    async fn configured(
        database_url: String,
        dir: Option<tempfile::TempDir>,
        tweak: impl FnOnce(&mut epic_server::Config),
    ) -> Server {
        let mut config = epic_server::Config {
            addr: "127.0.0.1:0".parse().unwrap(),
            database_url: database_url.clone(),
            client_dir: None,
            secure_cookies: false,
            accounts_per_minute: TEST_ACCOUNTS_PER_MINUTE,
            behind_proxy: false,
            ai_workers: epic_server::ai_pool::AiPool::default_workers(),
        };
        tweak(&mut config);
        let (app, router) = epic_server::app(&config).await.unwrap();
        let listener = tokio::net::TcpListener::bind(config.addr).await.unwrap();
        let addr = listener.local_addr().unwrap();
        let task = tokio::spawn(async move {
            axum::serve(
                listener,
                router.into_make_service_with_connect_info::<SocketAddr>(),
            )
            .await
            .unwrap();
        });
        Server {
            app,
            addr,
            url: database_url,
            task,
            _dir: dir,
        }
    }

    /// Stops serving, keeping the database (and its folder) for a next server.
    pub fn stop(self) -> (String, Option<tempfile::TempDir>) {
        self.task.abort();
        (self.url, self._dir)
    }

    /// The same database under a new server, as after a restart.
    pub async fn restart(self) -> Server {
        let (url, dir) = self.stop();
        Server::on(url, dir).await
    }

    /// A client of this server signed in as `other` is (its session cookie).
    pub fn client_as(&self, other: &Client) -> Client {
        Client {
            cookie: other.cookie.clone(),
            ..self.client()
        }
    }

    pub fn client(&self) -> Client {
        Client {
            base: format!("http://{}", self.addr),
            http: reqwest::Client::new(),
            cookie: None,
        }
    }
}

pub struct Client {
    pub base: String,
    pub http: reqwest::Client,
    pub cookie: Option<String>,
}

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

impl Client {
    /// A request's status and JSON answer.
    pub async fn call(&mut self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let url = format!("{}{path}", self.base);
        let mut req = match method {
            "GET" => self.http.get(url),
            _ => self.http.post(url),
        };
        if let Some(c) = &self.cookie {
            req = req.header("cookie", c);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        if let Some(set) = resp.headers().get("set-cookie") {
            let c = set.to_str().unwrap().split(';').next().unwrap().to_string();
            self.cookie = (!c.ends_with('=')).then_some(c);
        }
        let text = resp.text().await.unwrap();
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    pub async fn guest(&mut self) -> Value {
        let (status, user) = self.call("POST", "/api/guest", None).await;
        assert_eq!(status, 200, "{user}");
        user
    }

    /// Starts a game (`NewGame`), failing the test if it is refused; its summary.
    pub async fn create(&mut self, new_game: Value) -> Value {
        let (status, game) = self.call("POST", "/api/games", Some(new_game)).await;
        assert_eq!(status, 200, "{game}");
        game
    }

    /// Asks for a game (`NewGame`) that must be refused: 400, with a message starting
    /// with `said`.
    pub async fn refused(&mut self, new_game: Value, said: &str) {
        let (status, answer) = self
            .call("POST", "/api/games", Some(new_game.clone()))
            .await;
        assert_eq!(status, 400, "{new_game}: {answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.starts_with(said), "{message}");
    }

    /// The names of the cards in the first hand of seat 1 (a game's creator), under
    /// either ruleset: its first `State`'s board, read from the socket.
    pub async fn first_hand(&self, game: &str) -> Vec<String> {
        let mut s = self.socket(game).await;
        let state = next_state(&mut s).await;
        let hand = state["board"]["players"][0]["hand"].as_array().unwrap();
        // A classic board names its cards; a 2017 board's are objects with a name.
        hand.iter()
            .map(|card| card.as_str().or(card["name"].as_str()).unwrap().to_string())
            .collect()
    }

    /// A game against the AI `ai`, the good deck against evil; its id.
    pub async fn game_against(&mut self, ai: &str, seed: u64) -> String {
        let game = self
            .create(json!({"seats": [
                {"kind": "me", "deck": "good"},
                {"kind": "ai", "deck": "evil", "ai": ai}
            ], "seed": seed}))
            .await;
        game["id"].as_str().unwrap().to_string()
    }

    /// Asks for a seat of `game`: the one an invite's secret opens, or any open one;
    /// the status and the game's summary (or the error).
    pub async fn join(&mut self, game: &str, invite: Option<&str>) -> (u16, Value) {
        let body = invite.map(|secret| json!({ "invite": secret }));
        self.call("POST", &format!("/api/games/{game}/join"), body)
            .await
    }

    pub async fn socket(&self, game: &str) -> Socket {
        let url = format!("{}/api/games/{game}/ws", self.base.replace("http", "ws"));
        let mut req = url.into_client_request().unwrap();
        if let Some(c) = &self.cookie {
            req.headers_mut().insert("cookie", c.parse().unwrap());
        }
        tokio_tungstenite::connect_async(req).await.unwrap().0
    }
}

/// The next JSON message of a socket, failing the test after 20 seconds of silence.
pub async fn next(socket: &mut Socket) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("the server said nothing for 20 seconds")
            .expect("the socket closed")
            .expect("the socket failed");
        if let Message::Text(t) = m {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

/// The next `state` message; an error message fails the test.
pub async fn next_state(socket: &mut Socket) -> Value {
    let m = next(socket).await;
    assert_eq!(m["type"], "state", "{m}");
    m
}

pub async fn send(socket: &mut Socket, message: Value) {
    socket
        .send(Message::Text(message.to_string().into()))
        .await
        .unwrap();
}

/// Whether `state` asks its own seat to decide.
pub fn my_turn(state: &Value) -> bool {
    !state["decision"].is_null() && state["decision"]["seat"] == state["seat"]
}

/// An option picked at random from `k` (a generator's state, moved on), never "Undo the
/// last play": a player who undoes at random can play and undo forever.
pub fn pick(options: &[Value], k: &mut u64) -> usize {
    let choices: Vec<usize> = (0..options.len())
        .filter(|&i| !options[i]["label"].as_str().unwrap().starts_with("Undo"))
        .collect();
    *k = k
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    choices[(*k >> 33) as usize % choices.len()]
}

/// The text of the log lines a state (or a replay's frame) brings.
pub fn log_lines(state: &Value) -> Vec<String> {
    state["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect()
}

/// Finished game `id` as its save file, and the game that file rebuilds.
pub async fn save_of(
    c: &mut Client,
    id: &str,
) -> (epic_engine::setup::save::SaveFile, epic_engine::Game) {
    let (status, save) = c.call("GET", &format!("/api/games/{id}/save"), None).await;
    assert_eq!(status, 200, "{save}");
    let file: epic_engine::setup::save::SaveFile = serde_json::from_value(save).unwrap();
    let game = file
        .rebuild(&epic_engine::setup::names::pool(), None)
        .unwrap();
    (file, game)
}

/// The replay of finished game `id` holds every position, the last one `last`, and
/// tells the game as the socket told it: `log`. Its frames.
pub async fn check_replay(c: &mut Client, id: &str, last: &Value, log: &[String]) -> Vec<Value> {
    let (status, replay) = c
        .call("GET", &format!("/api/games/{id}/replay"), None)
        .await;
    assert_eq!(status, 200, "{replay}");
    let frames = replay["frames"].as_array().unwrap();
    assert_eq!(frames.len() as u64, last["seq"].as_u64().unwrap() + 1);
    assert_eq!(frames.last().unwrap()["board"], last["board"]);
    assert_eq!(frames.last().unwrap()["result"], last["result"]);
    let replayed: Vec<String> = frames.iter().flat_map(log_lines).collect();
    assert_eq!(replayed, log, "the replay tells the game as it was told");
    frames.clone()
}

/// Plays a random option ([`pick`], from `seed`) whenever the socket's seat decides,
/// until the game is over; returns the last state and every log line.
pub async fn play_to_end(socket: &mut Socket, seed: u64) -> (Value, Vec<String>) {
    let mut log = Vec::new();
    let mut k = seed;
    loop {
        let state = next_state(socket).await;
        log.extend(log_lines(&state));
        if !state["result"].is_null() {
            return (state, log);
        }
        if my_turn(&state) {
            let option = pick(state["decision"]["options"].as_array().unwrap(), &mut k);
            send(
                socket,
                json!({"type": "decide", "seq": state["seq"], "option": option}),
            )
            .await;
        }
    }
}
