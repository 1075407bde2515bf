//! The classic game as numbers for learning programs (`epic_classic::tensor`): each
//! section holds what the seat may know, from its place round the table.

mod common;

use epic_classic::state::Pose;
use epic_classic::tensor::*;
use epic_classic::{classic_pool, Choice, ClassicGame, Placed, SeatSetup};
use epic_game::actions::MAX_ACTIONS;
use epic_game::{Seat, State};

/// Player 1 (seat 0) holds Ember Bolt and has Hawk Rider, a face-down Masked Duelist and
/// a Watchtower in play; Player 2 (seat 1) has a damaged, expended Iron Golem. It is
/// Player 1's Build step.
fn game() -> ClassicGame {
    let pool = classic_pool();
    let id = |name: &str| pool.id(name).expect("card");
    let p1 = SeatSetup {
        mojo: 25,
        hand: vec![id("Ember Bolt"), id("Thornback")],
        deck: vec![id("Iron Golem"); 8],
        in_play: vec![
            Placed::new(id("Hawk Rider")),
            Placed {
                veiled: true,
                ..Placed::new(id("Masked Duelist"))
            },
            Placed::new(id("Watchtower")),
        ],
        ..SeatSetup::default()
    };
    let p2 = SeatSetup {
        hand: vec![id("Fire Lance"), id("Sap Strength"), id("Tidecaller")],
        deck: vec![id("Thornback"); 8],
        in_play: vec![Placed {
            pose: Pose::Expended,
            damage: 2,
            ..Placed::new(id("Iron Golem"))
        }],
        ..SeatSetup::default()
    };
    common::build_step(vec![p1, p2], 7)
}

fn observe(g: &ClassicGame, seat: Seat) -> Vec<f32> {
    let mut out = vec![f32::NAN; Layout::of(g).observation_len()];
    g.write_observation(seat, &mut out);
    out
}

fn section<'a>(g: &ClassicGame, obs: &'a [f32], name: &str) -> &'a [f32] {
    let (_, at, len) = Layout::of(g)
        .sections()
        .into_iter()
        .find(|s| s.0 == name)
        .expect("section");
    &obs[at..at + len]
}

/// The row of the `slot`th card in play of the seat at `place` from the observer.
fn card_row<'a>(g: &ClassicGame, obs: &'a [f32], place: usize, slot: usize) -> &'a [f32] {
    let at = (place * CARD_SLOTS + slot) * CARD_FEATURES;
    &section(g, obs, "in_play")[at..at + CARD_FEATURES]
}

fn index(name: &str) -> f32 {
    f32::from(classic_pool().id(name).expect("card").0) + 1.0
}

#[test]
fn sections_tile_the_observation() {
    let g = game();
    let layout = Layout::of(&g);
    let mut at = 0;
    for (_, start, len) in layout.sections() {
        assert_eq!(start, at);
        at += len;
    }
    assert_eq!(at, layout.observation_len());
    assert_eq!(
        epic_game::actions::Tensors::observation_sections(&g),
        layout.sections().to_vec(),
        "learning programs read the same sections"
    );
    assert_eq!(
        section(&g, &observe(&g, 0), "card_counts").len(),
        2 * COUNT_BLOCKS_PER_SEAT * classic_pool().len()
    );
}

