//! Cards built in Rust for engine tests, independent of the card language.
#![allow(dead_code)]

use epic_engine::model::*;
use epic_engine::{Choice, Game, Setup};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::sync::Arc;

pub fn champion(
    name: &str,
    align: Alignment,
    cost: u8,
    off: u8,
    def: u8,
    kws: &[Keyword],
) -> CardDef {
    CardDef {
        name: name.into(),
        set: "Test".into(),
        kind: CardType::Champion,
        alignments: Alignments::one(align),
        cost,
        classes: vec![],
        class_ids: vec![],
        offense: off,
        defense: def,
        token: false,
        rare: false,
        keywords: kws.iter().copied().collect(),
        modes: vec![],
        abilities: vec![],
        flavor: None,
    }
}

pub fn event(name: &str, align: Alignment, cost: u8, modes: Vec<Vec<Sentence>>) -> CardDef {
    CardDef {
        kind: CardType::Event,
        offense: 0,
        defense: 0,
        modes: modes
            .into_iter()
            .map(|steps| Mode {
                extra_gold: 0,
                steps,
            })
            .collect(),
        ..champion(name, align, cost, 0, 0, &[])
    }
}

pub fn token(name: &str, align: Alignment, off: u8, def: u8) -> CardDef {
    CardDef {
        token: true,
        ..champion(name, align, 0, off, def, &[])
    }
}

pub fn target_champion() -> Sel {
    Sel::Target(TargetSpec {
        objects: Some(Filter::champions()),
        players: None,
        count: 1,
        up_to: false,
        per_revealed: false,
    })
}

pub fn a_target() -> Sel {
    Sel::Target(TargetSpec {
        objects: Some(Filter::champions()),
        players: Some(PlayerFilter::Any),
        count: 1,
        up_to: false,
        per_revealed: false,
    })
}

/// A small pool: vanilla champions, a few events and the four tokens.
pub fn small_pool() -> Arc<CardPool> {
    let mut pool = CardPool::new();
    pool.add(champion("Bear", Alignment::Wild, 0, 3, 3, &[]));
    pool.add(champion("Giant", Alignment::Wild, 1, 8, 8, &[]));
    pool.add(champion(
        "Hawk",
        Alignment::Sage,
        0,
        2,
        2,
        &[Keyword::Airborne, Keyword::Blitz],
    ));
    pool.add(champion(
        "Rhino",
        Alignment::Wild,
        1,
        7,
        5,
        &[Keyword::Breakthrough],
    ));
    pool.add(event(
        "Insight",
        Alignment::Sage,
        1,
        vec![vec![Sentence::new(Action::Draw {
            who: Who::You,
            n: Amount::Fixed(2),
        })]],
    ));
    pool.add(event(
        "Zap",
        Alignment::Wild,
        0,
        vec![vec![Sentence::new(Action::Damage {
            to: a_target(),
            n: Amount::Fixed(3),
        })]],
    ));
    pool.add(token("Wolf", Alignment::Wild, 2, 2));
    pool.add(token("Zombie", Alignment::Evil, 2, 2));
    pool.add(token("Human", Alignment::Good, 1, 1));
    pool.add(token("Demon", Alignment::Evil, 4, 4));
    Arc::new(pool)
}

pub fn deck_of(pool: &CardPool, names: &[(&str, usize)]) -> Vec<CardId> {
    names
        .iter()
        .flat_map(|(n, k)| std::iter::repeat_n(pool.by_name(n).unwrap(), *k))
        .collect()
}

/// A 30-card deck of the small pool: champions of several kinds and two events.
pub fn small_deck(pool: &CardPool) -> Vec<CardId> {
    deck_of(
        pool,
        &[
            ("Bear", 8),
            ("Giant", 6),
            ("Hawk", 6),
            ("Rhino", 4),
            ("Insight", 3),
            ("Zap", 3),
        ],
    )
}

pub fn setup(pool: Arc<CardPool>, decks: Vec<Vec<CardId>>, seed: u64) -> Setup {
    Setup {
        first_player: Some(0),
        ..Setup::new(pool, decks, seed)
    }
}

/// Plays uniformly random options to the end; returns the choices made.
pub fn play_random(game: &mut Game, seed: u64, max: usize) -> Vec<Choice> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut log = Vec::new();
    while !game.is_over() && log.len() < max {
        let opts = game.options();
        let c = opts[rng.gen_range(0..opts.len())];
        game.apply(c).expect("an offered option is legal");
        log.push(c);
    }
    log
}

/// Decks for `seats` players of 30 different cards each, drawn by the seed from every
/// set (the base set and the expansions: [`epic_cards::shared_full_pool`]).
pub fn every_set_decks(seats: u64, seed: u64) -> Vec<Vec<CardId>> {
    use rand::seq::SliceRandom;
    let pool = epic_cards::shared_full_pool();
    let cards: Vec<CardId> = pool
        .iter()
        .filter(|(_, c)| !c.token && !c.is_god())
        .map(|(id, _)| id)
        .collect();
    let gods: Vec<CardId> = pool
        .iter()
        .filter(|(_, c)| c.is_god())
        .map(|(id, _)| id)
        .collect();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    // 30 cards each, and a God card beside most decks (2.4).
    (0..seats)
        .map(|_| {
            let mut deck: Vec<CardId> = cards.choose_multiple(&mut rng, 30).copied().collect();
            if rng.gen_bool(0.75) {
                deck.extend(gods.choose(&mut rng));
            }
            deck
        })
        .collect()
}
