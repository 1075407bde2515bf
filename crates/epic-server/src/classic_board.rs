//! What one seat's client is sent of a classic (2009) game (docs/server.md, "The classic
//! board"): the board from the seat's [`View`] — card names only, and of a face-down
//! champion another player owns not even that — the texts of the cards it names, the
//! decision with options for the deciding seat alone, and log lines in the words that
//! seat can read. Nothing here reads the game beyond what the seat may see.

use crate::board::{DecisionOut, LogLine, OptionOut, ResultOut};
use epic_classic::{ClassicGame, ClassicPool, View};
use epic_game::{Seat, State};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Serialize)]
pub struct ClassicBoard {
    /// Always "classic": what the client draws this board as.
    pub ruleset: &'static str,
    pub turn: u32,
    pub active: Seat,
    /// Where the turn stands: "Build step", "Battle step, blockers declared".
    pub moment: String,
    /// The player with priority.
    pub priority: Seat,
    pub players: Vec<ClassicPlayer>,
    /// Cards in play, in the order they came.
    pub in_play: Vec<InPlayOut>,
    /// The line, bottom first: the last item resolves first.
    pub line: Vec<LineItem>,
    /// The item off the line a decision waits on: one being announced (its targets
    /// named), or one resolving (a choice asked as it does).
    pub pending: Option<LineItem>,
    /// The type line and text of every card the board names, by name.
    pub cards: BTreeMap<String, CardText>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ClassicPlayer {
    pub seat: Seat,
    pub name: String,
    pub mojo: i32,
    pub actions: u8,
    pub hand_count: usize,
    /// Your own hand in full; another seat's: only the cards face up in it, those its
    /// holder does not own (T-12.10).
    pub hand: Vec<String>,
    pub deck_count: usize,
    /// The discard pile of the cards the player owns, and of those they do not (T-12.12).
    pub discard: Vec<String>,
    pub discard_foreign: Vec<String>,
    /// Their cards removed from the game.
    pub removed: Vec<String>,
    pub out: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct InPlayOut {
    /// The card's name, or "Player N's veiled champion" face down to a seat not its owner.
    pub name: String,
    /// Face down (ruling C-10).
    pub veiled: bool,
    pub owner: Seat,
    pub controller: Seat,
    pub token: bool,
    pub counters: u16,
    /// "prepared", "expended" or "flipped".
    pub pose: &'static str,
    pub damage: u16,
    /// A champion's offense and defense now; null for an object and for a face-down
    /// champion another player owns.
    pub offense: Option<i32>,
    pub defense: Option<i32>,
}

#[derive(Clone, Debug, Serialize)]
pub struct LineItem {
    pub name: String,
    /// An ability of the card named, not the card itself.
    pub ability: bool,
    pub controller: Seat,
}

#[derive(Clone, Debug, Serialize)]
pub struct CardText {
    /// "fast wild magical event, action".
    pub type_line: String,
    pub text: Vec<String>,
}

/// The board as `view`'s seat sees it; `names` are the seats' players.
pub fn board(pool: &ClassicPool, view: &View, names: &[String]) -> ClassicBoard {
    let mut cards = BTreeMap::new();
    let mut named = |name: &str| {
        if let Some(id) = pool.id(name) {
            let card = pool.get(id);
            cards.entry(card.name.clone()).or_insert_with(|| CardText {
                type_line: card.type_line(),
                text: card.text.clone(),
            });
        }
    };
    let players = view
        .players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let (hand_count, hand) = match &p.hand {
                Ok(names) => (names.len(), names.clone()),
                Err(n) => (*n, p.shown.clone()),
            };
            for name in hand
                .iter()
                .chain(&p.discard)
                .chain(&p.discard_foreign)
                .chain(&p.removed)
            {
                named(name);
            }
            ClassicPlayer {
                seat: seat as Seat,
                name: names.get(seat).cloned().unwrap_or_default(),
                mojo: p.mojo,
                actions: p.actions,
                hand_count,
                hand,
                deck_count: p.deck,
                discard: p.discard.clone(),
                discard_foreign: p.discard_foreign.clone(),
                removed: p.removed.clone(),
                out: p.out,
            }
        })
        .collect();
    let in_play = view
        .in_play
        .iter()
        .map(|c| {
            named(&c.name);
            InPlayOut {
                name: c.name.clone(),
                veiled: c.veiled,
                owner: c.owner,
                controller: c.controller,
                token: c.token,
                counters: c.counters,
                pose: c.pose.word(),
                damage: c.damage,
                offense: c.stats.map(|s| s.0),
                defense: c.stats.map(|s| s.1),
            }
        })
        .collect();
    let mut item = |(name, ability, controller): &(String, bool, Seat)| {
        named(name.trim_end_matches(epic_classic::FACE_DOWN));
        LineItem {
            name: name.clone(),
            ability: *ability,
            controller: *controller,
        }
    };
    let line = view.line.iter().map(&mut item).collect();
    let pending = view.pending.as_ref().map(item);
    ClassicBoard {
        ruleset: "classic",
        turn: view.turn,
        active: view.active,
        moment: view.moment(),
        priority: view.holder,
        players,
        in_play,
        line,
        pending,
        cards,
    }
}

