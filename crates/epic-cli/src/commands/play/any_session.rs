//! A game of any registered ruleset with a person in seat 1 and bots in the others,
//! played through the registry ([`AnyPlayed`]) alone: the board whenever it changes, the
//! log as the person is told it, the options by number or by words, the commands,
//! autosave, and the end of the game with its reason and a menu. Nothing here knows
//! which game it plays.

use crate::error::{CliError, CliResult};
use crate::term::{Fitted, Term};
use epic_game::words::{Ink, Line, Voice};
use epic_game::Seat;
use epic_rulesets::{AnyPlayed, AnyTaken};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// The person's seat.
const HUMAN: Seat = 0;

/// A bot's decision that took at least this long is followed by how long it took.
const THINKING_SHOWN: std::time::Duration = std::time::Duration::from_millis(50);

const HELP: &str = "\
Commands:
  N              take option number N
  TEXT           take the option with these words, in this order, each word or
                 its start (`pass`, `play ember bolt`)
  board          show the board again
  show NAME      a card's full text, or what a keyword or symbol means
  log            show everything that happened so far
  hint           what the hard AI would do in your place
  save FILE      save the game to FILE (resume with `epic play --load FILE`)
  concede        concede the game and lose it (asks you to confirm;
                 `concede yes` does not)
  quit           leave the game (it stays autosaved: `epic play --resume`)
  help           this list";

/// How a game is played at the terminal, from the command line.
#[derive(Clone, Debug)]
pub struct AnyOptions {
    pub term: Term,
    /// Where the game is rewritten before every question; `None`: nowhere.
    pub autosave: Option<PathBuf>,
    /// A field saved beside the game's own, by name (a classic match's record, `match`).
    pub saved_beside: Option<(&'static str, serde_json::Value)>,
    /// Whether the end of the game offers a menu (save, replay, log); a game of a match
    /// goes straight on to the match.
    pub menu_at_end: bool,
}

/// A game in progress at the terminal: the game, its log as the person was told it,
/// and where it is saved.
struct Sitting {
    game: AnyPlayed,
    voice: Voice,
    log: Vec<Line>,
    opts: AnyOptions,
    /// Where the person last saved the game, and after how many decisions.
    saved: Option<(String, usize)>,
}

impl Sitting {
    /// The game as a saved game's text, with the field saved beside it.
    fn save_text(&self) -> CliResult<String> {
        let text = self.game.save_text()?;
        let Some((name, value)) = &self.opts.saved_beside else {
            return Ok(text);
        };
        let mut file: serde_json::Value = serde_json::from_str(&text)?;
        if let Some(fields) = file.as_object_mut() {
            fields.insert((*name).to_string(), value.clone());
        }
        Ok(serde_json::to_string_pretty(&file)? + "\n")
    }

    /// Writes the game to `path`, whole or not at all.
    fn save_to(&self, path: &Path) -> CliResult {
        crate::save::write_whole(path, &self.save_text()?)
    }

    /// Rewrites the autosave; a failure is told once and autosaving stops.
    fn autosave(&mut self, out: &mut impl Write) -> CliResult {
        let Some(path) = self.opts.autosave.clone() else {
            return Ok(());
        };
        if let Err(e) = self.save_to(&path) {
            writeln!(out, "{} (autosave is off for this game)", e.message)?;
            self.opts.autosave = None;
        }
        Ok(())
    }

    /// Where the game stands on disk, for leaving it.
    fn saved_note(&self) -> String {
        match (&self.saved, &self.opts.autosave) {
            (Some((path, n)), _) if *n == self.game.decisions() => {
                format!("the game is saved in {path}")
            }
            (_, Some(auto)) => format!(
                "the game is autosaved in {}; `epic play --resume` continues it",
                auto.display()
            ),
            (Some((path, _)), None) => format!("the last save, in {path}, is behind"),
            (None, None) => "nothing was saved".to_string(),
        }
    }

