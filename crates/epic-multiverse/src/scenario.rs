//! The multiverse game's scenario statements (docs/scenarios.md, "Multiverse
//! scenarios"): the setup of a [`Position`] — each Beyonder's footholds, characters
//! with their wounds, markers and items, hand, deck, holding area, graveyard and points,
//! the step, the goal and the variant — and the expectations only this game has.
//! `epic-scenario` reads the statements every game shares.

use crate::abilities::Ability;
use crate::position::{Placed, Position};
use crate::state::{InPlay, ItemState, Step, DISABLED};
use crate::variant::Variant;
use crate::{MultiverseGame, Pool};
use epic_game::scenario::{
    cards_of, checked, names_expect, seat_among, seat_word, Mistake, Statement,
};
use epic_game::words::quoted;
use epic_game::{Seat, State};

/// The game the setup statements describe, each mistake with its line.
pub(crate) fn position(
    header: usize,
    statements: &[Statement],
) -> Result<MultiverseGame, Vec<Mistake>> {
    let pool = crate::pool();
    let mut pos = Position::new(2);
    // The variant is checked against the seats, once every statement is read.
    let mut variant: Option<String> = None;
    let mut mistakes = Vec::new();
    for s in statements {
        if let Err(message) = setup(&pool, &mut pos, &mut variant, &s.text) {
            mistakes.push(Mistake {
                line: s.line,
                message,
            });
        }
    }
    let whole = |message: String| {
        vec![Mistake {
            line: header,
            message,
        }]
    };
    if !mistakes.is_empty() {
        return Err(mistakes);
    }
    if let Some(name) = variant {
        let (name, size) =
            match name.split_once(' ') {
                Some((n, size)) => (
                    n.to_string(),
                    Some(size.trim().parse::<u8>().map_err(|_| {
                        whole(format!("the team size {} is no number", quoted(size)))
                    })?),
                ),
                None => (name, None),
            };
        pos.variant =
            Variant::parse(Some(&name), size, pos.seats.len()).map_err(|e| whole(e.to_string()))?;
    }
    // Decks are written top first; a position's deck is drawn from its end.
    for seat in &mut pos.seats {
        seat.deck.reverse();
    }
    pos.start(pool)
        .map_err(|e| whole(format!("the position cannot be set up: {e}")))
}

/// `A, B x3` (or `none`): the names of multiverse cards, as printed, each copy once.
fn names(pool: &Pool, list: &str) -> Result<Vec<String>, String> {
    cards_of(list, "multiverse", |n| {
        pool.id(n).map(|id| pool.get(id).name.clone())
    })
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("expected {what}, found {}", quoted(text.trim())))
}

fn step_named(word: &str) -> Result<Step, String> {
    let word = word.trim().to_lowercase();
    Step::ALL
        .into_iter()
        .find(|s| s.word() == word || s.name().to_lowercase() == word)
        .ok_or_else(|| {
            let words: Vec<&str> = Step::ALL.iter().map(|s| s.word()).collect();
            format!(
                "unknown step {}; the steps are {}",
                quoted(&word),
                words.join(", ")
            )
        })
}

fn setup(
    pool: &Pool,
    pos: &mut Position,
    variant: &mut Option<String>,
    l: &str,
) -> Result<(), String> {
    let (head, rest) = l
        .split_once(' ')
        .ok_or_else(|| format!("cannot read {}", quoted(l)))?;
    let rest = rest.trim();
    match head {
        "players" => {
            let n: usize = number(rest, "players N")?;
            if !(2..=crate::MAX_PLAYERS).contains(&n) {
                return Err(format!("players is 2 to {}", crate::MAX_PLAYERS));
            }
            pos.seats.resize(n, Default::default());
        }
        "active" => pos.active = seat_among(rest, pos.seats.len())? as Seat,
        "turn" => pos.turn = number(rest, "turn N")?,
        "step" => pos.step = step_named(rest)?,
        "goal" => pos.goal = number(rest, "goal N (the points that win)")?,
        "seed" => pos.seed = number(rest, "seed N")?,
        "variant" => *variant = Some(rest.to_string()),
        "battle" => pos.battle = number(rest, "battle N (a campaign's, from 1)")?,
        _ => {
            let p = seat_word(head)
                .map(usize::from)
                .filter(|&p| p < pos.seats.len())
                .ok_or_else(|| format!("unknown statement {}", quoted(head)))?;
            let (what, value) = rest.split_once(' ').unwrap_or((rest, ""));
            let seat = &mut pos.seats[p];
            match what {
                "hand" => seat.hand.extend(names(pool, value)?),
                "deck" => seat.deck.extend(names(pool, value)?),
                "holding" => seat.holding.extend(names(pool, value)?),
                "graveyard" => seat.graveyard.extend(names(pool, value)?),
                "points" => seat.points = number(value, "pN points N")?,
                "battle" => {
                    let n = value
                        .strip_prefix("points ")
                        .ok_or("expected pN battle points N")?;
                    seat.battle_points = number(n, "pN battle points N")?;
                }
                "footholds" => seat
                    .footholds
                    .extend(names(pool, value)?.into_iter().map(|n| (n, false))),
                "tapped" => {
                    let list = value
                        .strip_prefix("footholds ")
                        .ok_or("expected pN tapped footholds A, B")?;
                    seat.footholds
                        .extend(names(pool, list)?.into_iter().map(|n| (n, true)));
                }
                "played" if value == "a foothold" => seat.played_foothold = true,
                "play" => seat.characters.push(placed(pool, value)?),
                other => return Err(format!("unknown statement 'pN {}'", quoted(other))),
            }
        }
    }
    Ok(())
}

