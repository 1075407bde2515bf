use thiserror::Error;

/// Why [`crate::Game::apply`] refused a choice. The game is left exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ApplyError {
    #[error("the game is over")]
    GameOver,
    #[error("{0} is not one of the legal options now")]
    Illegal(String),
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("a game needs 2 to 8 players, got {0}")]
    PlayerCount(usize),
    #[error("deck {seat} names card id {id}, which is not in the card pool")]
    UnknownCard { seat: usize, id: u16 },
    #[error("deck {seat} holds {name}, a token: tokens are never part of a deck (2.3.7)")]
    TokenInDeck { seat: usize, name: String },
    #[error("deck {seat} has {count} cards; it needs at least the opening hand of {needed}")]
    DeckTooSmall {
        seat: usize,
        count: usize,
        needed: usize,
    },
    #[error("first player {0} is not a seat at this table")]
    FirstPlayer(u8),
}
