//! Between the games of a match, where the rules give players sideboards (the classic
//! T-15.1): you swap cards of your deck for cards of your sideboard, one for one, by
//! words from their names, as options are typed in the game.

use super::series::ask;
use crate::error::CliResult;
use epic_game::series::{MatchDeck, Sideboarded};
use std::collections::BTreeMap;
use std::io::BufRead;

const HELP: &str = "\
Commands:
  swap CARD for CARD   a card of your deck out, a card of your sideboard in
                       (`swap ember bolt for shield bearer`; words from the names)
  list                 your deck and sideboard
  reset                the deck and sideboard you began the match with
  done                 (or an empty line) play the next game
  q                    leave the match (it stays autosaved: `epic play --resume`)";

/// Your sideboarding before the next game of a match, when you have a sideboard: swaps
/// until `done`. `false`: you left.
pub(crate) fn sideboarding(deck: &mut MatchDeck, input: &mut impl BufRead) -> CliResult<bool> {
    if current(deck).sideboard.is_empty() {
        return Ok(true);
    }
    println!(
        "\nSideboarding (T-15.1): you may swap cards of your deck for cards of your \
         sideboard, one for one."
    );
    println!("{}\n{HELP}", lists(&current(deck)));
    loop {
        let Some(line) = ask(input, "Sideboard> ", "match")? else {
            return Ok(false);
        };
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word.to_ascii_lowercase().as_str() {
            "" | "done" => return Ok(true),
            "q" | "quit" => return Ok(false),
            "list" | "board" => println!("{}", lists(&current(deck))),
            "help" | "?" => println!("{HELP}"),
            "reset" => {
                deck.restore();
                println!(
                    "Back to the deck and sideboard you began the match with.\n{}",
                    lists(&current(deck))
                );
            }
            "swap" => match swap_named(deck, rest) {
                Ok(said) | Err(said) => println!("{said}"),
            },
            _ => println!("'{line}' is not a sideboarding command (help: the commands)."),
        }
    }
}

/// The deck and sideboard for the next game (a match's record is checked when it is
/// read, so its swaps apply).
fn current(deck: &MatchDeck) -> Sideboarded {
    deck.current().unwrap_or_else(|_| deck.original.clone())
}

/// `swap OUT for IN`: the cards named by words from their names, swapped; what was done
/// (`Ok`) or why not (`Err`), in words.
fn swap_named(deck: &mut MatchDeck, text: &str) -> Result<String, String> {
    let lower = text.to_ascii_lowercase();
    let Some(at) = lower.find(" for ") else {
        return Err(
            "swap CARD for CARD: name a card of your deck, then `for`, then a card \
                    of your sideboard."
                .into(),
        );
    };
    let (out_words, in_words) = (&text[..at], &text[at + " for ".len()..]);
    let now = current(deck);
    let out = named(&now.deck, out_words, "your deck")?;
    let into = named(&now.sideboard, in_words, "your sideboard")?;
    deck.swap(&out, &into).map_err(|e| e.to_string())?;
    Ok(format!(
        "{out} goes to your sideboard; {into} comes into your deck."
    ))
}

/// The one card among `cards` that `words` name (words from its name, as options are
/// typed in the game).
fn named(cards: &[String], words: &str, place: &str) -> Result<String, String> {
    let mut names = cards.to_vec();
    names.sort_unstable();
    names.dedup();
    match super::pick_by_text(words.trim(), &names, &names) {
        Ok(i) => Ok(names[i].clone()),
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
fn lists(list: &Sideboarded) -> String {
    let line = |cards: &[String]| {
        let mut counts = BTreeMap::<&str, usize>::new();
        for c in cards {
            *counts.entry(c.as_str()).or_default() += 1;
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
