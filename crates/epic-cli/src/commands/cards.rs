//! `epic cards`: list and search a ruleset's cards; `epic cards show NAME` for one card,
//! a keyword or a symbol. Every ruleset answers through its interface
//! ([`epic_game::Ruleset::cards`], [`epic_game::Ruleset::explain`]).

use crate::commands::print_json;
use crate::error::{CliError, CliResult};
use crate::names;
use epic_cards::{CardId, CardPool};
use epic_game::CardInfo;

#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub show: Option<Show>,
    #[command(flatten)]
    pub ruleset: crate::commands::RulesetArg,
    /// Text to look for in a card's name, class, keywords, alignment, type or rules
    /// text (case-insensitive): `epic cards draw` finds the cards that draw.
    pub query: Option<String>,
    /// Only cards of sets whose name contains this ("base", "tyrants", "markus").
    #[arg(long)]
    pub set: Option<String>,
    /// Only cards of this alignment (good, evil, sage, wild; classic: also an origin).
    #[arg(long)]
    pub alignment: Option<String>,
    /// Only cards of this type (champion, event, god; classic: object).
    #[arg(long = "type", value_name = "TYPE")]
    pub kind: Option<String>,
    /// Only cards of this cost (2017: gold, 0 or 1; classic: 0 free, 1 an action).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=1))]
    pub cost: Option<u8>,
    /// Include the tokens (the 2017 game: Wolf, Zombie, Human, Demon and Scrap).
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
        #[arg(id = "card", value_name = "NAME", required = true, num_args = 1..)]
        name: Vec<String>,
        /// Print a JSON object instead.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        ruleset: crate::commands::RulesetArg,
    },
}

fn matches(r: &CardInfo, q: &str) -> bool {
    let q = q.to_lowercase();
    r.name.to_lowercase().contains(&q)
        || r.alignment.contains(&q)
        || r.kind.contains(&q)
        || r.classes.iter().any(|c| c.to_lowercase().contains(&q))
        || r.keywords.iter().any(|k| k.contains(&q))
        || r.text.to_lowercase().contains(&q)
}

/// The values a field takes among `cards`, for a message that lists them.
fn values(cards: &[CardInfo], field: impl Fn(&CardInfo) -> Vec<String>) -> Vec<String> {
    let mut all: Vec<String> = cards.iter().flat_map(field).collect();
    all.sort();
    all.dedup();
    all
}

/// The card `name` means among `cards` (any case, punctuation aside, or the start of
/// one card's name), or the nearest names.
fn find<'a>(cards: &'a [CardInfo], name: &str) -> Result<&'a CardInfo, String> {
    let wanted = names::plain(name);
    if let Some(c) = cards.iter().find(|c| names::plain(&c.name) == wanted) {
        return Ok(c);
    }
    let mut starting = cards.iter().filter(|c| {
        let n = names::plain(&c.name);
        !wanted.is_empty() && n.starts_with(&wanted) && n[wanted.len()..].starts_with([' ', ','])
    });
    if let (Some(c), None) = (starting.next(), starting.next()) {
        return Ok(c);
    }
    Err(format!(
        "unknown card '{}'{}",
        name.trim(),
        epic_cards::suggestion(&nearest(cards, name))
    ))
}

/// Up to three card names nearest to `name` (names containing it come first).
fn nearest<'a>(cards: &'a [CardInfo], name: &str) -> Vec<&'a str> {
    let wanted = name.trim().to_lowercase();
    let mut near: Vec<(usize, &str)> = cards
        .iter()
        .map(|c| {
            let n = c.name.to_lowercase();
            let d = if n.contains(&wanted) && !wanted.is_empty() {
                0
            } else {
                epic_cards::edit_distance(&wanted, &n)
            };
            (d, c.name.as_str())
        })
        .filter(|(d, _)| *d <= (wanted.len() / 2).max(3))
        .collect();
    near.sort();
    near.into_iter().take(3).map(|(_, n)| n).collect()
}

