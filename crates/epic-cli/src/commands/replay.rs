//! `epic replay`: step through a saved game of any ruleset, decision by decision, as one
//! seat saw it. Everything printed for a seat — the board, the log, JSON — is built from
//! that seat's view and the words its ruleset tells that seat: what they could not see
//! during the game, the replay does not show either. `--reveal-all` shows everything.

use crate::draft_save::DraftFile;
use crate::error::{CliError, CliResult};
use crate::names;
use crate::term::{Fitted, Ink, Term, TermArgs};
use epic_game::words::{Line, Voice};
use epic_game::Seat;
use epic_rulesets::AnyPlayed;
use serde::Serialize;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A file written by `save FILE` in `epic play` or `epic draft` (default: the last
    /// game played, from its autosave).
    pub file: Option<PathBuf>,
    /// Jump to the position after decision N (0: the start) and show only that.
    #[arg(long, value_name = "N")]
    pub to: Option<usize>,
    /// Whose view to show, from 1 (default: the human's seat). Only what that seat saw
    /// during the game is shown.
    #[arg(long, value_name = "SEAT", conflicts_with = "reveal_all")]
    pub seat: Option<u8>,
    /// Show everything, hidden cards included: every hand, every choice in full, the
    /// state's digest. (A saved game holds its seed and deck lists, so whoever holds
    /// the file can learn all of this anyway; see docs/saves.md.)
    #[arg(long)]
    pub reveal_all: bool,
    /// Print a JSON object: the steps, the view at the end and the result.
    #[arg(long)]
    pub json: bool,
    /// Print every step at once, as for a script (the default when input or output is
    /// not a terminal).
    #[arg(long, conflicts_with = "interactive")]
    pub dump: bool,
    /// Step through the game one decision at a time, forward and back, reading commands
    /// from the input (the default in a terminal).
    #[arg(long, conflicts_with_all = ["json", "reveal_all"])]
    pub interactive: bool,
    #[command(flatten)]
    pub term: TermArgs,
    /// The rules the saved game must be played by; a file of another ruleset is
    /// refused (default: whichever the file says).
    #[arg(long, value_parser = super::ruleset_names())]
    pub ruleset: Option<String>,
}

/// One decision as the viewer saw it.
#[derive(Serialize)]
struct Step {
    n: usize,
    /// The seat whose decision it was, from 0.
    player: Seat,
    /// What the viewer was told of it, line by line.
    told: Vec<String>,
    /// The decision as the save keeps it, only with `--reveal-all`.
    #[serde(skip_serializing_if = "Option::is_none")]
    record: Option<serde_json::Value>,
}

pub fn run(mut args: Args) -> CliResult {
    let path = match &args.file {
        Some(path) => path.clone(),
        None => {
            let path = crate::data_dir::autosave_path()?;
            if !path.exists() {
                return Err(CliError::input(format!(
                    "no game to replay: name a saved game, or play one first (the last \
                     game is autosaved in {})",
                    path.display()
                )));
            }
            path
        }
    };
    args.file = Some(path.clone());
    let text = crate::error::read_text(&path)?;
    let source = path.display().to_string();
    if DraftFile::is_draft(&text) {
        return replay_draft(&args, DraftFile::parse(&source, &text)?);
    }
    // Check the whole file (every decision, the digest) before showing anything.
    let game = AnyPlayed::from_save(&source, &text, None)?;
    if let Some(wanted) = &args.ruleset {
        if wanted != game.ruleset() {
            return Err(CliError::input(format!(
                "{source} is a game of the {} rules, not the {wanted} rules: leave out \
                 --ruleset",
                game.ruleset()
            )));
        }
    }
    let total = game.decisions();
    let players: Vec<String> = game.players().into_iter().map(|s| s.player).collect();
    let players: Vec<&str> = players.iter().map(String::as_str).collect();
    let (at, seat) = where_and_whom(&args, total, &players, "game")?;
    let seat = seat as Seat;
    let term = args.term.term();
    let interactive = args.interactive
        || !(args.dump || args.json || args.reveal_all || args.to.is_some())
            && std::io::stdin().is_terminal()
            && std::io::stdout().is_terminal();
    if interactive {
        let mut input = std::io::stdin().lock();
        let mut out = Fitted::new(std::io::stdout().lock(), term);
        return step_through(&game, seat, &term, &mut input, &mut out);
    }
    let mut voice = replay_voice(seat, game.seats());
    if args.reveal_all {
        voice = voice.seeing_all();
    }
    let records = game.records_json();
    let start = game.at_start()?;
    let out = std::io::stdout().lock();
    if args.json {
        replay_json(&args, start, &records[..at], total, &voice, out)
    } else {
        replay_text(
            &args,
            start,
            &records[..at],
            total,
            &voice,
            &term,
            &mut Fitted::new(out, term),
        )
    }
}

