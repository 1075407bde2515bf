//! The search levels' speed: for every registered ruleset and every difficulty level
//! that searches, the level's own search (its iterations and time limit, one thread,
//! the ruleset's evaluation) on the same positions of random games, reported as
//! iterations per second. A level bounded by time makes more iterations on a faster
//! build; one bounded by iterations ends sooner.

use crate::error::{CliError, CliResult};
use epic_bots::players::RulesetEval;
use epic_bots::search::{search, SearchConfig};
use epic_game::Ruleset;
use epic_rulesets::{visit_rulesets, RulesetVisitor};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::Serialize;

/// Positions searched by each level: after this many random decisions of a game, then
/// as many again, and so on (the first decision from then with a choice).
const POSITIONS: usize = 4;
const APART: usize = 40;

/// One level's searches at one ruleset's usual table.
#[derive(Serialize)]
pub struct SearchReport {
    pub ruleset: &'static str,
    pub level: &'static str,
    pub decisions: usize,
    pub iterations_per_decision: f64,
    pub iterations_per_second: f64,
    /// The mean time of a decision, in milliseconds.
    pub decision_ms: f64,
}

/// Every registered ruleset's rows, each level in [`epic_bots::LEVELS`] that searches.
pub fn search_rows(seed: u64, mut each: impl FnMut(&str)) -> CliResult<Vec<SearchReport>> {
    struct Rows<'a> {
        seed: u64,
        each: &'a mut dyn FnMut(&str),
        rows: Vec<SearchReport>,
        failed: Option<CliError>,
    }
    impl RulesetVisitor for Rows<'_> {
        fn visit<R: Ruleset>(&mut self) {
            if self.failed.is_some() {
                return;
            }
            match positions::<R>(self.seed, POSITIONS) {
                Ok(positions) => {
                    for level in epic_bots::LEVELS {
                        let Some(config) = epic_bots::search_config(level) else {
                            continue;
                        };
                        (self.each)(&format!("search: {} at {level}", R::NAME));
                        self.rows
                            .push(searched(&positions, level, config, self.seed));
                    }
                }
                Err(e) => self.failed = Some(e),
            }
        }
    }
    let mut rows = Rows {
        seed,
        each: &mut each,
        rows: Vec::new(),
        failed: None,
    };
    visit_rulesets(&mut rows);
    match rows.failed {
        Some(e) => Err(e),
        None => Ok(rows.rows),
    }
}

/// How many rows [`search_rows`] reports.
pub fn row_count() -> u64 {
    let levels = (epic_bots::LEVELS.iter())
        .filter(|l| epic_bots::search_config(l).is_some())
        .count();
    super::ruleset_count() * levels as u64
}

/// `count` positions to search: some way into random games of a ruleset's usual
/// table, each with a choice for the seat deciding.
pub(super) fn positions<R: Ruleset>(seed: u64, count: usize) -> CliResult<Vec<R>> {
    let mut positions = Vec::new();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    for game_seed in seed..seed.saturating_add(100) {
        if positions.len() == count {
            break;
        }
        let (_, mut game) = super::usual_game::<R>(game_seed)?;
        let mut played = 0;
        while game.decider().is_some() && positions.len() < count {
            let n = game.options().len();
            if played >= APART && n > 1 {
                positions.push(game.clone());
                played = 0;
            }
            game.apply_option(rng.gen_range(0..n))
                .map_err(|e| CliError::input(e.to_string()))?;
            played += 1;
        }
    }
    Ok(positions)
}

/// `level`'s search on one thread on each of `positions`.
fn searched<R: Ruleset>(
    positions: &[R],
    level: &'static str,
    config: SearchConfig,
    seed: u64,
) -> SearchReport {
    let config = SearchConfig {
        threads: 1,
        ..config
    };
    let (mut iterations, mut seconds, mut decisions) = (0, 0.0, 0);
    for game in positions {
        let Some(seat) = game.decider() else { continue };
        if let Some(result) = search(game, seat, &config, &RulesetEval, seed) {
            iterations += result.iterations;
            seconds += result.elapsed.as_secs_f64();
            decisions += 1;
        }
    }
    let per = |x: f64, n: f64| if n > 0.0 { x / n } else { 0.0 };
    SearchReport {
        ruleset: R::NAME,
        level,
        decisions,
        iterations_per_decision: per(iterations as f64, decisions as f64),
        iterations_per_second: per(iterations as f64, seconds),
        decision_ms: per(seconds * 1000.0, decisions as f64),
    }
}
