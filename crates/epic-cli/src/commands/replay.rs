//! `epic replay`: step through a saved game, decision by decision, as one seat saw it.
//! Everything printed for a seat — the board, the log, the labels of other players'
//! decisions, JSON — is built from that seat's view and events: what they could not see
//! during the game, the replay does not show either. `--reveal-all` shows everything.

use crate::commands::classic::Ruleset;
use crate::display::{self, Decided, Voice};
use crate::draft_save::DraftFile;
use crate::error::{CliError, CliResult};
use crate::names;
use crate::save::{SaveFile, Saved};
use crate::term::{Fitted, Ink, Term, TermArgs};
use epic_engine::{Choice, Event, Game, PlayerId};
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
    /// The rules the saved game must be played by; a file of the other ruleset is
    /// refused (default: whichever the file says).
    #[arg(long, value_enum)]
    pub ruleset: Option<Ruleset>,
}

/// One decision as the viewer saw it.
#[derive(Serialize)]
struct Step<'a> {
    n: usize,
    player: PlayerId,
    label: String,
    /// The engine's choice, only with `--reveal-all`: it names objects by the engine's
    /// own ids.
    #[serde(skip_serializing_if = "Option::is_none")]
    choice: Option<Choice>,
    events: &'a [Event],
}

/// Who the replay is for: one seat, or everything.
#[derive(Clone, Copy)]
enum Viewer {
    Seat(PlayerId),
    Everything(PlayerId),
}

impl Viewer {
    /// The seat whose board is drawn.
    fn seat(self) -> PlayerId {
        match self {
            Viewer::Seat(p) | Viewer::Everything(p) => p,
        }
    }
}

pub fn run(mut args: Args) -> CliResult {
    let pool = names::pool();
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
    let file = match crate::save::read_saved(&source, &text)? {
        Saved::Epic2017(file) => file,
        Saved::Classic(file) if args.ruleset != Some(Ruleset::Epic2017) => {
            return crate::commands::classic::replay::run(&args, &file)
        }
        Saved::Classic(_) => {
            return Err(CliError::input(format!(
                "{source} is a classic game (2009 rules), not a 2017 one: leave out --ruleset"
            )))
        }
    };
    if args.ruleset == Some(Ruleset::Classic) {
        return Err(CliError::input(format!(
            "{source} is a 2017 game, not a classic one: leave out --ruleset"
        )));
    }
    // Check the whole file (every decision, the digest) before showing anything.
    file.rebuild(&pool, None)?;
    let total = file.decisions.len();
    let players: Vec<&str> = file.setup.seats.iter().map(|s| s.player.as_str()).collect();
    let (at, seat) = where_and_whom(&args, total, &players, "game")?;
    let seat = seat as PlayerId;
    let viewer = if args.reveal_all {
        Viewer::Everything(seat)
    } else {
        Viewer::Seat(seat)
    };
    let term = args.term.term();
    let interactive = args.interactive
        || !(args.dump || args.json || args.reveal_all || args.to.is_some())
            && std::io::stdin().is_terminal()
            && std::io::stdout().is_terminal();
    if interactive {
        let mut input = std::io::stdin().lock();
        let mut out = Fitted::new(std::io::stdout().lock(), term);
        return step_through(&file, seat, &term, &mut input, &mut out);
    }
    let mut game = file.rebuild(&pool, Some(0))?;
    let mut out = std::io::stdout().lock();
    if args.json {
        replay_json(
            &args,
            &mut game,
            &file.decisions[..at],
            total,
            viewer,
            &mut out,
        )
    } else {
        replay_text(
            &args,
            &mut game,
            &file.decisions[..at],
            total,
            viewer,
            &term,
            &mut Fitted::new(out, term),
        )
    }
}

pub(crate) const STEP_HELP: &str = "Enter or n: next · b: back · N: go to decision N · s: start · \
                         e: end · q: leave the replay";

