//! The Epic card language.
//!
//! Cards are written in small text files (see `docs/cards.md`), read into the model's
//! [`CardDef`] values and checked as they load; a mistake is reported with its file and
//! line, never carried into a game. The base set (120 cards and the four tokens) is
//! embedded in the binary, so programs need no files on disk.
//!
//! ```
//! let pool = epic_cards::base_pool();
//! let id = pool.by_name("Fire Shaman").unwrap();
//! assert!(epic_cards::card_text(pool, id).contains("{wild} → Deal 3 damage to a target."));
//! ```

mod classes;
pub mod compare;
mod deck;
mod diag;
mod parse;
mod phrase;
mod text;

pub use classes::CLASSES;
pub use deck::{
    deck, deck_from, parse_deck_list, parse_deck_list_with, DeckError, Preconstructed, DECK_NAMES,
    DECK_SIZE, MAX_COPIES, MAX_DECK_LIST_CARDS,
};
pub use diag::{edit_distance, excerpt, nearest, quoted, suggestion, Diagnostic, Errors};
pub use epic_model::{CardDef, CardId, CardPool, Keyword, BASE_SET};
use epic_model::{Filter, Sentence};
pub use parse::{MAX_ABILITIES, MAX_LINE_CHARS, MAX_POOL_CARDS};
pub use text::{ability_text, cap, card_text, mode_text, steps_text};

use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The base-set card files, in load order (tokens first, so cards may name them).
pub const BASE_FILES: [(&str, &str); 5] = [
    (
        "cards/base/tokens.epic",
        include_str!("../../../cards/base/tokens.epic"),
    ),
    (
        "cards/base/good.epic",
        include_str!("../../../cards/base/good.epic"),
    ),
    (
        "cards/base/evil.epic",
        include_str!("../../../cards/base/evil.epic"),
    ),
    (
        "cards/base/sage.epic",
        include_str!("../../../cards/base/sage.epic"),
    ),
    (
        "cards/base/wild.epic",
        include_str!("../../../cards/base/wild.epic"),
    ),
];

/// The expansions' card files, in release order: Tyrants and Uprising (four packs of 12
/// each), then Pantheon (four packs of 12 cards and 2 God cards).
pub const EXPANSION_FILES: [(&str, &str); 12] = [
    (
        "cards/tyrants/draka-s-rage.epic",
        include_str!("../../../cards/tyrants/draka-s-rage.epic"),
    ),
    (
        "cards/tyrants/helion-s-deceit.epic",
        include_str!("../../../cards/tyrants/helion-s-deceit.epic"),
    ),
    (
        "cards/tyrants/markus-command.epic",
        include_str!("../../../cards/tyrants/markus-command.epic"),
    ),
    (
        "cards/tyrants/raxxa-s-revenge.epic",
        include_str!("../../../cards/tyrants/raxxa-s-revenge.epic"),
    ),
    (
        "cards/uprising/flames-of-scarros.epic",
        include_str!("../../../cards/uprising/flames-of-scarros.epic"),
    ),
    (
        "cards/uprising/kark-s-edict.epic",
        include_str!("../../../cards/uprising/kark-s-edict.epic"),
    ),
    (
        "cards/uprising/velden-s-wrath.epic",
        include_str!("../../../cards/uprising/velden-s-wrath.epic"),
    ),
    (
        "cards/uprising/will-of-zannos.epic",
        include_str!("../../../cards/uprising/will-of-zannos.epic"),
    ),
    (
        "cards/pantheon/angeline-vs-scara.epic",
        include_str!("../../../cards/pantheon/angeline-vs-scara.epic"),
    ),
    (
        "cards/pantheon/furios-vs-maligus.epic",
        include_str!("../../../cards/pantheon/furios-vs-maligus.epic"),
    ),
    (
        "cards/pantheon/gareth-vs-lashnok.epic",
        include_str!("../../../cards/pantheon/gareth-vs-lashnok.epic"),
    ),
    (
        "cards/pantheon/helena-vs-zaltessa.epic",
        include_str!("../../../cards/pantheon/helena-vs-zaltessa.epic"),
    ),
];

/// The embedded pools, each built once and shared by every game.
static BASE: OnceLock<Arc<CardPool>> = OnceLock::new();
static FULL: OnceLock<Arc<CardPool>> = OnceLock::new();

/// A pool built once from embedded files.
fn embedded(
    cell: &'static OnceLock<Arc<CardPool>>,
    load: fn() -> Result<CardPool, Errors>,
) -> &'static Arc<CardPool> {
    cell.get_or_init(|| match load() {
        Ok(pool) => Arc::new(pool),
        // The embedded files are checked by this crate's tests; reaching this is a build
        // made from broken card files.
        Err(e) => panic!("the embedded card files have mistakes:\n{e}"),
    })
}

/// The base set: 120 cards and the tokens `Wolf`, `Zombie`, `Human` and `Demon`, built
/// once from the embedded files and shared by every game. Clone it to add more cards.
pub fn base_pool() -> &'static CardPool {
    embedded(&BASE, load_base)
}

/// The base set as a shared handle, for games: every game holds one, and cloning it
/// copies a pointer, not 124 card definitions.
pub fn shared_pool() -> Arc<CardPool> {
    embedded(&BASE, load_base).clone()
}

