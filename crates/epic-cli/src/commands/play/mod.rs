//! `epic play`: a game against the built-in AI, read from plain lines on stdin so a
//! person or a script can play it.

pub(crate) mod series;
pub(crate) mod session;
mod sideboard;
pub(crate) mod words;

pub use session::{play_game, Options};
pub(crate) use words::{pick_by_text, typed_option, typed_picks, Pick};

use crate::error::{CliError, CliResult};
use crate::table::TableArgs;
use crate::term::TermArgs;
use clap::ValueEnum;
use epic_engine::formats::draft::DraftFormat;
use epic_game::{DeckRequest, PackPick, Seat, SeatRequest, TableRequest};
use epic_rulesets::AnyPlayed;
use session::HUMAN;
use std::io::BufRead;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Your deck: good, evil, sage, wild, random (a seeded Sealed deck) or a deck-list file
    /// (any other value with a / or a . in it, or naming a file that exists). Default:
    /// good, or a Sealed deck in the sealed format.
    #[arg(long, value_name = "NAME|PATH")]
    pub deck: Option<String>,
    /// An AI's deck, as for --deck; give it once for each AI seat, clockwise from your
    /// left. Seats without one play evil, sage, wild, good, then Sealed decks (all Sealed
    /// in the sealed format).
    #[arg(long, value_name = "NAME|PATH")]
    pub ai_deck: Vec<String>,
    /// Who plays every other seat: a level, `easy`, `medium` or `hard` (the search AI
    /// with a time limit of 0.01, 0.05 or 0.25 s a decision), or a bot: `greedy` (one move
    /// ahead), `random`, `ismcts` or `ismcts@N` (the search with N iterations).
    #[arg(long, default_value = "hard", value_name = "LEVEL|BOT")]
    pub ai: String,
    #[command(flatten)]
    pub table: TableArgs,
    /// Sealed from a larger pool: each player is dealt N cards (30 to 60) and builds a
    /// deck of exactly 30 from them before the game; you build yours here, card by card,
    /// as `epic draft` does. Implies --format sealed.
    #[arg(long, value_name = "N", conflicts_with_all = ["deck", "ai_deck", "load", "resume"])]
    pub pool: Option<usize>,
    /// Seed for shuffles and the AI; the same seed and the same answers give the same
    /// game. Default: taken from the clock and printed.
    #[arg(long, allow_negative_numbers = true, value_parser = super::seed)]
    pub seed: Option<u64>,
    /// Who goes first (`ai`: the AI to your left).
    #[arg(long, value_enum, default_value_t = First::Random)]
    pub first: First,
    /// Resume a game saved with the `save FILE` command (the other options are ignored).
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub load: Option<PathBuf>,
    /// Continue the game in progress from its autosave (the other options are ignored).
    /// The game is autosaved before every question in the data folder: `EPIC_DATA_DIR`,
    /// else ~/.local/share/epic (Linux), ~/Library/Application Support/epic (macOS).
    #[arg(long)]
    pub resume: bool,
    /// Do not autosave this game.
    #[arg(long)]
    pub no_autosave: bool,
    /// The moments, besides decisions only you can make, at which the game asks whether
    /// you want to play rather than passing for you: main, response, attacking,
    /// attacked, blocks, end, others, damage (dividing battle damage yourself), order
    /// (ordering your triggered abilities yourself); or all, none, default (main,
    /// response, attacked, blocks, end). `stops` in the game shows
    /// and changes them.
    #[arg(long, value_name = "LIST", default_value = "default")]
    pub stops: String,
    #[command(flatten)]
    pub term: TermArgs,
    /// Classic decks: order and chaos, or a classic deck-list file.
    #[command(flatten)]
    pub ruleset: crate::commands::RulesetArg,
    /// Play a match of N games (odd, 1 to 9; usually 3) against the same AIs and decks,
    /// in a game whose rules have matches (classic, multiverse); the loser of each game
    /// chooses who takes the next one's first turn.
    #[arg(long, value_name = "N", conflicts_with_all = ["load", "resume"])]
    pub best_of: Option<u8>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum First {
    Me,
    Ai,
    Random,
}

pub(crate) fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        % 1_000_000_000_000
}

