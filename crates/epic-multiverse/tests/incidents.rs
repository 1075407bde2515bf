//! Incidents (F-2.3, F-8), each from a position: the windows they are played in and by
//! whom (ruling M-22), their targets by activation, their effects and how long they
//! last; the worked examples FX-3, FX-5 … FX-12.

mod common;

use common::*;
use epic_game::State;
use epic_multiverse::events::Event;
use epic_multiverse::state::Step;
use epic_multiverse::{MultiverseGame, Placed, Position};

fn named(g: &MultiverseGame, cards: &[u16]) -> Vec<String> {
    cards
        .iter()
        .map(|&c| g.pool().get(c).name.clone())
        .collect()
}

/// Seat 0's foothold step, with `hand`, three untapped Azure Gates and `mine` in play;
/// seat 1 with `theirs`.
fn before_combat(hand: &[&str], mine: &[Placed], theirs: &[Placed]) -> Position {
    let mut pos = Position::new(2);
    pos.seats[0].hand = hand.iter().map(|s| s.to_string()).collect();
    pos.seats[0].footholds = vec![("Azure Gate".into(), false); 4];
    pos.seats[0].characters = mine.to_vec();
    pos.seats[1].characters = theirs.to_vec();
    pos
}

/// Plays `words` in seat 0's pre-combat window.
fn play_before_combat(g: &mut MultiverseGame, words: &[&str]) {
    take(g, &["Establish no foothold"]);
    assert_eq!(g.step(), Step::Incidents);
    take(g, words);
}

#[test]
fn fx3_additive_capped_amalgamate_and_dice_boosts() {
    // F-10.2: Catalyst Serum, +3 C +3 D: Chrome Hunter 4/2 becomes 7/5.
    let mut g = start(&before_combat(
        &["Catalyst Serum"],
        &[Placed::new("Chrome Hunter")],
        &[],
    ));
    play_before_combat(
        &mut g,
        &["Play Catalyst Serum on Chrome Hunter (tap 3 footholds)"],
    );
    assert_eq!(stats(&g, 0, "Chrome Hunter"), (7, 5));
    // F-10.3: the same to at most 6/6: 6/5.
    let mut g = start(&before_combat(
        &["Tempered Serum"],
        &[Placed::new("Chrome Hunter")],
        &[],
    ));
    play_before_combat(&mut g, &["Play Tempered Serum on Chrome Hunter"]);
    assert_eq!(stats(&g, 0, "Chrome Hunter"), (6, 5));
    // F-10.4: boosted to 3/3: Dawn Watch Cadet 1/2 becomes 3/3; Clawed Ranger 5/3 keeps
    // its higher C.
    for (name, after) in [("Dawn Watch Cadet", (3, 3)), ("Clawed Ranger", (5, 3))] {
        let mut g = start(&before_combat(
            &["Boot Camp Regimen"],
            &[Placed::new(name)],
            &[],
        ));
        play_before_combat(&mut g, &["Play Boot Camp Regimen"]);
        assert_eq!(stats(&g, 0, name), after, "{name}");
    }
    // F-10.5, ruling M-24: each stat becomes a roll of 2d6, which may lower it.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut pos = before_combat(&["Fallout Bloom"], &[Placed::new("Thunder Herald")], &[]);
        pos.seed = seed;
        let mut g = start(&pos);
        play_before_combat(&mut g, &["Play Fallout Bloom"]);
        let (c, d) = stats(&g, 0, "Thunder Herald");
        assert!((2..=12).contains(&c) && (2..=12).contains(&d));
        assert!(g
            .events()
            .iter()
            .any(|e| matches!(e, Event::Rolled { gave, .. } if *gave == format!("C {c}, D {d}"))));
        seen.insert(c);
    }
    assert!(seen.iter().any(|&c| c < 6), "a roll can lower C below 6");
}

