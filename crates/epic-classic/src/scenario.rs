//! The classic game's scenario statements (docs/scenarios.md, "Classic scenarios"): the
//! setup of a position — Mojo, actions, the step, cards by name — and the expectations
//! only this game has (Mojo, the line, poses, veiled cards). The statements every game
//! shares are read by `epic-scenario`.

use crate::state::{Pose, Source, Step};
use crate::{parse_classic_cards, ClassicGame, ClassicPool, Placed, Position, SeatSetup};
use epic_game::scenario::{
    after_words, cards_of, checked, names_expect, seat_among, seat_word, Mistake, Statement,
};
use epic_game::words::quoted;
use epic_game::Seat;
use epic_model::CardId;
use std::sync::Arc;

/// A position as the statements build it.
struct Written {
    pool: Arc<ClassicPool>,
    pos: Position,
    /// The seats whose deck the scenario wrote (an empty one included).
    deck_given: Vec<bool>,
}

/// The game the setup statements describe, each mistake with its line.
pub(crate) fn position(
    header: usize,
    statements: &[Statement],
) -> Result<ClassicGame, Vec<Mistake>> {
    let mut w = Written {
        pool: crate::classic_pool(),
        pos: Position {
            seats: vec![SeatSetup::default(), SeatSetup::default()],
            active: 0,
            step: Step::Build,
            turn: 3,
            rules: Default::default(),
        },
        deck_given: vec![false; 2],
    };
    let mistakes: Vec<Mistake> = statements
        .iter()
        .filter_map(|s| {
            setup(&mut w, &s.text).err().map(|message| Mistake {
                line: s.line,
                message,
            })
        })
        .collect();
    if !mistakes.is_empty() {
        return Err(mistakes);
    }
    let pos = filled(w.pos, &w.pool, &w.deck_given);
    ClassicGame::from_position(w.pool, &pos, 1).map_err(|e| {
        vec![Mistake {
            line: header,
            message: format!("the position cannot be set up: {e}"),
        }]
    })
}

/// `A, B x3` (or `none`) against the classic cards.
fn cards(pool: &ClassicPool, list: &str) -> Result<Vec<CardId>, String> {
    cards_of(list, "classic", |n| pool.id(n))
}

fn setup(w: &mut Written, l: &str) -> Result<(), String> {
    let (head, rest) = l
        .split_once(' ')
        .ok_or_else(|| format!("cannot read {}", quoted(l)))?;
    match head {
        "players" => {
            let n: usize = rest
                .trim()
                .parse()
                .ok()
                .filter(|n| (2..=crate::MAX_PLAYERS).contains(n))
                .ok_or("players is 2 to 8")?;
            w.pos.seats.resize(n, SeatSetup::default());
            w.deck_given.resize(n, false);
            Ok(())
        }
        "active" => {
            w.pos.active = seat_among(rest.trim(), w.pos.seats.len())? as Seat;
            Ok(())
        }
        "turn" => {
            w.pos.turn = rest.trim().parse().map_err(|_| "expected turn N")?;
            Ok(())
        }
        "step" => {
            let step = rest.trim();
            w.pos.step =
                Step::parse(step).ok_or_else(|| format!("unknown step {}", quoted(step)))?;
            Ok(())
        }
        "format" => {
            // The format played, for the rules it changes (T-15.3).
            let format = crate::format::Format::parse(rest.trim()).map_err(|e| e.to_string())?;
            w.pos.rules = format.rules();
            Ok(())
        }
        "card" => {
            // card NAME | type line | ability | ...
            let parts: Vec<&str> = rest.split(" | ").collect();
            let text = std::iter::once(format!("card {}", parts[0].trim()))
                .chain(parts[1..].iter().map(|p| format!("  {}", p.trim())))
                .collect::<Vec<_>>()
                .join("\n");
            let mut pool = (*w.pool).clone();
            parse_classic_cards("scenario card", &text, &mut pool).map_err(|e| e.to_string())?;
            w.pool = Arc::new(pool);
            Ok(())
        }
        _ => {
            let p = seat_word(head)
                .map(usize::from)
                .filter(|&p| p < w.pos.seats.len())
                .ok_or_else(|| format!("unknown statement {}", quoted(head)))?;
            let (what, value) = rest.split_once(' ').unwrap_or((rest, ""));
            let pool = w.pool.clone();
            let seat = &mut w.pos.seats[p];
            match what {
                "mojo" => seat.mojo = value.trim().parse().map_err(|_| "expected pN mojo N")?,
                "actions" => {
                    seat.actions = value.trim().parse().map_err(|_| "expected pN actions N")?
                }
                "hand" => seat.hand.extend(cards(&pool, value)?),
                "deck" => {
                    w.deck_given[p] = true;
                    let list = cards(&pool, value)?;
                    if list.is_empty() {
                        seat.deck.clear();
                    }
                    seat.deck.extend(list);
                }
                "discard" => seat.discard.extend(cards(&pool, value)?),
                "play" => seat.in_play.push(placed(&pool, value.trim())?),
                other => return Err(format!("unknown statement 'pN {}'", quoted(other))),
            }
            Ok(())
        }
    }
}

