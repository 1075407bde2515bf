//! Non-interference: hidden information never reaches a seat that may not see it (1.10).
//!
//! Take a random game's setup and decision log, and a second setup identical but for two
//! cards swapped in the deck lists (so two cards a seat cannot see trade places: in a
//! deck, or in a hand dealt from it). Replay the log in both games. Until the first
//! moment one of the two cards becomes visible to seat X, or a decision of the log is not
//! legal in both games, everything X receives must be identical: the view after each
//! decision, X's events, the label of each decision as X may read it, the pending
//! decision, X's own options and their labels, and X's observation tensor, action mask and
//! action features. So must the game a search samples for X at X's decisions, when the
//! two cards came from one deck list.

mod common;

use epic_engine::state::Zone;
use epic_engine::{Choice, Event, Game, ObjId, ObjNum, PlayerId, Setup};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::{json, Value};

const DECKS: [&str; 5] = ["good", "evil", "sage", "wild", "random"];

fn games() -> u64 {
    std::env::var("EPIC_PROPERTY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 200 } else { 3_000 })
}

/// Two to four seats, decks drawn from the preconstructed and Sealed ones, or (one game
/// in four) 30 cards each drawn from every set, whose cards reveal a deck's top cards
/// and play cards from the discard pile.
fn decks(seed: u64) -> Vec<Vec<epic_engine::model::CardId>> {
    let pool = epic_cards::shared_full_pool();
    let seats = if seed % 5 == 4 { 3 + (seed / 5 % 2) } else { 2 };
    if seed % 4 == 3 {
        return common::every_set_decks(seats, seed);
    }
    (0..seats)
        .map(|s| {
            let name = DECKS[((seed / 7 + s * 3) % 5) as usize];
            epic_cards::deck_from(&pool, name, seed.wrapping_add(s)).unwrap()
        })
        .collect()
}

/// A game on every set's cards (a base-set card has the same id there as in the base set).
fn game(decks: Vec<Vec<epic_engine::model::CardId>>, seed: u64) -> Game {
    let mut g = Game::new(Setup::new(epic_cards::shared_full_pool(), decks, seed)).unwrap();
    g.set_undo(false);
    g
}

/// A random game's decisions, at most `limit` of them.
fn random_log(mut g: Game, rng: &mut Pcg64Mcg, limit: usize) -> Vec<Choice> {
    let mut log = Vec::new();
    while !g.is_over() && log.len() < limit {
        let c = *g.options().choose(rng).unwrap();
        g.apply_quiet(c).unwrap();
        log.push(c);
    }
    log
}

/// Whether a card in `zone` of `owner` is in sight of `seat` (1.10), by the rules
/// alone: play, discard piles, events being played and tokens are public; a hand is
/// its owner's.
fn in_sight(zone: Zone, owner: PlayerId, seat: PlayerId) -> bool {
    match zone {
        Zone::InPlay | Zone::Discard | Zone::Supplemental | Zone::TokenPile => true,
        Zone::Hand => owner == seat,
        Zone::Deck => false,
    }
}

/// Whether one of the swapped objects came into sight of `seat` during a decision, from
/// the decision's whole events and the numbers the objects had before it: a move
/// somewhere the seat sees, or a reveal. This is worked out from what happened, never
/// from what the seat was shown, so a leak cannot pass for a card coming into sight.
fn came_into_sight(events: &[Event], before: &[ObjNum], seat: PlayerId) -> bool {
    let mut nums = before.to_vec();
    for e in events {
        match e {
            Event::Moved {
                was: Some(w),
                obj: Some(n),
                to,
                owner,
                ..
            } if nums.contains(w) => {
                nums.push(*n);
                if in_sight(*to, *owner, seat) {
                    return true;
                }
            }
            Event::Revealed { cards, .. } if cards.iter().any(|c| nums.contains(&c.obj)) => {
                return true
            }
            _ => {}
        }
    }
    false
}

/// Everything a seat receives after a decision.
#[derive(Debug, PartialEq)]
struct Received {
    label: String,
    events: Vec<Event>,
    view: epic_engine::view::View,
    decision: Option<epic_engine::Decision>,
    /// The seat's own options and their labels, when the decision is theirs.
    options: Option<(Vec<Choice>, Vec<String>)>,
    /// The observation tensor, action mask and action features (`epic_engine::tensor`).
    tensors: (Vec<f32>, Vec<u8>, Vec<f32>),
}

fn received(g: &Game, seat: PlayerId, label: &str, events: &[Event]) -> Received {
    let decision = g.decision();
    let mine = decision.as_ref().is_some_and(|d| d.player == seat);
    Received {
        label: label.to_string(),
        events: events.iter().map(|e| e.seen_by(seat)).collect(),
        view: g.view(seat),
        decision,
        options: mine.then(|| (g.options().to_vec(), g.labels())),
        tensors: tensors(g, seat),
    }
}

fn tensors(g: &Game, seat: PlayerId) -> (Vec<f32>, Vec<u8>, Vec<f32>) {
    use epic_engine::tensor::{Layout, ACTION_FEATURES, MAX_ACTIONS};
    let mut obs = vec![0.0; Layout::of(g).observation_len()];
    let mut mask = vec![0; MAX_ACTIONS];
    let mut features = vec![0.0; MAX_ACTIONS * ACTION_FEATURES];
    g.write_observation(seat, &mut obs);
    g.write_actions(seat, &mut mask, Some(&mut features));
    (obs, mask, features)
}

/// What a seat received, as JSON, for a failure's message.
fn json(r: &Received) -> Value {
    json!({
        "label": r.label,
        "events": r.events,
        "view": r.view,
        "decision": r.decision,
        "options": r.options,
        "tensors": r.tensors,
    })
}

/// The objects whose cards differ between the two games: the swapped pair.
fn swapped(a: &Game, b: &Game) -> Vec<ObjId> {
    let (sa, sb) = (a.state(), b.state());
    (0..sa.objs.len())
        .filter(|&i| sa.objs[i].card != sb.objs[i].card)
        .map(|i| ObjId(i as u16))
        .collect()
}

/// At `seat`'s own decisions, the game a search samples for it (`Game::sample_for`):
/// `seat` sees it as it sees the real game, and when the swap kept every deck list
/// whole (two cards of one list traded places), both games give the very same sample.
fn check_samples(a: &Game, b: &Game, seat: PlayerId, same_lists: bool, context: &str) {
    if a.decision().map(|d| d.player) != Some(seat) {
        return;
    }
    let salt = a.state().turn as u64;
    let (sa, sb) = (a.sample_for(seat, salt), b.sample_for(seat, salt));
    assert_eq!(
        sa.view(seat),
        a.view(seat),
        "{context}: the sample looks different"
    );
    assert_eq!(
        sa.options(),
        a.options(),
        "{context}: the sample's options differ"
    );
    if same_lists {
        assert_eq!(
            sa.digest(),
            sb.digest(),
            "{context}: the sample depends on where hidden cards lie"
        );
    }
}

/// Replays `log` in both games and checks what `seat` receives. Returns how many
/// decisions were compared.
fn compare(
    mut a: Game,
    mut b: Game,
    log: &[Choice],
    seat: PlayerId,
    same_lists: bool,
    context: &str,
) -> usize {
    let pair = swapped(&a, &b);
    assert_eq!(pair.len(), 2, "{context}: the swap must change two objects");
    let hidden = |g: &Game| {
        pair.iter().all(|&o| {
            let obj = g.state().obj(o);
            !obj.revealed && !obj.known && !in_sight(obj.zone, obj.owner, seat)
        })
    };
    if !hidden(&a) || !hidden(&b) {
        return 0; // dealt where the seat sees it: nothing to compare
    }
    assert_eq!(
        received(&a, seat, "", &[]),
        received(&b, seat, "", &[]),
        "{context}: the first decision differs"
    );
    check_samples(&a, &b, seat, same_lists, context);
    for (i, &c) in log.iter().enumerate() {
        if !a.options().contains(&c) || !b.options().contains(&c) {
            return i;
        }
        let before: Vec<ObjNum> = pair.iter().map(|&o| a.state().obj(o).number).collect();
        let (la, lb) = (a.label_for(c, seat), b.label_for(c, seat));
        let ea = a.apply(c).unwrap();
        let eb = b.apply(c).unwrap();
        if came_into_sight(&ea, &before, seat)
            || came_into_sight(&eb, &before, seat)
            || !hidden(&a)
            || !hidden(&b)
        {
            return i;
        }
        let (ra, rb) = (received(&a, seat, &la, &ea), received(&b, seat, &lb, &eb));
        assert!(
            ra == rb,
            "{context}: after decision {} ({la}), seat {} receives different things:\n{}\n{}",
            i + 1,
            seat + 1,
            json(&ra),
            json(&rb)
        );
        check_samples(&a, &b, seat, same_lists, context);
    }
    log.len()
}

#[test]
fn swapping_two_unseen_cards_changes_nothing_a_seat_receives() {
    let mut compared = 0;
    let mut long = 0;
    for seed in 0..games() {
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5eed);
        let decks_a = decks(seed);
        let log = random_log(game(decks_a.clone(), seed), &mut rng, 400);
        for seat in 0..decks_a.len() as PlayerId {
            // Two different cards, from any deck lists (the seat's own included).
            let mut decks_b = decks_a.clone();
            let (s1, s2) = (
                rng.gen_range(0..decks_b.len()),
                rng.gen_range(0..decks_b.len()),
            );
            let (i, j) = (
                rng.gen_range(0..decks_b[s1].len()),
                rng.gen_range(0..decks_b[s2].len()),
            );
            // God cards are public from the start (2.4.1): never unseen, never swapped.
            let god = |c| epic_cards::full_pool().get(c).is_god();
            if decks_b[s1][i] == decks_b[s2][j] || god(decks_b[s1][i]) || god(decks_b[s2][j]) {
                continue;
            }
            let t = decks_b[s1][i];
            decks_b[s1][i] = decks_b[s2][j];
            decks_b[s2][j] = t;
            let context = format!(
                "seed {seed}, seat {}, swap ({s1}, {i}) and ({s2}, {j})",
                seat + 1
            );
            let n = compare(
                game(decks_a.clone(), seed),
                game(decks_b, seed),
                &log,
                seat,
                s1 == s2,
                &context,
            );
            compared += n;
            long += (n >= 50) as u32;
        }
    }
    // The property must have been exercised: many decisions, many long stretches.
    assert!(
        compared as u64 > games() * 40,
        "only {compared} decisions compared"
    );
    assert!(long as u64 > games() / 4, "only {long} long comparisons");
}

