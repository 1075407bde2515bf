//! `epic play --ruleset classic`: you against the computer, by numbered options or words
//! from them. The game is kept as a classic save (`epic_setup::classic_save`): autosaved
//! before every question, written by `save FILE`, resumed by `--load` and `--resume`.

use super::{check_designed, decklist};
use crate::commands::play::series::{ask, first_choice, read_choice};
use crate::commands::play::{options_of, play_game, Args, First, Options};
use crate::error::{CliError, CliResult};
use crate::table::classic_format;
use epic_bots::players::ruleset_player;
use epic_classic::format::{bot_pick, Decklist, Format, FormatKind, Match, MatchDeck};
use epic_classic::save::{ClassicSave, ClassicSetup, MatchRecord};
use epic_classic::{classic_pool, ClassicGame, ClassicPool};
use epic_engine::setup::save::Seat as SeatFile;
use epic_game::save::Numbered;
use epic_game::{Played, Seat, State};
use epic_model::CardId;
use epic_rulesets::AnyPlayed;
use std::path::Path;

/// You are always Player 1.
const ME: Seat = 0;

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
        read_choice(input, &labels, "draft").unwrap_or_else(|e| {
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
    ruleset_player::<ClassicGame>(&args.ai, 0).map_err(|e| CliError::input(e.to_string()))?;
    let format = classic_format(&args.table)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let (lists, names) = match format.filter(|f| f.is_limited()) {
        Some(f) => match limited_decks(f, seed, &mut input)? {
            Some(decks) => (
                decks.into_iter().map(Decklist::new).collect::<Vec<_>>(),
                [f.name(), f.name()],
            ),
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
            let lists = vec![decklist(&names[0])?, decklist(&names[1])?];
            check_designed(format, &lists[0], "your deck")?;
            check_designed(format, &lists[1], "the AI's deck")?;
            (lists, names)
        }
    };
    let pool = classic_pool();
    let seat = |player: &str, bot_seed, deck: &String, cards: &[CardId]| SeatFile {
        player: player.into(),
        bot_seed,
        deck: deck.clone(),
        cards: pool.names(cards),
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
            seat("human", None, &names[0], &lists[0].deck),
            seat(
                &args.ai.trim().to_ascii_lowercase(),
                Some(seed ^ 1),
                &names[1],
                &lists[1].deck,
            ),
        ],
    };
    let Some(best_of) = args.best_of else {
        if !lists[0].sideboard.is_empty() {
            println!("Your sideboard is for the games of a match (--best-of 3): this game is one on its own.");
        }
        let game = setup.start()?;
        return session(setup, Vec::new(), game, None, args, &mut input).map(|_| ());
    };
    let series =
        Match::new(2, best_of, seed).map_err(|e| CliError::input(format!("--best-of: {e}")))?;
    let decks = lists
        .into_iter()
        .zip(["your deck", "the AI's deck"])
        .map(|(list, whose)| {
            MatchDeck::new(list).map_err(|e| CliError::input(format!("{whose}: {e}")))
        })
        .collect::<CliResult<Vec<_>>>()?;
    println!(
        "A match, best of {best_of}: the first to win {} games wins it; the loser of a game \
         chooses who takes the next one's first turn.",
        series.needed()
    );
    play_match(series, decks, setup, None, args, &mut input)
}

