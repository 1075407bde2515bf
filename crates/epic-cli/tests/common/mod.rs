//! Running the `epic` program as a user does: a real process, real stdin and stdout.
#![allow(dead_code)] // each test file uses its own part of it

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `epic ARGS` with no input.
pub fn epic(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_epic"))
        .args(args)
        .output()
        .expect("epic runs")
}

/// Runs `epic ARGS` in this folder, with `input` on stdin.
pub fn epic_with_input(args: &[&str], input: &str) -> Output {
    epic_in(Path::new("."), args, input)
}

/// Runs `epic ARGS` in `dir`, with `input` on stdin.
pub fn epic_in(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_epic"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("epic runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // Written from a thread: the program may stop reading before all input is taken.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("epic finishes");
    let _ = writer.join();
    out
}
