//! The phrase vocabulary: effect sentences, selections, filters, ability labels and
//! continuous abilities, each read from one line of a card file into the model's types.
//!
//! Every function here gets one normalised piece of text (see [`normalize`]) and either
//! reads all of it or says what it could not read. Nothing here panics on bad input.

use crate::diag::{did_you_mean, quoted};
use crate::text::cap;
use epic_model::*;

pub(crate) type R<T> = Result<T, String>;

/// The first word of every action: what "did you mean" suggests for a sentence's first
/// word, and what tells where an action joined by "and" starts.
const ACTION_WORDS: &[&str] = &[
    "draw",
    "discard",
    "double",
    "reveal",
    "play",
    "gain",
    "lose",
    "pay",
    "deal",
    "break",
    "banish",
    "return",
    "put",
    "transform",
    "expend",
    "prepare",
    "recycle",
    "recall",
    "choose",
    "remove",
    "champions",
    "starting",
    "have",
    "you",
    "each",
    "target",
    "the",
    "this",
    "it",
    "its",
    "they",
    "that",
    "your",
    "all",
];

/// The other first words of a sentence: its conditions.
const CONDITION_WORDS: &[&str] = &["if", "at", "otherwise"];

/// Lower-cases and tidies a piece of rules text so that phrases can be matched exactly:
/// one space between words, `{offense}` read as `offense`, "this card" as "this",
/// no final full stop.
pub(crate) fn normalize(s: &str) -> String {
    let t = s.trim().to_lowercase().replace('’', "'");
    let t = t
        .replace("{offense}", "offense")
        .replace("{defense}", "defense");
    let mut t = t.split_whitespace().collect::<Vec<_>>().join(" ");
    for (from, to) in [
        ("this card", "this"),
        ("this champion", "this"),
        ("+1 offense +1 defense counter", "+1/+1 counter"),
        ("+1 offense and +1 defense counter", "+1/+1 counter"),
    ] {
        t = t.replace(from, to);
    }
    while t.ends_with('.') {
        t.pop();
    }
    t.trim().to_string()
}

/// Consumes `p` when `s` starts with it as whole words.
/// Sentence openings that make a step conditional, and the condition each names.
const CONDITIONS: &[(&str, Condition)] = &[
    ("if you do,", Condition::Done),
    ("if you don't,", Condition::NotDone),
    ("if you do not,", Condition::NotDone),
    ("if you banished a champion card,", Condition::ItIsChampion),
    ("if it is your turn,", Condition::YourTurn),
    ("if it is not your turn,", Condition::NotYourTurn),
    ("if it is an opponent's turn,", Condition::NotYourTurn),
    ("if this is in play,", Condition::ThisInPlay),
    ("if this is still in play,", Condition::ThisInPlay),
    ("if this is expended,", Condition::ThisExpended),
    (
        "if this is the first {1} card you played this turn,",
        Condition::FirstCostOnePlay,
    ),
    (
        "if this is the first {1} card you've played this turn,",
        Condition::FirstCostOnePlay,
    ),
    ("if you are its owner,", Condition::YouOwnIt),
    (
        "if a champion is attacking alone,",
        Condition::AttackingAlone,
    ),
    ("if you controlled it,", Condition::YouControlledIt),
    (
        "if it was unblocked attacking you,",
        Condition::ItWasUnblockedAttackingYou,
    ),
    (
        "if it was attacking you and was unblocked,",
        Condition::ItWasUnblockedAttackingYou,
    ),
];

/// Consumes a conditional opening from [`CONDITIONS`], if the sentence starts with one.
fn eat_condition(s: &mut &str) -> Option<Condition> {
    CONDITIONS
        .iter()
        .find_map(|(opening, c)| eat(s, opening).then_some(*c))
}

fn eat(s: &mut &str, p: &str) -> bool {
    if let Some(rest) = s.strip_prefix(p) {
        let boundary = rest.is_empty()
            || rest.starts_with(' ')
            || rest.starts_with(',')
            || p.ends_with(' ')
            || p.ends_with(',');
        if boundary {
            *s = rest.trim_start();
            return true;
        }
    }
    false
}

/// Consumes `p` when `s` ends with it as whole words.
fn eat_end(s: &mut &str, p: &str) -> bool {
    if let Some(rest) = s.strip_suffix(p) {
        if rest.is_empty() || rest.ends_with(' ') {
            *s = rest.trim_end();
            return true;
        }
    }
    false
}

fn first_word(s: &str) -> &str {
    s.split([' ', ',']).next().unwrap_or("")
}

fn take_word<'a>(s: &mut &'a str) -> &'a str {
    let w = first_word(s);
    *s = s[w.len()..].trim_start();
    w
}

pub(crate) fn number_word(w: &str) -> Option<u8> {
    Some(match w {
        "a" | "an" | "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        _ => return w.parse().ok(),
    })
}

fn eat_number(s: &mut &str) -> Option<u8> {
    let w = first_word(s);
    let n = number_word(w)?;
    take_word(s);
    Some(n)
}

fn eat_amount(s: &mut &str) -> Option<Amount> {
    let w = first_word(s);
    let a = if w == "x" {
        Amount::XPlus(0)
    } else if let Some(n) = w.strip_prefix("x+") {
        Amount::XPlus(n.parse().ok()?)
    } else {
        Amount::Fixed(number_word(w)?)
    };
    take_word(s);
    Some(a)
}

fn expect_done(s: &str, what: &str) -> R<()> {
    if s.is_empty() {
        Ok(())
    } else {
        Err(format!("unexpected words {} after {what}", quoted(s)))
    }
}

/// Reading context: the pool being built (to intern class names in filters).
pub(crate) struct Ctx<'p> {
    pub pool: &'p mut CardPool,
}

// ---------------------------------------------------------------------------------
// Effects

/// Reads an effect: sentences separated by ". " or ", then ", each one or more steps.
/// `earlier` are the steps of the same effect before this line (a further `play:` line
/// continues its mode), which may set X.
pub(crate) fn parse_effect(ctx: &mut Ctx, body: &str, earlier: &[Sentence]) -> R<Vec<Sentence>> {
    let body = normalize(body);
    if body.is_empty() {
        return Err("an ability needs an effect after the ':'".into());
    }
    if let Some(rest) = body.strip_prefix("either ") {
        // "Either A, or B": each branch is an effect of its own.
        let branches = rest
            .split(", or ")
            .map(|b| parse_effect(ctx, b, earlier))
            .collect::<R<Vec<_>>>()?;
        if branches.len() < 2 {
            return Err("'either' needs its choices separated by ', or '".into());
        }
        return Ok(vec![Sentence::new(Action::Either(branches))]);
    }
    let mut steps: Vec<Sentence> = Vec::new();
    for sentence in body.split(". ") {
        // "If it is your turn, banish all champions, then ...": the condition of a
        // sentence holds for what follows its "then".
        let mut when = None;
        for (i, part) in sentence.split(", then ").enumerate() {
            let part = part.trim().trim_end_matches('.');
            if part.is_empty() {
                continue;
            }
            let from = steps.len();
            parse_sentence(ctx, part, &mut steps)?;
            if i == 0 {
                when = steps.get(from).and_then(|s| s.when);
            } else {
                for st in &mut steps[from..] {
                    st.when = st.when.or(when);
                }
            }
        }
    }
    check_x(earlier.iter().chain(&steps))?;
    Ok(steps)
}

/// X is the number of cards an "X ..." or "any number of ..." choice picked (the
/// engine's `ctx.x`): each X must follow such a choice in the same effect, or it would
/// silently be 0. An action's own choice comes before its amount ("put X counters on any
/// number of ...").
fn check_x<'a>(steps: impl Iterator<Item = &'a Sentence>) -> R<()> {
    let mut set = false;
    for step in steps {
        let mut action = &step.action;
        while let Action::AtEndOfTurn(inner) = action {
            action = inner;
        }
        set |= matches!(
            action.selection(),
            Some(Sel::Target(t) | Sel::Choose(t)) if t.count == 0
        );
        if matches!(action.amount(), Some(Amount::XPlus(_))) && !set {
            return Err(
                "X is used before anything sets it: X counts the cards an earlier \
                        'X ...' or 'any number of ...' choice of the same effect picked"
                    .into(),
            );
        }
    }
    Ok(())
}

