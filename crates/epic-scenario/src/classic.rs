//! Scenarios of the classic ruleset (the 2009 game): files that start with
//! `ruleset classic` (docs/scenarios.md, "Classic scenarios"). The same idea as the
//! 2017 scenarios — a position, decisions by label, expectations — over the classic
//! game's state: Mojo, actions, steps, the line.

use crate::{Outcome, ParseError, ScenarioError};
use epic_cards::quoted;
use epic_classic::state::{Pose, Source, Step};
use epic_classic::{parse_classic_cards, ClassicGame, ClassicPool, Placed, Position, SeatSetup};
use epic_game::{Seat, State};
use epic_model::CardId;
use std::sync::Arc;

/// Whether a scenario file is written for the classic ruleset.
pub fn is_classic(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.eq_ignore_ascii_case("ruleset classic"))
}

struct Classic {
    line: usize,
    name: String,
    rules: Vec<String>,
    pool: Arc<ClassicPool>,
    pos: Position,
    /// The seats whose deck the scenario wrote (an empty one included).
    deck_given: Vec<bool>,
    steps: Vec<(usize, String)>,
}

/// Reads a classic scenario file; every mistake is reported.
fn parse(file: &str, text: &str) -> Result<Vec<Classic>, ScenarioError> {
    let mut out: Vec<Classic> = Vec::new();
    let mut errors = Vec::new();
    let mut setup_done = false;
    let base = epic_classic::classic_pool();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') || l.eq_ignore_ascii_case("ruleset classic") {
            continue;
        }
        let mut err = |m: String| {
            errors.push(ParseError {
                file: file.to_string(),
                line,
                message: m,
            })
        };
        if let Some(name) = l.strip_prefix("scenario ") {
            out.push(Classic {
                line,
                name: name.trim().to_string(),
                rules: Vec::new(),
                pool: base.clone(),
                pos: Position {
                    seats: vec![SeatSetup::default(), SeatSetup::default()],
                    active: 0,
                    step: Step::Build,
                    turn: 3,
                    rules: Default::default(),
                },
                deck_given: vec![false; 2],
                steps: Vec::new(),
            });
            setup_done = false;
            continue;
        }
        let Some(s) = out.last_mut() else {
            err("expected a `scenario` line first".into());
            continue;
        };
        if let Some(rules) = l.strip_prefix("rule ") {
            s.rules.extend(
                rules
                    .split([',', ' '])
                    .filter(|r| !r.is_empty())
                    .map(String::from),
            );
            continue;
        }
        if l.starts_with("do ")
            || l.starts_with("expect ")
            || l.starts_with("reject ")
            || l.contains(" do ")
        {
            setup_done = true;
            s.steps.push((line, l.to_string()));
            continue;
        }
        if setup_done {
            err("setup statements come before the first do, reject or expect".into());
            continue;
        }
        if let Err(m) = setup(s, l) {
            err(m);
        }
    }
    for s in &out {
        if s.rules.is_empty() {
            errors.push(ParseError {
                file: file.to_string(),
                line: s.line,
                message: format!("scenario '{}' names no rule", s.name),
            });
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(ScenarioError::Parse(errors))
    }
}

/// A seat written as one word (`p2`), as the 2017 scenarios read it.
fn seat_of(word: &str) -> Option<usize> {
    match crate::parse::player_prefix(word) {
        Some((p, "")) => Some(p as usize),
        _ => None,
    }
}

/// `A, B x3` (or `none`) against the classic cards, as the 2017 scenarios read lists.
fn cards(pool: &ClassicPool, list: &str) -> Result<Vec<CardId>, String> {
    let mut out = Vec::new();
    for (name, n) in crate::parse::names_with(list, |n| pool.id(n).is_some())? {
        let id = pool
            .id(&name)
            .ok_or_else(|| format!("no classic card is named {}", quoted(&name)))?;
        out.extend(std::iter::repeat_n(id, n));
    }
    Ok(out)
}

