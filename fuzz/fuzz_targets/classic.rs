//! The classic game's files (docs/classic.md): whatever the text, a scenario file of a
//! ruleset (`ruleset NAME` first) is read and run, or refused in words; a classic card file is read, or refused, and its
//! cards, if any, play a short random game of decks made of them; a deck list (with a
//! sideboard), a restricted/banned/gift list file and a format name are read. Nothing may panic, hang or grow without bound.
#![no_main]

use epic_game::State;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if epic_scenario::ruled::ruleset_of(text).is_some() {
        match epic_scenario::ruled::run_str("fuzz.scn", text) {
            Ok(outcomes) => {
                for o in outcomes {
                    let _ = o.failures.join("\n");
                }
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
        return;
    }
    let _ = epic_classic::read_decklist(&epic_classic::classic_pool(), text);
    let _ = epic_classic::format::Lists::parse("fuzz.txt", text);
    let _ = epic_classic::format::Format::parse(text);
    let mut pool = (*epic_classic::classic_pool()).clone();
    let before = pool.len();
    if let Err(e) = epic_classic::parse_classic_cards("fuzz.epic", text, &mut pool) {
        let _ = e.to_string();
        return;
    }
    let new: Vec<epic_model::CardId> = pool.ids().skip(before).collect();
    if new.is_empty() {
        return;
    }
    let deck: Vec<epic_model::CardId> = new.iter().copied().cycle().take(30).collect();
    let pool = std::sync::Arc::new(pool);
    let Ok(mut game) = epic_classic::ClassicGame::new(pool, &[deck.clone(), deck], 1) else {
        return;
    };
    let mut n = 0u64;
    while game.decider().is_some() && n < 3_000 {
        let options = game.options();
        let c = options[(n as usize * 7919) % options.len()];
        let _ = game.label(c, 0);
        game.apply(c).expect("an offered option is taken");
        n += 1;
    }
    let _ = game.view(0);
});
