//! Random classic games, 2 and 4 players, with the invariants checked after every
//! decision: every card in exactly one place, build and paced plays only on an empty
//! line, the line resolving last-in first-out, every game ending, and the same seed and
//! choices giving the same game; games sampled for a seat along the way play on as well.
//! In one game in five a player concedes at a random moment.

mod common;

use common::decks;
use epic_classic::card::Speed;
use epic_classic::state::{Item, Source, Zone};
use epic_classic::{classic_pool, Choice, ClassicGame};
use epic_game::{Seat, State};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Every card is in exactly one place, and the place matches its zone.
fn check_places(g: &ClassicGame, seed: u64) {
    let mut seen = vec![0u8; g.card_count()];
    for s in 0..g.players() as Seat {
        for &o in g.hand(s) {
            assert_eq!(g.obj(o).zone, Zone::Hand, "seed {seed}");
            seen[o as usize] += 1;
        }
        for &o in g.discard(s) {
            assert_eq!(g.obj(o).zone, Zone::Discard, "seed {seed}");
            seen[o as usize] += 1;
        }
    }
    for &o in g.in_play() {
        assert_eq!(g.obj(o).zone, Zone::Play, "seed {seed}");
        seen[o as usize] += 1;
    }
    for it in g.line().iter().chain(g.pending_item()) {
        if it.source == Source::Card {
            assert_eq!(g.obj(it.obj).zone, Zone::Line, "seed {seed}");
            seen[it.obj as usize] += 1;
        }
    }
    assert!(
        seen.iter().all(|&c| c <= 1),
        "seed {seed}: a card in two places"
    );
    // Every card in a hand, discard pile, play or on the line is listed there; the
    // others are in their owner's deck or out of the game.
    let mut in_decks = vec![0usize; g.players()];
    for (o, &times) in seen.iter().enumerate() {
        let obj = g.obj(o as u16);
        match obj.zone {
            Zone::Deck => in_decks[obj.owner as usize] += 1,
            Zone::Removed => assert_eq!(times, 0, "seed {seed}"),
            _ => assert_eq!(
                times, 1,
                "seed {seed}: card {o} in no place, zone {:?} owner {}",
                obj.zone, obj.owner
            ),
        }
    }
    for s in 0..g.players() as Seat {
        assert_eq!(
            in_decks[s as usize],
            g.deck_size(s),
            "seed {seed}: deck {s}"
        );
    }
    // A face-down card is a champion with veiled, in play or on the line, and every
    // other player's view of the board names only its owner, with no numbers (ruling
    // C-10).
    for o in 0..g.card_count() as u16 {
        let obj = g.obj(o);
        if obj.veiled {
            assert!(
                matches!(obj.zone, Zone::Play | Zone::Line),
                "seed {seed}: face down in {:?}",
                obj.zone
            );
            assert!(g.card(o).keywords.veiled && g.card(o).is_champion());
            let Some(i) = g.in_play().iter().position(|&p| p == o) else {
                continue;
            };
            let hidden = format!("Player {}'s veiled champion", obj.owner + 1);
            for s in (0..g.players() as Seat).filter(|&s| s != obj.owner) {
                let seen = &g.view(s).in_play[i];
                assert!(
                    seen.name == hidden && seen.stats.is_none(),
                    "seed {seed}: {seen:?}"
                );
            }
        }
    }
}

