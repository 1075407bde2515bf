//! The scenario text format (see `docs/scenarios.md`): one statement per line, read
//! into [`Scenario`] values. Card names are checked against the base set here, so a
//! typo is reported with its line before anything runs.

use crate::{
    ChampionCheck, ChampionSpec, Expect, Instruction, InstructionKind, ParseError, Scenario,
    ScenarioError, SeatSpec, SetupSpec, Start, ZoneCheck, ZoneName,
};
use epic_engine::model::{CardId, CardPool, Keyword};
use epic_engine::state::{Phase, Zone};
use epic_engine::{DecisionKind, EndReason, Variant};
use std::sync::Arc;

/// The most seats a position may have.
const MAX_SEATS: usize = 8;

/// Reads every scenario of one file's text. `file` names it in errors and outcomes.
/// Every mistake of the file is reported, each with its line. A byte-order mark at the
/// start (some editors begin UTF-8 files with one) is not part of the text.
pub fn parse_str(file: &str, text: &str) -> Result<Vec<Scenario>, ScenarioError> {
    parse_str_with(file, text, epic_cards::shared_full_pool())
}

/// [`parse_str`], naming the cards of `pool` (every real card and the files given with
/// `epic --cards`, say).
pub fn parse_str_with(
    file: &str,
    text: &str,
    pool: Arc<CardPool>,
) -> Result<Vec<Scenario>, ScenarioError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut p = Parser {
        file,
        pool,
        out: Vec::new(),
        errors: Vec::new(),
        cur: None,
    };
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Err(message) = p.line(i + 1, line) {
            p.errors.push(ParseError {
                file: file.to_string(),
                line: i + 1,
                message,
            });
        }
    }
    p.finish_current();
    if p.errors.is_empty() {
        Ok(p.out)
    } else {
        Err(ScenarioError::Parse(p.errors))
    }
}

struct Draft {
    scenario: Scenario,
    /// Seats named so far (for `players`), with the line that named the highest one.
    highest_seat: (usize, usize),
    players_given: bool,
    /// Every real card plus this scenario's own cards, once it has any.
    pool: Option<Arc<CardPool>>,
}

struct Parser<'a> {
    file: &'a str,
    pool: Arc<CardPool>,
    out: Vec<Scenario>,
    errors: Vec<ParseError>,
    cur: Option<Draft>,
}

type R<T> = Result<T, String>;

