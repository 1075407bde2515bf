//! Preconstructed and Sealed decks, and deck lists.

use epic_cards::{base_pool, deck, parse_deck_list, DeckError, Preconstructed, DECK_SIZE};
use epic_model::Alignment;
use std::collections::HashSet;

#[test]
fn preconstructed_decks_are_one_alignment() {
    let pool = base_pool();
    let mut all = HashSet::new();
    for a in Alignment::ALL {
        let d = deck(a.name(), 0).unwrap();
        assert_eq!(d.len(), DECK_SIZE, "{a}");
        assert_eq!(
            d.iter().collect::<HashSet<_>>().len(),
            DECK_SIZE,
            "{a}: one copy each"
        );
        for id in &d {
            let c = pool.get(*id);
            assert!(
                c.alignments.contains(a) && !c.token,
                "{} in the {a} deck",
                c.name
            );
        }
        all.extend(d);
    }
    assert_eq!(all.len(), 120);
    assert_eq!(deck("Good", 1).unwrap(), deck("good", 2).unwrap());
}

/// Sixteen games of the pairing play every deck against every deck, itself included,
/// with the named decks.
#[test]
fn preconstructed_pairings_cover_every_matchup() {
    let decks = Preconstructed::new(base_pool());
    let mut seen = HashSet::new();
    for i in 0..16 {
        let pair = decks.pairing(i);
        assert_eq!(pair.len(), 2);
        let named = |d: &Vec<_>| {
            Alignment::ALL
                .into_iter()
                .find(|a| deck(a.name(), 0).unwrap() == *d)
                .expect("a preconstructed deck")
        };
        seen.insert((named(&pair[0]), named(&pair[1])));
        assert_eq!(
            decks.pairing(i + 16),
            pair,
            "the pairing repeats every 16 games"
        );
    }
    assert_eq!(seen.len(), 16);
}

#[test]
fn random_decks_are_seeded() {
    let pool = base_pool();
    let a = deck("random", 7).unwrap();
    assert_eq!(a.len(), DECK_SIZE);
    assert_eq!(a.iter().collect::<HashSet<_>>().len(), DECK_SIZE);
    assert!(a.iter().all(|id| !pool.get(*id).token));
    assert_eq!(a, deck("random", 7).unwrap());
    assert_ne!(a, deck("random", 8).unwrap());
    let distinct: HashSet<_> = (0..20).map(|s| deck("random", s).unwrap()).collect();
    assert!(distinct.len() > 15);
}

#[test]
fn unknown_deck_name() {
    let e = deck("purple", 0).unwrap_err();
    assert_eq!(e, DeckError::UnknownDeck("purple".into()));
    assert!(e.to_string().contains("good, evil, sage, wild or random"));
}

#[test]
fn deck_lists() {
    let pool = base_pool();
    let text = "\
# my deck
3 Fire Shaman
Kong

2 lord of the arena   # names are case-insensitive
";
    let d = parse_deck_list("my.deck", text, pool).unwrap();
    assert_eq!(d.len(), 6);
    assert_eq!(d[0], pool.by_name("Fire Shaman").unwrap());
    assert_eq!(d[5], pool.by_name("Lord of the Arena").unwrap());

    let bad = "2 Fire Shamn\nKnog\n0 Kong\nWolf\nLord of Arena\n";
    let DeckError::List(e) = parse_deck_list("bad.deck", bad, pool).unwrap_err() else {
        panic!()
    };
    let msg = e.to_string();
    assert!(
        msg.contains("bad.deck:1: unknown card 'Fire Shamn'; did you mean 'Fire Shaman'"),
        "{msg}"
    );
    assert!(
        msg.contains("bad.deck:2: unknown card 'Knog'; did you mean 'Kong'"),
        "{msg}"
    );
    assert!(
        msg.contains("bad.deck:3: '0' is not a number of copies"),
        "{msg}"
    );
    assert!(msg.contains("bad.deck:4: 'Wolf' is a token"), "{msg}");
    assert!(
        msg.contains("bad.deck:5: unknown card 'Lord of Arena'; did you mean 'Lord of the Arena'"),
        "{msg}"
    );
}