/// Plays a match on from game `series.games() + 1`: `current` (the history and the game
/// so far) when a saved match is resumed, else a new game from `setup` with the match's
/// seed, the loser's choice of first player and the decks as swapped between games.
fn play_match(
    mut series: Match,
    mut decks: Vec<MatchDeck>,
    mut setup: ClassicSetup,
    mut current: Option<(Vec<Numbered>, ClassicGame)>,
    args: &Args,
    input: &mut impl std::io::BufRead,
) -> CliResult {
    let pool = classic_pool();
    let leave = |series: &Match| {
        let wins = series.wins();
        let resume = if args.no_autosave {
            String::new()
        } else {
            " (it is autosaved: `epic play --resume` continues it)".to_string()
        };
        println!("You left the match at {} – {}{resume}.", wins[0], wins[1]);
    };
    loop {
        let (history, game) = match current.take() {
            Some(saved) => saved,
            None if series.over() => break,
            None => {
                if series.games() > 0
                    && !between_games(&series, &mut decks, &mut setup, &pool, input)?
                {
                    leave(&series);
                    return Ok(());
                }
                (Vec::new(), setup.start()?)
            }
        };
        println!(
            "\nGame {} of the match (best of {}), standing at You {} – {} Player 2.",
            series.games() + 1,
            series.best_of(),
            series.wins()[0],
            series.wins()[1]
        );
        let record = MatchRecord::of(&series, &decks, &pool);
        let Some(game) = session(setup.clone(), history, game, Some(&record), args, input)? else {
            leave(&series);
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

/// Between two games of a match: your sideboarding, the loser's choice of who goes
/// first, and the next game's setup (its seed from the match's, the decks as swapped).
/// `false`: you left.
fn between_games(
    series: &Match,
    decks: &mut [MatchDeck],
    setup: &mut ClassicSetup,
    pool: &ClassicPool,
    input: &mut impl std::io::BufRead,
) -> CliResult<bool> {
    if !sideboarding(&mut decks[usize::from(ME)], pool, input)? {
        return Ok(false);
    }
    setup.first_player = match series.chooser() {
        None => None,
        Some(ME) => match first_choice(input, 2)? {
            Some(first) => Some(first),
            None => return Ok(false),
        },
        Some(ai) => {
            println!(
                "Player {} lost the last game and takes the first turn.",
                ai + 1
            );
            Some(ai)
        }
    };
    setup.seed = series.next_seed();
    for (seat, deck) in setup.seats.iter_mut().zip(decks.iter()) {
        seat.cards = pool.names(&deck.current().deck);
    }
    Ok(true)
}

const SIDEBOARD_HELP: &str = "\
Commands:
  swap CARD for CARD   a card of your deck out, a card of your sideboard in
                       (`swap ember bolt for shield bearer`; words from the names)
  list                 your deck and sideboard
  reset                the deck and sideboard you began the match with
  done                 (or an empty line) play the next game
  q                    leave the match (it stays autosaved: `epic play --resume`)";

/// Between the games of a match, when you have a sideboard: you swap cards of your deck
/// for cards of your sideboard, one for one, so it stays 15 (T-15.1). `false`: you left.
fn sideboarding(
    deck: &mut MatchDeck,
    pool: &ClassicPool,
    input: &mut impl std::io::BufRead,
) -> CliResult<bool> {
    if deck.current().sideboard.is_empty() {
        return Ok(true);
    }
    println!(
        "\nSideboarding (T-15.1): you may swap cards of your deck for cards of your \
         sideboard, one for one."
    );
    println!("{}\n{SIDEBOARD_HELP}", deck_lists(deck.current(), pool));
    loop {
        let Some(line) = ask(input, "Sideboard> ", "match")? else {
            return Ok(false);
        };
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word.to_ascii_lowercase().as_str() {
            "" | "done" => return Ok(true),
            "q" | "quit" => return Ok(false),
            "list" | "board" => println!("{}", deck_lists(deck.current(), pool)),
            "help" | "?" => println!("{SIDEBOARD_HELP}"),
            "reset" => {
                deck.restore();
                println!(
                    "Back to the deck and sideboard you began the match with.\n{}",
                    deck_lists(deck.current(), pool)
                );
            }
            "swap" => match swap_named(deck, pool, rest) {
                Ok(said) => println!("{said}"),
                Err(why) => println!("{why}"),
            },
            _ => println!("'{line}' is not a sideboarding command (help: the commands)."),
        }
    }
}

/// `swap OUT for IN`: the cards named by words from their names, swapped; what was done
/// or why not, in words.
fn swap_named(deck: &mut MatchDeck, pool: &ClassicPool, text: &str) -> Result<String, String> {
    let lower = text.to_ascii_lowercase();
    let Some(at) = lower.find(" for ") else {
        return Err(
            "swap CARD for CARD: name a card of your deck, then `for`, then a card of \
                    your sideboard."
                .into(),
        );
    };
    let (out_words, in_words) = (&text[..at], &text[at + " for ".len()..]);
    let out = named(pool, &deck.current().deck, out_words, "your deck")?;
    let into = named(pool, &deck.current().sideboard, in_words, "your sideboard")?;
    deck.swap(pool, out, into).map_err(|e| e.to_string())?;
    Ok(format!(
        "{} goes to your sideboard; {} comes into your deck.",
        pool.get(out).name,
        pool.get(into).name
    ))
}

/// The one card among `cards` that `words` name (words from its name, as options are
/// typed in the game).
fn named(pool: &ClassicPool, cards: &[CardId], words: &str, place: &str) -> Result<CardId, String> {
    let mut ids = cards.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let names = pool.names(&ids);
    match crate::commands::play::pick_by_text(words.trim(), &names, &names) {
        Ok(i) => Ok(ids[i]),
        Err(fits) if fits.is_empty() => Err(format!(
            "No card of {place} is called '{}' (list: your deck and sideboard).",
            words.trim()
        )),
        Err(fits) => {
            let some: Vec<&str> = fits.iter().map(|&i| names[i].as_str()).collect();
            Err(format!(
                "'{}' fits {} cards of {place}: {}. Type more of the name.",
                words.trim(),
                some.len(),
                some.join(", ")
            ))
        }
    }
}

/// A deck and sideboard in two lines, each card once with its count.
fn deck_lists(list: &Decklist, pool: &ClassicPool) -> String {
    let line = |cards: &[CardId]| {
        let mut counts = std::collections::BTreeMap::<&str, usize>::new();
        for &c in cards {
            *counts.entry(pool.get(c).name.as_str()).or_default() += 1;
        }
        let items: Vec<String> = counts
            .iter()
            .map(|(name, n)| format!("{n} {name}"))
            .collect();
        format!("({}): {}", cards.len(), items.join(", "))
    };
    format!(
        "  Deck {}\n  Sideboard {}",
        line(&list.deck),
        line(&list.sideboard)
    )
}

/// `epic play --load FILE` or `--resume` of a classic game, its file checked whole; a
/// game of a match goes on into the rest of the match.
pub fn resume(file: ClassicSave, loaded: Option<&Path>, args: &Args) -> CliResult {
    let game = file.rebuild(None)?;
    let path = || loaded.map_or_else(|| "the autosave".to_string(), |p| p.display().to_string());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let Some(record) = &file.series else {
        if game.decider().is_none() {
            return Err(CliError::input(format!(
                "the game in {} is over: `epic replay` shows it, and `epic play \
                 --ruleset classic` starts a new one",
                path()
            )));
        }
        return session(file.setup, file.decisions, game, None, args, &mut input).map(|_| ());
    };
    let (series, decks) = record.rebuild(&file.setup, &classic_pool())?;
    let mut after = series.clone();
    after.record(&game);
    if after.over() {
        return Err(CliError::input(format!(
            "the match in {} is over: `epic replay` shows its last game, and `epic play \
             --ruleset classic --best-of {}` starts a new one",
            path(),
            series.best_of()
        )));
    }
    play_match(
        series,
        decks,
        file.setup,
        Some((file.decisions, game)),
        args,
        &mut input,
    )
}

/// Plays the game of `setup`, at `game` after the options `history` took, with you in
/// seat 1 and the AI in seat 2 ([`play_game`]), until it ends (the game, over) or you
/// leave (`None`). Its saves carry the record of the match it is one game of, if any.
fn session(
    setup: ClassicSetup,
    history: Vec<Numbered>,
    game: ClassicGame,
    series: Option<&MatchRecord>,
    args: &Args,
    input: &mut impl std::io::BufRead,
) -> CliResult<Option<ClassicGame>> {
    let opts = Options {
        saved_beside: series
            .map(|record| Ok::<_, CliError>(("match", serde_json::to_value(record)?)))
            .transpose()?,
        menu_at_end: series.is_none(),
        seed_note: series.map(|r| crate::commands::play::series::seed_note(r.best_of, r.seed)),
        ..options_of(args)?
    };
    let played = AnyPlayed::Classic(Box::new(Played {
        setup,
        records: history,
        game,
    }));
    match play_game(played, args.load.as_deref(), opts, input)? {
        Some(AnyPlayed::Classic(p)) => Ok(Some(p.game)),
        Some(_) => Err(CliError::findings("a classic game became another game")),
        None => Ok(None),
    }
}
