//! Drafts as decisions: each format's packs, passing and picks as the rulebooks give them
//! (FMT-02 – FMT-04, Dark Draft), decks of the right size that pass their format's check,
//! hidden packs, and refused choices that change nothing.

use epic_engine::formats::draft::{
    collection, Draft, DraftChoice, DraftError, DraftEvent, DraftFormat,
};
use epic_model::CardId;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::BTreeMap;

fn new_draft(format: DraftFormat, drafters: usize, seed: u64) -> Draft {
    let pool = epic_cards::shared_pool();
    let cards = collection(format, &pool, drafters);
    Draft::new(pool, format, drafters, &cards, seed).unwrap()
}

/// Plays the draft with random picks (and cuts down to the smallest deck when building);
/// returns who decided, in order.
fn finish(draft: &mut Draft, seed: u64) -> Vec<usize> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut who = Vec::new();
    while let Some(d) = draft.decision() {
        who.push(d.drafter);
        let options = draft.options().to_vec();
        let cut = options.iter().find(|o| matches!(o, DraftChoice::Cut(_)));
        let choice = match cut {
            Some(&c) => c,
            None if options.contains(&DraftChoice::Done) => DraftChoice::Done,
            None => options[rng.gen_range(0..options.len())],
        };
        draft.apply(choice).unwrap();
    }
    who
}

fn counts(cards: &[CardId]) -> BTreeMap<CardId, usize> {
    let mut n = BTreeMap::new();
    for &c in cards {
        *n.entry(c).or_insert(0) += 1;
    }
    n
}

/// FMT-01, FMT-02: "5-8 players with two sets". Eight drafters of Pack Draft deal from
/// two base sets: every deck is 30, and every card ends in the decks exactly twice.
/// Sealed seats up to eight the same way; a ninth is refused, in words that say Sealed
/// is played, not drafted.
#[test]
fn five_to_eight_players_draft_and_seal_from_two_sets() {
    let pool = epic_cards::shared_pool();
    let mut draft = new_draft(DraftFormat::Pack, 8, 3);
    finish(&mut draft, 4);
    let decks = draft.decks().unwrap();
    assert_eq!(decks.len(), 8);
    assert!(decks.iter().all(|d| d.len() == 30));
    let all: Vec<CardId> = decks.concat();
    let one_set = collection(DraftFormat::Pack, &pool, 4);
    assert_eq!(all.len(), 2 * one_set.len());
    assert!(counts(&all).values().all(|&n| n == 2));
    assert_eq!(counts(&all).len(), one_set.len());
    assert!(Draft::new(pool.clone(), DraftFormat::Pack, 9, &all, 0).is_err());

    let sealed = collection(DraftFormat::Sealed, &pool, 6);
    let mut draft = Draft::sealed(pool.clone(), 6, 30, &sealed, 5).unwrap();
    finish(&mut draft, 6);
    let decks = draft.decks().unwrap();
    assert_eq!(decks.len(), 6);
    assert!(counts(&decks.concat()).values().all(|&n| n <= 2));
    let err = Draft::sealed(pool.clone(), 9, 30, &sealed, 0).unwrap_err();
    assert_eq!(err.to_string(), "sealed is played by 2 to 8 players, not 9");
}

/// FMT-02: three packs of 10 each, passed left, right, left; 30 picks, all of them the
/// deck; every card of the 4 × 30 dealt ends in exactly one deck.
#[test]
fn pack_draft_passes_left_right_left_and_every_pick_is_played() {
    let mut draft = new_draft(DraftFormat::Pack, 4, 7);
    let first_pack = draft.view(0).pack.clone();
    assert_eq!(first_pack.len(), 10);
    // Seat 0 picks; after everyone has, seat 1 (to the left) holds seat 0's pack.
    let picked = match draft.options()[0] {
        DraftChoice::Pick(c) => c,
        other => panic!("{other:?}"),
    };
    draft.apply(DraftChoice::Pick(picked)).unwrap();
    let mut passed = Vec::new();
    for seat in 1..4 {
        assert_eq!(draft.decision().unwrap().drafter, seat);
        let c = draft.options()[0];
        passed = draft.apply(c).unwrap();
    }
    assert!(passed.contains(&DraftEvent::Passed { left: true }));
    let mut rest = first_pack.clone();
    rest.remove(rest.iter().position(|&c| c == picked).unwrap());
    assert_eq!(draft.view(1).pack, rest, "pack 1 goes to the left");
    // Finish pack 1, then check that pack 2 goes the other way.
    while draft.view(0).round == 1 {
        let c = draft.options()[0];
        draft.apply(c).unwrap();
    }
    let mut second = draft.view(1).pack.clone();
    assert!(draft.decision().unwrap().prompt.contains("passing right"));
    for seat in 0..4 {
        let c = draft.options()[0];
        if seat == 1 {
            let DraftChoice::Pick(card) = c else {
                panic!("{c:?}")
            };
            second.remove(second.iter().position(|&x| x == card).unwrap());
        }
        draft.apply(c).unwrap();
    }
    assert_eq!(draft.view(0).pack, second, "pack 2 goes to the right");
    finish(&mut draft, 1);
    let decks = draft.decks().unwrap();
    let format = DraftFormat::Pack.format();
    let pool = epic_cards::shared_pool();
    let mut all = Vec::new();
    for deck in &decks {
        assert_eq!(deck.len(), 30);
        assert_eq!(format.check(deck, &pool), vec![]);
        all.extend(deck);
    }
    // 120 cards of one set, one copy each: every card in exactly one deck.
    assert_eq!(
        counts(&all),
        counts(&collection(DraftFormat::Pack, &pool, 4))
    );
}