/// The test can fail: with the cards in the opponent's hand swapped, what a seat that
/// could see them receives does differ (so equal outputs above mean something).
#[test]
fn a_seat_that_sees_the_swapped_cards_receives_different_things() {
    let decks_a = decks(1);
    let a = game(decks_a.clone(), 1);
    // Swap two cards of seat 2's opening hand: seat 2 sees the difference at once.
    let st = a.state();
    let hand: Vec<_> = st.player(1).hand.iter().map(|&o| st.obj(o).card).collect();
    let (c1, c2) = (hand[0], hand[1]);
    assert_ne!(c1, c2);
    let mut decks_b = decks_a.clone();
    for c in decks_b[1].iter_mut() {
        if *c == c1 {
            *c = c2;
        } else if *c == c2 {
            *c = c1;
        }
    }
    let b = game(decks_b, 1);
    assert_ne!(received(&a, 1, "", &[]), received(&b, 1, "", &[]));
    assert_eq!(received(&a, 0, "", &[]), received(&b, 0, "", &[]));
}

/// A spectator, who holds no seat, is shown of each hand only what every other seat is
/// shown (the cards revealed from it), and told no card drawn.
#[test]
fn a_spectator_sees_public_information_only() {
    use epic_engine::SPECTATOR;
    let mut game = game(decks(17), 17);
    for _ in 0..200 {
        let Some(&choice) = game.options().first() else {
            break;
        };
        let events = game.apply(choice).unwrap();
        for e in events.iter().map(|e| e.seen_by(SPECTATOR)) {
            if let Event::Drew { card, revealed, .. } = e {
                // Only a card everyone saw drawn is named (H-33).
                assert!(
                    card.is_none() || revealed,
                    "a spectator is told no card drawn"
                );
            }
        }
        let view = game.view(SPECTATOR);
        for p in &view.players {
            let other = (p.seat + 1) % view.players.len() as PlayerId;
            let shown = &game.view(other).players[usize::from(p.seat)].hand;
            assert_eq!(&p.hand, shown, "a spectator sees what an opponent sees");
        }
        assert!(view.options.is_empty());
    }
}