impl Parser<'_> {
    fn line(&mut self, n: usize, line: &str) -> R<()> {
        let (head, rest) = split_word(line);
        let head = head.to_ascii_lowercase();
        if head == "scenario" {
            self.finish_current();
            if rest.is_empty() {
                return Err("a scenario needs a name: `scenario NAME`".into());
            }
            self.cur = Some(Draft {
                scenario: Scenario {
                    file: self.file.to_string(),
                    line: n,
                    name: rest.to_string(),
                    rules: Vec::new(),
                    pool: self.pool.clone(),
                    cards: Vec::new(),
                    setup: SetupSpec {
                        players: 2,
                        variant: Variant::FreeForAll,
                        team_size: 1,
                        turn: 3,
                        active: 0,
                        start: Start::Main,
                        seed: 0,
                        seats: vec![SeatSpec::default(); MAX_SEATS],
                    },
                    steps: Vec::new(),
                },
                highest_seat: (0, n),
                players_given: false,
                pool: None,
            });
            return Ok(());
        }
        let base = &*self.pool;
        let Some(d) = self.cur.as_mut() else {
            return Err(format!(
                "expected `scenario NAME` before anything else, found `{line}`"
            ));
        };
        let own = d.pool.clone();
        let pool: &CardPool = own.as_deref().unwrap_or(base);
        let setup_done = !d.scenario.steps.is_empty();
        let setup_only = |what: &str| -> R<()> {
            if setup_done {
                Err(format!(
                    "`{what}` sets up the position: it must come before the first `do`, `reject` or `expect`"
                ))
            } else {
                Ok(())
            }
        };
        match head.as_str() {
            "rule" | "rules" => {
                let rules: Vec<String> = rest
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect();
                if rules.is_empty() {
                    return Err("`rule` needs at least one rule number".into());
                }
                for r in &rules {
                    if !is_rule_number(r) {
                        return Err(format!(
                            "`{r}` is not a rule number (like 4.4.11a, M4.4.6 or a ruling H-11)"
                        ));
                    }
                }
                d.scenario.rules.extend(rules);
            }
            "players" => {
                setup_only("players")?;
                let n: usize = number(rest, "players")?;
                if !(2..=MAX_SEATS).contains(&n) {
                    return Err(format!("a game has 2 to {MAX_SEATS} players, not {n}"));
                }
                d.scenario.setup.players = n;
                d.players_given = true;
            }
            "variant" => {
                setup_only("variant")?;
                let lower = rest.trim().to_ascii_lowercase();
                let (name, size) = split_word(&lower);
                let variant = Variant::named(name).ok_or_else(|| {
                    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
                    format!(
                        "unknown variant `{name}`: expected one of {}",
                        names.join(", ")
                    )
                })?;
                // Hydra's teams are of two unless a size follows: `variant hydra 3`.
                let team_size = match (variant, size.trim()) {
                    (Variant::Hydra, "") => 2,
                    (Variant::Hydra, n) => number(n, "team size")?,
                    (_, "") => 1,
                    (_, extra) => {
                        return Err(format!(
                            "`variant {name}` takes nothing after it, not `{extra}`"
                        ))
                    }
                };
                d.scenario.setup.variant = variant;
                d.scenario.setup.team_size = team_size;
            }
            "turn" => {
                setup_only("turn")?;
                let t: u16 = number(rest, "turn")?;
                if t == 0 {
                    return Err("turns are numbered from 1".into());
                }
                d.scenario.setup.turn = t;
            }
            "active" => {
                setup_only("active")?;
                let p = whole_player(rest)?;
                d.note_seat(p, n);
                d.scenario.setup.active = p;
            }
            "start" => {
                setup_only("start")?;
                d.scenario.setup.start = match rest.to_ascii_lowercase().as_str() {
                    "main" | "main phase" => Start::Main,
                    "turn" | "start of turn" | "start phase" => Start::Turn,
                    "mulligan" | "game" => Start::Mulligan,
                    other => {
                        return Err(format!(
                        "`start {other}`: expected `start main`, `start turn` or `start mulligan`"
                    ))
                    }
                };
            }
            "seed" => {
                setup_only("seed")?;
                d.scenario.setup.seed = number(rest, "seed")?;
            }
            "card" => {
                setup_only("card")?;
                let text = card_text(rest)?;
                let mut extended = pool.clone();
                if let Err(e) = epic_cards::parse_cards("scenario card", &text, &mut extended) {
                    return Err(format!("the card cannot be read: {e}"));
                }
                d.scenario.cards.push(text);
                d.pool = Some(Arc::new(extended));
            }
            "do" | "reject" => {
                let step = decision_step(&head, None, rest)?;
                d.scenario.steps.push(Instruction {
                    line: n,
                    kind: step,
                });
            }
            "expect" => {
                let e = expectation(pool, rest, d, n)?;
                d.scenario.steps.push(Instruction {
                    line: n,
                    kind: InstructionKind::Expect(e),
                });
            }
            _ => {
                let Some((p, rest)) = player_prefix(line) else {
                    return Err(format!(
                        "unknown statement `{head}`: expected scenario, rule, players, variant, turn, active, start, seed, card, pN …, do, reject or expect"
                    ));
                };
                d.note_seat(p, n);
                let (what, value) = split_word(rest);
                let what = what.to_ascii_lowercase();
                if what == "concedes" && value.is_empty() {
                    d.scenario.steps.push(Instruction {
                        line: n,
                        kind: InstructionKind::Concede(p),
                    });
                    return Ok(());
                }
                if what == "do" || what == "reject" {
                    let step = decision_step(&what, Some(p), value)?;
                    d.scenario.steps.push(Instruction {
                        line: n,
                        kind: step,
                    });
                    return Ok(());
                }
                setup_only(&format!("p{} {what}", p + 1))?;
                let seat = &mut d.scenario.setup.seats[p as usize];
                match what.as_str() {
                    "health" => seat.health = Some(number(value, "health")?),
                    "gold" => seat.gold = Some(number(value, "gold")?),
                    "hand" => seat.hand = card_list(pool, value, false)?,
                    "deck" => seat.deck = card_list(pool, value, false)?,
                    "discard" => seat.discard = card_list(pool, value, false)?,
                    "champion" | "champions" => seat.champions.extend(champion_line(pool, value)?),
                    "god" => match card_list(pool, value, false)?[..] {
                        [g] => seat.god = Some(g),
                        _ => return Err("`pN god` names one God card".into()),
                    },
                    other => {
                        return Err(format!(
                            "unknown seat setting `{other}`: expected health, gold, hand, deck, discard, champion, god, do or reject"
                        ))
                    }
                }
            }
        }
        Ok(())
    }

    fn finish_current(&mut self) {
        let Some(mut d) = self.cur.take() else {
            return;
        };
        let s = &mut d.scenario;
        if s.rules.is_empty() {
            self.errors.push(ParseError {
                file: self.file.to_string(),
                line: s.line,
                message: format!(
                    "scenario `{}` names no rule: add a `rule NUMBER` line",
                    s.name
                ),
            });
        }
        let (highest, at) = d.highest_seat;
        if highest >= s.setup.players {
            self.errors.push(ParseError {
                file: self.file.to_string(),
                line: at,
                message: format!(
                    "player {} named, but the scenario has {} players{}",
                    highest + 1,
                    s.setup.players,
                    if d.players_given {
                        ""
                    } else {
                        " (add `players N`)"
                    }
                ),
            });
        }
        if s.setup.start == Start::Mulligan {
            let bad = s.setup.seats.iter().any(|seat| {
                seat.health.is_some()
                    || seat.gold.is_some()
                    || !seat.hand.is_empty()
                    || !seat.discard.is_empty()
                    || !seat.champions.is_empty()
            });
            if bad || s.setup.turn != 3 {
                self.errors.push(ParseError {
                    file: self.file.to_string(),
                    line: s.line,
                    message: "`start mulligan` begins a new game: only decks, `active` (who goes first) and `seed` may be set".into(),
                });
            }
        }
        s.setup.seats.truncate(s.setup.players);
        self.out.push(d.scenario);
    }
}

