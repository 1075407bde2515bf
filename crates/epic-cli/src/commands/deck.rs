//! `epic deck check FILE`: read a deck list, report mistakes, count what is in it.
//! `epic deck show NAME`: a built-in or file deck card by card, with its curve and
//! alignments.

use crate::commands::print_json;
use crate::error::{CliError, CliResult};
use crate::names;
use epic_game::CardInfo;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub command: DeckCommand,
}

#[derive(clap::Subcommand, Debug)]
pub enum DeckCommand {
    /// Check a deck list (`N Card Name` per line, `#` comments): unknown names are
    /// reported with the nearest real names (exit 1); otherwise counts by alignment,
    /// type and cost.
    Check {
        /// The deck-list file.
        file: PathBuf,
        /// Also check the deck-building rules of a format: sealed, pack-draft,
        /// open-draft, cube-draft, dark-draft, preconstructed, full-constructed; with
        /// --ruleset classic, designed (a line `sideboard` starts the sideboard).
        #[arg(long, value_name = "NAME")]
        format: Option<String>,
        /// Print a JSON object instead.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        ruleset: super::RulesetArg,
    },
    /// List the built-in decks, with their alignments and sizes.
    List {
        /// Print a JSON array instead.
        #[arg(long)]
        json: bool,
    },
    /// Show a deck card by card, with its gold curve, alignments and types: a built-in
    /// deck (good, evil, sage, wild, random) or a deck-list file.
    Show {
        /// The deck: a built-in name or a deck-list file.
        #[arg(value_name = "NAME|PATH")]
        deck: String,
        /// Seed of the `random` deck (a Sealed deck dealt from it).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Print a JSON object instead.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        term: crate::term::TermArgs,
    },
}

/// How many cards of a deck there are of each alignment, type and cost.
#[derive(Serialize, Default)]
struct Counts {
    by_alignment: BTreeMap<String, usize>,
    by_type: BTreeMap<String, usize>,
    by_cost: BTreeMap<String, usize>,
}

impl Counts {
    /// The counts of the cards named `deck`, as the ruleset lists its `cards`.
    fn of(cards: &[CardInfo], deck: &[String]) -> Counts {
        let by_name: HashMap<&str, &CardInfo> =
            cards.iter().map(|c| (c.name.as_str(), c)).collect();
        let mut counts = Counts::default();
        for c in deck.iter().filter_map(|n| by_name.get(n.as_str())) {
            for a in c.alignment.split('/').filter(|a| !a.is_empty()) {
                *counts.by_alignment.entry(a.into()).or_default() += 1;
            }
            *counts.by_type.entry(c.kind.clone()).or_default() += 1;
            if let Some(cost) = c.cost {
                *counts.by_cost.entry(cost.to_string()).or_default() += 1;
            }
        }
        counts
    }
}

#[derive(Serialize)]
struct Report {
    file: String,
    ruleset: String,
    /// The format checked, if one was named.
    #[serde(skip_serializing_if = "Option::is_none")]
    format: Option<String>,
    valid: bool,
    cards: usize,
    /// The sideboard's cards, in a ruleset that has them.
    sideboard: usize,
    errors: Vec<String>,
    #[serde(flatten)]
    counts: Counts,
}

pub fn run(args: Args) -> CliResult {
    match args.command {
        DeckCommand::Check {
            file,
            format,
            json,
            ruleset,
        } => check(&file, ruleset.name(), format.as_deref(), json),
        DeckCommand::Show {
            deck,
            seed,
            json,
            term,
        } => show(&deck, seed, json, &term.term()),
        DeckCommand::List { json } => list(json),
    }
}

/// The counts of a 2017 deck (the built-in decks `show` and `list` know).
fn counts_2017(pool: &epic_cards::CardPool, deck: &[epic_cards::CardId]) -> CliResult<Counts> {
    let names: Vec<String> = deck.iter().map(|&c| pool.get(c).name.clone()).collect();
    Ok(Counts::of(&epic_rulesets::cards("2017")?, &names))
}

/// `epic deck check`: a deck list of any ruleset, checked by its ruleset.
fn check(file: &std::path::Path, ruleset: &str, format: Option<&str>, json: bool) -> CliResult {
    let text = crate::error::read_text(file)?;
    let name = file.display().to_string();
    let checked = epic_rulesets::check_deck(ruleset, &name, format, &text)
        .map_err(|e| CliError::input(format!("--format: {e}")))?;
    let cards = epic_rulesets::cards(ruleset)?;
    let title = checked.format.clone();
    let report = Report {
        file: name.clone(),
        ruleset: ruleset.to_string(),
        format: format.map(str::to_string),
        valid: checked.broken.is_empty(),
        cards: checked.cards.len(),
        sideboard: checked.sideboard.len(),
        errors: checked.broken,
        counts: Counts::of(&cards, &checked.cards),
    };
    finish(&report, &name, &report.errors, json, || {
        let sideboard = match report.sideboard {
            0 => String::new(),
            n => format!(" and a sideboard of {n}"),
        };
        match &title {
            Some(f) => println!(
                "{name}: {} cards{sideboard}, all known; a legal {f} deck.",
                report.cards
            ),
            None => println!("{name}: {} cards{sideboard}, all known.", report.cards),
        }
        println!(
            "  by alignment: {}",
            counts_text(&report.counts.by_alignment)
        );
        println!("  by type:      {}", counts_text(&report.counts.by_type));
        let by_cost: Vec<String> = (report.counts.by_cost.iter())
            .map(|(cost, n)| format!("{n} at {cost}"))
            .collect();
        println!("  by cost:      {}", by_cost.join(", "));
    })
}