#[test]
fn fx9_an_ambiguous_incident_acts_on_what_belongs_to_the_player_whose_turn_it_is() {
    // F-8.1: in seat 0's pre-combat phase, seat 0 plays Catalyst Serum on its own
    // characters only; seat 1, asked next, on seat 0's only.
    let mut pos = before_combat(
        &["Catalyst Serum"],
        &[Placed::new("Chrome Hunter")],
        &[Placed::new("Bog Hulk")],
    );
    pos.seats[1].hand = vec!["Catalyst Serum".into()];
    pos.seats[1].footholds = vec![("Umbral Gate".into(), false); 3];
    let mut g = start(&pos);
    take(&mut g, &["Establish no foothold"]);
    assert_eq!(g.decider(), Some(0));
    assert!(offers(&g, &["on Chrome Hunter"]));
    assert!(!offers(&g, &["on Bog Hulk"]));
    take(&mut g, &["Play no more incidents"]);
    assert_eq!(g.decider(), Some(1));
    assert!(offers(&g, &["Play Catalyst Serum on Chrome Hunter"]));
    assert!(!offers(&g, &["on Bog Hulk"]));
    take(&mut g, &["Play no more incidents"]);
    assert_eq!(g.step(), Step::Attacks);
}

#[test]
fn fx5_a_conditional_incident_is_discarded_when_its_condition_fails() {
    // FX-5: seat 0 plays Bounty on Outsiders on seat 1, who controls an Alien, in seat
    // 1's pre-combat phase: seat 0's characters cost 1 less while it lasts.
    let mut pos = Position::new(2);
    pos.active = 1;
    pos.seats[0].hand = vec!["Bounty on Outsiders".into()];
    pos.seats[0].footholds = vec![("Azure Gate".into(), false); 2];
    pos.seats[1].characters = vec![Placed::new("Void Marauder"), Placed::new("Bog Hulk")];
    pos.seats[1].footholds = vec![("Azure Gate".into(), false); 2];
    let mut g = start(&pos);
    take(&mut g, &["Establish no foothold"]);
    assert_eq!(
        g.decider(),
        Some(0),
        "seat 1 has no hand: only seat 0 is asked"
    );
    take(&mut g, &["Play Bounty on Outsiders on Player 2"]);
    assert_eq!(g.discount(0), 1);
    assert_eq!(g.lasting().len(), 1);
    // Seat 1 evacuates its only Alien: the bounty ends at once, to seat 0's discard pile.
    end_attacks(&mut g);
    take(&mut g, &["Evacuate Void Marauder"]);
    assert!(g.lasting().is_empty());
    assert_eq!(g.discount(0), 0);
    assert_eq!(named(&g, &g.player(0).discard), ["Bounty on Outsiders"]);
    assert!(g
        .events()
        .iter()
        .any(|e| matches!(e, Event::Ended { seat: 0, .. })));
}

#[test]
fn fx6_a_permanent_incident_gives_a_label_and_stats() {
    // FX-6: Cybernetic Graft: Cyborg, boosted to 5/5, for the rest of the game.
    let mut g = start(&before_combat(
        &["Cybernetic Graft"],
        &[Placed::new("Dawn Watch Cadet")],
        &[],
    ));
    play_before_combat(&mut g, &["Play Cybernetic Graft on Dawn Watch Cadet"]);
    let cadet = g.player(0).characters[0];
    assert_eq!(stats(&g, 0, "Dawn Watch Cadet"), (5, 5));
    assert!(g.matches(&cadet, "Cyborg"));
    assert!(g.view(None).players[0].characters[0]
        .labels
        .contains(&"Cyborg".to_string()));
    assert_eq!(g.view(None).incidents.len(), 1);
}

