//! Card files in play (`epic --cards FILE play`, `sim`): whatever cards a file adds to
//! the base set, a game with them goes on to its end, or to a few thousand decisions,
//! without a panic, a hang or runaway memory. One seat's deck is the new cards alone,
//! the other's the new cards between the good deck's; each decision is a pseudo-random
//! option (from the input's bytes), labelled and narrated as `epic play` shows it.
#![no_main]

use epic_cards::CardId;
use epic_cli::term::Term;
use epic_engine::words as display;

use epic_engine::{Game, Setup};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

/// The narrowest board, coloured: every wrapping and painting path.
const NARROW: Term = Term {
    width: 40,
    color: true,
};

/// The most decisions a game is given; a game of the base set takes about 225.
const MAX_DECISIONS: usize = 3_000;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut pool = epic_cards::base_pool().clone();
    let Ok(ids) = epic_cards::parse_cards("fuzz.epic", text, &mut pool) else {
        return;
    };
    let new: Vec<CardId> = ids.into_iter().filter(|&id| !pool.get(id).token).collect();
    if new.is_empty() {
        return;
    }
    let Ok(good) = epic_cards::deck_from(&pool, "good", 0) else {
        return;
    };
    let alone: Vec<CardId> = new.iter().copied().cycle().take(30).collect();
    let mixed: Vec<CardId> = good
        .iter()
        .zip(new.iter().cycle())
        .flat_map(|(&g, &n)| [n, g])
        .take(30)
        .collect();
    // FNV-1a of the input: the game's seed and the start of the choices.
    let mut rng = data.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    }) | 1;
    let setup = Setup::new(Arc::new(pool), vec![alone, mixed], rng);
    let Ok(mut game) = Game::new(setup) else {
        return;
    };
    let voice = epic_engine::words::play_voice(0, 2);
    for _ in 0..MAX_DECISIONS {
        let options = game.options();
        if options.is_empty() {
            break;
        }
        // xorshift64
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let choice = options[(rng % options.len() as u64) as usize];
        let _ = game.labels();
        let events = game.apply(choice).expect("an offered option applies");
        let _ = display::log::tell(game.pool(), &voice, &display::seat_events(&events, 0), None);
    }
    let _ = NARROW.page(&epic_engine::words::page::page(&game, &voice));
});
