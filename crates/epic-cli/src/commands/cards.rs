//! `epic cards`: list and search the card pool; `epic cards show NAME` for one card.

use crate::commands::print_json;
use crate::error::{CliError, CliResult};
use crate::names;
use epic_cards::{CardId, CardPool};
use epic_model::{CardType, Keyword};
use serde::Serialize;

#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub show: Option<Show>,
    /// Text to look for in a card's name, class, keywords, alignment, type or rules
    /// text (case-insensitive): `epic cards draw` finds the cards that draw.
    pub query: Option<String>,
    /// Only cards of sets whose name contains this ("base", "tyrants", "markus").
    #[arg(long)]
    pub set: Option<String>,
    /// Only cards of this alignment (good, evil, sage, wild).
    #[arg(long)]
    pub alignment: Option<String>,
    /// Only cards of this type (champion, event, god).
    #[arg(long = "type", value_name = "TYPE")]
    pub kind: Option<String>,
    /// Only cards of this gold cost (0 or 1).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=1))]
    pub cost: Option<u8>,
    /// Include the tokens (Wolf, Zombie, Human, Demon).
    #[arg(long)]
    pub tokens: bool,
    /// Print a JSON array instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Compare each card's generated text with its printed text from a reference file
    /// (JSON: a list of cards, or an object with a `cards` list, each with `name`, `text`
    /// and `discard_pile_text`), and list every difference with its explanation.
    #[arg(long, value_name = "FILE")]
    pub compare: Option<std::path::PathBuf>,
}

#[derive(clap::Subcommand, Debug)]
pub enum Show {
    /// Show one card as a player reads it: type line, cost, stats, text, keyword reminders
    /// (or what a keyword or symbol means: `epic cards show airborne`).
    Show {
        /// The card's name (case-insensitive).
        #[arg(required = true, num_args = 1..)]
        name: Vec<String>,
        /// Print a JSON object instead.
        #[arg(long)]
        json: bool,
    },
}

/// A card as listed.
#[derive(Serialize, Debug)]
pub struct CardRow {
    pub name: String,
    pub alignment: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// `None` for a God card, which is never paid for.
    pub cost: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offense: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defense: Option<u8>,
    pub keywords: Vec<String>,
    pub classes: Vec<String>,
    pub token: bool,
    pub set: String,
    pub text: String,
}

pub fn row(pool: &CardPool, id: CardId) -> CardRow {
    let c = pool.get(id);
    let champion = c.kind == CardType::Champion;
    CardRow {
        name: c.name.clone(),
        alignment: c
            .alignments
            .iter()
            .map(|a| a.name())
            .collect::<Vec<_>>()
            .join("/"),
        kind: c.kind.name().into(),
        cost: (!c.is_god()).then_some(c.cost),
        offense: champion.then_some(c.offense),
        defense: champion.then_some(c.defense),
        keywords: c.keywords.iter().map(|k| k.name().to_string()).collect(),
        classes: c.classes.clone(),
        token: c.token,
        set: c.set.clone(),
        text: epic_cards::card_text(pool, id),
    }
}

/// The card as a player reads it.
pub fn card_sheet(pool: &CardPool, id: CardId) -> String {
    let c = pool.get(id);
    let r = row(pool, id);
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
        crate::display::cap(c.kind.name())
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
    if !r.text.is_empty() {
        s += &format!("\n{}\n", r.text);
    }
    // The two "must" rules are printed in full in the text already: no reminder for them.
    let reminders: Vec<String> = c
        .keywords
        .iter()
        .filter(|k| !matches!(k, Keyword::MustAttack | Keyword::MustBeBlocked))
        .map(|k| format!("  {k}: {}", epic_cards::reminder(k)))
        .collect();
    let symbols: Vec<String> = epic_cards::symbol_reminders(&r.text)
        .into_iter()
        .map(|(symbol, meaning)| format!("  {symbol}: {meaning}"))
        .collect();
    if !reminders.is_empty() || !symbols.is_empty() {
        s += &format!("\n{}\n", [reminders, symbols].concat().join("\n"));
    }
    if let Some(f) = &c.flavor {
        s += &format!("\n\"{f}\"\n");
    }
    s
}

fn matches(r: &CardRow, q: &str) -> bool {
    let q = q.to_lowercase();
    r.name.to_lowercase().contains(&q)
        || r.alignment.contains(&q)
        || r.kind.contains(&q)
        || r.classes.iter().any(|c| c.to_lowercase().contains(&q))
        || r.keywords.iter().any(|k| k.contains(&q))
        || r.text.to_lowercase().contains(&q)
}

/// `epic cards --compare FILE`: every card of the file beside its generated text.
fn compare(pool: &CardPool, path: &std::path::Path, json: bool) -> CliResult {
    let text = crate::error::read_text(path)?;
    let doc: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| CliError::input(format!("{} is not JSON: {e}", path.display())))?;
    let list = doc.get("cards").unwrap_or(&doc).as_array().ok_or_else(|| {
        CliError::input(format!(
            "{}: expected a list of cards, or an object with a \"cards\" list",
            path.display()
        ))
    })?;
    let mut rows = Vec::new();
    let mut unknown = Vec::new();
    for card in list {
        let field = |k: &str| card.get(k).and_then(|v| v.as_str());
        let Some(name) = field("name") else {
            return Err(CliError::input(format!(
                "{}: a card without a \"name\"",
                path.display()
            )));
        };
        match epic_cards::compare::compare(
            pool,
            name,
            field("text").unwrap_or(""),
            field("discard_pile_text"),
        ) {
            Some(c) => rows.push(c),
            None => unknown.push(name.to_string()),
        }
    }
    if json {
        return print_json(&rows);
    }
    let differ: Vec<_> = rows.iter().filter(|c| !c.same).collect();
    for c in &differ {
        println!("{}", c.name);
        println!("  printed:   {}", c.printed.replace('\n', " / "));
        println!("  generated: {}", c.generated.replace('\n', " / "));
        match &c.why {
            Some(why) => println!("  why: {why}"),
            None => println!("  why: (not explained)"),
        }
        println!();
    }
    let unexplained = differ.iter().filter(|c| c.why.is_none()).count();
    println!(
        "{} card(s) compared: {} read as printed, {} differ ({} explained, {unexplained} not).",
        rows.len(),
        rows.len() - differ.len(),
        differ.len(),
        differ.len() - unexplained
    );
    if !unknown.is_empty() {
        println!(
            "Not in the card pool ({}): {}.",
            unknown.len(),
            unknown.join(", ")
        );
    }
    Ok(())
}

