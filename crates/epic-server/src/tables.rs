//! Games being played, in memory: each a [`Live`] game rebuilt from its setup and
//! decisions in the database, its log told once per seat (and once for spectators), and
//! a channel that wakes the game's sockets after every decision.
//!
//! A decision is tried on a copy of the game, committed to the database, and only then
//! made the game's state and announced, so nothing a client was told can be lost.
//! Computer seats, and human seats whose move timer ran out, are played by a bot on a
//! blocking thread, from a copy of the game, without holding the game's lock.

use crate::ai_pool::AiPool;
use crate::board;
use crate::store::{now_ms, GameRow, Progress, SeatRow, Store};
use crate::ApiError;
use epic_game::words::{Line, Voice};
use epic_game::Seat;
use epic_rulesets::{AnyPlayed, AnyTaken};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Mutex};

/// What plays a human seat's decision when its timer runs out (docs/server.md).
pub const TIMEOUT_BOT: &str = "greedy";
/// The AI level of a seat that names none.
pub const DEFAULT_LEVEL: &str = "medium";
/// How long the server waits before it passes for a seat with auto-pass on, when it has
/// seen too few of the seat's own decisions: a uniform draw in this range (ms).
pub const AUTO_PASS_MS: std::ops::Range<i64> = 1_500..4_000;
/// The bounds of an auto-pass's wait drawn from the seat's own decision times (ms).
pub const AUTO_PASS_BOUNDS: std::ops::RangeInclusive<i64> = 1_000..=15_000;
/// The seat's own decisions with a choice that an auto-pass's wait is drawn from: the
/// most recent ones, and at least this many before they are used.
const DECISION_TIMES_KEPT: usize = 32;
const DECISION_TIMES_USED: usize = 5;
/// The default time for one decision: live and asynchronous games.
pub const LIVE_MOVE_SECONDS: i64 = 120;
pub const ASYNC_MOVE_SECONDS: i64 = 48 * 60 * 60;
/// The default game clock of a live game: each human seat's time for the whole game.
pub const LIVE_CLOCK_SECONDS: i64 = 20 * 60;
/// The least time a player deciding when the server stopped has once it is back.
pub const RESTART_GRACE_MS: i64 = 60 * 1000;

/// When a human seat's decision must be made (docs/server.md, "Timers").
#[derive(Clone, Copy, Debug)]
struct Timing {
    /// The longest one decision may take.
    move_ms: i64,
    /// When the current decision began (the game row's `updated`).
    since: i64,
    /// When the game came into memory: a decision begun before then (while the server
    /// was down) is charged to a clock only from then, and has at least
    /// [`RESTART_GRACE_MS`] from then.
    loaded: i64,
}

impl Timing {
    /// When a clock charged for the current decision starts running.
    fn charged_from(&self) -> i64 {
        self.since.max(self.loaded)
    }

    /// The time the current decision has used of a clock, at `now`.
    fn used(&self, now: i64) -> i64 {
        (now - self.charged_from()).max(0)
    }

    /// When the current decision's time runs out, for a seat with `clock` ms left.
    fn deadline(&self, clock: Option<i64>) -> i64 {
        let by_move =
            (self.since + self.move_ms).max(self.loaded + self.move_ms.min(RESTART_GRACE_MS));
        match clock {
            Some(left) => by_move.min(self.charged_from() + left.max(0)),
            None => by_move,
        }
    }
}

/// A game being played.
pub struct Live {
    pub id: String,
    /// The game under its ruleset, with its setup and decisions.
    pub played: AnyPlayed,
    /// The setup (JSON) `played` started from, as the database keeps it: a player
    /// joining with their own deck changes it before the game begins.
    setup: String,
    pub seats: Vec<SeatRow>,
    /// The seats' players as the board names them.
    pub names: Vec<String>,
    pub status: String,
    timing: Timing,
    /// The log as each seat was told it, then as spectators were.
    logs: Vec<Vec<Line>>,
    /// When the deciding human seat's timer runs out (ms since 1970).
    pub deadline: Option<i64>,
    /// A bot is deciding for this game now.
    thinking: bool,
    /// The account that made the game, whose turn its AI seats think in
    /// ([`crate::ai_pool`]).
    creator: String,
    /// The seats whose player asked the server to pass for them when passing is their
    /// only option (docs/server.md, "Auto-pass"); in memory only.
    auto_pass: Vec<bool>,
    /// Each seat's most recent times (ms) to decide a decision that had a choice.
    decision_times: Vec<std::collections::VecDeque<i64>>,
    /// When the server passes for the deciding seat (ms since 1970), if it will.
    pub auto_at: Option<i64>,
    /// Counts the changes a client sees: decisions, players seated.
    pub version: u64,
    /// Sends [`Live::version`] after each change.
    pub changed: watch::Sender<u64>,
}

