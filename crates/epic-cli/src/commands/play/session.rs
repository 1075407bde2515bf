//! A game with a human in seat 1 and bots in the others, read from plain lines: the
//! loop that asks, the commands, the stops, autosave, and what is shown at the end.

use super::summary::Tally;
use super::words::{self, personal_label};
use super::HELP;
use crate::display::moment::{Moment, Stops};
use crate::display::{self, Decided, Told, Voice};
use crate::error::{CliError, CliResult};
use crate::names;
use crate::save::{SaveFile, SaveSetup};
use crate::term::{Fitted, Ink, Term};
use epic_engine::{Choice, DecisionKind, Game, PlayerId};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

pub const HUMAN: PlayerId = 0;

/// How a session looks and behaves, from the command line.
#[derive(Clone, Debug)]
pub struct Options {
    pub term: Term,
    pub stops: Stops,
    /// Where the game in progress is rewritten before every question; `None`: nowhere.
    pub autosave: Option<PathBuf>,
}

impl Options {
    /// What a game started by another command (`epic draft`) uses: the terminal as it
    /// is, the default stops, the autosave in the data folder.
    pub fn standard() -> CliResult<Options> {
        Ok(Options {
            term: crate::term::TermArgs::default().term(),
            stops: Stops::default(),
            autosave: Some(crate::data_dir::autosave_for_writing()?),
        })
    }
}

/// An AI decision that took at least this long is followed by how long it took.
const THINKING_SHOWN: std::time::Duration = std::time::Duration::from_millis(50);

pub(super) struct Session {
    pub setup: SaveSetup,
    pub history: Vec<Choice>,
    pub game: Game,
    pub voice: Voice,
    pub log: Vec<Told>,
    pub tally: Tally,
    /// The tally before the human's last play, which `undo` takes back with it.
    tally_before_play: Option<Tally>,
    opts: Options,
    /// Where the game was last saved by the player, and after how many decisions.
    saved: Option<(String, usize)>,
    /// Whether the player has been told once how to change the stops.
    told_stops: bool,
}

impl Session {
    /// A session at the start of the game `setup` describes, with `history` replayed
    /// into its log and tally (nothing printed).
    pub fn resume(setup: SaveSetup, history: &[Choice], opts: Options) -> CliResult<Session> {
        let pool = names::pool();
        let game = Game::new(setup.to_setup(&pool)?)
            .map_err(|e| CliError::input(format!("the saved setup is invalid: {e}")))?;
        let mut s = Session {
            voice: epic_engine::words::play_voice(HUMAN, setup.seats.len()),
            setup,
            history: Vec::new(),
            game,
            log: Vec::new(),
            tally: Tally::default(),
            tally_before_play: None,
            opts,
            saved: None,
            told_stops: false,
        };
        for (i, &c) in history.iter().enumerate() {
            s.record(c).map_err(|e| {
                CliError::input(format!(
                    "decision {} of the saved game cannot be applied: {}",
                    i + 1,
                    e.message
                ))
            })?;
        }
        Ok(s)
    }

    /// Applies a choice and notes it: history, log, tally. Returns the new log lines.
    fn record(&mut self, choice: Choice) -> CliResult<Vec<Told>> {
        let before = self.game.view(HUMAN);
        let decided = Decided::before(&self.game, &before, &self.voice, choice);
        let events = self
            .game
            .apply(choice)
            .map_err(|e| CliError::findings(format!("the engine refused a choice: {e}")))?;
        self.history.push(choice);
        let seen = display::seat_events(&events, HUMAN);
        match choice {
            // A play can be undone (3.7) until something new is learnt; the counts go
            // back with it.
            Choice::Play { .. } | Choice::Power { .. } => {
                self.tally_before_play = Some(self.tally.clone());
            }
            Choice::Undo => {
                if let Some(t) = self.tally_before_play.take() {
                    self.tally = t;
                }
            }
            _ => {}
        }
        self.tally.add(&before, &seen);
        let lines = display::tell(self.game.pool(), &self.voice, &seen, decided.as_ref());
        self.log.extend(lines.iter().cloned());
        Ok(lines)
    }

    /// Applies a choice and prints what the human saw of it.
    fn apply(&mut self, choice: Choice, out: &mut impl Write) -> CliResult {
        for line in self.record(choice)? {
            self.say(out, &line)?;
        }
        Ok(())
    }

