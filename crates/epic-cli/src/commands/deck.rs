//! `epic deck check FILE`: read a deck list, report mistakes, count what is in it.

use crate::commands::print_json;
use crate::error::{CliError, CliResult};
use crate::names;
use epic_engine::RulesConfig;
use serde::Serialize;
use std::collections::BTreeMap;
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
        /// open-draft, cube-draft, dark-draft, preconstructed, full-constructed.
        #[arg(long, value_name = "NAME")]
        format: Option<String>,
        /// Print a JSON object instead.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Serialize)]
struct Report {
    file: String,
    /// The format checked, if one was named.
    #[serde(skip_serializing_if = "Option::is_none")]
    format: Option<String>,
    valid: bool,
    cards: usize,
    errors: Vec<String>,
    by_alignment: BTreeMap<String, usize>,
    by_type: BTreeMap<String, usize>,
    by_cost: BTreeMap<String, usize>,
}

pub fn run(args: Args) -> CliResult {
    let DeckCommand::Check { file, format, json } = args.command;
    let format = format.as_deref().map(names::format).transpose()?;
    let pool = names::pool();
    let text = crate::error::read_text(&file)?;
    let name = file.display().to_string();
    let mut report = Report {
        file: name.clone(),
        format: format.as_ref().map(|f| f.name.to_string()),
        valid: true,
        cards: 0,
        errors: vec![],
        by_alignment: BTreeMap::new(),
        by_type: BTreeMap::new(),
        by_cost: BTreeMap::new(),
    };
    match epic_cards::parse_deck_list(&name, &text, &pool) {
        Ok(deck) => {
            report.cards = deck.len();
            for id in &deck {
                let c = pool.get(*id);
                for a in c.alignments.iter() {
                    *report.by_alignment.entry(a.name().into()).or_default() += 1;
                }
                *report.by_type.entry(c.kind.name().into()).or_default() += 1;
                *report.by_cost.entry(c.cost.to_string()).or_default() += 1;
            }
            if let Err(why) = names::playable(&deck, &RulesConfig::default()) {
                report.valid = false;
                report.errors.push(format!("{name}: the deck {why}"));
            }
            if let Some(f) = &format {
                for v in f.check(&deck, &pool) {
                    report.valid = false;
                    report.errors.push(format!("{name}: {f}: {v}"));
                }
            }
        }
        Err(epic_cards::DeckError::List(errs)) => {
            report.valid = false;
            report.errors = errs.0.iter().map(|d| d.to_string()).collect();
        }
        Err(e) => {
            report.valid = false;
            report.errors.push(e.to_string());
        }
    }
    if json {
        print_json(&report)?;
    } else if report.valid {
        match &format {
            Some(f) => println!(
                "{name}: {} cards, all known; a legal {f} deck.",
                report.cards
            ),
            None => println!("{name}: {} cards, all known.", report.cards),
        }
        let fmt = |m: &BTreeMap<String, usize>| {
            m.iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        println!("  by alignment: {}", fmt(&report.by_alignment));
        println!("  by type:      {}", fmt(&report.by_type));
        println!(
            "  by cost:      {}",
            fmt(&report.by_cost)
                .replace("0 ", "0 gold: ")
                .replace("1 ", "1 gold: ")
        );
    } else {
        for e in &report.errors {
            println!("{e}");
        }
    }
    if report.valid {
        Ok(())
    } else {
        Err(CliError::findings(format!(
            "{name}: the deck list has {} mistake(s)",
            report.errors.len()
        )))
    }
}
