//! The format's error paths: every mistake is a located error, never a panic, and a
//! failing scenario says what was expected and what happened.

use epic_scenario::{parse_str, run, ScenarioError};

fn errors(text: &str) -> Vec<String> {
    match parse_str("t.scn", text) {
        Ok(_) => vec![],
        Err(ScenarioError::Parse(e)) => e.iter().map(ToString::to_string).collect(),
        Err(e) => vec![e.to_string()],
    }
}

#[test]
fn mistakes_are_reported_with_file_and_line() {
    let e = errors("scenario A\nrule 1.2.1\np1 hand Lurkng Giant\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("t.scn:3: unknown card `Lurkng Giant`"),
        "{e:?}"
    );
    assert!(e[0].contains("did you mean `Lurking Giant`"), "{e:?}");

    let e = errors("p1 health 3\n");
    assert!(
        e[0].starts_with("t.scn:1: expected `scenario NAME`"),
        "{e:?}"
    );

    let e = errors("scenario A\np1 health 3\n");
    assert!(e[0].contains("names no rule"), "{e:?}");

    let e = errors("scenario A\nrule 1.2\ndo Pass\np1 health 3\n");
    assert!(e[0].starts_with("t.scn:4:"), "{e:?}");

    let e = errors("scenario A\nrule 2.3.5\np1 hand Wolf token\n");
    assert!(e[0].contains("is a token"), "{e:?}");

    let e = errors("scenario A\nrule 1.2\np3 health 4\n");
    assert!(
        e[0].contains("player 3 named, but the scenario has 2 players"),
        "{e:?}"
    );

    let e = errors("scenario A\nrule 1.2\nexpect p1 champion Kong: 3/3, shiny\n");
    assert!(e[0].contains("unknown champion check `shiny`"), "{e:?}");

    let e = errors("scenario A\nrule four\nexpect decision p1 thinking\n");
    assert_eq!(e.len(), 3, "every mistake of a file is reported: {e:?}");
}

#[test]
fn garbage_never_panics() {
    for text in [
        "",
        "scenario",
        "scenario x\nrule 1\np1 champion Kong (damage",
        "scenario x\nrule 1\np1 champion Kong (damage x)",
        "scenario x\nrule 1\nexpect",
        "scenario x\nrule 1\nexpect p1",
        "scenario x\nrule 1\nexpect p1 champion : 1/1",
        "scenario x\nrule 1\nexpect p1 champion Kong [0]: 1/1",
        "scenario x\nrule 1\np1 deck Kong x0",
        "scenario x\nrule 1\nplayers 99",
        "scenario x\nrule 1\nstart mulligan\np1 health 3",
        "scenario x\nrule 1\n\u{feff}\u{0}",
    ] {
        let _ = parse_str("g.scn", text);
    }
}

#[test]
fn a_failing_scenario_says_what_it_expected_and_what_it_got() {
    let s = parse_str(
        "t.scn",
        "scenario A\nrule 1.5.3\np1 hand Fireball\ndo Play Fireball (mode 1\ndo Target Player 2\nexpect p2 health 20\nexpect p1 discard is Fireball\n",
    )
    .unwrap();
    let o = run(&s[0]);
    assert!(!o.passed);
    assert_eq!(o.failures, vec!["line 6: p2 health: expected 20, got 27"]);
}

#[test]
fn an_unknown_label_lists_the_options_and_stops() {
    let s = parse_str(
        "t.scn",
        "scenario A\nrule 4.3.3\np1 hand Fireball\ndo Attack\nexpect p2 health 0\n",
    )
    .unwrap();
    let o = run(&s[0]);
    assert_eq!(o.failures.len(), 2, "{:?}", o.failures);
    assert!(
        o.failures[0].contains("no option matches"),
        "{:?}",
        o.failures
    );
    assert!(o.failures[0].contains("`End the turn`"), "{:?}", o.failures);
    assert!(
        o.failures[1].contains("1 later step not run"),
        "{:?}",
        o.failures
    );
}

#[test]
fn reject_fails_when_the_option_is_offered() {
    let s = parse_str(
        "t.scn",
        "scenario A\nrule 3.2.3a\np1 hand Fireball\nreject Play Fireball\n",
    )
    .unwrap();
    let o = run(&s[0]);
    assert!(!o.passed);
    assert!(o.failures[0].contains("it is offered"), "{:?}", o.failures);
}

