//! Helpers for setting positions up in the bots' tests.

use epic_engine::Game;

/// A base-set card by name.
pub fn card(name: &str) -> epic_engine::model::CardId {
    epic_cards::base_pool().by_name(name).unwrap()
}

/// Applies the option whose label starts with `label`.
pub fn choose(game: &mut Game, label: &str) {
    let i = game
        .labels()
        .iter()
        .position(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no option `{label}` in {:?}", game.labels()));
    game.apply_option(i).unwrap();
}
