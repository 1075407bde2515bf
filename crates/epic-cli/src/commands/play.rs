//! `epic play`: a game against the built-in AI, read from plain lines on stdin so a
//! person or a script can play it.

use crate::display::{self, Voice};
use crate::error::{CliError, CliResult};
use crate::names;
use crate::save::{SaveFile, SaveSetup, Seat};
use clap::ValueEnum;
use epic_engine::{Choice, DecisionKind, Game, PlayerId, RulesConfig};
use std::io::{BufRead, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Your deck: good, evil, sage, wild, random (a seeded Sealed deck) or a deck-list file
    /// (any other value with a / or a . in it, or naming a file that exists).
    #[arg(long, default_value = "good", value_name = "NAME|PATH")]
    pub deck: String,
    /// The AI's deck, as for --deck.
    #[arg(long, default_value = "evil", value_name = "NAME|PATH")]
    pub ai_deck: String,
    /// Which bot plays against you: random or greedy.
    #[arg(long, default_value = "greedy", value_name = "BOT")]
    pub ai: String,
    /// Seed for shuffles and the AI; the same seed and the same answers give the same
    /// game. Default: taken from the clock and printed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Who goes first.
    #[arg(long, value_enum, default_value_t = First::Random)]
    pub first: First,
    /// Resume a game saved with the `save FILE` command (the other options are ignored).
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum First {
    Me,
    Ai,
    Random,
}

const HELP: &str = "\
Commands:
  N            take option number N
  TEXT         take the option whose label is TEXT, or the only one whose label
               has these words in this order (e.g. `end turn`, `play gargoyle`)
  board        show the board again
  show CARD    show a card's full text (e.g. `show Fire Shaman`)
  discard      show both discard piles
  log          show everything that happened so far
  undo         take back your last play, when the rules allow it (3.7)
  save FILE    save the game to FILE (resume with `epic play --load FILE`)
  quit         leave the game without saving
  help         this list";

const HUMAN: PlayerId = 0;

struct Session {
    setup: SaveSetup,
    history: Vec<Choice>,
    game: Game,
    voice: Voice,
    log: Vec<String>,
}

impl Session {
    fn apply(&mut self, choice: Choice, out: &mut impl Write) -> CliResult {
        let events = self
            .game
            .apply(choice)
            .map_err(|e| CliError::findings(format!("the engine refused a choice: {e}")))?;
        self.history.push(choice);
        let seen = display::seat_events(&events, self.voice.viewer);
        for line in display::narrate(self.game.pool(), &self.voice, &seen) {
            writeln!(out, "  {line}")?;
            self.log.push(line);
        }
        Ok(())
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        % 1_000_000_000_000
}

fn new_game(args: &Args) -> CliResult<(SaveSetup, Game)> {
    let pool = names::pool();
    let seed = args.seed.unwrap_or_else(clock_seed);
    epic_bots::bot_by_name(&args.ai, seed).map_err(|e| CliError::input(e.to_string()))?;
    let mine = names::resolve_deck(&pool, &args.deck, seed)?;
    let theirs = names::resolve_deck(&pool, &args.ai_deck, seed.wrapping_add(1))?;
    let rules = RulesConfig::default();
    names::check_deck_size(&mine, &args.deck, "your deck", &rules)?;
    names::check_deck_size(&theirs, &args.ai_deck, "the AI's deck", &rules)?;
    let card_names =
        |d: &[epic_cards::CardId]| d.iter().map(|c| pool.get(*c).name.clone()).collect();
    let setup = SaveSetup {
        rules,
        seed,
        first_player: match args.first {
            First::Me => Some(HUMAN),
            First::Ai => Some(1 - HUMAN),
            First::Random => None,
        },
        seats: vec![
            Seat {
                player: "human".into(),
                bot_seed: None,
                deck: args.deck.clone(),
                cards: card_names(&mine),
            },
            Seat {
                player: args.ai.trim().to_ascii_lowercase(),
                bot_seed: Some(seed),
                deck: args.ai_deck.clone(),
                cards: card_names(&theirs),
            },
        ],
    };
    let game = Game::new(setup.to_setup(&pool)?).map_err(|e| CliError::input(e.to_string()))?;
    Ok((setup, game))
}

/// An option's label as the human reads it: "you" and "the AI" instead of seat numbers.
fn personal_label(label: &str) -> String {
    let you = crate::display::seat_name(HUMAN);
    let ai = crate::display::seat_name(1 - HUMAN);
    let mut l = label
        .replace(&format!("({you})"), "(yours)")
        .replace(&format!("({ai})"), "(the AI's)");
    for verb in ["Target", "Choose"] {
        l = l.replace(&format!("{verb} {you}"), &format!("{verb} yourself"));
    }
    l.replace(&format!("damage to {you}"), "damage to you")
        .replace(you.as_str(), "you")
        .replace(ai.as_str(), "the AI")
}

/// The decision's prompt as the human reads it.
fn personal_prompt(prompt: &str) -> String {
    let you = crate::display::seat_name(HUMAN);
    let ai = crate::display::seat_name(1 - HUMAN);
    prompt
        .replace(&format!("{you} has"), "You have")
        .replace(&format!("{you}:"), "You:")
        .replace("opponents made plays", "the AI made plays")
        .replace(you.as_str(), "you")
        .replace(ai.as_str(), "the AI")
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(|w| w.to_lowercase()).collect()
}

/// Which option a typed line names: a label typed in full (as shown, or as the engine
/// words it), else the only label that has the typed words in that order. `Err` holds
/// the labels that match equally well, when there are several.
fn pick_by_text(line: &str, shown: &[String], engine: &[String]) -> Result<usize, Vec<usize>> {
    let typed = words(line);
    let exact: Vec<usize> = (0..shown.len())
        .filter(|&i| words(&shown[i]) == typed || words(&engine[i]) == typed)
        .collect();
    if exact.len() == 1 {
        return Ok(exact[0]);
    }
    let has_in_order = |label: &str| {
        let mut rest = words(label).into_iter();
        typed
            .iter()
            .all(|t| rest.any(|w| w == *t || w.trim_matches(|c: char| !c.is_alphanumeric()) == t))
    };
    let loose: Vec<usize> = (0..shown.len())
        .filter(|&i| has_in_order(&shown[i]) || has_in_order(&engine[i]))
        .collect();
    match loose.as_slice() {
        [i] => Ok(*i),
        _ => Err(loose),
    }
}

/// One line of input; `None` at end of input. Bytes that are not UTF-8 are replaced
/// rather than ending the game.
fn read_line(input: &mut impl BufRead) -> CliResult<Option<String>> {
    let mut buf = Vec::new();
    match input.read_until(b'\n', &mut buf) {
        Ok(0) => Ok(None),
        Ok(_) => Ok(Some(String::from_utf8_lossy(&buf).into_owned())),
        Err(e) => Err(CliError::input(format!("cannot read input: {e}"))),
    }
}

/// The text of the card whose ability asks, for decisions that depend on it.
fn asking_card_text(game: &Game, kind: DecisionKind) -> Option<String> {
    if !matches!(
        kind,
        DecisionKind::May | DecisionKind::Choose | DecisionKind::Target
    ) {
        return None;
    }
    let frame = game.state().frames.last()?;
    let pool = game.pool();
    let text = epic_cards::card_text(pool, frame.card);
    (!text.is_empty()).then(|| {
        format!(
            "  ({}: {})",
            pool.get(frame.card).name,
            text.lines().collect::<Vec<_>>().join(" / ")
        )
    })
}

pub fn run(args: Args) -> CliResult {
    let pool = names::pool();
    let mut log = Vec::new();
    let (setup, history, game) = match &args.load {
        Some(path) => {
            let file = SaveFile::read(path)?;
            let game = file.rebuild(&pool, None)?;
            // Tell the saved part of the game again, so that `log` covers all of it.
            let mut replay = file.rebuild(&pool, Some(0))?;
            let voice = Voice::play(HUMAN);
            for &c in &file.decisions {
                if let Ok(events) = replay.apply(c) {
                    let seen = display::seat_events(&events, HUMAN);
                    log.extend(display::narrate(&pool, &voice, &seen));
                }
            }
            (file.setup, file.decisions, game)
        }
        None => {
            let (setup, game) = new_game(&args)?;
            (setup, Vec::new(), game)
        }
    };
    if setup.seats.len() != 2 || setup.seats[HUMAN as usize].player != "human" {
        return Err(CliError::input(
            "this saved game does not have a human in seat 1 and one AI opponent",
        ));
    }
    let ai_seat = &setup.seats[1 - HUMAN as usize];
    let bot_seed = ai_seat
        .bot_seed
        .unwrap_or(setup.seed)
        .wrapping_add(history.len() as u64);
    let mut bot = epic_bots::bot_by_name(&ai_seat.player, bot_seed)
        .map_err(|e| CliError::input(e.to_string()))?;

    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "Epic: you ({}) against the {} AI ({}).",
        setup.seats[0].deck, ai_seat.player, ai_seat.deck
    )?;
    writeln!(
        out,
        "Seed: {} (play this deal again with --seed {}).",
        setup.seed, setup.seed
    )?;
    if !history.is_empty() {
        writeln!(
            out,
            "Resumed after {} decisions (`log` tells the game so far).",
            history.len()
        )?;
    }
    writeln!(
        out,
        "You are Player 1; the AI is Player 2. Type `help` for commands."
    )?;

    let mut s = Session {
        setup,
        history,
        game,
        voice: Voice::play(HUMAN),
        log,
    };
    // Where the game was last saved, and after how many decisions.
    let mut saved: Option<(String, usize)> = args
        .load
        .as_ref()
        .map(|p| (p.display().to_string(), s.history.len()));
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    // The board is printed again only when something on it changed.
    let mut shown_board: Option<String> = None;
    loop {
        let Some(decision) = s.game.decision() else {
            let view = s.game.view(HUMAN);
            write!(out, "\n{}", display::board(&s.game, &s.voice, &view))?;
            writeln!(out, "{}", display::result_line(&s.game, &s.voice))?;
            return Ok(());
        };
        if decision.player != HUMAN {
            let choice = bot.choose(&s.game);
            s.apply(choice, &mut out)?;
            continue;
        }
        // The engine asks a player with cards in hand even when passing is all they can
        // do, so the opponent cannot tell (docs/rulings.md R-14); you know your own hand,
        // so nothing is asked of you here.
        if let [only] = s.game.options() {
            let only = *only;
            s.apply(only, &mut out)?;
            continue;
        }
        let board = display::board(&s.game, &s.voice, &s.game.view(HUMAN));
        if shown_board.as_deref() != Some(board.as_str()) {
            write!(out, "\n{board}")?;
            shown_board = Some(board);
        }
        let engine_labels = s.game.labels();
        let labels: Vec<String> = engine_labels.iter().map(|l| personal_label(l)).collect();
        writeln!(out, "{}", personal_prompt(&decision.prompt))?;
        if let Some(text) = asking_card_text(&s.game, decision.kind) {
            writeln!(out, "{text}")?;
        }
        if decision.kind == DecisionKind::ContinueOrEnd {
            writeln!(
                out,
                "  (Continuing commits you to a play or a battle, rule 4.3.4.)"
            )?;
        }
        let options = s.game.options().to_vec();
        for (i, l) in labels.iter().enumerate() {
            writeln!(
                out,
                "  {}. {l}{}",
                i + 1,
                mode_note(&s.game, options.get(i))
            )?;
        }
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = read_line(&mut input)? else {
            let note = match &saved {
                Some((path, n)) if *n == s.history.len() => format!("the game is saved in {path}"),
                _ => "nothing was saved".to_string(),
            };
            writeln!(out, "\nEnd of input: leaving the game ({note}).")?;
            return Ok(());
        };
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" | "h" => writeln!(out, "{HELP}")?,
            "board" | "b" => shown_board = None,
            "quit" | "exit" | "q" => {
                let note = match &saved {
                    Some((path, n)) if *n == s.history.len() => {
                        format!("the game is saved in {path}")
                    }
                    Some((path, _)) => format!("the last save, in {path}, is behind"),
                    None => "nothing was saved".to_string(),
                };
                writeln!(out, "You leave the game ({note}).")?;
                return Ok(());
            }
            "show" if rest.is_empty() => {
                writeln!(out, "Usage: show CARD (e.g. `show Fire Shaman`)")?
            }
            "show" => match names::find_card(&pool, rest) {
                Ok(id) => writeln!(out, "{}", crate::commands::cards::card_sheet(&pool, id))?,
                Err(e) => writeln!(out, "{e}")?,
            },
            "discard" | "discards" => {
                let view = s.game.view(HUMAN);
                write!(out, "{}", display::discards(&s.voice, &view))?;
            }
            "log" => {
                if s.log.is_empty() {
                    writeln!(out, "Nothing has happened yet.")?;
                }
                for l in &s.log {
                    writeln!(out, "  {l}")?;
                }
            }
            "undo" => {
                if s.game.options().contains(&Choice::Undo) {
                    s.apply(Choice::Undo, &mut out)?;
                } else {
                    writeln!(out, "There is no play to undo now (a play can be undone until something new is learnt, rule 3.7).")?;
                }
            }
            "save" => {
                if rest.is_empty() {
                    writeln!(out, "Usage: save FILE")?;
                } else {
                    let file = SaveFile::new(s.setup.clone(), s.history.clone(), &s.game);
                    match file.write(std::path::Path::new(rest)) {
                        Ok(()) => {
                            saved = Some((rest.to_string(), s.history.len()));
                            writeln!(out, "Saved to {rest}. Resume with: epic play --load {rest}")?
                        }
                        Err(e) => writeln!(out, "{e}")?,
                    }
                }
            }
            _ if line.bytes().all(|b| b.is_ascii_digit()) => {
                let n = line.parse::<usize>().unwrap_or(0);
                match n.checked_sub(1).and_then(|i| s.game.options().get(i)) {
                    Some(&choice) => s.apply(choice, &mut out)?,
                    None => writeln!(out, "Pick a number from 1 to {}.", labels.len())?,
                }
            }
            _ => match pick_by_text(line, &labels, &engine_labels) {
                Ok(i) => {
                    if let Some(&choice) = s.game.options().get(i) {
                        s.apply(choice, &mut out)?;
                    }
                }
                Err(several) if several.len() > 1 => {
                    let nums: Vec<String> = several.iter().map(|i| (i + 1).to_string()).collect();
                    writeln!(
                        out,
                        "'{line}' fits options {}: type the number.",
                        nums.join(", ")
                    )?;
                }
                Err(_) => writeln!(out, "Unknown command '{line}'. Type a number, or `help`.")?,
            },
        }
    }
}