/// "For each card revealed, ..." (Loyalty X): the sentence's number, or its one target,
/// counts once per card revealed. An optional target may be picked up to that many times.
fn per_revealed(action: &mut Action, may: bool) -> R<()> {
    if let Some(n) = action.amount_mut() {
        if let Amount::Fixed(k) = *n {
            *n = Amount::PerRevealed(k);
            return Ok(());
        }
    }
    if let Some(Sel::Target(t) | Sel::Choose(t)) = action.selection_mut() {
        if t.count == 1 {
            t.per_revealed = true;
            t.up_to = may;
            return Ok(());
        }
    }
    Err("'for each card revealed' needs a number or one target to count".into())
}

fn parse_sentence(ctx: &mut Ctx, sentence: &str, steps: &mut Vec<Sentence>) -> R<()> {
    let mut s = sentence;
    let mut when = None;
    let mut may = false;
    let mut by = None;
    let mut at_end = false;
    let mut each_revealed = false;
    if let Some(rest) = s.strip_prefix("if you have at least twice your starting health, ") {
        // Chamberlain Kark.
        expect_done(
            rest.trim_start_matches("you win the game"),
            "'you win the game'",
        )?;
        steps.push(Sentence::new(Action::WinWithHealth { times: 2 }));
        return Ok(());
    }
    loop {
        if eat(&mut s, "at the end of the turn,") || eat(&mut s, "at end of turn,") {
            at_end = true;
        } else if eat(&mut s, "for each card revealed,") {
            each_revealed = true;
        } else if let Some(c) = eat_condition(&mut s) {
            when = Some(c);
        } else if eat(&mut s, "otherwise,") {
            when = match steps.last().and_then(|st| st.when) {
                Some(Condition::YourTurn) => Some(Condition::NotYourTurn),
                Some(Condition::NotYourTurn) => Some(Condition::YourTurn),
                Some(Condition::YouOwnIt) => Some(Condition::NotYouOwnIt),
                _ => {
                    return Err(
                        "'otherwise' must follow a sentence starting 'if it is your turn' or \
                         'if you are its owner'"
                            .into(),
                    )
                }
            };
        } else if eat(&mut s, "if you played a {1}") {
            let a = take_word(&mut s);
            let a = Alignment::parse(a).ok_or_else(|| {
                format!(
                    "unknown alignment {} in 'if you played a {{1}} ... card this turn'",
                    quoted(a)
                )
            })?;
            if !eat(&mut s, "card this turn,") {
                return Err("expected 'if you played a {1} <alignment> card this turn,'".into());
            }
            when = Some(Condition::PlayedThisTurn(a));
        } else if eat(&mut s, "you may") {
            may = true;
        } else if let Some(who) = performer_may(&mut s) {
            may = true;
            by = Some(who);
        } else {
            break;
        }
    }
    // "The player whose turn it is may return ... from their discard pile": the performer
    // is "you" of the step, so "their" is read as "your".
    let performed;
    if by.is_some() {
        performed = s.replace("their ", "your ");
        s = &performed;
    }
    if eat(&mut s, "this may only be used to play") {
        // Brachiosaurus: the gold the previous sentence gained is for these cards only.
        let a = first_word(s);
        let only = Alignment::parse(a).ok_or_else(|| {
            format!(
                "expected 'this may only be used to play <alignment> cards and powers', found {}",
                quoted(sentence)
            )
        })?;
        take_word(&mut s);
        expect_done(
            s.trim_start_matches("cards and powers"),
            "'cards and powers'",
        )?;
        return match steps.last_mut().map(|st| &mut st.action) {
            Some(Action::GainGold { only: o, .. }) => {
                *o = Some(only);
                Ok(())
            }
            _ => Err("'this may only be used to play ...' must follow 'gain {1}'".into()),
        };
    }
    if s.starts_with("if ") {
        return Err(format!(
            "unknown condition {}; known conditions: if it is your turn, if it is not your turn, \
             otherwise, if you do, if this is in play, if a champion is attacking alone, \
             if you controlled it, if it was unblocked attacking you, \
             if you played a {{1}} <alignment> card this turn",
            quoted(s)
        ));
    }
    for mut action in parse_actions(ctx, s)? {
        if each_revealed {
            per_revealed(&mut action, may)?;
        }
        let action = if at_end {
            Action::AtEndOfTurn(Box::new(action))
        } else {
            action
        };
        steps.push(Sentence {
            when,
            may,
            by: by.clone(),
            action,
        });
    }
    Ok(())
}

/// Consumes "<player> may" for a step another player performs: one of [`PLAYERS`] that
/// names a player without a choice ("the player whose turn it is may ...").
fn performer_may(s: &mut &str) -> Option<Who> {
    let performers = [Who::ActivePlayer, Who::It, Who::ItsOwner, Who::Subject];
    PLAYERS
        .iter()
        .filter(|(_, w)| performers.contains(w))
        .find_map(|(p, w)| {
            let mut t = *s;
            (eat(&mut t, p) && eat(&mut t, "may")).then(|| {
                *s = t;
                w.clone()
            })
        })
}

/// One action, or several joined by "and" ("draw a card and deal 2 damage to a target").
/// A sentence that reads as one action is one ("deal 2 damage to each champion and each
/// player", "target champion gains unbreakable and +5 offense this turn"); otherwise each
/// "and" followed by the first word of an effect ends an action. Each part is read once,
/// so a sentence costs time in proportion to its length.
fn parse_actions(ctx: &mut Ctx, s: &str) -> R<Vec<Action>> {
    if s.contains('"') {
        return parse_grant(ctx, s);
    }
    let whole = match parse_action(ctx, s) {
        Ok(a) => return Ok(vec![a]),
        Err(e) => e,
    };
    let mut parts = Vec::new();
    let mut start = 0;
    let mut from = 0;
    while let Some(i) = s[from..].find(" and ") {
        let at = from + i;
        from = at + " and ".len();
        if starts_effect(&s[from..]) {
            parts.push(&s[start..at]);
            start = from;
        }
    }
    if parts.is_empty() {
        return Err(whole);
    }
    parts.push(&s[start..]);
    parts.into_iter().map(|p| parse_action(ctx, p)).collect()
}

/// "<selection> gain[s] [<keywords> and] "<trigger>: <effect>" [this turn]": the
/// champions gain the quoted triggered ability (Plague Zombies), and the keywords
/// before it as any gain does.
fn parse_grant(ctx: &mut Ctx, s: &str) -> R<Vec<Action>> {
    const SHAPE: &str =
        "a quoted ability is given as '<champions> gain \"<trigger>: <effect>\" [this turn]'";
    let (who, rest) = [" gains ", " gain "]
        .iter()
        .find_map(|verb| s.split_once(verb))
        .ok_or(SHAPE)?;
    let mut rest = rest.trim();
    let duration = if eat_end(&mut rest, "this turn") {
        Duration::ThisTurn
    } else {
        Duration::Permanent
    };
    let (mods, quoted) = rest.split_once('"').ok_or(SHAPE)?;
    let ability = quoted.strip_suffix('"').ok_or(SHAPE)?;
    let (label, body) = ability.split_once(':').ok_or(SHAPE)?;
    let on = match parse_triggers(ctx, label.trim())?.as_slice() {
        [(on, 0, about)] => Triggered {
            on: *on,
            loyalty: 0,
            about: about.clone(),
            steps: parse_effect(ctx, body, &[])?,
        },
        _ => return Err(format!("{SHAPE}, with one trigger and no loyalty")),
    };
    let sel = parse_objects(ctx, who, "given an ability")?;
    let mut actions = Vec::new();
    let mods = mods.trim().trim_end_matches(" and").trim_end_matches(',');
    if !mods.is_empty() {
        let (offense, defense, keywords) = parse_mods(mods)?;
        actions.push(Action::Modify {
            sel: sel.clone(),
            offense,
            defense,
            keywords,
            duration,
        });
    }
    actions.push(Action::Grant {
        sel,
        ability: Box::new(on),
        duration,
    });
    Ok(actions)
}

/// Whether a text starts with a word that starts an effect: a verb, a player or a
/// selection ("draw", "you", "each", "target", "it").
fn starts_effect(s: &str) -> bool {
    ACTION_WORDS.contains(&first_word(s))
}

/// The players an action may name, as its subject ("each opponent loses 2 health") or as
/// what it applies to ("deal 2 damage to each opponent").
const PLAYERS: &[(&str, Who)] = &[
    ("the player whose turn it is", Who::ActivePlayer),
    ("each opponent", Who::EachOpponent),
    ("each player", Who::EachPlayer),
    ("its controller", Who::It),
    ("its owner", Who::ItsOwner),
    ("that player", Who::Subject),
    ("target player", Who::Target(PlayerFilter::Any)),
    ("target opponent", Who::Target(PlayerFilter::Opponent)),
    ("you", Who::You),
];

