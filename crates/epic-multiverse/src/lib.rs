//! The multiverse ruleset: "The Epic Rulebook Version 2.0" (`shared/rules/001_…txt`,
//! structured in `rules-multiverse.md`), a game of Beyonders who open footholds into
//! three multiverses, recruit characters with their energy and win on points by
//! disabling the opponents' characters. It stands behind the same interface as the other
//! games ([`epic_game::State`], [`epic_game::Ruleset`]); its rulings are the M-numbers
//! of docs/rulings.md, and docs/multiverse.md describes the game and its card files.
//!
//! | module | owns |
//! | --- | --- |
//! | `abilities` | the common and random abilities and the powers, their names and meanings |
//! | `card` | card definitions: footholds and characters, energy, labels, their text |
//! | `effect` | the vocabulary of items and incidents: effects, targets, durations, activations |
//! | `parse` | the card language (`cards/multiverse/*.mv`) |
//! | `state` | the game's parts: Beyonders' zones, characters, steps, choices |
//! | `game` | the deal, the turn and its steps, recruiting and the holding area |
//! | `combat` | attacks with C or powers, blocks, wounds, points and deaths, and the abilities that change them |
//! | `activated` | abilities used by tapping (Heal, Rejuvenate, Stealth) and Regenerate |
//! | `modified` | a character as it is now: stats, abilities and labels with its items and the incidents on it |
//! | `items` | equipping, devices, wounds items take in place of their holder, recovery and repair |
//! | `incidents` | the windows for incidents, their targets, payment, effects and durations |
//! | `variant` | free-for-all, teams and the countdown: who plays with whom, and the end on points |
//! | `campaign` | the Campaign format: battles, the kill penalty, intermissions |
//! | `teamwork` | teamwork, leadership and heroic acts |
//! | `triggered` | triggered abilities: a character's on coming into play |
//! | `position` | any position set up directly (rule tests, scenarios) |
//! | `scenario` | the setup statements and expectations of its scenarios (`scenarios/multiverse`) |
//! | `events` | what each decision did, and what each seat may know of it |
//! | `setup` | decks, formats, the deck check and the table a request asks for |
//! | `ruleset` | the view and samples a seat may see, the digest, both interfaces |
//! | `words` | the game in words: log, board, pending decision, result |
//! | `eval` | the bots' default evaluation |
//! | `tensor` | the observation and the fixed action space for learning programs |

pub mod abilities;
mod activated;
mod campaign;
pub mod card;
mod combat;
pub mod effect;
pub mod eval;
pub mod events;
mod game;
mod incidents;
mod items;
mod lessons;
mod modified;
pub mod parse;
pub mod position;
pub mod ruleset;
mod scenario;
pub mod setup;
pub mod state;
mod teamwork;
pub mod tensor;
mod triggered;
pub mod variant;
pub mod words;

pub use card::{Card, CardId, Colour, Energy, Origin};
pub use combat::wounds;
pub use game::{MultiverseGame, MAX_PLAYERS};
pub use position::{Placed, Position, SeatPosition};
pub use setup::MultiverseSetup;
pub use state::Choice;

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The embedded card files.
pub const CARD_FILES: [(&str, &str); 2] = [
    (
        "cards/multiverse/starter.mv",
        include_str!("../../../cards/multiverse/starter.mv"),
    ),
    (
        "cards/multiverse/gear.mv",
        include_str!("../../../cards/multiverse/gear.mv"),
    ),
];

/// The ready-made decks, by name: two a multiverse colour and two an origin (60 points
/// each), one of each pair with items; then a deck of heroes and one of villains, for the
/// restricted variations.
pub const DECKS: [(&str, &str); 20] = [
    ("blue", include_str!("../../../cards/multiverse/blue.deck")),
    ("red", include_str!("../../../cards/multiverse/red.deck")),
    (
        "black",
        include_str!("../../../cards/multiverse/black.deck"),
    ),
    (
        "blue-gear",
        include_str!("../../../cards/multiverse/blue-gear.deck"),
    ),
    (
        "red-gear",
        include_str!("../../../cards/multiverse/red-gear.deck"),
    ),
    (
        "black-gear",
        include_str!("../../../cards/multiverse/black-gear.deck"),
    ),
    (
        "magical",
        include_str!("../../../cards/multiverse/magical.deck"),
    ),
    (
        "magical-gear",
        include_str!("../../../cards/multiverse/magical-gear.deck"),
    ),
    (
        "genetic",
        include_str!("../../../cards/multiverse/genetic.deck"),
    ),
    (
        "genetic-gear",
        include_str!("../../../cards/multiverse/genetic-gear.deck"),
    ),
    (
        "technological",
        include_str!("../../../cards/multiverse/technological.deck"),
    ),
    (
        "technological-gear",
        include_str!("../../../cards/multiverse/technological-gear.deck"),
    ),
    (
        "alien",
        include_str!("../../../cards/multiverse/alien.deck"),
    ),
    (
        "alien-gear",
        include_str!("../../../cards/multiverse/alien-gear.deck"),
    ),
    (
        "transformative",
        include_str!("../../../cards/multiverse/transformative.deck"),
    ),
    (
        "transformative-gear",
        include_str!("../../../cards/multiverse/transformative-gear.deck"),
    ),
    (
        "conditional",
        include_str!("../../../cards/multiverse/conditional.deck"),
    ),
    (
        "conditional-gear",
        include_str!("../../../cards/multiverse/conditional-gear.deck"),
    ),
    (
        "red-heroes",
        include_str!("../../../cards/multiverse/red-heroes.deck"),
    ),
    (
        "black-villains",
        include_str!("../../../cards/multiverse/black-villains.deck"),
    ),
];

