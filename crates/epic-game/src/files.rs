//! Text files a person names (deck lists, saves, scenarios), read whole: a missing,
//! unreadable or binary file is a [`SetupError`] that says which, in the words every
//! front end prints.

use crate::SetupError;

/// Reads the text file at `path`. A byte-order mark at the start (some editors begin
/// UTF-8 files with one) is left out ([`decode_text`]).
pub fn read_text(path: &std::path::Path) -> Result<String, SetupError> {
    let bytes = std::fs::read(path).map_err(|e| {
        SetupError::new(format!("cannot read {}: {}", path.display(), io_reason(&e)))
    })?;
    decode_text(&path.display().to_string(), bytes)
}

/// A file's bytes as text: bytes that are not UTF-8 are an error naming the file
/// (`source_name`) and the first bad byte, and a byte-order mark at the start is left out.
pub fn decode_text(source_name: &str, bytes: Vec<u8>) -> Result<String, SetupError> {
    let mut text = String::from_utf8(bytes).map_err(|e| {
        SetupError::new(format!(
            "{source_name}: not a text file (byte {} is not valid UTF-8)",
            e.utf8_error().valid_up_to() + 1
        ))
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// An input/output error in words, without the system's error number: "No such file or
/// directory".
pub fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.split_once(" (os error ") {
        Some((reason, _)) => reason.to_string(),
        None => text,
    }
}
