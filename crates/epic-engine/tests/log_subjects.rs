//! Every log line about a player's act names that player as its subject: games played
//! at random at two to four seats, each event told alone to seat 1 (as "you") and to a
//! spectator (by seat names), its line checked against the event's player. The wrong
//! subject ("The AI ends the turn." when you ended it) is a lie the log tells.

use epic_engine::words::log::{tell, Decided};
use epic_engine::{Event, Game, PlayerId, Setup};
use epic_game::words::Voice;
use epic_game::Ruleset;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The player an event's line must begin with, if it is about one player's act.
fn subject_of(e: &Event) -> Option<PlayerId> {
    match e {
        Event::Drew { player, .. }
        | Event::Mulligan { player, .. }
        | Event::Played { player, .. }
        | Event::PowerUsed { player, .. }
        | Event::Revealed { player, .. }
        | Event::Passed { player }
        | Event::Undone { player }
        | Event::Conceded { player }
        | Event::Eliminated { player } => Some(*player),
        Event::Health { player, delta, .. } if *delta != 0 => Some(*player),
        Event::TokenCreated { controller, .. } => Some(*controller),
        _ => None,
    }
}

#[test]
fn every_line_about_a_players_act_names_that_player_first() {
    let pool = epic_cards::shared_full_pool();
    let decks = ["good", "evil", "sage", "wild"];
    let mut checked = 0;
    for seed in 0..24u64 {
        let seats = 2 + (seed % 3) as usize;
        let lists = (0..seats)
            .map(|s| epic_cards::deck_from(&pool, decks[(seed as usize + s) % 4], seed).unwrap())
            .collect();
        let mut game = Game::new(Setup::new(pool.clone(), lists, seed)).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let voices = [Voice::at_table(0, seats), Voice::numbered(None, seats)];
        for _ in 0..400 {
            let Some(&choice) = game.options().choose(&mut rng) else {
                break;
            };
            let before = game.clone();
            let events = game.apply_told(choice).unwrap();
            for voice in &voices {
                let viewer = voice.viewer.unwrap_or(epic_engine::SPECTATOR);
                let view = before.view(epic_engine::SPECTATOR);
                let decided = Decided::before(&before, &view, voice, choice);
                // What the decision itself says beyond its events ("Player 2 does not
                // block."): about its decider.
                let own = tell(before.pool(), voice, &[], decided.as_ref());
                if let (Some(d), [line]) = (&decided, own.as_slice()) {
                    assert!(
                        line.text.starts_with(&voice.subject(d.player)),
                        "{}",
                        line.text
                    );
                }
                for e in &events {
                    let Some(p) = subject_of(e) else { continue };
                    let seen = e.seen_by(viewer);
                    let lines = tell(before.pool(), voice, &[seen], decided.as_ref());
                    for line in lines.iter().filter(|l| !own.contains(l)) {
                        let subject = voice.subject(p);
                        assert!(
                            line.text.starts_with(&format!("{subject} ")),
                            "seed {seed}: '{}' for {e:?}, whose subject is {subject}",
                            line.text
                        );
                        // Only the player who chose to end the turn ends it.
                        if line.text.contains("ends the turn") {
                            assert!(
                                decided
                                    .as_ref()
                                    .is_some_and(|d| d.player == p && d.ends_turn),
                                "seed {seed}: '{}' said of a pass that ended no turn",
                                line.text
                            );
                        }
                        checked += 1;
                    }
                }
            }
            if game.is_over() {
                break;
            }
        }
    }
    assert!(checked > 1000, "only {checked} lines checked");
}
