//! The classic formats (rules-2009-classic.md §15): packs, Sealed Pack N, Pack War,
//! Draft N, Designed Deck, the lists of restricted, banned and gift cards, sideboarding.
//!
//! A `// rule <ID>` line above a test pins that spec item; `epic-scenario`'s
//! `ruleset_coverage` test counts these as cited.

use epic_classic::format::{
    check_sideboard, open_packs, ClassicDraft, Decklist, Format, FormatError, FormatKind, Lists,
    Match, SeriesError, Violation, LISTS_FILE, MAX_PACKS, PACK_SIZE,
};
use epic_classic::{classic_pool, parse_classic_cards, ClassicGame, ClassicPool, CLASSIC_FILES};
use epic_model::CardId;
use std::collections::BTreeSet;

/// The 38 gift cards the rulebook prints (T-15.8).
const GIFTS: [&str; 38] = [
    "At Any Price",
    "Battle Standard",
    "Bolt from the Blue",
    "Brush Aside",
    "Evil Dead",
    "Ferocious",
    "Flash Fire",
    "Forget the Past",
    "Full Moon",
    "Hand of Navec",
    "Hired Muscle",
    "I Own the Night",
    "Mask of the Many",
    "Naturalist",
    "Nature's Renewal",
    "Night Rise",
    "One-Eyed Sidekick",
    "Priestess",
    "Recruitment",
    "Rescue",
    "Ring of Will",
    "Rushing In",
    "Seaside Cave",
    "Second Wind",
    "Seize the Day",
    "Shelter",
    "Snowblind",
    "Stolen Memory",
    "Swarm",
    "Thought Stealer",
    "Thrust",
    "Timewalker",
    "Tranquil Retreat",
    "Walk it Off",
    "Werewolf",
    "Word of Summoning",
    "You Lack Faith",
    "You Were Saying?",
];

/// Cards of a player's own file named as gift cards (the rulebook gives only the names,
/// so these texts are the test's own), some free, some not; one named in other case.
const USER_GIFTS: &str = "\
set Test Gifts

card Swarm
  champion, evil, natural, free, fast, 1/1

card Thrust
  event, wild, natural, free, fast
  target champion gets +2 offense this turn

card Flash Fire
  event, wild, magical, free, fast
  deal 1 damage to target champion

card Second Wind
  event, good, natural, free, fast
  gain 2 mojo

card Rescue
  event, good, natural, action, fast
  gain 3 mojo

card Werewolf
  champion, wild, natural, action, paced, 4/3

card Priestess
  champion, good, magical, action, paced, 2/4

card SHELTER
  event, good, magical, action, fast
  gain 1 mojo
";

fn sealed(n: usize) -> Format {
    Format::sealed(n).expect("a legal number of packs")
}

fn draft(n: usize) -> Format {
    Format::draft(n).expect("a legal number of packs")
}

fn id(pool: &ClassicPool, name: &str) -> CardId {
    pool.id(name)
        .unwrap_or_else(|| panic!("no card named {name}"))
}

fn copies(pool: &ClassicPool, name: &str, n: usize) -> Vec<CardId> {
    vec![id(pool, name); n]
}

/// The classic starter set and the gift-named cards of [`USER_GIFTS`].
fn pool_with_gifts() -> ClassicPool {
    let mut pool = ClassicPool::default();
    for (name, text) in CLASSIC_FILES {
        parse_classic_cards(name, text, &mut pool).expect("the starter set reads");
    }
    parse_classic_cards("gifts.epic", USER_GIFTS, &mut pool).expect("the gift cards read");
    pool
}

/// A legal designed deck of 60: three copies each of twenty starter cards that are
/// neither free nor gift cards.
fn designed_base(pool: &ClassicPool) -> Vec<CardId> {
    let plain: Vec<CardId> = pool
        .ids()
        .filter(|c| {
            let card = pool.get(*c);
            !card.free && !card.token && !Lists::printed().is_gift(&card.name)
        })
        .take(20)
        .collect();
    assert_eq!(plain.len(), 20, "the starter set has 20 action cards");
    plain.iter().flat_map(|c| [*c; 3]).collect()
}

fn check(format: Format, pool: &ClassicPool, opened: &[CardId], list: &Decklist) -> Vec<Violation> {
    format.check(pool, Lists::printed(), opened, list)
}

fn sorted(cards: &[CardId]) -> Vec<CardId> {
    let mut v = cards.to_vec();
    v.sort();
    v
}

// --- Packs and names ------------------------------------------------------------------

#[test]
fn packs_are_fifteen_pool_cards_the_same_for_a_seed() {
    let pool = classic_pool();
    let packs = open_packs(&pool, 20, 7);
    assert_eq!(packs.len(), 20);
    for pack in &packs {
        assert_eq!(pack.len(), PACK_SIZE);
        assert!(pack.iter().all(|c| (c.0 as usize) < pool.len()));
    }
    assert_eq!(
        packs,
        open_packs(&pool, 20, 7),
        "the same seed, the same packs"
    );
    assert_ne!(packs, open_packs(&pool, 20, 8), "another seed, other packs");
    // Cards are drawn from the whole pool, so packs repeat cards.
    assert!(packs
        .iter()
        .any(|p| p.iter().collect::<BTreeSet<_>>().len() < PACK_SIZE));
    // More than one pack's worth of distinct cards shows up across packs.
    let seen: BTreeSet<CardId> = packs.iter().flatten().copied().collect();
    assert!(seen.len() > PACK_SIZE, "{} distinct cards", seen.len());
    assert!(open_packs(&ClassicPool::default(), 2, 1)
        .iter()
        .all(Vec::is_empty));
}

