//! Computer players for Epic.
//!
//! A bot ([`Player`]) drives a game only through the decision interface: it is handed
//! the game when its seat must decide and returns one of its options. The 2017 game's:
//!
//! - [`RandomBot`]: uniform over the legal options, from a seeded generator. The baseline
//!   every other bot must beat.
//! - [`GreedyBot`]: tries each option on a sample of the game its seat cannot tell
//!   from the real one and keeps the one whose resulting position scores best under a
//!   documented evaluation ([`eval`]).
//! - [`IsmctsBot`]: Information Set Monte Carlo Tree Search ([`search`]), valued by the
//!   same evaluation; the difficulty levels `easy`, `medium` and `hard` are budgets of it.
//!
//! Every bot decides from its own seat's view only (`tests/no_cheating.rs`). [`ladder`]
//! rates bots against each other.
//!
//! [`bot_by_name`] builds any of them from its name, for the command line and
//! simulations.
//! Drafts have their own players, [`drafter`]: each bot's name also names a drafter.

pub mod drafter;
pub use epic_engine::eval;
mod greedy;
mod ismcts;
pub mod ladder;
pub mod players;
mod random;
pub mod search;

pub use greedy::GreedyBot;
pub use ismcts::{IsmctsBot, WinChance};
pub use random::RandomBot;

use epic_engine::Game;
pub use players::Player;
use search::SearchConfig;
use std::time::Duration;

/// The names [`bot_by_name`] accepts: the bots, then the difficulty levels.
pub const BOT_NAMES: [&str; 6] = ["random", "greedy", "ismcts", "easy", "medium", "hard"];

/// The difficulty levels a player picks from where anyone may start a game (the server):
/// each is bounded in iterations and in time ([`search_config`]), so none can pin a core
/// for long. `ismcts` and `ismcts@N`, whose searches have no time limit, are for
/// analysis and experiments at the command line.
pub const LEVELS: [&str; 5] = ["random", "greedy", "easy", "medium", "hard"];

/// The level `name` names (case and spaces aside) if it is one of [`LEVELS`].
pub fn level(name: &str) -> Option<&'static str> {
    let key = name.trim();
    LEVELS.into_iter().find(|l| l.eq_ignore_ascii_case(key))
}

/// Why [`bot_by_name`] refused a name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown bot '{0}'; expected one of: random, greedy, ismcts, easy, medium, hard, or \
     ismcts@N for a search of N iterations (1 to 10000000)"
)]
pub struct UnknownBot(pub String);

/// The search settings of a search bot or difficulty level, by name; `ismcts@N` is the
/// search with a budget of `N` iterations (1 to 10,000,000) and no time limit.
///
/// - `easy`: 40 iterations (time limit 0.01 s): a search too short to see far, weaker than
///   greedy — an opponent to learn against.
/// - `medium`: 2,000 iterations, a time limit of 0.05 s a decision.
/// - `hard`: 10,000 iterations, a time limit of 0.25 s a decision.
/// - `ismcts`: 2,000 iterations and no time limit, so its play never depends on timing.
///
/// The README's "Bots" section gives each one's measured strength.
pub fn search_config(name: &str) -> Option<SearchConfig> {
    if let Some(n) = name.strip_prefix("ismcts@") {
        let iterations = n.parse().ok().filter(|n| (1..=10_000_000).contains(n))?;
        return Some(SearchConfig {
            iterations,
            ..SearchConfig::default()
        });
    }
    let (iterations, time) = match name {
        "ismcts" => (2_000, None),
        "easy" => (40, Some(0.01)),
        "medium" => (2_000, Some(0.05)),
        "hard" => (10_000, Some(0.25)),
        _ => return None,
    };
    Some(SearchConfig {
        iterations,
        time: time.map(Duration::from_secs_f64),
        ..SearchConfig::default()
    })
}

/// Builds a bot from its name, seeded so that the same seed gives the same play. A
/// search bot searches on one thread.
pub fn bot_by_name(name: &str, seed: u64) -> Result<Box<dyn Player<Game>>, UnknownBot> {
    bot_by_name_threaded(name, seed, 1)
}

/// [`bot_by_name`], a search bot growing `threads` trees side by side (its iteration
/// budget shared among them), for a player waiting on it at the terminal.
pub fn bot_by_name_threaded(
    name: &str,
    seed: u64,
    threads: usize,
) -> Result<Box<dyn Player<Game>>, UnknownBot> {
    let key = name.trim().to_ascii_lowercase();
    match key.as_str() {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "greedy" => Ok(Box::new(GreedyBot::new(seed))),
        _ => match search_config(&key) {
            Some(config) => Ok(Box::new(IsmctsBot::new(
                &key,
                SearchConfig {
                    threads: threads.max(1),
                    ..config
                },
                seed,
            ))),
            None => Err(UnknownBot(name.to_string())),
        },
    }
}

/// Plays a whole game with one bot per seat and returns the number of decisions taken,
/// or `None` if the game did not end within `max_decisions` (a guard against a rules
/// loop; no real game comes near it): [`players::play_to_end`] with the 2017 bots.
pub fn play_out(
    game: &mut Game,
    bots: &mut [Box<dyn Player<Game>>],
    max_decisions: usize,
) -> Option<usize> {
    players::play_to_end(game, bots, max_decisions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_bounded_in_iterations_and_time() {
        for name in LEVELS {
            assert!(bot_by_name(name, 0).is_ok(), "{name} is a bot");
            if let Some(c) = search_config(name) {
                assert!(
                    c.iterations <= 10_000,
                    "{name}: {} iterations",
                    c.iterations
                );
                let time = c.time.unwrap_or_else(|| panic!("{name} has no time limit"));
                assert!(time <= Duration::from_millis(250), "{name}: {time:?}");
            }
        }
        assert_eq!(level(" Hard "), Some("hard"));
        assert_eq!(level("ismcts"), None, "no time limit");
        assert_eq!(level("ismcts@10000000"), None);
        assert_eq!(level("hard2"), None);
    }
}
