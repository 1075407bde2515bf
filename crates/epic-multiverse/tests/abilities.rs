//! The common and random abilities and the powers (§Abilities, §Powers), each from a
//! position: what it lets a character do or refuses it, and the exact result.

mod common;

use common::*;
use epic_game::{Seat, State};
use epic_multiverse::abilities::AttackKind;
use epic_multiverse::state::{ItemState, Step, DISABLED};
use epic_multiverse::{MultiverseGame, Placed, Position};

fn character<'a>(
    g: &'a MultiverseGame,
    seat: u8,
    name: &str,
) -> &'a epic_multiverse::state::InPlay {
    g.player(seat)
        .characters
        .iter()
        .find(|c| g.pool().get(c.card).name == name)
        .expect("in play")
}

#[test]
fn fx14_a_power_attacks_with_its_value_in_place_of_c() {
    // F-13.1, FX-14: Stormwing Sentinel (C 3, Energy Blast 5) lands and blasts.
    let mut g = start(&combat(
        &[Placed::new("Stormwing Sentinel")],
        &[Placed::new("Bog Hulk"), Placed::new("Thunder Herald")],
    ));
    assert!(offers(
        &g,
        &["attacks Thunder Herald with Energy Blast (electricity) 5: 5 against D 5"]
    ));
    take(&mut g, &["attacks Thunder Herald with Energy Blast"]);
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Thunder Herald"), Some(1));
}

#[test]
fn psi_and_magic_blast_defend_an_untapped_character() {
    // F-13.2: Mind Warden (D 3, Psi 5) defends with its Psi while untapped.
    let g = start(&combat(
        &[Placed::new("Iron Legionnaire")],
        &[Placed::new("Mind Warden")],
    ));
    assert!(
        offers(
            &g,
            &["Iron Legionnaire attacks Mind Warden: C 3 against D 5"]
        ),
        "{:?}",
        labels(&g)
    );
    let g = start(&combat(
        &[Placed::new("Iron Legionnaire")],
        &[Placed::new("Mind Warden").tapped()],
    ));
    assert!(offers(
        &g,
        &["Iron Legionnaire attacks Mind Warden: C 3 against D 3"]
    ));
    // F-13.4: Hexblade Sorcerer's Magic Blast 6 in place of its D 4.
    let g = start(&combat(
        &[Placed::new("Titan Brawler")],
        &[Placed::new("Hexblade Sorcerer")],
    ));
    let hex = character(&g, 1, "Hexblade Sorcerer");
    assert_eq!(g.defense_against(hex, AttackKind::Physical), 6);
    // Resistant (Magic Blast): +3 against it.
    assert_eq!(g.defense_against(hex, AttackKind::Magic), 9);
}

#[test]
fn immune_characters_cannot_be_attacked_by_that_kind() {
    // Glossary, Immune (X): Bone Golem is immune to Psi; Mind Warden attacks with C only.
    let g = start(&combat(
        &[Placed::new("Mind Warden")],
        &[Placed::new("Bone Golem")],
    ));
    assert!(offers(&g, &["Mind Warden attacks Bone Golem: C 1"]));
    assert!(!offers(&g, &["with Psi"]), "{:?}", labels(&g));
}

#[test]
fn flyers_meet_others_in_close_combat_only_by_reach() {
    // Flight (ruling M-15): in flight from entering play; no close combat with the
    // ground either way; Reach attacks a flyer with C; a power reaches it.
    let g = start(&combat(
        &[
            Placed::new("Iron Legionnaire"),
            Placed::new("Web Slinger"),
            Placed::new("Vault Gunner"),
        ],
        &[Placed::new("Stormwing Sentinel")],
    ));
    assert!(!offers(&g, &["Iron Legionnaire attacks"]));
    assert!(offers(&g, &["Web Slinger attacks Stormwing Sentinel: C 3"]));
    assert!(offers(
        &g,
        &["Vault Gunner attacks Stormwing Sentinel with Firearm 4"]
    ));
    assert!(!offers(&g, &["Vault Gunner attacks Stormwing Sentinel: C"]));
    // A flyer attacks the ground with C once it lands, and only before attacks begin.
    let mut g = start(&combat(
        &[Placed::new("Crypt Vampire")],
        &[Placed::new("Mirror Weaver")],
    ));
    assert!(!offers(&g, &["Crypt Vampire attacks Mirror Weaver"]));
    take(&mut g, &["Crypt Vampire lands"]);
    assert!(!character(&g, 0, "Crypt Vampire").flying);
    assert!(!offers(&g, &["Crypt Vampire takes off"]), "once a turn");
    assert!(offers(
        &g,
        &["Crypt Vampire attacks Mirror Weaver: C 4 against D 3"]
    ));
}

