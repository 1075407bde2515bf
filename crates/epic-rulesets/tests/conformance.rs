//! Every registered ruleset passes the interface's conformance suite
//! ([`epic_game::conformance`]) on each of its example tables: options exactly when a
//! seat decides, refused choices that change nothing, samples that show each seat its
//! own view and tell it the same story, games that end, saves that round-trip and
//! replay to the same digest.

use epic_game::{conformance, Ruleset, TableRequest};
use epic_rulesets::{visit_rulesets, RulesetVisitor};

/// Games played on each example table.
const GAMES: u64 = 3;
/// Decisions after which a game that has not ended fails (the longest random games of
/// the base set take a few thousand).
const MAX_DECISIONS: usize = 20_000;

struct Conformance {
    checked: Vec<&'static str>,
}

impl RulesetVisitor for Conformance {
    fn visit<R: Ruleset>(&mut self) {
        for (t, table) in R::example_tables(0).into_iter().enumerate() {
            let setup = |g: u64| {
                R::setup(&TableRequest {
                    seed: g,
                    ..table.clone()
                })
                .unwrap_or_else(|e| panic!("{} table {t}: {e}", R::NAME))
            };
            if let Err(failure) = conformance::check::<R>(setup, GAMES, MAX_DECISIONS) {
                panic!("{failure} (example table {t}: {table:?})");
            }
        }
        self.checked.push(R::NAME);
    }
}

#[test]
fn every_ruleset_conforms_to_the_interface() {
    let mut suite = Conformance {
        checked: Vec::new(),
    };
    visit_rulesets(&mut suite);
    assert_eq!(
        suite.checked,
        ["2017", "2017-drafted", "classic", "multiverse"]
    );
}

struct Names(Vec<String>);

impl RulesetVisitor for Names {
    fn visit<R: Ruleset>(&mut self) {
        self.0.extend(conformance::check_names::<R>().err());
    }
}

#[test]
fn every_ruleset_reads_the_names_it_lists() {
    let mut names = Names(Vec::new());
    visit_rulesets(&mut names);
    assert_eq!(names.0, Vec::<String>::new());
}

/// Every ruleset's observation, as learning programs read it, is tiled by its named
/// sections: each starts where the one before ends, none is empty, no two share a
/// name, and together they are the whole observation.
#[test]
fn every_rulesets_observation_is_tiled_by_its_sections() {
    for ruleset in epic_rulesets::RULESETS {
        let played =
            epic_rulesets::AnyPlayed::request(ruleset, &TableRequest::of(2, 1)).expect("a table");
        let sections = played.observation_sections().expect("tensors");
        let mut at = 0;
        for (name, start, len) in &sections {
            assert!(!name.is_empty() && *len > 0, "{ruleset}: {name} at {start}");
            assert_eq!(*start, at, "{ruleset}: {name} starts where the last ended");
            at += len;
        }
        assert_eq!(at, played.observation_len().unwrap(), "{ruleset}");
        let mut names: Vec<_> = sections.iter().map(|s| s.0).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), sections.len(), "{ruleset}: a name twice");
    }
}
