//! `epic scenario PATH...`: run rule scenarios and report each with expected versus
//! actual for the failures. Exit 1 when any scenario fails, 2 when a file cannot be
//! read or parsed.

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
}

pub fn run(args: Args) -> CliResult {
    let mut outcomes = Vec::new();
    for path in &args.paths {
        // The cards of `--cards` files too.
        let found = epic_scenario::run_path_with(path, crate::names::pool())
            .map_err(|e| CliError::input(e.to_string()))?;
        if found.is_empty() {
            return Err(CliError::input(format!(
                "{}: no scenario files (*.scn) found",
                path.display()
            )));
        }
        outcomes.extend(found);
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
    };
    if args.json {
        print_json(&report)?;
    } else {
        for o in &outcomes {
            if !args.quiet || !o.passed {
                println!("{o}");
            }
        }
        println!("{} passed, {} failed", report.passed, report.failed);
    }
    if failed > 0 {
        Err(CliError::findings(format!(
            "{failed} of {} scenario(s) failed",
            outcomes.len()
        )))
    } else {
        Ok(())
    }
}