/// The draft a new game's decks come from, when they are drafted: its format's, or
/// Sealed's with `--pool`; none for a ruleset without drafts, whose table its own
/// request reads.
fn drafted(args: &Args) -> CliResult<Option<DraftFormat>> {
    if epic_rulesets::ruleset(args.ruleset.name())?
        .drafts
        .is_empty()
    {
        return Ok(None);
    }
    let table = args.table.table()?;
    let draft = match (table.draft, args.pool) {
        (Some(draft), None) => draft,
        (None, Some(_)) if table.format.as_ref().is_none_or(|f| f.name == "sealed") => {
            DraftFormat::Sealed
        }
        (_, Some(_)) => {
            return Err(CliError::input(
                "--pool deals a Sealed pool: leave out --format, or give --format sealed",
            ))
        }
        (None, None) => return Ok(None),
    };
    if args.deck.is_some() || !args.ai_deck.is_empty() {
        return Err(CliError::input(format!(
            "{} decks are drafted at the table: leave out --deck and --ai-deck",
            draft.format().title
        )));
    }
    if args.table.variant != "ffa" || args.table.team_size.is_some() {
        return Err(CliError::input(format!(
            "a {} game is a free-for-all: leave out --variant and --team-size",
            draft.format().title
        )));
    }
    Ok(Some(draft))
}

/// A new game whose decks are drafted first: the draft in the terminal (`epic draft`),
/// then the game, with this command's terminal, stops and autosave.
fn draft_and_play(args: &Args, draft: DraftFormat, options: Options) -> CliResult {
    let draft_args = crate::commands::draft::Args {
        format: Some(draft.name().to_string()),
        load: None,
        pool: args.pool,
        players: Some(args.table.players),
        ai: args.ai.clone(),
        seed: args.seed,
        save_deck: None,
        no_play: false,
    };
    crate::commands::draft::draft_then_play(draft_args, Some(options))
}

/// A new game of the ruleset the options name, asked of it as the server asks
/// ([`TableRequest`]): you in seat 1 with `--deck`, the AIs with `--ai-deck` in seat
/// order, every other seat with its usual deck, each deck checked as the ruleset checks
/// it and told as yours or an AI's.
/// A person at a table whose cards are dealt there (a classic draft) picks each card
/// in the terminal: the pack passed to them, by number or words, as options are read.
/// `None`: they left the draft.
fn new_game(args: &Args, input: &mut impl BufRead) -> CliResult<Option<AnyPlayed>> {
    let ruleset = args.ruleset.name();
    let seed = args.seed.unwrap_or_else(clock_seed);
    let players = usize::from(args.table.players);
    let ai_seats = players - 1;
    if args.ai_deck.len() > ai_seats {
        return Err(CliError::input(format!(
            "{} AI decks given for {}; add --players or drop an --ai-deck",
            args.ai_deck.len(),
            epic_game::words::count(ai_seats as u64, "AI seat", "AI seats")
        )));
    }
    let mut seats = Vec::with_capacity(players);
    for seat in 0..players {
        let ai = seat.checked_sub(1);
        let (spec, whose) = match ai {
            None => (args.deck.as_deref(), "your deck".to_string()),
            Some(i) if players == 2 => (
                args.ai_deck.get(i).map(String::as_str),
                "the AI's deck".into(),
            ),
            Some(i) => (
                args.ai_deck.get(i).map(String::as_str),
                format!("Player {}'s deck", seat + 1),
            ),
        };
        let deck = match spec {
            None => DeckRequest::Default,
            Some(spec) => {
                crate::names::deck_request(ruleset, spec, &whose, args.table.format.as_deref())?
            }
        };
        seats.push(SeatRequest {
            player: match ai {
                None => "human".into(),
                Some(_) => args.ai.trim().to_ascii_lowercase(),
            },
            bot_seed: ai.map(|i| seed.wrapping_add(i as u64)),
            deck,
        });
    }
    let request = TableRequest {
        format: args.table.format.clone(),
        variant: Some(args.table.variant.clone()),
        team_size: args.table.team_size,
        seed,
        first_player: match args.first {
            First::Me => Some(HUMAN),
            First::Ai => Some(HUMAN + 1),
            First::Random => None,
        },
        pool: None,
        seats,
        without_undo: false,
    };
    let mut failed = None;
    let mut pick = |_: Seat, pick: &PackPick| {
        if pick.round == 1 && pick.picked == 0 {
            println!(
                "{}: pick one card from each pack passed to you.",
                pick.format
            );
        }
        if let [last] = pick.cards {
            // The last card of a pack is no choice.
            println!(
                "\nPack {} of {}, pick {}: you take the last card, {last}.",
                pick.round,
                pick.rounds,
                pick.picked + 1
            );
            return Some(0);
        }
        println!(
            "\nPack {} of {}, pick {}:",
            pick.round,
            pick.rounds,
            pick.picked + 1
        );
        for (i, card) in pick.cards.iter().enumerate() {
            println!("  {:>2}. {card}", i + 1);
        }
        series::read_choice(input, pick.cards, "draft").unwrap_or_else(|e| {
            failed = Some(e);
            None
        })
    };
    let game = AnyPlayed::request_picked(ruleset, &request, &mut pick)?;
    if let Some(e) = failed {
        return Err(e);
    }
    let Some(game) = game else {
        return Ok(None);
    };
    game.seat_bot(&args.ai, seed, 1)?;
    Ok(Some(game))
}