impl Live {
    /// Refuses a move in a game that is not being played: one still waiting for its
    /// players, or one over.
    fn check_playing(&self) -> Result<(), ApiError> {
        match self.status.as_str() {
            "playing" => Ok(()),
            "open" => Err(ApiError::conflict("the game waits for its players to join")),
            _ => Err(ApiError::conflict("the game is over")),
        }
    }

    /// The game at its start.
    fn new(played: AnyPlayed, row: &GameRow, seats: Vec<SeatRow>, status: &str) -> Live {
        let names = seat_names(&seats);
        let mut live = Live {
            id: row.id.clone(),
            logs: Vec::new(),
            played,
            setup: row.setup.clone(),
            seats,
            names,
            status: status.to_string(),
            timing: Timing {
                move_ms: row.move_seconds.saturating_mul(1000),
                since: row.updated,
                loaded: now_ms(),
            },
            deadline: None,
            thinking: false,
            creator: row.creator.clone(),
            auto_pass: Vec::new(),
            decision_times: Vec::new(),
            auto_at: None,
            version: 0,
            changed: watch::channel(0).0,
        };
        live.logs = live.opening_logs();
        live
    }

    /// Every viewer's log at the game's start.
    fn opening_logs(&self) -> Vec<Vec<Line>> {
        self.viewers()
            .map(|v| self.played.opening(&self.voice(v)))
            .collect()
    }

    /// The game rebuilt from its rows and decisions.
    fn rebuild(row: &GameRow, seats: Vec<SeatRow>, decisions: &[String]) -> Result<Live, String> {
        Live::rebuild_with(row, &row.status, seats, decisions, |_| {})
    }

    /// [`Live::rebuild`] as if the game had status `status` at its start; `each` sees the
    /// game at its start and after every decision (a replay's frames, and the measure of
    /// the server's share of a decision in `epic bench --workload server-…`).
    pub fn rebuild_with(
        row: &GameRow,
        status: &str,
        seats: Vec<SeatRow>,
        decisions: &[String],
        mut each: impl FnMut(&Live),
    ) -> Result<Live, String> {
        let played = AnyPlayed::start(&row.ruleset, &row.setup).map_err(|e| e.message)?;
        let mut live = Live::new(played, row, seats, status);
        each(&live);
        for (n, record) in decisions.iter().enumerate() {
            let next = live.played.after_record(n, record).map_err(|e| e.message)?;
            live.take(next);
            each(&live);
        }
        live.set_deadline();
        Ok(live)
    }

    /// The viewers a log is kept for: each seat, then spectators.
    fn viewers(&self) -> impl Iterator<Item = Option<Seat>> {
        (0..self.names.len() as Seat)
            .map(Some)
            .chain(std::iter::once(None))
    }

    /// How `viewer` (a seat, or `None` for a spectator) is told the game: their own
    /// seat as "you", every seat by its player's name.
    pub fn voice(&self, viewer: Option<Seat>) -> Voice {
        Voice {
            viewer,
            names: self.names.clone(),
            second_person: viewer.is_some(),
            sees_all: false,
        }
    }

    /// Makes `next`, a decision taken on a copy of the game, this game's state, and
    /// tells every viewer what happened.
    fn take(&mut self, next: AnyTaken) {
        let voices: Vec<Voice> = self.viewers().map(|v| self.voice(v)).collect();
        let told = self.played.told(&next, &voices);
        for (log, lines) in self.logs.iter_mut().zip(told) {
            log.extend(lines);
        }
        if let Err(e) = self.played.take(next) {
            eprintln!("epic serve: game {}: {e}", self.id);
        }
        if self.played.is_over() {
            self.status = "over".into();
        }
    }

    /// Wakes the game's sockets to send what changed.
    fn announce(&mut self) {
        self.version += 1;
        self.changed.send_replace(self.version);
    }