/// FMT-03: four cards revealed; the first picker takes one, the other two, the first the
/// last; the first picker alternates; each drafter gets half and builds exactly 30.
#[test]
fn open_draft_picks_one_two_one_alternating_then_builds() {
    let mut draft = new_draft(DraftFormat::Open, 2, 3);
    assert_eq!(draft.view(0).pack, draft.view(1).pack, "revealed to both");
    assert_eq!(draft.view(0).pack.len(), 4);
    let who = finish(&mut draft, 2);
    let picks: Vec<usize> = who[..120].to_vec();
    for (round, chunk) in picks.chunks(4).enumerate() {
        let (a, b) = if round % 2 == 0 { (0, 1) } else { (1, 0) };
        assert_eq!(chunk, [a, b, b, a], "round {}", round + 1);
    }
    let decks = draft.decks().unwrap();
    let format = DraftFormat::Open.format();
    let pool = epic_cards::shared_pool();
    for deck in &decks {
        assert_eq!(deck.len(), 30, "cut to the smallest legal deck");
        assert_eq!(format.check(deck, &pool), vec![]);
    }
}

/// FMT-04: a cube of three sets keeps one copy of each rare card and three of the
/// others; eight drafters take three 12-card packs, 36 cards each, and build from them.
#[test]
fn cube_draft_deals_from_the_cube_and_builds_from_36() {
    let pool = epic_cards::shared_pool();
    let cube = collection(DraftFormat::Cube, &pool, 8);
    let copies = counts(&cube);
    for (&card, &n) in &copies {
        assert_eq!(n, if pool.get(card).rare { 1 } else { 3 });
    }
    assert_eq!(cube.len(), 28 + 92 * 3);
    let mut draft = new_draft(DraftFormat::Cube, 8, 5);
    assert_eq!(draft.view(3).pack.len(), 12);
    let who = finish(&mut draft, 9);
    assert_eq!(who.iter().filter(|&&d| d == 0).count(), 36 + 6 + 1);
    for deck in draft.decks().unwrap() {
        assert_eq!(deck.len(), 30);
        assert_eq!(DraftFormat::Cube.format().check(&deck, &pool), vec![]);
    }
}

/// Dark Draft: ten rounds of a 5-card pack: 1 picked, 4 passed, 2 of those picked and 2
/// set aside; 30 cards each, and a drafter cannot look back at their picks until the end.
#[test]
fn dark_draft_picks_one_then_two_and_keeps_the_picks_dark() {
    let mut draft = new_draft(DraftFormat::Dark, 2, 11);
    assert_eq!(draft.view(0).pack.len(), 5);
    let c = draft.options()[0];
    draft.apply(c).unwrap();
    assert!(draft.view(0).picks.is_empty(), "no looking back (H-30)");
    assert_eq!(draft.view(0).pick_counts, vec![1, 0]);
    let other = draft.view(1).pack.clone();
    let c = draft.options()[0];
    let events = draft.apply(c).unwrap();
    assert!(events.contains(&DraftEvent::Passed { left: true }));
    // Each now holds the other's four.
    assert_eq!(draft.view(0).pack.len(), 4);
    assert!(draft.view(0).pack.iter().all(|c| other.contains(c)));
    let mut aside = 0;
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    while let Some(_d) = draft.decision() {
        let o = draft.options().to_vec();
        for e in draft.apply(o[rng.gen_range(0..o.len())]).unwrap() {
            if let DraftEvent::SetAside { count } = e {
                aside += count;
            }
        }
    }
    assert_eq!(aside, 40, "2 a drafter a round");
    let pool = epic_cards::shared_pool();
    for (seat, deck) in draft.decks().unwrap().iter().enumerate() {
        assert_eq!(deck.len(), 30);
        assert_eq!(DraftFormat::Dark.format().check(deck, &pool), vec![]);
        assert_eq!(&draft.view(seat).picks, deck, "seen once the draft is over");
    }
}