#[test]
fn tokens_are_never_in_packs_or_decks() {
    let mut pool = ClassicPool::default();
    let text = "\
card Pup
  champion, wild, natural, token, 1/1

card Hound
  champion, wild, natural, action, paced, 2/2
";
    parse_classic_cards("t.epic", text, &mut pool).expect("a token and a card");
    let (pup, hound) = (id(&pool, "Pup"), id(&pool, "Hound"));
    let packs = open_packs(&pool, 10, 3);
    assert!(
        packs.iter().flatten().all(|c| *c == hound),
        "only Hound in packs"
    );
    assert_eq!(packs.concat().len(), 150);
    let mut deck = vec![hound; 29];
    deck.push(pup);
    let opened = deck.clone();
    for f in [sealed(2), Format::DESIGNED] {
        let v = f.check(
            &pool,
            Lists::printed(),
            &opened,
            &Decklist::new(deck.clone()),
        );
        assert!(
            v.contains(&Violation::Token { card: "Pup".into() }),
            "{f}: {v:?}"
        );
        assert!(v.iter().any(|x| x.to_string().contains("T-12.6")));
    }
}

#[test]
fn format_names_read_and_write_back() {
    for name in [
        "sealed-2",
        "sealed-12",
        "pack-war",
        "draft-2",
        "draft-3",
        "designed",
    ] {
        let f = Format::parse(name).expect(name);
        assert_eq!(f.name(), name);
        assert_eq!(f.to_string().parse::<Format>(), Ok(f));
    }
    assert_eq!(Format::parse(" Sealed-3 ").map(|f| f.packs()), Ok(3));
    assert_eq!(Format::parse("sealed-1"), Ok(Format::PACK_WAR));
    assert_eq!(Format::sealed(1), Ok(Format::PACK_WAR));
    assert_eq!(Format::PACK_WAR.packs(), 1);
    assert_eq!(Format::DESIGNED.packs(), 0);
    assert_eq!(draft(3).kind(), FormatKind::Draft);
    assert_eq!(sealed(2).title(), "Sealed Pack 2");
    assert_eq!(draft(3).title(), "Draft 3");
    assert_eq!(Format::PACK_WAR.title(), "Pack War");
    assert!(!Format::PACK_WAR.allows_sideboard() && sealed(2).allows_sideboard());
}

#[test]
fn bad_format_names_get_clear_errors() {
    let err = |s: &str| Format::parse(s).expect_err(s);
    assert!(matches!(
        err("sealed-0"),
        FormatError::PackCount {
            min: 1,
            max: MAX_PACKS,
            ..
        }
    ));
    assert!(err("sealed-0").to_string().contains("1 to 12 packs"));
    assert!(matches!(err("sealed-13"), FormatError::PackCount { .. }));
    let huge = err("draft-999999");
    assert!(matches!(
        huge,
        FormatError::PackCount {
            format: "draft",
            ..
        }
    ));
    assert!(huge.to_string().contains("not 999999"), "{huge}");
    assert!(matches!(
        err("draft-99999999999999999999999999"),
        FormatError::PackCount { .. }
    ));
    // One 15-card pack cannot make a 30-card deck.
    assert!(matches!(
        err("draft-1"),
        FormatError::PackCount { min: 2, .. }
    ));
    assert_eq!(Format::draft(1), Err(err("draft-1")));
    assert!(matches!(
        err("sealed"),
        FormatError::MissingPackCount { format: "sealed" }
    ));
    assert!(matches!(
        err("draft"),
        FormatError::MissingPackCount { format: "draft" }
    ));
    for bad in ["sealed-x", "sealed-", "sealed-+2", "draft--3", "draft-2.5"] {
        assert!(
            matches!(err(bad), FormatError::BadPackCount { .. }),
            "{bad}"
        );
    }
    for unknown in ["", "cube", "designed-2", "pack-war-2", "sealedpack-2"] {
        let e = err(unknown);
        assert!(
            matches!(e, FormatError::UnknownFormat { .. }),
            "{unknown}: {e:?}"
        );
        assert!(e.to_string().contains("pack-war"), "{e}");
    }
}

/// A card of the pool, not a token, that is not among `cards`.
fn absent_from(pool: &ClassicPool, cards: &[CardId]) -> CardId {
    pool.ids()
        .find(|c| !cards.contains(c) && !pool.get(*c).token)
        .expect("a card not among them")
}

// --- Deck sizes ---------------------------------------------------------------------

// rule T-2.1
#[test]
fn deck_sizes_are_30_for_sealed_and_draft_60_for_designed_15_for_pack_war() {
    let pool = classic_pool();
    let opened = sealed(4).open_pools(&pool, 2, 3).expect("pools")[0].clone();
    assert_eq!(opened.len(), 60);
    for f in [sealed(4), draft(4)] {
        let short = check(f, &pool, &opened, &Decklist::new(opened[..29].to_vec()));
        assert!(
            matches!(
                short[..],
                [Violation::TooFewCards {
                    have: 29,
                    need: 30,
                    ..
                }]
            ),
            "{f}: {short:?}"
        );
        assert!(short[0].to_string().contains("T-2.1"));
        assert!(check(f, &pool, &opened, &Decklist::new(opened[..30].to_vec())).is_empty());
        // No maximum deck size.
        assert!(check(f, &pool, &opened, &Decklist::new(opened.clone())).is_empty());
    }
    let base = designed_base(&pool);
    let short = check(
        Format::DESIGNED,
        &pool,
        &[],
        &Decklist::new(base[..59].to_vec()),
    );
    assert!(matches!(
        short[..],
        [Violation::TooFewCards {
            have: 59,
            need: 60,
            ..
        }]
    ));
    assert!(check(Format::DESIGNED, &pool, &[], &Decklist::new(base)).is_empty());
    // Pack War: the 15 cards of one pack, below the 30 of the other limited formats.
    let pack = Format::PACK_WAR.open_pools(&pool, 2, 3).expect("packs")[0].clone();
    assert_eq!(pack.len(), 15);
    assert_eq!(Format::PACK_WAR.min_deck(), 15);
    assert!(check(Format::PACK_WAR, &pool, &pack, &Decklist::new(pack.clone())).is_empty());
}

// --- Sideboards ---------------------------------------------------------------------