    /// Makes `taken` the game's, and prints and logs what the person is told of it.
    fn take(&mut self, taken: AnyTaken, out: &mut impl Write) -> CliResult {
        let told = self
            .game
            .told(&taken, std::slice::from_ref(&self.voice))
            .pop()
            .unwrap_or_default();
        self.game.take(taken)?;
        for line in told {
            writeln!(out, "{}", self.opts.term.line(&line))?;
            self.log.push(line);
        }
        Ok(())
    }

    /// Saves to the file the person named; whether it was saved.
    fn save(&mut self, path: &str, out: &mut impl Write) -> CliResult<bool> {
        match self.save_to(Path::new(path)) {
            Ok(()) => {
                self.saved = Some((path.to_string(), self.game.decisions()));
                writeln!(out, "Saved to {path}. Resume with: epic play --load {path}")?;
                Ok(true)
            }
            Err(e) => {
                writeln!(out, "{}", e.message)?;
                Ok(false)
            }
        }
    }
}

/// Plays `game` (new, or resumed from `loaded`) with the person in seat 1 and the bots
/// its setup names in the others, asking the person on `input`, until it ends (the game,
/// over) or the person leaves (`None`).
pub fn play_any(
    game: AnyPlayed,
    loaded: Option<&Path>,
    opts: AnyOptions,
    input: &mut impl BufRead,
) -> CliResult<Option<AnyPlayed>> {
    let players = game.players();
    if players.len() < 2
        || players[usize::from(HUMAN)].player != "human"
        || players[1..].iter().any(|s| s.player == "human")
    {
        return Err(CliError::input(
            "this game does not have a human in seat 1 and AI players in the others",
        ));
    }
    let voice = Voice::numbered(Some(HUMAN), players.len());
    let log = told_so_far(&game, &voice)?;
    let term = opts.term;
    let mut s = Sitting {
        saved: loaded.map(|p| (p.display().to_string(), game.decisions())),
        game,
        voice,
        log,
        opts,
    };
    let mut out = Fitted::new(std::io::stdout().lock(), term);
    let title = epic_rulesets::ruleset(s.game.ruleset())?.title;
    let others: Vec<String> = players[1..]
        .iter()
        .enumerate()
        .map(|(i, p)| format!("Player {} ({}, {})", i + 2, p.player, p.deck))
        .collect();
    writeln!(
        out,
        "{}",
        term.fill(
            &format!(
                "{title}: you are Player 1 ({}), against {}.",
                players[usize::from(HUMAN)].deck,
                others.join(", ")
            ),
            "  "
        )
    )?;
    writeln!(
        out,
        "Seed: {} (play this deal again with --seed {}).",
        s.game.seed(),
        s.game.seed()
    )?;
    if s.game.decisions() > 0 {
        writeln!(
            out,
            "Resumed after {} decisions (`log` tells the game so far).",
            s.game.decisions()
        )?;
    } else {
        for line in s.game.opening(&s.voice) {
            writeln!(out, "{}", term.line(&line))?;
            s.log.push(line);
        }
    }
    writeln!(out, "Type `help` for commands.")?;
    crate::interrupt::exit_on_interrupt(&format!("\nInterrupted: {}.\n", s.saved_note()));
    // The board is printed again only when something on it changed.
    let mut shown_board: Option<String> = None;
    loop {
        let Some(decider) = s.game.decider() else {
            s.autosave(&mut out)?;
            game_over(&mut s, input, &mut out)?;
            return Ok(Some(s.game));
        };
        if decider != HUMAN {
            let who = &players[usize::from(decider)];
            let seed = bot_seed(&s.game, who.bot_seed);
            let start = std::time::Instant::now();
            let option = s.game.bot_option(&who.player, seed).ok_or_else(|| {
                CliError::input(format!("'{}' is not an AI player of this game", who.player))
            })?;
            let took = start.elapsed();
            let taken = s.game.after(option)?;
            s.take(taken, &mut out)?;
            if took >= THINKING_SHOWN {
                let line = format!(
                    "(Player {} thought for {:.2} s.)",
                    decider + 1,
                    took.as_secs_f64()
                );
                writeln!(out, "{}", term.log_line(&line, Some(Ink::Quiet)))?;
            }
            continue;
        }
        if s.game.option_count() == 1 {
            // The only option there is: taken without asking (the others saw a decision
            // all the same), and told as any decision is.
            let taken = s.game.after(0)?;
            s.take(taken, &mut out)?;
            continue;
        }
        let board = term.page(&s.game.page(&s.voice));
        if shown_board.as_deref() != Some(board.as_str()) {
            write!(out, "\n{board}")?;
            shown_board = Some(board);
        }
        let Some(asked) = s.game.seen(&s.voice, true).asked else {
            return Err(CliError::findings("the game asks no one, yet is not over"));
        };
        let labels: Vec<String> = asked.options.iter().map(|o| o.label.clone()).collect();
        writeln!(
            out,
            "{}",
            term.paint(Ink::Heading, &term.fill(&asked.prompt, "  "))
        )?;
        for (i, label) in labels.iter().enumerate() {
            let line = term.fill(&format!("{:>3}. {label}", i + 1), "       ");
            writeln!(out, "{line}")?;
        }
        s.autosave(&mut out)?;
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = super::read_line(input)? else {
            writeln!(
                out,
                "\nEnd of input: leaving the game ({}).",
                s.saved_note()
            )?;
            return Ok(None);
        };
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" | "h" => writeln!(out, "{HELP}")?,
            "board" | "b" => shown_board = None,
            "quit" | "exit" | "q" => {
                writeln!(out, "You leave the game ({}).", s.saved_note())?;
                return Ok(None);
            }
            "show" if rest.is_empty() => writeln!(out, "Usage: show CARD or KEYWORD")?,
            "show" => {
                let sheet = crate::commands::cards::show_named(s.game.ruleset(), rest)
                    .unwrap_or_else(|e| e.message);
                writeln!(out, "{}", term.fill(&sheet, "  "))?;
            }
            "log" => {
                if s.log.is_empty() {
                    writeln!(out, "Nothing has happened yet.")?;
                }
                for l in &s.log {
                    writeln!(out, "{}", term.line(l))?;
                }
            }
            "hint" => writeln!(out, "{}", hint(&s.game, &labels))?,
            "undo" => writeln!(
                out,
                "There is no undo in this game: a decision taken is final."
            )?,
            "concede" => {
                let sure = rest.eq_ignore_ascii_case("yes") || {
                    write!(out, "Concede the game and lose it? Type yes to concede: ")?;
                    out.flush()?;
                    let answer = super::read_line(input)?;
                    answer.is_some_and(|l| l.trim().eq_ignore_ascii_case("yes"))
                };
                if sure {
                    let taken = s.game.conceded(HUMAN)?;
                    s.take(taken, &mut out)?;
                } else {
                    writeln!(out, "You play on.")?;
                }
            }
            "save" if rest.is_empty() => writeln!(out, "Usage: save FILE")?,
            "save" => {
                if s.save(rest, &mut out)? {
                    shown_board = None;
                }
            }
            _ if line.bytes().all(|b| b.is_ascii_digit()) => {
                match line.parse::<usize>().ok().and_then(|n| n.checked_sub(1)) {
                    Some(i) if i < asked.options.len() => {
                        let taken = s.game.after(asked.options[i].index)?;
                        s.take(taken, &mut out)?;
                    }
                    _ => writeln!(out, "Pick a number from 1 to {}.", labels.len())?,
                }
            }
            _ => {
                // Copies of one card are one option: their labels are the same.
                let same = |a: usize, b: usize| labels[a] == labels[b];
                match super::typed_option(line, &labels, &labels, same) {
                    Ok(i) => {
                        let taken = s.game.after(asked.options[i].index)?;
                        s.take(taken, &mut out)?;
                    }
                    Err(why) => writeln!(out, "{}", term.fill(&why, "  "))?,
                }
            }
        }
    }
}

