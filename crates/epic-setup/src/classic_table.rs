//! A classic (2009) game's table as every program reads it: decks by name or deck-list
//! file, and the designed-deck check, in the words the `epic` command prints.

use crate::error::{read_text, CliError, CliResult};
use epic_classic::format::{Decklist, Format, Lists};
use epic_classic::{classic_deck, classic_pool, read_decklist};

/// A classic deck by name (`order`, `chaos`) or from a deck-list file, with its sideboard
/// (a line `sideboard` starts it in the file; the named decks have none).
pub fn decklist(spec: &str) -> CliResult<Decklist> {
    if let Some(d) = classic_deck(spec) {
        return Ok(Decklist::new(d));
    }
    let path = std::path::Path::new(spec);
    if !path.exists() {
        return Err(CliError::input(format!(
            "'{spec}' is neither a classic deck ({}) nor a deck-list file",
            epic_classic::classic_deck_names().join(", ")
        )));
    }
    let text = read_text(path)?;
    read_decklist(&classic_pool(), &text)
        .map_err(|e| CliError::input(format!("{spec}: {}", e.join("; "))))
}

/// Refuses a deck and sideboard a designed-deck format does not allow, naming every rule
/// they break.
pub fn check_designed(format: Option<Format>, list: &Decklist, whose: &str) -> CliResult {
    let Some(format) = format.filter(|f| !f.is_limited()) else {
        return Ok(());
    };
    let broken = format.check(&classic_pool(), Lists::printed(), &[], list);
    if broken.is_empty() {
        return Ok(());
    }
    let why: Vec<String> = broken.iter().map(ToString::to_string).collect();
    Err(CliError::input(format!(
        "{whose} breaks the rules of {}: {}",
        format.title(),
        why.join("; ")
    )))
}
