//! What a player reads: the board from their view (rule 1.10) and the events of a play
//! told in plain sentences. Everything here is built from a [`View`] or from events as
//! the viewer may know them; a card moving between hidden zones is never named.

mod board;

pub use board::{board, champion_names};
pub use epic_engine::words::log::{tell, Decided, Told};
pub use epic_engine::words::{
    cap, card_name, log, moment, one_line, phase_name, plain_symbols, result_line, seat_events,
    seat_name, Voice,
};

use crate::term::Term;
use epic_engine::view::View;
use epic_engine::{Game, PlayerId};

/// A log line as the terminal shows it: indented, fitted to the width (continuation
/// lines indented further) and coloured.
pub fn render(told: &Told, term: &Term) -> String {
    let text = term.fill(&format!("  {}", told.text), "  ");
    match told.ink {
        Some(ink) => text
            .lines()
            .map(|l| term.paint(ink, l))
            .collect::<Vec<_>>()
            .join("\n"),
        None => text,
    }
}

/// Every player's hand in full: only for a replay asked to show everything
/// (`epic replay --reveal-all`), never in a seat's own output.
pub fn hidden_hands(game: &Game, voice: &Voice, term: &Term) -> String {
    let st = game.state();
    let mut s = String::new();
    for p in 0..st.num_players() as PlayerId {
        let names: Vec<String> = st
            .player(p)
            .hand
            .iter()
            .map(|&o| card_name(game.pool(), st.obj(o).card))
            .collect();
        let head = format!("{} hand (hidden):", cap(&voice.possessive(p)));
        s += &if names.is_empty() {
            format!("{head} (empty)")
        } else {
            term.wrapped(&head, &names, ", ", "    ")
        };
        s.push('\n');
    }
    s
}

/// Both discard piles, top card last.
pub fn discards(voice: &Voice, view: &View, term: &Term) -> String {
    let mut s = String::new();
    for p in &view.players {
        let names: Vec<String> = p.discard.iter().map(|c| c.name.clone()).collect();
        let head = format!(
            "{} discard pile ({}):",
            cap(&voice.possessive(p.seat)),
            names.len()
        );
        s += &if names.is_empty() {
            format!("{head} (empty)")
        } else {
            term.wrapped(&head, &names, ", ", "    ")
        };
        s.push('\n');
    }
    s
}