/// Takes, in turn, the option whose label starts with each of `labels`.
fn take(game: &mut Game, labels: &[&str]) {
    for label in labels {
        let i = game
            .labels()
            .iter()
            .position(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("no option `{label}` in {:?}", game.labels()));
        game.apply(game.options()[i]).expect("offered");
    }
}

/// A player revealing cards for Loyalty said they hold enough of the alignment (5.3.5):
/// every sample another seat takes keeps that true, the cards picked so far among them,
/// so that the reveal goes on in the sample as it may in the game.
#[test]
fn a_sample_during_a_loyalty_reveal_holds_the_cards_it_needs() {
    use epic_engine::Position;
    let pool = epic_cards::shared_full_pool();
    let card = |name: &str| pool.by_name(name).expect("a base card");
    let mut pos = Position::new(pool.clone(), 2);
    pos.seats[0].gold = 1;
    pos.seats[0].hand = ["Raging T-Rex", "Cave Troll", "Fire Shaman", "Inner Peace"]
        .map(card)
        .to_vec();
    pos.seats[0].deck = [
        "Inner Peace",
        "Inner Peace",
        "Inner Peace",
        "Kong",
        "Hurricane",
    ]
    .map(card)
    .to_vec();
    pos.seats[1].hand = vec![card("Fireball")];
    let mut game = Game::from_position(pos).expect("a legal position");
    take(
        &mut game,
        &[
            "Play Raging T-Rex",
            "Reveal cards for Loyalty",
            "Reveal Cave Troll",
        ],
    );
    let picked = game.state().player(0).hand[0];
    assert_eq!(game.state().obj(picked).card, card("Cave Troll"));
    let wild = |g: &Game, o: ObjId| {
        let c = pool.get(g.state().obj(o).card);
        c.alignments
            .intersects(pool.get(card("Raging T-Rex")).alignments)
    };
    let mut dealt_otherwise = 0;
    for seed in 0..200 {
        let sample = game.sample_for(1, seed);
        let hand = &sample.state().player(0).hand;
        assert!(
            wild(&sample, picked),
            "seed {seed}: the pick is of the alignment"
        );
        let fitting = hand.iter().filter(|&&o| wild(&sample, o)).count();
        assert!(fitting >= 2, "seed {seed}: {fitting} wild cards in hand");
        dealt_otherwise += usize::from(sample.state().obj(picked).card != card("Cave Troll"));
    }
    // The hidden cards are dealt anew all the same.
    assert!(dealt_otherwise > 0);
}

