//! Mistakes the greedy bot was seen to make, each set up as a position with the answer
//! it must give now.

mod common;

use epic_bots::{GreedyBot, Player};
use epic_engine::{ChampionSetup, Choice, Game, Position};
use std::sync::Arc;

use common::{card, choose};

/// At the end of the opponent's turn, Lash (deal 1 damage, +4 offense this turn) or
/// Fireball on the opponent's Thundarus (10/15) gains nothing and spends a card. The
/// evaluation once counted only the opponent's prepared champions as a threat while it
/// was still their turn, so a play that kept the turn from ending looked 30 points
/// better than passing.
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
    choose(&mut game, "End the turn");
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

/// Sea Titan (11/14) and Juggernaut (9/3, breakthrough) attack a player at 10 health
/// with Warrior Golem (4/2) and Muse (2/2) ready. A block stops the whole attack (4.4.6a)
/// and only Juggernaut's damage beyond the blockers carries through (4.4.11a): block
/// with either and the defender lives. The evaluation once let every attacker's damage
/// past the blockers as soon as one had breakthrough, so every answer looked lost, and
/// greedy picked among them at random — often not blocking at all.
#[test]
fn greedy_blocks_when_a_block_saves_the_game() {
    // Every tie-break seed: a bot that saw all answers as equal would pick "Do not
    // block" with some of them.
    for seed in 0..12 {
        let mut game = titan_and_juggernaut_attack();
        defend_with_greedy(&mut game, 1, seed, |game, c| {
            let blocking = game.decision().unwrap().kind == epic_engine::DecisionKind::Blockers;
            if blocking && game.state().declaring.is_empty() {
                assert_ne!(c, Choice::Done, "seed {seed}: greedy did not block");
            }
        });
        assert!(
            game.state().player(1).health > 0,
            "seed {seed}: the defender died"
        );
    }
}

/// Plays a battle out: greedy (tie-break `seed`) decides for `seat`, shown each choice
/// before it is made by `check`; the attacker takes its first option every time.
fn defend_with_greedy(game: &mut Game, seat: u8, seed: u64, mut check: impl FnMut(&Game, Choice)) {
    let mut greedy = GreedyBot::new(seed);
    while let Some(d) = game.decision() {
        if d.player == seat {
            let c = greedy.choose(game);
            check(game, c);
            game.apply(c).unwrap();
        } else if game.state().battle.is_none() {
            break; // the battle is over
        } else {
            let first = game.options()[0];
            game.apply(first).unwrap();
        }
    }
}

fn titan_and_juggernaut_attack() -> Game {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].in_play = vec![
        ChampionSetup::new(card("Sea Titan")),
        ChampionSetup::new(card("Juggernaut")),
    ];
    pos.seats[0].deck = vec![card("Fireball"); 5];
    pos.seats[1].in_play = vec![
        ChampionSetup::new(card("Warrior Golem")),
        ChampionSetup::new(card("Muse")),
    ];
    pos.seats[1].health = 10;
    pos.seats[1].deck = vec![card("Fireball"); 5];
    // A card in hand it cannot pay for keeps the defender asked before damage, so the
    // battle is not over by the time greedy scores its answer.
    pos.seats[1].hand = vec![card("White Knight")];
    pos.seats[1].gold = 0;
    let mut game = Game::from_position(pos).unwrap();
    game.set_undo(false);
    choose(&mut game, "Declare a battle");
    choose(&mut game, "Attack with Sea Titan");
    choose(&mut game, "Attack with Juggernaut");
    game
}

/// Losing to three big champions with Angel of Death and two Evil cards in hand: its
/// loyalty breaks every other champion, the one play that turns the game. Greedy was seen
/// holding it while it lost; it must play it and reveal for its loyalty, whatever its
/// tie-break seed.
#[test]
fn greedy_plays_angel_of_death_to_clear_a_losing_board() {
    for seed in 0..8 {
        let pool = Arc::new(epic_cards::base_pool().clone());
        let mut pos = Position::new(pool, 2);
        pos.seats[0].hand = vec![card("Angel of Death"), card("Medusa"), card("Bitten")];
        pos.seats[0].health = 9;
        pos.seats[0].deck = vec![card("Fireball"); 5];
        pos.seats[1].in_play = ["Thundarus", "Sea Titan", "Kong"]
            .iter()
            .map(|n| ChampionSetup::new(card(n)))
            .collect();
        pos.seats[1].deck = vec![card("Fireball"); 5];
        let mut game = Game::from_position(pos).unwrap();
        game.set_undo(false);
        let mut greedy = GreedyBot::new(seed);
        // Greedy plays its turn's decisions until it passes or the board is clear.
        for _ in 0..12 {
            if game.decision().unwrap().player != 0 || game.state().in_play.len() <= 1 {
                break;
            }
            let c = greedy.choose(&game);
            game.apply(c).unwrap();
        }
        let theirs = game
            .state()
            .in_play
            .iter()
            .filter(|&&o| game.state().obj(o).controller == 1)
            .count();
        assert_eq!(
            theirs, 0,
            "seed {seed}: greedy left the opponent's board standing"
        );
    }
}

/// Attacked for more than its health with no blocker, holding Bitten ("draw two cards,
/// or: break target champion"): breaking the attacker saves the game, drawing two does
/// not. Greedy was seen spending such events on their draw in the middle of a battle.
#[test]
fn greedy_breaks_a_lethal_attacker_rather_than_draw() {
    for seed in 0..8 {
        let pool = Arc::new(epic_cards::base_pool().clone());
        let mut pos = Position::new(pool, 2);
        pos.active = 1;
        pos.seats[0].hand = vec![card("Bitten")];
        pos.seats[0].health = 8;
        pos.seats[0].deck = vec![card("Fireball"); 5];
        pos.seats[1].in_play = vec![ChampionSetup::new(card("Thundarus"))];
        pos.seats[1].deck = vec![card("Fireball"); 5];
        let mut game = Game::from_position(pos).unwrap();
        game.set_undo(false);
        choose(&mut game, "Declare a battle");
        choose(&mut game, "Attack with Thundarus");
        defend_with_greedy(&mut game, 0, seed, |_, _| {});
        assert_eq!(
            game.state().player(0).health,
            8,
            "seed {seed}: greedy took the hit"
        );
        assert_eq!(
            game.state().player(0).hand.len(),
            0,
            "seed {seed}: greedy drew instead of breaking Thundarus"
        );
    }
}