// rule T-15.1
#[test]
fn a_sideboard_is_fifteen_cards_or_none() {
    let pool = classic_pool();
    let opened = sealed(4).open_pools(&pool, 2, 11).expect("pools")[0].clone();
    let list = |side: usize| {
        Decklist::with_sideboard(opened[..30].to_vec(), opened[30..30 + side].to_vec())
    };
    assert!(check(sealed(4), &pool, &opened, &list(0)).is_empty());
    assert!(check(sealed(4), &pool, &opened, &list(15)).is_empty());
    for side in [1, 7, 14, 16] {
        let v = check(sealed(4), &pool, &opened, &list(side));
        assert_eq!(v, vec![Violation::SideboardSize { have: side }]);
        assert!(v[0].to_string().contains("T-15.1"));
    }
    let designed = Decklist::with_sideboard(designed_base(&pool), vec![id(&pool, "Denial")]);
    assert_eq!(
        check(Format::DESIGNED, &pool, &[], &designed),
        vec![Violation::SideboardSize { have: 1 }]
    );
    assert_eq!(
        check_sideboard(&list(7)),
        Err(FormatError::SideboardSize { have: 7 })
    );
    assert_eq!(check_sideboard(&list(15)), Ok(()));
}

// rule T-15.1
#[test]
fn sideboarding_swaps_one_for_one_and_the_match_ends_as_it_began() {
    use epic_game::series::{MatchDeck, Sideboarded, SwapError};
    let names = |cards: &[(&str, usize)]| -> Vec<String> {
        (cards.iter())
            .flat_map(|&(name, n)| std::iter::repeat_n(name.to_string(), n))
            .collect()
    };
    let count = |cards: &[String], name: &str| cards.iter().filter(|c| *c == name).count();
    let original = Sideboarded {
        deck: names(&[("Ember Bolt", 10), ("Denial", 10), ("Sky Knight", 10)]),
        sideboard: names(&[("Shade", 15)]),
    };
    let mut m = MatchDeck::new(original.clone());
    m.swap("Ember Bolt", "Shade")
        .expect("Ember Bolt out, Shade in");
    m.swap("Ember Bolt", "Shade").expect("again");
    let now = m.current().unwrap();
    assert_eq!((now.deck.len(), now.sideboard.len()), (30, 15));
    assert_eq!(count(&now.deck, "Shade"), 2);
    assert_eq!(count(&now.sideboard, "Ember Bolt"), 2);
    // Swapping back what came in is a swap like any other.
    m.swap("Shade", "Ember Bolt").expect("Shade back out");
    assert_eq!(count(&m.current().unwrap().sideboard, "Ember Bolt"), 1);
    // Cards that are not where the swap needs them are refused, changing nothing.
    let before = m.clone();
    assert_eq!(
        m.swap("Watchtower", "Shade"),
        Err(SwapError::NotInDeck {
            card: "Watchtower".into()
        })
    );
    assert_eq!(
        m.swap("Denial", "Sky Knight"),
        Err(SwapError::NotInSideboard {
            card: "Sky Knight".into()
        })
    );
    assert_eq!(m, before);
    // The record of a match (the original and its swaps) gives the same decks again,
    // and a swap of a card that was not there is found.
    let text = serde_json::to_string(&m).unwrap();
    let read: MatchDeck = serde_json::from_str(&text).unwrap();
    assert_eq!(read.current(), m.current());
    let mut bad = read.clone();
    bad.swaps.push(["Watchtower".into(), "Shade".into()]);
    assert!(bad.current().is_err());
    // After the match, the original configuration.
    m.restore();
    assert_eq!(m.current().unwrap(), original);
    // Without a sideboard there is nothing to swap in.
    let mut bare = MatchDeck::new(Sideboarded {
        deck: names(&[("Ember Bolt", 30)]),
        sideboard: Vec::new(),
    });
    assert!(matches!(
        bare.swap("Ember Bolt", "Ember Bolt"),
        Err(SwapError::NotInSideboard { .. })
    ));
}

// --- Sealed and Pack War ------------------------------------------------------------

// rule T-15.2
#[test]
fn sealed_decks_use_only_the_opened_cards_with_no_copy_limit() {
    let pool = classic_pool();
    let pools = sealed(2).open_pools(&pool, 3, 5).expect("pools");
    assert_eq!(pools.len(), 3);
    assert!(pools.iter().all(|p| p.len() == 30));
    assert_ne!(pools[0], pools[1], "each player opens their own packs");
    assert_eq!(pools, sealed(2).open_pools(&pool, 3, 5).expect("again"));
    // "open two packs of Epic and shuffle them together. You now have a 30 card deck".
    let deck = sealed(2).auto_deck(&pool, &pools[0]).expect("a deck");
    assert_eq!(sorted(&deck.deck), sorted(&pools[0]));
    assert!(check(sealed(2), &pool, &pools[0], &deck).is_empty());
    // A card not opened may not be used, nor more copies than were opened.
    let opened = &pools[0];
    let absent = absent_from(&pool, opened);
    let mut deck = opened.clone();
    deck[0] = absent;
    let v = check(sealed(2), &pool, opened, &Decklist::new(deck));
    assert_eq!(v.len(), 1, "{v:?}");
    assert!(
        matches!(&v[0], Violation::NotOpened { uses: 1, opened: 0, drafted: false, card } if *card == pool.get(absent).name)
    );
    assert!(v[0].to_string().contains("T-15.2"));
    // Cards set aside stay aside: a sideboard card beyond what was opened counts too.
    let twice = Decklist::with_sideboard(opened.clone(), opened[..15].to_vec());
    let v = check(sealed(2), &pool, opened, &twice);
    assert!(
        !v.is_empty() && v.iter().all(|v| matches!(v, Violation::NotOpened { .. })),
        "{v:?}"
    );
    // No restriction to the number of copies: five opened, five played.
    let mut five = copies(&pool, "Ember Bolt", 5);
    five.extend(copies(&pool, "Shade", 25));
    assert!(check(sealed(2), &pool, &five, &Decklist::new(five.clone())).is_empty());
    assert!(check(Format::DESIGNED, &pool, &[], &Decklist::new(five))
        .iter()
        .any(|v| matches!(v, Violation::TooManyCopies { .. })));
    // Table sizes are checked, and drafts are not opened as sealed pools are.
    assert_eq!(
        sealed(2).open_pools(&pool, 1, 0),
        Err(FormatError::Players { have: 1 })
    );
    assert_eq!(
        sealed(2).open_pools(&pool, 9, 0),
        Err(FormatError::Players { have: 9 })
    );
    assert!(matches!(
        draft(2).open_pools(&pool, 2, 0),
        Err(FormatError::NotFromPacks { .. })
    ));
    assert!(matches!(
        Format::DESIGNED.open_pools(&pool, 2, 0),
        Err(FormatError::NotFromPacks { .. })
    ));
}

