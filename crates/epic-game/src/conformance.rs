//! What every ruleset must do to stand behind the interface, checked the same way for
//! each: the registry's conformance test (`crates/epic-rulesets/tests/conformance.rs`)
//! runs [`check`] on every registered ruleset, so a new ruleset is held to it without
//! new test code.
//!
//! Over seeded random games, after every decision:
//! - options exist exactly when a seat must decide, and the winners exactly when none
//!   does; the seat deciding is one of the setup's players;
//! - a choice that is not offered is refused and changes nothing;
//! - each seat's sample ([`State::sample_for`]) shows that seat exactly the view it has
//!   of the game, and can itself be played on;
//! - each seat is asked its decisions, and told every decision, the same in the game
//!   and in its sample, until its own view of them differs (a hidden card it now
//!   sees): what a seat receives depends only on what it may know;
//! - the table's hooks ([`crate::table`]) list the decision to its decider alone, every
//!   option exactly once and only picks already taken back, and take no decision
//!   without asking for a seat that is not deciding;
//!
//! the names it lists (formats, variants, and the bounds of a variant's number) are names
//! it reads ([`check_names`]);
//!
//! and for each game:
//! - it ends, or is ruled over, within `max_decisions`, and says how it ended, who lost
//!   first (never a winner) and each seat's deck; where the rules have matches, a
//!   rematch keeps the seats and their decks;
//! - its save file round-trips: written, read and replayed, it reaches the same digest;
//! - the same setup and decisions give the same digest (determinism).

use crate::played::Played;
use crate::ruleset::Ruleset;
use crate::save::SaveFile;
use crate::table::{Act, Stops};
use crate::words::Voice;
use crate::Seat;

/// Why a ruleset failed a check: which, in which game, after how many decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub ruleset: &'static str,
    pub game: u64,
    pub decisions: usize,
    pub what: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} game {} after {} decisions: {}",
            self.ruleset, self.game, self.decisions, self.what
        )
    }
}

/// A small generator for picking options, so the checks need no dependency.
struct Picks(u64);

