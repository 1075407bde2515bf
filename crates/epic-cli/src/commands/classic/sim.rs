//! `epic sim --ruleset classic`: bot-versus-bot classic games or matches, in parallel,
//! and their win rates.

use super::{check_designed, decklist};
use crate::commands::sim::SeatWins;
use crate::commands::{parallel_fold, print_json, progress_bar};
use crate::error::{CliError, CliResult};
use crate::interrupt;
use crate::table::classic_format;
use epic_bots::classic::classic_player;
use epic_classic::format::{Decklist, Format, Match};
use epic_classic::{classic_pool, ClassicGame};
use epic_game::Seat;
use epic_model::CardId;
use serde::Serialize;
use std::time::Instant;

/// One side of a classic simulation: its player's name and its deck.
struct Side {
    bot: String,
    /// Its deck, and a sideboard checked with it (bots do not sideboard).
    list: Decklist,
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
        list: decklist(deck_spec)?,
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
    /// Matches finished, their winners by seat, the drawn ones (`--best-of`).
    matches: u64,
    match_wins: Vec<u64>,
    drawn_matches: u64,
}

impl Tally {
    fn new(players: usize) -> Tally {
        Tally {
            wins: vec![0; players],
            match_wins: vec![0; players],
            ..Tally::default()
        }
    }

    fn add_game(&mut self, game: &ClassicGame, decisions: Option<usize>) {
        self.games += 1;
        self.turns += u64::from(game.turn());
        match (decisions, game.winners()) {
            (Some(d), Some(w)) => {
                self.decisions += d as u64;
                if w.len() == 1 {
                    self.wins[w[0] as usize] += 1;
                } else {
                    self.draws += 1;
                }
            }
            _ => self.unfinished += 1,
        }
    }

    fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.draws += o.draws;
        self.unfinished += o.unfinished;
        self.decisions += o.decisions;
        self.turns += o.turns;
        self.matches += o.matches;
        self.drawn_matches += o.drawn_matches;
        for (a, b) in self.wins.iter_mut().zip(&o.wins) {
            *a += b;
        }
        for (a, b) in self.match_wins.iter_mut().zip(&o.match_wins) {
            *a += b;
        }
    }
}

/// What one unit of a run played: a game, or the games of a match and how it ended.
struct Played {
    games: Vec<(ClassicGame, Option<usize>)>,
    /// With `--best-of`: the match's winner, `None` for a match drawn or cut short by an
    /// unfinished game.
    series: Option<Option<Seat>>,
}

/// The report of a classic run: the fields of the 2017 report (`sim::Report`) where
/// the two games agree, in the same shape, and the matches of `--best-of`.
#[derive(Serialize)]
struct Report {
    ruleset: &'static str,
    games: u64,
    /// `--games`; with `--best-of` it counts matches (`matches.matches_requested`).
    #[serde(skip_serializing_if = "Option::is_none")]
    games_requested: Option<u64>,
    interrupted: bool,
    seed: u64,
    p1: String,
    p2: String,
    p1_wins: u64,
    p2_wins: u64,
    draws: u64,
    unfinished: u64,
    p1_win_rate: f64,
    p1_win_rate_ci95: (f64, f64),
    p2_win_rate: f64,
    p2_win_rate_ci95: (f64, f64),
    players: u8,
    /// Every player for themselves: the classic game has no other variant.
    variant: &'static str,
    /// The classic format played, if one was named.
    format: Option<String>,
    seats: Vec<SeatWins>,
    average_turns: f64,
    average_decisions: f64,
    threads: usize,
    elapsed_seconds: f64,
    games_per_second: f64,
    /// With `--best-of`: the matches and who won them.
    #[serde(skip_serializing_if = "Option::is_none")]
    matches: Option<MatchReport>,
}

#[derive(Serialize)]
struct MatchReport {
    best_of: u8,
    matches: u64,
    matches_requested: u64,
    /// Matches no one won: drawn three times their length, or cut short by a game that
    /// reached --max-decisions.
    drawn: u64,
    seats: Vec<SeatWins>,
}