impl Draft {
    fn note_seat(&mut self, p: u8, line: usize) {
        if p as usize >= self.highest_seat.0 {
            self.highest_seat = (p as usize, line);
        }
    }
}

/// The first word and the rest, trimmed.
fn split_word(s: &str) -> (&str, &str) {
    let s = s.trim();
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], s[i..].trim()),
        None => (s, ""),
    }
}

fn number<T: std::str::FromStr>(s: &str, what: &str) -> R<T> {
    s.trim()
        .parse()
        .map_err(|_| format!("`{what}` needs a number, found `{s}`"))
}

/// `4.4.11a`, `1.2`, `M4.4.6`, `1.2.1-i`, `5.20.5-ii`, and rulings `H-11`, `R-01`.
fn is_rule_number(r: &str) -> bool {
    // The engine's rulings (docs/rulings.md): H-01, R-02.
    // The checklist's worked examples and derived scenarios: S-16, D-07; its format
    // items: FMT-12.
    if let Some(n) = r
        .strip_prefix("H-")
        .or_else(|| r.strip_prefix("R-"))
        .or_else(|| r.strip_prefix("S-"))
        .or_else(|| r.strip_prefix("D-"))
        .or_else(|| r.strip_prefix("FMT-"))
    {
        return !n.is_empty() && n.chars().all(|c| c.is_ascii_digit());
    }
    let r = r.strip_prefix('M').unwrap_or(r);
    let (main, sub) = match r.split_once('-') {
        Some((m, s)) => (m, Some(s)),
        None => (r, None),
    };
    if let Some(sub) = sub {
        if sub.is_empty() || !sub.chars().all(|c| matches!(c, 'i' | 'v' | 'x')) {
            return false;
        }
    }
    let mut parts = main.split('.').peekable();
    let mut count = 0;
    while let Some(part) = parts.next() {
        count += 1;
        let digits: String = part.chars().take_while(char::is_ascii_digit).collect();
        let tail = &part[digits.len()..];
        let last = parts.peek().is_none();
        if digits.is_empty() || (!tail.is_empty() && (!last || tail.len() > 1)) {
            return false;
        }
        if !tail.chars().all(|c| c.is_ascii_lowercase()) {
            return false;
        }
    }
    count >= 1
}

