//! Why what a program was given cannot make or continue a game: a setup, a deck list, a
//! card or format name, a saved game or one of its decisions. The message says what is
//! wrong and where, in the words a player reads; front ends decide what it means for
//! them (the command line exits with 2, the server answers 400).

use std::fmt;

/// Bad input to a ruleset: the message names the file, seat or decision at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    pub message: String,
}

impl SetupError {
    pub fn new(message: impl Into<String>) -> SetupError {
        SetupError {
            message: message.into(),
        }
    }

    /// The same error, its message after `context` ("seat 2: …").
    pub fn within(self, context: impl fmt::Display) -> SetupError {
        SetupError::new(format!("{context}: {}", self.message))
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SetupError {}
