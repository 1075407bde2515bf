//! A game of any registered ruleset with a person in seat 1 and bots in the others,
//! played through the registry ([`AnyPlayed`]) alone: the board whenever it changes, the
//! log as the person is told it, the options by number or by words, the commands, the
//! stops, autosave, and the end of the game with its reason, summary and menu. What a
//! ruleset gives a player beyond the plain defaults (stops, take-backs, undo, a summary)
//! comes from its table hooks ([`epic_game::table`]); nothing here knows which game it
//! plays.

use super::words::{typed_pick, typed_picks, Pick};
use crate::error::{CliError, CliResult};
use crate::term::{Fitted, Term};
use epic_game::table::{Act, Listing, Stops};
use epic_game::words::{cap, Ink, Line, Tone, Voice};
use epic_game::Seat;
use epic_rulesets::{AnyPlayed, AnyTaken, SeatBot};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// The person's seat.
pub const HUMAN: Seat = 0;

/// A bot that thought at least this long in a turn is told to have thought so long.
const THINKING_SHOWN: std::time::Duration = std::time::Duration::from_millis(50);

/// How a game is played at the terminal, from the command line.
#[derive(Clone, Debug)]
pub struct Options {
    pub term: Term,
    /// The stops as `--stops` gave them, read against the ruleset's moments.
    pub stops: String,
    /// Where the game is rewritten before every question; `None`: nowhere.
    pub autosave: Option<PathBuf>,
    /// A field saved beside the game's own, by name (a classic match's record, `match`).
    pub saved_beside: Option<(&'static str, serde_json::Value)>,
    /// Whether the end of the game offers a menu (save, replay, log); a game of a match
    /// goes straight on to the match.
    pub menu_at_end: bool,
    /// How to play it again, where `--seed` alone would not deal it (a game of a match,
    /// [`super::series::seed_note`]); `None`: the game's own seed.
    pub seed_note: Option<String>,
}

impl Options {
    /// What a game started by another command (`epic draft`) uses: the terminal as it
    /// is, the default stops, the autosave in the data folder, the menu at the end.
    pub fn standard() -> CliResult<Options> {
        Ok(Options {
            term: crate::term::TermArgs::default().term(),
            stops: "default".into(),
            autosave: Some(crate::data_dir::autosave_for_writing()?),
            saved_beside: None,
            menu_at_end: true,
            seed_note: None,
        })
    }
}

/// A game in progress at the terminal: the game, its log as the person was told it, the
/// bots at the other seats, and where it is saved.
struct Sitting {
    game: AnyPlayed,
    voice: Voice,
    log: Vec<Line>,
    bots: Vec<Option<SeatBot>>,
    stops: Stops,
    opts: Options,
    /// Where the person last saved the game, and after how many decisions.
    saved: Option<(String, usize)>,
    /// The moments at which the person has been told how to make them a stop (once each).
    told_stops: Vec<&'static str>,
    /// How long each bot has thought in this turn.
    thought: Vec<std::time::Duration>,
}

impl Sitting {
    /// The game as a saved game's text, with the field saved beside it.
    fn save_text(&self) -> CliResult<String> {
        let text = self.game.save_text()?;
        let Some((name, value)) = &self.opts.saved_beside else {
            return Ok(text);
        };
        let mut file: serde_json::Value = serde_json::from_str(&text)?;
        if let Some(fields) = file.as_object_mut() {
            fields.insert((*name).to_string(), value.clone());
        }
        Ok(serde_json::to_string_pretty(&file)? + "\n")
    }

    /// Rewrites the autosave; a failure is told once and autosaving stops.
    fn autosave(&mut self, out: &mut impl Write) -> CliResult {
        let Some(path) = self.opts.autosave.clone() else {
            return Ok(());
        };
        if let Err(e) = crate::save::write_whole(&path, &self.save_text()?) {
            writeln!(out, "{} (autosave is off for this game)", e.message)?;
            self.opts.autosave = None;
            self.arm_interrupt();
        }
        Ok(())
    }

