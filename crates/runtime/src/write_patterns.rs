//! Encoding a pattern set: the one writer of what `patterns.rs` reads.

use alloc::vec::Vec;

use godtab_puzzles::{Definition, PatternList};
use godtab_rank::KPerm;

use crate::bits;
use crate::format::{self, Body, Patterns, Preamble, at};
use crate::write::{EncodeError, encode_header};

/// Encodes the pattern set of `definition` (a sliding board or permutation
/// puzzle whose tiles all differ) with `entries[p]`, for every placement of
/// pattern `p`'s tiles (`KPerm::new(cells, tiles.len())`), the fewest moves
/// that bring them home, in the current format version. The same arguments
/// always give the same bytes.
///
/// # Errors
///
/// An [`EncodeError`] if the patterns were checked against another puzzle,
/// an entry count is not the number of placements, or the generator name
/// is not short printable text.
pub fn encode_patterns(
    definition: &Definition,
    patterns: &PatternList,
    entries: &[Vec<u8>],
    generator: &str,
) -> Result<Vec<u8>, EncodeError> {
    let invalid = |field, problem| EncodeError { field, problem };
    let puzzle = definition.puzzle();
    if !format::is_generator(generator) {
        return Err(invalid("generator", "longer than 64 bytes or holds a control character"));
    }
    if !patterns.suits(puzzle) || entries.len() != patterns.len() {
        return Err(invalid("patterns", "were checked against another puzzle, or not one database each"));
    }
    let tiles: Vec<u8> = patterns.iter().flatten().copied().collect();
    let mut sizes = Vec::new();
    let mut maxima = Vec::new();
    let mut widths = Vec::new();
    let mut lengths = Vec::new();
    for (tiles, entries) in patterns.iter().zip(entries) {
        let places = KPerm::new(puzzle.cells(), tiles.len()).ok_or(invalid("patterns", "one is empty"))?;
        if entries.len() as u64 != places.count() {
            return Err(invalid("pattern entries", "not one per placement"));
        }
        let max = entries.iter().copied().max().unwrap_or(0);
        let width = Patterns::width_for(max);
        sizes.push(tiles.len() as u8);
        maxima.push(max);
        widths.push(width);
        lengths.push(format::section_len(places.count(), width).ok_or(invalid("pattern section", "overflows"))?);
    }
    let mut set = Patterns { tiles: &tiles, sizes: &sizes, widths: &widths, maxima: &maxima, offset: 0 };
    let (encoded, header_len, start) = encode_header(definition, generator, |start| {
        set.offset = start;
        Body::Patterns(set)
    })?;
    let total = lengths.iter().try_fold(start, |sum, &l| sum.checked_add(l));
    let file_len = total.ok_or(invalid("pattern set", "overflows"))?;
    let to_usize = |n: u64| usize::try_from(n).map_err(|_| invalid("pattern set", "larger than memory"));

    let mut file = Vec::with_capacity(to_usize(file_len)?);
    // Pattern sets are as version 2 wrote them.
    file.extend_from_slice(&Preamble { version: 2, file_len, checksum: 0, header_len }.write());
    file.extend_from_slice(&encoded);
    file.resize(to_usize(start)?, 0);
    for ((entries, &width), &length) in entries.iter().zip(&widths).zip(&lengths) {
        if width == 8 {
            let end = file.len() + to_usize(length)?;
            file.extend_from_slice(entries);
            file.resize(end, 0);
        } else {
            bits::pack_into(&mut file, entries.iter().copied(), width, to_usize(length)?);
        }
    }
    debug_assert_eq!(file.len() as u64, file_len);
    let checksum = format::checksum(&file);
    file[at::CHECKSUM..at::CHECKSUM + 8].copy_from_slice(&checksum.to_le_bytes());
    Ok(file)
}
