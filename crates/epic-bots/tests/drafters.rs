//! Drafters: the rating drafter's decks take a shape (mostly two alignments) and beat
//! randomly drafted decks; every drafter finishes every draft with legal decks.

use epic_bots::drafter::{card_rating, draft_out, drafter_by_name, Drafter};
use epic_engine::formats::draft::{collection, Draft, DraftFormat};
use epic_engine::{Game, Setup};
use epic_model::Alignment;

fn drafters(names: &[&str], seed: u64) -> Vec<Box<dyn Drafter + Send>> {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| drafter_by_name(n, seed + i as u64).unwrap())
        .collect()
}

fn draft(format: DraftFormat, names: &[&str], seed: u64) -> Vec<Vec<epic_model::CardId>> {
    let pool = epic_cards::shared_pool();
    let cards = collection(format, &pool, names.len());
    let mut d = Draft::new(pool, format, names.len(), &cards, seed).unwrap();
    draft_out(&mut d, &mut drafters(names, seed))
}

#[test]
fn ratings_prefer_bigger_champions_and_keywords() {
    let pool = epic_cards::shared_pool();
    let rating = |name: &str| card_rating(pool.get(pool.by_name(name).unwrap()));
    assert!(rating("Kong") > rating("Cave Troll"));
    assert!(rating("Gold Dragon") > rating("High King"));
}

/// The rating drafter's deck is mostly of two alignments; a random drafter's is not.
#[test]
fn a_rating_drafters_deck_takes_a_shape() {
    let pool = epic_cards::shared_pool();
    let top_two = |deck: &[epic_model::CardId]| {
        let mut n: Vec<usize> = Alignment::ALL
            .iter()
            .map(|&a| {
                deck.iter()
                    .filter(|&&c| pool.get(c).alignments.contains(a))
                    .count()
            })
            .collect();
        n.sort_unstable();
        n[2] + n[3]
    };
    let (mut greedy, mut random) = (0, 0);
    for seed in 0..20 {
        let decks = draft(
            DraftFormat::Pack,
            &["greedy", "random", "greedy", "random"],
            seed,
        );
        greedy += top_two(&decks[0]) + top_two(&decks[2]);
        random += top_two(&decks[1]) + top_two(&decks[3]);
    }
    // 40 decks of 30 each way.
    assert!(greedy > random + 100, "greedy {greedy}, random {random}");
}

/// Decks drafted by the rating drafter win more games than decks drafted at random, the
/// same greedy bot playing both.
#[test]
fn rating_drafted_decks_beat_random_ones() {
    let pool = epic_cards::shared_pool();
    let (mut wins, mut games) = (0, 0);
    let drafts = if cfg!(debug_assertions) { 6 } else { 40 };
    for seed in 0..drafts {
        let decks = draft(DraftFormat::Dark, &["greedy", "random"], seed);
        for first in 0..2u8 {
            let mut game = Game::new(Setup {
                first_player: Some(first),
                ..Setup::new(pool.clone(), decks.clone(), seed * 2 + u64::from(first))
            })
            .unwrap();
            let mut bots = vec![
                epic_bots::bot_by_name("greedy", seed).unwrap(),
                epic_bots::bot_by_name("greedy", seed + 1).unwrap(),
            ];
            epic_bots::play_out(&mut game, &mut bots, 100_000);
            if let Some(r) = game.result() {
                games += 1;
                if r.winners == [0] {
                    wins += 1;
                }
            }
        }
    }
    println!("rating-drafted decks won {wins} of {games}");
    assert!(wins * 100 > games * 55, "{wins} of {games}");
}

/// Games with drafted decks, from every kind of draft and at every table size the drafts
/// make (2, 4 and 8 seats), end and replay exactly, random play taking every option it
/// is offered.
#[test]
fn drafted_decks_play_to_the_end_and_replay() {
    let pool = epic_cards::shared_pool();
    let games = if cfg!(debug_assertions) { 8 } else { 10_000 };
    for seed in 0..games {
        let (format, seats) = match seed % 4 {
            0 => (DraftFormat::Pack, 4),
            1 => (DraftFormat::Open, 2),
            2 => (DraftFormat::Dark, 2),
            _ => (DraftFormat::Cube, 8),
        };
        let names = vec!["random"; seats];
        let decks = draft(format, &names, seed);
        let setup = Setup::new(pool.clone(), decks, seed);
        let mut game = Game::new(setup.clone()).unwrap();
        let mut bots: Vec<_> = (0..seats)
            .map(|s| epic_bots::bot_by_name("random", seed * 10 + s as u64).unwrap())
            .collect();
        let mut log = Vec::new();
        while let Some(d) = game.decision() {
            assert!(log.len() < 100_000, "seed {seed}: the game does not end");
            let c = bots[d.player as usize].choose(&game);
            game.apply(c).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            log.push(c);
        }
        let mut again = Game::new(setup).unwrap();
        for &c in &log {
            again.apply_quiet(c).unwrap();
        }
        assert_eq!(again.digest(), game.digest(), "seed {seed}: replay differs");
    }
}

/// A draft is an `epic_game::State`: the players written for any ruleset draft it to the
/// end, one drafter's decision at a time, and every deck passes its format's check. The
/// same seeds give the same draft.
#[test]
fn the_ruleset_neutral_players_draft_through_state() {
    use epic_bots::players::{play_to_end, Player, RandomPlayer};
    use epic_game::State;
    let pool = epic_cards::shared_pool();
    for (format, seats) in [
        (DraftFormat::Pack, 4),
        (DraftFormat::Open, 2),
        (DraftFormat::Dark, 2),
        (DraftFormat::Cube, 8),
        (DraftFormat::Sealed, 2),
    ] {
        let run = |seed: u64| {
            let cards = collection(format, &pool, seats);
            let mut d = Draft::start(pool.clone(), format, seats, &cards, seed, Some(40)).unwrap();
            let mut players: Vec<Box<dyn Player<Draft>>> = (0..seats)
                .map(|s| {
                    Box::new(RandomPlayer::new(seed * 10 + s as u64)) as Box<dyn Player<Draft>>
                })
                .collect();
            let decisions = play_to_end(&mut d, &mut players, 100_000);
            assert!(decisions.is_some(), "{format:?}: the draft ends");
            assert_eq!(d.outcome(0), Some(1.0 / seats as f64), "a draft is a draw");
            d
        };
        let d = run(3);
        for (seat, deck) in d.decks().unwrap().iter().enumerate() {
            let broken = format.format().check(deck, &pool);
            assert!(broken.is_empty(), "{format:?} seat {seat}: {broken:?}");
        }
        assert_eq!(
            run(3).digest(),
            d.digest(),
            "{format:?}: the same seeds, the same draft"
        );
        assert_ne!(
            run(4).digest(),
            d.digest(),
            "{format:?}: other seeds, another draft"
        );
    }
}