    /// The seat `user_id` holds here.
    pub fn seat_of(&self, user_id: &str) -> Option<Seat> {
        crate::store::seat_of(&self.seats, Some(user_id)).map(|s| s as Seat)
    }

    /// The log as `viewer` was told it.
    pub fn log(&self, viewer: Option<Seat>) -> &[Line] {
        let i = viewer.map_or(self.names.len(), usize::from);
        &self.logs[i.min(self.names.len())]
    }

    /// What must decide now, if anything: the deciding seat's AI, the timeout bot when a
    /// human seat's time ran out, or the auto-pass whose wait is over.
    fn machine(&self, now: i64) -> Option<Machine> {
        if self.status != "playing" {
            return None;
        }
        let seat = self.played.decider()?;
        let s = self.seats.get(usize::from(seat))?;
        if let Some(ai) = &s.ai {
            return Some(Machine::Ai(ai.clone()));
        }
        if self.deadline.is_some_and(|d| now >= d) {
            return Some(Machine::Ai(TIMEOUT_BOT.to_string()));
        }
        self.auto_at
            .filter(|&at| now >= at)
            .map(|_| Machine::AutoPass)
    }

    /// Asks the server to pass for `seat` when passing is its only option, or not.
    pub fn set_auto_pass(&mut self, seat: Seat, on: bool) {
        let seat = usize::from(seat);
        if self.auto_pass.len() <= seat {
            self.auto_pass.resize(seat + 1, false);
        }
        self.auto_pass[seat] = on;
        self.set_deadline();
    }

    /// Keeps how long `seat` took over a decision that had a choice, for the waits of
    /// the auto-passes that follow.
    fn note_decision_time(&mut self, seat: Seat, ms: i64) {
        let seat = usize::from(seat);
        if self.decision_times.len() <= seat {
            self.decision_times.resize_with(seat + 1, Default::default);
        }
        let times = &mut self.decision_times[seat];
        if times.len() == DECISION_TIMES_KEPT {
            times.pop_front();
        }
        times.push_back(ms.max(0));
        // Kept contiguous, so the wait draws from one slice.
        times.make_contiguous();
    }

    /// How long the server waits before passing for `seat` ([`auto_pass_wait`]).
    fn auto_pass_wait(&self, seat: Seat) -> i64 {
        let times = self.decision_times.get(usize::from(seat));
        auto_pass_wait(
            times.map_or(&[][..], |t| t.as_slices().0),
            &mut rand::thread_rng(),
        )
    }

    /// The human seat deciding now, if the game is being played.
    fn deciding_human(&self) -> Option<&SeatRow> {
        if self.status != "playing" {
            return None;
        }
        self.played
            .decider()
            .and_then(|p| self.seats.get(usize::from(p)))
            .filter(|s| s.ai.is_none())
    }

    /// Sets the deciding human seat's timer, and when the server passes for it if its
    /// only option is to pass and it asked for that.
    fn set_deadline(&mut self) {
        self.deadline = self
            .deciding_human()
            .map(|s| self.timing.deadline(s.clock_ms));
        let forced = self
            .deciding_human()
            .map(|s| s.seat as Seat)
            .filter(|&seat| self.auto_pass.get(usize::from(seat)) == Some(&true))
            .filter(|_| self.played.option_count() == 1);
        self.auto_at = forced.map(|seat| self.timing.since + self.auto_pass_wait(seat));
    }

    /// Each seat's game clock, when the game has them.
    fn clock(&self) -> Option<board::Clock> {
        let left: Vec<Option<i64>> = self.seats.iter().map(|s| s.clock_ms).collect();
        left.iter().any(Option::is_some).then(|| board::Clock {
            left,
            since: self.timing.charged_from(),
        })
    }

    /// The message for `viewer`, carrying the log lines from `from` on.
    pub fn state(&self, viewer: Option<Seat>, from: usize) -> board::State {
        let log = self.log(viewer);
        let seen = self
            .played
            .seen(&self.voice(viewer), self.status == "playing");
        board::State {
            kind: "state",
            game: self.id.clone(),
            seq: self.played.decisions(),
            seat: viewer,
            board: seen.board,
            decision: seen.asked,
            log: log[from.min(log.len())..].to_vec(),
            result: seen.outcome,
            deadline: self.deadline,
            clock: self.clock().filter(|_| self.status == "playing"),
        }
    }
}

