//! The game's public face keeps its promises: digests tell games apart, labels and prompts
//! say what they are about, reversal can be turned off, the setup's rules and first
//! player are what was asked, and each seat's events leave out what it may not know.

use epic_engine::state::Zone;
use epic_engine::{
    ChampionSetup, Choice, DecisionKind, Event, Game, ObjNum, Position, RulesConfig, Setup,
    SetupError,
};
use std::sync::Arc;

fn card(name: &str) -> epic_engine::model::CardId {
    epic_cards::base_pool().by_name(name).unwrap()
}

fn new_game(seed: u64) -> Game {
    let pool = epic_cards::shared_pool();
    let decks = vec![
        epic_cards::deck_from(&pool, "good", 0).unwrap(),
        epic_cards::deck_from(&pool, "evil", 0).unwrap(),
    ];
    Game::new(Setup::new(pool, decks, seed)).unwrap()
}

#[test]
fn digests_tell_games_apart_and_follow_every_decision() {
    let (mut a, b) = (new_game(1), new_game(2));
    assert_ne!(a.digest(), b.digest(), "different deals, different digests");
    assert_eq!(
        a.digest(),
        new_game(1).digest(),
        "the same deal, the same digest"
    );
    let before = a.digest();
    let c = a.options()[0];
    a.apply(c).unwrap();
    assert_ne!(a.digest(), before, "a decision changes the digest");
    // Saves record the digest and are checked against it when loaded (docs/saves.md):
    // it is the same from build to build, as long as the rules and the state are.
    assert_eq!(
        format!("{:016x}", new_game(1).digest()),
        "88d5591c241993be",
        "the digest of a new game changed: saves made before will not load. If the \
         state or the rules changed on purpose, regenerate the save fixtures \
         (docs/saves.md) and write the new digest here"
    );
}

#[test]
fn labels_and_prompts_say_what_they_are_about() {
    let mut game = new_game(3);
    for _ in 0..60 {
        let Some(d) = game.decision() else { break };
        assert!(
            d.prompt.contains(&format!("Player {}", d.player + 1)),
            "{:?}",
            d.prompt
        );
        let labels = game.labels();
        for (i, &c) in game.options().iter().enumerate() {
            let one = game.label(c);
            assert!(!one.is_empty());
            // Labels of the whole list only add a number where two would read the same.
            assert!(labels[i].starts_with(&one), "{} / {one}", labels[i]);
            // The decider reads every label as it is.
            assert_eq!(game.label_for(c, d.player), one);
        }
        let c = game.options()[game.options().len() - 1];
        game.apply(c).unwrap();
    }
}

#[test]
fn another_seat_reads_a_play_from_a_hidden_hand_as_a_card_from_that_hand() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].hand = vec![card("Fireball")];
    pos.seats[0].in_play = vec![ChampionSetup::new(card("Kong"))];
    pos.seats[1].hand = vec![card("Fireball")];
    let game = Game::from_position(pos).unwrap();
    let play = *game
        .options()
        .iter()
        .find(|c| matches!(c, Choice::Play { .. }))
        .unwrap();
    assert_eq!(game.label_for(play, 0), "Play Fireball (mode 1, 0 gold)");
    assert_eq!(game.label_for(play, 1), "Play a card from Player 1's hand");
    // A public choice reads the same for everyone.
    assert_eq!(game.label_for(Choice::DeclareBattle, 1), "Declare a battle");
}

#[test]
fn with_reversal_off_no_play_can_be_undone() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].hand = vec![card("Fireball"), card("Cave Troll")];
    pos.seats[1].hand = vec![card("Fireball")];
    let mut on = Game::from_position(pos.clone()).unwrap();
    let mut off = Game::from_position(pos).unwrap();
    off.set_undo(false);
    let troll = |g: &Game| {
        *g.options()
            .iter()
            .find(|&&c| g.label(c).starts_with("Play Cave Troll"))
            .unwrap()
    };
    let c = troll(&on);
    on.apply(c).unwrap();
    let c = troll(&off);
    off.apply(c).unwrap();
    assert!(on.options().contains(&Choice::Undo));
    assert!(!off.options().contains(&Choice::Undo));
    // Turned off after a play, it takes the chance to undo that play away.
    on.set_undo(false);
    assert!(!on.options().contains(&Choice::Undo));
    assert_eq!(on.labels().len(), on.options().len());
}

