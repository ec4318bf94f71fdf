//! Encoding a table: the one writer of the format `open.rs` reads.

use alloc::string::String;
use alloc::vec::Vec;

use godtab_puzzles::{Definition, Kind, Puzzle};

use crate::bits;
use crate::format::{
    self, Board, Body, Complete, Encoding, Header, KindTag, MAX_HEADER_LEN, Model, OrbitModel, PREAMBLE_LEN, Preamble,
    Section, UNREACHED, at,
};

/// What a complete table holds for every rank, as a search finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableData {
    /// Distance to the goal of each rank, or [`UNREACHED`].
    pub distance: Vec<u8>,
    /// The first move (declared order) that leads one step closer to the
    /// goal; any move where it does not matter (the goal, unreached ranks).
    pub parent: Vec<u8>,
    /// How many ranks were reached (the goal's connected component).
    pub reachable: u64,
    /// God's number: the largest distance.
    pub max_depth: u8,
    /// `histogram[d]` states lie at distance `d`.
    pub histogram: Vec<u64>,
}

/// Why the writer refused its input: the contents handed to [`encode`] do
/// not make a table (a bug in the caller, never a damaged file).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot encode the table: {field}: {problem}")]
pub struct EncodeError {
    /// What was wrong: "distances", "histogram", ...
    pub field: &'static str,
    /// How.
    pub problem: &'static str,
}

/// Encodes the table of `definition` holding `data`, stored as `encoding`,
/// in the current format version; `generator` names what made it (e.g.
/// "godtab-gen 0.1.0"). The output depends only on the arguments: the same
/// arguments always give the same bytes.
///
/// # Errors
///
/// An [`EncodeError`] naming the field if the data does not fit the puzzle
/// (wrong lengths, a distance above God's number, a histogram that does not
/// add up), the encoding does not suit it, or the generator name is not
/// short printable text.
pub fn encode(
    definition: &Definition,
    data: &TableData,
    encoding: Encoding,
    generator: &str,
) -> Result<Vec<u8>, EncodeError> {
    let invalid = |field, problem| EncodeError { field, problem };
    let puzzle = definition.puzzle();
    let slots = puzzle.slots();
    let len = usize::try_from(slots).map_err(|_| invalid("state count", "does not fit in memory"))?;
    if data.distance.len() != len || data.parent.len() != len {
        return Err(invalid("sections", "not one distance and one parent per rank"));
    }
    if !format::is_generator(generator) {
        return Err(invalid("generator", "longer than 64 bytes or holds a control character"));
    }
    if data.histogram.len() != usize::from(data.max_depth) + 1 || data.max_depth == UNREACHED {
        return Err(invalid("histogram", "needs one count per distance up to God's number"));
    }
    let total = data.histogram.iter().try_fold(0u64, |sum, &c| sum.checked_add(c));
    if data.histogram[0] != 1 || total != Some(data.reachable) || data.reachable > slots {
        return Err(invalid("histogram", "must start with the goal alone and add up to the reachable count"));
    }
    let unreached = data.distance.iter().filter(|&&d| d == UNREACHED).count() as u64;
    if unreached != slots - data.reachable {
        return Err(invalid("distances", "the unreachable ranks do not match the reachable count"));
    }
    if data.distance.iter().any(|&d| d != UNREACHED && d > data.max_depth) {
        return Err(invalid("distances", "one is above God's number"));
    }
    if data.parent.iter().any(|&m| usize::from(m) >= puzzle.move_count()) {
        return Err(invalid("parents", "one is not a move"));
    }
    let counts = Counts { reachable: data.reachable, max_depth: data.max_depth, histogram: &data.histogram };
    let head = packed_head(definition, encoding, &counts, generator)?;
    let layout = encoding.layout(data.max_depth, data.reachable < slots, puzzle.move_count());
    let distances = data.distance.iter().map(|&d| if d == UNREACHED { layout.marker } else { encoding.stored(d) });
    let to_usize = |n: u64| usize::try_from(n).map_err(|_| invalid("table", "larger than memory"));

    let mut file = Vec::with_capacity(to_usize(head.file_len)?);
    // The checksum is filled in last, over the finished file.
    file.extend_from_slice(&head.prefix);
    // Packed straight into the file: no second copy of the sections.
    bits::pack_into(&mut file, distances, layout.distance, to_usize(head.distance_len)?);
    bits::pack_into(&mut file, data.parent.iter().copied(), layout.parent, to_usize(head.parent_len)?);
    debug_assert_eq!(file.len() as u64, head.file_len);
    let checksum = format::checksum(&file);
    file[at::CHECKSUM..at::CHECKSUM + 8].copy_from_slice(&checksum.to_le_bytes());
    Ok(file)
}

