//! The multiverse rulebook's rules, each from a position: the plays, then the exact
//! outcome the rulebook (F-…, its worked examples FX-…) or a ruling (M-…, docs/rulings.md)
//! gives.

mod common;

use common::*;
use epic_game::{Ruleset, State};
use epic_multiverse::events::Event;
use epic_multiverse::setup::{game_value, read_decklist, Format};
use epic_multiverse::state::{Step, DISABLED};
use epic_multiverse::{pool, MultiverseGame, Placed, Position};

#[test]
fn an_attack_equal_to_the_defense_wounds_and_a_lower_one_does_not() {
    // F-14.2, ruling M-01: "equal to or greater" (Determine results).
    let mut g = start(&combat(
        &[
            Placed::new("Iron Legionnaire"),
            Placed::new("Void Marauder"),
        ],
        &[Placed::new("Mirror Weaver"), Placed::new("Rooftop Sentry")],
    ));
    take(
        &mut g,
        &["Iron Legionnaire attacks Mirror Weaver", "C 3 against D 3"],
    );
    take(
        &mut g,
        &["Void Marauder attacks Rooftop Sentry", "C 2 against D 3"],
    );
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Mirror Weaver"), Some(1));
    assert_eq!(wounds(&g, 1, "Rooftop Sentry"), Some(0));
    assert_eq!(g.step(), Step::Recruit);
    // The attackers tapped to attack (F-14.1).
    assert!(g.player(0).characters.iter().all(|c| c.tapped));
}

#[test]
fn a_second_wound_disables_and_scores_the_cost_a_hero_cannot_kill() {
    // F-11.1, F-11.3: disabled on the second wound, its cost to the attacking player;
    // F-11.4: a hero may not kill, so a disabled character is no target for it (M-03).
    let mut g = start(&combat(
        &[
            Placed::new("Lantern Sentinel"),
            Placed::new("Storm Courier"),
        ],
        &[Placed::new("Clawed Ranger").wounded(1)],
    ));
    take(&mut g, &["Lantern Sentinel attacks Clawed Ranger"]);
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Clawed Ranger"), Some(DISABLED));
    assert_eq!(g.player(0).points, 4);
    assert!(g.events().contains(&Event::Scored {
        seat: 0,
        points: 4,
        card: pool().id("Clawed Ranger").unwrap(),
    }));
    // Next turn: the disabled Ranger cannot attack (F-11.1) nor be attacked by heroes.
    let mut pos = combat(
        &[Placed::new("Storm Courier")],
        &[Placed::new("Clawed Ranger").wounded(2)],
    );
    pos.seats[1].characters.push(Placed::new("Bog Hulk"));
    let g = start(&pos);
    assert!(!offers(&g, &["attacks Clawed Ranger"]), "{:?}", labels(&g));
    assert!(offers(&g, &["attacks Bog Hulk"]));
}

#[test]
fn a_villain_kills_on_the_third_wound_for_no_more_points() {
    // F-11.2 – F-11.4: a third successful attack kills, into the graveyard; "You do not
    // get any extra points from killing".
    let mut g = start(&combat(
        &[Placed::new("Trickster Prince")],
        &[Placed::new("Mirror Weaver").wounded(2)],
    ));
    take(&mut g, &["Trickster Prince attacks Mirror Weaver"]);
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Mirror Weaver"), None);
    assert_eq!(g.player(1).graveyard.len(), 1);
    assert_eq!(g.player(0).points, 0);
}

#[test]
fn an_anti_hero_kills_villains_only_and_no_one_kills_the_invulnerable() {
    // F-11.4: Anti-Hero "able to kill another character with the Villain label";
    // Invulnerable "cannot be killed".
    let g = start(&combat(
        &[Placed::new("Night Ledger")],
        &[
            Placed::new("Reaper Queen").wounded(2),
            Placed::new("Mirror Weaver").wounded(2),
        ],
    ));
    assert!(offers(&g, &["Night Ledger attacks Reaper Queen"]));
    assert!(!offers(&g, &["attacks Mirror Weaver"]));
    let g = start(&combat(
        &[Placed::new("Gamma Brute")],
        &[Placed::new("Pale Countess").wounded(2)],
    ));
    assert!(!offers(&g, &["attacks Pale Countess"]), "{:?}", labels(&g));
}

