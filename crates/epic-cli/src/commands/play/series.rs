//! `epic play --best-of N`: a match of games against the same AIs and decks, for every
//! ruleset whose rules have matches (`epic_game::series`), the loser of each game
//! choosing who takes the next one's first turn. (A classic match, with its sideboards,
//! is played by `commands::classic::play`.)

use super::{options_of, read_line, Args, Options, HUMAN};
use crate::error::{CliError, CliResult};
use epic_game::series::Match;
use epic_game::Seat;
use epic_rulesets::AnyPlayed;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};

/// Asks with `prompt` for one line; at the end of input says so, `leaving` what it
/// leaves, and gives `None`.
pub(crate) fn ask(
    input: &mut impl BufRead,
    prompt: &str,
    leaving: &str,
) -> CliResult<Option<String>> {
    print!("{prompt}");
    std::io::stdout().flush()?;
    let line = read_line(input)?;
    if line.is_none() {
        println!("\nEnd of input: leaving the {leaving}.");
    }
    Ok(line)
}

/// Reads one choice among `labels` (a card to draft, who goes first), by its number or
/// words from it, as `epic play` reads them; `None` at the end of input or on `q`, said
/// to leave `leaving` (the draft, the match).
pub(crate) fn read_choice(
    input: &mut impl BufRead,
    labels: &[String],
    leaving: &str,
) -> CliResult<Option<usize>> {
    let n = labels.len();
    loop {
        let prompt = format!("Your choice (1-{n}, q to quit): ");
        let Some(line) = ask(input, &prompt, leaving)? else {
            return Ok(None);
        };
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            println!("You left the {leaving}.");
            return Ok(None);
        }
        if let Some(i) = line.parse::<usize>().ok().filter(|i| (1..=n).contains(i)) {
            return Ok(Some(i - 1));
        }
        // Words from a label, as `epic play` reads them; copies of one card are one.
        let same = |a: usize, b: usize| labels[a] == labels[b];
        match super::typed_option(line, labels, labels, same) {
            Ok(i) => return Ok(Some(i)),
            Err(_) if super::pick_by_text(line, labels, labels).is_err_and(|f| f.is_empty()) => {
                println!(
                    "'{line}' is not one of the options: type its number or words from it \
                     (help: the commands)."
                )
            }
            Err(why) => println!("{why}"),
        }
    }
}

/// You lost the last game of a match: you choose which of the `seats` takes the first
/// turn of the next (F-6.7, T-2.4). `None`: you left.
pub(crate) fn first_choice(input: &mut impl BufRead, seats: usize) -> CliResult<Option<Seat>> {
    println!("\nYou lost the last game: who takes the first turn of the next?");
    let labels: Vec<String> = (0..seats)
        .map(|s| match s as Seat {
            HUMAN => "I go first".to_string(),
            other => format!("Player {} goes first", other + 1),
        })
        .collect();
    for (i, l) in labels.iter().enumerate() {
        println!("  {:>2}. {l}", i + 1);
    }
    Ok(read_choice(input, &labels, "match")?.map(|i| i as Seat))
}

/// The match's standing in words: "You 1 – 0 Player 2".
fn standing(series: &Match) -> String {
    let wins: Vec<String> = (series.wins().iter().enumerate())
        .map(|(s, w)| match s as Seat {
            HUMAN => format!("You {w}"),
            other => format!("Player {} {w}", other + 1),
        })
        .collect();
    wins.join(" – ")
}

/// You left the match: where it stands, and how to go on with it.
fn left(series: &Match, args: &Args) {
    let resume = match args.no_autosave {
        true => "",
        false => " (it is autosaved: `epic play --resume` continues it)",
    };
    println!("You left the match at {}{resume}.", standing(series));
}

/// Where a match stands, as a game of it is saved beside the game (`"match"`), so that
/// `--load` and `--resume` go on with the match.
#[derive(Debug, Serialize, Deserialize)]
struct Saved {
    best_of: u8,
    seed: u64,
    wins: Vec<u8>,
    games: u16,
    chooser: Option<Seat>,
}

