//! What a person playing at a table is given beyond the board and the log, in any
//! ruleset: the pending decision listed as they read it ([`Listing`]), the decisions
//! taken for them without asking ([`Automatic`]), and the moments at which they choose
//! to be asked ([`Moment`], [`Stops`]). A ruleset fills these in through
//! [`crate::Ruleset`]'s table hooks; a terminal or a client shows them.

use crate::words::Line;

/// The pending decision as its decider reads it at a table: the prompt, notes under it,
/// and each item in the order listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    pub prompt: String,
    /// Lines under the prompt: the text of the card whose ability asks, the picks made
    /// so far.
    pub notes: Vec<Line>,
    pub items: Vec<Listed>,
}

/// One item of a [`Listing`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    pub act: Act,
    /// As the decider reads it ("Play Gargoyle", "Target your Wolf #61").
    pub label: String,
    /// As the game words it, which typed words may match as well as the label.
    pub words: String,
    /// The first item this one is interchangeable with (its own number when none): two
    /// copies of a card in hand are one choice to a player typing its name.
    pub alike: usize,
}

/// What taking a listed item does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Takes option number `n` of [`crate::State::options`].
    Option(usize),
    /// Takes back decision number `n` (from 0) of the game: a pick of the sequence being
    /// chosen (a card put back in a mulligan, an attacker), the game rebuilt without it.
    TakeBack(usize),
}

impl Listing {
    /// Every option as it is asked, in its order, each alike only to those labelled the
    /// same.
    pub fn of_asked(asked: crate::words::Asked) -> Listing {
        let labels: Vec<String> = asked.options.iter().map(|o| o.label.clone()).collect();
        let items = asked
            .options
            .into_iter()
            .enumerate()
            .map(|(i, o)| Listed {
                act: Act::Option(o.index),
                alike: labels.iter().position(|l| *l == o.label).unwrap_or(i),
                words: o.label.clone(),
                label: o.label,
            })
            .collect();
        Listing {
            prompt: asked.prompt,
            notes: Vec::new(),
            items,
        }
    }
}

/// A decision taken for a person without asking them, and what they are told of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automatic<C> {
    pub choice: C,
    /// Said before the decision is told ("You have nothing more to play: your turn
    /// ends."); `None`: nothing beyond the decision's own log lines.
    pub line: Option<Line>,
    /// The moment chosen at, when the choice is made because that moment is not one of
    /// their stops (a pass, battle damage divided for them, triggers in the order they
    /// triggered): a terminal says once, for each moment, how to make it one.
    pub passed_at: Option<&'static str>,
}

/// A moment at which a player may act but need not, as a ruleset names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moment {
    /// Its name in `--stops` and the `stops` command.
    pub name: &'static str,
    /// What it means, for `stops` and `--help`.
    pub meaning: &'static str,
    /// Whether a person is asked at it unless they say otherwise.
    pub stop_by_default: bool,
}

/// The moments, among those a ruleset names, at which a person is asked whether to act;
/// at the others the game passes for them and says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stops {
    moments: &'static [Moment],
    on: u64,
}

impl Stops {
    /// The moments asked at unless a person says otherwise.
    pub fn default_of(moments: &'static [Moment]) -> Stops {
        Stops {
            moments,
            on: Stops::bits(moments, |m| m.stop_by_default),
        }
    }

    fn bits(moments: &[Moment], on: impl Fn(&Moment) -> bool) -> u64 {
        moments
            .iter()
            .enumerate()
            .filter(|(_, m)| on(m))
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// Whether the moment named `name` is a stop.
    pub fn has(self, name: &str) -> bool {
        self.moments
            .iter()
            .position(|m| m.name == name)
            .is_some_and(|i| self.on & (1 << i) != 0)
    }

    /// Reads a stops setting: `default`, `all`, `none`, a list of moments
    /// (`main,response`), or changes to these stops (`+attacking -end`).
    pub fn parse(self, text: &str) -> Result<Stops, String> {
        let words: Vec<&str> = text
            .split([',', ' '])
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            return Err("name some stops".into());
        }
        if self.moments.is_empty() {
            return Err(
                "this game has no moments to stop at: it asks you whenever you \
                        could act"
                    .into(),
            );
        }
        let changes = words.iter().all(|w| w.starts_with(['+', '-']));
        let mut on = if changes { self.on } else { 0 };
        for w in words {
            let (sign, name) = match w.as_bytes()[0] {
                b'+' => ('+', &w[1..]),
                b'-' => ('-', &w[1..]),
                _ => (' ', w),
            };
            let set = match name.to_ascii_lowercase().as_str() {
                "default" => Stops::default_of(self.moments).on,
                "all" => Stops::bits(self.moments, |_| true),
                "none" => 0,
                other => self
                    .moments
                    .iter()
                    .position(|m| m.name == other)
                    .map(|i| 1 << i)
                    .ok_or_else(|| {
                        let names: Vec<&str> = self.moments.iter().map(|m| m.name).collect();
                        format!(
                            "unknown stop '{name}': the stops are {}, or all, default, none",
                            names.join(", ")
                        )
                    })?,
            };
            if sign == '-' {
                on &= !set;
            } else {
                on |= set;
            }
        }
        Ok(Stops { on, ..self })
    }

    /// The stops as [`Stops::parse`] reads them.
    pub fn names(self) -> String {
        let on: Vec<&str> = self
            .moments
            .iter()
            .filter(|m| self.has(m.name))
            .map(|m| m.name)
            .collect();
        if on.is_empty() {
            "none".into()
        } else {
            on.join(",")
        }
    }

    /// What the moment named `name` means, if it is one of these.
    pub fn meaning(self, name: &str) -> Option<&'static str> {
        self.moments
            .iter()
            .find(|m| m.name == name)
            .map(|m| m.meaning)
    }

    /// Every moment, marked on or off, with its meaning.
    pub fn table(self) -> String {
        self.moments
            .iter()
            .map(|m| {
                format!(
                    "  [{}] {:<10} {}",
                    if self.has(m.name) { "x" } else { " " },
                    m.name,
                    m.meaning
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOMENTS: [Moment; 3] = [
        Moment {
            name: "main",
            meaning: "your main phase",
            stop_by_default: true,
        },
        Moment {
            name: "response",
            meaning: "just after another player makes a play",
            stop_by_default: true,
        },
        Moment {
            name: "others",
            meaning: "a battle between other players",
            stop_by_default: false,
        },
    ];

    #[test]
    fn stops_read_as_names_lists_and_changes() {
        let d = Stops::default_of(&MOMENTS);
        assert_eq!(d.names(), "main,response");
        assert_eq!(
            d.parse("all").map(Stops::names),
            Ok("main,response,others".into())
        );
        assert_eq!(d.parse("none").map(Stops::names), Ok("none".into()));
        assert_eq!(
            d.parse("others, main").map(Stops::names),
            Ok("main,others".into())
        );
        assert_eq!(
            d.parse("+others -main").map(Stops::names),
            Ok("response,others".into())
        );
        assert_eq!(d.parse("none +main").map(Stops::names), Ok("main".into()));
        let e = d.parse("+lunch").unwrap_err();
        assert!(e.contains("unknown stop 'lunch'") && e.contains("main, response, others"));
        assert!(d.parse(" , ").is_err());
        assert!(d.table().contains("[ ] others"), "{}", d.table());
        let none = Stops::default_of(&[]);
        assert!(none.parse("all").unwrap_err().contains("no moments"));
        assert!(!none.has("main"));
    }
}
