//! Random games at every example table (every format and table size), with concessions
//! now and then, checking after every decision what the rules keep true: every card
//! stays somewhere, wounds stop at disabled, points only grow (but by a campaign's kill
//! penalty), one foothold a turn, a hand ends its turn at seven or fewer; and every
//! game ends.

use epic_game::{Ruleset, Seat, State, TableRequest};
use epic_multiverse::events::Event;
use epic_multiverse::state::{DISABLED, HAND};
use epic_multiverse::MultiverseGame;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

const GAMES: u64 = 25;

fn cards_held(g: &MultiverseGame, seat: Seat) -> usize {
    let p = g.player(seat);
    p.hand.len()
        + p.deck.len()
        + p.discard.len()
        + p.graveyard.len()
        + p.footholds.len()
        + p.characters.iter().filter(|c| !c.token).count()
        + p.holding.iter().filter(|c| !c.token).count()
        + p.removed.len()
        + p.items.iter().filter(|e| !e.built_in).count()
        + g.lasting()
            .iter()
            .filter(|l| l.seat == seat && !l.device)
            .count()
}

#[test]
fn random_games_keep_the_rules_invariants() {
    for (t, table) in MultiverseGame::example_tables(0).into_iter().enumerate() {
        for seed in 0..GAMES {
            let request = TableRequest {
                seed,
                ..table.clone()
            };
            let setup = MultiverseGame::setup(&request).unwrap();
            let mut g = setup.start().unwrap();
            let seats = g.seats() as Seat;
            let dealt: Vec<usize> = setup.seats.iter().map(|s| s.cards.len()).collect();
            let mut rng = Pcg64Mcg::seed_from_u64(seed ^ (t as u64) << 32);
            let mut decisions = 0;
            while let Some(seat) = g.decider() {
                let before = g.clone();
                if rng.gen_ratio(1, 2000) {
                    g.apply(MultiverseGame::concession(seat)).unwrap();
                } else {
                    let i = rng.gen_range(0..g.options().len());
                    g.apply_option(i).unwrap();
                }
                decisions += 1;
                assert!(decisions < 50_000, "table {t} game {seed} does not end");
                for s in 0..seats {
                    let (p, q) = (before.player(s), g.player(s));
                    assert_eq!(cards_held(&g, s), dealt[usize::from(s)], "cards kept");
                    let penalties: u32 = (g.events().iter())
                        .filter_map(|e| match *e {
                            Event::Penalised { seat, points, .. } if seat == s => Some(points),
                            _ => None,
                        })
                        .sum();
                    assert!(q.points + penalties >= p.points, "points only grow");
                    assert!(q.characters.iter().all(|c| c.wounds <= DISABLED));
                    assert!(q.holding.iter().all(|c| c.wounds == 0), "healed there");
                    if before.turn() == g.turn() && !q.out {
                        assert!(q.footholds.len() <= p.footholds.len() + 1);
                    }
                }
                if g.turn() != before.turn() && g.winners().is_none() {
                    let last = before.active();
                    let left = g.player(last);
                    assert!(left.hand.len() <= HAND || left.out, "discarded to seven");
                }
            }
            let winners = g.winners().unwrap();
            // One seat, or one team (all its members), or none.
            if let Some(&w) = winners.first() {
                assert_eq!(winners, g.team_members(w), "one side wins");
            }
            if let Some(w) = winners.first() {
                let won_on_points = g.team_points(*w) >= g.goal();
                let last_left = (0..seats)
                    .filter(|&s| !g.player(s).out)
                    .all(|s| g.allied(s, *w));
                assert!(
                    won_on_points
                        || last_left
                        || g.ending() == Some(epic_game::Ending::Limits)
                        || g.variant().rounds.is_some()
                );
            }
        }
    }
}
