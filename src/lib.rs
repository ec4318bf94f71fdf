//! The `godtab` command, as a library: a module per command (`judge`,
//! `solve`, `check`, `info`, `random`, `gen` in `generate`, `verify`,
//! `analyse`, `validate`, `package`, `serve`), and
//! what they share: where tables come from and how they are opened
//! (`source`, `embedded`; every kind of table is then asked through
//! `godtab_oracle`), the cases commands read (`cases`, `lines`,
//! `eight_two`), and how answers and numbers are presented (`present`,
//! `text`); docs/ARCHITECTURE.md has the map.
//! The binary calls [`main`]; fuzz targets and tests reach the code they
//! drive through the `fuzzing` module (feature `fuzzing`).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod analyse;
mod between;
mod cases;
mod check;
mod eight_two;
mod embedded;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
mod generate;
mod info;
mod judge;
mod lines;
mod move_text;
mod package;
mod pdb;
mod present;
mod random;
mod random_pairs;
mod relabel;
mod serve;
mod solve;
mod source;
mod stdio;
mod text;
mod validate;
mod verify;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

/// The Rust examples of docs/EMBEDDED.md (a table in a program without
/// std), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/EMBEDDED.md")]
struct EmbeddedExamples;

#[derive(Parser)]
#[command(
    name = "godtab",
    version,
    about = "Solve permutation puzzles instantly from precomputed God's-algorithm tables",
    long_about = "Solve permutation puzzles instantly from precomputed God's-algorithm tables.\n\n\
        Built-in puzzles: nine-digits (turn a 2x2 block clockwise), nine-puzzle (UVA 11513: shift a \
        row right or a column up), eight-puzzle (slide a tile into the blank x) and eight-two-0 to \
        eight-two-8 (HDU 3567 Eight II: the 8-puzzle to a goal with the blank at each cell, moves d l r \
        u; the puzzle name eight-two picks one). Their tables are compiled into this binary; --table \
        FILE uses a table file instead.",
    after_help = "Examples:
  echo \"4 1 3 5 2 6 7 8 9\" | godtab judge nine-digits
  godtab solve eight-puzzle \"2 3 4 1 5 x 7 6 8\" --show
  godtab info nine-puzzle
  godtab random eight-puzzle --count 5 --seed 1"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Answer cases from stdin in the exact format of the puzzle's problem statement.
    Judge(judge::Args),
    /// Print the distance and an optimal move sequence for states given as arguments.
    Solve(solve::Args),
    /// Check a contestant's answers: any legal optimal answer is right.
    Check(check::Args),
    /// Describe a table: states, God's number, depth histogram, size, origin.
    Info(info::Args),
    /// Print random solvable states in the puzzle's judge input format.
    Random(random::Args),
    /// Generate a table file.
    Gen(generate::Args),
    /// Check a table file completely: structure and checksum.
    Verify(verify::Args),
    /// Hold a solution against the table move by move: which moves lost ground, the total against the optimum.
    #[command(visible_alias = "analyze")]
    Analyse(analyse::Args),
    /// Check that test input is in the statement's exact format: an input validator for contest platforms.
    Validate(validate::Args),
    /// Write a problem package (Kattis / ICPC layout, DOMjudge import): data, answers and validators that call godtab.
    Package(package::Args),
    /// Answer over HTTP from every table, opened once: a JSON API and a page that draws the answers.
    Serve(serve::Args),
}

/// Runs the command line: parses the arguments, runs the command and
/// reports its error on one line. The exit status is 0 on success, 1 for
/// errors and bad cases, 2 for usage errors.
pub fn main() -> ExitCode {
    let cli = Cli::parse_from(check::testlib_arguments(std::env::args_os()));
    let result = match &cli.command {
        Command::Judge(args) => judge::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Check(args) => check::run(args),
        Command::Info(args) => info::run(args),
        Command::Random(args) => random::run(args),
        Command::Gen(args) => generate::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Validate(args) => validate::run(args),
        Command::Package(args) => package::run(args),
        Command::Serve(args) => serve::run(args),
    };
    match result {
        Ok(code) => code,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            stdio::note(format_args!("godtab: error: {}", one_line(&error)));
            ExitCode::FAILURE
        }
    }
}

/// A reader that stopped reading (`godtab random | head`) is not an error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .any(|cause| cause.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe))
}

/// The error and its causes on one line, each said once: a cause that
/// repeats what the line already says is left out, and one that extends it
/// (a context such as a path, then "path: reason") replaces it. Control
/// characters (of a path, a file's text) are escaped, and a line longer
/// than [`MAX_ERROR_LINE`] keeps its start and end.
fn one_line(error: &anyhow::Error) -> String {
    shorten(&escape_controls(&joined(error)))
}

/// The longest error line printed, in characters: a 10 MB path given as
/// an argument is not echoed whole.
const MAX_ERROR_LINE: usize = 1000;

/// `text` with its control characters escaped (`\u{1b}`, `\t`).
fn escape_controls(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { c.escape_debug().to_string() } else { c.to_string() }).collect()
}

/// `text` cut to at most [`MAX_ERROR_LINE`] characters: its start, how
/// much was left out, and its end.
fn shorten(text: &str) -> String {
    let count = text.chars().count();
    if count <= MAX_ERROR_LINE {
        return text.to_string();
    }
    let (head, tail) = (MAX_ERROR_LINE * 2 / 3, MAX_ERROR_LINE / 4);
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(count - tail).collect();
    format!("{start}... ({} characters left out) ...{end}", count - head - tail)
}

/// The error and its causes joined (see [`one_line`]).
fn joined(error: &anyhow::Error) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_lines_are_one_short_printable_line() {
        let error = anyhow::anyhow!("bad\x1b]0;title\x07 name");
        assert_eq!(one_line(&error), "bad\\u{1b}]0;title\\u{7} name");
        let long = format!("{}: not found", "p".repeat(10_000_000));
        let line = one_line(&anyhow::anyhow!(long));
        assert!(line.chars().count() < MAX_ERROR_LINE + 60, "{}", line.len());
        assert!(line.ends_with(": not found") && line.contains("characters left out"));
    }
}