    /// One line of the log as the terminal shows it.
    fn say(&self, out: &mut impl Write, line: &Told) -> CliResult {
        writeln!(out, "{}", crate::display::render(line, &self.opts.term))?;
        Ok(())
    }

    /// Notes a line the session itself tells (an automatic pass) and prints it.
    fn note(&mut self, out: &mut impl Write, line: Told) -> CliResult {
        self.say(out, &line)?;
        self.log.push(line);
        Ok(())
    }

    fn save_file(&self) -> SaveFile {
        SaveFile::new(self.setup.clone(), self.history.clone(), &self.game)
    }

    /// Rewrites the autosave; a failure is told once and autosaving stops.
    fn autosave(&mut self, out: &mut impl Write) -> CliResult {
        let Some(path) = &self.opts.autosave else {
            return Ok(());
        };
        if let Err(e) = crate::save::write_json(path, &self.save_file()) {
            writeln!(out, "{} (autosave is off for this game)", e.message)?;
            self.opts.autosave = None;
            self.arm_interrupt();
        }
        Ok(())
    }

    /// From now on Ctrl-C ends the program saying where the game is saved: the
    /// autosave, else the player's last save, else nowhere.
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
            (Some((path, n)), _) if *n == self.history.len() => {
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

    /// Takes back one pick of a sequence being chosen (a card put back in a mulligan,
    /// an attacker, a blocker): the game is rebuilt without it.
    fn take_back(&mut self, pick: Choice) -> CliResult<Result<(), String>> {
        let Some(at) = self.history.iter().rposition(|&c| c == pick) else {
            return Ok(Err("That was not chosen.".into()));
        };
        let mut history = self.history.clone();
        history.remove(at);
        match Session::resume(self.setup.clone(), &history, self.opts.clone()) {
            Ok(rebuilt) => {
                let saved = self.saved.take();
                let told = self.told_stops;
                *self = rebuilt;
                self.saved = saved;
                self.told_stops = told;
                Ok(Ok(()))
            }
            Err(_) => Ok(Err(
                "That pick cannot be taken back on its own: later picks depend on it.".into(),
            )),
        }
    }
}

/// What the human is offered now: the engine's options in the order they are listed,
/// then a "take back" for each pick of the sequence being chosen.
struct Offer {
    /// Listed option number (from 0) to choice.
    choices: Vec<Listed>,
    shown: Vec<String>,
    engine: Vec<String>,
}

#[derive(Clone, Copy)]
enum Listed {
    Option(Choice),
    TakeBack(Choice),
}

impl Offer {
    fn new(game: &Game, voice: &Voice) -> Offer {
        let options = game.options();
        let labels = game.labels();
        let order = words::listing_order(game, options, epic_engine::words::seat_of(voice));
        let mut choices = Vec::new();
        let mut shown = Vec::new();
        let mut engine = Vec::new();
        for i in order {
            choices.push(Listed::Option(options[i]));
            shown.push(format!(
                "{}{}",
                personal_label(&labels[i], voice),
                words::option_note(game, options[i])
            ));
            engine.push(labels[i].clone());
        }
        let picking = game.decision().is_some_and(|d| {
            matches!(
                d.kind,
                DecisionKind::Mulligan | DecisionKind::Attackers | DecisionKind::Blockers
            )
        });
        if picking {
            for &o in &game.state().declaring {
                let name = object_name(game, o);
                choices.push(Listed::TakeBack(Choice::Card(o)));
                shown.push(format!("Take back {name}"));
                engine.push(format!("Take back {name}"));
            }
        }
        Offer {
            choices,
            shown,
            engine,
        }
    }
}

/// Plays a game with a human in seat 1 and bots in every other seat, from its setup and
/// the decisions made so far (`loaded`: the file it was resumed from), until it ends or
/// the human leaves. `epic play` and `epic draft` both end here.
pub fn play_session(
    setup: SaveSetup,
    history: Vec<Choice>,
    loaded: Option<&Path>,
    opts: Options,
) -> CliResult {
    if setup.seats.len() < 2
        || setup.seats[HUMAN as usize].player != "human"
        || setup.seats[1..].iter().any(|s| s.player == "human")
    {
        return Err(CliError::input(
            "this saved game does not have a human in seat 1 and AI opponents in the others",
        ));
    }
    // One bot per AI seat, seeded as it was and moved on by the decisions already made.
    let mut bots = Vec::new();
    for seat in &setup.seats[1..] {
        let bot_seed = seat
            .bot_seed
            .unwrap_or(setup.seed)
            .wrapping_add(history.len() as u64);
        bots.push(
            epic_bots::bot_by_name_threaded(
                &seat.player,
                bot_seed,
                super::super::default_threads(),
            )
            .map_err(|e| CliError::input(e.to_string()))?,
        );
    }
    let mut s = Session::resume(setup, &history, opts)?;
    s.saved = loaded.map(|p| (p.display().to_string(), s.history.len()));
    let term = s.opts.term;
    let mut out = Fitted::new(std::io::stdout().lock(), term);
    writeln!(out, "{}", term.fill(&super::introduce(&s.setup), "  "))?;
    writeln!(
        out,
        "Seed: {} (play this deal again with --seed {}).",
        s.setup.seed, s.setup.seed
    )?;
    if !s.history.is_empty() {
        writeln!(
            out,
            "Resumed after {} decisions (`log` tells the game so far).",
            s.history.len()
        )?;
    }
    if s.setup.seats.len() == 2 {
        writeln!(
            out,
            "You are Player 1; the AI is Player 2. Type `help` for commands."
        )?;
    } else {
        writeln!(out, "Type `help` for commands.")?;
    }
    s.arm_interrupt();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    // The board is printed again only when something on it changed.
    let mut shown_board: Option<String> = None;
    loop {
        let Some(decision) = s.game.decision() else {
            s.autosave(&mut out)?;
            return game_over(&mut s, &mut input, &mut out);
        };
        if decision.player != HUMAN {
            let start = std::time::Instant::now();
            let choice = bots[usize::from(decision.player) - 1].choose(&s.game);
            let took = start.elapsed();
            s.apply(choice, &mut out)?;
            if took >= THINKING_SHOWN {
                let who = display::cap(&s.voice.name(decision.player));
                let line = format!("({who} thought for {:.2} s.)", took.as_secs_f64());
                s.say(&mut out, &Told::quiet(line))?;
            }
            continue;
        }
        if let Some((choice, line)) = automatic(&s.game, &s.voice, s.opts.stops, s.told_stops) {
            if let Some(line) = line {
                // A pass at a moment that is not a stop says, the first time, how to
                // make it one.
                s.told_stops |= choice == Choice::Pass;
                s.note(&mut out, line)?;
            }
            s.apply(choice, &mut out)?;
            continue;
        }
        let view = s.game.view(HUMAN);
        let board = term.page(&epic_engine::words::page::page(&s.game, &s.voice));
        if shown_board.as_deref() != Some(board.as_str()) {
            write!(out, "\n{board}")?;
            shown_board = Some(board);
        }
        let offer = Offer::new(&s.game, &s.voice);
        let prompt = words::prompt(&view, &decision, &s.voice);
        writeln!(
            out,
            "{}",
            term.paint(Ink::Heading, &term.fill(&prompt, "  "))
        )?;
        if let Some(text) = asking_card_text(&s.game, decision.kind) {
            writeln!(out, "{}", term.paint(Ink::Quiet, &term.fill(&text, "    ")))?;
        }
        if let Some(chosen) = chosen_so_far(&s.game, decision.kind) {
            writeln!(out, "{}", term.fill(&format!("  {chosen}"), "    "))?;
        }
        for (i, l) in offer.shown.iter().enumerate() {
            let number = format!("{:>3}.", i + 1);
            let line = term.fill(&format!("{number} {l}"), "       ");
            writeln!(out, "{line}")?;
        }
        s.autosave(&mut out)?;
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = super::read_line(&mut input)? else {
            writeln!(
                out,
                "\nEnd of input: leaving the game ({}).",
                s.saved_note()
            )?;
            return Ok(());
        };
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" | "h" if rest.eq_ignore_ascii_case("symbols") => {
                writeln!(out, "{}", symbols_help())?
            }
            "help" | "?" | "h" => writeln!(out, "{HELP}")?,
            "symbols" | "keywords" => writeln!(out, "{}", symbols_help())?,
            "board" | "b" => shown_board = None,
            "quit" | "exit" | "q" => {
                writeln!(out, "You leave the game ({}).", s.saved_note())?;
                return Ok(());
            }
            "show" if rest.is_empty() => writeln!(
                out,
                "Usage: show CARD or KEYWORD (e.g. `show Fire Shaman`, `show airborne`)"
            )?,
            "show" => writeln!(out, "{}", show(&s.game, rest, &term))?,
            "discard" | "discards" => {
                let view = s.game.view(HUMAN);
                write!(out, "{}", term.page(&display::discards(&s.voice, &view)))?;
            }
            "log" => {
                if s.log.is_empty() {
                    writeln!(out, "Nothing has happened yet.")?;
                }
                for l in &s.log {
                    s.say(&mut out, l)?;
                }
            }
            "stops" if rest.is_empty() => writeln!(
                out,
                "The game asks you at these moments when you could play (`stops +NAME`, \
                 `stops -NAME`, `stops all`, `stops default`):\n{}",
                s.opts.stops.table()
            )?,
            "stops" => match Stops::parse(rest, s.opts.stops) {
                Ok(stops) => {
                    s.opts.stops = stops;
                    writeln!(out, "Stops: {}.", stops.names())?
                }
                Err(e) => writeln!(out, "{e}")?,
            },
            "hint" => {
                let seed = s.setup.seed ^ (s.history.len() as u64).wrapping_mul(0x9e37_79b9);
                writeln!(out, "{}", hint(&s.game, &s.voice, seed))?;
            }
            "concede" => {
                let sure = rest.eq_ignore_ascii_case("yes") || {
                    write!(out, "Concede the game and lose it? Type yes to concede: ")?;
                    out.flush()?;
                    let answer = super::read_line(&mut input)?;
                    answer.is_some_and(|l| l.trim().eq_ignore_ascii_case("yes"))
                };
                if sure {
                    s.apply(Choice::Concede(HUMAN), &mut out)?;
                } else {
                    writeln!(out, "You play on.")?;
                }
            }
            "undo" => {
                if s.game.options().contains(&Choice::Undo) {
                    s.apply(Choice::Undo, &mut out)?;
                } else {
                    writeln!(out, "There is no play to undo now: a play can be undone only until something new is learnt, such as a card drawn.")?;
                }
            }
            "save" if rest.is_empty() => writeln!(out, "Usage: save FILE")?,
            "save" => {
                if save(&mut s, rest, &mut out)? {
                    shown_board = None;
                }
            }
            _ if line.bytes().all(|b| b.is_ascii_digit()) => {
                let n = line.parse::<usize>().unwrap_or(0);
                match n.checked_sub(1).and_then(|i| offer.choices.get(i)) {
                    Some(&listed) => take(&mut s, listed, &mut out)?,
                    None => writeln!(out, "Pick a number from 1 to {}.", offer.choices.len())?,
                }
            }
            _ => {
                let same = |i: usize, j: usize| match (offer.choices[i], offer.choices[j]) {
                    (Listed::Option(a), Listed::Option(b)) => words::interchangeable(&s.game, a, b),
                    _ => false,
                };
                match words::typed_option(line, &offer.shown, &offer.engine, same) {
                    Ok(i) => take(&mut s, offer.choices[i], &mut out)?,
                    Err(why) => writeln!(out, "{}", term.fill(&why, "  "))?,
                }
            }
        }
    }
}

