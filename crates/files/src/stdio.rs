//! Standard output kept for a program's answer.

use std::io::Write;

/// Runs `f` with the process's standard output going to standard error,
/// then puts it back: for a library that prints its notes on standard
/// output (timely's connecting does) where the program's standard output
/// carries its answer. Where the redirection fails, `f` runs all the same.
#[cfg(unix)]
pub fn with_stdout_on_stderr<T>(f: impl FnOnce() -> T) -> T {
    use std::os::fd::AsFd;
    let _ = std::io::stdout().flush();
    let saved = rustix::io::dup(std::io::stdout().as_fd()).ok();
    let moved = saved.is_some() && rustix::stdio::dup2_stdout(std::io::stderr().as_fd()).is_ok();
    let out = f();
    let _ = std::io::stdout().flush();
    if let (Some(saved), true) = (saved, moved) {
        let _ = rustix::stdio::dup2_stdout(saved);
    }
    out
}

/// Elsewhere `f` runs as it is.
#[cfg(not(unix))]
pub fn with_stdout_on_stderr<T>(f: impl FnOnce() -> T) -> T {
    let _ = std::io::stdout().flush();
    f()
}
