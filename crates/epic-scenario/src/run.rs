//! Running a scenario: build its position, apply its decisions by label, check its
//! expectations, and report every difference between what was expected and what the
//! engine did.

use crate::{
    ChampionCheck, Expect, Instruction, InstructionKind, Outcome, Scenario, Start, ZoneCheck,
    ZoneName,
};
use epic_engine::model::{CardId, CardPool};
use epic_engine::state::Zone;
use epic_engine::state::{Phase, Step};
use epic_engine::view::View;
use epic_engine::{EndReason, Event, Game, Position, SeatSetup, Setup, StartAt};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

/// Runs one scenario. Never panics: a panic inside the engine is reported as a failure.
pub fn run(s: &Scenario) -> Outcome {
    let failures = match catch_unwind(AssertUnwindSafe(|| run_steps(s))) {
        Ok(f) => f,
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            vec![format!("the engine panicked: {msg}")]
        }
    };
    Outcome {
        file: s.file.clone(),
        line: s.line,
        name: s.name.clone(),
        rules: s.rules.clone(),
        passed: failures.is_empty(),
        failures,
    }
}

/// The scenario's pool, plus its own cards when it has any.
fn scenario_pool(s: &Scenario) -> Result<Arc<CardPool>, String> {
    if s.cards.is_empty() {
        return Ok(s.pool.clone());
    }
    let mut extended = (*s.pool).clone();
    for text in &s.cards {
        epic_cards::parse_cards("scenario card", text, &mut extended)
            .map_err(|e| format!("the scenario's card cannot be read: {e}"))?;
    }
    Ok(Arc::new(extended))
}

fn build(s: &Scenario) -> Result<Game, String> {
    let pool = scenario_pool(s)?;
    let setup = &s.setup;
    if setup.start == Start::Mulligan {
        return Game::new(Setup {
            rules: epic_engine::RulesConfig {
                variant: setup.variant,
                team_size: setup.team_size,
                ..Default::default()
            },
            first_player: Some(setup.active),
            ..Setup::new(
                pool,
                setup.seats.iter().map(|seat| seat.deck.clone()).collect(),
                setup.seed,
            )
        })
        .map_err(|e| format!("the game cannot be set up: {e}"));
    }
    let mut pos = Position::new(pool, setup.players);
    pos.rules.variant = setup.variant;
    pos.rules.team_size = setup.team_size;
    for seat in &mut pos.seats {
        seat.health = pos.rules.seat_health();
    }
    pos.turn = setup.turn;
    pos.active = setup.active;
    pos.seed = setup.seed;
    pos.start = match setup.start {
        Start::Turn => StartAt::StartOfTurn,
        _ => StartAt::Main,
    };
    for (seat, spec) in pos.seats.iter_mut().zip(&setup.seats) {
        *seat = SeatSetup {
            health: spec.health.unwrap_or(seat.health),
            gold: spec.gold.unwrap_or(seat.gold),
            hand: spec.hand.clone(),
            deck: spec.deck.clone(),
            discard: spec.discard.clone(),
            in_play: spec.champions.clone(),
            god: spec.god,
        };
    }
    Game::from_position(pos).map_err(|e| format!("the position cannot be set up: {e}"))
}

fn run_steps(s: &Scenario) -> Vec<String> {
    let mut game = match build(s) {
        Ok(g) => g,
        Err(e) => return vec![format!("line {}: {e}", s.line)],
    };
    let mut failures = Vec::new();
    let mut last = LastDo::default();
    for (i, step) in s.steps.iter().enumerate() {
        let stop = match &step.kind {
            InstructionKind::Do { player, label } => {
                last.events.clear();
                do_step(&mut game, step, *player, label, &mut failures, &mut last)
            }
            InstructionKind::Reject { player, label } => {
                reject_step(&game, step, *player, label, &mut failures);
                false
            }
            InstructionKind::Expect(e) => {
                if let Err(msg) = check(&game, e, &last) {
                    failures.push(format!("line {}: {msg}", step.line));
                }
                false
            }
            InstructionKind::Concede(p) => match game.concede(*p) {
                Ok(events) => {
                    last.events = events;
                    false
                }
                Err(e) => {
                    failures.push(format!("line {}: {} concedes: {e}", step.line, who(*p)));
                    true
                }
            },
        };
        if stop {
            let left = s.steps.len() - i - 1;
            if left > 0 {
                let steps = if left == 1 { "step" } else { "steps" };
                failures.push(format!("({left} later {steps} not run)"));
            }
            break;
        }
    }
    failures
}

