//! Mistakes the greedy bot was seen to make, each set up as a position with the answer
//! it must give now.

use epic_bots::{Bot, GreedyBot};
use epic_engine::{ChampionSetup, Choice, Game, Position};
use std::sync::Arc;

fn card(name: &str) -> epic_engine::model::CardId {
    epic_cards::base_pool().by_name(name).unwrap()
}

/// Applies the option whose label starts with `label`.
fn choose(game: &mut Game, label: &str) {
    let i = game
        .labels()
        .iter()
        .position(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no option `{label}` in {:?}", game.labels()));
    game.apply_option(i).unwrap();
}

/// At the end of the opponent's turn, Lash (deal 1 damage, +4 offense this turn) on
/// the opponent's 7/7 gains nothing and spends a card. The evaluation once counted only
/// the opponent's prepared champions as a threat while it was still their turn, so a
/// play that kept the turn from ending looked 30 points better than passing.
#[test]
fn greedy_does_not_lash_an_opponent_at_the_end_of_their_turn() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.active = 1;
    pos.seats[0].hand = vec![card("Lash"), card("Fireball")];
    pos.seats[0].deck = vec![card("Fireball"); 5];
    pos.seats[0].health = 12;
    pos.seats[1].in_play = vec![ChampionSetup {
        expended: true,
        ..ChampionSetup::new(card("Thundarus"))
    }];
    pos.seats[1].deck = vec![card("Fireball"); 5];
    pos.seats[1].hand = vec![card("White Knight")];
    pos.seats[1].gold = 0;
    let mut game = Game::from_position(pos).unwrap();
    game.set_undo(false);
    choose(&mut game, "End turn");
    assert_eq!(game.decision().unwrap().player, 0);
    assert!(matches!(
        game.state().step,
        epic_engine::state::Step::Initiative {
            window: epic_engine::state::Window::EndResponse,
            ..
        }
    ));
    let choice = GreedyBot::new(1).choose(&game);
    assert!(
        !matches!(choice, Choice::Play { .. }),
        "greedy played {} at the end of the opponent's turn",
        game.label(choice)
    );
}
