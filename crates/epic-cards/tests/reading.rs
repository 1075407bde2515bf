//! What the card language reads, exactly: each phrase's definition, and each mistake as
//! one plain message on its line.

use epic_cards::{base_pool, parse_cards, Errors};
use epic_model::*;

/// Reads one card file over the base set: the new cards, or every mistake.
fn read(text: &str) -> Result<Vec<CardDef>, Errors> {
    let mut pool = base_pool().clone();
    let ids = parse_cards("t.epic", text, &mut pool)?;
    Ok(ids.into_iter().map(|id| pool.get(id).clone()).collect())
}

/// The mistakes of a file that must have some, one `line: message` string each.
fn mistakes(text: &str) -> Vec<String> {
    match read(text) {
        Ok(_) => panic!("no mistake found in:\n{text}"),
        Err(e) => e
            .iter()
            .map(|d| format!("{}: {}", d.line, d.message))
            .collect(),
    }
}

/// The first ability of a card, which must be a triggered one.
fn triggered(card: &CardDef) -> &Triggered {
    match card.abilities.first().map(|a| &a.kind) {
        Some(AbilityKind::Triggered(t)) => t,
        _ => panic!("{} has no triggered ability first", card.name),
    }
}

/// Flavour text is kept without the quotation marks around it, which are how it is
/// printed, not part of it.
#[test]
fn flavor_text_loses_its_quotation_marks() {
    let cards = read(
        "card Rallying Cry\n  event, good, cost 0\n  play: draw a card\n  flavor: \"Follow me!\"\n\
         card Quiet Word\n  event, sage, cost 0\n  play: draw a card\n  flavor: “Hush.”\n\
         card Plain Word\n  event, sage, cost 0\n  play: draw a card\n  flavor: a \"quoted\" word\n",
    )
    .unwrap();
    assert_eq!(cards[0].flavor.as_deref(), Some("Follow me!"));
    assert_eq!(cards[1].flavor.as_deref(), Some("Hush."));
    assert_eq!(cards[2].flavor.as_deref(), Some("a \"quoted\" word"));
    let pool = base_pool();
    let soul = pool.get(pool.by_name("Courageous Soul").unwrap());
    assert_eq!(soul.flavor.as_deref(), Some("Follow me!"));
}

/// A line longer than any card needs is refused as it is, in a short message: no part of
/// the card language reads it, so a huge line costs no more than reading it once.
#[test]
fn a_huge_line_is_refused_in_a_short_message() {
    assert_eq!(epic_cards::MAX_LINE_CHARS, 1000);
    let huge = format!(
        "card Endless\n  event, wild, cost 0\n  play: deal 2 damage to {}\n",
        "x".repeat(100_000)
    );
    assert_eq!(
        mistakes(&huge),
        ["3: this line has 100025 characters; a line of a card file may have at most 1000"]
    );
    // At the cap a line is read as usual, and what a message quotes of it stays short.
    let long = format!(
        "card Long\n  champion, wild, cost 0, Human, 1/1\n  tribute: deal 2 damage to {}\n",
        "zz ".repeat(320)
    );
    let m = mistakes(&long);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(m[0].contains("…'") && m[0].len() < 300, "{m:?}");
}

/// A card has at most `MAX_ABILITIES` abilities and modes; the line that goes past the
/// cap is the mistake, reported once.
#[test]
fn a_card_has_at_most_32_abilities() {
    assert_eq!(epic_cards::MAX_ABILITIES, 32);
    let card = |n: usize| {
        format!(
            "card Chatty\n  champion, sage, cost 0, Human, 1/1\n{}",
            "  tribute: draw a card\n".repeat(n)
        )
    };
    let cards = read(&card(32)).unwrap();
    assert_eq!(cards[0].abilities.len(), 32);
    assert_eq!(
        mistakes(&card(40)),
        ["35: card 'Chatty' has more than 32 abilities and modes, the most a card may have"]
    );
    // Each trigger of an and/or line is an ability.
    let joined = format!(
        "card Joined\n  champion, sage, cost 0, Human, 1/1\n  {}: draw a card\n",
        vec!["tribute"; 33].join(" and/or ")
    );
    assert_eq!(
        mistakes(&joined),
        ["3: card 'Joined' has more than 32 abilities and modes, the most a card may have"]
    );
}