/// `NAME` or `NAME (tapped, wounds 1, invisible, intangible, marker, with ITEM, with
/// ITEM disabled, with ITEM knocked away)`: a character put in play.
fn placed(pool: &Pool, text: &str) -> Result<Placed, String> {
    let (name, attrs) = match text.split_once('(') {
        Some((name, attrs)) => (
            name.trim(),
            attrs
                .trim()
                .strip_suffix(')')
                .ok_or_else(|| format!("{}: expected a closing ')'", quoted(text)))?,
        ),
        None => (text.trim(), ""),
    };
    let id = pool
        .id(name)
        .ok_or_else(|| format!("no multiverse card is named {}", quoted(name)))?;
    let mut ch = Placed::new(&pool.get(id).name);
    for attr in attrs.split(',').map(str::trim).filter(|a| !a.is_empty()) {
        match attr {
            "tapped" => ch.tapped = true,
            "invisible" => ch.invisible = true,
            "intangible" => ch.intangible = true,
            "marker" => ch.marker = true,
            _ => {
                if let Some(n) = attr.strip_prefix("wounds ") {
                    ch.wounds = number(n, "wounds N")?;
                } else if let Some(item) = attr.strip_prefix("with ") {
                    let (item, state) = [
                        (" disabled", ItemState::Disabled),
                        (" knocked away", ItemState::KnockedAway),
                    ]
                    .into_iter()
                    .find_map(|(word, state)| item.strip_suffix(word).map(|i| (i, state)))
                    .unwrap_or((item, ItemState::Working));
                    let id = pool
                        .id(item)
                        .ok_or_else(|| format!("no multiverse card is named {}", quoted(item)))?;
                    ch.items.push((pool.get(id).name.clone(), state));
                } else {
                    return Err(format!(
                        "{}: a character is tapped, wounds N, invisible, intangible, \
                         marker or with ITEM",
                        quoted(attr)
                    ));
                }
            }
        }
    }
    Ok(ch)
}

/// The character named `name` in play, with its seat: the first found, seat by seat.
fn in_play<'g>(g: &'g MultiverseGame, name: &str) -> Result<(Seat, &'g InPlay), String> {
    (0..g.seats() as Seat)
        .find_map(|s| {
            g.player(s)
                .characters
                .iter()
                .find(|c| g.pool().get(c.card).name.eq_ignore_ascii_case(name))
                .map(|c| (s, c))
        })
        .ok_or_else(|| format!("{} is not in play", quoted(name)))
}

/// Checks one of this game's expectations; `None`: not one of them.
pub(crate) fn expect(g: &MultiverseGame, e: &str) -> Option<Result<(), String>> {
    let words: Vec<&str> = e.split_whitespace().collect();
    Some(match words.as_slice() {
        ["step", s] => {
            step_named(s).and_then(|want| checked(g.step() == want, || g.step().word().into()))
        }
        ["active", p] => checked(seat_word(p) == Some(g.active()), || {
            format!("p{}", g.active() + 1)
        }),
        ["turn", n] => checked(n.parse() == Ok(g.turn()), || g.turn().to_string()),
        ["battle", n] => checked(n.parse() == Ok(g.battle()), || g.battle().to_string()),
        ["item", ..] => item_expect(g, epic_game::scenario::after_words(e, 1)),
        [p, what, ..] if seat_word(p).is_some() => {
            let rest = epic_game::scenario::after_words(e, 2);
            seat_among(p, g.seats()).and_then(|s| seat_expect(g, s as Seat, what, rest))
        }
        _ => return character_expect(g, e),
    })
}

/// `pN points N` and the cards of one Beyonder's zones.
fn seat_expect(g: &MultiverseGame, seat: Seat, what: &str, rest: &str) -> Result<(), String> {
    let p = g.player(seat);
    let name = |c: &crate::CardId| g.pool().get(*c).name.clone();
    let got: Vec<String> = match what {
        "points" => {
            return checked(rest.parse() == Ok(p.points), || p.points.to_string());
        }
        "battle" => {
            let got = g.battle_points(seat);
            let n = rest
                .strip_prefix("points ")
                .ok_or("expected pN battle points N")?;
            return checked(n.trim().parse() == Ok(got), || got.to_string());
        }
        "hand" => p.hand.iter().map(name).collect(),
        "deck" => p.deck.iter().map(name).collect(),
        "discard" => p.discard.iter().map(name).collect(),
        "graveyard" => p.graveyard.iter().map(name).collect(),
        "footholds" => p.footholds.iter().map(|f| name(&f.card)).collect(),
        "tapped" => {
            let list = rest
                .strip_prefix("footholds ")
                .ok_or("expected pN tapped footholds …")?;
            let tapped = p.footholds.iter().filter(|f| f.tapped);
            let got = tapped.map(|f| name(&f.card)).collect();
            return names_expect(got, list, |n| g.pool().id(n).is_some());
        }
        "characters" => p.characters.iter().map(|c| name(&c.card)).collect(),
        "holding" => p.holding.iter().map(|c| name(&c.card)).collect(),
        "out" => return checked(p.out, || "still in the game".into()),
        _ => return Err(format!("unknown expectation 'pN {}'", quoted(what))),
    };
    names_expect(got, rest, |n| g.pool().id(n).is_some())
}

