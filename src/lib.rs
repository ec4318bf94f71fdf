//! The `godtab` command, as a library: each module is one command (`judge`,
//! `solve`, `info`, `random`, `gen`, `verify`), plus where tables come from
//! (`source`, `embedded`). The binary only parses arguments and dispatches;
//! fuzz targets and tests drive the same code directly.

#![warn(missing_docs)]

pub mod embedded;
pub mod fuzzing;
pub mod generate;
pub mod info;
pub mod judge;
pub mod random;
pub mod solve;
pub mod source;
pub mod stdio;
pub mod verify;

/// The error and its causes on one line, each said once: a cause that
/// repeats what the line already says is left out, and one that extends it
/// (a context such as a path, then "path: reason") replaces it.
pub fn one_line(error: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in error.chain() {
        let text = cause.to_string().replace('\n', " ");
        if line.contains(&text) {
            continue;
        }
        if text.starts_with(&line) {
            line = text;
        } else {
            line = format!("{line}: {text}");
        }
    }
    line
}