/// Takes a listed option: the engine's choice, or a pick taken back.
fn take(s: &mut Session, listed: Listed, out: &mut impl Write) -> CliResult {
    match listed {
        Listed::Option(choice) => s.apply(choice, out),
        Listed::TakeBack(pick) => {
            if let Err(why) = s.take_back(pick)? {
                writeln!(out, "{why}")?;
            }
            Ok(())
        }
    }
}

/// Saves to a file the player named; whether it was saved.
fn save(s: &mut Session, path: &str, out: &mut impl Write) -> CliResult<bool> {
    match crate::save::write_json(Path::new(path), &s.save_file()) {
        Ok(()) => {
            s.saved = Some((path.to_string(), s.history.len()));
            if !s.game.is_over() {
                s.arm_interrupt();
            }
            writeln!(out, "Saved to {path}. Resume with: epic play --load {path}")?;
            Ok(true)
        }
        Err(e) => {
            writeln!(out, "{}", e.message)?;
            Ok(false)
        }
    }
}

/// The choice made for the human without asking, and what to say about it: the only
/// option there is, or a pass at a moment that is not one of their `stops` (with how to
/// make it one, unless `told` already).
fn automatic(
    game: &Game,
    voice: &Voice,
    stops: Stops,
    told: bool,
) -> Option<(Choice, Option<Told>)> {
    let kind = game.decision()?.kind;
    let options = game.options();
    if let [only] = options {
        let only = *only;
        // The engine asks a player with cards in hand even when passing is all they can
        // do, so the opponent cannot tell (docs/rulings.md R-14); you know your own hand,
        // so nothing is asked or said here.
        let line = match only {
            Choice::Pass => None,
            Choice::EndTurn => Some(Told::quiet(
                "You have nothing more to play: your turn ends.".into(),
            )),
            _ => Some(Told::quiet(format!(
                "{} (your only choice).",
                personal_label(&game.label(only), voice)
            ))),
        };
        return Some((only, line));
    }
    if kind != DecisionKind::Initiative || !options.contains(&Choice::Pass) {
        return None;
    }
    let seat = epic_engine::words::seat_of(voice);
    let view = game.view(seat);
    let moment = Moment::of(&view, seat)?;
    if stops.has(moment) {
        return None;
    }
    let when = display::moment::when(&view, voice).unwrap_or_default();
    let mut text = format!("You pass {when}.");
    if !told {
        text += &format!(
            " (Not one of your stops: `stops +{}` asks you here.)",
            moment.name()
        );
    }
    Some((Choice::Pass, Some(Told::quiet(text))))
}

