//! Mistakes in card files: every one reported, with its line and a useful message, and
//! nothing added to the pool.

use epic_cards::{base_pool, card_text, load_file, parse_cards, Errors};
use epic_model::*;

const BROKEN: &str = "\
card Broken Champion
  champion, wild, cost 0, Human, 3/2
  blitz, airbone
  ally wild: frobnicate 3 damage to a target

card Heavy Event
  event, evil, cost 2, 3/3
  play: draw two cards

card Broken Champion
  champion, sage, cost 1, Human, 2/2
  tribute: draw a card

card Powered Event
  event, sage, cost 1
  play: draw a card
  {expend}: draw a card
  loyalty 2: draw a card

card Dragon Caller
  champion, wild, cost 1, Human, 2/2
  tribute: put two dragon tokens into play

card Statless
  champion, good, cost 1, Human

card Fire Shaman
  champion, wlid, cost 0, Human, 3/2
  tribute: drwa a card
";

fn errors() -> Errors {
    let mut pool = base_pool().clone();
    let before = pool.clone();
    let e = parse_cards("broken.epic", BROKEN, &mut pool).expect_err("the file is broken");
    assert_eq!(pool, before, "a file with mistakes adds nothing");
    e
}

/// The message reported on `line` that contains `needle`.
fn has(e: &Errors, line: usize, needle: &str) {
    assert!(
        e.iter()
            .any(|d| d.line == line && d.message.contains(needle) && d.file == "broken.epic"),
        "no diagnostic on line {line} containing {needle:?}; got:\n{e}"
    );
}

#[test]
fn every_mistake_is_reported_with_its_line() {
    let e = errors();
    has(&e, 3, "unknown keyword 'airbone'");
    has(&e, 3, "did you mean 'airborne'");
    has(&e, 4, "unknown word 'frobnicate'");
    has(&e, 7, "cost must be 0 or 1");
    has(&e, 7, "an event has no offense/defense");
    has(
        &e,
        10,
        "duplicate card name 'Broken Champion' (first defined on line 1)",
    );
    has(&e, 17, "an event cannot have a power");
    has(&e, 18, "an event cannot have loyalty 2");
    has(&e, 22, "unknown token 'Dragon'");
    has(&e, 22, "known tokens: Wolf, Zombie, Human, Demon");
    has(&e, 25, "a champion needs offense/defense");
    has(&e, 27, "duplicate card name 'Fire Shaman'");
    has(&e, 28, "unknown word 'wlid'");
    has(&e, 28, "did you mean 'wild'");
    has(&e, 29, "did you mean 'draw'");
    assert_eq!(e.len(), 12, "{e}");
    // Sorted by line, one line each when printed.
    let printed = e.to_string();
    assert!(
        printed.starts_with("broken.epic:3: unknown keyword 'airbone'"),
        "{printed}"
    );
    assert_eq!(printed.lines().count(), e.len());
}

#[test]
fn more_mistakes() {
    let cases: &[(&str, &str)] = &[
        ("  champion, good, cost 1, Human, 1/1\n", "expected 'card <name>'"),
        ("card X\n  champion, good, cost 1, Human, 1/1\n  tribute: draw a card and\n", "expected"),
        ("card X\n  event, good, cost 1\n", "has no effect"),
        ("card X\n  event, good, cost 1\n  or: draw a card\n", "'or:' must follow a 'play:' line"),
        ("card X\n  champion, good, cost 1, Human, 1/1\n  play: draw a card\n", "only events have 'play:'"),
        ("card X\n  event, good, cost 1\n  blitz\n  play: draw a card\n", "an event cannot have keywords"),
        ("card X\n  event, good, cost 1\n  tribute: draw a card\n", "an event cannot have tribute"),
        ("card X\n  event, good, cost 1\n  static: blitz\n  play: draw a card\n", "no continuous abilities"),
        ("card X\n  champion, good, cost 1, Human, 1/1\n  whenever: draw a card\n", "unknown ability 'whenever'"),
        ("card X\n  champion, good, cost 1, Human, 1/1\n  ally purple: draw a card\n", "unknown alignment 'purple'"),
        ("card X\n  champion, good, cost 1, Human, 1/1\n  unbreakable on your turn\n", "'static:' line"),
        ("card X\n  champion, good, cost 1, Human, 1/1\n  static: your champions have +2 offence\n", "+N offense"),
        ("card X\n  champion, good, cost 1, Human, x/1\n", "not offense/defense"),
        ("card X\n  champion, cost 1, Human, 1/1\n", "needs an alignment"),
        ("card X\n  good, cost 1, Human, 1/1\n", "needs 'champion', 'event', 'god' or 'token'"),
        ("card X\n  god, good, cost 1, Goddess\n", "a God card has no cost"),
        ("card X\n  god, good, Goddess, 3/3\n", "no offense/defense"),
        ("card X\n  god, good, Goddess\n  blitz\n", "a God card cannot have keywords"),
        ("card X\n  god, good, Goddess\n  tribute: draw a card\n", "a God card never enters play"),
        ("card X\n  god, good, Goddess\n  {expend}: draw a card\n", "a God card's power costs only gold"),
        ("card X\n  god, good, Goddess\n  in discard pile {1}: recall\n", "stays in the Supplemental zone"),
        ("card X\n  god, good, Goddess\n  play: draw a card\n", "only events have 'play:'"),
        ("card X\n  champion, god, good, cost 1, Human, 1/1\n", "one type"),
        ("card X\n  champion, good, cost 1, Human, 1/1\n  at the start of your turn: either draw a card\n", "', or '"),
        ("card X\n  champion, good, Human, 1/1\n", "needs a cost"),
        ("card X\n  tribute: draw a card\n", "expected the type line"),
        ("card X\n  event, good, cost 1\n  play: if it rains, draw a card\n", "unknown condition"),
        ("card X\n  event, good, cost 1\n  play: deal 3 damage to the moon\n", "cannot read the selection"),
        ("card X\n", "has no type line"),
        ("card\n", "needs a name"),
        ("card X\n  event, good, cost 1\n  play: otherwise, draw a card\n", "'otherwise' must follow"),
        ("card X\n  token, good, cost 1, Human, 1/1\n", "a token has no cost"),
        ("card X\n  champion, good, cost 1, Human, 1/1\n  in discard pile tribute: recall\n", "tribute and loyalty cannot work from the discard pile"),
    ];
    for (text, needle) in cases {
        let mut pool = CardPool::new();
        let e = parse_cards("t.epic", text, &mut pool).expect_err(text);
        assert!(
            e.iter().any(|d| d.message.contains(needle)),
            "{text:?}: expected {needle:?}, got:\n{e}"
        );
        assert!(pool.is_empty());
    }
}

