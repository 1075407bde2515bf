//! Items (F-2.4, F-9), each from a position: equipping, a weapon's attack, a device's
//! use, the wound an item takes in place of its holder, recovering and repairing, and
//! the points an item adds.

mod common;

use common::*;
use epic_game::Seat;
use epic_multiverse::state::{ItemState, Step};
use epic_multiverse::{MultiverseGame, Placed, Position};

fn item_state(g: &MultiverseGame, seat: Seat, item: &str) -> Option<ItemState> {
    g.player(seat)
        .items
        .iter()
        .find(|e| g.pool().get(e.card).name == item)
        .map(|e| e.state)
}

/// Seat 0 at its recruit step with `hand`, `footholds` untapped Crimson Gates and
/// `characters`.
fn recruiting(hand: &[&str], footholds: usize, characters: &[Placed]) -> Position {
    let mut pos = Position::new(2);
    pos.step = Step::Recruit;
    pos.seats[0].hand = hand.iter().map(|s| s.to_string()).collect();
    pos.seats[0].footholds = vec![("Crimson Gate".into(), false); footholds];
    pos.seats[0].characters = characters.to_vec();
    pos.seats[1].characters = vec![Placed::new("Bog Hulk")];
    pos
}

#[test]
fn an_item_is_equipped_in_the_recruit_step_for_its_cost() {
    // F-9.1, F-7.1: Arc Pistol (2, red) on Mirror Weaver, tapping two red footholds.
    let mut g = start(&recruiting(
        &["Arc Pistol"],
        3,
        &[Placed::new("Mirror Weaver")],
    ));
    take(&mut g, &["Equip Mirror Weaver with Arc Pistol (tap 2 red)"]);
    assert_eq!(item_state(&g, 0, "Arc Pistol"), Some(ItemState::Working));
    assert!(g.player(0).hand.is_empty());
    let tapped = g.player(0).footholds.iter().filter(|f| f.tapped).count();
    assert_eq!(tapped, 2);
    // Two footholds were not enough for a second copy: one left.
    assert!(!offers(&g, &["Equip"]));
}

#[test]
fn an_item_with_a_requirement_goes_only_on_a_character_that_meets_it() {
    // F-9.8: Overclock Gauntlet is for Humans: Mirror Weaver (Human), not Clawed Ranger
    // (Mutant).
    let g = start(&recruiting(
        &["Overclock Gauntlet"],
        3,
        &[Placed::new("Mirror Weaver"), Placed::new("Clawed Ranger")],
    ));
    assert!(offers(&g, &["Equip Mirror Weaver with Overclock Gauntlet"]));
    assert!(!offers(&g, &["Equip Clawed Ranger"]));
}

#[test]
fn a_weapon_gives_its_holder_an_attack() {
    // F-2.4: Shock Baton, close combat at C + 1: Dust Gunslinger (C 3) attacks with 4.
    let mut g = start(&combat(
        &[Placed::new("Dust Gunslinger").with("Shock Baton")],
        &[Placed::new("Rooftop Sentry")],
    ));
    assert!(offers(
        &g,
        &["Dust Gunslinger attacks Rooftop Sentry: C 3 against D 3"]
    ));
    take(
        &mut g,
        &["Dust Gunslinger attacks Rooftop Sentry with Shock Baton: 4 against D 3"],
    );
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Rooftop Sentry"), Some(1));
    // F-13.8: a firearm is a ranged attack with its own value.
    let g = start(&combat(
        &[Placed::new("Mirror Weaver").with("Arc Pistol")],
        &[Placed::new("Bog Hulk")],
    ));
    assert!(offers(
        &g,
        &["Mirror Weaver attacks Bog Hulk with Arc Pistol: 5 against D 6"]
    ));
}

