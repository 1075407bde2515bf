//! What the card language reads, exactly: each phrase's definition, and each mistake as
//! one plain message on its line.

use epic_cards::{base_pool, parse_cards, Errors};
use epic_model::*;

/// Reads one card file over the base set: the new cards, or every mistake.
fn read(text: &str) -> Result<Vec<CardDef>, Errors> {
    let mut pool = base_pool().clone();
    let ids = parse_cards("t.epic", text, &mut pool)?;
    Ok(ids.into_iter().map(|id| pool.get(id).clone()).collect())
}

/// Flavour text is kept without the quotation marks around it, which are how it is
/// printed, not part of it.
#[test]
fn flavor_text_loses_its_quotation_marks() {
    let cards = read(
        "card Rallying Cry\n  event, good, cost 0\n  play: draw a card\n  flavor: \"Follow me!\"\n\
         card Quiet Word\n  event, sage, cost 0\n  play: draw a card\n  flavor: “Hush.”\n\
         card Plain Word\n  event, sage, cost 0\n  play: draw a card\n  flavor: a \"quoted\" word\n",
    )
    .unwrap();
    assert_eq!(cards[0].flavor.as_deref(), Some("Follow me!"));
    assert_eq!(cards[1].flavor.as_deref(), Some("Hush."));
    assert_eq!(cards[2].flavor.as_deref(), Some("a \"quoted\" word"));
    let pool = base_pool();
    let soul = pool.get(pool.by_name("Courageous Soul").unwrap());
    assert_eq!(soul.flavor.as_deref(), Some("Follow me!"));
}
