//! A game in words, as the front ends receive it from any ruleset: how seats are called
//! to one viewer ([`Voice`]), a line of the log with its tone ([`Line`]), the pending
//! decision as a seat is asked it ([`Asked`]), how the game ended ([`Outcome`]) and the
//! board laid out as text ([`Page`]). The terminal colours these, the server sends them;
//! neither knows which game told them.

use crate::Seat;
use serde::Serialize;

/// How seats are called to one viewer: the viewer's own seat is "you" (when addressed
/// in the second person), every other seat by its player's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Voice {
    /// The seat being told, or `None` for a spectator (every seat by its name).
    pub viewer: Option<Seat>,
    /// Each seat's name: "Player 2", "the AI", a player's account name.
    pub names: Vec<String>,
    /// Whether the viewer's own seat is "you" (a game) or its name (a replay).
    pub second_person: bool,
    /// Whether every hidden card is named: only for a replay asked to show everything,
    /// never for a seat at the table.
    pub sees_all: bool,
}

impl Voice {
    /// Seats named "Player 1", "Player 2" …, told to `viewer` as "you".
    pub fn numbered(viewer: Option<Seat>, seats: usize) -> Voice {
        Voice {
            viewer,
            names: (0..seats).map(|s| format!("Player {}", s + 1)).collect(),
            second_person: viewer.is_some(),
            sees_all: false,
        }
    }

    /// Seats as a person at a table hears them: their own is "you", a lone opponent
    /// "the AI", and any other seat "Player N".
    pub fn at_table(viewer: Seat, seats: usize) -> Voice {
        Voice {
            names: (0..seats)
                .map(|s| {
                    if seats == 2 && s != usize::from(viewer) {
                        "the AI".into()
                    } else {
                        format!("Player {}", s + 1)
                    }
                })
                .collect(),
            ..Voice::numbered(Some(viewer), seats)
        }
    }

    /// The same voice, naming every hidden card (a replay that shows everything).
    pub fn seeing_all(self) -> Voice {
        Voice {
            sees_all: true,
            ..self
        }
    }

    /// The same names, told to another viewer.
    pub fn to(&self, viewer: Option<Seat>) -> Voice {
        Voice {
            viewer,
            second_person: self.second_person && viewer.is_some(),
            names: self.names.clone(),
            sees_all: self.sees_all,
        }
    }

    /// Whether `seat` is addressed as "you".
    pub fn is_you(&self, seat: Seat) -> bool {
        self.second_person && self.viewer == Some(seat)
    }

    /// "you", "the AI", "Ana" (lower case inside a sentence where it is "you").
    pub fn name(&self, seat: Seat) -> String {
        if self.is_you(seat) {
            "you".into()
        } else {
            self.names
                .get(usize::from(seat))
                .cloned()
                .unwrap_or_else(|| format!("Player {}", u16::from(seat) + 1))
        }
    }

    /// "your", "the AI's".
    pub fn possessive(&self, seat: Seat) -> String {
        if self.is_you(seat) {
            "your".into()
        } else {
            format!("{}'s", self.name(seat))
        }
    }

    /// The seat as a sentence's subject: "You", "The AI", a player's name as written.
    pub fn subject(&self, seat: Seat) -> String {
        let name = self.name(seat);
        if self.is_you(seat) || name.starts_with("the ") {
            cap(&name)
        } else {
            name
        }
    }

    /// Subject and verb: ("You take") or ("The AI takes").
    pub fn says(&self, seat: Seat, verb_you: &str, verb_other: &str) -> String {
        format!(
            "{} {}",
            self.subject(seat),
            if self.is_you(seat) {
                verb_you
            } else {
                verb_other
            }
        )
    }
}

/// `n` and the noun that counts it: "1 card", "3 cards", "0 cards".
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `text` with its first letter in upper case.
pub fn cap(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// What a line is, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tone {
    /// A heading: a new turn, a prompt.
    Heading,
    /// The viewer's own seat.
    Mine,
    /// Another seat.
    Theirs,
    /// Damage, a loss, an attack.
    Danger,
    /// Something to notice that is not a danger: a block, a gain.
    Note,
    /// Less important: passes, reminders.
    Quiet,
}