/// For an event with several modes, what the offered mode does (" — Draw two cards.").
fn mode_note(game: &Game, option: Option<&Choice>) -> String {
    let Some(Choice::Play { card, mode }) = option else {
        return String::new();
    };
    let Some(obj) = game.state().objs.get(card.0 as usize) else {
        return String::new();
    };
    let pool = game.pool();
    if pool.get(obj.card).modes.len() < 2 {
        return String::new();
    }
    epic_cards::mode_text(pool, obj.card, *mode as usize)
        .map_or_else(String::new, |t| format!(" — {t}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_speak_to_the_human() {
        assert_eq!(
            personal_label("Target Demon token (Player 2) #60"),
            "Target Demon token (the AI's) #60"
        );
        assert_eq!(
            personal_label("Target Gargoyle (Player 1)"),
            "Target Gargoyle (yours)"
        );
        assert_eq!(personal_label("Target Player 1"), "Target yourself");
        assert_eq!(personal_label("Attack Player 2"), "Attack the AI");
        assert_eq!(
            personal_label("Assign 3 damage to Player 2"),
            "Assign 3 damage to the AI"
        );
        assert_eq!(
            personal_prompt("Player 1: opponents made plays; continue"),
            "You: the AI made plays; continue"
        );
        assert_eq!(
            personal_prompt("Player 1 has initiative (4.3.1)"),
            "You have initiative (4.3.1)"
        );
    }

    #[test]
    fn typed_text_picks_an_option() {
        let labels: Vec<String> = [
            "Play High King (1 gold)",
            "Play Resurrection (mode 1, 1 gold)",
            "Play Resurrection (mode 2, 1 gold)",
            "End the turn",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(pick_by_text("end turn", &labels, &labels), Ok(3));
        assert_eq!(pick_by_text("END THE TURN", &labels, &labels), Ok(3));
        assert_eq!(pick_by_text("play high king", &labels, &labels), Ok(0));
        assert_eq!(pick_by_text("resurrection mode 2", &labels, &labels), Ok(2));
        assert_eq!(
            pick_by_text("resurrection", &labels, &labels),
            Err(vec![1, 2])
        );
        assert_eq!(pick_by_text("fireball", &labels, &labels), Err(vec![]));
    }
}
