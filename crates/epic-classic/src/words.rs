//! The classic game in words, as one seat is told it (docs/server.md, "The classic
//! board"): the board from the seat's [`View`] — card names only, and of a face-down
//! champion another player owns not even that — with the texts of the cards it names,
//! the decision with options for the deciding seat alone, and log lines in the words
//! that seat can read. Nothing here reads the game beyond what the seat may see.

use crate::{ClassicGame, ClassicPool, View};
use epic_game::words::{cap, Asked, Line, Outcome, Tone, Voice};
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
        named(name.trim_end_matches(crate::FACE_DOWN));
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

/// The pending decision as `voice`'s viewer is told it: its options only if it is
/// theirs.
pub fn asked(game: &ClassicGame, voice: &Voice) -> Option<Asked> {
    let seat = game.decider()?;
    Some(Asked::by_labels(
        seat,
        voice,
        || game.prompt().unwrap_or_default(),
        || game.labels(seat),
    ))
}

/// The heading of the turn `game` is in.
pub fn turn_heading(game: &ClassicGame, voice: &Voice) -> Line {
    Line::new(
        format!(
            "--- Turn {}: {} turn ---",
            game.turn(),
            voice.possessive(game.active())
        ),
        Some(Tone::Heading),
    )
}

/// The log lines of one decision for `voice`'s viewer: who decided and what, in the
/// words the viewer can read, then a new turn's heading and the result, when they came.
/// `before` is the game the decision was taken in, `after` the game it made.
pub fn told(
    before: &ClassicGame,
    after: &ClassicGame,
    choice: crate::Choice,
    voice: &Voice,
) -> Vec<Line> {
    let decider = match choice {
        crate::Choice::Concede(seat) => seat,
        _ => match before.decider() {
            Some(seat) => seat,
            None => return Vec::new(),
        },
    };
    if let crate::Choice::Concede(seat) = choice {
        let mut lines = vec![Line::new(
            format!("{}.", voice.says(seat, "concede", "concedes")),
            Some(Tone::Danger),
        )];
        lines.extend(outcome(after, voice).map(|r| Line::new(r.text, Some(Tone::Heading))));
        return lines;
    }
    // A voice that sees all reads each decision as its decider does.
    let reader = if voice.sees_all {
        decider
    } else {
        voice.viewer.unwrap_or(Seat::MAX)
    };
    let said = after.said(choice, before.label_for(choice, reader), reader);
    let tone = if choice == crate::Choice::Pass {
        Tone::Quiet
    } else if voice.viewer == Some(decider) {
        Tone::Mine
    } else {
        Tone::Theirs
    };
    let mut lines = vec![Line::new(
        format!("{}: {said}", voice.subject(decider)),
        Some(tone),
    )];
    if after.turn() != before.turn() {
        lines.push(turn_heading(after, voice));
    }
    if let Some(r) = outcome(after, voice) {
        lines.push(Line::new(r.text, Some(Tone::Heading)));
    }
    lines
}

/// How the game ended, told to `voice`'s viewer.
pub fn outcome(game: &ClassicGame, voice: &Voice) -> Option<Outcome> {
    Some(Outcome::of(game.winners()?.to_vec(), voice))
}

/// A classic card as `epic cards` lists it, with its sheet: type line, cost in actions
/// (0 for a free card), stats, its text as printed.
pub fn card_info(card: &crate::card::ClassicCard) -> epic_game::CardInfo {
    let champion = card.is_champion();
    let mut keywords: Vec<String> = card
        .keywords
        .flags
        .names()
        .iter()
        .map(|k| k.to_string())
        .collect();
    if card.keywords.damage_ward > 0 {
        keywords.push(format!("damage ward {}", card.keywords.damage_ward));
    }
    let text = card.text.join("\n");
    let mut sheet = format!("{}\n{}\n", card.name, cap(&card.type_line()));
    if !text.is_empty() {
        sheet += &format!("\n{text}\n");
    }
    let meanings: Vec<String> = keywords
        .iter()
        .filter_map(|k| explain(k.split(' ').next().unwrap_or(k)))
        .map(|m| format!("  {m}"))
        .collect();
    if !meanings.is_empty() {
        sheet += &format!("\n{}\n", meanings.join("\n"));
    }
    epic_game::CardInfo {
        name: card.name.clone(),
        alignment: std::iter::once(card.alignment.name())
            .chain(card.origin.map(crate::card::Origin::name))
            .collect::<Vec<_>>()
            .join("/"),
        kind: card.kind.name().to_string(),
        cost: (!card.token).then_some(u8::from(!card.free)),
        offense: champion.then_some(i32::from(card.offense)),
        defense: champion.then_some(i32::from(card.defense)),
        keywords,
        classes: Vec::new(),
        token: card.token,
        set: card.set.clone(),
        text,
        sheet,
    }
}

