//! Every ruling of `docs/rulings.md` (`**H-nn …**`, `**R-nn …**`) is pinned by a scenario
//! that cites it in a `rule` line (under `scenarios/rules`, `scenarios/cards` or
//! `scenarios/classic`, the
//! scenarios that must pass), or says in a "Not pinned:" sentence why no game can show it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A ruling's entry: the ids its bold heading names (`**H-20, H-21, H-26 Formats` names
/// three) and the text of the whole entry.
struct Entry {
    ids: Vec<String>,
    text: String,
}

/// `H-07`, `R-05`, `C-01` (the classic game's): a letter, a dash, two digits.
fn is_ruling_id(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 4
        && (b[0] == b'H' || b[0] == b'R' || b[0] == b'C')
        && b[1] == b'-'
        && b[2].is_ascii_digit()
        && b[3].is_ascii_digit()
}

/// The ids at the start of a heading line, after `**`: `H-20, H-21, H-26 Formats` →
/// H-20, H-21, H-26.
fn heading_ids(rest: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut s = rest;
    while let Some(id) = s.get(..4).filter(|id| is_ruling_id(id)) {
        ids.push(id.to_string());
        s = &s[4..];
        match s.strip_prefix(", ") {
            Some(more) => s = more,
            None => break,
        }
    }
    ids
}

fn entries(text: &str) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("**") {
            let ids = heading_ids(rest);
            if !ids.is_empty() {
                out.push(Entry {
                    ids,
                    text: line.to_string(),
                });
                continue;
            }
        }
        if line.starts_with('#') {
            // A section heading ends the entry before it.
            out.push(Entry {
                ids: Vec::new(),
                text: String::new(),
            });
            continue;
        }
        if let Some(last) = out.last_mut() {
            last.text.push('\n');
            last.text.push_str(line);
        }
    }
    out.retain(|e| !e.ids.is_empty());
    out
}

fn cited() -> BTreeSet<String> {
    let root = workspace().join("scenarios");
    let mut cited = BTreeSet::new();
    for dir in ["rules", "cards"] {
        let scenarios = match epic_scenario::load_path(&root.join(dir)) {
            Ok(s) => s,
            Err(e) => panic!("scenarios/{dir} cannot be read:\n{e}"),
        };
        for s in scenarios {
            cited.extend(s.rules.into_iter().filter(|r| is_ruling_id(r)));
        }
    }
    let classic = epic_scenario::ruled::cited_rules(&root.join("classic"), "classic")
        .unwrap_or_else(|e| panic!("scenarios/classic cannot be read:\n{e}"));
    for (_, rules) in classic {
        cited.extend(rules.into_iter().filter(|r| is_ruling_id(r)));
    }
    cited
}

fn rulings_doc() -> String {
    let path = workspace().join("docs/rulings.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn headings_are_read() {
    assert_eq!(heading_ids("H-11 Breakthrough.** Text"), ["H-11"]);
    assert_eq!(
        heading_ids("H-20, H-21, H-26 Formats and God cards.**"),
        ["H-20", "H-21", "H-26"]
    );
    assert_eq!(heading_ids("R-05 Dividing battle damage.**"), ["R-05"]);
    assert!(heading_ids("Why:** no").is_empty());
    let doc =
        "## A\n\n**H-01 One.** a\nb\n\n**H-02, H-03 Two.** c Not pinned: d\n## B\nNot pinned: e\n";
    let e = entries(doc);
    assert_eq!(e.len(), 2);
    assert_eq!(e[0].ids, ["H-01"]);
    assert!(!e[0].text.contains("Not pinned:"));
    assert_eq!(e[1].ids, ["H-02", "H-03"]);
    assert!(e[1].text.contains("Not pinned: d"));
    assert!(!e[1].text.contains("Not pinned: e"));
}

/// Every open question of the checklist (H-01 … H-28) has its entry.
#[test]
fn every_open_question_has_a_ruling() {
    let found: BTreeSet<String> = entries(&rulings_doc())
        .into_iter()
        .flat_map(|e| e.ids)
        .collect();
    let missing: Vec<String> = (1..=28)
        .map(|n| format!("H-{n:02}"))
        .filter(|h| !found.contains(h))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/rulings.md has no entry for {}",
        missing.join(", ")
    );
}

#[test]
fn every_ruling_is_pinned_or_says_why_not() {
    let cited = cited();
    let mut unpinned = Vec::new();
    for e in entries(&rulings_doc()) {
        if e.text.contains("Not pinned:") {
            continue;
        }
        unpinned.extend(e.ids.into_iter().filter(|id| !cited.contains(id)));
    }
    assert!(
        unpinned.is_empty(),
        "rulings cited by no scenario's `rule` line and without a \"Not pinned:\" sentence in docs/rulings.md: {}",
        unpinned.join(", ")
    );
}

/// A scenario cites only rulings that exist (a misspelt id would pin nothing).
#[test]
fn every_cited_ruling_exists() {
    let known: BTreeSet<String> = entries(&rulings_doc())
        .into_iter()
        .flat_map(|e| e.ids)
        .collect();
    let unknown: Vec<String> = cited()
        .into_iter()
        .filter(|id| !known.contains(id))
        .collect();
    assert!(
        unknown.is_empty(),
        "scenarios cite rulings that docs/rulings.md does not have: {}",
        unknown.join(", ")
    );
}
