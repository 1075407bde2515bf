//! The log: what happened, told in sentences from one seat's side. Built only from the
//! events as that seat received them ([`super::seat_events`]), so a card the seat may not
//! know is never named.

use super::Ink;
use super::{card_name, list, one_line, seen_name, Voice};
use crate::state::{Phase, Zone};
use crate::view::View;
use crate::{Choice, DecisionKind, Event, Game, PlayerId, Recipient};
use epic_cards::CardPool;

/// One line of the log, with how to colour it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    pub text: String,
    pub ink: Option<Ink>,
}

impl Told {
    pub fn plain(text: String) -> Told {
        Told { text, ink: None }
    }

    pub fn inked(ink: Ink, text: String) -> Told {
        Told {
            text,
            ink: Some(ink),
        }
    }

    /// A line of less importance: a pass, a choice made for the player.
    pub fn quiet(text: String) -> Told {
        Told::inked(Ink::Quiet, text)
    }
}

/// The decision a batch of events answered, as every seat may know it: who decided,
/// what kind of decision, and when in the turn (for a pass).
#[derive(Clone, Debug)]
pub struct Decided {
    pub player: PlayerId,
    pub kind: DecisionKind,
    /// Where initiative was held, in words ([`super::moment::when`]).
    pub when: Option<String>,
    /// The choice was "done" (the end of a pick of attackers, blockers or cards).
    pub done: bool,
    /// The choice was to end the turn.
    pub ends_turn: bool,
}

impl Decided {
    /// The pending decision of `game`, about to be answered with `choice`, as `voice`'s
    /// seat knows it from `view`, its view now. `None` when nothing is pending, or when
    /// `choice` is a concession, which answers no decision (1.2.2).
    pub fn before(game: &Game, view: &View, voice: &Voice, choice: Choice) -> Option<Decided> {
        if matches!(choice, Choice::Concede(_)) {
            return None;
        }
        let d = game.decision()?;
        Some(Decided {
            player: d.player,
            kind: d.kind,
            when: super::moment::when(view, voice),
            done: choice == Choice::Done,
            ends_turn: choice == Choice::EndTurn,
        })
    }
}

/// The log lines of one decision: its events ([`narrate`]), and what the events do not
/// say — that a defender declared no blockers.
pub fn tell(
    pool: &CardPool,
    voice: &Voice,
    events: &[Event],
    decided: Option<&Decided>,
) -> Vec<Told> {
    let mut lines = narrate(pool, voice, events, decided);
    if let Some(d) = decided {
        let blocked = events.iter().any(|e| matches!(e, Event::Block { .. }));
        if d.kind == DecisionKind::Blockers && d.done && !blocked {
            lines.insert(
                0,
                Told::inked(
                    Ink::Note,
                    format!(
                        "{}.",
                        voice.says(d.player, "do not block", "does not block")
                    ),
                ),
            );
        }
    }
    lines
}

