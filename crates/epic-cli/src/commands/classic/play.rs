//! `epic play --ruleset classic`: you against the computer, by numbered options or words
//! from them. The game is kept as a classic save (`epic_setup::classic_save`): autosaved
//! before every question, written by `save FILE`, resumed by `--load` and `--resume`.

use super::{board, check_designed, deck};
use crate::commands::play::{read_line, Args, First};
use crate::error::{CliError, CliResult};
use epic_bots::classic::classic_player;
use epic_classic::format::{bot_pick, Format, FormatKind, Match};
use epic_classic::{classic_pool, ClassicGame};
use epic_game::{Seat, State};
use epic_model::CardId;
use epic_setup::classic_save::{option_index, ClassicSave, ClassicSetup};
use epic_setup::save::Seat as SeatFile;
use epic_setup::table::classic_format;
use std::io::Write;
use std::path::{Path, PathBuf};

/// You are always Player 1.
const ME: Seat = 0;

const HELP: &str = "\
Commands:
  N              take option number N
  TEXT           take the option with these words, in this order, each word or
                 its start (`pass`, `play ember bolt`)
  board          show the board again
  save FILE      save the game to FILE (resume with `epic play --load FILE`)
  quit           leave the game (it stays autosaved: `epic play --resume`)
  help           this list";

/// Reads one choice among `labels`, by its number or words from it, as `epic play`
/// reads them; `None` at the end of input or on `q`. A line `command` takes (returning
/// true) is not an answer.
fn read_choice(
    input: &mut impl std::io::BufRead,
    labels: &[String],
    command: &mut dyn FnMut(&str) -> CliResult<bool>,
) -> CliResult<Option<usize>> {
    let n = labels.len();
    loop {
        print!("Your choice (1-{n}, q to quit): ");
        std::io::stdout().flush()?;
        let Some(line) = read_line(input)? else {
            println!("\nEnd of input: leaving the game.");
            return Ok(None);
        };
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            println!("You left the game.");
            return Ok(None);
        }
        if let Some(i) = line.parse::<usize>().ok().filter(|i| (1..=n).contains(i)) {
            return Ok(Some(i - 1));
        }
        if command(line)? {
            continue;
        }
        // Words from a label, as `epic play` reads them; copies of one card are one.
        let same = |a: usize, b: usize| labels[a] == labels[b];
        match crate::commands::play::typed_option(line, labels, labels, same) {
            Ok(i) => return Ok(Some(i)),
            Err(_)
                if crate::commands::play::pick_by_text(line, labels, labels)
                    .is_err_and(|f| f.is_empty()) =>
            {
                println!(
                    "'{line}' is not one of the options: type its number or words from it \
                     (help: the commands)."
                )
            }
            Err(why) => println!("{why}"),
        }
    }
}