    /// From now on Ctrl-C ends the program saying where the game is saved: the
    /// autosave, else the person's last save, else nowhere.
    fn arm_interrupt(&self) {
        let note = match (&self.opts.autosave, &self.saved) {
            (Some(path), _) => format!(
                "the game is autosaved in {}: `epic play --resume` continues it",
                path.display()
            ),
            (None, Some((path, _))) => format!(
                "the game was last saved in {path} (autosave is off: later plays are not saved)"
            ),
            (None, None) => "nothing was saved (autosave is off)".into(),
        };
        crate::interrupt::exit_on_interrupt(&format!("\nInterrupted: {note}.\n"));
    }

    /// Where the game stands on disk, for leaving it.
    fn saved_note(&self) -> String {
        match (&self.saved, &self.opts.autosave) {
            (Some((path, n)), _) if *n == self.game.decisions() => {
                format!("the game is saved in {path}")
            }
            (_, Some(auto)) => format!(
                "the game is autosaved in {}; `epic play --resume` continues it",
                auto.display()
            ),
            (Some((path, _)), None) => format!("the last save, in {path}, is behind"),
            (None, None) => "nothing was saved".to_string(),
        }
    }

    /// One line of the log as the terminal shows it.
    fn say(&self, out: &mut impl Write, line: &Line) -> CliResult {
        writeln!(out, "{}", self.opts.term.line(line))?;
        Ok(())
    }

    /// How long each bot thought in the turn that ends, one line for each that took long
    /// enough to be noticed: once a turn, not after every pass.
    fn tell_thinking(&mut self, out: &mut impl Write) -> CliResult {
        for seat in 0..self.thought.len() {
            let took = std::mem::take(&mut self.thought[seat]);
            if took >= THINKING_SHOWN {
                let who = cap(&self.voice.name(seat as Seat));
                let line = format!("({who} thought for {:.2} s this turn.)", took.as_secs_f64());
                self.say(out, &Line::new(line, Some(epic_game::words::Tone::Quiet)))?;
            }
        }
        Ok(())
    }

    /// Notes a line the session itself tells (an automatic pass) and prints it.
    fn note(&mut self, out: &mut impl Write, line: Line) -> CliResult {
        self.say(out, &line)?;
        self.log.push(line);
        Ok(())
    }

    /// Makes `taken` the game's, and prints and logs what the person is told of it.
    fn take(&mut self, taken: AnyTaken, out: &mut impl Write) -> CliResult {
        let told = self
            .game
            .told(&taken, std::slice::from_ref(&self.voice))
            .pop()
            .unwrap_or_default();
        if taken.turn() != self.game.turn() || taken.is_over() {
            self.tell_thinking(out)?;
        }
        self.game.take(taken)?;
        for line in told {
            self.note(out, line)?;
        }
        Ok(())
    }

    /// Takes option number `option` of the pending decision.
    fn take_option(&mut self, option: usize, out: &mut impl Write) -> CliResult {
        let taken = self.game.after(option)?;
        self.take(taken, out)
    }

    /// Takes back decision number `n`, a pick of the sequence being chosen: the game is
    /// rebuilt without it, with its log.
    fn take_back(&mut self, n: usize, out: &mut impl Write) -> CliResult {
        match self.game.without_decision(n) {
            Ok(rebuilt) => {
                self.log = told_so_far(&rebuilt, &self.voice)?;
                self.game = rebuilt;
            }
            Err(_) => writeln!(
                out,
                "That pick cannot be taken back on its own: later picks depend on it."
            )?,
        }
        Ok(())
    }

