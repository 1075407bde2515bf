//! `epic play`: a game against the built-in AI, read from plain lines on stdin so a
//! person or a script can play it.

use crate::display::{self, Voice};
use crate::error::{CliError, CliResult};
use crate::names;
use crate::save::{SaveFile, SaveSetup, Seat};
use clap::ValueEnum;
use epic_engine::{Choice, Game, PlayerId, RulesConfig};
use std::io::{BufRead, Write};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Your deck: good, evil, sage, wild, random (a seeded Sealed deck) or a deck-list file.
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
  TEXT         take the option whose label is TEXT (e.g. `end turn`)
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
        for line in display::narrate(&self.game, &self.voice, &events) {
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
    let card_names =
        |d: &[epic_cards::CardId]| d.iter().map(|c| pool.get(*c).name.clone()).collect();
    let setup = SaveSetup {
        rules: RulesConfig::default(),
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

pub fn run(args: Args) -> CliResult {
    let pool = names::pool();
    let (setup, history, game) = match &args.load {
        Some(path) => {
            let file = SaveFile::read(path)?;
            let game = file.rebuild(&pool, None)?;
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
        writeln!(out, "Resumed after {} decisions.", history.len())?;
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
        log: Vec::new(),
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
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
        let board = display::board(&s.game, &s.voice, &s.game.view(HUMAN));
        if shown_board.as_deref() != Some(board.as_str()) {
            write!(out, "\n{board}")?;
            shown_board = Some(board);
        }
        let labels = s.game.labels();
        let prompt = decision
            .prompt
            .replace("Player 1 has", "You have")
            .replace("Player 1", "You");
        writeln!(out, "{prompt}")?;
        for (i, l) in labels.iter().enumerate() {
            writeln!(out, "  {}. {l}", i + 1)?;
        }
        write!(out, "> ")?;
        out.flush()?;
        let line = match lines.next() {
            Some(Ok(l)) => l,
            Some(Err(e)) => return Err(CliError::input(format!("cannot read input: {e}"))),
            None => {
                writeln!(out, "\nEnd of input: leaving the game (nothing was saved).")?;
                return Ok(());
            }
        };
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" | "h" => writeln!(out, "{HELP}")?,
            "board" | "b" => shown_board = None,
            "quit" | "exit" | "q" => {
                writeln!(out, "You leave the game (nothing was saved).")?;
                return Ok(());
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
                    writeln!(out, "Nothing has happened yet in this session.")?;
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
                            writeln!(out, "Saved to {rest}. Resume with: epic play --load {rest}")?
                        }
                        Err(e) => writeln!(out, "{e}")?,
                    }
                }
            }
            _ => {
                let pick = match line.parse::<usize>() {
                    Ok(n) if (1..=labels.len()).contains(&n) => Some(n - 1),
                    Ok(_) => {
                        writeln!(out, "Pick a number from 1 to {}.", labels.len())?;
                        continue;
                    }
                    Err(_) => labels.iter().position(|l| l.eq_ignore_ascii_case(line)),
                };
                match pick {
                    Some(i) => {
                        let choice = s.game.options()[i];
                        s.apply(choice, &mut out)?;
                    }
                    None => writeln!(out, "Unknown command '{line}'. Type a number, or `help`.")?,
                }
            }
        }
    }
}
