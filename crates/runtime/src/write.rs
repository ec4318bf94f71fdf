//! Encoding a table: the one writer of the format `table.rs` reads.

use alloc::vec::Vec;

use godtab_puzzles::{Kind, Puzzle};

use crate::Error;
use crate::bits;
use crate::format::{
    self, ENDIAN_MARKER, Encoding, FORMAT_VERSION, Header, KindTag, MAGIC, MAX_HEADER_LEN, PREAMBLE_LEN, Section, at,
};

/// The distance value that marks an unreachable rank in [`TableContents`].
const UNREACHED: u8 = u8::MAX;

/// What a table holds, before encoding.
#[derive(Clone, Copy, Debug)]
pub struct TableContents<'a> {
    /// The puzzle's id.
    pub puzzle_id: &'a str,
    /// What generated the table, e.g. "godtab-gen 0.1.0".
    pub generator: &'a str,
    /// The puzzle.
    pub puzzle: &'a Puzzle,
    /// One name per move, in declared order; no spaces.
    pub move_names: &'a [&'a str],
    /// Distance of every rank, 255 for unreachable ranks.
    pub distance: &'a [u8],
    /// Parent move of every rank (any value where it does not matter).
    pub parent: &'a [u8],
    /// Ranks with a distance.
    pub reachable: u64,
    /// God's number.
    pub max_depth: u8,
    /// States per distance, from 0 to `max_depth`.
    pub histogram: &'a [u64],
    /// How to store the answers.
    pub encoding: Encoding,
}

