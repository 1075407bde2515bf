//! `epic scenario PATH...`: run rule scenarios and report each with expected versus
//! actual for the failures. A file that cannot be read or has mistakes is reported with
//! them, and every other file still runs. Exit 2 when any file could not be run (or a
//! path has no scenario file), else 1 when any scenario fails.

use crate::commands::print_json;
use crate::error::{CliError, CliResult};
use serde::Serialize;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Scenario files or folders (searched recursively for `*.scn`).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Print only the failing scenarios and the summary.
    #[arg(long, short)]
    pub quiet: bool,
    /// Print a JSON object: every outcome and the counts.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct OutcomeJson {
    file: String,
    line: usize,
    name: String,
    rules: Vec<String>,
    passed: bool,
    failures: Vec<String>,
}

#[derive(Serialize)]
struct Report {
    scenarios: usize,
    passed: usize,
    failed: usize,
    outcomes: Vec<OutcomeJson>,
    /// The files that could not be run, each with its mistakes.
    bad_files: Vec<String>,
}

pub fn run(args: Args) -> CliResult {
    let mut outcomes = Vec::new();
    let mut bad_files = Vec::new();
    for path in &args.paths {
        // The cards of `--cards` files too.
        let found = epic_scenario::run_every_file(path, crate::names::pool())
            .map_err(|e| CliError::input(e.to_string()))?;
        if found.outcomes.is_empty() && found.bad_files.is_empty() {
            return Err(CliError::input(format!(
                "{}: no scenario files (*.scn) found",
                path.display()
            )));
        }
        outcomes.extend(found.outcomes);
        bad_files.extend(found.bad_files.iter().map(ToString::to_string));
    }
    let failed = outcomes.iter().filter(|o| !o.passed).count();
    let report = Report {
        scenarios: outcomes.len(),
        passed: outcomes.len() - failed,
        failed,
        outcomes: outcomes
            .iter()
            .map(|o| OutcomeJson {
                file: o.file.clone(),
                line: o.line,
                name: o.name.clone(),
                rules: o.rules.clone(),
                passed: o.passed,
                failures: o.failures.clone(),
            })
            .collect(),
        bad_files,
    };
    if args.json {
        print_json(&report)?;
    } else {
        for o in &outcomes {
            if !args.quiet || !o.passed {
                println!("{o}");
            }
        }
        for bad in &report.bad_files {
            eprintln!("{bad}");
        }
        let unread = match report.bad_files.len() {
            0 => String::new(),
            1 => ", 1 file not run".to_string(),
            n => format!(", {n} files not run"),
        };
        println!("{} passed, {} failed{unread}", report.passed, report.failed);
    }
    if !report.bad_files.is_empty() {
        Err(CliError::input(format!(
            "{} could not be run",
            epic_game::words::count(
                report.bad_files.len() as u64,
                "scenario file",
                "scenario files"
            )
        )))
    } else if failed > 0 {
        Err(CliError::findings(format!(
            "{failed} of {} failed",
            epic_game::words::count(outcomes.len() as u64, "scenario", "scenarios")
        )))
    } else {
        Ok(())
    }
}
