//! The classic game (2009) at the command line: `epic play` ([`play`]), `epic sim`
//! ([`sim`]), `epic replay` ([`replay`]) and `epic deck check` with `--ruleset classic`. Games are driven through `epic_game::State` and the
//! generic players of `epic_bots::players`; what is printed comes from a seat's `View`
//! and labels, and the formats from `epic_classic::format`.

use crate::error::{read_text, CliError, CliResult};
use epic_classic::format::{Format, Lists};
use epic_classic::state::Pose;
use epic_classic::{classic_pool, playable, read_decklist, ClassicGame};
use epic_game::Seat;
use serde::Serialize;

pub mod play;
pub mod replay;
pub mod sim;

pub use epic_setup::classic_table::{check_designed, decklist};
pub use sim::sim;

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

#[derive(Serialize)]
struct DeckReport {
    file: String,
    ruleset: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    format: Option<String>,
    valid: bool,
    cards: usize,
    sideboard: usize,
    free: usize,
    errors: Vec<String>,
    by_alignment: std::collections::BTreeMap<String, usize>,
    by_type: std::collections::BTreeMap<String, usize>,
}

/// `epic deck check --ruleset classic FILE [--format designed]`: the names, and the
/// deck-building rules of Designed Deck (a line `sideboard` starts the sideboard).
pub fn check_deck(file: &std::path::Path, format: Option<&str>, json: bool) -> CliResult {
    let format = format
        .map(|f| Format::parse(f).map_err(|e| CliError::input(format!("--format {f}: {e}"))))
        .transpose()?;
    if let Some(f) = format.filter(|f| f.is_limited()) {
        return Err(CliError::input(format!(
            "{} decks are built from the cards opened or drafted: epic play and epic sim \
             --ruleset classic --format {} deal and check them",
            f.title(),
            f.name()
        )));
    }
    let pool = classic_pool();
    let text = read_text(file)?;
    let name = file.display().to_string();
    let mut report = DeckReport {
        file: name.clone(),
        ruleset: "classic",
        format: format.map(Format::name),
        valid: true,
        cards: 0,
        sideboard: 0,
        free: 0,
        errors: Vec::new(),
        by_alignment: Default::default(),
        by_type: Default::default(),
    };
    match read_decklist(&pool, &text) {
        Ok(list) => {
            report.cards = list.deck.len();
            report.sideboard = list.sideboard.len();
            for id in &list.deck {
                let c = pool.get(*id);
                *report
                    .by_alignment
                    .entry(c.alignment.name().into())
                    .or_default() += 1;
                *report.by_type.entry(c.kind.name().into()).or_default() += 1;
                report.free += usize::from(c.free);
            }
            if let Err(why) = playable(&pool, &list.deck) {
                report.errors.push(format!("{name}: the deck {why}"));
            }
            if let Some(f) = format {
                for v in f.check(&pool, Lists::printed(), &[], &list) {
                    report.errors.push(format!("{name}: {}: {v}", f.title()));
                }
            }
        }
        Err(mistakes) => report
            .errors
            .extend(mistakes.iter().map(|m| format!("{name}: {m}"))),
    }
    report.valid = report.errors.is_empty();
    crate::commands::deck::finish(&report, &name, &report.errors, json, || {
        let legal = format.map_or(String::new(), |f| format!("; a legal {} deck", f.title()));
        println!(
            "{name}: {} cards and a sideboard of {}, all known classic cards{legal}.",
            report.cards, report.sideboard
        );
        println!(
            "  by alignment: {}",
            crate::commands::deck::counts_text(&report.by_alignment)
        );
        println!(
            "  by type:      {}",
            crate::commands::deck::counts_text(&report.by_type)
        );
        println!("  free cards in the deck: {}", report.free);
    })
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
                let mut t = c.name.clone();
                if c.token {
                    t += " token";
                }
                if let Some((off, def)) = c.stats {
                    t += &format!(" {off}/{def}");
                }
                if c.counters > 0 {
                    t += &format!(" (+{0} +{0} counters)", c.counters);
                }
                if c.owner != c.controller {
                    t += &format!(" (Player {}'s)", c.owner + 1);
                }
                if c.damage > 0 {
                    t += &format!(" ({} damage)", c.damage);
                }
                if c.pose != Pose::Prepared {
                    t += &format!(" [{}]", c.pose.word());
                }
                if c.veiled && c.owner == seat {
                    // Its owner sees what it is; the others read "veiled" in its name.
                    t += " [face down]";
                }
                t
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
