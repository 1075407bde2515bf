//! Ctrl-C (SIGINT) as a request to stop: a long command such as `epic sim` notices it
//! between games and reports what it has, instead of dying with nothing shown.

use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicUsize, Ordering};

/// The exit code of a command stopped by Ctrl-C: 128 + SIGINT, the shells' convention.
pub const EXIT_CODE: u8 = crate::error::INTERRUPTED;

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

/// What [`exit_on_interrupt`] prints: a leaked buffer, so the handler never allocates.
static MESSAGE: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static MESSAGE_LEN: AtomicUsize = AtomicUsize::new(0);

/// From now on Ctrl-C prints `message` on standard output and ends the program with
/// [`EXIT_CODE`]: for an interactive game, whose state is already on disk, so that
/// leaving says where it is. Called again, it replaces the message.
pub fn exit_on_interrupt(message: &str) {
    let bytes: &'static mut [u8] = Box::leak(message.as_bytes().to_vec().into_boxed_slice());
    // The handler runs on this thread between two instructions: with the length cleared
    // first, it never sees a new pointer with an old length.
    MESSAGE_LEN.store(0, Ordering::SeqCst);
    MESSAGE.store(bytes.as_mut_ptr(), Ordering::SeqCst);
    MESSAGE_LEN.store(bytes.len(), Ordering::SeqCst);
    #[cfg(unix)]
    // SAFETY: the handler only reads two atomics and calls `write` and `_exit`, all
    // async-signal-safe; `signal` itself has no preconditions.
    unsafe {
        libc::signal(
            libc::SIGINT,
            on_sigint_exit as *const () as libc::sighandler_t,
        );
    }
}

#[cfg(unix)]
extern "C" fn on_sigint_exit(_: libc::c_int) {
    let len = MESSAGE_LEN.load(Ordering::SeqCst);
    let ptr = MESSAGE.load(Ordering::SeqCst);
    // SAFETY: `ptr` and `len` describe a leaked buffer that lives for the whole program
    // (or `len` is 0); `write` and `_exit` are async-signal-safe.
    unsafe {
        if len > 0 && !ptr.is_null() {
            libc::write(1, ptr as *const libc::c_void, len);
        }
        libc::_exit(i32::from(EXIT_CODE));
    }
}