/// `p2`, `P2`, `player 2`, `Player 2` at the start of `s`: the seat and the rest.
pub(crate) fn player_prefix(s: &str) -> Option<(u8, &str)> {
    let (w, rest) = split_word(s);
    let lower = w.to_ascii_lowercase();
    if let Some(num) = lower.strip_prefix('p') {
        if let Ok(n) = num.parse::<u8>() {
            if (1..=MAX_SEATS as u8).contains(&n) {
                return Some((n - 1, rest));
            }
        }
    }
    if lower == "player" {
        let (w2, rest2) = split_word(rest);
        if let Ok(n) = w2.parse::<u8>() {
            if (1..=MAX_SEATS as u8).contains(&n) {
                return Some((n - 1, rest2));
            }
        }
    }
    None
}

/// A value that is exactly a player.
fn whole_player(s: &str) -> R<u8> {
    match player_prefix(s) {
        Some((p, "")) => Ok(p),
        _ => Err(format!("expected a player (p1, p2, …), found `{s}`")),
    }
}

fn decision_step(word: &str, player: Option<u8>, label: &str) -> R<InstructionKind> {
    if label.is_empty() {
        return Err(format!("`{word}` needs the label of an option"));
    }
    let label = label.to_string();
    Ok(if word == "do" {
        InstructionKind::Do { player, label }
    } else {
        InstructionKind::Reject { player, label }
    })
}

/// `gold N`, or `gold N +M ALIGNMENT`: N gold, and M that pays only for cards of that
/// alignment (Brachiosaurus).
fn gold_expect(p: u8, value: &str) -> R<Expect> {
    let (n, rest) = split_word(value);
    let gold = number(n, "gold")?;
    if rest.is_empty() {
        return Ok(Expect::Gold(p, gold, None));
    }
    let (bonus, aligns) = split_word(rest);
    let bonus = bonus
        .strip_prefix('+')
        .and_then(|b| b.parse::<i32>().ok())
        .ok_or_else(|| {
            format!("expected `gold N` or `gold N +M ALIGNMENT`, found `gold {value}`")
        })?;
    if aligns.is_empty() {
        return Err(format!(
            "`gold {value}`: name the alignment the extra gold pays for"
        ));
    }
    Ok(Expect::Gold(
        p,
        gold,
        Some((bonus, aligns.to_ascii_lowercase())),
    ))
}

/// Resolves a card or token name (`Lurking Giant`, `Wolf token`).
fn card(pool: &CardPool, name: &str) -> R<CardId> {
    let name = name.trim();
    if let Some(id) = pool.by_name(name) {
        return Ok(id);
    }
    if let Some(id) = pool.token(name) {
        return Ok(id);
    }
    Err(match suggest(pool, name) {
        Some(s) => format!(
            "unknown card `{}` (did you mean `{s}`?)",
            epic_cards::excerpt(name)
        ),
        None => format!("unknown card `{}`", epic_cards::excerpt(name)),
    })
}

/// The closest card or token name, when one is close (`epic_cards::nearest`, whose work
/// stays small however long the name is).
fn suggest(pool: &CardPool, name: &str) -> Option<String> {
    let shown: Vec<String> = pool
        .iter()
        .map(|(_, c)| {
            if c.token {
                format!("{} token", c.name)
            } else {
                c.name.clone()
            }
        })
        .collect();
    epic_cards::nearest(name, shown.iter().map(String::as_str), 1)
        .first()
        .map(|s| s.to_string())
}

/// `A, B x3, C` (or `none`): names with an optional repeat count. A name may hold a
/// comma ("Raxxa, Demon Tyrant"): pieces that together name a card of the pool are one.
fn names(pool: &CardPool, s: &str) -> R<Vec<(String, usize)>> {
    epic_game::scenario::card_list(s, |name| pool.by_name(name).is_some())
}

fn card_list(pool: &CardPool, s: &str, tokens_ok: bool) -> R<Vec<CardId>> {
    let mut out = Vec::new();
    for (name, count) in names(pool, s)? {
        let id = card(pool, &name)?;
        if pool.get(id).token && !tokens_ok {
            return Err(format!(
                "`{name}` is a token: tokens exist only in play (2.3.5)"
            ));
        }
        out.extend(std::iter::repeat_n(id, count));
    }
    Ok(out)
}

