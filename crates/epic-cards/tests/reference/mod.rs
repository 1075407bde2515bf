//! The reference data beside the workspace (`shared/cards/*.json`): each card of the
//! pool has the name, type, alignments, cost, classes, stats, gem, modes, keywords and
//! discard-pile abilities printed there.

use epic_model::*;
use std::path::PathBuf;

/// The reference file `name`, when it is there beside the workspace.
pub fn load(name: &str) -> Option<serde_json::Value> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/cards")
        .join(name);
    if !p.exists() {
        println!("note: reference card data not found beside the workspace; skipping");
        return None;
    }
    Some(serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap())
}

/// Checks one card of the pool against its reference entry `r`.
pub fn check(pool: &CardPool, r: &serde_json::Value, token: bool) {
    // One name of the reference data has a typographic apostrophe ("Gareth’s
    // Juggernaut") where its other cards have a plain one ("Gareth's Will"): the cards
    // are named alike.
    let name = &r["name"].as_str().unwrap().replace('’', "'");
    let id = pool
        .by_name(name)
        .unwrap_or_else(|| panic!("{name} is missing"));
    let c = pool.get(id);
    assert_eq!(&c.name, name);
    assert_eq!(c.token, token, "{name}: token");
    let kind = r["type"].as_str().unwrap().to_lowercase();
    assert_eq!(c.kind.name(), kind, "{name}: type");
    let mut aligns = Alignments::default();
    for a in r["alignment"].as_str().unwrap().split('/') {
        aligns = aligns.with(Alignment::parse(a).unwrap());
    }
    assert_eq!(c.alignments, aligns, "{name}: alignment");
    if let Some(cost) = r["cost"].as_u64() {
        assert_eq!(c.cost as u64, cost, "{name}: cost");
    }
    let classes: Vec<&str> = r["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(c.classes, classes, "{name}: classes");
    if let Some(gem) = r["cube_rarity"].as_str() {
        assert_eq!(c.rare, gem == "Rare", "{name}: Cube Draft gem");
    }
    if c.is_champion() {
        assert_eq!(
            c.offense as u64,
            r["offense"].as_u64().unwrap(),
            "{name}: offense"
        );
        assert_eq!(
            c.defense as u64,
            r["defense"].as_u64().unwrap(),
            "{name}: defense"
        );
    } else {
        assert!(
            r["offense"].is_null() && r["defense"].is_null(),
            "{name}: stats"
        );
    }
    // A card with discard-pile text has discard-pile abilities, and only then.
    let has_dp = r
        .get("discard_pile_text")
        .is_some_and(|v| v.as_str().is_some_and(|s| !s.is_empty()));
    let dp = c
        .abilities
        .iter()
        .any(|a| a.zone == AbilityZone::DiscardPile);
    assert_eq!(has_dp, dp, "{name}: discard-pile abilities");
    // Events have modes; one per "— OR —" side.
    if let Some(t) = r["text"].as_str() {
        if c.is_event() {
            assert_eq!(
                c.modes.len(),
                t.matches("— OR —").count() + 1,
                "{name}: modes"
            );
        }
        // Keywords on the first line of the printed text.
        let first = t.lines().next().unwrap_or("");
        for k in Keyword::ALL {
            let printed = first.split(" ◆ ").any(|w| w.eq_ignore_ascii_case(k.name()));
            if printed {
                assert!(c.keywords.has(k), "{name}: keyword {k}");
            }
        }
    }
}
