//! The fixed workloads of the instruction-count gate (`scripts/instructions`, budgets in
//! `benches/instructions.txt`): each is played once, on one thread, untimed, inside
//! [`measured`], the one function callgrind is told to count, so that start-up (reading
//! the cards) and printing are left out. Every registered ruleset has its own rows, so a
//! new ruleset is gated without new code.

use super::{play, ruleset_round, usual_game, Workload};
use crate::error::{CliError, CliResult};
use epic_bots::players::RulesetEval;
use epic_bots::search::{search, SearchConfig};
use epic_engine::Variant;
use epic_game::Ruleset;
use epic_rulesets::{visit_rulesets, RulesetVisitor};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use std::hint::black_box;

/// The 2017 engine's games in a workload: base-set decks, and decks of every set.
const BASE_GAMES: u64 = 100;
const EVERY_SET_GAMES: u64 = 25;
/// Games of each ruleset's usual table through the interface.
const INTERFACE_GAMES: u64 = 40;
/// The search's iterations.
const SEARCH_ITERATIONS: u32 = 200;

/// What a workload did, printed so that the gate can tell whether the same games were
/// played: a count compared with a budget measured on other games means nothing.
#[derive(Serialize)]
pub struct Done {
    pub workload: String,
    /// Decisions made, or for a search, its iterations.
    pub count: u64,
    /// "decisions" or "iterations".
    pub unit: &'static str,
}

/// The one function callgrind counts (`--toggle-collect`): everything `work` does.
#[inline(never)]
fn measured<T>(work: impl FnOnce() -> T) -> T {
    black_box(work())
}

/// Every workload's name: the 2017 engine's two, then each registered ruleset's
/// `interface-`, `search-` and (with the server) `server-` rows.
pub fn names() -> Vec<String> {
    struct Names(Vec<String>);
    impl RulesetVisitor for Names {
        fn visit<R: Ruleset>(&mut self) {
            for kind in kinds::<R>() {
                self.0.push(format!("{kind}-{}", R::NAME));
            }
        }
    }
    let mut names = Names(vec!["base".into(), "every-set".into()]);
    visit_rulesets(&mut names);
    names.0
}

/// The kinds of workload a ruleset has: the server's only for the rulesets it stores
/// games of by their own name (a drafted 2017 game is stored as a 2017 game).
fn kinds<R: Ruleset>() -> Vec<&'static str> {
    let mut kinds = vec!["interface", "search"];
    if cfg!(feature = "server") && epic_rulesets::RULESETS.contains(&R::NAME) {
        kinds.push("server");
    }
    kinds
}

/// Runs workload `name` once with `seed`.
pub fn run(name: &str, seed: u64) -> CliResult<Done> {
    let count = match name {
        "base" | "every-set" => {
            let every_set = name == "every-set";
            let work = Workload::new(seed, 2, Variant::FreeForAll, 1, every_set);
            let games = if every_set {
                EVERY_SET_GAMES
            } else {
                BASE_GAMES
            };
            // The first game outside the count: it builds what is built once.
            play(&work, 0..1)?;
            measured(|| play(&work, 0..games))?.0
        }
        _ => {
            let mut visit = ByRuleset {
                name,
                seed,
                done: None,
            };
            visit_rulesets(&mut visit);
            visit.done.unwrap_or_else(|| {
                Err(CliError::input(format!(
                    "no workload '{name}': the workloads are {}",
                    names().join(", ")
                )))
            })?
        }
    };
    Ok(Done {
        workload: name.to_string(),
        count,
        unit: if name.starts_with("search-") {
            "iterations"
        } else {
            "decisions"
        },
    })
}

/// Runs the workload of the ruleset whose rows include `name`.
struct ByRuleset<'a> {
    name: &'a str,
    seed: u64,
    done: Option<CliResult<u64>>,
}

impl RulesetVisitor for ByRuleset<'_> {
    fn visit<R: Ruleset>(&mut self) {
        let Some(kind) = (self.name.strip_suffix(&format!("-{}", R::NAME)))
            .filter(|kind| kinds::<R>().contains(kind))
        else {
            return;
        };
        let seed = self.seed;
        self.done = match kind {
            "interface" => Some(ruleset_round::<R>(seed, 1).and_then(|_| {
                measured(|| ruleset_round::<R>(seed, INTERFACE_GAMES)).map(|(_, d)| d)
            })),
            "search" => Some(searched::<R>(seed)),
            #[cfg(feature = "server")]
            "server" => Some(served::<R>(seed)),
            _ => None,
        };
    }
}

/// One search decision (one thread, a fixed number of iterations, the ruleset's own
/// evaluation) some way into a random game; the iterations made.
fn searched<R: Ruleset>(seed: u64) -> CliResult<u64> {
    let game = (super::searched::positions::<R>(seed, 1)?.pop())
        .ok_or_else(|| CliError::input(format!("no {} game lasted to a search", R::NAME)))?;
    let seat = game.decider().unwrap_or_default();
    let config = SearchConfig {
        iterations: SEARCH_ITERATIONS,
        threads: 1,
        ..SearchConfig::default()
    };
    measured(|| search(&game, seat, &config, &RulesetEval, seed))
        .map(|r| r.iterations)
        .ok_or_else(|| CliError::input("the search found no decision"))
}

/// A random game's decisions as the server plays them, without the database: each
/// taken, told to every viewer in their words, and every viewer's message built as the
/// JSON its socket is sent; the decisions.
#[cfg(feature = "server")]
fn served<R: Ruleset>(seed: u64) -> CliResult<u64> {
    use epic_rulesets::AnyPlayed;
    use epic_server::store::{GameRow, SeatRow};
    use epic_server::tables::Live;
    let (setup, _) = usual_game::<R>(seed)?;
    let setup = serde_json::to_string(&setup).map_err(|e| CliError::input(e.to_string()))?;
    let failed = |e: epic_game::SetupError| CliError::input(e.to_string());
    let mut played = AnyPlayed::start(R::NAME, &setup).map_err(failed)?;
    let mut records = Vec::new();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    while played.decider().is_some() {
        let next = played
            .after(rng.gen_range(0..played.option_count()))
            .map_err(failed)?;
        records.push(next.record_json());
        played.take(next).map_err(failed)?;
    }
    let row = GameRow {
        id: "counted".into(),
        ruleset: R::NAME.into(),
        setup,
        creator: "bench".into(),
        status: "playing".into(),
        timer: "live".into(),
        move_seconds: 120,
        clock_seconds: 0,
        winners: None,
        turn: 0,
        decisions: 0,
        created: 0,
        updated: 0,
    };
    let seats = (0..played.seats())
        .map(|seat| SeatRow {
            seat,
            user_id: Some(format!("player{seat}")),
            player: Some(format!("Player {}", seat + 1)),
            ai: None,
            deck: String::new(),
            invite_hash: None,
            clock_ms: None,
        })
        .collect();
    let sent = measured(|| {
        let mut told = vec![0; played.seats() + 1];
        let mut bytes = 0;
        Live::rebuild_with(&row, "playing", seats, &records, |live| {
            for (i, from) in told.iter_mut().enumerate() {
                let viewer = (i < played.seats()).then_some(i as epic_game::Seat);
                let state = live.state(viewer, *from);
                bytes += serde_json::to_string(&state).map_or(0, |s| s.len());
                *from = live.log(viewer).len();
            }
        })
        .map(|_| bytes)
    });
    sent.map_err(CliError::input)?;
    Ok(records.len() as u64)
}
