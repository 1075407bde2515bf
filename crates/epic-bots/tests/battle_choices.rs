//! The battle decisions the engine leaves to players (4.4.11a, 4.4.11b): the greedy bot
//! answers them sensibly.

mod common;

use epic_bots::{GreedyBot, Player};
use epic_engine::{ChampionSetup, DecisionKind, Game, Position};
use std::sync::Arc;

use common::{card, choose};

/// Triceratops (10/10, breakthrough) attacks; Fire Shaman (3/2) blocks.
fn blocked_breakthrough() -> Game {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].in_play = vec![ChampionSetup::new(card("Triceratops"))];
    pos.seats[0].hand = vec![card("Fireball")];
    pos.seats[1].in_play = vec![ChampionSetup::new(card("Fire Shaman"))];
    pos.seats[1].hand = vec![card("Fireball")];
    let mut game = Game::from_position(pos).unwrap();
    choose(&mut game, "Declare a battle");
    choose(&mut game, "Attack with Triceratops");
    choose(&mut game, "Pass");
    choose(&mut game, "Pass");
    choose(&mut game, "Block with Fire Shaman");
    choose(&mut game, "Pass");
    choose(&mut game, "Pass");
    game
}

#[test]
fn greedy_sends_breakthrough_excess_to_the_defending_player() {
    let mut game = blocked_breakthrough();
    assert_eq!(game.decision_kind(), Some(DecisionKind::ExcessDamage));
    let choice = GreedyBot::new(1).choose(&game);
    assert_eq!(game.label(choice), "Apply 8 excess damage to Player 2");
    game.apply(choice).unwrap();
    assert_eq!(game.state().player(1).health, 22);
}
