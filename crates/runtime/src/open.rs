//! Opening a table file: the steps every kind shares (the preamble, the
//! header, the generator's name, where the sections start: [`read_header`])
//! and, for a complete table, every offset, length and count checked
//! against each other and the bytes, in constant time.

use core::ops::Range;

use godtab_puzzles::{Definition, MAX_CELLS, MoveSet, Orbit, Orbits, Puzzle};

use crate::format::{
    self, Board, Body, BodyOf, Complete, Encoding, Header, KindTag, Layout, Model, OrbitModel, PREAMBLE_LEN, Preamble,
    Section,
};
use crate::{Error, TableKind};

/// Everything learned and checked at open: the puzzle the header describes
/// and where things are in the bytes.
#[derive(Clone, Debug)]
pub(crate) struct Meta {
    pub definition: Definition,
    pub encoding: Encoding,
    pub slots: u64,
    pub reachable: u64,
    pub max_depth: u8,
    /// The stored value of an unreachable rank.
    pub marker: u8,
    pub distance: Packed,
    pub parent: Packed,
    pub generator: Range<usize>,
    pub histogram: Range<usize>,
    /// The goal's rank, where every solution ends.
    pub goal_rank: u64,
}

/// A checked section: its byte range and entry width.
#[derive(Clone, Debug)]
pub(crate) struct Packed {
    pub bytes: Range<usize>,
    pub width: u8,
}

impl Meta {
    /// Whether some ranks are unreachable (so the marker can be stored).
    pub fn has_unreachable(&self) -> bool {
        self.reachable < self.slots
    }

    pub fn puzzle(&self) -> &Puzzle {
        self.definition.puzzle()
    }

    /// Checks a complete table whose header [`read_header`] read.
    pub fn parse(bytes: &[u8], opened: Opened<'_>) -> Result<Self, Error> {
        let Opened { header, header_end } = opened;
        let Body::Complete(complete) = header.body else {
            return Err(Error::Kind { found: header.body.kind(), wanted: TableKind::Complete });
        };
        let definition = definition_of(&header)?;
        if definition.puzzle().slots() != complete.states {
            return Err(Error::corrupt("state count", "differs from the size of the puzzle's rank space"));
        }
        check_counts(&complete)?;

        let puzzle = definition.puzzle();
        complete.encoding.check(puzzle).map_err(|problem| Error::corrupt("encoding", problem))?;
        let layout =
            complete.encoding.layout(complete.max_depth, complete.reachable < complete.states, puzzle.move_count());
        let (distance, parent) = check_sections(&complete, layout, header_end, bytes.len())?;

        let goal_rank = puzzle.rank(&puzzle.goal());
        Ok(Self {
            encoding: complete.encoding,
            slots: complete.states,
            reachable: complete.reachable,
            max_depth: complete.max_depth,
            marker: layout.marker,
            distance,
            parent,
            generator: range_in(bytes, header.generator.as_bytes()),
            histogram: range_in(bytes, complete.histogram),
            goal_rank,
            definition,
        })
    }
}

/// A file's header, read and checked the way every kind of table file is:
/// the preamble (in order: magic label, endianness, version, length), the
/// header decoded, the generator's name, and where the first section
/// starts.
pub(crate) struct Opened<'a, B = Body<'a>> {
    pub header: Header<'a, B>,
    /// The first multiple of 8 after the header: where sections start.
    pub header_end: u64,
}

