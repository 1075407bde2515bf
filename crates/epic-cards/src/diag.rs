//! Diagnostics: every mistake in a file, with where it is and what was expected.

use std::fmt;

/// One mistake in a card file or deck list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The source name given to the parser (usually a path).
    pub file: String,
    /// 1-based line number; 0 when the mistake is about the file as a whole.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

/// Every mistake found in one file. A file is checked to the end, so one run reports all
/// of them; the list is never empty.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Errors(pub Vec<Diagnostic>);

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl Errors {
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Levenshtein distance over characters, case-insensitive.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Words longer than this get no suggestion: no real name is half as long, and comparing
/// a word costs time in proportion to its length.
pub(crate) const MAX_SUGGESTED_LEN: usize = 64;

/// The candidates closest to `word`, best first, only those close enough to be a
/// plausible typo: what "did you mean" messages suggest. Nothing for a word longer than
/// 64 characters, and no distance is worked out for a candidate whose length alone puts
/// it too far, so the work stays small whatever the input.
pub fn nearest<'a, I>(word: &str, candidates: I, max: usize) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let len = word.chars().count();
    if len > MAX_SUGGESTED_LEN {
        return Vec::new();
    }
    let candidates: Vec<&str> = candidates.into_iter().collect();
    // A name the word starts, or one of whose words it starts ("Saren" for "Saren,
    // Night Stalker"), comes first, the shortest first: what was typed is its beginning.
    let lower = word.trim().to_lowercase();
    let mut starts: Vec<&str> = if lower.chars().count() >= 3 {
        candidates
            .iter()
            .copied()
            .filter(|c| {
                let c = c.to_lowercase();
                c != lower && (c.starts_with(&lower) || c.contains(&format!(" {lower}")))
            })
            .collect()
    } else {
        Vec::new()
    };
    starts.sort_by_key(|c| (c.chars().count(), *c));
    // About one edit in three characters: "wlid" is "wild", but "non-evil" is not "devil".
    let limit = (len / 3).max(2);
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .filter(|c| c.chars().count().abs_diff(len) <= limit)
        // Nor is a word less than half as long as the other ("a" for "any").
        .filter(|c| c.chars().count() * 2 > len && len * 2 > c.chars().count())
        .map(|c| (edit_distance(word, c), c))
        // The word itself (in any case) is no suggestion.
        .filter(|(d, _)| (1..=limit).contains(d))
        .collect();
    scored.sort_by_key(|(d, _)| *d);
    let mut near = starts;
    for (_, c) in scored {
        if !near.contains(&c) {
            near.push(c);
        }
    }
    near.dedup();
    near.into_iter().take(max).collect()
}

/// The start of a text for a message, and the same quoted: one cut for every message.
pub use epic_game::words::{excerpt, quoted};

/// The most names a message lists.
const LISTED: usize = 10;

/// "a, b, c" for a message: at most [`LISTED`] names, each cut as [`excerpt`] does, and how
/// many there are in all when that is more.
pub(crate) fn short_list(names: &[String]) -> String {
    let shown: Vec<String> = names.iter().take(LISTED).map(|n| excerpt(n)).collect();
    let more = if names.len() > LISTED {
        format!(", … ({} in all)", names.len())
    } else {
        String::new()
    };
    format!("{}{more}", shown.join(", "))
}

/// " — did you mean 'x'?" or nothing.
pub(crate) fn did_you_mean<'a, I>(word: &str, candidates: I) -> String
where
    I: IntoIterator<Item = &'a str>,
{
    match nearest(word, candidates, 1).first() {
        Some(c) => format!("; did you mean {}?", quoted(c)),
        None => String::new(),
    }
}

/// "; did you mean 'a' or 'b'?" for a list of suggestions, or nothing when it is empty.
pub fn suggestion<S: AsRef<str>>(near: &[S]) -> String {
    if near.is_empty() {
        return String::new();
    }
    let names: Vec<String> = near.iter().map(|n| quoted(n.as_ref())).collect();
    format!("; did you mean {}?", names.join(" or "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance() {
        assert_eq!(edit_distance("blitz", "blitz"), 0);
        assert_eq!(edit_distance("blits", "blitz"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(
            nearest("saren", ["Saren, Night Stalker", "Sarin", "Raze"], 2),
            ["Saren, Night Stalker", "Sarin"],
            "a name the word begins comes first"
        );
        assert_eq!(
            nearest("stalker", ["Saren, Night Stalker", "Stalked"], 2),
            ["Saren, Night Stalker", "Stalked"],
            "so does one of whose words it begins"
        );
        assert_eq!(
            nearest("airbone", ["airborne", "ambush"], 3),
            vec!["airborne"]
        );
    }
}