/// The card as a player reads it (a 2017 card).
pub fn card_sheet(pool: &CardPool, id: CardId) -> String {
    epic_engine::words::cards::card_info(pool, id).sheet
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
        "{} compared: {} read as printed, {} differ ({} explained, {unexplained} not).",
        epic_game::words::count(rows.len() as u64, "card", "cards"),
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
    let ruleset = args.ruleset.name();
    if let Some(path) = &args.compare {
        if ruleset != "2017" {
            return Err(CliError::input(
                "--compare reads the printed texts of the 2017 game's cards",
            ));
        }
        return compare(&names::pool(), path, args.json);
    }
    if let Some(Show::Show {
        name,
        json,
        ruleset,
    }) = args.show
    {
        let ruleset = ruleset.name();
        let cards = epic_rulesets::cards(ruleset)?;
        let name = name.join(" ");
        if json {
            return print_json(find(&cards, &name).map_err(CliError::input)?);
        }
        println!("{}", show_named(ruleset, &name, &[])?.trim_end());
        return Ok(());
    }
    let cards = epic_rulesets::cards(ruleset)?;
    let split = |r: &CardInfo| r.alignment.split('/').map(String::from).collect();
    if let Some(a) = &args.alignment {
        let all = values(&cards, split);
        if !all.iter().any(|x| x.eq_ignore_ascii_case(a)) {
            return Err(CliError::input(format!(
                "unknown alignment '{a}': expected {}",
                all.join(", ")
            )));
        }
    }
    if let Some(t) = &args.kind {
        let all = values(&cards, |r| vec![r.kind.clone()]);
        if !all.iter().any(|x| x.eq_ignore_ascii_case(t)) {
            return Err(CliError::input(format!(
                "unknown type '{t}': expected {}",
                all.join(", ")
            )));
        }
    }
    let rows: Vec<&CardInfo> = cards
        .iter()
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
            let near = nearest(&cards, q);
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
    println!(
        "{}.",
        epic_game::words::count(rows.len() as u64, "card", "cards")
    );
    Ok(())
}

/// A card of the ruleset `ruleset` as a player reads it, or what a keyword or a symbol
/// of it means (`epic cards show airborne`). A name that fits several cards means the
/// one among `in_sight` (the cards a player sees) if only one of those fits.
pub fn show_named(ruleset: &str, name: &str, in_sight: &[String]) -> CliResult<String> {
    let cards = epic_rulesets::cards(ruleset)?;
    let not_a_card = match find(&cards, name) {
        Ok(card) => return Ok(card.sheet.clone()),
        Err(e) => e,
    };
    let wanted = names::plain(name);
    let mut seen: Vec<&String> = in_sight
        .iter()
        .filter(|n| {
            let n = names::plain(n);
            !wanted.is_empty() && (n.starts_with(&wanted) || n.contains(&format!(" {wanted}")))
        })
        .collect();
    seen.sort();
    seen.dedup();
    if let [one] = seen.as_slice() {
        if let Ok(card) = find(&cards, one) {
            return Ok(card.sheet.clone());
        }
    }
    if let Some(meaning) = epic_rulesets::explain(ruleset, name)? {
        return Ok(meaning);
    }
    // A keyword mistyped: the nearest one its cards have.
    let wanted = name.trim().to_lowercase();
    let mut keywords: Vec<&str> = cards
        .iter()
        .flat_map(|c| c.keywords.iter().map(String::as_str))
        .collect();
    keywords.sort_unstable();
    keywords.dedup();
    let near = keywords
        .iter()
        .map(|k| (epic_cards::edit_distance(&wanted, &k.to_lowercase()), *k))
        .filter(|&(d, _)| d <= 2)
        .min();
    Err(CliError::input(match near {
        Some((_, keyword)) => format!(
            "unknown card or keyword '{}'; did you mean the keyword '{keyword}'?",
            name.trim()
        ),
        None => not_a_card,
    }))
}
