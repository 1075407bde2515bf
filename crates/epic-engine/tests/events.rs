//! Events name what happened: the objects by the numbers the views show, the cards each
//! seat may know, and a new number for a card that changes zone (ruling R-10).

use epic_engine::{ChampionSetup, Choice, Event, Game, Position, Recipient, Seen};
use std::sync::Arc;

fn card(name: &str) -> epic_engine::model::CardId {
    epic_cards::base_pool().by_name(name).unwrap()
}

fn choose(game: &mut Game, label: &str) -> Vec<Event> {
    let i = game
        .labels()
        .iter()
        .position(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no option `{label}` in {:?}", game.labels()));
    let c: Choice = game.options()[i];
    game.apply(c).unwrap()
}

/// p1: Kong and Cave Troll in play, Fireball and Medusa, Bitten, Inner Demon in hand, two
/// cards in the deck; p2: Lurking Giant in play, Fireball in hand.
fn position() -> Game {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].in_play = vec![
        ChampionSetup::new(card("Kong")),
        ChampionSetup::new(card("Cave Troll")),
    ];
    pos.seats[0].hand = ["Fireball", "Medusa", "Bitten", "Inner Demon"]
        .map(card)
        .to_vec();
    pos.seats[0].deck = vec![card("Triceratops"), card("Fire Shaman")];
    pos.seats[0].gold = 1;
    pos.seats[1].in_play = vec![ChampionSetup::new(card("Lurking Giant"))];
    pos.seats[1].hand = vec![card("Fireball")];
    Game::from_position(pos).unwrap()
}

/// The champion of that card as the view shows it.
fn shown(game: &Game, name: &str) -> Seen {
    let c = game
        .view(0)
        .champions
        .into_iter()
        .find(|c| c.name == name)
        .unwrap();
    Seen {
        obj: c.obj,
        card: c.card,
    }
}

#[test]
fn attack_and_block_events_name_the_champions_as_views_show_them() {
    let mut game = position();
    let (kong, troll, giant) = (
        shown(&game, "Kong"),
        shown(&game, "Cave Troll"),
        shown(&game, "Lurking Giant"),
    );
    choose(&mut game, "Declare a battle");
    choose(&mut game, "Attack with Kong");
    let events = choose(&mut game, "Attack with Cave Troll");
    assert!(
        events.contains(&Event::Attack {
            attacker: 0,
            defender: 1,
            champions: vec![kong, troll],
        }),
        "{events:?}"
    );
    choose(&mut game, "Pass");
    choose(&mut game, "Pass");
    let events = choose(&mut game, "Block with Lurking Giant");
    assert!(events.contains(&Event::Block {
        champions: vec![giant]
    }));
    choose(&mut game, "Pass");
    choose(&mut game, "Pass");
    // Kong and Cave Troll deal all theirs to the one blocker; it deals its 11 to Troll.
    let events = choose(&mut game, "Assign 11 damage to Cave Troll");
    // Battle damage names source and recipient; Cave Troll breaks into a new object.
    assert!(events.contains(&Event::Damage {
        source: Some(troll),
        to: Recipient::Champion(giant),
        amount: 5,
    }));
    let moved = events
        .iter()
        .find_map(|e| match e {
            Event::Moved {
                was: Some(w),
                obj: Some(n),
                card: Some(c),
                ..
            } if *w == troll.obj => Some((*n, *c)),
            _ => None,
        })
        .expect("Cave Troll went to the discard pile");
    assert_eq!(moved.1, troll.card);
    assert_ne!(
        moved.0, troll.obj,
        "a card that changes zone gets a new number"
    );
    let pile = &game.view(1).players[0].discard;
    assert_eq!(pile.last().map(|c| c.obj), Some(moved.0));
}

#[test]
fn a_reveal_names_the_cards_and_a_draw_is_seen_only_by_its_player() {
    let mut game = position();
    let events = choose(&mut game, "Play Medusa");
    let played = events
        .iter()
        .find_map(|e| match e {
            Event::Played {
                player: 0, played, ..
            } => Some(*played),
            _ => None,
        })
        .unwrap();
    assert_eq!(played, shown(&game, "Medusa"));
    choose(&mut game, "Reveal cards for Loyalty");
    choose(&mut game, "Reveal Bitten");
    let events = choose(&mut game, "Reveal Inner Demon");
    let cards: Vec<_> = events
        .iter()
        .find_map(|e| match e {
            Event::Revealed { player: 0, cards } => Some(cards.iter().map(|c| c.card).collect()),
            _ => None,
        })
        .unwrap();
    assert_eq!(cards, vec![card("Bitten"), card("Inner Demon")]);
    // The revealed cards are what the opponent now sees of the hand, by their numbers.
    let numbers: Vec<_> = game.view(1).players[0].hand.iter().map(|c| c.obj).collect();
    let revealed: Vec<_> = events
        .iter()
        .find_map(|e| match e {
            Event::Revealed { cards, .. } => Some(cards.iter().map(|c| c.obj).collect()),
            _ => None,
        })
        .unwrap();
    assert_eq!(numbers, revealed);
    // The reveal ends with the turn (1.4.8), but p2 saw the cards: they stay known.
    let turn = game.state().turn;
    while game.state().turn == turn {
        let i = game
            .labels()
            .iter()
            .position(|l| l.starts_with("End the turn"));
        let c = game.options()[i.unwrap_or(0)];
        game.apply(c).unwrap();
    }
    let known: Vec<_> = game.view(1).players[0].hand.iter().map(|c| c.obj).collect();
    assert_eq!(known, numbers);
}