impl Picks {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn view_of<R: Ruleset>(game: &R, seat: Seat) -> String {
    serde_json::to_string(&game.view(Some(seat))).unwrap_or_default()
}

/// Where two views (JSON) part: the fields of the first that differ, with both values.
fn difference(a: &str, b: &str) -> String {
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
        (serde_json::from_str(a), serde_json::from_str(b))
    else {
        return "(not objects)".into();
    };
    a.iter()
        .filter(|(k, v)| b.get(*k) != Some(*v))
        .map(|(k, v)| {
            format!(
                "{k}: {v} / {}",
                b.get(k).unwrap_or(&serde_json::Value::Null)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The pending decision as `voice`'s viewer is asked it: who decides, the prompt, and the
/// labels of the options samples keep.
fn asked_labels<R: Ruleset>(game: &R, voice: &Voice) -> Option<(Seat, String, Vec<String>)> {
    let asked = game.asked(voice)?;
    let kept = asked
        .options
        .iter()
        .filter(|o| (game.options().get(o.index)).is_some_and(|&c| game.kept_in_samples(c)))
        .map(|o| o.label.clone())
        .collect();
    Some((asked.seat, asked.prompt, kept))
}

/// The table's hooks for `seat` now: a listing and an automatic decision for the
/// decider alone, every option listed once, a take-back only of a decision taken.
fn table_hooks<R: Ruleset>(played: &Played<R>, seat: Seat) -> Result<(), String> {
    let game = &played.game;
    let voice = Voice::at_table(seat, game.seats());
    let deciding = game.decider() == Some(seat);
    let listing = R::listing(played, &voice);
    if listing.is_some() != deciding {
        return Err(format!(
            "listed a decision {}",
            if deciding {
                "not at all"
            } else {
                "that is not its own"
            }
        ));
    }
    if let Some(listing) = listing {
        let mut listed = vec![0; game.options().len()];
        for (i, item) in listing.items.iter().enumerate() {
            match item.act {
                Act::Option(o) if o < listed.len() => listed[o] += 1,
                Act::Option(o) => return Err(format!("listed option {o}, which is not offered")),
                Act::TakeBack(d) if d >= played.decisions() => {
                    return Err(format!("listed taking back decision {d}, not yet taken"))
                }
                Act::TakeBack(_) => {}
            }
            if item.alike > i {
                return Err(format!("item {i} is alike to a later item"));
            }
        }
        if listed.iter().any(|&n| n != 1) {
            return Err(format!("listed the options {listed:?} times each"));
        }
    }
    match game.automatic(&voice, Stops::default_of(R::MOMENTS)) {
        Some(_) if !deciding => Err("decided for without being asked".into()),
        Some(auto) if !game.options().contains(&auto.choice) => {
            Err("decided for with an option not offered".into())
        }
        _ => Ok(()),
    }
}

/// Plays `games` random games of `R` from the setups `setup(game)` makes, each to its
/// end or `max_decisions`, checking everything the module lists; the first failure.
/// What the hooks for simulations and matches say of a game that is over: how it ended,
/// who lost first (seats that did not win), each seat's deck, and a rematch where the
/// rules have matches (the same seats and decks).
fn ending_hooks<R: Ruleset>(played: &Played<R>) -> Result<(), String> {
    let game = &played.game;
    if game.ending().is_none() {
        return Err("a game over says nothing of how it ended".into());
    }
    let winners = game.winners().unwrap_or_default();
    let first = game.first_to_lose();
    if let Some(s) = first.iter().find(|s| winners.contains(s)) {
        return Err(format!("seat {} won, yet lost first", s + 1));
    }
    if let Some(s) = first.iter().find(|&&s| usize::from(s) >= game.seats()) {
        return Err(format!(
            "seat {} lost first, of {} seats",
            s + 1,
            game.seats()
        ));
    }
    let decks: Vec<Vec<String>> = (0..game.seats() as Seat)
        .map(|s| game.deck_cards(s))
        .collect();
    if decks.iter().all(Vec::is_empty) {
        return Err("no seat brought a card to the game".into());
    }
    if R::MATCH_RULE.is_some() {
        let next = R::rematch(&played.setup, 7, Some(0)).map_err(|e| e.message)?;
        let again = R::start(&next).map_err(|e| e.message)?;
        if R::players(&next) != R::players(&played.setup) || R::seed(&next) != 7 {
            return Err("a rematch changed the seats".into());
        }
        for s in 0..game.seats() as Seat {
            let (mut a, mut b) = (again.deck_cards(s), decks[usize::from(s)].clone());
            a.sort_unstable();
            b.sort_unstable();
            if a != b {
                return Err(format!("a rematch dealt seat {} another deck", s + 1));
            }
        }
    }
    Ok(())
}

/// The names a ruleset lists are names it reads: every format and variant, and a
/// variant that takes a number within its bounds and not past them.
pub fn check_names<R: Ruleset>() -> Result<(), String> {
    if let Some(f) = R::format_names().iter().find(|f| !R::has_format(f)) {
        return Err(format!("{}: the listed format '{f}' is refused", R::NAME));
    }
    let numbers = R::variant_numbers();
    for v in R::variant_names() {
        match numbers.iter().find(|n| n.name == v) {
            None if !R::has_variant(v) => {
                return Err(format!("{}: the listed variant '{v}' is refused", R::NAME))
            }
            None => {}
            Some(n) => {
                let read = |k: u32| R::has_variant(&n.with(k));
                let past = [n.min.checked_sub(1), n.max.checked_add(1)];
                if !read(n.min) || !read(n.max) || past.into_iter().flatten().any(read) {
                    return Err(format!(
                        "{}: '{v}' is not read from {} to {} alone",
                        R::NAME,
                        n.min,
                        n.max
                    ));
                }
            }
        }
    }
    match numbers
        .iter()
        .find(|n| !R::variant_names().contains(&n.name))
    {
        Some(n) => Err(format!("{}: '{}' is not a listed variant", R::NAME, n.name)),
        None => Ok(()),
    }
}

pub fn check<R: Ruleset>(
    setup: impl Fn(u64) -> R::Setup,
    games: u64,
    max_decisions: usize,
) -> Result<(), Failure> {
    for g in 0..games {
        check_game::<R>(setup(g), g, max_decisions)?;
    }
    Ok(())
}

fn check_game<R: Ruleset>(setup: R::Setup, g: u64, max_decisions: usize) -> Result<(), Failure> {
    let fail = |decisions: usize, what: String| Failure {
        ruleset: R::NAME,
        game: g,
        decisions,
        what,
    };
    let mut played = Played::<R>::start(setup.clone()).map_err(|e| fail(0, e.message))?;
    let mut picks = Picks(g.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED);
    let seats = played.game.seats();
    let players = R::players(&setup).len();
    if seats != players {
        return Err(fail(
            0,
            format!("{seats} seats, for a setup of {players} players"),
        ));
    }
    let mut refused_tried = false;
    for n in 0..max_decisions {
        let game = &played.game;
        let options = game.options();
        match (game.decider(), game.winners()) {
            (Some(_), Some(_)) => return Err(fail(n, "a seat decides in a game over".into())),
            (None, None) => return Err(fail(n, "nobody decides, yet nobody won".into())),
            (Some(_), None) if options.is_empty() => {
                return Err(fail(n, "a seat decides among no options".into()))
            }
            (None, Some(_)) if !options.is_empty() => {
                return Err(fail(n, "options offered in a game over".into()))
            }
            (None, Some(_)) => break,
            (Some(d), None) if usize::from(d) >= seats => {
                return Err(fail(n, format!("seat {} decides, of {seats} seats", d + 1)))
            }
            (Some(_), None) => {}
        }
        // Each seat's sample shows it what the game shows it: the same view, and the
        // same decision (less the options samples leave out, such as an undo).
        let decider = game.decider();
        for seat in 0..seats as Seat {
            let sample = game.sample_for(seat, picks.0 ^ u64::from(seat));
            if decider != Some(seat) && view_of(&sample, seat) != view_of(game, seat) {
                return Err(fail(
                    n,
                    format!(
                        "seat {}'s sample shows it another game: {}",
                        seat + 1,
                        difference(&view_of(game, seat), &view_of(&sample, seat))
                    ),
                ));
            }
            let voice = Voice::numbered(Some(seat), seats);
            if asked_labels(&sample, &voice) != asked_labels(game, &voice) {
                return Err(fail(
                    n,
                    format!("seat {} is asked otherwise in its sample", seat + 1),
                ));
            }
            if let Err(what) = table_hooks(&played, seat) {
                return Err(fail(n, format!("seat {}: {what}", seat + 1)));
            }
        }
        let choice = options[picks.below(options.len())];
        // Each seat is asked and told the same in its sample as in the game, until its
        // view of them differs (a hidden card it now sees, dealt otherwise there).
        let taken = played
            .after_choice(choice)
            .map_err(|e| fail(n, e.message))?;
        for seat in 0..seats as Seat {
            let voice = Voice::numbered(Some(seat), seats);
            let mut sample = game.sample_for(seat, picks.0 ^ 0xA5 ^ u64::from(seat));
            if !sample.options().contains(&choice) {
                continue;
            }
            let before = sample.clone();
            let Ok(events) = sample.apply_told(choice) else {
                return Err(fail(
                    n,
                    format!("seat {}'s sample refused an option", seat + 1),
                ));
            };
            if view_of(&sample, seat) != view_of(&taken.game, seat) {
                continue;
            }
            let (in_sample, in_game) = (
                before.tell(choice, &events, &voice),
                game.tell(choice, &taken.events, &voice),
            );
            if in_sample != in_game {
                let text = |lines: &[crate::words::Line]| -> Vec<String> {
                    lines.iter().map(|l| l.text.clone()).collect()
                };
                return Err(fail(
                    n,
                    format!(
                        "seat {} is told {:?} of {choice:?}, and {:?} in its sample",
                        seat + 1,
                        text(&in_game),
                        text(&in_sample)
                    ),
                ));
            }
        }
        // A choice no longer offered is refused and changes nothing.
        if !refused_tried {
            let mut after = taken.game.clone();
            if !after.options().contains(&choice) {
                refused_tried = true;
                let digest = after.digest();
                if after.apply(choice).is_ok() {
                    return Err(fail(n + 1, "a choice not offered was taken".into()));
                }
                if after.digest() != digest {
                    return Err(fail(n + 1, "a refused choice changed the game".into()));
                }
            }
        }
        played.take(taken);
    }
    let n = played.decisions();
    if played.game.decider().is_some() {
        return Err(fail(
            n,
            format!("the game did not end within {max_decisions} decisions"),
        ));
    }
    if let Err(what) = ending_hooks(&played) {
        return Err(fail(n, what));
    }
    // The save round-trips, and replaying it is deterministic.
    let text = played.save_file().to_text();
    let file = SaveFile::<R>::parse("the save", &text).map_err(|e| fail(n, e.message))?;
    if file != played.save_file() {
        return Err(fail(n, "the save reads back otherwise".into()));
    }
    let replayed = Played::replay(&file, None, |_, _| {}).map_err(|e| fail(n, e.message))?;
    if replayed.game.digest() != played.game.digest() {
        return Err(fail(n, "the replay reaches another game".into()));
    }
    Ok(())
}
