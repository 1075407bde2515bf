//! The game server behind `epic serve` (docs/server.md): accounts and sessions
//! ([`accounts`]), games kept in a database ([`store`]) and played in memory ([`tables`]),
//! JSON over HTTP ([`api`]) and a WebSocket per game ([`ws`]) whose every message is built
//! from one seat's view ([`board`]), and the web client's files.
//!
//! Invariants: a decision is committed to the database before any client is told of it,
//! so a restarted server resumes every game where its players last saw it; a message to a
//! seat is built only from that seat's view and events; bad input is answered with an
//! error and changes nothing.

pub mod accounts;
pub mod ai_pool;
pub mod api;
pub mod board;
pub mod setups;
pub mod store;
pub mod tables;
pub mod throttle;
pub mod ws;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// How a server is started.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen; port 0 picks a free one.
    pub addr: SocketAddr,
    /// `sqlite://PATH` or `postgres://…`.
    pub database_url: String,
    /// The built web client (`web/dist`), served at `/`.
    pub client_dir: Option<PathBuf>,
    /// Mark the session cookie `Secure` (when served over HTTPS, behind a proxy).
    pub secure_cookies: bool,
    /// Sign-ups, sign-ins and guests a minute from one address
    /// ([`accounts::ACCOUNTS_PER_MINUTE`] by default).
    pub accounts_per_minute: u32,
    /// Served behind a reverse proxy: a client's address is the last one the proxy
    /// added to `X-Forwarded-For`, not the proxy's own.
    pub behind_proxy: bool,
    /// The searches of AI seats that run at once, for all games together
    /// ([`ai_pool::AiPool::default_workers`] by default).
    pub ai_workers: usize,
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("database: {0}")]
    Database(String),
    #[error("cannot listen on {addr}: {reason}")]
    Listen { addr: SocketAddr, reason: String },
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// An error answered to a client: a status and a message in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }
    pub fn unauthorized() -> ApiError {
        ApiError {
            status: StatusCode::UNAUTHORIZED,
            message: "sign in, or play as a guest, first".into(),
        }
    }
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::FORBIDDEN,
            message: message.into(),
        }
    }
    pub fn not_found(what: &str) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: format!("no such {what}"),
        }
    }
    /// A limit reached (docs/server.md, "Limits"): the message says what to wait for.
    pub fn too_many(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: message.into(),
        }
    }
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::CONFLICT,
            message: message.into(),
        }
    }
    /// A failure of the server's own (the database); logged, and told without detail.
    pub fn internal(e: impl std::fmt::Display) -> ApiError {
        eprintln!("epic serve: {e}");
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "the server could not do that; try again".into(),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        ApiError::internal(e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            axum::Json(serde_json::json!({ "error": self.message })),
        )
            .into_response()
    }
}

/// Everything a request handler reaches.
pub struct App {
    pub store: store::Store,
    pub tables: Arc<tables::Tables>,
    pub secure_cookies: bool,
    pub behind_proxy: bool,
    /// Sign-ups, sign-ins and guests, by the client's address.
    pub account_limit: throttle::Throttle<std::net::IpAddr>,
    /// Wrong passwords, by the address they come from and the name tried.
    pub sign_in_backoff: throttle::Backoff<(std::net::IpAddr, String)>,
}

pub type Shared = Arc<App>;

/// Opens the database, resumes every unfinished game and builds the routes.
pub async fn app(config: &Config) -> Result<(Shared, Router), ServerError> {
    let store = store::Store::open(&config.database_url).await?;
    let tables = tables::Tables::new(store.clone(), config.ai_workers);
    tables
        .resume_all()
        .await
        .map_err(|e| ServerError::Database(format!("cannot resume the games: {}", e.message)))?;
    tables.clone().start_clock();
    let app = Arc::new(App {
        store,
        tables,
        secure_cookies: config.secure_cookies,
        behind_proxy: config.behind_proxy,
        account_limit: throttle::Throttle::new(config.accounts_per_minute),
        sign_in_backoff: throttle::Backoff::default(),
    });
    let router = api::routes(app.clone(), config.client_dir.as_deref());
    Ok((app, router))
}

/// Serves until Ctrl-C (or the future `stop` ends), calling `ready` with the address it
/// listens on once it does.
pub async fn serve(
    config: Config,
    ready: impl FnOnce(SocketAddr),
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    let (_, router) = app(&config).await?;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| ServerError::Listen {
            addr: config.addr,
            reason: e.to_string(),
        })?;
    ready(listener.local_addr()?);
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(stop)
    .await?;
    Ok(())
}
