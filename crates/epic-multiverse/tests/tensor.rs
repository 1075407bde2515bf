//! The observation tensor of the multiverse game holds what is in play beside the
//! characters: the items on each character and the incidents in play, by card and by
//! the character they aim at.

mod common;

use common::*;
use epic_game::Seat;
use epic_multiverse::state::Step;
use epic_multiverse::tensor::{Layout, CHARACTER_FEATURES, CHARACTER_SLOTS, COUNT_BLOCKS_PER_SEAT};
use epic_multiverse::{MultiverseGame, Placed, Position};

/// `seat`'s observation, with the start of its card counts and of its character rows.
fn observe(g: &MultiverseGame, seat: Seat) -> (Vec<f32>, usize, usize) {
    let layout = Layout::of(g);
    let mut obs = vec![0.0; layout.observation_len()];
    g.write_observation(seat, &mut obs);
    let at = |name| layout.sections().iter().find(|s| s.0 == name).unwrap().1;
    (obs, at("card_counts"), at("characters"))
}

/// The count of `card` in block `block` of the seat at `place` from the observer.
fn counted(
    g: &MultiverseGame,
    obs: &(Vec<f32>, usize, usize),
    place: usize,
    block: usize,
    card: &str,
) -> f32 {
    let cards = g.pool().len();
    let id = usize::from(g.pool().id(card).unwrap());
    obs.0[obs.1 + (place * COUNT_BLOCKS_PER_SEAT + block) * cards + id]
}

/// Feature `f` of the first character of the seat at `place` from the observer.
fn feature(obs: &(Vec<f32>, usize, usize), place: usize, f: usize) -> f32 {
    obs.0[obs.2 + place * CHARACTER_SLOTS * CHARACTER_FEATURES + f]
}

#[test]
fn items_on_a_character_are_counted_by_card_and_on_its_row() {
    let mut pos = Position::new(2);
    pos.step = Step::Recruit;
    pos.seats[0].hand = vec!["Arc Pistol".into()];
    pos.seats[0].footholds = vec![("Crimson Gate".into(), false); 3];
    pos.seats[0].characters = vec![Placed::new("Mirror Weaver")];
    pos.seats[1].characters = vec![Placed::new("Bog Hulk")];
    let mut g = start(&pos);
    let before = observe(&g, 1);
    assert_eq!(counted(&g, &before, 1, 3, "Arc Pistol"), 0.0);
    take(&mut g, &["Equip Mirror Weaver with Arc Pistol (tap 2 red)"]);
    // Seen by the other seat: seat 0 sits one place from it.
    let after = observe(&g, 1);
    assert_eq!(counted(&g, &after, 1, 3, "Arc Pistol"), 1.0);
    assert_eq!(feature(&after, 1, 19), 1.0, "one working item");
    assert_eq!(feature(&after, 1, 20), 0.0, "none out of use");
    assert_eq!(feature(&after, 0, 19), 0.0, "Bog Hulk holds none");
}

#[test]
fn an_incident_in_play_is_counted_by_card_and_on_the_row_it_aims_at() {
    let mut pos = Position::new(2);
    pos.seats[0].hand = vec!["Cybernetic Graft".into()];
    pos.seats[0].footholds = vec![("Azure Gate".into(), false); 4];
    pos.seats[0].characters = vec![Placed::new("Dawn Watch Cadet")];
    let mut g = start(&pos);
    take(&mut g, &["Establish no foothold"]);
    take(&mut g, &["Play Cybernetic Graft on Dawn Watch Cadet"]);
    let obs = observe(&g, 0);
    assert_eq!(counted(&g, &obs, 0, 2, "Cybernetic Graft"), 1.0);
    assert_eq!(feature(&obs, 0, 21), 1.0, "one incident aims at the cadet");
    let theirs = observe(&g, 1);
    assert_eq!(
        counted(&g, &theirs, 1, 2, "Cybernetic Graft"),
        1.0,
        "public"
    );
}