/// What the last `do` changed: its events.
#[derive(Default)]
struct LastDo {
    events: Vec<Event>,
}

fn who(p: u8) -> String {
    format!("p{}", p + 1)
}

/// The pending decision in words, for messages.
fn describe_decision(game: &Game) -> String {
    match game.decision() {
        Some(d) => format!("{} to decide ({})", who(d.player), d.kind.name()),
        None => match game.result() {
            Some(r) => format!("the game is over ({})", describe_result(&r)),
            None => "no decision".into(),
        },
    }
}

fn describe_result(r: &epic_engine::GameResult) -> String {
    let winners = if r.winners.is_empty() {
        "nobody won".to_string()
    } else {
        let w: Vec<String> = r.winners.iter().map(|&p| who(p)).collect();
        format!("won by {}", w.join(", "))
    };
    let reason = reason_name(r.reason);
    format!("{winners} by {reason}")
}

/// How scenario files name a way a game ends (`expect winner none by loop`).
pub(crate) fn reason_name(r: EndReason) -> &'static str {
    match r {
        EndReason::Health => "health",
        EndReason::DrewFromEmptyDeck => "deck",
        EndReason::Loop => "loop",
        EndReason::ObjectLimit => "object limit",
        EndReason::FirstBlood => "first blood",
        EndReason::CardEffect => "card",
        EndReason::Conceded => "concession",
    }
}