/// Names in expectations: checked to be real cards, kept as written.
fn checked_names(pool: &CardPool, s: &str) -> R<Vec<String>> {
    let mut out = Vec::new();
    for (name, count) in names(pool, s)? {
        card(pool, &name)?;
        out.extend(std::iter::repeat_n(name, count));
    }
    Ok(out)
}

/// `Burrowing Wurm (expended, damage 3, counters 2)`, `Wolf token x2`.
fn champion_line(pool: &CardPool, s: &str) -> R<Vec<ChampionSpec>> {
    let (name, attrs) = match s.find('(') {
        Some(i) => {
            let close = s
                .rfind(')')
                .filter(|&j| j > i)
                .ok_or_else(|| format!("missing `)` in `{s}`"))?;
            if !s[close + 1..].trim().is_empty() {
                return Err(format!("unexpected text after `)` in `{s}`"));
            }
            (s[..i].trim(), &s[i + 1..close])
        }
        None => (s.trim(), ""),
    };
    let list = names(pool, name)?;
    if list.len() != 1 {
        return Err("one champion per `champion` line (use `NAME xN` for copies)".into());
    }
    let (name, count) = &list[0];
    let mut spec = ChampionSpec::new(card(pool, name)?);
    if !pool.get(spec.card).is_champion() {
        return Err(format!("`{name}` is not a champion"));
    }
    for attr in attrs.split(',').map(str::trim).filter(|a| !a.is_empty()) {
        let (w, v) = split_word(attr);
        match w.to_ascii_lowercase().as_str() {
            "expended" => spec.expended = true,
            "flipped" => spec.flipped = true,
            "deploying" => spec.deploying = true,
            "prepared" => {}
            "damage" => spec.damage = number(v, "damage")?,
            "counters" | "counter" => spec.counters = number(v, "counters")?,
            _ => {
                return Err(format!(
                    "unknown champion state `{attr}`: expected expended, flipped, deploying, prepared, damage N or counters N"
                ))
            }
        }
    }
    Ok(vec![spec; *count])
}

fn zone_name(w: &str) -> Option<ZoneName> {
    Some(match w.to_ascii_lowercase().as_str() {
        "hand" => ZoneName::Hand,
        "deck" => ZoneName::Deck,
        "discard" => ZoneName::Discard,
        "champions" | "play" | "in-play" => ZoneName::Champions,
        "god" => ZoneName::God,
        _ => return None,
    })
}

fn yes_no(s: &str) -> R<bool> {
    match s.to_ascii_lowercase().as_str() {
        "yes" | "true" => Ok(true),
        "no" | "false" => Ok(false),
        _ => Err(format!("expected yes or no, found `{s}`")),
    }
}

