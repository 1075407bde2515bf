//! A game of Epic in words, as one seat is told it: the log of what happened
//! ([`log`]), the moment of the turn ([`moment`]), the result, and card text with its
//! symbols spelt out. Built only from a seat's view and the events as that seat received
//! them, so every front end — the terminal, the server's browser client — tells the same
//! game in the same sentences without ever naming a card the seat may not know.

pub mod board;
pub mod cards;
pub mod log;
pub mod moment;
pub mod page;
pub mod prompt;
mod summary;
pub mod table;

use crate::state::Phase;
use crate::{Event, Game, PlayerId, Seen};
use epic_cards::CardPool;
use epic_model::{Alignment, CardId};

pub use epic_cards::cap;

pub use epic_game::words::{Hue, Ink, Voice};

/// The colour printed on cards of an alignment.
pub fn hue(alignment: Alignment) -> Hue {
    match alignment {
        Alignment::Good => Hue::Yellow,
        Alignment::Sage => Hue::Blue,
        Alignment::Evil => Hue::Red,
        Alignment::Wild => Hue::Green,
    }
}

/// A card's name in the colour of its (first) alignment; plain for a card of none.
pub fn card_span(alignments: epic_model::Alignments, name: &str) -> epic_game::words::Span {
    match alignments.iter().next() {
        Some(a) => epic_game::words::Span::inked(Ink::Card(hue(a)), name),
        None => epic_game::words::Span::plain(name),
    }
}

/// The human's voice at a table of `players` seats: the one opponent of a duel is "the
/// AI"; at a larger table each opponent keeps their seat's name.
pub fn play_voice(viewer: PlayerId, players: usize) -> Voice {
    Voice::at_table(viewer, players)
}

/// A replay's voice: every seat by its number, `viewer`'s included.
pub fn replay_voice(viewer: PlayerId, players: usize) -> Voice {
    Voice {
        viewer: Some(viewer),
        names: (0..players as PlayerId).map(seat_name).collect(),
        second_person: false,
        sees_all: false,
    }
}

