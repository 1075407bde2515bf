//! Non-interference for the classic game: two games whose deck lists differ by two cards
//! traded within one list give a seat identical output — its view, the pending decision,
//! its options in words, the label of every decision as it may read it, and the game a
//! search samples for it — until one of the two cards comes into its sight.

mod common;

use common::decks;
use epic_classic::{classic_pool, Choice, ClassicGame};
use epic_game::{Seat, State};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

#[test]
fn a_seat_learns_nothing_of_cards_it_cannot_see() {
    let games: u64 = std::env::var("EPIC_PROPERTY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut compared = 0usize;
    for seed in 0..games {
        let players = if seed % 3 == 2 { 4 } else { 2 };
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let a_decks = decks(players, seed);
        // Two cards of different names trade places in one player's list.
        let owner = rng.gen_range(0..players);
        let list = &a_decks[owner];
        let i = rng.gen_range(0..list.len());
        let Some(j) = (0..list.len())
            .filter(|&j| list[j] != list[i])
            .collect::<Vec<_>>()
            .choose(&mut rng)
            .copied()
        else {
            continue;
        };
        let mut b_decks = a_decks.clone();
        b_decks[owner].swap(i, j);
        let mut a = ClassicGame::new(classic_pool(), &a_decks, seed).expect("setup");
        let mut b = ClassicGame::new(classic_pool(), &b_decks, seed).expect("setup");
        // The objects whose card differs between the two games.
        let differing: Vec<u16> = (0..a.card_count() as u16)
            .filter(|&o| a.obj(o).card != b.obj(o).card)
            .collect();
        assert_eq!(differing.len(), 2, "seed {seed}");
        let seat: Seat = (seed % players as u64) as Seat;
        for step in 0..3000 {
            if differing
                .iter()
                .any(|&o| a.visible_to(o, seat) || b.visible_to(o, seat))
            {
                break;
            }
            assert_eq!(a.view(seat), b.view(seat), "seed {seed}, decision {step}");
            if step % 50 == 0 {
                assert_eq!(
                    a.sample_for(seat, step).digest(),
                    b.sample_for(seat, step).digest(),
                    "seed {seed}: the sample for the seat differs at decision {step}"
                );
            }
            compared += 1;
            let Some(decider) = a.decider() else { break };
            let options: Vec<Choice> = a.options().to_vec();
            let c = *options.choose(&mut rng).expect("options");
            if !b.options().contains(&c) {
                // A decision only one game offers is another's hidden choice: stop here.
                assert_ne!(decider, seat, "seed {seed}: the seat's own options differ");
                break;
            }
            assert_eq!(a.label_for(c, seat), b.label_for(c, seat), "seed {seed}");
            a.apply(c).expect("offered");
            b.apply(c).expect("offered");
        }
    }
    assert!(compared > 1000, "too few decisions compared: {compared}");
}
