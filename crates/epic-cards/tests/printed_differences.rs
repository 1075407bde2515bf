//! The generated text of every card beside its printed text: where the two read
//! otherwise, `cards/printed-differences.txt` says why, and it explains nothing else.

use epic_cards::compare::{compare, explained_names, Comparison};
use epic_cards::full_pool;

#[allow(dead_code)]
mod reference;

/// Every card of the reference files that the pool has, compared.
fn comparisons() -> Option<Vec<Comparison>> {
    let mut out = Vec::new();
    for file in ["base-set.json", "expansions.json"] {
        let json = reference::load(file)?;
        for r in json["cards"].as_array().unwrap() {
            let field = |k: &str| r.get(k).and_then(|v| v.as_str());
            if let Some(c) = compare(
                full_pool(),
                field("name").unwrap(),
                field("text").unwrap_or(""),
                field("discard_pile_text"),
            ) {
                out.push(c);
            }
        }
    }
    Some(out)
}

#[test]
fn printed_differences() {
    let Some(all) = comparisons() else {
        return;
    };
    assert!(all.len() > 250, "only {} cards compared", all.len());
    let unexplained: Vec<String> = all
        .iter()
        .filter(|c| !c.same && c.why.is_none())
        .map(|c| {
            format!(
                "{}\n  printed:   {}\n  generated: {}",
                c.name, c.printed, c.generated
            )
        })
        .collect();
    assert!(
        unexplained.is_empty(),
        "{} difference(s) not explained in cards/printed-differences.txt:\n{}",
        unexplained.len(),
        unexplained.join("\n")
    );
    let stale: Vec<String> = explained_names()
        .into_iter()
        .filter(|n| {
            !all.iter()
                .any(|c| !c.same && c.name.eq_ignore_ascii_case(n))
        })
        .collect();
    assert!(
        stale.is_empty(),
        "cards/printed-differences.txt explains cards that read as printed or do not \
         exist: {}",
        stale.join(", ")
    );
    let mismatches: Vec<&str> = all
        .iter()
        .filter(|c| c.why.as_deref().is_some_and(|w| w.starts_with("MISMATCH")))
        .map(|c| c.name.as_str())
        .collect();
    assert!(
        mismatches.is_empty(),
        "cards that do not do what they print: {mismatches:?}"
    );
}
