//! The game interface that names no ruleset.
//!
//! Programs that only play — bots and searches, simulations — are written against
//! [`State`], in the spirit of OpenSpiel's `State` and shakmaty's `Position`: each
//! ruleset (the 2017 engine, drafts, the classic game) is its own type implementing it,
//! and generic code runs any of them at full speed. Everything else a front end needs —
//! making a game from a request, saving it, telling it to a seat in words, its cards and
//! decks — is [`Ruleset`]'s, so that the command line, the server and the Python package
//! are written once for every ruleset.
//!
//! A state is over, or waiting on exactly one seat for one decision among
//! [`State::options`]; [`State::apply`] takes one of them and nothing else changes it.

pub mod actions;
pub mod conformance;
mod error;
pub mod files;
pub mod lesson;
pub mod played;
pub mod ruleset;
pub mod save;
pub mod scenario;
mod seed;
pub mod series;
pub mod table;
pub mod words;

pub use error::SetupError;
pub use played::{Played, Taken};
pub use ruleset::{
    CardInfo, DeckCheck, DeckRequest, Ending, NumberAsked, PackPick, Picker, Ruleset, SeatPlayer,
    SeatRequest, TableRequest,
};
pub use seed::mix;

use std::fmt::Debug;
use std::hash::{Hash, Hasher};

/// A seat at the table, numbered from 0.
pub type Seat = u8;

/// Why an option was refused: it is not among the pending decision's options, or the
/// game is over. The state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused;

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("that option is not offered now")
    }
}

impl std::error::Error for Refused {}

/// A game in progress under some ruleset.
pub trait State: Clone + Send + Sync {
    /// One option of a decision: small, copied freely, compared and hashed by searches.
    type Choice: Copy + Eq + Hash + Debug + Send + Sync;

    /// How many seats the game was set up with (eliminated ones included).
    fn seats(&self) -> usize;

    /// The seat's side: seats on one side win and lose together (teams), and a seat
    /// without teammates is a side of its own.
    fn side(&self, seat: Seat) -> usize;

    /// The seat that must decide now, or `None` when the game is over.
    fn decider(&self) -> Option<Seat>;

    /// The pending decision's options; empty when the game is over.
    fn options(&self) -> &[Self::Choice];

    /// Takes one of [`State::options`], the fast way (nothing recorded for display).
    fn apply(&mut self, choice: Self::Choice) -> Result<(), Refused>;

    /// Takes option number `index` of [`State::options`]: for programs that choose by
    /// position (a ruleset may skip looking the choice up again).
    fn apply_option(&mut self, index: usize) -> Result<(), Refused> {
        let choice = *self.options().get(index).ok_or(Refused)?;
        self.apply(choice)
    }

    /// The seats that won once the game is over (empty for a draw), `None` before.
    fn winners(&self) -> Option<&[Seat]>;

    /// A whole state `seat` cannot tell from this one, its hidden information dealt
    /// anew from `seed`: what a search that may not cheat plays on. It depends only on
    /// what `seat` may know and on `seed`.
    fn sample_for(&self, seat: Seat, seed: u64) -> Self;

    /// An option in words, as `seat` may read it.
    fn label(&self, choice: Self::Choice, seat: Seat) -> String;

    /// A fingerprint of the whole state: equal digests mean equal games.
    fn digest(&self) -> u64;

    /// What the game is worth to `seat` once over: 1 for a win, 0 for a loss, and one
    /// over the number of sides left for a draw. `None` before the end.
    fn outcome(&self, seat: Seat) -> Option<f64> {
        let winners = self.winners()?;
        if winners.is_empty() {
            let mut sides: Vec<usize> = (0..self.seats() as Seat).map(|s| self.side(s)).collect();
            sides.sort_unstable();
            sides.dedup();
            return Some(1.0 / sides.len().max(1) as f64);
        }
        let side = self.side(seat);
        Some(if winners.iter().any(|&w| self.side(w) == side) {
            1.0
        } else {
            0.0
        })
    }
}

/// FNV-1a: a tiny stable hasher for digests, so that they do not depend on the standard
/// library's randomised or unspecified hashers.
#[derive(Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= *b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