fn expectation(pool: &CardPool, s: &str, d: &mut Draft, line: usize) -> R<Expect> {
    let (w, rest) = split_word(s);
    let word = w.to_ascii_lowercase();
    let e = match word.as_str() {
        "game" => match rest.to_ascii_lowercase().as_str() {
            "on" => Expect::GameOn,
            "over" => Expect::GameOver,
            _ => return Err("expected `expect game on` or `expect game over`".into()),
        },
        "winner" => {
            let (who, reason) = match rest.to_ascii_lowercase().split_once(" by ") {
                Some((w, r)) => (w.trim().to_string(), Some(r.trim().to_string())),
                None => (rest.to_string(), None),
            };
            let mut winner = Vec::new();
            if !who.eq_ignore_ascii_case("none") {
                for w in who.split(',') {
                    let p = whole_player(w.trim())?;
                    d.note_seat(p, line);
                    winner.push(p);
                }
                winner.sort_unstable();
                winner.dedup();
            }
            let reason = match reason.as_deref() {
                None => None,
                Some("deck" | "empty deck" | "drawing") => Some(EndReason::DrewFromEmptyDeck),
                Some("health" | "elimination") => Some(EndReason::Health),
                Some("loop") => Some(EndReason::Loop),
                Some("object limit") => Some(EndReason::ObjectLimit),
                Some("first blood") => Some(EndReason::FirstBlood),
                Some("card") => Some(EndReason::CardEffect),
                Some("concession") => Some(EndReason::Conceded),
                Some(other) => {
                    return Err(format!(
                        "unknown reason `{other}`: expected `by deck`, `by health`, `by concession`, `by first blood`, `by loop` or `by object limit`"
                    ))
                }
            };
            Expect::Winner(winner, reason)
        }
        "decision" => {
            if rest.eq_ignore_ascii_case("none") {
                Expect::Decision(None)
            } else {
                let (p, kind) = player_prefix(rest)
                    .ok_or_else(|| format!("expected `decision pN [KIND]`, found `{rest}`"))?;
                d.note_seat(p, line);
                let kind = if kind.is_empty() {
                    None
                } else {
                    Some(DecisionKind::from_name(kind).ok_or_else(|| {
                        let names: Vec<&str> = DecisionKind::ALL.iter().map(|k| k.name()).collect();
                        format!(
                            "unknown decision kind `{kind}`: expected one of {}",
                            names.join(", ")
                        )
                    })?)
                };
                Expect::Decision(Some((p, kind)))
            }
        }
        "option" => Expect::Option(non_empty(rest, "option")?),
        "ai" => {
            let (level, rest) = split_word(rest);
            let (verb, label) = split_word(rest);
            let avoids = match verb.to_ascii_lowercase().as_str() {
                "chooses" => false,
                "avoids" => true,
                _ => return Err(
                    "expected `expect ai LEVEL chooses LABEL` or `expect ai LEVEL avoids LABEL`"
                        .into(),
                ),
            };
            epic_bots::bot_by_name(level, 0).map_err(|e| e.to_string())?;
            Expect::Ai {
                level: level.to_ascii_lowercase(),
                avoids,
                label: non_empty(label, "ai")?,
            }
        }
        "no" => {
            let (w2, label) = split_word(rest);
            if !w2.eq_ignore_ascii_case("option") {
                return Err("expected `expect no option LABEL`".into());
            }
            Expect::NoOption(non_empty(label, "no option")?)
        }
        "options" => Expect::Options(
            rest.split('|')
                .map(|l| l.trim().to_string())
                .filter(|l| !l.is_empty())
                .collect(),
        ),
        "initiative" => {
            if rest.eq_ignore_ascii_case("none") {
                Expect::Initiative(None)
            } else {
                let p = whole_player(rest)?;
                d.note_seat(p, line);
                Expect::Initiative(Some(p))
            }
        }
        "phase" => Expect::Phase(match rest.to_ascii_lowercase().as_str() {
            "start" => Phase::Start,
            "main" => Phase::Main,
            "battle" => Phase::Battle,
            "end" => Phase::End,
            "setup" | "mulligan" => Phase::Setup,
            _ => {
                return Err(format!(
                    "unknown phase `{rest}`: expected start, main, battle or end"
                ))
            }
        }),
        "window" => Expect::Window(non_empty(rest, "window")?),
        "turn" => Expect::Turn(number(rest, "turn")?),
        "active" => {
            let p = whole_player(rest)?;
            d.note_seat(p, line);
            Expect::Active(p)
        }
        "blocked" => Expect::Blocked(yes_no(rest)?),
        "resolving" => Expect::Resolving(zone_check(pool, ZoneName::Hand, rest)?),
        _ => {
            let (p, rest) = player_prefix(s).ok_or_else(|| {
                format!("unknown expectation `{w}`: expected pN …, game, winner, decision, option, no option, options, initiative, phase, window, turn, active, blocked or resolving")
            })?;
            d.note_seat(p, line);
            let (what, value) = split_word(rest);
            let what_l = what.to_ascii_lowercase();
            match what_l.as_str() {
                "sees" => seen(pool, p, value, d, line)?,
                "saw" => saw(pool, p, value)?,
                "health" => Expect::Health(p, number(value, "health")?),
                "gold" => gold_expect(p, value)?,
                "champion" => champion_expect(pool, p, value)?,
                _ => {
                    let zone = zone_name(&what_l).ok_or_else(|| {
                        format!("unknown `p{} {what}`: expected health, gold, hand, deck, discard, champions or champion", p + 1)
                    })?;
                    Expect::Zone(p, zone, zone_check(pool, zone, value)?)
                }
            }
        }
    };
    Ok(e)
}

