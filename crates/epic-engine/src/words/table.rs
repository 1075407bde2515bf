//! The 2017 game at a person's table ([`epic_game::table`]): the moments a player may be
//! passed at, the decisions listed their side first with the card that asks and the
//! picks so far, a pick taken back, and the counts told at the end.

use super::moment::{when, Moment};
use super::prompt::{option_note, personal_label, prompt};
use super::{seat_events, seat_of, Voice};
use crate::setup::save::SaveSetup;
use crate::state::Zone;
use crate::{Choice, DecisionKind, Game, ObjId, PlayerId};
use epic_game::table::{Act, Automatic, Listed, Listing, Stops};
use epic_game::words::{Line, Tone};
use epic_game::{Played, Ruleset};

/// The moments of [`Moment`], as a table offers them for stops.
pub const MOMENTS: [epic_game::table::Moment; Moment::ALL.len()] = {
    let mut all = [epic_game::table::Moment {
        name: "",
        meaning: "",
        stop_by_default: false,
    }; Moment::ALL.len()];
    let mut i = 0;
    while i < Moment::ALL.len() {
        let m = Moment::ALL[i];
        all[i] = epic_game::table::Moment {
            name: m.name(),
            meaning: m.meaning(),
            stop_by_default: m.stop_by_default(),
        };
        i += 1;
    }
    all
};

/// The choice made for `voice`'s viewer without asking, and what to say about it: the
/// only option there is, battle damage assigned to break each opposing champion in turn
/// unless dividing it is one of their `stops`, triggered abilities resolved in the order
/// they triggered unless ordering them is, or a pass at a moment that is not one.
pub fn automatic(game: &Game, voice: &Voice, stops: Stops) -> Option<Automatic<Choice>> {
    let d = game.decision()?;
    let seat = seat_of(voice);
    if d.player != seat {
        return None;
    }
    let options = game.options();
    if let [only] = options {
        let only = *only;
        // The engine asks a player with cards in hand even when passing is all they can
        // do, so the opponent cannot tell (docs/rulings.md R-14); you know your own hand,
        // so nothing is asked or said here.
        let line = match only {
            Choice::Pass => None,
            Choice::EndTurn => Some(Line::new(
                "You have nothing more to play: your turn ends.",
                Some(Tone::Quiet),
            )),
            _ => Some(Line::new(
                format!(
                    "{} (your only choice).",
                    personal_label(&game.label(only), voice)
                ),
                Some(Tone::Quiet),
            )),
        };
        return Some(Automatic {
            choice: only,
            line,
            passed_at: None,
        });
    }
    let dividing = matches!(
        d.kind,
        DecisionKind::AssignDamage | DecisionKind::DamageOrder
    );
    if dividing && options.contains(&Choice::Done) && !stops.has(Moment::Damage.name()) {
        return Some(Automatic {
            choice: Choice::Done,
            line: Some(Line::new(
                "Your battle damage is assigned lethal first: enough to break each opposing \
                 champion in turn.",
                Some(Tone::Quiet),
            )),
            passed_at: Some(Moment::Damage.name()),
        });
    }
    if d.kind == DecisionKind::OrderTriggers && !stops.has(Moment::Order.name()) {
        // The options list the batch's triggers in the order they triggered.
        return Some(Automatic {
            choice: options[0],
            line: None,
            passed_at: Some(Moment::Order.name()),
        });
    }
    if d.kind != DecisionKind::Initiative || !options.contains(&Choice::Pass) {
        return None;
    }
    let view = game.view(seat);
    let moment = Moment::of(&view, seat)?;
    if stops.has(moment.name()) {
        return None;
    }
    let when = when(&view, voice).unwrap_or_default();
    Some(Automatic {
        choice: Choice::Pass,
        line: Some(Line::new(format!("You pass {when}."), Some(Tone::Quiet))),
        passed_at: Some(moment.name()),
    })
}