/// The seats' players as the board names them. AI seats of one level are told apart by
/// their seat ("AI (hard, seat 3)"), so the log says which of them acted.
fn seat_names(seats: &[SeatRow]) -> Vec<String> {
    let same_level = |ai: &String| {
        seats
            .iter()
            .filter(|s| s.player.is_none() && s.ai.as_ref() == Some(ai))
            .count()
    };
    seats
        .iter()
        .map(|s| match (&s.player, &s.ai) {
            (Some(p), _) => p.clone(),
            (None, Some(ai)) if same_level(ai) > 1 => format!("AI ({ai}, seat {})", s.seat + 1),
            (None, Some(ai)) => format!("AI ({ai})"),
            (None, None) => format!("Player {} (open)", s.seat + 1),
        })
        .collect()
}

/// How long the server waits before it passes for a seat that could only pass: one of
/// the seat's own recent decision times over decisions with a choice (`times`), so that
/// a pass it had to make arrives like one it chose and its timing tells the opponents
/// nothing of its hand (ruling R-14's spirit); a plausible draw until enough are known.
fn auto_pass_wait(times: &[i64], rng: &mut impl rand::Rng) -> i64 {
    let wait = if times.len() >= DECISION_TIMES_USED {
        times[rng.gen_range(0..times.len())]
    } else {
        rng.gen_range(AUTO_PASS_MS)
    };
    wait.clamp(*AUTO_PASS_BOUNDS.start(), *AUTO_PASS_BOUNDS.end())
}

/// What decides for a seat when the server does.
enum Machine {
    /// A computer player, by level: the seat's AI, or the timeout bot.
    Ai(String),
    /// The seat's only option, once the server's wait for it is over.
    AutoPass,
}

/// Every game in memory, by id.
pub struct Tables {
    pub store: Store,
    /// Where every game's computer players think.
    pub ai: AiPool,
    live: Mutex<HashMap<String, Arc<Mutex<Live>>>>,
    /// Held while a game is loaded into memory, and while one is let go of: a game
    /// cannot leave memory (or come in twice) while another copy of it is read from
    /// the database, so what is read is never behind the game.
    loading: Mutex<()>,
}

impl Tables {
    /// The games of `store`, their AI seats thinking on `ai_workers` workers.
    pub fn new(store: Store, ai_workers: usize) -> Arc<Tables> {
        Arc::new(Tables {
            store,
            ai: AiPool::new(ai_workers),
            live: Mutex::new(HashMap::new()),
            loading: Mutex::new(()),
        })
    }

    /// A game's rows and decisions made into a [`Live`] game, not kept in memory (a
    /// finished game's replay).
    pub async fn load(&self, id: &str) -> Result<Live, ApiError> {
        let (row, seats) = self
            .store
            .game_and_seats(id)
            .await?
            .ok_or_else(|| ApiError::not_found("game"))?;
        let decisions = self.store.decisions(id).await?;
        Live::rebuild(&row, seats, &decisions)
            .map_err(|e| ApiError::internal(format!("game {id} cannot be rebuilt: {e}")))
    }

    /// Every position of a finished game from its start, as the seat `user_id` holds (or
    /// a spectator) saw it, each with the log lines of the decision that led to it.
    pub async fn replay(
        &self,
        id: &str,
        user_id: Option<&str>,
    ) -> Result<(Option<Seat>, Vec<board::State>), ApiError> {
        let (row, seats) = self
            .store
            .game_and_seats(id)
            .await?
            .ok_or_else(|| ApiError::not_found("game"))?;
        if row.status != "over" {
            return Err(ApiError::conflict(
                "a game is replayed once it is over; until then, watch it",
            ));
        }
        let seat = crate::store::seat_of(&seats, user_id).map(|s| s as Seat);
        let decisions = self.store.decisions(id).await?;
        let mut frames = Vec::with_capacity(decisions.len() + 1);
        let mut from = 0;
        // Replayed as if still being played, so that each frame shows its decision.
        Live::rebuild_with(&row, "playing", seats, &decisions, |live| {
            // A replay is not timed: its frames show no timer or clock.
            frames.push(board::State {
                deadline: None,
                clock: None,
                ..live.state(seat, from)
            });
            from = live.log(seat).len();
        })
        .map_err(|e| ApiError::internal(format!("game {id} cannot be rebuilt: {e}")))?;
        Ok((seat, frames))
    }