/// Consumes the player a sentence starts with: one of [`PLAYERS`], or "they" (the player
/// last chosen, or the controller of the object last chosen).
fn who_subject(s: &mut &str) -> Option<Who> {
    if eat(s, "they") {
        return Some(Who::It);
    }
    PLAYERS
        .iter()
        .find_map(|(p, w)| eat(s, p).then(|| w.clone()))
}

fn parse_action(ctx: &mut Ctx, text: &str) -> R<Action> {
    let mut s = text;
    // Fixed phrases first.
    match s {
        "recycle" => return Ok(Action::Recycle),
        "recall" => return Ok(Action::Recall),
        "champions cannot attack this turn" => return Ok(Action::NoAttacksThisTurn),
        "starting with you, each player keeps one champion they control and breaks the rest" => {
            return Ok(Action::EachKeepsOneBreakRest)
        }
        "starting with you, each player may put a champion from their hand into play" => {
            return Ok(Action::EachMayPutFromHand)
        }
        "deal damage to each player equal to the number of their champions broken this way"
        | "deal damage to each player equal to the number of their champions broken in this way" => {
            return Ok(Action::Damage {
                to: Sel::Players(Who::EachPlayer),
                n: Amount::TheirBrokenThisWay,
            })
        }
        _ => {}
    }
    let mut t0 = s;
    if let Some(a) = player_action(ctx, &mut t0, Who::You)? {
        return Ok(a);
    }
    if eat(&mut s, "deal") {
        return parse_deal(ctx, s);
    }
    if eat(&mut s, "reveal the top") {
        // "reveal the top five cards of your deck", "... card of target player's deck"
        const EXPECTED: &str =
            "expected 'reveal the top <number> cards of your deck' (or of target player's deck)";
        let n = if eat(&mut s, "card") {
            Amount::Fixed(1)
        } else {
            let n = eat_amount(&mut s).ok_or(EXPECTED)?;
            if !eat(&mut s, "cards") {
                return Err(EXPECTED.into());
            }
            n
        };
        if !eat(&mut s, "of") {
            return Err(EXPECTED.into());
        }
        let whose = match s {
            "your deck" => Who::You,
            "target player's deck" => Who::Target(PlayerFilter::Any),
            "target opponent's deck" => Who::Target(PlayerFilter::Opponent),
            "their deck" => Who::It,
            _ => return Err(EXPECTED.into()),
        };
        return Ok(Action::RevealTop { n, whose });
    }
    if eat(&mut s, "play") {
        // "play an event card from your discard pile without paying its cost",
        // "play it, paying all costs"
        let (sel, free) = if let Some(sel) = s.strip_suffix(" without paying its cost") {
            (sel, true)
        } else if let Some(sel) = s.strip_suffix(", paying all costs") {
            (sel, false)
        } else {
            return Err("expected 'play <selection> without paying its cost' or 'play <selection>, paying all costs'".into());
        };
        let sel = parse_objects(ctx, sel, "played")?;
        let one = match &sel {
            Sel::Target(t) | Sel::Choose(t) => t.count == 1,
            Sel::It => true,
            _ => false,
        };
        if !one {
            return Err("only one card can be played: 'play an event card from your discard pile without paying its cost', 'play it, paying all costs'".into());
        }
        return Ok(Action::Play { sel, free });
    }
    if eat(&mut s, "double the number of") {
        // "double the number of your human tokens": as many more as there are.
        let filter = parse_filter(ctx, s)?;
        let token = match (filter.token, filter.class) {
            (Some(true), Some(c)) => ctx.pool.class_name(c).to_string(),
            _ => return Err("expected 'double the number of your <name> tokens'".into()),
        };
        return Ok(Action::CreateTokens {
            token,
            n: Amount::Count {
                each: 1,
                of: Box::new(filter),
            },
            who: Who::You,
            expended: false,
        });
    }
    for phrase in [
        " loses its powers and abilities this turn",
        " lose their powers and abilities this turn",
        " loses all abilities this turn",
        " lose all abilities this turn",
    ] {
        if let Some(sel) = text.strip_suffix(phrase) {
            let sel = parse_objects(ctx, sel, "stripped of abilities")?;
            return Ok(Action::LoseAbilities(sel));
        }
    }
    if eat(&mut s, "choose") {
        return Ok(Action::Bind(parse_sel(ctx, s)?));
    }
    for (verb, done, make) in [
        ("break", "broken", Action::Break as fn(Sel) -> Action),
        ("banish", "banished", Action::Banish),
        ("expend", "expended", Action::Expend),
        ("prepare", "prepared", Action::Prepare),
    ] {
        if eat(&mut s, verb) {
            // "banish this card from your discard pile": "this" wherever it is.
            let sel = match s.strip_suffix(" from your discard pile") {
                Some("this") => "this",
                _ => s,
            };
            return Ok(make(parse_objects(ctx, sel, done)?));
        }
    }
    if eat(&mut s, "return") {
        for dest in [
            " to its owner's hand",
            " to their owners' hands",
            " to their owner's hands",
            " to your hand",
        ] {
            if let Some(sel) = s.strip_suffix(dest) {
                return Ok(Action::ReturnToHand(parse_objects(
                    ctx,
                    sel,
                    "returned to a hand",
                )?));
            }
        }
        if let Some(i) = s.find(" to play") {
            let sel = parse_objects(ctx, &s[..i], "put into play")?;
            let mut rest = s[i + " to play".len()..].trim_start();
            return put_into_play(sel, &mut rest);
        }
        return Err(format!(
            "expected 'return <selection> to its owner's hand', '... to your hand' or '... to play', found {}",
            quoted(&format!("return {s}"))
        ));
    }
    if eat(&mut s, "put") {
        return parse_put(ctx, s, Who::You);
    }
    if eat(&mut s, "transform") {
        let i = s
            .find(" into a ")
            .ok_or("expected 'transform <selection> into a <name> token'")?;
        let sel = parse_objects(ctx, &s[..i], "transformed")?;
        let mut rest = &s[i + " into a ".len()..];
        if !eat_end(&mut rest, "token") {
            return Err("expected 'transform <selection> into a <name> token'".into());
        }
        return Ok(Action::Transform {
            sel,
            token: cap(rest),
        });
    }
    if eat(&mut s, "gain control of") {
        let mut rest = s;
        let duration = if eat_end(&mut rest, "this turn") {
            Duration::ThisTurn
        } else {
            Duration::Permanent
        };
        return Ok(Action::GainControl {
            sel: parse_objects(ctx, rest, "controlled")?,
            duration,
        });
    }
    if eat(&mut s, "remove") {
        // Teleport: "remove target champion from play, then return it to play ..."
        if let Some(sel) =
            s.strip_suffix(" from play and return it to play prepared under its owner's control")
        {
            return Ok(Action::Reenter(parse_objects(
                ctx,
                sel,
                "removed from play",
            )?));
        }
        const REENTER: &str =
            "'remove <selection> from play and return it to play prepared under its owner's control'";
        let sel = s.strip_suffix(" from battle").ok_or_else(|| {
            if s.contains(" from play") {
                // The printed "Remove … from play, then return it …" is one sentence here.
                format!(
                    "a champion removed from play and returned is written in one sentence: \
                     {REENTER}"
                )
            } else {
                format!("expected 'remove <selection> from battle' or {REENTER}")
            }
        })?;
        return Ok(Action::RemoveFromBattle(parse_objects(
            ctx,
            sel,
            "removed from battle",
        )?));
    }
    if eat(&mut s, "have one of") {
        // "have one of your human champions gain airborne this turn and join the battle"
        let i = s.find(" gain ").ok_or(
            "expected 'have one of your <champions> gain <keywords> this turn and join the battle'",
        )?;
        let filter = parse_filter(ctx, &s[..i])?;
        let mut rest = &s[i + " gain ".len()..];
        if !eat_end(&mut rest, "this turn and join the battle") {
            return Err("expected '... gain <keywords> this turn and join the battle'".into());
        }
        let (o, d, keywords) = parse_mods(rest)?;
        if o != 0 || d != 0 {
            return Err("joining a battle grants keywords only".into());
        }
        return Ok(Action::JoinBattle { filter, keywords });
    }
    // "<player> draws a card", "each player puts a zombie token into play ..."
    let mut t = text;
    let subject = who_subject(&mut t);
    if subject == Some(Who::You) {
        // "... and you put a zombie token into play"
        if let Some(rest) = t.strip_prefix("put ") {
            return parse_put(ctx, rest, Who::You);
        }
    }
    if let Some(who) = subject.clone() {
        if let Some(a) = player_action(ctx, &mut t, who)? {
            return Ok(a);
        }
    }
    // "<selection> gains/gets/has <modifiers> [this turn]"
    for verb in [" gains ", " gain ", " gets ", " get ", " has ", " have "] {
        if let Some(i) = text.find(verb) {
            let sel = parse_objects(ctx, &text[..i], "given keywords, offense or defense")?;
            let mut rest = &text[i + verb.len()..];
            let duration = if eat_end(&mut rest, "this turn") {
                Duration::ThisTurn
            } else {
                Duration::Permanent
            };
            let (offense, defense, keywords) = parse_mods(rest)?;
            return Ok(Action::Modify {
                sel,
                offense,
                defense,
                keywords,
                duration,
            });
        }
    }
    let w = first_word(text);
    const EXPECTED: &str = "expected an effect such as draw, discard, gain, lose, deal, \
        break, banish, return, put, transform, expend, prepare, recycle, recall, choose, or \
        '<selection> gains ...'";
    Err(if subject.is_some() {
        // The sentence starts with a player, and what follows is no player's action.
        format!(
            "cannot read the effect {}: unknown word {} after {}; a player draws or discards \
             cards, gains, loses or pays health, or puts tokens into play",
            quoted(text),
            quoted(first_word(t)),
            quoted(text[..text.len() - t.len()].trim_end())
        )
    } else if ACTION_WORDS.contains(&w) {
        // A known first word: what follows it is the mistake, and no one word says what.
        format!("cannot read the effect {}; {EXPECTED}", quoted(text))
    } else {
        format!(
            "cannot read the effect {}: unknown word {}; {EXPECTED}{}",
            quoted(text),
            quoted(w),
            did_you_mean(w, ACTION_WORDS.iter().chain(CONDITION_WORDS).copied())
        )
    })
}

