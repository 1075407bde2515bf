//! The multiverse game's first lessons (`epic learn --ruleset multiverse`), each a small
//! position written as a scenario's setup: footholds that pay for characters, and the
//! wounds that score a character's cost.

use crate::MultiverseGame;
use epic_game::lesson::{holds, position, Lesson, LessonStep};

/// The lessons, in the order a newcomer plays them.
pub fn lessons() -> Vec<Lesson<MultiverseGame>> {
    vec![footholds(), wounds_and_points()]
}

fn footholds() -> Lesson<MultiverseGame> {
    Lesson {
        title: "Footholds pay for characters",
        intro: "Your turn begins. You hold one blue foothold, Azure Gate, and in your hand \
                another, and Void Marauder, a character that costs 2 blue or alien energy.",
        game: position(
            "p1 hand Azure Gate, Void Marauder
             p1 footholds Azure Gate",
        ),
        learner: 0,
        steps: vec![
            LessonStep::new(
                "Each turn you may establish one foothold from your hand: establish Azure \
                 Gate.",
                "establish a foothold: azure gate",
            ),
            LessonStep::new(
                "Two blue footholds now: tap both to recruit Void Marauder. A cost is paid \
                 by footholds of the card's colour or of its origin, never a mix.",
                "recruit void marauder",
            ),
            LessonStep::new("Nothing else to recruit: you are done.", "done recruiting"),
        ],
        opponent: vec![],
        moral: "One foothold a turn (F-2.1), and footholds of one colour or origin, tapped, \
                pay a card's cost (F-4.4). A card's cost is also its points.",
        shown: |g| holds(g, "p1 characters is Void Marauder"),
    }
}

fn wounds_and_points() -> Lesson<MultiverseGame> {
    Lesson {
        title: "Wounds score points",
        intro: "Your attack. Clawed Ranger, the AI's, already has one wound, and a \
                defense of 3; your Lantern Sentinel's combat value is 5.",
        game: position(
            "step attackers
             p1 play Lantern Sentinel
             p2 play Clawed Ranger (wounds 1)",
        ),
        learner: 0,
        steps: vec![LessonStep::new(
            "Attack Clawed Ranger: an attack at least equal to the defense wounds it, and \
             a second wound disables it.",
            "lantern sentinel attacks clawed ranger",
        )],
        opponent: vec![],
        moral: "A second wound disables a character and scores its cost for the attacker: \
                4 points (F-11.1, F-11.3). The first Beyonder to reach the game value wins.",
        shown: |g| holds(g, "Clawed Ranger disabled") && holds(g, "p1 points 4"),
    }
}
