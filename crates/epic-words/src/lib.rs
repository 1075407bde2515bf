//! A game of Epic in words, as one seat is told it: the log of what happened
//! ([`log`]), the moment of the turn ([`moment`]), the result, and card text with its
//! symbols spelt out. Built only from a seat's view and the events as that seat received
//! them, so every front end — the terminal, the server's browser client — tells the same
//! game in the same sentences without ever naming a card the seat may not know.

pub mod log;
pub mod moment;
pub mod prompt;

use epic_cards::CardPool;
use epic_engine::state::Phase;
use epic_engine::{Event, Game, PlayerId, Seen};
use epic_model::{Alignment, CardId};

pub use epic_cards::cap;

/// What a piece of text is, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// A heading: the turn line, a prompt.
    Heading,
    /// The viewer's own seat.
    Mine,
    /// An opponent's seat.
    Theirs,
    /// Damage, low health, an attack.
    Danger,
    /// Something to notice that is not a danger: a block, a gain.
    Note,
    /// Less important text: passes, reminders.
    Quiet,
    /// A card of this alignment.
    Aligned(Alignment),
}

/// How seats are called: "you" and "the AI" in a game, "Player 1" in a replay.
#[derive(Clone, Debug)]
pub struct Voice {
    pub viewer: PlayerId,
    /// Whether the viewer is addressed as "you".
    pub second_person: bool,
    /// Name of the other seat when it is the single opponent ("the AI").
    pub other: Option<String>,
}

impl Voice {
    /// The human's voice at a table of `players` seats: the one opponent of a duel is
    /// "the AI"; at a larger table each opponent keeps their seat's name.
    pub fn play(viewer: PlayerId, players: usize) -> Voice {
        Voice {
            viewer,
            second_person: true,
            other: (players == 2).then(|| "the AI".into()),
        }
    }
    pub fn replay(viewer: PlayerId) -> Voice {
        Voice {
            viewer,
            second_person: false,
            other: None,
        }
    }

    /// Whether `p` is addressed as "you".
    pub fn is_you(&self, p: PlayerId) -> bool {
        p == self.viewer && self.second_person
    }

    /// "you", "the AI", "Player 2" (lower case inside a sentence).
    pub fn name(&self, p: PlayerId) -> String {
        if self.is_you(p) {
            "you".into()
        } else if let (true, Some(o)) = (p != self.viewer, &self.other) {
            o.clone()
        } else {
            format!("Player {}", p + 1)
        }
    }

    /// "your", "the AI's".
    pub fn possessive(&self, p: PlayerId) -> String {
        if self.is_you(p) {
            "your".into()
        } else {
            format!("{}'s", self.name(p))
        }
    }

    /// Subject and verb: ("you", "take") or ("the AI", "takes").
    pub(crate) fn says(&self, p: PlayerId, verb_you: &str, verb_other: &str) -> String {
        format!(
            "{} {}",
            cap(&self.name(p)),
            if self.is_you(p) { verb_you } else { verb_other }
        )
    }
}

/// A seat as the engine's labels and prompts name it ("Player 1").
pub fn seat_name(p: PlayerId) -> String {
    format!("Player {}", p + 1)
}

/// Where a card known to lie in a deck of `count` cards is: "top", "bottom",
/// "3rd from the top".
pub fn deck_place(from_top: usize, count: usize) -> String {
    match from_top {
        _ if count == 1 => "the only card".into(),
        _ if from_top + 1 == count => "bottom".into(),
        0 => "top".into(),
        n => format!("{} from the top", ordinal(n + 1)),
    }
}

/// "1st", "2nd", "3rd", "11th", "22nd".
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A card's name as the log says it ("Wolf token").
pub fn card_name(pool: &CardPool, card: CardId) -> String {
    let def = pool.get(card);
    if def.token {
        format!("{} token", def.name)
    } else {
        def.name.clone()
    }
}

pub(crate) fn seen_name(pool: &CardPool, s: &Seen) -> String {
    card_name(pool, s.card)
}

