//! The classic game (2009) at the command line: `epic play --ruleset classic` and
//! `epic sim --ruleset classic`. Both are written against `epic_game::State` and the
//! generic players of `epic_bots::players`; only the words on the screen know the
//! classic game's parts.

use crate::commands::{parallel_fold, print_json, progress_bar};
use crate::error::{read_text, CliError, CliResult};
use crate::interrupt;
use epic_bots::classic::classic_player;
use epic_classic::format::{ClassicDraft, Decklist, Format, FormatKind, Lists};
use epic_classic::state::{Pose, Window};
use epic_classic::{classic_deck, classic_pool, read_deck, ClassicGame};
use epic_game::{Seat, State};
use epic_model::CardId;
use epic_setup::table::{classic_format, TableArgs};
use serde::Serialize;
use std::io::Write;
use std::time::Instant;

/// Which game's rules a command plays by.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ruleset {
    /// The Epic Card Game, 2017 Complete Rules.
    #[default]
    #[value(name = "2017")]
    Epic2017,
    /// The Epic Trading Card Game of 2009: Mojo, actions, speeds and the line.
    Classic,
}

/// A classic deck by name (`order`, `chaos`) or from a deck-list file.
pub fn deck(spec: &str) -> CliResult<Vec<CardId>> {
    if let Some(d) = classic_deck(spec) {
        return Ok(d);
    }
    let path = std::path::Path::new(spec);
    if !path.exists() {
        let names: Vec<&str> = epic_classic::CLASSIC_DECKS.iter().map(|d| d.0).collect();
        return Err(CliError::input(format!(
            "'{spec}' is neither a classic deck ({}) nor a deck-list file",
            names.join(", ")
        )));
    }
    let text = read_text(path)?;
    read_deck(&classic_pool(), &text).map_err(|e| CliError::input(format!("{spec}: {e}")))
}

#[derive(Serialize)]
struct DeckReport {
    file: String,
    ruleset: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    format: Option<String>,
    valid: bool,
    cards: usize,
    sideboard: usize,
    free: usize,
    errors: Vec<String>,
    by_alignment: std::collections::BTreeMap<String, usize>,
    by_type: std::collections::BTreeMap<String, usize>,
}

