//! Options in words: two options never read the same, so a player (and a program
//! reading the labels) can tell every option apart.

mod common;

use epic_classic::{classic_pool, Choice, Placed, SeatSetup};

#[test]
fn options_that_read_the_same_are_numbered_in_order() {
    let pool = classic_pool();
    let id = |name: &str| pool.id(name).expect("card");
    let p1 = SeatSetup {
        hand: vec![id("Ember Bolt"), id("Iron Golem"), id("Iron Golem")],
        deck: vec![id("Thornback"); 8],
        ..SeatSetup::default()
    };
    let p2 = SeatSetup {
        deck: vec![id("Thornback"); 8],
        in_play: vec![Placed::new(id("Thornback")), Placed::new(id("Thornback"))],
        ..SeatSetup::default()
    };
    let mut g = common::build_step(vec![p1, p2], 1);
    let labels = g.labels(0);
    let golem = "Play Iron Golem (paced unaligned constructed champion 5/5, action)";
    assert!(labels.contains(&format!("{golem} (1)")), "{labels:?}");
    assert!(labels.contains(&format!("{golem} (2)")), "{labels:?}");
    assert!(
        labels.contains(&"Play Ember Bolt (fast wild magical event, free)".to_string()),
        "a label read once is not numbered: {labels:?}"
    );
    assert_eq!(g.view(0).options, labels);
    // Ember Bolt's targets: the two Thornbacks, in the order they came into play.
    let bolt = labels
        .iter()
        .position(|l| l.starts_with("Play Ember Bolt"))
        .expect("bolt");
    let play = g.options()[bolt];
    g.apply(play).expect("offered");
    // Once played, a card is told by its name alone; any other decision as it was asked.
    assert_eq!(g.said(play, labels[bolt].clone(), 0), "Play Ember Bolt");
    assert_eq!(g.said(Choice::Pass, "Pass".into(), 0), "Pass");
    assert_eq!(
        g.labels(0),
        ["Target Thornback (1)", "Target Thornback (2)"]
    );
    let unique: std::collections::HashSet<_> = g.labels(0).into_iter().collect();
    assert_eq!(unique.len(), g.options().len());
}