/// Ruling A-09: a Pack War deck is its pack, exactly; no building, no sideboard.
#[test]
fn a_pack_war_deck_is_exactly_its_pack() {
    let pool = classic_pool();
    let pack = Format::PACK_WAR.open_pools(&pool, 2, 9).expect("packs")[0].clone();
    let mut shuffled = pack.clone();
    shuffled.reverse();
    assert!(check(Format::PACK_WAR, &pool, &pack, &Decklist::new(shuffled)).is_empty());
    assert_eq!(
        Format::PACK_WAR.auto_deck(&pool, &pack),
        Ok(Decklist::new(pack.clone()))
    );
    let short = check(
        Format::PACK_WAR,
        &pool,
        &pack,
        &Decklist::new(pack[1..].to_vec()),
    );
    let name = pool.get(pack[0]).name.clone();
    assert!(
        matches!(&short[..], [Violation::NotThePack { missing, extra }] if missing[..] == [(name.clone(), 1)] && extra.is_empty()),
        "{short:?}"
    );
    let other = absent_from(&pool, &pack);
    let mut swapped = pack.clone();
    swapped[0] = other;
    let v = check(Format::PACK_WAR, &pool, &pack, &Decklist::new(swapped));
    assert!(
        matches!(&v[..], [Violation::NotThePack { missing, extra }] if missing.len() == 1 && extra[..] == [(pool.get(other).name.clone(), 1)])
    );
    assert!(v[0].to_string().contains("A-09"), "{}", v[0]);
    let mut longer = pack.clone();
    longer.extend(pack.iter().take(15));
    let v = check(Format::PACK_WAR, &pool, &pack, &Decklist::new(longer));
    assert!(
        matches!(&v[..], [Violation::NotThePack { missing, extra }] if missing.is_empty() && !extra.is_empty()),
        "{v:?}"
    );
    let sided = Decklist::with_sideboard(pack[..10].to_vec(), pack[10..].to_vec());
    let v = check(Format::PACK_WAR, &pool, &pack, &sided);
    assert!(
        v.contains(&Violation::PackWarSideboard { have: 5 }),
        "{v:?}"
    );
}

// --- Draft --------------------------------------------------------------------------

/// Disjoint packs: seat `s`'s pack `r` holds ids 1000 + (3s + r)·15 … + 14.
fn marked_packs(players: usize, rounds: usize) -> Vec<Vec<Vec<CardId>>> {
    (0..players)
        .map(|s| {
            (0..rounds)
                .map(|r| {
                    (0..PACK_SIZE)
                        .map(|k| CardId((1000 + (s * rounds + r) * PACK_SIZE + k) as u16))
                        .collect()
                })
                .collect()
        })
        .collect()
}

// rule T-15.4
// rule X-19
#[test]
// Seats and rounds are numbers here: where a pack goes is arithmetic on them.
#[allow(clippy::needless_range_loop)]
fn draft_packs_shrink_by_one_and_pass_left_right_left() {
    let players = 4;
    let packs = marked_packs(players, 3);
    let mut d = ClassicDraft::from_packs(packs.clone(), 42).expect("a draft");
    assert_eq!((d.players(), d.packs_per_player()), (4, 3));
    for round in 0..3 {
        let left = round % 2 == 0;
        assert_eq!(d.passes_left(), left);
        for s in 0..players {
            let v = d.view(s).expect("a seat");
            assert_eq!(
                sorted(&v.pack),
                packs[s][round],
                "seat {s} opens its own pack {round}"
            );
            assert_eq!((v.round, v.passes_left), (round + 1, left));
        }
        for size in (1..=PACK_SIZE).rev() {
            let before: Vec<Vec<CardId>> = (0..players).map(|s| d.options(s).to_vec()).collect();
            assert_eq!(d.waiting(), vec![0, 1, 2, 3]);
            let mut rest = Vec::new();
            for s in 0..players {
                assert_eq!(before[s].len(), size, "round {round}: 15, 14, …, 1");
                let index = (s + size) % size;
                let card = d.pick(s, index).expect("a legal pick");
                assert_eq!(card, before[s][index]);
                let mut r = before[s].clone();
                r.remove(index);
                rest.push(sorted(&r));
            }
            if size > 1 {
                for s in 0..players {
                    // Left: to seat s + 1; right: to seat s - 1.
                    let to = if left {
                        (s + 1) % players
                    } else {
                        (s + players - 1) % players
                    };
                    assert_eq!(
                        sorted(&d.view(to).expect("a seat").pack),
                        rest[s],
                        "round {round}, {} left after the pick: seat {s}'s pack goes to seat {to}",
                        size - 1
                    );
                }
            }
        }
    }
    assert!(d.is_over());
    assert_eq!(d.next_picker(), None);
    let pools = d.pools().expect("the draft is over");
    assert!(pools.iter().all(|p| p.len() == 45));
    let all: BTreeSet<CardId> = pools.iter().flatten().copied().collect();
    let dealt: BTreeSet<CardId> = packs.iter().flatten().flatten().copied().collect();
    assert_eq!(all, dealt, "every card drafted once");
    // Seat 1's second pick of pack 1 came from seat 0's pack (left), its second pick of
    // pack 2 from seat 2's (right).
    let from = |c: CardId| (c.0 as usize - 1000) / PACK_SIZE;
    assert_eq!(from(pools[1][1]), 0);
    assert_eq!(from(pools[1][16]), 2 * 3 + 1);
    assert_eq!(from(pools[1][31]), 2);
    assert_eq!(d.pick(0, 0), Err(FormatError::DraftOver));
}