#[test]
fn a_team_mate_blocks_and_takes_the_attack() {
    // F-14.3: only a character on the same team may block; the blocker taps and
    // becomes the character under attack.
    let mut pos = combat(
        &[Placed::new("Chrome Hunter")],
        &[
            Placed::new("Ember Recruit"),
            Placed::new("Plated Magnate"),
            Placed::new("Rooftop Sentry"),
        ],
    );
    pos.seats[1].characters[2].tapped = false;
    let mut g = start(&pos);
    take(&mut g, &["Chrome Hunter attacks Ember Recruit"]);
    end_attacks(&mut g);
    assert_eq!(g.decider(), Some(1));
    // Rooftop Sentry has no team: it cannot block.
    assert!(!offers(&g, &["Rooftop Sentry blocks"]));
    take(&mut g, &["Plated Magnate blocks for Ember Recruit"]);
    end_blocks(&mut g);
    // C 4 against the Magnate's D 6: the attack has no effect, and the Recruit is safe.
    assert_eq!(wounds(&g, 1, "Plated Magnate"), Some(0));
    assert_eq!(wounds(&g, 1, "Ember Recruit"), Some(0));
    let magnate = g
        .player(1)
        .characters
        .iter()
        .find(|c| c.wounds == 0 && c.tapped);
    assert!(magnate.is_some(), "the blocker tapped");
}

#[test]
fn fx1_a_blocker_that_is_attacked_takes_an_automatic_wound_for_each_attack() {
    // FX-1: Majestic (here Lantern Sentinel, 5/5) and Grifter (Dawn Watch Cadet, 1/2),
    // one team; Blade and Black Panther (two heroes) attack one each. Sentinel blocks
    // for the Cadet: the Panther cannot wound it, but Blade's attack on it is an
    // automatic wound.
    let mut g = start(&combat(
        &[Placed::new("Storm Courier"), Placed::new("Mirror Weaver")],
        &[
            Placed::new("Lantern Sentinel"),
            Placed::new("Dawn Watch Cadet"),
        ],
    ));
    take(&mut g, &["Storm Courier attacks Lantern Sentinel"]);
    take(&mut g, &["Mirror Weaver attacks Dawn Watch Cadet"]);
    end_attacks(&mut g);
    take(
        &mut g,
        &[
            "Lantern Sentinel blocks for Dawn Watch Cadet",
            "1 automatic wound",
        ],
    );
    end_blocks(&mut g);
    assert_eq!(wounds(&g, 1, "Lantern Sentinel"), Some(1));
    assert_eq!(wounds(&g, 1, "Dawn Watch Cadet"), Some(0));
    assert!(g.events().iter().any(|e| matches!(
        e,
        Event::Wounded {
            automatic: true,
            ..
        }
    )));
}

#[test]
fn fx1_three_automatic_wounds_kill_a_blocker_even_from_heroes() {
    // FX-1's variant: three attackers declared on the blocker kill it (ruling M-02: a
    // blocker may be killed by anyone).
    let mut g = start(&combat(
        &[
            Placed::new("Ember Recruit"),
            Placed::new("Dawn Watch Cadet"),
            Placed::new("Rooftop Sentry"),
            Placed::new("Storm Courier"),
        ],
        &[
            Placed::new("Lantern Sentinel"),
            Placed::new("Tidecaller Regent"),
        ],
    ));
    for attacker in ["Ember Recruit", "Dawn Watch Cadet", "Rooftop Sentry"] {
        take(&mut g, &[&format!("{attacker} attacks Lantern Sentinel")]);
    }
    take(&mut g, &["Storm Courier attacks Tidecaller Regent"]);
    end_attacks(&mut g);
    take(
        &mut g,
        &[
            "Lantern Sentinel blocks for Tidecaller Regent",
            "3 automatic wounds",
        ],
    );
    end_blocks(&mut g);
    assert_eq!(wounds(&g, 1, "Lantern Sentinel"), None, "killed");
    assert_eq!(
        g.player(1).graveyard,
        vec![pool().id("Lantern Sentinel").unwrap()]
    );
    // Disabled on the second wound: its 5 points to the attacking player.
    assert_eq!(g.player(0).points, 5);
}

