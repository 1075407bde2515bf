//! Non-interference for the multiverse game: two games whose deck lists differ by two
//! cards traded within one list give a seat identical output — its view, its options in
//! words, the label of every decision as it may read it, its observation tensor, action
//! mask and action features, and the game a search samples for it — until one of the two
//! cards comes into its sight (its hand, play, a holding area or graveyard, a hand shown).

use epic_game::actions::{Tensors, MAX_ACTIONS};
use epic_game::{Ruleset, Seat, State, TableRequest};
use epic_multiverse::{CardId, Choice, MultiverseGame, MultiverseSetup};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The cards `seat` can see, zone by zone, in order.
fn seen(g: &MultiverseGame, seat: Seat) -> Vec<CardId> {
    let mut cards = Vec::new();
    for s in 0..g.seats() as Seat {
        let p = g.player(s);
        cards.extend(p.footholds.iter().map(|f| f.card));
        cards.extend(p.characters.iter().chain(&p.holding).map(|c| c.card));
        cards.extend(&p.graveyard);
        cards.extend(&p.shown);
        cards.extend(&p.removed);
        if s == seat {
            cards.extend(&p.hand);
        }
    }
    cards
}

fn tensors(g: &MultiverseGame, seat: Seat) -> (Vec<u32>, Vec<u8>, Vec<u32>) {
    let mut obs = vec![0.0f32; g.observation_len()];
    let mut mask = vec![0; MAX_ACTIONS];
    let mut features = vec![0.0f32; MAX_ACTIONS * MultiverseGame::ACTION_FEATURES];
    g.write_observation(seat, &mut obs);
    Tensors::write_actions(g, seat, &mut mask, Some(&mut features));
    let bits = |v: Vec<f32>| v.into_iter().map(f32::to_bits).collect();
    (bits(obs), mask, bits(features))
}

fn view(g: &MultiverseGame, seat: Seat) -> String {
    serde_json::to_string(&Ruleset::view(g, Some(seat))).unwrap()
}

#[test]
fn a_seat_learns_nothing_of_cards_it_cannot_see() {
    let mut compared = 0usize;
    for seed in 0..200u64 {
        let players = if seed % 3 == 2 { 3 } else { 2 };
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let a_setup = MultiverseGame::setup(&TableRequest::of(players, seed)).unwrap();
        let owner = rng.gen_range(0..players);
        let list = &a_setup.seats[owner].cards;
        let i = rng.gen_range(0..list.len());
        let Some(j) = (0..list.len())
            .filter(|&j| list[j] != list[i])
            .collect::<Vec<_>>()
            .choose(&mut rng)
            .copied()
        else {
            continue;
        };
        let mut b_setup: MultiverseSetup = a_setup.clone();
        b_setup.seats[owner].cards.swap(i, j);
        let mut a = a_setup.start().unwrap();
        let mut b = b_setup.start().unwrap();
        let seat = (seed % players as u64) as Seat;
        for step in 0..3000 {
            if seen(&a, seat) != seen(&b, seat) {
                break;
            }
            let what = format!("seed {seed}, seat {}, decision {step}", seat + 1);
            assert_eq!(view(&a, seat), view(&b, seat), "{what}");
            assert!(tensors(&a, seat) == tensors(&b, seat), "{what}: tensors");
            if step % 25 == 0 {
                assert_eq!(
                    a.sample_for(seat, step).digest(),
                    b.sample_for(seat, step).digest(),
                    "{what}: the sample"
                );
            }
            compared += 1;
            let Some(decider) = a.decider() else { break };
            let options: Vec<Choice> = a.options().to_vec();
            let c = *options.choose(&mut rng).unwrap();
            if !b.options().contains(&c) {
                assert_ne!(decider, seat, "{what}: the seat's own options differ");
                break;
            }
            assert_eq!(a.label(c, seat), b.label(c, seat), "{what}");
            a.apply(c).unwrap();
            b.apply(c).unwrap();
        }
    }
    assert!(compared > 1000, "too few decisions compared: {compared}");
}
