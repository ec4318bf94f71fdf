//! From a puzzle to a table's bytes: the search, then the encoding.

use godtab_puzzles::Definition;
use godtab_puzzles::builtin::Builtin;
use godtab_runtime::Encoding;

use crate::{GenError, Options, generate_with};

/// The generator's name and version, recorded in every table it writes.
pub const GENERATOR: &str = concat!("godtab-gen ", env!("CARGO_PKG_VERSION"));

/// Runs the search and encodes the table: the full search (a distance and
/// a parent per state) for a full table, the 2-bit search (its array is the
/// table's section) for a compact or parity one. Deterministic: the same
/// definition gives the same bytes on every run and thread count.
///
/// # Errors
///
/// Any [`GenError`] of the search, or of encoding.
pub fn table_bytes(definition: &Definition, options: &Options<'_>) -> Result<Vec<u8>, GenError> {
    if options.encoding != Encoding::Full {
        return crate::twobit_table_bytes(definition, options);
    }
    let data = generate_with(definition.puzzle(), options)?;
    Ok(godtab_runtime::encode(definition, &data, options.encoding, GENERATOR)?)
}

/// The table of a built-in puzzle.
///
/// # Errors
///
/// As [`table_bytes`] (never, for the built-ins).
pub fn build_table(builtin: &Builtin) -> Result<Vec<u8>, GenError> {
    table_bytes(&builtin.definition(), &Options::default())
}