/// A bot's seed for the decision at hand: its own (or the game's), moved on by the
/// decisions taken, so that a resumed game goes on as it would have.
fn bot_seed(game: &AnyPlayed, own: Option<u64>) -> u64 {
    crate::commands::sim::mix(own.unwrap_or_else(|| game.seed()) ^ game.decisions() as u64)
}

/// What the person was told of the decisions taken so far (a resumed game's log).
fn told_so_far(game: &AnyPlayed, voice: &Voice) -> CliResult<Vec<Line>> {
    let mut replayed = game.at_start()?;
    let mut log = replayed.opening(voice);
    for (i, record) in game.records_json().iter().enumerate() {
        log.extend(crate::commands::replay::step(&mut replayed, record, i + 1, voice)?.1);
    }
    Ok(log)
}

/// What the hard AI would take in the person's seat: it decides from what the seat may
/// know alone, so a hint never reveals a hidden card.
fn hint(game: &AnyPlayed, labels: &[String]) -> String {
    let seed = crate::commands::sim::mix(game.seed() ^ game.decisions() as u64 ^ 0x68696e74);
    let Some(option) = game.bot_option("hard", seed) else {
        return "No adviser is available.".into();
    };
    let listed = game
        .seen(&Voice::numbered(Some(HUMAN), game.seats()), true)
        .asked
        .and_then(|a| a.options.iter().position(|o| o.index == option));
    match listed {
        Some(i) => format!(
            "The hard AI in your place would take {}. {}",
            i + 1,
            labels[i]
        ),
        None => "There is nothing to decide.".into(),
    }
}

