//! The memory of a generation whose table is then compressed.

use std::io;

use godtab_files::compress_memory;
use godtab_puzzles::Puzzle;

/// An upper bound of the length of `puzzle`'s table, known before the
/// search: its two sections take at most a byte per rank each (a distance
/// byte, a move index), plus the preamble, the header (at most 64 KiB, see
/// docs/FORMAT.md) and the sections' padding.
fn table_len_bound(puzzle: &Puzzle) -> u64 {
    puzzle.slots().saturating_mul(2).saturating_add(96 << 10)
}

/// [`planned_memory`](crate::planned_memory) when the table is then
/// compressed with [`compress`](godtab_files::compress): the larger of the search's peak and the
/// compression's, which holds the table, zstd's context and the compressed
/// output at once (see [`compress_memory`]). The search's arrays are freed
/// before compression starts, so the two peaks do not add up.
///
/// # Errors
///
/// As [`compress_memory`].
pub fn planned_memory_compressed(puzzle: &Puzzle) -> io::Result<u64> {
    let table = table_len_bound(puzzle);
    let compressing = table.saturating_add(compress_memory(table)?);
    Ok(crate::planned_memory(puzzle).max(compressing))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn planned_memory_counts_compression() {
        let definition = godtab_puzzles::builtin::NINE_PUZZLE.definition();
        let puzzle = definition.puzzle();
        let plain = crate::planned_memory(puzzle);
        let compressed = planned_memory_compressed(puzzle).unwrap();
        let table = crate::build_table(&godtab_puzzles::builtin::NINE_PUZZLE).unwrap();
        assert!(table_len_bound(puzzle) >= table.len() as u64);
        assert!(compressed >= table.len() as u64 + compress_memory(table.len() as u64).unwrap());
        assert!(compressed > plain);
    }
}
