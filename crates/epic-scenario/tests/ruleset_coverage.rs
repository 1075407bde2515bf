//! `scenarios/NAME/coverage.md` accounts for every item of a ruleset's structured rules
//! (`shared/rules/…`) and every ruling of its own (`docs/rulings.md`): each is cited by a
//! scenario of `scenarios/NAME` (a `rule` line), or listed in the coverage file with why
//! not — never both, never neither.
//!
//! The classic game's formats are played before a game, so scenarios cannot show them: a
//! `// rule T-15.5` line above a test of `crates/epic-classic/tests/formats.rs` cites an
//! item as a scenario's `rule` line does.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What one ruleset's coverage is checked against.
struct Covered {
    ruleset: &'static str,
    /// The structured rules, beside the repository.
    spec: &'static str,
    /// The kinds of ids its items and rulings have: `T-12.5`, `X-07`, `M-04`.
    kinds: &'static [&'static str],
    /// The fewest items the spec holds (so that a spec misread is noticed).
    least: usize,
    /// A file of tests that cite items with `// rule <ID>` lines, if any.
    tests: Option<&'static str>,
}

const COVERED: [Covered; 2] = [
    Covered {
        ruleset: "classic",
        spec: "../shared/rules/rules-2009-classic.md",
        kinds: &["T-", "X-"],
        least: 90,
        tests: Some("crates/epic-classic/tests/formats.rs"),
    },
    Covered {
        ruleset: "multiverse",
        spec: "../shared/rules/rules-multiverse.md",
        kinds: &["F-", "FX-", "M-"],
        least: 120,
        tests: None,
    },
];

impl Covered {
    fn is_item(&self, id: &str) -> bool {
        self.kinds.iter().any(|k| {
            id.strip_prefix(k)
                .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
        })
    }

    /// The ids a text names in bold (`**T-12.5 …`) or as list entries (`- T-12.5 …`),
    /// after `marker`.
    fn items(&self, text: &str, marker: &str) -> BTreeSet<String> {
        text.lines()
            .filter_map(|l| l.trim_start().strip_prefix(marker))
            .filter_map(|rest| rest.split_whitespace().next())
            .map(|id| id.trim_end_matches(['*', ',', '.', ':']).to_string())
            .filter(|id| self.is_item(id))
            .collect()
    }

    fn coverage_file(&self) -> String {
        let path = workspace().join(format!("scenarios/{}/coverage.md", self.ruleset));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// Every item there is: the spec's and the rulings'.
    fn all(&self) -> Option<BTreeSet<String>> {
        let spec = std::fs::read_to_string(workspace().join(self.spec)).ok()?;
        let mut all = self.items(&spec, "- **");
        let rulings =
            std::fs::read_to_string(workspace().join("docs/rulings.md")).expect("docs/rulings.md");
        all.extend(self.items(&rulings, "**"));
        Some(all)
    }

    fn cited(&self) -> BTreeSet<String> {
        let root = workspace();
        let mut cited: BTreeSet<String> = epic_scenario::ruled::cited_rules(
            &root.join("scenarios").join(self.ruleset),
            self.ruleset,
        )
        .unwrap_or_else(|e| panic!("{} scenarios: {e}", self.ruleset))
        .into_iter()
        .flat_map(|(_, rules)| rules)
        .filter(|r| self.is_item(r))
        .collect();
        if let Some(tests) = self.tests {
            cited.extend(self.cited_by_tests(tests));
        }
        cited
    }

    /// The items cited by `// rule <ID>` lines of `file`, one item a line; each such line
    /// must stand above a test (only more comments and attributes between), so a
    /// citation always has a test behind it.
    fn cited_by_tests(&self, file: &str) -> BTreeSet<String> {
        let path = workspace().join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let mut out = BTreeSet::new();
        for (i, line) in lines.iter().enumerate() {
            let Some(id) = line.strip_prefix("// rule ") else {
                continue;
            };
            let id = id.trim();
            assert!(
                self.is_item(id) && !id.contains(char::is_whitespace),
                "{file}:{}: a rule line names one item, `// rule T-15.5`: {line}",
                i + 1
            );
            let above_test = lines[i + 1..]
                .iter()
                .take_while(|l| l.starts_with("//") || l.starts_with("#["))
                .any(|l| *l == "#[test]");
            assert!(above_test, "{file}:{}: `{line}` is not above a test", i + 1);
            out.insert(id.to_string());
        }
        out
    }

    fn check(&self) {
        let listed = self.items(&self.coverage_file(), "- ");
        let cited = self.cited();
        let all = match self.all() {
            Some(all) => {
                assert!(
                    all.len() > self.least,
                    "{}: the spec's items were not read: {}",
                    self.ruleset,
                    all.len()
                );
                all
            }
            None => {
                // The spec lives beside the repository: without it, the items are those
                // the coverage file and the scenarios name, and no item may be in both.
                println!(
                    "note: {} not found; checking the coverage file against the scenarios",
                    self.spec
                );
                listed.union(&cited).cloned().collect()
            }
        };
        let name = self.ruleset;
        let neither: Vec<&String> = all
            .iter()
            .filter(|i| !cited.contains(*i) && !listed.contains(*i))
            .collect();
        let both: Vec<&String> = listed.iter().filter(|i| cited.contains(*i)).collect();
        let unknown: Vec<&String> = cited.union(&listed).filter(|i| !all.contains(*i)).collect();
        assert!(
            neither.is_empty(),
            "{name}: nothing cites {neither:?}, and scenarios/{name}/coverage.md does not list them"
        );
        assert!(
            both.is_empty(),
            "{name}: {both:?} are cited: take them off scenarios/{name}/coverage.md's lists"
        );
        assert!(
            unknown.is_empty(),
            "{name}: {unknown:?} are no items of the spec or rulings"
        );
    }
}

#[test]
fn every_item_is_cited_or_listed() {
    for covered in COVERED {
        covered.check();
    }
}

/// Every registered ruleset with scenarios of its own has its coverage checked.
#[test]
fn every_ruleset_with_scenarios_has_its_coverage_checked() {
    for name in epic_rulesets::RULESETS.into_iter().filter(|&n| n != "2017") {
        assert!(
            COVERED.iter().any(|c| c.ruleset == name),
            "the {name} ruleset's coverage is not checked: add it to COVERED"
        );
    }
}