#[test]
fn the_setup_decides_the_rules_and_who_goes_first() {
    let pool = epic_cards::shared_pool();
    let deck = epic_cards::deck_from(&pool, "wild", 0).unwrap();
    let rules = RulesConfig {
        starting_health: 25,
        ..RulesConfig::default()
    };
    let mut setup = Setup::new(pool.clone(), vec![deck.clone(), deck.clone()], 1);
    setup.rules = rules.clone();
    setup.first_player = Some(1);
    let game = Game::new(setup.clone()).unwrap();
    assert_eq!(game.rules(), &rules);
    assert_eq!(game.state().player(0).health, 25);
    assert_eq!(game.state().first_player, 1);
    for seat in [2, 7] {
        setup.first_player = Some(seat);
        assert_eq!(
            Game::new(setup.clone()).unwrap_err(),
            SetupError::FirstPlayer(seat)
        );
    }
}

#[test]
fn a_seat_learns_nothing_of_cards_moving_where_it_cannot_see() {
    let num = Some(ObjNum(7));
    let kong = Some(card("Kong"));
    // A card from Player 2's hand to the bottom of their deck (a mulligan), as each
    // seat may read it.
    let to_deck = |was, obj, card, revealed| Event::Moved {
        was,
        obj,
        card,
        from: Zone::Hand,
        to: Zone::Deck,
        owner: 1,
        controller: 1,
        revealed,
    };
    let moved = to_deck(num, Some(ObjNum(8)), kong, false);
    assert_eq!(moved.seen_by(0), to_deck(None, None, None, false));
    assert_eq!(moved.seen_by(1), to_deck(num, None, kong, false));
    // Revealed in the hand, everyone saw it there.
    let shown = to_deck(num, Some(ObjNum(8)), kong, true);
    assert!(matches!(
        shown.seen_by(0),
        Event::Moved {
            card: Some(_),
            was: Some(_),
            obj: None,
            ..
        }
    ));
    // A card banished from a hand; from play it is public.
    let banished = Event::Banished {
        obj: num,
        card: kong,
        from: Zone::Hand,
        owner: 1,
    };
    assert_eq!(
        banished.seen_by(0),
        Event::Banished {
            obj: None,
            card: None,
            from: Zone::Hand,
            owner: 1
        }
    );
    assert_eq!(banished.seen_by(1), banished);
    let from_play = Event::Banished {
        obj: num,
        card: kong,
        from: Zone::InPlay,
        owner: 1,
    };
    assert_eq!(from_play.seen_by(0), from_play);
    // A draw: the drawer learns the card, the others that a card was drawn.
    let drew = Event::Drew {
        player: 1,
        obj: num,
        card: kong,
        revealed: false,
    };
    assert_eq!(drew.seen_by(1), drew);
    assert_eq!(
        drew.seen_by(0),
        Event::Drew {
            player: 1,
            obj: None,
            card: None,
            revealed: false,
        }
    );
    // A card everyone saw drawn (revealed on top of the deck) is known to all (H-33).
    let seen = Event::Drew {
        player: 1,
        obj: num,
        card: kong,
        revealed: true,
    };
    assert_eq!(seen.seen_by(0), seen);
    // Everything else is public.
    let passed = Event::Passed { player: 1 };
    assert_eq!(passed.seen_by(0), passed);
}

#[test]
fn the_kind_of_each_decision_has_a_name_that_reads_back() {
    for k in DecisionKind::ALL {
        assert_eq!(DecisionKind::from_name(k.name()), Some(k));
    }
    assert_eq!(
        DecisionKind::from_name("Assign_Damage"),
        Some(DecisionKind::AssignDamage)
    );
    assert_eq!(DecisionKind::from_name("nonsense"), None);
}

/// A choice that is not an option reads as `words`, and is refused in those words.
fn assert_described_and_refused(game: &mut Game, c: Choice, words: &str) {
    assert_eq!(game.label(c), words);
    let err = game.apply(c).unwrap_err().to_string();
    assert!(err.contains(words), "{err}");
}

