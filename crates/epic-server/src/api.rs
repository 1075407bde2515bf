//! JSON over HTTP (docs/server.md, "HTTP"): games made, listed, joined, replayed and
//! saved, and the routes of the whole server.

use crate::accounts::{self, digest, random_hex, CurrentUser, MaybeUser};
use crate::board;
use crate::setups::{self, DeckSpec, NewTable};
use crate::store::{now_ms, GameRow, Reseat, SeatRow, Seating};
use crate::tables::{ASYNC_MOVE_SECONDS, DEFAULT_LEVEL, LIVE_CLOCK_SECONDS, LIVE_MOVE_SECONDS};
use crate::{ws, ApiError, Shared};
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use epic_game::Seat;
use epic_rulesets::{RulesetInfo, RULESETS};
use serde::{Deserialize, Serialize};
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 16 * 1024;
/// Seats at a table the server starts.
pub const SEATS: std::ops::RangeInclusive<usize> = 2..=4;
/// The longest a move timer may be: a week.
pub const MAX_MOVE_SECONDS: i64 = 7 * 24 * 60 * 60;
/// The most games a list answers with.
const LIST_LIMIT: i64 = 100;
/// The most games not over a player may sit in: each is held in memory.
pub const MAX_UNFINISHED: i64 = 50;

pub fn routes(app: Shared, client: Option<&std::path::Path>) -> Router {
    let api = Router::new()
        .route("/api/guest", post(accounts::guest))
        .route("/api/signup", post(accounts::signup))
        .route("/api/signin", post(accounts::signin))
        .route("/api/signout", post(accounts::signout))
        .route("/api/me", get(accounts::me))
        .route("/api/options", get(options))
        .route("/api/openapi.json", get(openapi))
        .route("/api/games", post(create))
        .route("/api/games/open", get(open_games))
        .route("/api/games/mine", get(my_games))
        .route("/api/games/{id}", get(summary))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/replay", get(replay))
        .route("/api/games/{id}/save", get(save))
        .route("/api/games/{id}/ws", get(ws::connect))
        .fallback(|| async { ApiError::not_found("page") })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(json_errors))
        .with_state(app);
    let site = match client.filter(|d| d.join("index.html").is_file()) {
        Some(dir) => api
            .fallback_service(ServeDir::new(dir).fallback(ServeFile::new(dir.join("index.html")))),
        None => api.fallback(|| async { Html(NO_CLIENT) }),
    };
    site.layer(CompressionLayer::new())
        .layer(middleware::from_fn(security_headers))
}

/// What a page of this site may load and who may frame it: its own scripts, styles,
/// images and sockets only, and no other site's frame (clickjacking). (A style the client
/// sets from script is not an inline style sheet: React's `style` works under it.)
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; \
    font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
    frame-ancestors 'none'";

/// Every answer carries the site's policy: [`CONTENT_SECURITY_POLICY`], no framing, no
/// guessing of content types, and no address (an invite link holds a secret) sent to
/// other sites.
async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Every refusal of the API in its documented form, `{"error": "…"}`: the ones axum
/// answers itself (a body too large, not JSON, unreadable) come as plain text.
async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => format!("the request is over {} KiB", MAX_BODY / 1024),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            "the request's body must be JSON, sent as Content-Type: application/json".into()
        }
        _ => {
            let body = axum::body::to_bytes(response.into_body(), MAX_BODY)
                .await
                .unwrap_or_default();
            let text = String::from_utf8_lossy(&body).trim().to_string();
            if text.is_empty() {
                status
                    .canonical_reason()
                    .unwrap_or("refused")
                    .to_lowercase()
            } else {
                text
            }
        }
    };
    ApiError { status, message }.into_response()
}

const NO_CLIENT: &str = "<!doctype html><title>Epic</title><p>The Epic server is running, \
but its web client is not built. From the repository, run <code>scripts/serve</code>, or \
<code>npm ci --prefix web &amp;&amp; npm run build --prefix web</code> and start \
<code>epic serve --client web/dist</code>.</p>";