/// Your deck for a limited format: your pack or packs opened, or a draft you pick for
/// (the others are bots), built into a deck; the AI's, dealt alike. `None`: you left.
fn limited_decks(
    format: Format,
    seed: u64,
    input: &mut impl std::io::BufRead,
) -> CliResult<Option<Vec<Vec<CardId>>>> {
    let pool = classic_pool();
    if format.kind() == FormatKind::Draft {
        println!(
            "{}: pick one card from each pack passed to you.",
            format.title()
        );
    }
    let mut failed = None;
    let dealt = format.deal_decks_with(&pool, 2, seed, |view| {
        if view.seat != 0 {
            return Some(bot_pick(&pool, view));
        }
        println!("\nPack {} of {}:", view.round, view.rounds);
        let labels: Vec<String> = view
            .pack
            .iter()
            .map(|c| format!("{} ({})", pool.get(*c).name, pool.get(*c).type_line()))
            .collect();
        for (i, l) in labels.iter().enumerate() {
            println!("  {:>2}. {l}", i + 1);
        }
        read_choice(input, &labels, &mut |_| Ok(false)).unwrap_or_else(|e| {
            failed = Some(e);
            None
        })
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let Some(decks) = dealt.map_err(|e| CliError::input(e.to_string()))? else {
        return Ok(None);
    };
    let mut names: Vec<&str> = decks[0]
        .iter()
        .map(|c| pool.get(*c).name.as_str())
        .collect();
    names.sort_unstable();
    println!(
        "\nYour {} deck ({} cards): {}",
        format.title(),
        names.len(),
        names.join(", ")
    );
    Ok(Some(decks))
}

/// `epic play --ruleset classic`: a new game, you as Player 1 against the computer; a
/// limited `--format` deals both decks (you draft yours).
pub fn play(args: &Args) -> CliResult {
    let seed = args.seed.unwrap_or_else(crate::commands::play::clock_seed);
    if args.table.players != 2 {
        return Err(CliError::input(
            "epic play --ruleset classic seats you against one AI (--players 2); \
             epic sim --ruleset classic plays larger tables",
        ));
    }
    if args.ai_deck.len() > 1 {
        return Err(CliError::input(
            "epic play --ruleset classic has one AI: give --ai-deck once",
        ));
    }
    classic_player(&args.ai, 0).map_err(|e| CliError::input(e.to_string()))?;
    let format = classic_format(&args.table)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let (decks, names) = match format.filter(|f| f.is_limited()) {
        Some(f) => match limited_decks(f, seed, &mut input)? {
            Some(decks) => (decks, [f.name(), f.name()]),
            None => return Ok(()),
        },
        None => {
            let names = [
                args.deck.clone().unwrap_or_else(|| "order".into()),
                args.ai_deck
                    .first()
                    .cloned()
                    .unwrap_or_else(|| "chaos".into()),
            ];
            let decks = vec![deck(&names[0])?, deck(&names[1])?];
            check_designed(format, &decks[0], "your deck")?;
            check_designed(format, &decks[1], "the AI's deck")?;
            (decks, names)
        }
    };
    let pool = classic_pool();
    let seat = |player: &str, bot_seed, deck: &String, cards: &[CardId]| SeatFile {
        player: player.into(),
        bot_seed,
        deck: deck.clone(),
        cards: cards.iter().map(|&c| pool.get(c).name.clone()).collect(),
    };
    let setup = ClassicSetup {
        format: format.map(Format::name),
        seed,
        first_player: match args.first {
            First::Me => Some(ME),
            First::Ai => Some(1),
            First::Random => None,
        },
        seats: vec![
            seat("human", None, &names[0], &decks[0]),
            seat(
                &args.ai.trim().to_ascii_lowercase(),
                Some(seed ^ 1),
                &names[1],
                &decks[1],
            ),
        ],
    };
    let Some(best_of) = args.best_of else {
        let game = setup.start()?;
        return session(setup, Vec::new(), game, args, &mut input).map(|_| ());
    };
    let mut series =
        Match::new(2, best_of, seed).map_err(|e| CliError::input(format!("--best-of: {e}")))?;
    println!(
        "A match, best of {best_of}: the first to win {} games wins it; the loser of a game \
         chooses who takes the next one's first turn.",
        series.needed()
    );
    while !series.over() {
        let n = series.games();
        let mut setup = setup.clone();
        if n > 0 {
            setup.seed = crate::commands::sim::mix(seed ^ u64::from(n));
            setup.first_player = match series.chooser() {
                None => None,
                Some(ME) => match first_choice(&mut input)? {
                    Some(first) => Some(first),
                    None => return Ok(()),
                },
                Some(ai) => {
                    println!(
                        "Player {} lost the last game and takes the first turn.",
                        ai + 1
                    );
                    Some(ai)
                }
            };
        }
        println!("\nGame {} of the match.", n + 1);
        let game = setup.start()?;
        let Some(game) = session(setup, Vec::new(), game, args, &mut input)? else {
            println!(
                "You left the match at {} – {}: its record is not saved, and a resumed game \
                 is played on its own.",
                series.wins()[0],
                series.wins()[1]
            );
            return Ok(());
        };
        series.record(&game);
        let wins = series.wins();
        println!(
            "The match stands at You {} – {} Player 2.",
            wins[0], wins[1]
        );
    }
    match series.winner() {
        Some(ME) => println!("You win the match."),
        Some(w) => println!("Player {} wins the match.", w + 1),
        None => println!("The match ends drawn after {} games.", series.games()),
    }
    Ok(())
}

/// You lost the last game of a match: you choose who takes the first turn (T-2.4).
/// `None`: you left.
fn first_choice(input: &mut impl std::io::BufRead) -> CliResult<Option<Seat>> {
    println!("\nYou lost the last game: who takes the first turn of the next?");
    let labels = ["I go first".to_string(), "Player 2 goes first".to_string()];
    for (i, l) in labels.iter().enumerate() {
        println!("  {:>2}. {l}", i + 1);
    }
    Ok(read_choice(input, &labels, &mut |_| Ok(false))?.map(|i| i as Seat))
}

/// `epic play --load FILE` or `--resume` of a classic game, its file checked whole.
pub fn resume(file: ClassicSave, loaded: Option<&Path>, args: &Args) -> CliResult {
    let game = file.rebuild(None)?;
    if game.decider().is_none() {
        let path = loaded.map_or_else(|| "the autosave".to_string(), |p| p.display().to_string());
        return Err(CliError::input(format!(
            "the game in {path} is over: `epic replay` shows it, and `epic play \
             --ruleset classic` starts a new one"
        )));
    }
    let stdin = std::io::stdin();
    session(file.setup, file.decisions, game, args, &mut stdin.lock()).map(|_| ())
}

/// Plays the game of `setup`, at `game` after the options `history` took, asking you and
/// the AI in turn until it ends (the game, over) or you leave (`None`).
fn session(
    setup: ClassicSetup,
    mut history: Vec<u32>,
    mut game: ClassicGame,
    args: &Args,
    input: &mut impl std::io::BufRead,
) -> CliResult<Option<ClassicGame>> {
    if setup.seats.len() != 2
        || setup.seats[0].player != "human"
        || setup.seats[1].player == "human"
    {
        return Err(CliError::input(
            "this saved classic game does not have a human in seat 1 and an AI in seat 2",
        ));
    }
    let ai = &setup.seats[1];
    // The AI seeded as it was and moved on by the decisions already made.
    let bot_seed = ai
        .bot_seed
        .unwrap_or(setup.seed)
        .wrapping_add(history.len() as u64);
    let mut bot =
        classic_player(&ai.player, bot_seed).map_err(|e| CliError::input(e.to_string()))?;
    let mut autosave = if args.no_autosave {
        None
    } else {
        Some(crate::data_dir::autosave_for_writing()?)
    };
    let save_to = |path: &Path, history: &[u32], game: &ClassicGame| {
        ClassicSave::new(setup.clone(), history.to_vec(), game).write(path)
    };
    // A failed autosave is told once and autosaving stops; the game goes on.
    let autosave_now = |autosave: &mut Option<PathBuf>, history: &[u32], game: &ClassicGame| {
        if let Some(path) = autosave.as_deref() {
            if let Err(e) = save_to(path, history, game) {
                println!("{} (autosave is off for this game)", e.message);
                *autosave = None;
            }
        }
    };
    println!(
        "Epic, the classic game (2009) · seed {} · you are Player 1 against {}{}",
        setup.seed,
        bot.name(),
        if history.is_empty() {
            String::new()
        } else {
            format!(" · resumed after {} decisions", history.len())
        }
    );
    let mut shown = None;
    while let Some(decider) = game.decider() {
        if decider != ME {
            let c = bot.choose(&game);
            let before = game.label_for(c, ME);
            take(&mut game, &mut history, c)?;
            let label = game.said(c, before, ME);
            println!("Player {}: {label}", decider + 1);
            continue;
        }
        autosave_now(&mut autosave, &history, &game);
        // The board again whenever something you can see changed.
        let view = game.view(ME);
        if shown.as_ref() != Some(&view) {
            println!("\n{}", board(&game, ME));
            shown = Some(view);
        }
        if game.options() == [epic_classic::Choice::Pass] {
            // Nothing to play: pass without asking (the others saw a decision all the same).
            println!("You pass (nothing you can play now).");
            take(&mut game, &mut history, epic_classic::Choice::Pass)?;
            continue;
        }
        let labels = game.labels(ME);
        for (i, l) in labels.iter().enumerate() {
            println!("  {:>2}. {l}", i + 1);
        }
        let mut command = |line: &str| -> CliResult<bool> {
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            match word.to_ascii_lowercase().as_str() {
                "help" | "?" => println!("{HELP}"),
                "board" => println!("\n{}", board(&game, ME)),
                "save" if rest.trim().is_empty() => println!("save FILE: name the file."),
                "save" => {
                    let path = PathBuf::from(rest.trim());
                    match save_to(&path, &history, &game) {
                        Ok(()) => println!(
                            "Saved to {} (resume with `epic play --load {}`).",
                            path.display(),
                            path.display()
                        ),
                        Err(e) => println!("{}", e.message),
                    }
                }
                _ => return Ok(false),
            }
            Ok(true)
        };
        let Some(i) = read_choice(input, &labels, &mut command)? else {
            if let Some(path) = &autosave {
                println!(
                    "The game is autosaved in {}: `epic play --resume` continues it.",
                    path.display()
                );
            }
            return Ok(None);
        };
        let c = game.options()[i];
        println!("You: {}", labels[i]);
        take(&mut game, &mut history, c)?;
    }
    autosave_now(&mut autosave, &history, &game);
    println!("\n{}", board(&game, ME));
    match game.winners() {
        Some(w) if w.contains(&ME) && w.len() == 1 => println!("You win."),
        Some([]) | None => println!("The game is a draw."),
        Some(w) if w.contains(&ME) => println!("You tie for the win."),
        Some(w) => println!("Player {} wins.", w[0] + 1),
    }
    Ok(Some(game))
}

/// Applies one of the options offered and records its number.
fn take(game: &mut ClassicGame, history: &mut Vec<u32>, c: epic_classic::Choice) -> CliResult {
    let i = option_index(game, c)
        .ok_or_else(|| CliError::input(format!("{c:?} is not one of the options now")))?;
    game.apply(c).map_err(|e| CliError::input(e.to_string()))?;
    history.push(i);
    Ok(())
}