/// A replay's voice: every seat by its number, `seat`'s included.
fn replay_voice(seat: Seat, seats: usize) -> Voice {
    Voice {
        second_person: false,
        ..Voice::numbered(Some(seat), seats)
    }
}

pub(crate) const STEP_HELP: &str = "Enter or n: next · b: back · N: go to decision N · s: start · \
                         e: end · q: leave the replay";

/// A game one decision at a time, as `seat` saw it: forward, back and jumps, read from
/// `input` (`STEP_HELP`). What a decision was and the board after it.
pub fn step_through(
    game: &AnyPlayed,
    seat: Seat,
    term: &Term,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> CliResult {
    let total = game.decisions();
    let records = game.records_json();
    let voice = replay_voice(seat, game.seats());
    writeln!(
        out,
        "Replay: {total} decisions, as Player {} saw them. {STEP_HELP}",
        seat + 1
    )?;
    step_loop(total, input, out, |at, out| {
        let mut game = game.at_start()?;
        if at == 0 {
            writeln!(
                out,
                "\n{}",
                term.paint(Ink::Heading, "The start of the game.")
            )?;
            write!(out, "{}", term.page(&game.page(&voice)))?;
        } else {
            for (i, record) in records[..at - 1].iter().enumerate() {
                step(&mut game, record, i + 1, &voice)?;
            }
            let (player, told) = step(&mut game, &records[at - 1], at, &voice)?;
            let head = format!("Decision {at} of {total}: Player {}", player + 1);
            show_decision(&game, &head, &told, &voice, term, out)?;
        }
        writeln!(out, "{}", next_or_result(&game, &voice))?;
        Ok(())
    })
}

/// Steps through a replay of `total` decisions, forward, back and by jumps, reading
/// commands from `input` (`STEP_HELP`); `show(at, out)` shows the position after
/// decision `at` (0: the start) whenever it changes.
pub(crate) fn step_loop<W: Write>(
    total: usize,
    input: &mut impl BufRead,
    out: &mut W,
    mut show: impl FnMut(usize, &mut W) -> CliResult,
) -> CliResult {
    let mut at = 0;
    let mut shown = None;
    loop {
        if shown != Some(at) {
            shown = Some(at);
            show(at, out)?;
        }
        write!(out, "[{at}/{total}] > ")?;
        out.flush()?;
        let Some(line) = crate::commands::play::read_line(input)? else {
            writeln!(out)?;
            return Ok(());
        };
        match line.trim().to_ascii_lowercase().as_str() {
            "" | "n" | "next" | "f" => {
                if at == total {
                    writeln!(out, "That was the last decision (b: back, q: leave).")?;
                } else {
                    at += 1;
                }
            }
            "b" | "back" | "p" => {
                if at == 0 {
                    writeln!(out, "This is the start (n: next, q: leave).")?;
                } else {
                    at -= 1;
                }
            }
            "s" | "start" => at = 0,
            "e" | "end" => at = total,
            "q" | "quit" | "exit" => return Ok(()),
            "h" | "help" | "?" => writeln!(out, "{STEP_HELP}")?,
            n if n.bytes().all(|b| b.is_ascii_digit()) => match n.parse::<usize>() {
                Ok(n) if n <= total => at = n,
                _ => writeln!(out, "There are decisions 0 to {total}.")?,
            },
            other => writeln!(out, "Unknown command '{other}'. {STEP_HELP}")?,
        }
    }
}

/// The position to show (`--to`, else the end) and the seat to show it for (`--seat`,
/// else the human's), checked against a saved game's or draft's `total` decisions and
/// its seats' players.
pub(crate) fn where_and_whom(
    args: &Args,
    total: usize,
    players: &[&str],
    what: &str,
) -> CliResult<(usize, usize)> {
    let at = match args.to {
        Some(n) if n > total => {
            return Err(CliError::input(format!(
                "--to {n}: the saved {what} has only {total} decisions"
            )))
        }
        Some(n) => n,
        None => total,
    };
    let seats = players.len();
    let seat = match args.seat {
        Some(s) if s >= 1 && usize::from(s) <= seats => usize::from(s) - 1,
        Some(s) => {
            return Err(CliError::input(format!(
                "--seat {s}: this {what} has seats 1 to {seats}"
            )))
        }
        None => players.iter().position(|&p| p == "human").unwrap_or(0),
    };
    Ok((at, seat))
}

/// Takes kept decision number `n` (`record`) and answers whose it was and what the
/// viewer was told of it.
pub(crate) fn step(
    game: &mut AnyPlayed,
    record: &str,
    n: usize,
    voice: &Voice,
) -> CliResult<(Seat, Vec<Line>)> {
    let taken = game.after_record(n, record)?;
    let told = game
        .told(&taken, std::slice::from_ref(voice))
        .pop()
        .unwrap_or_default();
    let by = taken.by();
    game.take(taken)?;
    Ok((by, told))
}

/// A decision taken: its heading, what the viewer was told, the board after it.
fn show_decision(
    game: &AnyPlayed,
    head: &str,
    told: &[Line],
    voice: &Voice,
    term: &Term,
    out: &mut impl Write,
) -> CliResult {
    writeln!(out, "\n{}", term.paint(Ink::Heading, head))?;
    for line in told {
        writeln!(out, "{}", term.line(line))?;
    }
    write!(out, "{}", term.page(&game.page(voice)))?;
    Ok(())
}

/// Who decides next (and what, when the viewer may read it), or how the game ended.
fn next_or_result(game: &AnyPlayed, voice: &Voice) -> String {
    let seen = game.seen(voice, true);
    match (seen.asked, seen.outcome) {
        (_, Some(outcome)) => outcome.text,
        (Some(asked), None) if !asked.prompt.is_empty() && voice.viewer == Some(asked.seat) => {
            format!("Next: Player {}: {}", asked.seat + 1, asked.prompt)
        }
        (Some(asked), None) => format!("Next: Player {} decides.", asked.seat + 1),
        (None, None) => "The game is over.".into(),
    }
}

fn replay_text(
    args: &Args,
    mut game: AnyPlayed,
    records: &[String],
    total: usize,
    voice: &Voice,
    term: &Term,
    out: &mut impl Write,
) -> CliResult {
    let quiet = args.to.is_some();
    let whose = match voice.viewer {
        _ if voice.sees_all => "showing everything, hidden cards included".to_string(),
        Some(p) => format!("showing Player {}'s view", p + 1),
        None => "showing a spectator's view".to_string(),
    };
    writeln!(
        out,
        "Replay of {}: {total} decisions ({} rules); {whose}.",
        file_name(args),
        game.ruleset()
    )?;
    if !quiet {
        write!(out, "\n{}", term.page(&game.page(voice)))?;
    }
    for (i, record) in records.iter().enumerate() {
        let (player, told) = step(&mut game, record, i + 1, voice)?;
        if !quiet {
            let head = format!("#{} Player {}", i + 1, player + 1);
            show_decision(&game, &head, &told, voice, term, out)?;
        }
    }
    if quiet {
        writeln!(out, "\nAfter decision {}:", records.len())?;
        write!(out, "{}", term.page(&game.page(voice)))?;
    }
    writeln!(out, "{}", next_or_result(&game, voice))?;
    Ok(())
}

/// The JSON report, written as it goes: a replay of a long game never holds all its
/// steps in memory.
fn replay_json(
    args: &Args,
    mut game: AnyPlayed,
    records: &[String],
    total: usize,
    voice: &Voice,
    mut out: impl Write,
) -> CliResult {
    let string = |s: &str| serde_json::to_string(s).map_err(CliError::from);
    let seat = match voice.viewer {
        _ if voice.sees_all => "\"all\"".to_string(),
        Some(p) => format!("{}", p + 1),
        None => "null".to_string(),
    };
    write!(
        out,
        "{{\"ruleset\":{},\"file\":{},\"decisions\":{total},\"at\":{},\"seat\":{seat},\"steps\":[",
        string(game.ruleset())?,
        string(&file_name(args))?,
        records.len()
    )?;
    for (i, record) in records.iter().enumerate() {
        let (player, told) = step(&mut game, record, i + 1, voice)?;
        if i > 0 {
            write!(out, ",")?;
        }
        let shown = Step {
            n: i + 1,
            player,
            told: told.into_iter().map(|l| l.text).collect(),
            record: voice
                .sees_all
                .then(|| serde_json::from_str(record).ok())
                .flatten(),
        };
        serde_json::to_writer(&mut out, &shown)?;
    }
    let seen = game.seen(voice, true);
    write!(out, "],\"view\":")?;
    serde_json::to_writer(&mut out, &game.view_json(voice.viewer))?;
    write!(out, ",\"asked\":")?;
    serde_json::to_writer(&mut out, &seen.asked)?;
    write!(out, ",\"outcome\":")?;
    serde_json::to_writer(&mut out, &seen.outcome)?;
    if voice.sees_all {
        write!(out, ",\"digest\":")?;
        serde_json::to_writer(&mut out, &game.digest_hex())?;
    }
    writeln!(out, "}}")?;
    Ok(())
}

/// The file replayed, as named or found.
fn file_name(args: &Args) -> String {
    args.file
        .as_ref()
        .map_or_else(String::new, |p| p.display().to_string())
}

/// One decision of a draft as the viewer knows it.
#[derive(Serialize)]
struct DraftStep {
    n: usize,
    drafter: usize,
    /// What was done, in words: "picks Kong", "picks a card", "cuts Fireball".
    did: String,
}

/// A saved draft, decision by decision, as one drafter knew it: their own picks and what
/// was revealed to all by name, another's pick as "a card" (`--reveal-all`: everything).
fn replay_draft(args: &Args, file: DraftFile) -> CliResult {
    use epic_engine::formats::draft::DraftChoice;
    let pool = names::pool();
    let total = file.decisions.len();
    let players: Vec<&str> = file.setup.seats.iter().map(|s| s.player.as_str()).collect();
    let (at, seat) = where_and_whom(args, total, &players, "draft")?;
    // Check the whole file before showing anything.
    file.rebuild(&pool, None, |_, _, _, _| {})?;
    let mut steps = Vec::new();
    let draft = file.rebuild(&pool, Some(at), |draft, who, c, _| {
        let mine = who == seat || args.reveal_all || draft.picks_are_public();
        let name = |id| pool.get(id).name.clone();
        let did = match c {
            DraftChoice::Pick(id) if mine => format!("picks {}", name(id)),
            DraftChoice::Pick(_) => "picks a card".into(),
            DraftChoice::Cut(id) if mine => format!("cuts {}", name(id)),
            DraftChoice::Restore(id) if mine => format!("puts {} back", name(id)),
            DraftChoice::Cut(_) | DraftChoice::Restore(_) => "changes their deck".into(),
            DraftChoice::Done => "finishes their deck".into(),
        };
        steps.push(DraftStep {
            n: steps.len() + 1,
            drafter: who + 1,
            did,
        });
    })?;
    let view = draft.view(seat);
    let mut out = std::io::stdout().lock();
    if args.json {
        #[derive(Serialize)]
        struct Report {
            draft: &'static str,
            at: usize,
            decisions: usize,
            seat: usize,
            steps: Vec<DraftStep>,
            picks: Vec<String>,
            over: bool,
        }
        let report = Report {
            draft: file.setup.draft.name(),
            at,
            decisions: total,
            seat: seat + 1,
            steps,
            picks: view
                .picks
                .iter()
                .map(|&c| pool.get(c).name.clone())
                .collect(),
            over: view.over,
        };
        serde_json::to_writer_pretty(&mut out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{} for Player {}: {at} of {total} decisions",
        file.setup.draft.format().title,
        seat + 1
    )?;
    for s in &steps {
        writeln!(out, "#{} Player {} {}", s.n, s.drafter, s.did)?;
    }
    let names: Vec<String> = view
        .picks
        .iter()
        .map(|&c| pool.get(c).name.clone())
        .collect();
    if view.over {
        writeln!(
            out,
            "Player {}'s deck ({}): {}",
            seat + 1,
            names.len(),
            names.join(", ")
        )?;
    } else if !names.is_empty() {
        writeln!(
            out,
            "Player {}'s picks so far ({}): {}",
            seat + 1,
            names.len(),
            names.join(", ")
        )?;
    }
    Ok(())
}