/// A trigger names the card it comes from: two cards banished together from a discard
/// pile lie at the bottom of the deck in an order no one knows (5.15.2), yet their "leaves
/// your discard pile" abilities wait to be ordered. A sample keeps each of them the card it
/// was when it triggered, so the waiting abilities and their options stay the game's, and
/// deals the rest of the deck anew.
#[test]
fn a_sample_keeps_the_cards_that_pending_triggers_name() {
    use epic_engine::Position;
    let pool = epic_cards::shared_full_pool();
    let card = |name: &str| pool.by_name(name).expect("a base card");
    let mut pos = Position::new(pool.clone(), 2);
    pos.seats[0].gold = 1;
    pos.seats[0].hand = vec![card("Amnesia")];
    pos.seats[0].discard = ["Ancient Chant", "Wolf Companion"].map(card).to_vec();
    pos.seats[0].deck = ["Fireball", "Kong", "Hurricane", "Inner Peace", "Cave Troll"]
        .map(card)
        .to_vec();
    pos.seats[1].hand = vec![card("Fireball")];
    let mut game = Game::from_position(pos).expect("a legal position");
    take(&mut game, &["Play Amnesia (mode 1", "Target Player 1"]);
    let st = game.state();
    let named: Vec<ObjId> = st
        .batch
        .iter()
        .chain(&st.waiting)
        .map(|t| t.source)
        .collect();
    assert_eq!(named.len(), 2, "both abilities wait: {:?}", game.labels());
    for &o in &named {
        assert!(!st.sees(0, o), "a card banished with another is unseen");
    }
    let mut dealt_otherwise = 0;
    for seed in 0..50 {
        let sample = game.sample_for(0, seed);
        assert_eq!(sample.labels(), game.labels(), "seed {seed}");
        for &o in &named {
            assert_eq!(sample.state().obj(o).card, st.obj(o).card, "seed {seed}");
        }
        let deck = &st.player(0).deck;
        dealt_otherwise += deck
            .iter()
            .filter(|&&o| sample.state().obj(o).card != st.obj(o).card)
            .count();
    }
    assert!(dealt_otherwise > 0, "the rest of the deck is dealt anew");
}