#[test]
fn fx2_a_blocker_killed_in_the_onslaught_passes_the_last_attack_to_its_target() {
    // FX-2: four villains attack Robin (Ember Recruit) and Batman (Thunder Herald, D 5)
    // blocks: three attacks kill him, the fourth falls on Robin.
    let mut g = start(&combat(
        &[
            Placed::new("Gamma Brute"),
            Placed::new("Grin of the Abyss"),
            Placed::new("Trickster Prince"),
            Placed::new("Clawed Ranger"),
        ],
        &[Placed::new("Thunder Herald"), Placed::new("Ember Recruit")],
    ));
    for attacker in [
        "Gamma Brute",
        "Grin of the Abyss",
        "Trickster Prince",
        "Clawed Ranger",
    ] {
        take(&mut g, &[&format!("{attacker} attacks Ember Recruit")]);
    }
    end_attacks(&mut g);
    take(&mut g, &["Thunder Herald blocks for Ember Recruit"]);
    end_blocks(&mut g);
    // Trickster Prince's C 4 cannot wound the Herald's D 5: Brute, Grin and Ranger (an
    // anti-hero, who may kill a blocker all the same) deal its three wounds in order —
    // the Ranger's is the third, the kill; no attack is left for the Recruit.
    assert_eq!(wounds(&g, 1, "Thunder Herald"), None);
    assert_eq!(wounds(&g, 1, "Ember Recruit"), Some(0));
    // Now with four that all wound: the fourth reaches the original target.
    let mut g = start(&combat(
        &[
            Placed::new("Gamma Brute"),
            Placed::new("Grin of the Abyss"),
            Placed::new("Hellfire Revenant"),
            Placed::new("Clawed Ranger"),
        ],
        &[Placed::new("Mirror Weaver"), Placed::new("Ember Recruit")],
    ));
    for attacker in [
        "Gamma Brute",
        "Grin of the Abyss",
        "Hellfire Revenant",
        "Clawed Ranger",
    ] {
        take(&mut g, &[&format!("{attacker} attacks Ember Recruit")]);
    }
    end_attacks(&mut g);
    take(&mut g, &["Mirror Weaver blocks for Ember Recruit"]);
    end_blocks(&mut g);
    assert_eq!(
        wounds(&g, 1, "Mirror Weaver"),
        None,
        "the blocker is killed"
    );
    assert_eq!(
        wounds(&g, 1, "Ember Recruit"),
        Some(1),
        "the fourth attack hits it"
    );
}

#[test]
fn fx2_attacks_on_a_dead_target_are_negated() {
    // FX-2 unblocked: three villains kill the target; the fourth attack is negated and
    // its attacker stays tapped.
    let mut g = start(&combat(
        &[
            Placed::new("Gamma Brute"),
            Placed::new("Grin of the Abyss"),
            Placed::new("Hellfire Revenant"),
            Placed::new("Trickster Prince"),
        ],
        &[Placed::new("Ember Recruit")],
    ));
    for attacker in [
        "Gamma Brute",
        "Grin of the Abyss",
        "Trickster Prince",
        "Hellfire Revenant",
    ] {
        take(&mut g, &[&format!("{attacker} attacks Ember Recruit")]);
    }
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Ember Recruit"), None);
    assert!(g
        .events()
        .iter()
        .any(|e| matches!(e, Event::Negated { .. })));
    assert!(g.player(0).characters.iter().all(|c| c.tapped));
}

#[test]
fn a_cost_is_paid_by_footholds_of_the_card_s_colour_or_of_its_origin() {
    // F-4.4, FX-4, ruling M-04: Skyward Paragon (6, blue, alien) by six blue footholds,
    // or six alien ones; never a mix, and no more than one foothold a turn (F-2.1).
    let mut pos = Position::new(2);
    pos.step = Step::Recruit;
    pos.seats[0].hand = vec!["Skyward Paragon".into()];
    pos.seats[0].footholds = (0..5)
        .map(|_| ("Azure Gate".to_string(), false))
        .chain((0..6).map(|_| ("Starfall Crater".to_string(), false)))
        .collect();
    let mut g = start(&pos);
    assert!(!offers(&g, &["Recruit Skyward Paragon", "blue"]));
    take(&mut g, &["Recruit Skyward Paragon (tap 6 alien)"]);
    let tapped: Vec<bool> = g.player(0).footholds.iter().map(|f| f.tapped).collect();
    assert_eq!(tapped, [[false; 5].as_slice(), &[true; 6]].concat());

    let mut pos = Position::new(2);
    pos.seats[0].hand = vec!["Azure Gate".into(), "Azure Gate".into()];
    let mut g = start(&pos);
    take(&mut g, &["Establish a foothold: Azure Gate"]);
    // Straight on to the turn's later steps: no second foothold.
    assert_ne!(g.step(), Step::Foothold);
    assert_eq!(g.player(0).footholds.len(), 1);
}

#[test]
fn evacuation_costs_half_rounded_up_heals_and_the_character_returns_for_free() {
    // F-11.5.
    let mut pos = Position::new(2);
    pos.step = Step::Recruit;
    pos.seats[0].characters = vec![Placed::new("Trickster Prince").wounded(1)];
    pos.seats[0].footholds = (0..3)
        .map(|_| ("Crimson Gate".to_string(), false))
        .collect();
    let mut g = start(&pos);
    take(&mut g, &["Evacuate Trickster Prince", "tap 3 red"]);
    assert!(g.player(0).characters.is_empty());
    assert_eq!(g.player(0).holding.len(), 1);
    assert_eq!(g.player(0).holding[0].wounds, 0);
    assert!(g.player(0).footholds.iter().all(|f| f.tapped));
    // Not back the turn it left (ruling M-05): at its player's next recruit step.
    assert!(!offers(&g, &["Bring Trickster Prince back"]));
    let mut pos = Position::new(2);
    pos.step = Step::Recruit;
    pos.seats[0].holding = vec!["Trickster Prince".into()];
    let mut g = start(&pos);
    take(&mut g, &["Bring Trickster Prince back", "free"]);
    assert_eq!(g.player(0).characters.len(), 1);
    assert_eq!(g.player(0).characters[0].wounds, 0);
}