/// One line of a game's log, as one viewer is told it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub text: String,
    pub tone: Option<Tone>,
}

impl Line {
    pub fn new(text: impl Into<String>, tone: Option<Tone>) -> Line {
        Line {
            text: text.into(),
            tone,
        }
    }
}

/// The pending decision as a viewer is told it: who decides, and for the decider alone
/// the prompt and the options, each in words (and, where an option is about one card
/// or seat, which one, for a client to click).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Asked {
    pub seat: Seat,
    pub prompt: String,
    pub options: Vec<Offered>,
}

impl Asked {
    /// `seat`'s decision as `voice`'s viewer is told it, for a ruleset whose options are
    /// told by their labels alone: to the decider its `prompt` and `labels`, to anyone
    /// else who decides.
    pub fn by_labels(
        seat: Seat,
        voice: &Voice,
        prompt: impl FnOnce() -> String,
        labels: impl FnOnce() -> Vec<String>,
    ) -> Asked {
        if voice.viewer != Some(seat) {
            return Asked {
                seat,
                prompt: String::new(),
                options: Vec::new(),
            };
        }
        let options = labels()
            .into_iter()
            .enumerate()
            .map(|(index, label)| Offered {
                index,
                label,
                card: None,
                player: None,
                kind: None,
            })
            .collect();
        Asked {
            seat,
            prompt: prompt(),
            options,
        }
    }
}

/// One option of a decision, numbered as [`crate::State::options`] lists them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Offered {
    pub index: usize,
    pub label: String,
    /// The card the option is about, by the number the viewer's board shows it with.
    pub card: Option<u32>,
    /// The seat the option is about.
    pub player: Option<Seat>,
    /// What the option does to its card, where a client acts on it by zone ("pick",
    /// "cut", "restore", "done" in a draft).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
}

/// Option labels told apart: where two read the same (two copies of a card, two
/// characters of one name on different sides), each gets its ordinal among them, " (1)",
/// " (2)", in the order the options come.
pub fn told_apart(mut labels: Vec<String>) -> Vec<String> {
    use std::collections::HashMap;
    let mut copies: HashMap<String, usize> = HashMap::new();
    for label in &labels {
        *copies.entry(label.clone()).or_default() += 1;
    }
    let mut nth: HashMap<String, usize> = HashMap::new();
    for label in &mut labels {
        if copies[label.as_str()] > 1 {
            let n = nth.entry(label.clone()).or_default();
            *n += 1;
            label.push_str(&format!(" ({n})"));
        }
    }
    labels
}

/// How a game ended, told to one viewer: the winners (none for a draw) and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub winners: Vec<Seat>,
    pub text: String,
}

impl Outcome {
    /// The plain result for `voice`'s viewer: who won ("You win.", "Player 2 wins."),
    /// who shares the win, or a draw.
    pub fn of(winners: Vec<Seat>, voice: &Voice) -> Outcome {
        let who = |w: Seat| voice.subject(w);
        let text = match winners.as_slice() {
            [] => "The game is a draw.".to_string(),
            [w] if voice.is_you(*w) => "You win.".to_string(),
            [w] => format!("{} wins.", who(*w)),
            ws if ws.iter().any(|&w| voice.is_you(w)) => "You share the win.".to_string(),
            ws => {
                let all: Vec<String> = ws.iter().map(|&w| who(w)).collect();
                format!("{} share the win.", all.join(" and "))
            }
        };
        Outcome { winners, text }
    }
}

/// What a piece of text is, for its colour on a screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ink {
    /// A heading: the turn line, a prompt.
    Heading,
    /// The viewer's own seat.
    Mine,
    /// Another seat.
    Theirs,
    /// Damage, low health, an attack.
    Danger,
    /// Something to notice that is not a danger: a block, a gain.
    Note,
    /// Less important text: passes, reminders.
    Quiet,
    /// A card's name, in the colour printed on the card.
    Card(Hue),
}

