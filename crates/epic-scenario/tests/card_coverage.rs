//! Card scenarios: every card and token of every set has a file
//! `scenarios/cards/<alignment>/<slug>.scn` (tokens under `scenarios/cards/tokens/`, God
//! cards under `scenarios/cards/gods/`) whose
//! scenarios name the card and check what its text does; every one of them passes.
//!
//! `cargo test -p epic-scenario --test card_coverage -- --nocapture` prints the table of
//! cards and their scenarios.

use epic_model::CardDef;
use epic_scenario::Scenario;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn cards_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/cards")
}

/// `The People's Champion` → `the-people-s-champion`.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

/// The folder a card's file lives in: its alignment, `tokens` or `gods`.
fn folder(def: &CardDef) -> String {
    if def.token {
        return "tokens".into();
    }
    if def.is_god() {
        return "gods".into();
    }
    def.alignments
        .iter()
        .next()
        .map_or_else(|| "none".into(), |a| a.name().to_string())
}

/// The file that must hold a card's scenarios.
fn card_file(def: &CardDef) -> PathBuf {
    cards_root()
        .join(folder(def))
        .join(format!("{}.scn", slug(&def.name)))
}

fn mentions(s: &Scenario, def: &CardDef) -> bool {
    s.name.to_lowercase().contains(&def.name.to_lowercase())
}

#[test]
fn slugs() {
    assert_eq!(slug("The People's Champion"), "the-people-s-champion");
    assert_eq!(slug("Chomp!"), "chomp");
    assert_eq!(slug("Raging T-Rex"), "raging-t-rex");
    assert_eq!(slug("Wolf's Call"), "wolf-s-call");
}

#[test]
fn every_card_has_a_scenario() {
    let pool = epic_cards::full_pool();
    let mut table: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    let mut missing = Vec::new();
    for (_, def) in pool.iter() {
        let path = card_file(def);
        let rel = format!("{}/{}.scn", folder(def), slug(&def.name));
        let key = (folder(def), def.name.clone());
        if !path.exists() {
            missing.push(format!("{} (no file {rel})", def.name));
            table.insert(key, Vec::new());
            continue;
        }
        let scenarios = match epic_scenario::load_path(&path) {
            Ok(s) => s,
            Err(e) => panic!("{rel} cannot be read:\n{e}"),
        };
        let names: Vec<String> = scenarios
            .iter()
            .filter(|s| mentions(s, def))
            .map(|s| s.name.clone())
            .collect();
        if names.is_empty() {
            missing.push(format!("{} ({rel} has no scenario naming it)", def.name));
        }
        table.insert(key, names);
    }
    println!("card — scenarios");
    for ((dir, card), names) in &table {
        println!("{dir}/{card} — {}", names.len());
        for n in names {
            println!("    {n}");
        }
    }
    let total: usize = table.values().map(Vec::len).sum();
    println!("{} cards and tokens, {total} scenarios", table.len());
    assert!(
        missing.is_empty(),
        "{} card(s) without a scenario:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// Every file under `scenarios/cards` belongs to a card: a misspelt file name would
/// otherwise hide a card's scenarios from the check above.
#[test]
fn every_card_file_names_a_card() {
    let pool = epic_cards::full_pool();
    let expected: Vec<PathBuf> = pool.iter().map(|(_, d)| card_file(d)).collect();
    let files = epic_scenario::scenario_files(&cards_root()).expect("scenarios/cards exists");
    let stray: Vec<String> = files
        .iter()
        .filter(|f| !expected.iter().any(|e| e == *f))
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        stray.is_empty(),
        "files under scenarios/cards that match no card:\n{}",
        stray.join("\n")
    );
}

#[test]
fn every_card_scenario_passes() {
    if let Err(e) = epic_scenario::check_path(&cards_root()) {
        panic!("{e}");
    }
}