#[test]
fn double_strike_wounds_twice_and_fear_cannot_be_blocked() {
    // Double Strike: "deal two wounds with each attack"; Fear: "cannot be blocked"
    // (ruling M-16).
    let mut g = start(&combat(
        &[Placed::new("Dread Rider")],
        &[Placed::new("Ember Recruit"), Placed::new("Plated Magnate")],
    ));
    take(&mut g, &["Dread Rider attacks Ember Recruit"]);
    end_attacks(&mut g);
    // No block is offered: the Magnate is a team-mate, but the Rider has Fear; a heroic
    // act is.
    assert!(!offers(&g, &["blocks for"]), "{:?}", labels(&g));
    assert!(offers(
        &g,
        &["Heroic act: Plated Magnate takes the first wound Ember Recruit"]
    ));
    fight(&mut g);
    assert_eq!(g.step(), Step::Recruit);
    assert_eq!(wounds(&g, 1, "Ember Recruit"), Some(DISABLED));
    assert_eq!(g.player(0).points, 1);
}

#[test]
fn super_speed_declares_two_attacks() {
    let mut g = start(&combat(
        &[Placed::new("Arc Sprinter")],
        &[Placed::new("Ember Recruit"), Placed::new("Rooftop Sentry")],
    ));
    take(&mut g, &["Arc Sprinter attacks Ember Recruit"]);
    take(&mut g, &["Arc Sprinter attacks Rooftop Sentry"]);
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Ember Recruit"), Some(1));
    assert_eq!(wounds(&g, 1, "Rooftop Sentry"), Some(1));
}

#[test]
fn rage_must_attack_with_one_more_c_and_one_less_d() {
    // Rage: "must attack if they are able to and may attack with +1C, -1D".
    let mut g = start(&combat(
        &[Placed::new("Titan Brawler")],
        &[Placed::new("Plated Magnate")],
    ));
    assert!(!offers(&g, &["No more attacks"]), "no way out of attacking");
    let brawler = *character(&g, 0, "Titan Brawler");
    let c = 5 + brawler.bonus.0;
    assert!((1..=6).contains(&brawler.bonus.0), "Super Strength's 1d6");
    take(
        &mut g,
        &[
            "Titan Brawler attacks Plated Magnate: C",
            &format!("C {} against", c + 1),
        ],
    );
    let brawler = *character(&g, 0, "Titan Brawler");
    assert_eq!(g.combat_value(&brawler), c + 1);
    assert_eq!(g.defense_value(&brawler), 4);
}

#[test]
fn stealth_hides_until_it_attacks_and_keen_senses_see_it() {
    // Stealth: "may not be attacked until they attack first … they may tap to replace
    // this marker"; Keen Senses ignores it.
    let g = start(&combat(
        &[Placed::new("Iron Legionnaire"), Placed::new("Mind Warden")],
        &[Placed::new("Night Stalker")],
    ));
    assert!(character(&g, 1, "Night Stalker").hidden);
    assert!(!offers(&g, &["Iron Legionnaire attacks Night Stalker"]));
    assert!(offers(&g, &["Mind Warden attacks Night Stalker"]));
    // It attacks, and is seen; in its recruit step it may hide again, tapping.
    let mut pos = combat(
        &[Placed::new("Night Stalker")],
        &[Placed::new("Mirror Weaver")],
    );
    pos.seats[0].characters.push(Placed::new("Ash Ghoul"));
    let mut g = start(&pos);
    take(&mut g, &["Night Stalker attacks Mirror Weaver"]);
    fight(&mut g);
    assert!(!character(&g, 0, "Night Stalker").hidden);
    assert!(
        !offers(&g, &["Night Stalker hides again"]),
        "tapped by its attack"
    );
}

