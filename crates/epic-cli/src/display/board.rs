//! The board as one seat sees it (rule 1.10), laid out to the terminal's width: the turn,
//! each opponent with their champions, the viewer last, then the viewer's hand.

use super::{cap, phase_name, Voice};
use crate::term::{pad, Ink, Term};
use epic_cards::CardPool;
use epic_engine::view::{ChampionView, PlayerView, View};
use epic_engine::words::deck_place;
use epic_engine::{Game, PlayerId};
use epic_model::CardType;
use std::collections::HashMap;

/// Health at or below which a player's health is shown as a danger.
const LOW_HEALTH: i32 = 10;

/// The board as the viewer needs it, opponents first, the viewer last, then their hand.
pub fn board(game: &Game, voice: &Voice, view: &View, term: &Term) -> String {
    let pool: &CardPool = game.pool();
    let mut s = String::new();
    let mut head = vec![
        format!("Turn {}", view.turn),
        format!("{} turn", voice.possessive(view.active)),
        phase_name(view.phase).to_string(),
    ];
    if let Some(p) = view.initiative {
        head.push(format!("initiative: {}", voice.name(p)));
    }
    let head = term.wrapped("===", &head, " ·", "    ");
    s += &term.paint(Ink::Heading, &format!("{head} ==="));
    s.push('\n');
    if let (Some(a), Some(d)) = (view.attacker, view.defender) {
        let line = format!(
            "Battle: {} attacking {}{}",
            cap(&voice.name(a)),
            voice.name(d),
            if view.blocked { " (blocked)" } else { "" }
        );
        s += &term.paint(Ink::Danger, &line);
        s.push('\n');
    }
    let mut seats: Vec<&PlayerView> = view.players.iter().collect();
    seats.sort_by_key(|p| p.seat == view.viewer);
    let names = champion_names(view);
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(12);
    for p in seats {
        s += &seat_line(game, voice, view, p, term);
        if let Some(god) = &p.god {
            s += &format!(
                "    God: {}\n",
                term.card(pool.get(god.card).alignments, &god.name)
            );
        }
        let champs: Vec<(&ChampionView, &String)> = view
            .champions
            .iter()
            .zip(&names)
            .filter(|(c, _)| c.controller == p.seat)
            .collect();
        if champs.is_empty() {
            s += &term.paint(Ink::Quiet, "    (no champions in play)");
            s.push('\n');
        }
        for (c, name) in champs {
            s += &champion_line(pool, c, name, width, term);
        }
        if p.seat != view.viewer && !p.hand.is_empty() {
            let revealed: Vec<String> = p
                .hand
                .iter()
                .map(|c| term.card(pool.get(c.card).alignments, &c.name))
                .collect();
            s += &term.wrapped("    revealed in hand:", &revealed, ", ", "      ");
            s.push('\n');
        }
        if !p.deck_known.is_empty() {
            let known: Vec<String> = p
                .deck_known
                .iter()
                .map(|d| {
                    let name = term.card(pool.get(d.card.card).alignments, &d.card.name);
                    format!("{name} ({})", deck_place(d.from_top, p.deck_count))
                })
                .collect();
            s += &term.wrapped("    known in deck:", &known, ", ", "      ");
            s.push('\n');
        }
    }
    if !view.resolving.is_empty() {
        let names: Vec<String> = view.resolving.iter().map(|c| c.name.clone()).collect();
        s += &term.wrapped("Being played:", &names, ", ", "    ");
        s.push('\n');
    }
    s += &hand_line(pool, voice, view, term);
    s.push('\n');
    s
}

/// One seat's health, gold and card counts, and where they sit at a larger table.
fn seat_line(game: &Game, voice: &Voice, view: &View, p: &PlayerView, term: &Term) -> String {
    let mine = p.seat == view.viewer;
    let name = pad(&cap(&voice.name(p.seat)), 10);
    let name = term.paint(if mine { Ink::Mine } else { Ink::Theirs }, &name);
    let health = format!("health {:>2}", p.health);
    let health = if p.health <= LOW_HEALTH {
        term.paint(Ink::Danger, &health)
    } else {
        health
    };
    // Gold for some cards only (Brachiosaurus): "gold 1 (+1 wild)".
    let bonus = if p.bonus_gold > 0 {
        let aligns: Vec<&str> = p.bonus_for.iter().map(|a| a.name()).collect();
        format!(" (+{} {})", p.bonus_gold, aligns.join("/"))
    } else {
        String::new()
    };
    let mut items = vec![
        health,
        format!("gold {}{bonus}", p.gold),
        format!("hand {}", p.hand_count),
        format!("deck {}", p.deck_count),
        format!("discard {}", p.discard.len()),
    ];
    if p.eliminated {
        items.push(term.paint(Ink::Danger, "(eliminated)"));
    }
    if let Some(at) = beside(game, voice, view, p.seat) {
        items.push(at);
    }
    let mut s = term.wrapped(&name, &items, "  ", "           ");
    s.push('\n');
    s
}