/// One sentence per event worth telling, from the viewer's side. `events` are the
/// viewer's own ([`seat_events`]): a card they may not know is never in them, so it
/// cannot be told. `decided` says what the decision was, for a pass.
fn narrate(
    pool: &CardPool,
    voice: &Voice,
    events: &[Event],
    decided: Option<&Decided>,
) -> Vec<Told> {
    let mut out = Vec::new();
    for e in events {
        let line = match e {
            Event::TurnBegan { turn, player } => Some(format!(
                "--- Turn {turn}: {} turn ---",
                voice.possessive(*player)
            )),
            Event::PhaseBegan {
                phase: Phase::Battle,
            } => None,
            Event::Drew { player, card, .. } => Some(match card {
                Some(c) => format!(
                    "{} {}.",
                    voice.says(*player, "draw", "draws"),
                    card_name(pool, *c)
                ),
                None => format!("{} a card.", voice.says(*player, "draw", "draws")),
            }),
            Event::Mulligan { player, count: 0 } => Some(format!(
                "{} {} hand.",
                voice.says(*player, "keep", "keeps"),
                if voice.is_you(*player) {
                    "your"
                } else {
                    "their"
                }
            )),
            Event::Mulligan { player, count } => Some(format!(
                "{} {} back and {} as many.",
                voice.says(*player, "put", "puts"),
                epic_game::words::count(u64::from(*count), "card", "cards"),
                if voice.is_you(*player) {
                    "draw"
                } else {
                    "draws"
                }
            )),
            Event::Played {
                player,
                played,
                mode,
            } => Some(format!(
                "{} {}{}.",
                voice.says(*player, "play", "plays"),
                seen_name(pool, played),
                // An event of several modes names the one chosen.
                match played.card {
                    c if pool.get(c).modes.len() > 1 =>
                        epic_cards::mode_text(pool, c, usize::from(*mode)).map_or_else(
                            String::new,
                            |t| format!(
                                " (mode {}: {})",
                                mode + 1,
                                one_line(&t).trim_end_matches('.')
                            )
                        ),
                    _ => String::new(),
                }
            )),
            Event::PowerUsed {
                player,
                source,
                index,
            } => Some(format!(
                "{} {}'s power{}.",
                voice.says(*player, "use", "uses"),
                seen_name(pool, source),
                ability(pool, source.card, *index)
            )),
            Event::Triggered { source, ability: a } => Some(format!(
                "{}'s ability{}",
                seen_name(pool, source),
                match epic_cards::ability_text(pool, source.card, usize::from(*a)) {
                    Some(text) => format!(": {}", one_line(&text)),
                    None => " triggers.".into(),
                }
            )),
            Event::GrantedTriggered { champion, from } => Some(format!(
                "{}'s ability from {} triggers.",
                seen_name(pool, champion),
                pool.get(*from).name
            )),
            Event::Revealed { player, cards } => {
                let names: Vec<String> = cards.iter().map(|c| seen_name(pool, c)).collect();
                Some(format!(
                    "{} {}.",
                    voice.says(*player, "reveal", "reveals"),
                    list(&names)
                ))
            }
            Event::Damage { source, to, amount } => Some(match (source, to) {
                (Some(s), Recipient::Player(p)) => format!(
                    "{} deals {amount} damage to {}.",
                    seen_name(pool, s),
                    voice.name(*p)
                ),
                (Some(s), Recipient::Champion(c)) => format!(
                    "{} deals {amount} damage to {}.",
                    seen_name(pool, s),
                    seen_name(pool, c)
                ),
                (None, Recipient::Player(p)) => {
                    format!("{} {amount} damage.", voice.says(*p, "take", "takes"))
                }
                (None, Recipient::Champion(c)) => {
                    format!("{} takes {amount} damage.", seen_name(pool, c))
                }
            }),
            Event::Health { player, delta, now } if *delta > 0 => Some(format!(
                "{} {delta} health ({now} now).",
                voice.says(*player, "gain", "gains")
            )),
            Event::Health { player, delta, now } if *delta < 0 => Some(format!(
                "{} at {now} health.",
                voice.says(*player, "are", "is")
            )),
            Event::Broken { champion } => Some(format!("{} breaks.", seen_name(pool, champion))),
            Event::Banished {
                card: Some(card), ..
            } => Some(format!("{} is banished.", card_name(pool, *card))),
            Event::Banished {
                card: None, owner, ..
            } => Some(format!(
                "A card from {} hand is banished.",
                voice.possessive(*owner)
            )),
            Event::TokenCreated { token, controller } => Some(format!(
                "{} a {}.",
                voice.says(*controller, "get", "gets"),
                seen_name(pool, token)
            )),
            Event::ControlChanged {
                champion,
                controller,
            } => Some(format!(
                "{} control of {}.",
                voice.says(*controller, "take", "takes"),
                seen_name(pool, champion)
            )),
            Event::Counters { champion, now } => Some(format!(
                "{} now has {}.",
                seen_name(pool, champion),
                epic_game::words::count(u64::from(*now), "counter", "counters")
            )),
            Event::Attack {
                attacker,
                defender,
                champions,
            } => {
                let names: Vec<String> = champions.iter().map(|c| seen_name(pool, c)).collect();
                let verb = if names.len() == 1 {
                    "attacks"
                } else {
                    "attack"
                };
                let whose = if voice.is_you(*attacker) {
                    "Your ".to_string()
                } else {
                    String::new()
                };
                Some(format!(
                    "{whose}{} {verb} {}.",
                    list(&names),
                    voice.name(*defender)
                ))
            }
            Event::Block { champions } => {
                let names: Vec<String> = champions.iter().map(|c| seen_name(pool, c)).collect();
                let verb = if names.len() == 1 { "blocks" } else { "block" };
                Some(format!("{} {verb}.", list(&names)))
            }
            Event::RemovedFromBattle { champion } => {
                Some(format!("{} leaves the battle.", seen_name(pool, champion)))
            }
            // A pass the game makes for a player with no play (in the batch of another's
            // decision) is a plain pass: the decision's moment and "ends the turn" are
            // the decider's.
            Event::Passed { player } if !voice.is_you(*player) => {
                Some(match decided.filter(|d| d.player == *player) {
                    Some(d) if d.ends_turn => {
                        format!("{}.", voice.says(*player, "end your turn", "ends the turn"))
                    }
                    Some(Decided { when: Some(w), .. }) => {
                        format!("{} {w}.", voice.says(*player, "pass", "passes"))
                    }
                    _ => format!("{}.", voice.says(*player, "pass", "passes")),
                })
            }
            Event::Eliminated { player } => {
                Some(format!("{} eliminated.", voice.says(*player, "are", "is")))
            }
            Event::Conceded { player } => {
                Some(format!("{}.", voice.says(*player, "concede", "concedes")))
            }
            Event::Undone { player } => Some(format!(
                "{} the last play.",
                voice.says(*player, "undo", "undoes")
            )),
            Event::Moved {
                card: Some(card),
                from,
                to,
                owner,
                ..
            } => {
                let name = card_name(pool, *card);
                match (from, to) {
                    (Zone::Hand, Zone::Discard) => Some(format!(
                        "{} {name}.",
                        voice.says(*owner, "discard", "discards"),
                    )),
                    (Zone::InPlay | Zone::Discard, Zone::Hand) => Some(format!(
                        "{name} returns to {} hand.",
                        voice.possessive(*owner)
                    )),
                    (Zone::InPlay | Zone::Discard | Zone::Supplemental, Zone::Deck) => Some(
                        format!("{name} goes into {} deck.", voice.possessive(*owner)),
                    ),
                    (Zone::Discard, Zone::InPlay) => Some(format!("{name} returns to play.")),
                    (Zone::Deck, Zone::Discard) => Some(format!(
                        "{name} goes from {} deck to the discard pile.",
                        voice.possessive(*owner)
                    )),
                    _ => None,
                }
            }
            _ => None,
        };
        out.extend(line.map(|text| match ink_of(e) {
            Some(ink) => Told::inked(ink, text),
            None => Told::plain(text),
        }));
    }
    out
}

/// The colour of an event's line, for those that stand out.
fn ink_of(e: &Event) -> Option<Ink> {
    match e {
        Event::TurnBegan { .. } => Some(Ink::Heading),
        Event::Passed { .. } => Some(Ink::Quiet),
        Event::Attack { .. }
        | Event::Broken { .. }
        | Event::Eliminated { .. }
        | Event::Conceded { .. } => Some(Ink::Danger),
        Event::Block { .. } => Some(Ink::Note),
        Event::Health { delta, .. } if *delta > 0 => Some(Ink::Note),
        _ => None,
    }
}

/// " (Expend: Deal 2 damage to a target)" for a power with text; nothing otherwise.
fn ability(pool: &CardPool, card: epic_model::CardId, index: u8) -> String {
    epic_cards::ability_text(pool, card, usize::from(index)).map_or_else(String::new, |t| {
        let t = one_line(&t);
        format!(" ({})", t.trim_end_matches('.'))
    })
}