/// Who sits where and who plays them, told to the person in seat 1 at the start of a
/// game.
pub fn introduction(setup: &SaveSetup) -> String {
    let ai = &setup.seats[1];
    if setup.seats.len() == 2 && setup.rules.variant.is_free_for_all() {
        return format!(
            "Epic: you ({}) against the {} AI ({}).",
            setup.seats[0].deck, ai.player, ai.deck
        );
    }
    let others: Vec<String> = setup.seats[1..]
        .iter()
        .enumerate()
        .map(|(i, s)| format!("Player {} ({}, {})", i + 2, s.player, s.deck))
        .collect();
    let mut s = format!(
        "Epic: {} players, {}. You are Player 1 ({}); the AIs are {}.\n\
         Play goes clockwise: Player 2 sits to your left, Player {} to your right.",
        setup.seats.len(),
        setup.rules.variant.title(),
        setup.seats[0].deck,
        others.join(", "),
        setup.seats.len()
    );
    if setup.rules.variant == crate::Variant::Hydra {
        let k = usize::from(setup.rules.team_size.max(1));
        let team = |t: usize| {
            let seats: Vec<String> = (t * k..(t + 1) * k)
                .map(|s| format!("Player {}", s + 1))
                .collect();
            seats.join(" and ")
        };
        let others: Vec<String> = (1..setup.seats.len() / k).map(team).collect();
        s += &format!(
            "\nYour team: {} (you share a turn and {} health). {}: {}.",
            team(0),
            setup.rules.seat_health(),
            if others.len() == 1 {
                "The other team"
            } else {
                "The other teams"
            },
            others.join("; ")
        );
    }
    if setup.rules.variant.hunter() {
        s += "\nYou may attack only the player to your left, and your cards reach only \
              you and your two neighbours.";
    }
    s
}

/// The pending decision as its decider reads it: targets and choices of cards their own
/// side first, each option with what it does, then a "take back" for each pick of a
/// sequence being chosen (a mulligan, attackers, blockers).
pub fn listing(played: &Played<Game>, voice: &Voice) -> Option<Listing> {
    listing_of(&played.game, &played.records, voice)
}

/// [`listing`] of `game`, whose decisions so far were `records`.
fn listing_of(game: &Game, records: &[Choice], voice: &Voice) -> Option<Listing> {
    let d = game.decision()?;
    let seat = seat_of(voice);
    if d.player != seat {
        return None;
    }
    let options = game.options();
    let labels = game.labels();
    let order = listing_order(game, options, seat);
    let mut items: Vec<Listed> = order
        .iter()
        .enumerate()
        .map(|(n, &i)| Listed {
            act: Act::Option(i),
            label: format!(
                "{}{}",
                personal_label(&labels[i], voice),
                option_note(game, options[i])
            ),
            words: labels[i].clone(),
            alike: order
                .iter()
                .position(|&j| interchangeable(game, options[j], options[i]))
                .filter(|&first| first < n)
                .unwrap_or(n),
        })
        .collect();
    if matches!(
        d.kind,
        DecisionKind::Mulligan | DecisionKind::Attackers | DecisionKind::Blockers
    ) {
        for &o in &game.state().declaring {
            let Some(at) = records.iter().rposition(|&c| c == Choice::Card(o)) else {
                continue;
            };
            let label = format!("Take back {}", object_name(game, seat, o));
            items.push(Listed {
                act: Act::TakeBack(at),
                alike: items.len(),
                words: label.clone(),
                label,
            });
        }
    }
    let notes = asking_card_text(game, d.kind)
        .map(|t| Line::new(t, Some(Tone::Quiet)))
        .into_iter()
        .chain(chosen_so_far(game, seat, d.kind).map(|t| Line::new(format!("  {t}"), None)))
        .collect();
    Some(Listing {
        prompt: prompt(&game.view(seat), &d, voice),
        notes,
        items,
    })
}

/// Whether two options are the same play for every purpose the player can see: the same
/// card from the same hand with the same mode (two copies of Crystal Golem).
pub fn interchangeable(game: &Game, a: Choice, b: Choice) -> bool {
    let st = game.state();
    match (a, b) {
        (Choice::Play { card: x, mode: m }, Choice::Play { card: y, mode: n }) if m == n => {
            match (st.objs.get(x.0 as usize), st.objs.get(y.0 as usize)) {
                (Some(x), Some(y)) => {
                    x.card == y.card && x.zone == Zone::Hand && y.zone == Zone::Hand
                }
                _ => false,
            }
        }
        _ => a == b,
    }
}