/// Actions joined by "and" are read left to right, an "and" followed by the start of an
/// effect ending one action: a long sentence reads in one pass, its parts as written.
#[test]
fn actions_joined_by_and() {
    let text = format!(
        "card Many\n  event, sage, cost 0\n  play: {} and target champion gains blitz and airborne this turn\n",
        vec!["draw a card"; 40].join(" and ")
    );
    let steps = &read(&text).unwrap()[0].modes[0].steps;
    assert_eq!(steps.len(), 41);
    assert!(steps[..40].iter().all(|s| s.action
        == Action::Draw {
            who: Who::You,
            n: Amount::Fixed(1)
        }));
    assert!(matches!(
        &steps[40].action,
        Action::Modify { keywords, duration: Duration::ThisTurn, .. }
            if *keywords == Keywords::NONE.with(Keyword::Blitz).with(Keyword::Airborne)
    ));
    // A sentence that reads as one action is one action, "and" or not.
    let whole = read(
        "card One\n  event, wild, cost 0\n  play: deal 2 damage to each champion and each player\n",
    )
    .unwrap();
    assert_eq!(
        whole[0].modes[0].steps[0].action,
        Action::Damage {
            to: Sel::AllChampionsAndPlayers,
            n: Amount::Fixed(2)
        }
    );
    // Many "and"s that read as nothing are one mistake, found in one pass.
    let bad = format!(
        "card Bad\n  champion, sage, cost 0, Human, 1/1\n  tribute: this gains {} and frob\n",
        vec!["blitz"; 80].join(" and ")
    );
    assert_eq!(
        mistakes(&bad),
        ["3: unknown keyword or modifier 'frob'; expected a keyword, '+N offense' or '+N defense'"]
    );
}

/// A word in a selection that is neither a class (of the real cards, or of a card read
/// before) nor a word of the language is a mistake on its line, with the nearest class when one is close; known
/// classes read in the singular or the plural.
#[test]
fn unknown_words_in_a_selection_are_not_classes() {
    let event = |effect: &str| {
        format!("card Test\n  champion, wild, cost 0, Human, 1/1\n  tribute: {effect}\n")
    };
    assert_eq!(
        mistakes(&event("deal 2 damage to target non-purple champion")),
        [
            "3: unknown word 'non-purple' in 'non-purple champion': it is neither a class of \
          the real cards or of a card read before, nor a word of the card language"
        ]
    );
    assert_eq!(
        mistakes(&event("break target wounded champion")),
        [
            "3: unknown word 'wounded' in 'wounded champion': it is neither a class of the real \
          cards or of a card read before, nor a word of the card language"
        ]
    );
    assert_eq!(
        mistakes(&event("break target dragn")),
        [
            "3: unknown word 'dragn' in 'dragn': it is neither a class of the real cards or of \
          a card read before, nor a word of the card language; did you mean 'dragon'?"
        ]
    );
    let pool = base_pool();
    for (effect, class) in [
        ("break target dragon", "Dragon"),
        ("break all wolves", "Wolf"),
        ("break all fairies", "Fairy"),
        ("break target djinn", "Djinn"),
        ("break target pegasus", "Pegasus"),
        ("break all dinosaur champions", "Dinosaur"),
    ] {
        let card = &read(&event(effect)).unwrap()[0];
        let (Action::Break(Sel::Target(TargetSpec {
            objects: Some(f), ..
        }))
        | Action::Break(Sel::All(f))) = &triggered(card).steps[0].action
        else {
            panic!("{effect}: {:?}", card.abilities)
        };
        assert_eq!(f.class, pool.class_id(class), "{effect}");
        assert_eq!(f.kind, Some(CardType::Champion), "{effect}");
    }
}

