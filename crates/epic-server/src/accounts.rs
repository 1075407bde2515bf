//! Accounts and sessions: sign-up and sign-in with passwords hashed by Argon2id (memory
//! hard; the hash carries its own salt and parameters), guests, and a session cookie
//! holding a random token of which the database keeps only the SHA-256.

use crate::store::{now_ms, UserRow};
use crate::{ApiError, Shared};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use unicode_normalization::UnicodeNormalization;

pub const COOKIE_NAME: &str = "epic_session";
/// How long a session lasts: 30 days.
const SESSION_MS: i64 = 30 * 24 * 60 * 60 * 1000;
pub const NAME_LENGTH: std::ops::RangeInclusive<usize> = 3..=24;
pub const PASSWORD_LENGTH: std::ops::RangeInclusive<usize> = 10..=128;
/// Sign-ups, sign-ins and guests a minute from one address, by default.
pub const ACCOUNTS_PER_MINUTE: u32 = 30;

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct User {
    pub id: String,
    pub name: String,
    pub guest: bool,
}

impl From<UserRow> for User {
    fn from(u: UserRow) -> User {
        User {
            id: u.id,
            name: u.name,
            guest: u.guest,
        }
    }
}

#[derive(Debug, Deserialize)]
pub struct Credentials {
    pub name: String,
    pub password: String,
}

/// `n` random bytes from the operating system, as hexadecimal.
pub fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex(&bytes)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of a secret (a session token, an invite): what the database keeps.
pub fn digest(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// The session token of a request's cookie, if it has one.
fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE_NAME)
        .map(|(_, v)| v.to_string())
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The signed-in user of a request: handlers that take one answer 401 without it.
pub struct CurrentUser(pub UserRow);

impl FromRequestParts<Shared> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Shared) -> Result<Self, ApiError> {
        match MaybeUser::from_request_parts(parts, app).await? {
            MaybeUser(Some(u)) => Ok(CurrentUser(u)),
            MaybeUser(None) => Err(ApiError::unauthorized()),
        }
    }
}

/// The signed-in user of a request, if any (a spectator may have none).
pub struct MaybeUser(pub Option<UserRow>);

impl FromRequestParts<Shared> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Shared) -> Result<Self, ApiError> {
        let Some(token) = session_token(&parts.headers) else {
            return Ok(MaybeUser(None));
        };
        Ok(MaybeUser(app.store.session_user(&digest(&token)).await?))
    }
}

/// The address a request comes from, as rate limits count it: the peer's, or behind a
/// proxy the last address the proxy added to `X-Forwarded-For`. An IPv6 address counts
/// as its /64 network, which one client may hold whole.
pub struct ClientAddr(pub IpAddr);

impl FromRequestParts<Shared> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &Shared,
    ) -> Result<Self, std::convert::Infallible> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        let forwarded = (parts.headers.get_all("x-forwarded-for").iter().next_back())
            .filter(|_| app.behind_proxy)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|a| a.trim().parse::<IpAddr>().ok());
        let addr = forwarded.or(peer).unwrap_or(IpAddr::from([0, 0, 0, 0]));
        Ok(ClientAddr(match addr {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                None => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
            },
            v4 => v4,
        }))
    }
}

/// Counts a request that makes an account or a session against its address's limit.
fn admit(app: &Shared, ClientAddr(addr): ClientAddr) -> Result<(), ApiError> {
    if app.account_limit.take(addr, now_ms()) {
        Ok(())
    } else {
        Err(ApiError::too_many(
            "too many sign-ups, sign-ins and guests from your address: wait a minute",
        ))
    }
}

/// A new session for `user`, answered with its cookie.
async fn signed_in(app: &Shared, user: UserRow) -> Result<Response, ApiError> {
    let token = random_hex(32);
    app.store
        .create_session(&digest(&token), &user.id, now_ms() + SESSION_MS)
        .await?;
    let secure = if app.secure_cookies { "; Secure" } else { "" };
    let cookie = format!(
        "{COOKIE_NAME}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{secure}",
        SESSION_MS / 1000
    );
    let mut response = Json(User::from(user)).into_response();
    response.headers_mut().insert(
        SET_COOKIE,
        HeaderValue::from_str(&cookie).map_err(ApiError::internal)?,
    );
    Ok(response)
}

/// What tells two names apart: their compatibility form (NFKC, so that "ﬁ" and "fi",
/// or a full-width "Ａ" and "A", are one name) in lower case. Two accounts never share
/// a key, and a name signs in by its key.
pub fn name_key(name: &str) -> String {
    name.nfkc().collect::<String>().to_lowercase()
}

/// A name as it will be kept (composed, NFC), or why it cannot be one.
fn check_name(name: &str) -> Result<String, ApiError> {
    let name: String = name.nfc().collect();
    let ok = NAME_LENGTH.contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        && !name_key(&name).starts_with("guest-");
    if ok {
        Ok(name)
    } else {
        Err(ApiError::bad(format!(
            "a name is {} to {} letters, digits, '-' or '_', and does not start with 'guest-'",
            NAME_LENGTH.start(),
            NAME_LENGTH.end()
        )))
    }
}

