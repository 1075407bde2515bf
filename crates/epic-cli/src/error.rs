//! Exit codes: 0 success, 1 a failure or findings (an invalid deck, a failing check),
//! 2 a usage or input error (bad arguments, an unreadable or corrupt file), 130 stopped
//! by Ctrl-C.

use std::fmt;

/// The exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const INTERRUPTED: u8 = 130;

/// An error that ends a command with a chosen exit code and a plain message.
#[derive(Debug)]
pub struct CliError {
    pub code: u8,
    pub message: String,
}

impl CliError {
    /// Bad input: a file that cannot be read or parsed, an unknown name (exit 2).
    pub fn input(message: impl Into<String>) -> Self {
        CliError {
            code: 2,
            message: message.into(),
        }
    }
    /// The command was stopped by Ctrl-C, after reporting what it had done (exit 130).
    pub fn interrupted(message: impl Into<String>) -> Self {
        CliError {
            code: INTERRUPTED,
            message: message.into(),
        }
    }
    /// The command ran and found problems (exit 1).
    pub fn findings(message: impl Into<String>) -> Self {
        CliError {
            code: 1,
            message: message.into(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::findings(format!("input/output error: {e}"))
    }
}

/// Bad input to a ruleset is bad input to the command (exit 2).
impl From<epic_game::SetupError> for CliError {
    fn from(e: epic_game::SetupError) -> Self {
        CliError::input(e.message)
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> Self {
        CliError::findings(format!("cannot write JSON: {e}"))
    }
}

pub type CliResult<T = ()> = Result<T, CliError>;

/// Reads a text file the user named; a missing, unreadable or binary file is an input
/// error (exit 2) that says which ([`epic_game::files::read_text`]).
pub fn read_text(path: &std::path::Path) -> CliResult<String> {
    Ok(epic_game::files::read_text(path)?)
}

/// A file's bytes as text, or an input error naming the file and the first bad byte
/// ([`epic_game::files::decode_text`]).
pub fn decode_text(source_name: &str, bytes: Vec<u8>) -> CliResult<String> {
    Ok(epic_game::files::decode_text(source_name, bytes)?)
}

pub use epic_game::files::io_reason;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_become_text_without_a_byte_order_mark() {
        assert_eq!(
            decode_text("f", b"\xef\xbb\xbfcard".to_vec()).unwrap(),
            "card"
        );
        assert_eq!(decode_text("f", b"card".to_vec()).unwrap(), "card");
        let e = decode_text("deck.txt", b"ab\xffc".to_vec()).unwrap_err();
        assert_eq!(e.code, 2);
        assert_eq!(
            e.message,
            "deck.txt: not a text file (byte 3 is not valid UTF-8)"
        );
    }
}