/// `epic deck check --ruleset classic FILE [--format designed]`: the names, and the
/// deck-building rules of Designed Deck (a line `sideboard` starts the sideboard).
pub fn check_deck(file: &std::path::Path, format: Option<&str>, json: bool) -> CliResult {
    let format = format
        .map(|f| Format::parse(f).map_err(|e| CliError::input(format!("--format {f}: {e}"))))
        .transpose()?;
    if let Some(f) = format.filter(|f| f.kind() != FormatKind::Designed) {
        return Err(CliError::input(format!(
            "{} decks are built from the cards opened or drafted: epic play and epic sim \
             --ruleset classic --format {} deal and check them",
            f.title(),
            f.name()
        )));
    }
    let pool = classic_pool();
    let text = read_text(file)?;
    let name = file.display().to_string();
    let (main, side) = split_sideboard(&text);
    let mut report = DeckReport {
        file: name.clone(),
        ruleset: "classic",
        format: format.map(Format::name),
        valid: true,
        cards: 0,
        sideboard: 0,
        free: 0,
        errors: Vec::new(),
        by_alignment: Default::default(),
        by_type: Default::default(),
    };
    let read =
        |part: &str, what: &str| read_deck(&pool, part).map_err(|e| format!("{name}: {what}: {e}"));
    match (read(&main, "deck"), read(&side, "sideboard")) {
        (Ok(deck), Ok(sideboard)) => {
            report.cards = deck.len();
            report.sideboard = sideboard.len();
            for id in &deck {
                let c = pool.get(*id);
                *report
                    .by_alignment
                    .entry(c.alignment.name().into())
                    .or_default() += 1;
                *report.by_type.entry(c.kind.name().into()).or_default() += 1;
                report.free += usize::from(c.free);
            }
            if let Some(f) = format {
                let list = Decklist::with_sideboard(deck, sideboard);
                for v in f.check(&pool, Lists::printed(), &[], &list) {
                    report.errors.push(format!("{name}: {}: {v}", f.title()));
                }
            }
        }
        (a, b) => report.errors.extend(a.err().into_iter().chain(b.err())),
    }
    report.valid = report.errors.is_empty();
    if json {
        print_json(&report)?;
    } else if report.valid {
        let legal = format.map_or(String::new(), |f| format!("; a legal {} deck", f.title()));
        println!(
            "{name}: {} cards and a sideboard of {}, all known classic cards{legal}.",
            report.cards, report.sideboard
        );
        let words = |m: &std::collections::BTreeMap<String, usize>| {
            m.iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        println!("  by alignment: {}", words(&report.by_alignment));
        println!("  by type:      {}", words(&report.by_type));
        println!("  free cards:   {}", report.free);
    } else {
        for e in &report.errors {
            println!("{e}");
        }
    }
    if report.valid {
        Ok(())
    } else {
        Err(CliError::findings(format!(
            "{name}: the deck list has {} mistake(s)",
            report.errors.len()
        )))
    }
}

/// A deck list and its sideboard: the lines after a line `sideboard`.
fn split_sideboard(text: &str) -> (String, String) {
    let mut main = String::new();
    let mut side = String::new();
    let mut in_side = false;
    for line in text.lines() {
        if line
            .split('#')
            .next()
            .unwrap_or("")
            .trim()
            .eq_ignore_ascii_case("sideboard")
        {
            in_side = true;
            continue;
        }
        let part = if in_side { &mut side } else { &mut main };
        part.push_str(line);
        part.push('\n');
    }
    (main, side)
}

/// One side of a classic simulation: its player's name and its deck.
struct Side {
    bot: String,
    deck: Vec<CardId>,
    label: String,
}

fn side(spec: &str, default_deck: &str) -> CliResult<Side> {
    let (bot, deck_spec) = spec.split_once(':').unwrap_or((spec, default_deck));
    // A name the classic game does not know is refused before any game starts.
    classic_player(bot, 0).map_err(|e| CliError::input(e.to_string()))?;
    let deck_spec = match deck_spec {
        // The 2017 defaults of `epic sim` name the classic decks in turn.
        "good" | "sage" => "order",
        "evil" | "wild" | "random" => "chaos",
        other => other,
    };
    Ok(Side {
        bot: bot.to_string(),
        deck: deck(deck_spec)?,
        label: format!("{bot}:{deck_spec}"),
    })
}

#[derive(Default)]
struct Tally {
    games: u64,
    wins: Vec<u64>,
    draws: u64,
    unfinished: u64,
    decisions: u64,
    turns: u64,
}

#[derive(Serialize)]
struct Report {
    ruleset: &'static str,
    /// The classic format played, if one was named.
    format: Option<String>,
    games: u64,
    seed: u64,
    players: Vec<String>,
    wins: Vec<u64>,
    win_rates: Vec<f64>,
    win_rates_ci95: Vec<(f64, f64)>,
    draws: u64,
    unfinished: u64,
    average_decisions: f64,
    average_turns: f64,
    elapsed_seconds: f64,
    games_per_second: f64,
}

/// Refuses a deck a designed-deck format does not allow, naming every rule it breaks.
fn check_designed(format: Option<Format>, deck: &[CardId], whose: &str) -> CliResult {
    let Some(format) = format.filter(|f| f.kind() == FormatKind::Designed) else {
        return Ok(());
    };
    let broken = format.check(
        &classic_pool(),
        Lists::printed(),
        &[],
        &Decklist::new(deck.to_vec()),
    );
    if broken.is_empty() {
        return Ok(());
    }
    let why: Vec<String> = broken.iter().map(ToString::to_string).collect();
    Err(CliError::input(format!(
        "{whose} breaks the rules of {}: {}",
        format.title(),
        why.join("; ")
    )))
}

/// A limited format deals every game's decks (opened or drafted, then built).
fn is_limited(format: Option<Format>) -> bool {
    format.is_some_and(|f| f.kind() != FormatKind::Designed)
}

/// `epic sim --ruleset classic`: bot-versus-bot classic games, seat `s` playing side `s`;
/// in a limited format each game's decks are dealt from its seed.
pub fn sim(args: &super::sim::Args) -> CliResult {
    let players = usize::from(args.table.players);
    let format = classic_format(&args.table)?;
    let mut sides = vec![side(&args.p1, "order")?, side(&args.p2, "chaos")?];
    for _ in 2..players {
        sides.push(side(&args.others, "chaos")?);
    }
    for (s, side) in sides.iter_mut().enumerate() {
        if let Some(f) = format.filter(|_| is_limited(format)) {
            side.label = format!("{}:{}", side.bot, f.name());
        } else {
            check_designed(format, &side.deck, &format!("Player {}'s deck", s + 1))?;
        }
    }
    let rules = format.map(Format::rules).unwrap_or_default();
    let threads = super::threads_for(args.threads, args.games);
    interrupt::catch();
    let start = Instant::now();
    let bar = progress_bar(
        args.games,
        "{bar:40} {pos}/{len} games  {per_sec}  eta {eta}",
    );
    let init = || Tally {
        wins: vec![0; players],
        ..Tally::default()
    };
    let decks: Vec<Vec<CardId>> = sides.iter().map(|s| s.deck.clone()).collect();
    let tally = parallel_fold(
        args.games,
        threads,
        &bar,
        init,
        |i| {
            let seed = super::sim::mix(args.seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let dealt = match format.filter(|_| is_limited(format)) {
                Some(f) => f
                    .deal_decks(&classic_pool(), players, seed)
                    .map_err(|e| CliError::input(e.to_string()))?,
                None => decks.clone(),
            };
            let mut game = ClassicGame::with_rules(classic_pool(), &dealt, seed, rules)
                .map_err(|e| CliError::input(e.to_string()))?;
            let mut bots = sides
                .iter()
                .enumerate()
                .map(|(s, side)| classic_player(&side.bot, seed ^ s as u64))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| CliError::input(e.to_string()))?;
            let decisions =
                epic_bots::players::play_to_end(&mut game, &mut bots, args.max_decisions);
            Ok((game, decisions))
        },
        |t: &mut Tally, (game, decisions): (ClassicGame, Option<usize>)| {
            t.games += 1;
            t.turns += u64::from(game.turn());
            match (decisions, game.winners()) {
                (Some(d), Some(w)) => {
                    t.decisions += d as u64;
                    if w.len() == 1 {
                        t.wins[w[0] as usize] += 1;
                    } else {
                        t.draws += 1;
                    }
                }
                _ => t.unfinished += 1,
            }
        },
        |t: &mut Tally, o: &Tally| {
            t.games += o.games;
            t.draws += o.draws;
            t.unfinished += o.unfinished;
            t.decisions += o.decisions;
            t.turns += o.turns;
            for (a, b) in t.wins.iter_mut().zip(&o.wins) {
                *a += b;
            }
        },
    )?;
    let elapsed = start.elapsed().as_secs_f64();
    let n = tally.games;
    let rate = |k: u64| k as f64 / n.max(1) as f64;
    let report = Report {
        ruleset: "classic",
        format: format.map(Format::name),
        games: n,
        seed: args.seed,
        players: sides.iter().map(|s| s.label.clone()).collect(),
        win_rates: tally.wins.iter().map(|&w| rate(w)).collect(),
        win_rates_ci95: tally
            .wins
            .iter()
            .map(|&w| super::sim::wilson(w, n))
            .collect(),
        wins: tally.wins.clone(),
        draws: tally.draws,
        unfinished: tally.unfinished,
        average_decisions: tally.decisions as f64 / (n - tally.unfinished).max(1) as f64,
        average_turns: tally.turns as f64 / n.max(1) as f64,
        elapsed_seconds: elapsed,
        games_per_second: n as f64 / elapsed.max(1e-9),
    };
    if args.json {
        print_json(&report)?;
    } else {
        let played = report
            .format
            .as_deref()
            .map_or(String::new(), |f| format!(", {f}"));
        println!("classic (2009){played}: {n} games, seed {}", args.seed);
        for (s, label) in report.players.iter().enumerate() {
            let (lo, hi) = report.win_rates_ci95[s];
            println!(
                "  Player {} {label:<16} {:>6} wins  {:>5.1}%  [{:.1}% – {:.1}%]",
                s + 1,
                report.wins[s],
                report.win_rates[s] * 100.0,
                lo * 100.0,
                hi * 100.0
            );
        }
        println!("  draws {}, unfinished {}", report.draws, report.unfinished);
        println!(
            "  {:.1} decisions and {:.1} turns a game, {:.0} games a second",
            report.average_decisions, report.average_turns, report.games_per_second
        );
    }
    if n < args.games {
        return Err(CliError::interrupted(format!(
            "interrupted: {n} of {} games finished",
            args.games
        )));
    }
    Ok(())
}

/// The board as `seat` sees it, in lines of text.
pub fn board(game: &ClassicGame, seat: Seat) -> String {
    let v = game.view(seat);
    let mut out = String::new();
    let step = match (v.step, v.window) {
        (epic_classic::state::Step::Battle, Window::AfterAttack) => {
            "Battle step, attackers declared".to_string()
        }
        (epic_classic::state::Step::Battle, Window::AfterBlock) => {
            "Battle step, blockers declared".to_string()
        }
        (s, _) => s.name().to_string(),
    };
    out += &format!("Turn {} · Player {}'s {step}\n", v.turn, v.active + 1);
    for (s, p) in v.players.iter().enumerate() {
        let who = if s == seat as usize {
            "You".to_string()
        } else {
            format!("Player {}", s + 1)
        };
        let hand = match &p.hand {
            Ok(names) => names.join(", "),
            // Cards its holder does not own are face up for everyone (T-12.10).
            Err(n) if p.shown.is_empty() => format!("{n} cards"),
            Err(n) => format!("{n} cards, face up: {}", p.shown.join(", ")),
        };
        out += &format!(
            "{who}: {} Mojo, {} action{}, deck {}, hand: {hand}{}\n",
            p.mojo,
            p.actions,
            if p.actions == 1 { "" } else { "s" },
            p.deck,
            if p.out { " (out)" } else { "" }
        );
        let here: Vec<String> = v
            .in_play
            .iter()
            .filter(|c| c.controller as usize == s)
            .map(|c| {
                let mut t = c.name.clone();
                if c.token {
                    t += " token";
                }
                if let Some((off, def)) = c.stats {
                    t += &format!(" {off}/{def}");
                }
                if c.counters > 0 {
                    t += &format!(" (+{0} +{0} counters)", c.counters);
                }
                if c.owner != c.controller {
                    t += &format!(" (Player {}'s)", c.owner + 1);
                }
                if c.damage > 0 {
                    t += &format!(" ({} damage)", c.damage);
                }
                match c.pose {
                    Pose::Expended => t += " [expended]",
                    Pose::Flipped => t += " [flipped]",
                    Pose::Prepared => {}
                }
                t
            })
            .collect();
        if !here.is_empty() {
            out += &format!("  in play: {}\n", here.join(", "));
        }
        if !p.discard.is_empty() {
            out += &format!("  discard: {}\n", p.discard.join(", "));
        }
        if !p.discard_foreign.is_empty() {
            out += &format!(
                "  discard, cards of other players: {}\n",
                p.discard_foreign.join(", ")
            );
        }
        if !p.removed.is_empty() {
            out += &format!("  removed from the game: {}\n", p.removed.join(", "));
        }
    }
    if !v.line.is_empty() {
        let items: Vec<String> = v
            .line
            .iter()
            .map(|(name, ability, c)| {
                format!(
                    "{name}{} (Player {})",
                    if *ability { " ability" } else { "" },
                    c + 1
                )
            })
            .collect();
        out += &format!("The line (last resolves first): {}\n", items.join(" ← "));
    }
    out
}

/// Reads one numbered choice from 1 to `n`; `None` at the end of input or on `q`.
fn read_choice(input: &mut impl std::io::BufRead, n: usize) -> CliResult<Option<usize>> {
    loop {
        print!("Your choice (1-{n}, q to quit): ");
        std::io::stdout().flush()?;
        let Some(line) = super::play::read_line(input)? else {
            println!("\nEnd of input: leaving the game.");
            return Ok(None);
        };
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            println!("You left the game.");
            return Ok(None);
        }
        match line.parse::<usize>().ok().filter(|i| (1..=n).contains(i)) {
            Some(i) => return Ok(Some(i - 1)),
            None => println!("'{line}' is not one of the options: type its number."),
        }
    }
}

