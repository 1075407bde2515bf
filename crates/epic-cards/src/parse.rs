//! Card files: the line structure (card, type line, keywords, abilities, flavour) and the
//! checks that need a whole card or a whole file (types, duplicates, token names).

use crate::diag::{did_you_mean, quoted, short_list, Diagnostic, Errors};
use crate::phrase::{self, normalize, Ctx};
use epic_model::*;
use std::collections::{HashMap, HashSet};

/// The set name used when a file has no `set` line.
const DEFAULT_SET: &str = "Custom";

/// The longest line a card file may have, in characters. No card needs a tenth of it; a
/// longer line is refused unread, so reading a file costs time in proportion to its size.
pub const MAX_LINE_CHARS: usize = 1000;

/// The most cards a pool may hold: a card's id ([`CardId`]) is 16 bits, and a card past
/// it would share an id with another.
pub const MAX_POOL_CARDS: usize = u16::MAX as usize + 1;

/// The most abilities and event modes one card may have (each trigger of an `and/or`
/// line and each further `play:` line counts). No real card has a tenth of them.
pub const MAX_ABILITIES: usize = 32;

struct Builder {
    line: usize,
    def: CardDef,
    /// The type line was read (well or not); later lines are abilities.
    header_seen: bool,
    /// The type line was read without mistakes, so type checks are meaningful.
    header_ok: bool,
    /// Abilities and modes so far, for [`MAX_ABILITIES`].
    parts: usize,
    /// A `play:` line was written, whether or not it could be read.
    play_seen: bool,
    /// A mistake on this card leaves the checks of the whole card meaningless (a line too
    /// long to read, too many abilities, an event's effect on another kind of line, no
    /// name): they are skipped, since they would only repeat it.
    failed: bool,
}

struct FileParser<'a> {
    file: &'a str,
    diags: Vec<Diagnostic>,
    set: String,
    cards: Vec<Builder>,
    /// (line, token name as written) for every token an effect names.
    token_refs: Vec<(usize, String)>,
    /// A line before the first card was reported: the lines after it share its mistake
    /// (a missing `card` line).
    orphan_reported: bool,
}

impl FileParser<'_> {
    fn err(&mut self, line: usize, message: impl Into<String>) {
        self.diags.push(Diagnostic {
            file: self.file.to_string(),
            line,
            message: message.into(),
        });
    }

    /// Reports a line of an event that was most likely meant as its effect (a tribute, a
    /// power): the event is not also reported as without effect.
    fn effect_err(&mut self, line: usize, message: impl Into<String>) {
        if let Some(b) = self.cards.last_mut() {
            b.failed = true;
        }
        self.err(line, message);
    }

    /// Counts one more ability or mode of the card being read; past [`MAX_ABILITIES`] it
    /// is a mistake on this line (reported once a card) and the ability is left out.
    fn count_part(&mut self, line: usize) -> bool {
        let Some(b) = self.cards.last_mut() else {
            return false;
        };
        b.parts += 1;
        if b.parts <= MAX_ABILITIES {
            return true;
        }
        if b.parts == MAX_ABILITIES + 1 {
            let message = format!(
                "card {} has more than {MAX_ABILITIES} abilities and modes, the most a card may have",
                quoted(&b.def.name)
            );
            b.failed = true;
            self.err(line, message);
        }
        false
    }
}