impl Saved {
    fn of(series: &Match) -> Saved {
        Saved {
            best_of: series.best_of(),
            seed: series.seed(),
            wins: series.wins().to_vec(),
            games: series.games(),
            chooser: series.chooser(),
        }
    }
}

/// The match a saved game (`text`, from `source`) is one game of, if any; a record no
/// match can reach is refused in words.
pub(crate) fn saved_match(source: &str, text: &str) -> CliResult<Option<Match>> {
    let file: serde_json::Value =
        serde_json::from_str(text).map_err(|e| CliError::input(format!("{source}: {e}")))?;
    let Some(record) = file.get("match") else {
        return Ok(None);
    };
    let saved: Saved = serde_json::from_value(record.clone())
        .map_err(|e| CliError::input(format!("{source}: its match: {e}")))?;
    Match::resume(
        saved.best_of,
        saved.seed,
        saved.wins,
        saved.games,
        saved.chooser,
    )
    .map(Some)
    .map_err(|e| CliError::input(format!("{source}: its match: {e}")))
}

/// A new match of `best_of` games, from its first game `game`.
pub(crate) fn new_match(game: &AnyPlayed, best_of: u8) -> CliResult<Match> {
    let series = Match::new(game.seats(), best_of, game.seed())
        .map_err(|e| CliError::input(format!("--best-of: {e}")))?;
    println!(
        "A match, best of {best_of}: the first to win {} games wins it; the loser of a game \
         chooses who takes the next one's first turn.",
        series.needed()
    );
    Ok(series)
}

/// What a game of a match says of its seed: the match's, which deals every game of it
/// again (a later game's own seed is drawn from it, and `--seed` alone would deal that
/// game as a game on its own).
pub(crate) fn seed_note(best_of: u8, seed: u64) -> String {
    format!("Match seed: {seed} (play this match again with --best-of {best_of} --seed {seed}).")
}

/// Plays a match on from `game`, one of it (loaded from `loaded`, if it was): each game
/// to its end, then who lost it chooses who goes first in the next (you, when you lost),
/// dealt anew from the match's seed with the same seats and decks, until a player has
/// won more than half of them. Each game is saved with the match beside it.
pub(crate) fn play_match(
    mut game: AnyPlayed,
    mut series: Match,
    mut loaded: Option<&std::path::Path>,
    args: &Args,
    input: &mut impl BufRead,
) -> CliResult {
    if series.over() {
        return Err(CliError::input(format!(
            "the match is over: `epic play --best-of {}` starts a new one",
            series.best_of()
        )));
    }
    loop {
        let done = if game.is_over() {
            game
        } else {
            println!(
                "\nGame {} of the match (best of {}), standing at {}.",
                series.games() + 1,
                series.best_of(),
                standing(&series)
            );
            let opts = Options {
                menu_at_end: false,
                saved_beside: Some(("match", serde_json::to_value(Saved::of(&series))?)),
                seed_note: Some(seed_note(series.best_of(), series.seed())),
                ..options_of(args)?
            };
            let Some(done) = super::play_game(game, loaded.take(), opts, input)? else {
                left(&series, args);
                return Ok(());
            };
            done
        };
        done.record_in(&mut series);
        println!("The match stands at {}.", standing(&series));
        if series.over() {
            break;
        }
        let first = match series.chooser() {
            None => None,
            Some(HUMAN) => match first_choice(input, done.seats())? {
                Some(first) => Some(first),
                None => {
                    left(&series, args);
                    return Ok(());
                }
            },
            Some(ai) => {
                println!(
                    "Player {} lost the last game and takes the first turn.",
                    ai + 1
                );
                Some(ai)
            }
        };
        game = done.rematch(series.next_seed(), first)?;
    }
    match series.winner() {
        Some(HUMAN) => println!("You win the match."),
        Some(w) => println!("Player {} wins the match.", w + 1),
        None => println!("The match ends drawn after {} games.", series.games()),
    }
    Ok(())
}
