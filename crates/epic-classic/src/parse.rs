//! Classic card files: `card` lines, a type line of the classic game, keywords, and
//! abilities whose effects are read by the shared card language (`epic_cards::read_effect`).
//!
//! ```text
//! card Ember Bolt
//!   event, wild, magical, action, fast
//!   deal 3 damage to target champion
//! ```
//!
//! The classic engine runs the part of the shared language that the 2009 game has: a
//! step it cannot run is refused here, with the line it is on, never at play.

use crate::card::*;
use epic_cards::{Diagnostic, Errors};
use epic_model::{
    Action, Amount, CardPool, CardType, Filter, Sel, Sentence, Who, Whose, ZoneFilter,
};

/// The longest line a classic card file may have, as for every card file.
const MAX_LINE_CHARS: usize = epic_cards::MAX_LINE_CHARS;

/// Reads a classic card file into `pool`. The whole file is checked; a file with any
/// mistake adds nothing.
pub fn parse_classic_cards(source: &str, text: &str, pool: &mut ClassicPool) -> Result<(), Errors> {
    let mut diags = Vec::new();
    let mut set = "Custom".to_string();
    let mut cards: Vec<(usize, ClassicCard)> = Vec::new();
    let mut scratch = CardPool::new();
    let mut header_pending = false;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let mut err = |m: String| {
            diags.push(Diagnostic {
                file: source.to_string(),
                line,
                message: m,
            })
        };
        if raw.chars().count() > MAX_LINE_CHARS {
            err(format!(
                "the line is longer than {MAX_LINE_CHARS} characters"
            ));
            continue;
        }
        let body = raw.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let lower = body.to_lowercase();
        if let Some(name) = body.strip_prefix("set ") {
            set = name.trim().to_string();
            continue;
        }
        if let Some(name) = body.strip_prefix("card ") {
            cards.push((line, blank_card(name.trim(), &set)));
            header_pending = true;
            continue;
        }
        let Some((_, card)) = cards.last_mut() else {
            err("expected a `card` line before this one".into());
            continue;
        };
        let result = if header_pending {
            header_pending = false;
            read_type_line(&lower, card)
        } else {
            read_line(&mut scratch, &lower, card)
        };
        match result {
            Ok(()) => card.text.push(body.to_string()),
            Err(m) => err(m),
        }
    }
    for (line, card) in &cards {
        let mut err = |m: String| {
            diags.push(Diagnostic {
                file: source.to_string(),
                line: *line,
                message: m,
            })
        };
        if card.kind == CardType::Event && card.effect.is_empty() {
            err(format!("event '{}' has no effect", card.name));
        }
        if card.name.is_empty() {
            err("a card needs a name".into());
        }
        let unveils = card.when.iter().any(|w| w.on == WhenOn::Unveiled)
            || card
                .as_triggers
                .iter()
                .any(|a| matches!(a, As::Unveiled(_)));
        if unveils && !card.keywords.veiled {
            err(format!(
                "'{}' has an ability for being unveiled, but not veiled",
                card.name
            ));
        }
    }
    if !diags.is_empty() {
        return Err(Errors(diags));
    }
    // The tokens each card puts into play, checked once every card is added.
    let token_refs: Vec<(usize, String, String)> = cards
        .iter()
        .flat_map(|(line, card)| {
            tokens_named(card).map(|t| (*line, card.name.clone(), t.to_string()))
        })
        .collect();
    let mut added = pool.clone();
    for (line, card) in cards {
        let name = card.name.clone();
        if added.add(card).is_none() {
            diags.push(Diagnostic {
                file: source.to_string(),
                line,
                message: format!("there is already a card named '{name}'"),
            });
        }
    }
    for (line, name, token) in token_refs {
        if added.id(&token).map(|id| added.get(id).token) != Some(true) {
            diags.push(Diagnostic {
                file: source.to_string(),
                line,
                message: format!(
                    "'{name}' puts a {token} token into play, but no token card is named {token}"
                ),
            });
        }
    }
    if !diags.is_empty() {
        return Err(Errors(diags));
    }
    *pool = added;
    Ok(())
}

/// The tokens a card's effects put into play, by name.
fn tokens_named(card: &ClassicCard) -> impl Iterator<Item = &str> {
    let effects = card
        .effect
        .iter()
        .chain(card.activated.iter().flat_map(|a| &a.effect))
        .chain(card.when.iter().flat_map(|w| &w.effect));
    token_names(effects.chain(card.as_triggers.iter().flat_map(As::effects)))
}

