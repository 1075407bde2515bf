//! Deck lists (`epic deck check`, `--deck FILE`): whatever the text, reading it against
//! the base set gives the deck's cards or its mistakes in words.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match epic_cards::parse_deck_list("fuzz.txt", text, epic_cards::base_pool()) {
        Ok(deck) => {
            let rules = epic_engine::RulesConfig::default();
            let _ = epic_cli::names::playable(&deck, &rules, epic_cards::base_pool());
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
