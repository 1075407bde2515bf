//! Saved games and drafts as files: written whole or not at all, read from the paths the
//! user names, and a saved game of either ruleset told apart by its header
//! ([`epic_game::save::ruleset_of`]). What a file holds is each ruleset's
//! ([`epic_engine::setup::save`], [`epic_classic::save`]).

pub use epic_engine::setup::save::*;

use crate::error::{read_text, CliError, CliResult};
use epic_classic::save::{ClassicSave, RULESET as CLASSIC};
use std::path::Path;

/// A saved game of either ruleset, as its `ruleset` field says.
#[derive(Clone, Debug, PartialEq)]
pub enum Saved {
    Epic2017(SaveFile),
    Classic(ClassicSave),
}

/// Reads a saved game of any ruleset from its text; errors name it as `source_name`.
pub fn read_saved(source_name: &str, text: &str) -> CliResult<Saved> {
    let ruleset = epic_game::save::ruleset_of(source_name, text)?;
    match ruleset.as_str() {
        epic_game::save::FIRST_RULESET => Ok(Saved::Epic2017(SaveFile::parse(source_name, text)?)),
        CLASSIC => Ok(Saved::Classic(ClassicSave::parse(source_name, text)?)),
        other => Err(CliError::input(format!(
            "{source_name}: a saved game of ruleset '{other}', which this program does not \
             know (it reads 2017 games, and classic ones with \"ruleset\": \"classic\")"
        ))),
    }
}

/// Reads a saved 2017 game from a file.
pub fn read_save(path: &Path) -> CliResult<SaveFile> {
    let text = read_text(path)?;
    Ok(SaveFile::parse(&path.display().to_string(), &text)?)
}

/// Reads a saved draft from a file.
pub fn read_draft(path: &Path) -> CliResult<epic_engine::setup::draft_save::DraftFile> {
    let text = read_text(path)?;
    Ok(epic_engine::setup::draft_save::DraftFile::parse(
        &path.display().to_string(),
        &text,
    )?)
}

/// Writes `value` as pretty JSON to `path`, whole or not at all ([`write_whole`]).
pub fn write_json(path: &Path, value: &impl serde::Serialize) -> CliResult {
    write_whole(path, &(serde_json::to_string_pretty(value)? + "\n"))
}

/// Writes `text` to `path` whole or not at all: to a temporary file beside it, then
/// renamed over it, so a program stopped mid-write never leaves half a save.
pub fn write_whole(path: &Path, text: &str) -> CliResult {
    let cannot =
        |e: std::io::Error| CliError::findings(format!("cannot write {}: {e}", path.display()));
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, text).map_err(cannot)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        cannot(e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_game_of_an_unknown_ruleset_is_named() {
        let e = read_saved(
            "in memory",
            r#"{"format": "epic-save", "version": 2, "ruleset": "chess"}"#,
        )
        .unwrap_err();
        assert!(e
            .message
            .starts_with("in memory: a saved game of ruleset 'chess'"));
    }
}