/// A complete table's counts: what its header says besides the puzzle.
#[derive(Clone, Copy, Debug)]
pub struct Counts<'a> {
    /// Ranks from which the goal can be reached.
    pub reachable: u64,
    /// God's number.
    pub max_depth: u8,
    /// States at each distance, from 0 to `max_depth`.
    pub histogram: &'a [u64],
}

/// What comes before a complete table's sections, and how long they are:
/// for a writer that packs the sections itself (the 2-bit search writes
/// its array as the distance section).
#[derive(Clone, Debug)]
pub struct PackedHead {
    /// The preamble (checksum field zero) and header, padded to where the
    /// distance section starts.
    pub prefix: Vec<u8>,
    /// The distance section's length: its packed entries, then zeros.
    pub distance_len: u64,
    /// The parent section's length (8 zero bytes in the compact and
    /// parity encodings, which have none).
    pub parent_len: u64,
    /// The whole file's length.
    pub file_len: u64,
}

/// The byte offset of the checksum field, which a streaming writer fills
/// in last (see [`Checksum`]).
pub const CHECKSUM_AT: u64 = at::CHECKSUM as u64;

/// The head of the table of `definition` holding `counts`, stored as
/// `encoding`: exactly what [`encode`] writes before the sections.
///
/// # Errors
///
/// An [`EncodeError`] if the counts do not make a table of the puzzle (a
/// histogram that does not start with the goal alone or add up), the
/// encoding does not suit it, or the generator name is not short
/// printable text.
pub fn packed_head(
    definition: &Definition,
    encoding: Encoding,
    counts: &Counts<'_>,
    generator: &str,
) -> Result<PackedHead, EncodeError> {
    let invalid = |field, problem| EncodeError { field, problem };
    let puzzle = definition.puzzle();
    let slots = puzzle.slots();
    if !format::is_generator(generator) {
        return Err(invalid("generator", "longer than 64 bytes or holds a control character"));
    }
    if counts.histogram.len() != usize::from(counts.max_depth) + 1 || counts.max_depth == UNREACHED {
        return Err(invalid("histogram", "needs one count per distance up to God's number"));
    }
    let total = counts.histogram.iter().try_fold(0u64, |sum, &c| sum.checked_add(c));
    if counts.histogram[0] != 1 || total != Some(counts.reachable) || counts.reachable > slots {
        return Err(invalid("histogram", "must start with the goal alone and add up to the reachable count"));
    }
    encoding.check(puzzle).map_err(|problem| invalid("encoding", problem))?;
    let layout = encoding.layout(counts.max_depth, counts.reachable < slots, puzzle.move_count());
    let distance_len = format::section_len(slots, layout.distance).ok_or(invalid("distance section", "overflows"))?;
    let parent_len = format::section_len(slots, layout.parent).ok_or(invalid("parent section", "overflows"))?;
    let histogram: Vec<u8> = counts.histogram.iter().flat_map(|c| c.to_le_bytes()).collect();
    let mut complete = Complete {
        encoding,
        states: slots,
        reachable: counts.reachable,
        max_depth: counts.max_depth,
        histogram: &histogram,
        distance: Section { offset: 0, length: distance_len, width: layout.distance },
        parent: Section { offset: 0, length: parent_len, width: layout.parent },
    };
    let (encoded, header_len, start) = encode_header(definition, generator, |start| {
        complete.distance.offset = start;
        complete.parent.offset = start + distance_len;
        Body::Complete(complete)
    })?;
    let file_len =
        start.checked_add(distance_len).and_then(|n| n.checked_add(parent_len)).ok_or(invalid("table", "overflows"))?;
    let mut prefix = Vec::with_capacity(usize::try_from(start).unwrap_or(0));
    prefix.extend_from_slice(&Preamble { version: encoding.version(), file_len, checksum: 0, header_len }.write());
    prefix.extend_from_slice(&encoded);
    prefix.resize(usize::try_from(start).map_err(|_| invalid("header", "larger than memory"))?, 0);
    Ok(PackedHead { prefix, distance_len, parent_len, file_len })
}

