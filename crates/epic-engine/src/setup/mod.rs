//! What a 2017 game is made from and kept as, read alike by every program: card and deck
//! names ([`names`]), the table a game is played at ([`table`]), saved games ([`save`])
//! and drafts ([`draft_save`]). Bad input is a [`epic_game::SetupError`] naming what is
//! wrong; reading and writing files is the programs' own.

pub mod draft_save;
pub mod names;
pub mod save;
pub mod table;

/// What these modules answer: a value, or why the input cannot be used.
pub type SetupResult<T = ()> = Result<T, epic_game::SetupError>;
