//! Running the `epic` program as a user does: a real process, real stdin and stdout.
#![allow(dead_code)] // each test file uses its own part of it

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A data folder of its own for one run (`EPIC_DATA_DIR`), so that no test writes an
/// autosave into the user's data folder or reads another test's.
fn own_data_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

/// Runs `epic ARGS` with no input.
pub fn epic(args: &[&str]) -> Output {
    let data = own_data_dir();
    Command::new(env!("CARGO_BIN_EXE_epic"))
        .env("EPIC_DATA_DIR", data.path())
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
    let data = own_data_dir();
    epic_with_env(dir, &[("EPIC_DATA_DIR", data.path())], args, input)
}

/// Runs `epic ARGS` in `dir` with these environment variables, with `input` on stdin.
pub fn epic_with_env(dir: &Path, env: &[(&str, &Path)], args: &[&str], input: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_epic"));
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command
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

/// What a run printed on standard output.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What a run printed on standard error.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