fn token_names<'a>(effects: impl Iterator<Item = &'a Effect>) -> impl Iterator<Item = &'a str> {
    effects.filter_map(|e| match e {
        Effect::Shared {
            step:
                Sentence {
                    action: Action::CreateTokens { token, .. },
                    ..
                },
            ..
        } => Some(token.as_str()),
        _ => None,
    })
}

fn blank_card(name: &str, set: &str) -> ClassicCard {
    ClassicCard {
        name: name.to_string(),
        set: set.to_string(),
        kind: CardType::Event,
        alignment: Alignment::Unaligned,
        origin: None,
        free: false,
        timing: Timing {
            speed: Speed::Fast,
            instant: false,
        },
        offense: 0,
        defense: 0,
        keywords: Keywords::default(),
        effect: Vec::new(),
        activated: Vec::new(),
        when: Vec::new(),
        as_triggers: Vec::new(),
        continuous: Vec::new(),
        token: false,
        text: Vec::new(),
    }
}

/// "champion, good, natural, action, paced, 4/4": type, alignment, origin, cost, speed
/// and, for a champion, offense/defense.
fn read_type_line(line: &str, card: &mut ClassicCard) -> Result<(), String> {
    let mut parts = line.split(',').map(str::trim);
    card.kind = match parts.next() {
        Some("champion") => CardType::Champion,
        Some("object") => CardType::Object,
        Some("event") => CardType::Event,
        other => {
            return Err(format!(
                "expected the type line to start with champion, object or event, not '{}'",
                other.unwrap_or("")
            ))
        }
    };
    let mut cost = None;
    let mut speed = None;
    let mut alignment = None;
    let mut stats = None;
    for p in parts {
        if let Some(a) = Alignment::parse(p) {
            alignment = Some(a);
        } else if let Some(o) = Origin::parse(p) {
            card.origin = Some(o);
        } else if p == "action" || p == "free" {
            cost = Some(p == "free");
        } else if p == "token" {
            card.token = true;
        } else if let Some(t) = Timing::parse(p) {
            speed = Some(t);
        } else if let Some((o, d)) = p.split_once('/') {
            let o = o.trim().parse::<i8>().ok().filter(|v| (0..=99).contains(v));
            let d = d.trim().parse::<i8>().ok().filter(|v| (1..=99).contains(v));
            match (o, d) {
                (Some(o), Some(d)) => stats = Some((o, d)),
                _ => {
                    return Err(format!(
                        "'{p}' is not offense/defense between 0/1 and 99/99"
                    ))
                }
            }
        } else {
            return Err(format!(
                "unknown word '{p}' in the type line; expected an alignment (good, evil, wild, \
                 unaligned), an origin (natural, magical, constructed), action or free, a speed \
                 (build, paced, fast, '… instantaneous') or offense/defense"
            ));
        }
    }
    card.alignment = alignment.ok_or("the type line names no alignment")?;
    if card.token {
        // A token is put into play by an effect, never played: it has no cost or speed.
        if cost.is_some() || speed.is_some() || card.kind == CardType::Event {
            return Err("a token is a champion or object with no cost or speed".into());
        }
        card.free = true;
    } else {
        card.free = cost.ok_or("the type line says neither action nor free")?;
        card.timing = speed.ok_or("the type line names no speed (build, paced or fast)")?;
    }
    if card.kind != CardType::Event && card.origin.is_none() {
        return Err(
            "a champion or object names its origin (natural, magical or constructed)".into(),
        );
    }
    match (card.kind, stats) {
        (CardType::Champion, Some((o, d))) => (card.offense, card.defense) = (o, d),
        (CardType::Champion, None) => return Err("a champion needs offense/defense, as 4/4".into()),
        (_, Some(_)) => return Err("only a champion has offense/defense".into()),
        _ => {}
    }
    Ok(())
}