/// The seat a voice tells, as the engine's views and events take it: a spectator is
/// [`crate::SPECTATOR`].
pub fn seat_of(voice: &Voice) -> PlayerId {
    voice.viewer.unwrap_or(crate::SPECTATOR)
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
/// "Expend:", `{good} →` is "Good ally →", `{1}:` and "Gain {1}." are "1 gold:" and
/// "Gain 1 gold.", `{0} champion` is "0-cost champion". `help symbols` lists the
/// symbols themselves.
pub fn plain_symbols(text: &str) -> String {
    // One pass: every board shows each card's text, so this runs for every card of every
    // viewer's board after every decision.
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut rest = text;
    while let Some(close) = rest.find('}') {
        // The symbol ends at the first '}' and starts at the last '{' before it.
        let Some(open) = rest[..close].rfind('{') else {
            out.push_str(&rest[..=close]);
            rest = &rest[close + 1..];
            continue;
        };
        out.push_str(&rest[..open]);
        let symbol = &rest[open + 1..close];
        let after = &rest[close + 1..];
        let in_parens = out.ends_with('(') && after.starts_with(')');
        match symbol {
            "good" | "evil" | "sage" | "wild" if after.starts_with(" →") => {
                out.push_str(&symbol[..1].to_ascii_uppercase());
                out.push_str(&symbol[1..]);
                out.push_str(" ally");
            }
            "good" | "evil" | "sage" | "wild" | "offense" | "defense" => out.push_str(symbol),
            "expend" => out.push_str("Expend"),
            _ if symbol.len() == 1 && symbol.as_bytes()[0].is_ascii_digit() => {
                out.push_str(symbol);
                let cost = !in_parens && !after.starts_with(':') && after.starts_with(' ');
                out.push_str(if cost { "-cost" } else { " gold" });
            }
            _ => out.push_str(&rest[open..=close]),
        }
        rest = after;
    }
    out.push_str(rest);
    out
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
        crate::EndReason::Health => match loser {
            Some(l) => format!("{} health reached 0", voice.possessive(l)),
            None => {
                // At a larger table, whose health it was: every seat at 0 or less.
                let gone: Vec<String> = (0..game.state().num_players() as PlayerId)
                    .filter(|&p| game.state().players[usize::from(p)].health <= 0)
                    .map(|p| voice.name(p))
                    .collect();
                match gone.as_slice() {
                    [] => "health reached 0".into(),
                    [one] => format!("the health of {one} reached 0"),
                    _ => format!("the health of {} reached 0", list(&gone)),
                }
            }
        },
        crate::EndReason::DrewFromEmptyDeck => match r.winners.as_slice() {
            [w] => format!(
                "{} had to draw from an empty deck, which wins the game",
                voice.name(*w)
            ),
            _ => "drawing from an empty deck wins the game".into(),
        },
        crate::EndReason::Loop => "effects ran on without end, with no decision to make".into(),
        crate::EndReason::ObjectLimit => {
            "the game reached the most cards and tokens it can hold".into()
        }
        crate::EndReason::FirstBlood => {
            "a player was eliminated, and in Hunter – First Blood the player to their right \
             wins"
                .into()
        }
        crate::EndReason::CardEffect => "a card said its player wins".into(),
        crate::EndReason::Conceded => match loser {
            Some(l) => format!("{} conceded", voice.name(l)),
            None => "the last opponent conceded".into(),
        },
    };
    let turns = epic_game::words::count(u64::from(r.turns), "turn", "turns");
    match r.winners.as_slice() {
        [] => format!("The game is a draw after {}: {why}.", turns),
        [w] => format!(
            "{} after {turns}: {why}.",
            if voice.is_you(*w) {
                "You win".to_string()
            } else {
                format!("{} wins", voice.subject(*w))
            }
        ),
        ws => format!(
            "{} win after {turns}: {why}.",
            list(&ws.iter().map(|w| voice.subject(*w)).collect::<Vec<_>>())
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At a table of three, the result says whose health reached 0.
    #[test]
    fn a_result_by_health_names_whose() {
        let mut pos = crate::Position::new(crate::setup::names::pool(), 3);
        pos.seats[1].health = 0;
        pos.seats[2].health = -3;
        let game = Game::from_position(pos).expect("a legal position");
        assert_eq!(
            result_line(&game, &Voice::at_table(0, 3)),
            "You win after 3 turns: the health of Player 2 and Player 3 reached 0."
        );
    }

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

    /// The symbols spelt out one replacement at a time, as [`plain_symbols`] once did:
    /// the reference its single pass is checked against.
    fn plain_symbols_by_replacing(text: &str) -> String {
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
                .replace(&format!("{sym} "), &format!("{n}-cost "))
                .replace(&sym, &format!("{n} gold"));
        }
        s
    }

    #[test]
    fn symbols_are_spelt_out_in_one_pass_as_by_replacing() {
        let pool = epic_cards::shared_full_pool();
        let mut texts: Vec<String> = (0..pool.len())
            .map(|i| epic_cards::card_text(&pool, epic_cards::CardId(i as u16)))
            .collect();
        texts.extend(
            [
                "{1}:{2} ({3}) {4}  {5}x {10} {wild}→ {wild} → {sage}{",
                "({7} {8}) {} {{good}} } { {expend}:{9}",
                "{",
                "}{0}",
                "{good} →{evil}",
            ]
            .map(String::from),
        );
        assert!(texts.iter().filter(|t| t.contains('{')).count() > 50);
        for text in &texts {
            assert_eq!(
                plain_symbols(text),
                plain_symbols_by_replacing(text),
                "{text}"
            );
        }
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
        // Gold gained or paid is gold, not a cost.
        assert_eq!(
            plain_symbols("Tribute → Gain {1}. You may pay {1}."),
            "Tribute → Gain 1 gold. You may pay 1 gold."
        );
    }
}