    /// The game in memory, loaded from the database the first time it is asked for. The
    /// map is not held while a game loads (queries and a replay of its decisions), so
    /// other games go on meanwhile; loads, and letting games go, take turns.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<Arc<Mutex<Live>>, ApiError> {
        if let Some(g) = self.live.lock().await.get(id) {
            return Ok(g.clone());
        }
        let _loading = self.loading.lock().await;
        // Another load may have brought it in while this one waited.
        if let Some(g) = self.live.lock().await.get(id) {
            return Ok(g.clone());
        }
        let game = Arc::new(Mutex::new(self.load(id).await?));
        self.live.lock().await.insert(id.to_string(), game.clone());
        drop(_loading);
        self.clone().wake(id.to_string());
        Ok(game)
    }

    /// Forgets a game that nobody watches once it is over (it stays in the database), so
    /// that memory holds only the games being played and watched.
    pub async fn release(&self, id: &str) {
        // Most calls are for games still played: those are settled without waiting for a
        // game being loaded.
        if !idle(&*self.live.lock().await, id) {
            return;
        }
        let _loading = self.loading.lock().await;
        let mut live = self.live.lock().await;
        if idle(&live, id) {
            live.remove(id);
        }
    }

    /// Whether a game is in memory.
    pub async fn in_memory(&self, id: &str) -> bool {
        self.live.lock().await.contains_key(id)
    }

    /// Loads every game still being played, so its bots and timers go on.
    pub async fn resume_all(self: &Arc<Self>) -> Result<(), ApiError> {
        for id in self.store.unfinished().await? {
            if let Err(e) = self.get(&id).await {
                eprintln!("epic serve: game {id} is not resumed: {}", e.message);
            }
        }
        Ok(())
    }

    /// Seats a user after the database did: the game in memory learns its new player,
    /// and starts again from the setup the database now keeps if a player joining
    /// brought their own deck (no decision is made before every seat is taken). The rows
    /// are read while the game is held, so of two players seated at once the later
    /// reader sees both: the game in memory is never older than the database.
    pub async fn seated(self: &Arc<Self>, id: &str) -> Result<(), ApiError> {
        let game = self.get(id).await?;
        let mut l = game.lock().await;
        let (row, seats) = self
            .store
            .game_and_seats(id)
            .await?
            .ok_or_else(|| ApiError::not_found("game"))?;
        l.names = seat_names(&seats);
        if row.setup != l.setup {
            if l.played.decisions() > 0 {
                return Err(ApiError::internal(format!(
                    "game {id}: its setup changed after decisions were made"
                )));
            }
            l.played =
                AnyPlayed::start(&row.ruleset, &row.setup).map_err(|e| ApiError::bad(e.message))?;
            l.setup = row.setup;
            l.logs = l.opening_logs();
        }
        l.seats = seats;
        l.status = row.status;
        l.timing.since = row.updated;
        l.set_deadline();
        l.announce();
        drop(l);
        self.clone().wake(id.to_string());
        Ok(())
    }

    /// A human seat's decision: option `option` of decision number `seq`.
    pub async fn decide(
        self: &Arc<Self>,
        id: &str,
        seat: Seat,
        seq: usize,
        option: usize,
    ) -> Result<(), ApiError> {
        self.human_move(id, |l| {
            if seq != l.played.decisions() {
                return Err(ApiError::conflict(format!(
                    "that answers decision {seq}, but the game is at decision {}; nothing was \
                     changed",
                    l.played.decisions()
                )));
            }
            if l.played.decider() != Some(seat) {
                return Err(ApiError::forbidden("it is not your decision"));
            }
            l.played.after(option).map_err(|e| ApiError::bad(e.message))
        })
        .await
    }

    /// Asks the server to pass for `seat` of game `id` when passing is its only option.
    pub async fn auto_pass(self: &Arc<Self>, id: &str, seat: Seat, on: bool) {
        let Ok(game) = self.get(id).await else {
            return;
        };
        game.lock().await.set_auto_pass(seat, on);
        self.clone().wake(id.to_string());
    }

    /// A human seat concedes (rule 1.2.2), whoever is deciding: kept as the game's next
    /// decision.
    pub async fn concede(self: &Arc<Self>, id: &str, seat: Seat) -> Result<(), ApiError> {
        self.human_move(id, |l| {
            l.played
                .conceded(seat)
                .map_err(|e| ApiError::bad(e.message))
        })
        .await
    }

    /// A move a human made in game `id`, being played: `next` takes it on a copy of the
    /// game or refuses it; then it is committed, and the bots play on.
    async fn human_move(
        self: &Arc<Self>,
        id: &str,
        next: impl FnOnce(&Live) -> Result<AnyTaken, ApiError>,
    ) -> Result<(), ApiError> {
        let game = self.get(id).await?;
        let mut l = game.lock().await;
        l.check_playing()?;
        let next = next(&l)?;
        // A decision with a choice, in the time the seat took over it.
        let chose = l.deciding_human().map(|s| s.seat as Seat);
        if let Some(seat) = chose.filter(|_| l.played.option_count() > 1) {
            let took = now_ms() - l.timing.charged_from();
            l.note_decision_time(seat, took);
        }
        self.commit(&mut l, next, true).await?;
        drop(l);
        self.clone().wake(id.to_string());
        Ok(())
    }

    /// Records `next` as the game's next decision, then plays it and announces it; the
    /// deciding human seat's clock is charged for it if `charged` (not for the server's
    /// wait before an auto-pass).
    async fn commit(&self, l: &mut Live, next: AnyTaken, charged: bool) -> Result<(), ApiError> {
        let now = now_ms();
        let winners = next
            .winners()
            .map(|w| serde_json::to_string(&w).unwrap_or_default());
        let clock = l
            .deciding_human()
            .filter(|_| charged)
            .and_then(|s| Some((s.seat, (s.clock_ms? - l.timing.used(now)).max(0))));
        let progress = Progress {
            status: if next.is_over() { "over" } else { "playing" },
            winners,
            turn: i64::from(next.turn()),
            clock,
        };
        self.store
            .record_decision(
                &l.id,
                l.played.decisions(),
                &next.record_json(),
                progress,
                now,
            )
            .await?;
        if let Some((seat, left)) = clock {
            l.seats[seat].clock_ms = Some(left);
        }
        l.timing.since = now;
        l.take(next);
        l.set_deadline();
        l.announce();
        Ok(())
    }

    /// Lets the bots play while the game waits on one: on a blocking thread, from a copy
    /// of the game, the game's lock held only to commit.
    pub fn wake(self: Arc<Self>, id: String) {
        tokio::spawn(async move {
            let Ok(game) = self.get_loaded(&id).await else {
                return;
            };
            loop {
                let (copy, seq, machine, seed, creator) = {
                    let mut l = game.lock().await;
                    // An auto-pass or a timer not yet due is woken by the clock.
                    let Some(machine) = l.machine(now_ms()).filter(|_| !l.thinking) else {
                        drop(l);
                        self.release(&id).await;
                        return;
                    };
                    l.thinking = true;
                    // A bot's seed per decision: the game's seed and the decision number.
                    let seq = l.played.decisions();
                    let seed = l.played.seed() ^ (seq as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    (l.played.clone(), seq, machine, seed, l.creator.clone())
                };
                let charged = !matches!(machine, Machine::AutoPass);
                let option = match machine {
                    Machine::AutoPass => Some(0),
                    Machine::Ai(bot) => self
                        .ai
                        .run(&creator, move || copy.bot_option(&bot, seed))
                        .await
                        .flatten(),
                };
                let mut l = game.lock().await;
                l.thinking = false;
                let Some(option) = option else {
                    eprintln!("epic serve: game {id}: a seat's AI is unknown");
                    return;
                };
                if l.played.decisions() != seq {
                    continue;
                }
                let committed = match l.played.after(option) {
                    Ok(next) => self.commit(&mut l, next, charged).await,
                    Err(e) => Err(ApiError::bad(e.message)),
                };
                if let Err(e) = committed {
                    eprintln!("epic serve: game {id}: {}", e.message);
                    return;
                }
            }
        });
    }

    async fn get_loaded(&self, id: &str) -> Result<Arc<Mutex<Live>>, ()> {
        self.live.lock().await.get(id).cloned().ok_or(())
    }

    /// Every second, plays the decisions whose timer ran out, and the auto-passes whose
    /// wait is over.
    pub fn start_clock(self: Arc<Self>) {
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            loop {
                tick.tick().await;
                let now = now_ms();
                let ids: Vec<String> = {
                    let live = self.live.lock().await;
                    live.iter()
                        .filter(|(_, g)| {
                            g.try_lock().is_ok_and(|l| {
                                l.deadline.is_some_and(|d| now >= d)
                                    || l.auto_at.is_some_and(|at| now >= at)
                            })
                        })
                        .map(|(id, _)| id.clone())
                        .collect()
                };
                for id in ids {
                    self.clone().wake(id);
                }
            }
        });
    }
}