/// The text of the card whose ability asks, for decisions that depend on it.
fn asking_card_text(game: &Game, kind: DecisionKind) -> Option<String> {
    if !matches!(
        kind,
        DecisionKind::May | DecisionKind::Choose | DecisionKind::Target
    ) {
        return None;
    }
    let frame = game.state().frames.last()?;
    let pool = game.pool();
    let text = epic_cards::card_text(pool, frame.card);
    (!text.is_empty()).then(|| {
        format!(
            "  ({}: {})",
            pool.get(frame.card).name,
            display::one_line(&text)
        )
    })
}

/// For a pick of several cards (a mulligan, attackers, blockers), what is chosen so far.
fn chosen_so_far(game: &Game, kind: DecisionKind) -> Option<String> {
    let what = match kind {
        DecisionKind::Mulligan => "To put back",
        DecisionKind::Attackers => "Attacking",
        DecisionKind::Blockers => "Blocking",
        _ => return None,
    };
    let st = game.state();
    if st.declaring.is_empty() {
        return None;
    }
    let names: Vec<String> = st.declaring.iter().map(|&o| object_name(game, o)).collect();
    Some(format!("{what} so far: {}.", names.join(", ")))
}

/// One of the human's picks as the board and the options name it: a champion in play
/// by [`display::champion_names`] ("Human token #90"), a card in hand by its name.
fn object_name(game: &Game, o: epic_engine::ObjId) -> String {
    let Some(obj) = game.state().objs.get(o.0 as usize) else {
        return String::new();
    };
    let view = game.view(HUMAN);
    match view.champions.iter().position(|c| c.obj == obj.number) {
        Some(i) => display::champion_names(&view).swap_remove(i),
        None => display::card_name(game.pool(), obj.card),
    }
}

