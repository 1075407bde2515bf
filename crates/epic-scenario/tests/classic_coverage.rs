//! `scenarios/classic/coverage.md` accounts for every testable item (T-…) and worked
//! example (X-…) of `shared/rules/rules-2009-classic.md`: each is cited by a classic
//! scenario, or listed in the coverage file with why not — never both, never neither.
//! The formats are played before a game, so scenarios cannot show them: a `// rule T-15.5`
//! line above a test of `crates/epic-classic/tests/formats.rs` cites an item as a
//! scenario's `rule` line does.

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
    let mut cited: BTreeSet<String> =
        epic_scenario::ruled::cited_rules(&root.join("scenarios/classic"), "classic")
            .expect("classic scenarios parse")
            .into_iter()
            .flat_map(|(_, rules)| rules)
            .filter(|r| r.starts_with("T-") || r.starts_with("X-"))
            .collect();
    cited.extend(cited_by_format_tests(root));
    cited
}

/// The file of tests that cite items with `// rule <ID>` lines.
const FORMAT_TESTS: &str = "crates/epic-classic/tests/formats.rs";

/// The items cited by `// rule <ID>` lines of [`FORMAT_TESTS`], one item a line; each
/// such line must stand above a test (only more comments and attributes between), so a
/// citation always has a test behind it.
fn cited_by_format_tests(root: &Path) -> BTreeSet<String> {
    let path = root.join(FORMAT_TESTS);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut out = BTreeSet::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(id) = line.strip_prefix("// rule ") else {
            continue;
        };
        let id = id.trim();
        assert!(
            (id.starts_with("T-") || id.starts_with("X-")) && !id.contains(char::is_whitespace),
            "{FORMAT_TESTS}:{}: a rule line names one item, `// rule T-15.5`: {line}",
            i + 1
        );
        let above_test = lines[i + 1..]
            .iter()
            .take_while(|l| l.starts_with("//") || l.starts_with("#["))
            .any(|l| *l == "#[test]");
        assert!(
            above_test,
            "{FORMAT_TESTS}:{}: `{line}` is not above a test",
            i + 1
        );
        out.insert(id.to_string());
    }
    out
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
    let unknown_tested: Vec<String> = cited_by_format_tests(&root)
        .into_iter()
        .filter(|i| !all.contains(i))
        .collect();
    assert!(
        neither.is_empty(),
        "no classic scenario or format test cites {neither:?}, and the coverage file does not \
         list them"
    );
    assert!(
        both.is_empty(),
        "{both:?} are cited by a scenario or a format test: take them off the coverage file's \
         lists"
    );
    assert!(unknown.is_empty(), "{unknown:?} are not items of the spec");
    assert!(
        unknown_tested.is_empty(),
        "{FORMAT_TESTS} cites {unknown_tested:?}, which are not items of the spec"
    );
}