/// A keyword line, an ability, or an event's effect.
fn read_line(scratch: &mut CardPool, line: &str, card: &mut ClassicCard) -> Result<(), String> {
    if let Some(kw) = read_keywords(line)? {
        card.keywords.flags = card.keywords.flags.with(kw.flags);
        card.keywords.damage_ward = card.keywords.damage_ward.max(kw.damage_ward);
        card.keywords.ward = kw.ward.or(card.keywords.ward);
        if kw.veiled && (card.kind != CardType::Champion || card.token) {
            return Err(
                "only a champion played from a hand can be veiled (played face down)".into(),
            );
        }
        card.keywords.veiled |= kw.veiled;
        return Ok(());
    }
    if let Some((label, body)) = line.split_once(':') {
        let label = label.trim();
        if label == "static" {
            if card.kind == CardType::Event {
                return Err("an event has no continuous ability".into());
            }
            card.continuous.push(read_continuous(scratch, body)?);
            return Ok(());
        }
        if let Some(a) = read_as(scratch, label, body)? {
            if card.kind == CardType::Event {
                return Err("an event has no triggered ability".into());
            }
            if card.token && token_names(a.effects().iter()).next().is_some() {
                // Tokens that bring tokens as they come could bring each other forever.
                return Err("a token's as-trigger cannot put tokens into play".into());
            }
            card.as_triggers.push(a);
            return Ok(());
        }
        if let Some(on) = read_when(label)? {
            if card.kind == CardType::Event {
                return Err("an event has no triggered ability".into());
            }
            let effect = read_effects(scratch, body)?;
            card.when.push(When { on, effect });
            return Ok(());
        }
        if let Some(a) = read_activated_label(label)? {
            if card.kind == CardType::Event {
                return Err("an event has no activated ability".into());
            }
            let effect = read_effects(scratch, body)?;
            card.activated.push(Activated {
                effect,
                text: line.to_string(),
                ..a
            });
            return Ok(());
        }
    }
    if card.kind != CardType::Event {
        return Err(format!(
            "cannot read '{line}': a champion or object line is keywords, 'static: …', \
             'when …: …', 'as …: …' or 'costs, speed: effect'"
        ));
    }
    let more = read_effects(scratch, line)?;
    card.effect.extend(more);
    Ok(())
}

/// "airborne, damage ward 2, evil ward": `None` if the line is not a keyword line.
fn read_keywords(line: &str) -> Result<Option<Keywords>, String> {
    let mut k = Keywords::default();
    for p in line.split(',').map(str::trim) {
        if let Some(f) = Kw::parse(p) {
            k.flags = k.flags.with(f);
        } else if p == "veiled" {
            k.veiled = true;
        } else if let Some(n) = p.strip_prefix("damage ward ") {
            k.damage_ward = n
                .trim()
                .parse()
                .map_err(|_| format!("'{p}': damage ward needs a number from 0 to 255"))?;
        } else if let Some(a) = p.strip_suffix(" ward").and_then(Alignment::parse) {
            k.ward = Some(a);
        } else {
            return Ok(None);
        }
    }
    Ok(Some(k))
}

fn read_when(label: &str) -> Result<Option<WhenOn>, String> {
    if let Some(rest) = label.strip_prefix("at the beginning of ") {
        let (yours, rest) = match rest.split_once(' ') {
            Some(("your", r)) => (true, r),
            Some(("each", r)) => (false, r),
            _ => {
                return Err(format!(
                    "expected 'at the beginning of your|each <step> step', not '{label}'"
                ))
            }
        };
        use crate::state::Step as S;
        let step = rest
            .strip_suffix(" step")
            .and_then(S::parse)
            .filter(|s| !matches!(s, S::Mulligan | S::Prepare))
            .ok_or_else(|| {
                format!(
                    "'{rest}': a beginning-of-step trigger names the pre-battle, battle, build \
                     or end step (nothing is played in the prepare step, T-6.2)"
                )
            })?;
        return Ok(Some(WhenOn::StepBegins { step, yours }));
    }
    Ok(Some(match label {
        "when this enters play" | "when this comes into play" => WhenOn::EntersPlay,
        "when this is broken" => WhenOn::Broken,
        "when this is unveiled" => WhenOn::Unveiled,
        "whenever a champion goes to a discard pile from play" => WhenOn::ChampionToDiscard,
        _ => {
            let Some(rest) = label
                .strip_prefix("when you play a ")
                .or_else(|| label.strip_prefix("when you play an "))
            else {
                if label.starts_with("when") || label.starts_with("as ") {
                    return Err(format!("unknown trigger '{label}'"));
                }
                return Ok(None);
            };
            let a = rest
                .strip_suffix(" card")
                .and_then(Alignment::parse)
                .ok_or_else(|| {
                    format!("expected 'when you play a <alignment> card', not '{label}'")
                })?;
            WhenOn::YouPlay(a)
        }
    }))
}

