//! A test per format: legal decks pass, and each kind of violation is reported
//! (checklist FMT-01 … FMT-06, ruling H-20).

use epic_engine::formats::{format, format_names, Violation};
use epic_model::{CardId, CardPool};

fn pool() -> &'static CardPool {
    epic_cards::base_pool()
}

fn cards(list: &str) -> Vec<CardId> {
    epic_cards::parse_deck_list("test", list, pool()).unwrap()
}

fn check(name: &str, deck: &[CardId]) -> Vec<Violation> {
    format(name).unwrap().check(deck, pool())
}

#[test]
fn every_format_is_found_by_its_name() {
    assert_eq!(
        format_names(),
        [
            "sealed",
            "pack-draft",
            "open-draft",
            "cube-draft",
            "dark-draft",
            "preconstructed",
            "full-constructed"
        ]
    );
    assert_eq!(format("Full_Constructed").unwrap().name, "full-constructed");
    assert!(format("emperor").is_none());
}

#[test]
fn sealed_and_the_drafts_count_cards() {
    let thirty = epic_cards::deck_from(pool(), "random", 7).unwrap();
    for name in [
        "sealed",
        "pack-draft",
        "dark-draft",
        "open-draft",
        "cube-draft",
    ] {
        assert_eq!(check(name, &thirty), vec![], "{name}");
    }
    let short = &thirty[..29];
    assert_eq!(
        check("sealed", short),
        vec![Violation::WrongSize { have: 29, need: 30 }]
    );
    // One more card of the set, not a second copy (a copy is counted on its own, below).
    let extra = pool()
        .iter()
        .find(|(id, d)| !d.token && d.set == epic_model::BASE_SET && !thirty.contains(id))
        .map(|(id, _)| id)
        .unwrap();
    let mut long = thirty.clone();
    long.push(extra);
    // Sealed, the packs and Open Draft make exactly 30 ("Each player builds a 30-card
    // deck"); Cube Draft builds at least 30 ("a minimum 30 card deck").
    for name in ["pack-draft", "open-draft"] {
        assert!(
            matches!(
                check(name, &long)[..],
                [Violation::WrongSize { have: 31, .. }]
            ),
            "{name}"
        );
    }
    assert_eq!(check("cube-draft", &long), vec![]);
    assert!(matches!(
        check("open-draft", short)[..],
        [Violation::WrongSize { have: 29, need: 30 }]
    ));
    assert!(matches!(
        check("cube-draft", short)[..],
        [Violation::TooFew {
            have: 29,
            need: 30,
            ..
        }]
    ));
}

#[test]
fn preconstructed_is_every_card_of_one_alignment_of_one_set() {
    for colour in ["good", "evil", "sage", "wild"] {
        let deck = epic_cards::deck_from(pool(), colour, 0).unwrap();
        assert_eq!(check("preconstructed", &deck), vec![], "{colour}");
    }
    let mut deck = epic_cards::deck_from(pool(), "wild", 0).unwrap();
    let kong = pool().by_name("Kong").unwrap();
    deck.retain(|&c| c != kong);
    deck.push(pool().by_name("Cave Troll").unwrap());
    let v = check("preconstructed", &deck);
    assert_eq!(v.len(), 1);
    let text = v[0].to_string();
    assert!(text.contains("lacks Kong"), "{text}");
    assert!(text.contains("2 copies of Cave Troll"), "{text}");
    let mixed = cards("Kong\nAngel of Light\n");
    assert!(check("preconstructed", &mixed)[0]
        .to_string()
        .contains("no alignment common"));
}

#[test]
fn full_constructed_size_copies_and_the_zero_cost_rule() {
    // Every card of the base set, one copy each: 88 with a cost of 1, 32 with a cost of
    // 0, eight of each alignment against 22 — legal. Two more copies of the 0-cost wild
    // cards make 24 against 22 — not.
    let all: Vec<CardId> = pool()
        .iter()
        .filter(|(_, d)| !d.token)
        .map(|(id, _)| id)
        .collect();
    assert_eq!(all.len(), 120);
    assert_eq!(check("full-constructed", &all), vec![]);
    let wild = epic_model::Alignments::one(epic_model::Alignment::Wild);
    let mut more = all.clone();
    more.extend(
        all.iter()
            .filter(|&&c| pool().get(c).cost == 0 && pool().get(c).alignments == wild)
            .flat_map(|&c| [c, c]),
    );
    assert_eq!(
        check("full-constructed", &more),
        vec![Violation::ZeroCostRatio {
            alignment: "wild".into(),
            zero: 24,
            one: 22,
            need: 48
        }]
    );

    // Too few cards, four copies, and too many 0-cost wild cards for the 1-cost ones.
    let bad = cards("4 Fire Shaman\n3 Cave Troll\n3 Fireball\n2 Kong\n");
    let v = check("full-constructed", &bad);
    assert!(v.contains(&Violation::TooFew { have: 12, need: 60 }));
    assert!(v.contains(&Violation::TooManyCopies {
        card: "Fire Shaman".into(),
        copies: 4,
        max: 3
    }));
    assert!(v.contains(&Violation::ZeroCostRatio {
        alignment: "wild".into(),
        zero: 10,
        one: 2,
        need: 20
    }));
    assert_eq!(v.len(), 3, "{v:?}");
    // The message says what to do.
    let text = v[2].to_string();
    assert!(text.contains("need at least 20 wild"), "{text}");
}

#[test]
fn tokens_are_never_legal() {
    let mut deck = epic_cards::deck_from(pool(), "random", 1).unwrap();
    deck[0] = pool().token("Wolf").unwrap();
    let v = check("sealed", &deck);
    assert_eq!(
        v,
        vec![Violation::Token {
            card: "Wolf".into()
        }]
    );
}

