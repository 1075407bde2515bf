//! `epic play`: a game against the built-in AI, read from plain lines on stdin so a
//! person or a script can play it.

use crate::display::{self, Voice};
use crate::error::{CliError, CliResult};
use crate::names;
use crate::save::{SaveFile, SaveSetup, Seat};
use crate::table::TableArgs;
use clap::ValueEnum;
use epic_engine::{Choice, DecisionKind, Game, PlayerId};
use std::io::{BufRead, Write};
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
    /// Seed for shuffles and the AI; the same seed and the same answers give the same
    /// game. Default: taken from the clock and printed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Who goes first (`ai`: the AI to your left).
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
  hint         what the hard AI would do in your place, and your chance to win
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

pub(crate) fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        % 1_000_000_000_000
}

/// The decks AI seats play when none is given, in seat order; Sealed decks after these.
const AI_DECKS: [&str; 4] = ["evil", "sage", "wild", "good"];

fn new_game(args: &Args) -> CliResult<(SaveSetup, Game)> {
    let pool = names::pool();
    let table = args.table.table()?;
    if let Some(draft) = table.draft {
        return Err(CliError::input(format!(
            "{} decks are drafted: `epic draft --format {}` drafts them against AI drafters \
             and then plays the game",
            draft.format().title,
            draft.name()
        )));
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    epic_bots::bot_by_name(&args.ai, seed).map_err(|e| CliError::input(e.to_string()))?;
    let ai_seats = usize::from(table.players) - 1;
    if args.ai_deck.len() > ai_seats {
        return Err(CliError::input(format!(
            "{} AI decks given for {ai_seats} AI seat(s); add --players or drop an --ai-deck",
            args.ai_deck.len()
        )));
    }
    let sealed = table.format.as_ref().is_some_and(|f| f.name == "sealed");
    let default_deck = |ai: Option<usize>| -> String {
        match ai {
            _ if sealed => "random".into(),
            None => "good".into(),
            Some(i) => AI_DECKS.get(i).copied().unwrap_or("random").into(),
        }
    };
    let card_names =
        |d: &[epic_cards::CardId]| d.iter().map(|c| pool.get(*c).name.clone()).collect();
    let mut seats = Vec::new();
    for seat in 0..usize::from(table.players) {
        let ai = seat.checked_sub(1);
        let spec = match ai {
            None => args.deck.clone(),
            Some(i) => args.ai_deck.get(i).cloned(),
        }
        .unwrap_or_else(|| default_deck(ai));
        let deck = names::resolve_deck(&pool, &spec, seed.wrapping_add(seat as u64))?;
        let whose = match ai {
            None => "your deck".to_string(),
            Some(_) if table.players == 2 => "the AI's deck".to_string(),
            Some(_) => format!("Player {}'s deck", seat + 1),
        };
        table.check_deck(&deck, &spec, &whose)?;
        seats.push(Seat {
            player: match ai {
                None => "human".into(),
                Some(_) => args.ai.trim().to_ascii_lowercase(),
            },
            bot_seed: ai.map(|i| seed.wrapping_add(i as u64)),
            deck: spec,
            cards: card_names(&deck),
        });
    }
    let setup = SaveSetup {
        rules: table.rules.clone(),
        format: table.format.as_ref().map(|f| f.name.to_string()),
        seed,
        first_player: match args.first {
            First::Me => Some(HUMAN),
            First::Ai => Some(HUMAN + 1),
            First::Random => None,
        },
        seats,
    };
    let game = Game::new(setup.to_setup(&pool)?).map_err(|e| CliError::input(e.to_string()))?;
    Ok((setup, game))
}

/// An option's label as the human reads it: "you" for their own seat, and "the AI" for
/// the one opponent of a duel; at a larger table opponents keep their seat names.
fn personal_label(label: &str, voice: &Voice) -> String {
    let you = crate::display::seat_name(HUMAN);
    let mut l = label.replace(&format!("({you})"), "(yours)");
    if let Some(ai) = &voice.other {
        let seat = crate::display::seat_name(HUMAN + 1);
        l = l
            .replace(&format!("({seat})"), &format!("({ai}'s)"))
            .replace(seat.as_str(), ai);
    }
    for verb in ["Target", "Choose"] {
        l = l.replace(&format!("{verb} {you}"), &format!("{verb} yourself"));
    }
    l.replace(&format!("damage to {you}"), "damage to you")
        .replace(you.as_str(), "you")
}

/// The decision's prompt as the human reads it.
fn personal_prompt(prompt: &str, voice: &Voice) -> String {
    let you = crate::display::seat_name(HUMAN);
    let mut p = prompt
        .replace(&format!("{you} has"), "You have")
        .replace(&format!("{you}:"), "You:");
    if let Some(ai) = &voice.other {
        p = p
            .replace("opponents made plays", &format!("{ai} made plays"))
            .replace(crate::display::seat_name(HUMAN + 1).as_str(), ai);
    }
    p.replace(you.as_str(), "you")
}

/// Who sits where and who plays them, for the start of a game.
fn introduce(setup: &SaveSetup) -> String {
    let ai = &setup.seats[1];
    if setup.seats.len() == 2 && setup.rules.variant.is_free_for_all() {
        return format!(
            "Epic: you ({}) against the {} AI ({}).",
            setup.seats[0].deck, ai.player, ai.deck
        );
    }
    let others: Vec<String> = setup.seats[1..]
        .iter()
        .enumerate()
        .map(|(i, s)| format!("Player {} ({}, {})", i + 2, s.player, s.deck))
        .collect();
    let mut s = format!(
        "Epic: {} players, {}. You are Player 1 ({}); the AIs are {}.\n\
         Play goes clockwise: Player 2 sits to your left, Player {} to your right.",
        setup.seats.len(),
        setup.rules.variant.title(),
        setup.seats[0].deck,
        others.join(", "),
        setup.seats.len()
    );
    if setup.rules.variant == epic_engine::Variant::Hydra {
        let k = usize::from(setup.rules.team_size.max(1));
        let team = |t: usize| {
            let seats: Vec<String> = (t * k..(t + 1) * k)
                .map(|s| format!("Player {}", s + 1))
                .collect();
            seats.join(" and ")
        };
        s += &format!(
            "\nYour team: {} (you share a turn and {} health). The other team(s): {}.",
            team(0),
            setup.rules.seat_health(),
            (1..setup.seats.len() / k)
                .map(team)
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
    if setup.rules.variant.hunter() {
        s += "\nYou may attack only the player to your left, and your cards reach only \
              you and your two neighbours.";
    }
    s
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

/// The option a typed line names ([`pick_by_text`]), or what to tell the player: which
/// options it fits, or that it is no command.
pub(crate) fn typed_option(
    line: &str,
    shown: &[String],
    engine: &[String],
) -> Result<usize, String> {
    match pick_by_text(line, shown, engine) {
        Ok(i) => Ok(i),
        Err(several) if several.len() > 1 => {
            let nums: Vec<String> = several.iter().map(|i| (i + 1).to_string()).collect();
            Err(format!(
                "'{line}' fits options {}: type the number.",
                nums.join(", ")
            ))
        }
        Err(_) => Err(format!(
            "Unknown command '{line}'. Type a number, or `help`."
        )),
    }
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
            let voice = Voice::play(HUMAN, file.setup.seats.len());
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
    play_session(setup, history, game, log, args.load.as_deref())
}

/// Plays a game with a human in seat 1 and bots in every other seat, from its setup and
/// the decisions made so far (`loaded`: the file it was resumed from), until it ends or
/// the human leaves. `epic play` and `epic draft` both end here.
pub fn play_session(
    setup: SaveSetup,
    history: Vec<Choice>,
    game: Game,
    log: Vec<String>,
    loaded: Option<&std::path::Path>,
) -> CliResult {
    let pool = names::pool();
    if setup.seats.len() < 2
        || setup.seats[HUMAN as usize].player != "human"
        || setup.seats[1..].iter().any(|s| s.player == "human")
    {
        return Err(CliError::input(
            "this saved game does not have a human in seat 1 and AI opponents in the others",
        ));
    }
    // One bot per AI seat, seeded as it was and moved on by the decisions already made.
    let mut bots = Vec::new();
    for seat in &setup.seats[1..] {
        let bot_seed = seat
            .bot_seed
            .unwrap_or(setup.seed)
            .wrapping_add(history.len() as u64);
        bots.push(
            epic_bots::bot_by_name_threaded(&seat.player, bot_seed, super::default_threads())
                .map_err(|e| CliError::input(e.to_string()))?,
        );
    }

    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(out, "{}", introduce(&setup))?;
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
    if setup.seats.len() == 2 {
        writeln!(
            out,
            "You are Player 1; the AI is Player 2. Type `help` for commands."
        )?;
    } else {
        writeln!(out, "Type `help` for commands.")?;
    }

    let voice = Voice::play(HUMAN, setup.seats.len());
    let mut s = Session {
        setup,
        history,
        game,
        voice,
        log,
    };
    // Where the game was last saved, and after how many decisions.
    let mut saved: Option<(String, usize)> =
        loaded.map(|p| (p.display().to_string(), s.history.len()));
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
            let start = std::time::Instant::now();
            let choice = bots[usize::from(decision.player) - 1].choose(&s.game);
            let took = start.elapsed();
            s.apply(choice, &mut out)?;
            if took >= THINKING_SHOWN {
                let who = display::cap(&s.voice.name(decision.player));
                writeln!(out, "  ({who} thought for {:.2} s.)", took.as_secs_f64())?;
            }
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
        let labels: Vec<String> = engine_labels
            .iter()
            .map(|l| personal_label(l, &s.voice))
            .collect();
        writeln!(out, "{}", personal_prompt(&decision.prompt, &s.voice))?;
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
            "hint" => {
                let seed = s.setup.seed ^ (s.history.len() as u64).wrapping_mul(0x9e37_79b9);
                writeln!(out, "{}", hint(&s.game, &s.voice, seed))?;
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
            _ => match typed_option(line, &labels, &engine_labels) {
                Ok(i) => {
                    if let Some(&choice) = s.game.options().get(i) {
                        s.apply(choice, &mut out)?;
                    }
                }
                Err(why) => writeln!(out, "{why}")?,
            },
        }
    }
}

/// An AI decision that took at least this long is followed by how long it took.
const THINKING_SHOWN: std::time::Duration = std::time::Duration::from_millis(50);

/// What the hard AI would do in the human's seat, searching from the human's view only
/// (so a hint never reveals a hidden card), with the estimated chance to win.
fn hint(game: &Game, voice: &Voice, seed: u64) -> String {
    let Some(config) = epic_bots::search_config("hard") else {
        return "No adviser is available.".into();
    };
    let config = epic_bots::search::SearchConfig {
        threads: super::default_threads(),
        ..config
    };
    let mut adviser = epic_bots::IsmctsBot::new("hard", config, seed);
    let Some(found) = adviser.think(game) else {
        return "There is nothing to decide.".into();
    };
    let label = |c: Choice| {
        let n = game
            .options()
            .iter()
            .position(|&o| o == c)
            .map_or(0, |i| i + 1);
        format!("{n}. {}", personal_label(&game.label(c), voice))
    };
    let mut text = format!(
        "The hard AI in your place would take {} — your chance to win about {:.0}% \
         ({} iterations in {:.2} s).",
        label(found.choice),
        found.value * 100.0,
        found.iterations,
        found.elapsed.as_secs_f64()
    );
    let others: Vec<String> = found
        .root
        .iter()
        .skip(1)
        .take(3)
        .map(|r| format!("{} ({:.0}%)", label(r.choice), r.value * 100.0))
        .collect();
    if !others.is_empty() {
        text.push_str(&format!("\n  Next best: {}.", others.join("; ")));
    }
    text
}

/// For an event with several modes, what the offered mode does (" — Draw two cards."), and
/// likewise for a choice of an "either … or …".
fn mode_note(game: &Game, option: Option<&Choice>) -> String {
    if let Some(&Choice::Branch(b)) = option {
        return game.branch_steps(b).map_or_else(String::new, |steps| {
            format!(" — {}", epic_cards::steps_text(game.pool(), steps))
        });
    }
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
        let duel = Voice::play(HUMAN, 2);
        assert_eq!(
            personal_label("Target Demon token (Player 2) #60", &duel),
            "Target Demon token (the AI's) #60"
        );
        assert_eq!(
            personal_label("Target Gargoyle (Player 1)", &duel),
            "Target Gargoyle (yours)"
        );
        assert_eq!(personal_label("Target Player 1", &duel), "Target yourself");
        assert_eq!(personal_label("Attack Player 2", &duel), "Attack the AI");
        assert_eq!(
            personal_label("Assign 3 damage to Player 2", &duel),
            "Assign 3 damage to the AI"
        );
        assert_eq!(
            personal_prompt("Player 1: opponents made plays; continue", &duel),
            "You: the AI made plays; continue"
        );
        assert_eq!(
            personal_prompt("Player 1 has initiative (4.3.1)", &duel),
            "You have initiative (4.3.1)"
        );
    }

    /// At a larger table every opponent keeps their seat's name; only "you" changes.
    #[test]
    fn labels_name_each_opponent_at_a_larger_table() {
        let four = Voice::play(HUMAN, 4);
        assert_eq!(personal_label("Attack Player 3", &four), "Attack Player 3");
        assert_eq!(
            personal_label("Target Kong (Player 4)", &four),
            "Target Kong (Player 4)"
        );
        assert_eq!(personal_label("Target Player 1", &four), "Target yourself");
        assert_eq!(
            personal_prompt("Player 1: opponents made plays; continue", &four),
            "You: opponents made plays; continue"
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
