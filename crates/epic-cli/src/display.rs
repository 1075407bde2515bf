//! What a player reads: the board from their view (rule 1.10) and the events of a play
//! told in plain sentences. Everything here is built from a [`View`] or from events as
//! the viewer may know them; a card moving between hidden zones is never named.

use epic_cards::CardPool;
use epic_engine::state::{Phase, Zone};
use epic_engine::view::View;
use epic_engine::{Event, Game, PlayerId, Recipient, Seen};
use epic_model::{CardId, CardType};

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

    /// "you", "the AI", "Player 2" (lower case inside a sentence).
    pub fn name(&self, p: PlayerId) -> String {
        if p == self.viewer && self.second_person {
            "you".into()
        } else if let (true, Some(o)) = (p != self.viewer, &self.other) {
            o.clone()
        } else {
            format!("Player {}", p + 1)
        }
    }

    /// "your", "the AI's".
    pub fn possessive(&self, p: PlayerId) -> String {
        if p == self.viewer && self.second_person {
            "your".into()
        } else {
            format!("{}'s", self.name(p))
        }
    }

    /// Subject and verb: ("you", "take") or ("the AI", "takes").
    fn says(&self, p: PlayerId, verb_you: &str, verb_other: &str) -> String {
        let you = p == self.viewer && self.second_person;
        format!(
            "{} {}",
            cap(&self.name(p)),
            if you { verb_you } else { verb_other }
        )
    }
}

/// A seat as the engine's labels and prompts name it ("Player 1").
pub fn seat_name(p: PlayerId) -> String {
    format!("Player {}", p + 1)
}

/// Widest line the board writes before wrapping a list onto the next line.
const WIDTH: usize = 100;

/// `head` followed by `items` joined with `sep`, wrapped before `WIDTH` columns with the
/// continuation lines indented; one item is never split.
fn wrapped(head: &str, items: &[String], sep: &str) -> String {
    let indent = "    ";
    let mut s = head.to_string();
    let mut col = head.chars().count();
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item}{}", sep.trim_end())
        } else {
            item.clone()
        };
        let len = piece.chars().count();
        if i > 0 && col + 1 + len > WIDTH {
            s += "\n";
            s += indent;
            col = indent.len();
        } else if i > 0 || !head.ends_with(' ') {
            s.push(' ');
            col += 1;
        }
        s += &piece;
        col += len;
    }
    s
}

pub fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A card's name as the log says it ("Wolf token").
fn card_name(pool: &CardPool, card: CardId) -> String {
    let def = pool.get(card);
    if def.token {
        format!("{} token", def.name)
    } else {
        def.name.clone()
    }
}

fn seen_name(pool: &CardPool, s: &Seen) -> String {
    card_name(pool, s.card)
}