#[test]
fn the_holding_area_holds_thirty_points() {
    // F-11.5, ruling M-05: an evacuation past 30 points is not offered.
    let mut pos = Position::new(2);
    pos.step = Step::Recruit;
    pos.seats[0].holding = ["Skyward Paragon", "Thunder Herald", "Hellfire Revenant"]
        .map(String::from)
        .to_vec();
    pos.seats[0]
        .holding
        .extend(["Lantern Sentinel", "Trickster Prince"].map(String::from));
    pos.seats[0].characters = vec![Placed::new("Mirror Weaver"), Placed::new("Ember Recruit")];
    pos.seats[0].footholds = (0..3)
        .map(|_| ("Crimson Gate".to_string(), false))
        .collect();
    let g = start(&pos);
    assert_eq!(g.holding_points(0), 28);
    assert!(!offers(&g, &["Evacuate Mirror Weaver"]), "{:?}", labels(&g));
    assert!(offers(&g, &["Evacuate Ember Recruit"]));
}

#[test]
fn a_unique_character_is_in_play_once() {
    // F-6.6, ruling M-08: not while a character of its name is in play on any side.
    let mut pos = Position::new(2);
    pos.step = Step::Recruit;
    pos.seats[0].hand = vec!["Mirror Weaver".into(), "Ember Recruit".into()];
    pos.seats[0].characters = vec![Placed::new("Ember Recruit")];
    pos.seats[0].footholds = (0..3)
        .map(|_| ("Crimson Gate".to_string(), false))
        .collect();
    pos.seats[1].characters = vec![Placed::new("Mirror Weaver")];
    let g = start(&pos);
    assert!(!offers(&g, &["Recruit Mirror Weaver"]));
    assert!(offers(&g, &["Recruit Ember Recruit"]), "non-unique");
}

#[test]
fn the_draw_fills_the_hand_to_seven_or_draws_one() {
    // §Draw, ruling M-10.
    let mut pos = Position::new(2);
    pos.step = Step::Discard;
    pos.seats[0].characters = vec![Placed::new("Mirror Weaver")];
    pos.seats[1].hand = vec!["Crimson Gate".into(); 3];
    pos.seats[1].deck = vec!["Crimson Gate".into(); 10];
    // An empty hand has nothing to discard: the turn ends by itself.
    let g = start(&pos);
    assert_eq!(g.active(), 1);
    assert_eq!(g.player(1).hand.len(), 7);
    let mut pos = Position::new(2);
    pos.step = Step::Discard;
    pos.seats[0].characters = vec![Placed::new("Mirror Weaver")];
    pos.seats[1].hand = vec!["Crimson Gate".into(); 8];
    pos.seats[1].deck = vec!["Crimson Gate".into(); 10];
    let g = start(&pos);
    assert_eq!(g.player(1).hand.len(), 9);
}

#[test]
fn a_hand_over_seven_is_discarded_down_and_seven_may_lose_one() {
    // §Discard: more than seven, down to seven; seven or fewer, one card or none.
    let mut pos = Position::new(2);
    pos.step = Step::Discard;
    pos.seats[0].hand = vec!["Crimson Gate".into(); 9];
    pos.seats[0].characters = vec![Placed::new("Mirror Weaver")];
    pos.seats[1].deck = vec!["Crimson Gate".into(); 10];
    let mut g = start(&pos);
    assert!(!offers(&g, &["end the turn"]));
    take(&mut g, &["Discard Crimson Gate"]);
    assert_eq!(g.active(), 0, "still over seven");
    take(&mut g, &["Discard Crimson Gate"]);
    assert_eq!(g.player(0).hand.len(), 7);
    assert_eq!(g.player(0).discard.len(), 2);
    assert_eq!(g.active(), 1);
}

#[test]
fn reaching_the_game_value_wins_at_once() {
    // F-1.3.
    let mut pos = combat(
        &[Placed::new("Hellfire Revenant")],
        &[Placed::new("Thunder Herald").wounded(1)],
    );
    pos.goal = 10;
    pos.seats[0].points = 4;
    let mut g = start(&pos);
    take(&mut g, &["Hellfire Revenant attacks Thunder Herald"]);
    fight(&mut g);
    assert_eq!(g.winners(), Some(&[0][..]));
    assert!(g.options().is_empty());
}

#[test]
fn a_beyonder_without_characters_or_resources_loses_at_the_end_of_its_turn() {
    // F-1.3, ruling M-13.
    let mut pos = Position::new(2);
    pos.step = Step::Discard;
    pos.seats[0].hand = vec!["Crimson Gate".into()];
    pos.seats[1].characters = vec![Placed::new("Mirror Weaver")];
    let mut g = start(&pos);
    take(&mut g, &["Keep your hand"]);
    assert_eq!(g.winners(), Some(&[1][..]));
}

