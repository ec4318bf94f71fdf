//! `cargo xtask gen-fixture`: the tiny table committed for the current
//! format version, which the runtime's tests load to prove that tables
//! written by this version keep opening.

use anyhow::{Context, Result};
use godtab_gen::{Definition, Options, table_bytes};
use godtab_puzzles::{BLANK, MoveSet, Puzzle, SLIDING_MOVE_NAMES};

/// The fixture's puzzle: a 2x3 sliding board, 360 states.
pub const ID: &str = "slide-2x3";

pub fn run() -> Result<()> {
    let puzzle = Puzzle::new(2, 3, &[1, 2, 3, 4, 5, BLANK], MoveSet::Sliding)?;
    let bytes =
        table_bytes(&Definition { id: ID, move_names: &SLIDING_MOVE_NAMES, puzzle: &puzzle }, &Options::default())?;
    let dir =
        crate::workspace_root().join(format!("crates/runtime/tests/fixtures/v{}", godtab_runtime::FORMAT_VERSION));
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("{ID}.gtab"));
    godtab_gen::write_atomic(&path, &bytes).with_context(|| format!("writing {}", path.display()))?;
    println!("wrote {} ({} bytes)", path.display(), bytes.len());
    Ok(())
}
