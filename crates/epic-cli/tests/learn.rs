//! `epic learn`, the first game that teaches, run as a newcomer runs it.

mod common;

use common::{epic, epic_with_env, epic_with_input, stderr, stdout};

/// What `epic learn` printed, every step taken by pressing Enter; it ends well.
fn by_enter(args: &[&str]) -> String {
    let out = epic_with_input(args, &"\n".repeat(60));
    let text = stdout(&out);
    assert!(out.status.success(), "{text}\n{}", stderr(&out));
    text
}

/// Every lesson of the 2017 game, played by pressing Enter at each step, runs to its end:
/// each lesson's outcome is the one it teaches, and the last words say where to go next.
#[test]
fn learn_runs_to_its_end_by_pressing_enter() {
    let text = by_enter(&["learn"]);
    for n in 1..=5 {
        assert!(text.contains(&format!("=== Lesson {n} of 5: ")), "{text}");
    }
    // The turn and gold: both champions played; the AI's automatic pass is a pass, not
    // the end of the turn the learner ended.
    assert!(text.contains("You play Lurking Giant.") && text.contains("You play Cave Troll."));
    assert!(!text.contains("The AI ends the turn."), "{text}");
    // The initiative: the attacker broken on the AI's turn, 9 health gained.
    assert!(
        text.contains("Drain Essence deals 9 damage to Bellowing Minotaur."),
        "{text}"
    );
    assert!(text.contains("You gain 9 health (29 now)."), "{text}");
    // One blocker stops three attackers: the blocker takes all the damage, the AI none.
    let lesson = |n: usize| {
        let start = text.find(&format!("=== Lesson {n} of 5")).unwrap();
        let end = text.find(&format!("=== Lesson {} of 5", n + 1)).unwrap();
        &text[start..end]
    };
    let third = lesson(3);
    assert!(third.contains("Rampaging Wurm deals 14 damage to Watchful Gargoyle."));
    assert!(third.contains("Watchful Gargoyle blocks."), "{third}");
    assert!(!third.contains("damage to the AI."), "{third}");
    assert!(text.contains("(4.4.6a)"), "{text}");
    // Breakthrough wins the fourth lesson, the empty deck the fifth.
    assert!(
        text.contains("Burrowing Wurm deals 15 damage to the AI."),
        "{text}"
    );
    assert!(
        text.contains("You win after 5 turns: the AI's health reached 0."),
        "{text}"
    );
    assert!(
        text.contains("You play Resurrection (mode 1: Draw two cards)."),
        "{text}"
    );
    assert!(text.contains("you had to draw from an empty deck, which wins the game"));
    assert!(
        text.contains("`epic play --ruleset 2017 --ai easy`"),
        "{text}"
    );
}

/// The classic game's lessons, by Enter: an action card and a free one in one turn (the
/// third card, an action card, not offered), a champion attacking the turn it came into
/// play, and the last card drawn that wins.
#[test]
fn the_classic_lessons_run_to_their_end() {
    let text = by_enter(&["learn", "--ruleset", "classic"]);
    let lesson = |n: usize| {
        let start = text
            .find(&format!("=== Lesson {n} of 3"))
            .expect("the lesson");
        let end = text[start..]
            .find("\n\n=== Lesson ")
            .map_or(text.len(), |e| start + e);
        &text[start..end]
    };
    let first = lesson(1);
    // Once the action is spent, the free card is offered and the action card is not.
    let spent = first
        .split("Shield Bearer is free")
        .nth(1)
        .expect("the third step");
    let options = spent.split("> ").next().unwrap();
    assert!(options.contains("Play Shield Bearer") && !options.contains("Play Thornback"));
    assert!(first.contains("in play: Iron Golem 5/5"), "{first}");
    assert!(lesson(2).contains("You: Attack with Raging Bear"), "{text}");
    assert!(lesson(3).contains("You win."), "{text}");
    assert!(
        text.contains("`epic play --ruleset classic --ai easy`"),
        "{text}"
    );
}

/// The multiverse game's lessons, by Enter: a foothold established and a character
/// recruited with it, and a second wound that disables and scores.
#[test]
fn the_multiverse_lessons_run_to_their_end() {
    let text = by_enter(&["learn", "--ruleset", "multiverse"]);
    assert!(
        text.contains("=== Lesson 2 of 2: Wounds score points"),
        "{text}"
    );
    assert!(
        text.contains("You recruit Void Marauder (tapping 2 blue)."),
        "{text}"
    );
    assert!(
        text.contains("You score 4 points for disabling Clawed Ranger."),
        "{text}"
    );
}

/// The learner types what a lesson asks, in words or by number; another option is
/// explained and refused; `show`, `help` and `skip` work, and `quit` says how to come back.
#[test]
fn a_lesson_takes_typed_words_and_refuses_another_play() {
    let input = "play cave troll\nshow cave troll\nhelp\nplay lurk\n1\nskip\nquit\n";
    let out = epic_with_input(&["learn"], input);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}\n{}", stderr(&out));
    assert!(
        text.contains("this lesson asks for Play Lurking Giant (1 gold) (1). Enter does it."),
        "{text}"
    );
    assert!(text.contains("5/3"), "show prints the card: {text}");
    assert!(text.contains("`skip` goes on to the next lesson"), "{text}");
    assert!(text.contains("You play Lurking Giant.") && text.contains("You play Cave Troll."));
    assert!(text.contains("(Lesson skipped.)"), "{text}");
    assert!(text.contains("=== Lesson 2 of 5"), "{text}");
    assert!(
        text.contains("You leave the lessons. `epic learn --from 2` comes back to this one."),
        "{text}"
    );
}

#[test]
fn learn_lists_its_lessons_and_refuses_what_it_cannot_do() {
    let out = epic(&["learn", "--list"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains(" 1. Your turn and your gold"), "{text}");
    assert!(text.contains(" 5. The empty deck wins"), "{text}");

    let out = epic(&["learn", "--from", "6"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("there are 5 lessons"),
        "{}",
        stderr(&out)
    );
}

/// The first `epic play` on a machine suggests `epic learn`; the next does not.
#[test]
fn the_first_game_on_a_machine_suggests_learning() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let env = [("EPIC_DATA_DIR", data.path())];
    let args = ["play", "--seed", "3", "--no-autosave"];
    let first = stdout(&epic_with_env(dir.path(), &env, &args, "quit\n"));
    assert!(
        first.starts_with("New to Epic? `epic learn` teaches the game"),
        "{first}"
    );
    let second = stdout(&epic_with_env(dir.path(), &env, &args, "quit\n"));
    assert!(!second.contains("epic learn"), "{second}");
}
