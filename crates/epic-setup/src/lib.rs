//! What a game is made from and kept as, read the same way by every program that plays
//! Epic (the `epic` command, the server, the Python package, the fuzz targets): card and
//! deck names ([`names`]), the table a game is played at ([`table`]; a classic one,
//! [`classic_table`]), saved games
//! ([`save`], [`classic_save`]) and drafts ([`draft_save`]), and the errors they report ([`error`]), whose
//! messages a player reads as they are.

pub mod classic_save;
pub mod classic_table;
pub mod draft_save;
pub mod error;
pub mod names;
pub mod save;
pub mod table;