/// A random game; with `concede`, one player concedes at a random moment, whoever is
/// deciding, and is never asked anything again.
fn play(players: usize, seed: u64, concede: bool) -> (ClassicGame, Vec<Choice>) {
    let mut g = ClassicGame::new(classic_pool(), &decks(players, seed), seed).expect("setup");
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5eed);
    let mut choices = Vec::new();
    let concede_at = concede.then(|| rng.gen_range(0..120usize));
    let mut conceded: Option<Seat> = None;
    while g.decider().is_some() {
        check_places(&g, seed);
        if concede_at == Some(choices.len()) && conceded.is_none() {
            let seat = rng.gen_range(0..players) as Seat;
            g.apply(Choice::Concede(seat))
                .expect("a player in the game may concede");
            assert!(g.is_out(seat), "seed {seed}");
            assert!(g.concede(seat).is_err(), "seed {seed}: conceded twice");
            choices.push(Choice::Concede(seat));
            if players == 2 {
                assert_eq!(g.winners(), Some(&[1 - seat][..]), "seed {seed}");
            }
            conceded = Some(seat);
            check_places(&g, seed);
            continue;
        }
        assert!(
            conceded.is_none() || g.decider() != conceded,
            "seed {seed}: a player who conceded is asked: {:?} step {:?}",
            g.ask(),
            g.step()
        );
        let options = g.options().to_vec();
        assert!(
            !options.is_empty(),
            "seed {seed}: a decision without options"
        );
        for c in &options {
            if let Choice::Play(o) = c {
                let speed = g.card(*o).timing.speed;
                if speed != Speed::Fast {
                    assert!(
                        g.line().is_empty(),
                        "seed {seed}: a {speed:?} card offered on a busy line"
                    );
                }
            }
        }
        if choices.len() % 97 == 0 {
            play_on_sample(&g, seed, choices.len() as u64);
        }
        let line_before: Vec<Item> = g.line().to_vec();
        let c = options[rng.gen_range(0..options.len())];
        choices.push(c);
        g.apply(c).expect("an offered option is taken");
        // Last in, first out: what stays on the line keeps its order, and what is new
        // lies on top of it. (Stop and an elimination may take out any item.)
        let key = |it: &Item| (it.obj, it.life, it.source);
        let before: Vec<_> = line_before.iter().map(key).collect();
        let mut pos = 0;
        for (i, it) in g.line().iter().enumerate() {
            match before[pos..].iter().position(|b| *b == key(it)) {
                Some(j) => pos += j + 1,
                None => {
                    let rest = &g.line()[i..];
                    assert!(
                        rest.iter()
                            .all(|r| r.source != Source::Card || !before.contains(&key(r))),
                        "seed {seed}: a card on the line moved after {c:?}"
                    );
                    break;
                }
            }
        }
        assert!(choices.len() < 50_000, "seed {seed}: the game did not end");
    }
    check_places(&g, seed);
    (g, choices)
}

/// A search plays on in games sampled for a seat: they must be whole games too, where
/// an ability on the line still resolves though its card was dealt anew in a hand.
fn play_on_sample(g: &ClassicGame, seed: u64, n: u64) {
    let seat = (n % g.players() as u64) as Seat;
    let mut sample = g.sample_for(seat, seed ^ n);
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ n);
    for _ in 0..300 {
        let options = sample.options().to_vec();
        let Some(&c) = options.get(rng.gen_range(0..options.len().max(1))) else {
            break;
        };
        sample.apply(c).expect("an offered option is taken");
        check_places(&sample, seed);
    }
}

#[test]
fn random_games_keep_every_invariant() {
    let games: u64 = std::env::var("EPIC_CLASSIC_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let (mut veiled, mut unveiled) = (0, 0);
    for seed in 0..games {
        let players = if seed % 4 == 3 { 4 } else { 2 };
        let (g, choices) = play(players, seed, seed % 5 == 2);
        assert!(g.winners().is_some());
        veiled += choices
            .iter()
            .filter(|c| matches!(c, Choice::PlayVeiled(_)))
            .count();
        unveiled += choices
            .iter()
            .filter(|c| matches!(c, Choice::Unveil(_)))
            .count();
    }
    if games >= 100 {
        assert!(
            veiled > 0 && unveiled > 0,
            "champions played face down {veiled} times, unveiled {unveiled}"
        );
    }
}

#[test]
fn same_seed_and_choices_give_the_same_game() {
    for seed in 0..20 {
        let (g, choices) = play(2, seed, seed % 3 == 0);
        let mut again = ClassicGame::new(classic_pool(), &decks(2, seed), seed).expect("setup");
        for c in choices {
            again.apply(c).expect("replayed");
        }
        assert_eq!(g.digest(), again.digest(), "seed {seed}");
    }
}

/// A digest tells games apart: games dealt from other seeds, and a game before and
/// after a decision, have different digests.
#[test]
fn different_games_have_different_digests() {
    let mut seen = std::collections::HashSet::new();
    for seed in 0..20 {
        let g = ClassicGame::new(classic_pool(), &decks(2, seed), seed).expect("setup");
        assert!(seen.insert(g.digest()), "seed {seed}: a digest seen before");
        let mut after = g.clone();
        after.apply(g.options()[0]).expect("offered");
        assert_ne!(
            after.digest(),
            g.digest(),
            "seed {seed}: a decision left it"
        );
    }
}

/// The bots' default evaluation reads a two-player position as a chance to win: between
/// 0 and 1, an even start at one half, and the two players' chances adding up to 1.
#[test]
fn the_evaluation_is_a_chance_to_win() {
    use epic_classic::eval::win_chance;
    for seed in 0..10 {
        let mut g = ClassicGame::new(classic_pool(), &decks(2, seed), seed).expect("setup");
        assert_eq!(win_chance(&g, 0), 0.5, "seed {seed}: an even start");
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        while g.decider().is_some() {
            let (a, b) = (win_chance(&g, 0), win_chance(&g, 1));
            assert!(
                a > 0.0 && a < 1.0 && (a + b - 1.0).abs() < 1e-9,
                "seed {seed}"
            );
            let options = g.options();
            g.apply(options[rng.gen_range(0..options.len())]).unwrap();
        }
    }
}
