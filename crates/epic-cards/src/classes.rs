//! The classes of the real cards: the only classes a card file may name, so that a word
//! the language does not know is reported instead of being read as a class.

/// Every class printed on a real card: the base set's 26 and those of Tyrants, Uprising
/// and Pantheon, sorted. A type line's classes and a selection's class words must be
/// among them.
pub const CLASSES: &[&str] = &[
    "Angel",
    "Ape",
    "Beastman",
    "Bird",
    "Construct",
    "Demon",
    "Devil",
    "Dinosaur",
    "Djinn",
    "Dragon",
    "Elder",
    "Elf",
    "Fairy",
    "Gargoyle",
    "Giant",
    "God",
    "Goddess",
    "Griffin",
    "Hound",
    "Human",
    "Hydra",
    "Imp",
    "Knight",
    "Mage",
    "Minotaur",
    "Ogre",
    "Pegasus",
    "Plant",
    "Spirit",
    "Titan",
    "Troll",
    "Tyrant",
    "Unicorn",
    "Vampire",
    "Wolf",
    "Wurm",
    "Zombie",
];

/// The class a type line names, as [`CLASSES`] spells it (any case).
pub(crate) fn class(name: &str) -> Option<&'static str> {
    CLASSES
        .iter()
        .copied()
        .find(|c| c.eq_ignore_ascii_case(name))
}

/// The class a word of a selection names, singular or plural: "dragon", "dragons",
/// "wolves", "fairies", "djinn".
pub(crate) fn class_word(word: &str) -> Option<&'static str> {
    let singular = [("ves", "f"), ("ies", "y"), ("es", ""), ("s", "")]
        .iter()
        .filter_map(|(plural, one)| word.strip_suffix(plural).map(|stem| format!("{stem}{one}")));
    std::iter::once(word.to_string())
        .chain(singular)
        .find_map(|w| class(&w))
}
