use thiserror::Error;

/// Why [`crate::Game::apply`] refused a choice. The game is left exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ApplyError {
    #[error("the game is over")]
    GameOver,
    #[error("{0} is not one of the legal options now")]
    Illegal(String),
    #[error("there is no option {index}: the decision has {count} (numbered from 0)")]
    NoSuchOption { index: usize, count: usize },
    #[error("Player {} cannot concede: they are not in the game", u16::from(*.0) + 1)]
    CannotConcede(crate::PlayerId),
}

/// Why a game could not be set up. Seats are numbered from 1 in messages, as players
/// are everywhere people read them.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("a game needs 2 to 8 players, got {0}")]
    PlayerCount(usize),
    #[error("Player {}'s deck names card id {id}, which is not in the card pool", .seat + 1)]
    UnknownCard { seat: usize, id: u16 },
    #[error("Player {}'s deck holds {name}, a token: tokens are never part of a deck (2.3.7)", .seat + 1)]
    TokenInDeck { seat: usize, name: String },
    #[error("Player {} brings two God cards; a player may bring one (2.4)", .seat + 1)]
    TwoGods { seat: usize },
    #[error("Player {}'s {name} is a God card: it starts in the Supplemental zone, never in a hand, deck, discard pile or play (2.4.1)", .seat + 1)]
    GodOutOfPlace { seat: usize, name: String },
    #[error("Player {}'s {name} is not a God card", .seat + 1)]
    NotAGod { seat: usize, name: String },
    #[error("Player {}'s deck has {count} cards; it needs at least the opening hand of {needed}", .seat + 1)]
    DeckTooSmall {
        seat: usize,
        count: usize,
        needed: usize,
    },
    #[error("first player {} is not a seat at this table", *.0 as usize + 1)]
    FirstPlayer(u8),
    #[error("the decks hold {count} cards in all; a game holds at most {max}")]
    TooManyCards { count: usize, max: usize },
    #[error("starting health {0} is out of range: it must be 1 to {max}", max = crate::config::MAX_HEALTH)]
    StartingHealth(i32),
    #[error("{} is played by at least {min} players, not {players}", .variant.title())]
    VariantPlayers {
        variant: crate::config::Variant,
        players: usize,
        min: usize,
    },
    #[error(
        "{} cannot seat {players} players in teams of {team_size}: Hydra needs two or \
         more equal teams of two or more, and no other variant has teams",
        .variant.title()
    )]
    Teams {
        variant: crate::config::Variant,
        players: usize,
        team_size: u8,
    },
}