/// `show NAME`: a card (the ones in sight first when the name fits several), a keyword
/// or a symbol.
fn show(game: &Game, text: &str, term: &Term) -> String {
    let pool = game.pool();
    let view = game.view(HUMAN);
    let in_sight: Vec<epic_model::CardId> = view
        .champions
        .iter()
        .map(|c| c.card)
        .chain(view.players.iter().flat_map(|p| {
            p.hand
                .iter()
                .chain(p.discard.iter())
                .map(|c| c.card)
                .chain(p.god.iter().map(|g| g.card))
        }))
        .chain(view.resolving.iter().map(|c| c.card))
        .collect();
    let sheet = match crate::commands::cards::explain(pool, text, &in_sight) {
        Ok(sheet) => sheet,
        Err(e) => e.message,
    };
    term.fill(&sheet, "  ")
}

/// The symbols of rules text and the keywords, each with its meaning.
fn symbols_help() -> String {
    let mut s = String::from("Symbols and ability words on cards:\n");
    for (symbol, meaning) in epic_cards::SYMBOLS {
        s += &format!("  {symbol:<10} {meaning}\n");
    }
    s += "Keywords (`show KEYWORD` for one):\n";
    for k in epic_model::Keyword::ALL {
        s += &format!("  {:<14} {}\n", k.to_string(), k.reminder());
    }
    s.trim_end().to_string()
}