/// Your deck for a limited format: your pack or packs opened, or a draft you pick for
/// (the others are bots), built into a deck; the AI's, dealt alike. `None`: you left.
fn limited_decks(
    format: Format,
    seed: u64,
    input: &mut impl std::io::BufRead,
) -> CliResult<Option<Vec<Vec<CardId>>>> {
    let pool = classic_pool();
    let err = |e: epic_classic::format::FormatError| CliError::input(e.to_string());
    let opened = if format.kind() == FormatKind::Draft {
        let mut draft = ClassicDraft::with_pool(&pool, 2, format.packs(), seed).map_err(err)?;
        println!(
            "{}: pick one card from each pack passed to you.",
            format.title()
        );
        while let Some(seat) = draft.next_picker() {
            if seat != 0 {
                let i = draft.bot_pick(&pool, seat);
                draft.pick(seat, i).map_err(err)?;
                continue;
            }
            let options = draft.options(0).to_vec();
            println!("\nPack {} of {}:", draft.round(), format.packs());
            for (i, c) in options.iter().enumerate() {
                let card = pool.get(*c);
                println!("  {:>2}. {} ({})", i + 1, card.name, card.type_line());
            }
            let Some(i) = read_choice(input, options.len())? else {
                return Ok(None);
            };
            draft.pick(0, i).map_err(err)?;
        }
        draft.pools().unwrap_or_default()
    } else {
        format.open_pools(&pool, 2, seed).map_err(err)?
    };
    let decks: Vec<Vec<CardId>> = opened
        .iter()
        .map(|cards| format.auto_deck(&pool, cards).map(|d| d.deck))
        .collect::<Result<_, _>>()
        .map_err(err)?;
    let mut names: Vec<&str> = decks[0]
        .iter()
        .map(|c| pool.get(*c).name.as_str())
        .collect();
    names.sort_unstable();
    println!(
        "\nYour {} deck ({} cards): {}",
        format.title(),
        names.len(),
        names.join(", ")
    );
    Ok(Some(decks))
}

