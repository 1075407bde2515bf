//! `scenarios/classic/coverage.md` accounts for every testable item (T-…) and worked
//! example (X-…) of `shared/rules/rules-2009-classic.md`: each is cited by a classic
//! scenario, or listed in the coverage file with why not — never both, never neither.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `T-12.5`, `X-07`: the items a text names in bold (`**T-12.5 …`) or as list entries
/// (`- T-12.5 …`).
fn items(text: &str, marker: &str) -> BTreeSet<String> {
    text.lines()
        .filter_map(|l| l.trim_start().strip_prefix(marker))
        .filter_map(|rest| rest.split_whitespace().next())
        .map(|id| id.trim_end_matches(['*', ',', '.']).to_string())
        .filter(|id| id.starts_with("T-") || id.starts_with("X-"))
        .collect()
}

#[test]
fn every_classic_item_is_cited_or_listed() {
    let root = workspace();
    let spec = root.join("../shared/rules/rules-2009-classic.md");
    let all = match std::fs::read_to_string(&spec) {
        Ok(spec) => items(&spec, "- **"),
        Err(_) => {
            // The spec lives beside the repository: without it, the items are those the
            // coverage file and the scenarios name, and no item may be in both.
            println!(
                "note: {} not found; checking the coverage file against the scenarios",
                spec.display()
            );
            let coverage = std::fs::read_to_string(root.join("scenarios/classic/coverage.md"))
                .expect("coverage file");
            let mut all = items(&coverage, "- ");
            all.extend(cited(&root));
            check(&all);
            return;
        }
    };
    assert!(
        all.len() > 90,
        "the spec's items were not read: {}",
        all.len()
    );
    check(&all);
}

fn cited(root: &Path) -> BTreeSet<String> {
    epic_scenario::classic::cited_rules(&root.join("scenarios/classic"))
        .expect("classic scenarios parse")
        .into_iter()
        .flat_map(|(_, rules)| rules)
        .filter(|r| r.starts_with("T-") || r.starts_with("X-"))
        .collect()
}

fn check(all: &BTreeSet<String>) {
    let root = workspace();
    let coverage =
        std::fs::read_to_string(root.join("scenarios/classic/coverage.md")).expect("coverage file");
    let listed = items(&coverage, "- ");
    let cited = cited(&root);
    let neither: Vec<&String> = all
        .iter()
        .filter(|i| !cited.contains(*i) && !listed.contains(*i))
        .collect();
    let both: Vec<&String> = listed.iter().filter(|i| cited.contains(*i)).collect();
    let unknown: Vec<&String> = listed.iter().filter(|i| !all.contains(*i)).collect();
    assert!(
        neither.is_empty(),
        "no classic scenario cites {neither:?}, and the coverage file does not list them"
    );
    assert!(
        both.is_empty(),
        "{both:?} are cited by a scenario: take them off the coverage file's lists"
    );
    assert!(unknown.is_empty(), "{unknown:?} are not items of the spec");
}