/// A God card goes beside the deck (1.3.2): where a format allows one, it is not counted
/// among the deck's cards; two are too many; the limited formats allow none (2.4.1).
#[test]
fn god_cards_beside_a_deck() {
    let full = epic_cards::full_pool();
    let furios = full.by_name("Furios, Father of Nature").unwrap();
    let maligus = full.by_name("Maligus, the Dark One").unwrap();
    let mut deck = epic_cards::deck_from(full, "good", 0).unwrap();
    deck.push(furios);
    let preconstructed = format("preconstructed").unwrap();
    assert_eq!(preconstructed.check(&deck, full), vec![]);
    deck.push(maligus);
    let v = preconstructed.check(&deck, full);
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(matches!(&v[0], Violation::TwoGods { .. }), "{v:?}");
    let sealed = format("sealed").unwrap();
    let mut thirty = epic_cards::deck_from(full, "random", 1).unwrap();
    thirty.push(furios);
    assert_eq!(
        sealed.check(&thirty, full),
        vec![Violation::GodNotAllowed {
            card: "Furios, Father of Nature".into()
        }]
    );
    assert!(format("full-constructed").unwrap().gods && !sealed.gods);
}

/// FMT-01: a Sealed table's decks are dealt from one collection, so no two seats hold the
/// same copy: one base set for two to four players (every card at most once at the
/// table), two sets for five to eight (at most twice).
#[test]
fn sealed_decks_are_dealt_from_one_collection() {
    let pool = epic_cards::full_pool();
    for (players, copies) in [(2, 1), (4, 1), (5, 2), (8, 2)] {
        for seed in 0..20 {
            let decks = epic_engine::formats::sealed_decks(pool, players, seed);
            assert_eq!(decks.len(), players);
            assert!(decks.iter().all(|d| d.len() == 30));
            let mut count = std::collections::HashMap::new();
            for &c in decks.iter().flatten() {
                assert_eq!(pool.get(c).set, epic_model::BASE_SET);
                *count.entry(c).or_insert(0) += 1;
            }
            assert!(
                count.values().all(|&n| n <= copies),
                "{players} players, seed {seed}: a card dealt more than {copies} times"
            );
        }
        assert_ne!(
            epic_engine::formats::sealed_decks(pool, players, 1),
            epic_engine::formats::sealed_decks(pool, players, 2)
        );
    }
    // A request for a Sealed table deals the same way: the seats' cards never overlap.
    use epic_game::Ruleset;
    let setup =
        epic_engine::Game::setup(&epic_game::TableRequest::of(4, 9).in_format("sealed")).unwrap();
    let mut all: Vec<&String> = setup.seats.iter().flat_map(|s| &s.cards).collect();
    all.sort();
    let dealt = all.len();
    all.dedup();
    assert_eq!(all.len(), dealt, "four seats, one set: no card twice");
}

/// A limited deck holds no more copies of a card than its collection: one set, one copy;
/// two sets (five to eight players at Sealed and Pack Draft), two; the cube its own
/// counts; a card of another set, none.
#[test]
fn limited_decks_hold_no_more_copies_than_their_collection() {
    let f = |name: &str| format(name).unwrap();
    let mut two_kongs = epic_cards::deck_from(pool(), "random", 3).unwrap();
    let kong = cards("Kong")[0];
    two_kongs.retain(|&c| c != kong);
    two_kongs.truncate(28);
    two_kongs.extend([kong, kong]);
    let beyond = |max, players| {
        vec![Violation::BeyondCollection {
            card: "Kong".into(),
            copies: 2,
            max,
            players,
        }]
    };
    assert_eq!(f("sealed").check(&two_kongs, pool()), beyond(1, 2));
    assert_eq!(f("sealed").check_at(&two_kongs, pool(), 4), beyond(1, 4));
    assert_eq!(f("sealed").check_at(&two_kongs, pool(), 5), vec![]);
    assert_eq!(
        f("pack-draft").check_at(&two_kongs, pool(), 3),
        beyond(1, 3)
    );
    assert_eq!(f("pack-draft").check_at(&two_kongs, pool(), 8), vec![]);
    assert_eq!(f("open-draft").check(&two_kongs, pool()), beyond(1, 2));
    assert_eq!(f("dark-draft").check(&two_kongs, pool()), beyond(1, 2));
    // The cube holds three of a card that is not its rare gem.
    let mut cube = epic_cards::deck_from(pool(), "random", 4).unwrap();
    let common = pool()
        .iter()
        .find(|(_, d)| !d.token && !d.rare && d.set == epic_model::BASE_SET)
        .map(|(id, _)| id)
        .unwrap();
    cube.retain(|&c| c != common);
    cube.extend([common; 4]);
    let v = f("cube-draft").check_at(&cube, pool(), 8);
    assert!(
        matches!(
            &v[..],
            [Violation::BeyondCollection {
                copies: 4,
                max: 3,
                ..
            }]
        ),
        "{v:?}"
    );
    // A card of another set was never in the collection.
    let full = epic_cards::shared_full_pool();
    let mut expansion = epic_cards::deck_from(&full, "random", 5).unwrap();
    let battle_cry = full.by_name("Battle Cry").unwrap();
    assert_ne!(full.get(battle_cry).set, epic_model::BASE_SET);
    expansion.retain(|&c| c != battle_cry);
    expansion[0] = battle_cry;
    let v = f("sealed").check(&expansion, &full);
    let battle_cry_beyond = Violation::BeyondCollection {
        card: "Battle Cry".into(),
        copies: 1,
        max: 0,
        players: 2,
    };
    assert!(v.contains(&battle_cry_beyond), "{v:?}");
    assert!(battle_cry_beyond.to_string().contains("for 2 players"));
}
