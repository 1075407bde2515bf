//! The database: users, sessions, games, seats and decisions, in SQLite (a file in the
//! data directory) or PostgreSQL, through one code path (sqlx's `Any` driver, portable
//! SQL, versioned migrations in `migrations/`). Every write that a player is told about
//! is committed before this returns.

use crate::ServerError;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor, Row};
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since 1970: how times are kept.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRow {
    pub id: String,
    pub name: String,
    pub guest: bool,
}

#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: String,
    /// The ruleset's name in the registry ([`epic_rulesets::rulesets`]).
    pub ruleset: String,
    pub setup: String,
    pub creator: String,
    pub status: String,
    pub timer: String,
    pub move_seconds: i64,
    /// A live game's clock: the seconds each human seat has for the whole game; 0: none.
    pub clock_seconds: i64,
    pub winners: Option<String>,
    pub turn: i64,
    pub decisions: i64,
    pub created: i64,
    /// When the game last changed: while it is played, when its current decision began.
    pub updated: i64,
}

/// A joining player's own deck: the seat's new deck label and the game's setup before
/// and after it.
#[derive(Clone, Debug)]
pub struct Reseat {
    pub deck: String,
    pub was: String,
    pub setup: String,
}

/// How taking a seat went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    Taken,
    /// Someone else took the seat first (or it is the AI's).
    SeatGone,
    /// The game's setup changed since the [`Reseat`] was made from it (another player
    /// joined with a deck): nothing was changed.
    SetupChanged,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: usize,
    pub user_id: Option<String>,
    /// The seated user's name.
    pub player: Option<String>,
    pub ai: Option<String>,
    pub deck: String,
    pub invite_hash: Option<String>,
    /// What is left of the seat's game clock, in milliseconds; `None`: it has none.
    pub clock_ms: Option<i64>,
}

impl SeatRow {
    /// No one sits here yet: neither a user nor an AI.
    pub fn is_open(&self) -> bool {
        self.user_id.is_none() && self.ai.is_none()
    }
}

/// The AI level a seat is played at: the level it names if the server offers it, else
/// the default level. A game kept by an older server may name a search without a time
/// limit (`ismcts@10000000`), which must not pin a core again after a restart.
pub fn served_level(ai: &str) -> String {
    epic_bots::level(ai)
        .unwrap_or(crate::tables::DEFAULT_LEVEL)
        .to_string()
}

/// The seat `user_id` holds among `seats`, if any (a guest without a session holds none).
pub fn seat_of(seats: &[SeatRow], user_id: Option<&str>) -> Option<usize> {
    let user_id = user_id?;
    seats
        .iter()
        .find(|s| s.user_id.as_deref() == Some(user_id))
        .map(|s| s.seat)
}

/// What a decision changes in its game's row.
pub struct Progress<'a> {
    pub status: &'a str,
    pub winners: Option<String>,
    pub turn: i64,
    /// The deciding seat's clock after this decision, when it has one.
    pub clock: Option<(usize, i64)>,
}

const GAME_COLUMNS: &str = "id, ruleset, setup, creator, status, timer, move_seconds, \
     clock_seconds, winners, turn, decisions, created, updated";

fn game_row(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: r.try_get("id")?,
        ruleset: r.try_get("ruleset")?,
        setup: r.try_get("setup")?,
        creator: r.try_get("creator")?,
        status: r.try_get("status")?,
        timer: r.try_get("timer")?,
        move_seconds: r.try_get("move_seconds")?,
        clock_seconds: r.try_get("clock_seconds")?,
        winners: r.try_get("winners")?,
        turn: r.try_get("turn")?,
        decisions: r.try_get("decisions")?,
        created: r.try_get("created")?,
        updated: r.try_get("updated")?,
    })
}

