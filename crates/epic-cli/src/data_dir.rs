//! Where `epic` keeps what it writes on its own: the autosave of the game in progress.
//! `EPIC_DATA_DIR` when set, else the user's data folder (`~/.local/share/epic` on Linux,
//! `~/Library/Application Support/epic` on macOS, `%APPDATA%\epic` on Windows).

use crate::error::{CliError, CliResult};
use std::path::PathBuf;

/// The folder, which may not exist yet.
pub fn data_dir() -> CliResult<PathBuf> {
    if let Some(dir) = std::env::var_os("EPIC_DATA_DIR").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    dirs::data_dir().map(|d| d.join("epic")).ok_or_else(|| {
        CliError::input("cannot tell where your data folder is (no home folder): set EPIC_DATA_DIR")
    })
}

/// The autosave of the game in progress in `epic play`, rewritten before every question
/// the game asks; `epic play --resume` continues it and `epic replay` with no file shows
/// it.
pub fn autosave_path() -> CliResult<PathBuf> {
    Ok(data_dir()?.join("autosave.json"))
}

/// [`autosave_path`], with its folder made if it is missing, ready to be written.
pub fn autosave_for_writing() -> CliResult<PathBuf> {
    let path = autosave_path()?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| {
            CliError::input(format!(
                "cannot make the data folder {} for the autosave: {e} (set EPIC_DATA_DIR, or \
                 play with --no-autosave)",
                dir.display()
            ))
        })?;
    }
    Ok(path)
}
