//! A decision in words, to the seat that makes it: the prompt ("Your main phase: …",
//! "You may play after blockers are declared, before damage, or pass.") and the option
//! labels with "you" for the seat's own, and the note on what an option does.

use super::{moment, one_line, plain_symbols, seat_name, Voice};
use crate::view::View;
use crate::{Choice, Decision, DecisionKind, Event, Game, PlayerId};

/// An option's label as the human reads it: "you" for their own seat, and every other
/// seat by the name the voice gives it ("the AI", a player's name) where that is not its
/// number.
pub fn personal_label(label: &str, voice: &Voice) -> String {
    let you = seat_name(super::seat_of(voice));
    let mut l = label.replace(&format!("({you})"), "(yours)");
    for (seat, name) in named_others(voice) {
        l = l
            .replace(&format!("({seat})"), &format!("({name}'s)"))
            .replace(seat.as_str(), &name);
    }
    for verb in ["Target", "Choose"] {
        l = l.replace(&format!("{verb} {you}"), &format!("{verb} yourself"));
    }
    let l = l
        .replace(&format!("damage to {you}"), "damage to you")
        .replace(you.as_str(), "you");
    plain_symbols(&l)
}

/// The other seats whose voice names them otherwise than by number: (the engine's
/// "Player 2", the voice's "the AI").
fn named_others(voice: &Voice) -> Vec<(String, String)> {
    (0..voice.names.len() as PlayerId)
        .filter(|&s| Some(s) != voice.viewer)
        .map(|s| (seat_name(s), voice.name(s)))
        .filter(|(seat, name)| seat != name)
        .collect()
}

/// The one opponent of a duel, by the name the voice gives it, if not its number.
fn duel_opponent(voice: &Voice) -> Option<String> {
    match named_others(voice).as_slice() {
        [(_, name)] if voice.names.len() == 2 => Some(name.clone()),
        _ => None,
    }
}

/// The engine's prompt as the human reads it: their seat as "you", the others by their
/// names, and without the rule numbers, which say nothing to a player.
pub fn personal_prompt(prompt: &str, voice: &Voice) -> String {
    let you = seat_name(super::seat_of(voice));
    let mut p = prompt
        .replace(&format!("{you} has"), "You have")
        .replace(&format!("{you}:"), "You:");
    if let Some(ai) = duel_opponent(voice) {
        p = p.replace("opponents made plays", &format!("{ai} made plays"));
    }
    for (seat, name) in named_others(voice) {
        p = p.replace(seat.as_str(), &name);
    }
    without_rule_numbers(&plain_symbols(&p.replace(you.as_str(), "you")))
}

/// The question the human answers now, in words: for initiative, where in the turn it
/// is held and what they may do; otherwise the engine's prompt made personal.
pub fn prompt(view: &View, decision: &Decision, voice: &Voice) -> String {
    match decision.kind {
        DecisionKind::Initiative => {
            let when = moment::when(view, voice).unwrap_or_default();
            match moment::Moment::of(view, super::seat_of(voice)) {
                Some(moment::Moment::Main) if view.last_play.is_none() => {
                    "Your main phase: play a card, declare a battle or end the turn.".to_string()
                }
                _ => format!("You may play {when}, or pass."),
            }
        }
        DecisionKind::ContinueOrEnd => {
            let others = match duel_opponent(voice) {
                Some(ai) => format!("{} made plays", super::cap(&ai)),
                None => "Other players made plays".into(),
            };
            format!(
                "{others} at the end of your turn: continue your main phase (you must then \
                 make a play or declare a battle) or end the turn."
            )
        }
        _ => personal_prompt(&decision.prompt, voice),
    }
}

/// The text without parenthesised rule numbers: "(4.4.11b)", "(M4.4.9)", "(rule 3.7)".
pub fn without_rule_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find(" (") {
        let after = &rest[open + 2..];
        let Some(close) = after.find(')') else {
            break;
        };
        let inside = after[..close].trim_start_matches("rule ");
        let is_rule = !inside.is_empty()
            && inside
                .trim_start_matches('M')
                .starts_with(|c: char| c.is_ascii_digit())
            && inside
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == ',' || c == ' ');
        if is_rule && inside.contains('.') {
            out.push_str(&rest[..open]);
        } else {
            out.push_str(&rest[..open + 2 + close + 1]);
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// What an option does, when its label does not say: the effect of an event's mode or a
/// power (" — Deal 2 damage to a target."), or of a branch of an "either … or …".
pub fn option_note(game: &Game, option: Choice) -> String {
    let pool = game.pool();
    let text = match option {
        Choice::Branch(b) => game
            .branch_steps(b)
            .map(|steps| epic_cards::steps_text(pool, steps)),
        Choice::Play { card, mode } => game
            .state()
            .objs
            .get(card.0 as usize)
            .filter(|o| pool.get(o.card).modes.len() > 1)
            .and_then(|o| epic_cards::mode_text(pool, o.card, usize::from(mode))),
        Choice::Power { card, index } => game
            .state()
            .objs
            .get(card.0 as usize)
            .and_then(|o| epic_cards::ability_text(pool, o.card, usize::from(index)))
            .map(|t| match t.split_once(": ") {
                Some((_cost, effect)) => effect.to_string(),
                None => t,
            }),
        _ => None,
    };
    let note = text.map_or_else(String::new, |t| format!(" — {}", one_line(&t)));
    note + nothing_note(game, option)
}

/// [`NOTHING_NOTE`] where the option would do nothing ([`would_do_nothing`]), else "".
pub fn nothing_note(game: &Game, option: Choice) -> &'static str {
    if would_do_nothing(game, option) {
        NOTHING_NOTE
    } else {
        ""
    }
}