/// Actions whose subject is a player: draw, discard, gain/lose/pay health, put tokens.
/// `Ok(None)` when the verb is none of these.
fn player_action(ctx: &mut Ctx, s: &mut &str, who: Who) -> R<Option<Action>> {
    if eat(s, "cannot gain health this turn") || eat(s, "can't gain health this turn") {
        expect_done(s, "'cannot gain health this turn'")?;
        return Ok(Some(Action::CannotGainHealth(who)));
    }
    let v = first_word(s);
    let verb = v.strip_suffix('s').unwrap_or(v);
    match verb {
        "banish" | "banishe"
            if s.ends_with(" from their hand") || s.ends_with(" from your hand") =>
        {
            take_word(s);
            let n = eat_amount(s)
                .ok_or_else(|| format!("expected {}", quoted(&format!("{v} <number> cards"))))?;
            if !(eat(s, "cards") || eat(s, "card")) {
                return Err(format!(
                    "expected {}",
                    quoted(&format!("{v} <number> cards from their hand"))
                ));
            }
            if !(eat(s, "from their hand") || eat(s, "from your hand")) {
                return Err("expected '... from their hand'".into());
            }
            expect_done(s, "'from their hand'")?;
            Ok(Some(Action::BanishFromHand { who, n }))
        }
        "break" | "breake" if who != Who::You => {
            // "each opponent breaks a champion they control" (Winged Death)
            take_word(s);
            if !(eat(s, "a champion they control") || eat(s, "a champion of their choice")) {
                return Err("expected '<player> breaks a champion they control'".into());
            }
            eat(s, "if able");
            expect_done(s, "'a champion they control'")?;
            Ok(Some(Action::BreaksOwn(who)))
        }
        "pay" | "gain" if s[v.len()..].trim_start().starts_with('{') => {
            take_word(s);
            let w = take_word(s);
            let n = w
                .strip_prefix('{')
                .and_then(|w| w.strip_suffix('}'))
                .and_then(|d| d.parse::<u8>().ok())
                .filter(|n| *n > 0)
                .ok_or_else(|| format!("{} is no amount of gold; expected {{1}}", quoted(w)))?;
            expect_done(s, "the gold")?;
            if who != Who::You {
                return Err("only you pay or gain gold".into());
            }
            Ok(Some(if verb == "pay" {
                Action::PayGold(n)
            } else {
                Action::GainGold { n, only: None }
            }))
        }
        "draw" | "discard" => {
            take_word(s);
            let n =
                eat_amount(s).ok_or_else(|| format!("expected a number after {}", quoted(v)))?;
            if !(eat(s, "cards") || eat(s, "card")) {
                return Err(format!(
                    "expected {}",
                    quoted(&format!("{v} <number> cards"))
                ));
            }
            // "draw a card for each champion you control"
            let n = for_each(ctx, s, n)?;
            expect_done(s, v)?;
            Ok(Some(if verb == "draw" {
                Action::Draw { who, n }
            } else {
                Action::Discard { who, n }
            }))
        }
        "gain" if !s.starts_with("gain control") && !s.starts_with("gains control") => {
            let mut rest = s[v.len()..].trim_start();
            if eat(&mut rest, "health equal to its offense") {
                expect_done(rest, "'health equal to its offense'")?;
                return Ok(Some(Action::GainHealth {
                    who,
                    n: Amount::ItsOffense,
                }));
            }
            // Without a number it is no health: "they gain blitz" is read as a selection
            // gaining keywords.
            let Some(n) = eat_amount(&mut rest) else {
                return Ok(None);
            };
            *s = rest;
            if !eat(s, "health") {
                return Err("expected 'gain <number> health'".into());
            }
            let n = for_each(ctx, s, n)?;
            expect_done(s, "health")?;
            Ok(Some(Action::GainHealth { who, n }))
        }
        "lose" | "loses" | "pay" | "paie" => {
            take_word(s);
            let n = eat_amount(s)
                .ok_or_else(|| format!("expected {}", quoted(&format!("{v} <number> health"))))?;
            if !eat(s, "health") {
                return Err(format!(
                    "expected {}",
                    quoted(&format!("{v} <number> health"))
                ));
            }
            let n = for_each(ctx, s, n)?;
            expect_done(s, "health")?;
            Ok(Some(Action::LoseHealth { who, n }))
        }
        "put" if who != Who::You => {
            take_word(s);
            parse_put(ctx, s, who).map(Some)
        }
        _ => Ok(None),
    }
}

/// "for each champion card in their discard pile" after a number: that number for every
/// object the filter matches.
fn for_each(ctx: &mut Ctx, s: &mut &str, n: Amount) -> R<Amount> {
    if !eat(s, "for each") {
        return Ok(n);
    }
    let Amount::Fixed(each) = n else {
        return Err("'for each' needs a fixed number before it".into());
    };
    let of = parse_filter(ctx, s)?;
    *s = "";
    Ok(Amount::Count {
        each,
        of: Box::new(of),
    })
}

fn parse_deal(ctx: &mut Ctx, text: &str) -> R<Action> {
    let mut s = text;
    // "deal 3, 4 and 5 damage to three targets in order"
    if let Some(i) = s.find(" damage to ") {
        let amounts = &s[..i];
        if amounts.contains(',') || amounts.contains(" and ") {
            let mut list = Vec::new();
            for part in amounts.split([',']).flat_map(|p| p.split(" and ")) {
                let p = part.trim();
                list.push(
                    p.parse::<u8>()
                        .map_err(|_| format!("{} is not a damage amount", quoted(p)))?,
                );
            }
            let mut rest = &s[i + " damage to ".len()..];
            let n = eat_number(&mut rest)
                .ok_or("expected 'deal A, B and C damage to <N> targets in order'")?;
            if !eat(&mut rest, "targets in order") || n as usize != list.len() {
                return Err(
                    "expected 'deal A, B and C damage to <N> targets in order' with N amounts"
                        .into(),
                );
            }
            expect_done(rest, "'in order'")?;
            return Ok(Action::DamageInOrder { amounts: list });
        }
    }
    let n = eat_amount(&mut s).ok_or("expected 'deal <number> damage to <selection>'")?;
    if !eat(&mut s, "damage") {
        return Err("expected 'deal <number> damage to <selection>'".into());
    }
    if eat(&mut s, "divided as you choose among up to") {
        let m =
            eat_number(&mut s).ok_or("expected 'divided as you choose among up to <N> targets'")?;
        if !eat(&mut s, "targets") && !eat(&mut s, "target") {
            return Err("expected 'divided as you choose among up to <N> targets'".into());
        }
        expect_done(s, "targets")?;
        let total = match n {
            Amount::Fixed(t) => t,
            _ => return Err("divided damage needs a fixed number".into()),
        };
        return Ok(Action::DamageDivided {
            total,
            max_targets: m,
        });
    }
    if !eat(&mut s, "to") {
        return Err("expected 'deal <number> damage to <selection>'".into());
    }
    // "deal 2 damage to it for each wolf you control"
    let (to, n) = match s.find(" for each ") {
        Some(i) => {
            let mut rest = &s[i + 1..];
            (&s[..i], for_each(ctx, &mut rest, n)?)
        }
        None => (s, n),
    };
    Ok(Action::Damage {
        to: parse_sel(ctx, to)?,
        n,
    })
}

