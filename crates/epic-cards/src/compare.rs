//! The generated text of each card beside its printed text (`epic cards --compare FILE`):
//! both are read in one plain form, so that only differences of wording remain, and each
//! difference that remains is explained in `cards/printed-differences.txt`.

use crate::card_text;
use epic_model::CardPool;

/// Why the generated text of a card reads otherwise than the printed card: lines
/// `Card Name: why`, `#` comments.
pub const EXPLANATIONS: &str = include_str!("../../../cards/printed-differences.txt");

/// One card's two texts.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Comparison {
    pub name: String,
    /// The printed text, with its discard-pile text after "In discard pile:".
    pub printed: String,
    /// The text generated from the card's definition.
    pub generated: String,
    /// Whether the two read alike in the plain form.
    pub same: bool,
    /// Why they differ, from [`EXPLANATIONS`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

/// The lines of [`EXPLANATIONS`]: (card name, why).
fn entries() -> impl Iterator<Item = (&'static str, &'static str)> {
    EXPLANATIONS
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| l.split_once(": "))
        .map(|(name, why)| (name.trim(), why.trim()))
}

/// The explanation given for a card, if any.
pub fn explanation(name: &str) -> Option<String> {
    entries()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, why)| why.to_string())
}

/// The names [`EXPLANATIONS`] explains, in its order.
pub fn explained_names() -> Vec<String> {
    entries().map(|(name, _)| name.to_string()).collect()
}

/// Compares a card of the pool with its printed text and discard-pile text; `None` when
/// the pool has no card of that name.
pub fn compare(
    pool: &CardPool,
    name: &str,
    printed: &str,
    discard_pile: Option<&str>,
) -> Option<Comparison> {
    let name = name.replace('’', "'");
    let id = pool.by_name(&name)?;
    let printed = match discard_pile.filter(|t| !t.trim().is_empty()) {
        Some(dp) => format!("{}\nIn discard pile:\n{}", printed.trim(), dp.trim()),
        None => printed.trim().to_string(),
    };
    let generated = card_text(pool, id);
    Some(Comparison {
        same: plain(&printed) == plain(&generated),
        why: explanation(&name),
        name: pool.get(id).name.clone(),
        printed,
        generated,
    })
}

/// The plain form both texts are compared in: lower case, plain quotation marks, no
/// reminder text in parentheses and no flavour sentence in quotes, no full stops, numbers
/// of tokens as words, "this champion" as "this card", "from a discard pile" as "in" it,
/// one space between words.
pub fn plain(text: &str) -> String {
    let mut t = text
        .to_lowercase()
        .replace(['’', '‘'], "'")
        .replace(['“', '”'], "\"")
        .replace("it's", "it is")
        .replace("this champion", "this card");
    t = without_between(&t, '(', ')');
    t = without_between(&t, '"', '"');
    for whose in ["your", "any", "their", "a"] {
        t = t.replace(
            &format!("from {whose} discard pile"),
            &format!("in {whose} discard pile"),
        );
    }
    let words: Vec<String> = t
        .replace('.', " ")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    // "put 2 human tokens" reads as "put two human tokens".
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        let token_follows = words
            .get(i + 1..(i + 3).min(words.len()))
            .is_some_and(|next| next.iter().any(|n| n.starts_with("token")));
        match (w.parse::<u8>(), token_follows) {
            (Ok(n), true) => out.push(number_word(n)),
            _ => out.push(w.clone()),
        }
    }
    out.join(" ")
}

fn number_word(n: u8) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// `text` without what lies between `open` and `close` (and them).
fn without_between(text: &str, open: char, close: char) -> String {
    let mut out = String::with_capacity(text.len());
    let mut inside = false;
    for c in text.chars() {
        if inside {
            if c == close {
                inside = false;
            }
        } else if c == open {
            inside = true;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_form_leaves_out_what_is_not_wording() {
        assert_eq!(
            plain("Tribute → Recycle (reminder text.)\n\n\"Follow me!\""),
            plain("Tribute → Recycle.")
        );
        assert_eq!(
            plain("Put 2 human tokens into play."),
            plain("Put two human tokens into play.")
        );
        assert_eq!(
            plain("Return a champion from your discard pile."),
            plain("Return a champion in your discard pile.")
        );
        assert_ne!(plain("Deal 2 damage."), plain("Deal 3 damage."));
    }
}