#[test]
fn scenario_cards_exist_only_in_their_scenario() {
    let text = "scenario A\nrule 1.7.3\n\
        card Rummaging Imp | champion, evil, cost 0, Imp, 1/1 | discard a card: draw a card\n\
        p1 champion Rummaging Imp\np1 hand Kong\n\
        expect option Use Rummaging Imp's power\n\
        scenario B\nrule 1.7.3\np1 champion Rummaging Imp\n";
    let e = errors(text);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("t.scn:9: unknown card `Rummaging Imp`"),
        "{e:?}"
    );
    let ok = parse_str(
        "t.scn",
        &text.replace("p1 champion Rummaging Imp\n", "rule 1.2\n"),
    )
    .expect("the first scenario parses alone");
    assert_eq!(ok[0].cards.len(), 1);

    let e = errors("scenario A\nrule 1.2\ncard Imp\n");
    assert!(e[0].contains("needs its type line"), "{e:?}");
    let e = errors("scenario A\nrule 1.2\ncard Imp | champion, evil, cost 0, 1/1 | flies: yes\n");
    assert!(e[0].contains("the card cannot be read"), "{e:?}");
    let e = errors("scenario A\nrule 1.2\ndo Pass\ncard Imp | champion, evil, cost 0, Imp, 1/1\n");
    assert!(e[0].contains("must come before"), "{e:?}");
}

#[test]
fn views_and_moves_are_checked() {
    let text = "scenario A\nrule 1.4.2, D-01, S-16\n\
        p1 hand Fireball, Kong\np1 deck Cave Troll\n\
        expect p2 sees p1 hand 2\n\
        expect p2 sees p1 hand is Kong\n\
        expect p1 sees p1 deck is Cave Troll\n\
        expect p2 sees resolving is Fireball\n\
        expect p1 saw Kong move from hand to discard\n";
    let s = parse_str("t.scn", text).expect("parses");
    let out = run(&s[0]);
    assert!(!out.passed);
    let f = out.failures.join("\n");
    assert_eq!(out.failures.len(), 4, "{f}");
    assert!(
        f.contains("line 6: p1 hand, as p2 sees it: expected Kong, got none"),
        "{f}"
    );
    assert!(
        f.contains("line 7: p1 deck, as p1 sees it: expected Cave Troll, got none"),
        "{f}"
    );
    assert!(f.contains("line 8: resolving, as p2 sees it"), "{f}");
    assert!(
        f.contains("line 9: expected the last decision to move Kong"),
        "{f}"
    );

    let e = errors("scenario A\nrule 1.2\nexpect p2 sees p1 deck top Kong\n");
    assert!(e[0].contains("no view shows the order of a deck"), "{e:?}");
    let e = errors("scenario A\nrule 1.2\nexpect p2 saw Kong move from hand to attic\n");
    assert!(e[0].contains("unknown zone `attic`"), "{e:?}");
    let e = errors("scenario A\nrule D-x\n");
    assert!(e[0].contains("is not a rule number"), "{e:?}");
}

/// An unknown name of any length is reported at once, in a short message: a name too long
/// to be a typo gets no suggestion, and the message quotes only its start.
#[test]
fn huge_unknown_names_are_reported_briefly() {
    let huge = "Kong".repeat(25_000);
    let e = errors(&format!("scenario A\nrule 1.5.1\np1 hand {huge}\n"));
    assert_eq!(e, [format!("t.scn:3: unknown card `{}…`", &huge[..60])]);
}

/// `expect ai`: an unknown bot is a mistake on its line; a bot that takes another option
/// than the one expected, or one it should avoid, fails the scenario with what it took;
/// a label no option matches is a failure, not a pass.
#[test]
fn ai_expectations_say_what_the_bot_took() {
    let e = errors("scenario A\nrule 4.4.1\nexpect ai genius chooses Pass\n");
    assert!(e[0].starts_with("t.scn:3: unknown bot 'genius'"), "{e:?}");
    let e = errors("scenario A\nrule 4.4.1\nexpect ai hard prefers Pass\n");
    assert!(e[0].contains("expect ai LEVEL chooses LABEL"), "{e:?}");

    let position = "scenario A\nrule 4.4.1\np1 champion Lurking Giant\np1 deck Cave Troll x5\n\
                    p2 health 10\np2 deck Cave Troll x5\n";
    let outcome = |tail: &str| {
        let scenarios = parse_str("t.scn", &format!("{position}{tail}")).expect("parses");
        run(&scenarios[0])
    };
    assert!(outcome("expect ai greedy chooses Declare a battle\n").passed);
    let failed = outcome("expect ai greedy chooses End the turn\n");
    assert!(!failed.passed);
    assert!(
        failed.failures[0]
            .contains("the greedy AI (seed 1) took `Declare a battle`, not `End the turn`"),
        "{:?}",
        failed.failures
    );
    let failed = outcome("expect ai greedy avoids Declare a battle\n");
    assert!(
        failed.failures[0].contains("which it should avoid"),
        "{:?}",
        failed.failures
    );
    let failed = outcome("expect ai greedy avoids Play Kong\n");
    assert!(
        failed.failures[0].contains("no option matches `Play Kong`"),
        "{:?}",
        failed.failures
    );
}
