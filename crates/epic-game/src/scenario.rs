//! What every ruleset's scenarios share (docs/scenarios.md). A scenario file of a ruleset
//! starts with `ruleset NAME`; `epic-scenario` reads its scenarios, makes the decisions
//! and checks what every game has (the options, the decision, the winner). The ruleset
//! reads the rest: its setup statements ([`crate::Ruleset::scenario_position`]) and its
//! own expectations ([`crate::Ruleset::scenario_expect`]), with the helpers here, so that
//! every ruleset writes seats, card lists and checks alike.

use crate::words::quoted;
use crate::Seat;

/// One statement of a scenario, with the line of the file it was written on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    pub line: usize,
    pub text: String,
}

/// A mistake in a scenario's setup: the line, and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    pub line: usize,
    pub message: String,
}

/// Most seats a scenario names (`p1` to `p8`).
pub const MOST_SEATS: usize = 8;

/// A seat written as one word, `p1` to `p8` (from 0).
pub fn seat_word(word: &str) -> Option<Seat> {
    let n: usize = word
        .strip_prefix(['p', 'P'])?
        .parse()
        .ok()
        .filter(|n| (1..=MOST_SEATS).contains(n))?;
    Some((n - 1) as Seat)
}

/// A seat written as one word (`p2`), among a table's `seats` (from 0).
pub fn seat_among(word: &str, seats: usize) -> Result<usize, String> {
    seat_word(word)
        .map(usize::from)
        .filter(|&p| p < seats)
        .ok_or_else(|| format!("no seat {}", quoted(word)))
}

/// Seats as scenarios list them: `p1, p3`.
pub fn seats_named(seats: &[Seat]) -> String {
    let named: Vec<String> = seats.iter().map(|s| format!("p{}", s + 1)).collect();
    named.join(", ")
}

/// What follows the first `n` words of `text` (words end at any whitespace, a
/// non-breaking space too), trimmed: never a slice inside a character or past the end.
pub fn after_words(text: &str, n: usize) -> &str {
    let mut rest = text.trim_start();
    for _ in 0..n {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        rest = rest[end..].trim_start();
    }
    rest
}

/// `Ok` when `ok`, else what was found instead: `got …`.
pub fn checked(ok: bool, got: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!("got {}", got()))
    }
}

/// A list of cards as scenarios write it: `A, B x3` (or `none`, `empty`), each name with
/// how many copies. A name with commas in it is one name when `is_card` says the joined
/// pieces name a card (at most two commas, as in every real card's name).
pub fn card_list(
    text: &str,
    is_card: impl Fn(&str) -> bool,
) -> Result<Vec<(String, usize)>, String> {
    let text = text.trim();
    if text.is_empty() || text.eq_ignore_ascii_case("none") || text.eq_ignore_ascii_case("empty") {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for item in joined_names(text, &is_card) {
        if item.is_empty() {
            return Err(format!("empty name in the list {}", quoted(text)));
        }
        let (name, count) = match copies(&item) {
            Some((name, count)) => (name, count.parse::<usize>().map_err(|e| e.to_string())?),
            None => (item.as_str(), 1),
        };
        if count == 0 || count > 60 {
            return Err(format!("{}: a repeat count is 1 to 60", quoted(&item)));
        }
        out.push((name.to_string(), count));
    }
    Ok(out)
}

/// A [`card_list`] of one game's cards, each copy once: `find` looks each name up, and
/// a name it does not know is refused as no card of `game` ("classic", "multiverse").
pub fn cards_of<T: Clone>(
    text: &str,
    game: &str,
    find: impl Fn(&str) -> Option<T>,
) -> Result<Vec<T>, String> {
    let mut out = Vec::new();
    for (name, n) in card_list(text, |n| find(n).is_some())? {
        let card =
            find(&name).ok_or_else(|| format!("no {game} card is named {}", quoted(&name)))?;
        out.extend(std::iter::repeat_n(card, n));
    }
    Ok(out)
}

/// `NAME xN` as the name and the digits of N.
fn copies(item: &str) -> Option<(&str, &str)> {
    let (name, count) = item.rsplit_once(' ')?;
    let digits = count.strip_prefix('x')?;
    (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()))
        .then(|| (name.trim(), digits))
}