/// An as-trigger (T-10.4): "as this enters play: …", "as any card would go to a discard
/// pile: banish it instead"; `None` if the label is not one.
fn read_as(scratch: &mut CardPool, label: &str, body: &str) -> Result<Option<As>, String> {
    match label {
        "as this enters play" | "as this comes into play" | "as this is unveiled" => {
            let effect = read_effects(scratch, body)?;
            if effect
                .iter()
                .any(|e| matches!(e, Effect::Shared { step, .. } if step.may))
            {
                return Err("an as-trigger happens at once: it has no 'you may'".into());
            }
            if !crate::resolve::wants_of(&effect).is_empty() {
                return Err(
                    "an as-trigger happens at once, never on the line: it cannot name targets"
                        .into(),
                );
            }
            Ok(Some(if label == "as this is unveiled" {
                As::Unveiled(effect)
            } else {
                As::EntersPlay(effect)
            }))
        }
        "as any card would go to a discard pile"
        | "as any card would go to a player's discard pile" => {
            let instead = match body.trim().trim_end_matches('.') {
                "banish it instead" | "put it in the banished pile instead" => Instead::Banish,
                "put it in your hand instead" => Instead::YourHand,
                other => {
                    return Err(format!(
                        "'{other}': expected 'banish it instead' or 'put it in your hand instead'"
                    ))
                }
            };
            Ok(Some(As::Discard(instead)))
        }
        _ if label.starts_with("as ") => Err(format!(
            "unknown as-trigger '{label}'; expected 'as this enters play', 'as this is \
             unveiled' or 'as any card would go to a discard pile'"
        )),
        _ => Ok(None),
    }
}

/// "expend, fast", "action, build", "fast instantaneous": costs then a speed.
fn read_activated_label(label: &str) -> Result<Option<Activated>, String> {
    let parts: Vec<&str> = label.split(',').map(str::trim).collect();
    let (last, costs) = parts.split_last().ok_or("empty ability label")?;
    let Some(timing) = Timing::parse(last) else {
        return Ok(None);
    };
    let mut a = Activated {
        text: String::new(),
        action: false,
        expend: false,
        flip: false,
        timing,
        effect: Vec::new(),
    };
    for c in costs {
        match *c {
            "action" => a.action = true,
            "expend" => a.expend = true,
            "flip" => a.flip = true,
            other => {
                return Err(format!(
                    "unknown cost '{other}'; expected action, expend or flip"
                ))
            }
        }
    }
    if a.expend && a.flip {
        return Err("a card cannot be both expended and flipped to pay one ability".into());
    }
    Ok(Some(a))
}

/// A continuous ability (T-11.1): "<cards> are 2/2" or "have <keywords>", "you control
/// <cards>" (the first layer); "<cards> get +N +N [and <keywords>]", "gain <keywords>",
/// "lose <keywords>" (the second).
fn read_continuous(scratch: &mut CardPool, body: &str) -> Result<Continuous, String> {
    let body = body.trim();
    if let Some(who) = body.strip_prefix("you control ") {
        let (affects, origin) = read_affects(scratch, who)?;
        return Ok(Continuous {
            affects,
            origin,
            does: Does::Control,
        });
    }
    let verbs = [
        " are ", " is ", " have ", " has ", " gets ", " get ", " gains ", " gain ", " loses ",
        " lose ",
    ];
    let (who, verb, rest) = verbs
        .iter()
        .filter_map(|v| body.find(v).map(|i| (i, *v)))
        .min()
        .map(|(i, v)| (&body[..i], v.trim(), &body[i + v.len()..]))
        .ok_or("expected '<champions> are N/N', 'have', 'get +N +N', 'gain' or 'lose'")?;
    let (affects, origin) = read_affects(scratch, who)?;
    let does = match verb {
        "are" | "is" => {
            let (o, d) = rest
                .split_once('/')
                .and_then(|(o, d)| Some((o.trim().parse().ok()?, d.trim().parse().ok()?)))
                .ok_or_else(|| format!("'{rest}': expected offense/defense, as 2/2"))?;
            Does::Are(o, d)
        }
        "have" | "has" => Does::Have(read_keyword_list(rest)?),
        "gain" | "gains" => Does::Get {
            offense: 0,
            defense: 0,
            gains: read_keyword_list(rest)?,
        },
        "lose" | "loses" => Does::Lose(read_keyword_list(rest)?),
        _ => {
            let mut words = rest.split_whitespace();
            let mut stat = || -> Result<i8, String> {
                let w = words.next().ok_or("expected '+N +N'")?;
                w.parse::<i8>()
                    .map_err(|_| format!("'{w}' is not a number like +2 or -1"))
            };
            let offense = stat()?;
            let defense = stat()?;
            let rest: Vec<&str> = words.collect();
            let gains = match rest.split_first() {
                None => Kw::NONE,
                Some((&"and", kws)) => read_keyword_list(&kws.join(" "))?,
                Some(_) => return Err("expected 'and <keywords>' after the bonuses".into()),
            };
            Does::Get {
                offense,
                defense,
                gains,
            }
        }
    };
    Ok(Continuous {
        affects,
        origin,
        does,
    })
}

