//! The vocabulary of Epic card definitions.
//!
//! A card is data: printed characteristics plus a list of [`Ability`] values built from
//! a small effect vocabulary ([`Action`], [`Sel`], [`Filter`], [`Condition`], [`Amount`]).
//! The card language (`epic-cards`) parses text into these types and generates the
//! printed text back from them; the rules engine (`epic-engine`) executes them. Nothing
//! here knows about a game in progress.

mod ability;
mod card;
mod keyword;
mod pool;

pub use ability::*;
pub use card::*;
pub use keyword::*;
pub use pool::*;