/// Any word of a type line is a class (a class no other card has is a class all the
/// same), spelt as the real cards spell theirs; a selection may name it once a type line
/// has, and a word of a selection that names no class is still refused, with the nearest.
#[test]
fn type_line_classes_are_open() {
    let card = &read("card Test\n  champion, wild, cost 0, Griffin, Elf, 1/1\n").unwrap()[0];
    assert_eq!(card.classes, ["Griffin", "Elf"]);
    let cards = read(
        "card Test Robot\n  champion, sage, cost 0, Robot, 1/1\n\n\
         card Test Foundry\n  event, sage, cost 0\n  play: your robot champions get +1 offense this turn\n",
    )
    .unwrap();
    assert_eq!(cards[0].classes, ["Robot"]);
    let mut pool = base_pool().clone();
    parse_cards(
        "t.epic",
        "card Test Robot\n  champion, sage, cost 0, Robot, 1/1\n",
        &mut pool,
    )
    .unwrap();
    assert!(pool.class_id("Robot").is_some());
    // A keyword in the type line is a keyword in the wrong place, not a class.
    assert_eq!(
        mistakes("card Test\n  champion, wild, cost 0, Airborne, 1/1\n"),
        [
            "2: 'Airborne' is a keyword, not a class: write keywords on the line after the type \
          line ('airborne, blitz')"
        ]
    );
    assert_eq!(
        mistakes("card Test\n  event, wild, cost 0\n  play: break target humna champion\n"),
        [
            "3: unknown word 'humna' in 'humna champion': it is neither a class of the \
          real cards or of a card read before, nor a word of the card language; did you mean \
          'human'?"
        ]
    );
}

/// A line written as the card prints it, where the language reads it another way, is
/// told the accepted form ("Remove … from play, then return it" is one sentence).
#[test]
fn a_printed_phrasing_is_told_the_accepted_form() {
    let got = mistakes(
        "card Test\n  event, sage, cost 0\n  play: remove target champion from play, then return it to play\n",
    );
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].contains("is written in one sentence: 'remove <selection> from play and return it to play prepared under its owner's control'"),
        "{got:?}"
    );
    // A selection of what is in play already cannot be put into play: no silent nothing.
    let got = mistakes(
        "card Test\n  champion, wild, cost 0, Human, 1/1\n  {expend}: put a token champion into play\n",
    );
    assert!(
        got[0].contains("'a token champion' names cards already in play")
            && got[0].contains("'put <number> <name> tokens into play'"),
        "{got:?}"
    );
    // An event's effect has no "that player": the step would do nothing.
    for effect in [
        "that player cannot gain health this turn",
        "deal 2 damage to that player",
        "break that champion",
    ] {
        let got = mistakes(&format!(
            "card Test\n  event, sage, cost 0\n  play: {effect}\n"
        ));
        assert!(
            got.len() == 1 && got[0].contains("a 'play:' effect has none; write 'target player'"),
            "{effect}: {got:?}"
        );
    }
    // "any player" has no hint that makes no sense ("did you mean 'a'?").
    let got = mistakes("card Test\n  event, sage, cost 0\n  play: deal 2 damage to any player\n");
    assert!(
        got[0].ends_with(
            "'any player' is written 'target player' (chosen as it is played) or 'each player'"
        ),
        "{got:?}"
    );
    let got = mistakes("card Test\n  event, sage, cost 0\n  play: remove target champion\n");
    assert!(
        got[0].contains("expected 'remove <selection> from battle' or 'remove <selection> from play and return it"),
        "{got:?}"
    );
}

/// Players named as what an action applies to are players ("deal 2 damage to each
/// opponent"), and the generated text says so.
#[test]
fn players_as_what_damage_applies_to() {
    let mut pool = base_pool().clone();
    for (effect, sel, text) in [
        (
            "deal 2 damage to each opponent",
            Sel::Players(Who::EachOpponent),
            "Deal 2 damage to each opponent.",
        ),
        (
            "deal 1 damage to each player",
            Sel::Players(Who::EachPlayer),
            "Deal 1 damage to each player.",
        ),
        (
            "deal 3 damage to you",
            Sel::Players(Who::You),
            "Deal 3 damage to you.",
        ),
        (
            "deal 2 damage to the player whose turn it is",
            Sel::Players(Who::ActivePlayer),
            "Deal 2 damage to the player whose turn it is.",
        ),
    ] {
        let file = format!("card Test {text}\n  event, wild, cost 0\n  play: {effect}\n");
        let ids = parse_cards("t.epic", &file, &mut pool).unwrap();
        let card = pool.get(ids[0]);
        assert!(
            matches!(&card.modes[0].steps[0].action, Action::Damage { to, .. } if *to == sel),
            "{effect}: {:?}",
            card.modes[0].steps
        );
        assert_eq!(epic_cards::card_text(&pool, ids[0]), text);
    }
}