    /// Saves to a file the person named; whether it was saved.
    fn save(&mut self, path: &str, out: &mut impl Write) -> CliResult<bool> {
        match self
            .save_text()
            .and_then(|text| crate::save::write_whole(Path::new(path), &text))
        {
            Ok(()) => {
                self.saved = Some((path.to_string(), self.game.decisions()));
                if self.game.is_over() {
                    writeln!(out, "Saved to {path}. `epic replay {path}` shows it again.")?;
                } else {
                    self.arm_interrupt();
                    writeln!(out, "Saved to {path}. Resume with: epic play --load {path}")?;
                }
                Ok(true)
            }
            Err(e) => {
                writeln!(out, "{}", e.message)?;
                Ok(false)
            }
        }
    }
}

/// The commands, those of a ruleset that has no use for some left out.
fn help(game: &AnyPlayed, voice: &Voice) -> String {
    let mut lines = vec![
        "Commands:",
        "  N              take option number N",
        "  TEXT           take the option with these words, in this order, each word or",
        "                 its start (`end turn`, `play gargoyle`, `wolf #61`); copies of a",
        "                 card in your hand are one choice",
        "  A, B, ...      several options one after another (`1 3`, `attack with giant,",
        "                 wurm`, `attack with all`)",
        "  board          show the board again",
        "  show NAME      a card's full text (`show Fire Shaman`, `show white dragon`), or",
        "                 a keyword or symbol (`show airborne`, `show ally`)",
    ];
    if game.glossary().is_some() {
        lines.push("  help symbols   what the symbols and keywords on cards mean");
    }
    if game.discards(voice).is_some() {
        lines.push("  discard        show the discard piles");
    }
    lines.push("  log            show everything that happened so far");
    if !game.moments().is_empty() {
        lines.extend([
            "  stops          where the game asks you when you could play; `stops +attacking`,",
            "                 `stops -end`, `stops all`, `stops default` change them",
        ]);
    }
    lines.push("  undo           take back your last play, while nothing new has been learnt");
    lines.extend([
        "  hint           what the hard AI would do in your place, and your chance to win",
        "  save FILE      save the game to FILE (resume with `epic play --load FILE`)",
        "  concede        concede the game (asks you to confirm; `concede yes` does not); the others play on",
        "                 in a game of more players",
        "  quit           leave the game (it stays autosaved: `epic play --resume`)",
        "  help           this list",
    ]);
    lines.join("\n")
}

/// Plays `game` (new, or resumed from `loaded`) with the person in seat 1 and the bots
/// its setup names in the others, asking the person on `input`, until it ends (the game,
/// over) or the person leaves (`None`). `epic play` and `epic draft` of every ruleset
/// end here.
pub fn play_game(
    game: AnyPlayed,
    loaded: Option<&Path>,
    opts: Options,
    input: &mut impl BufRead,
) -> CliResult<Option<AnyPlayed>> {
    let players = game.players();
    if players.len() < 2
        || players[usize::from(HUMAN)].player != "human"
        || players[1..].iter().any(|s| s.player == "human")
    {
        return Err(CliError::input(
            "this saved game does not have a human in seat 1 and AI opponents in the others",
        ));
    }
    let stops = read_stops(&game, &opts.stops)?;
    // One bot per AI seat, seeded as it was and moved on by the decisions already made.
    let mut bots = vec![None];
    for seat in &players[1..] {
        let seed = seat
            .bot_seed
            .unwrap_or_else(|| game.seed())
            .wrapping_add(game.decisions() as u64);
        let bot = game.seat_bot(&seat.player, seed, super::super::default_threads())?;
        bots.push(Some(bot));
    }
    let voice = Voice::at_table(HUMAN, players.len());
    let term = opts.term;
    let mut s = Sitting {
        log: told_so_far(&game, &voice)?,
        saved: loaded.map(|p| (p.display().to_string(), game.decisions())),
        game,
        voice,
        bots,
        stops,
        opts,
        told_stops: Vec::new(),
        thought: vec![std::time::Duration::ZERO; players.len()],
    };
    let mut out = Fitted::new(std::io::stdout().lock(), term);
    writeln!(out, "{}", term.fill(&s.game.introduction(&s.voice), "  "))?;
    match &s.opts.seed_note {
        Some(note) => writeln!(out, "{note}")?,
        None => writeln!(
            out,
            "Seed: {} (play this deal again with --seed {}).",
            s.game.seed(),
            s.game.seed()
        )?,
    }
    if s.game.decisions() > 0 {
        writeln!(
            out,
            "Resumed after {} decisions (`log` tells the game so far).",
            s.game.decisions()
        )?;
    } else {
        for line in s.game.opening(&s.voice) {
            s.note(&mut out, line)?;
        }
    }
    if players.len() == 2 {
        writeln!(
            out,
            "You are Player 1; the AI is Player 2. Type `help` for commands."
        )?;
    } else {
        writeln!(out, "Type `help` for commands.")?;
    }
    s.arm_interrupt();
    // The board is printed again only when something on it changed.
    let mut shown_board: Option<String> = None;
    loop {
        let Some(decider) = s.game.decider() else {
            s.autosave(&mut out)?;
            game_over(&mut s, input, &mut out)?;
            return Ok(Some(s.game));
        };
        if decider != HUMAN {
            let start = std::time::Instant::now();
            let bot = s
                .bots
                .get_mut(usize::from(decider))
                .and_then(Option::as_mut);
            let option = bot
                .and_then(|b| b.choose(&s.game))
                .ok_or_else(|| CliError::findings("an AI seat's bot chose no option"))?;
            s.thought[usize::from(decider)] += start.elapsed();
            s.take_option(option, &mut out)?;
            continue;
        }
        if let Some(auto) = s.game.automatic(&s.voice, s.stops) {
            // A choice made at a moment that is not a stop says, the first time there,
            // how to make it one.
            let untold = auto
                .passed_at
                .filter(|moment| !s.told_stops.contains(moment));
            if let Some(moment) = untold {
                s.told_stops.push(moment);
            }
            let hint = |moment: &str| format!("`stops +{moment}` asks you here.");
            match (auto.line, untold) {
                (Some(mut line), Some(moment)) => {
                    line.text += &format!(" (Not one of your stops: {})", hint(moment));
                    s.note(&mut out, line)?;
                }
                (Some(line), None) => s.note(&mut out, line)?,
                (None, Some(moment)) => {
                    let meaning = s.stops.meaning(moment).unwrap_or(moment);
                    let text = format!("(Not one of your stops: {meaning}. {})", hint(moment));
                    s.note(&mut out, Line::new(text, Some(Tone::Quiet)))?;
                }
                (None, None) => {}
            }
            s.take_option(auto.choice, &mut out)?;
            continue;
        }
        let board = term.page(&s.game.page(&s.voice));
        if shown_board.as_deref() != Some(board.as_str()) {
            write!(out, "\n{board}")?;
            shown_board = Some(board);
        }
        let Some(listing) = s.game.listing(&s.voice) else {
            return Err(CliError::findings(
                "the game asks you, yet lists you no options",
            ));
        };
        print_listing(&term, &listing, &mut out)?;
        s.autosave(&mut out)?;
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = super::read_line(input)? else {
            writeln!(
                out,
                "\nEnd of input: leaving the game ({}).",
                s.saved_note()
            )?;
            return Ok(None);
        };
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" | "h"
                if ["symbols", "symbol", "keywords", "keyword"]
                    .iter()
                    .any(|w| rest.eq_ignore_ascii_case(w)) =>
            {
                writeln!(out, "{}", glossary(&s.game))?
            }
            "help" | "?" | "h" => writeln!(out, "{}", help(&s.game, &s.voice))?,
            "symbols" | "symbol" | "keywords" | "keyword" => {
                writeln!(out, "{}", glossary(&s.game))?
            }
            "board" | "b" => shown_board = None,
            "quit" | "exit" | "q" => {
                writeln!(out, "You leave the game ({}).", s.saved_note())?;
                return Ok(None);
            }
            "show" if rest.is_empty() => writeln!(
                out,
                "Usage: show CARD or KEYWORD (e.g. `show Fire Shaman`, `show airborne`)"
            )?,
            "show" => {
                let in_sight = s.game.in_sight(&s.voice);
                let sheet = crate::commands::cards::show_named(s.game.ruleset(), rest, &in_sight)
                    .unwrap_or_else(|e| e.message);
                writeln!(out, "{}", term.fill(&sheet, "  "))?;
            }
            "discard" | "discards" => match s.game.discards(&s.voice) {
                Some(page) => write!(out, "{}", term.page(&page))?,
                None => writeln!(out, "The board shows the discard piles whole.")?,
            },
            "log" => {
                if s.log.is_empty() {
                    writeln!(out, "Nothing has happened yet.")?;
                }
                for l in &s.log {
                    s.say(&mut out, l)?;
                }
            }
            "stops" if s.game.moments().is_empty() => writeln!(
                out,
                "This game has no moments to stop at: it asks you whenever you could act."
            )?,
            "stops" if rest.is_empty() => writeln!(
                out,
                "The game asks you at these moments when you could play (`stops +NAME`, \
                 `stops -NAME`, `stops all`, `stops default`):\n{}",
                s.stops.table()
            )?,
            "stops" => match s.stops.parse(rest) {
                Ok(stops) => {
                    s.stops = stops;
                    writeln!(out, "Stops: {}.", stops.names())?
                }
                Err(e) => writeln!(out, "{e}")?,
            },
            "hint" => {
                let seed = s.game.seed() ^ (s.game.decisions() as u64).wrapping_mul(0x9e37_79b9);
                writeln!(out, "{}", hint(&s.game, &listing, seed))?;
            }
            "concede" => {
                let sure = rest.eq_ignore_ascii_case("yes") || {
                    write!(out, "Concede the game and lose it? Type yes to concede: ")?;
                    out.flush()?;
                    let answer = super::read_line(input)?;
                    answer.is_some_and(|l| l.trim().eq_ignore_ascii_case("yes"))
                };
                if sure {
                    let taken = s.game.conceded(HUMAN)?;
                    s.take(taken, &mut out)?;
                } else {
                    writeln!(out, "You play on.")?;
                }
            }
            "undo" => match s.game.undo_option() {
                Ok(option) => s.take_option(option, &mut out)?,
                Err(why) => writeln!(out, "{why}")?,
            },
            "save" if rest.is_empty() => writeln!(out, "Usage: save FILE")?,
            "save" => {
                if s.save(rest, &mut out)? {
                    shown_board = None;
                }
            }
            _ => {
                let same = |i: usize, j: usize| listing.items[i].alike == listing.items[j].alike;
                match typed_picks(line, &labels_of(&listing), &words_of(&listing), same) {
                    Ok(picks) => match picks.as_slice() {
                        [Pick::Listed(i)] => act(&mut s, listing.items[*i].act, &mut out)?,
                        _ => take_picks(&mut s, picks, &listing, &mut out)?,
                    },
                    Err(why) => writeln!(out, "{}", term.fill(&why, "  "))?,
                }
            }
        }
    }
}

