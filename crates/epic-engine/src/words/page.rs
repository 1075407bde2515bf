//! The board as text for one seat (rule 1.10), as a terminal lays it out: the turn, each
//! opponent with their champions, the viewer last, then the viewer's hand. With a voice
//! that sees all (a replay showing everything), every hand follows.

use super::{cap, card_name, card_span, deck_place, phase_name, Ink, Voice};
use crate::view::{ChampionView, PlayerView, View};
use crate::{Game, PlayerId};
use epic_cards::CardPool;
use epic_game::words::{Block, Page, Span};
use epic_model::CardType;
use std::collections::HashMap;

/// Health at or below which a player's health is shown as a danger.
const LOW_HEALTH: i32 = 10;

/// The board as `voice`'s viewer sees it, opponents first, the viewer last, then their
/// hand.
pub fn page(game: &Game, voice: &Voice) -> Page {
    let view = game.view(super::seat_of(voice));
    let pool: &CardPool = game.pool();
    let mut page = Page::default();
    let mut head = vec![
        format!("Turn {}", view.turn),
        format!("{} turn", voice.possessive(view.active)),
        phase_name(view.phase).to_string(),
    ];
    if let Some(p) = view.initiative {
        head.push(format!("initiative: {}", voice.name(p)));
    }
    if let Some(last) = head.last_mut() {
        *last += " ===";
    }
    page.push(Block::list(
        vec![Span::inked(Ink::Heading, "===")],
        head.into_iter()
            .map(|h| vec![Span::inked(Ink::Heading, h)])
            .collect(),
        " ·",
        4,
    ));
    if let (Some(a), Some(d)) = (view.attacker, view.defender) {
        page.push(Block::line(vec![Span::inked(
            Ink::Danger,
            format!(
                "Battle: {} attacking {}{}",
                cap(&voice.name(a)),
                voice.name(d),
                if view.blocked { " (blocked)" } else { "" }
            ),
        )]));
    }
    let mut seats: Vec<&PlayerView> = view.players.iter().collect();
    seats.sort_by_key(|p| p.seat == view.viewer);
    let names = champion_names(&view);
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(12);
    for p in seats {
        page.push(seat_line(game, voice, &view, p));
        if let Some(god) = &p.god {
            page.push(Block::line(vec![
                Span::plain("    God: "),
                card_span(pool.get(god.card).alignments, &god.name),
            ]));
        }
        let champs: Vec<(&ChampionView, &String)> = view
            .champions
            .iter()
            .zip(&names)
            .filter(|(c, _)| c.controller == p.seat)
            .collect();
        if champs.is_empty() {
            page.push(Block::line(vec![Span::inked(
                Ink::Quiet,
                "    (no champions in play)",
            )]));
        }
        for (c, name) in champs {
            page.push(champion_line(pool, c, name, width));
        }
        if p.seat != view.viewer && !p.hand.is_empty() {
            let revealed = p
                .hand
                .iter()
                .map(|c| vec![card_span(pool.get(c.card).alignments, &c.name)])
                .collect();
            page.push(Block::list(
                vec![Span::plain("    revealed in hand:")],
                revealed,
                ", ",
                6,
            ));
        }
        if !p.deck_known.is_empty() {
            let known = p
                .deck_known
                .iter()
                .map(|d| {
                    vec![
                        card_span(pool.get(d.card.card).alignments, &d.card.name),
                        Span::plain(format!(" ({})", deck_place(d.from_top, p.deck_count))),
                    ]
                })
                .collect();
            page.push(Block::list(
                vec![Span::plain("    known in deck:")],
                known,
                ", ",
                6,
            ));
        }
    }
    if !view.resolving.is_empty() {
        let names = view
            .resolving
            .iter()
            .map(|c| vec![Span::plain(c.name.clone())])
            .collect();
        page.push(Block::list(
            vec![Span::plain("Being played:")],
            names,
            ", ",
            4,
        ));
    }
    page.push(hand_line(pool, voice, &view));
    if voice.sees_all {
        hidden_hands(game, voice, &mut page);
    }
    page
}

