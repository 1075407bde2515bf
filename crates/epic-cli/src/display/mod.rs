//! What a player reads: the board from their view (rule 1.10) and the events of a play
//! told in plain sentences. Everything here is built from a seat's view or from events
//! as the viewer may know them; a card moving between hidden zones is never named.

pub use epic_engine::words::log::{tell, Decided, Told};
pub use epic_engine::words::page::{champion_names, discards};
pub use epic_engine::words::{
    cap, card_name, log, moment, one_line, phase_name, plain_symbols, result_line, seat_events,
    seat_name, Voice,
};

use crate::term::Term;

/// A log line as the terminal shows it: indented, fitted to the width (continuation
/// lines indented further) and coloured.
pub fn render(told: &Told, term: &Term) -> String {
    term.log_line(&told.text, told.ink)
}