/// `Name | type line | ability | …` into the card language: `card Name` and its lines.
fn card_text(s: &str) -> R<String> {
    let mut parts = s.split('|').map(str::trim);
    let name = parts.next().unwrap_or_default();
    if name.is_empty() {
        return Err("`card` needs a name: `card NAME | TYPE LINE | ABILITY | …`".into());
    }
    let lines: Vec<&str> = parts.collect();
    if lines.is_empty() || lines.iter().any(|l| l.is_empty()) {
        return Err(format!(
            "`card {name}` needs its type line and abilities after `|`: `card NAME | champion, wild, cost 0, Goblin, 1/1 | ABILITY`"
        ));
    }
    let mut text = format!("card {name}\n");
    for l in lines {
        text.push_str("  ");
        text.push_str(l);
        text.push('\n');
    }
    Ok(text)
}

/// `p2 sees p1 hand 3`, `p2 sees p1 hand is none`, `p2 sees p1 champion Kong: damage 3`,
/// `p2 sees resolving is Fireball`: the expectation as read from the viewer's view.
fn seen(pool: &CardPool, viewer: u8, s: &str, d: &mut Draft, line: usize) -> R<Expect> {
    let (w, rest) = split_word(s);
    let what = if w.eq_ignore_ascii_case("resolving") {
        Expect::Resolving(zone_check(pool, ZoneName::Hand, rest)?)
    } else {
        let (p, rest) = player_prefix(s).ok_or_else(|| {
            format!("expected `sees pN WHAT` or `sees resolving LIST`, found `sees {s}`")
        })?;
        d.note_seat(p, line);
        let (what, value) = split_word(rest);
        let what_l = what.to_ascii_lowercase();
        match what_l.as_str() {
            "health" => Expect::Health(p, number(value, "health")?),
            "gold" => gold_expect(p, value)?,
            "champion" => champion_expect(pool, p, value)?,
            _ => {
                let zone = zone_name(&what_l).ok_or_else(|| {
                    format!("unknown `sees p{} {what}`: expected health, gold, hand, deck, discard, champions or champion", p + 1)
                })?;
                let check = zone_check(pool, zone, value)?;
                if matches!(check, ZoneCheck::Top(_) | ZoneCheck::Bottom(_)) {
                    return Err(
                        "no view shows the order of a deck (1.4.5): check its count, or the cards known of it (`is none`)"
                            .into(),
                    );
                }
                Expect::Zone(p, zone, check)
            }
        }
    };
    Ok(Expect::Sees {
        viewer,
        what: Box::new(what),
    })
}

/// `p2 saw Cave Troll move from discard to deck`.
fn saw(pool: &CardPool, viewer: u8, s: &str) -> R<Expect> {
    let form = "expected `saw CARD move from ZONE to ZONE`";
    let lower = s.to_ascii_lowercase();
    let at = lower
        .rfind(" move from ")
        .ok_or_else(|| format!("{form}, found `saw {s}`"))?;
    let name = s[..at].trim();
    let (from, to) = lower[at + " move from ".len()..]
        .split_once(" to ")
        .ok_or_else(|| format!("{form}, found `saw {s}`"))?;
    card(pool, name)?;
    Ok(Expect::SawMove {
        viewer,
        card: name.to_string(),
        from: zone_word(from)?,
        to: zone_word(to)?,
    })
}

fn zone_word(w: &str) -> R<Zone> {
    Ok(match w.trim() {
        "hand" => Zone::Hand,
        "deck" => Zone::Deck,
        "discard" | "discard pile" => Zone::Discard,
        "play" | "in-play" => Zone::InPlay,
        "supplemental" | "resolving" => Zone::Supplemental,
        "token pile" => Zone::TokenPile,
        other => {
            return Err(format!(
                "unknown zone `{other}`: expected hand, deck, discard, play, supplemental or token pile"
            ))
        }
    })
}

fn non_empty(s: &str, what: &str) -> R<String> {
    if s.trim().is_empty() {
        Err(format!("`expect {what}` needs a label"))
    } else {
        Ok(s.trim().to_string())
    }
}