/// Where a seat sits from the viewer's side at a larger table: "(your left)", or its
/// team in Hydra. Nothing in a duel.
fn beside(game: &Game, voice: &Voice, view: &View, seat: PlayerId) -> Option<String> {
    let team_size = game.rules().team_size.max(1);
    if team_size > 1 {
        return Some(if seat / team_size == view.viewer / team_size {
            format!("({} team)", voice.possessive(view.viewer))
        } else {
            format!("(team {})", seat / team_size + 1)
        });
    }
    // Clockwise, the next seat still in the game is to the viewer's left.
    let playing: Vec<PlayerId> = view
        .players
        .iter()
        .filter(|p| !p.eliminated)
        .map(|p| p.seat)
        .collect();
    let at = playing.iter().position(|&q| q == view.viewer)?;
    let n = playing.len();
    if n <= 2 {
        return None;
    }
    let whose = voice.possessive(view.viewer);
    if playing[(at + 1) % n] == seat {
        Some(format!("({whose} left)"))
    } else if playing[(at + n - 1) % n] == seat {
        Some(format!("({whose} right)"))
    } else {
        None
    }
}

/// Each champion of `view.champions`, in order, as the board and the options name it:
/// "Wolf token", with its number ("Wolf token #61") when another champion in play has
/// the same name, as the options tell them apart.
pub fn champion_names(view: &View) -> Vec<String> {
    let mut count: HashMap<&str, usize> = HashMap::new();
    for c in &view.champions {
        *count.entry(c.name.as_str()).or_default() += 1;
    }
    view.champions
        .iter()
        .map(|c| {
            let name = if c.token {
                format!("{} token", c.name)
            } else {
                c.name.clone()
            };
            if count[c.name.as_str()] > 1 {
                format!("{name} {}", c.obj)
            } else {
                name
            }
        })
        .collect()
}

/// A champion: name, offense/defense, state, keywords; wrapped under itself when long.
fn champion_line(
    pool: &CardPool,
    c: &ChampionView,
    name: &str,
    width: usize,
    term: &Term,
) -> String {
    let name = pad(name, width);
    let head = format!(
        "    {} {:>2}/{:<2} ",
        term.card(pool.get(c.card).alignments, &name),
        c.offense,
        c.defense
    );
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
        tags.push(term.paint(Ink::Danger, &format!("damage {}", c.damage)));
    }
    if c.counters > 0 {
        tags.push(format!("+{} counters", c.counters));
    }
    if c.attacking {
        tags.push(term.paint(Ink::Danger, "ATTACKING"));
    }
    if c.blocking {
        tags.push(term.paint(Ink::Note, "BLOCKING"));
    }
    let mut items: Vec<String> = tags
        .iter()
        .enumerate()
        .map(|(i, t)| {
            if i + 1 < tags.len() {
                format!("{t},")
            } else {
                t.clone()
            }
        })
        .collect();
    if !c.keywords.is_empty() {
        let kws: Vec<String> = c.keywords.iter().map(|k| k.to_string()).collect();
        items.push(format!("[{}]", kws.join(", ")));
    }
    let mut s = term.wrapped(&head, &items, "", &" ".repeat(10));
    s.push('\n');
    s
}

/// The viewer's hand, each card once with how many copies: "Crystal Golem ×2 (1 gold,
/// 7/4)".
fn hand_line(pool: &CardPool, voice: &Voice, view: &View, term: &Term) -> String {
    let me = &view.players[view.viewer as usize];
    let mut counted: Vec<(epic_model::CardId, usize)> = Vec::new();
    for c in &me.hand {
        match counted.iter_mut().find(|(id, _)| *id == c.card) {
            Some((_, n)) => *n += 1,
            None => counted.push((c.card, 1)),
        }
    }
    let hand: Vec<String> = counted
        .iter()
        .map(|&(id, n)| {
            let def = pool.get(id);
            let copies = if n > 1 {
                format!(" ×{n}")
            } else {
                String::new()
            };
            let what = match def.kind {
                CardType::Champion => {
                    format!("({} gold, {}/{})", def.cost, def.offense, def.defense)
                }
                CardType::Event | CardType::Object => {
                    format!("({} gold, {})", def.cost, def.kind.name())
                }
                CardType::God => "(God)".to_string(),
            };
            format!("{}{copies} {what}", term.card(def.alignments, &def.name))
        })
        .collect();
    let head = format!("{} hand:", cap(&voice.possessive(view.viewer)));
    let head = term.paint(Ink::Mine, &head);
    if hand.is_empty() {
        format!("{head} (empty)")
    } else {
        term.wrapped(&head, &hand, "; ", "    ")
    }
}