/// Parses a whole card file. The pool is only changed when the file has no mistake.
pub(crate) fn parse_file(
    file: &str,
    text: &str,
    pool: &mut CardPool,
) -> Result<Vec<CardId>, Errors> {
    let text = crate::without_bom(text);
    let mut work = pool.clone();
    let mut p = FileParser {
        file,
        diags: Vec::new(),
        set: DEFAULT_SET.to_string(),
        cards: Vec::new(),
        token_refs: Vec::new(),
        orphan_reported: false,
    };
    for (i, raw) in text.lines().enumerate() {
        let ln = i + 1;
        let trimmed = raw.trim();
        let chars = raw.chars().count();
        if chars > MAX_LINE_CHARS {
            p.err(
                ln,
                format!(
                    "this line has {chars} characters; a line of a card file may have at most \
                     {MAX_LINE_CHARS}"
                ),
            );
            if let Some(name) = trimmed.strip_prefix("card ") {
                start_card(&mut p, ln, name.trim());
            }
            // The line may have been the card's type line or its only effect.
            if let Some(c) = p.cards.last_mut() {
                c.header_seen = true;
                c.failed = true;
            }
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indented = raw.starts_with([' ', '\t']);
        if trimmed == "card" {
            // Still a card: its lines are not the previous card's.
            start_card(&mut p, ln, "");
            continue;
        }
        if let Some(name) = trimmed.strip_prefix("card ") {
            start_card(&mut p, ln, name.trim());
            continue;
        }
        if !indented {
            if let Some(set) = trimmed.strip_prefix("set ") {
                p.set = set.trim().to_string();
                continue;
            }
        }
        let Some(card) = p.cards.last() else {
            if !p.orphan_reported {
                p.orphan_reported = true;
                p.err(
                    ln,
                    format!(
                        "expected 'card <name>' or 'set <name>', found {}",
                        quoted(trimmed)
                    ),
                );
            }
            continue;
        };
        if !card.header_seen {
            if trimmed.contains(':') {
                p.err(
                    ln,
                    "expected the type line (e.g. 'champion, wild, cost 0, Human, 3/2') before any ability",
                );
                if let Some(c) = p.cards.last_mut() {
                    c.header_seen = true;
                }
                body_line(&mut p, &mut work, ln, trimmed);
            } else {
                header_line(&mut p, ln, trimmed);
                // A class a type line names may be named by this card and those after it.
                for class in p.cards.last().map_or(&[][..], |b| &b.def.classes[..]) {
                    work.intern_class(class);
                }
            }
        } else {
            body_line(&mut p, &mut work, ln, trimmed);
        }
    }
    let cards = std::mem::take(&mut p.cards);
    let mut defs = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    // The pool's names, lower-cased: one look-up a card, however large the pool.
    let taken: HashSet<String> = pool.iter().map(|(_, c)| c.name.to_lowercase()).collect();
    for b in cards {
        finish_card(&mut p, &b);
        let key = b.def.name.to_lowercase();
        if key.is_empty() {
            // Reported as a card without a name.
        } else if let Some(first) = seen.get(&key) {
            p.err(
                b.line,
                format!(
                    "duplicate card name {} (first defined on line {first})",
                    quoted(&b.def.name)
                ),
            );
        } else if taken.contains(&key) {
            p.err(
                b.line,
                format!(
                    "duplicate card name {}: the card pool already has a card of that name",
                    quoted(&b.def.name)
                ),
            );
        }
        seen.entry(key).or_insert(b.line);
        if pool.len() + defs.len() == MAX_POOL_CARDS {
            p.err(
                b.line,
                format!(
                    "card {} would be card {} of the pool; a pool holds at most \
                     {MAX_POOL_CARDS} cards",
                    quoted(&b.def.name),
                    MAX_POOL_CARDS + 1
                ),
            );
        }
        defs.push(b.def);
    }
    // Token names: every token an effect creates must be defined (here or in the pool).
    let known: Vec<String> = pool
        .iter()
        .map(|(_, c)| c)
        .chain(defs.iter())
        .filter(|c| c.token)
        .map(|c| c.name.clone())
        .collect();
    // Lower-case name → the name as defined.
    let tokens: HashMap<String, &str> = known
        .iter()
        .map(|k| (k.to_lowercase(), k.as_str()))
        .collect();
    let refs = std::mem::take(&mut p.token_refs);
    for (ln, name) in refs {
        if !tokens.contains_key(&name.to_lowercase()) {
            let hint = did_you_mean(&name, known.iter().map(|s| s.as_str()));
            p.err(
                ln,
                format!(
                    "unknown token {}; known tokens: {}{hint}",
                    quoted(&name),
                    short_list(&known)
                ),
            );
        }
    }
    if !p.diags.is_empty() {
        p.diags.sort_by_key(|d| d.line);
        return Err(Errors(p.diags));
    }
    let mut ids = Vec::new();
    for mut def in defs {
        for_each_action_mut(&mut def, &mut |a| match a {
            Action::CreateTokens { token, .. } | Action::Transform { token, .. } => {
                if let Some(k) = tokens.get(&token.to_lowercase()) {
                    *token = k.to_string();
                }
            }
            _ => {}
        });
        ids.push(work.add(def));
    }
    *pool = work;
    Ok(ids)
}

fn start_card(p: &mut FileParser, ln: usize, name: &str) {
    if name.is_empty() {
        p.err(ln, "'card' needs a name, e.g. 'card Fire Shaman'");
    }
    let def = CardDef {
        name: name.to_string(),
        set: p.set.clone(),
        kind: CardType::Champion,
        alignments: Alignments::NONE,
        cost: 0,
        classes: Vec::new(),
        class_ids: Vec::new(),
        offense: 0,
        defense: 0,
        token: false,
        rare: false,
        keywords: Keywords::NONE,
        modes: Vec::new(),
        abilities: Vec::new(),
        flavor: None,
    };
    p.cards.push(Builder {
        line: ln,
        def,
        header_seen: false,
        header_ok: false,
        parts: 0,
        play_seen: false,
        failed: name.is_empty(),
    });
}

const HEADER_WORDS: &[&str] = &[
    "champion", "event", "god", "token", "good", "evil", "sage", "wild", "cost", "rare",
];

/// The type line: "champion, wild, cost 0, Human, 3/2", "event, evil, cost 1, Zombie",
/// "token, wild, Wolf, 2/2", "god, wild, good, Elder, God"; "rare" marks Cube Draft's
/// rare gem.
fn header_line(p: &mut FileParser, ln: usize, text: &str) {
    let mut kind: Option<CardType> = None;
    let mut token = false;
    let mut rare = false;
    let mut cost: Option<u8> = None;
    let mut stats: Option<(u8, u8)> = None;
    let mut alignments = Alignments::NONE;
    let mut classes = Vec::new();
    let mut ok = true;
    // Follow-on complaints ("needs an alignment") are left out when an unknown word or a
    // bad cost was already reported: that word was most likely meant to be it.
    let mut unknown_word = false;
    let mut cost_seen = false;
    let mut stats_seen = false;
    for item in text.split(',') {
        let item = item.trim();
        let lower = item.to_lowercase();
        let mut set_kind = |k: CardType, p: &mut FileParser| {
            if kind.is_some_and(|old| old != k) {
                p.err(ln, "a card has one type: champion, event or god");
                ok = false;
            }
            kind = Some(k);
        };
        if lower == "champion" {
            set_kind(CardType::Champion, p);
        } else if lower == "event" {
            set_kind(CardType::Event, p);
        } else if item == "god" {
            // The type is written in lower case; "God" is the class (Gareth, Father of
            // Genius is a God card of class God).
            set_kind(CardType::God, p);
        } else if lower == "token" {
            token = true;
        } else if lower == "rare" {
            rare = true;
        } else if let Some(a) = Alignment::parse(&lower) {
            alignments = alignments.with(a);
        } else if let Some(n) = lower.strip_prefix("cost ") {
            cost_seen = true;
            match n
                .trim()
                .trim_matches(|c| c == '{' || c == '}')
                .parse::<u32>()
            {
                Ok(n) if n <= 1 => cost = Some(n as u8),
                Ok(n) => {
                    p.err(
                        ln,
                        format!("cost must be 0 or 1 gold (rule 2.1.3), not {n}"),
                    );
                    ok = false;
                }
                Err(_) => {
                    p.err(
                        ln,
                        format!("{}: cost must be a number, 0 or 1", quoted(item)),
                    );
                    ok = false;
                }
            }
        } else if let Some((o, d)) = lower.split_once('/') {
            stats_seen = true;
            match (o.trim().parse::<u8>(), d.trim().parse::<u8>()) {
                (Ok(o), Ok(d)) => stats = Some((o, d)),
                _ => {
                    p.err(
                        ln,
                        format!(
                            "{} is not offense/defense; write two numbers like 3/2",
                            quoted(item)
                        ),
                    );
                    ok = false;
                }
            }
        } else if item.chars().next().is_some_and(|c| c.is_uppercase())
            && item
                .chars()
                .all(|c| c.is_alphabetic() || c == '-' || c == ' ' || c == '\'')
        {
            // Any word is a class: one of the real cards' as they spell it, or a new one
            // (a class no other card has is a class all the same); but a keyword written
            // here is a keyword in the wrong place, not a class.
            if epic_model::Keyword::parse(&lower).is_some() {
                p.err(
                    ln,
                    format!(
                        "{} is a keyword, not a class: write keywords on the line after the \
                         type line ('airborne, blitz')",
                        quoted(item)
                    ),
                );
                ok = false;
            } else {
                classes.push(crate::classes::class(item).unwrap_or(item).to_string());
            }
        } else if item.is_empty() {
            p.err(ln, "empty item in the type line (two commas in a row?)");
            ok = false;
        } else {
            let hint = did_you_mean(&lower, HEADER_WORDS.iter().copied());
            p.err(
                ln,
                format!(
                    "unknown word {} in the type line; expected champion, event, god, token, an \
                     alignment (good, evil, sage, wild), 'cost N', a capitalised class, \
                     offense/defense like 3/2 or rare{hint}",
                    quoted(item)
                ),
            );
            unknown_word = true;
            ok = false;
        }
    }
    if token && kind.is_none() {
        kind = Some(CardType::Champion);
    }
    match kind {
        None => {
            if !unknown_word {
                p.err(
                    ln,
                    "the type line needs 'champion', 'event', 'god' or 'token'",
                );
            }
            ok = false;
        }
        Some(CardType::Event) if token => {
            p.err(ln, "a token is always a champion (rule 2.3.4)");
            ok = false;
        }
        Some(CardType::Event) if stats.is_some() => {
            p.err(
                ln,
                "an event has no offense/defense; stats are for champions",
            );
            ok = false;
        }
        Some(CardType::Champion) if stats.is_none() && !stats_seen => {
            p.err(ln, "a champion needs offense/defense, e.g. 3/2");
            ok = false;
        }
        Some(CardType::God) if token || stats.is_some() || cost_seen => {
            p.err(
                ln,
                "a God card has no cost and no offense/defense, and is not a token (rule 2.4)",
            );
            ok = false;
        }
        _ => {}
    }
    if alignments.is_empty() && !unknown_word {
        p.err(
            ln,
            "the type line needs an alignment: good, evil, sage or wild",
        );
        ok = false;
    }
    if token && cost.is_some() {
        p.err(ln, "a token has no cost");
        ok = false;
    }
    if alignments.is_empty() {
        ok = false;
    }
    let needs_cost = kind.is_some_and(|k| k != CardType::God);
    if !token && cost.is_none() && needs_cost && !cost_seen && !unknown_word {
        p.err(ln, "the type line needs a cost: 'cost 0' or 'cost 1'");
        ok = false;
    }
    let Some(b) = p.cards.last_mut() else { return };
    b.header_seen = true;
    b.header_ok = ok;
    let d = &mut b.def;
    d.kind = kind.unwrap_or(CardType::Champion);
    d.token = token;
    d.rare = rare;
    d.cost = cost.unwrap_or(0);
    d.alignments = alignments;
    d.classes = classes;
    if let Some((o, def)) = stats {
        d.offense = o;
        d.defense = def;
    }
}

/// Whether the card being read has a good type line of this type.
fn is_kind(p: &FileParser, kind: CardType) -> bool {
    p.cards
        .last()
        .is_some_and(|b| b.header_ok && b.def.kind == kind)
}

fn is_event(p: &FileParser) -> bool {
    is_kind(p, CardType::Event)
}

fn is_god(p: &FileParser) -> bool {
    is_kind(p, CardType::God)
}

fn is_champion(p: &FileParser) -> bool {
    is_kind(p, CardType::Champion)
}

fn body_line(p: &mut FileParser, work: &mut CardPool, ln: usize, text: &str) {
    let Some((label_raw, body)) = text.split_once(':') else {
        keywords_line(p, ln, text);
        return;
    };
    let label_n = normalize(label_raw);
    let mut label = label_n.as_str();
    let mut zone = AbilityZone::InPlay;
    if let Some(rest) = label.strip_prefix("in discard pile") {
        zone = AbilityZone::DiscardPile;
        label = rest.trim_start_matches(',').trim();
        if label.is_empty() {
            p.err(ln, "'in discard pile' must be followed by the ability, e.g. 'in discard pile {1}: recall'");
            return;
        }
    }
    if is_god(p) && label != "flavor" && label != "flavour" {
        if zone == AbilityZone::DiscardPile {
            p.err(
                ln,
                "a God card stays in the Supplemental zone (rule 2.4.1); its abilities work \
                 there: remove 'in discard pile'",
            );
            return;
        }
        zone = AbilityZone::Supplemental;
    }
    if label == "flavor" || label == "flavour" {
        if zone == AbilityZone::DiscardPile {
            p.err(
                ln,
                "flavour text is not an ability; remove 'in discard pile'",
            );
            return;
        }
        if let Some(b) = p.cards.last_mut() {
            let text = unquoted(body.trim()).to_string();
            // Appended in place: copying the text so far for every line would cost time in
            // proportion to the square of its length.
            match &mut b.def.flavor {
                Some(old) => {
                    old.push('\n');
                    old.push_str(&text);
                }
                None => b.def.flavor = Some(text),
            }
        }
        return;
    }
    let mut ctx = Ctx { pool: work };
    let mode_head = label
        .strip_prefix("play")
        .map(|r| (false, r))
        .or_else(|| label.strip_prefix("or").map(|r| (true, r)));
    if let Some((is_or, rest)) = mode_head.filter(|(_, r)| r.is_empty() || r.starts_with(' ')) {
        if let Some(b) = p.cards.last_mut() {
            b.play_seen |= !is_or;
        }
        let rest = rest.trim();
        let extra_gold = if rest.is_empty() {
            0
        } else {
            match rest.trim_matches(|c| c == '{' || c == '}').parse::<u8>() {
                Ok(n) if rest.starts_with('{') => n,
                _ => {
                    p.err(
                        ln,
                        format!(
                            "expected 'play:', 'or:' or 'or {{1}}:', found {}",
                            quoted(&format!("{label}:"))
                        ),
                    );
                    return;
                }
            }
        };
        if zone == AbilityZone::DiscardPile {
            p.err(
                ln,
                "an event's modes work when it is played, not in the discard pile",
            );
            return;
        }
        if is_champion(p) || is_god(p) {
            p.err(ln, "only events have 'play:' and 'or:' lines; a champion's or God's abilities use tribute, ally, when ... or powers");
        }
        // A further play line continues the mode it follows.
        let earlier = match p.cards.last().and_then(|b| b.def.modes.last()) {
            Some(m) if !is_or => m.steps.as_slice(),
            _ => &[],
        };
        let steps = match phrase::parse_effect(&mut ctx, body, earlier) {
            Ok(s) => s,
            Err(e) => {
                p.err(ln, e);
                return;
            }
        };
        note_tokens(p, ln, &steps);
        if !p.count_part(ln) {
            return;
        }
        let Some(b) = p.cards.last_mut() else { return };
        if is_or && !b.play_seen {
            b.failed = true;
            p.err(ln, "'or:' must follow a 'play:' line");
            return;
        }
        if !is_or && !b.def.modes.is_empty() {
            // A second play line continues the same mode (printed paragraphs).
            if let Some(m) = b.def.modes.last_mut() {
                if extra_gold != 0 {
                    m.extra_gold = extra_gold;
                }
                m.steps.extend(steps);
            }
            return;
        }
        b.def.modes.push(Mode { extra_gold, steps });
        return;
    }
    if label == "static" {
        if is_event(p) {
            p.effect_err(
                ln,
                "an event has no continuous abilities; put its effect on a 'play:' line",
            );
            return;
        }
        if zone != AbilityZone::InPlay {
            p.err(ln, "continuous abilities work only in play");
            return;
        }
        match phrase::parse_static(&mut ctx, body) {
            Ok(s) => push_ability(
                p,
                ln,
                Ability {
                    zone,
                    kind: AbilityKind::Static(s),
                },
            ),
            Err(e) => p.err(ln, e),
        }
        return;
    }
    if let Some(costs) = phrase::parse_costs(label) {
        if zone == AbilityZone::InPlay && is_event(p) {
            p.effect_err(ln, "an event cannot have a power; only champions do (an extra cost on an event mode is written 'or {1}:')");
            return;
        }
        match (costs, phrase::parse_effect(&mut ctx, body, &[])) {
            (Ok(costs), Ok(_))
                if zone == AbilityZone::Supplemental
                    && costs.iter().any(|c| !matches!(c, PowerCost::Gold(_))) =>
            {
                p.err(
                    ln,
                    "a God card's power costs only gold: it is never expended, broken or \
                     given counters (rule 2.4.2)",
                );
            }
            (Ok(costs), Ok(steps)) => {
                note_tokens(p, ln, &steps);
                push_ability(
                    p,
                    ln,
                    Ability {
                        zone,
                        kind: AbilityKind::Power(Power { costs, steps }),
                    },
                );
            }
            // Both are checked, so that one run reports every mistake.
            (costs, steps) => {
                for e in [costs.err(), steps.err()].into_iter().flatten() {
                    p.err(ln, e);
                }
            }
        }
        return;
    }
    let triggers = match phrase::parse_triggers(&mut ctx, label) {
        Ok(t) => t,
        Err(e) => {
            p.err(ln, e);
            // Still check the effect, so that one run reports every mistake.
            if let Err(e) = phrase::parse_effect(&mut ctx, body, &[]) {
                p.err(ln, e);
            }
            return;
        }
    };
    let steps = match phrase::parse_effect(&mut ctx, body, &[]) {
        Ok(s) => s,
        Err(e) => {
            p.err(ln, e);
            return;
        }
    };
    for (on, loyalty, _) in &triggers {
        if zone == AbilityZone::InPlay && is_event(p) {
            let what = match (on, loyalty) {
                (Trigger::EntersPlay, 0) => "tribute".to_string(),
                (Trigger::EntersPlay, n) => format!("loyalty {n}"),
                _ => "a triggered ability in play".to_string(),
            };
            p.effect_err(
                ln,
                format!("an event cannot have {what}; an event's effect goes on 'play:' lines"),
            );
            return;
        }
        if zone == AbilityZone::DiscardPile && *on == Trigger::EntersPlay {
            p.err(ln, "tribute and loyalty cannot work from the discard pile");
            return;
        }
        if zone == AbilityZone::Supplemental && *on == Trigger::EntersPlay {
            p.err(
                ln,
                "a God card never enters play: it has no tribute or loyalty (rule 2.4)",
            );
            return;
        }
    }
    note_tokens(p, ln, &steps);
    for (on, loyalty, about) in triggers {
        let t = Triggered {
            on,
            loyalty,
            about,
            steps: steps.clone(),
        };
        push_ability(
            p,
            ln,
            Ability {
                zone,
                kind: AbilityKind::Triggered(t),
            },
        );
    }
}

/// Flavour text without the quotation marks around it ("Follow me!"): a printed card
/// shows them around a quote, so they are how the text is printed, not part of it.
fn unquoted(text: &str) -> &str {
    for (open, close) in [('"', '"'), ('“', '”')] {
        if let Some(inner) = text.strip_prefix(open).and_then(|t| t.strip_suffix(close)) {
            return inner.trim();
        }
    }
    text
}

/// Adds an ability to the card being read, unless it would have too many.
fn push_ability(p: &mut FileParser, ln: usize, a: Ability) {
    if !p.count_part(ln) {
        return;
    }
    if let Some(b) = p.cards.last_mut() {
        b.def.abilities.push(a);
    }
}

fn note_tokens(p: &mut FileParser, ln: usize, steps: &[Sentence]) {
    for s in steps {
        visit_action(&s.action, &mut |a| {
            if let Action::CreateTokens { token, .. } | Action::Transform { token, .. } = a {
                p.token_refs.push((ln, token.clone()));
            }
        });
    }
}

fn visit_action(a: &Action, f: &mut dyn FnMut(&Action)) {
    f(a);
    match a {
        Action::AtEndOfTurn(inner) => visit_action(inner, f),
        Action::Either(branches) => {
            for s in branches.iter().flatten() {
                visit_action(&s.action, f);
            }
        }
        _ => {}
    }
}

fn for_each_action_mut(def: &mut CardDef, f: &mut dyn FnMut(&mut Action)) {
    fn go(a: &mut Action, f: &mut dyn FnMut(&mut Action)) {
        f(a);
        match a {
            Action::AtEndOfTurn(inner) => go(inner, f),
            Action::Either(branches) => {
                for s in branches.iter_mut().flatten() {
                    go(&mut s.action, f);
                }
            }
            _ => {}
        }
    }
    let mut steps: Vec<&mut Sentence> = def
        .modes
        .iter_mut()
        .flat_map(|m| m.steps.iter_mut())
        .collect();
    for ab in def.abilities.iter_mut() {
        match &mut ab.kind {
            AbilityKind::Triggered(t) => steps.extend(t.steps.iter_mut()),
            AbilityKind::Power(pw) => steps.extend(pw.steps.iter_mut()),
            AbilityKind::Static(_) => {}
        }
    }
    for s in steps {
        go(&mut s.action, f);
    }
}

/// A line without a colon: keywords, comma separated ("airborne, ambush, blitz").
fn keywords_line(p: &mut FileParser, ln: usize, text: &str) {
    if is_event(p) || is_god(p) {
        p.err(
            ln,
            format!(
                "{} cannot have keywords ({}); keywords are for champions",
                if is_god(p) { "a God card" } else { "an event" },
                quoted(text)
            ),
        );
        return;
    }
    let mut kws = Keywords::NONE;
    for item in text.split([',', '◆']) {
        let n = normalize(item);
        let mut w = n.as_str();
        for suffix in [" if able", " each turn"] {
            w = w.strip_suffix(suffix).unwrap_or(w);
        }
        w = w.strip_prefix("this ").unwrap_or(w);
        match Keyword::parse(w) {
            Some(k) => kws = kws.with(k),
            None => {
                let hint = did_you_mean(w, Keyword::ALL.iter().map(|k| k.name()));
                let more = if w.contains(' ') {
                    " (a line without ':' lists keywords; continuous abilities go on a 'static:' line)"
                } else {
                    ""
                };
                p.err(
                    ln,
                    format!(
                        "unknown keyword {}; expected one of {}{hint}{more}",
                        quoted(item.trim()),
                        Keyword::ALL
                            .iter()
                            .map(|k| k.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
        }
    }
    if let Some(b) = p.cards.last_mut() {
        b.def.keywords = b.def.keywords.union(kws);
    }
}

fn finish_card(p: &mut FileParser, b: &Builder) {
    if !b.header_seen {
        p.err(
            b.line,
            format!(
                "card {} has no type line (e.g. 'champion, wild, cost 0, Human, 3/2')",
                quoted(&b.def.name)
            ),
        );
        return;
    }
    if b.header_ok && !b.failed && !b.play_seen && b.def.kind == CardType::Event {
        p.err(
            b.line,
            format!(
                "event {} has no effect; add a 'play:' line",
                quoted(&b.def.name)
            ),
        );
    }
    // "That player" and "that champion" are what a trigger is about: an event's effect
    // has none, so such a step would silently do nothing.
    let about_a_subject = |s: &Sentence| {
        s.by == Some(Who::Subject)
            || s.action.player() == Some(&Who::Subject)
            || matches!(
                s.action.selection(),
                Some(Sel::Subject | Sel::Players(Who::Subject))
            )
    };
    if (b.def.modes.iter().flat_map(|m| &m.steps)).any(about_a_subject) {
        p.err(
            b.line,
            format!(
                "{}: 'that player' and 'that champion' name what a triggered ability is \
                 about, and a 'play:' effect has none; write 'target player', 'target \
                 champion' or 'it'",
                quoted(&b.def.name)
            ),
        );
    }
}