/// Reads the preamble and header of `bytes` (see [`Opened`]).
pub(crate) fn read_header<'a, B: BodyOf<'a>>(bytes: &'a [u8]) -> Result<Opened<'a, B>, Error> {
    let preamble = Preamble::read(bytes)?;
    let header_bytes = preamble.header(bytes);
    let end = PREAMBLE_LEN + header_bytes.len();
    let header = Header::decode(preamble.version, header_bytes)?;
    if !format::is_generator(header.generator) {
        return Err(Error::corrupt("generator", "longer than 64 bytes or holds a control character"));
    }
    let header_end = format::align(end as u64).ok_or(Error::corrupt("header length (byte 32)", "overflows"))?;
    Ok(Opened { header, header_end })
}

/// Where `part` (a slice of `whole`) sits in `whole`.
pub(crate) fn range_in(whole: &[u8], part: &[u8]) -> Range<usize> {
    let start = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
    start..start + part.len()
}

/// Rebuilds the puzzle the header describes, with its id and move names,
/// checking them all.
pub(crate) fn definition_of(header: &Header<'_>) -> Result<Definition, Error> {
    let puzzle = match header.model {
        Model::Board(Board { kind, rows, cols, goal, move_maps }) => {
            let moves = match kind {
                KindTag::Permutation => MoveSet::Permutation(move_maps),
                // The move names record the order of the sliding moves; names
                // other than u, d, l, r once each keep the declared order.
                KindTag::Sliding if move_maps.is_empty() => {
                    MoveSet::sliding_named(header.move_names.split(' ')).unwrap_or(MoveSet::Sliding)
                }
                KindTag::Sliding => return Err(Error::corrupt("move maps", "present for a sliding puzzle")),
            };
            Puzzle::new(usize::from(rows), usize::from(cols), goal, moves)
        }
        Model::Orbits(model) => orbit_puzzle(&model)?,
    };
    let definition = puzzle
        .and_then(|p| p.with_ranking(header.ranking.into()))
        .and_then(|p| Definition::new(header.puzzle_id, header.move_names.split(' '), p))
        .map_err(Error::Puzzle)?;
    Ok(definition)
}

/// Rebuilds an orbit puzzle (the model checks it all), its orbits' names
/// and shapes read without allocating.
fn orbit_puzzle(model: &OrbitModel<'_>) -> Result<Result<Puzzle, godtab_puzzles::ModelError>, Error> {
    let not_one_each = || Error::corrupt("orbits", "do not have one name, piece count and orientation count each");
    let count = model.pieces.len();
    if count > MAX_CELLS || model.orientations.len() != count {
        return Err(not_one_each());
    }
    let mut orbits = [Orbit { name: "", pieces: 0, orientations: 0 }; MAX_CELLS];
    let mut names = model.names.split(' ');
    for (orbit, (&pieces, &orientations)) in orbits.iter_mut().zip(model.pieces.iter().zip(model.orientations)) {
        let name = names.next().ok_or_else(not_one_each)?;
        *orbit = Orbit { name, pieces: usize::from(pieces), orientations };
    }
    if names.next().is_some() {
        return Err(not_one_each());
    }
    Ok(Puzzle::new_orbits(&Orbits {
        orbits: &orbits[..count],
        solved: model.solved,
        solved_orientations: model.solved_orientations,
        maps: model.move_maps,
        twists: model.move_twists,
    }))
}

/// Checks the counts against each other: reachable states, God's number and
/// the histogram.
pub(crate) fn check_counts(header: &Complete<'_>) -> Result<(), Error> {
    if header.reachable == 0 || header.reachable > header.states {
        return Err(Error::corrupt("reachable count", "is zero or larger than the state count"));
    }
    if header.max_depth == format::UNREACHED {
        return Err(Error::corrupt("God's number", "is 255, which is reserved"));
    }
    if header.histogram.len() != 8 * (usize::from(header.max_depth) + 1) {
        return Err(Error::corrupt("histogram", "does not have one count per distance"));
    }
    let mut total: u64 = 0;
    for (depth, count) in header.histogram.chunks_exact(8).enumerate() {
        let count = format::read_u64(count, 0);
        if count == 0 || (depth == 0 && count != 1) {
            return Err(Error::corrupt("histogram", "has an empty level, or more than one goal"));
        }
        total = total.checked_add(count).ok_or(Error::corrupt("histogram", "overflows"))?;
    }
    if total != header.reachable {
        return Err(Error::corrupt("histogram", "does not add up to the reachable count"));
    }
    Ok(())
}

/// Checks a complete table's two sections: the widths `layout` gives,
/// the distance section right after the header, the parent section right
/// after it and ending the file.
pub(crate) fn check_sections(
    complete: &Complete<'_>,
    layout: Layout,
    header_end: u64,
    file_len: usize,
) -> Result<(Packed, Packed), Error> {
    check_widths(complete, layout)?;
    let distance = check_section("distance", complete.distance, complete.states, header_end, file_len)?;
    let parent = check_section("parent", complete.parent, complete.states, distance.bytes.end as u64, file_len)?;
    if parent.bytes.end != file_len {
        return Err(Error::Section {
            section: "parent",
            offset: complete.parent.offset,
            length: complete.parent.length,
            problem: "does not end the file",
        });
    }
    Ok((distance, parent))
}

/// Checks the section widths: exactly those the writer gives this
/// encoding, God's number and move count.
fn check_widths(header: &Complete<'_>, layout: Layout) -> Result<(), Error> {
    if (header.distance.width, header.parent.width) != (layout.distance, layout.parent) {
        return Err(Error::corrupt(
            "section widths",
            "differ from those of this encoding, God's number and move count",
        ));
    }
    Ok(())
}

/// Checks one section: starting exactly at `offset` (where what comes
/// before it ends), the exact length for its entries, inside the file.
fn check_section(
    name: &'static str,
    section: Section,
    states: u64,
    offset: u64,
    file_len: usize,
) -> Result<Packed, Error> {
    let fail = |problem| Error::Section { section: name, offset: section.offset, length: section.length, problem };
    if section.offset != offset {
        return Err(fail("does not start where what comes before it ends"));
    }
    if format::section_len(states, section.width) != Some(section.length) {
        return Err(fail("does not match the state count and entry width"));
    }
    let end = section.offset.checked_add(section.length).ok_or(fail("ends past any file"))?;
    if end > file_len as u64 {
        return Err(fail("runs past the end of the file"));
    }
    // end <= file_len, which is a usize.
    Ok(Packed { bytes: section.offset as usize..end as usize, width: section.width })
}
