//! Card files (the card language, `docs/cards.md`): whatever the text, reading it into a
//! copy of the base set either adds cards, each of which has a text a player can read,
//! or reports mistakes in words. Never a panic, a hang or runaway memory.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The programs read card files as text (bytes that are not UTF-8 are refused before
    // the card language sees them).
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut pool = epic_cards::base_pool().clone();
    match epic_cards::parse_cards("fuzz.epic", text, &mut pool) {
        Ok(ids) => {
            for id in ids {
                let _ = epic_cards::card_text(&pool, id);
                let mut mode = 0;
                while epic_cards::mode_text(&pool, id, mode).is_some() {
                    mode += 1;
                }
            }
        }
        Err(errors) => {
            let _ = errors.to_string();
        }
    }
});