async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        include_str!("../openapi.json"),
    )
        .into_response()
}

#[derive(Serialize)]
struct Options {
    /// Each ruleset a game may be played under, with its decks, formats (and those whose
    /// decks are drafted at the table first) and variants; the first is the default.
    rulesets: Vec<RulesetInfo>,
    ai: Vec<&'static str>,
    timers: [&'static str; 2],
}

async fn options() -> Json<Options> {
    Json(Options {
        rulesets: epic_rulesets::rulesets(),
        ai: epic_bots::LEVELS.to_vec(),
        timers: ["live", "async"],
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatSpec {
    pub kind: String,
    /// A deck by name.
    pub deck: Option<String>,
    /// A deck list, one card a line, in place of a deck by name.
    pub list: Option<String>,
    pub ai: Option<String>,
}

impl SeatSpec {
    fn deck_spec(&self, seat: usize) -> Result<DeckSpec<'_>, ApiError> {
        Ok(deck_asked(&self.deck, &self.list, seat)?.unwrap_or(DeckSpec::Default))
    }
}

/// The deck a request names for seat `seat`, by name or by list (`None`: neither).
fn deck_asked<'a>(
    deck: &'a Option<String>,
    list: &'a Option<String>,
    seat: usize,
) -> Result<Option<DeckSpec<'a>>, ApiError> {
    match (deck, list) {
        (Some(_), Some(_)) => Err(ApiError::bad(format!(
            "seat {}: give its deck by name or by list, not both",
            seat + 1
        ))),
        (_, Some(list)) => Ok(Some(DeckSpec::Listed(list))),
        (Some(name), None) => Ok(Some(DeckSpec::Named(name))),
        (None, None) => Ok(None),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// "2017" (the default) or "classic".
    pub ruleset: Option<String>,
    pub seats: Vec<SeatSpec>,
    pub seed: Option<u64>,
    /// The format whose deck-building rules the decks follow.
    pub format: Option<String>,
    pub variant: Option<String>,
    /// Players on each Hydra team.
    pub team_size: Option<u8>,
    /// Sealed: the cards dealt to each seat, who builds a deck of 30 from them (30 to 60).
    pub pool: Option<usize>,
    pub timer: Option<String>,
    pub move_seconds: Option<i64>,
    /// Each human seat's time for the whole game; 0: no clock.
    pub clock_seconds: Option<i64>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct SeatSummary {
    pub seat: usize,
    pub player: Option<String>,
    pub ai: Option<String>,
    pub deck: String,
    pub open: bool,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Invite {
    pub seat: usize,
    pub secret: String,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    pub id: String,
    pub ruleset: String,
    /// The format whose deck-building rules the decks follow (`None`: any deck).
    pub format: Option<String>,
    pub status: String,
    pub seats: Vec<SeatSummary>,
    pub your_seat: Option<usize>,
    pub invites: Vec<Invite>,
    pub timer: String,
    pub move_seconds: i64,
    pub clock_seconds: i64,
    pub turn: i64,
    pub decisions: i64,
    pub winners: Option<Vec<usize>>,
    pub created: i64,
}

fn summary_of(
    row: &GameRow,
    seats: &[SeatRow],
    user_id: Option<&str>,
    invites: Vec<Invite>,
) -> GameSummary {
    GameSummary {
        id: row.id.clone(),
        ruleset: row.ruleset.clone(),
        format: setups::format_of(&row.ruleset, &row.setup),
        status: row.status.clone(),
        seats: seats
            .iter()
            .map(|s| SeatSummary {
                seat: s.seat,
                player: s.player.clone(),
                ai: s.ai.clone(),
                deck: s.deck.clone(),
                open: s.is_open(),
            })
            .collect(),
        your_seat: crate::store::seat_of(seats, user_id),
        invites,
        timer: row.timer.clone(),
        move_seconds: row.move_seconds,
        clock_seconds: row.clock_seconds,
        turn: row.turn,
        decisions: row.decisions,
        winners: row
            .winners
            .as_deref()
            .and_then(|w| serde_json::from_str(w).ok()),
        created: row.created,
    }
}

async fn summary_by_id(
    app: &Shared,
    id: &str,
    user_id: Option<&str>,
) -> Result<GameSummary, ApiError> {
    let (row, seats) = app
        .store
        .game_and_seats(id)
        .await?
        .ok_or_else(|| ApiError::not_found("game"))?;
    Ok(summary_of(&row, &seats, user_id, Vec::new()))
}

/// Starts a game: the creator sits in its one `me` seat; `ai` seats are played by the
/// server; `open` seats wait for a player, who joins from the lobby or with the seat's
/// invite secret (answered once, to the creator).
async fn create(
    State(app): State<Shared>,
    CurrentUser(user): CurrentUser,
    Json(new): Json<NewGame>,
) -> Result<Json<GameSummary>, ApiError> {
    let n = new.seats.len();
    if !SEATS.contains(&n) {
        return Err(ApiError::bad(format!(
            "a game has {} to {} seats; got {n}",
            SEATS.start(),
            SEATS.end()
        )));
    }
    if app.store.unfinished_of(&user.id).await? >= MAX_UNFINISHED {
        return Err(ApiError::too_many(format!(
            "you are in {MAX_UNFINISHED} games that are not over: finish one first"
        )));
    }
    let mine = new.seats.iter().filter(|s| s.kind == "me").count();
    if mine != 1 {
        return Err(ApiError::bad(
            "exactly one seat is yours: give one seat the kind \"me\"",
        ));
    }
    // A seat another player fills must not meet a deal its creator knows.
    if new.seed.is_some() && new.seats.iter().any(|s| s.kind != "me" && s.kind != "ai") {
        return Err(ApiError::bad(
            "a seed is chosen only for a game against the AI: with another player's seat \
             the server deals at random, so that no one knows the cards in advance",
        ));
    }
    let seed = new.seed.unwrap_or_else(rand::random);
    let ruleset = new.ruleset.as_deref().unwrap_or("2017");
    if !RULESETS.contains(&ruleset) {
        return Err(ApiError::bad(format!(
            "unknown ruleset '{ruleset}': expected one of {}",
            RULESETS.join(", ")
        )));
    }
    let timer = new.timer.clone().unwrap_or_else(|| "live".into());
    let (default_seconds, default_clock) = match timer.as_str() {
        "live" => (LIVE_MOVE_SECONDS, LIVE_CLOCK_SECONDS),
        "async" => (ASYNC_MOVE_SECONDS, 0),
        other => {
            return Err(ApiError::bad(format!(
                "unknown timer '{other}': expected live or async"
            )))
        }
    };
    let move_seconds = new.move_seconds.unwrap_or(default_seconds);
    if !(1..=MAX_MOVE_SECONDS).contains(&move_seconds) {
        return Err(ApiError::bad(format!(
            "move_seconds is 1 to {MAX_MOVE_SECONDS}"
        )));
    }
    // A clock keeps other players from waiting: a game with no other human has none
    // unless asked.
    let others = new.seats.iter().any(|s| s.kind == "open");
    let clock_seconds = new
        .clock_seconds
        .unwrap_or(if others { default_clock } else { 0 });
    if !(0..=MAX_MOVE_SECONDS).contains(&clock_seconds) {
        return Err(ApiError::bad(format!(
            "clock_seconds is 0 (no clock) to {MAX_MOVE_SECONDS}"
        )));
    }
    // A human seat, or one waiting for a human, has the whole clock.
    let clock_ms = (clock_seconds > 0).then_some(clock_seconds * 1000);
    let decks = (new.seats.iter().enumerate())
        .map(|(seat, spec)| spec.deck_spec(seat))
        .collect::<Result<Vec<_>, _>>()?;
    let id = random_hex(6);
    let mut seats = Vec::with_capacity(n);
    let mut invites = Vec::new();
    for (seat, spec) in new.seats.iter().enumerate() {
        let (user_id, ai, invite_hash) = match spec.kind.as_str() {
            "me" => (Some(user.id.clone()), None, None),
            "ai" => {
                let ai = match &spec.ai {
                    None => DEFAULT_LEVEL,
                    Some(name) => epic_bots::level(name).ok_or_else(|| {
                        ApiError::bad(format!(
                            "seat {}: unknown AI level '{name}'; the levels are {}",
                            seat + 1,
                            epic_bots::LEVELS.join(", ")
                        ))
                    })?,
                };
                (None, Some(ai.to_string()), None)
            }
            "open" => {
                let secret = random_hex(16);
                let hash = digest(&secret);
                invites.push(Invite { seat, secret });
                (None, None, Some(hash))
            }
            other => {
                return Err(ApiError::bad(format!(
                    "seat {}: unknown kind '{other}': expected me, ai or open",
                    seat + 1
                )))
            }
        };
        let clock_ms = clock_ms.filter(|_| ai.is_none());
        seats.push(SeatRow {
            seat,
            user_id,
            player: None,
            ai,
            deck: String::new(),
            invite_hash,
            clock_ms,
        });
    }
    let table = NewTable {
        format: new.format.as_deref(),
        variant: new.variant.as_deref(),
        team_size: new.team_size,
        pool: new.pool,
    };
    // The setup must make a game before it is kept.
    let played = setups::start(ruleset, table, &seats, &decks, seed)?;
    for (row, player) in seats.iter_mut().zip(played.players()) {
        row.deck = player.deck;
    }
    let setup = played.setup_json();
    let now = now_ms();
    let row = GameRow {
        id: id.clone(),
        ruleset: ruleset.to_string(),
        setup,
        creator: user.id.clone(),
        status: if invites.is_empty() {
            "playing"
        } else {
            "open"
        }
        .into(),
        timer,
        move_seconds,
        clock_seconds,
        winners: None,
        turn: 0,
        decisions: 0,
        created: now,
        updated: now,
    };
    app.store.create_game(&row, &seats).await?;
    app.tables.get(&id).await?;
    let seats = app.store.seats(&id).await?;
    Ok(Json(summary_of(&row, &seats, Some(&user.id), invites)))
}

async fn open_games(
    State(app): State<Shared>,
    MaybeUser(user): MaybeUser,
) -> Result<Json<Vec<GameSummary>>, ApiError> {
    let rows = app.store.open_games(LIST_LIMIT).await?;
    summaries(&app, rows, user.map(|u| u.id)).await
}

async fn my_games(
    State(app): State<Shared>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Vec<GameSummary>>, ApiError> {
    let rows = app.store.games_of(&user.id, LIST_LIMIT).await?;
    summaries(&app, rows, Some(user.id)).await
}

async fn summaries(
    app: &Shared,
    rows: Vec<GameRow>,
    user_id: Option<String>,
) -> Result<Json<Vec<GameSummary>>, ApiError> {
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let seats = app.store.seats(&row.id).await?;
        out.push(summary_of(&row, &seats, user_id.as_deref(), Vec::new()));
    }
    Ok(Json(out))
}

async fn summary(
    State(app): State<Shared>,
    MaybeUser(user): MaybeUser,
    Path(id): Path<String>,
) -> Result<Json<GameSummary>, ApiError> {
    Ok(Json(
        summary_by_id(&app, &id, user.as_ref().map(|u| u.id.as_str())).await?,
    ))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    pub invite: Option<String>,
    /// The joiner's deck by name, in place of the one the creator chose for the seat.
    pub deck: Option<String>,
    /// The joiner's deck as a list, one card a line.
    pub list: Option<String>,
}

/// Tries to seat a player that many times when other players' decks keep changing the
/// game's setup under them.
const JOIN_TRIES: usize = 8;

/// Takes the seat an invite names, or else the first open seat; with a deck (by name or
/// by list), the joiner plays it instead of the deck the creator chose for the seat,
/// checked against the game's format as a new game's decks are. No decision is made
/// while a game waits for its players, so its setup is still free to change.
async fn join(
    State(app): State<Shared>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    body: Option<Json<JoinRequest>>,
) -> Result<Json<GameSummary>, ApiError> {
    let JoinRequest { invite, deck, list } = body.map(|Json(b)| b).unwrap_or_default();
    for _ in 0..JOIN_TRIES {
        let (row, seats) = app
            .store
            .game_and_seats(&id)
            .await?
            .ok_or_else(|| ApiError::not_found("game"))?;
        let seat = open_seat(&seats, &user.id, invite.as_deref())?;
        let reseated = match deck_asked(&deck, &list, seat.seat)? {
            Some(deck) => {
                let setup = setups::reseat(&row.ruleset, &row.setup, seat, deck)?;
                Some(Reseat {
                    deck: deck.label(),
                    was: row.setup.clone(),
                    setup,
                })
            }
            None => None,
        };
        match app
            .store
            .take_seat(&id, seat.seat, &user.id, reseated.as_ref())
            .await?
        {
            Seating::Taken => {
                app.tables.seated(&id).await?;
                return Ok(Json(summary_by_id(&app, &id, Some(&user.id)).await?));
            }
            // Another player took the seat, or brought a deck, meanwhile: look again
            // (for the next open seat, or at the new setup).
            Seating::SeatGone | Seating::SetupChanged => continue,
        }
    }
    Err(ApiError::conflict(
        "the game changed while you joined: try again",
    ))
}

/// The open seat a user joining may take: the one their invite names, or the first.
fn open_seat<'a>(
    seats: &'a [SeatRow],
    user_id: &str,
    invite: Option<&str>,
) -> Result<&'a SeatRow, ApiError> {
    if crate::store::seat_of(seats, Some(user_id)).is_some() {
        return Err(ApiError::conflict("you already have a seat in this game"));
    }
    let mut open = seats.iter().filter(|s| s.is_open());
    match invite {
        Some(secret) => {
            let hash = digest(secret);
            open.find(|s| s.invite_hash.as_deref() == Some(hash.as_str()))
                .ok_or_else(|| {
                    ApiError::forbidden("that invite is not valid, or its seat is taken")
                })
        }
        None => open
            .next()
            .ok_or_else(|| ApiError::conflict("every seat of this game is taken")),
    }
}

#[derive(Serialize)]
struct Replay {
    seat: Option<Seat>,
    frames: Vec<board::State>,
}

/// Every position of a finished game, from the asker's seat (a spectator's, for someone
/// who did not play), each with the log lines of the decision that led to it.
async fn replay(
    State(app): State<Shared>,
    MaybeUser(user): MaybeUser,
    Path(id): Path<String>,
) -> Result<Json<Replay>, ApiError> {
    let user_id = user.as_ref().map(|u| u.id.as_str());
    let (seat, frames) = app.tables.replay(&id, user_id).await?;
    Ok(Json(Replay { seat, frames }))
}

/// The game as an `epic` save file (docs/saves.md), for `epic replay`: once it is over,
/// to a player who sat in it against computer seats only, since the file holds every
/// card of every deck.
async fn save(
    State(app): State<Shared>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let finished = app.tables.load(&id).await?;
    if finished.seat_of(&user.id).is_none() {
        return Err(ApiError::forbidden("only a player of the game may save it"));
    }
    if finished.status != "over" {
        return Err(ApiError::conflict("a game is saved once it is over"));
    }
    if finished
        .seats
        .iter()
        .any(|s| s.ai.is_none() && s.user_id.as_deref() != Some(&user.id))
    {
        return Err(ApiError::forbidden(
            "a save file shows every player's cards, so it is offered only for games \
             against the AI",
        ));
    }
    let text = (finished.played.save_text()).map_err(|e| ApiError::conflict(e.message))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"epic-{id}.json\""),
            ),
        ],
        text,
    )
        .into_response())
}