fn parse_put(ctx: &mut Ctx, text: &str, who: Who) -> R<Action> {
    let mut s = text;
    // Counters: "put two +1/+1 counters on this [for each point of damage on it]"
    if let Some(i) = s.find(" +1/+1 counter") {
        let mut amount = &s[..i];
        let n = eat_amount(&mut amount)
            .ok_or("expected 'put <number> +1/+1 counters on <selection>'")?;
        expect_done(amount, "the number of counters")?;
        let mut rest = &s[i + " +1/+1 counter".len()..];
        rest = rest.strip_prefix('s').unwrap_or(rest).trim_start();
        if !eat(&mut rest, "on") {
            return Err("expected 'put <number> +1/+1 counters on <selection>'".into());
        }
        let mut n = n;
        if eat_end(&mut rest, "for each point of damage on it") {
            n = Amount::DamageOnThis;
        }
        return Ok(Action::AddCounters {
            sel: parse_objects(ctx, rest, "given counters")?,
            n,
        });
    }
    // Tokens: "put three zombie tokens into play [under your control] [for each ...]"
    let mut t = s;
    if let Some(n) = eat_amount(&mut t) {
        let tok = t
            .find(" tokens into play")
            .map(|i| (i, " tokens into play"));
        let tok = tok.or_else(|| t.find(" token into play").map(|i| (i, " token into play")));
        if let Some((i, phrase)) = tok {
            let name = &t[..i];
            if name.is_empty() || name.contains(' ') {
                return Err(format!("{} is not a token name", quoted(name)));
            }
            let mut rest = &t[i + phrase.len()..];
            rest = rest.trim_start();
            eat(&mut rest, "under your control");
            eat(&mut rest, "under their control");
            let expended = eat(&mut rest, ", expended") || eat(&mut rest, "expended");
            let mut n = n;
            if eat(&mut rest, "for each champion in their discard pile")
                || eat(&mut rest, "for each champion in your discard pile")
            {
                n = Amount::ChampionsInDiscard;
            } else if eat(&mut rest, "for each of their champions broken this way") {
                // Demonic Rising.
                n = Amount::TheirBrokenThisWay;
            }
            expect_done(rest, "'into play'")?;
            return Ok(Action::CreateTokens {
                token: cap(name),
                n,
                who,
                expended,
            });
        }
    }
    if who != Who::You {
        return Err("a player other than you can only put tokens into play".into());
    }
    if let Some(sel) = s.strip_suffix(" into your hand") {
        return Ok(Action::ReturnToHand(parse_objects(
            ctx,
            sel,
            "put into a hand",
        )?));
    }
    // Cards: "put <selection> into play [under ...] [without tribute or loyalty]"
    let i = s.find(" into play").ok_or_else(|| {
        "expected 'put <number> <name> tokens into play', 'put <number> +1/+1 counters on ...' \
         or 'put <selection> into play'"
            .to_string()
    })?;
    let sel = parse_objects(ctx, &s[..i], "put into play")?;
    // What is put into play comes from elsewhere: a selection of what is in play already
    // would do nothing ("put a token champion into play" is no way to make a token).
    let in_play = |f: &Option<Filter>| f.as_ref().is_some_and(|f| f.zone == ZoneFilter::InPlay);
    if match &sel {
        Sel::Target(t) | Sel::Choose(t) => in_play(&t.objects),
        Sel::All(f) => f.zone == ZoneFilter::InPlay,
        _ => false,
    } {
        return Err(format!(
            "{} names cards already in play: 'put … into play' takes them from a hand or a \
             discard pile ('put a champion from your discard pile into play'), and a token is \
             made with 'put <number> <name> tokens into play'",
            quoted(&s[..i])
        ));
    }
    s = s[i + " into play".len()..].trim_start();
    put_into_play(sel, &mut s)
}

fn put_into_play(sel: Sel, s: &mut &str) -> R<Action> {
    let mut under = Who::You;
    if eat(s, "under their owners' control") || eat(s, "under its owner's control") {
        under = Who::ItsOwner;
    } else {
        eat(s, "under your control");
    }
    let silent = eat(s, "without tribute or loyalty");
    expect_done(s, "'into play'")?;
    Ok(Action::PutIntoPlay { sel, under, silent })
}

// ---------------------------------------------------------------------------------
// Selections and filters

fn any_target(count: u8, up_to: bool) -> TargetSpec {
    TargetSpec {
        objects: Some(Filter::champions()),
        players: Some(PlayerFilter::Any),
        count,
        up_to,
        per_revealed: false,
    }
}

/// Reads what an action that only champions and cards can undergo applies to: a
/// selection that names or may pick a player is a mistake. `done` says what the action
/// does to them ("broken").
fn parse_objects(ctx: &mut Ctx, text: &str, done: &str) -> R<Sel> {
    let sel = parse_sel(ctx, text)?;
    let players = match &sel {
        Sel::Players(_) | Sel::AllChampionsAndPlayers => true,
        Sel::Target(t) | Sel::Choose(t) => t.players.is_some(),
        Sel::This | Sel::It | Sel::Subject | Sel::All(_) | Sel::Rest => false,
    };
    if players {
        return Err(format!(
            "{} may be a player; only champions and cards can be {done}",
            quoted(text.trim())
        ));
    }
    Ok(sel)
}

/// Reads what an action applies to: "this", "it", "a target", "target evil champion",
/// "all other champions", "each opponent", "a champion from any discard pile", "X evil
/// cards ...".
pub(crate) fn parse_sel(ctx: &mut Ctx, text: &str) -> R<Sel> {
    let mut s = text.trim();
    match s {
        "this" => return Ok(Sel::This),
        "it" | "them" | "they" => return Ok(Sel::It),
        "that champion" | "that card" => return Ok(Sel::Subject),
        "the rest" => return Ok(Sel::Rest),
        "each of them" => return Ok(Sel::It),
        "each champion and player" | "each champion and each player" => {
            return Ok(Sel::AllChampionsAndPlayers)
        }
        "a target" => return Ok(Sel::Target(any_target(1, false))),
        "target player" => {
            return Ok(Sel::Target(TargetSpec {
                objects: None,
                players: Some(PlayerFilter::Any),
                count: 1,
                up_to: false,
                per_revealed: false,
            }))
        }
        "target opponent" => {
            return Ok(Sel::Target(TargetSpec {
                objects: None,
                players: Some(PlayerFilter::Opponent),
                count: 1,
                up_to: false,
                per_revealed: false,
            }))
        }
        _ => {}
    }
    if let Some((_, who)) = PLAYERS.iter().find(|(p, _)| *p == s) {
        return Ok(Sel::Players(who.clone()));
    }
    if eat(&mut s, "each of up to") {
        let n = eat_number(&mut s).ok_or("expected 'each of up to <N> targets'")?;
        if !eat(&mut s, "targets") {
            return Err("expected 'each of up to <N> targets'".into());
        }
        expect_done(s, "targets")?;
        return Ok(Sel::Target(any_target(n, true)));
    }
    if eat(&mut s, "up to") {
        let n = eat_number(&mut s).ok_or("expected 'up to <N> target ...'")?;
        if !eat(&mut s, "target") {
            return Err("expected 'up to <N> target ...'".into());
        }
        let objects = Some(parse_filter(ctx, s)?);
        return Ok(Sel::Target(TargetSpec {
            objects,
            players: None,
            count: n,
            up_to: true,
            per_revealed: false,
        }));
    }
    // "another target champion": not this one.
    let another = eat(&mut s, "another target");
    if another || eat(&mut s, "a target") || eat(&mut s, "target") {
        let mut filter = parse_filter(ctx, s)?;
        filter.other |= another;
        let objects = Some(filter);
        return Ok(Sel::Target(TargetSpec {
            objects,
            players: None,
            count: 1,
            up_to: false,
            per_revealed: false,
        }));
    }
    if eat(&mut s, "all") || eat(&mut s, "each") {
        eat(&mut s, "of");
        return Ok(Sel::All(parse_filter(ctx, s)?));
    }
    // A choice that is not a target: any number of ("X evil cards"), or one.
    let mut choose = |count: u8, s: &str| -> Result<Sel, String> {
        let objects = Some(parse_filter(ctx, s)?);
        Ok(Sel::Choose(TargetSpec {
            objects,
            players: None,
            count,
            up_to: count == 0,
            per_revealed: false,
        }))
    };
    if eat(&mut s, "x") || eat(&mut s, "any number of") {
        return choose(0, s);
    }
    if eat(&mut s, "one of them") {
        expect_done(s, "'one of them'")?;
        return Ok(Sel::Choose(TargetSpec {
            objects: Some(Filter {
                zone: ZoneFilter::Revealed,
                ..Filter::default()
            }),
            players: None,
            count: 1,
            up_to: false,
            per_revealed: false,
        }));
    }
    if s.starts_with("another ") || eat(&mut s, "a") || eat(&mut s, "an") || eat(&mut s, "one") {
        return choose(1, s);
    }
    if let Some(n) = number_word(first_word(s)).filter(|&n| n > 1) {
        take_word(&mut s);
        return choose(n, s);
    }
    if s.starts_with("your ") {
        return Ok(Sel::All(parse_filter(ctx, s)?));
    }
    let w = first_word(s);
    let hint = match w {
        // "any player": the one who plays the card chooses, which is a target here.
        "any" => {
            let rest = s["any".len()..].trim_start();
            format!("; 'any {rest}' is written 'target {rest}' (chosen as it is played) or 'each {rest}'")
        }
        _ => did_you_mean(
            w,
            [
                "this", "it", "that", "a", "target", "each", "all", "another", "your",
            ],
        ),
    };
    Err(format!(
        "cannot read the selection {}: unknown word {}; expected this, it, that champion, \
         a target, target ..., each ..., all ..., a ..., X ..., your ...{hint}",
        quoted(text),
        quoted(w),
    ))
}

