//! No bot cheats: a bot decides from its own seat's view only.
//!
//! Two games identical but for two cards of one deck list that trade places (both
//! hidden from the bot's seat: in a deck, or in an opponent's hand) are played side by
//! side, the bot in one seat of each and the same seeded random players in the others.
//! Until one of the two cards comes into the bot's sight (its view of the two games
//! differs), the bot, seeded alike in both, must make the very same decisions. The engine's
//! non-interference test proves that the view differs only then.

use epic_bots::search::SearchConfig;
use epic_bots::{search_config, GreedyBot, IsmctsBot, Player};
use epic_engine::{Game, PlayerId, Setup};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

const DECKS: [&str; 5] = ["good", "evil", "sage", "wild", "random"];

/// The two games: seats 2 to 3, decks drawn from the preconstructed and Sealed ones;
/// in the second, two different cards of one seat's list swapped.
fn twin_games(seed: u64) -> Option<(Game, Game)> {
    let pool = epic_cards::shared_pool();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let seats = if seed % 4 == 3 { 3 } else { 2 };
    let decks_a: Vec<_> = (0..seats)
        .map(|s| {
            let name = DECKS[rng.gen_range(0..DECKS.len())];
            epic_cards::deck_from(&pool, name, seed.wrapping_add(s)).unwrap()
        })
        .collect();
    let mut decks_b = decks_a.clone();
    let list = &mut decks_b[rng.gen_range(0..seats as usize)];
    let (i, j) = (rng.gen_range(0..list.len()), rng.gen_range(0..list.len()));
    if list[i] == list[j] {
        return None;
    }
    list.swap(i, j);
    let game = |decks| {
        let mut g = Game::new(Setup::new(pool.clone(), decks, seed)).unwrap();
        g.set_undo(false);
        g
    };
    Some((game(decks_a), game(decks_b)))
}

/// Plays the twin games with `make`'s bot in `seat` and random players elsewhere, and
/// returns how many of the bot's decisions were compared.
fn compare(seed: u64, seat: PlayerId, make: &dyn Fn(u64) -> Box<dyn Player<Game>>) -> usize {
    let Some((mut a, mut b)) = twin_games(seed) else {
        return 0;
    };
    let (mut bot_a, mut bot_b) = (make(seed), make(seed));
    let mut others = Pcg64Mcg::seed_from_u64(seed ^ 0xc0ffee);
    let mut compared = 0;
    for _ in 0..600 {
        if a.view(seat) != b.view(seat) {
            break; // one of the two cards came into the bot's sight
        }
        let Some(d) = a.decision() else { break };
        let choice = if d.player == seat {
            let (ca, cb) = (bot_a.choose(&a), bot_b.choose(&b));
            assert_eq!(
                ca,
                cb,
                "seed {seed}: {} in seat {} decided differently on turn {} ({}) with two \
                 hidden cards swapped",
                bot_a.name(),
                seat + 1,
                a.state().turn,
                a.label(ca)
            );
            compared += 1;
            ca
        } else {
            // The other seats may see the swapped cards: stop where their options differ.
            if a.options() != b.options() {
                break;
            }
            a.options()[others.gen_range(0..a.options().len())]
        };
        a.apply_quiet(choice).unwrap();
        b.apply_quiet(choice).unwrap();
    }
    compared
}

/// Runs the comparison over `games` seeds, the bot in every seat in turn, and checks
/// that it was exercised.
fn never_cheats(games: u64, make: &dyn Fn(u64) -> Box<dyn Player<Game>>) {
    let mut compared = 0;
    for seed in 0..games {
        compared += compare(seed, (seed % 2) as PlayerId, make);
    }
    assert!(
        compared as u64 >= games * 5,
        "only {compared} decisions compared in {games} games"
    );
}

#[test]
fn greedy_never_cheats() {
    never_cheats(60, &|seed| Box::new(GreedyBot::new(seed)));
}

/// Every search level, with its time limit lifted (a decision cut short by the clock
/// depends on the clock) and a smaller iteration budget for the test's sake.
#[test]
fn every_search_level_never_cheats() {
    for level in ["easy", "medium", "hard", "ismcts"] {
        let config = SearchConfig {
            time: None,
            iterations: 150,
            ..search_config(level).unwrap()
        };
        never_cheats(12, &|seed| {
            Box::new(IsmctsBot::new(level, config.clone(), seed))
        });
    }
}

/// The comparison can fail: a bot that reads the real game's hidden cards (here, one
/// that picks by the first card of the opponent's hand) decides differently.
#[test]
fn a_bot_that_peeks_is_caught() {
    struct Peeker;
    impl Player<Game> for Peeker {
        fn name(&self) -> &str {
            "peeker"
        }
        fn choose(&mut self, game: &Game) -> epic_engine::Choice {
            let st = game.state();
            let me = game.decision().unwrap().player;
            let hidden = st
                .player(1 - me)
                .deck
                .iter()
                .take(3)
                .map(|&o| st.obj(o).card.0 as usize)
                .sum::<usize>();
            let options = game.options();
            options[hidden % options.len()]
        }
    }
    let caught = std::panic::catch_unwind(|| {
        never_cheats(20, &|_| Box::new(Peeker));
    });
    assert!(
        caught.is_err(),
        "a bot that reads hidden cards was not caught"
    );
}