/// What an option that would do nothing says after its label: a warning, not a refusal
/// (the rules let the card be played).
pub const NOTHING_NOTE: &str = " (nothing to act on now: it would do nothing)";

/// Whether playing an event now would change nothing but the card's place and the gold
/// paid for it: its effect finds nothing to act on (Resurrection's second mode with no
/// champion broken this turn). Tried on the game as its player knows it (a sample for
/// them, so that the warning tells nothing of a card they cannot see); a play that asks
/// them anything more (a target to pick) does something.
pub fn would_do_nothing(game: &Game, option: Choice) -> bool {
    let Choice::Play { card, .. } = option else {
        return false;
    };
    let Some(obj) = game.state().objs.get(card.0 as usize) else {
        return false;
    };
    let (id, player) = (obj.card, obj.controller);
    if !game.pool().get(id).is_event() {
        return false;
    }
    let mut copy = epic_game::State::sample_for(game, player, 0);
    let Ok(events) = epic_game::Ruleset::apply_told(&mut copy, option) else {
        return false;
    };
    let still_asks_them = copy
        .decision()
        .is_some_and(|d| d.player == player && d.kind != DecisionKind::Initiative);
    // A lasting effect ("champions cannot attack this turn") tells no event. The game
    // may have gone on past the play (a last card played, the turn over for want of
    // anything else to do): only what was added counts.
    let (was, now) = (game.state(), copy.state());
    let lasts = now.mods.len() > was.mods.len()
        || now.delayed.len() > was.delayed.len()
        || (now.no_attacks && !was.no_attacks);
    // A play resolves before anyone passes after it (3.2): what follows the first pass
    // is the rest of the turn, not the play.
    let mut of_the_play = events
        .iter()
        .take_while(|e| !matches!(e, Event::Passed { .. }));
    !still_asks_them
        && !lasts
        && of_the_play.all(|e| match e {
            Event::Played { .. }
            | Event::Gold { .. }
            | Event::Passed { .. }
            | Event::Initiative { .. }
            | Event::PhaseBegan { .. } => true,
            Event::Moved { card, .. } => *card == Some(id),
            _ => false,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_speak_to_the_human() {
        let duel = crate::words::play_voice(0, 2);
        assert_eq!(
            personal_label("Target Demon token (Player 2) #60", &duel),
            "Target Demon token (the AI's) #60"
        );
        assert_eq!(
            personal_label("Target Gargoyle (Player 1)", &duel),
            "Target Gargoyle (yours)"
        );
        assert_eq!(personal_label("Target Player 1", &duel), "Target yourself");
        assert_eq!(personal_label("Attack Player 2", &duel), "Attack the AI");
        assert_eq!(
            personal_label("Assign 3 damage to Player 2", &duel),
            "Assign 3 damage to the AI"
        );
        assert_eq!(
            personal_label("Use Fire Shaman's power ({expend})", &duel),
            "Use Fire Shaman's power (Expend)"
        );
        assert_eq!(
            personal_prompt("Player 1: opponents made plays; continue", &duel),
            "You: the AI made plays; continue"
        );
        assert_eq!(
            personal_prompt(
                "Player 1: choose which champion assigns its damage next (4.4.11b)",
                &duel
            ),
            "You: choose which champion assigns its damage next"
        );
    }

    /// An Elder God's "either … or …" at the start of its player's turn: each branch's
    /// option says what it does, in the card's own words.
    #[test]
    fn each_branch_of_an_elder_gods_choice_says_what_it_does() {
        use crate::{Game, Position, StartAt};
        let pool = epic_cards::shared_full_pool();
        let card = |name: &str| pool.by_name(name).expect("a real card");
        let mut pos = Position::new(pool.clone(), 2);
        pos.seats[0].god = Some(card("Furios, Father of Nature"));
        pos.seats[0].deck = vec![card("Cave Troll"), card("Kong")];
        pos.seats[1].deck = vec![card("Kong")];
        pos.start = StartAt::StartOfTurn;
        let game = Game::from_position(pos).expect("a legal position");
        let notes: Vec<String> = game
            .options()
            .iter()
            .map(|&c| option_note(&game, c))
            .collect();
        assert_eq!(
            notes,
            [" — Gain 10 health.", " — Deal 6 damage to a target."]
        );
        assert_eq!(option_note(&game, Choice::Branch(2)), "");
    }

    /// At a larger table every opponent keeps their seat's name; only "you" changes.
    #[test]
    fn labels_name_each_opponent_at_a_larger_table() {
        let four = crate::words::play_voice(0, 4);
        assert_eq!(personal_label("Attack Player 3", &four), "Attack Player 3");
        assert_eq!(
            personal_label("Target Kong (Player 4)", &four),
            "Target Kong (Player 4)"
        );
        assert_eq!(personal_label("Target Player 1", &four), "Target yourself");
        assert_eq!(
            personal_prompt("Player 1: opponents made plays; continue", &four),
            "You: opponents made plays; continue"
        );
    }

    #[test]
    fn rule_numbers_are_left_out_and_other_brackets_kept() {
        assert_eq!(
            without_rule_numbers("apply breakthrough's 3 excess damage (4.4.11a)?"),
            "apply breakthrough's 3 excess damage?"
        );
        assert_eq!(
            without_rule_numbers("You have initiative (M4.4.9) now (rule 3.7)."),
            "You have initiative now."
        );
        assert_eq!(
            without_rule_numbers("choose cards to mulligan (1 health each)"),
            "choose cards to mulligan (1 health each)"
        );
    }
}

#[cfg(test)]
mod nothing_to_act_on {
    use super::*;
    use crate::{ChampionSetup, Position};

    fn card(name: &str) -> epic_model::CardId {
        crate::setup::names::pool()
            .by_name(name)
            .expect("a real card")
    }

    /// Player 1's main phase with `hand` and the champions `theirs` in Player 2's play.
    fn game(hand: &[&str], theirs: &[&str]) -> Game {
        let mut pos = Position::new(crate::setup::names::pool(), 2);
        pos.seats[0].hand = hand.iter().map(|n| card(n)).collect();
        pos.seats[0].deck = vec![card("Cave Troll"); 5];
        pos.seats[1].deck = vec![card("Cave Troll"); 5];
        pos.seats[1].in_play = theirs.iter().map(|n| ChampionSetup::new(card(n))).collect();
        Game::from_position(pos).expect("a legal position")
    }

    /// The option whose label starts with `label`, and its note.
    fn note(game: &Game, label: &str) -> String {
        let i = game.labels().iter().position(|l| l.starts_with(label));
        option_note(game, game.options()[i.expect(label)])
    }

    #[test]
    fn a_play_with_nothing_to_act_on_is_said_to_do_nothing() {
        let g = game(&["Resurrection", "Vital Mission", "Ceasefire"], &[]);
        // No champion was broken this turn: the second mode finds nothing; the first
        // draws.
        assert!(note(&g, "Play Resurrection (mode 2").ends_with(NOTHING_NOTE));
        assert!(!note(&g, "Play Resurrection (mode 1").contains(NOTHING_NOTE));
        // No champion to banish anywhere.
        assert!(note(&g, "Play Vital Mission").ends_with(NOTHING_NOTE));
        // Draws, and forbids attacks for the turn.
        assert!(!note(&g, "Play Ceasefire").contains(NOTHING_NOTE));
        // With a champion to aim at, it does something.
        let g = game(&["Vital Mission"], &["Cave Troll"]);
        assert!(!note(&g, "Play Vital Mission").contains(NOTHING_NOTE));
    }

    /// The browser's options (the board's `asked`) carry the same warning.
    #[test]
    fn the_boards_options_carry_the_warning() {
        let g = game(&["Resurrection"], &[]);
        let voice = crate::words::play_voice(0, 2);
        let asked = crate::words::board::asked(&g, &g.view(0), &voice).expect("a decision");
        let label = |start: &str| {
            let found = asked.options.iter().find(|o| o.label.starts_with(start));
            found.expect(start).label.clone()
        };
        // Its last card: the turn would go on past the play, and the warning holds.
        assert!(label("Play Resurrection (mode 2").ends_with(NOTHING_NOTE));
        assert!(!label("Play Resurrection (mode 1").contains(NOTHING_NOTE));
    }
}
