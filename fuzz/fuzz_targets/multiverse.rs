//! The multiverse game's files (docs/multiverse.md): whatever the text, a card file is
//! read, or refused in words, and its cards, if they make a playable deck, play a short
//! random game; a deck list is read and checked against each format. Nothing may panic,
//! hang or grow without bound.
#![no_main]

use epic_game::State;
use epic_multiverse::setup::{game_value, playable, read_decklist, Format};
use epic_multiverse::{pool, MultiverseGame, Pool};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(cards) = read_decklist(&pool(), text) {
        let restricted = ["restricted-mutant", "restricted-hero"];
        for name in Format::LISTED.iter().chain(&restricted) {
            if let Ok(format) = Format::parse(name) {
                let _ = format.check(&pool(), &cards);
            }
        }
    }
    let pool = match Pool::read(&[("fuzz.mv", text)]) {
        Ok(pool) => std::sync::Arc::new(pool),
        Err(mistakes) => {
            let _ = mistakes.join("\n");
            return;
        }
    };
    let ids: Vec<u16> = pool.ids().collect();
    if ids.is_empty() || playable(&pool, &ids).is_err() {
        return;
    }
    let deck: Vec<u16> = ids.iter().copied().cycle().take(40).collect();
    let decks = vec![deck.clone(), deck];
    let goal = game_value(&pool, &decks);
    let Ok(mut game) = MultiverseGame::new(pool, decks, 1, None, goal, Default::default()) else {
        return;
    };
    let mut n = 0usize;
    while game.decider().is_some() && n < 3_000 {
        let options = game.options();
        let c = options[(n * 7919) % options.len()];
        let _ = game.label(c, 0);
        game.apply(c).expect("an offered option is taken");
        n += 1;
    }
    let _ = game.view(Some(0));
});