#[test]
fn equipment_and_artifacts_change_their_holder_while_they_work() {
    // Aegis Harness +1 C, +2 D; Warding Amulet: Resistant (Magic Blast).
    let g = start(&combat(
        &[Placed::new("Green Veil").with("Aegis Harness")],
        &[Placed::new("Rooftop Sentry").with("Warding Amulet")],
    ));
    assert_eq!(stats(&g, 0, "Green Veil"), (4, 5));
    assert!(g.player(1).characters.iter().all(|c| g.has(
        c,
        epic_multiverse::abilities::Ability::Resistant(
            epic_multiverse::abilities::AttackKind::Magic
        )
    )));
    let g = start(&combat(
        &[Placed::new("Green Veil").with_item("Aegis Harness", ItemState::Disabled)],
        &[Placed::new("Rooftop Sentry")],
    ));
    assert_eq!(
        stats(&g, 0, "Green Veil"),
        (3, 3),
        "a disabled item gives nothing"
    );
}

#[test]
fn an_item_takes_the_wound_in_place_of_its_holder() {
    // F-9.2, ruling M-26: Clawed Ranger (C 5) wounds Green Veil (D 3 + 2); the harness
    // is disabled instead, and Green Veil is unhurt.
    let mut g = start(&combat(
        &[Placed::new("Clawed Ranger")],
        &[Placed::new("Green Veil").with("Aegis Harness")],
    ));
    take(
        &mut g,
        &["Clawed Ranger attacks Green Veil: C 5 against D 5"],
    );
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Green Veil"), Some(0));
    assert_eq!(
        item_state(&g, 1, "Aegis Harness"),
        Some(ItemState::Disabled)
    );
    assert_eq!(stats(&g, 1, "Green Veil"), (3, 3));
}

#[test]
fn a_fragile_item_is_destroyed_and_one_that_cannot_be_disabled_is_knocked_away() {
    // F-9.6: Bone Charm is destroyed in place of the wound: to the discard pile.
    let mut g = start(&combat(
        &[Placed::new("Clawed Ranger")],
        &[Placed::new("Green Veil").with("Bone Charm")],
    ));
    take(&mut g, &["Clawed Ranger attacks Green Veil"]);
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Green Veil"), Some(0));
    assert_eq!(item_state(&g, 1, "Bone Charm"), None);
    assert_eq!(g.player(1).discard.len(), 1);
    // F-9.4: Glider Wings are knocked away; their holder lands.
    let mut g = start(&combat(
        &[Placed::new("Crypt Vampire")],
        &[Placed::new("Rooftop Sentry").with("Glider Wings")],
    ));
    let sentry = |g: &MultiverseGame| g.player(1).characters[0];
    assert!(sentry(&g).flying);
    take(&mut g, &["Crypt Vampire attacks Rooftop Sentry"]);
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Rooftop Sentry"), Some(0));
    assert_eq!(
        item_state(&g, 1, "Glider Wings"),
        Some(ItemState::KnockedAway)
    );
    assert!(!sentry(&g).flying, "without its wings it is on the ground");
}

#[test]
fn a_holder_taps_to_recover_its_item_and_a_tech_repairs_one() {
    // F-9.4: recovering by tapping, in the holder's own recruit step.
    let mut g = start(&recruiting(
        &[],
        0,
        &[Placed::new("Rooftop Sentry").with_item("Glider Wings", ItemState::KnockedAway)],
    ));
    take(&mut g, &["Rooftop Sentry recovers Glider Wings (tap)"]);
    assert_eq!(item_state(&g, 0, "Glider Wings"), Some(ItemState::Working));
    assert!(g.player(0).characters[0].tapped);
    // F-9.3: only a character with Tech repairs a disabled item.
    let g = start(&recruiting(
        &[],
        0,
        &[Placed::new("Mirror Weaver").with_item("Arc Pistol", ItemState::Disabled)],
    ));
    assert!(!offers(&g, &["repairs"]));
    let mut g = start(&recruiting(
        &[],
        0,
        &[
            Placed::new("Mirror Weaver").with_item("Arc Pistol", ItemState::Disabled),
            Placed::new("Gearwright"),
        ],
    ));
    take(
        &mut g,
        &["Gearwright repairs Arc Pistol of Mirror Weaver (tap)"],
    );
    assert_eq!(item_state(&g, 0, "Arc Pistol"), Some(ItemState::Working));
}