fn list(names: &[String]) -> String {
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// The events of a decision as `seat` receives them ([`Event::seen_by`]): what the
/// log, the replay and JSON output of that seat are built from.
pub fn seat_events(events: &[Event], seat: PlayerId) -> Vec<Event> {
    events.iter().map(|e| e.seen_by(seat)).collect()
}

/// One sentence per event worth telling, from the viewer's side. `events` are the
/// viewer's own ([`seat_events`]): a card they may not know is never in them, so it
/// cannot be told.
pub fn narrate(pool: &CardPool, voice: &Voice, events: &[Event]) -> Vec<String> {
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
                if *player == voice.viewer && voice.second_person {
                    "your"
                } else {
                    "their"
                }
            )),
            Event::Mulligan { player, count } => Some(format!(
                "{} {count} card(s) back and {} as many.",
                voice.says(*player, "put", "puts"),
                if *player == voice.viewer && voice.second_person {
                    "draw"
                } else {
                    "draws"
                }
            )),
            Event::Played { player, played, .. } => Some(format!(
                "{} {}.",
                voice.says(*player, "play", "plays"),
                seen_name(pool, played)
            )),
            Event::PowerUsed { player, source, .. } => Some(format!(
                "{} {}'s power.",
                voice.says(*player, "use", "uses"),
                seen_name(pool, source)
            )),
            Event::Triggered { source, .. } => {
                Some(format!("{}'s ability triggers.", seen_name(pool, source)))
            }
            Event::Revealed { player, cards } => {
                let names: Vec<String> = cards.iter().map(|c| seen_name(pool, c)).collect();
                Some(format!(
                    "{} {}.",
                    voice.says(*player, "reveal", "reveals"),
                    list(&names)
                ))
            }
            Event::Damage { to, amount, .. } => Some(match to {
                Recipient::Player(p) => {
                    format!("{} {amount} damage.", voice.says(*p, "take", "takes"))
                }
                Recipient::Champion(c) => {
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
                "{} now has {now} counter(s).",
                seen_name(pool, champion)
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
                let whose = if voice.second_person && *attacker == voice.viewer {
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
            Event::Passed { player } if *player != voice.viewer || !voice.second_person => {
                Some(format!("{}.", voice.says(*player, "pass", "passes")))
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
        out.extend(line);
    }
    out
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "setup",
        Phase::Start => "start phase",
        Phase::Main => "main phase",
        Phase::Battle => "battle phase",
        Phase::End => "end phase",
    }
}

/// The board as the viewer needs it, opponents first, the viewer last, then their hand.
pub fn board(game: &Game, voice: &Voice, view: &View) -> String {
    let pool: &CardPool = game.pool();
    let mut s = String::new();
    let initiative = view
        .initiative
        .map_or_else(|| "nobody".to_string(), |p| voice.name(p));
    s += &format!(
        "=== Turn {} · {} turn · {} · initiative: {} ===\n",
        view.turn,
        voice.possessive(view.active),
        phase_name(view.phase),
        initiative
    );
    if let (Some(a), Some(d)) = (view.attacker, view.defender) {
        s += &format!(
            "Battle: {} attacking {}{}\n",
            cap(&voice.name(a)),
            voice.name(d),
            if view.blocked { " (blocked)" } else { "" }
        );
    }
    let mut seats: Vec<&epic_engine::view::PlayerView> = view.players.iter().collect();
    seats.sort_by_key(|p| p.seat == view.viewer);
    // At a larger table, where each opponent sits: clockwise, the next seat still in the
    // game is to the viewer's left.
    let playing: Vec<PlayerId> = view
        .players
        .iter()
        .filter(|p| !p.eliminated)
        .map(|p| p.seat)
        .collect();
    let team_size = game.rules().team_size.max(1);
    let beside = |seat: PlayerId| -> String {
        if team_size > 1 {
            // Hydra: teams, not neighbours.
            return if seat / team_size == view.viewer / team_size {
                format!("   ({} team)", voice.possessive(view.viewer))
            } else {
                format!("   (team {})", seat / team_size + 1)
            };
        }
        let at = playing.iter().position(|&q| q == view.viewer);
        let (Some(at), true) = (at, playing.len() > 2) else {
            return String::new();
        };
        let n = playing.len();
        let whose = voice.possessive(view.viewer);
        if playing[(at + 1) % n] == seat {
            format!("   ({whose} left)")
        } else if playing[(at + n - 1) % n] == seat {
            format!("   ({whose} right)")
        } else {
            String::new()
        }
    };
    for p in seats {
        // Gold for some cards only (Brachiosaurus): "gold 1 (+1 wild)".
        let bonus = if p.bonus_gold > 0 {
            let aligns: Vec<&str> = p.bonus_for.iter().map(|a| a.name()).collect();
            format!(" (+{} {})", p.bonus_gold, aligns.join("/"))
        } else {
            String::new()
        };
        s += &format!(
            "{:<10} health {:>3}   gold {}{bonus}   hand {}   deck {}   discard {}{}{}\n",
            cap(&voice.name(p.seat)),
            p.health,
            p.gold,
            p.hand_count,
            p.deck_count,
            p.discard.len(),
            if p.eliminated { "   (eliminated)" } else { "" },
            beside(p.seat)
        );
        if let Some(god) = &p.god {
            s += &format!("    God: {}\n", god.name);
        }
        let champs: Vec<_> = view
            .champions
            .iter()
            .filter(|c| c.controller == p.seat)
            .collect();
        if champs.is_empty() {
            s += "    (no champions in play)\n";
        }
        for c in champs {
            let mut tags = vec![if c.expended && c.flipped {
                "expended+flipped".to_string()
            } else if c.expended {
                "expended".into()
            } else if c.flipped {
                "flipped".into()
            } else {
                "prepared".into()
            }];
            if c.deploying {
                tags.push("deploying".into());
            }
            if c.damage > 0 {
                tags.push(format!("damage {}", c.damage));
            }
            if c.counters > 0 {
                tags.push(format!("+{} counters", c.counters));
            }
            if c.attacking {
                tags.push("ATTACKING".into());
            }
            if c.blocking {
                tags.push("BLOCKING".into());
            }
            let kws: Vec<String> = c.keywords.iter().map(|k| k.to_string()).collect();
            let name = if c.token {
                format!("{} token", c.name)
            } else {
                c.name.clone()
            };
            s += &format!(
                "    {:<24} {:>2}/{:<2}  {}{}\n",
                name,
                c.offense,
                c.defense,
                tags.join(", "),
                if kws.is_empty() {
                    String::new()
                } else {
                    format!("  [{}]", kws.join(", "))
                }
            );
        }
        if p.seat != view.viewer && !p.hand.is_empty() {
            let names: Vec<String> = p.hand.iter().map(|c| c.name.clone()).collect();
            s += &format!("    revealed in hand: {}\n", names.join(", "));
        }
    }
    if !view.resolving.is_empty() {
        let names: Vec<String> = view.resolving.iter().map(|c| c.name.clone()).collect();
        s += &format!("Being played: {}\n", names.join(", "));
    }
    let me = &view.players[view.viewer as usize];
    let hand: Vec<String> = me
        .hand
        .iter()
        .map(|c| {
            let def = pool.get(c.card);
            match def.kind {
                CardType::Champion => format!(
                    "{} ({} gold, {}/{})",
                    def.name, def.cost, def.offense, def.defense
                ),
                CardType::Event => format!("{} ({} gold, event)", def.name, def.cost),
                CardType::God => format!("{} (God)", def.name),
            }
        })
        .collect();
    let head = format!("{} hand:", cap(&voice.possessive(view.viewer)));
    s += &if hand.is_empty() {
        format!("{head} (empty)")
    } else {
        wrapped(&head, &hand, "; ")
    };
    s.push('\n');
    s
}

/// Every player's hand in full: only for a replay asked to show everything
/// (`epic replay --reveal-all`), never in a seat's own output.
pub fn hidden_hands(game: &Game, voice: &Voice) -> String {
    let st = game.state();
    let mut s = String::new();
    for p in 0..st.num_players() as PlayerId {
        let names: Vec<String> = st
            .player(p)
            .hand
            .iter()
            .map(|&o| card_name(game.pool(), st.obj(o).card))
            .collect();
        let head = format!("{} hand (hidden):", cap(&voice.possessive(p)));
        s += &if names.is_empty() {
            format!("{head} (empty)")
        } else {
            wrapped(&head, &names, ", ")
        };
        s.push('\n');
    }
    s
}

/// Both discard piles, top card last.
pub fn discards(voice: &Voice, view: &View) -> String {
    let mut s = String::new();
    for p in &view.players {
        let names: Vec<String> = p.discard.iter().map(|c| c.name.clone()).collect();
        let head = format!(
            "{} discard pile ({}):",
            cap(&voice.possessive(p.seat)),
            names.len()
        );
        s += &if names.is_empty() {
            format!("{head} (empty)")
        } else {
            wrapped(&head, &names, ", ")
        };
        s.push('\n');
    }
    s
}

/// Why the game ended, in a sentence.
pub fn result_line(game: &Game, voice: &Voice) -> String {
    let Some(r) = game.result() else {
        return "The game is not over.".into();
    };
    let why = match r.reason {
        epic_engine::EndReason::Health => "health reached 0",
        epic_engine::EndReason::DrewFromEmptyDeck => {
            "a player tried to draw from an empty deck (rule 1.6.2)"
        }
        epic_engine::EndReason::Loop => {
            "effects ran on without end, with no decision to make (ruling R-11)"
        }
        epic_engine::EndReason::ObjectLimit => {
            "the game reached the most cards and tokens it can hold (ruling R-11)"
        }
        epic_engine::EndReason::FirstBlood => {
            "a player was eliminated, and in Hunter – First Blood the player to their right wins"
        }
        epic_engine::EndReason::CardEffect => "a card said its player wins",
    };
    match r.winners.as_slice() {
        [] => format!("The game is a draw after {} turns: {why}.", r.turns),
        [w] => format!(
            "{} after {} turns: {why}.",
            if voice.second_person && *w == voice.viewer {
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
    fn long_lists_wrap_between_items() {
        let items: Vec<String> = (0..12)
            .map(|i| format!("Card number {i} (1 gold, 5/5)"))
            .collect();
        let text = wrapped("Your hand:", &items, "; ");
        assert!(text.lines().count() > 1);
        assert!(text.lines().all(|l| l.chars().count() <= WIDTH), "{text}");
        assert!(
            text.lines().skip(1).all(|l| l.starts_with("    Card")),
            "{text}"
        );
        assert_eq!(
            wrapped("Your hand:", &items[..2], "; "),
            "Your hand: Card number 0 (1 gold, 5/5); Card number 1 (1 gold, 5/5)"
        );
    }
}