#[test]
fn a_hand_without_footholds_may_be_redrawn_twice() {
    // F-6.8, ruling M-09: shown, shuffled back, seven drawn; twice at most.
    let pool = pool();
    let hero = pool.id("Dawn Watch Cadet").unwrap();
    let setup = epic_multiverse::MultiverseSetup {
        format: None,
        seed: 1,
        first_player: Some(0),
        variant: Default::default(),
        seats: (0..2)
            .map(|_| epic_game::save::Seat {
                player: "random".into(),
                bot_seed: None,
                deck: "custom".into(),
                cards: std::iter::repeat_n("Dawn Watch Cadet".to_string(), 30)
                    .chain(std::iter::once("Azure Gate".to_string()))
                    .collect(),
            })
            .collect(),
    };
    let mut g = setup.start().unwrap();
    let mut redraws = 0;
    while g.step() == Step::Redraw && g.decider() == Some(0) {
        assert_eq!(labels(&g)[1], "Keep this hand");
        if g.player(0).hand.iter().all(|&c| c == hero) {
            take(&mut g, &["Redraw"]);
            redraws += 1;
            assert_eq!(g.player(0).hand.len(), 7);
            assert!(matches!(g.events()[0], Event::Redrew { seat: 0, .. }));
        } else {
            break;
        }
    }
    assert!(redraws <= 2);
    assert_eq!(g.player(0).redraws, redraws);
}

#[test]
fn fx15_the_game_value_is_half_the_deck_or_its_characters_points() {
    // FX-15: two 200-point decks play to 100; if one has only 80 points of characters,
    // to 80.
    let pool = pool();
    let deck = |list: &str| read_decklist(&pool, list).unwrap();
    // 40 Ember Recruits (1 point each) and 20 Storm Couriers... all characters: points
    // are character points.
    let full = deck("20 Crimson Gate\n40 Gamma Brute\n40 Chrome Hunter");
    assert_eq!(game_value(&pool, &[full.clone(), full.clone()]), 140);
    let two_hundred = deck("20 Crimson Gate\n50 Gamma Brute");
    assert_eq!(
        game_value(&pool, &[two_hundred.clone(), two_hundred.clone()]),
        100
    );
    let eighty = deck("20 Crimson Gate\n20 Gamma Brute");
    assert_eq!(game_value(&pool, &[two_hundred, eighty]), 40);
}

#[test]
fn the_standard_deck_rules_name_every_rule_a_deck_breaks() {
    // F-6.2, F-6.4, F-6.6, F-15.1.
    let pool = pool();
    let cards = read_decklist(
        &pool,
        "10 Crimson Gate\n2 Mirror Weaver\n3 Void Marauder\n1 Thunder Herald",
    )
    .unwrap();
    let broken = Format::Standard.check(&pool, &cards);
    assert!(
        broken
            .iter()
            .any(|b| b.contains("at least 40 cards, not 16")),
        "{broken:?}"
    );
    assert!(broken
        .iter()
        .any(|b| b.contains("at least 20 footholds, not 10")));
    assert!(broken.iter().any(|b| b.contains("Mirror Weaver is unique")));
    assert!(broken
        .iter()
        .any(|b| b.contains("one colour or one origin")));
    // Mixed decks may mix colours.
    assert!(!Format::Mixed
        .check(&pool, &cards)
        .iter()
        .any(|b| b.contains("one colour")));
    for (name, text) in epic_multiverse::DECKS {
        let cards = read_decklist(&pool, text).unwrap();
        assert_eq!(
            Format::Standard.check(&pool, &cards),
            Vec::<String>::new(),
            "{name}"
        );
    }
}

