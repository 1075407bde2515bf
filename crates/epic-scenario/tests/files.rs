//! Finding and reading scenario files: each file is read once, whatever the symbolic
//! links of a folder point back to.

use std::path::{Path, PathBuf};

const FIREBALL: &str = "scenario Fireball hits a player\nrule 1.5.3\np1 hand Fireball\n\
    do Play Fireball (mode 1\ndo Target Player 2\nexpect p2 health 27\n";

fn names(root: &Path, files: &[PathBuf]) -> Vec<String> {
    files
        .iter()
        .map(|f| f.strip_prefix(root).unwrap().display().to_string())
        .collect()
}

/// A folder linking to itself, a subfolder linking back to its parent, a second link
/// to the subfolder and two links pointing at each other: each file is found once, and
/// the walk ends.
#[cfg(unix)]
#[test]
fn symbolic_links_never_make_a_file_run_twice() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join("sub")).unwrap();
    std::fs::write(root.join("a.scn"), FIREBALL).unwrap();
    std::fs::write(root.join("sub/b.scn"), FIREBALL).unwrap();
    symlink(".", root.join("self")).unwrap();
    symlink("..", root.join("sub/back")).unwrap();
    symlink("sub", root.join("z-also-sub")).unwrap();
    symlink("loop2", root.join("loop1")).unwrap();
    symlink("loop1", root.join("loop2")).unwrap();

    let files = epic_scenario::scenario_files(root).unwrap();
    assert_eq!(names(root, &files), ["a.scn", "sub/b.scn"]);
    let outcomes = epic_scenario::run_path(root).unwrap();
    assert_eq!(outcomes.len(), 2);
    assert!(outcomes.iter().all(|o| o.passed), "{outcomes:?}");
}

/// A file that begins with a byte-order mark (as some editors save UTF-8) reads as
/// without it, from text and from a file.
#[test]
fn a_byte_order_mark_is_read_as_nothing() {
    let text = format!("\u{feff}{FIREBALL}");
    let scenarios = epic_scenario::parse_str("bom.scn", &text).unwrap();
    assert_eq!(scenarios.len(), 1);
    assert_eq!(scenarios[0].line, 1);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bom.scn");
    std::fs::write(&file, text).unwrap();
    let outcomes = epic_scenario::run_path(&file).unwrap();
    assert!(outcomes[0].passed, "{outcomes:?}");
}