// rule T-15.4
#[test]
fn drafted_cards_are_built_into_decks_by_the_sealed_rules() {
    let pool = classic_pool();
    // Every seat always takes the last card offered.
    let drafted = || {
        let mut d = ClassicDraft::new(3, 2, 17).expect("a draft");
        while let Some(s) = d.next_picker() {
            let last = d.options(s).len() - 1;
            d.pick(s, last).expect("a legal pick");
        }
        d
    };
    let pools = drafted().pools().expect("over");
    assert_eq!(
        drafted().pools(),
        Some(pools.clone()),
        "same seed, same picks, same pools"
    );
    for drafted in &pools {
        assert_eq!(drafted.len(), 30);
        let deck = draft(2).auto_deck(&pool, drafted).expect("a deck");
        assert!(check(draft(2), &pool, drafted, &deck).is_empty());
        let absent = absent_from(&pool, drafted);
        let mut bad = drafted.clone();
        bad[0] = absent;
        let v = check(draft(2), &pool, drafted, &Decklist::new(bad));
        assert!(
            matches!(&v[..], [Violation::NotOpened { drafted: true, .. }]),
            "{v:?}"
        );
        assert!(v[0].to_string().contains("drafted") && v[0].to_string().contains("T-15.4"));
        assert!(matches!(
            &check(
                draft(2),
                &pool,
                drafted,
                &Decklist::new(drafted[..29].to_vec())
            )[..],
            [Violation::TooFewCards { need: 30, .. }]
        ));
    }
}

#[test]
fn illegal_picks_change_nothing() {
    let mut d = ClassicDraft::new(3, 2, 5).expect("a draft");
    let before = d.clone();
    assert_eq!(
        d.pick(3, 0),
        Err(FormatError::NoSuchSeat {
            seat: 3,
            players: 3
        })
    );
    assert_eq!(
        d.pick(0, 15),
        Err(FormatError::NoSuchCard {
            index: 15,
            count: 15
        })
    );
    assert_eq!(d, before);
    d.pick(0, 0).expect("a pick");
    let after = d.clone();
    assert_eq!(d.pick(0, 0), Err(FormatError::AlreadyPicked { seat: 0 }));
    assert!(d.options(0).is_empty());
    assert_eq!(d.waiting(), vec![1, 2]);
    assert_eq!(d, after);
    assert!(d.view(3).is_err());
    assert!(d.options(7).is_empty());
    assert_eq!(
        ClassicDraft::new(1, 3, 0),
        Err(FormatError::Players { have: 1 })
    );
    assert_eq!(
        ClassicDraft::new(9, 3, 0),
        Err(FormatError::Players { have: 9 })
    );
    assert!(matches!(
        ClassicDraft::new(2, 0, 0),
        Err(FormatError::PackCount { .. })
    ));
    assert!(matches!(
        ClassicDraft::new(2, 13, 0),
        Err(FormatError::PackCount { .. })
    ));
    let mut uneven = marked_packs(2, 2);
    uneven[1][1].pop();
    assert!(matches!(
        ClassicDraft::from_packs(uneven, 0),
        Err(FormatError::DraftPacks { .. })
    ));
    let mut missing = marked_packs(2, 2);
    missing[0].pop();
    assert!(matches!(
        ClassicDraft::from_packs(missing, 0),
        Err(FormatError::DraftPacks { .. })
    ));
}

#[test]
fn a_drafter_sees_only_their_own_pack_and_picks() {
    let packs = marked_packs(3, 2);
    let mut d = ClassicDraft::from_packs(packs.clone(), 1).expect("a draft");
    let others: BTreeSet<CardId> = packs[1]
        .iter()
        .chain(&packs[2])
        .flatten()
        .copied()
        .collect();
    let mine = d.view(0).expect("seat 0");
    assert!(mine.pack.iter().all(|c| !others.contains(c)));
    assert!(mine.must_pick && mine.picks.is_empty());
    d.pick(1, 3).expect("seat 1 picks");
    let after = d.view(0).expect("seat 0");
    assert_eq!(
        (after.pack.clone(), after.picks.clone()),
        (mine.pack.clone(), mine.picks.clone())
    );
    assert_eq!(after.pick_counts, vec![0, 1, 0], "only how many, not what");
    let v1 = d.view(1).expect("seat 1");
    assert!(!v1.must_pick);
    assert_eq!(v1.picks, vec![packs[1][0][3]]);
    // After the pass, seat 0 holds seat 2's pack (to its right, passing left): its own
    // picks stay its own, and the pack in front of it is now the only other cards it sees.
    d.pick(0, 0).expect("seat 0 picks");
    d.pick(2, 0).expect("seat 2 picks");
    let v0 = d.view(0).expect("seat 0");
    assert_eq!(v0.picks, vec![packs[0][0][0]]);
    assert!(v0.pack.iter().all(|c| packs[2][0].contains(c)));
}

// --- Designed Deck and the lists ----------------------------------------------------

/// A sideboard of 15 for a deck of [`designed_base`]: `first`, then 14 free cards that
/// are neither gift cards nor `first`, three of each.
fn free_side(pool: &ClassicPool, first: CardId) -> Vec<CardId> {
    let mut side = vec![first];
    side.extend(
        pool.ids()
            .filter(|c| {
                let card = pool.get(*c);
                *c != first && card.free && !card.token && !Lists::printed().is_gift(&card.name)
            })
            .flat_map(|c| [c; 3])
            .take(14),
    );
    assert_eq!(side.len(), 15);
    side
}