#[test]
fn vampirism_heals_and_poison_weakens() {
    let mut pos = combat(
        &[
            Placed::new("Crypt Vampire").wounded(1),
            Placed::new("Venom Widow"),
        ],
        &[Placed::new("Mirror Weaver"), Placed::new("Green Veil")],
    );
    pos.seats[1].characters[0].tapped = false;
    let mut g = start(&pos);
    take(&mut g, &["Crypt Vampire lands"]);
    take(&mut g, &["Crypt Vampire attacks Mirror Weaver"]);
    take(&mut g, &["Venom Widow attacks Green Veil"]);
    fight(&mut g);
    assert_eq!(wounds(&g, 0, "Crypt Vampire"), Some(0), "Vampirism");
    let veil = character(&g, 1, "Green Veil");
    assert_eq!((veil.wounds, veil.poison), (1, 1));
    assert_eq!(g.defense_value(veil), 2, "Poison: D 3 - 1");
}

#[test]
fn regenerate_heal_and_rejuvenate_recover_wounds() {
    // Regenerate at the start of its controller's turn.
    let mut pos = Position::new(2);
    pos.step = Step::Discard;
    pos.seats[0].characters = vec![Placed::new("Mirror Weaver")];
    pos.seats[1].characters = vec![Placed::new("Troll Warden").wounded(1)];
    pos.seats[1].deck = vec!["Umbral Gate".into(); 8];
    let g = start(&pos);
    assert_eq!(g.active(), 1);
    assert_eq!(wounds(&g, 1, "Troll Warden"), Some(0));
    // Heal: itself; Rejuvenate: anyone's, in the recruit step, tapping.
    let mut pos = Position::new(2);
    pos.step = Step::Recruit;
    pos.seats[0].characters = vec![
        Placed::new("Field Medic").wounded(1),
        Placed::new("Shade Healer"),
        Placed::new("Ash Ghoul").wounded(1),
    ];
    pos.seats[1].characters = vec![Placed::new("Mirror Weaver").wounded(1)];
    let mut g = start(&pos);
    assert!(offers(&g, &["Field Medic heals a wound of its own (tap)"]));
    assert!(!offers(&g, &["Field Medic heals a wound of Ash Ghoul"]));
    assert!(offers(
        &g,
        &["Shade Healer heals a wound of Mirror Weaver (tap)"]
    ));
    take(&mut g, &["Shade Healer heals a wound of Ash Ghoul"]);
    assert_eq!(wounds(&g, 0, "Ash Ghoul"), Some(0));
    assert!(character(&g, 0, "Shade Healer").tapped);
    assert!(!offers(&g, &["Shade Healer heals"]));
}

#[test]
fn vulnerable_loses_one_to_three_against_its_kind() {
    // Vulnerable (X): "defense is reduced by D3 against this kind of attack": Troll
    // Warden's D 5 is 2 to 4 against Energy Blast, so Stormwing's 5 always wounds; its
    // C 3 never does.
    for seed in 0..12 {
        let mut pos = combat(
            &[Placed::new("Stormwing Sentinel")],
            &[Placed::new("Troll Warden")],
        );
        pos.seed = seed;
        let mut g = start(&pos);
        take(&mut g, &["attacks Troll Warden with Energy Blast"]);
        fight(&mut g);
        assert_eq!(wounds(&g, 1, "Troll Warden"), Some(1), "seed {seed}");
    }
}

