//! `epic learn`: a first game that teaches. Each lesson of the ruleset
//! ([`epic_game::Ruleset::lessons`]) is a small position: the learner is told what to do
//! and why before each decision, and does it (Enter does it for them); the opponent
//! follows its script; what the lesson showed is said at its end.

use super::play::session::print_listing;
use super::play::words::{typed_option, typed_pick};
use crate::error::{CliError, CliResult};
use crate::term::{Fitted, Term, TermArgs};
use epic_game::lesson::Lesson;
use epic_game::table::{Act, Listing};
use epic_game::words::{Ink, Voice};
use epic_game::Ruleset;
use epic_rulesets::RulesetVisitor;
use std::io::{BufRead, Write};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Begin at lesson N (1 is the first); `epic learn --list` names them.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=99))]
    pub from: u16,
    /// Name the lessons and stop.
    #[arg(long)]
    pub list: bool,
    #[command(flatten)]
    pub term: TermArgs,
    #[command(flatten)]
    pub ruleset: super::RulesetArg,
}

pub fn run(args: Args) -> CliResult {
    struct Learn<'a> {
        args: &'a Args,
        result: CliResult,
    }
    impl RulesetVisitor for Learn<'_> {
        fn visit<R: Ruleset>(&mut self) {
            self.result = learn::<R>(self.args);
        }
    }
    let mut learn = Learn {
        args: &args,
        result: Ok(()),
    };
    epic_rulesets::visit_ruleset(&args.ruleset.name, &mut learn)?;
    learn.result
}

/// The marker in the data folder that says `epic learn` was suggested (or played) on
/// this machine, so that only the first game suggests it.
const SUGGESTED: &str = "learn-suggested";

/// What the first `epic play` on a machine says before its game: that `epic learn`
/// exists, when the ruleset has lessons. Said once; a data folder that cannot be written
/// says it again next time, which is better than never.
pub fn first_game_suggestion(ruleset: &str) -> Option<String> {
    let marker = crate::data_dir::data_dir().ok()?.join(SUGGESTED);
    if marker.exists() || !has_lessons(ruleset) {
        return None;
    }
    mark_suggested(&marker);
    Some(format!(
        "New to Epic? `epic learn{}` teaches the game in a few short guided lessons.",
        if ruleset == epic_rulesets::RULESETS[0] {
            String::new()
        } else {
            format!(" --ruleset {ruleset}")
        }
    ))
}

fn mark_suggested(marker: &std::path::Path) {
    if let Some(dir) = marker.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let _ = std::fs::write(marker, "");
}

fn has_lessons(ruleset: &str) -> bool {
    struct Has(bool);
    impl RulesetVisitor for Has {
        fn visit<R: Ruleset>(&mut self) {
            self.0 = !R::lessons().is_empty();
        }
    }
    let mut has = Has(false);
    epic_rulesets::visit_ruleset(ruleset, &mut has).is_ok() && has.0
}

fn learn<R: Ruleset>(args: &Args) -> CliResult {
    let lessons = R::lessons();
    if lessons.is_empty() {
        return Err(CliError::input(format!(
            "{} has no lessons yet: `epic play --ruleset {} --ai easy` plays a game, and \
             `help` in it lists the commands",
            R::TITLE,
            R::NAME
        )));
    }
    let count = lessons.len();
    if args.list {
        for (i, lesson) in lessons.iter().enumerate() {
            println!("{:>2}. {}", i + 1, lesson.title);
        }
        return Ok(());
    }
    let from = usize::from(args.from);
    if from > count {
        return Err(CliError::input(format!(
            "--from {from}: there are {count} lessons (`epic learn --list` names them)"
        )));
    }
    if let Ok(dir) = crate::data_dir::data_dir() {
        mark_suggested(&dir.join(SUGGESTED));
    }
    let term = args.term.term();
    let mut out = Fitted::new(std::io::stdout().lock(), term);
    let mut input = std::io::stdin().lock();
    writeln!(
        out,
        "{}",
        term.fill(
            &format!(
                "Learning {}: {count} short lessons, each a few plays against the AI. Before \
                 each play you are told what to do: type it (the words of an option, or its \
                 number), or press Enter and it is done for you. `help` tells what else you \
                 may type.",
                R::TITLE
            ),
            ""
        )
    )?;
    for (i, lesson) in lessons.into_iter().enumerate().skip(from - 1) {
        let heading = format!("\n=== Lesson {} of {count}: {} ===", i + 1, lesson.title);
        writeln!(out, "{}", term.paint(Ink::Heading, &heading))?;
        match play_lesson(lesson, &term, &mut input, &mut out)? {
            Ended::Learned => {}
            Ended::Skipped => writeln!(out, "(Lesson skipped.)")?,
            Ended::Left => {
                writeln!(
                    out,
                    "You leave the lessons. `epic learn --from {}` comes back to this one.",
                    i + 1
                )?;
                return Ok(());
            }
        }
    }
    writeln!(out, "\n{}", term.fill(&farewell::<R>(), ""))?;
    Ok(())
}

/// How a lesson ended.
enum Ended {
    Learned,
    Skipped,
    Left,
}

