//! The classic game (2009) at the command line: `epic play --ruleset classic` and
//! `epic sim --ruleset classic`. Both are written against `epic_game::State` and the
//! generic players of `epic_bots::players`; only the words on the screen know the
//! classic game's parts.

use crate::commands::{parallel_fold, print_json, progress_bar};
use crate::error::{read_text, CliError, CliResult};
use crate::interrupt;
use epic_bots::classic::classic_player;
use epic_classic::state::{Pose, Window};
use epic_classic::{classic_deck, classic_pool, read_deck, ClassicGame};
use epic_game::{Seat, State};
use epic_model::CardId;
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

/// `epic sim --ruleset classic`: bot-versus-bot classic games, seat `s` playing side `s`.
pub fn sim(args: &super::sim::Args) -> CliResult {
    let players = usize::from(args.table.players);
    let mut sides = vec![side(&args.p1, "order")?, side(&args.p2, "chaos")?];
    for _ in 2..players {
        sides.push(side(&args.others, "chaos")?);
    }
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
            let mut game = ClassicGame::new(classic_pool(), &decks, seed)
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
        println!("classic (2009): {n} games, seed {}", args.seed);
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
            Err(n) => format!("{n} cards"),
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
                if let Some((off, def)) = c.stats {
                    t += &format!(" {off}/{def}");
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

/// `epic play --ruleset classic`: you are Player 1 against the computer, by numbered
/// options; `q` quits.
pub fn play(
    deck_spec: Option<&str>,
    ai_deck: Option<&str>,
    ai: &str,
    seed: Option<u64>,
) -> CliResult {
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let decks = vec![
        deck(deck_spec.unwrap_or("order"))?,
        deck(ai_deck.unwrap_or("chaos"))?,
    ];
    let mut bot = classic_player(ai, seed ^ 1).map_err(|e| CliError::input(e.to_string()))?;
    let mut game = ClassicGame::new(classic_pool(), &decks, seed)
        .map_err(|e| CliError::input(e.to_string()))?;
    let me: Seat = 0;
    println!(
        "Epic, the classic game (2009) · seed {seed} · you are Player 1 against {}",
        bot.name()
    );
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
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
        print!("Your choice (1-{}, q to quit): ", game.options().len());
        std::io::stdout().flush()?;
        let Some(line) = super::play::read_line(&mut input)? else {
            println!("\nEnd of input: leaving the game.");
            return Ok(());
        };
        let line = line.trim();
        if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
            println!("You left the game.");
            return Ok(());
        }
        match line
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| game.options().get(i).copied())
        {
            Some(c) => {
                println!("You: {}", game.label_for(c, me));
                game.apply(c).map_err(|e| CliError::input(e.to_string()))?;
            }
            None => println!("'{line}' is not one of the options: type its number."),
        }
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