#[test]
fn an_item_that_can_be_neither_disabled_nor_knocked_away_takes_no_wound() {
    // F-9.5, ruling M-26: Rune Blade stays; its holder is wounded.
    let mut g = start(&combat(
        &[Placed::new("Clawed Ranger")],
        &[Placed::new("Green Veil").with("Rune Blade")],
    ));
    take(&mut g, &["Clawed Ranger attacks Green Veil"]);
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Green Veil"), Some(1));
    assert_eq!(item_state(&g, 1, "Rune Blade"), Some(ItemState::Working));
}

#[test]
fn disabling_a_character_scores_its_cost_and_its_items() {
    // F-11.3: Green Veil (3) with Rune Blade (3), injured, is disabled: 6 points.
    let mut g = start(&combat(
        &[Placed::new("Clawed Ranger")],
        &[Placed::new("Green Veil").wounded(1).with("Rune Blade")],
    ));
    take(&mut g, &["Clawed Ranger attacks Green Veil"]);
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Green Veil"), Some(2));
    assert_eq!(g.player(0).points, 6);
}

#[test]
fn a_device_is_used_by_tapping_its_holder() {
    // F-2.4: Mender Kit heals its holder; Overclock Gauntlet gives +3 C for the turn.
    let mut g = start(&recruiting(
        &[],
        0,
        &[
            Placed::new("Green Veil").wounded(1).with("Mender Kit"),
            Placed::new("Mirror Weaver").with("Overclock Gauntlet"),
        ],
    ));
    take(&mut g, &["Green Veil uses Mender Kit (tap)"]);
    assert_eq!(wounds(&g, 0, "Green Veil"), Some(0));
    take(&mut g, &["Mirror Weaver uses Overclock Gauntlet (tap)"]);
    assert_eq!(stats(&g, 0, "Mirror Weaver"), (6, 3));
    // Done, with an empty hand: the turn ends, and the boost with it.
    take(&mut g, &["Done recruiting"]);
    assert_eq!(g.active(), 1);
    assert_eq!(stats(&g, 0, "Mirror Weaver"), (3, 3), "for the turn only");
}

#[test]
fn items_go_with_their_holder_to_the_holding_area() {
    // F-9.9: evacuated, Mirror Weaver keeps its pistol.
    let mut g = start(&recruiting(
        &[],
        2,
        &[Placed::new("Mirror Weaver").with("Arc Pistol")],
    ));
    take(&mut g, &["Evacuate Mirror Weaver"]);
    assert_eq!(g.player(0).holding.len(), 1);
    let held = g.player(0).holding[0].id;
    assert!(g.player(0).items.iter().any(|e| e.holder == held));
}

#[test]
fn a_built_in_item_is_in_its_holders_stats_until_knocked_away() {
    // F-9.7: Riot Marshal (3/5 printed, with Tactical Vest +2 D built in) is wounded by
    // Clawed Ranger (C 5): the vest is knocked away instead, and the Marshal is 3/3
    // until it taps to recover it. A built-in item is no card: no points, no discard.
    let mut g = start(&combat(
        &[Placed::new("Clawed Ranger")],
        &[Placed::new("Riot Marshal")],
    ));
    assert_eq!(stats(&g, 1, "Riot Marshal"), (3, 5));
    take(
        &mut g,
        &["Clawed Ranger attacks Riot Marshal: C 5 against D 5"],
    );
    fight(&mut g);
    assert_eq!(wounds(&g, 1, "Riot Marshal"), Some(0));
    assert_eq!(
        item_state(&g, 1, "Tactical Vest"),
        Some(ItemState::KnockedAway)
    );
    assert_eq!(stats(&g, 1, "Riot Marshal"), (3, 3));
    assert!(g.player(1).discard.is_empty());
    // Its built-in weapon gives Rooftop Vigilante a Projectile 4.
    let g = start(&combat(
        &[Placed::new("Rooftop Vigilante")],
        &[Placed::new("Bog Hulk")],
    ));
    assert!(offers(
        &g,
        &["Rooftop Vigilante attacks Bog Hulk with Grappling Gun: 4 against D 6"]
    ));
}