#[test]
fn a_draw_is_named_to_its_player_only() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].hand = vec![card("Fireball")];
    pos.seats[1].hand = vec![card("Fireball")];
    pos.seats[1].deck = vec![card("Kong")];
    let mut game = Game::from_position(pos).unwrap();
    choose(&mut game, "End the turn");
    // p2 passes; p1's turn ends and p2's begins with a draw.
    let events = choose(&mut game, "Pass");
    let drew = events
        .iter()
        .find(|e| matches!(e, Event::Drew { player: 1, .. }))
        .expect("p2 draws");
    let kong = card("Kong");
    assert!(
        matches!(drew.seen_by(1), Event::Drew { card: Some(c), obj: Some(_), .. } if c == kong)
    );
    assert!(matches!(
        drew.seen_by(0),
        Event::Drew {
            card: None,
            obj: None,
            ..
        }
    ));
    // The move itself: p2 sees the card arrive, p1 sees a card move from deck to hand.
    let moved = events
        .iter()
        .find(|e| matches!(e, Event::Moved { owner: 1, .. }))
        .unwrap();
    assert!(
        matches!(moved.seen_by(1), Event::Moved { card: Some(c), obj: Some(_), was: None, .. } if c == kong)
    );
    assert!(matches!(
        moved.seen_by(0),
        Event::Moved {
            card: None,
            obj: None,
            was: None,
            ..
        }
    ));
}

/// A card everyone saw go into a hand stays known there (`Obj::known`): the opponent's
/// view shows it, the move names it to them, and a search's sample keeps it in that
/// hand, dealing only the rest anew; the card is forgotten only once it leaves the hand.
#[test]
fn a_champion_returned_to_its_owners_hand_stays_known_there() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].hand = vec![card("Erase")];
    pos.seats[0].deck = ["Kong", "Cave Troll", "Fire Shaman"].map(card).to_vec();
    pos.seats[0].gold = 1;
    pos.seats[1].in_play = vec![ChampionSetup::new(card("Lurking Giant"))];
    pos.seats[1].hand = vec![card("Fireball")];
    pos.seats[1].deck = ["Triceratops", "Medusa", "Bitten", "Inner Demon"]
        .map(card)
        .to_vec();
    let mut game = Game::from_position(pos).unwrap();
    let giant = card("Lurking Giant");
    // Its only target is taken without asking.
    let events = choose(&mut game, "Play Erase");
    let moved = events
        .iter()
        .find(|e| matches!(e, Event::Moved { card: Some(c), .. } if *c == giant))
        .expect("the giant goes back to its owner's hand");
    let Event::Moved {
        obj: Some(number), ..
    } = moved.seen_by(0)
    else {
        panic!("p1 sees where the giant went: {:?}", moved.seen_by(0));
    };
    let in_hand = |game: &Game| -> Vec<_> {
        game.view(0).players[1]
            .hand
            .iter()
            .map(|c| (c.obj, c.card))
            .collect()
    };
    assert_eq!(in_hand(&game), vec![(number, giant)]);
    let giant_obj = game.state().players[1].hand[1];
    assert_eq!(game.state().obj(giant_obj).card, giant);

    // A sample for p1 keeps the giant in p2's hand and deals p2's other cards anew.
    let mut fireball_moved = false;
    for seed in 0..40 {
        let sample = game.sample_for(0, seed);
        let hand = &sample.state().players[1].hand;
        assert_eq!(sample.state().obj(hand[1]).card, giant, "seed {seed}");
        fireball_moved |= sample.state().obj(hand[0]).card != card("Fireball");
    }
    assert!(fireball_moved, "the unknown card of the hand is dealt anew");

    // Known past the end of the turn (unlike a revealed card), until it is played.
    play_on(&mut game, |g| g.state().active != 0);
    assert!(in_hand(&game).iter().any(|&(_, c)| c == giant));
    while game.decision().is_some_and(|d| d.player != 1) {
        let c = game.options()[0];
        game.apply(c).unwrap();
    }
    choose(&mut game, "Play Lurking Giant");
    assert!(in_hand(&game).is_empty(), "{:?}", in_hand(&game));
    assert!(game.state().objs.iter().all(|o| !o.known));
}