#[test]
fn dice_roll_as_a_character_enters_play() {
    // Defensive Increase +1d6 D; Random Power (F-13.9): Psi, Energy or Matter Blast, a
    // type, 2d6.
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut pos = Position::new(2);
        pos.seed = seed;
        pos.step = Step::Recruit;
        pos.seats[0].characters = vec![Placed::new("Bone Golem"), Placed::new("Radiant Flux")];
        let g = start(&pos);
        let golem = character(&g, 0, "Bone Golem");
        assert!((1..=6).contains(&golem.bonus.1));
        assert_eq!(g.defense_value(golem), 4 + golem.bonus.1);
        let flux = character(&g, 0, "Radiant Flux");
        let power = flux.rolled.expect("a rolled power");
        assert!((2..=12).contains(&power.value));
        assert!(matches!(
            power.kind,
            AttackKind::Psi | AttackKind::Energy | AttackKind::Matter
        ));
        assert_eq!(power.detail == 0, power.kind == AttackKind::Psi);
        kinds.insert(power.kind);
    }
    assert_eq!(kinds.len(), 3, "each kind comes up");
}

#[test]
fn teamwork_and_leadership_add_one_each_once_a_turn() {
    // F-14.7: a team-mate taps for +1 to an attack; a leader's help is leadership, which
    // a character may have besides teamwork; each once a turn.
    let mut g = start(&combat(
        &[
            Placed::new("Ember Recruit"),
            Placed::new("Mirror Weaver"),
            Placed::new("Thunder Herald"),
            Placed::new("Plated Magnate"),
        ],
        &[Placed::new("Bog Hulk")],
    ));
    take(
        &mut g,
        &["Mirror Weaver gives Ember Recruit +1 C for the turn (teamwork, tap)"],
    );
    assert!(
        !offers(&g, &["Plated Magnate gives Ember Recruit"]),
        "teamwork once a turn"
    );
    take(
        &mut g,
        &["Thunder Herald gives Ember Recruit +1 C for the turn (leadership, tap)"],
    );
    let recruit = character(&g, 0, "Ember Recruit");
    assert_eq!(g.combat_value(recruit), 4);
    assert!(character(&g, 0, "Mirror Weaver").tapped);
    // The Bog Hulk's D 6 is still out of reach; the Magnate's C 4 too.
    assert!(offers(
        &g,
        &["Ember Recruit attacks Bog Hulk: C 4 against D 6"]
    ));
}

#[test]
fn teamwork_defends_and_a_heroic_act_takes_the_wound() {
    // F-14.7 on defense: +1 D while the side declares blocks. F-14.6: "any Hero
    // character may sacrifice a wound to save another character from being wounded even
    // if tapped, this may only be done once per turn".
    let mut g = start(&combat(
        &[
            Placed::new("Chrome Hunter"),
            Placed::new("Iron Legionnaire"),
        ],
        &[
            Placed::new("Ember Recruit"),
            Placed::new("Mirror Weaver").tapped(),
            Placed::new("Rooftop Sentry"),
        ],
    ));
    take(&mut g, &["Chrome Hunter attacks Ember Recruit"]);
    take(&mut g, &["Iron Legionnaire attacks Rooftop Sentry"]);
    end_attacks(&mut g);
    take(
        &mut g,
        &["Heroic act: Mirror Weaver takes the first wound Ember Recruit"],
    );
    assert!(!offers(&g, &["Heroic act"]), "once a turn");
    end_blocks(&mut g);
    assert_eq!(wounds(&g, 1, "Ember Recruit"), Some(0));
    assert_eq!(wounds(&g, 1, "Mirror Weaver"), Some(1));
    assert_eq!(wounds(&g, 1, "Rooftop Sentry"), Some(1), "C 3 against D 3");

    let mut g = start(&combat(
        &[Placed::new("Iron Legionnaire")],
        &[Placed::new("Mirror Weaver"), Placed::new("Plated Magnate")],
    ));
    take(&mut g, &["Iron Legionnaire attacks Mirror Weaver"]);
    end_attacks(&mut g);
    take(
        &mut g,
        &["Plated Magnate gives Mirror Weaver +1 D for the turn (teamwork, tap)"],
    );
    end_blocks(&mut g);
    assert_eq!(wounds(&g, 1, "Mirror Weaver"), Some(0), "C 3 against D 4");
}

