//! The classic game (2009) at the command line: `epic play`, `epic sim` and `epic deck
//! check` with `--ruleset classic`. Games are driven through `epic_game::State` and the
//! generic players of `epic_bots::players`; what is printed comes from a seat's `View`
//! and labels, and the formats from `epic_classic::format`.

use crate::commands::{parallel_fold, print_json, progress_bar};
use crate::error::{read_text, CliError, CliResult};
use crate::interrupt;
use epic_bots::classic::classic_player;
use epic_classic::format::{bot_pick, Decklist, Format, FormatKind, Lists};
use epic_classic::state::Pose;
use epic_classic::{classic_deck, classic_pool, playable, read_deck, read_decklist, ClassicGame};
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
    match read_decklist(&pool, &text) {
        Ok(list) => {
            report.cards = list.deck.len();
            report.sideboard = list.sideboard.len();
            for id in &list.deck {
                let c = pool.get(*id);
                *report
                    .by_alignment
                    .entry(c.alignment.name().into())
                    .or_default() += 1;
                *report.by_type.entry(c.kind.name().into()).or_default() += 1;
                report.free += usize::from(c.free);
            }
            if let Err(why) = playable(&pool, &list.deck) {
                report.errors.push(format!("{name}: the deck {why}"));
            }
            if let Some(f) = format {
                for v in f.check(&pool, Lists::printed(), &[], &list) {
                    report.errors.push(format!("{name}: {}: {v}", f.title()));
                }
            }
        }
        Err(mistakes) => report
            .errors
            .extend(mistakes.iter().map(|m| format!("{name}: {m}"))),
    }
    report.valid = report.errors.is_empty();
    super::deck::finish(&report, &name, &report.errors, json, || {
        let legal = format.map_or(String::new(), |f| format!("; a legal {} deck", f.title()));
        println!(
            "{name}: {} cards and a sideboard of {}, all known classic cards{legal}.",
            report.cards, report.sideboard
        );
        println!(
            "  by alignment: {}",
            super::deck::counts_text(&report.by_alignment)
        );
        println!(
            "  by type:      {}",
            super::deck::counts_text(&report.by_type)
        );
        println!("  free cards in the deck: {}", report.free);
    })
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
    let step = v.moment();
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
                if c.pose != Pose::Prepared {
                    t += &format!(" [{}]", c.pose.word());
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

/// Reads one choice among `labels`, by its number or words from it, as `epic play`
/// reads them; `None` at the end of input or on `q`.
fn read_choice(input: &mut impl std::io::BufRead, labels: &[String]) -> CliResult<Option<usize>> {
    let n = labels.len();
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
        if let Some(i) = line.parse::<usize>().ok().filter(|i| (1..=n).contains(i)) {
            return Ok(Some(i - 1));
        }
        // Words from a label, as `epic play` reads them; copies of one card are one.
        let same = |a: usize, b: usize| labels[a] == labels[b];
        match super::play::typed_option(line, labels, labels, same) {
            Ok(i) => return Ok(Some(i)),
            Err(_)
                if super::play::pick_by_text(line, labels, labels).is_err_and(|f| f.is_empty()) =>
            {
                println!("'{line}' is not one of the options: type its number or words from it.")
            }
            Err(why) => println!("{why}"),
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
    if format.kind() == FormatKind::Draft {
        println!(
            "{}: pick one card from each pack passed to you.",
            format.title()
        );
    }
    let mut failed = None;
    let dealt = format.deal_decks_with(&pool, 2, seed, |view| {
        if view.seat != 0 {
            return Some(bot_pick(&pool, view));
        }
        println!("\nPack {} of {}:", view.round, view.rounds);
        let labels: Vec<String> = view
            .pack
            .iter()
            .map(|c| format!("{} ({})", pool.get(*c).name, pool.get(*c).type_line()))
            .collect();
        for (i, l) in labels.iter().enumerate() {
            println!("  {:>2}. {l}", i + 1);
        }
        read_choice(input, &labels).unwrap_or_else(|e| {
            failed = Some(e);
            None
        })
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let Some(decks) = dealt.map_err(|e| CliError::input(e.to_string()))? else {
        return Ok(None);
    };
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
        // The board again whenever something you can see changed.
        let view = game.view(me);
        if shown.as_ref() != Some(&view) {
            println!("\n{}", board(&game, me));
            shown = Some(view);
        }
        if game.options() == [epic_classic::Choice::Pass] {
            // Nothing to play: pass without asking (the others saw a decision all the same).
            println!("You pass (nothing you can play now).");
            game.apply(epic_classic::Choice::Pass)
                .map_err(|e| CliError::input(e.to_string()))?;
            continue;
        }
        let labels: Vec<String> = game
            .options()
            .iter()
            .map(|&c| game.label_for(c, me))
            .collect();
        for (i, l) in labels.iter().enumerate() {
            println!("  {:>2}. {l}", i + 1);
        }
        let Some(i) = read_choice(&mut input, &labels)? else {
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