/// "good 20, unaligned 10": counts by name, in words.
pub(super) fn counts_text(m: &BTreeMap<String, usize>) -> String {
    m.iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The end of every deck check: the report as JSON, or `summary` for a legal deck and
/// the mistakes otherwise; a deck with mistakes exits 1.
pub(super) fn finish(
    report: &impl Serialize,
    name: &str,
    errors: &[String],
    json: bool,
    summary: impl FnOnce(),
) -> CliResult {
    if json {
        print_json(report)?;
    } else if errors.is_empty() {
        summary();
    } else {
        for e in errors {
            println!("{e}");
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(CliError::findings(format!(
            "{name}: the deck list has {}",
            epic_game::words::count(errors.len() as u64, "mistake", "mistakes")
        )))
    }
}

/// One line of a deck shown: a card and how many copies.
#[derive(Serialize)]
struct Entry {
    copies: usize,
    #[serde(flatten)]
    card: epic_game::CardInfo,
}

/// `epic deck show`: the deck's cards grouped by type, each with its copies, cost,
/// stats and alignment, then its curve, alignments and types.
fn show(spec: &str, seed: u64, json: bool, term: &crate::term::Term) -> CliResult {
    use crate::term::Ink;
    let pool = names::pool();
    let deck = names::resolve_deck(&pool, spec, seed)?;
    let mut entries: Vec<Entry> = Vec::new();
    let mut ids: Vec<epic_cards::CardId> = Vec::new();
    for &id in &deck {
        match ids.iter().position(|&x| x == id) {
            Some(i) => entries[i].copies += 1,
            None => {
                ids.push(id);
                entries.push(Entry {
                    copies: 1,
                    card: epic_engine::words::cards::card_info(&pool, id),
                });
            }
        }
    }
    let counts = counts_2017(&pool, &deck)?;
    if json {
        #[derive(Serialize)]
        struct Shown<'a> {
            deck: &'a str,
            cards: usize,
            list: &'a [Entry],
            #[serde(flatten)]
            counts: &'a Counts,
        }
        return print_json(&Shown {
            deck: spec,
            cards: deck.len(),
            list: &entries,
            counts: &counts,
        });
    }
    let source = match names::deck_source(spec)? {
        names::DeckSource::BuiltIn(_) => "built-in deck",
        names::DeckSource::File(_) => "deck list",
    };
    let mut out = String::new();
    out += &term.paint(
        Ink::Heading,
        &format!("{spec} ({source}): {} cards", deck.len()),
    );
    out.push('\n');
    let width = entries
        .iter()
        .map(|e| e.card.name.chars().count())
        .max()
        .unwrap_or(0);
    for (kind, title) in [
        ("champion", "Champions"),
        ("event", "Events"),
        ("god", "God cards"),
    ] {
        let of_kind: Vec<(&Entry, &epic_cards::CardId)> = entries
            .iter()
            .zip(&ids)
            .filter(|(e, _)| e.card.kind == kind)
            .collect();
        if of_kind.is_empty() {
            continue;
        }
        let n: usize = of_kind.iter().map(|(e, _)| e.copies).sum();
        out += &format!("{title} ({n}):\n");
        for (e, &id) in of_kind {
            let c = &e.card;
            let stats = match (c.offense, c.defense) {
                (Some(o), Some(d)) => format!("{o:>2}/{d:<2}"),
                _ => "     ".into(),
            };
            let cost = c
                .cost
                .map_or_else(|| "God   ".into(), |g| format!("{g} gold"));
            let name = crate::term::pad(&c.name, width);
            out += &format!(
                "  {:>2} {}  {cost}  {stats}  {}\n",
                e.copies,
                term.card(pool.get(id).alignments, &name),
                c.alignment
            );
        }
    }
    out += "Curve:\n";
    let most = counts.by_cost.values().copied().max().unwrap_or(1).max(1);
    let bar_room = term.width.saturating_sub(20).clamp(10, 40);
    for (cost, n) in &counts.by_cost {
        let bar = "#".repeat((n * bar_room).div_ceil(most));
        out += &format!("  {cost} gold  {bar} {n}\n");
    }
    let list = |m: &BTreeMap<String, usize>| {
        m.iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    out += &format!("Alignments: {}\n", list(&counts.by_alignment));
    out += &format!("Types: {}\n", list(&counts.by_type));
    print!("{out}");
    Ok(())
}

/// `epic deck list`: every built-in deck, its size and alignments (`random` is dealt from
/// a seed, so its cards vary).
fn list(json: bool) -> CliResult {
    #[derive(Serialize)]
    struct BuiltIn {
        name: &'static str,
        cards: usize,
        by_alignment: BTreeMap<String, usize>,
    }
    let pool = names::pool();
    let mut decks = Vec::new();
    for name in epic_cards::DECK_NAMES {
        let deck =
            epic_cards::deck_from(&pool, name, 0).map_err(|e| CliError::input(e.to_string()))?;
        decks.push(BuiltIn {
            name,
            cards: deck.len(),
            by_alignment: counts_2017(&pool, &deck)?.by_alignment,
        });
    }
    if json {
        return print_json(&decks);
    }
    println!("The built-in decks (`epic deck show NAME` lists one):");
    for d in &decks {
        let what = if d.name == "random" {
            "a Sealed deck of different cards, dealt from the seed".to_string()
        } else {
            d.by_alignment
                .iter()
                .map(|(a, n)| format!("{a} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        println!("  {:<8} {} cards: {what}", d.name, d.cards);
    }
    Ok(())
}