/// Ends turns ("End the turn", "Pass") until `until` holds, gathering the events.
fn play_on(game: &mut Game, until: impl Fn(&Game) -> bool) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..200 {
        if until(game) {
            return events;
        }
        let i = game
            .labels()
            .iter()
            .position(|l| l.starts_with("End the turn") || l == "Pass");
        let c = game.options()[i.unwrap_or(0)];
        events.extend(game.apply(c).unwrap());
    }
    panic!("never reached");
}

/// 5.15.1: a banished champion goes to the bottom of its owner's deck, where everyone
/// saw it go, so it stays known there (a sample keeps it) and its draw is named to all.
#[test]
fn a_banished_champion_is_known_at_the_bottom_of_its_owners_deck() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].hand = vec![card("Banishment")];
    pos.seats[0].deck = ["Kong", "Cave Troll", "Fire Shaman", "Bitten"]
        .map(card)
        .to_vec();
    pos.seats[1].in_play = vec![ChampionSetup::new(card("Lurking Giant"))];
    pos.seats[1].hand = vec![card("Fireball")];
    pos.seats[1].deck = vec![card("Triceratops")];
    let mut game = Game::from_position(pos).unwrap();
    let giant = card("Lurking Giant");
    choose(&mut game, "Play Banishment");
    let deck = &game.state().players[1].deck;
    assert_eq!(deck.len(), 2);
    let bottom = deck[0];
    assert_eq!(game.state().obj(bottom).card, giant);
    assert!(game.state().sees(0, bottom) && game.state().obj(bottom).known);
    assert!(!game.state().sees(0, deck[1]), "the top card stays hidden");
    // Both players' views show it, second from the top of two.
    for seat in [0, 1] {
        let known = &game.view(seat).players[1].deck_known;
        assert_eq!(known.len(), 1);
        assert_eq!((known[0].from_top, known[0].card.card), (1, giant));
    }

    // A sample for p1 keeps the giant at the bottom and deals the rest anew.
    let mut dealt_anew = false;
    for seed in 0..40 {
        let sample = game.sample_for(0, seed);
        let p2 = &sample.state().players[1];
        assert_eq!(sample.state().obj(p2.deck[0]).card, giant, "seed {seed}");
        dealt_anew |= sample.state().obj(p2.hand[0]).card != card("Fireball");
    }
    assert!(dealt_anew, "the unknown cards are dealt anew");

    // p2 draws the Triceratops, then the giant: that draw is named to p1.
    let events = play_on(&mut game, |g| {
        g.state().players[1].deck.is_empty() && g.state().active == 0
    });
    let draws: Vec<Event> = events
        .iter()
        .filter(|e| matches!(e, Event::Drew { player: 1, .. }))
        .map(|e| e.seen_by(0))
        .collect();
    assert!(
        matches!(draws.as_slice(), [
            Event::Drew { card: None, revealed: false, .. },
            Event::Drew { card: Some(c), revealed: true, .. },
        ] if *c == giant),
        "{draws:?}"
    );
}

/// 5.15.2: champions banished together go to the bottom in random order; everyone saw
/// which, but no one knows which lies where, so none is known there.
#[test]
fn champions_banished_together_lie_in_an_order_no_one_knows() {
    let pool = Arc::new(epic_cards::base_pool().clone());
    let mut pos = Position::new(pool, 2);
    pos.seats[0].hand = vec![card("Divine Judgment")];
    pos.seats[0].deck = vec![card("Kong")];
    pos.seats[1].in_play = ["Lurking Giant", "Medusa"]
        .map(|c| ChampionSetup::new(card(c)))
        .to_vec();
    pos.seats[1].deck = vec![card("Triceratops")];
    let mut game = Game::from_position(pos).unwrap();
    let i = game
        .labels()
        .iter()
        .position(|l| l.starts_with("Play Divine Judgment (mode 2"))
        .unwrap_or_else(|| panic!("{:?}", game.labels()));
    let c = game.options()[i];
    game.apply(c).unwrap();
    // p1 has nothing left to do: p2's turn begins, and p2 draws the Triceratops.
    let deck = game.state().players[1].deck.clone();
    let cards: Vec<_> = deck.iter().map(|&o| game.state().obj(o).card).collect();
    assert!(cards.contains(&card("Lurking Giant")) && cards.contains(&card("Medusa")));
    assert_eq!(cards.len(), 2);
    assert!(deck.iter().all(|&o| !game.state().sees(0, o)));
    assert!(game.view(0).players[1].deck_known.is_empty());
    // Samples for p1 deal the two champions and the card in p2's hand anywhere.
    let bottoms: std::collections::HashSet<_> = (0..40)
        .map(|seed| {
            let s = game.sample_for(0, seed);
            s.state().obj(s.state().players[1].deck[0]).card
        })
        .collect();
    assert_eq!(bottoms.len(), 3, "{bottoms:?}");
}