/// The classic game's terms a card may name, with the rulebook's glossary meaning
/// (`shared/rules/rules-2009-classic.md`, section 14).
const GLOSSARY: [(&str, &str); 14] = [
    ("airborne", "Attackers with airborne may only be blocked by defenders with airborne or range."),
    ("breakthrough", "An attacker with breakthrough deals the defending player its offense minus the blockers' total defense."),
    ("damage ward", "Reduce each instance of damage dealt to it by that number."),
    ("deadly", "One or more deadly damage will break a champion."),
    ("hunter", "May attack as normal or attack a champion another player controls that it could block (this does not target); its controller defends, and may block with other champions."),
    ("range", "May block airborne attackers and deals damage first."),
    ("unblockable", "May not be blocked."),
    ("unbanishable", "May not be banished while in play."),
    ("untargetable", "May not be the target of an event or ability while in play."),
    ("unbreakable", "Will not be put into the discard pile from a break effect or from damage."),
    ("veiled", "May be played face down during the Build step; it is unveiled (turned face up) when its player chooses, and must be when it attacks or blocks, is targeted, damaged, broken, banished or leaves play, or anything checks it."),
    ("ward", "\"X\" Ward: can't be damaged, broken, banished, blocked, or otherwise affected by things of type X while in play."),
    ("free", "A free card (the infinity symbol) doesn't cost an action."),
    ("stop", "Take a card out of the line and put it into the discard pile. It does not resolve."),
];

/// What a classic keyword or term means (`airborne`, `damage ward`, `veiled`).
pub fn explain(word: &str) -> Option<String> {
    let wanted = word.trim().to_lowercase();
    let wanted = wanted.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ');
    GLOSSARY
        .iter()
        .find(|(term, _)| *term == wanted || wanted.ends_with(&format!(" {term}")))
        .map(|(term, meaning)| format!("{} (keyword): {meaning}", cap(term)))
}

/// A card in play as `seat` reads it: its name, stats, counters, `owner` (the owner's
/// possessive, said when another player controls it), damage, pose, and "[face down]"
/// for its owner when it is veiled.
pub fn in_play_words(c: &crate::InPlay, seat: Seat, owner: String) -> String {
    let mut t = c.name.clone();
    if c.token {
        t += " token";
    }
    if let Some((off, def)) = c.stats {
        t += &format!(" {off}/{def}");
    }
    if c.counters > 0 {
        t += &format!(" (+{0} +{0} counters)", c.counters);
    }
    if c.owner != c.controller {
        t += &format!(" ({owner})");
    }
    if c.damage > 0 {
        t += &format!(" ({} damage)", c.damage);
    }
    if c.pose != crate::state::Pose::Prepared {
        t += &format!(" [{}]", c.pose.word());
    }
    if c.veiled && c.owner == seat {
        // Its owner sees what it is; the others read "veiled" in its name.
        t += " [face down]";
    }
    t
}