fn labels_of(listing: &Listing) -> Vec<String> {
    listing.items.iter().map(|i| i.label.clone()).collect()
}

fn words_of(listing: &Listing) -> Vec<String> {
    listing.items.iter().map(|i| i.words.clone()).collect()
}

/// Takes `picks` one after another, each from the listing of the moment (the attackers
/// left once one is picked): a pick listed in `shown` by its label there, words by the
/// options they fit then; while the person decides and each is still offered, and says
/// where it stopped otherwise. Words that came to close the question ("done") once the
/// question closed by itself (the last blocker chosen) are not missed.
fn take_picks(
    s: &mut Sitting,
    picks: Vec<Pick>,
    shown: &Listing,
    out: &mut impl Write,
) -> CliResult {
    let n = picks.len();
    for (taken, pick) in picks.into_iter().enumerate() {
        let now = (s.game.decider() == Some(HUMAN))
            .then(|| s.game.listing(&s.voice))
            .flatten();
        let closed = now.as_ref().is_none_or(|l| l.prompt != shown.prompt);
        let found = match (&pick, now) {
            (Pick::Listed(i), Some(l)) => {
                let label = &shown.items[*i].label;
                // The last copy left is listed without its number ("#72").
                let bare = label
                    .rsplit_once(" #")
                    .filter(|(_, n)| n.bytes().all(|b| b.is_ascii_digit()))
                    .map_or(label.as_str(), |(bare, _)| bare);
                let find = |want: &str| l.items.iter().find(|i| i.label == *want).cloned();
                find(label)
                    .or_else(|| find(bare))
                    .ok_or_else(|| format!("'{label}' is not offered now"))
            }
            (Pick::Later(words), Some(l)) => {
                let same = |i: usize, j: usize| l.items[i].alike == l.items[j].alike;
                typed_pick(words, &labels_of(&l), &words_of(&l), same)
                    .map(|i| l.items[i].clone())
                    .map_err(|_| format!("'{words}' fits no option now"))
            }
            (Pick::Listed(i), None) => {
                Err(format!("'{}' is not offered now", shown.items[*i].label))
            }
            (Pick::Later(words), None) => Err(format!("'{words}' fits no option now")),
        };
        match found {
            Ok(item) => act(s, item.act, out)?,
            Err(_) if closed && matches!(pick, Pick::Later(_)) => break,
            Err(why) => {
                writeln!(out, "{why}: {taken} of {n} taken.")?;
                break;
            }
        }
    }
    Ok(())
}

