//! `epic deck check FILE`: read a deck list, report mistakes, count what is in it.
//! `epic deck show NAME`: a built-in or file deck card by card, with its curve and
//! alignments.

use crate::commands::print_json;
use crate::error::{CliError, CliResult};
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
    /// List the ruleset's built-in decks, with their alignments and sizes.
    List {
        /// Print a JSON array instead.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        ruleset: super::RulesetArg,
    },
    /// Show a deck card by card, with its cost curve, alignments and types: one of the
    /// ruleset's built-in decks (2017: good, evil, sage, wild, random) or a deck-list
    /// file.
    Show {
        /// The deck: a built-in name or a deck-list file.
        #[arg(value_name = "NAME|PATH")]
        deck: String,
        /// Seed of a deck dealt at random (2017's `random`, a Sealed deck): the deck a
        /// game of that seed deals.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Print a JSON object instead.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        term: crate::term::TermArgs,
        #[command(flatten)]
        ruleset: super::RulesetArg,
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
            ruleset,
        } => show(ruleset.name(), &deck, seed, json, &term.term()),
        DeckCommand::List { json, ruleset } => list(ruleset.name(), json),
    }
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
fn show(ruleset: &str, spec: &str, seed: u64, json: bool, term: &crate::term::Term) -> CliResult {
    use crate::term::Ink;
    let info = epic_rulesets::ruleset(ruleset)?;
    let deck = epic_rulesets::deck_cards(ruleset, spec, seed)?;
    let cards = epic_rulesets::cards(ruleset)?;
    let mut entries: Vec<Entry> = Vec::new();
    for name in &deck {
        match entries.iter_mut().find(|e| &e.card.name == name) {
            Some(e) => e.copies += 1,
            None => {
                let card = (cards.iter().find(|c| &c.name == name))
                    .ok_or_else(|| CliError::input(format!("no card named '{name}'")))?;
                entries.push(Entry {
                    copies: 1,
                    card: card.clone(),
                });
            }
        }
    }
    // By type, then cost, then name: the order a player reads a deck list in.
    entries.sort_by(|a, b| {
        let key = |e: &Entry| (e.card.kind.clone(), e.card.cost, e.card.name.clone());
        key(a).cmp(&key(b))
    });
    let counts = Counts::of(&cards, &deck);
    if json {
        #[derive(Serialize)]
        struct Shown<'a> {
            deck: &'a str,
            ruleset: &'a str,
            cards: usize,
            list: &'a [Entry],
            #[serde(flatten)]
            counts: &'a Counts,
        }
        return print_json(&Shown {
            deck: spec,
            ruleset,
            cards: deck.len(),
            list: &entries,
            counts: &counts,
        });
    }
    let source = match epic_rulesets::deck_source_among(&info.decks, spec)? {
        epic_rulesets::DeckSource::BuiltIn(_) => "built-in deck",
        epic_rulesets::DeckSource::File(_) => "deck list",
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
    let unit = info.cost_unit;
    let kinds: std::collections::BTreeSet<&str> =
        entries.iter().map(|e| e.card.kind.as_str()).collect();
    for kind in kinds {
        let of_kind: Vec<&Entry> = entries.iter().filter(|e| e.card.kind == kind).collect();
        let n: usize = of_kind.iter().map(|e| e.copies).sum();
        out += &format!("{}s ({n}):\n", epic_cards::cap(kind));
        for e in of_kind {
            let c = &e.card;
            let stats = match (c.offense, c.defense) {
                (Some(o), Some(d)) => format!("{o:>2}/{d:<2}"),
                _ => "     ".into(),
            };
            let cost = c
                .cost
                .map_or_else(|| " ".repeat(unit.len() + 2), |g| format!("{g} {unit}"));
            let name = crate::term::pad(&c.name, width);
            out += &format!(
                "  {:>2} {}  {cost}  {stats}  {}\n",
                e.copies,
                term.spans(&[name_span(&c.alignment, &name)]),
                c.alignment
            );
        }
    }
    out += "Curve:\n";
    let most = counts.by_cost.values().copied().max().unwrap_or(1).max(1);
    let bar_room = term.width.saturating_sub(20).clamp(10, 40);
    for (cost, n) in &counts.by_cost {
        let bar = "#".repeat((n * bar_room).div_ceil(most));
        out += &format!("  {cost} {unit}  {bar} {n}\n");
    }
    out += &format!("Alignments: {}\n", counts_text(&counts.by_alignment));
    out += &format!("Types: {}\n", counts_text(&counts.by_type));
    print!("{out}");
    Ok(())
}

/// A card's name in the colour of its first alignment, where that is one of the four.
fn name_span(alignment: &str, name: &str) -> epic_game::words::Span {
    let first = alignment
        .split('/')
        .next()
        .and_then(epic_model::Alignment::parse);
    epic_engine::words::card_span(first.into_iter().collect(), name)
}

/// `epic deck list`: every built-in deck of the ruleset, its size and alignments (a deck
/// dealt at random, such as 2017's `random`, is the one of seed 0).
fn list(ruleset: &str, json: bool) -> CliResult {
    #[derive(Serialize)]
    struct BuiltIn {
        name: &'static str,
        cards: usize,
        by_alignment: BTreeMap<String, usize>,
    }
    let cards = epic_rulesets::cards(ruleset)?;
    let mut decks = Vec::new();
    for name in epic_rulesets::ruleset(ruleset)?.decks {
        let deck = epic_rulesets::deck_cards(ruleset, name, 0)?;
        decks.push(BuiltIn {
            name,
            cards: deck.len(),
            by_alignment: Counts::of(&cards, &deck).by_alignment,
        });
    }
    if json {
        return print_json(&decks);
    }
    println!("The built-in decks (`epic deck show NAME` lists one):");
    let width = decks.iter().map(|d| d.name.len()).max().unwrap_or(0).max(8);
    for d in &decks {
        let what = if d.name == "random" {
            "a Sealed deck of different cards, dealt from the seed".to_string()
        } else {
            counts_text(&d.by_alignment)
        };
        println!("  {:<width$} {} cards: {what}", d.name, d.cards);
    }
    Ok(())
}