#[test]
fn labels_give_costs_and_modes_and_name_a_card_the_game_lacks_in_words() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].hand = vec![card("Inner Peace"), card("Fireball")];
    pos.seats[0].in_play = vec![ChampionSetup::new(card("Time Bender"))];
    pos.seats[1].hand = vec![card("Fireball")];
    let mut game = Game::from_position(pos).unwrap();
    let labels = game.labels();
    for want in [
        "Play Inner Peace (1 gold)",
        "Play Fireball (mode 1, 0 gold)",
        "Play Fireball (mode 2, 1 gold)",
        "Use Time Bender's power 1 ({expend})",
        "Use Time Bender's power 2 ({expend})",
    ] {
        assert!(labels.iter().any(|l| l == want), "{want} in {labels:?}");
    }
    assert_eq!(game.decision_kind(), game.decision().map(|d| d.kind));
    // Choices naming what the game does not have are described, and refused.
    let ghost = epic_engine::ObjId(999);
    for (c, words) in [
        (Choice::Card(ghost), "Pick card 999 (not in this game)"),
        (
            Choice::Play {
                card: ghost,
                mode: 0,
            },
            "Play card 999 (not in this game), mode 1",
        ),
        (
            Choice::Power {
                card: ghost,
                index: 2,
            },
            "Use power 3 of card 999 (not in this game)",
        ),
    ] {
        assert_described_and_refused(&mut game, c, words);
    }
    // A card the game has, with a mode or a power its card lacks, is named with what it
    // lacks.
    let fireball = game
        .options()
        .iter()
        .find_map(|&c| match c {
            Choice::Play { card, mode: 1 } => Some(card),
            _ => None,
        })
        .unwrap();
    let bender = game
        .options()
        .iter()
        .find_map(|&c| match c {
            Choice::Power { card, .. } => Some(card),
            _ => None,
        })
        .unwrap();
    for (c, words) in [
        (
            Choice::Play {
                card: fireball,
                mode: 2,
            },
            "Play Fireball, mode 3 (it has no such mode)",
        ),
        (
            Choice::Power {
                card: bender,
                index: 7,
            },
            "Use Time Bender's power 8 (it has no such power)",
        ),
    ] {
        assert_described_and_refused(&mut game, c, words);
    }
}

/// A refused choice is told to the player who made it in their own words: one naming a
/// card in another player's hand does not say which card it is.
#[test]
fn a_refused_choice_does_not_name_a_card_the_decider_cannot_see() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].hand = vec![card("Fireball")];
    pos.seats[1].hand = vec![card("Thundarus")];
    let mut game = Game::from_position(pos).unwrap();
    assert_eq!(game.decision().unwrap().player, 0);
    let theirs = game.state().players[1].hand[0];
    let probe = Choice::Play {
        card: theirs,
        mode: 0,
    };
    let err = game.apply(probe).unwrap_err().to_string();
    assert!(!err.contains("Thundarus"), "{err}");
    assert!(err.contains("a card from Player 2's hand"), "{err}");
}

#[test]
fn another_seat_reads_a_choice_of_public_cards_in_full_and_a_mulligan_pick_as_a_card() {
    // A target in play is public: everyone reads the label in full.
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].hand = vec![card("Fireball")];
    pos.seats[1].in_play = vec![ChampionSetup::new(card("Kong"))];
    pos.seats[1].hand = vec![card("Fireball")];
    let mut game = Game::from_position(pos).unwrap();
    let play = game.options()[0];
    game.apply(play).unwrap();
    assert_eq!(game.decision_kind(), Some(DecisionKind::Target));
    let kong = game.options()[0];
    assert_eq!(game.label(kong), "Target Kong (Player 2)");
    assert_eq!(game.label_for(kong, 1), "Target Kong (Player 2)");

    // A mulligan pick names a card of a hidden hand.
    let game = new_game(5);
    let d = game.decision().unwrap();
    assert_eq!(d.kind, DecisionKind::Mulligan);
    let other = 1 - d.player;
    let pick = *game
        .options()
        .iter()
        .find(|c| matches!(c, Choice::Card(_)))
        .unwrap();
    assert_eq!(
        game.label_for(pick, other),
        format!("Mulligan a card from Player {}'s hand", d.player + 1)
    );
    assert!(game.label_for(pick, d.player).starts_with("Mulligan "));
}