/// The checksum of a file written in pieces, in order, with its checksum
/// field as zeros (as [`PackedHead::prefix`] has it): what goes at
/// [`CHECKSUM_AT`], little-endian.
#[derive(Clone, Default)]
pub struct Checksum(xxhash_rust::xxh3::Xxh3);

impl Checksum {
    /// Adds the next bytes of the file.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The checksum of every byte added.
    #[must_use]
    pub fn finish(&self) -> u64 {
        self.0.digest()
    }
}

/// The bytes a header's model of a puzzle borrows: the one description of
/// a puzzle that tables and pattern sets share.
pub(crate) struct ModelParts {
    maps: Vec<u8>,
    orbit_names: String,
    orbit_pieces: Vec<u8>,
    orbit_orientations: Vec<u8>,
    solved_orientations: Vec<u8>,
    twists: Vec<u8>,
}

impl ModelParts {
    pub(crate) fn of(puzzle: &Puzzle) -> Self {
        let orbits: Vec<_> = puzzle.orbits().collect();
        Self {
            maps: (0..puzzle.move_count()).filter_map(|m| puzzle.move_map(m)).flatten().copied().collect(),
            orbit_names: orbits.iter().map(|o| o.name).collect::<Vec<_>>().join(" "),
            orbit_pieces: orbits.iter().map(|o| o.pieces as u8).collect(),
            orbit_orientations: orbits.iter().map(|o| o.orientations).collect(),
            solved_orientations: puzzle.goal_orientations().collect(),
            twists: (0..puzzle.move_count()).filter_map(|m| puzzle.move_twist(m)).flatten().copied().collect(),
        }
    }

    /// The model of `puzzle`, the puzzle these parts were taken from.
    pub(crate) fn model<'a>(&'a self, puzzle: &'a Puzzle) -> Model<'a> {
        match puzzle.kind() {
            Kind::Orbits => Model::Orbits(OrbitModel {
                names: &self.orbit_names,
                pieces: &self.orbit_pieces,
                orientations: &self.orbit_orientations,
                solved: puzzle.goal_values(),
                solved_orientations: &self.solved_orientations,
                move_maps: &self.maps,
                move_twists: &self.twists,
            }),
            kind => Model::Board(Board {
                kind: if kind == Kind::Sliding { KindTag::Sliding } else { KindTag::Permutation },
                rows: puzzle.rows() as u8,
                cols: puzzle.cols() as u8,
                goal: puzzle.goal_values(),
                move_maps: &self.maps,
            }),
        }
    }
}

/// Encodes the header of a file of `definition`'s puzzle whose body `body`
/// builds, given where its first section starts: the first multiple of 8
/// after the header. That offset is a varint inside the header, so the
/// header's length depends on it: both are settled by re-encoding until
/// they agree. The header, its length and the offset.
pub(crate) fn encode_header<'a>(
    definition: &Definition,
    generator: &str,
    mut body: impl FnMut(u64) -> Body<'a>,
) -> Result<(Vec<u8>, u32, u64), EncodeError> {
    let invalid = |field, problem| EncodeError { field, problem };
    let puzzle = definition.puzzle();
    let names: String = definition.move_names().collect::<Vec<_>>().join(" ");
    let parts = ModelParts::of(puzzle);
    let mut start = 0;
    loop {
        let header = Header {
            puzzle_id: definition.id(),
            generator,
            move_names: &names,
            model: parts.model(puzzle),
            ranking: puzzle.ranking().into(),
            body: body(start),
        };
        let encoded = postcard::to_allocvec(&header).map_err(|_| invalid("header", "does not encode"))?;
        let end = format::align((PREAMBLE_LEN + encoded.len()) as u64).ok_or(invalid("header", "overflows"))?;
        if end == start {
            let header_len = u32::try_from(encoded.len()).ok().filter(|&l| l <= MAX_HEADER_LEN);
            return Ok((encoded, header_len.ok_or(invalid("header", "is too long"))?, start));
        }
        start = end;
    }
}
