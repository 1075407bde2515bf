//! The counts a setup can make grow have limits, refused with an error at setup rather
//! than wrapping inside the game (docs/rulings.md R-11).

use epic_engine::{Game, Position, RulesConfig, Setup, SetupError, MAX_CARDS};

fn cave_troll() -> epic_engine::model::CardId {
    epic_cards::shared_pool().by_name("Cave Troll").unwrap()
}

#[test]
fn decks_beyond_the_card_limit_are_refused_at_setup() {
    let pool = epic_cards::shared_pool();
    // Two decks of 32,768 cards: more than 65,536 in all, which 16-bit object ids wrap.
    let decks = vec![vec![cave_troll(); 32_768]; 2];
    let err = Game::new(Setup::new(pool.clone(), decks, 1)).unwrap_err();
    assert_eq!(
        err,
        SetupError::TooManyCards {
            count: 65_536,
            max: MAX_CARDS
        }
    );
    assert!(err.to_string().contains("at most 50000"), "{err}");
    // At the limit a game is set up.
    let decks = vec![vec![cave_troll(); MAX_CARDS / 2]; 2];
    assert!(Game::new(Setup::new(pool.clone(), decks, 1)).is_ok());
    // A position is held to the same limit.
    let mut pos = Position::new(pool, 2);
    pos.seats[0].deck = vec![cave_troll(); MAX_CARDS + 1];
    assert!(matches!(
        Game::from_position(pos),
        Err(SetupError::TooManyCards { .. })
    ));
}

#[test]
fn a_starting_health_no_format_uses_is_refused() {
    let pool = epic_cards::shared_pool();
    for health in [0, -5, 1_000_001, i32::MAX] {
        let mut setup = Setup::new(pool.clone(), vec![vec![cave_troll(); 30]; 2], 1);
        setup.rules = RulesConfig {
            starting_health: health,
            ..RulesConfig::default()
        };
        let err = Game::new(setup).unwrap_err();
        assert_eq!(err, SetupError::StartingHealth(health));
    }
}