/// A drafter sees their own pack and picks, never another's pack; another's pick is "a
/// card" unless it was revealed to all.
#[test]
fn packs_and_picks_are_hidden_from_the_others() {
    let mut draft = new_draft(DraftFormat::Pack, 3, 2);
    let packs: Vec<Vec<CardId>> = (0..3).map(|s| draft.view(s).pack).collect();
    for a in 0..3 {
        for b in 0..3 {
            if a != b {
                assert_ne!(packs[a], packs[b]);
            }
        }
    }
    let c = draft.options()[0];
    let events = draft.apply(c).unwrap();
    let seen = events[0].seen_by(1, draft.picks_are_public());
    assert_eq!(
        seen,
        DraftEvent::Picked {
            drafter: 0,
            card: None
        }
    );
    assert_eq!(events[0].seen_by(0, false), events[0]);
    assert!(draft.view(1).picks.is_empty());
    assert_eq!(draft.view(1).pick_counts, vec![1, 0, 0]);
}

/// Anything not offered is refused and changes nothing; the same seed and the same
/// choices give the same decks.
#[test]
fn refused_choices_change_nothing_and_drafts_replay() {
    let mut draft = new_draft(DraftFormat::Pack, 3, 8);
    let mine = draft.view(0).pack.clone();
    let theirs = draft.view(1).pack.clone();
    let not_mine = *theirs.iter().find(|c| !mine.contains(c)).unwrap();
    let before = draft.view(0);
    assert_eq!(
        draft.apply(DraftChoice::Pick(not_mine)),
        Err(DraftError::NotAnOption)
    );
    assert_eq!(draft.apply(DraftChoice::Done), Err(DraftError::NotAnOption));
    assert_eq!(
        draft.apply_option(99),
        Err(DraftError::NoSuchOption {
            index: 99,
            count: draft.options().len()
        })
    );
    assert_eq!(draft.view(0), before);
    let mut again = draft.clone();
    finish(&mut draft, 5);
    finish(&mut again, 5);
    assert_eq!(draft.decks(), again.decks());
    assert_eq!(draft.apply(DraftChoice::Done), Err(DraftError::Over));
}

#[test]
fn drafts_refuse_tables_and_collections_they_cannot_deal() {
    let pool = epic_cards::shared_pool();
    let cards = collection(DraftFormat::Pack, &pool, 2);
    let err = Draft::new(pool.clone(), DraftFormat::Pack, 2, &cards, 0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "pack-draft is drafted by 3 to 8 players, not 2"
    );
    let err = Draft::new(pool.clone(), DraftFormat::Cube, 4, &cards, 0).unwrap_err();
    assert!(err.to_string().contains("8 players"), "{err}");
    let err = Draft::new(pool.clone(), DraftFormat::Open, 2, &cards[..50], 0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "open-draft needs 60 cards to deal; the collection has 50"
    );
    let err = Draft::new(pool, DraftFormat::Cube, 8, &cards, 0).unwrap_err();
    assert!(err.to_string().contains("needs 288 cards"), "{err}");
}

/// FMT-01 with a larger pool: each player is dealt the pool and builds exactly 30 from
/// it; finishing is offered only at 30. Dealt 30, there is nothing to build.
#[test]
fn sealed_from_a_larger_pool_builds_exactly_30() {
    let pool = epic_cards::shared_pool();
    let set = collection(DraftFormat::Sealed, &pool, 4);
    let mut draft = Draft::sealed(pool.clone(), 4, 45, &set, 3).unwrap();
    assert_eq!(draft.view(0).deck.len(), 45);
    assert!(!draft.options().contains(&DraftChoice::Done));
    let who = finish(&mut draft, 1);
    // 15 cuts and a "done" each.
    assert_eq!(who.len(), 4 * 16);
    // Four pools of 45 are dealt from two copies of the set: a deck may hold two of a
    // card, as at a table of five to eight.
    for deck in draft.decks().unwrap() {
        assert_eq!(deck.len(), 30);
        assert_eq!(
            DraftFormat::Sealed.format().check_at(&deck, &pool, 8),
            vec![]
        );
    }
    let dealt = Draft::sealed(pool.clone(), 2, 30, &set, 3).unwrap();
    assert!(dealt.is_over());
    assert_eq!(dealt.decks().unwrap()[1].len(), 30);
    assert_eq!(
        Draft::sealed(pool, 2, 61, &set, 3).unwrap_err().to_string(),
        "a Sealed pool is 30 to 60 cards, not 61"
    );
}