#[test]
fn a_restricted_variation_keeps_each_deck_to_one_moral_or_one_attribute() {
    // F-15.6, ruling M-40: heroes against villains; a theme such as mutants.
    let mut request = epic_game::TableRequest::of(2, 1).in_format("restricted-moral");
    let named = |n: &str| epic_game::DeckRequest::Named(n.into());
    request.seats[0].deck = named("red-heroes");
    request.seats[1].deck = named("black-villains");
    let g = MultiverseGame::setup(&request).unwrap().start().unwrap();
    assert_eq!(g.seats(), 2);
    // A colour deck of heroes and villains breaks it, by name of the rule.
    request.seats[1].deck = named("red");
    let err = MultiverseGame::setup(&request).unwrap_err();
    assert!(err.message.contains("shares one moral"), "{err}");
    // restricted-WORD: every character matches the word; Standard's rules still hold.
    let pool = pool();
    let heroes = read_decklist(&pool, epic_multiverse::deck("red-heroes").unwrap()).unwrap();
    let villain = Format::parse("restricted-villain").unwrap();
    let broken = villain.check(&pool, &heroes);
    assert!(
        broken
            .iter()
            .any(|b| b.contains("every character is villain, not Thunder Herald")),
        "{broken:?}"
    );
    assert_eq!(
        Format::parse("restricted-hero")
            .unwrap()
            .check(&pool, &heroes),
        Vec::<String>::new()
    );
    let mixed = read_decklist(&pool, "20 Crimson Gate\n10 Gamma Brute\n10 Orbital Scout").unwrap();
    let mutants = Format::parse("Restricted-Mutant").unwrap();
    assert_eq!(mutants.name(), "restricted-mutant");
    let broken = mutants.check(&pool, &mixed);
    assert!(
        broken.iter().any(|b| b.contains("not Orbital Scout")),
        "{broken:?}"
    );
    assert!(
        broken
            .iter()
            .any(|b| b.contains("one colour or one origin")),
        "{broken:?}"
    );
    // A word no character matches names no variation.
    let err = Format::parse("restricted-dragons").unwrap_err();
    assert!(err.message.contains("restricted-WORD"), "{err}");
    assert!(MultiverseGame::has_format("restricted-alien"));
    assert!(!MultiverseGame::has_format("restricted-"));
}

#[test]
fn standard_tables_refuse_decks_of_unequal_points() {
    // F-6.3.
    let mut request = epic_game::TableRequest::of(2, 1).in_format("standard");
    request.seats[1].deck = epic_game::DeckRequest::Listed {
        label: "custom".into(),
        text: "20 Crimson Gate\n20 Ember Recruit".into(),
    };
    let err = MultiverseGame::setup(&request).unwrap_err();
    assert!(err.message.contains("same points"), "{err}");
}

#[test]
fn a_free_for_all_seats_two_to_six_who_attack_any_opponent() {
    // Ruling M-11.
    let refused = MultiverseGame::setup(&epic_game::TableRequest::of(7, 1)).unwrap_err();
    assert!(refused.message.contains("2 to 6 seats"), "{refused}");
    let mut pos = Position::new(3);
    pos.step = Step::Attacks;
    pos.seats[0].characters = vec![Placed::new("Gamma Brute")];
    pos.seats[1].characters = vec![Placed::new("Mirror Weaver"), Placed::new("Ember Recruit")];
    pos.seats[2].characters = vec![Placed::new("Green Veil")];
    let mut g = start(&pos);
    assert!(offers(&g, &["attacks Green Veil (Player 3)"]));
    take(&mut g, &["attacks Ember Recruit (Player 2)"]);
    // Player 2 blocks; Player 3 is not attacked and is not asked.
    assert_eq!(g.decider(), Some(1));
    take(&mut g, &["Mirror Weaver blocks for Ember Recruit"]);
    end_blocks(&mut g);
    assert_eq!(wounds(&g, 1, "Mirror Weaver"), Some(1));
    assert_eq!(g.step(), Step::Recruit);
}

#[test]
fn after_two_hundred_turns_the_most_points_win() {
    // Ruling M-12.
    let mut pos = Position::new(2);
    pos.turn = 200;
    pos.step = Step::Discard;
    pos.seats[0].hand = vec!["Crimson Gate".into()];
    pos.seats[0].characters = vec![Placed::new("Mirror Weaver")];
    pos.seats[1].characters = vec![Placed::new("Green Veil")];
    pos.seats[1].points = 3;
    let mut g = start(&pos);
    take(&mut g, &["Keep your hand"]);
    assert_eq!(g.winners(), Some(&[1][..]));
    assert_eq!(g.ending(), Some(epic_game::Ending::Limits));
}

#[test]
fn every_card_reads_as_generated_from_its_definition() {
    // The cards as `epic cards` lists them: a foothold by its one energy, a character by
    // its colour and origins, with stats, labels and a sheet that names every ability.
    let cards = MultiverseGame::cards();
    let gate = cards.iter().find(|c| c.name == "Helix Spring").unwrap();
    assert_eq!(
        (gate.kind.as_str(), gate.alignment.as_str()),
        ("foothold", "genetic")
    );
    let rider = cards.iter().find(|c| c.name == "Dread Rider").unwrap();
    assert_eq!(rider.alignment, "black/magical");
    assert_eq!(
        (rider.offense, rider.defense, rider.cost),
        (Some(5), Some(4), Some(5))
    );
    assert_eq!(rider.keywords, ["Villain", "Fear", "Double Strike"]);
    assert!(rider.sheet.contains("Fear: its attacks cannot be blocked."));
    assert!(cards.len() >= 53);
}