/// `NAME [veiled] [expended|flipped] [damage N]`: a card put in play.
fn placed(pool: &ClassicPool, text: &str) -> Result<Placed, String> {
    let mut name = text;
    let mut pose = Pose::Prepared;
    let mut damage = 0;
    let mut veiled = false;
    if let Some((n, d)) = name.rsplit_once(" damage ") {
        damage = d.trim().parse().map_err(|_| "expected damage N")?;
        name = n;
    }
    for p in Pose::ALL {
        if let Some(n) = name.strip_suffix(&format!(" {}", p.word())) {
            (pose, name) = (p, n);
        }
    }
    if let Some(n) = name.strip_suffix(" veiled") {
        (veiled, name) = (true, n);
    }
    let id = pool
        .id(name)
        .ok_or_else(|| format!("no classic card is named {}", quoted(name)))?;
    Ok(Placed {
        pose,
        damage,
        veiled,
        ..Placed::new(id)
    })
}

/// The default deck of a seat the scenario gives none: ten cards, so that nobody wins
/// by an empty deck unless the scenario says so.
fn filled(mut pos: Position, pool: &ClassicPool, explicit: &[bool]) -> Position {
    let filler = pool.id("Temple Guard").unwrap_or(CardId(0));
    for (seat, given) in pos.seats.iter_mut().zip(explicit) {
        if !given && seat.deck.is_empty() {
            seat.deck = vec![filler; 10];
        }
    }
    pos
}

fn find_in_play(g: &ClassicGame, name: &str) -> Result<u16, String> {
    g.in_play()
        .iter()
        .copied()
        .find(|&o| g.card(o).name.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("{} is not in play", quoted(name)))
}

/// Checks a list of card names against an expectation, naming this game's cards.
fn named(g: &ClassicGame, got: Vec<String>, expected: &str) -> Result<(), String> {
    names_expect(got, expected, |n| g.pool().id(n).is_some())
}

fn names(g: &ClassicGame, objs: impl Iterator<Item = u16>) -> Vec<String> {
    objs.map(|o| g.card(o).name.clone()).collect()
}

/// Checks one of this game's expectations; `None`: not one of them.
pub(crate) fn expect(g: &ClassicGame, e: &str) -> Option<Result<(), String>> {
    let words: Vec<&str> = e.split_whitespace().collect();
    Some(match words.as_slice() {
        ["step", s] => checked(
            g.step()
                .name()
                .to_lowercase()
                .starts_with(&s.to_lowercase()),
            || g.step().name().into(),
        ),
        ["active", p] => checked(Some(g.active()) == seat_word(p), || {
            format!("Player {}", g.active() + 1)
        }),
        ["line", ..] => line(g, after_words(e, 1)),
        ["in", "play", "has", ..] => find_in_play(g, after_words(e, 3)).map(|_| ()),
        ["in", "play", "lacks", ..] => match find_in_play(g, after_words(e, 3)) {
            Ok(_) => Err("it is in play".into()),
            Err(_) => Ok(()),
        },
        [p, what, ..] if seat_word(p).is_some() => seat_expect(g, p, what, after_words(e, 2)),
        _ => return card_expect(g, e),
    })
}

/// `line is A, B` (bottom first) or `line empty`.
fn line(g: &ClassicGame, text: &str) -> Result<(), String> {
    let want: Vec<String> = match text.strip_prefix("is ") {
        Some(t) => t.split(',').map(|s| s.trim().to_string()).collect(),
        None if text == "empty" => Vec::new(),
        None => return Err("expected 'line is A, B' or 'line empty'".into()),
    };
    let got: Vec<String> = g
        .line()
        .iter()
        .map(|it| match it.source {
            Source::Card => g.pool().get(it.card).name.clone(),
            _ => format!("{} ability", g.pool().get(it.card).name),
        })
        .collect();
    checked(got == want, || got.join(", "))
}

