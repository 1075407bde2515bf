//! The README's transcript of a game in the terminal is what the program prints: this
//! test plays it again, as its marker says, and compares. `scripts/readme-transcript`
//! (`EPIC_UPDATE_README=1`) writes it anew after the program's words change.

mod common;

use std::path::PathBuf;

/// `<!-- transcript: ARGS | INPUT; INPUT -->`, then the transcript in a code block, then
/// the end marker.
const BEGIN: &str = "<!-- transcript: ";
const END: &str = "<!-- transcript end -->";

fn readme() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../README.md")
}

/// What a person sees running `epic ARGS` and typing `typed`: the program's output with
/// each line typed after its prompt, up to the prompt after the last one.
fn transcript(args: &[&str], typed: &[&str]) -> String {
    let data = tempfile::tempdir().unwrap();
    // Not a first game on this machine: the suggestion of `epic learn` is not part of it.
    std::fs::write(data.path().join("learn-suggested"), "").unwrap();
    let mut input = typed.join("\n");
    input.push('\n');
    let env = [("EPIC_DATA_DIR", data.path()), ("COLUMNS", "80".as_ref())];
    let out = common::epic_with_env(data.path(), &env, args, &input);
    let printed = common::stdout(&out);
    let mut shown = format!("$ epic {}\n", args.join(" "));
    let mut rest = printed.as_str();
    for line in typed {
        let Some(at) = rest.find("\n> ") else {
            panic!(
                "the program asked fewer than {} questions:\n{printed}",
                typed.len()
            );
        };
        shown.push_str(&rest[..at]);
        shown.push_str(&format!("\n> {line}\n"));
        rest = &rest[at + 3..];
    }
    let at = rest
        .find("\n> ")
        .expect("a question after the last line typed");
    shown.push_str(&rest[..at]);
    shown.push_str("\n>\n");
    shown
}

#[test]
fn the_readme_transcript_is_what_the_program_prints() {
    let text = std::fs::read_to_string(readme()).unwrap();
    let start = text
        .find(BEGIN)
        .expect("the README has a transcript marker");
    let marker_end = start + text[start..].find(" -->\n").expect("the marker ends");
    let (args, typed) = text[start + BEGIN.len()..marker_end]
        .split_once(" | ")
        .expect("ARGS | INPUT");
    let args: Vec<&str> = args.split_whitespace().collect();
    let typed: Vec<&str> = typed.split(';').map(str::trim).collect();
    let block_start = marker_end + " -->\n".len();
    let block_end = block_start + text[block_start..].find(END).expect("the end marker");
    let expected = format!("```\n{}```\n", transcript(&args, &typed));
    if std::env::var_os("EPIC_UPDATE_README").is_some() {
        let updated = format!("{}{expected}{}", &text[..block_start], &text[block_end..]);
        std::fs::write(readme(), updated).unwrap();
        return;
    }
    assert_eq!(
        text[block_start..block_end],
        expected,
        "the README's transcript is not what the program prints: scripts/readme-transcript \
         writes it anew"
    );
}
