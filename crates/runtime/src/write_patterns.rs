//! Encoding a pattern set: the one writer of what `patterns.rs` reads.

use alloc::string::String;
use alloc::vec::Vec;

use godtab_puzzles::Definition;
use godtab_rank::KPerm;

use crate::bits;
use crate::format::{self, Body, FORMAT_VERSION, Header, MAX_HEADER_LEN, PREAMBLE_LEN, Patterns, Preamble, at};
use crate::write::{EncodeError, ModelParts};

/// One pattern's database as a generator finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternData {
    /// The pattern's tile values, in the order their cells are ranked.
    pub tiles: Vec<u8>,
    /// For every placement rank (`KPerm::new(cells, tiles.len())`), the
    /// fewest moves of the pattern's tiles that bring them home.
    pub entries: Vec<u8>,
}

/// Encodes the pattern set of `definition` (a sliding board or permutation
/// puzzle whose tiles all differ) in the current format version. The same arguments always give
/// the same bytes.
///
/// # Errors
///
/// An [`EncodeError`] if the patterns do not suit the puzzle
/// ([`Puzzle::check_patterns`](godtab_puzzles::Puzzle::check_patterns)), an entry count is not the number of placements, or
/// the generator name is not short printable text.
pub fn encode_patterns(
    definition: &Definition,
    patterns: &[PatternData],
    generator: &str,
) -> Result<Vec<u8>, EncodeError> {
    let invalid = |field, problem| EncodeError { field, problem };
    let puzzle = definition.puzzle();
    if !format::is_generator(generator) {
        return Err(invalid("generator", "longer than 64 bytes or holds a control character"));
    }
    if puzzle.check_patterns(patterns.iter().map(|p| &p.tiles[..])).is_err() {
        return Err(invalid("patterns", "do not suit the puzzle (see Puzzle::check_patterns)"));
    }
    let tiles: Vec<u8> = patterns.iter().flat_map(|p| p.tiles.iter().copied()).collect();
    let mut sizes = Vec::new();
    let mut maxima = Vec::new();
    let mut widths = Vec::new();
    let mut lengths = Vec::new();
    for pattern in patterns {
        let places = KPerm::new(puzzle.cells(), pattern.tiles.len()).ok_or(invalid("patterns", "one is empty"))?;
        if pattern.tiles.is_empty() || pattern.entries.len() as u64 != places.count() {
            return Err(invalid("pattern entries", "not one per placement of a non-empty pattern"));
        }
        let max = pattern.entries.iter().copied().max().unwrap_or(0);
        let width = Patterns::width_for(max);
        sizes.push(pattern.tiles.len() as u8);
        maxima.push(max);
        widths.push(width);
        lengths.push(format::section_len(places.count(), width).ok_or(invalid("pattern section", "overflows"))?);
    }
    let names: String = definition.move_names().collect::<Vec<_>>().join(" ");
    let parts = ModelParts::of(puzzle);
    let mut set = Patterns { tiles: &tiles, sizes: &sizes, widths: &widths, maxima: &maxima, offset: 0 };
    // The offset is a varint inside the header: settle both together.
    let encoded = loop {
        let header = Header {
            puzzle_id: definition.id(),
            generator,
            move_names: &names,
            model: parts.model(puzzle),
            ranking: puzzle.ranking().into(),
            body: Body::Patterns(set),
        };
        let encoded = postcard::to_allocvec(&header).map_err(|_| invalid("header", "does not encode"))?;
        let start = format::align((PREAMBLE_LEN + encoded.len()) as u64).ok_or(invalid("header", "overflows"))?;
        if set.offset == start {
            break encoded;
        }
        set.offset = start;
    };
    let header_len = u32::try_from(encoded.len()).ok().filter(|&l| l <= MAX_HEADER_LEN);
    let header_len = header_len.ok_or(invalid("header", "is too long"))?;
    let total = lengths.iter().try_fold(set.offset, |sum, &l| sum.checked_add(l));
    let file_len = total.ok_or(invalid("pattern set", "overflows"))?;
    let to_usize = |n: u64| usize::try_from(n).map_err(|_| invalid("pattern set", "larger than memory"));

    let mut file = Vec::with_capacity(to_usize(file_len)?);
    file.extend_from_slice(&Preamble { version: FORMAT_VERSION, file_len, checksum: 0, header_len }.write());
    file.extend_from_slice(&encoded);
    file.resize(to_usize(set.offset)?, 0);
    for ((pattern, &width), &length) in patterns.iter().zip(&widths).zip(&lengths) {
        if width == 8 {
            let end = file.len() + to_usize(length)?;
            file.extend_from_slice(&pattern.entries);
            file.resize(end, 0);
        } else {
            bits::pack_into(&mut file, pattern.entries.iter().copied(), width, to_usize(length)?);
        }
    }
    debug_assert_eq!(file.len() as u64, file_len);
    let checksum = format::checksum(&file);
    file[at::CHECKSUM..at::CHECKSUM + 8].copy_from_slice(&checksum.to_le_bytes());
    Ok(file)
}