#[test]
fn fx7_a_response_undoes_the_action_it_answers() {
    // FX-7: Null Ward answers the equipping of a magical item: Rune Blade is undone,
    // to the discard pile, and the energy stays spent.
    let mut pos = Position::new(2);
    pos.step = Step::Recruit;
    pos.seats[0].hand = vec!["Rune Blade".into(), "Aegis Harness".into()];
    pos.seats[0].footholds = vec![("Azure Gate".into(), false); 6];
    pos.seats[0].characters = vec![Placed::new("Green Veil")];
    pos.seats[1].hand = vec!["Null Ward".into()];
    pos.seats[1].footholds = vec![("Umbral Gate".into(), false); 2];
    let mut g = start(&pos);
    take(&mut g, &["Equip Green Veil with Aegis Harness"]);
    // A technological item: Null Ward cannot answer it.
    assert_eq!(g.decider(), Some(1));
    assert_eq!(labels(&g), ["Play no more incidents now"]);
    take(&mut g, &["Play no more incidents"]);
    take(&mut g, &["Equip Green Veil with Rune Blade"]);
    take(&mut g, &["Play Null Ward"]);
    assert_eq!(named(&g, &g.player(0).discard), ["Rune Blade"]);
    assert_eq!(g.player(0).items.len(), 1, "the harness stays");
    let tapped = g.player(0).footholds.iter().filter(|f| f.tapped).count();
    assert_eq!(tapped, 6);
    assert_eq!(g.step(), Step::Recruit);
    assert!(g
        .events()
        .iter()
        .any(|e| matches!(e, Event::Undone { seat: 0, .. })));
}

#[test]
fn a_response_undoes_a_recruit() {
    // F-8.1: Countermand answers a recruit: Thunder Herald to the discard pile.
    let mut pos = Position::new(2);
    pos.step = Step::Recruit;
    pos.seats[0].hand = vec!["Thunder Herald".into()];
    pos.seats[0].footholds = vec![("Crimson Gate".into(), false); 6];
    pos.seats[1].hand = vec!["Countermand".into()];
    pos.seats[1].footholds = vec![("Umbral Gate".into(), false); 3];
    let mut g = start(&pos);
    take(&mut g, &["Recruit Thunder Herald"]);
    take(&mut g, &["Play Countermand"]);
    assert!(g.player(0).characters.is_empty());
    assert_eq!(named(&g, &g.player(0).discard), ["Thunder Herald"]);
    assert_eq!(named(&g, &g.player(1).discard), ["Countermand"]);
}

#[test]
fn fx10_a_player_target_reaches_every_character_of_that_player() {
    // FX-10: Grounding Field in seat 1's upkeep: seat 1's flyers lose Flight and land,
    // until seat 0's next upkeep (ruling M-23). In upkeep the opponent acts first.
    let mut pos = Position::new(2);
    pos.step = Step::Discard;
    pos.seats[0].hand = vec!["Grounding Field".into()];
    pos.seats[0].footholds = vec![("Azure Gate".into(), false); 2];
    pos.seats[0].characters = vec![Placed::new("Chrome Hunter")];
    pos.seats[1].characters = vec![Placed::new("Stormwing Sentinel")];
    pos.seats[1].deck = vec!["Azure Gate".into(); 10];
    let mut g = start(&pos);
    take(&mut g, &["end the turn"]);
    assert_eq!((g.active(), g.decider()), (1, Some(0)));
    take(&mut g, &["Play Grounding Field on Player 2"]);
    let flyer = g.player(1).characters[0];
    assert!(!flyer.flying);
    assert!(!g.has(&flyer, epic_multiverse::abilities::Ability::Flight));
    take(&mut g, &["Establish no foothold"]);
    assert_eq!((g.step(), g.decider()), (Step::Attacks, Some(1)));
    assert!(offers(&g, &["Stormwing Sentinel attacks Chrome Hunter"]));
    assert!(!offers(&g, &["takes off"]));
}

