//! The greedy bot's evaluation in team games.

use epic_engine::Game;

/// In Hydra the evaluation is a team's: a champion of the bot's teammate counts for the
/// bot, the same champion on the other team against it.
#[test]
fn a_teammates_champion_counts_as_the_bots_own() {
    use epic_engine::{ChampionSetup, Position, Variant};
    let pool = epic_cards::shared_pool();
    let kong = pool.by_name("Kong").unwrap();
    let troll = pool.by_name("Cave Troll").unwrap();
    let with_kong_at = |seat: usize| {
        let mut pos = Position::new(pool.clone(), 4);
        pos.rules.variant = Variant::Hydra;
        pos.rules.team_size = 2;
        for s in &mut pos.seats {
            s.health = pos.rules.seat_health();
            s.deck = vec![troll; 5];
        }
        pos.seats[seat].in_play.push(ChampionSetup::new(kong));
        Game::from_position(pos).unwrap()
    };
    let mine = epic_bots::eval::evaluate(&with_kong_at(1), 0);
    let theirs = epic_bots::eval::evaluate(&with_kong_at(2), 0);
    assert!(
        mine > theirs + 10.0,
        "teammate's Kong {mine}, opponent's {theirs}"
    );
}