/// What the hard AI would do in the human's seat, searching from the human's view only
/// (so a hint never reveals a hidden card), with the estimated chance to win.
fn hint(game: &Game, voice: &Voice, seed: u64) -> String {
    let Some(config) = epic_bots::search_config("hard") else {
        return "No adviser is available.".into();
    };
    let config = epic_bots::search::SearchConfig {
        threads: super::super::default_threads(),
        ..config
    };
    let mut adviser = epic_bots::IsmctsBot::new("hard", config, seed);
    let Some(found) = adviser.think(game) else {
        return "There is nothing to decide.".into();
    };
    let order = words::listing_order(game, game.options(), epic_engine::words::seat_of(voice));
    let label = |c: Choice| {
        let n = order
            .iter()
            .position(|&i| game.options()[i] == c)
            .map_or(0, |i| i + 1);
        format!("{n}. {}", personal_label(&game.label(c), voice))
    };
    let mut text = format!(
        "The hard AI in your place would take {} — your chance to win about {:.0}% \
         ({} iterations in {:.2} s).",
        label(found.choice),
        found.value * 100.0,
        found.iterations,
        found.elapsed.as_secs_f64()
    );
    let others: Vec<String> = found
        .root
        .iter()
        .skip(1)
        .take(3)
        .map(|r| format!("{} ({:.0}%)", label(r.choice), r.value * 100.0))
        .collect();
    if !others.is_empty() {
        text.push_str(&format!("\n  Next best: {}.", others.join("; ")));
    }
    text
}

