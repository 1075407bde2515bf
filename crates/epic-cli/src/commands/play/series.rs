//! `epic play --best-of N`: a match of games against the same AIs and decks, for every
//! ruleset whose rules have matches (`epic_game::series`), the loser of each game
//! choosing who takes the next one's first turn, and, where the rules give players
//! sideboards, your sideboarding between games (`sideboard.rs`).

use super::{options_of, read_line, Args, Options, HUMAN};
use crate::error::{CliError, CliResult};
use epic_game::series::{Match, MatchDeck, Sideboarded};
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

/// A match in progress: who has won what, and each seat's deck and sideboard with the
/// swaps made since the match began (kept only where a seat has a sideboard).
pub(crate) struct Series {
    pub(crate) games: Match,
    decks: Vec<MatchDeck>,
}

/// Where a match stands, as a game of it is saved beside the game (`"match"`), so that
/// `--load` and `--resume` go on with the match: the record before that game.
#[derive(Debug, Serialize, Deserialize)]
struct Saved {
    best_of: u8,
    seed: u64,
    wins: Vec<u8>,
    games: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    chooser: Option<Seat>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    decks: Vec<MatchDeck>,
}

impl Saved {
    fn of(series: &Series) -> Saved {
        let games = &series.games;
        Saved {
            best_of: games.best_of(),
            seed: games.seed(),
            wins: games.wins().to_vec(),
            games: games.games(),
            chooser: games.chooser(),
            decks: series.decks.clone(),
        }
    }
}

/// The match a saved game (`game`, read from `text` of `source`) is one game of, if
/// any; a record no match can reach, or whose decks are not the game's, is refused in
/// words.
pub(crate) fn saved_match(source: &str, text: &str, game: &AnyPlayed) -> CliResult<Option<Series>> {
    let file: serde_json::Value =
        serde_json::from_str(text).map_err(|e| CliError::input(format!("{source}: {e}")))?;
    let Some(record) = file.get("match") else {
        return Ok(None);
    };
    let bad = |why: String| CliError::input(format!("{source}: its match: {why}"));
    let saved: Saved = serde_json::from_value(record.clone()).map_err(|e| bad(e.to_string()))?;
    let seats = game.seats();
    if saved.wins.len() != seats || !(saved.decks.is_empty() || saved.decks.len() == seats) {
        return Err(bad(format!(
            "it has {} records of wins and {} decks for a game of {seats} seats",
            saved.wins.len(),
            saved.decks.len()
        )));
    }
    for (seat, deck) in saved.decks.iter().enumerate() {
        let now = deck
            .current()
            .map_err(|e| bad(format!("seat {}: {e}", seat + 1)))?;
        if game.sideboarded(seat as Seat).map(|s| s.deck) != Some(now.deck) {
            return Err(bad(format!(
                "seat {}'s deck after its swaps is not the deck of the saved game",
                seat + 1
            )));
        }
    }
    let games = Match::resume(
        saved.best_of,
        saved.seed,
        saved.wins,
        saved.games,
        saved.chooser,
    )
    .map_err(|e| bad(e.to_string()))?;
    Ok(Some(Series {
        games,
        decks: saved.decks,
    }))
}

/// A new match of `best_of` games, from its first game `game`.
pub(crate) fn new_match(game: &AnyPlayed, best_of: u8) -> CliResult<Series> {
    let games = Match::new(game.seats(), best_of, game.seed())
        .map_err(|e| CliError::input(format!("--best-of: {e}")))?;
    let lists: Option<Vec<Sideboarded>> = (0..game.seats())
        .map(|seat| game.sideboarded(seat as Seat))
        .collect();
    let decks = match lists {
        Some(lists) if lists.iter().any(|l| !l.sideboard.is_empty()) => {
            lists.into_iter().map(MatchDeck::new).collect()
        }
        _ => Vec::new(),
    };
    println!(
        "A match, best of {best_of}: the first to win {} games wins it; the loser of a game \
         chooses who takes the next one's first turn.",
        games.needed()
    );
    Ok(Series { games, decks })
}

/// What a game of a match says of its seed: the match's, which deals every game of it
/// again (a later game's own seed is drawn from it, and `--seed` alone would deal that
/// game as a game on its own).
pub(crate) fn seed_note(best_of: u8, seed: u64) -> String {
    format!("Match seed: {seed} (play this match again with --best-of {best_of} --seed {seed}).")
}

/// Plays a match on from `game`, one of it (loaded from `loaded`, if it was): each game
/// to its end, then who lost it chooses who goes first in the next (you, when you lost),
/// you sideboard where you have a sideboard, and the next game is dealt anew from the
/// match's seed with the same seats and decks as swapped, until a player has won more
/// than half of them. Each game is saved with the match beside it.
pub(crate) fn play_match(
    mut game: AnyPlayed,
    mut series: Series,
    mut loaded: Option<&std::path::Path>,
    args: &Args,
    input: &mut impl BufRead,
) -> CliResult {
    loop {
        let done = if game.is_over() {
            game
        } else {
            println!(
                "\nGame {} of the match (best of {}), standing at {}.",
                series.games.games() + 1,
                series.games.best_of(),
                standing(&series.games)
            );
            let opts = Options {
                menu_at_end: false,
                saved_beside: Some(("match", serde_json::to_value(Saved::of(&series))?)),
                seed_note: Some(seed_note(series.games.best_of(), series.games.seed())),
                ..options_of(args)?
            };
            let Some(done) = super::play_game(game, loaded.take(), opts, input)? else {
                left(&series.games, args);
                return Ok(());
            };
            done
        };
        done.record_in(&mut series.games);
        println!("The match stands at {}.", standing(&series.games));
        if series.games.over() {
            break;
        }
        if let Some(mine) = series.decks.get_mut(usize::from(HUMAN)) {
            if !super::sideboard::sideboarding(mine, input)? {
                left(&series.games, args);
                return Ok(());
            }
        }
        let first = match series.games.chooser() {
            None => None,
            Some(HUMAN) => match first_choice(input, done.seats())? {
                Some(first) => Some(first),
                None => {
                    left(&series.games, args);
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
        let decks = (series.decks.iter())
            .map(MatchDeck::current)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| CliError::input(format!("the match's decks: {e}")))?;
        game = done.rematch(series.games.next_seed(), first, &decks)?;
    }
    match series.games.winner() {
        Some(HUMAN) => println!("You win the match."),
        Some(w) => println!("Player {} wins the match.", w + 1),
        None => println!("The match ends drawn after {} games.", series.games.games()),
    }
    Ok(())
}