/// The board as text for `voice`'s viewer, a block per line: the turn, each player with
/// their Mojo, actions, cards and champions in play, then the line. With a voice that
/// sees all, every hand and face-down champion too, each as its own player sees it.
pub fn page(game: &ClassicGame, voice: &Voice) -> epic_game::words::Page {
    use epic_game::words::{Block, Ink, Page, Span};
    let seat = voice.viewer.unwrap_or(Seat::MAX);
    let v = game.view(seat);
    let mut page = Page::default();
    let list = |head: String, items: Vec<String>, sep: &'static str| {
        Block::list(
            vec![Span::plain(head)],
            items.into_iter().map(|i| vec![Span::plain(i)]).collect(),
            sep,
            4,
        )
    };
    page.push(Block::line(vec![Span::inked(
        Ink::Heading,
        format!(
            "=== Turn {} · {} {} ===",
            v.turn,
            voice.possessive(v.active),
            v.moment()
        ),
    )]));
    for (s, p) in v.players.iter().enumerate() {
        let who = s as Seat;
        let ink = if voice.viewer == Some(who) {
            Ink::Mine
        } else {
            Ink::Theirs
        };
        let hand = match &p.hand {
            Ok(names) if names.is_empty() => "hand empty".to_string(),
            Ok(names) => format!("hand: {}", names.join(", ")),
            // Cards its holder does not own are face up for everyone (T-12.10).
            Err(n) if p.shown.is_empty() => format!("hand {n}"),
            Err(n) => format!("hand {n}, face up: {}", p.shown.join(", ")),
        };
        let mut items = vec![
            vec![Span::plain(format!("Mojo {}", p.mojo))],
            vec![Span::plain(format!(
                "{} action{}",
                p.actions,
                if p.actions == 1 { "" } else { "s" }
            ))],
            vec![Span::plain(format!("deck {}", p.deck))],
            vec![Span::plain(hand)],
        ];
        if p.out {
            items.push(vec![Span::inked(Ink::Danger, "(out)")]);
        }
        page.push(Block::list(
            vec![Span::inked(ink, format!("{:<10}", voice.subject(who)))],
            items,
            "  ",
            11,
        ));
        let here: Vec<String> = v
            .in_play
            .iter()
            .filter(|c| c.controller as usize == s)
            .map(|c| in_play_words(c, seat, voice.possessive(c.owner)))
            .collect();
        if here.is_empty() {
            page.push(Block::line(vec![Span::inked(
                Ink::Quiet,
                "    (no champions in play)",
            )]));
        } else {
            page.push(list("    in play:".into(), here, ", "));
        }
        if !p.discard.is_empty() {
            page.push(list("    discard:".into(), p.discard.clone(), ", "));
        }
        if !p.discard_foreign.is_empty() {
            page.push(list(
                "    discard, cards of other players:".into(),
                p.discard_foreign.clone(),
                ", ",
            ));
        }
        if !p.removed.is_empty() {
            page.push(list(
                "    removed from the game:".into(),
                p.removed.clone(),
                ", ",
            ));
        }
    }
    let item = |(name, ability, c): &(String, bool, Seat)| {
        format!(
            "{name}{} ({})",
            if *ability { " ability" } else { "" },
            voice.name(*c)
        )
    };
    if !v.line.is_empty() {
        page.push(list(
            "The line (last resolves first):".into(),
            v.line.iter().map(item).collect(),
            " ←",
        ));
    }
    if let Some(pending) = &v.pending {
        page.push(Block::line(vec![Span::plain(format!(
            "Being played: {}",
            item(pending)
        ))]));
    }
    if voice.sees_all {
        for p in (0..game.players() as Seat).filter(|&p| Some(p) != voice.viewer) {
            let theirs = game.view(p);
            if let Ok(names) = &theirs.players[usize::from(p)].hand {
                page.push(list(
                    format!("{} hand (hidden):", cap(&voice.possessive(p))),
                    names.clone(),
                    ", ",
                ));
            }
            let face_down: Vec<String> = theirs
                .in_play
                .iter()
                .filter(|c| c.veiled && c.owner == p)
                .map(|c| c.name.clone())
                .collect();
            if !face_down.is_empty() {
                page.push(list(
                    format!("{} face-down champions:", cap(&voice.possessive(p))),
                    face_down,
                    ", ",
                ));
            }
        }
    }
    page
}