#[test]
fn teams_score_together_and_do_not_attack_each_other() {
    // F-15.3, ruling M-29: seats 0 and 2 against 1 and 3; seat 0 attacks only seats 1
    // and 3, and its team's points together reach the game value.
    let mut pos = Position::new(4);
    pos.variant = epic_multiverse::variant::Variant::parse(Some("teams"), None, 4).unwrap();
    pos.step = Step::Attacks;
    pos.goal = 10;
    pos.seats[0].characters = vec![Placed::new("Clawed Ranger")];
    pos.seats[1].characters = vec![Placed::new("Green Veil").wounded(1)];
    pos.seats[2].characters = vec![Placed::new("Mirror Weaver")];
    pos.seats[2].points = 8;
    pos.seats[3].characters = vec![Placed::new("Rooftop Sentry")];
    let mut g = start(&pos);
    assert!(!offers(&g, &["attacks Mirror Weaver"]), "a team-mate");
    assert!(offers(&g, &["Clawed Ranger attacks Rooftop Sentry"]));
    take(&mut g, &["Clawed Ranger attacks Green Veil"]);
    fight(&mut g);
    // Green Veil (3) disabled: seat 0 has 3, its team 11 of 10.
    assert_eq!(g.player(0).points, 3);
    assert_eq!(g.winners(), Some(&[0, 2][..]));
}

#[test]
fn a_countdown_ends_the_game_on_points_after_its_rounds() {
    // F-15.7, ruling M-30: three rounds of two seats are six turns at most.
    let request = epic_game::TableRequest::of(2, 5).in_variant("countdown-3");
    let setup = <MultiverseGame as epic_game::Ruleset>::setup(&request).unwrap();
    let mut g = setup.start().unwrap();
    let mut n = 0usize;
    let voice = epic_game::words::Voice::numbered(Some(0), 2);
    let mut round = 0;
    while g.decider().is_some() {
        n += 1;
        let i = (n * 7 + 3) % g.options().len();
        g.apply_option(i).unwrap();
        // The board says where the countdown stands: the round under way, of three.
        let countdown = epic_game::Ruleset::board(&g, &voice).countdown.unwrap();
        assert_eq!(countdown.of, 3);
        assert!(countdown.round >= round && countdown.round <= 3);
        round = countdown.round;
    }
    assert!(g.turn() <= 6);
    assert_eq!(
        round,
        g.turn().div_ceil(2),
        "a round is a turn of each seat"
    );
    let points: Vec<u32> = (0..2).map(|s| g.player(s).points).collect();
    let winners = g.winners().unwrap().to_vec();
    match winners.as_slice() {
        [] => assert_eq!(points[0], points[1], "a tie is a draw"),
        [w] => assert!(points[usize::from(*w)] >= points[1 - usize::from(*w)]),
        _ => panic!("one winner"),
    }
    assert!(epic_multiverse::variant::Variant::parse(Some("countdown-0"), None, 2).is_err());
    assert!(epic_multiverse::variant::Variant::parse(Some("teams"), Some(2), 3).is_err());
}

#[test]
fn the_loser_of_a_match_s_game_decides_who_goes_first_in_the_next() {
    // F-6.7: "If you've just played the same opponent, the loser of the last game
    // decides who goes first."
    let mut pos = combat(
        &[Placed::new("Lantern Sentinel")],
        &[Placed::new("Clawed Ranger").wounded(1)],
    );
    pos.goal = 4;
    let mut g = start(&pos);
    take(&mut g, &["Lantern Sentinel attacks Clawed Ranger"]);
    assert_eq!(g.winners(), Some(&[0][..]));
    let mut played = epic_game::series::Match::new(2, 3, 9).unwrap();
    played.record(&g);
    assert_eq!(played.wins(), &[1, 0]);
    assert_eq!(played.chooser(), Some(1), "the loser chooses");
    // The next game: the same seats and decks, the first turn the loser's choice.
    let setup = MultiverseGame::setup(&epic_game::TableRequest::of(2, 3)).unwrap();
    for first in [0, 1] {
        let next = MultiverseGame::rematch(&setup, 11, Some(first)).unwrap();
        assert_eq!(next.seats, setup.seats);
        let again = next.start().unwrap();
        assert_eq!(again.active(), first);
    }
}

