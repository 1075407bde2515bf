//! Rule coverage: `scenarios/coverage.md` sorts every rule number of sections 1 – 5 of
//! the 2017 rules, their multiplayer rules (`M4.4.1`) and the checklist's format items
//! (`FMT-12`) into three sections — **Covered** (a generated table from rule to the
//! scenarios that name it in a `rule` line), **Not yet covered**, and **Excluded** (each
//! with its reason). A fourth section, **Worked examples not reproduced**, lists the
//! checklist's worked examples (`S-03`) that no scenario can show, each with its reason
//! ([`unreproduced_examples`]). [`check`] lists every way the file and the scenarios
//! disagree; [`update`] rewrites the generated parts from the scenarios.

use crate::Scenario;
use std::collections::BTreeMap;
use std::path::Path;

const COVERED: &str = "## Covered";
const TODO: &str = "## Not yet covered";
const EXCLUDED: &str = "## Excluded";
const UNREPRODUCED: &str = "## Worked examples not reproduced";

/// A rule number's sort key: `4.4.11a` after `4.4.2`, then the `M4.4` rules, then the
/// format items.
pub fn rule_key(rule: &str) -> (u8, Vec<(u32, String)>) {
    let (rank, r) = if let Some(r) = rule.strip_prefix("FMT-") {
        (2, r)
    } else if let Some(r) = rule.strip_prefix('M') {
        (1, r)
    } else {
        (0, rule)
    };
    let parts = r
        .split(['.', '-'])
        .map(|p| {
            let digits: String = p.chars().take_while(char::is_ascii_digit).collect();
            (digits.parse().unwrap_or(0), p[digits.len()..].to_string())
        })
        .collect();
    (rank, parts)
}

/// A numbered rule of the rulebook (`4.4.11a`, `M4.4.6`) or a format item (`FMT-12`),
/// not a ruling (`H-11`) or a worked example (`S-16`).
pub fn is_section_rule(rule: &str) -> bool {
    rule.starts_with("FMT-")
        || rule
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == 'M')
}

/// Rule → the scenarios naming it, as `path: name` (path relative to `root`).
pub fn derive(scenarios: &[Scenario], root: &Path) -> BTreeMap<String, Vec<String>> {
    let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for s in scenarios {
        let path = Path::new(&s.file);
        let rel = path.strip_prefix(root).unwrap_or(path);
        let rel = rel.display().to_string().replace('\\', "/");
        let entry = format!("`{rel}`: {}", s.name.replace('|', "/"));
        let mut rules = s.rules.clone();
        rules.sort();
        rules.dedup();
        // Rulings (H-nn, R-nn) are not rule numbers of sections 1 – 5.
        for r in rules.into_iter().filter(|r| is_section_rule(r)) {
            map.entry(r).or_default().push(entry.clone());
        }
    }
    map
}

/// The generated body of the Covered section.
pub fn render_covered(map: &BTreeMap<String, Vec<String>>) -> String {
    let mut rules: Vec<&String> = map.keys().collect();
    rules.sort_by_key(|r| rule_key(r));
    let mut out = String::from("| Rule | Scenarios |\n|---|---|\n");
    for r in rules {
        out.push_str(&format!("| {r} | {} |\n", map[r].join("<br>")));
    }
    out
}

/// The sections of the file, each as its lines; the worked examples' section is optional
/// (`None` when the file has none).
struct Sections<'a> {
    head: Vec<&'a str>,
    covered: Vec<&'a str>,
    todo: Vec<&'a str>,
    excluded: Vec<&'a str>,
    examples: Option<Vec<&'a str>>,
}

fn sections(text: &str) -> Result<Sections<'_>, String> {
    let mut s = Sections {
        head: vec![],
        covered: vec![],
        todo: vec![],
        excluded: vec![],
        examples: None,
    };
    let mut at = 0;
    let mut seen = [false; 4];
    for line in text.lines() {
        let t = line.trim();
        let next = match t {
            COVERED => Some(1),
            TODO => Some(2),
            EXCLUDED => Some(3),
            UNREPRODUCED => Some(4),
            _ => None,
        };
        if let Some(n) = next {
            if seen[n - 1] {
                return Err(format!("`{t}` appears twice"));
            }
            seen[n - 1] = true;
            at = n;
            if n == 4 {
                s.examples = Some(vec![]);
            }
            continue;
        }
        match at {
            0 => s.head.push(line),
            1 => s.covered.push(line),
            2 => s.todo.push(line),
            3 => s.excluded.push(line),
            _ => s.examples.get_or_insert_with(Vec::new).push(line),
        }
    }
    for (i, name) in [COVERED, TODO, EXCLUDED].iter().enumerate() {
        if !seen[i] {
            return Err(format!("the section `{name}` is missing"));
        }
    }
    Ok(s)
}