/// A colour printed on cards (the 2017 game's alignments: Good yellow, Sage blue, Evil
/// red, Wild green).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Hue {
    Yellow,
    Blue,
    Red,
    Green,
}

impl Ink {
    /// The log's tone for text in this ink (a card's colour is not a tone).
    pub fn tone(self) -> Option<Tone> {
        Some(match self {
            Ink::Heading => Tone::Heading,
            Ink::Mine => Tone::Mine,
            Ink::Theirs => Tone::Theirs,
            Ink::Danger => Tone::Danger,
            Ink::Note => Tone::Note,
            Ink::Quiet => Tone::Quiet,
            Ink::Card(_) => return None,
        })
    }
}

impl From<Tone> for Ink {
    fn from(tone: Tone) -> Ink {
        match tone {
            Tone::Heading => Ink::Heading,
            Tone::Mine => Ink::Mine,
            Tone::Theirs => Ink::Theirs,
            Tone::Danger => Ink::Danger,
            Tone::Note => Ink::Note,
            Tone::Quiet => Ink::Quiet,
        }
    }
}

/// A run of text in one ink.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Span {
    pub text: String,
    pub ink: Option<Ink>,
}

impl Span {
    pub fn plain(text: impl Into<String>) -> Span {
        Span {
            text: text.into(),
            ink: None,
        }
    }

    pub fn inked(ink: Ink, text: impl Into<String>) -> Span {
        Span {
            text: text.into(),
            ink: Some(ink),
        }
    }

    /// How many characters the span takes on a screen.
    pub fn width(&self) -> usize {
        self.text.chars().count()
    }
}

/// One block of a [`Page`]: a head that is never broken, then items that a screen
/// wraps between when the line is full, joined by `sep` ("; " puts a semicolon after
/// every item but the last), continuation lines indented by `indent` spaces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Block {
    pub head: Vec<Span>,
    pub items: Vec<Vec<Span>>,
    pub sep: &'static str,
    pub indent: usize,
}

impl Block {
    /// A line that is only its head.
    pub fn line(head: Vec<Span>) -> Block {
        Block {
            head,
            items: Vec::new(),
            sep: " ",
            indent: 0,
        }
    }

    /// A head, then `items` joined by `sep` and wrapped under `indent` spaces.
    pub fn list(head: Vec<Span>, items: Vec<Vec<Span>>, sep: &'static str, indent: usize) -> Block {
        Block {
            head,
            items,
            sep,
            indent,
        }
    }
}

/// The board as a screen of text shows it to one viewer: blocks in order, each laid
/// out by the front end to its width (the terminal wraps and colours them).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Page {
    pub blocks: Vec<Block>,
}

impl Page {
    pub fn push(&mut self, block: Block) {
        self.blocks.push(block);
    }

    /// The page as plain text, a line a block, unwrapped and uncoloured: for programs
    /// that show it as they like (the Python environments' text render).
    pub fn plain_text(&self) -> String {
        let text = |spans: &[Span]| spans.iter().map(|s| s.text.as_str()).collect::<String>();
        let lines: Vec<String> = self
            .blocks
            .iter()
            .map(|b| {
                let items: Vec<String> = b.items.iter().map(|i| text(i)).collect();
                format!("{}{}", text(&b.head), items.join(b.sep))
            })
            .collect();
        lines.join("\n")
    }
}

/// The most characters of input a message quotes: enough to find the place, never a
/// whole line.
pub const QUOTED_CHARS: usize = 60;

/// The start of a text, for a message: cut after [`QUOTED_CHARS`] characters, with an
/// ellipsis where it was cut, so that a message stays short however long the input is.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// `'text'` for a message, cut as [`excerpt`] cuts it.
pub fn quoted(text: &str) -> String {
    format!("'{}'", excerpt(text))
}

#[cfg(test)]
mod tests {
    #[test]
    fn labels_that_read_the_same_are_told_apart_in_order() {
        let labels = ["Heal Ash Ghoul", "Done", "Heal Ash Ghoul"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            super::told_apart(labels),
            ["Heal Ash Ghoul (1)", "Done", "Heal Ash Ghoul (2)"]
        );
    }
}
