//! The classic game's first lessons (`epic learn --ruleset classic`): what sets it apart,
//! each shown by doing it in a small position (written as a scenario's setup) against a
//! scripted opponent: actions and free cards, champions that attack the turn they come
//! into play, and the empty deck that wins.

use crate::ClassicGame;
use epic_game::lesson::{holds, position, Lesson, LessonStep};

/// The lessons, in the order a newcomer plays them.
pub fn lessons() -> Vec<Lesson<ClassicGame>> {
    vec![actions(), no_waiting(), empty_deck()]
}

fn actions() -> Lesson<ClassicGame> {
    Lesson {
        title: "Actions and free cards",
        intro: "It is your Build step. You have one action: a card with the action symbol \
                costs it; a free card costs nothing. You may play one action card a turn \
                and as many free cards as you hold.",
        game: position(
            "step build
             p1 hand Iron Golem, Shield Bearer, Thornback
             p1 actions 1",
        ),
        learner: 0,
        steps: vec![
            LessonStep::new(
                "Play Iron Golem: it costs your action, and goes on the line.",
                "play iron golem",
            ),
            LessonStep::new(
                "A play waits on the line until every player passes after it; then it \
                 resolves. Pass, and Iron Golem comes into play.",
                "pass",
            ),
            LessonStep::new(
                "Your action is spent, so Thornback (an action card) is not offered. \
                 Shield Bearer is free: play it.",
                "play shield bearer",
            ),
            LessonStep::new("Pass, and it resolves too.", "pass"),
        ],
        opponent: vec![],
        moral: "One action card a turn, and every free card you like (T-4.2, T-4.3). You \
                gain an action at the start of every player's turn, the opponent's too: \
                on their turn you can still answer with an action card (T-4.4).",
        shown: |g| {
            holds(g, "p1 play is Iron Golem, Shield Bearer") && holds(g, "p1 hand is Thornback")
        },
    }
}

fn no_waiting() -> Lesson<ClassicGame> {
    Lesson {
        title: "Champions attack at once",
        intro: "Your Pre-Battle step, the AI at 30 Mojo with no champion to block. A \
                champion may attack the turn it comes into play.",
        game: position(
            "step prebattle
             p1 hand Raging Bear
             p1 actions 1",
        ),
        learner: 0,
        steps: vec![
            LessonStep::new("Play Raging Bear, a 6/4 champion.", "play raging bear"),
            LessonStep::new(
                "It came into play this turn, and attacks all the same.",
                "attack with raging bear",
            ),
        ],
        opponent: vec![],
        moral: "Unblocked, Raging Bear dealt its 6 damage: the AI is at 24 Mojo. No \
                waiting: a champion may attack and use its abilities the turn it comes \
                into play (T-7.3). Each point of damage costs a player 1 Mojo; at 0 they \
                lose (T-3.2, T-3.4).",
        shown: |g| holds(g, "p2 mojo 24"),
    }
}

fn empty_deck() -> Lesson<ClassicGame> {
    Lesson {
        title: "The empty deck wins",
        intro: "The end of the AI's turn. Your deck holds one card, and your turn begins \
                with a draw.",
        game: position(
            "active p2
             step end
             p1 deck Iron Golem
             p1 hand Ember Bolt",
        ),
        learner: 0,
        steps: vec![LessonStep::new(
            "The AI passed. Pass too: its turn ends, yours begins, and you draw your last \
             card.",
            "pass",
        )],
        opponent: vec!["pass"],
        moral: "A player with no cards left in the deck wins at once (T-3.3): a deck runs \
                out as a race, not as a loss.",
        shown: |g| g.winners() == Some(&[0][..]),
    }
}