/// Refuses a password that is short, holds the name, or is among those tried first by
/// anyone guessing (zxcvbn's lists of common passwords, words and names, and its
/// patterns: a guess count under a million).
fn check_password(password: &str, name: &str) -> Result<(), ApiError> {
    let length = password.chars().count();
    if !PASSWORD_LENGTH.contains(&length) {
        return Err(ApiError::bad(format!(
            "a password is {} to {} characters",
            PASSWORD_LENGTH.start(),
            PASSWORD_LENGTH.end()
        )));
    }
    if name_key(password).contains(&name_key(name)) {
        return Err(ApiError::bad("a password must not contain your name"));
    }
    let strength = zxcvbn::zxcvbn(password, &[name]);
    if (strength.score() as u8) < 2 {
        let why = strength
            .feedback()
            .and_then(|f| f.warning())
            .map(|w| format!(" ({w})"))
            .unwrap_or_default();
        return Err(ApiError::bad(format!(
            "that password is among the first a guesser tries{why}: choose a less common one, \
             such as a few unrelated words"
        )));
    }
    Ok(())
}

/// Argon2id with its recommended parameters, off the async threads (it is meant to be
/// slow).
async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(ApiError::internal)
    })
    .await
    .map_err(ApiError::internal)?
}

/// Whether `password` is the one `hash` was made from. Without a hash (an unknown name,
/// a guest) a hash of a random password is checked instead, so that an answer takes as
/// long whether or not the name exists.
async fn password_matches(password: String, hash: Option<String>) -> bool {
    static UNGUESSABLE: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        Argon2::default()
            .hash_password(random_hex(32).as_bytes(), &salt)
            .map(|h| h.to_string())
            .unwrap_or_default()
    });
    let known = hash.is_some();
    tokio::task::spawn_blocking(move || {
        let hash = hash.unwrap_or_else(|| UNGUESSABLE.clone());
        let matches = PasswordHash::new(&hash).is_ok_and(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        });
        matches && known
    })
    .await
    .unwrap_or(false)
}

pub async fn signup(
    State(app): State<Shared>,
    addr: ClientAddr,
    Json(c): Json<Credentials>,
) -> Result<Response, ApiError> {
    let name = check_name(&c.name)?;
    check_password(&c.password, &name)?;
    admit(&app, addr)?;
    let hash = hash_password(c.password).await?;
    let id = random_hex(8);
    if !app
        .store
        .create_user(&id, &name, &name_key(&name), Some(&hash), false)
        .await?
    {
        return Err(ApiError::conflict(format!(
            "the name '{name}' is taken (names differ by more than case); choose another"
        )));
    }
    let user = UserRow {
        id,
        name,
        guest: false,
    };
    signed_in(&app, user).await
}

pub async fn signin(
    State(app): State<Shared>,
    addr: ClientAddr,
    Json(c): Json<Credentials>,
) -> Result<Response, ApiError> {
    let wrong = || ApiError {
        status: axum::http::StatusCode::UNAUTHORIZED,
        message: "wrong name or password".into(),
    };
    if c.name.len() > 64 || c.password.len() > 4 * PASSWORD_LENGTH.end() {
        return Err(wrong());
    }
    let ClientAddr(ip) = addr;
    admit(&app, addr)?;
    // Wrong passwords slow down the next tries of this address at this name, never
    // the name's owner elsewhere.
    let key = (ip, name_key(&c.name));
    let wait = app.sign_in_backoff.wait(&key, now_ms());
    if wait > 0 {
        return Err(ApiError::too_many(format!(
            "too many wrong passwords for this name from your address: try again in {} s",
            (wait + 999) / 1000
        )));
    }
    let (user, hash) = match app.store.user_by_name(&c.name, &key.1).await? {
        Some((user, hash)) => (Some(user), hash),
        None => (None, None),
    };
    let right = password_matches(c.password, hash).await;
    match user.filter(|_| right) {
        Some(user) => {
            app.sign_in_backoff.succeeded(&key);
            signed_in(&app, user).await
        }
        None => {
            app.sign_in_backoff.failed(key, now_ms());
            Err(wrong())
        }
    }
}

pub async fn guest(State(app): State<Shared>, addr: ClientAddr) -> Result<Response, ApiError> {
    admit(&app, addr)?;
    let id = random_hex(8);
    let name = format!("guest-{}", &random_hex(3));
    if !app
        .store
        .create_user(&id, &name, &name_key(&name), None, true)
        .await?
    {
        return Err(ApiError::conflict("try again"));
    }
    signed_in(
        &app,
        UserRow {
            id,
            name,
            guest: true,
        },
    )
    .await
}

pub async fn signout(State(app): State<Shared>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(token) = session_token(&headers) {
        app.store.delete_session(&digest(&token)).await?;
    }
    let mut response = Json(serde_json::json!({})).into_response();
    response.headers_mut().insert(
        SET_COOKIE,
        HeaderValue::from_str(&format!(
            "{COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"
        ))
        .expect("a cookie of plain characters"),
    );
    Ok(response)
}

pub async fn me(CurrentUser(user): CurrentUser) -> Json<User> {
    Json(user.into())
}