/// The comma-separated pieces of a list, each joined with the pieces after it when
/// together they name a card.
fn joined_names(text: &str, is_card: &impl Fn(&str) -> bool) -> Vec<String> {
    let pieces: Vec<&str> = text.split(',').collect();
    let names_card = |text: &str| {
        let text = text.trim();
        is_card(copies(text).map_or(text, |(name, _)| name))
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < pieces.len() {
        let longest = (i + 1..=(i + 3).min(pieces.len()))
            .rev()
            .find(|&j| j == i + 1 || names_card(&pieces[i..j].join(",")))
            .unwrap_or(i + 1);
        out.push(pieces[i..longest].join(",").trim().to_string());
        i = longest;
    }
    out
}

/// Checks the names of the cards somewhere against an expectation: a count (`3`), or
/// exactly (`is A, B x2`), at least (`has A` — copies counted) or none of (`lacks A`)
/// the cards listed.
pub fn names_expect(
    mut got: Vec<String>,
    expected: &str,
    is_card: impl Fn(&str) -> bool,
) -> Result<(), String> {
    got.sort();
    let listed = |text: &str| -> Result<Vec<String>, String> {
        let mut names: Vec<String> = card_list(text, &is_card)?
            .into_iter()
            .flat_map(|(name, n)| std::iter::repeat_n(name, n))
            .collect();
        names.sort();
        Ok(names)
    };
    let count = |list: &[String], name: &String| list.iter().filter(|n| *n == name).count();
    let ok = if let Ok(n) = expected.parse::<usize>() {
        got.len() == n
    } else if let Some(text) = expected.strip_prefix("is ") {
        got == listed(text)?
    } else if let Some(text) = expected.strip_prefix("has ") {
        let want = listed(text)?;
        want.iter().all(|n| count(&got, n) >= count(&want, n))
    } else if let Some(text) = expected.strip_prefix("lacks ") {
        listed(text)?.iter().all(|n| !got.contains(n))
    } else {
        return Err("expected a count, 'is', 'has' or 'lacks'".into());
    };
    checked(ok, || format!("{} ({})", got.len(), got.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_copies_and_names_with_commas() {
        let is_card = |n: &str| n == "Saren, Night Stalker";
        assert_eq!(
            card_list("Saren, Night Stalker x2, Fireball", is_card).unwrap(),
            vec![
                ("Saren, Night Stalker".to_string(), 2),
                ("Fireball".to_string(), 1)
            ]
        );
        assert!(card_list("Fireball x0", is_card).is_err());
        assert!(card_list("none", is_card).unwrap().is_empty());
    }

    #[test]
    fn seats_are_one_to_eight() {
        assert_eq!(seat_word("p1"), Some(0));
        assert_eq!(seat_word("P8"), Some(7));
        assert_eq!(seat_word("p9"), None);
        assert_eq!(seat_word("p"), None);
    }

    #[test]
    fn expected_names_are_counted_as_written() {
        let any = |n: &str| n.len() == 1;
        let got = || vec!["B".to_string(), "A".to_string(), "A".to_string()];
        assert!(names_expect(got(), "3", any).is_ok());
        assert!(names_expect(got(), "is A x2, B", any).is_ok());
        assert!(names_expect(got(), "has A x2", any).is_ok());
        assert!(names_expect(got(), "has A x3", any).is_err());
        assert!(names_expect(got(), "lacks C", any).is_ok());
        assert_eq!(
            names_expect(got(), "lacks B", any),
            Err("got 3 (A, A, B)".into())
        );
        assert_eq!(after_words("option  Play\u{a0}x", 1), "Play\u{a0}x");
    }
}