/// The rule of a table row `| 4.4.11a | … |` (not the header or separator).
fn table_rule(line: &str) -> Option<&str> {
    let t = line.trim().strip_prefix('|')?;
    let cell = t.split('|').next()?.trim();
    is_section_rule(cell).then_some(cell)
}

/// The rule of a list item `- 1.4.7 — reason` / `- 1.4.7`, and the rest of the line.
fn list_rule(line: &str) -> Option<(&str, &str)> {
    let t = line.trim().strip_prefix("- ")?.trim();
    let end = t.find(char::is_whitespace).unwrap_or(t.len());
    let rule = t[..end].trim_end_matches([':', ',']);
    is_section_rule(rule).then_some((rule, t[end..].trim()))
}

/// A worked example's list item `- S-03 — reason`: the id and the reason.
fn example_item(line: &str) -> Option<(&str, &str)> {
    let t = line.trim().strip_prefix("- ")?.trim();
    let end = t.find(char::is_whitespace).unwrap_or(t.len());
    let id = t[..end].trim_end_matches([':', ',']);
    let n = id.strip_prefix("S-")?;
    (!n.is_empty() && n.chars().all(|c| c.is_ascii_digit())).then(|| {
        let reason = t[end..].trim().trim_start_matches(['—', '-', ':', ' ']);
        (id, reason)
    })
}

/// The worked examples of the checklist (`S-03`) that the file lists under
/// `## Worked examples not reproduced`, each with its reason (empty when it gives none).
pub fn unreproduced_examples(text: &str) -> Result<Vec<(String, String)>, String> {
    let s = sections(text)?;
    Ok(s.examples
        .unwrap_or_default()
        .iter()
        .filter_map(|l| example_item(l))
        .map(|(id, reason)| (id.to_string(), reason.to_string()))
        .collect())
}

/// Every disagreement between the coverage file and the scenarios (empty: they agree).
pub fn check(text: &str, scenarios: &[Scenario], root: &Path) -> Vec<String> {
    let s = match sections(text) {
        Ok(s) => s,
        Err(e) => return vec![format!("coverage file: {e}")],
    };
    let derived = derive(scenarios, root);
    let mut problems = Vec::new();
    let mut seen: BTreeMap<String, &str> = BTreeMap::new();
    let mut note = |rule: &str, section: &'static str, problems: &mut Vec<String>| {
        if let Some(prev) = seen.insert(rule.to_string(), section) {
            problems.push(format!(
                "rule {rule} is listed under both `{prev}` and `{section}`"
            ));
        }
    };
    for line in &s.covered {
        if let Some(r) = table_rule(line) {
            note(r, COVERED, &mut problems);
            if !derived.contains_key(r) {
                problems.push(format!(
                    "rule {r} is listed as covered, but no scenario names it in a `rule` line"
                ));
            }
        }
    }
    for line in &s.todo {
        if let Some((r, _)) = list_rule(line) {
            note(r, TODO, &mut problems);
            if derived.contains_key(r) {
                problems.push(format!(
                    "rule {r} is listed as not yet covered, but scenarios name it: {}",
                    derived[r].join("; ")
                ));
            }
        }
    }
    for line in &s.excluded {
        if let Some((r, reason)) = list_rule(line) {
            note(r, EXCLUDED, &mut problems);
            if reason.trim_start_matches(['—', '-', ':', ' ']).is_empty() {
                problems.push(format!("excluded rule {r} gives no reason"));
            }
            if derived.contains_key(r) {
                problems.push(format!(
                    "rule {r} is excluded, but scenarios name it: {}",
                    derived[r].join("; ")
                ));
            }
        }
    }
    let mut listed = std::collections::BTreeSet::new();
    for line in s.examples.iter().flatten() {
        if line.trim().starts_with("- ") && example_item(line).is_none() {
            problems.push(format!(
                "`{UNREPRODUCED}`: `{}` is not of the form `- S-nn — reason`",
                line.trim()
            ));
            continue;
        }
        let Some((id, reason)) = example_item(line) else {
            continue;
        };
        if !listed.insert(id) {
            problems.push(format!("worked example {id} is listed twice"));
        }
        if reason.is_empty() {
            problems.push(format!(
                "worked example {id} is not reproduced, but gives no reason"
            ));
        }
        let citing: Vec<&Scenario> = scenarios
            .iter()
            .filter(|sc| sc.rules.iter().any(|r| r == id))
            .collect();
        if !citing.is_empty() {
            problems.push(format!(
                "worked example {id} is listed as not reproduced, but scenarios cite it: {}",
                citing
                    .iter()
                    .map(|sc| format!("{}:{}", sc.file, sc.line))
                    .collect::<Vec<_>>()
                    .join("; ")
            ));
        }
    }
    for (r, names) in &derived {
        if !seen.contains_key(r.as_str()) {
            problems.push(format!(
                "scenarios name rule {r}, which the coverage file does not list: {}",
                names.join("; ")
            ));
        }
    }
    let body: Vec<&str> = s
        .covered
        .iter()
        .copied()
        .filter(|l| l.trim_start().starts_with('|'))
        .collect();
    let want = render_covered(&derived);
    let want: Vec<&str> = want.lines().collect();
    if body != want {
        let have: std::collections::BTreeSet<&str> = body.iter().copied().collect();
        let need: std::collections::BTreeSet<&str> = want.iter().copied().collect();
        let mut diff: Vec<String> = need
            .difference(&have)
            .map(|l| format!("  missing: {l}"))
            .collect();
        diff.extend(have.difference(&need).map(|l| format!("  stale:   {l}")));
        if diff.is_empty() {
            diff.push("  (same rows, different order)".into());
        }
        problems.push(format!(
            "the Covered table does not match the scenarios' `rule` lines:\n{}",
            diff.join("\n")
        ));
    }
    problems
}