/// A yes-or-no fact of a character.
type Flag = fn(&InPlay) -> bool;

/// `NAME wounds N`, `NAME C N`, `NAME D N`, `NAME tapped`, `NAME untapped`, `NAME
/// disabled`, `NAME has ITEM`, `NAME is LABEL`, `NAME invisible`, `NAME flying`, `NAME
/// hidden`, `NAME marker`, `NAME controller pN`.
fn character_expect(g: &MultiverseGame, e: &str) -> Option<Result<(), String>> {
    for (word, value) in [(" wounds ", 0), (" C ", 1), (" D ", 2)] {
        if let Some((name, n)) = e.rsplit_once(word) {
            return Some(in_play(g, name).and_then(|(_, ch)| {
                let want: u8 = number(n, "a number")?;
                let got = [ch.wounds, g.combat_value(ch), g.defense_value(ch)][value];
                checked(got == want, || got.to_string())
            }));
        }
    }
    if let Some((name, p)) = e.rsplit_once(" controller ") {
        return Some(in_play(g, name).and_then(|(seat, _)| {
            checked(seat_word(p.trim()) == Some(seat), || {
                format!("p{}", seat + 1)
            })
        }));
    }
    if let Some((name, label)) = e.rsplit_once(" is ") {
        let (want, label) = match label.trim().strip_prefix("not ") {
            Some(label) => (false, label),
            None => (true, label.trim()),
        };
        return Some(in_play(g, name).and_then(|(_, ch)| {
            // An ability is read as the character has it now (given, lost, disabled);
            // any other label as printed or given.
            let is = match Ability::parse(label) {
                Some(Ability::Cyborg) => g.cyborg(ch),
                Some(a) => {
                    g.has(ch, a)
                        || (g.given_labels(ch).iter()).any(|l| l.eq_ignore_ascii_case(label))
                }
                None => g.matches(ch, label),
            };
            let labels = || g.pool().get(ch.card).labels().join(", ");
            checked(is == want, || {
                let with = if want { "labels" } else { "it is, labels" };
                format!("{with}: {}", labels())
            })
        }));
    }
    if let Some((name, item)) = e.rsplit_once(" has ") {
        return Some(in_play(g, name).and_then(|(seat, ch)| {
            let held: Vec<String> = g
                .player(seat)
                .items
                .iter()
                .filter(|i| i.holder == ch.id)
                .map(|i| g.pool().get(i.card).name.clone())
                .collect();
            checked(
                held.iter().any(|h| h.eq_ignore_ascii_case(item.trim())),
                || format!("items: {}", held.join(", ")),
            )
        }));
    }
    let flags: [(&str, Flag); 11] = [
        (" untapped", |c| !c.tapped),
        (" possessed", |c| c.master.is_some_and(|m| !m.enslaved)),
        (" enslaved", |c| c.master.is_some_and(|m| m.enslaved)),
        (" free", |c| c.master.is_none()),
        (" hidden", |c| c.hidden),
        (" marker", |c| c.token),
        (" tapped", |c| c.tapped),
        (" disabled", |c| c.wounds >= DISABLED),
        (" invisible", |c| c.invisible),
        (" intangible", |c| c.intangible),
        (" flying", |c| c.flying),
    ];
    for (word, holds) in flags {
        if let Some(name) = e.strip_suffix(word) {
            return Some(
                in_play(g, name).and_then(|(_, ch)| checked(holds(ch), || format!("not{word}"))),
            );
        }
    }
    None
}

/// `item NAME working|disabled|knocked away`: the state of the first item of the name in
/// play, seat by seat.
fn item_expect(g: &MultiverseGame, e: &str) -> Result<(), String> {
    let states = [
        (" working", ItemState::Working),
        (" disabled", ItemState::Disabled),
        (" knocked away", ItemState::KnockedAway),
    ];
    let (name, want) = states
        .into_iter()
        .find_map(|(word, state)| e.strip_suffix(word).map(|n| (n.trim(), state)))
        .ok_or("expected item NAME working, disabled or knocked away")?;
    let item = (0..g.seats() as Seat)
        .flat_map(|s| g.player(s).items.iter())
        .find(|i| g.pool().get(i.card).name.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("no item {} is in play", quoted(name)))?;
    checked(item.state == want, || format!("{:?}", item.state))
}
