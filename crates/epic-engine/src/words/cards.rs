//! The 2017 cards as a player reads them: each card's row and sheet
//! ([`epic_game::CardInfo`]), and what a keyword or symbol means.

use epic_cards::{CardId, CardPool};
use epic_game::CardInfo;
use epic_model::{CardType, Keyword};

/// Text made comparable: lower case, punctuation left out, one space between words.
fn plain(s: &str) -> String {
    crate::setup::names::plain(s)
}

/// A card as `epic cards` lists it, with its sheet.
pub fn card_info(pool: &CardPool, id: CardId) -> CardInfo {
    let c = pool.get(id);
    let champion = c.kind == CardType::Champion;
    let text = epic_cards::card_text(pool, id);
    CardInfo {
        name: c.name.clone(),
        alignment: c
            .alignments
            .iter()
            .map(|a| a.name())
            .collect::<Vec<_>>()
            .join("/"),
        kind: c.kind.name().into(),
        cost: (!c.is_god()).then_some(c.cost),
        offense: champion.then_some(i32::from(c.offense)),
        defense: champion.then_some(i32::from(c.defense)),
        keywords: c.keywords.iter().map(|k| k.name().to_string()).collect(),
        classes: c.classes.clone(),
        token: c.token,
        set: c.set.clone(),
        sheet: sheet(pool, id, &text),
        text,
    }
}

/// The card as a player reads it: type line, cost, stats, text, the reminders of its
/// keywords and symbols, its flavour.
fn sheet(pool: &CardPool, id: CardId, text: &str) -> String {
    let c = pool.get(id);
    let mut s = format!("{}\n", c.name);
    let aligns: Vec<String> = c.alignments.iter().map(|a| a.to_string()).collect();
    let classes = if c.classes.is_empty() {
        String::new()
    } else {
        format!(" — {}", c.classes.join(" "))
    };
    let token = if c.token { " token" } else { "" };
    s += &format!(
        "{} {}{token}{classes}\n",
        aligns.join("/"),
        super::cap(c.kind.name())
    );
    if c.is_god() {
        s += "God card: brought beside a deck, it starts the game face up in the Supplemental \
              zone, where no card can affect it (2.4).\n";
    } else {
        s += &format!(
            "Cost: {} gold{}\n",
            c.cost,
            if c.rare {
                " · rare gem (one copy in a cube)"
            } else {
                ""
            }
        );
    }
    if c.kind == CardType::Champion {
        s += &format!("Offense {} / Defense {}\n", c.offense, c.defense);
    }
    if !text.is_empty() {
        s += &format!("\n{}\n", super::plain_symbols(text));
    }
    // The two "must" rules are printed in full in the text already: no reminder for them.
    let reminders: Vec<String> = c
        .keywords
        .iter()
        .filter(|k| !matches!(k, Keyword::MustAttack | Keyword::MustBeBlocked))
        .map(|k| format!("  {k}: {}", epic_cards::reminder(k)))
        .collect();
    // Each symbol in the words the text above uses for it.
    let symbols: Vec<String> = epic_cards::symbol_reminders(text)
        .into_iter()
        .map(|(symbol, meaning)| {
            let word = match symbol {
                "{0}" => "0-cost".to_string(),
                _ => super::plain_symbols(symbol),
            };
            format!("  {word}: {}", super::plain_symbols(meaning))
        })
        .collect();
    if !reminders.is_empty() || !symbols.is_empty() {
        s += &format!("\n{}\n", [reminders, symbols].concat().join("\n"));
    }
    if let Some(f) = &c.flavor {
        s += &format!("\n\"{f}\"\n");
    }
    s
}

/// What a keyword or a symbol means (`airborne`, `expend`, `ally`, `gold`).
pub fn explain(word: &str) -> Option<String> {
    let wanted = plain(word);
    if let Some(k) = Keyword::ALL
        .into_iter()
        .find(|k| plain(k.name()) == wanted || plain(&k.to_string()) == wanted)
    {
        return Some(format!("{k} (keyword): {}", k.reminder()));
    }
    let symbol = |s: &str| plain(&s.replace(['{', '}', '→'], " "));
    let meanings: Vec<String> = epic_cards::SYMBOLS
        .iter()
        .filter(|(s, meaning)| {
            symbol(s) == wanted
                || (wanted == "ally" && meaning.starts_with("Ally"))
                || (wanted == "gold" && *s == "{1}")
        })
        .map(|(s, meaning)| format!("{s}: {meaning}"))
        .collect();
    match meanings.as_slice() {
        [] => None,
        // The four Ally symbols say the same of four alignments: one is enough.
        [first, ..] if wanted == "ally" => Some(format!(
            "{first}\n(and likewise {{evil}} →, {{sage}} →, {{wild}} → for the other alignments)"
        )),
        _ => Some(meanings.join("\n")),
    }
}
