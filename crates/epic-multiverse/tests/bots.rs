//! The bots play the multiverse game: greedy, which tries every option one ply ahead,
//! ends its games (no option may be taken forever without changing the game) and beats
//! random.

use epic_bots::players::{play_to_end, ruleset_player, Player};
use epic_game::{Ruleset, State, TableRequest};
use epic_multiverse::MultiverseGame;

#[test]
fn greedy_ends_its_games_and_beats_random() {
    let mut wins = 0;
    for seed in 0..40u64 {
        let setup = MultiverseGame::setup(&TableRequest::of(2, seed)).unwrap();
        let mut game = setup.start().unwrap();
        let greedy = (seed % 2) as u8;
        let mut players: Vec<Box<dyn Player<MultiverseGame>>> = vec![
            ruleset_player("random", seed).unwrap(),
            ruleset_player("random", seed).unwrap(),
        ];
        players[usize::from(greedy)] = ruleset_player("greedy", seed).unwrap();
        let decisions = play_to_end(&mut game, &mut players, 5_000);
        assert!(
            decisions.is_some(),
            "game {seed} did not end in 5,000 decisions"
        );
        if game.winners() == Some(&[greedy][..]) {
            wins += 1;
        }
    }
    assert!(wins >= 36, "greedy won {wins} of 40");
}