/// The order options are listed in: for a target or a choice of cards, the viewer's own
/// first, then everyone else's, so the two sides are not mixed; otherwise as offered.
pub fn listing_order(game: &Game, options: &[Choice], viewer: PlayerId) -> Vec<usize> {
    let mut order: Vec<usize> = (0..options.len()).collect();
    let kind = game.decision().map(|d| d.kind);
    if matches!(
        kind,
        Some(DecisionKind::Target | DecisionKind::Choose | DecisionKind::KeepOne)
    ) {
        let st = game.state();
        let side = |c: &Choice| match c {
            Choice::Player(p) if *p == viewer => 0,
            Choice::Player(_) => 2,
            Choice::Card(o) => match st.objs.get(o.0 as usize) {
                Some(obj) if obj.controller == viewer => 1,
                Some(_) => 3,
                None => 4,
            },
            _ => 5,
        };
        order.sort_by_key(|&i| side(&options[i]));
    }
    order
}

/// The text of the card whose ability asks, for decisions that depend on it.
fn asking_card_text(game: &Game, kind: DecisionKind) -> Option<String> {
    if !matches!(
        kind,
        DecisionKind::May | DecisionKind::Choose | DecisionKind::Target
    ) {
        return None;
    }
    let frame = game.state().frames.last()?;
    let pool = game.pool();
    let text = epic_cards::card_text(pool, frame.card);
    (!text.is_empty()).then(|| {
        format!(
            "  ({}: {})",
            pool.get(frame.card).name,
            super::one_line(&text)
        )
    })
}

/// For a pick of several cards (a mulligan, attackers, blockers), what is chosen so far.
fn chosen_so_far(game: &Game, seat: PlayerId, kind: DecisionKind) -> Option<String> {
    let what = match kind {
        DecisionKind::Mulligan => "To put back",
        DecisionKind::Attackers => "Attacking",
        DecisionKind::Blockers => "Blocking",
        _ => return None,
    };
    let st = game.state();
    if st.declaring.is_empty() {
        return None;
    }
    let names: Vec<String> = st
        .declaring
        .iter()
        .map(|&o| object_name(game, seat, o))
        .collect();
    Some(format!("{what} so far: {}.", names.join(", ")))
}

/// One of the seat's picks as the board and the options name it: a champion in play by
/// [`super::page::champion_names`] ("Human token #90"), a card in hand by its name.
fn object_name(game: &Game, seat: PlayerId, o: ObjId) -> String {
    let Some(obj) = game.state().objs.get(o.0 as usize) else {
        return String::new();
    };
    let view = game.view(seat);
    match view.champions.iter().position(|c| c.obj == obj.number) {
        Some(i) => super::page::champion_names(&view).swap_remove(i),
        None => super::card_name(game.pool(), obj.card),
    }
}

/// The names of the cards `voice`'s viewer sees: champions, hands, discard piles, gods
/// and what is resolving.
pub fn in_sight(game: &Game, voice: &Voice) -> Vec<String> {
    let view = game.view(seat_of(voice));
    let pool = game.pool();
    view.champions
        .iter()
        .map(|c| c.card)
        .chain(view.players.iter().flat_map(|p| {
            p.hand
                .iter()
                .chain(p.discard.iter())
                .map(|c| c.card)
                .chain(p.god.iter().map(|g| g.card))
        }))
        .chain(view.resolving.iter().map(|c| c.card))
        .map(|c| pool.get(c).name.clone())
        .collect()
}

/// The symbols of rules text and the keywords, each with its meaning.
pub fn glossary() -> String {
    let mut s = String::from("Symbols and ability words on cards:\n");
    for (symbol, meaning) in epic_cards::SYMBOLS {
        s += &format!("  {symbol:<10} {meaning}\n");
    }
    s += "Keywords (`show KEYWORD` for one):\n";
    for k in epic_model::Keyword::ALL {
        s += &format!("  {:<14} {}\n", k.to_string(), k.reminder());
    }
    s.trim_end().to_string()
}