#[test]
fn fx11_an_open_target_reaches_every_matching_character_of_every_player() {
    // FX-11: Purge Signal: every Mutant in play is D-1, of either player.
    let mut g = start(&before_combat(
        &["Purge Signal"],
        &[Placed::new("Clawed Ranger"), Placed::new("Green Veil")],
        &[Placed::new("Bog Hulk")],
    ));
    play_before_combat(&mut g, &["Play Purge Signal"]);
    assert_eq!(stats(&g, 0, "Clawed Ranger"), (5, 2));
    assert_eq!(stats(&g, 0, "Green Veil"), (3, 3));
    assert_eq!(stats(&g, 1, "Bog Hulk"), (3, 5));
}

#[test]
fn fx12_an_immediate_incident_happens_once_and_is_discarded() {
    // FX-12: Second Chance returns a character from the graveyard to the hand.
    let mut pos = before_combat(&["Second Chance"], &[], &[]);
    pos.seats[0].graveyard = vec!["Thunder Herald".into()];
    let mut g = start(&pos);
    play_before_combat(
        &mut g,
        &["Play Second Chance on Thunder Herald (graveyard)"],
    );
    assert_eq!(named(&g, &g.player(0).hand), ["Thunder Herald"]);
    assert!(g.player(0).graveyard.is_empty());
    assert_eq!(named(&g, &g.player(0).discard), ["Second Chance"]);
}

#[test]
fn combat_incidents_are_played_after_blocks_and_before_results() {
    // F-8.1 timed: Stun Pulse taps Mind Warden, which then defends with its D 3, not its
    // Psi 5: Iron Legionnaire (C 3) wounds it.
    let mut pos = combat(
        &[Placed::new("Iron Legionnaire")],
        &[Placed::new("Mind Warden")],
    );
    pos.seats[0].hand = vec!["Stun Pulse".into()];
    pos.seats[0].footholds = vec![("Azure Gate".into(), false)];
    let mut g = start(&pos);
    take(
        &mut g,
        &["Iron Legionnaire attacks Mind Warden: C 3 against D 5"],
    );
    end_attacks(&mut g);
    assert_eq!(g.step(), Step::Incidents);
    take(&mut g, &["Play Stun Pulse on Mind Warden"]);
    assert_eq!(wounds(&g, 1, "Mind Warden"), Some(1));
}

#[test]
fn a_turn_long_incident_ends_at_its_players_next_upkeep() {
    // Ruling M-23: Catalyst Serum played in seat 0's turn lasts through seat 1's turn.
    let mut pos = before_combat(&["Catalyst Serum"], &[Placed::new("Chrome Hunter")], &[]);
    pos.seats[0].deck = vec!["Azure Gate".into(); 10];
    pos.seats[1].deck = vec!["Umbral Gate".into(); 10];
    pos.seats[1].footholds = vec![("Umbral Gate".into(), false)];
    let mut g = start(&pos);
    play_before_combat(&mut g, &["Play Catalyst Serum on Chrome Hunter"]);
    // With an empty hand seat 0 is asked no more; with no one to attack, combat passes.
    assert_eq!(g.step(), Step::Recruit);
    take(&mut g, &["Done recruiting"]);
    assert_eq!(g.active(), 1);
    assert_eq!(
        stats(&g, 0, "Chrome Hunter"),
        (7, 5),
        "through the opponent's turn"
    );
    while g.active() == 1 {
        let first = g.options()[g.options().len() - 1];
        g.apply(first).unwrap();
    }
    assert_eq!(
        stats(&g, 0, "Chrome Hunter"),
        (4, 2),
        "ended in seat 0's upkeep"
    );
    assert_eq!(named(&g, &g.player(0).discard), ["Catalyst Serum"]);
}