/// Plays one lesson to its end: the learner's steps, the opponent's script, the moral.
fn play_lesson<R: Ruleset>(
    lesson: Lesson<R>,
    term: &Term,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> CliResult<Ended> {
    let Lesson {
        title,
        intro,
        mut game,
        learner,
        steps,
        opponent,
        moral,
        shown,
    } = lesson;
    let mistake = |what: String| CliError::findings(format!("the lesson '{title}': {what}"));
    let voice = Voice::at_table(learner, game.seats());
    writeln!(out, "{}", term.fill(intro, ""))?;
    let mut steps = steps.into_iter();
    let mut script = opponent.into_iter();
    let mut shown_board = None;
    while let Some(decider) = game.decider() {
        let listing = game
            .asked(&voice.to(Some(decider)))
            .map(Listing::of_asked)
            .ok_or_else(|| mistake("the game asks, yet lists no options".into()))?;
        let labels: Vec<String> = listing.items.iter().map(|i| i.label.clone()).collect();
        let alike = |i: usize, j: usize| listing.items[j].alike == listing.items[i].alike;
        let option_of = |item: usize| match listing.items[item].act {
            Act::Option(n) => Ok(n),
            Act::TakeBack(_) => Err(mistake("a step names a pick to take back".into())),
        };
        let option = if decider == learner {
            let Some(step) = steps.next() else {
                break;
            };
            let Ok(wanted) = typed_option(step.take, &labels, &labels, alike) else {
                return Err(mistake(format!(
                    "the step '{}' fits no one option of: {}",
                    step.take,
                    labels.join("; ")
                )));
            };
            let board = term.page(&game.page(&voice));
            if shown_board.as_ref() != Some(&board) {
                write!(out, "\n{board}")?;
                shown_board = Some(board);
            }
            writeln!(out, "{}", term.paint(Ink::Note, &term.fill(step.says, "")))?;
            print_listing(term, &listing, out)?;
            loop {
                write!(out, "> ")?;
                out.flush()?;
                let Some(line) = super::play::read_line(input)? else {
                    writeln!(out)?;
                    return Ok(Ended::Left);
                };
                let line = line.trim();
                let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
                match cmd.to_ascii_lowercase().as_str() {
                    "" => break option_of(wanted)?,
                    "quit" | "exit" | "q" => return Ok(Ended::Left),
                    "skip" => return Ok(Ended::Skipped),
                    "help" | "?" | "h" => writeln!(out, "{}", term.fill(HELP, "  "))?,
                    "board" | "b" => write!(out, "{}", term.page(&game.page(&voice)))?,
                    "show" if !rest.trim().is_empty() => {
                        let sheet = super::cards::show_named(R::NAME, rest.trim(), &[])
                            .unwrap_or_else(|e| e.message);
                        writeln!(out, "{}", term.fill(&sheet, "  "))?;
                    }
                    _ => match typed_pick(line, &labels, &labels, alike) {
                        Ok(i) if i == wanted || listing.items[i].alike == wanted => {
                            break option_of(wanted)?
                        }
                        Ok(_) => writeln!(
                            out,
                            "{}",
                            term.fill(
                                &format!(
                                    "In a game you could; this lesson asks for {} ({}). \
                                     Enter does it.",
                                    labels[wanted],
                                    wanted + 1
                                ),
                                "  "
                            )
                        )?,
                        Err(why) => writeln!(out, "{}", term.fill(&why, "  "))?,
                    },
                }
            }
        } else {
            let Some(words) = script.next() else {
                if steps.as_slice().is_empty() {
                    break;
                }
                return Err(mistake(format!(
                    "the opponent's script ends, yet it is asked: {}",
                    labels.join("; ")
                )));
            };
            match typed_option(words, &labels, &labels, alike) {
                Ok(item) => option_of(item)?,
                Err(_) => {
                    return Err(mistake(format!(
                        "the opponent's '{words}' fits no one option of: {}",
                        labels.join("; ")
                    )))
                }
            }
        };
        let choice = game.options()[option];
        let before = game.clone();
        let events = game
            .apply_told(choice)
            .map_err(|e| mistake(e.to_string()))?;
        for line in before.tell(choice, &events, &voice) {
            writeln!(out, "{}", term.line(&line))?;
        }
    }
    if let Some(result) = game.result_for(&voice) {
        writeln!(
            out,
            "{}",
            term.paint(Ink::Heading, &term.fill(&result.text, "  "))
        )?;
    }
    if !shown(&game) {
        return Err(mistake("it ended without showing what it is for".into()));
    }
    writeln!(out, "{}", term.paint(Ink::Heading, &term.fill(moral, "")))?;
    Ok(Ended::Learned)
}

/// What may be typed in a lesson.
const HELP: &str = "Type the words of the option the lesson asks for, or its number; Enter \
                    takes it for you. `board` shows the board again, `show NAME` a card or \
                    a keyword, `skip` goes on to the next lesson, `quit` leaves.";

/// Said after the last lesson: where the game and its help are.
fn farewell<R: Ruleset>() -> String {
    format!(
        "That is the heart of the game. A whole game: `epic play --ruleset {name} --ai \
         easy` (then medium and hard). In a game, `help` lists the commands: `show NAME` \
         reads a card or keyword, `hint` asks the AI's advice, `undo` takes back a play of \
         yours, `log` tells the game so far. `epic cards` lists every card.",
        name = R::NAME
    )
}