/// `epic sim --ruleset classic`: bot-versus-bot classic games, seat `s` playing side `s`;
/// in a limited format each game's decks are dealt from its seed. With `--best-of N`
/// each of the `--games` is a match (T-2.4): the decks stay, and the loser of a game,
/// a bot, takes the first turn of the next.
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
            check_designed(format, &side.list, &format!("Player {}'s deck", s + 1))?;
        }
    }
    let rules = format.map(Format::rules).unwrap_or_default();
    let threads = crate::commands::threads_for(args.threads, args.games);
    interrupt::catch();
    let start = Instant::now();
    if let Some(best_of) = args.best_of {
        Match::new(players, best_of, 0).map_err(|e| CliError::input(format!("--best-of: {e}")))?;
    }
    // The units of the run: games, or matches of games.
    let unit = if args.best_of.is_some() {
        "matches"
    } else {
        "games"
    };
    let bar = progress_bar(
        args.games,
        &format!("{{bar:40}} {{pos}}/{{len}} {unit}  {{per_sec}}  eta {{eta}}"),
    );
    let decks: Vec<Vec<CardId>> = sides.iter().map(|s| s.list.deck.clone()).collect();
    // One game from `seed`, its decks dealt or given, `first` taking the first turn.
    let play = |seed: u64, dealt: &[Vec<CardId>], first: Option<Seat>| -> CliResult<_> {
        let mut game = ClassicGame::with_first(classic_pool(), dealt, seed, rules, first)
            .map_err(|e| CliError::input(e.to_string()))?;
        let mut bots = sides
            .iter()
            .enumerate()
            .map(|(s, side)| classic_player(&side.bot, seed ^ s as u64))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| CliError::input(e.to_string()))?;
        let decisions = epic_bots::players::play_to_end(&mut game, &mut bots, args.max_decisions);
        Ok((game, decisions))
    };
    let tally = parallel_fold(
        args.games,
        threads,
        &bar,
        || Tally::new(players),
        |i| {
            let seed = crate::commands::sim::mix(args.seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let dealt = match format.filter(|f| f.is_limited()) {
                Some(f) => f
                    .deal_decks(&classic_pool(), players, seed)
                    .map_err(|e| CliError::input(e.to_string()))?,
                None => decks.clone(),
            };
            let Some(best_of) = args.best_of else {
                return Ok(Played {
                    games: vec![play(seed, &dealt, None)?],
                    series: None,
                });
            };
            let mut series =
                Match::new(players, best_of, seed).map_err(|e| CliError::input(e.to_string()))?;
            let mut games = Vec::new();
            while !series.over() {
                let n = u64::from(series.games());
                let (game, decisions) = play(
                    crate::commands::sim::mix(seed ^ n),
                    &dealt,
                    series.chooser(),
                )?;
                series.record(&game);
                let unfinished = decisions.is_none();
                games.push((game, decisions));
                if unfinished {
                    break;
                }
            }
            Ok(Played {
                games,
                series: Some(series.winner()),
            })
        },
        |t: &mut Tally, played: Played| {
            for (game, decisions) in &played.games {
                t.add_game(game, *decisions);
            }
            if let Some(winner) = played.series {
                t.matches += 1;
                match winner {
                    Some(w) => t.match_wins[usize::from(w)] += 1,
                    None => t.drawn_matches += 1,
                }
            }
        },
        |t: &mut Tally, o: &Tally| t.merge(o),
    )?;
    let elapsed = start.elapsed().as_secs_f64();
    let n = tally.games;
    let seats = |wins: &[u64], of: u64| -> Vec<SeatWins> {
        wins.iter()
            .zip(&sides)
            .enumerate()
            .map(|(s, (&w, side))| SeatWins::new(s, side.label.clone(), w, of))
            .collect()
    };
    let seat_wins = seats(&tally.wins, n);
    let matches = args.best_of.map(|best_of| MatchReport {
        best_of,
        matches: tally.matches,
        matches_requested: args.games,
        drawn: tally.drawn_matches,
        seats: seats(&tally.match_wins, tally.matches),
    });
    let finished = matches.as_ref().map_or(n, |m| m.matches);
    let report = Report {
        ruleset: "classic",
        games: n,
        games_requested: args.best_of.is_none().then_some(args.games),
        interrupted: finished < args.games,
        seed: args.seed,
        p1: sides[0].label.clone(),
        p2: sides[1].label.clone(),
        p1_wins: seat_wins[0].wins,
        p2_wins: seat_wins[1].wins,
        draws: tally.draws,
        unfinished: tally.unfinished,
        p1_win_rate: seat_wins[0].win_rate,
        p1_win_rate_ci95: seat_wins[0].win_rate_ci95,
        p2_win_rate: seat_wins[1].win_rate,
        p2_win_rate_ci95: seat_wins[1].win_rate_ci95,
        players: players as u8,
        variant: "ffa",
        format: format.map(Format::name),
        seats: seat_wins,
        average_turns: tally.turns as f64 / n.max(1) as f64,
        average_decisions: tally.decisions as f64 / (n - tally.unfinished).max(1) as f64,
        threads,
        elapsed_seconds: elapsed,
        games_per_second: n as f64 / elapsed.max(1e-9),
        matches,
    };
    if args.json {
        print_json(&report)?;
    } else {
        let played = report
            .format
            .as_deref()
            .map_or(String::new(), |f| format!(", {f}"));
        println!("classic (2009){played}: {n} games, seed {}", args.seed);
        for seat in &report.seats {
            print_seat(seat, "wins");
        }
        println!("  draws {}, unfinished {}", report.draws, report.unfinished);
        println!(
            "  {:.1} decisions and {:.1} turns a game, {:.0} games a second",
            report.average_decisions, report.average_turns, report.games_per_second
        );
        if let Some(m) = &report.matches {
            println!(
                "{} matches, best of {} (the loser of a game takes the next first turn):",
                m.matches, m.best_of
            );
            for seat in &m.seats {
                print_seat(seat, "won");
            }
            println!("  drawn or unfinished {}", m.drawn);
        }
    }
    if report.interrupted {
        return Err(CliError::interrupted(format!(
            "interrupted: {finished} of {} {unit} finished",
            args.games
        )));
    }
    Ok(())
}

/// A seat's line of the report: its side, wins, rate and 95% interval.
fn print_seat(seat: &SeatWins, verb: &str) {
    let (lo, hi) = seat.win_rate_ci95;
    println!(
        "  Player {} {:<16} {:>6} {verb}  {:>5.1}%  [{:.1}% – {:.1}%]",
        seat.seat,
        seat.side,
        seat.wins,
        seat.win_rate * 100.0,
        lo * 100.0,
        hi * 100.0
    );
}