/// The end of the game: the board, the result and why, a summary, and what the player
/// may do next (save, replay, read the log) until they quit.
fn game_over(s: &mut Session, input: &mut impl BufRead, out: &mut impl Write) -> CliResult {
    let term = s.opts.term;
    write!(
        out,
        "\n{}",
        term.page(&epic_engine::words::page::page(&s.game, &s.voice))
    )?;
    let result = display::result_line(&s.game, &s.voice);
    writeln!(
        out,
        "{}",
        term.paint(Ink::Heading, &term.fill(&result, "  "))
    )?;
    writeln!(out, "{}", s.tally.summary(&s.voice, s.setup.seats.len()))?;
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
                let path = if rest.trim().is_empty() {
                    write!(out, "Save to which file? ")?;
                    out.flush()?;
                    super::read_line(input)?.unwrap_or_default()
                } else {
                    rest.to_string()
                };
                let path = path.trim();
                if path.is_empty() {
                    writeln!(out, "Not saved: no file named.")?;
                } else if save(s, path, out)? {
                    writeln!(out, "(`epic replay {path}` shows it again.)")?;
                }
            }
            "3" | "replay" => {
                let file = s.save_file();
                let game = epic_rulesets::AnyPlayed::Epic(Box::new(epic_game::Played {
                    setup: file.setup,
                    records: file.decisions,
                    game: s.game.clone(),
                }));
                crate::commands::replay::step_through(&game, HUMAN, &term, input, out)?;
                writeln!(out, "{menu}")?;
            }
            "4" | "log" => {
                for l in &s.log {
                    s.say(out, l)?;
                }
            }
            "board" | "b" => write!(
                out,
                "{}",
                term.page(&epic_engine::words::page::page(&s.game, &s.voice))
            )?,
            "" => {}
            _ => writeln!(out, "Type a number from 1 to 4.")?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use epic_engine::{ChampionSetup, Position};

    /// Takes the option whose label starts with `label`.
    fn take(game: &mut Game, label: &str) {
        let i = game.labels().iter().position(|l| l.starts_with(label));
        let c = game.options()[i.unwrap_or_else(|| panic!("no option {label}"))];
        game.apply(c).expect("legal");
    }

    /// Player 1 attacks with Lurking Giant holding Fireball; Player 2 has Cave Troll.
    fn attacking() -> Game {
        let pool = names::pool();
        let card = |name: &str| pool.by_name(name).expect("a real card");
        let mut pos = Position::new(pool.clone(), 2);
        pos.seats[0].in_play = vec![ChampionSetup::new(card("Lurking Giant"))];
        pos.seats[0].hand = vec![card("Fireball")];
        pos.seats[1].in_play = vec![ChampionSetup::new(card("Cave Troll"))];
        pos.seats[1].hand = vec![card("Fireball")];
        let mut game = Game::from_position(pos).expect("a legal position");
        for label in ["Declare a battle", "Attack with Lurking Giant"] {
            take(&mut game, label);
        }
        game
    }

    #[test]
    fn the_default_stops_pass_before_blocks_in_your_own_attack_and_say_so() {
        let game = attacking();
        let voice = epic_engine::words::play_voice(HUMAN, 2);
        assert_eq!(
            words::prompt(&game.view(HUMAN), &game.decision().unwrap(), &voice),
            "You may play before blockers are declared, or pass."
        );
        let (choice, line) = automatic(&game, &voice, Stops::default(), false).unwrap();
        assert_eq!(choice, Choice::Pass);
        assert_eq!(
            line.unwrap().text,
            "You pass before blockers are declared. (Not one of your stops: `stops +attacking` \
             asks you here.)"
        );
        let (_, line) = automatic(&game, &voice, Stops::default(), true).unwrap();
        assert_eq!(line.unwrap().text, "You pass before blockers are declared.");
        assert!(automatic(&game, &voice, Stops::all(), false).is_none());
        let plus = Stops::parse("+attacking", Stops::default()).unwrap();
        assert!(automatic(&game, &voice, plus, false).is_none());
    }

    #[test]
    fn the_default_stops_ask_once_blockers_are_declared() {
        let mut game = attacking();
        for (seat, label) in [(0, "Pass"), (1, "Pass"), (1, "Do not block"), (1, "Pass")] {
            assert_eq!(game.decision().unwrap().player, seat, "{label}");
            take(&mut game, label);
        }
        let voice = epic_engine::words::play_voice(HUMAN, 2);
        assert_eq!(game.decision().unwrap().player, HUMAN);
        assert_eq!(
            words::prompt(&game.view(HUMAN), &game.decision().unwrap(), &voice),
            "You may play after blockers are declared, before damage, or pass."
        );
        assert!(automatic(&game, &voice, Stops::default(), false).is_none());
        let none = Stops::parse("none", Stops::default()).unwrap();
        let (choice, line) = automatic(&game, &voice, none, true).unwrap();
        assert_eq!(choice, Choice::Pass);
        assert_eq!(
            line.unwrap().text,
            "You pass after blockers are declared, before damage."
        );
    }

    /// A target list shows your side first, then the other: never mixed.
    #[test]
    fn targets_are_listed_yours_first() {
        let pool = names::pool();
        let card = |name: &str| pool.by_name(name).expect("a real card");
        let mut pos = Position::new(pool.clone(), 2);
        pos.seats[0].in_play = vec![ChampionSetup::new(card("Lurking Giant"))];
        pos.seats[0].hand = vec![card("Fireball")];
        pos.seats[1].in_play = vec![
            ChampionSetup::new(card("Cave Troll")),
            ChampionSetup::new(card("Kong")),
        ];
        pos.seats[1].hand = vec![card("Fireball")];
        let mut game = Game::from_position(pos).expect("a legal position");
        take(&mut game, "Play Fireball");
        let voice = epic_engine::words::play_voice(HUMAN, 2);
        let offer = Offer::new(&game, &voice);
        // The engine lists champions first, then players.
        assert_eq!(game.labels()[0], "Target Lurking Giant (Player 1)");
        assert_eq!(
            offer.shown,
            [
                "Target yourself",
                "Target Lurking Giant (yours)",
                "Target the AI",
                "Target Cave Troll (the AI's)",
                "Target Kong (the AI's)",
            ]
        );
    }
}