/// Every card of the game, by number and by name.
#[derive(Debug, Default)]
pub struct Pool {
    cards: Vec<Card>,
    by_name: HashMap<String, CardId>,
    /// Each character card's printed abilities as a set (none for other cards).
    abilities: Vec<abilities::Abilities>,
    /// Each card's sheet ([`Card::sheet`]), written once: every board carries the text
    /// of each card it names.
    sheets: Vec<String>,
}

impl Pool {
    /// The pool of `files` (name, text): every mistake in them, by file and line, or
    /// the pool. A name given twice is a mistake.
    pub fn read(files: &[(&str, &str)]) -> Result<Pool, Vec<String>> {
        let mut pool = Pool::default();
        let mut mistakes = Vec::new();
        for (file, text) in files {
            match parse::parse_cards(text) {
                Ok(cards) => {
                    for card in cards {
                        let key = card.name.to_lowercase();
                        if pool.by_name.contains_key(&key) {
                            mistakes.push(format!("{file}: '{}' is defined twice", card.name));
                            continue;
                        }
                        pool.by_name.insert(key, pool.cards.len() as CardId);
                        pool.cards.push(card);
                    }
                }
                Err(errors) => mistakes.extend(errors.iter().map(|e| format!("{file}: {e}"))),
            }
        }
        pool.abilities = pool
            .cards
            .iter()
            .map(|c| {
                c.character().map_or_else(Default::default, |ch| {
                    abilities::Abilities::of(&ch.abilities)
                })
            })
            .collect();
        pool.sheets = pool.cards.iter().map(Card::sheet).collect();
        // A built-in item names an item card of the pool (F-9.7).
        for card in &pool.cards {
            for item in card.character().map_or(&[][..], |c| &c.items[..]) {
                let found = pool.id(item).map(|id| pool.get(id));
                if found.is_none_or(|c| c.item().is_none()) {
                    mistakes.push(format!(
                        "{}: its built-in item '{item}' is no item card",
                        card.name
                    ));
                }
            }
        }
        // An arch-enemy is a character of the pool (ruling M-42).
        for card in &pool.cards {
            let Some(x) = card.character().and_then(|c| c.arch_enemy.as_ref()) else {
                continue;
            };
            if pool
                .id(x)
                .is_none_or(|id| pool.get(id).character().is_none())
            {
                mistakes.push(format!(
                    "{}: its arch-enemy '{x}' is no character card",
                    card.name
                ));
            }
        }
        if mistakes.is_empty() {
            Ok(pool)
        } else {
            Err(mistakes)
        }
    }

    pub fn get(&self, id: CardId) -> &Card {
        &self.cards[usize::from(id)]
    }

    /// Card `id`'s sheet: its name, type line and text, as [`Card::sheet`] writes it.
    pub fn sheet(&self, id: CardId) -> &str {
        &self.sheets[usize::from(id)]
    }

    /// Card `id`'s printed abilities, as a set.
    pub fn abilities(&self, id: CardId) -> abilities::Abilities {
        self.abilities[usize::from(id)]
    }

    /// The card named `name`, in any case.
    pub fn id(&self, name: &str) -> Option<CardId> {
        self.by_name.get(&name.trim().to_lowercase()).copied()
    }

    pub fn ids(&self) -> impl Iterator<Item = CardId> {
        0..self.cards.len() as CardId
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

/// The game's cards, read once from the embedded files.
pub fn pool() -> Arc<Pool> {
    static POOL: OnceLock<Arc<Pool>> = OnceLock::new();
    POOL.get_or_init(|| {
        Arc::new(Pool::read(&CARD_FILES).unwrap_or_else(|mistakes| {
            panic!("the embedded card files are checked by the tests: {mistakes:?}")
        }))
    })
    .clone()
}

/// The ready-made deck named `name`, as a deck list.
pub fn deck(name: &str) -> Option<&'static str> {
    let name = name.trim().to_ascii_lowercase();
    DECKS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_embedded_cards_are_read_without_a_mistake() {
        let pool = super::Pool::read(&super::CARD_FILES).unwrap();
        assert!(pool.len() >= 36);
    }

    #[test]
    fn an_arch_enemy_names_a_character_of_the_pool() {
        let card = |name: &str, labels: &str| {
            format!(
                "card: {name}\ntype: character\ncolour: red\norigin: genetic\ncost: 2\n\
                 stats: 2/2\nspecies: Human\nlabels: {labels}\nart: A face.\n"
            )
        };
        let text = [
            card("Rival A", "Villain, Arch-enemy (Rival B)"),
            card("Rival B", "Hero"),
            card("Loner", "Hero, Arch-enemy (Nobody)"),
        ]
        .join("\n");
        let mistakes = super::Pool::read(&[("rivals.mv", &text)]).unwrap_err();
        assert_eq!(
            mistakes,
            vec!["Loner: its arch-enemy 'Nobody' is no character card".to_string()]
        );
    }
}