// rule T-15.5
#[test]
fn designed_decks_have_60_cards_3_copies_and_18_free_cards() {
    let pool = classic_pool();
    let base = designed_base(&pool);
    assert!(check(Format::DESIGNED, &pool, &[], &Decklist::new(base.clone())).is_empty());
    // Copies count between deck and sideboard: three in the deck, one more beside it.
    let third = base[0];
    let side = free_side(&pool, third);
    let v = check(
        Format::DESIGNED,
        &pool,
        &[],
        &Decklist::with_sideboard(base.clone(), side),
    );
    assert_eq!(
        v,
        vec![Violation::TooManyCopies {
            card: pool.get(third).name.clone(),
            copies: 4
        }]
    );
    assert!(v[0].to_string().contains("T-15.5"));
    // Free cards: at most 18 between deck and sideboard.
    let free: Vec<CardId> = pool
        .ids()
        .filter(|c| pool.get(*c).free && !pool.get(*c).token)
        .collect();
    assert!(free.len() >= 7);
    let mut deck = base.clone();
    deck.extend(free[..6].iter().flat_map(|c| [*c; 3]));
    assert!(check(Format::DESIGNED, &pool, &[], &Decklist::new(deck.clone())).is_empty());
    deck.push(free[6]);
    assert_eq!(
        check(Format::DESIGNED, &pool, &[], &Decklist::new(deck)),
        vec![Violation::TooManyFree { count: 19 }]
    );
    // The sideboard's free cards count too: 6 in the deck, 15 beside it.
    let mut deck = base.clone();
    deck.extend(free[..2].iter().flat_map(|c| [*c; 3]));
    let side = free_side(&pool, base[0]);
    let side: Vec<CardId> = side[1..].iter().copied().chain([free[6]]).collect();
    let v = check(
        Format::DESIGNED,
        &pool,
        &[],
        &Decklist::with_sideboard(deck, side),
    );
    assert!(v.contains(&Violation::TooManyFree { count: 21 }), "{v:?}");
    // Unknown card ids are reported, not a panic.
    let v = check(
        Format::DESIGNED,
        &pool,
        &[],
        &Decklist::new(vec![CardId(60000); 60]),
    );
    assert_eq!(v, vec![Violation::UnknownCard { id: 60000 }]);
}

// rule T-15.6
#[test]
fn a_restricted_card_is_allowed_once() {
    let pool = classic_pool();
    assert_eq!(
        Lists::printed().restricted().count(),
        0,
        "no restricted cards as printed"
    );
    let lists = Lists::parse("custom.txt", "[restricted]\nember bolt\n").expect("a list");
    let base = designed_base(&pool);
    let bolt = id(&pool, "Ember Bolt");
    let mut deck = base.clone();
    deck.push(bolt);
    assert!(Format::DESIGNED
        .check(&pool, &lists, &[], &Decklist::new(deck.clone()))
        .is_empty());
    // The second copy in the sideboard.
    let two = Decklist::with_sideboard(deck.clone(), free_side(&pool, bolt));
    let v = Format::DESIGNED.check(&pool, &lists, &[], &two);
    assert_eq!(
        v,
        vec![Violation::Restricted {
            card: "Ember Bolt".into(),
            copies: 2
        }]
    );
    assert!(v[0].to_string().contains("T-15.6"));
    // As printed, two are fine.
    assert!(Format::DESIGNED
        .check(&pool, Lists::printed(), &[], &two)
        .is_empty());
    // Restriction is a designed-deck rule: sealed has no copy limit.
    let opened = [bolt; 30];
    assert!(sealed(2)
        .check(&pool, &lists, &opened, &Decklist::new(opened.to_vec()))
        .is_empty());
}

// rule T-15.7
#[test]
fn a_banned_card_is_not_allowed_in_deck_or_sideboard() {
    let pool = classic_pool();
    assert_eq!(
        Lists::printed().banned().count(),
        0,
        "no banned cards as printed"
    );
    let base = designed_base(&pool);
    let banned = pool
        .ids()
        .find(|c| !base.contains(c) && !pool.get(*c).free && !pool.get(*c).token)
        .expect("an action card not in the base deck");
    let name = pool.get(banned).name.clone();
    let lists = Lists::parse(
        "custom.txt",
        &format!("# ours\n[banned]\n  {}  \n", name.to_uppercase()),
    )
    .expect("a list");
    assert!(lists.is_banned(&name));
    let list = Decklist::with_sideboard(base.clone(), free_side(&pool, banned));
    assert!(Format::DESIGNED
        .check(&pool, Lists::printed(), &[], &list)
        .is_empty());
    let v = Format::DESIGNED.check(&pool, &lists, &[], &list);
    assert_eq!(
        v,
        vec![Violation::Banned {
            card: name.clone(),
            copies: 1
        }]
    );
    assert!(v[0].to_string().contains("T-15.7"));
    let mut deck = base.clone();
    deck.push(banned);
    assert_eq!(
        Format::DESIGNED.check(&pool, &lists, &[], &Decklist::new(deck)),
        vec![Violation::Banned {
            card: name,
            copies: 1
        }]
    );
}

// rule T-15.8
#[test]
fn gift_cards_are_the_printed_names_at_most_nine() {
    let lists = Lists::printed();
    let names: Vec<&str> = lists.gifts().collect();
    assert_eq!(names.len(), 38);
    let mut want = GIFTS.to_vec();
    want.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names, want);
    assert!(lists.is_gift("you were saying?") && lists.is_gift("ONE-EYED SIDEKICK"));
    assert!(!lists.is_gift("Ember Bolt"));
    // Names only: none is one of our cards.
    let classic = classic_pool();
    assert!(GIFTS.iter().all(|g| classic.id(g).is_none()));
    // A player's own cards of those names are gift cards.
    let pool = pool_with_gifts();
    let base = designed_base(&pool);
    let mut deck = base.clone();
    for g in ["Rescue", "Werewolf", "Priestess"] {
        deck.extend(copies(&pool, g, 3));
    }
    assert!(check(Format::DESIGNED, &pool, &[], &Decklist::new(deck.clone())).is_empty());
    // A tenth, in the sideboard (a card its file names "SHELTER").
    let ten = Decklist::with_sideboard(deck.clone(), free_side(&pool, id(&pool, "shelter")));
    let v = check(Format::DESIGNED, &pool, &[], &ten);
    assert_eq!(v, vec![Violation::TooManyGifts { count: 10 }]);
    assert!(v[0].to_string().contains("T-15.8"));
    // Each gift card still has the 3-copy maximum, or 1 if restricted.
    let mut four = base.clone();
    four.extend(copies(&pool, "Rescue", 4));
    assert_eq!(
        check(Format::DESIGNED, &pool, &[], &Decklist::new(four)),
        vec![Violation::TooManyCopies {
            card: "Rescue".into(),
            copies: 4
        }]
    );
    let restricted = Lists::parse(
        "custom.txt",
        &LISTS_FILE
            .1
            .replacen("[restricted]\n", "[restricted]\nrescue\n", 1),
    )
    .expect("the printed lists and one restriction");
    assert!(restricted.is_gift("Rescue") && restricted.is_restricted("Rescue"));
    assert_eq!(
        Format::DESIGNED.check(&pool, &restricted, &[], &Decklist::new(deck)),
        vec![Violation::Restricted {
            card: "Rescue".into(),
            copies: 3
        }]
    );
}