#[test]
fn a_campaign_is_fought_in_battles_with_intermissions_to_its_end() {
    // F-15.2, ruling M-45, played out by greedy against random: each battle ends at its
    // value scored in it; at each intermission the characters wait in the holding
    // areas, at most 60 points each; the battle's loser chooses who goes first; the
    // campaign is won at an intermission by the most points at or over the game value.
    let request = epic_game::TableRequest::of(2, 8).in_variant("campaign-3");
    let setup = MultiverseGame::setup(&request).unwrap();
    let mut g = setup.start().unwrap();
    let value = g.battle_value().unwrap();
    assert_eq!(value, g.goal().div_ceil(3));
    let voice = epic_game::words::Voice::numbered(Some(0), 2);
    let (mut battles, mut intermissions) = (1, 0);
    let mut players: Vec<Box<dyn epic_bots::players::Player<MultiverseGame>>> = vec![
        epic_bots::players::ruleset_player("greedy", 1).unwrap(),
        epic_bots::players::ruleset_player("random", 2).unwrap(),
    ];
    while let Some(seat) = g.decider() {
        let before = g.clone();
        let choice = players[usize::from(seat)].choose(&g);
        g.apply(choice).unwrap();
        for event in g.events() {
            match event {
                Event::BattleOver { battle, points, .. } => {
                    assert_eq!(*battle, battles);
                    // Scored in this decision: the value reached (a kill penalty in the
                    // same combat may take some back).
                    let scored = |s: usize| {
                        let penalties: u32 = (g.events().iter())
                            .filter_map(|e| match e {
                                Event::Penalised { seat, points, .. }
                                    if usize::from(*seat) == s =>
                                {
                                    Some(*points)
                                }
                                _ => None,
                            })
                            .sum();
                        points[s] + penalties
                    };
                    assert!((0..2).any(|s| scored(s) >= value), "{points:?}");
                }
                Event::BattleBegins {
                    battle, chosen_by, ..
                } => {
                    intermissions += 1;
                    battles += 1;
                    assert_eq!(*battle, battles);
                    // The loser chose: the seat that scored the fewest points in it.
                    let fewest = (0..2).map(|s| before.battle_points(s)).min().unwrap();
                    assert_eq!(before.battle_points(*chosen_by), fewest);
                    for s in 0..2 {
                        assert!(g.player(s).characters.is_empty());
                        assert!(g.holding_points(s) <= 60);
                        assert_eq!(g.battle_points(s), 0);
                    }
                }
                _ => {}
            }
        }
        if g.step() == Step::Intermission {
            assert_eq!(g.holding_capacity(), 60);
        }
        let board = epic_game::Ruleset::board(&g, &voice);
        assert_eq!(board.campaign.map(|c| c.battle), Some(battles));
    }
    assert!(
        intermissions >= 1,
        "a campaign of three battles has intermissions: {:?} after {} turns, {:?} points of {}",
        g.ending(),
        g.turn(),
        (g.player(0).points, g.player(1).points),
        g.goal()
    );
    let winners = g.winners().unwrap().to_vec();
    if let [w] = winners[..] {
        if g.ending() == Some(epic_game::Ending::Won) && !g.player(1 - w).out {
            assert!(g.player(w).points >= g.goal());
            assert!(g.player(w).points > g.player(1 - w).points);
        }
    }
    use epic_multiverse::variant::Variant;
    let parse = |name: &str| Variant::parse(Some(name), None, 2);
    assert!(parse("campaign-1").is_err());
    assert!(parse("campaign-7").is_err());
    // A campaign may have a countdown for each battle (F-15.7), and nothing else.
    let both = parse("countdown-3+campaign-2").unwrap();
    assert_eq!((both.battles, both.rounds), (Some(2), Some(3)));
    assert_eq!(both.name(), "campaign-2+countdown-3");
    assert_eq!(parse(&both.name()), Ok(both));
    for refused in [
        "countdown-2+countdown-3",
        "campaign-2+campaign-3",
        "campaign-2+teams",
        "campaign-2+countdown-3+countdown-4",
        &"+".repeat(100_000),
    ] {
        assert!(
            parse(refused).is_err(),
            "{}",
            &refused[..refused.len().min(40)]
        );
    }
}

#[test]
fn a_battle_s_loser_who_concedes_at_the_intermission_passes_the_choice_on() {
    // Ruling M-45 at a table of three: the loser (fewest points in the battle) chooses
    // who goes first; if it concedes, the next seat still playing chooses.
    let mut pos = combat(
        &[Placed::new("Lantern Sentinel")],
        &[Placed::new("Clawed Ranger").wounded(1)],
    );
    pos.seats.push(Default::default());
    pos.seats[2].points = 1;
    pos.seats[2].battle_points = 1;
    for seat in &mut pos.seats {
        seat.deck = vec!["Crimson Gate".into(); 10];
    }
    pos.goal = 8;
    pos.variant = epic_multiverse::variant::Variant::parse(Some("campaign-2"), None, 3).unwrap();
    let mut g = start(&pos);
    take(&mut g, &["Lantern Sentinel attacks Clawed Ranger"]);
    end_blocks(&mut g);
    assert_eq!(g.step(), Step::Intermission);
    assert_eq!(g.decider(), Some(1), "the seat that scored least chooses");
    g.apply(MultiverseGame::concession(1)).unwrap();
    assert_eq!(g.step(), Step::Intermission);
    assert_eq!(g.decider(), Some(2));
    take(&mut g, &["Take the first turn of battle 2"]);
    assert_eq!((g.battle(), g.active(), g.step()), (2, 2, Step::Redraw));
    assert!(g.player(1).out);
}