/// `pN mojo N`, `pN hand …`, `pN sees …` and the other facts of one seat.
fn seat_expect(g: &ClassicGame, p: &str, what: &str, rest: &str) -> Result<(), String> {
    let seat = seat_among(p, g.players())? as Seat;
    let number = |got: usize| checked(rest.parse::<usize>().ok() == Some(got), || got.to_string());
    let zone: Vec<u16> = match what {
        "mojo" => {
            let got = g.mojo(seat);
            return checked(rest.parse::<i32>().ok() == Some(got), || got.to_string());
        }
        "actions" => return number(usize::from(g.actions(seat))),
        "deck" => return number(g.deck_size(seat)),
        "hand" => g.hand(seat).to_vec(),
        "discard" => {
            // pN discard owned … / foreign …: the two piles of T-12.12, read from the
            // player's own view, which splits the piles.
            let player = g.view(seat).players.swap_remove(usize::from(seat));
            if let Some(r) = rest.strip_prefix("owned ") {
                return named(g, player.discard, r);
            }
            if let Some(r) = rest.strip_prefix("foreign ") {
                return named(g, player.discard_foreign, r);
            }
            g.discard(seat).to_vec()
        }
        "removed" => g.removed(seat),
        "sees" if rest.starts_with("play ") || rest.starts_with("line ") => {
            // pN sees play is … / pN sees line is …: the names pN's view gives the
            // cards in play (in the order they came) or on the line (bottom first).
            let v = g.view(seat);
            let (got, want): (Vec<String>, &str) = match rest.split_once(" is ") {
                Some(("play", w)) => (v.in_play.into_iter().map(|c| c.name).collect(), w),
                Some(("line", w)) => (v.line.into_iter().map(|l| l.0).collect(), w),
                _ => return Err("expected pN sees play is … or pN sees line is …".into()),
            };
            let want: Vec<String> = match want.trim() {
                "none" => Vec::new(),
                w => w.split(',').map(|s| s.trim().to_string()).collect(),
            };
            return checked(got == want, || got.join(", "));
        }
        "sees" => {
            // pN sees pM hand is …: the cards of pM's hand that pN may read, from pN's
            // view: its own hand, or the face-up cards of another's.
            let (other, r) = rest
                .split_once(" hand ")
                .ok_or("expected pN sees pM hand is …")?;
            let other = seat_among(other, g.players())?;
            let them = g.view(seat).players.swap_remove(other);
            return named(g, them.hand.unwrap_or(them.shown), r);
        }
        "play" => g
            .in_play()
            .iter()
            .copied()
            .filter(|&o| g.obj(o).controller == seat)
            .collect(),
        _ => return Err(format!("unknown expectation {}", quoted(what))),
    };
    named(g, names(g, zone.into_iter()), rest)
}

/// `NAME offense N`, `defense N`, `damage N`, `counters N`, `controller pN`, `has` or
/// `lacks KEYWORD`, `veiled`, `face up`, a pose.
fn card_expect(g: &ClassicGame, e: &str) -> Option<Result<(), String>> {
    for (suffix, kind) in [
        (" offense ", 0),
        (" defense ", 1),
        (" damage ", 2),
        (" counters ", 3),
    ] {
        if let Some((name, n)) = e.rsplit_once(suffix) {
            return Some((|| {
                let o = find_in_play(g, name)?;
                let n: i32 = n.trim().parse().map_err(|_| "expected a number")?;
                let got = g.stats(o);
                let v = [
                    got.0,
                    got.1,
                    g.obj(o).damage as i32,
                    g.obj(o).counters as i32,
                ][kind];
                checked(v == n, || v.to_string())
            })());
        }
    }
    if let Some((name, p)) = e.rsplit_once(" controller ") {
        return Some((|| {
            let o = find_in_play(g, name)?;
            let got = g.obj(o).controller;
            checked(Some(got) == seat_word(p.trim()), || {
                format!("Player {}", got + 1)
            })
        })());
    }
    for (word, has) in [(" has ", true), (" lacks ", false)] {
        if let Some((name, k)) = e.rsplit_once(word) {
            if let Some(kw) = crate::card::Kw::parse(k.trim()) {
                return Some(find_in_play(g, name).and_then(|o| {
                    let got = g.stats(o).2;
                    checked(got.has(kw) == has, || got.names().join(", "))
                }));
            }
        }
    }
    for (word, veiled) in [(" veiled", true), (" face up", false)] {
        if let Some(name) = e.strip_suffix(word) {
            return Some(find_in_play(g, name).and_then(|o| {
                let got = g.obj(o).veiled;
                checked(got == veiled, || {
                    if got { "veiled" } else { "face up" }.into()
                })
            }));
        }
    }
    for pose in Pose::ALL {
        if let Some(name) = e.strip_suffix(&format!(" {}", pose.word())) {
            return Some(
                find_in_play(g, name).and_then(|o| {
                    checked(g.obj(o).pose == pose, || format!("{:?}", g.obj(o).pose))
                }),
            );
        }
    }
    None
}