/// Encodes a table in the current format version. The output depends only
/// on the contents: the same contents always give the same bytes.
///
/// # Errors
///
/// [`Error::Corrupt`] naming the field if the contents are inconsistent
/// (wrong lengths, a distance above God's number, a bad move name).
pub fn encode(contents: &TableContents<'_>) -> Result<Vec<u8>, Error> {
    let invalid = |field, problem| Error::Corrupt { field, problem };
    let puzzle = contents.puzzle;
    let states = puzzle.slots();
    let len = usize::try_from(states).map_err(|_| invalid("state count", "does not fit in memory"))?;
    if contents.distance.len() != len || contents.parent.len() != len {
        return Err(invalid("sections", "not one distance and one parent per rank"));
    }
    if contents.move_names.len() != puzzle.move_count()
        || !contents.move_names.iter().all(|n| godtab_puzzles::is_move_name(n))
    {
        return Err(invalid(
            "move names",
            "need one name per move, of 1 to 32 bytes without spaces or control characters",
        ));
    }
    if contents.histogram.len() != usize::from(contents.max_depth) + 1 || contents.max_depth == UNREACHED {
        return Err(invalid("histogram", "needs one count per distance up to God's number"));
    }
    let total = contents.histogram.iter().try_fold(0u64, |sum, &c| sum.checked_add(c));
    if contents.histogram[0] != 1 || total != Some(contents.reachable) || contents.reachable > states {
        return Err(invalid("histogram", "must start with the goal alone and add up to the reachable count"));
    }
    let unreached = contents.distance.iter().filter(|&&d| d == UNREACHED).count() as u64;
    if unreached != states - contents.reachable {
        return Err(invalid("distances", "the unreachable ranks do not match the reachable count"));
    }
    if contents.parent.iter().any(|&m| usize::from(m) >= puzzle.move_count()) {
        return Err(invalid("parents", "one is not a move"));
    }

    if contents.encoding == Encoding::DistanceMod3 && !puzzle.moves_undo_each_other() {
        return Err(invalid(
            "encoding",
            "distance modulo 3 needs every move to be undone by a move (neighbours one move apart both ways)",
        ));
    }
    let unreachable = contents.reachable < states;
    let (distance_width, marker, parent_width) = match contents.encoding {
        Encoding::Full => {
            let width = format::bits_for(u64::from(contents.max_depth) + u64::from(unreachable));
            (width, ((1u16 << width) - 1) as u8, format::bits_for(puzzle.move_count().saturating_sub(1) as u64))
        }
        Encoding::DistanceMod3 => (2, format::MOD3_UNREACHABLE, 0),
    };
    let distance_len = format::section_len(states, distance_width).ok_or(invalid("distance section", "overflows"))?;
    let parent_len = format::section_len(states, parent_width).ok_or(invalid("parent section", "overflows"))?;

    if contents.distance.iter().any(|&d| d != UNREACHED && d > contents.max_depth) {
        return Err(invalid("distances", "one is above God's number"));
    }
    let stored = |d: u8| match contents.encoding {
        Encoding::Full => d,
        Encoding::DistanceMod3 => d % 3,
    };
    let distances = contents.distance.iter().map(|&d| if d == UNREACHED { marker } else { stored(d) });

    let names = contents.move_names.join(" ");
    let maps: Vec<u8> = (0..puzzle.move_count()).filter_map(|m| puzzle.move_map(m)).flatten().copied().collect();
    let histogram: Vec<u8> = contents.histogram.iter().flat_map(|c| c.to_le_bytes()).collect();
    let mut header = Header {
        puzzle_id: contents.puzzle_id,
        generator: contents.generator,
        kind: match puzzle.kind() {
            Kind::Permutation => KindTag::Permutation,
            Kind::Sliding => KindTag::Sliding,
        },
        rows: puzzle.rows() as u8,
        cols: puzzle.cols() as u8,
        goal: puzzle.goal_values(),
        move_names: &names,
        move_maps: &maps,
        ranking: puzzle.ranking().into(),
        encoding: contents.encoding.into(),
        states,
        reachable: contents.reachable,
        max_depth: contents.max_depth,
        histogram: &histogram,
        distance: Section { offset: 0, length: distance_len, width: distance_width },
        parent: Section { offset: 0, length: parent_len, width: parent_width },
    };
    // The offsets are varints inside the header, so the header's length
    // depends on them: settle both by re-encoding until they agree.
    let encoded = loop {
        let encoded = postcard::to_allocvec(&header).map_err(|_| invalid("header", "does not encode"))?;
        let start = format::align((PREAMBLE_LEN + encoded.len()) as u64).ok_or(invalid("header", "overflows"))?;
        let parent_at = start + distance_len;
        if header.distance.offset == start && header.parent.offset == parent_at {
            break encoded;
        }
        header.distance.offset = start;
        header.parent.offset = parent_at;
    };
    let header_len = u32::try_from(encoded.len()).ok().filter(|&l| l <= MAX_HEADER_LEN);
    let header_len = header_len.ok_or(invalid("header", "is too long"))?;
    let file_len = header.parent.offset + parent_len;

    let mut file = Vec::with_capacity(to_usize(file_len)?);
    file.extend_from_slice(&MAGIC);
    file.extend_from_slice(&ENDIAN_MARKER.to_le_bytes());
    file.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    file.extend_from_slice(&file_len.to_le_bytes());
    file.extend_from_slice(&0u64.to_le_bytes()); // checksum, filled in below
    file.extend_from_slice(&header_len.to_le_bytes());
    file.extend_from_slice(&0u32.to_le_bytes()); // reserved
    debug_assert_eq!(file.len(), PREAMBLE_LEN);
    file.extend_from_slice(&encoded);
    file.resize(to_usize(header.distance.offset)?, 0);
    // Packed straight into the file: no second copy of the sections.
    bits::pack_into(&mut file, distances, distance_width, to_usize(distance_len)?);
    bits::pack_into(&mut file, contents.parent.iter().copied(), parent_width, to_usize(parent_len)?);
    debug_assert_eq!(file.len() as u64, file_len);
    let checksum = format::checksum(&file);
    file[at::CHECKSUM..at::CHECKSUM + 8].copy_from_slice(&checksum.to_le_bytes());
    Ok(file)
}

fn to_usize(n: u64) -> Result<usize, Error> {
    usize::try_from(n).map_err(|_| Error::Corrupt { field: "table", problem: "larger than memory" })
}