/// An action that only champions and cards can undergo refuses a selection that names or
/// may pick players.
#[test]
fn players_cannot_be_broken() {
    let event = |effect: &str| {
        format!("card Test\n  champion, wild, cost 0, Human, 1/1\n  tribute: {effect}\n")
    };
    for (effect, what) in [
        ("break each opponent", "'each opponent'"),
        ("banish target player", "'target player'"),
        ("expend a target", "'a target'"),
        (
            "target opponent gets +2 offense this turn",
            "'target opponent'",
        ),
        ("return you to its owner's hand", "'you'"),
        ("put two +1/+1 counters on each player", "'each player'"),
    ] {
        let done = match effect.split(' ').next() {
            Some("break") => "broken",
            Some("banish") => "banished",
            Some("expend") => "expended",
            Some("return") => "returned to a hand",
            Some("put") => "given counters",
            _ => "given keywords, offense or defense",
        };
        assert_eq!(
            mistakes(&event(effect)),
            [format!(
                "3: {what} may be a player; only champions and cards can be {done}"
            )],
            "{effect}"
        );
    }
}

/// X counts what an earlier "X ..." or "any number of ..." choice of the same effect
/// picked: an X that nothing before it sets is a mistake on its line.
#[test]
fn x_needs_an_earlier_choice() {
    let unset = "X is used before anything sets it: X counts the cards an earlier 'X ...' or \
                 'any number of ...' choice of the same effect picked";
    let champion = |effect: &str| {
        format!("card Test\n  champion, evil, cost 0, Human, 1/1\n  tribute: {effect}\n")
    };
    for effect in [
        "deal X damage to target champion",
        "gain X+1 health",
        "draw a card. discard X cards",
        "deal X damage to target champion. banish X evil cards from your discard pile",
    ] {
        assert_eq!(
            mistakes(&champion(effect)),
            [format!("3: {unset}")],
            "{effect}"
        );
    }
    // Set earlier in the effect, or by the same action's choice.
    let ok = read(&champion(
        "banish any number of evil cards from your discard pile. gain X health",
    ))
    .unwrap();
    assert_eq!(
        triggered(&ok[0]).steps[1].action,
        Action::GainHealth {
            who: Who::You,
            n: Amount::XPlus(0)
        }
    );
    read(&champion(
        "put X +1/+1 counters on any number of champions you control",
    ))
    .unwrap();
    // A further play line continues the mode, and its X; another mode has its own.
    read("card Test\n  event, evil, cost 0\n  play: banish X evil cards from your discard pile\n  play: gain X health\n")
        .unwrap();
    assert_eq!(
        mistakes("card Test\n  event, evil, cost 0\n  play: banish X evil cards from your discard pile\n  or: gain X health\n"),
        [format!("4: {unset}")]
    );
}