/// `epic play --ruleset classic`: you are Player 1 against the computer, by numbered
/// options; `q` quits. A limited `--format` deals both decks (you draft yours).
pub fn play(
    deck_spec: Option<&str>,
    ai_deck: Option<&str>,
    ai: &str,
    seed: Option<u64>,
    table: &TableArgs,
) -> CliResult {
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    if table.players != 2 {
        return Err(CliError::input(
            "epic play --ruleset classic seats you against one AI (--players 2); \
             epic sim --ruleset classic plays larger tables",
        ));
    }
    let format = classic_format(table)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let decks = match format.filter(|_| is_limited(format)) {
        Some(f) => match limited_decks(f, seed, &mut input)? {
            Some(decks) => decks,
            None => return Ok(()),
        },
        None => {
            let decks = vec![
                deck(deck_spec.unwrap_or("order"))?,
                deck(ai_deck.unwrap_or("chaos"))?,
            ];
            check_designed(format, &decks[0], "your deck")?;
            check_designed(format, &decks[1], "the AI's deck")?;
            decks
        }
    };
    let rules = format.map(Format::rules).unwrap_or_default();
    let mut bot = classic_player(ai, seed ^ 1).map_err(|e| CliError::input(e.to_string()))?;
    let mut game = ClassicGame::with_rules(classic_pool(), &decks, seed, rules)
        .map_err(|e| CliError::input(e.to_string()))?;
    let me: Seat = 0;
    println!(
        "Epic, the classic game (2009) · seed {seed} · you are Player 1 against {}",
        bot.name()
    );
    let mut shown = None;
    while let Some(decider) = game.decider() {
        if decider != me {
            let c = bot.choose(&game);
            let label = game.label_for(c, me);
            game.apply(c).map_err(|e| CliError::input(e.to_string()))?;
            // A card played is on the line now, face up: name it.
            let label = match c {
                epic_classic::Choice::Play(o) => format!("Play {}", game.name_for(o, me)),
                _ => label,
            };
            println!("Player {}: {label}", decider + 1);
            continue;
        }
        let digest = game.digest();
        if shown != Some(digest) {
            println!("\n{}", board(&game, me));
            shown = Some(digest);
        }
        if game.options() == [epic_classic::Choice::Pass] {
            // Nothing to play: pass without asking (the others saw a decision all the same).
            println!("You pass (nothing you can play now).");
            game.apply(epic_classic::Choice::Pass)
                .map_err(|e| CliError::input(e.to_string()))?;
            continue;
        }
        for (i, &c) in game.options().iter().enumerate() {
            println!("  {:>2}. {}", i + 1, game.label_for(c, me));
        }
        let Some(i) = read_choice(&mut input, game.options().len())? else {
            return Ok(());
        };
        let c = game.options()[i];
        println!("You: {}", game.label_for(c, me));
        game.apply(c).map_err(|e| CliError::input(e.to_string()))?;
    }
    println!("\n{}", board(&game, me));
    match game.winners() {
        Some(w) if w.contains(&me) && w.len() == 1 => println!("You win."),
        Some([]) | None => println!("The game is a draw."),
        Some(w) if w.contains(&me) => println!("You tie for the win."),
        Some(w) => println!("Player {} wins.", w[0] + 1),
    }
    Ok(())
}
