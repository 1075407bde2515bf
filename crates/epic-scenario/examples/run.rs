//! `cargo run -p epic-scenario --example run -- PATH...`: runs scenario files or folders
//! and prints each outcome (the `epic scenario` command does the same).

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut failed = 0;
    let mut total = 0;
    for arg in std::env::args().skip(1) {
        match epic_scenario::run_path(Path::new(&arg)) {
            Ok(outcomes) => {
                for o in outcomes {
                    total += 1;
                    if !o.passed {
                        failed += 1;
                    }
                    println!("{o}");
                }
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!("{} passed, {failed} failed", total - failed);
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