/// The counts of the whole game told to `voice`'s viewer at its end, from the events
/// and views that seat received as the game is replayed; a play undone (3.7) is
/// uncounted with it.
pub fn summary(played: &Played<Game>, voice: &Voice) -> Option<String> {
    let seat = seat_of(voice);
    let mut game = Game::start(&played.setup).ok()?;
    let mut tally = super::summary::Tally::default();
    let mut before_play = None;
    for &choice in &played.records {
        let before = game.view(seat);
        let events = game.apply_told(choice).ok()?;
        match choice {
            Choice::Play { .. } | Choice::Power { .. } => before_play = Some(tally.clone()),
            Choice::Undo => {
                if let Some(t) = before_play.take() {
                    tally = t;
                }
            }
            _ => {}
        }
        tally.add(&before, &seat_events(&events, seat));
    }
    Some(tally.summary(voice, played.setup.seats.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ChampionSetup, Position};

    /// Takes the option whose label starts with `label`.
    fn take(game: &mut Game, label: &str) {
        let i = game.labels().iter().position(|l| l.starts_with(label));
        let c = game.options()[i.unwrap_or_else(|| panic!("no option {label}"))];
        game.apply(c).expect("legal");
    }

    fn card(name: &str) -> epic_model::CardId {
        crate::setup::names::pool()
            .by_name(name)
            .expect("a real card")
    }

    /// Player 1 attacks with Lurking Giant holding Fireball; Player 2 has Cave Troll.
    fn attacking() -> Game {
        let mut pos = Position::new(crate::setup::names::pool(), 2);
        pos.seats[0].in_play = vec![ChampionSetup::new(card("Lurking Giant"))];
        pos.seats[0].hand = vec![card("Fireball")];
        pos.seats[1].in_play = vec![ChampionSetup::new(card("Cave Troll"))];
        pos.seats[1].hand = vec![card("Fireball")];
        let mut game = Game::from_position(pos).expect("a legal position");
        for label in ["Declare a battle", "Attack with Lurking Giant"] {
            take(&mut game, label);
        }
        game
    }

    #[test]
    fn the_default_stops_pass_before_blocks_in_your_own_attack_and_say_so() {
        let game = attacking();
        let voice = Voice::at_table(0, 2);
        let listed = listing_of(&game, &[], &voice).expect("yours");
        assert_eq!(
            listed.prompt,
            "You may play before blockers are declared, or pass."
        );
        let stops = Stops::default_of(&MOMENTS);
        let auto = automatic(&game, &voice, stops).expect("passed for you");
        assert_eq!(auto.choice, Choice::Pass);
        assert_eq!(auto.passed_at, Some("attacking"));
        assert_eq!(
            auto.line.expect("said").text,
            "You pass before blockers are declared."
        );
        assert!(automatic(&game, &voice, stops.parse("all").unwrap()).is_none());
        assert!(automatic(&game, &voice, stops.parse("+attacking").unwrap()).is_none());
        // Not the AI's to be passed for.
        assert!(automatic(&game, &Voice::at_table(1, 2), stops).is_none());
    }

    /// Two blockers: the attacker's damage is assigned lethal first without asking, and
    /// says how to divide it instead; with the stop, the attacker is asked.
    #[test]
    fn battle_damage_is_assigned_lethal_first_unless_dividing_is_a_stop() {
        let mut pos = Position::new(crate::setup::names::pool(), 2);
        pos.seats[0].in_play = vec![ChampionSetup::new(card("Lurking Giant"))];
        pos.seats[1].in_play = vec![
            ChampionSetup::new(card("Cave Troll")),
            ChampionSetup::new(card("Watchful Gargoyle")),
        ];
        let mut game = Game::from_position(pos).expect("a legal position");
        take(&mut game, "Declare a battle");
        take(&mut game, "Attack with Lurking Giant");
        while game.decision().map(|d| d.kind) != Some(DecisionKind::AssignDamage) {
            let labels = game.labels();
            let next = [
                "Block with Cave Troll",
                "Block with Watchful",
                "Done",
                "Pass",
            ]
            .into_iter()
            .find(|l| labels.iter().any(|x| x.starts_with(l)))
            .expect("a block or a pass");
            take(&mut game, next);
        }
        let voice = Voice::at_table(0, 2);
        let stops = Stops::default_of(&MOMENTS);
        let auto = automatic(&game, &voice, stops).expect("assigned for you");
        assert_eq!(auto.choice, Choice::Done);
        assert_eq!(auto.passed_at, Some("damage"));
        assert!(auto.line.expect("said").text.contains("lethal first"));
        assert!(automatic(&game, &voice, stops.parse("+damage").unwrap()).is_none());
        game.apply(auto.choice).expect("legal");
        // 11 damage breaks both blockers (defense 3 each).
        let broken = game.state().player(1).discard.len();
        assert_eq!(broken, 2);
    }

    #[test]
    fn the_default_stops_ask_once_blockers_are_declared() {
        let mut game = attacking();
        for (seat, label) in [(0, "Pass"), (1, "Pass"), (1, "Do not block"), (1, "Pass")] {
            assert_eq!(game.decision().unwrap().player, seat, "{label}");
            take(&mut game, label);
        }
        let voice = Voice::at_table(0, 2);
        assert_eq!(
            listing_of(&game, &[], &voice).expect("yours").prompt,
            "You may play after blockers are declared, before damage, or pass."
        );
        let stops = Stops::default_of(&MOMENTS);
        assert!(automatic(&game, &voice, stops).is_none());
        let auto = automatic(&game, &voice, stops.parse("none").unwrap()).expect("passed");
        assert_eq!(auto.choice, Choice::Pass);
        assert_eq!(auto.passed_at, Some("blocks"));
        assert_eq!(
            auto.line.expect("said").text,
            "You pass after blockers are declared, before damage."
        );
    }

    /// A target list shows your side first, then the other: never mixed.
    #[test]
    fn targets_are_listed_yours_first() {
        let mut pos = Position::new(crate::setup::names::pool(), 2);
        pos.seats[0].in_play = vec![ChampionSetup::new(card("Lurking Giant"))];
        pos.seats[0].hand = vec![card("Fireball")];
        pos.seats[1].in_play = vec![
            ChampionSetup::new(card("Cave Troll")),
            ChampionSetup::new(card("Kong")),
        ];
        pos.seats[1].hand = vec![card("Fireball")];
        let mut game = Game::from_position(pos).expect("a legal position");
        take(&mut game, "Play Fireball");
        let listed = listing_of(&game, &[], &Voice::at_table(0, 2)).expect("yours");
        // The engine lists champions first, then players.
        assert_eq!(game.labels()[0], "Target Lurking Giant (Player 1)");
        let labels: Vec<&str> = listed.items.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "Target yourself",
                "Target Lurking Giant (yours)",
                "Target the AI",
                "Target Cave Troll (the AI's)",
                "Target Kong (the AI's)",
            ]
        );
        // Each is its own choice, and the card that asks is told under the prompt.
        assert!(listed
            .items
            .iter()
            .enumerate()
            .all(|(i, item)| item.alike == i));
        assert!(
            listed.notes[0].text.starts_with("  (Fireball: "),
            "{:?}",
            listed.notes
        );
    }

    #[test]
    fn stops_read_as_names_lists_and_changes() {
        let d = Stops::default_of(&MOMENTS);
        assert_eq!(d.names(), "main,response,attacked,blocks,end");
        assert_eq!(
            d.parse("all").map(Stops::names),
            Ok("main,response,attacking,attacked,blocks,end,others,damage,order".into())
        );
        assert_eq!(d.parse("none").map(Stops::names), Ok("none".into()));
        assert_eq!(
            d.parse("main, response").map(Stops::names),
            Ok("main,response".into())
        );
        assert_eq!(
            d.parse("+attacking -end").map(Stops::names),
            Ok("main,response,attacking,attacked,blocks".into())
        );
        let err = d.parse("sometimes").unwrap_err();
        assert!(err.contains("unknown stop 'sometimes'"), "{err}");
        assert!(d.parse("").is_err());
        assert!(d.parse("+").is_err());
    }
}
