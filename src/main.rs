//! godtab: solve permutation puzzles instantly from precomputed God's
//! algorithm tables.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use godtab::{generate, info, judge, one_line, random, solve, verify};

#[derive(Parser)]
#[command(
    name = "godtab",
    version,
    about = "Solve permutation puzzles instantly from precomputed God's-algorithm tables",
    long_about = "Solve permutation puzzles instantly from precomputed God's-algorithm tables.\n\n\
        Built-in puzzles: nine-digits (turn a 2x2 block clockwise), nine-puzzle (UVA 11513: shift a \
        row right or a column up) and eight-puzzle (slide a tile into the blank x). Their tables are \
        compiled into this binary; --table FILE uses a table file instead.",
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
    /// Describe a table: states, God's number, depth histogram, size, origin.
    Info(info::Args),
    /// Print random solvable states in the puzzle's judge input format.
    Random(random::Args),
    /// Generate a table file.
    Gen(generate::Args),
    /// Check a table file completely: structure and checksum.
    Verify(verify::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Judge(args) => judge::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Info(args) => info::run(args),
        Command::Random(args) => random::run(args),
        Command::Gen(args) => generate::run(args),
        Command::Verify(args) => verify::run(args),
    };
    match result {
        Ok(code) => code,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            godtab::stdio::note(format_args!("godtab: error: {}", one_line(&error)));
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
