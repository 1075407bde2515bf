//! Non-interference for the classic game: two games whose deck lists differ by two cards
//! traded within one list give a seat identical output — its view, the pending decision,
//! its options in words, the label of every decision as it may read it, its observation
//! tensor, action mask and action features, and the game a search samples for it — until
//! one of the two cards comes into its sight. The same for
//! two games that differ in a champion face down (veiled).

mod common;

use common::decks;
use epic_classic::state::Step;
use epic_classic::{classic_pool, Choice, ClassicGame, Placed, Position, SeatSetup};
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
        let differing = (0..a.card_count() as u16)
            .filter(|&o| a.obj(o).card != b.obj(o).card)
            .count();
        assert_eq!(differing, 2, "seed {seed}");
        let seat: Seat = (seed % players as u64) as Seat;
        compared += compare(&mut a, &mut b, seat, &mut rng, &format!("seed {seed}"));
    }
    assert!(compared > 1000, "too few decisions compared: {compared}");
}

/// Plays the same random choices in two games that differ only in cards `seat` cannot
/// see, checking that everything the seat is shown is the same, until one of those cards
/// comes into its sight or a choice is offered in one game only. How many decisions
/// were compared.
fn compare(
    a: &mut ClassicGame,
    b: &mut ClassicGame,
    seat: Seat,
    rng: &mut Pcg64Mcg,
    what: &str,
) -> usize {
    let differing: Vec<u16> = (0..a.card_count() as u16)
        .filter(|&o| a.obj(o).card != b.obj(o).card)
        .collect();
    assert!(!differing.is_empty(), "{what}: the games are the same");
    let mut compared = 0;
    for step in 0..3000 {
        if differing
            .iter()
            .any(|&o| a.visible_to(o, seat) || b.visible_to(o, seat))
        {
            break;
        }
        assert_eq!(a.view(seat), b.view(seat), "{what}, decision {step}");
        assert!(
            tensors(a, seat) == tensors(b, seat),
            "{what}: the seat's tensors differ at decision {step}"
        );
        if step % 50 == 0 {
            assert_eq!(
                a.sample_for(seat, step).digest(),
                b.sample_for(seat, step).digest(),
                "{what}: the sample for the seat differs at decision {step}"
            );
        }
        compared += 1;
        let Some(decider) = a.decider() else { break };
        let options: Vec<Choice> = a.options().to_vec();
        let c = *options.choose(rng).expect("options");
        if !b.options().contains(&c) {
            // A decision only one game offers is another's hidden choice: stop here.
            assert_ne!(decider, seat, "{what}: the seat's own options differ");
            break;
        }
        assert_eq!(a.label_for(c, seat), b.label_for(c, seat), "{what}");
        a.apply(c).expect("offered");
        b.apply(c).expect("offered");
    }
    compared
}

/// The observation tensor, action mask and action features (`epic_classic::tensor`), as
/// bits, so that equal numbers compare equal.
fn tensors(g: &ClassicGame, seat: Seat) -> (Vec<u32>, Vec<u8>, Vec<u32>) {
    use epic_classic::tensor::{Layout, ACTION_FEATURES};
    use epic_game::actions::MAX_ACTIONS;
    let mut obs = vec![0.0f32; Layout::of(g).observation_len()];
    let mut mask = vec![0; MAX_ACTIONS];
    let mut features = vec![0.0f32; MAX_ACTIONS * ACTION_FEATURES];
    g.write_observation(seat, &mut obs);
    g.write_actions(seat, &mut mask, Some(&mut features));
    let bits = |v: Vec<f32>| v.into_iter().map(f32::to_bits).collect();
    (bits(obs), mask, bits(features))
}

/// A champion face down (ruling C-10) is one of two in the two games, the other in its
/// owner's hand: the other player sees, is offered and samples the same until it is
/// unveiled.
#[test]
fn a_face_down_champion_is_hidden_until_unveiled() {
    let pool = classic_pool();
    let id = |name: &str| pool.id(name).expect("card");
    let mut compared = 0;
    for seed in 0..200u64 {
        // The same cards hidden from Player 2 in both: the two trade places.
        let game = |veiled: &str, held: &str| {
            let p1 = SeatSetup {
                hand: vec![id("Ember Bolt"), id(held)],
                deck: vec![id("Iron Golem"); 8],
                in_play: vec![Placed {
                    veiled: true,
                    ..Placed::new(id(veiled))
                }],
                ..SeatSetup::default()
            };
            let p2 = SeatSetup {
                hand: vec![id("Ember Bolt"), id("Tidecaller"), id("Sap Strength")],
                deck: vec![id("Thornback"); 8],
                in_play: vec![Placed::new(id("Iron Golem"))],
                ..SeatSetup::default()
            };
            let pos = Position {
                seats: vec![p1, p2],
                active: (seed % 2) as Seat,
                step: Step::Build,
                turn: 3,
                rules: Default::default(),
            };
            ClassicGame::from_position(pool.clone(), &pos, seed).expect("position")
        };
        let mut a = game("Masked Duelist", "Hidden Sentinel");
        let mut b = game("Hidden Sentinel", "Masked Duelist");
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        compared += compare(&mut a, &mut b, 1, &mut rng, &format!("seed {seed}"));
    }
    assert!(compared > 400, "too few decisions compared: {compared}");
}