#[test]
fn a_good_extra_file_extends_a_pool() {
    let mut pool = base_pool().clone();
    let text = "\
set Test Set
# A custom card that names base-set tokens and a new class.
card Howling Elder
  champion, wild, cost 1, Wolf, Elder, 4/4
  airborne
  tribute and/or ally wild: put two wolf tokens into play
  {expend}, discard a card: your wolf champions get +2 offense this turn
  in discard pile {1}: recall
";
    let ids = parse_cards("extra.epic", text, &mut pool).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ids.len(), 1);
    assert_eq!(pool.len(), 125);
    let c = pool.get(ids[0]);
    assert_eq!(c.set, "Test Set");
    assert_eq!(c.classes, ["Wolf", "Elder"]);
    let t = card_text(&pool, ids[0]);
    assert!(
        t.contains("Tribute and/or {wild} → Put two wolf tokens into play."),
        "{t}"
    );
    assert!(
        t.contains("{expend}, Discard a card: Your wolf champions get +2 {offense} this turn."),
        "{t}"
    );
    // Loading the same file again is a duplicate.
    let e = parse_cards("extra.epic", text, &mut pool).unwrap_err();
    assert!(e.to_string().contains("already has a card of that name"));
}

#[test]
fn unreadable_file_is_an_error_not_a_panic() {
    let mut pool = CardPool::new();
    let e = load_file(std::path::Path::new("/nonexistent/cards.epic"), &mut pool).unwrap_err();
    assert_eq!(e.0[0].line, 0);
    assert!(e.to_string().contains("cannot read the file"));
}

#[test]
fn garbage_never_panics() {
    let samples = [
        "card ☃\n  ☃, ☃\n  ☃: ☃\n",
        "card X\n  champion, good, cost 1, Human, 1/1\n  :\n  ::\n  {: }\n  {}: draw\n",
        "card X\n  event, good, cost 1\n  play: deal , and damage to ,\n  or {x}: .\n",
        "card X\n  event, good, cost 1\n  play: put  into play. return to. transform into a token\n",
        "card X\n  champion, good, cost 99999, Human, 999/999\n",
        "\u{feff}card X\r\n  event, good, cost 1\r\n  play: draw a card\r\n",
    ];
    for s in samples {
        let mut pool = CardPool::new();
        let _ = parse_cards("g.epic", s, &mut pool);
        for cut in 0..s.len() {
            if s.is_char_boundary(cut) {
                let _ = parse_cards("g.epic", &s[..cut], &mut CardPool::new());
            }
        }
    }
}

/// A card file saved with a UTF-8 byte-order mark reads as the same file.
#[test]
fn card_file_with_a_byte_order_mark() {
    let text = "card Quiet Study\n  event, sage, cost 0\n  play: draw a card\n";
    let mut plain = CardPool::new();
    parse_cards("plain.epic", text, &mut plain).unwrap();
    let mut marked = CardPool::new();
    let ids = parse_cards("bom.epic", &format!("\u{feff}{text}"), &mut marked).unwrap();
    assert_eq!(marked.get(ids[0]).name, "Quiet Study");
    assert_eq!(marked, plain);
}

/// A pool holds at most `MAX_POOL_CARDS` cards (a card's id is 16 bits): the card that
/// would pass it is an error on its line, never an id that wraps round to another card.
#[test]
fn a_pool_holds_at_most_65536_cards() {
    assert_eq!(epic_cards::MAX_POOL_CARDS, 65_536);
    let mut pool = base_pool().clone();
    let room = epic_cards::MAX_POOL_CARDS - pool.len();
    let file: String = (0..=room)
        .map(|i| format!("card Study {i}\n  event, sage, cost 0\n  play: draw a card\n"))
        .collect();
    let e = parse_cards("many.epic", &file, &mut pool).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "many.epic:{}: card 'Study {room}' would be card 65537 of the pool; a pool holds at most 65536 cards",
            3 * room + 1
        )
    );
    assert_eq!(pool.len(), 124);
}