/// Seat 0's recruit step with `mine` (and Bog Hulk for seat 1).
fn recruiting(mine: &[Placed]) -> Position {
    let mut pos = Position::new(2);
    pos.step = Step::Recruit;
    pos.seats[0].characters = mine.to_vec();
    pos.seats[1].characters = vec![Placed::new("Bog Hulk")];
    pos
}

#[test]
fn counter_attack_strikes_the_attacker_back_with_c() {
    // Counter Attack (ruling M-27): Riposte Duelist (3/3), attacked by Iron Legionnaire
    // (3/3), is wounded and, still active, wounds the Legionnaire back.
    let mut g = start(&combat(
        &[Placed::new("Iron Legionnaire")],
        &[Placed::new("Riposte Duelist")],
    ));
    take(&mut g, &["Iron Legionnaire attacks Riposte Duelist"]);
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Riposte Duelist"), Some(1));
    assert_eq!(wounds(&g, 0, "Iron Legionnaire"), Some(1));
    // Disabled by the attack, it cannot strike back.
    let mut g = start(&combat(
        &[Placed::new("Iron Legionnaire")],
        &[Placed::new("Riposte Duelist").wounded(1)],
    ));
    take(&mut g, &["Iron Legionnaire attacks Riposte Duelist"]);
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Riposte Duelist"), Some(DISABLED));
    assert_eq!(wounds(&g, 0, "Iron Legionnaire"), Some(0));
}

#[test]
fn an_intangible_character_cannot_attack_and_only_psi_and_magic_reach_it() {
    // Intangible: toggled before attacks, once a turn.
    let mut g = start(&combat(
        &[Placed::new("Phase Wraith")],
        &[Placed::new("Mirror Weaver")],
    ));
    take(&mut g, &["Phase Wraith turns intangible"]);
    assert!(!offers(&g, &["Phase Wraith attacks"]));
    assert!(!offers(&g, &["Phase Wraith turns solid"]), "once a turn");
    // Intangible on the other side: Psi reaches it, C does not.
    let g = start(&combat(
        &[Placed::new("Mind Warden"), Placed::new("Iron Legionnaire")],
        &[Placed::new("Phase Wraith").intangible()],
    ));
    assert!(offers(&g, &["Mind Warden attacks Phase Wraith with Psi 5"]));
    assert!(!offers(&g, &["Iron Legionnaire attacks Phase Wraith"]));
    assert!(!offers(&g, &["Mind Warden attacks Phase Wraith: C"]));
}

#[test]
fn teleports_move_characters_to_the_holding_area_or_an_opponents_to_the_hand() {
    // Ruling M-28: the staging area is the holding area, reached for free by tapping.
    let mut g = start(&recruiting(&[Placed::new("Blink Courier").wounded(1)]));
    take(
        &mut g,
        &["Blink Courier teleports to the holding area (tap)"],
    );
    assert_eq!(g.player(0).holding.len(), 1);
    assert_eq!(g.player(0).holding[0].wounds, 0, "healed there");
    // The board says when it may come back, not that it is tapped.
    let voice = epic_game::words::Voice::numbered(Some(0), 2);
    let page = epic_game::Ruleset::page(&g, &voice).plain_text();
    assert!(
        page.contains(
            "Holding area (2/30): Blink Courier C2/D2 healthy, returns from the next turn"
        ),
        "{page}"
    );
    assert!(page.contains("Your hand: none"), "{page}");
    // Defensive Teleport takes one other character along; Strategic sends one.
    let mut g = start(&recruiting(&[
        Placed::new("Warp Guardian"),
        Placed::new("Dawn Watch Cadet").wounded(1),
        Placed::new("Gate Tactician"),
    ]));
    take(
        &mut g,
        &["Warp Guardian teleports to the holding area with Dawn Watch Cadet"],
    );
    assert_eq!(g.player(0).holding.len(), 2);
    take(
        &mut g,
        &["Gate Tactician teleports to the holding area (tap)"],
    );
    assert_eq!(g.player(0).holding.len(), 3);
    // Offensive Teleport: Bog Hulk back to its owner's hand.
    let mut g = start(&recruiting(&[Placed::new("Exile Mage")]));
    take(
        &mut g,
        &["Exile Mage teleports Bog Hulk back to its owner's hand"],
    );
    assert!(g.player(1).characters.is_empty());
    assert_eq!(g.player(1).hand.len(), 1);
}