/// Every real card: the base set, then the expansions, built once. A base-set card has
/// the same id here as in [`base_pool`], so a game of base-set cards plays the same on
/// either. Deck lists, scenarios and the command line name cards from this pool.
pub fn full_pool() -> &'static CardPool {
    embedded(&FULL, load_full)
}

/// [`full_pool`] as a shared handle, for games.
pub fn shared_full_pool() -> Arc<CardPool> {
    embedded(&FULL, load_full).clone()
}

/// Builds a fresh pool from the embedded base-set files.
pub fn load_base() -> Result<CardPool, Errors> {
    load_files(&BASE_FILES)
}

/// Builds a fresh pool from every embedded card file: the base set, then the expansions.
pub fn load_full() -> Result<CardPool, Errors> {
    let files: Vec<(&str, &str)> = BASE_FILES.iter().chain(&EXPANSION_FILES).copied().collect();
    load_files(&files)
}

fn load_files(files: &[(&str, &str)]) -> Result<CardPool, Errors> {
    let mut pool = CardPool::new();
    let mut all = Vec::new();
    for &(name, text) in files {
        if let Err(e) = parse_cards(name, text, &mut pool) {
            all.extend(e.0);
        }
    }
    if all.is_empty() {
        Ok(pool)
    } else {
        Err(Errors(all))
    }
}

/// Reads one card file's text into the pool and returns the new cards' ids. The whole
/// file is checked, so the error holds every mistake; a file with any mistake adds
/// nothing. `source_name` is only used in diagnostics.
pub fn parse_cards(
    source_name: &str,
    text: &str,
    pool: &mut CardPool,
) -> Result<Vec<CardId>, Errors> {
    parse::parse_file(source_name, text, pool)
}

/// Reads a card file from disk into the pool (as [`parse_cards`]); a file that cannot be
/// read is reported as a diagnostic on line 0.
pub fn load_file(path: &Path, pool: &mut CardPool) -> Result<Vec<CardId>, Errors> {
    let name = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => parse_cards(&name, &text, pool),
        Err(e) => Err(Errors(vec![Diagnostic {
            file: name,
            line: 0,
            message: format!("cannot read the file: {e}"),
        }])),
    }
}

/// Reads one effect of the card language ("deal 3 damage to target champion. Draw a
/// card"), as a card file's ability would be read: for a ruleset whose card files have
/// type lines and ability labels of their own but share the effects (the classic game).
pub fn read_effect(pool: &mut CardPool, text: &str) -> Result<Vec<Sentence>, String> {
    phrase::parse_effect(&mut phrase::Ctx { pool }, text, &[])
}

/// Reads a description of objects ("other champions you control", "evil champions").
pub fn read_filter(pool: &mut CardPool, text: &str) -> Result<Filter, String> {
    let text = phrase::normalize(text);
    phrase::parse_filter(&mut phrase::Ctx { pool }, &text)
}

/// The text without a leading UTF-8 byte-order mark, which some editors write at the
/// start of a file: card files and deck lists read the same with or without one.
pub(crate) fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The reminder text of a keyword (its meaning from section 5 of the rules).
pub fn reminder(keyword: Keyword) -> &'static str {
    keyword.reminder()
}

/// The symbols and ability words of rules text, each with its reminder: what a player
/// new to the game needs to read `{1}`, `{expend}`, `{good} →`, Tribute or Loyalty.
pub const SYMBOLS: [(&str, &str); 14] = [
    ("{0}", "free: a card that costs no gold (2.1.3)"),
    (
        "{1}",
        "one gold: a card's cost of 1, or 1 gold to pay; each player gains 1 gold at the \
         start of their turn (4.2.2)",
    ),
    (
        "{expend}",
        "expend this champion (turn it sideways) as a cost (2.6.2)",
    ),
    (
        "{offense}",
        "offense: the damage a champion deals in battle (2.1.4)",
    ),
    (
        "{defense}",
        "defense: the damage that breaks a champion (2.1.5)",
    ),
    (
        "{good} →",
        "Ally: when you play another good card with a cost of {1} from your hand (5.18)",
    ),
    (
        "{evil} →",
        "Ally: when you play another evil card with a cost of {1} from your hand (5.18)",
    ),
    (
        "{sage} →",
        "Ally: when you play another sage card with a cost of {1} from your hand (5.18)",
    ),
    (
        "{wild} →",
        "Ally: when you play another wild card with a cost of {1} from your hand (5.18)",
    ),
    ("Tribute →", "when this champion enters play (5.6)"),
    (
        "Loyalty",
        "when this champion enters play, you may reveal that many cards sharing an \
         alignment with it from your hand; if you do, the effect happens (5.3)",
    ),
    (
        "Recycle",
        "you may put two cards from your discard pile on the bottom of your deck; if you \
         do, draw a card (5.5)",
    ),
    (
        "Recall",
        "return this card from your discard pile to your hand (5.4)",
    ),
    (
        "— OR —",
        "choose one of the modes when you play the event; a mode with {1} costs one gold \
         more (3.2.1)",
    ),
];

/// The reminders of the symbols and ability words a rules text uses, in [`SYMBOLS`]'
/// order.
pub fn symbol_reminders(text: &str) -> Vec<(&'static str, &'static str)> {
    SYMBOLS
        .iter()
        .copied()
        .filter(|(symbol, _)| text.contains(symbol))
        .collect()
}