fn zone_check(pool: &CardPool, zone: ZoneName, s: &str) -> R<ZoneCheck> {
    let s = s.trim();
    if let Ok(n) = s.parse::<usize>() {
        return Ok(ZoneCheck::Count(n));
    }
    if s.eq_ignore_ascii_case("none") || s.eq_ignore_ascii_case("empty") {
        return Ok(ZoneCheck::Count(0));
    }
    let (w, rest) = split_word(s);
    Ok(match w.to_ascii_lowercase().as_str() {
        "is" => ZoneCheck::Is(checked_names(pool, rest)?),
        "has" => ZoneCheck::Has(checked_names(pool, rest)?),
        "lacks" => ZoneCheck::Lacks(checked_names(pool, rest)?),
        "top" | "bottom" if zone != ZoneName::Deck => {
            return Err(format!("`{w}` reads a deck only"));
        }
        "top" => ZoneCheck::Top(checked_names(pool, rest)?),
        "bottom" => ZoneCheck::Bottom(checked_names(pool, rest)?),
        _ => ZoneCheck::Is(checked_names(pool, s)?),
    })
}

/// `Burrowing Wurm: 18/18, damage 11, expended, breakthrough, not airborne`;
/// `Wolf token [2]: 2/2`.
fn champion_expect(pool: &CardPool, player: u8, s: &str) -> R<Expect> {
    let (name, checks) = s
        .split_once(':')
        .ok_or_else(|| format!("expected `champion NAME: CHECKS`, found `{s}`"))?;
    let mut name = name.trim().to_string();
    let mut nth = 1;
    if let Some(open) = name.rfind('[') {
        let inner = name[open + 1..]
            .strip_suffix(']')
            .ok_or_else(|| format!("expected `NAME [N]`, found `{name}`"))?;
        nth = number(inner, "[N]")?;
        if nth == 0 {
            return Err("`[N]` counts from 1".into());
        }
        name = name[..open].trim().to_string();
    }
    card(pool, &name)?;
    let mut out = Vec::new();
    for c in checks.split(',').map(str::trim).filter(|c| !c.is_empty()) {
        out.extend(champion_check(c)?);
    }
    if out.is_empty() {
        return Err(format!("nothing to check about `{name}`"));
    }
    Ok(Expect::Champion {
        player,
        name,
        nth,
        checks: out,
    })
}

fn champion_check(c: &str) -> R<Vec<ChampionCheck>> {
    if let Some((o, d)) = c.split_once('/') {
        if let (Ok(o), Ok(d)) = (o.trim().parse::<i32>(), d.trim().parse::<i32>()) {
            return Ok(vec![ChampionCheck::Offense(o), ChampionCheck::Defense(d)]);
        }
    }
    let lower = c.to_ascii_lowercase();
    let (neg, word) = match lower.strip_prefix("not ") {
        Some(w) => (true, w.trim().to_string()),
        None => (false, lower.clone()),
    };
    let (w, v) = split_word(&word);
    if !neg {
        let one = match w {
            "offense" => Some(ChampionCheck::Offense(number(v, "offense")?)),
            "defense" => Some(ChampionCheck::Defense(number(v, "defense")?)),
            "damage" => Some(ChampionCheck::Damage(number(v, "damage")?)),
            "counters" => Some(ChampionCheck::Counters(number(v, "counters")?)),
            "owner" => Some(ChampionCheck::Owner(whole_player(v)?)),
            _ => None,
        };
        if let Some(one) = one {
            return Ok(vec![one]);
        }
        if word == "prepared" {
            return Ok(vec![
                ChampionCheck::Expended(false),
                ChampionCheck::Flipped(false),
            ]);
        }
    }
    Ok(vec![match word.as_str() {
        "expended" => ChampionCheck::Expended(!neg),
        "flipped" => ChampionCheck::Flipped(!neg),
        "deploying" => ChampionCheck::Deploying(!neg),
        "attacking" => ChampionCheck::Attacking(!neg),
        "blocking" => ChampionCheck::Blocking(!neg),
        other => match Keyword::parse(other) {
            Some(k) => ChampionCheck::Keyword(k, !neg),
            None => {
                return Err(format!(
                    "unknown champion check `{c}`: expected O/D, offense N, defense N, damage N, counters N, owner pN, [not] expended/flipped/deploying/attacking/blocking or [not] KEYWORD"
                ))
            }
        },
    }])
}