/// The file with its Covered table regenerated and newly covered rules taken out of
/// Not yet covered (so a rule moves there by writing its scenario).
pub fn update(text: &str, scenarios: &[Scenario], root: &Path) -> Result<String, String> {
    let s = sections(text)?;
    let derived = derive(scenarios, root);
    let mut out = String::new();
    for l in &s.head {
        out.push_str(l);
        out.push('\n');
    }
    out.push_str(COVERED);
    out.push('\n');
    let intro: Vec<&str> = s
        .covered
        .iter()
        .copied()
        .take_while(|l| !l.trim_start().starts_with('|'))
        .collect();
    for l in &intro {
        out.push_str(l);
        out.push('\n');
    }
    out.push_str(&render_covered(&derived));
    out.push('\n');
    out.push_str(TODO);
    out.push('\n');
    let mut todo: Vec<&str> = s
        .todo
        .iter()
        .copied()
        .filter(|l| list_rule(l).is_none_or(|(r, _)| !derived.contains_key(r)))
        .collect();
    while todo.first().is_some_and(|l| l.trim().is_empty()) {
        todo.remove(0);
    }
    out.push('\n');
    for l in todo {
        out.push_str(l);
        out.push('\n');
    }
    out.push_str(EXCLUDED);
    out.push('\n');
    for l in &s.excluded {
        out.push_str(l);
        out.push('\n');
    }
    if let Some(examples) = &s.examples {
        out.push_str(UNREPRODUCED);
        out.push('\n');
        for l in examples {
            out.push_str(l);
            out.push('\n');
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "# Rule coverage\n\n## Covered\n\n| Rule | Scenarios |\n|---|---|\n\n\
        ## Not yet covered\n\n## Excluded\n\n- 2.7.1 — table\n\n\
        ## Worked examples not reproduced\n\nSome words.\n\n- S-03 — team games\n- S-17:\n";

    #[test]
    fn worked_examples_are_read_with_their_reasons() {
        let got = unreproduced_examples(FILE).unwrap();
        assert_eq!(
            got,
            vec![
                ("S-03".to_string(), "team games".to_string()),
                ("S-17".to_string(), String::new()),
            ]
        );
        assert!(
            unreproduced_examples("## Covered\n## Not yet covered\n## Excluded\n")
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn a_worked_example_without_a_reason_is_a_problem() {
        let problems = check(FILE, &[], Path::new("."));
        assert_eq!(
            problems,
            vec!["worked example S-17 is not reproduced, but gives no reason".to_string()]
        );
    }

    #[test]
    fn update_keeps_the_worked_examples() {
        let out = update(FILE, &[], Path::new(".")).unwrap();
        assert!(out.contains("## Worked examples not reproduced\n"));
        assert!(out.contains("- S-03 — team games\n"));
        assert!(out.find("## Excluded").unwrap() < out.find("## Worked examples").unwrap());
    }
}