#[test]
fn another_seat_reads_a_discard_from_a_hidden_hand_as_a_card() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].hand = vec![card("Thought Plucker")];
    pos.seats[0].deck = vec![card("Kong")];
    pos.seats[1].hand = vec![card("Fireball"), card("Cave Troll")];
    let mut game = Game::from_position(pos).unwrap();
    let play = game.options()[0];
    game.apply(play).unwrap();
    let d = game.decision().unwrap();
    assert_eq!((d.player, d.kind), (1, DecisionKind::Discard));
    let pick = game.options()[0];
    assert_eq!(
        game.label_for(pick, 0),
        "Discard a card from Player 2's hand"
    );
    assert_eq!(game.label_for(pick, 1), game.label(pick));
}

#[test]
fn prompts_say_in_words_what_is_decided() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].hand = vec![card("Infernal Gatekeeper"), card("Medusa"), card("Bitten")];
    pos.seats[0].gold = 1;
    pos.seats[0].in_play = vec![ChampionSetup::new(card("Kong"))];
    pos.seats[1].in_play = vec![
        ChampionSetup::new(card("Wolf")),
        ChampionSetup::new(card("Wolf")),
    ];
    pos.seats[1].hand = vec![card("Fireball")];
    let mut game = Game::from_position(pos.clone()).unwrap();
    assert_eq!(
        game.decision().unwrap().prompt,
        "Player 1 has initiative (4.3.1)"
    );
    let gatekeeper = *game
        .options()
        .iter()
        .find(|&&c| game.label(c).starts_with("Play Infernal Gatekeeper"))
        .unwrap();
    game.apply(gatekeeper).unwrap();
    assert_eq!(
        game.decision().unwrap().prompt,
        "Player 1: Infernal Gatekeeper — you may pay 1 health. Do it?"
    );

    // Kong attacks; the two Wolf tokens block; Kong's damage is assigned between them,
    // each named by the number the board shows.
    let mut game = Game::from_position(pos).unwrap();
    for label in ["Declare a battle", "Attack with Kong", "Pass", "Pass"] {
        let c = *game
            .options()
            .iter()
            .find(|&&c| game.label(c).starts_with(label))
            .unwrap_or_else(|| panic!("{label}: {:?}", game.labels()));
        game.apply(c).unwrap();
    }
    for _ in 0..2 {
        let c = *game
            .options()
            .iter()
            .find(|&&c| game.label(c).starts_with("Block with"))
            .unwrap();
        game.apply(c).unwrap();
    }
    let pass = |g: &mut Game| {
        let c = *g.options().iter().find(|&&c| c == Choice::Pass).unwrap();
        g.apply(c).unwrap();
    };
    pass(&mut game);
    pass(&mut game);
    let d = game.decision().unwrap();
    assert_eq!(d.kind, DecisionKind::AssignDamage);
    // The running totals (4.4.11b): what each blocker has so far and what breaks it.
    assert_eq!(
        d.prompt,
        "Player 1: assign 13 damage from Kong \
         (so far: 0 of 2 to break Wolf token #5, 0 of 2 to break Wolf token #6)"
    );
    // The two Wolf tokens are alike: one choice for each amount, and the whole
    // side's damage in one decision beside them.
    assert_eq!(
        game.labels(),
        [
            "Assign 1 damage to Wolf token",
            "Assign 2 damage to Wolf token",
            "Assign 13 damage to Wolf token",
            "Assign the rest of the damage, enough to break each in turn"
        ]
    );
    // One point to the first Wolf: the total grows, the damage left shrinks.
    game.apply(game.options()[0]).unwrap();
    assert_eq!(
        game.decision().unwrap().prompt,
        "Player 1: assign 12 damage from Kong \
         (so far: 1 of 2 to break Wolf token #5, 0 of 2 to break Wolf token #6)"
    );
}