/// A saved game one decision at a time, as `seat` saw it: forward, back and jumps, read
/// from `input` (`STEP_HELP`). What a decision was, its events and the board after it.
pub fn step_through(
    file: &SaveFile,
    seat: PlayerId,
    term: &Term,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> CliResult {
    let pool = names::pool();
    let total = file.decisions.len();
    let voice = epic_engine::words::replay_voice(seat, file.setup.seats.len());
    let viewer = Viewer::Seat(seat);
    writeln!(
        out,
        "Replay: {total} decisions, as Player {} saw them. {STEP_HELP}",
        seat + 1
    )?;
    step_loop(total, input, out, |at, out| {
        if at == 0 {
            let game = file.rebuild(&pool, Some(0))?;
            writeln!(
                out,
                "\n{}",
                term.paint(Ink::Heading, "The start of the game.")
            )?;
            write!(out, "{}", board(&game, &voice, viewer, term))?;
        } else {
            let mut game = file.rebuild(&pool, Some(at - 1))?;
            let head = |label: &str, player: PlayerId| {
                format!("Decision {at} of {total}: Player {}: {label}", player + 1)
            };
            show_decision(
                &mut game,
                file.decisions[at - 1],
                viewer,
                at,
                head,
                term,
                out,
            )?;
            if game.decision().is_none() {
                writeln!(out, "{}", display::result_line(&game, &voice))?;
            }
        }
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

/// The label of a decision and its events, as the viewer receives them.
fn step(
    game: &mut Game,
    choice: Choice,
    viewer: Viewer,
    n: usize,
) -> CliResult<(String, Vec<Event>)> {
    let label = match viewer {
        Viewer::Seat(p) => game.label_for(choice, p),
        Viewer::Everything(_) => game.label(choice),
    };
    let events = game
        .apply(choice)
        .map_err(|e| CliError::input(format!("decision {n}: {e}")))?;
    let events = match viewer {
        Viewer::Seat(p) => display::seat_events(&events, p),
        Viewer::Everything(_) => events,
    };
    Ok((label, events))
}

/// Applies decision `n` and shows it: a heading made by `head` from its label and its
/// decider, what the viewer saw happen, and the board after it.
fn show_decision(
    game: &mut Game,
    choice: Choice,
    viewer: Viewer,
    n: usize,
    head: impl Fn(&str, PlayerId) -> String,
    term: &Term,
    out: &mut impl Write,
) -> CliResult {
    let voice = epic_engine::words::replay_voice(viewer.seat(), game.state().num_players());
    let player = game.decision().map_or(0, |d| d.player);
    let decided = Decided::before(game, &game.view(viewer.seat()), &voice, choice);
    let (label, events) = step(game, choice, viewer, n)?;
    writeln!(out, "\n{}", term.paint(Ink::Heading, &head(&label, player)))?;
    for line in display::tell(game.pool(), &voice, &events, decided.as_ref()) {
        writeln!(out, "{}", crate::display::render(&line, term))?;
    }
    write!(out, "{}", board(game, &voice, viewer, term))?;
    Ok(())
}

fn board(game: &Game, voice: &Voice, viewer: Viewer, term: &Term) -> String {
    let mut s = display::board(game, voice, &game.view(viewer.seat()), term);
    if let Viewer::Everything(_) = viewer {
        s += &display::hidden_hands(game, voice, term);
    }
    s
}

fn replay_text(
    args: &Args,
    game: &mut Game,
    decisions: &[Choice],
    total: usize,
    viewer: Viewer,
    term: &Term,
    out: &mut impl Write,
) -> CliResult {
    let voice = epic_engine::words::replay_voice(viewer.seat(), game.state().num_players());
    let quiet_until = if args.to.is_some() {
        decisions.len()
    } else {
        0
    };
    let whose = match viewer {
        Viewer::Seat(p) => format!("showing Player {}'s view", p + 1),
        Viewer::Everything(_) => "showing everything, hidden cards included".to_string(),
    };
    writeln!(
        out,
        "Replay of {}: {total} decisions; {whose}.",
        file_name(args)
    )?;
    if quiet_until == 0 {
        write!(out, "\n{}", board(game, &voice, viewer, term))?;
    }
    for (i, &choice) in decisions.iter().enumerate() {
        if i + 1 > quiet_until {
            let head = |label: &str, player: PlayerId| {
                format!("#{} Player {}: {label}", i + 1, player + 1)
            };
            show_decision(game, choice, viewer, i + 1, head, term, out)?;
        } else {
            step(game, choice, viewer, i + 1)?;
        }
    }
    if quiet_until > 0 {
        writeln!(out, "\nAfter decision {}:", decisions.len())?;
        write!(out, "{}", board(game, &voice, viewer, term))?;
    }
    match game.decision() {
        Some(d) => writeln!(out, "Next: {}", d.prompt)?,
        None => writeln!(out, "{}", display::result_line(game, &voice))?,
    }
    Ok(())
}

/// The JSON report, written as it goes: a replay of a long game never holds all its
/// steps in memory.
fn replay_json(
    args: &Args,
    game: &mut Game,
    decisions: &[Choice],
    total: usize,
    viewer: Viewer,
    out: &mut impl Write,
) -> CliResult {
    let string = |s: &str| serde_json::to_string(s).map_err(CliError::from);
    let seat = match viewer {
        Viewer::Seat(p) => format!("{}", p + 1),
        Viewer::Everything(_) => "\"all\"".to_string(),
    };
    write!(
        out,
        "{{\"file\":{},\"decisions\":{total},\"at\":{},\"seat\":{seat},\"steps\":[",
        string(&file_name(args))?,
        decisions.len()
    )?;
    for (i, &choice) in decisions.iter().enumerate() {
        let player = game.decision().map_or(0, |d| d.player);
        let (label, events) = step(game, choice, viewer, i + 1)?;
        if i > 0 {
            write!(out, ",")?;
        }
        let shown = Step {
            n: i + 1,
            player,
            label,
            choice: matches!(viewer, Viewer::Everything(_)).then_some(choice),
            events: &events,
        };
        serde_json::to_writer(&mut *out, &shown)?;
    }
    write!(out, "],\"view\":")?;
    serde_json::to_writer(&mut *out, &game.view(viewer.seat()))?;
    write!(out, ",\"pending\":")?;
    serde_json::to_writer(&mut *out, &game.decision())?;
    write!(out, ",\"result\":")?;
    serde_json::to_writer(&mut *out, &game.result())?;
    if let Viewer::Everything(_) = viewer {
        write!(out, ",\"digest\":")?;
        serde_json::to_writer(&mut *out, &crate::save::digest_hex(game))?;
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
