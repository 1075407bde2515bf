//! Ctrl-C (SIGINT) as a request to stop: a long command such as `epic sim` notices it
//! between games and reports what it has, instead of dying with nothing shown.

use std::sync::atomic::{AtomicBool, Ordering};

/// The exit code of a command stopped by Ctrl-C: 128 + SIGINT, the shells' convention.
pub const EXIT_CODE: u8 = 130;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C was pressed since [`catch`].
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// From now on the first Ctrl-C only sets [`interrupted`]; a second one ends the program
/// at once, as Ctrl-C usually does. A program started with SIGINT ignored (a background
/// job of a script) keeps ignoring it.
pub fn catch() {
    #[cfg(unix)]
    // SAFETY: the handler only stores to an atomic and resets the disposition, both
    // async-signal-safe; `signal` itself has no preconditions.
    unsafe {
        let previous = libc::signal(libc::SIGINT, on_sigint as *const () as libc::sighandler_t);
        if previous == libc::SIG_IGN {
            libc::signal(libc::SIGINT, libc::SIG_IGN);
        }
    }
}

#[cfg(unix)]
extern "C" fn on_sigint(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::Relaxed);
    // SAFETY: `signal` is async-signal-safe (POSIX); the next Ctrl-C ends the program.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
    }
}