pub(crate) fn list(names: &[String]) -> String {
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// Rules text with its symbols in words: `{offense}` is "offense", `{expend}:` is
/// "Expend:", `{good} →` is "Good ally →", `{1}:` is "1 gold:", `{0} champion` is
/// "0-cost champion". `help symbols` lists the symbols themselves.
pub fn plain_symbols(text: &str) -> String {
    let mut s = text.to_string();
    for (a, word) in [
        ("good", "Good"),
        ("evil", "Evil"),
        ("sage", "Sage"),
        ("wild", "Wild"),
    ] {
        s = s.replace(&format!("{{{a}}} →"), &format!("{word} ally →"));
        s = s.replace(&format!("{{{a}}}"), a);
    }
    s = s
        .replace("{offense}", "offense")
        .replace("{defense}", "defense")
        .replace("{expend}", "Expend");
    for n in 0..=9 {
        let sym = format!("{{{n}}}");
        s = s
            .replace(&format!("{sym}:"), &format!("{n} gold:"))
            .replace(&format!("({sym})"), &format!("({n} gold)"))
            .replace(&sym, &format!("{n}-cost"));
    }
    s
}

/// Rules text on one line (its lines joined with " / "), its symbols in words.
pub fn one_line(text: &str) -> String {
    plain_symbols(&text.lines().collect::<Vec<_>>().join(" / "))
}

/// The events of a decision as `seat` receives them ([`Event::seen_by`]): what the
/// log, the replay and JSON output of that seat are built from.
pub fn seat_events(events: &[Event], seat: PlayerId) -> Vec<Event> {
    events.iter().map(|e| e.seen_by(seat)).collect()
}

pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "setup",
        Phase::Start => "start phase",
        Phase::Main => "main phase",
        Phase::Battle => "battle phase",
        Phase::End => "end phase",
    }
}

/// Why the game ended, in a sentence.
pub fn result_line(game: &Game, voice: &Voice) -> String {
    let Some(r) = game.result() else {
        return "The game is not over.".into();
    };
    // In a duel the one who lost is named.
    let loser = match (r.winners.as_slice(), game.state().num_players()) {
        ([w], 2) => Some(1 - *w),
        _ => None,
    };
    let why = match r.reason {
        epic_engine::EndReason::Health => match loser {
            Some(l) => format!("{} health reached 0", voice.possessive(l)),
            None => "health reached 0".into(),
        },
        epic_engine::EndReason::DrewFromEmptyDeck => match r.winners.as_slice() {
            [w] => format!(
                "{} had to draw from an empty deck, which wins the game",
                voice.name(*w)
            ),
            _ => "drawing from an empty deck wins the game".into(),
        },
        epic_engine::EndReason::Loop => {
            "effects ran on without end, with no decision to make".into()
        }
        epic_engine::EndReason::ObjectLimit => {
            "the game reached the most cards and tokens it can hold".into()
        }
        epic_engine::EndReason::FirstBlood => {
            "a player was eliminated, and in Hunter – First Blood the player to their right \
             wins"
                .into()
        }
        epic_engine::EndReason::CardEffect => "a card said its player wins".into(),
        epic_engine::EndReason::Conceded => match loser {
            Some(l) => format!("{} conceded", voice.name(l)),
            None => "the last opponent conceded".into(),
        },
    };
    match r.winners.as_slice() {
        [] => format!("The game is a draw after {} turns: {why}.", r.turns),
        [w] => format!(
            "{} after {} turns: {why}.",
            if voice.is_you(*w) {
                "You win".to_string()
            } else {
                format!("{} wins", cap(&voice.name(*w)))
            },
            r.turns
        ),
        ws => format!(
            "{} win after {} turns: {why}.",
            list(&ws.iter().map(|w| cap(&voice.name(*w))).collect::<Vec<_>>()),
            r.turns
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_in_a_deck() {
        assert_eq!(deck_place(0, 1), "the only card");
        assert_eq!(deck_place(0, 18), "top");
        assert_eq!(deck_place(17, 18), "bottom");
        assert_eq!(deck_place(1, 18), "2nd from the top");
        assert_eq!(deck_place(10, 18), "11th from the top");
        assert_eq!(ordinal(21), "21st");
        assert_eq!(ordinal(113), "113th");
    }

    #[test]
    fn symbols_are_spelt_out() {
        assert_eq!(
            plain_symbols("{good} → Gain 3 health. {expend}: Deal 2 damage."),
            "Good ally → Gain 3 health. Expend: Deal 2 damage."
        );
        assert_eq!(
            plain_symbols("Your champions get +2 {offense} and +2 {defense} this turn."),
            "Your champions get +2 offense and +2 defense this turn."
        );
        assert_eq!(
            plain_symbols("{1}: Recall. Banish all {0} champions. Play X ({1})"),
            "1 gold: Recall. Banish all 0-cost champions. Play X (1 gold)"
        );
    }
}
