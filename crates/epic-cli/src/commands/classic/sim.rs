//! `epic sim --ruleset classic`: bot-versus-bot classic games, in parallel, and their
//! win rates.

use super::{check_designed, deck};
use crate::commands::{parallel_fold, print_json, progress_bar};
use crate::error::{CliError, CliResult};
use crate::interrupt;
use epic_bots::classic::classic_player;
use epic_classic::format::Format;
use epic_classic::{classic_pool, ClassicGame};
use epic_model::CardId;
use epic_setup::table::classic_format;
use serde::Serialize;
use std::time::Instant;

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

/// `epic sim --ruleset classic`: bot-versus-bot classic games, seat `s` playing side `s`;
/// in a limited format each game's decks are dealt from its seed.
pub fn sim(args: &crate::commands::sim::Args) -> CliResult {
    let players = usize::from(args.table.players);
    let format = classic_format(&args.table)?;
    let mut sides = vec![side(&args.p1, "order")?, side(&args.p2, "chaos")?];
    for _ in 2..players {
        sides.push(side(&args.others, "chaos")?);
    }
    for (s, side) in sides.iter_mut().enumerate() {
        if let Some(f) = format.filter(|f| f.is_limited()) {
            side.label = format!("{}:{}", side.bot, f.name());
        } else {
            check_designed(format, &side.deck, &format!("Player {}'s deck", s + 1))?;
        }
    }
    let rules = format.map(Format::rules).unwrap_or_default();
    let threads = crate::commands::threads_for(args.threads, args.games);
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
            let seed = crate::commands::sim::mix(args.seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let dealt = match format.filter(|f| f.is_limited()) {
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
            .map(|&w| crate::commands::sim::wilson(w, n))
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
