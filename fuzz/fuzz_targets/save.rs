//! Saved games (`docs/saves.md`), as `epic play --load` and `epic replay` read them:
//! the bytes are checked as text, the header and the typed file read, the setup checked
//! and the game rebuilt by replaying every decision, the digest compared. A file that
//! passes is then replayed step by step as `epic replay` shows it: labels, narration and
//! the board after each decision. Anything may be refused in words; nothing may panic,
//! hang or grow without bound. Saved drafts (`epic draft`'s `save FILE`) go the same
//! way: read, rebuilt decision by decision, and every drafter's view taken; and saved
//! games of every other ruleset, read through the registry and shown to a seat.
#![no_main]

use epic_cards::CardPool;
use epic_cli::draft_save::DraftFile;
use epic_cli::save::SaveFile;
use epic_cli::term::Term;
use epic_engine::words as display;
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, OnceLock};

/// The narrowest board, coloured: every wrapping and painting path.
const NARROW: Term = Term {
    width: 40,
    color: true,
};

fn pool() -> Arc<CardPool> {
    static POOL: OnceLock<Arc<CardPool>> = OnceLock::new();
    POOL.get_or_init(|| Arc::new(epic_cards::base_pool().clone()))
        .clone()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = epic_cli::error::decode_text("fuzz.json", data.to_vec()) else {
        return;
    };
    if DraftFile::is_draft(&text) {
        let pool = pool();
        match DraftFile::parse("fuzz.json", &text).and_then(|f| {
            f.rebuild(&pool, None, |draft, who, _, events| {
                let _ = draft.view(who);
                let _ = events.iter().map(|e| e.seen_by(0, false)).count();
            })
        }) {
            Ok(draft) => {
                let _ = draft.labels();
                let _ = draft.decks();
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
        return;
    }
    let ruleset = match epic_game::save::ruleset_of("fuzz.json", &text) {
        Ok(ruleset) => ruleset,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    if ruleset != epic_game::save::FIRST_RULESET {
        // Any other registered ruleset, read through the registry as `epic play --load`
        // reads it, and its board shown to the first seat.
        match epic_rulesets::AnyPlayed::from_save("fuzz.json", &text, None) {
            Ok(game) => {
                let voice = epic_game::words::Voice::numbered(Some(0), game.seats());
                let _ = NARROW.page(&game.page(&voice));
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
        return;
    }
    let file = match SaveFile::parse("fuzz.json", &text) {
        Ok(file) => file,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let pool = pool();
    if let Err(e) = file.rebuild(&pool, None) {
        let _ = e.to_string();
        return;
    }
    // The whole file checks: replay it as `epic replay` does, from the first seat's view.
    let Ok(mut game) = file.rebuild(&pool, Some(0)) else {
        return;
    };
    let voice = epic_engine::words::replay_voice(0, file.setup.seats.len());
    let _ = NARROW.page(&epic_engine::words::page::page(&game, &voice));
    for &choice in &file.decisions {
        let _ = game.label_for(choice, 0);
        let Ok(events) = game.apply(choice) else {
            return;
        };
        let events = display::seat_events(&events, 0);
        let _ = display::log::tell(game.pool(), &voice, &events, None);
        let _ = NARROW.page(&epic_engine::words::page::page(&game, &voice));
    }
    let _ = display::result_line(&game, &voice);
});