#[test]
fn players_are_written_from_the_observers_place() {
    let g = game();
    let obs = observe(&g, 1);
    let players = section(&g, &obs, "players");
    let (me, them) = players.split_at(PLAYER_FEATURES);
    // Mojo, actions, hand, deck, discard, removed, out, active, priority, deciding.
    assert_eq!(
        &me[..10],
        &[30.0, 1.0, 3.0, 8.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    );
    assert_eq!(
        &them[..10],
        &[25.0, 1.0, 2.0, 8.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0]
    );
    let global = section(&g, &obs, "global");
    assert_eq!(global[0], 3.0, "the turn");
    assert_eq!(global[1 + 4], 1.0, "the Build step");
    assert_eq!(global[1 + 6 + 3], 0.0, "the decision is not the observer's");
    assert_eq!(global[1 + 6 + 3 + 1 + 1], 1.0, "a priority decision");
}

#[test]
fn a_hand_is_counted_only_for_its_holder() {
    let g = game();
    let cards = classic_pool().len();
    let bolt = index("Ember Bolt") as usize - 1;
    let lance = index("Fire Lance") as usize - 1;
    let mine = observe(&g, 0);
    let counts = section(&g, &mine, "card_counts");
    assert_eq!(counts[bolt], 1.0, "its own hand");
    let theirs_hand = &counts[COUNT_BLOCKS_PER_SEAT * cards..(COUNT_BLOCKS_PER_SEAT + 1) * cards];
    assert!(
        theirs_hand.iter().all(|&x| x == 0.0),
        "another's hand is a count"
    );
    assert_eq!(counts[lance], 0.0);
    let in_play = &counts[2 * cards..3 * cards];
    assert_eq!(in_play[index("Hawk Rider") as usize - 1], 1.0);
    assert_eq!(
        in_play[index("Masked Duelist") as usize - 1],
        1.0,
        "its own"
    );
    let other = observe(&g, 1);
    let their_play = &section(&g, &other, "card_counts")
        [(COUNT_BLOCKS_PER_SEAT + 2) * cards..(COUNT_BLOCKS_PER_SEAT + 3) * cards];
    assert_eq!(
        their_play[index("Masked Duelist") as usize - 1],
        0.0,
        "face down"
    );
    assert_eq!(their_play[index("Hawk Rider") as usize - 1], 1.0);
}

#[test]
fn cards_in_play_show_what_the_observer_may_see() {
    let g = game();
    let other = observe(&g, 1);
    // Seat 0's cards, at place 1 from seat 1, in the order they came into play.
    let rider = card_row(&g, &other, 1, 0);
    assert_eq!(
        &rider[..8],
        &[1.0, index("Hawk Rider"), 1.0, 2.0, 1.0, 0.0, 0.0, 1.0]
    );
    let airborne = 16;
    let range = 18;
    assert_eq!((rider[airborne], rider[range]), (1.0, 1.0));
    let veiled = card_row(&g, &other, 1, 1);
    assert_eq!(
        &veiled[..5],
        &[1.0, 0.0, 1.0, 0.0, 0.0],
        "no card, no numbers"
    );
    assert_eq!(veiled[10], 1.0, "face down");
    assert!(veiled[16..].iter().all(|&x| x == 0.0), "no keywords");
    let tower = card_row(&g, &other, 1, 2);
    assert_eq!(&tower[..3], &[1.0, index("Watchtower"), 0.0], "an object");
    // Its own Iron Golem, at place 0: damage 2, expended.
    let golem = card_row(&g, &other, 0, 0);
    assert_eq!(
        &golem[..10],
        &[
            1.0,
            index("Iron Golem"),
            1.0,
            5.0,
            5.0,
            2.0,
            0.0,
            0.0,
            1.0,
            0.0
        ]
    );
    // Its owner sees the face-down champion.
    let mine = observe(&g, 0);
    let duelist = card_row(&g, &mine, 0, 1);
    assert_eq!(
        &duelist[..5],
        &[1.0, index("Masked Duelist"), 1.0, 4.0, 3.0]
    );
}

#[test]
fn the_action_space_is_the_deciders_only() {
    let mut g = game();
    let mut mask = [0u8; MAX_ACTIONS];
    let mut features = vec![0.0; MAX_ACTIONS * ACTION_FEATURES];
    g.write_actions(1, &mut mask, Some(&mut features));
    assert!(mask.iter().all(|&m| m == 0) && features.iter().all(|&f| f == 0.0));
    g.write_actions(0, &mut mask, Some(&mut features));
    let n = g.options().len();
    assert_eq!(g.num_actions(), n);
    assert_eq!(mask.iter().filter(|&&m| m == 1).count(), n);
    assert!(mask[..n].iter().all(|&m| m == 1));
    // The action that plays Ember Bolt names it, in its owner's hand, controlled.
    let bolt = (0..n)
        .find(|&i| matches!(g.options()[i], Choice::Play(o) if g.card(o).name == "Ember Bolt"))
        .expect("Ember Bolt is playable");
    let row = &features[bolt * ACTION_FEATURES..(bolt + 1) * ACTION_FEATURES];
    let at = 1 + OPTION_KINDS.len();
    assert_eq!(row[1 + 3], 1.0, "a play");
    assert_eq!(row[at], index("Ember Bolt"));
    assert_eq!(row[at + 1 + 1], 1.0, "in hand");
    assert_eq!(
        (row[at + 7], row[at + 8]),
        (1.0, 1.0),
        "its owner is the observer"
    );

    // Played, it waits off the line for its target; aimed, it is on the line.
    g.apply(g.options()[bolt]).expect("offered");
    let line = |g: &ClassicGame, seat| section(g, &observe(g, seat), "line").to_vec();
    let pending = line(&g, 1);
    assert_eq!(&pending[..5], &[1.0, index("Ember Bolt"), 0.0, 2.0, 0.0]);
    let golem = (0..g.options().len())
        .find(|&i| g.label_for(g.options()[i], 0) == "Target Iron Golem")
        .expect("the golem is a target");
    g.apply(g.options()[golem]).expect("offered");
    let on_line = line(&g, 1);
    assert_eq!(on_line[0], 0.0, "nothing pending");
    assert_eq!(
        &on_line[LINE_FEATURES..2 * LINE_FEATURES],
        &[1.0, index("Ember Bolt"), 0.0, 2.0, 1.0]
    );
    assert_eq!(
        section(&g, &observe(&g, 1), "global")[1 + 6 + 3 + 1 + DECISION_KINDS.len() + 1],
        1.0,
        "one item"
    );
    // T-8.2: the player who made the play may respond first.
    assert_eq!(g.decider(), Some(0));
    assert_eq!(
        section(&g, &observe(&g, 0), "global")[1 + 6 + 3],
        1.0,
        "its decision"
    );
}

/// Plays two-player games from seeds `0..games`, each choice picked by a seeded
/// xorshift, calling `at` with the game, its decider and the seed at every decision.
fn each_decision(games: u64, mut at: impl FnMut(&ClassicGame, Seat, u64)) {
    for seed in 0..games {
        let mut g = ClassicGame::new(classic_pool(), &common::decks(2, seed), seed).expect("setup");
        let mut pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while let Some(seat) = g.decider() {
            at(&g, seat, seed);
            pick ^= pick << 13;
            pick ^= pick >> 7;
            pick ^= pick << 17;
            let options = g.options();
            g.apply(options[(pick % options.len() as u64) as usize])
                .expect("offered");
        }
    }
}

/// The Battle step's window (before attacks, attackers declared, blockers declared) is
/// written one-hot in its own columns, after the turn and the step's.
#[test]
fn the_battle_steps_window_is_written_one_hot() {
    let at = 1 + 6;
    let mut seen = [false; 3];
    each_decision(30, |g, seat, seed| {
        if g.step() == epic_classic::state::Step::Battle {
            let want = match g.view(seat).moment().as_str() {
                "Battle step, attackers declared" => 1,
                "Battle step, blockers declared" => 2,
                _ => 0,
            };
            let mut one_hot = [0.0; 3];
            one_hot[want] = 1.0;
            let obs = observe(g, seat);
            assert_eq!(
                section(g, &obs, "global")[at..at + 3],
                one_hot,
                "seed {seed}"
            );
            seen[want] = true;
        }
    });
    assert_eq!(seen, [true; 3], "every window was reached");
}

/// Past the action slots (256), the answers that name no card come first, then the
/// others in order until the slots are full: Pass keeps its place at a Build step with
/// 300 cards to play.
#[test]
fn past_the_action_slots_pass_comes_first() {
    let pool = classic_pool();
    let bearer = pool.id("Shield Bearer").expect("card");
    let g = common::build_step(
        vec![
            SeatSetup {
                hand: vec![bearer; 300],
                deck: vec![bearer; 8],
                ..SeatSetup::default()
            },
            SeatSetup {
                deck: vec![bearer; 8],
                ..SeatSetup::default()
            },
        ],
        3,
    );
    let options = g.options();
    assert!(options.len() > MAX_ACTIONS, "{} options", options.len());
    let pass = options
        .iter()
        .position(|&c| c == Choice::Pass)
        .expect("a pass");
    assert_eq!(g.option_action(pass), Some(0));
    assert_eq!(g.action_option(0), Some(pass));
    // The plays fill the other slots in the order they come, and the rest have none.
    let plays: Vec<usize> = (0..options.len()).filter(|&i| i != pass).collect();
    for (slot, &i) in plays.iter().enumerate() {
        let want = (slot + 1 < MAX_ACTIONS).then_some(slot + 1);
        assert_eq!(g.option_action(i), want, "option {i}");
    }
    assert_eq!(g.num_actions(), MAX_ACTIONS);
}

/// What is left to do in a damage assignment or a discard is written after the kinds of
/// decision, to the decider and to everyone else.
#[test]
fn what_is_left_of_a_decision_is_written() {
    use epic_classic::state::Ask;
    let at = 1 + 6 + 3 + 1 + epic_classic::tensor::DECISION_KINDS.len();
    let (mut assigns, mut discards) = (0, 0);
    each_decision(40, |g, seat, seed| {
        let left = match g.ask() {
            Some((_, Ask::AssignDamage { left, .. })) => {
                assigns += 1;
                *left
            }
            Some((_, Ask::Discard { left })) => {
                discards += 1;
                *left
            }
            _ => 0,
        };
        for s in [seat, 1 - seat] {
            let obs = observe(g, s);
            assert_eq!(
                section(g, &obs, "global")[at],
                f32::from(left),
                "seed {seed}"
            );
        }
    });
    assert!(
        assigns > 0 && discards > 0,
        "both kinds were reached: {assigns}, {discards}"
    );
}

/// An activated ability's action and an order of triggers name the ability by its
/// number on the card, from 1, in the action's last column.
#[test]
fn an_ability_is_numbered_from_one() {
    let mut seen = 0;
    let mut mask = [0u8; MAX_ACTIONS];
    let mut features = vec![0.0; MAX_ACTIONS * ACTION_FEATURES];
    each_decision(40, |g, seat, seed| {
        g.write_actions(seat, &mut mask, Some(&mut features));
        for (i, &c) in g.options().iter().enumerate() {
            let (Choice::Activate(_, n) | Choice::TriggerNext(_, n)) = c else {
                continue;
            };
            let Some(slot) = g.option_action(i) else {
                continue;
            };
            let row = &features[slot * ACTION_FEATURES..(slot + 1) * ACTION_FEATURES];
            assert_eq!(row[ACTION_FEATURES - 1], f32::from(n) + 1.0, "seed {seed}");
            seen += 1;
        }
    });
    assert!(seen > 0, "an ability was offered");
}