#[test]
fn an_incident_is_paid_with_any_footholds_the_most_plentiful_first() {
    // F-4.4, ruling M-21: Catalyst Serum (3) with four blue and two red footholds taps
    // blue, blue, then whichever kind has more left.
    let mut pos = before_combat(&["Catalyst Serum"], &[Placed::new("Chrome Hunter")], &[]);
    pos.seats[0].footholds = vec![
        ("Azure Gate".into(), false),
        ("Azure Gate".into(), false),
        ("Azure Gate".into(), false),
        ("Azure Gate".into(), false),
        ("Crimson Gate".into(), false),
        ("Crimson Gate".into(), false),
    ];
    let mut g = start(&pos);
    play_before_combat(&mut g, &["Play Catalyst Serum"]);
    let left: Vec<&str> = g
        .player(0)
        .footholds
        .iter()
        .filter(|f| !f.tapped)
        .map(|f| f.energy.name())
        .collect();
    assert_eq!(left, ["blue", "red", "red"]);
}

#[test]
fn a_seat_without_incidents_in_its_deck_list_is_never_asked_in_a_window() {
    // Ruling M-22: the windows pass by themselves for decks without incidents.
    let mut g = start(&before_combat(
        &[],
        &[Placed::new("Chrome Hunter")],
        &[Placed::new("Bog Hulk")],
    ));
    take(&mut g, &["Establish no foothold"]);
    assert_eq!(g.step(), Step::Attacks);
}

#[test]
fn fx8_an_incident_answers_an_attack_with_a_firearm() {
    // FX-8, ruling M-32: Take Cover is played when an opponent's character attacks with
    // a firearm, in that opponent's combat phase: the attack is called off, the
    // attacker stays tapped.
    let mut pos = combat(
        &[
            Placed::new("Mirror Weaver").with("Arc Pistol"),
            Placed::new("Iron Legionnaire"),
            Placed::new("Dawn Watch Cadet"),
        ],
        &[Placed::new("Bog Hulk")],
    );
    pos.seats[1].hand = vec!["Take Cover".into()];
    pos.seats[1].footholds = vec![("Umbral Gate".into(), false); 2];
    let mut g = start(&pos);
    // A close attack: seat 1 is asked (its deck list answers attacks) but Take Cover
    // does not fit.
    take(&mut g, &["Iron Legionnaire attacks Bog Hulk"]);
    assert_eq!(g.decider(), Some(1));
    assert_eq!(labels(&g), ["Play no more incidents now"]);
    take(&mut g, &["Play no more incidents"]);
    assert_eq!(g.step(), Step::Attacks);
    take(&mut g, &["Mirror Weaver attacks Bog Hulk with Arc Pistol"]);
    assert_eq!(g.decider(), Some(1));
    take(&mut g, &["Play Take Cover"]);
    assert!(g
        .events()
        .iter()
        .any(|e| matches!(e, Event::Undone { seat: 0, .. })));
    assert_eq!(g.step(), Step::Attacks, "back to the attacks");
    assert_eq!(g.decider(), Some(0));
    assert!(
        !offers(&g, &["Mirror Weaver attacks"]),
        "tapped: it made its attack"
    );
    let attacks = g.view(None).attacks;
    assert_eq!(
        attacks.len(),
        1,
        "only the Legionnaire's attack stands: {attacks:?}"
    );
    assert!(attacks[0].0.starts_with("Iron Legionnaire"));
    assert!(named(&g, &g.player(1).discard).contains(&"Take Cover".to_string()));
}

#[test]
fn a_seat_whose_deck_list_answers_no_attack_is_not_asked_after_one() {
    let mut pos = combat(
        &[
            Placed::new("Iron Legionnaire"),
            Placed::new("Mirror Weaver"),
        ],
        &[Placed::new("Bog Hulk")],
    );
    pos.seats[1].hand = vec!["Countermand".into()];
    pos.seats[1].footholds = vec![("Umbral Gate".into(), false); 3];
    let mut g = start(&pos);
    take(&mut g, &["Iron Legionnaire attacks Bog Hulk"]);
    assert_eq!(g.step(), Step::Attacks);
    assert_eq!(g.decider(), Some(0));
}