/// "airborne, range": on-or-off keywords.
fn read_keyword_list(text: &str) -> Result<Kw, String> {
    let mut out = Kw::NONE;
    for k in text
        .split([','])
        .flat_map(|p| p.split(" and "))
        .map(str::trim)
    {
        out = out.with(Kw::parse(k).ok_or_else(|| format!("unknown keyword '{k}'"))?);
    }
    Ok(out)
}

/// The cards a continuous ability affects: a filter of the shared language, and an
/// origin of the classic game.
fn read_affects(scratch: &mut CardPool, text: &str) -> Result<(Filter, Option<Origin>), String> {
    let (text, origin) = take_origin(text)?;
    // "all champions" is the filter "champions".
    let text = text
        .strip_prefix("all ")
        .or_else(|| text.strip_prefix("each "))
        .unwrap_or(&text);
    let affects = epic_cards::read_filter(scratch, text)?;
    check_filter(&affects)?;
    Ok((affects, origin))
}

/// The text without its origin word, and the origin (X-12: "magical champions"): the
/// shared card language has no origins, so the classic game reads them itself.
fn take_origin(text: &str) -> Result<(String, Option<Origin>), String> {
    let mut origin = None;
    let mut words = Vec::new();
    for w in text.split_whitespace() {
        match Origin::parse(w) {
            Some(o) if origin.is_some_and(|x| x != o) => {
                return Err(format!("'{text}' names two origins"));
            }
            Some(o) => origin = Some(o),
            None => words.push(w),
        }
    }
    Ok((words.join(" "), origin))
}

/// An effect: sentences, each Stop or the shared card language.
fn read_effects(scratch: &mut CardPool, body: &str) -> Result<Vec<Effect>, String> {
    let mut out = Vec::new();
    for sentence in body.trim().trim_end_matches('.').split(". ") {
        let s = sentence.trim();
        if let Some(rest) = s.strip_prefix("stop target ") {
            out.push(Effect::Stop(match rest {
                "card" => None,
                "event" => Some(CardType::Event),
                "champion" => Some(CardType::Champion),
                "object" => Some(CardType::Object),
                _ => {
                    return Err(format!(
                        "expected 'stop target card', 'stop target event', … not '{s}'"
                    ))
                }
            }));
            continue;
        }
        if let Some(e) = read_random_discard(s)? {
            out.push(e);
            continue;
        }
        let (s, origin) = take_origin(s)?;
        let s = s.as_str();
        // The classic wording of the shared actions: Mojo is the score the shared
        // language calls health; "champions and objects" are the cards in play; a card
        // returned to hand goes to its controller's hand in the classic game (T-12.9),
        // which is what "return to hand" means here.
        let mut shared = s
            .replace("mojo", "health")
            .replace("champions and objects", "cards")
            .replace("+1 +1 counter", "+1/+1 counter");
        if let Some(sel) = shared
            .strip_prefix("put ")
            .and_then(|r| r.strip_suffix(" into its controller's hand"))
        {
            shared = format!("return {sel} to its owner's hand");
        }
        for step in epic_cards::read_effect(scratch, &shared)? {
            check_step(&step).map_err(|m| format!("'{s}': {m}"))?;
            let filtered = matches!(
                step.action.selection(),
                Some(Sel::All(_))
                    | Some(Sel::Target(epic_model::TargetSpec {
                        objects: Some(_),
                        ..
                    }))
            );
            if origin.is_some() && !filtered {
                return Err(format!(
                    "'{s}': an origin describes cards chosen by a filter ('all magical \
                     champions', 'target magical champion')"
                ));
            }
            out.push(Effect::Shared { step, origin });
        }
    }
    Ok(out)
}

