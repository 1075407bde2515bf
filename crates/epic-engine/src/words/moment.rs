//! Where in the turn a player holds initiative, in words ("before blockers are
//! declared"), and the stops: the moments at which the human is asked whether to play
//! rather than passing for them.

use super::Voice;
use crate::state::Window;
use crate::view::View;
use crate::PlayerId;

/// A moment at which a player holds initiative and may pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// Their own main phase.
    Main,
    /// Just after another player made a play.
    Response,
    /// Their own battle, before blockers are declared.
    Attacking,
    /// A battle against them, before they declare blockers.
    Attacked,
    /// A battle they are in, after blockers are declared (before damage).
    Blocks,
    /// Another player tries to end their turn.
    End,
    /// A battle between two other players.
    Others,
}

impl Moment {
    pub const ALL: [Moment; 7] = [
        Moment::Main,
        Moment::Response,
        Moment::Attacking,
        Moment::Attacked,
        Moment::Blocks,
        Moment::End,
        Moment::Others,
    ];

    /// Its name in `--stops` and the `stops` command.
    pub fn name(self) -> &'static str {
        match self {
            Moment::Main => "main",
            Moment::Response => "response",
            Moment::Attacking => "attacking",
            Moment::Attacked => "attacked",
            Moment::Blocks => "blocks",
            Moment::End => "end",
            Moment::Others => "others",
        }
    }

    /// What it means, for `stops` and `--help`.
    pub fn meaning(self) -> &'static str {
        match self {
            Moment::Main => "your main phase",
            Moment::Response => "just after another player makes a play",
            Moment::Attacking => "your attack, before blockers are declared",
            Moment::Attacked => "an attack on you, before you declare blockers",
            Moment::Blocks => "a battle you are in, after blockers are declared",
            Moment::End => "the end of another player's turn",
            Moment::Others => "a battle between other players",
        }
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The moment at which `holder` holds initiative in this view, if anyone does.
    pub fn of(view: &View, holder: PlayerId) -> Option<Moment> {
        let window = view.window?;
        if view.initiative != Some(holder) {
            return None;
        }
        let mine = holder == view.active;
        Some(match window {
            Window::Main | Window::MainMustAct if mine => Moment::Main,
            _ if view.last_play.is_some_and(|p| p != holder) => Moment::Response,
            Window::Main | Window::MainMustAct => Moment::Response,
            Window::EndResponse | Window::EndAgain => Moment::End,
            Window::BeforeBlocks if view.attacker == Some(holder) => Moment::Attacking,
            Window::BeforeBlocks if view.defender == Some(holder) => Moment::Attacked,
            Window::BeforeDamage
                if view.attacker == Some(holder) || view.defender == Some(holder) =>
            {
                Moment::Blocks
            }
            Window::BeforeBlocks | Window::BeforeDamage => Moment::Others,
        })
    }
}

/// When initiative is held in this view, in words: "before blockers are declared", "at
/// the end of the AI's turn", "in response to your play, in the AI's main phase".
pub fn when(view: &View, voice: &Voice) -> Option<String> {
    let window = view.window?;
    let holder = view.initiative?;
    let base = match window {
        Window::Main | Window::MainMustAct => {
            format!("in {} main phase", voice.possessive(view.active))
        }
        Window::EndResponse | Window::EndAgain => {
            format!("at the end of {} turn", voice.possessive(view.active))
        }
        Window::BeforeBlocks => "before blockers are declared".into(),
        Window::BeforeDamage => "after blockers are declared, before damage".into(),
    };
    Some(match view.last_play {
        Some(p) if p != holder => {
            format!("in response to {} play, {base}", voice.possessive(p))
        }
        _ => base,
    })
}

/// The set of moments at which the human is asked; at the others the game passes for
/// them and says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stops(u8);

impl Default for Stops {
    /// Your main phase, answers to plays, attacks on you, the moment blocks are known,
    /// and the end of an opponent's turn; not before blocks in your own attack, nor in
    /// other players' battles.
    fn default() -> Stops {
        Stops::of(&[
            Moment::Main,
            Moment::Response,
            Moment::Attacked,
            Moment::Blocks,
            Moment::End,
        ])
    }
}

impl Stops {
    pub fn of(moments: &[Moment]) -> Stops {
        Stops(moments.iter().fold(0, |bits, m| bits | m.bit()))
    }

    pub fn all() -> Stops {
        Stops::of(&Moment::ALL)
    }

    pub fn has(self, m: Moment) -> bool {
        self.0 & m.bit() != 0
    }

    /// Reads a stops setting: `default`, `all`, `none`, a list of moments
    /// (`main,response`), or changes to the current set (`+attacking -end`).
    pub fn parse(text: &str, current: Stops) -> Result<Stops, String> {
        let words: Vec<&str> = text
            .split([',', ' '])
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            return Err("name some stops".into());
        }
        let changes = words.iter().all(|w| w.starts_with(['+', '-']));
        let mut bits = if changes { current.0 } else { 0 };
        for w in words {
            let (sign, name) = match w.as_bytes()[0] {
                b'+' => ('+', &w[1..]),
                b'-' => ('-', &w[1..]),
                _ => (' ', w),
            };
            let set = match name.to_ascii_lowercase().as_str() {
                "default" => Stops::default().0,
                "all" => Stops::all().0,
                "none" => 0,
                other => Moment::ALL
                    .iter()
                    .find(|m| m.name() == other)
                    .map(|m| m.bit())
                    .ok_or_else(|| {
                        format!(
                            "unknown stop '{name}': the stops are {}, or all, default, none",
                            Moment::ALL.map(Moment::name).join(", ")
                        )
                    })?,
            };
            if sign == '-' {
                bits &= !set;
            } else {
                bits |= set;
            }
        }
        Ok(Stops(bits))
    }

    /// The set as `parse` reads it.
    pub fn names(self) -> String {
        let on: Vec<&str> = Moment::ALL
            .iter()
            .filter(|m| self.has(**m))
            .map(|m| m.name())
            .collect();
        if on.is_empty() {
            "none".into()
        } else {
            on.join(",")
        }
    }

    /// Every moment, marked on or off, with its meaning.
    pub fn table(self) -> String {
        Moment::ALL
            .iter()
            .map(|m| {
                format!(
                    "  [{}] {:<10} {}",
                    if self.has(*m) { "x" } else { " " },
                    m.name(),
                    m.meaning()
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The parser of `--stops`.
pub fn parse_stops(text: &str) -> Result<Stops, String> {
    Stops::parse(text, Stops::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_read_as_names_lists_and_changes() {
        let d = Stops::default();
        assert_eq!(d.names(), "main,response,attacked,blocks,end");
        assert_eq!(Stops::parse("all", d), Ok(Stops::all()));
        assert_eq!(Stops::parse("none", d).map(Stops::names), Ok("none".into()));
        assert_eq!(
            Stops::parse("main, response", d).map(Stops::names),
            Ok("main,response".into())
        );
        assert_eq!(
            Stops::parse("+attacking -end", d).map(Stops::names),
            Ok("main,response,attacking,attacked,blocks".into())
        );
        let err = Stops::parse("sometimes", d).unwrap_err();
        assert!(err.contains("unknown stop 'sometimes'"), "{err}");
        assert!(Stops::parse("", d).is_err());
        assert!(Stops::parse("+", d).is_err());
    }
}
