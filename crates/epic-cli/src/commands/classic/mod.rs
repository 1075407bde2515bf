//! The classic game (2009) at the command line: `epic play` ([`play`]) and `epic sim`
//! ([`sim`]) with `--ruleset classic`. Games are driven
//! through `epic_game::State` and the generic players of `epic_bots::players`; what is
//! printed comes from a seat's `View` and labels, and the formats from
//! `epic_classic::format`.

use epic_classic::ClassicGame;
use epic_game::Seat;

pub mod play;

pub use crate::classic_table::{check_designed, decklist};

/// Which game's rules a command plays by.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ruleset {
    /// The Epic Card Game, 2017 Complete Rules.
    #[default]
    #[value(name = "2017")]
    Epic2017,
    /// The Epic Trading Card Game of 2009: Mojo, actions, speeds and the line.
    Classic,
}

/// The board as `seat` sees it, in lines of text.
pub fn board(game: &ClassicGame, seat: Seat) -> String {
    let v = game.view(seat);
    let mut out = String::new();
    let step = v.moment();
    out += &format!("Turn {} · Player {}'s {step}\n", v.turn, v.active + 1);
    for (s, p) in v.players.iter().enumerate() {
        let who = if s == seat as usize {
            "You".to_string()
        } else {
            format!("Player {}", s + 1)
        };
        let hand = match &p.hand {
            Ok(names) => names.join(", "),
            // Cards its holder does not own are face up for everyone (T-12.10).
            Err(n) if p.shown.is_empty() => format!("{n} cards"),
            Err(n) => format!("{n} cards, face up: {}", p.shown.join(", ")),
        };
        out += &format!(
            "{who}: {} Mojo, {} action{}, deck {}, hand: {hand}{}\n",
            p.mojo,
            p.actions,
            if p.actions == 1 { "" } else { "s" },
            p.deck,
            if p.out { " (out)" } else { "" }
        );
        let here: Vec<String> = v
            .in_play
            .iter()
            .filter(|c| c.controller as usize == s)
            .map(|c| {
                epic_classic::words::in_play_words(c, seat, format!("Player {}'s", c.owner + 1))
            })
            .collect();
        if !here.is_empty() {
            out += &format!("  in play: {}\n", here.join(", "));
        }
        if !p.discard.is_empty() {
            out += &format!("  discard: {}\n", p.discard.join(", "));
        }
        if !p.discard_foreign.is_empty() {
            out += &format!(
                "  discard, cards of other players: {}\n",
                p.discard_foreign.join(", ")
            );
        }
        if !p.removed.is_empty() {
            out += &format!("  removed from the game: {}\n", p.removed.join(", "));
        }
    }
    let item = |(name, ability, c): &(String, bool, Seat)| {
        format!(
            "{name}{} (Player {})",
            if *ability { " ability" } else { "" },
            c + 1
        )
    };
    if !v.line.is_empty() {
        let items: Vec<String> = v.line.iter().map(item).collect();
        out += &format!("The line (last resolves first): {}\n", items.join(" ← "));
    }
    if let Some(pending) = &v.pending {
        out += &format!("Being played: {}\n", item(pending));
    }
    out
}
