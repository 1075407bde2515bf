//! A first game that teaches: short positions of a ruleset, each showing one thing about
//! the game by doing it. The learner is told what to do before each decision and takes
//! it; the opponent follows a script. `epic learn` plays them; a ruleset gives its own
//! ([`crate::Ruleset::lessons`]).

use crate::Seat;

/// One lesson: a position, the learner's decisions in it and the opponent's.
#[derive(Clone, Debug)]
pub struct Lesson<R> {
    pub title: &'static str,
    /// Said before the first decision: the situation.
    pub intro: &'static str,
    /// The position the lesson begins in.
    pub game: R,
    /// The learner's seat.
    pub learner: Seat,
    /// Each decision the learner makes, in order; the lesson is over after the last one
    /// (or sooner, when the game ends).
    pub steps: Vec<LessonStep>,
    /// What the opponent does, in order, each as words of one of its options (as a
    /// player types them); every decision of the opponent's is named here.
    pub opponent: Vec<&'static str>,
    /// Said at the end: what the lesson showed, and the rule's number.
    pub moral: &'static str,
    /// Whether the game at the end of the lesson shows what it was for (a test's check,
    /// and the runner's: a lesson that ends otherwise is a mistake in it).
    pub shown: fn(&R) -> bool,
}

/// One decision of the learner's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonStep {
    /// What the learner is told to do, and why.
    pub says: &'static str,
    /// Words of the option to take, as a player types them ("play triceratops").
    pub take: &'static str,
}

impl LessonStep {
    pub const fn new(says: &'static str, take: &'static str) -> LessonStep {
        LessonStep { says, take }
    }
}

/// The game a ruleset's scenario setup describes (`step recruit`, `p1 hand …`, as its
/// scenario files write it): a lesson's position, written as the scenarios are.
///
/// # Panics
/// When the setup is not one: a lesson's position is the program's own text.
pub fn position<R: crate::Ruleset>(setup: &str) -> R {
    let statements: Vec<crate::scenario::Statement> = (setup.lines().enumerate())
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| crate::scenario::Statement {
            line: i + 1,
            text: l.trim().to_string(),
        })
        .collect();
    R::scenario_position(0, &statements)
        .unwrap_or_else(|m| panic!("a lesson's position of the {} game: {m:?}", R::NAME))
}

/// Whether an expectation of the ruleset's scenarios (as written after `expect`) holds
/// in `game`: a lesson's check that it showed what it is for.
pub fn holds<R: crate::Ruleset>(game: &R, expectation: &str) -> bool {
    game.scenario_expect(expectation) == Some(Ok(()))
}
