//! The classic card files: the embedded pool and decks, and clear errors for bad files.

use epic_classic::card::{Kw, Speed};
use epic_classic::{
    classic_deck, classic_pool, parse_classic_cards, read_deck, ClassicPool, CLASSIC_DECKS,
};
use epic_model::CardType;

#[test]
fn the_embedded_pool_and_decks_load() {
    let pool = classic_pool();
    assert!(pool.len() >= 30, "{} cards", pool.len());
    for (name, _) in CLASSIC_DECKS {
        let deck = classic_deck(name).expect("the deck reads");
        assert_eq!(deck.len(), 30, "{name}");
    }
    let hawk = pool.get(pool.id("Hawk Rider").expect("Hawk Rider"));
    assert_eq!((hawk.offense, hawk.defense), (2, 1));
    assert!(hawk.free && hawk.timing.speed == Speed::Fast);
    assert!(hawk.keywords.flags.has(Kw::AIRBORNE) && hawk.keywords.flags.has(Kw::RANGE));
    let fury = pool.get(
        pool.id("battle fury")
            .expect("names are read without regard to case"),
    );
    assert!(fury.timing.instant);
    let tower = pool.get(pool.id("Watchtower").expect("Watchtower"));
    assert_eq!(tower.kind, CardType::Object);
    assert!(tower.activated[0].expend);
}

fn errors(text: &str) -> String {
    let mut pool = ClassicPool::default();
    let e = parse_classic_cards("t.epic", text, &mut pool).expect_err("a mistake");
    assert!(pool.is_empty(), "a file with a mistake adds nothing");
    e.to_string()
}

#[test]
fn mistakes_are_reported_with_their_line() {
    let e = errors("card A\n  champion, good, natural, action, paced\n");
    assert!(
        e.contains("t.epic:2") && e.contains("offense/defense"),
        "{e}"
    );
    let e = errors("card A\n  event, purple, action, fast\n  draw a card\n");
    assert!(e.contains("t.epic:2") && e.contains("purple"), "{e}");
    let e =
        errors("card A\n  event, good, action, fast\n  transform target champion into a wolf\n");
    assert!(e.contains("t.epic:3"), "{e}");
    let e = errors("card A\n  event, good, action, fast\n  recycle\n");
    assert!(e.contains("not in the classic game"), "{e}");
    let e = errors("card A\n  event, good, action, fast\n  draw a card\ncard a\n  event, good, free, fast\n  draw a card\n");
    assert!(e.contains("already a card named"), "{e}");
    let e = errors("  champion, good\n");
    assert!(e.contains("`card` line"), "{e}");
    let e = errors("card A\n  event, good, action, fast\n");
    assert!(e.contains("no effect"), "{e}");
    let e = errors(&format!(
        "card A\n  event, good, action, fast\n  draw a card{}\n",
        " ".repeat(2000)
    ));
    assert!(e.contains("longer than"), "{e}");
}

#[test]
fn deck_lists_name_classic_cards() {
    let pool = classic_pool();
    assert_eq!(
        read_deck(&pool, "2 Ember Bolt\n# a comment\nThornback\n")
            .expect("reads")
            .len(),
        3
    );
    let e = read_deck(&pool, "3 Fireball\n").expect_err("not a classic card");
    assert!(e.contains("line 1") && e.contains("Fireball"), "{e}");
    assert!(read_deck(&pool, "99999999 Ember Bolt\n").is_err());
}

#[test]
fn new_abilities_refuse_what_cannot_work() {
    // A token that brings tokens as it comes could bring tokens forever.
    let e = errors(
        "card Hydra\n  champion, wild, natural, token, 1/1\n  \
         as this enters play: put a hydra token into play\n",
    );
    assert!(e.contains("cannot put tokens into play"), "{e}");
    // An as-trigger happens at once: no targets, no "you may".
    let e = errors(
        "card Trap\n  object, evil, magical, action, build\n  \
         as this enters play: deal 2 damage to target champion\n",
    );
    assert!(e.contains("cannot name targets"), "{e}");
    // An origin describes cards a filter chooses.
    let e = errors("card Odd\n  event, wild, magical, action, fast\n  magical draw a card\n");
    assert!(e.contains("origin"), "{e}");
    // A token named by an effect must exist, as a token.
    let e = errors(
        "card Call\n  event, wild, natural, action, fast\n  put two bear tokens into play\n",
    );
    assert!(e.contains("no token card is named Bear"), "{e}");
    // The continuous abilities read.
    let e = errors(
        "card Mist\n  object, wild, magical, action, build\n  static: all champions are big\n",
    );
    assert!(e.contains("offense/defense"), "{e}");
    let e = errors("card Deck\n  champion, wild, natural, action, token, 1/1\n");
    assert!(e.contains("no cost or speed"), "{e}");
    // Only a champion from a hand is played face down, and only a veiled card unveils.
    let e = errors("card Trick\n  event, evil, magical, action, fast\n  veiled\n");
    assert!(
        e.contains("only a champion played from a hand can be veiled"),
        "{e}"
    );
    let e = errors(
        "card Plain\n  champion, good, natural, action, paced, 2/2\n  \
         when this is unveiled: gain 2 mojo\n",
    );
    assert!(e.contains("not veiled"), "{e}");
    let e = errors(
        "card Snap\n  champion, good, natural, action, paced, 2/2\n  veiled\n  \
         as this is unveiled: deal 2 damage to target champion\n",
    );
    assert!(e.contains("cannot name targets"), "{e}");
}

/// Filters of the 2017 card language the classic game does not have yet (a class, a
/// cost, tokens) are refused with the reason, not read as "any champion".
#[test]
fn filters_the_classic_game_lacks_are_refused() {
    for target in [
        "target human champion",
        "target {0} champion",
        "target token champion",
        "target non-token champion",
    ] {
        let e = errors(&format!(
            "card Aim\n  event, wild, natural, action, fast\n  deal 2 damage to {target}\n"
        ));
        assert!(
            e.contains("classes, costs, tokens and the rarer terms of a filter"),
            "{target}: {e}"
        );
    }
    // The same selection without them reads.
    let mut pool = ClassicPool::default();
    parse_classic_cards(
        "t.epic",
        "card Aim\n  event, wild, natural, action, fast\n  deal 2 damage to target champion\n",
        &mut pool,
    )
    .expect("a plain target reads");
    assert_eq!(pool.len(), 1);
}
