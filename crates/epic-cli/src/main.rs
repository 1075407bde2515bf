//! `epic`: play Epic in the terminal, simulate bot games, inspect cards and decks, and
//! replay saved games. Exit codes: 0 success, 1 failure or findings, 2 usage or input
//! error, 130 stopped by Ctrl-C.

use clap::{Parser, Subcommand};
use epic_cli::{alloc_count, commands, names};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "epic",
    version,
    about = "The Epic card game: play against the AI, simulate bot games, look up cards and decks, replay saved games.",
    after_help = "Exit codes: 0 success; 1 failure or findings (an invalid deck, a failed check); 2 usage or input error (bad arguments, unreadable or corrupt files); 130 stopped by Ctrl-C (epic sim reports the games finished)."
)]
struct Cli {
    /// Extra card files to use beside the base set, in the card language (docs/cards.md);
    /// may be given several times. Saved games made with them need them again to load.
    #[arg(long = "cards", global = true, value_name = "FILE")]
    cards: Vec<std::path::PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game against the built-in AI in the terminal (reads plain lines from stdin).
    Play(commands::play::Args),
    /// A first game that teaches: short guided lessons against the AI (the turn and
    /// gold, the initiative, blocking, breakthrough, the empty deck).
    Learn(commands::learn::Args),
    /// Draft against AI drafters (Pack, Open, Cube or Dark Draft), build your deck, then
    /// play the other drafters.
    Draft(commands::draft::Args),
    /// Play many bot-versus-bot games and report win rates.
    Sim(commands::sim::Args),
    /// List and search cards, or show one card in full (`epic cards show NAME`).
    Cards(commands::cards::Args),
    /// Work with deck lists.
    Deck(commands::deck::Args),
    /// Step through a saved game, showing the board after each decision.
    Replay(commands::replay::Args),
    /// Run rule scenario files (`*.scn`, see docs/scenarios.md) or folders of them.
    Scenario(commands::scenario::Args),
    /// Measure the engine: games and decisions per second, state clone time and size,
    /// heap allocations per decision, on a fixed seeded workload.
    Bench(commands::bench::Args),
    #[cfg(feature = "server")]
    /// Serve Epic to browsers: accounts, games against the AI and friends, replays
    /// (docs/server.md).
    Serve(commands::serve::Args),
}

/// Counts allocations so `epic bench` can report them; otherwise the system allocator.
#[global_allocator]
static ALLOCATOR: alloc_count::Counting = alloc_count::Counting;

/// Output piped into `head` and the like: stop quietly when the reader goes away,
/// as command-line tools do, instead of failing on every later write.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default at start-up, before any
    // thread exists, has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    restore_sigpipe();
    let cli = Cli::parse();
    if !cli.cards.is_empty() {
        if let Err(e) = names::load_card_files(&cli.cards) {
            eprintln!("error: {e}");
            return ExitCode::from(e.code);
        }
    }
    let result = match cli.command {
        Command::Play(a) => commands::play::run(a),
        Command::Learn(a) => commands::learn::run(a),
        Command::Draft(a) => commands::draft::run(a),
        Command::Sim(a) => commands::sim::run(a),
        Command::Cards(a) => commands::cards::run(a),
        Command::Deck(a) => commands::deck::run(a),
        Command::Replay(a) => commands::replay::run(a),
        Command::Scenario(a) => commands::scenario::run(a),
        Command::Bench(a) => commands::bench::run(a),
        #[cfg(feature = "server")]
        Command::Serve(a) => commands::serve::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.code)
        }
    }
}