/// Reads a description of objects: "[your] [other] [non-token] [attacking] [{1}]
/// [alignment] [class] champion|card|event [you control | they control | in your discard
/// pile | from any discard pile | in your hand] [that was broken this turn]
/// [with the same name as it]".
pub(crate) fn parse_filter(ctx: &mut Ctx, text: &str) -> R<Filter> {
    let mut s = text.trim();
    let mut f = Filter::default();
    loop {
        if eat(&mut s, "of your") || eat(&mut s, "your") {
            f.whose = Whose::You;
        } else if eat(&mut s, "other") || eat(&mut s, "another") {
            f.other = true;
        } else if eat(&mut s, "opposing") {
            f.whose = Whose::Opponents;
        } else if eat(&mut s, "the defending player's") {
            f.whose = Whose::Defending;
        } else if eat(&mut s, "damaged") {
            f.rare_mut().damaged = true;
        } else if eat(&mut s, "expended") {
            f.rare_mut().expended = true;
        } else if let Some(a) = first_word(s)
            .strip_prefix("non-")
            .and_then(Alignment::parse)
        {
            take_word(&mut s);
            f.rare_mut().not_alignment = Some(a);
        } else if eat(&mut s, "blocking") {
            f.rare_mut().blocking = true;
        } else if let Some(class) = first_word(s)
            .strip_prefix("non-")
            .filter(|w| *w != "token")
            .and_then(crate::classes::class_word)
        {
            take_word(&mut s);
            f.rare_mut().not_class = Some(ctx.pool.intern_class(class));
        } else if eat(&mut s, "non-token") {
            f.token = Some(false);
        } else if eat(&mut s, "token") {
            f.token = Some(true);
        } else if eat(&mut s, "attacking") {
            f.attacking = true;
        } else if eat(&mut s, "{0}") {
            f.cost = Some(0);
        } else if eat(&mut s, "{1}") {
            f.cost = Some(1);
        } else if let Some(a) = Alignment::parse(first_word(s)) {
            take_word(&mut s);
            f.alignment = Some(a);
        } else {
            break;
        }
    }
    let mut noun = eat_noun(&mut s, &mut f);
    if !noun && f.token == Some(true) && (s.is_empty() || is_suffix_word(first_word(s))) {
        // "target evil token": the prefix "token" was the noun.
        f.kind = Some(CardType::Champion);
        noun = true;
    }
    if !noun {
        let w = first_word(s);
        if w.is_empty() {
            return Err(format!(
                "{} names no kind of card; expected champion, card, event or a class",
                quoted(text)
            ));
        }
        if !w.chars().all(|c| c.is_alphabetic() || c == '-') || is_suffix_word(w) {
            return Err(format!(
                "cannot read {}: expected champion, card, event or a class name before {}",
                quoted(text),
                quoted(w)
            ));
        }
        // A class of the real cards, or one a card read before names in its type line.
        let class = match crate::classes::class_word(w) {
            Some(class) => ctx.pool.intern_class(class),
            None => ctx.pool.class_id(w).ok_or_else(|| {
                let classes = crate::CLASSES.iter().map(|c| c.to_lowercase());
                let classes: Vec<String> = classes.collect();
                format!(
                    "unknown word {} in {}: it is neither a class of the real cards or of a \
                     card read before, nor a word of the card language{}",
                    quoted(w),
                    quoted(text),
                    did_you_mean(w, classes.iter().map(|c| c.as_str()))
                )
            })?,
        };
        take_word(&mut s);
        f.class = Some(class);
        f.kind = Some(CardType::Champion);
        noun = eat_noun(&mut s, &mut f);
        if noun && f.kind.is_none() {
            // "dinosaur cards" still means champions of that class.
            f.kind = Some(CardType::Champion);
        }
    }
    loop {
        if eat(&mut s, "you control") {
            f.whose = Whose::You;
        } else if eat(&mut s, "they control") || eat(&mut s, "that player controls") {
            f.whose = Whose::It;
        } else if eat(&mut s, "an opponent controls") || eat(&mut s, "your opponents control") {
            f.whose = Whose::Opponents;
        } else if eat(&mut s, "in your discard pile") || eat(&mut s, "from your discard pile") {
            f.zone = ZoneFilter::DiscardPile;
            f.whose = Whose::You;
        } else if eat(&mut s, "in any discard pile")
            || eat(&mut s, "from any discard pile")
            || eat(&mut s, "in all discard piles")
            || eat(&mut s, "from all discard piles")
        {
            f.zone = ZoneFilter::DiscardPile;
            f.whose = Whose::Any;
        } else if eat(&mut s, "in their discard pile") || eat(&mut s, "from their discard pile") {
            f.zone = ZoneFilter::DiscardPile;
            f.whose = Whose::It;
        } else if eat(&mut s, "in your hand") || eat(&mut s, "from your hand") {
            f.zone = ZoneFilter::Hand;
            f.whose = Whose::You;
        } else if eat(&mut s, "in play") {
            f.zone = ZoneFilter::InPlay;
        } else if eat(&mut s, "that was broken this turn")
            || eat(&mut s, "that were broken this turn")
        {
            f.broken_this_turn = true;
        } else if eat(&mut s, "with the same name as it") {
            f.same_name_as_it = true;
        } else if eat(&mut s, "that damaged you this turn")
            || eat(&mut s, "that dealt damage to you this turn")
        {
            f.rare_mut().damaged_you = true;
        } else if eat(&mut s, "among them") {
            f.zone = ZoneFilter::Revealed;
        } else if eat(&mut s, "without") {
            let w = take_word(&mut s);
            let k = Keyword::parse(w).ok_or_else(|| {
                format!(
                    "unknown keyword {} after 'without'{}",
                    quoted(w),
                    did_you_mean(w, Keyword::ALL.iter().map(|k| k.name()))
                )
            })?;
            let rare = f.rare_mut();
            rare.without = rare.without.with(k);
        } else if eat(&mut s, "with defense less than or equal to the number of")
            || eat(&mut s, "with less defense than or equal to the number of")
        {
            let of = parse_filter(ctx, s)?;
            f.rare_mut().defense_at_most = Some(Amount::Count {
                each: 1,
                of: Box::new(of),
            });
            s = "";
        } else if s.starts_with("with ") && s.ends_with(" or less") {
            // "with 2 defense or less", "with defense 2 or less"
            let mut t = &s["with ".len()..s.len() - " or less".len()];
            let n = if eat(&mut t, "defense") {
                eat_number(&mut t)
            } else {
                eat_number(&mut t).filter(|_| eat(&mut t, "defense"))
            };
            match n {
                Some(n) if t.is_empty() => {
                    f.rare_mut().defense_at_most = Some(Amount::Fixed(n));
                    s = "";
                }
                _ => return Err("expected 'with <N> defense or less'".into()),
            }
        } else if eat(&mut s, "not named") {
            if s.is_empty() {
                return Err("expected a card name after 'not named'".into());
            }
            f.rare_mut().not_named = Some(s.to_string());
            s = "";
        } else {
            break;
        }
    }
    if !s.is_empty() {
        return Err(format!(
            "cannot read {}: unexpected {}; a description may end with you control, \
             they control, in your discard pile, from any discard pile, in their discard pile, \
             in your hand, that was broken this turn, or with the same name as it",
            quoted(text),
            quoted(s)
        ));
    }
    Ok(f)
}