#[test]
fn a_digest_sees_every_seat_and_a_position_counts_every_card() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool.clone(), 2);
    pos.seats[1].hand = vec![card("Fireball")];
    let a = Game::from_position(pos.clone()).unwrap();
    pos.seats[1].health = 29;
    let b = Game::from_position(pos.clone()).unwrap();
    assert_ne!(a.digest(), b.digest(), "health is part of the game");

    // Cards in hand and in the discard pile count together toward the limit.
    let mut big = Position::new(pool, 2);
    big.seats[0].hand = vec![card("Kong"); 30_000];
    big.seats[0].discard = vec![card("Kong"); 30_000];
    assert!(matches!(
        Game::from_position(big.clone()),
        Err(SetupError::TooManyCards { count: 60_000, .. })
    ));
    big.seats[0].discard.truncate(20_000);
    assert!(
        Game::from_position(big).is_ok(),
        "50,000 cards is the limit, not past it"
    );
    assert_eq!(Zone::Discard.name(), "discard pile");
    assert_eq!(Zone::TokenPile.name(), "token pile");
}

#[test]
fn another_seat_reads_a_card_picked_for_loyalty_as_a_card_until_it_is_revealed() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].hand = vec![card("Medusa"), card("Bitten"), card("Inner Demon")];
    pos.seats[1].in_play = vec![ChampionSetup::new(card("Kong"))];
    pos.seats[1].hand = vec![card("Fireball")];
    let mut game = Game::from_position(pos).unwrap();
    for label in ["Play Medusa", "Reveal cards for Loyalty"] {
        let c = *game
            .options()
            .iter()
            .find(|&&c| game.label(c).starts_with(label))
            .unwrap();
        game.apply(c).unwrap();
    }
    assert_eq!(game.decision_kind(), Some(DecisionKind::Reveal));
    let pick = game.options()[0];
    assert_eq!(
        game.label_for(pick, 1),
        "Reveal a card from Player 1's hand"
    );
    assert_eq!(game.label_for(pick, 0), "Reveal Bitten");
}

/// 1.2.2: conceding is open to any player still in the game, whoever decides; after the
/// game, or for a seat that is not at the table, it is refused without a change.
#[test]
fn a_concession_ends_a_duel_and_is_refused_where_it_cannot_be() {
    let mut game = new_game(3);
    game.set_undo(true);
    let digest = game.digest();
    assert!(matches!(
        game.concede(2),
        Err(epic_engine::ApplyError::CannotConcede(2))
    ));
    assert_eq!(game.digest(), digest);
    let waiting = 1 - game.decider().unwrap();
    let events = game.concede(waiting).unwrap();
    assert_eq!(events[0], Event::Conceded { player: waiting });
    let r = game.result().expect("a duel ends when one player concedes");
    assert_eq!(r.winners, vec![1 - waiting]);
    assert_eq!(r.reason, epic_engine::EndReason::Conceded);
    assert!(game.options().is_empty() && game.decider().is_none());
    assert!(matches!(
        game.concede(1 - waiting),
        Err(epic_engine::ApplyError::GameOver)
    ));
    // The same concession applied as a choice, as a save replays it, is the same game.
    let mut again = new_game(3);
    again.apply(Choice::Concede(waiting)).unwrap();
    assert_eq!(again.digest(), game.digest());
}

/// 1.2.2 with three players: a concession during the mulligans takes effect when they are
/// over, but once everyone but one player has conceded, that player has won at once.
#[test]
fn the_last_player_not_to_concede_wins_at_once() {
    let pool = epic_cards::shared_pool();
    let decks = ["good", "evil", "wild"]
        .map(|d| epic_cards::deck_from(&pool, d, 0).unwrap())
        .to_vec();
    let mut game = Game::new(Setup::new(pool, decks, 5)).unwrap();
    assert_eq!(game.state().phase, epic_engine::state::Phase::Setup);
    game.concede(1).unwrap();
    assert!(game.result().is_none(), "two players are still in");
    assert!(
        !game.state().players[1].eliminated,
        "not before the mulligans are over"
    );
    let events = game.concede(2).unwrap();
    let r = game.result().expect("only player 1 has not conceded");
    assert_eq!(r.winners, vec![0]);
    assert_eq!(r.reason, epic_engine::EndReason::Conceded);
    for p in [1, 2] {
        assert!(game.state().players[p].eliminated);
        assert!(events.contains(&Event::Eliminated { player: p as u8 }));
    }
}