/// The pending decision as `viewer` is told it: its options only if it is theirs.
pub fn decision(game: &ClassicGame, viewer: Option<Seat>) -> Option<DecisionOut> {
    let seat = game.decider()?;
    if viewer != Some(seat) {
        return Some(DecisionOut {
            seat,
            prompt: String::new(),
            options: Vec::new(),
        });
    }
    let options = game
        .labels(seat)
        .into_iter()
        .enumerate()
        .map(|(index, label)| OptionOut {
            index,
            label,
            card: None,
            player: None,
            kind: None,
        })
        .collect();
    Some(DecisionOut {
        seat,
        prompt: game.prompt().unwrap_or_default(),
        options,
    })
}

/// A seat as `viewer` reads it in the log: "You", or the seat's player.
fn who(seat: Seat, viewer: Option<Seat>, names: &[String]) -> String {
    if viewer == Some(seat) {
        "You".into()
    } else {
        names
            .get(usize::from(seat))
            .cloned()
            .unwrap_or_else(|| format!("Player {}", seat + 1))
    }
}

/// The heading of the turn `game` is in.
pub fn turn_heading(game: &ClassicGame, viewer: Option<Seat>, names: &[String]) -> LogLine {
    let active = game.active();
    let whose = if viewer == Some(active) {
        "your".to_string()
    } else {
        format!("{}'s", who(active, viewer, names))
    };
    LogLine {
        text: format!("--- Turn {}: {whose} turn ---", game.turn()),
        tone: Some("heading"),
    }
}

/// The log lines of one decision for `viewer`: who decided and what, in the words the
/// viewer can read, then a new turn's heading and the result, when they came.
/// `before` is the game the decision was taken in, `after` the game it made.
pub fn told(
    before: &ClassicGame,
    after: &ClassicGame,
    choice: epic_classic::Choice,
    viewer: Option<Seat>,
    names: &[String],
) -> Vec<LogLine> {
    let Some(decider) = before.decider() else {
        return Vec::new();
    };
    let reader = viewer.unwrap_or(Seat::MAX);
    let said = after.said(choice, before.label_for(choice, reader), reader);
    let tone = if choice == epic_classic::Choice::Pass {
        "quiet"
    } else if viewer == Some(decider) {
        "mine"
    } else {
        "theirs"
    };
    let mut lines = vec![LogLine {
        text: format!("{}: {said}", who(decider, viewer, names)),
        tone: Some(tone),
    }];
    if after.turn() != before.turn() {
        lines.push(turn_heading(after, viewer, names));
    }
    if let Some(r) = result(after, viewer, names) {
        lines.push(LogLine {
            text: r.text,
            tone: Some("heading"),
        });
    }
    lines
}

/// How the game ended, told to `viewer`.
pub fn result(game: &ClassicGame, viewer: Option<Seat>, names: &[String]) -> Option<ResultOut> {
    let winners = game.winners()?.to_vec();
    let text = match winners.as_slice() {
        [] => "The game is a draw.".to_string(),
        [w] if viewer == Some(*w) => "You win.".to_string(),
        [w] => format!("{} wins.", who(*w, viewer, names)),
        ws if viewer.is_some_and(|v| ws.contains(&v)) => "You share the win.".to_string(),
        ws => {
            let all: Vec<String> = ws.iter().map(|&w| who(w, viewer, names)).collect();
            format!("{} share the win.", all.join(" and "))
        }
    };
    Some(ResultOut { winners, text })
}