fn is_suffix_word(w: &str) -> bool {
    matches!(w, "you" | "they" | "in" | "from" | "that" | "with" | "an")
}

fn eat_noun(s: &mut &str, f: &mut Filter) -> bool {
    if eat(s, "tokens") || eat(s, "token") {
        f.kind = Some(CardType::Champion);
        f.token = Some(true);
        return true;
    }
    for (p, kind) in [
        ("champion cards", Some(CardType::Champion)),
        ("champion card", Some(CardType::Champion)),
        ("champions", Some(CardType::Champion)),
        ("champion", Some(CardType::Champion)),
        ("event cards", Some(CardType::Event)),
        ("event card", Some(CardType::Event)),
        ("events", Some(CardType::Event)),
        ("event", Some(CardType::Event)),
        ("objects", Some(CardType::Object)),
        ("object", Some(CardType::Object)),
        ("cards", None),
        ("card", None),
    ] {
        if eat(s, p) {
            f.kind = kind.or(f.kind.filter(|_| f.class.is_some()));
            return true;
        }
    }
    false
}

/// Reads "unbreakable and +8 offense", "blitz, +1 offense and +1 defense".
pub(crate) fn parse_mods(text: &str) -> R<(i8, i8, Keywords)> {
    let mut offense = 0i8;
    let mut defense = 0i8;
    let mut keywords = Keywords::NONE;
    for item in text.split(", ").flat_map(|p| p.split(" and ")) {
        let item = item.trim();
        // "unbreakable, and +1 offense": the comma before a final "and".
        let item = item.strip_prefix("and ").unwrap_or(item);
        if item.is_empty() {
            continue;
        }
        if let Some(k) = Keyword::parse(item) {
            keywords = keywords.with(k);
            continue;
        }
        let mut parts = item.split(' ');
        let (num, stat) = (parts.next().unwrap_or(""), parts.next());
        let value = num.strip_prefix('+').unwrap_or(num).parse::<i8>().ok();
        match (value, stat, parts.next()) {
            (Some(v), Some("offense"), None) if num.starts_with(['+', '-']) => offense = offense.saturating_add(v),
            (Some(v), Some("defense"), None) if num.starts_with(['+', '-']) => defense = defense.saturating_add(v),
            _ => {
                return Err(format!(
                    "unknown keyword or modifier {}; expected a keyword, '+N offense' or '+N defense'{}",
                    quoted(item),
                    did_you_mean(item, Keyword::ALL.iter().map(|k| k.name()))
                ))
            }
        }
    }
    Ok((offense, defense, keywords))
}

// ---------------------------------------------------------------------------------
// Ability labels

/// Reads a trigger label: "tribute", "loyalty 2", "ally good", "when this attacks", ...,
/// several joined by "and/or".
pub(crate) fn parse_triggers(ctx: &mut Ctx, label: &str) -> R<Vec<(Trigger, u8, Option<Filter>)>> {
    let mut out = Vec::new();
    for item in label.split(" and/or ") {
        let mut s = item.trim();
        if let Some(what) = s
            .strip_prefix("when another ")
            .or_else(|| s.strip_prefix("when a "))
            .and_then(|w| w.strip_suffix(" is broken"))
            .filter(|w| *w != "champion" || s.starts_with("when another"))
        {
            // "when another non-zombie champion is broken"
            let about = parse_filter(ctx, what)?;
            let about = (about != Filter::champions()).then_some(about);
            out.push((Trigger::OtherChampionBroken, 0, about));
            continue;
        }
        let t = if s == "tribute" {
            (Trigger::EntersPlay, 0)
        } else if eat(&mut s, "loyalty") {
            let n = if eat(&mut s, "x") {
                LOYALTY_X
            } else {
                eat_number(&mut s)
                    .filter(|n| *n > 0 && *n < LOYALTY_X)
                    .ok_or("expected 'loyalty <N>' or 'loyalty x'")?
            };
            expect_done(s, "loyalty")?;
            (Trigger::EntersPlay, n)
        } else if eat(&mut s, "ally") || s.starts_with('{') {
            let w = s.trim_matches(|c| c == '{' || c == '}');
            let a = Alignment::parse(w).ok_or_else(|| {
                format!(
                    "unknown alignment {} in an ally label; expected good, evil, sage or wild{}",
                    quoted(w),
                    did_you_mean(w, Alignment::ALL.iter().map(|a| a.name()))
                )
            })?;
            (Trigger::Ally(a), 0)
        } else {
            let t = match s {
                "when this attacks" => Trigger::Attacks,
                "when this blocks" => Trigger::Blocks,
                "when this deals damage" => Trigger::DealsDamage,
                "when this damages a player" => Trigger::DamagesPlayer,
                "when this damages an opponent" => Trigger::DamagesOpponent,
                "when this damages a champion" => Trigger::DamagesChampion,
                "when this is broken" => Trigger::Broken,
                "when another champion is broken" => Trigger::OtherChampionBroken,
                "at the start of your turn" => Trigger::StartOfYourTurn,
                "at the end of each turn" | "at the end of the turn" => Trigger::EndOfTurn,
                "when this goes into your discard pile"
                | "when this goes into your discard pile from anywhere" => Trigger::PutIntoDiscard,
                "when this leaves your discard pile" => Trigger::LeavesDiscard,
                "when you recall this" => Trigger::Recalled,
                "when you draw a card" => Trigger::YouDraw,
                "when this is blocked" => Trigger::Blocked,
                _ => return Err(unknown_label(s)),
            };
            (t, 0)
        };
        out.push((t.0, t.1, None));
    }
    Ok(out)
}

pub(crate) const LABELS: &[&str] = &[
    "play",
    "or",
    "tribute",
    "loyalty",
    "ally",
    "when this attacks",
    "when this blocks",
    "when this deals damage",
    "when this damages a player",
    "when this damages an opponent",
    "when this damages a champion",
    "when this is broken",
    "when another champion is broken",
    "at the start of your turn",
    "at the end of each turn",
    "when this goes into your discard pile",
    "when this leaves your discard pile",
    "when you recall this",
    "when you draw a card",
    "when this is blocked",
    "static",
    "flavor",
    "in discard pile",
    "{expend}",
    "{1}",
    "break this",
    "remove a counter from this",
];

pub(crate) fn unknown_label(s: &str) -> String {
    let hint = did_you_mean(s, LABELS.iter().copied());
    let hint = if hint.is_empty() {
        did_you_mean(first_word(s), LABELS.iter().copied())
    } else {
        hint
    };
    format!(
        "unknown ability {}; expected play, or, tribute, loyalty N, ally <alignment>, \
         when this attacks/blocks/is broken/deals damage/damages a player..., at the start of \
         your turn, at the end of each turn, static, flavor, or power costs such as {{expend}}, \
         {{1}}, break this, remove a counter from this{hint}",
        quoted(s)
    )
}

/// Reads a power's costs: "{expend}", "{1}", "break this", "remove a counter from this",
/// "discard a card", comma separated. `None` when the label does not start with a cost
/// (it is no power); an error when it does but a later item is not one.
pub(crate) fn parse_costs(label: &str) -> Option<R<Vec<PowerCost>>> {
    // Two of one cost add up (3.5.3): "remove two counters" is that cost twice.
    let label = label.replace(
        "remove two counters from this",
        "remove a counter from this, remove a counter from this",
    );
    let mut items = label.split(',').map(str::trim);
    let first = parse_cost(items.next()?)?;
    let costs = std::iter::once(first)
        .chain(items.map(|item| {
            parse_cost(item).unwrap_or_else(|| {
                Err(format!(
                    "{} is not a cost the card language knows; a power's costs are {{expend}}, \
                     {{N}} (gold), break this, break a champion you control, remove a counter \
                     from this, discard N cards and banish N cards from your discard pile",
                    quoted(item)
                ))
            })
        }))
        .collect();
    Some(costs)
}

