//! The examples in docs/cards.md are real card files.

use epic_cards::{parse_cards, BASE_FILES};
use epic_model::CardPool;

#[test]
fn documented_examples_parse() {
    let doc = include_str!("../../../docs/cards.md");
    let mut blocks = 0;
    for block in doc.split("```").skip(1).step_by(2) {
        let body = block.trim_start_matches(|c: char| c != '\n');
        if !body.lines().any(|l| l.starts_with("card ")) {
            continue;
        }
        let mut pool = CardPool::new();
        let (name, tokens) = BASE_FILES[0];
        parse_cards(name, tokens, &mut pool).unwrap();
        if let Err(e) = parse_cards("docs/cards.md", body, &mut pool) {
            panic!("documented example does not parse:\n{e}\n---\n{body}");
        }
        blocks += 1;
    }
    assert!(blocks >= 2);
}