/// One seat's health, gold and card counts, and where they sit at a larger table.
fn seat_line(game: &Game, voice: &Voice, view: &View, p: &PlayerView) -> Block {
    let mine = p.seat == view.viewer;
    let name = format!("{:<10}", cap(&voice.name(p.seat)));
    let name = Span::inked(if mine { Ink::Mine } else { Ink::Theirs }, name);
    let health = format!("health {:>2}", p.health);
    let health = if p.health <= LOW_HEALTH {
        Span::inked(Ink::Danger, health)
    } else {
        Span::plain(health)
    };
    // Gold for some cards only (Brachiosaurus): "gold 1 (+1 wild)".
    let bonus = if p.bonus_gold > 0 {
        let aligns: Vec<&str> = p.bonus_for.iter().map(|a| a.name()).collect();
        format!(" (+{} {})", p.bonus_gold, aligns.join("/"))
    } else {
        String::new()
    };
    let mut items = vec![
        vec![health],
        vec![Span::plain(format!("gold {}{bonus}", p.gold))],
        vec![Span::plain(format!("hand {}", p.hand_count))],
        vec![Span::plain(format!("deck {}", p.deck_count))],
        vec![Span::plain(format!("discard {}", p.discard.len()))],
    ];
    if p.eliminated {
        items.push(vec![Span::inked(Ink::Danger, "(eliminated)")]);
    }
    if let Some(at) = beside(game, voice, view, p.seat) {
        items.push(vec![Span::plain(at)]);
    }
    Block::list(vec![name], items, "  ", 11)
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
fn champion_line(pool: &CardPool, c: &ChampionView, name: &str, width: usize) -> Block {
    let padded = format!("{name:<width$}");
    let head = vec![
        Span::plain("    "),
        card_span(pool.get(c.card).alignments, &padded),
        Span::plain(format!(" {:>2}/{:<2} ", c.offense, c.defense)),
    ];
    let mut tags = vec![Span::plain(if c.expended && c.flipped {
        "expended+flipped"
    } else if c.expended {
        "expended"
    } else if c.flipped {
        "flipped"
    } else {
        "prepared"
    })];
    if c.deploying {
        tags.push(Span::plain("deploying"));
    }
    if c.damage > 0 {
        tags.push(Span::inked(Ink::Danger, format!("damage {}", c.damage)));
    }
    if c.counters > 0 {
        tags.push(Span::plain(format!("+{} counters", c.counters)));
    }
    if c.attacking {
        tags.push(Span::inked(Ink::Danger, "ATTACKING"));
    }
    if c.blocking {
        tags.push(Span::inked(Ink::Note, "BLOCKING"));
    }
    let last = tags.len() - 1;
    let mut items: Vec<Vec<Span>> = tags
        .into_iter()
        .enumerate()
        .map(|(i, t)| {
            if i < last {
                vec![t, Span::plain(",")]
            } else {
                vec![t]
            }
        })
        .collect();
    if !c.keywords.is_empty() {
        let kws: Vec<String> = c.keywords.iter().map(|k| k.to_string()).collect();
        items.push(vec![Span::plain(format!("[{}]", kws.join(", ")))]);
    }
    Block::list(head, items, "", 10)
}

/// The viewer's hand, each card once with how many copies: "Crystal Golem ×2 (1 gold,
/// 7/4)".
fn hand_line(pool: &CardPool, voice: &Voice, view: &View) -> Block {
    let me = &view.players[view.viewer as usize];
    let mut counted: Vec<(epic_model::CardId, usize)> = Vec::new();
    for c in &me.hand {
        match counted.iter_mut().find(|(id, _)| *id == c.card) {
            Some((_, n)) => *n += 1,
            None => counted.push((c.card, 1)),
        }
    }
    let hand: Vec<Vec<Span>> = counted
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
            vec![
                card_span(def.alignments, &def.name),
                Span::plain(format!("{copies} {what}")),
            ]
        })
        .collect();
    let head = Span::inked(
        Ink::Mine,
        format!("{} hand:", cap(&voice.possessive(view.viewer))),
    );
    if hand.is_empty() {
        Block::line(vec![head, Span::plain(" (empty)")])
    } else {
        Block::list(vec![head], hand, "; ", 4)
    }
}

/// Every player's hand in full: only for a voice that sees all (`epic replay
/// --reveal-all`), never in a seat's own output.
fn hidden_hands(game: &Game, voice: &Voice, page: &mut Page) {
    let st = game.state();
    for p in 0..st.num_players() as PlayerId {
        let names: Vec<Vec<Span>> = st
            .player(p)
            .hand
            .iter()
            .map(|&o| vec![Span::plain(card_name(game.pool(), st.obj(o).card))])
            .collect();
        let head = Span::plain(format!("{} hand (hidden):", cap(&voice.possessive(p))));
        page.push(if names.is_empty() {
            Block::line(vec![head, Span::plain(" (empty)")])
        } else {
            Block::list(vec![head], names, ", ", 4)
        });
    }
}

/// Every discard pile, top card last.
pub fn discards(voice: &Voice, view: &View) -> Page {
    let mut page = Page::default();
    for p in &view.players {
        let names: Vec<Vec<Span>> = p
            .discard
            .iter()
            .map(|c| vec![Span::plain(c.name.clone())])
            .collect();
        let head = Span::plain(format!(
            "{} discard pile ({}):",
            cap(&voice.possessive(p.seat)),
            names.len()
        ));
        page.push(if names.is_empty() {
            Block::line(vec![head, Span::plain(" (empty)")])
        } else {
            Block::list(vec![head], names, ", ", 4)
        });
    }
    page
}
