//! The first game's lessons (`epic learn`): the surprises of Epic, each shown by doing it
//! in a small position against a scripted opponent: the turn and its gold, the
//! initiative, one blocker stopping a whole attack, breakthrough, and the empty deck
//! that wins.

use crate::position::{ChampionSetup, Position, StartAt};
use crate::state::Zone;
use crate::{Game, PlayerId};
use epic_game::lesson::{Lesson, LessonStep};
use epic_game::State;
use epic_model::CardId;
use std::sync::Arc;

/// The learner's seat and the opponent's.
const YOU: PlayerId = 0;
const AI: PlayerId = 1;

/// A few cards in each deck, so that a turn's draw does not end a lesson (1.2.1).
const DECK: [&str; 5] = ["Noble Unicorn"; 5];

/// The lessons, in the order a newcomer plays them.
pub fn lessons() -> Vec<Lesson<Game>> {
    let pool = crate::setup::names::pool();
    let card = |name: &str| -> CardId {
        pool.by_name(name)
            .unwrap_or_else(|| panic!("the lessons name {name}, a base set card"))
    };
    let board = |active: PlayerId, turn: u16| -> Position {
        let mut pos = Position::new(Arc::clone(&pool), 2);
        pos.active = active;
        pos.turn = turn;
        pos.start = StartAt::Main;
        pos.seed = 1;
        for seat in &mut pos.seats {
            seat.deck = DECK.iter().map(|n| card(n)).collect();
        }
        pos
    };
    let champion = |name: &str| ChampionSetup::new(card(name));
    let game = |pos: Position| {
        Game::from_position(pos).unwrap_or_else(|e| panic!("a lesson's position: {e}"))
    };
    vec![
        turn_and_gold(game(with(board(YOU, 2), |p| {
            p.seats[0].hand = vec![card("Lurking Giant"), card("Cave Troll")];
        }))),
        initiative(game(with(board(AI, 2), |p| {
            p.seats[0].hand = vec![card("Drain Essence")];
            p.seats[0].health = 20;
            p.seats[1].in_play = vec![champion("Bellowing Minotaur")];
        }))),
        one_blocker(game(with(board(YOU, 4), |p| {
            p.seats[0].in_play = vec![
                champion("Lurking Giant"),
                champion("Rampaging Wurm"),
                champion("Cave Troll"),
            ];
            p.seats[1].in_play = vec![champion("Watchful Gargoyle")];
            p.seats[1].health = 20;
        }))),
        breakthrough(game(with(board(YOU, 5), |p| {
            p.seats[0].in_play = vec![champion("Burrowing Wurm")];
            p.seats[1].in_play = vec![champion("Watchful Gargoyle")];
            p.seats[1].health = 15;
        }))),
        empty_deck(game(with(board(YOU, 9), |p| {
            p.seats[0].deck.clear();
            p.seats[0].hand = vec![card("Resurrection")];
            p.seats[0].health = 3;
            p.seats[1].health = 30;
        }))),
    ]
}

fn with(mut pos: Position, change: impl FnOnce(&mut Position)) -> Position {
    change(&mut pos);
    pos
}

fn health(game: &Game, p: PlayerId) -> i32 {
    game.state().player(p).health
}

fn won(game: &Game) -> bool {
    game.winners() == Some(&[YOU][..])
}

fn turn_and_gold(game: Game) -> Lesson<Game> {
    Lesson {
        title: "Your turn and your gold",
        intro: "It is your turn. Every card costs 1 gold or nothing, and you have 1 gold \
                this turn: one card that costs 1, and as many that cost 0 as you hold.",
        game,
        learner: YOU,
        steps: vec![
            LessonStep::new(
                "Play Lurking Giant, a champion that costs your 1 gold.",
                "play lurking giant",
            ),
            LessonStep::new(
                "Your gold is spent, but Cave Troll costs 0: play it too.",
                "play cave troll",
            ),
            LessonStep::new(
                "Champions that just came into play are deploying: they cannot attack \
                 this turn (those with blitz can). End the turn.",
                "end turn",
            ),
        ],
        opponent: vec![],
        moral: "Gold does not pile up: at the start of your turn you lose what is left \
                and gain 1, and at its end the same again (4.2.2, 4.5.2e). So you always \
                hold 1 gold through your opponent's turn, for a card played there.",
        shown: |g| {
            let in_play = g.state().objs.iter();
            let yours = in_play.filter(|o| o.controller == YOU && o.zone == Zone::InPlay);
            g.state().player(YOU).gold == 1 && yours.count() == 2
        },
    }
}