impl Store {
    /// Opens the database at `url` (`sqlite://PATH` or `postgres://…`), creating an SQLite
    /// file if it is missing, and brings its schema up to date.
    pub async fn open(url: &str) -> Result<Store, ServerError> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 16 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // Durable at every commit; readers never wait on the writer;
                        // a writer waits for another rather than failing at once.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect(url)
            .await
            .map_err(|e| ServerError::Database(format!("cannot open {url}: {e}")))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| ServerError::Database(format!("cannot migrate {url}: {e}")))?;
        Ok(Store { pool })
    }

    /// A new user; false if the name, or its key ([`crate::accounts::name_key`]), is
    /// taken.
    pub async fn create_user(
        &self,
        id: &str,
        name: &str,
        name_key: &str,
        password_hash: Option<&str>,
        guest: bool,
    ) -> Result<bool, sqlx::Error> {
        let r = sqlx::query(
            "INSERT INTO users (id, name, name_key, password_hash, guest, created) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(name)
        .bind(name_key)
        .bind(password_hash)
        .bind(i64::from(guest))
        .bind(now_ms())
        .execute(&self.pool)
        .await;
        match r {
            Ok(_) => Ok(true),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// A user and their password hash, by name: the one whose key is `key`, else (an
    /// account older than keys, whose name differed from another's only by case) the one
    /// of exactly this name.
    pub async fn user_by_name(
        &self,
        name: &str,
        key: &str,
    ) -> Result<Option<(UserRow, Option<String>)>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id, name, guest, password_hash FROM users WHERE name_key = $1 OR name = $2 \
             ORDER BY CASE WHEN name_key = $1 THEN 0 ELSE 1 END LIMIT 1",
        )
        .bind(key)
        .bind(name)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok((
                UserRow {
                    id: r.try_get("id")?,
                    name: r.try_get("name")?,
                    guest: r.try_get::<i64, _>("guest")? != 0,
                },
                r.try_get("password_hash")?,
            ))
        })
        .transpose()
    }

    pub async fn create_session(
        &self,
        token_hash: &str,
        user_id: &str,
        expires: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO sessions (token_hash, user_id, expires) VALUES ($1, $2, $3)")
            .bind(token_hash)
            .bind(user_id)
            .bind(expires)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The user a session belongs to, if the session exists and has not expired.
    pub async fn session_user(&self, token_hash: &str) -> Result<Option<UserRow>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT u.id, u.name, u.guest FROM sessions s JOIN users u ON u.id = s.user_id \
             WHERE s.token_hash = $1 AND s.expires > $2",
        )
        .bind(token_hash)
        .bind(now_ms())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok(UserRow {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
                guest: r.try_get::<i64, _>("guest")? != 0,
            })
        })
        .transpose()
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A new game and its seats, in one transaction.
    pub async fn create_game(&self, game: &GameRow, seats: &[SeatRow]) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO games (id, ruleset, setup, creator, status, timer, move_seconds, \
             clock_seconds, winners, turn, decisions, created, updated) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        )
        .bind(&game.id)
        .bind(&game.ruleset)
        .bind(&game.setup)
        .bind(&game.creator)
        .bind(&game.status)
        .bind(&game.timer)
        .bind(game.move_seconds)
        .bind(game.clock_seconds)
        .bind(&game.winners)
        .bind(game.turn)
        .bind(game.decisions)
        .bind(game.created)
        .bind(game.updated)
        .execute(&mut *tx)
        .await?;
        for s in seats {
            sqlx::query(
                "INSERT INTO seats (game_id, seat, user_id, ai, deck, invite_hash, clock_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(&game.id)
            .bind(s.seat as i64)
            .bind(&s.user_id)
            .bind(&s.ai)
            .bind(&s.deck)
            .bind(&s.invite_hash)
            .bind(s.clock_ms)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await
    }

    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(game_row).transpose()
    }

    /// A game's row and its seats; `None` if there is no such game.
    pub async fn game_and_seats(
        &self,
        id: &str,
    ) -> Result<Option<(GameRow, Vec<SeatRow>)>, sqlx::Error> {
        let Some(row) = self.game(id).await? else {
            return Ok(None);
        };
        Ok(Some((row, self.seats(id).await?)))
    }

    pub async fn seats(&self, game_id: &str) -> Result<Vec<SeatRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT s.seat, s.user_id, u.name, s.ai, s.deck, s.invite_hash, s.clock_ms \
             FROM seats s \
             LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = $1 ORDER BY s.seat",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SeatRow {
                    seat: r.try_get::<i64, _>("seat")? as usize,
                    user_id: r.try_get("user_id")?,
                    player: r.try_get("name")?,
                    ai: r
                        .try_get::<Option<String>, _>("ai")?
                        .map(|ai| served_level(&ai)),
                    deck: r.try_get("deck")?,
                    invite_hash: r.try_get("invite_hash")?,
                    clock_ms: r.try_get("clock_ms")?,
                })
            })
            .collect()
    }

    /// Seats `user_id` in an open `seat`, with `reseat` giving the seat the joiner's own
    /// deck, in one transaction: all of it or nothing. When it was the last open seat
    /// the game starts.
    pub async fn take_seat(
        &self,
        game_id: &str,
        seat: usize,
        user_id: &str,
        reseat: Option<&Reseat>,
    ) -> Result<Seating, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let taken = sqlx::query(
            "UPDATE seats SET user_id = $1, invite_hash = NULL \
             WHERE game_id = $2 AND seat = $3 AND user_id IS NULL AND ai IS NULL",
        )
        .bind(user_id)
        .bind(game_id)
        .bind(seat as i64)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !taken {
            return Ok(Seating::SeatGone);
        }
        if let Some(r) = reseat {
            // Only the setup this deck was fitted into may be replaced.
            let kept = sqlx::query(
                "UPDATE games SET setup = $1 WHERE id = $2 AND setup = $3 AND status = 'open'",
            )
            .bind(&r.setup)
            .bind(game_id)
            .bind(&r.was)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
            if !kept {
                return Ok(Seating::SetupChanged);
            }
            sqlx::query("UPDATE seats SET deck = $1 WHERE game_id = $2 AND seat = $3")
                .bind(&r.deck)
                .bind(game_id)
                .bind(seat as i64)
                .execute(&mut *tx)
                .await?;
        }
        let open: i64 = sqlx::query(
            "SELECT COUNT(*) AS open FROM seats \
             WHERE game_id = $1 AND user_id IS NULL AND ai IS NULL",
        )
        .bind(game_id)
        .fetch_one(&mut *tx)
        .await?
        .try_get("open")?;
        if open == 0 {
            sqlx::query("UPDATE games SET status = 'playing', updated = $1 WHERE id = $2")
                .bind(now_ms())
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(Seating::Taken)
    }

    /// Decision number `n` of a game, made at `now`, and what it changes, in one
    /// transaction. A second decision with the same number is refused by the key, so two
    /// writers can never both record a move.
    pub async fn record_decision(
        &self,
        game_id: &str,
        n: usize,
        choice: &str,
        progress: Progress<'_>,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO decisions (game_id, n, choice, at) VALUES ($1, $2, $3, $4)")
            .bind(game_id)
            .bind(n as i64)
            .bind(choice)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "UPDATE games SET status = $1, winners = $2, turn = $3, decisions = $4, updated = $5 \
             WHERE id = $6",
        )
        .bind(progress.status)
        .bind(progress.winners)
        .bind(progress.turn)
        .bind(n as i64 + 1)
        .bind(now)
        .bind(game_id)
        .execute(&mut *tx)
        .await?;
        if let Some((seat, left)) = progress.clock {
            sqlx::query("UPDATE seats SET clock_ms = $1 WHERE game_id = $2 AND seat = $3")
                .bind(left)
                .bind(game_id)
                .bind(seat as i64)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }

    /// A game's decisions, in order.
    pub async fn decisions(&self, game_id: &str) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query("SELECT choice FROM decisions WHERE game_id = $1 ORDER BY n")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get("choice")).collect()
    }

    /// Games with an open seat, newest first.
    pub async fn open_games(&self, limit: i64) -> Result<Vec<GameRow>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'open' ORDER BY created DESC LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// The games a user sits in, newest first.
    pub async fn games_of(&self, user_id: &str, limit: i64) -> Result<Vec<GameRow>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id IN \
             (SELECT game_id FROM seats WHERE user_id = $1) ORDER BY created DESC LIMIT $2"
        ))
        .bind(user_id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// How many games a user sits in that are not over.
    pub async fn unfinished_of(&self, user_id: &str) -> Result<i64, sqlx::Error> {
        sqlx::query(
            "SELECT COUNT(*) AS n FROM games WHERE status <> 'over' AND id IN \
             (SELECT game_id FROM seats WHERE user_id = $1)",
        )
        .bind(user_id)
        .fetch_one(&self.pool)
        .await?
        .try_get("n")
    }

    /// The ids of every game still being played: what a restarted server resumes.
    pub async fn unfinished(&self) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query("SELECT id FROM games WHERE status = 'playing'")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }
}