/// Takes a listed item: an option, or a pick taken back.
fn act(s: &mut Sitting, act: Act, out: &mut impl Write) -> CliResult {
    match act {
        Act::Option(option) => s.take_option(option, out),
        Act::TakeBack(n) => s.take_back(n, out),
    }
}

/// The stops `spec` names among the game's moments (`default`: the ruleset's own).
fn read_stops(game: &AnyPlayed, spec: &str) -> CliResult<Stops> {
    let default = Stops::default_of(game.moments());
    if spec.trim().eq_ignore_ascii_case("default") {
        return Ok(default);
    }
    default
        .parse(spec)
        .map_err(|e| CliError::input(format!("--stops: {e}")))
}

/// What the person was told of the decisions taken so far (a resumed game's log).
fn told_so_far(game: &AnyPlayed, voice: &Voice) -> CliResult<Vec<Line>> {
    let mut replayed = game.at_start()?;
    let mut log = replayed.opening(voice);
    for (i, record) in game.records_json().iter().enumerate() {
        log.extend(crate::commands::replay::step(&mut replayed, record, i + 1, voice)?.1);
    }
    Ok(log)
}

/// The symbols and keywords of the game's cards, or where to look instead.
fn glossary(game: &AnyPlayed) -> String {
    game.glossary().unwrap_or_else(|| {
        "This game's cards have no symbols to spell out: `show NAME` tells a card or a \
         keyword."
            .into()
    })
}