#[test]
fn resurrect_brings_a_killed_character_to_the_holding_area() {
    // Ruling M-28: the killed pile is the graveyard.
    let mut pos = recruiting(&[Placed::new("Grave Caller")]);
    pos.seats[0].graveyard = vec!["Thunder Herald".into()];
    let mut g = start(&pos);
    take(
        &mut g,
        &["Grave Caller brings Thunder Herald from the graveyard to the holding area"],
    );
    assert!(g.player(0).graveyard.is_empty());
    assert_eq!(g.player(0).holding.len(), 1);
}

#[test]
fn swarm_makes_markers_worth_no_points() {
    // Swarm: "Markers are not worth points."
    let mut g = start(&recruiting(&[Placed::new("Locust Brood")]));
    take(&mut g, &["Locust Brood makes a Swarm marker"]);
    let p = g.player(0);
    assert_eq!(p.characters.len(), 2);
    assert!(p.characters[1].token);
    assert!(g.view(None).players[0].characters[1].marker);
    // A marker disabled scores nothing, and killed leaves nothing in the graveyard.
    let mut g = start(&combat(
        &[Placed::new("Clawed Ranger")],
        &[Placed::new("Locust Brood").wounded(1).marker()],
    ));
    take(&mut g, &["Clawed Ranger attacks Locust Brood"]);
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Locust Brood"), Some(DISABLED));
    assert_eq!(g.player(0).points, 0);
    let mut g = start(&combat(
        &[Placed::new("Clawed Ranger")],
        &[Placed::new("Locust Brood").wounded(2).marker()],
    ));
    take(&mut g, &["Clawed Ranger attacks Locust Brood"]);
    fight(&mut g);
    assert!(
        g.player(1).characters.is_empty(),
        "killed: an anti-hero kills a villain"
    );
    assert!(g.player(1).graveyard.is_empty());
}

#[test]
fn technopathy_disables_or_repairs_any_item() {
    let mut g = start(&recruiting(&[
        Placed::new("Circuit Witch"),
        Placed::new("Mirror Weaver").with_item("Arc Pistol", ItemState::Disabled),
    ]));
    take(
        &mut g,
        &["Circuit Witch repairs Arc Pistol of Mirror Weaver (tap)"],
    );
    assert_eq!(g.player(0).items[0].state, ItemState::Working);
    let mut pos = recruiting(&[Placed::new("Circuit Witch")]);
    pos.seats[1].characters = vec![Placed::new("Green Veil").with("Aegis Harness")];
    let mut g = start(&pos);
    take(
        &mut g,
        &["Circuit Witch disables Aegis Harness of Green Veil (tap)"],
    );
    assert_eq!(g.player(1).items[0].state, ItemState::Disabled);
}

#[test]
fn strategic_teleport_sends_a_team_mates_character_to_that_players_holding_area() {
    // FX-17, F-15.3: Strategic Teleport may move a partner's character (it changes no
    // control); Defensive Teleport may not take a partner's along.
    let mut pos = Position::new(4);
    pos.variant = epic_multiverse::variant::Variant::parse(Some("teams"), None, 4).unwrap();
    pos.step = Step::Recruit;
    pos.seats[0].characters = vec![Placed::new("Gate Tactician"), Placed::new("Warp Guardian")];
    pos.seats[1].characters = vec![Placed::new("Bog Hulk")];
    pos.seats[2].characters = vec![Placed::new("Dawn Watch Cadet").wounded(1)];
    let mut g = start(&pos);
    assert!(!offers(
        &g,
        &["Warp Guardian teleports to the holding area with Dawn Watch Cadet"]
    ));
    assert!(
        !offers(&g, &["Gate Tactician teleports Bog Hulk"]),
        "not an opponent's"
    );
    take(
        &mut g,
        &["Gate Tactician teleports Dawn Watch Cadet (Player 3) to that player's holding area (tap)"],
    );
    assert!(g.player(2).characters.is_empty());
    assert_eq!(
        g.player(2).holding.len(),
        1,
        "its own player's holding area"
    );
    assert_eq!(g.player(2).holding[0].wounds, 0, "healed there");
    assert!(g.player(0).holding.is_empty());
}

