//! `--cards FILE`: extra card files join the base set for any command, and a file with
//! mistakes is refused with every mistake named by file and line.

mod common;

use common::epic;

/// Writes a file into the test's own temporary folder, removed when the test ends.
fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

const IMP: &str = "set Custom\n\ncard Ember Imp\n  champion, wild, cost 0, Imp, 2/1\n  blitz\n  tribute: deal 1 damage to a target\n";

#[test]
fn an_extra_card_file_adds_its_cards() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(&dir, "imp.epic", IMP);
    let out = epic(&["--cards", &file, "cards", "show", "Ember Imp"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Tribute → Deal 1 damage to a target."),
        "{text}"
    );

    let deck = write(&dir, "imp-deck.txt", "3 Ember Imp\n27 Cave Troll\n");
    let out = epic(&["--cards", &file, "deck", "check", &deck]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn a_card_file_with_mistakes_is_refused_with_each_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        &dir,
        "bad.epic",
        "card Bad\n  champion, wild, cost 2, Imp, 2/1\n  flyng\n",
    );
    let out = epic(&["--cards", &file, "cards"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.epic:2: cost must be 0 or 1"), "{err}");
    assert!(err.contains("bad.epic:3: unknown keyword 'flyng'"), "{err}");
}

#[test]
fn scenarios_name_the_cards_of_extra_files_and_of_every_set() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(&dir, "imp.epic", IMP);
    let scn = write(
        &dir,
        "imp.scn",
        "scenario Ember Imp beside Raxxa, Demon Tyrant: its tribute deals 1 damage\n\
         rule 5.6.1\n\
         p1 hand Ember Imp, Fireball\n\
         p2 champion Raxxa, Demon Tyrant\n\
         do Play Ember Imp\n\
         do Target Raxxa, Demon Tyrant\n\
         expect p2 champion Raxxa, Demon Tyrant: damage 1\n",
    );
    let out = epic(&["--cards", &file, "scenario", &scn]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("1 passed, 0 failed"), "{text}");
    // Without the file, the card is unknown: an error on its line.
    let out = epic(&["scenario", &scn]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("imp.scn:3: unknown card `Ember Imp`"), "{err}");
}