fn options_list(labels: &[String]) -> String {
    if labels.is_empty() {
        "none".into()
    } else {
        labels
            .iter()
            .map(|l| format!("`{l}`"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A label without the ` #12` that tells apart two options that would read the same.
fn strip_id(label: &str) -> &str {
    match label.rsplit_once(" #") {
        Some((head, id)) if !id.is_empty() && id.chars().all(|c| c.is_ascii_digit()) => head,
        _ => label,
    }
}

/// How a written label picks an option (docs/scenarios.md, "Matching labels").
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Match {
    One(usize),
    Nothing,
    Several(Vec<usize>),
}

pub(crate) fn find_label(labels: &[String], want: &str) -> Match {
    let want = want.trim();
    if let Some(i) = labels.iter().position(|l| l == want) {
        return Match::One(i);
    }
    let lower = want.to_lowercase();
    let pick = |hits: Vec<usize>| -> Match {
        match hits.len() {
            0 => Match::Nothing,
            1 => Match::One(hits[0]),
            _ => {
                let first = strip_id(&labels[hits[0]]).to_lowercase();
                if hits
                    .iter()
                    .all(|&i| strip_id(&labels[i]).to_lowercase() == first)
                {
                    Match::One(hits[0])
                } else {
                    Match::Several(hits)
                }
            }
        }
    };
    let exact: Vec<usize> = (0..labels.len())
        .filter(|&i| {
            labels[i].to_lowercase() == lower || strip_id(&labels[i]).to_lowercase() == lower
        })
        .collect();
    if !exact.is_empty() {
        return pick(exact);
    }
    pick(
        (0..labels.len())
            .filter(|&i| labels[i].to_lowercase().starts_with(&lower))
            .collect(),
    )
}

/// Applies a decision; true when the scenario cannot go on.
fn do_step(
    game: &mut Game,
    step: &Instruction,
    player: Option<u8>,
    label: &str,
    failures: &mut Vec<String>,
    last: &mut LastDo,
) -> bool {
    let line = step.line;
    let Some(decision) = game.decision() else {
        failures.push(format!(
            "line {line}: do `{label}`: {}",
            describe_decision(game)
        ));
        return true;
    };
    if let Some(p) = player {
        if decision.player != p {
            failures.push(format!(
                "line {line}: do `{label}`: expected {} to decide, but it is {}",
                who(p),
                describe_decision(game)
            ));
            return true;
        }
    }
    let labels = game.labels();
    match find_label(&labels, label) {
        Match::One(i) => {
            let choice = game.options()[i];
            match game.apply(choice) {
                Ok(events) => last.events = events,
                Err(e) => {
                    failures.push(format!(
                        "line {line}: do `{label}`: the engine refused: {e}"
                    ));
                    return true;
                }
            }
            false
        }
        Match::Nothing => {
            failures.push(format!(
                "line {line}: do `{label}`: no option matches; {} has: {}",
                describe_decision(game),
                options_list(&labels)
            ));
            true
        }
        Match::Several(hits) => {
            let which: Vec<String> = hits.iter().map(|&i| labels[i].clone()).collect();
            failures.push(format!(
                "line {line}: do `{label}`: several options match: {}",
                options_list(&which)
            ));
            true
        }
    }
}

fn reject_step(
    game: &Game,
    step: &Instruction,
    player: Option<u8>,
    label: &str,
    failures: &mut Vec<String>,
) {
    let line = step.line;
    let Some(decision) = game.decision() else {
        failures.push(format!(
            "line {line}: reject `{label}`: {}",
            describe_decision(game)
        ));
        return;
    };
    if let Some(p) = player {
        if decision.player != p {
            failures.push(format!(
                "line {line}: reject `{label}`: expected {} to decide, but it is {}",
                who(p),
                describe_decision(game)
            ));
            return;
        }
    }
    let labels = game.labels();
    match find_label(&labels, label) {
        Match::Nothing => {}
        Match::One(i) => failures.push(format!(
            "line {line}: reject `{label}`: it is offered (as `{}`), but the rules forbid it",
            labels[i]
        )),
        Match::Several(hits) => {
            let which: Vec<String> = hits.iter().map(|&i| labels[i].clone()).collect();
            failures.push(format!(
                "line {line}: reject `{label}`: it is offered (as {}), but the rules forbid it",
                options_list(&which)
            ));
        }
    }
}

/// A card name as a scenario writes it: tokens as `Wolf token`.
fn shown(pool: &CardPool, c: CardId) -> String {
    let def = pool.get(c);
    if def.token {
        format!("{} token", def.name)
    } else {
        def.name.clone()
    }
}

fn resolve(pool: &CardPool, name: &str) -> Option<CardId> {
    pool.by_name(name).or_else(|| pool.token(name))
}

fn names(pool: &CardPool, cards: &[CardId]) -> String {
    if cards.is_empty() {
        "none".into()
    } else {
        cards
            .iter()
            .map(|&c| shown(pool, c))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn sorted(mut v: Vec<CardId>) -> Vec<CardId> {
    v.sort();
    v
}

/// The cards of a zone; the deck top first.
fn zone_cards(game: &Game, p: u8, zone: ZoneName) -> Vec<CardId> {
    let st = game.state();
    let pl = st.player(p);
    let ids: Vec<epic_engine::ObjId> = match zone {
        ZoneName::Hand => pl.hand.clone(),
        ZoneName::Deck => pl.deck.iter().rev().copied().collect(),
        ZoneName::Discard => pl.discard.clone(),
        ZoneName::God => st.gods_of(p).collect(),
        ZoneName::Champions => {
            return game
                .view(p)
                .champions
                .iter()
                .filter(|c| c.controller == p)
                .map(|c| c.card)
                .collect()
        }
    };
    ids.iter().map(|&o| st.obj(o).card).collect()
}

fn zone_word(z: ZoneName) -> &'static str {
    match z {
        ZoneName::Hand => "hand",
        ZoneName::Deck => "deck",
        ZoneName::Discard => "discard",
        ZoneName::Champions => "champions",
        ZoneName::God => "god",
    }
}

/// The option the bot `level` takes in `game` now, seeded with `seed`; a search plays its
/// iteration budget with no time limit.
fn ai_option(game: &Game, level: &str, seed: u64) -> Result<usize, String> {
    let mut bot: Box<dyn epic_bots::Player<Game>> = match epic_bots::search_config(level) {
        Some(config) => Box::new(epic_bots::IsmctsBot::new(
            level,
            epic_bots::search::SearchConfig {
                time: None,
                ..config
            },
            seed,
        )),
        None => epic_bots::bot_by_name(level, seed).map_err(|e| e.to_string())?,
    };
    if game.decision().is_none() {
        return Err("the game is over: no one decides".into());
    }
    let choice = bot.choose(game);
    game.options()
        .iter()
        .position(|&c| c == choice)
        .ok_or_else(|| format!("the {level} AI took no option offered"))
}

fn check(game: &Game, e: &Expect, last: &LastDo) -> Result<(), String> {
    let pool = game.pool().clone();
    let st = game.state();
    let players = st.num_players() as u8;
    let seat_ok = |p: u8| {
        if p < players {
            Ok(())
        } else {
            Err(format!("there is no {}", who(p)))
        }
    };
    match e {
        Expect::Health(p, want) => {
            seat_ok(*p)?;
            expect_same(format!("{} health", who(*p)), *want, st.player(*p).health)?;
        }
        Expect::Gold(p, want, bonus) => {
            seat_ok(*p)?;
            let pl = st.player(*p);
            expect_gold(who(*p), *want, bonus, pl.gold, pl.bonus_gold, pl.bonus_for)?;
        }
        Expect::Zone(p, zone, zc) => {
            seat_ok(*p)?;
            let got = zone_cards(game, *p, *zone);
            let what = format!("{} {}", who(*p), zone_word(*zone));
            compare_zone(&pool, &what, &got, zc)?;
        }
        Expect::Resolving(zc) => {
            let got: Vec<CardId> = st.supplemental.iter().map(|&o| st.obj(o).card).collect();
            compare_zone(&pool, "resolving", &got, zc)?;
        }
        Expect::Sees { viewer, what } => {
            seat_ok(*viewer)?;
            check_seen(game, *viewer, what)?;
        }
        Expect::SawMove {
            viewer,
            card,
            from,
            to,
        } => {
            seat_ok(*viewer)?;
            check_saw(game, last, *viewer, card, *from, *to)?;
        }
        Expect::Champion {
            player,
            name,
            nth,
            checks,
        } => {
            seat_ok(*player)?;
            check_champion(&pool, &game.view(*player), *player, name, *nth, checks)?;
        }
        Expect::GameOn => {
            if let Some(r) = game.result() {
                return Err(format!(
                    "expected the game to go on, but it is over ({})",
                    describe_result(&r)
                ));
            }
        }
        Expect::GameOver => {
            if !game.is_over() {
                return Err(format!(
                    "expected the game to be over, but it goes on ({})",
                    describe_decision(game)
                ));
            }
        }
        Expect::Winner(winner, reason) => {
            let Some(r) = game.result() else {
                return Err(format!(
                    "expected the game to be over, but it goes on ({})",
                    describe_decision(game)
                ));
            };
            let reason_ok = reason.is_none_or(|why| why == r.reason);
            if r.winners != *winner || !reason_ok {
                let w = if winner.is_empty() {
                    "nobody won".to_string()
                } else {
                    let names: Vec<String> = winner.iter().map(|&p| who(p)).collect();
                    format!("won by {}", names.join(", "))
                };
                let why = reason.map_or_else(String::new, |r| format!(" by {}", reason_name(r)));
                return Err(format!("expected {w}{why}, got {}", describe_result(&r)));
            }
        }
        Expect::Decision(want) => {
            let got = game.decision();
            let ok = match (want, &got) {
                (None, None) => true,
                (Some((p, kind)), Some(d)) => d.player == *p && kind.is_none_or(|k| k == d.kind),
                _ => false,
            };
            if !ok {
                let w = match want {
                    None => "no decision (the game over)".to_string(),
                    Some((p, Some(k))) => format!("{} to decide ({})", who(*p), k.name()),
                    Some((p, None)) => format!("{} to decide", who(*p)),
                };
                return Err(format!(
                    "decision: expected {w}, got {}",
                    describe_decision(game)
                ));
            }
        }
        Expect::Option(label) | Expect::NoOption(label) => {
            let wanted = matches!(e, Expect::Option(_));
            let labels = game.labels();
            if (find_label(&labels, label) != Match::Nothing) != wanted {
                return Err(format!(
                    "expected {} `{label}`; {} has: {}",
                    if wanted { "an option" } else { "no option" },
                    describe_decision(game),
                    options_list(&labels)
                ));
            }
        }
        Expect::Ai {
            level,
            avoids,
            label,
        } => {
            let labels = game.labels();
            let fits = match find_label(&labels, label) {
                Match::One(i) => vec![i],
                Match::Several(hits) => hits,
                Match::Nothing => {
                    return Err(format!(
                        "no option matches `{label}`; {} has: {}",
                        describe_decision(game),
                        options_list(&labels)
                    ))
                }
            };
            for seed in 1..=crate::AI_TRIES {
                let taken = ai_option(game, level, seed)?;
                if fits.contains(&taken) == *avoids {
                    return Err(format!(
                        "the {level} AI (seed {seed}) took `{}`, {} `{label}`",
                        labels[taken],
                        if *avoids {
                            "which it should avoid:"
                        } else {
                            "not"
                        }
                    ));
                }
            }
        }
        Expect::Options(want) => {
            let labels = game.labels();
            let norm = |l: &str| strip_id(l.trim()).to_lowercase();
            let mut a: Vec<String> = want.iter().map(|l| norm(l)).collect();
            let mut b: Vec<String> = labels.iter().map(|l| norm(l)).collect();
            a.sort();
            b.sort();
            if a != b {
                return Err(format!(
                    "options: expected {}; {} has: {}",
                    options_list(want),
                    describe_decision(game),
                    options_list(&labels)
                ));
            }
        }
        Expect::Initiative(want) => {
            let got = game.initiative();
            if got != *want {
                let show = |p: Option<u8>| p.map_or("nobody".to_string(), who);
                return Err(format!(
                    "initiative: expected {}, got {} ({})",
                    show(*want),
                    show(got),
                    describe_decision(game)
                ));
            }
        }
        Expect::Phase(want) => {
            expect_same("phase", phase_name(*want), phase_name(st.phase))?;
        }
        Expect::Window(want) => {
            let got = match st.step {
                Step::Initiative { .. } => st.exchange_rule().unwrap_or("").to_string(),
                Step::ContinueOrEnd => "4.3.4 (continue or end)".to_string(),
                _ => format!("none ({})", describe_decision(game)),
            };
            if got != *want {
                return Err(format!(
                    "initiative exchange: expected rule {want}, got {got}"
                ));
            }
        }
        Expect::Turn(n) => {
            expect_same("turn", *n, st.turn)?;
        }
        Expect::Active(p) => {
            expect_same("active player", who(*p), who(st.active))?;
        }
        Expect::Blocked(want) => {
            let Some(b) = st.battle.as_ref() else {
                return Err("blocked: there is no battle".into());
            };
            let yes_no = |b: bool| if b { "yes" } else { "no" };
            expect_same("blocked", yes_no(*want), yes_no(b.blocked))?;
        }
    }
    Ok(())
}

/// One champion `player` controls, as `view` shows it.
fn check_champion(
    pool: &CardPool,
    view: &View,
    player: u8,
    name: &str,
    nth: usize,
    checks: &[ChampionCheck],
) -> Result<(), String> {
    let id = resolve(pool, name);
    let (player, nth) = (&player, &nth);
    let mine: Vec<_> = view
        .champions
        .iter()
        .filter(|c| c.controller == *player)
        .collect();
    let Some(c) = mine.iter().filter(|c| Some(c.card) == id).nth(nth - 1) else {
        let all: Vec<CardId> = mine.iter().map(|c| c.card).collect();
        return Err(format!(
            "{} champion {name}{}: not in play under {}'s control (they control: {})",
            who(*player),
            if *nth > 1 {
                format!(" [{nth}]")
            } else {
                String::new()
            },
            who(*player),
            names(pool, &all)
        ));
    };
    let mut wrong = Vec::new();
    for chk in checks {
        let flag = |what: &str, want: bool, got: bool| {
            (want != got).then(|| {
                let not = |b: bool| if b { "" } else { "not " };
                format!("expected {}{what}, got {}{what}", not(want), not(got))
            })
        };
        let bad = match chk {
            ChampionCheck::Offense(n) => mismatch("offense", *n, c.offense),
            ChampionCheck::Defense(n) => mismatch("defense", *n, c.defense),
            ChampionCheck::Damage(n) => mismatch("damage", *n, c.damage),
            ChampionCheck::Counters(n) => mismatch("counters", *n, c.counters),
            ChampionCheck::Owner(p) => mismatch("owner", who(*p), who(c.owner)),
            ChampionCheck::Expended(w) => flag("expended", *w, c.expended),
            ChampionCheck::Flipped(w) => flag("flipped", *w, c.flipped),
            ChampionCheck::Deploying(w) => flag("deploying", *w, c.deploying),
            ChampionCheck::Attacking(w) => flag("attacking", *w, c.attacking),
            ChampionCheck::Blocking(w) => flag("blocking", *w, c.blocking),
            ChampionCheck::Keyword(k, w) => flag(k.name(), *w, c.keywords.contains(k)),
        };
        wrong.extend(bad);
    }
    if !wrong.is_empty() {
        return Err(format!(
            "{} champion {name}: {}",
            who(*player),
            wrong.join("; ")
        ));
    }
    Ok(())
}

/// Gold, and, when the expectation names it, the gold for some alignments only.
fn expect_gold(
    whose: String,
    want: i32,
    bonus: &Option<(i32, String)>,
    gold: u8,
    bonus_gold: u8,
    bonus_for: epic_engine::model::Alignments,
) -> Result<(), String> {
    expect_same(format!("{whose} gold"), want, gold as i32)?;
    if let Some((n, aligns)) = bonus {
        let names: Vec<&str> = bonus_for.iter().map(|a| a.name()).collect();
        expect_same(
            format!("{whose} gold for {aligns} cards only"),
            format!("{n} {aligns}"),
            format!("{bonus_gold} {}", names.join("/")),
        )?;
    }
    Ok(())
}

/// An expectation read from what `viewer` sees.
fn check_seen(game: &Game, viewer: u8, e: &Expect) -> Result<(), String> {
    let pool = game.pool().clone();
    let view = game.view(viewer);
    let by = format!("as {} sees it", who(viewer));
    let seat = |p: u8| {
        view.players
            .get(p as usize)
            .ok_or_else(|| format!("there is no {}", who(p)))
    };
    match e {
        Expect::Health(p, want) => {
            expect_same(format!("{} health {by}", who(*p)), *want, seat(*p)?.health)?;
        }
        Expect::Gold(p, want, bonus) => {
            let pv = seat(*p)?;
            let name = format!("{} {by}:", who(*p));
            expect_gold(name, *want, bonus, pv.gold, pv.bonus_gold, pv.bonus_for)?;
        }
        Expect::Champion {
            player,
            name,
            nth,
            checks,
        } => {
            seat(*player)?;
            check_champion(&pool, &view, *player, name, *nth, checks)
                .map_err(|e| format!("{e} ({by})"))?;
        }
        Expect::Resolving(zc) => {
            let got: Vec<CardId> = view.resolving.iter().map(|c| c.card).collect();
            compare_zone(&pool, &format!("resolving, {by}"), &got, zc)?;
        }
        Expect::Zone(p, zone, zc) => {
            let pv = seat(*p)?;
            let what = format!("{} {}, {by}", who(*p), zone_word(*zone));
            let mine = |c: &&epic_engine::view::ChampionView| c.controller == *p;
            if let ZoneCheck::Count(n) = zc {
                let got = match zone {
                    ZoneName::Hand => pv.hand_count,
                    ZoneName::Deck => pv.deck_count,
                    ZoneName::Discard => pv.discard.len(),
                    ZoneName::Champions => view.champions.iter().filter(mine).count(),
                    ZoneName::God => pv.god.iter().count(),
                };
                if got != *n {
                    return Err(format!(
                        "{what}: expected {}, got {got}",
                        epic_game::words::count(*n as u64, "card", "cards")
                    ));
                }
                return Ok(());
            }
            // The cards of the zone whose identity the view shows.
            let known: Vec<CardId> = match zone {
                ZoneName::Hand => pv.hand.iter().map(|c| c.card).collect(),
                ZoneName::Discard => pv.discard.iter().map(|c| c.card).collect(),
                ZoneName::Champions => view.champions.iter().filter(mine).map(|c| c.card).collect(),
                ZoneName::God => pv.god.iter().map(|c| c.card).collect(),
                // A deck's cards only where everyone knows them (ruling H-33).
                ZoneName::Deck => pv.deck_known.iter().map(|d| d.card.card).collect(),
            };
            compare_zone(&pool, &what, &known, zc)?;
        }
        _ => return Err("this expectation cannot be read from a view".into()),
    }
    Ok(())
}

/// The last decision moved a card from one zone to another, and the viewer saw it
/// first: the event as the viewer received it names the card where it was.
fn check_saw(
    game: &Game,
    last: &LastDo,
    viewer: u8,
    card: &str,
    from: Zone,
    to: Zone,
) -> Result<(), String> {
    let pool = game.pool();
    let id = resolve(pool, card);
    let moves: Vec<&Event> = last
        .events
        .iter()
        .filter(|e| matches!(e, Event::Moved { .. }))
        .collect();
    let hit = moves.iter().find(|e| {
        matches!(e, Event::Moved { card: c, from: f, to: t, .. }
            if *c == id && *f == from && *t == to)
    });
    let Some(hit) = hit else {
        let all: Vec<String> = moves
            .iter()
            .filter_map(|e| match e {
                Event::Moved {
                    card: Some(c),
                    from,
                    to,
                    ..
                } => Some(format!(
                    "{} {} → {}",
                    shown(pool, *c),
                    from.name(),
                    to.name()
                )),
                _ => None,
            })
            .collect();
        return Err(format!(
            "expected the last decision to move {card} from {} to {}; it moved: {}",
            from.name(),
            to.name(),
            if all.is_empty() {
                "nothing".into()
            } else {
                all.join(", ")
            }
        ));
    };
    let saw = matches!(hit.seen_by(viewer), Event::Moved { was: Some(_), .. });
    if !saw {
        return Err(format!(
            "{card} moved from {} to {}, but {} could not see it before it moved",
            from.name(),
            to.name(),
            who(viewer)
        ));
    }
    Ok(())
}

/// Compares a zone's cards (the deck top first) with what a check expects.
fn compare_zone(pool: &CardPool, what: &str, got: &[CardId], zc: &ZoneCheck) -> Result<(), String> {
    let want_ids =
        |list: &[String]| -> Vec<CardId> { list.iter().filter_map(|n| resolve(pool, n)).collect() };
    match zc {
        ZoneCheck::Count(n) => {
            if got.len() != *n {
                return Err(format!(
                    "{what}: expected {}, got {} ({})",
                    epic_game::words::count(*n as u64, "card", "cards"),
                    got.len(),
                    names(pool, got)
                ));
            }
        }
        ZoneCheck::Is(list) => {
            let want = want_ids(list);
            if sorted(want.clone()) != sorted(got.to_vec()) {
                return Err(format!(
                    "{what}: expected {}, got {}",
                    names(pool, &want),
                    names(pool, got)
                ));
            }
        }
        ZoneCheck::Has(list) => {
            let mut left = got.to_vec();
            for c in want_ids(list) {
                match left.iter().position(|&x| x == c) {
                    Some(i) => {
                        left.remove(i);
                    }
                    None => {
                        return Err(format!(
                            "{what}: expected to hold {}, got {}",
                            names(pool, &want_ids(list)),
                            names(pool, got)
                        ))
                    }
                }
            }
        }
        ZoneCheck::Lacks(list) => {
            for c in want_ids(list) {
                if got.contains(&c) {
                    return Err(format!(
                        "{what}: expected no {}, got {}",
                        shown(pool, c),
                        names(pool, got)
                    ));
                }
            }
        }
        ZoneCheck::Top(list) | ZoneCheck::Bottom(list) => {
            let want = want_ids(list);
            let part: Vec<CardId> = if matches!(zc, ZoneCheck::Top(_)) {
                got.iter().take(want.len()).copied().collect()
            } else {
                got.iter()
                    .skip(got.len().saturating_sub(want.len()))
                    .copied()
                    .collect()
            };
            if part != want {
                let end = if matches!(zc, ZoneCheck::Top(_)) {
                    "top"
                } else {
                    "bottom"
                };
                return Err(format!(
                    "{what} {end}: expected {}, got {} (whole deck, top first: {})",
                    names(pool, &want),
                    names(pool, &part),
                    names(pool, got)
                ));
            }
        }
    }
    Ok(())
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "setup",
        Phase::Start => "start",
        Phase::Main => "main",
        Phase::Battle => "battle",
        Phase::End => "end",
    }
}

/// "what: expected X, got Y" when the two differ: the one shape of a failed expectation.
fn mismatch<T: PartialEq + std::fmt::Display>(
    what: impl std::fmt::Display,
    want: T,
    got: T,
) -> Option<String> {
    (want != got).then(|| format!("{what}: expected {want}, got {got}"))
}

/// [`mismatch`] as a result, for expectations checked with `?`.
fn expect_same<T: PartialEq + std::fmt::Display>(
    what: impl std::fmt::Display,
    want: T,
    got: T,
) -> Result<(), String> {
    mismatch(what, want, got).map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn exact_then_case_then_prefix() {
        let labels = l(&[
            "Pass",
            "Play Fire Shaman (0 gold)",
            "Play Fireball (mode 1, 0 gold)",
        ]);
        assert_eq!(find_label(&labels, "Pass"), Match::One(0));
        assert_eq!(find_label(&labels, "pass"), Match::One(0));
        assert_eq!(find_label(&labels, "Play Fire Shaman"), Match::One(1));
        assert_eq!(find_label(&labels, "Play Fire"), Match::Several(vec![1, 2]));
        assert_eq!(find_label(&labels, "End turn"), Match::Nothing);
    }

    #[test]
    fn copies_of_one_option_pick_the_first() {
        let labels = l(&[
            "Attack with Wolf token #3",
            "Attack with Wolf token #4",
            "Done",
        ]);
        assert_eq!(find_label(&labels, "Attack with Wolf token"), Match::One(0));
        assert_eq!(
            find_label(&labels, "Attack with Wolf token #4"),
            Match::One(1)
        );
        assert_eq!(find_label(&labels, "Attack"), Match::One(0));
    }
}
