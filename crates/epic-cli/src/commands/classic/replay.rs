//! `epic replay` of a classic game: its decisions as one seat saw them — the labels that
//! seat could read and its view of the board — or everything with `--reveal-all`.

use super::board;
use crate::commands::replay::{step_loop, where_and_whom, Args, STEP_HELP};
use crate::error::{CliError, CliResult};
use epic_classic::save::{digest_hex, ClassicDecision, ClassicSave};
use epic_classic::ClassicGame;
use epic_game::{Seat, State};
use serde::Serialize;
use std::io::{IsTerminal, Write};

/// Who the replay is for: one seat, or everything (drawn for `seat`).
#[derive(Clone, Copy)]
struct Viewer {
    seat: Seat,
    everything: bool,
}

/// One decision as the viewer saw it.
#[derive(Serialize)]
struct Step {
    n: usize,
    /// The seat that decided, from 0.
    player: Seat,
    label: String,
    /// The number of the option taken (from 0), only with `--reveal-all`; none for a
    /// concession.
    #[serde(skip_serializing_if = "Option::is_none")]
    option: Option<u32>,
}

/// Applies decision `n` and says who took it and what it was: a concession is its
/// player's, whoever was deciding.
fn step(
    game: &mut ClassicGame,
    decision: ClassicDecision,
    n: usize,
    viewer: Viewer,
) -> CliResult<(Seat, String)> {
    let choice = decision.choice_in(game, n)?;
    let decider = match choice {
        epic_classic::Choice::Concede(seat) => seat,
        _ => game.decider().unwrap_or(0),
    };
    let reader = if viewer.everything {
        decider
    } else {
        viewer.seat
    };
    let before = game.label_for(choice, reader);
    game.apply(choice)
        .map_err(|e| CliError::input(format!("decision {n}: {e}")))?;
    Ok((decider, game.said(choice, before, reader)))
}

/// The board as the viewer sees it; with everything shown, every hand and face-down
/// champion too, each as its own player sees it.
fn shown(game: &ClassicGame, viewer: Viewer) -> String {
    let mut s = board(game, viewer.seat);
    if viewer.everything {
        for p in (0..game.players() as Seat).filter(|&p| p != viewer.seat) {
            let view = game.view(p);
            if let Ok(names) = &view.players[p as usize].hand {
                s += &format!("Player {}'s hand: {}\n", p + 1, names.join(", "));
            }
            let face_down: Vec<&str> = view
                .in_play
                .iter()
                .filter(|c| c.veiled && c.owner == p)
                .map(|c| c.name.as_str())
                .collect();
            if !face_down.is_empty() {
                s += &format!(
                    "Player {}'s face-down champions: {}\n",
                    p + 1,
                    face_down.join(", ")
                );
            }
        }
    }
    s
}

/// How the position stands at the end: who decides next, or the result.
fn next_or_result(game: &ClassicGame) -> String {
    match (game.decider(), game.winners()) {
        (Some(d), _) => format!("Next: Player {} decides.", d + 1),
        (None, Some([])) | (None, None) => "The game is a draw.".into(),
        (None, Some([w])) => format!("Player {} wins.", w + 1),
        (None, Some(w)) => {
            let names: Vec<String> = w.iter().map(|s| format!("Player {}", s + 1)).collect();
            format!("{} tie for the win.", names.join(" and "))
        }
    }
}

/// `epic replay FILE` for a classic save, checked whole before anything is shown.
pub fn run(args: &Args, file: &ClassicSave) -> CliResult {
    file.rebuild(None)?;
    let total = file.decisions.len();
    let players: Vec<&str> = file.setup.seats.iter().map(|s| s.player.as_str()).collect();
    let (at, seat) = where_and_whom(args, total, &players, "game")?;
    let viewer = Viewer {
        seat: seat as Seat,
        everything: args.reveal_all,
    };
    let interactive = args.interactive
        || !(args.dump || args.json || args.reveal_all || args.to.is_some())
            && std::io::stdin().is_terminal()
            && std::io::stdout().is_terminal();
    let mut out = std::io::stdout().lock();
    if interactive {
        writeln!(
            out,
            "Replay of a classic game: {total} decisions, as Player {} saw them. {STEP_HELP}",
            seat + 1
        )?;
        return step_loop(total, &mut std::io::stdin().lock(), &mut out, |at, out| {
            let mut game = file.rebuild(Some(at.saturating_sub(1)))?;
            if at == 0 {
                writeln!(out, "\nThe start of the game.")?;
            } else {
                let (player, label) = step(&mut game, file.decisions[at - 1], at, viewer)?;
                writeln!(
                    out,
                    "\nDecision {at} of {total}: Player {}: {label}",
                    player + 1
                )?;
            }
            write!(out, "{}", shown(&game, viewer))?;
            writeln!(out, "{}", next_or_result(&game))?;
            Ok(())
        });
    }
    let mut game = file.rebuild(Some(0))?;
    let file_name = args
        .file
        .as_ref()
        .map_or_else(String::new, |p| p.display().to_string());
    if args.json {
        let mut steps = Vec::new();
        for (i, &decision) in file.decisions[..at].iter().enumerate() {
            let (player, label) = step(&mut game, decision, i + 1, viewer)?;
            steps.push(Step {
                n: i + 1,
                player,
                label,
                option: decision.option().filter(|_| viewer.everything),
            });
        }
        #[derive(Serialize)]
        struct Report<'a> {
            ruleset: &'static str,
            file: String,
            decisions: usize,
            at: usize,
            /// The seat shown, from 1, or "all".
            seat: serde_json::Value,
            steps: Vec<Step>,
            view: epic_classic::View,
            next: Option<Seat>,
            winners: Option<&'a [Seat]>,
            #[serde(skip_serializing_if = "Option::is_none")]
            digest: Option<String>,
        }
        let report = Report {
            ruleset: "classic",
            file: file_name,
            decisions: total,
            at,
            seat: if viewer.everything {
                "all".into()
            } else {
                (seat + 1).into()
            },
            steps,
            view: game.view(viewer.seat),
            next: game.decider(),
            winners: game.winners(),
            digest: viewer.everything.then(|| digest_hex(&game)),
        };
        return crate::commands::print_json(&report);
    }
    let whose = if viewer.everything {
        "showing everything, hidden cards included".to_string()
    } else {
        format!("showing Player {}'s view", seat + 1)
    };
    writeln!(
        out,
        "Replay of {file_name} (classic, 2009 rules): {total} decisions; {whose}."
    )?;
    let quiet = args.to.is_some();
    if !quiet {
        write!(out, "\n{}", shown(&game, viewer))?;
    }
    for (i, &option) in file.decisions[..at].iter().enumerate() {
        let (player, label) = step(&mut game, option, i + 1, viewer)?;
        if !quiet {
            writeln!(out, "\n#{} Player {}: {label}", i + 1, player + 1)?;
            write!(out, "{}", shown(&game, viewer))?;
        }
    }
    if quiet {
        writeln!(out, "\nAfter decision {at}:")?;
        write!(out, "{}", shown(&game, viewer))?;
    }
    writeln!(out, "{}", next_or_result(&game))?;
    Ok(())
}