/// The end of the game: the board, the result and why, and what the person may do next
/// (save, replay, read the log) until they quit.
fn game_over(s: &mut Sitting, input: &mut impl BufRead, out: &mut impl Write) -> CliResult {
    let term = s.opts.term;
    write!(out, "\n{}", term.page(&s.game.page(&s.voice)))?;
    let result = s
        .game
        .seen(&s.voice, false)
        .outcome
        .map_or_else(|| "The game is over.".to_string(), |o| o.text);
    writeln!(
        out,
        "{}",
        term.paint(Ink::Heading, &term.fill(&result, "  "))
    )?;
    if !s.opts.menu_at_end {
        return Ok(());
    }
    crate::interrupt::exit_on_interrupt("\n");
    let menu = "What next?\n  1. Quit\n  2. Save the game to a file (`save FILE`)\n  \
                3. Step through a replay of it (`replay`)\n  4. Read the log (`log`)";
    writeln!(out, "{menu}")?;
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = super::read_line(input)? else {
            writeln!(out)?;
            return Ok(());
        };
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match cmd.to_ascii_lowercase().as_str() {
            "1" | "quit" | "q" | "exit" => return Ok(()),
            "2" | "save" => {
                let path = if rest.trim().is_empty() {
                    write!(out, "Save to which file? ")?;
                    out.flush()?;
                    super::read_line(input)?.unwrap_or_default()
                } else {
                    rest.to_string()
                };
                let path = path.trim();
                if path.is_empty() {
                    writeln!(out, "Not saved: no file named.")?;
                } else if s.save(path, out)? {
                    writeln!(out, "(`epic replay {path}` shows it again.)")?;
                }
            }
            "3" | "replay" => {
                crate::commands::replay::step_through(&s.game, HUMAN, &term, input, out)?;
                writeln!(out, "{menu}")?;
            }
            "4" | "log" => {
                for l in &s.log {
                    writeln!(out, "{}", term.line(l))?;
                }
            }
            "board" | "b" => write!(out, "{}", term.page(&s.game.page(&s.voice)))?,
            "" => {}
            _ => writeln!(out, "Type a number from 1 to 4.")?,
        }
    }
}
