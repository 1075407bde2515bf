//! `epic replay`: step through a saved game, decision by decision, as one seat saw it.
//! Everything printed for a seat — the board, the log, the labels of other players'
//! decisions, JSON — is built from that seat's view and events: what they could not see
//! during the game, the replay does not show either. `--reveal-all` shows everything.

use crate::display::{self, Voice};
use crate::draft_save::DraftFile;
use crate::error::{CliError, CliResult};
use crate::names;
use crate::save::SaveFile;
use epic_engine::{Choice, Event, Game, PlayerId};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A file written by `save FILE` in `epic play`.
    pub file: PathBuf,
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

pub fn run(args: Args) -> CliResult {
    let pool = names::pool();
    let text = crate::error::read_text(&args.file)?;
    let source = args.file.display().to_string();
    if DraftFile::is_draft(&text) {
        return replay_draft(&args, DraftFile::parse(&source, &text)?);
    }
    let file = SaveFile::parse(&source, &text)?;
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
            &mut out,
        )
    }
}

/// The position to show (`--to`, else the end) and the seat to show it for (`--seat`,
/// else the human's), checked against a saved game's or draft's `total` decisions and
/// its seats' players.
fn where_and_whom(
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

fn board(game: &Game, voice: &Voice, viewer: Viewer) -> String {
    let mut s = display::board(game, voice, &game.view(viewer.seat()));
    if let Viewer::Everything(_) = viewer {
        s += &display::hidden_hands(game, voice);
    }
    s
}

fn replay_text(
    args: &Args,
    game: &mut Game,
    decisions: &[Choice],
    total: usize,
    viewer: Viewer,
    out: &mut impl Write,
) -> CliResult {
    let voice = Voice::replay(viewer.seat());
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
        args.file.display()
    )?;
    if quiet_until == 0 {
        write!(out, "\n{}", board(game, &voice, viewer))?;
    }
    for (i, &choice) in decisions.iter().enumerate() {
        let player = game.decision().map_or(0, |d| d.player);
        let (label, events) = step(game, choice, viewer, i + 1)?;
        if i + 1 > quiet_until {
            writeln!(out, "\n#{} Player {}: {label}", i + 1, player + 1)?;
            for line in display::narrate(game.pool(), &voice, &events) {
                writeln!(out, "  {line}")?;
            }
            write!(out, "{}", board(game, &voice, viewer))?;
        }
    }
    if quiet_until > 0 {
        writeln!(out, "\nAfter decision {}:", decisions.len())?;
        write!(out, "{}", board(game, &voice, viewer))?;
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
        string(&args.file.display().to_string())?,
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
    use epic_formats::draft::DraftChoice;
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