/// What the hard AI would do in the person's seat, searching from their view only (so a
/// hint never reveals a hidden card), with the estimated chance to win, and the two
/// next best options with theirs.
fn hint(game: &AnyPlayed, listing: &Listing, seed: u64) -> String {
    let Some(found) = game.hint(seed, super::super::default_threads()) else {
        return "No adviser is available.".into();
    };
    let label = |option: usize| {
        listing
            .items
            .iter()
            .position(|i| i.act == Act::Option(option))
            .map_or_else(String::new, |n| {
                format!("{}. {}", n + 1, listing.items[n].label)
            })
    };
    let mut text = format!(
        "The hard AI in your place would take {} — your chance to win about {:.0}% \
         ({} iterations in {:.2} s).",
        label(found.option),
        found.value * 100.0,
        found.iterations,
        found.seconds
    );
    let others: Vec<String> = found
        .others
        .iter()
        .take(2)
        .map(|&(option, value)| format!("{} ({:.0}%)", label(option), value * 100.0))
        .collect();
    if !others.is_empty() {
        text.push_str(&format!("\n  Next best: {}.", others.join("; ")));
    }
    text
}

/// A pending decision as the terminal lists it: the prompt, its notes, the numbered
/// items.
pub(crate) fn print_listing(term: &Term, listing: &Listing, out: &mut impl Write) -> CliResult {
    writeln!(
        out,
        "{}",
        term.paint(Ink::Heading, &term.fill(&listing.prompt, "  "))
    )?;
    for note in &listing.notes {
        let text = term.fill(&note.text, "    ");
        let text = match note.tone {
            Some(tone) => term.paint(tone.into(), &text),
            None => text,
        };
        writeln!(out, "{text}")?;
    }
    for (i, item) in listing.items.iter().enumerate() {
        let number = format!("{:>3}.", i + 1);
        let line = term.fill(&format!("{number} {}", item.label), "       ");
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The end of the game: the board, the result and why, a summary, and what the person
/// may do next (save, replay, read the log) until they quit.
fn game_over(s: &mut Sitting, input: &mut impl BufRead, out: &mut impl Write) -> CliResult {
    let term = s.opts.term;
    write!(out, "\n{}", term.page(&s.game.page(&s.voice)))?;
    let result = s
        .game
        .seen(&s.voice, false)
        .outcome
        .map_or_else(|| "The game is over.".to_string(), |o| o.text);
    writeln!(
        out,
        "{}",
        term.paint(Ink::Heading, &term.fill(&result, "  "))
    )?;
    if let Some(summary) = s.game.summary(&s.voice) {
        writeln!(out, "{summary}")?;
    }
    if !s.opts.menu_at_end {
        return Ok(());
    }
    crate::interrupt::exit_on_interrupt("\n");
    let menu = "What next?\n  1. Quit\n  2. Save the game to a file (`save FILE`)\n  \
                3. Step through a replay of it (`replay`)\n  4. Read the log (`log`)";
    writeln!(out, "{menu}")?;
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = super::read_line(input)? else {
            writeln!(out)?;
            return Ok(());
        };
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match cmd.to_ascii_lowercase().as_str() {
            "1" | "quit" | "q" | "exit" => return Ok(()),
            "2" | "save" => {
                let proposed = format!("epic-game-{}.json", s.game.seed());
                let path = if rest.trim().is_empty() {
                    write!(out, "Save to which file? (Enter: {proposed}) ")?;
                    out.flush()?;
                    let Some(typed) = super::read_line(input)? else {
                        writeln!(out, "\nNot saved.")?;
                        return Ok(());
                    };
                    typed
                } else {
                    rest.to_string()
                };
                let path = match path.trim() {
                    "" => proposed.as_str(),
                    typed => typed,
                };
                if path.bytes().all(|b| b.is_ascii_digit()) {
                    writeln!(
                        out,
                        "Not saved: '{path}' is a choice of the menu, not a file's name."
                    )?;
                } else {
                    s.save(path, out)?;
                }
            }
            "3" | "replay" => {
                crate::commands::replay::step_through(&s.game, HUMAN, &term, input, out)?
            }
            "4" | "log" => {
                for l in &s.log {
                    s.say(out, l)?;
                }
            }
            "board" | "b" => write!(out, "{}", term.page(&s.game.page(&s.voice)))?,
            "" => continue,
            _ => writeln!(out, "Type a number from 1 to 4.")?,
        }
        // The menu again after each choice.
        writeln!(out, "{menu}")?;
    }
}
