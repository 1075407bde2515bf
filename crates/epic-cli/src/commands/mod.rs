//! One module per subcommand, each with its clap `Args` and a `run` function.

pub mod bench;
pub mod cards;
pub mod deck;
pub mod play;
pub mod replay;
pub mod scenario;
pub mod sim;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};

/// A progress bar on stderr, drawn only when stderr is a terminal, so piped or JSON
/// output stays clean. `template` is indicatif's, e.g. "{bar:40} {pos}/{len} games".
pub fn progress_bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if std::io::stderr().is_terminal() {
        bar.set_style(
            ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar
}

/// Prints a value as pretty JSON on stdout.
pub fn print_json<T: serde::Serialize>(value: &T) -> crate::error::CliResult {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}
