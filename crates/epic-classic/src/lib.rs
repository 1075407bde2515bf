//! The classic ruleset: the 2009 Epic Trading Card Game (`shared/rules/000_…txt`,
//! structured in `rules-2009-classic.md`), behind the same interface as the 2017 engine
//! ([`epic_game::State`]).
//!
//! What it shares with the 2017 game is the card language of effects ([`card::Effect`]
//! wraps [`epic_model::Sentence`], read by `epic_cards::read_effect`) and the interface.
//! What it owns is what differs: Mojo and actions, speeds, the line with priority
//! passing to the left, when-triggers that go on the line, targets named on
//! announcement and fizzling, battle with repeated attacks and range striking first,
//! the controller's discard pile.
//!
//! | module | owns |
//! | --- | --- |
//! | `card` | classic card definitions and the pool |
//! | `format` | the classic formats: packs, sealed, Pack War, draft, designed decks |
//! | `parse` | classic card files |
//! | `state` | the game's parts: cards, players, the line, the attack, the decision |
//! | `game` | setup, the decision loop, steps and priority, playing and activating |
//! | `resolve` | targets, resolution, effects, moving cards, triggers, state checks |
//! | `battle` | attacks, blocks, damage |
//! | `position` | any position set up directly (scenarios, tests) |
//! | `ruleset` | labels, samples, digest, and `epic_game::State` |
//! | `scenario` | the setup statements and expectations of its scenarios |
//! | `tensor` | the observation and the fixed action space for learning programs |

mod battle;
pub mod card;
pub mod eval;
pub mod format;
mod game;
mod lessons;
pub mod parse;
mod position;
mod resolve;
mod ruleset;
pub mod save;
mod scenario;
pub mod state;
pub mod table;
pub mod tensor;
pub mod words;

pub use card::{ClassicCard, ClassicPool};
pub use game::{playable, Choice, ClassicGame, SetupError, MAX_DECK, MAX_PLAYERS};
pub use parse::parse_classic_cards;
pub use position::{Placed, Position, SeatSetup};
pub use ruleset::{InPlay, PlayerView, View, FACE_DOWN};

use epic_model::CardId;
use std::sync::{Arc, OnceLock};

/// The embedded classic card files.
pub const CLASSIC_FILES: [(&str, &str); 1] = [(
    "cards/classic/starter.epic",
    include_str!("../../../cards/classic/starter.epic"),
)];

/// The classic card pool, read once from the embedded files.
pub fn classic_pool() -> Arc<ClassicPool> {
    static POOL: OnceLock<Arc<ClassicPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        let mut pool = ClassicPool::default();
        for (name, text) in CLASSIC_FILES {
            if let Err(e) = parse_classic_cards(name, text, &mut pool) {
                // The embedded files are checked by this crate's tests.
                panic!("the embedded classic card files have mistakes:\n{e}");
            }
        }
        Arc::new(pool)
    })
    .clone()
}

/// The preconstructed classic decks, by name: (name, list of "count name").
pub const CLASSIC_DECKS: [(&str, &str); 2] = [
    ("order", include_str!("../../../cards/classic/order.deck")),
    ("chaos", include_str!("../../../cards/classic/chaos.deck")),
];

/// The preconstructed classic decks' names.
pub fn classic_deck_names() -> Vec<&'static str> {
    CLASSIC_DECKS.iter().map(|d| d.0).collect()
}

/// A preconstructed classic deck's cards, by deck name.
pub fn classic_deck(name: &str) -> Option<Vec<CardId>> {
    let pool = classic_pool();
    let (_, text) = CLASSIC_DECKS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))?;
    read_deck(&pool, text).ok()
}

/// One of every card of a pool that may be in a deck (tokens never are): a deck that
/// meets every rule the pool's cards exercise, for tests and samplers.
pub fn every_card_deck(pool: &ClassicPool) -> Vec<CardId> {
    pool.ids().filter(|&id| !pool.get(id).token).collect()
}

/// Reads a deck list against the classic pool, as the 2017 game's lists are read
/// (`epic_cards::parse_deck_list_with`: "3 Ember Bolt", "Ember Bolt x3", `#` comments);
/// a line `sideboard` starts the sideboard. Every mistake is given, with its line.
pub fn read_decklist(pool: &ClassicPool, text: &str) -> Result<format::Decklist, Vec<String>> {
    let is_marker = |l: &str| {
        l.split('#')
            .next()
            .unwrap_or("")
            .trim()
            .eq_ignore_ascii_case("sideboard")
    };
    let marker = text.lines().position(is_marker);
    // Each part is read with the other's lines blank, so a mistake keeps its line.
    let part = |side: bool| {
        let keep = |i: usize| marker.map_or(!side, |m| i != m && (i > m) == side);
        text.lines()
            .enumerate()
            .map(|(i, l)| if keep(i) { l } else { "" })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let names: Vec<&str> = pool
        .ids()
        .map(|id| pool.get(id))
        .filter(|c| !c.token)
        .map(|c| c.name.as_str())
        .collect();
    let read = |text: &str| {
        epic_cards::parse_deck_list_with("", text, &names, |name| {
            pool.id(name).map(|id| (id, pool.get(id).token))
        })
        .map_err(|e| match e {
            epic_cards::DeckError::List(errors) => errors
                .0
                .iter()
                .map(|d| format!("line {}: {}", d.line, d.message))
                .collect(),
            other => vec![other.to_string()],
        })
    };
    match (read(&part(false)), read(&part(true))) {
        (Ok(deck), Ok(sideboard)) => Ok(format::Decklist::with_sideboard(deck, sideboard)),
        (a, b) => Err(a.err().into_iter().chain(b.err()).flatten().collect()),
    }
}

/// The deck of a deck list ([`read_decklist`]; a sideboard is left out), or its
/// mistakes in one message.
pub fn read_deck(pool: &ClassicPool, text: &str) -> Result<Vec<CardId>, String> {
    read_decklist(pool, text)
        .map(|list| list.deck)
        .map_err(|e| e.join("; "))
}