/// Whether a game in memory is over and watched by nobody, so it may leave memory.
fn idle(live: &HashMap<String, Arc<Mutex<Live>>>, id: &str) -> bool {
    live.get(id).is_some_and(|g| {
        g.try_lock()
            .is_ok_and(|l| l.status == "over" && l.changed.receiver_count() == 0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    const MINUTE: i64 = 60 * 1000;

    fn timing(move_ms: i64, since: i64, loaded: i64) -> Timing {
        Timing {
            move_ms,
            since,
            loaded,
        }
    }

    #[test]
    fn a_decision_has_its_move_time_or_what_is_left_of_its_clock() {
        let t = timing(2 * MINUTE, 1_000, 0);
        assert_eq!(t.deadline(None), 1_000 + 2 * MINUTE);
        assert_eq!(t.deadline(Some(30_000)), 31_000);
        assert_eq!(t.deadline(Some(0)), 1_000, "out of time: at once");
        assert_eq!(t.used(21_000), 20_000);
    }

    #[test]
    fn a_restart_keeps_timers_but_leaves_a_minute_and_charges_no_downtime() {
        // Decided from 0; the server was down and came back at 10 minutes.
        let t = timing(48 * 60 * MINUTE, 0, 10 * MINUTE);
        assert_eq!(t.deadline(None), 48 * 60 * MINUTE, "an async timer runs on");
        let t = timing(2 * MINUTE, 0, 10 * MINUTE);
        assert_eq!(t.deadline(None), 11 * MINUTE, "a minute after the restart");
        let t = timing(20_000, 0, 10 * MINUTE);
        assert_eq!(
            t.deadline(None),
            10 * MINUTE + 20_000,
            "or a shorter move time"
        );
        // The clock is charged from the restart, not for the time the server was down.
        let t = timing(2 * MINUTE, 0, 10 * MINUTE);
        assert_eq!(t.deadline(Some(30_000)), 10 * MINUTE + 30_000);
        assert_eq!(t.used(10 * MINUTE + 5_000), 5_000);
    }

    #[test]
    fn an_auto_pass_waits_as_long_as_the_seat_takes_to_choose() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        for _ in 0..100 {
            let wait = auto_pass_wait(&[], &mut rng);
            assert!(AUTO_PASS_MS.contains(&wait), "{wait}");
        }
        let own = [2_500, 6_000, 3_100, 9_000, 4_400];
        let waits: HashSet<i64> = (0..200).map(|_| auto_pass_wait(&own, &mut rng)).collect();
        assert_eq!(waits, HashSet::from(own), "drawn from the seat's own times");
        let extremes = [10, 10, 10, 60_000, 60_000];
        let waits: HashSet<i64> = (0..200)
            .map(|_| auto_pass_wait(&extremes, &mut rng))
            .collect();
        assert_eq!(waits, HashSet::from([1_000, 15_000]), "within bounds");
    }

    #[test]
    fn ai_seats_of_one_level_are_named_by_their_seat() {
        let seat = |seat: usize, player: Option<&str>, ai: Option<&str>| SeatRow {
            seat,
            user_id: None,
            player: player.map(String::from),
            ai: ai.map(String::from),
            deck: "good".into(),
            invite_hash: None,
            clock_ms: None,
        };
        let seats = [
            seat(0, Some("ana"), None),
            seat(1, None, Some("hard")),
            seat(2, None, Some("random")),
            seat(3, None, Some("hard")),
            seat(4, None, None),
        ];
        assert_eq!(
            seat_names(&seats),
            [
                "ana",
                "AI (hard, seat 2)",
                "AI (random)",
                "AI (hard, seat 4)",
                "Player 5 (open)"
            ]
        );
    }
}