/// One cost of a power; `None` when the text is no kind of cost.
fn parse_cost(item: &str) -> Option<R<PowerCost>> {
    let cost = match item {
        "{expend}" => PowerCost::Expend,
        "break this" => PowerCost::BreakThis,
        "remove a counter from this" => PowerCost::RemoveCounter,
        "break a champion you control" => PowerCost::BreakOwn,
        _ => {
            return gold_cost(item)
                .or_else(|| discard_cost(item))
                .or_else(|| banish_cost(item))
        }
    };
    Some(Ok(cost))
}

/// "{1}": `None` unless the item is a number in braces.
fn gold_cost(item: &str) -> Option<R<PowerCost>> {
    let digits = item.strip_prefix('{')?.strip_suffix('}')?;
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(match digits.parse::<u8>() {
        Ok(n) if n > 0 => Ok(PowerCost::Gold(n)),
        _ => Err(format!(
            "{} is not a cost: a power's gold cost is {{1}} or more",
            quoted(item)
        )),
    })
}

/// "banish a card from your discard pile", "banish two cards from your discard pile":
/// `None` unless the item banishes from the discard pile.
fn banish_cost(item: &str) -> Option<R<PowerCost>> {
    let mut s = item;
    if !item.ends_with("discard pile") || !eat(&mut s, "banish") {
        return None;
    }
    Some(match eat_number(&mut s) {
        Some(n)
            if (eat(&mut s, "cards") || eat(&mut s, "card"))
                && eat(&mut s, "from your discard pile")
                && s.is_empty() =>
        {
            Ok(PowerCost::BanishFromDiscard(n))
        }
        _ => Err(format!(
            "expected 'banish <number> cards from your discard pile' as a cost, found {}",
            quoted(item)
        )),
    })
}

/// "discard a card", "discard two cards": `None` unless the item starts with "discard".
fn discard_cost(item: &str) -> Option<R<PowerCost>> {
    let mut s = item;
    if !eat(&mut s, "discard") {
        return None;
    }
    Some(match eat_number(&mut s) {
        Some(n) if (eat(&mut s, "cards") || eat(&mut s, "card")) && s.is_empty() => {
            Ok(PowerCost::Discard(n))
        }
        _ => Err(format!(
            "expected 'discard <number> cards' as a cost, found {}",
            quoted(item)
        )),
    })
}

/// Reads a continuous ability: "unbreakable on your turn", "your other good champions
/// have +2 offense", "you cannot be attacked while this is expended", "you may play wild
/// champions as if they had ambush".
pub(crate) fn parse_static(ctx: &mut Ctx, body: &str) -> R<Static> {
    let text = normalize(body);
    let mut s = text.as_str();
    if s == "you are untargetable" {
        return Ok(Static::ControllerUntargetable);
    }
    if s == "if an opponent causes you to discard this, put it into play instead" {
        return Ok(Static::IntoPlayIfDiscardedByOpponent);
    }
    if s == "unblockable by champions with less offense than this"
        || s == "unblockable by champions with offense less than this's offense"
    {
        return Ok(Static::UnblockableByLowerOffense);
    }
    if s == "this has all alignments"
        || s == "this has all alignments, even while it is in your hand, deck, or discard pile"
    {
        return Ok(Static::AllAlignments);
    }
    if s == "opponents cannot gain health" || s == "your opponents cannot gain health" {
        return Ok(Static::OpponentsCannotGainHealth);
    }
    if matches!(
        s,
        "this cannot gain powers or abilities"
            | "this can't gain powers or abilities"
            | "cannot gain powers or abilities"
            | "can't gain powers or abilities"
    ) {
        return Ok(Static::CannotGainAbilities);
    }
    if eat(&mut s, "you cannot be attacked") {
        let when = static_condition(&mut s)?;
        return Ok(Static::CannotBeAttacked { when });
    }
    if eat(&mut s, "you may play") {
        let f = s
            .strip_suffix(" as if they had ambush")
            .ok_or("expected 'you may play <cards> as if they had ambush'")?;
        let mut filter = parse_filter(ctx, f)?;
        filter.zone = ZoneFilter::Hand;
        filter.whose = Whose::You;
        return Ok(Static::AmbushFor(filter));
    }
    for verb in [" have ", " get "] {
        if let Some(i) = s.find(verb) {
            let affects = parse_filter(ctx, &s[..i])?;
            let mut rest = &s[i + verb.len()..];
            let mut add_alignment = None;
            if let Some(j) = rest.find(" and are also ") {
                let a = &rest[j + " and are also ".len()..];
                add_alignment = Some(
                    Alignment::parse(a)
                        .ok_or_else(|| format!("unknown alignment {}", quoted(a)))?,
                );
                rest = &rest[..j];
            } else if let Some(a) = rest.strip_prefix("are also ") {
                add_alignment = Some(
                    Alignment::parse(a)
                        .ok_or_else(|| format!("unknown alignment {}", quoted(a)))?,
                );
                rest = "";
            }
            let (offense, defense, keywords) = if rest.is_empty() {
                (0, 0, Keywords::NONE)
            } else {
                parse_mods(rest)?
            };
            return Ok(Static::Anthem {
                affects,
                offense,
                defense,
                keywords,
                add_alignment,
            });
        }
    }
    let mut kw_text = s;
    let when = static_condition_suffix(&mut kw_text);
    let (o, d, keywords) = parse_mods(kw_text)
        .map_err(|e| format!("{e} (a static line is keywords with a condition, '<champions> have ...', 'you cannot be attacked ...' or 'you may play ... as if they had ambush')"))?;
    if o != 0 || d != 0 || keywords.is_empty() {
        return Err(
            "a static line of this card's own keywords cannot change offense or defense".into(),
        );
    }
    Ok(Static::Keywords { keywords, when })
}

fn static_condition(s: &mut &str) -> R<Option<Condition>> {
    let c = static_condition_suffix(s);
    if eat(s, "while this is expended") {
        return Ok(Some(Condition::ThisExpended));
    }
    expect_done(s, "the ability")?;
    Ok(c)
}

fn static_condition_suffix(s: &mut &str) -> Option<Condition> {
    if eat_end(s, "on your turn") || eat_end(s, "during your turn") {
        Some(Condition::YourTurn)
    } else if eat_end(s, "on your opponents' turns") || eat_end(s, "when it is not your turn") {
        Some(Condition::NotYourTurn)
    } else if eat_end(s, "while this is expended") {
        Some(Condition::ThisExpended)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn effect(s: &str) -> R<Vec<Sentence>> {
        let mut pool = CardPool::new();
        parse_effect(&mut Ctx { pool: &mut pool }, s, &[])
    }

    #[test]
    fn simple_effects() {
        let st = effect("Draw two cards").unwrap();
        assert_eq!(
            st[0].action,
            Action::Draw {
                who: Who::You,
                n: Amount::Fixed(2)
            }
        );
        let st = effect("draw a card and deal 2 damage to a target").unwrap();
        assert_eq!(st.len(), 2);
        let st = effect("you may pay 1 health. if you do, put a demon token into play").unwrap();
        assert!(st[0].may);
        assert_eq!(st[1].when, Some(Condition::Done));
        let st = effect("this gains unbreakable and +8 offense this turn").unwrap();
        assert!(matches!(
            st[0].action,
            Action::Modify {
                offense: 8,
                duration: Duration::ThisTurn,
                ..
            }
        ));
        assert!(effect("frobnicate 3 cards")
            .unwrap_err()
            .contains("unknown word 'frobnicate'"));
        assert!(effect("drwa a card")
            .unwrap_err()
            .contains("did you mean 'draw'"));
    }

    #[test]
    fn filters() {
        let mut pool = CardPool::new();
        let mut ctx = Ctx { pool: &mut pool };
        let f = parse_filter(&mut ctx, "your other dragons").unwrap();
        assert!(f.other && f.whose == Whose::You && f.kind == Some(CardType::Champion));
        assert_eq!(ctx.pool.class_name(f.class.unwrap()), "Dragon");
        let f = parse_filter(&mut ctx, "{1} champion card from your discard pile").unwrap();
        assert_eq!((f.cost, f.zone), (Some(1), ZoneFilter::DiscardPile));
    }
}
