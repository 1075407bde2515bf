//! One module per subcommand, each with its clap `Args` and a `run` function.

pub mod bench;
pub mod cards;
pub mod deck;
pub mod play;
pub mod replay;
pub mod scenario;
pub mod sim;

use std::io::Write;

/// Prints a value as pretty JSON on stdout.
pub fn print_json<T: serde::Serialize>(value: &T) -> crate::error::CliResult {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}
