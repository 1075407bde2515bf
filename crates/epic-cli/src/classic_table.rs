//! A classic game's decks as the command line takes them: by name or from a deck-list
//! file; the designed-deck check is the classic game's ([`epic_classic::table`]).

pub use epic_classic::table::*;

use crate::error::{read_text, CliError, CliResult};
use epic_classic::format::Decklist;
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
