//! Hidden information through the `epic` program: what one seat is shown — `epic
//! replay --seat N` as text and as JSON, and the terminal game — is the same for two
//! games that differ only by two cards that seat never sees (the engine's own
//! non-interference test is crates/epic-engine/tests/noninterference.rs).

use epic_engine::state::Zone;
use epic_engine::{Choice, Game, Setup};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::json;
use std::path::Path;
use std::process::Output;

mod common;

fn epic_in(dir: &Path, args: &[&str], input: &str) -> Output {
    let out = common::epic_in(dir, args, input);
    assert!(
        out.status.success(),
        "epic {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn names(cards: &[epic_engine::model::CardId]) -> Vec<String> {
    let pool = epic_cards::shared_pool();
    cards.iter().map(|&c| pool.get(c).name.clone()).collect()
}

/// Two cards of seat 2's deck list that stay hidden from seat 1 for the whole game
/// `log` plays — in seat 2's deck or hand, never revealed — the first of them drawn
/// from the deck during the game, so seat 2 sees it arrive. Their places in the list.
fn unseen_pair(setup: &Setup, log: &[Choice]) -> Option<(usize, usize)> {
    let deck = &setup.decks[1];
    let mut g = Game::new(setup.clone()).unwrap();
    let mut hidden = vec![true; deck.len()];
    let mut drawn = vec![false; deck.len()];
    let zone = |g: &Game, card| {
        let o = g
            .state()
            .objs
            .iter()
            .find(|o| o.owner == 1 && o.card == card);
        let o = o.unwrap();
        (o.zone, o.revealed)
    };
    let start: Vec<Zone> = deck.iter().map(|&c| zone(&g, c).0).collect();
    for &c in log {
        g.apply_quiet(c).unwrap();
        for (k, &card) in deck.iter().enumerate() {
            let (z, revealed) = zone(&g, card);
            hidden[k] &= !revealed && matches!(z, Zone::Deck | Zone::Hand);
            drawn[k] |= start[k] == Zone::Deck && z == Zone::Hand;
        }
    }
    let i = (0..deck.len()).find(|&k| hidden[k] && drawn[k])?;
    let j = (0..deck.len()).find(|&k| k != i && hidden[k] && deck[k] != deck[i])?;
    Some((i, j))
}

/// A saved game of `decks` and `log`, as `epic play` writes it.
fn write_save(dir: &Path, decks: &[Vec<epic_engine::model::CardId>], log: &[Choice]) {
    let setup = Setup::new(epic_cards::shared_pool(), decks.to_vec(), 11);
    let mut g = Game::new(setup).unwrap();
    for &c in log {
        g.apply_quiet(c).unwrap();
    }
    let save = json!({
        "format": "epic-save",
        "version": 2,
        "setup": {
            "rules": epic_engine::RulesConfig::default(),
            "seed": 11,
            "first_player": null,
            "seats": [
                {"player": "human", "deck": "list", "cards": names(&decks[0])},
                {"player": "random", "bot_seed": 1, "deck": "list", "cards": names(&decks[1])},
            ],
        },
        "decisions": log,
        "digest": format!("{:016x}", g.digest()),
    });
    std::fs::write(dir.join("game.json"), save.to_string()).unwrap();
}

#[test]
fn a_replay_shows_a_seat_nothing_of_cards_it_never_saw() {
    let pool = epic_cards::shared_pool();
    let decks = vec![
        epic_cards::deck_from(&pool, "sage", 0).unwrap(),
        epic_cards::deck_from(&pool, "evil", 0).unwrap(),
    ];
    let setup = Setup::new(pool.clone(), decks.clone(), 11);
    let mut g = Game::new(setup.clone()).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut log = Vec::new();
    while !g.is_over() && log.len() < 150 {
        let c = *g.options().choose(&mut rng).unwrap();
        g.apply_quiet(c).unwrap();
        log.push(c);
    }
    let (i, j) = unseen_pair(&setup, &log).expect("two cards seat 1 never sees");
    let mut swapped = decks.clone();
    swapped[1].swap(i, j);

    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    write_save(a.path(), &decks, &log);
    write_save(b.path(), &swapped, &log);
    for args in [
        &["replay", "game.json", "--seat", "1", "--json"][..],
        &["replay", "game.json", "--seat", "1"],
        &["replay", "game.json", "--seat", "1", "--to", "60"],
    ] {
        let (oa, ob) = (epic_in(a.path(), args, ""), epic_in(b.path(), args, ""));
        assert!(
            oa.stdout == ob.stdout,
            "epic {args:?} shows a difference seat 1 cannot know"
        );
    }
    // Seat 2 held one of the cards, and everything shown does tell the games apart:
    // the comparison above can fail.
    for args in [
        &["replay", "game.json", "--seat", "2", "--json"][..],
        &["replay", "game.json", "--reveal-all", "--json"],
    ] {
        let (oa, ob) = (epic_in(a.path(), args, ""), epic_in(b.path(), args, ""));
        assert_ne!(oa.stdout, ob.stdout, "epic {args:?}");
    }
}

/// Plays the terminal game with the AI's deck from `ai.txt` in `dir`, answering 1 to
/// everything, and saves it before it ends.
fn play_in(dir: &Path, seed: &str) -> Output {
    let input = format!(
        "{}save {}\nquit\n",
        "1\n".repeat(150),
        dir.join("end.json").display()
    );
    let args = [
        "play",
        "--seed",
        seed,
        "--first",
        "me",
        "--ai",
        "random",
        "--deck",
        "good",
        "--ai-deck",
        "ai.txt",
    ];
    epic_in(dir, &args, &input)
}

#[test]
fn the_terminal_game_shows_nothing_of_the_ai_cards_the_player_never_saw() {
    let pool = epic_cards::shared_pool();
    let ai_deck = epic_cards::deck_from(&pool, "wild", 0).unwrap();
    let list = |deck: &[epic_engine::model::CardId]| names(deck).join("\n") + "\n";
    let a = tempfile::tempdir().unwrap();
    std::fs::write(a.path().join("ai.txt"), list(&ai_deck)).unwrap();
    // A game in which the AI draws a card and keeps it hidden, with another never seen.
    let (seed, first, (i, j)) = (1..40)
        .find_map(|seed| {
            let seed = seed.to_string();
            let out = play_in(a.path(), &seed);
            let save: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(a.path().join("end.json")).ok()?)
                    .unwrap();
            let log: Vec<Choice> = serde_json::from_value(save["decisions"].clone()).unwrap();
            let decks: Vec<Vec<_>> = (0..2)
                .map(|seat| {
                    save["setup"]["seats"][seat]["cards"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|n| pool.by_name(n.as_str().unwrap()).unwrap())
                        .collect()
                })
                .collect();
            let mut setup =
                Setup::new(pool.clone(), decks, save["setup"]["seed"].as_u64().unwrap());
            setup.first_player =
                serde_json::from_value(save["setup"]["first_player"].clone()).unwrap();
            Some((seed, out, unseen_pair(&setup, &log)?))
        })
        .expect("a game where the AI holds a card the player never sees");
    let mut swapped = ai_deck.clone();
    swapped.swap(i, j);
    let b = tempfile::tempdir().unwrap();
    std::fs::write(b.path().join("ai.txt"), list(&swapped)).unwrap();
    let second = play_in(b.path(), &seed);
    let shown = |o: &Output, dir: &Path| {
        String::from_utf8_lossy(&o.stdout).replace(&dir.display().to_string(), "DIR")
    };
    assert_eq!(shown(&first, a.path()), shown(&second, b.path()));
}