// rule X-20
#[test]
fn a_free_gift_card_counts_as_free_and_as_gift() {
    let pool = pool_with_gifts();
    let base = designed_base(&pool);
    // 9 free gift cards and 9 free cards that are not gifts: 18 free, 9 gift.
    let mut deck = base.clone();
    for g in ["Swarm", "Thrust", "Flash Fire"] {
        deck.extend(copies(&pool, g, 3));
    }
    for f in ["Hawk Rider", "Ember Bolt", "Quick Study"] {
        deck.extend(copies(&pool, f, 3));
    }
    assert!(check(Format::DESIGNED, &pool, &[], &Decklist::new(deck.clone())).is_empty());
    // One more free card that is not a gift: 19 free although only 10 are not gifts.
    let mut more = deck.clone();
    more.push(id(&pool, "Bat Swarm"));
    assert_eq!(
        check(Format::DESIGNED, &pool, &[], &Decklist::new(more)),
        vec![Violation::TooManyFree { count: 19 }]
    );
    // One more free gift card breaks both limits.
    deck.push(id(&pool, "Second Wind"));
    let v = check(Format::DESIGNED, &pool, &[], &Decklist::new(deck));
    assert_eq!(
        v,
        vec![
            Violation::TooManyFree { count: 19 },
            Violation::TooManyGifts { count: 10 }
        ]
    );
    assert!(v.iter().all(|x| x.to_string().contains("X-20")));
}