/// "target opponent discards a card at random", "each player discards 2 cards at random"
/// (T-12.11); `None` if the sentence is not a random discard.
fn read_random_discard(s: &str) -> Result<Option<Effect>, String> {
    let Some(body) = s.strip_suffix(" at random") else {
        return Ok(None);
    };
    let (who, count) = body
        .split_once(" discards ")
        .or_else(|| body.split_once(" discard "))
        .ok_or_else(|| format!("'{s}': expected '<player> discards N cards at random'"))?;
    let who = match who {
        "you" => Who::You,
        "each opponent" => Who::EachOpponent,
        "each player" => Who::EachPlayer,
        "target opponent" => Who::Target(epic_model::PlayerFilter::Opponent),
        "target player" => Who::Target(epic_model::PlayerFilter::Any),
        other => {
            return Err(format!(
                "'{other}': expected you, each opponent, each player, target opponent or \
                 target player"
            ))
        }
    };
    let n = match count {
        "a card" => 1,
        _ => count
            .strip_suffix(" cards")
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=20).contains(n))
            .ok_or_else(|| format!("'{count}': expected 'a card' or 'N cards' (N from 1 to 20)"))?,
    };
    Ok(Some(Effect::DiscardRandom { who, n }))
}

/// Whether the classic engine runs this step of the shared language.
fn check_step(step: &Sentence) -> Result<(), String> {
    if step.when.is_some() || step.by.is_some() {
        return Err(
            "conditions and steps performed by another player are not in the classic game yet"
                .into(),
        );
    }
    let fixed = |n: &Amount| match n {
        Amount::Fixed(_) => Ok(()),
        _ => Err("only a fixed number is in the classic game yet".to_string()),
    };
    match &step.action {
        Action::Draw { who, n } | Action::GainHealth { who, n } | Action::LoseHealth { who, n } => {
            check_who(who)?;
            fixed(n)
        }
        Action::Damage { to, n } => {
            check_sel(to)?;
            fixed(n)
        }
        Action::Break(s)
        | Action::Banish(s)
        | Action::ReturnToHand(s)
        | Action::Expend(s)
        | Action::Prepare(s) => check_sel(s),
        Action::Modify { sel, .. } => check_sel(sel),
        Action::AddCounters { sel, n } => {
            check_sel(sel)?;
            fixed(n)
        }
        Action::GainControl { sel, duration } => {
            if *duration != epic_model::Duration::Permanent {
                return Err("control gained for a while is not in the classic game yet".into());
            }
            check_sel(sel)
        }
        Action::CreateTokens { who, n, .. } => {
            if *who != Who::You {
                return Err("only 'you' put tokens into play in the classic game yet".into());
            }
            fixed(n)
        }
        other => Err(format!(
            "this action is not in the classic game yet ({})",
            format!("{other:?}")
                .split([' ', '(', '{'])
                .next()
                .unwrap_or("")
        )),
    }
}

fn check_who(who: &Who) -> Result<(), String> {
    match who {
        Who::You | Who::EachOpponent | Who::EachPlayer | Who::ActivePlayer | Who::Target(_) => {
            Ok(())
        }
        _ => {
            Err("only you, each opponent, each player, the active player or a target player".into())
        }
    }
}

fn check_sel(sel: &Sel) -> Result<(), String> {
    match sel {
        Sel::This | Sel::AllChampionsAndPlayers => Ok(()),
        Sel::Players(who) => check_who(who),
        Sel::All(f) => check_filter(f),
        Sel::Target(spec) => {
            if spec.up_to || spec.per_revealed || spec.count == 0 {
                return Err("only an exact number of targets is in the classic game yet".into());
            }
            spec.objects.as_ref().map_or(Ok(()), check_filter)
        }
        _ => Err("this selection is not in the classic game yet".into()),
    }
}

fn check_filter(f: &Filter) -> Result<(), String> {
    if f.zone != ZoneFilter::InPlay {
        return Err("only cards in play can be chosen in the classic game yet".into());
    }
    if !matches!(f.whose, Whose::Any | Whose::You | Whose::Opponents) {
        return Err(
            "only any, your or opposing cards can be chosen in the classic game yet".into(),
        );
    }
    if f.alignment == Some(epic_model::Alignment::Sage) {
        return Err("sage is not an alignment of the classic game".into());
    }
    if f.class.is_some()
        || f.cost.is_some()
        || f.token.is_some()
        || f.same_name_as_it
        || f.broken_this_turn
        || f.rare.is_some()
    {
        return Err("classes, costs, tokens and the rarer terms of a filter are not in the classic game yet".into());
    }
    Ok(())
}