/// Takes the plain way on (no foothold, no incident, no recruit, no discard) until
/// seat `seat`'s attack step.
fn on_to_attacks_of(g: &mut MultiverseGame, seat: Seat) {
    let ways = [
        "No more attacks",
        "No more blocks",
        "Play no more incidents",
        "Done recruiting",
        "Keep your hand and end the turn",
        "Establish no foothold",
    ];
    for _ in 0..50 {
        if g.step() == Step::Attacks && g.decider() == Some(seat) {
            return;
        }
        let labels = labels(g);
        let way = ways
            .iter()
            .find(|w| labels.iter().any(|l| l.starts_with(*w)));
        take(
            g,
            &[way.unwrap_or_else(|| panic!("no plain way on among {labels:?}"))],
        );
    }
    panic!("seat {seat}'s attacks never came");
}

#[test]
fn an_invisible_character_is_attacked_only_by_what_it_attacked_last_turn() {
    // Ruling M-33: invisible, Glass Stalker is out of Iron Legionnaire's reach, but not
    // of Mind Warden's Keen Senses.
    let g = start(&combat(
        &[Placed::new("Iron Legionnaire"), Placed::new("Mind Warden")],
        &[Placed::new("Glass Stalker").invisible()],
    ));
    assert!(!offers(&g, &["Iron Legionnaire attacks Glass Stalker"]));
    assert!(offers(&g, &["Mind Warden attacks Glass Stalker"]));
    // It turns invisible before attacks, once a turn, and attacks Bog Hulk: on the
    // other side's turn Bog Hulk may attack it back, Mirror Weaver may not.
    let mut pos = combat(
        &[Placed::new("Glass Stalker"), Placed::new("Ash Ghoul")],
        &[Placed::new("Bog Hulk"), Placed::new("Mirror Weaver")],
    );
    pos.seats[0].footholds = vec![("Crimson Gate".into(), false)];
    pos.seats[1].footholds = vec![("Umbral Gate".into(), false)];
    let mut g = start(&pos);
    take(&mut g, &["Glass Stalker turns invisible"]);
    assert!(!offers(&g, &["Glass Stalker turns visible"]), "once a turn");
    take(&mut g, &["Glass Stalker attacks Bog Hulk"]);
    on_to_attacks_of(&mut g, 1);
    assert!(character(&g, 0, "Glass Stalker").invisible);
    assert!(offers(&g, &["Bog Hulk attacks Glass Stalker"]));
    assert!(!offers(&g, &["Mirror Weaver attacks Glass Stalker"]));
    assert!(offers(&g, &["Mirror Weaver attacks Ash Ghoul"]));
}

#[test]
fn no_heroic_act_is_made_for_an_invisible_character() {
    // Ruling M-33: "They may also not benefit from heroic act or blocking".
    let mut g = start(&combat(
        &[Placed::new("Mind Warden"), Placed::new("Iron Legionnaire")],
        &[
            Placed::new("Glass Stalker").invisible(),
            Placed::new("Dawn Watch Cadet"),
            Placed::new("Lantern Sentinel"),
        ],
    ));
    take(&mut g, &["Mind Warden attacks Glass Stalker with Psi 5"]);
    take(&mut g, &["Iron Legionnaire attacks Dawn Watch Cadet"]);
    end_attacks(&mut g);
    assert_eq!(g.decider(), Some(1));
    assert!(!offers(&g, &["Heroic act", "Glass Stalker would take"]));
    assert!(offers(&g, &["Heroic act", "Dawn Watch Cadet would take"]));
}