/// One line of input; `None` at end of input. Bytes that are not UTF-8 are replaced
/// rather than ending the game.
pub(crate) fn read_line(input: &mut impl BufRead) -> CliResult<Option<String>> {
    let mut buf = Vec::new();
    match input.read_until(b'\n', &mut buf) {
        Ok(0) => Ok(None),
        Ok(_) => Ok(Some(String::from_utf8_lossy(&buf).into_owned())),
        Err(e) => Err(CliError::input(format!("cannot read input: {e}"))),
    }
}

/// The terminal, stops and autosave a game is played with, from the command line; the
/// stops are checked against the ruleset's moments before anything is dealt.
pub(crate) fn options_of(args: &Args) -> CliResult<Options> {
    let moments = epic_rulesets::moments(args.ruleset.name())?;
    if !args.stops.trim().eq_ignore_ascii_case("default") {
        epic_game::table::Stops::default_of(moments)
            .parse(&args.stops)
            .map_err(|e| CliError::input(format!("--stops: {e}")))?;
    }
    Ok(Options {
        term: args.term.term(),
        stops: args.stops.clone(),
        autosave: if args.no_autosave {
            None
        } else {
            Some(crate::data_dir::autosave_for_writing()?)
        },
        saved_beside: None,
        seed_note: None,
        menu_at_end: true,
    })
}

pub fn run(args: Args) -> CliResult {
    let resumed = match (&args.load, args.resume) {
        (Some(path), _) => Some(path.clone()),
        (None, true) => {
            let path = crate::data_dir::autosave_path()?;
            if !path.exists() {
                return Err(CliError::input(format!(
                    "there is no game in progress to resume (no autosave at {})",
                    path.display()
                )));
            }
            Some(path)
        }
        (None, false) => None,
    };
    // Each use takes its own lock of stdin (its buffer is the process's), so that `epic
    // draft`, which reads stdin itself, is never called while a lock is held here.
    let stdin = std::io::stdin();
    let game = match &resumed {
        Some(path) => {
            let name = path.display().to_string();
            let text = crate::error::read_text(path)?;
            let game = AnyPlayed::from_save(&name, &text, None)?;
            // A game of a match goes on into the rest of the match.
            if let Some(series) = series::saved_match(&name, &text, &game)? {
                // The record is the match before the saved game: with that game, if it is
                // over, the match may be over too.
                let mut after = series.games.clone();
                if game.is_over() {
                    game.record_in(&mut after);
                }
                if after.over() {
                    let (file, replay) = match args.load {
                        Some(_) => (name.clone(), format!("epic replay {name}")),
                        None => ("the autosave".into(), "epic replay".into()),
                    };
                    return Err(CliError::input(format!(
                        "the match in {file} is over: `{replay}` shows its last game, and \
                         `epic play --best-of {}` starts a new one",
                        after.best_of()
                    )));
                }
                let loaded = args.load.as_deref();
                return series::play_match(game, series, loaded, &args, &mut stdin.lock());
            }
            if game.is_over() {
                return Err(CliError::input(format!(
                    "the game in {name} is over: `epic replay {name}` shows it, and `epic play` \
                     starts a new one"
                )));
            }
            game
        }
        None if args.best_of.is_some() => {
            let ruleset = epic_rulesets::ruleset(args.ruleset.name())?;
            let with_matches = epic_rulesets::rulesets_with_matches();
            if !with_matches.contains(&ruleset.name) {
                return Err(CliError::input(format!(
                    "--best-of plays matches, which the rules of the {} do not have: add \
                     --ruleset {}",
                    ruleset.title,
                    with_matches.join(" or --ruleset ")
                )));
            }
            let Some(game) = new_game(&args, &mut stdin.lock())? else {
                return Ok(());
            };
            let series = series::new_match(&game, args.best_of.unwrap_or(1))?;
            return series::play_match(game, series, None, &args, &mut stdin.lock());
        }
        None => {
            if let Some(line) = crate::commands::learn::first_game_suggestion(args.ruleset.name()) {
                println!("{}", args.term.term().fill(&line, ""));
            }
            if let Some(draft) = drafted(&args)? {
                return draft_and_play(&args, draft, options_of(&args)?);
            }
            let Some(game) = new_game(&args, &mut stdin.lock())? else {
                return Ok(());
            };
            if game
                .sideboarded(HUMAN)
                .is_some_and(|l| !l.sideboard.is_empty())
            {
                println!(
                    "Your sideboard is for the games of a match (--best-of 3): this game is \
                     one on its own."
                );
            }
            game
        }
    };
    let opts = options_of(&args)?;
    play_game(game, args.load.as_deref(), opts, &mut stdin.lock()).map(|_| ())
}
