//! Scenario files (`docs/scenarios.md`): whatever the text, it is read into scenarios or
//! refused with its mistakes in words, and every scenario read is run: its position is
//! built, its decisions made and its expectations checked, which drives the engine from
//! positions the file describes. A scenario may fail; the engine may not panic (the
//! runner's own safety net is bypassed: libFuzzer treats any panic as a crash), hang or
//! grow without bound.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match epic_scenario::parse_str("fuzz.scn", text) {
        Ok(scenarios) => {
            for s in &scenarios {
                let outcome = epic_scenario::run(s);
                let _ = outcome.failures.join("\n");
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
