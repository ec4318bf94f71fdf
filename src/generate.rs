//! `godtab gen`: write a table file, with the same code as
//! `cargo xtask gen-tables`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use godtab_gen::{Definition, Options, table_bytes};
use godtab_puzzles::builtin;

use crate::info::thousands;

/// Arguments of `godtab gen`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab gen nine-puzzle -o nine-puzzle.gtab
  godtab gen eight-puzzle -o eight-puzzle.gtab.zst")]
pub struct Args {
    /// The built-in puzzle to generate.
    puzzle: String,
    /// Where to write the table; a name ending in .zst is compressed with
    /// zstd. The file is replaced atomically.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let b = builtin::by_id(&args.puzzle).with_context(|| {
        let ids: Vec<&str> = builtin::ALL.iter().map(|b| b.id).collect();
        format!("unknown puzzle {:?}: the built-in puzzles are {}", args.puzzle, ids.join(", "))
    })?;
    let puzzle = b.puzzle();
    let definition = Definition { id: b.id, move_names: b.move_names, puzzle: &puzzle };
    let table = table_bytes(&definition, &Options::default())?;
    let compressed = args.output.extension().is_some_and(|e| e == "zst");
    let bytes = if compressed { godtab_gen::compress(&table)? } else { table };
    godtab_gen::write_atomic(&args.output, &bytes).with_context(|| format!("writing {}", args.output.display()))?;
    eprintln!(
        "wrote {}: {} ({} states), {} bytes",
        args.output.display(),
        b.id,
        thousands(puzzle.slots()),
        thousands(bytes.len() as u64)
    );
    Ok(ExitCode::SUCCESS)
}