/// Counts in deck lists: "N Name", "Nx Name", "N x Name"; a bare "x Name" is a name, and a
/// negative count is a bad count, not an unknown card.
#[test]
fn deck_list_counts_are_read_strictly() {
    let pool = epic_cards::base_pool();
    let ok = epic_cards::parse_deck_list("t", "2 Kong\n3x Lurking Giant\n1 x Cave Troll\n", pool)
        .unwrap();
    assert_eq!(ok.len(), 6);
    let err = epic_cards::parse_deck_list("t", "x Kong\n-1 Kong\n", pool)
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown card 'x Kong'"), "{err}");
    assert!(err.contains("'-1' is not a number of copies"), "{err}");
}

/// A deck list saved with a UTF-8 byte-order mark reads as the same list.
#[test]
fn deck_list_with_a_byte_order_mark() {
    let pool = base_pool();
    let d = parse_deck_list("bom.deck", "\u{feff}3 Fire Shaman\nKong\n", pool).unwrap();
    let shaman = pool.by_name("Fire Shaman").unwrap();
    let kong = pool.by_name("Kong").unwrap();
    assert_eq!(d, vec![shaman, shaman, shaman, kong]);
}

/// `NAME xN` (as in scenario files) and `NAME x N` give the copies after the name.
#[test]
fn deck_list_counts_after_the_name() {
    let pool = base_pool();
    let kong = pool.by_name("Kong").unwrap();
    let troll = pool.by_name("Cave Troll").unwrap();
    let d = parse_deck_list("t", "Kong x3\nCave Troll X 2\n", pool).unwrap();
    assert_eq!(d, vec![kong, kong, kong, troll, troll]);
}

/// Absurd counts are an error on their line, before anything is allocated for them; so is
/// a count given twice.
#[test]
fn deck_list_counts_are_capped() {
    let pool = base_pool();
    let err = parse_deck_list(
        "big.deck",
        "Kong x999999999\nKong x0\n2 Kong x3\nKong x 100\nKong x99999999999999999999999\n",
        pool,
    )
    .unwrap_err()
    .to_string();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        [
            "big.deck:1: 'x999999999' is not a number of copies (1 to 99)",
            "big.deck:2: 'x0' is not a number of copies (1 to 99)",
            "big.deck:3: '2 Kong x3' gives the number of copies twice",
            "big.deck:4: 'x 100' is not a number of copies (1 to 99)",
            "big.deck:5: 'x99999999999999999999999' is not a number of copies (1 to 99)",
        ],
        "{err}"
    );
}

/// A list may hold at most `MAX_DECK_LIST_CARDS` cards: the line that goes past it is the
/// mistake, reported once.
#[test]
fn deck_lists_hold_at_most_ten_thousand_cards() {
    assert_eq!(epic_cards::MAX_DECK_LIST_CARDS, 10_000);
    let pool = base_pool();
    let full = "99 Kong\n".repeat(101) + "1 Kong\n";
    assert_eq!(parse_deck_list("t", &full, pool).unwrap().len(), 10_000);
    let over = "99 Kong\n".repeat(102) + "Kong x5\n";
    let err = parse_deck_list("over.deck", &over, pool)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "over.deck:102: the deck list goes past 10000 cards, the most a list may hold"
    );
}

/// An unknown name of any length is reported at once, in a short message: a name too long
/// to be a typo gets no suggestion, and the message quotes only its start.
#[test]
fn huge_unknown_names_are_reported_briefly() {
    let pool = base_pool();
    let huge = "Kong".repeat(25_000);
    let names: Vec<&str> = pool.iter().map(|(_, c)| c.name.as_str()).collect();
    assert!(epic_cards::nearest(&huge, names.iter().copied(), 3).is_empty());
    let err = parse_deck_list("huge.deck", &huge, pool)
        .unwrap_err()
        .to_string();
    let expected = format!("huge.deck:1: unknown card '{}…'", &huge[..60]);
    assert_eq!(err, expected);
}
