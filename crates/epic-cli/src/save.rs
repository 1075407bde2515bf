//! Saved games and drafts as files: written whole or not at all, read from the paths the
//! user names. What a file holds is each ruleset's (`epic_game::save::SaveFile`, read
//! through the registry's `AnyPlayed::from_save`).

pub use epic_engine::setup::save::*;

use crate::error::{read_text, CliError, CliResult};
use std::path::Path;

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
    #[test]
    fn a_saved_game_of_an_unknown_ruleset_is_named() {
        let e = epic_rulesets::AnyPlayed::from_save(
            "in memory",
            r#"{"format": "epic-save", "version": 2, "ruleset": "chess"}"#,
            None,
        )
        .unwrap_err();
        assert!(e
            .message
            .starts_with("in memory: a saved game of ruleset 'chess'"));
    }
}