fn setup(s: &mut Classic, l: &str) -> Result<(), String> {
    let (head, rest) = l
        .split_once(' ')
        .ok_or_else(|| format!("cannot read {}", quoted(l)))?;
    match head {
        "players" => {
            let n: usize = rest
                .trim()
                .parse()
                .ok()
                .filter(|n| (2..=8).contains(n))
                .ok_or("players is 2 to 8")?;
            s.pos.seats.resize(n, SeatSetup::default());
            s.deck_given.resize(n, false);
            Ok(())
        }
        "active" => {
            s.pos.active = seat_of(rest.trim())
                .filter(|&p| p < s.pos.seats.len())
                .ok_or("expected active pN")? as Seat;
            Ok(())
        }
        "turn" => {
            s.pos.turn = rest.trim().parse().map_err(|_| "expected turn N")?;
            Ok(())
        }
        "step" => {
            let step = rest.trim();
            s.pos.step =
                Step::parse(step).ok_or_else(|| format!("unknown step {}", quoted(step)))?;
            Ok(())
        }
        "format" => {
            // The format played, for the rules it changes (T-15.3).
            let format =
                epic_classic::format::Format::parse(rest.trim()).map_err(|e| e.to_string())?;
            s.pos.rules = format.rules();
            Ok(())
        }
        "card" => {
            // card NAME | type line | ability | ...
            let parts: Vec<&str> = l["card ".len()..].split(" | ").collect();
            let text = std::iter::once(format!("card {}", parts[0].trim()))
                .chain(parts[1..].iter().map(|p| format!("  {}", p.trim())))
                .collect::<Vec<_>>()
                .join("\n");
            let mut pool = (*s.pool).clone();
            parse_classic_cards("scenario card", &text, &mut pool).map_err(|e| e.to_string())?;
            s.pool = Arc::new(pool);
            Ok(())
        }
        _ => {
            let p = seat_of(head)
                .filter(|&p| p < s.pos.seats.len())
                .ok_or_else(|| format!("unknown statement {}", quoted(head)))?;
            let (what, value) = rest.split_once(' ').unwrap_or((rest, ""));
            let pool = s.pool.clone();
            let seat = &mut s.pos.seats[p];
            match what {
                "mojo" => seat.mojo = value.trim().parse().map_err(|_| "expected pN mojo N")?,
                "actions" => {
                    seat.actions = value.trim().parse().map_err(|_| "expected pN actions N")?
                }
                "hand" => seat.hand.extend(cards(&pool, value)?),
                "deck" => {
                    s.deck_given[p] = true;
                    let list = cards(&pool, value)?;
                    if list.is_empty() {
                        seat.deck.clear();
                    }
                    seat.deck.extend(list);
                }
                "discard" => seat.discard.extend(cards(&pool, value)?),
                "play" => {
                    // pN play NAME [veiled] [expended|flipped] [damage N]
                    let mut name = value.trim();
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
                    seat.in_play.push(Placed {
                        pose,
                        damage,
                        veiled,
                        ..Placed::new(id)
                    });
                }
                other => return Err(format!("unknown statement 'pN {other}'")),
            }
            Ok(())
        }
    }
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

/// Runs one classic scenario.
fn run_one(file: &str, s: &Classic) -> Outcome {
    let mut failures = Vec::new();
    let pos = filled(s.pos.clone(), &s.pool, &s.deck_given);
    match ClassicGame::from_position(s.pool.clone(), &pos, 1) {
        Err(e) => failures.push(format!(
            "line {}: the position cannot be set up: {e}",
            s.line
        )),
        Ok(mut g) => {
            for (line, step) in &s.steps {
                if let Err(m) = run_step(&mut g, step) {
                    failures.push(format!("line {line}: {}: {m}", epic_cards::excerpt(step)));
                    if step.contains("do ") && !step.starts_with("expect") {
                        break;
                    }
                }
            }
        }
    }
    Outcome {
        file: file.to_string(),
        line: s.line,
        name: s.name.clone(),
        rules: s.rules.clone(),
        passed: failures.is_empty(),
        failures,
    }
}

/// The pending option whose label `label` names, as the 2017 scenarios find theirs
/// (`run::find_label`: the whole label first, then its start; copies of one card read
/// the same and the first is taken).
fn find(g: &ClassicGame, label: &str) -> Result<epic_classic::Choice, String> {
    let seat = g.decider().unwrap_or(0);
    let labels: Vec<String> = g.options().iter().map(|&c| g.label_for(c, seat)).collect();
    match crate::run::find_label(&labels, label) {
        crate::run::Match::One(i) => Ok(g.options()[i]),
        crate::run::Match::Nothing => Err(format!(
            "no option {}; the options are: {}",
            quoted(label),
            labels.join(" | ")
        )),
        crate::run::Match::Several(hits) => {
            Err(format!("{} matches {} options", quoted(label), hits.len()))
        }
    }
}

/// What follows the first `n` words of `text` (words end at any whitespace, a
/// non-breaking space too), trimmed: never a slice inside a character or past the end.
fn after_words(text: &str, n: usize) -> &str {
    let mut rest = text.trim_start();
    for _ in 0..n {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        rest = rest[end..].trim_start();
    }
    rest
}

/// How the game stands, as scenarios name seats, from 1: "won by p1", "a draw", "not over".
fn result(g: &ClassicGame) -> String {
    match g.winners() {
        None => "the game not over".into(),
        Some([]) => "a draw".into(),
        Some(w) => format!("won by {}", seats_named(w)),
    }
}

/// Seats as scenarios list them: `p1, p3`.
fn seats_named(seats: &[Seat]) -> String {
    let named: Vec<String> = seats.iter().map(|s| format!("p{}", s + 1)).collect();
    named.join(", ")
}

/// The seats a scenario lists (`p1, p3`), from 0; words that name no seat (`none`) are
/// left out.
fn seats_listed(words: &[&str]) -> Vec<Seat> {
    words
        .iter()
        .filter_map(|p| seat_of(p.trim_end_matches(',')))
        .map(|s| s as Seat)
        .collect()
}

/// The pending decision as scenarios name seats, from 1: "p2 to decide (priority)".
fn asked(g: &ClassicGame) -> String {
    match g.ask() {
        Some((seat, ask)) => format!("p{} to decide ({})", seat + 1, ask.word()),
        None => "no decision (the game is over)".into(),
    }
}

fn run_step(g: &mut ClassicGame, step: &str) -> Result<(), String> {
    if let Some(rest) = step.strip_prefix("expect ") {
        return expect(g, rest.trim());
    }
    let (player, rest) = match step.split_once(' ') {
        Some((p, r)) if seat_of(p).is_some() => (seat_of(p), r),
        _ => (None, step),
    };
    if let (Some(p), Some(d)) = (player, g.decider()) {
        if p != d as usize {
            return Err(format!(
                "Player {} is deciding, not Player {}",
                d + 1,
                p + 1
            ));
        }
    }
    if let Some(label) = rest.strip_prefix("do ") {
        let c = find(g, label.trim())?;
        return g.apply(c).map_err(|e| e.to_string());
    }
    if let Some(label) = rest.strip_prefix("reject ") {
        return match find(g, label.trim()) {
            Ok(_) => Err("the option is offered".into()),
            Err(_) => Ok(()),
        };
    }
    Err("expected do, reject or expect".into())
}

fn names(g: &ClassicGame, objs: impl Iterator<Item = u16>) -> Vec<String> {
    let mut v: Vec<String> = objs.map(|o| g.card(o).name.clone()).collect();
    v.sort();
    v
}

/// The names of an expected list (`A, B x2`, `none`), sorted.
fn list(g: &ClassicGame, text: &str) -> Result<Vec<String>, String> {
    let mut v: Vec<String> = crate::parse::names_with(text, |n| g.pool().id(n).is_some())?
        .into_iter()
        .flat_map(|(name, n)| std::iter::repeat_n(name, n))
        .collect();
    v.sort();
    Ok(v)
}

fn find_in_play(g: &ClassicGame, name: &str) -> Result<u16, String> {
    g.in_play()
        .iter()
        .copied()
        .find(|&o| g.card(o).name.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("{} is not in play", quoted(name)))
}

fn expect(g: &ClassicGame, e: &str) -> Result<(), String> {
    let check = |ok: bool, got: String| {
        if ok {
            Ok(())
        } else {
            Err(format!("got {got}"))
        }
    };
    let words: Vec<&str> = e.split_whitespace().collect();
    match words.as_slice() {
        ["winner", "none"] => check(g.winners() == Some(&[][..]), result(g)),
        ["winner", ps @ ..] => check(g.winners() == Some(&seats_listed(ps)[..]), result(g)),
        ["game", "on"] => check(g.winners().is_none(), result(g)),
        // How the game ended, as the interface tells it: won, a deck run out, the limits.
        ["ending", how] => {
            let got = match epic_game::Ruleset::ending(g) {
                None => "none",
                Some(epic_game::Ending::Won) => "won",
                Some(epic_game::Ending::DeckedOut) => "decked-out",
                Some(epic_game::Ending::Limits) => "limits",
            };
            check(got == *how, format!("ending {got}"))
        }
        // Who lost first (the interface's ending): those out in the first state check,
        // or, in a game won by a deck run out, every player who did not win.
        ["lost", "first", ps @ ..] => {
            let got = g.first_to_lose();
            check(
                got == seats_listed(ps),
                format!("lost first: {}", seats_named(&got)),
            )
        }
        ["decision", "none"] => check(g.decider().is_none(), asked(g)),
        ["decision", p, kind @ ..] => {
            let want = seat_of(p).ok_or("expected decision pN")?;
            let ask = g.ask().map(|(s, a)| (s as usize, a.word()));
            let bare = |w: &str| w.replace('-', "").to_lowercase();
            let ok = ask.as_ref().is_some_and(|(s, a)| {
                *s == want && kind.first().is_none_or(|k| bare(a).starts_with(&bare(k)))
            });
            check(ok, asked(g))
        }
        ["step", s] => check(
            g.step()
                .name()
                .to_lowercase()
                .starts_with(&s.to_lowercase()),
            g.step().name().into(),
        ),
        ["active", p] => check(
            Some(g.active() as usize) == seat_of(p),
            format!("Player {}", g.active() + 1),
        ),
        ["line", rest @ ..] => {
            // expect line is A, B (bottom first) / expect line empty
            let text = rest.join(" ");
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
            check(got == want, got.join(", "))
        }
        ["option", ..] => find(g, after_words(e, 1)).map(|_| ()),
        ["options", ..] => {
            // Exactly these, in any order, case aside.
            let seat = g.decider().unwrap_or(0);
            let norm = |l: &str| l.trim().to_lowercase();
            let mut want: Vec<String> = after_words(e, 1).split('|').map(norm).collect();
            let mut got: Vec<String> = g.labels(seat).iter().map(|l| norm(l)).collect();
            want.sort();
            got.sort();
            check(want == got, g.labels(seat).join(" | "))
        }
        ["in", "play", "has", ..] => find_in_play(g, after_words(e, 3)).map(|_| ()),
        ["in", "play", "lacks", ..] => match find_in_play(g, after_words(e, 3)) {
            Ok(_) => Err("it is in play".into()),
            Err(_) => Ok(()),
        },
        [p, what, rest @ ..] if seat_of(p).is_some() => {
            let seat = seat_of(p).unwrap_or(0) as Seat;
            if seat as usize >= g.players() {
                return Err("no such player".into());
            }
            let rest = rest.join(" ");
            let zone: Vec<u16> = match *what {
                "mojo" => {
                    return check(
                        rest.parse::<i32>().ok() == Some(g.mojo(seat)),
                        g.mojo(seat).to_string(),
                    )
                }
                "actions" => {
                    return check(
                        rest.parse::<u8>().ok() == Some(g.actions(seat)),
                        g.actions(seat).to_string(),
                    )
                }
                "deck" => {
                    return check(
                        rest.parse::<usize>().ok() == Some(g.deck_size(seat)),
                        g.deck_size(seat).to_string(),
                    )
                }
                "hand" => g.hand(seat).to_vec(),
                "discard" => {
                    // pN discard owned … / foreign …: the two piles of T-12.12.
                    // Read from the player's own view, which splits the piles.
                    let player = g.view(seat).players.swap_remove(seat as usize);
                    if let Some(r) = rest.strip_prefix("owned ") {
                        return names_expect(g, player.discard, r);
                    }
                    if let Some(r) = rest.strip_prefix("foreign ") {
                        return names_expect(g, player.discard_foreign, r);
                    }
                    g.discard(seat).to_vec()
                }
                "removed" => g.removed(seat),
                "sees" if rest.starts_with("play ") || rest.starts_with("line ") => {
                    // pN sees play is … / pN sees line is …: the names pN's view gives
                    // the cards in play (in the order they came) or on the line (bottom
                    // first).
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
                    return check(got == want, got.join(", "));
                }
                "sees" => {
                    // pN sees pM hand is …: the cards of pM's hand that pN may read.
                    let (other, r) = rest
                        .split_once(" hand ")
                        .ok_or("expected pN sees pM hand is …")?;
                    let other = seat_of(other)
                        .filter(|&o| o < g.players())
                        .ok_or("no such player")?;
                    // Read from pN's view: its own hand, or the face-up cards of another's.
                    let them = g.view(seat).players.swap_remove(other);
                    return names_expect(g, them.hand.unwrap_or(them.shown), r);
                }
                "play" => g
                    .in_play()
                    .iter()
                    .copied()
                    .filter(|&o| g.obj(o).controller == seat)
                    .collect(),
                _ => return Err(format!("unknown expectation {}", quoted(what))),
            };
            zone_expect(g, zone, &rest)
        }
        _ => {
            // expect NAME offense N | defense N | damage N | counters N | expended |
            // flipped | prepared | controller pN | has KEYWORD | lacks KEYWORD
            for (suffix, kind) in [
                (" offense ", 0),
                (" defense ", 1),
                (" damage ", 2),
                (" counters ", 3),
            ] {
                if let Some((name, n)) = e.rsplit_once(suffix) {
                    let o = find_in_play(g, name)?;
                    let n: i32 = n.trim().parse().map_err(|_| "expected a number")?;
                    let got = g.stats(o);
                    let v = [
                        got.0,
                        got.1,
                        g.obj(o).damage as i32,
                        g.obj(o).counters as i32,
                    ][kind];
                    return check(v == n, v.to_string());
                }
            }
            if let Some((name, p)) = e.rsplit_once(" controller ") {
                let o = find_in_play(g, name)?;
                let want = seat_of(p.trim()).ok_or("expected controller pN")?;
                let got = g.obj(o).controller;
                return check(got as usize == want, format!("Player {}", got + 1));
            }
            for (word, has) in [(" has ", true), (" lacks ", false)] {
                if let Some((name, k)) = e.rsplit_once(word) {
                    if let Some(kw) = epic_classic::card::Kw::parse(k.trim()) {
                        let o = find_in_play(g, name)?;
                        let got = g.stats(o).2;
                        return check(got.has(kw) == has, got.names().join(", "));
                    }
                }
            }
            for (word, veiled) in [(" veiled", true), (" face up", false)] {
                if let Some(name) = e.strip_suffix(word) {
                    let o = find_in_play(g, name)?;
                    let got = g.obj(o).veiled;
                    return check(got == veiled, if got { "veiled" } else { "face up" }.into());
                }
            }
            for pose in Pose::ALL {
                if let Some(name) = e.strip_suffix(&format!(" {}", pose.word())) {
                    let o = find_in_play(g, name)?;
                    return check(g.obj(o).pose == pose, format!("{:?}", g.obj(o).pose));
                }
            }
            Err(format!("unknown expectation {}", quoted(e)))
        }
    }
}

/// `pN <zone> 3`, `… is A, B x2`, `… has A`, `… lacks A` over a list of cards: `has`
/// counts copies (`has Iron Golem x2` wants two).
fn zone_expect(g: &ClassicGame, zone: Vec<u16>, rest: &str) -> Result<(), String> {
    names_expect(g, names(g, zone.iter().copied()), rest)
}

/// Checks a list of card names against `rest`: a count, `is`, `has` or `lacks` a list.
fn names_expect(g: &ClassicGame, mut got: Vec<String>, rest: &str) -> Result<(), String> {
    got.sort();
    let copies = |list: &[String], name: &String| list.iter().filter(|n| *n == name).count();
    let ok = if let Ok(n) = rest.parse::<usize>() {
        if got.len() != n {
            return Err(format!("got {} ({})", got.len(), got.join(", ")));
        }
        true
    } else if let Some(t) = rest.strip_prefix("is ") {
        got == list(g, t)?
    } else if let Some(t) = rest.strip_prefix("has ") {
        let want = list(g, t)?;
        want.iter().all(|n| copies(&got, n) >= copies(&want, n))
    } else if let Some(t) = rest.strip_prefix("lacks ") {
        list(g, t)?.iter().all(|n| !got.contains(n))
    } else {
        return Err("expected a count, 'is', 'has' or 'lacks'".into());
    };
    if ok {
        Ok(())
    } else {
        Err(format!("got {}", got.join(", ")))
    }
}

/// Reads and runs every scenario of a classic scenario file.
pub fn run_classic_str(file: &str, text: &str) -> Result<Vec<Outcome>, ScenarioError> {
    let scenarios = parse(file, text)?;
    Ok(scenarios.iter().map(|s| run_one(file, s)).collect())
}

/// The classic scenarios of a file or folder, each as its name and the rules it cites
/// (for coverage and the rulings' check).
pub fn cited_rules(path: &std::path::Path) -> Result<Vec<(String, Vec<String>)>, ScenarioError> {
    crate::each_file(path, |name, text| {
        if !is_classic(text) {
            return Ok(Vec::new());
        }
        Ok(parse(name, text)?
            .into_iter()
            .map(|s| (s.name, s.rules))
            .collect())
    })
}
