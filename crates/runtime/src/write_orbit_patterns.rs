//! Encoding an orbit pattern set's head (its preamble and header, and
//! where each section goes): the one writer of what `orbit_patterns.rs`
//! reads. The sections themselves are the generator's, written from its
//! own arrays.

use alloc::string::String;
use alloc::vec::Vec;

use crate::format::{self, Body, Header, Model, OrbitModel, OrbitPatterns, PREAMBLE_LEN, Preamble, RankingTag};
use crate::orbit_patterns::{MAX_ORBIT_PATTERNS, ORBIT_SECTION_ALIGN, OrbitPuzzle, OrbitTable, layout};
use crate::write::EncodeError;

/// What comes before an orbit pattern set's sections, and where each
/// section goes: for a writer that writes the tables from its own
/// arrays (they can be gigabytes).
#[derive(Clone, Debug)]
pub struct OrbitPatternsHead {
    /// The preamble (checksum field zero) and header, padded to where
    /// the first section starts.
    pub prefix: Vec<u8>,
    /// Each pattern's section: (offset, length). Zeros pad the gaps
    /// between them.
    pub sections: Vec<(u64, u64)>,
    /// The whole file's length.
    pub file_len: u64,
}

/// The head of an orbit pattern set of `puzzle` with `tables` (one per
/// pattern), reduced by symmetry or not, the puzzle having
/// `symmetries` symmetries.
///
/// # Errors
///
/// An [`EncodeError`] if the parts do not agree (one group and flag
/// per piece per pattern, widths 2 or 4) or the generator name is not
/// short printable text.
pub fn orbit_patterns_head(
    puzzle: &OrbitPuzzle<'_>,
    tables: &[OrbitTable<'_>],
    symmetry: bool,
    symmetries: u16,
    generator: &str,
) -> Result<OrbitPatternsHead, EncodeError> {
    let invalid = |field, problem| EncodeError { field, problem };
    if !format::is_generator(generator) {
        return Err(invalid("generator", "longer than 64 bytes or holds a control character"));
    }
    let positions = puzzle.solved.len();
    if tables.is_empty()
        || tables.len() > MAX_ORBIT_PATTERNS
        || tables.iter().any(|t| t.groups.len() != positions || t.oriented.len() != positions)
        || tables.iter().any(|t| t.width != 2 && t.width != 4)
    {
        return Err(invalid("patterns", "are not 1 to 8 patterns of every piece, 2 or 4 bits an entry"));
    }
    let groups: Vec<u8> = tables.iter().flat_map(|t| t.groups.iter().copied()).collect();
    let oriented: Vec<u8> = tables.iter().flat_map(|t| t.oriented.iter().copied()).collect();
    let entries: Vec<u8> = tables.iter().flat_map(|t| t.entries.to_le_bytes()).collect();
    let widths: Vec<u8> = tables.iter().map(|t| t.width).collect();
    let bases: Vec<u8> = tables.iter().map(|t| t.base).collect();
    let histogram_lens: Vec<u8> = tables.iter().map(|t| (t.histogram.len() / 8) as u8).collect();
    let histograms: Vec<u8> = tables.iter().flat_map(|t| t.histogram.iter().copied()).collect();
    let solved_orientations = alloc::vec![0u8; positions];
    let names = String::from(puzzle.orbit_names);
    let mut offset = 0u64;
    loop {
        let header = Header {
            puzzle_id: puzzle.id,
            generator,
            move_names: puzzle.move_names,
            model: Model::Orbits(OrbitModel {
                names: &names,
                pieces: puzzle.pieces,
                orientations: puzzle.orientations,
                solved: puzzle.solved,
                solved_orientations: &solved_orientations,
                move_maps: puzzle.move_maps,
                move_twists: puzzle.move_twists,
            }),
            ranking: RankingTag::Orbits,
            body: Body::OrbitPatterns(OrbitPatterns {
                groups: &groups,
                oriented: &oriented,
                symmetry,
                symmetries,
                entries: &entries,
                widths: &widths,
                bases: &bases,
                histogram_lens: &histogram_lens,
                histograms: &histograms,
                offset,
            }),
        };
        let encoded = postcard::to_allocvec(&header).map_err(|_| invalid("header", "does not encode"))?;
        let end = ((PREAMBLE_LEN + encoded.len()) as u64).next_multiple_of(ORBIT_SECTION_ALIGN);
        if end != offset {
            offset = end;
            continue;
        }
        let header_len = u32::try_from(encoded.len())
            .ok()
            .filter(|&l| l <= format::MAX_HEADER_LEN)
            .ok_or(invalid("header", "is too long"))?;
        let (sections, file_len) =
            layout(offset, tables.iter().copied()).ok_or(invalid("tables", "their sections overflow"))?;
        let mut prefix = Vec::with_capacity(offset as usize);
        prefix.extend_from_slice(&Preamble { version: 4, file_len, checksum: 0, header_len }.write());
        prefix.extend_from_slice(&encoded);
        prefix.resize(offset as usize, 0);
        let sections = sections.items[..sections.len].iter().map(|d| (d.start, d.end - d.start)).collect();
        return Ok(OrbitPatternsHead { prefix, sections, file_len });
    }
}