/// Each mistake is reported once, in words that are true of it: nothing suggests the word
/// that was written, and nothing that only follows from an earlier mistake is reported.
#[test]
fn one_true_message_per_mistake() {
    let champion =
        |line: &str| format!("card Test\n  champion, sage, cost 0, Human, 1/1\n  {line}\n");
    assert_eq!(
        mistakes(&champion("tribute: each frobnicate")),
        ["3: cannot read the effect 'each frobnicate'; expected an effect such as draw, discard, \
          gain, lose, deal, break, banish, return, put, transform, expend, prepare, recycle, \
          recall, choose, or '<selection> gains ...'"]
    );
    assert_eq!(
        mistakes(&champion("tribute: each opponent frobnicates")),
        [
            "3: cannot read the effect 'each opponent frobnicates': unknown word 'frobnicates' \
          after 'each opponent'; a player draws or discards cards, gains, loses or pays health, \
          or puts tokens into play"
        ]
    );
    assert_eq!(
        mistakes(&champion(
            "{expend}, banish a champion you control: draw a card"
        )),
        [
            "3: 'banish a champion you control' is not a cost the card language knows; a \
          power's costs are {expend}, {N} (gold), break this, break a champion you control, \
          remove a counter from this, discard N cards and banish N cards from your discard \
          pile"
        ]
    );
    assert_eq!(
        mistakes(&champion("{0}: draw a card")),
        ["3: '{0}' is not a cost: a power's gold cost is {1} or more"]
    );
    // A mode that cannot be read is the mistake; the card is not also missing its effect,
    // nor is the next mode missing its first.
    assert_eq!(
        mistakes("card Test\n  event, sage, cost 0\n  play: frobnicate\n  or: draw a card\n"),
        [
            "3: cannot read the effect 'frobnicate': unknown word 'frobnicate'; expected an \
          effect such as draw, discard, gain, lose, deal, break, banish, return, put, \
          transform, expend, prepare, recycle, recall, choose, or '<selection> gains ...'"
        ]
    );
    // An event's effect written as another kind of ability is one mistake, not also an
    // event without effect.
    assert_eq!(
        mistakes("card Test\n  event, sage, cost 0\n  tribute: draw a card\n"),
        ["3: an event cannot have tribute; an event's effect goes on 'play:' lines"]
    );
    assert_eq!(
        mistakes("card Test\n  event, sage, cost 0\n  static: blitz\n"),
        ["3: an event has no continuous abilities; put its effect on a 'play:' line"]
    );
    // Stats that cannot be read are not also missing.
    assert_eq!(
        mistakes("card Test\n  champion, sage, cost 0, Human, x/1\n"),
        ["2: 'x/1' is not offense/defense; write two numbers like 3/2"]
    );
    // A card line without a name still starts a card: its lines are not read as the
    // previous card's.
    assert_eq!(
        mistakes(
            "card Study\n  event, sage, cost 0\n  play: draw a card\ncard\n  event, sage, cost 1\n  play: draw two cards\n"
        ),
        ["4: 'card' needs a name, e.g. 'card Fire Shaman'"]
    );
    // Lines before the first card: the missing card line is one mistake.
    assert_eq!(
        mistakes("  champion, sage, cost 0, Human, 1/1\n  tribute: draw a card\ncard Study\n  event, sage, cost 0\n  play: draw a card\n"),
        ["1: expected 'card <name>' or 'set <name>', found 'champion, sage, cost 0, Human, 1/1'"]
    );
}

/// "It" after "put a token into play" is the token just made ("they" for several), and the
/// generated text says so.
#[test]
fn it_after_new_tokens_is_the_tokens() {
    let mut pool = base_pool().clone();
    for (effect, n, text) in [
        (
            "put a wolf token into play. it gains blitz this turn",
            1,
            "Put a wolf token into play. It gains blitz this turn.",
        ),
        (
            "put two wolf tokens into play. they gain blitz this turn",
            2,
            "Put two wolf tokens into play. They gain blitz this turn.",
        ),
    ] {
        let file = format!("card Pack {n}\n  event, wild, cost 0\n  play: {effect}\n");
        let ids = parse_cards("t.epic", &file, &mut pool).unwrap();
        let steps = &pool.get(ids[0]).modes[0].steps;
        assert_eq!(
            steps[0].action,
            Action::CreateTokens {
                token: "Wolf".into(),
                n: Amount::Fixed(n),
                who: Who::You,
                expended: false
            }
        );
        assert_eq!(
            steps[1].action,
            Action::Modify {
                sel: Sel::It,
                offense: 0,
                defense: 0,
                keywords: Keywords::NONE.with(Keyword::Blitz),
                duration: Duration::ThisTurn
            }
        );
        assert_eq!(epic_cards::card_text(&pool, ids[0]), text);
    }
}