pub fn run(args: Args) -> CliResult {
    let pool = names::pool();
    if let Some(path) = &args.compare {
        return compare(&pool, path, args.json);
    }
    if let Some(Show::Show { name, json }) = args.show {
        let name = name.join(" ");
        if json {
            return print_json(&row(&pool, names::find_card(&pool, &name)?));
        }
        // A keyword or a symbol is explained too (`epic cards show airborne`).
        let sheet = explain(&pool, &name, &[])?;
        println!("{}", sheet.trim_end());
        return Ok(());
    }
    if let Some(a) = &args.alignment {
        if epic_model::Alignment::parse(a).is_none() {
            return Err(CliError::input(format!(
                "unknown alignment '{a}': expected good, evil, sage or wild"
            )));
        }
    }
    if let Some(t) = &args.kind {
        if !["champion", "event", "god"].contains(&t.to_lowercase().as_str()) {
            return Err(CliError::input(format!(
                "unknown type '{t}': expected champion, event or god"
            )));
        }
    }
    let rows: Vec<CardRow> = pool
        .iter()
        .map(|(id, _)| row(&pool, id))
        .filter(|r| args.tokens || !r.token)
        .filter(|r| args.query.as_deref().is_none_or(|q| matches(r, q)))
        .filter(|r| {
            args.alignment
                .as_deref()
                .is_none_or(|a| r.alignment.split('/').any(|x| x.eq_ignore_ascii_case(a)))
        })
        .filter(|r| {
            args.kind
                .as_deref()
                .is_none_or(|t| r.kind.eq_ignore_ascii_case(t))
        })
        .filter(|r| args.cost.is_none_or(|c| r.cost == Some(c)))
        .filter(|r| {
            args.set
                .as_deref()
                .is_none_or(|s| r.set.to_lowercase().contains(&s.to_lowercase()))
        })
        .collect();
    if args.json {
        return print_json(&rows);
    }
    if rows.is_empty() {
        println!("No card matches.");
        if let Some(q) = &args.query {
            let near = names::nearest_cards(&pool, q, 3);
            if !near.is_empty() {
                println!("Did you mean: {}?", near.join(", "));
            }
        }
        return Ok(());
    }
    println!(
        "{:<26} {:<10} {:<9} {:>4} {:>6}  {:<16} KEYWORDS",
        "NAME", "ALIGNMENT", "TYPE", "COST", "STATS", "CLASS"
    );
    for r in &rows {
        let stats = match (r.offense, r.defense) {
            (Some(o), Some(d)) => format!("{o}/{d}"),
            _ => String::new(),
        };
        println!(
            "{:<26} {:<10} {:<9} {:>4} {:>6}  {:<16} {}",
            r.name,
            r.alignment,
            r.kind,
            r.cost.map_or_else(String::new, |c| c.to_string()),
            stats,
            r.classes.join(" "),
            r.keywords.join(", ")
        );
    }
    println!("{} card(s).", rows.len());
    Ok(())
}

/// What `show NAME` prints: a card's sheet ([`find_card`]; when the name fits several
/// cards, the one among `in_sight` — the cards on the player's board, hand and discard
/// piles — if only one fits), else a keyword's or a symbol's meaning.
pub fn explain(pool: &CardPool, name: &str, in_sight: &[CardId]) -> CliResult<String> {
    let not_a_card = match names::find_card(pool, name) {
        Ok(id) => return Ok(card_sheet(pool, id)),
        Err(e) => e,
    };
    let wanted = names::plain(name);
    let mut seen: Vec<CardId> = in_sight
        .iter()
        .copied()
        .filter(|&id| {
            let n = names::plain(&pool.get(id).name);
            !wanted.is_empty() && (n.starts_with(&wanted) || n.contains(&format!(" {wanted}")))
        })
        .collect();
    seen.sort();
    seen.dedup();
    if let [id] = seen.as_slice() {
        return Ok(card_sheet(pool, *id));
    }
    if let Some(k) = epic_model::Keyword::ALL
        .into_iter()
        .find(|k| names::plain(k.name()) == wanted || names::plain(&k.to_string()) == wanted)
    {
        return Ok(format!("{k} (keyword): {}", k.reminder()));
    }
    let symbol = |s: &str| names::plain(&s.replace(['{', '}', '→'], " "));
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
        [] => Err(not_a_card),
        // The four Ally symbols say the same of four alignments: one is enough.
        [first, ..] if wanted == "ally" => Ok(format!(
            "{first}\n(and likewise {{evil}} →, {{sage}} →, {{wild}} → for the other alignments)"
        )),
        _ => Ok(meanings.join("\n")),
    }
}
