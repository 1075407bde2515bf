//! The WebSocket of a game (docs/server.md): a `State` for the connecting seat on
//! connecting and after every decision, built from that seat's view; `decide` messages
//! from the seat. Oversized, malformed or too frequent messages are answered with an
//! error and change nothing; a flood closes the socket.

use crate::accounts::MaybeUser;
use crate::tables::Live;
use crate::{ApiError, Shared};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::HeaderMap;
use axum::response::Response;
use epic_game::Seat;
use serde::Deserialize;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::Mutex;

/// The largest message a client may send, in bytes.
pub const MAX_MESSAGE: usize = 4 * 1024;
/// Messages a client may send at once, and how many more each second.
pub const BURST: f64 = 20.0;
pub const PER_SECOND: f64 = 10.0;
/// Refused messages after which the socket is closed.
const MAX_STRIKES: u32 = 20;

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum ClientMessage {
    Decide {
        seq: usize,
        option: usize,
    },
    /// Concede the game (rule 1.2.2), whoever is deciding.
    Concede,
    /// Pass for this seat when passing is its only option, after a wait like the seat's
    /// own decisions (docs/server.md, "Auto-pass"), or stop doing so.
    AutoPass {
        on: bool,
    },
    Ping,
}

/// Refuses a WebSocket opened by a page of another site (the browser would send the
/// player's cookie with it).
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(ORIGIN).and_then(|o| o.to_str().ok()) else {
        return true;
    };
    let host = headers
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    origin
        .split_once("://")
        .is_some_and(|(_, rest)| rest.trim_end_matches('/') == host)
}

pub async fn connect(
    State(app): State<Shared>,
    MaybeUser(user): MaybeUser,
    Path(id): Path<String>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    if !same_origin(&headers) {
        return Err(ApiError::forbidden("a game is played from its own site"));
    }
    let game = app.tables.get(&id).await?;
    let seat = match &user {
        Some(u) => game.lock().await.seat_of(&u.id),
        None => None,
    };
    Ok(upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| play(app, id, game, seat, socket)))
}

fn error(message: &str) -> Message {
    Message::Text(Utf8Bytes::from(
        serde_json::json!({ "type": "error", "message": message }).to_string(),
    ))
}

/// A token bucket: `BURST` messages at once, `PER_SECOND` more each second.
struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * PER_SECOND;
        self.tokens = (self.tokens + refill).min(BURST);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn refund(&mut self) {
        self.tokens = (self.tokens + 1.0).min(BURST);
    }
}

async fn play(
    app: Shared,
    id: String,
    game: Arc<Mutex<Live>>,
    seat: Option<Seat>,
    mut socket: WebSocket,
) {
    let mut changed = game.lock().await.changed.subscribe();
    let mut sent_lines = 0;
    let mut sent_version = None;
    let mut bucket = Bucket {
        tokens: BURST,
        last: Instant::now(),
    };
    let mut strikes = 0;
    // The state now, then after every change, until the client leaves.
    let mut dirty = true;
    loop {
        if dirty {
            changed.borrow_and_update();
            let fresh = {
                let l = game.lock().await;
                (sent_version != Some(l.version))
                    .then(|| (l.version, l.state(seat, sent_lines), l.log(seat).len()))
            };
            // A change already sent (the channel woke us after we built it) is not sent
            // twice, so each position reaches the client once.
            if let Some((version, state, lines)) = fresh {
                sent_version = Some(version);
                sent_lines = lines;
                let text = serde_json::to_string(&state).unwrap_or_default();
                if socket.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            dirty = false;
        }
        tokio::select! {
            c = changed.changed() => {
                if c.is_err() { break; }
                dirty = true;
            }
            m = socket.recv() => {
                let reply = match m {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Text(text))) => {
                        if bucket.take() {
                            match answer(&app, &id, seat, &text).await {
                                Answer::Taken => {
                                    // A decision taken costs nothing: a fast player (a
                                    // bot) is never slowed, only a flood of others.
                                    bucket.refund();
                                    None
                                }
                                Answer::Nothing => None,
                                Answer::Refused(why) => Some(why),
                            }
                        } else {
                            Some("too many messages: slow down".to_string())
                        }
                    }
                    Some(Ok(Message::Binary(_))) => Some("messages are JSON text".to_string()),
                    Some(Ok(_)) => None,
                };
                if let Some(message) = reply {
                    strikes += 1;
                    if strikes > MAX_STRIKES {
                        let _ = socket
                            .send(Message::Close(Some(CloseFrame {
                                code: 1008,
                                reason: Utf8Bytes::from_static("too many refused messages"),
                            })))
                            .await;
                        break;
                    }
                    if socket.send(error(&message)).await.is_err() {
                        break;
                    }
                }
            }
        }
    }
    drop(changed);
    app.tables.release(&id).await;
}

/// What a client's message did.
enum Answer {
    /// A decision was made.
    Taken,
    /// Nothing was asked of the game (a ping).
    Nothing,
    /// Refused, with why in words.
    Refused(String),
}

async fn answer(app: &Shared, id: &str, seat: Option<Seat>, text: &str) -> Answer {
    let message = match serde_json::from_str::<ClientMessage>(text) {
        Ok(m) => m,
        Err(e) => return Answer::Refused(format!("that message cannot be read: {e}")),
    };
    let done = match (message, seat) {
        (ClientMessage::Ping, _) => return Answer::Nothing,
        (_, None) => return Answer::Refused("you are watching this game, not playing it".into()),
        (ClientMessage::Decide { seq, option }, Some(seat)) => {
            app.tables.decide(id, seat, seq, option).await
        }
        (ClientMessage::Concede, Some(seat)) => app.tables.concede(id, seat).await,
        (ClientMessage::AutoPass { on }, Some(seat)) => {
            app.tables.auto_pass(id, seat, on).await;
            return Answer::Nothing;
        }
    };
    match done {
        Ok(()) => Answer::Taken,
        Err(e) => Answer::Refused(e.message),
    }
}