fn initiative(game: Game) -> Lesson<Game> {
    Lesson {
        title: "The initiative: answering on the AI's turn",
        intro: "It is the AI's turn, and its Bellowing Minotaur (7 offense) is about to \
                attack you. You kept your 1 gold from your own turn, and you hold Drain \
                Essence, an event.",
        game,
        learner: YOU,
        steps: vec![
            LessonStep::new(
                "The AI attacked, then passed: you have the initiative now. Play Drain \
                 Essence at the Minotaur, its only target: events may be played on any \
                 turn, whenever you have the initiative.",
                "play drain essence",
            ),
            LessonStep::new(
                "The Minotaur is broken: nothing attacks you any more. Pass.",
                "pass",
            ),
        ],
        opponent: vec!["declare a battle", "attack with bellowing minotaur"],
        moral: "Whoever has the initiative may make a play; after it, the other player \
                may answer, and a phase ends only when both pass (4.1.3). Events and cards \
                with ambush are your answers on your opponent's turn.",
        shown: |g| health(g, YOU) == 29,
    }
}

fn one_blocker(game: Game) -> Lesson<Game> {
    Lesson {
        title: "One blocker stops the whole attack",
        intro: "The AI is at 20 health, and your three champions have 30 offense between \
                them. It has one champion left, a Watchful Gargoyle (2/3).",
        game,
        learner: YOU,
        steps: vec![
            LessonStep::new("Declare a battle.", "declare a battle"),
            LessonStep::new("Attack with Lurking Giant,", "attack with lurking giant"),
            LessonStep::new("with Rampaging Wurm,", "attack with rampaging wurm"),
            LessonStep::new(
                "and with Cave Troll: 30 damage if it goes through.",
                "attack with cave troll",
            ),
        ],
        opponent: vec![
            "block with watchful gargoyle",
            "assign 2 damage to cave troll",
        ],
        moral: "The Gargoyle blocked all three of your champions, and the AI took no \
                damage: in Epic a blocker blocks the entire attack, not one attacker \
                (4.4.6a). Break the blockers first, or attack in two battles: after a \
                battle you may declare another with the champions still prepared (4.4.15).",
        // The blocker broken, and not a point of damage to the AI.
        shown: |g| health(g, AI) == 20 && g.state().player(AI).discard.len() == 1,
    }
}

fn breakthrough(game: Game) -> Lesson<Game> {
    Lesson {
        title: "Breakthrough",
        intro: "The AI is at 15 health, with a Watchful Gargoyle (defense 3) to block. \
                Your Burrowing Wurm has 18 offense and breakthrough.",
        game,
        learner: YOU,
        steps: vec![
            LessonStep::new("Declare a battle.", "declare a battle"),
            LessonStep::new("Attack with Burrowing Wurm.", "attack with burrowing wurm"),
            LessonStep::new(
                "The Gargoyle blocks, but the Wurm's 18 offense is 15 more than the \
                 Gargoyle's 3 defense: with breakthrough the excess may go to the AI. \
                 Apply it.",
                "apply 15 excess damage",
            ),
        ],
        opponent: vec!["block with watchful gargoyle"],
        moral: "Breakthrough: what the attackers' offense exceeds the blockers' defense \
                by may go to the defending player (4.4.11a, 5.7): 18 - 3 = 15, the AI's \
                whole health.",
        shown: won,
    }
}

fn empty_deck(game: Game) -> Lesson<Game> {
    Lesson {
        title: "The empty deck wins",
        intro: "You are at 3 health against 30, and your deck is empty. You hold \
                Resurrection, whose first mode draws two cards.",
        game,
        learner: YOU,
        steps: vec![LessonStep::new(
            "A player who tries to draw from an empty deck wins the game. Play \
             Resurrection's first mode, and draw.",
            "resurrection mode 1",
        )],
        opponent: vec!["pass"],
        moral: "Trying to draw a card from an empty deck wins the game (1.2.1). \
                Keep count of your opponent's deck as well as your own.",
        shown: won,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_starts_with_the_learner_or_the_opponent_to_decide() {
        for lesson in lessons() {
            assert!(lesson.game.decider().is_some(), "{}", lesson.title);
            assert!(
                !(lesson.shown)(&lesson.game),
                "{} is shown before it is played",
                lesson.title
            );
        }
    }
}