#[test]
fn the_lists_file_reads_and_its_mistakes_are_named_by_line() {
    assert_eq!(
        Lists::parse(LISTS_FILE.0, LISTS_FILE.1).as_ref(),
        Ok(Lists::printed())
    );
    let text = "\
Swarm
[gift]
Thrust
thrust
[foo]
Anything
[gift]
[restricted]
Denial
[banned]
denial
[gift
";
    let e = Lists::parse("mine.txt", text).expect_err("mistakes");
    let FormatError::Lists { file, mistakes } = &e else {
        panic!("{e:?}");
    };
    assert_eq!(file, "mine.txt");
    let lines: Vec<usize> = mistakes.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, vec![1, 4, 5, 7, 11, 12], "{e}");
    let text = e.to_string();
    for part in [
        "mine.txt:1: 'Swarm' comes before any section",
        "mine.txt:4: thrust is listed twice in [gift]",
        "mine.txt:5: unknown section [foo]",
        "mine.txt:7: section [gift] appears twice",
        "both restricted and banned",
        "mine.txt:12: '[gift': a section is written [name]",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
    assert_eq!(Lists::parse("empty.txt", ""), Ok(Lists::default()));
}

// --- Bots ---------------------------------------------------------------------------

#[test]
fn bots_build_legal_decks_and_games_start_with_them() {
    use epic_classic::card::Alignment;
    let pool = classic_pool();
    for seed in 0..10 {
        let pools = sealed(4).open_pools(&pool, 2, seed).expect("pools");
        let decks: Vec<Vec<CardId>> = pools
            .iter()
            .map(|opened| {
                let list = sealed(4).auto_deck(&pool, opened).expect("a deck");
                assert!(
                    check(sealed(4), &pool, opened, &list).is_empty(),
                    "seed {seed}"
                );
                assert!(list.deck.len() >= 30 && list.sideboard.is_empty());
                // Every card of the deck's most common alignment and every unaligned card.
                let count = |cards: &[CardId], a: Alignment| {
                    cards
                        .iter()
                        .filter(|c| pool.get(**c).alignment == a)
                        .count()
                };
                let main = [Alignment::Good, Alignment::Evil, Alignment::Wild]
                    .into_iter()
                    .max_by_key(|a| (count(opened, *a), std::cmp::Reverse(*a as u8)))
                    .expect("three alignments");
                assert_eq!(count(&list.deck, main), count(opened, main), "seed {seed}");
                assert_eq!(
                    count(&list.deck, Alignment::Unaligned),
                    count(opened, Alignment::Unaligned)
                );
                list.deck
            })
            .collect();
        assert!(ClassicGame::new(pool.clone(), &decks, seed).is_ok());
        let packs = Format::PACK_WAR.open_pools(&pool, 2, seed).expect("packs");
        let war: Vec<Vec<CardId>> = packs
            .iter()
            .map(|p| Format::PACK_WAR.auto_deck(&pool, p).expect("the pack").deck)
            .collect();
        assert!(ClassicGame::new(pool.clone(), &war, seed).is_ok());
    }
    assert_eq!(
        sealed(2).auto_deck(&pool, &open_packs(&pool, 1, 0)[0]),
        Err(FormatError::TooFewCards { have: 15, need: 30 })
    );
    assert!(matches!(
        Format::DESIGNED.auto_deck(&pool, &[]),
        Err(FormatError::NotFromPacks { .. })
    ));
    assert_eq!(
        sealed(2).auto_deck(&pool, &[CardId(60000)]),
        Err(FormatError::UnknownCard { id: 60000 })
    );
}

#[test]
fn limited_formats_deal_decks_that_play_to_the_end() {
    let pool = classic_pool();
    for (name, min) in [("pack-war", 15), ("sealed-2", 30), ("draft-3", 30)] {
        let format = Format::parse(name).expect("a format");
        let decks = format.deal_decks(&pool, 3, 7).expect("decks");
        assert_eq!(
            decks,
            format.deal_decks(&pool, 3, 7).expect("decks"),
            "{name}"
        );
        assert_ne!(
            decks,
            format.deal_decks(&pool, 3, 8).expect("decks"),
            "{name}"
        );
        assert_eq!(decks.len(), 3);
        for d in &decks {
            assert!(d.len() >= min, "{name}: {} cards", d.len());
            assert!(d.iter().all(|c| !pool.get(*c).token), "{name}");
        }
        let mut game =
            epic_classic::ClassicGame::with_rules(pool.clone(), &decks, 7, format.rules())
                .expect("a game");
        assert_eq!(game.rules().pack_war, name == "pack-war");
        let mut steps = 0;
        while let Some(c) = epic_game::State::options(&game).first().copied() {
            game.apply(c).expect("offered");
            steps += 1;
            assert!(steps < 100_000, "{name}: the game does not end");
        }
        assert!(game.winners().is_some(), "{name}");
    }
    assert!(Format::DESIGNED.deal_decks(&pool, 2, 1).is_err());
}

// --- Matches ------------------------------------------------------------------------

/// Plays a game to its end, each decision an option drawn from `seed`; returns the
/// players put out of the game by the first decision that put anyone out.
fn play_out(game: &mut ClassicGame, seed: u64) -> Vec<u8> {
    use epic_game::State;
    let mut x = seed | 1;
    let mut first_out = Vec::new();
    while !game.options().is_empty() {
        // xorshift: a fixed stream of picks.
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let c = game.options()[(x % game.options().len() as u64) as usize];
        let before: Vec<bool> = (0..game.players() as u8).map(|s| game.is_out(s)).collect();
        State::apply(game, c).expect("an option offered");
        if first_out.is_empty() {
            first_out = (0..game.players() as u8)
                .filter(|&s| game.is_out(s) && !before[s as usize])
                .collect();
        }
    }
    first_out
}

// rule T-2.4
#[test]
fn in_a_match_the_loser_of_the_last_game_chooses_who_goes_first() {
    let decks = vec![
        epic_classic::classic_deck("order").unwrap(),
        epic_classic::classic_deck("chaos").unwrap(),
    ];
    let mut m = Match::new(2, 3, 9).unwrap();
    assert_eq!(m.needed(), 2);
    assert_eq!(
        m.chooser(),
        None,
        "the first game's first player is drawn at random"
    );
    let mut decided = 0;
    for g in 0..20u64 {
        if m.over() {
            break;
        }
        // The chooser, if any, puts the other player first; the game starts with them.
        let first = m.chooser().map(|c| 1 - c);
        let mut game =
            ClassicGame::with_first(classic_pool(), &decks, 100 + g, Default::default(), first)
                .unwrap();
        if let Some(f) = first {
            assert_eq!(game.active(), f);
        }
        play_out(&mut game, 7 + g);
        let before = m.wins().to_vec();
        // Met again from its record, the match goes on as it would have.
        let mut again = Match::resume(
            m.best_of(),
            m.seed(),
            m.wins().to_vec(),
            m.games(),
            m.chooser(),
        )
        .expect("its own record");
        m.record(&game);
        again.record(&game);
        assert_eq!(again, m);
        match game.winners().unwrap() {
            [w] => {
                decided += 1;
                assert_eq!(m.wins()[*w as usize], before[*w as usize] + 1);
                assert_eq!(m.chooser(), Some(1 - *w), "the loser chooses");
                assert_eq!(game.first_to_lose(), vec![1 - *w]);
            }
            _ => assert_eq!(m.wins(), &before[..], "a draw counts for no one"),
        }
    }
    assert!(m.over() && decided >= 2);
    let winner = m.winner().expect("someone won two games");
    assert_eq!(m.wins()[winner as usize], 2);
    assert!(m.games() <= 9);
    // A record no match reaches is refused.
    for (wins, games, chooser) in [
        (vec![1, 1], 1, None),
        (vec![2, 2], 4, None),
        (vec![3, 0], 3, None),
        (vec![0, 0], 10, None),
        (vec![0, 1], 1, Some(2)),
    ] {
        let e = Match::resume(3, 9, wins.clone(), games, chooser).unwrap_err();
        assert!(matches!(e, SeriesError::Record { .. }), "{wins:?}: {e}");
    }
    assert!(Match::resume(3, 9, vec![2, 1], 5, Some(1)).is_ok());
    // A match is best of an odd number of games.
    for bad in [0, 2, 11] {
        let e = Match::new(2, bad, 1).unwrap_err();
        assert!(
            matches!(e, SeriesError::BestOf { asked } if asked == bad),
            "{e}"
        );
    }
}

// rule T-2.4
#[test]
fn in_multiplayer_the_first_player_out_chooses() {
    let decks: Vec<Vec<CardId>> = (0..4)
        .map(|s| epic_classic::classic_deck(["order", "chaos"][s % 2]).unwrap())
        .collect();
    let mut knocked_out_first = 0;
    for seed in 0..10 {
        let mut game = ClassicGame::new(classic_pool(), &decks, seed).unwrap();
        let went_out_first = play_out(&mut game, seed * 31 + 5);
        let first = game.first_to_lose();
        let winners = game.winners().unwrap().to_vec();
        assert!(
            first.iter().all(|s| !winners.contains(s)),
            "{first:?} {winners:?}"
        );
        if went_out_first.is_empty() {
            // No one went out: every player who did not win lost together.
            let others: Vec<u8> = (0..4).filter(|s| !winners.contains(s)).collect();
            assert_eq!(first, others);
        } else {
            // The first to go out, not a later one (one decision may put out several).
            assert!(
                !first.is_empty() && first.iter().all(|s| went_out_first.contains(s)),
                "{first:?} {went_out_first:?}"
            );
        }
        // Out of the game while others played on: the first to lose, alone.
        if first.len() == 1 && game.is_out(first[0]) && winners.len() + 1 < decks.len() {
            knocked_out_first += 1;
        }
        let mut m = Match::new(4, 3, seed).unwrap();
        m.record(&game);
        match m.chooser() {
            Some(c) => assert!(first.contains(&c), "{c} {first:?}"),
            None => assert!(first.is_empty()),
        }
    }
    assert!(knocked_out_first > 0, "no game had a first player out");
}
