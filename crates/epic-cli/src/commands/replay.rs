//! `epic replay`: step through a saved game, decision by decision, from one seat's view.

use crate::commands::print_json;
use crate::display::{self, Voice};
use crate::error::{CliError, CliResult};
use crate::names;
use crate::save::SaveFile;
use epic_engine::{Choice, Event, PlayerId};
use serde::Serialize;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A file written by `save FILE` in `epic play`.
    pub file: PathBuf,
    /// Jump to the position after decision N (0: the start) and show only that.
    #[arg(long, value_name = "N")]
    pub to: Option<usize>,
    /// Whose view to show, 1 or 2 (default: the human's seat). Hidden cards stay hidden.
    #[arg(long, value_name = "SEAT")]
    pub seat: Option<u8>,
    /// Print a JSON object: the steps, the view at the end and the result.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct Step {
    n: usize,
    player: PlayerId,
    label: String,
    choice: Choice,
    events: Vec<Event>,
}

#[derive(Serialize)]
struct Report {
    file: String,
    decisions: usize,
    at: usize,
    digest: String,
    steps: Vec<Step>,
    view: epic_engine::view::View,
    pending: Option<epic_engine::Decision>,
    result: Option<epic_engine::GameResult>,
}

pub fn run(args: Args) -> CliResult {
    let pool = names::pool();
    let file = SaveFile::read(&args.file)?;
    // Check the whole file (every decision, the digest) before showing anything.
    file.rebuild(&pool, None)?;
    let total = file.decisions.len();
    let at = match args.to {
        Some(n) if n > total => {
            return Err(CliError::input(format!(
                "--to {n}: the saved game has only {total} decisions"
            )))
        }
        Some(n) => n,
        None => total,
    };
    let seats = file.setup.seats.len();
    let viewer: PlayerId = match args.seat {
        Some(s) if s >= 1 && (s as usize) <= seats => s - 1,
        Some(s) => {
            return Err(CliError::input(format!(
                "--seat {s}: this game has seats 1 to {seats}"
            )))
        }
        None => file
            .setup
            .seats
            .iter()
            .position(|s| s.player == "human")
            .unwrap_or(0) as PlayerId,
    };
    let voice = Voice::replay(viewer);
    let mut game = file.rebuild(&pool, Some(0))?;
    let mut steps = Vec::new();
    let quiet_until = if args.to.is_some() { at } else { 0 };
    if !args.json {
        println!(
            "Replay of {}: {} decisions; seed {}; showing Player {}'s view.",
            args.file.display(),
            total,
            file.setup.seed,
            viewer + 1
        );
        if quiet_until == 0 {
            print!("\n{}", display::board(&game, &voice, &game.view(viewer)));
        }
    }
    for (i, &choice) in file.decisions[..at].iter().enumerate() {
        let player = game.decision().map_or(0, |d| d.player);
        let label = game.label(choice);
        let events = game
            .apply(choice)
            .map_err(|e| CliError::input(format!("decision {}: {e}", i + 1)))?;
        if args.json {
            steps.push(Step {
                n: i + 1,
                player,
                label,
                choice,
                events,
            });
        } else if i + 1 > quiet_until {
            println!("\n#{} Player {}: {label}", i + 1, player + 1);
            for line in display::narrate(&game, &voice, &events) {
                println!("  {line}");
            }
            print!("{}", display::board(&game, &voice, &game.view(viewer)));
        }
    }
    if args.json {
        return print_json(&Report {
            file: args.file.display().to_string(),
            decisions: total,
            at,
            digest: crate::save::digest_hex(&game),
            steps,
            view: game.view(viewer),
            pending: game.decision(),
            result: game.result(),
        });
    }
    if quiet_until > 0 {
        println!("\nAfter decision {at}:");
        print!("{}", display::board(&game, &voice, &game.view(viewer)));
    }
    match game.decision() {
        Some(d) => println!("Next: {}", d.prompt),
        None => println!("{}", display::result_line(&game, &voice)),
    }
    Ok(())
}
