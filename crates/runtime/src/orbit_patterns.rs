//! Orbit pattern sets (body tag 2): a twisty puzzle of up to 32 pieces,
//! its patterns over orbits, and a table of lower bounds per pattern.
//!
//! This crate checks the file's structure at open (every length, count and
//! section against the others and the file, in constant time) and hands
//! the parts out as borrowed bytes; `godtab-twisty` builds the puzzle, its
//! symmetries and the patterns' numbering from them, checks that each
//! table has the entries its pattern numbers, and searches.

use core::ops::Range;

use crate::format::{Body, Model, OrbitPatterns};
use crate::open::{Opened, range_in};
use crate::{Error, TableKind};

/// The most pieces (positions) an orbit pattern set's puzzle may have.
pub const MAX_ORBIT_POSITIONS: usize = 32;

/// The most orbits its puzzle may have.
pub const MAX_ORBIT_COUNT: usize = 8;

/// The most patterns an orbit pattern set may have.
pub const MAX_ORBIT_PATTERNS: usize = 8;

/// The most moves its puzzle may have.
pub const MAX_ORBIT_MOVES: usize = 64;

/// Sections start at multiples of this (a cache line, so that a 2-bit
/// table's blocks of 254 entries are whole lines).
pub const ORBIT_SECTION_ALIGN: u64 = 64;

/// Entries per 64-byte line of a 2-bit table (the line's last 4 bits hold
/// the least distance of its entries).
pub const ORBIT_LINE_ENTRIES: u64 = 254;

/// The puzzle of an orbit pattern set, as the file gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrbitPuzzle<'a> {
    /// The puzzle's id.
    pub id: &'a str,
    /// The moves' names in order, separated by single spaces.
    pub move_names: &'a str,
    /// The orbits' names in order, separated by single spaces.
    pub orbit_names: &'a str,
    /// Pieces of each orbit.
    pub pieces: &'a [u8],
    /// Orientations of each orbit's pieces.
    pub orientations: &'a [u8],
    /// The solved state's piece at every position, numbered from 0 within
    /// its orbit (equal numbers cannot be told apart).
    pub solved: &'a [u8],
    /// Every move's position map, one byte per position, one move after
    /// another (after the move, position `i` holds the piece that was at
    /// `map[i]`).
    pub move_maps: &'a [u8],
    /// Every move's twists, laid out like `move_maps` (the orientation at
    /// `i` after the move is the one that was at `map[i]` plus `twist[i]`).
    pub move_twists: &'a [u8],
}

/// One pattern of an orbit pattern set and its table's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrbitTable<'a> {
    /// The group of every piece within its orbit.
    pub groups: &'a [u8],
    /// 1 for every piece whose orientation counts, else 0.
    pub oriented: &'a [u8],
    /// Entries of the table.
    pub entries: u64,
    /// Bits per entry: 4 (the distance) or 2 (relative to `base`).
    pub width: u8,
    /// The base of a 2-bit table.
    pub base: u8,
    /// Entries at each distance, a u64 each, little-endian.
    pub histogram: &'a [u8],
}

impl OrbitTable<'_> {
    /// Bytes of the table's section: 4-bit entries two to a byte, or
    /// 2-bit entries in 64-byte lines of 254.
    #[must_use]
    pub fn data_len(&self) -> u64 {
        if self.width == 4 { self.entries.div_ceil(2) } else { self.entries.div_ceil(ORBIT_LINE_ENTRIES) * 64 }
    }

    /// Entries at each distance, from 0.
    pub fn histogram(&self) -> impl Iterator<Item = u64> + '_ {
        self.histogram.chunks_exact(8).map(|c| {
            let mut word = [0u8; 8];
            word.copy_from_slice(c);
            u64::from_le_bytes(word)
        })
    }
}

/// Where everything of an orbit pattern set lies in its bytes, as open
/// checked it.
#[derive(Clone, Debug)]
pub(crate) struct OrbitChecked {
    id: Range<usize>,
    generator: Range<usize>,
    move_names: Range<usize>,
    orbit_names: Range<usize>,
    pieces: Range<usize>,
    orientations: Range<usize>,
    solved: Range<usize>,
    move_maps: Range<usize>,
    move_twists: Range<usize>,
    groups: Range<usize>,
    oriented: Range<usize>,
    entries: Range<usize>,
    widths: Range<usize>,
    bases: Range<usize>,
    histogram_lens: Range<usize>,
    histograms: Range<usize>,
    symmetry: bool,
    symmetries: u16,
    patterns: usize,
    positions: usize,
    /// Each pattern's section.
    sections: [Range<usize>; MAX_ORBIT_PATTERNS],
}

/// The sections of the tables `tables` starting at `offset`, each at a
/// multiple of 64 bytes; and where the last ends. `None` on overflow.
pub(crate) fn layout<'t>(offset: u64, tables: impl Iterator<Item = OrbitTable<'t>>) -> Option<(Sections, u64)> {
    let mut at = offset;
    let mut out = Sections::default();
    for table in tables {
        let data = at..at.checked_add(table.data_len())?;
        at = data.end.checked_next_multiple_of(ORBIT_SECTION_ALIGN)?;
        out.push(data)?;
    }
    Some((out, at))
}

/// Up to [`MAX_ORBIT_PATTERNS`] sections, without an allocator.
#[derive(Default)]
pub(crate) struct Sections {
    pub(crate) len: usize,
    pub(crate) items: [Range<u64>; MAX_ORBIT_PATTERNS],
}

impl Sections {
    fn push(&mut self, data: Range<u64>) -> Option<()> {
        *self.items.get_mut(self.len)? = data;
        self.len += 1;
        Some(())
    }
}

fn le_u64(bytes: &[u8], i: usize) -> u64 {
    let mut word = [0u8; 8];
    if let Some(b) = bytes.get(i * 8..i * 8 + 8) {
        word.copy_from_slice(b);
    }
    u64::from_le_bytes(word)
}

impl OrbitChecked {
    /// Checks an orbit pattern set whose header [`read_header`](crate::open::read_header) read.
    pub(crate) fn of(bytes: &[u8], opened: Opened<'_>) -> Result<Self, Error> {
        let Opened { header, header_end } = opened;
        let Body::OrbitPatterns(body) = header.body else {
            return Err(Error::Kind { found: header.body.kind(), wanted: TableKind::OrbitPatterns });
        };
        let Model::Orbits(model) = header.model else {
            return Err(Error::corrupt("model", "an orbit pattern set's puzzle is not an orbit puzzle"));
        };
        let orbits = model.names.split(' ').count();
        if model.names.is_empty()
            || orbits > MAX_ORBIT_COUNT
            || model.pieces.len() != orbits
            || model.orientations.len() != orbits
        {
            return Err(Error::corrupt("orbits", "their names, pieces and orientations do not agree"));
        }
        let positions: usize = model.pieces.iter().map(|&p| usize::from(p)).sum();
        if positions == 0 || positions > MAX_ORBIT_POSITIONS || model.pieces.contains(&0) {
            return Err(Error::corrupt("orbits", "hold no piece, or more than 32 in all"));
        }
        if model.orientations.iter().any(|&o| !(1..=8).contains(&o)) {
            return Err(Error::corrupt("orbits", "an orientation count is not 1 to 8"));
        }
        if model.solved.len() != positions || model.solved_orientations.len() != positions {
            return Err(Error::corrupt("solved state", "is not one piece per position"));
        }
        let mut start = 0;
        for &pieces in model.pieces {
            let end = start + usize::from(pieces);
            if model.solved[start..end].iter().any(|&p| p >= pieces) {
                return Err(Error::corrupt("solved state", "names a piece past its orbit"));
            }
            start = end;
        }
        if model.solved_orientations.iter().any(|&o| o != 0) {
            return Err(Error::corrupt("solved state", "is turned"));
        }
        let moves = if header.move_names.is_empty() { 0 } else { header.move_names.split(' ').count() };
        if moves == 0 || moves > MAX_ORBIT_MOVES {
            return Err(Error::corrupt("moves", "are not 1 to 64"));
        }
        if model.move_maps.len() != moves * positions || model.move_twists.len() != moves * positions {
            return Err(Error::corrupt("moves", "are not one map and one twist of every position each"));
        }
        let patterns = body.groups.len() / positions;
        if patterns == 0
            || patterns > MAX_ORBIT_PATTERNS
            || body.groups.len() != patterns * positions
            || body.oriented.len() != patterns * positions
        {
            return Err(Error::corrupt("patterns", "are not 1 to 8 patterns of every piece"));
        }
        if body.entries.len() != 8 * patterns
            || body.widths.len() != patterns
            || body.bases.len() != patterns
            || body.histogram_lens.len() != patterns
        {
            return Err(Error::corrupt("tables", "are not one per pattern"));
        }
        if body.widths.iter().any(|&w| w != 2 && w != 4) {
            return Err(Error::corrupt("tables", "an entry width is neither 2 nor 4"));
        }
        let lens: usize = body.histogram_lens.iter().map(|&l| usize::from(l)).sum();
        if body.histograms.len() != 8 * lens {
            return Err(Error::corrupt("histograms", "do not have the lengths given"));
        }
        if body.offset % ORBIT_SECTION_ALIGN != 0 || body.offset < header_end {
            return Err(Error::corrupt("section offset", "is not a multiple of 64 after the header"));
        }
        let tables = (0..patterns).map(|p| table_of(&body, positions, p));
        let (sections, end) = layout(body.offset, tables).ok_or(Error::corrupt("tables", "their sections overflow"))?;
        if end != bytes.len() as u64 {
            return Err(Error::corrupt("tables", "their sections do not end the file"));
        }
        let mut checked_sections: [Range<usize>; MAX_ORBIT_PATTERNS] = Default::default();
        for (slot, data) in checked_sections.iter_mut().zip(&sections.items[..sections.len]) {
            *slot = data.start as usize..data.end as usize;
        }
        Ok(Self {
            id: range_in(bytes, header.puzzle_id.as_bytes()),
            generator: range_in(bytes, header.generator.as_bytes()),
            move_names: range_in(bytes, header.move_names.as_bytes()),
            orbit_names: range_in(bytes, model.names.as_bytes()),
            pieces: range_in(bytes, model.pieces),
            orientations: range_in(bytes, model.orientations),
            solved: range_in(bytes, model.solved),
            move_maps: range_in(bytes, model.move_maps),
            move_twists: range_in(bytes, model.move_twists),
            groups: range_in(bytes, body.groups),
            oriented: range_in(bytes, body.oriented),
            entries: range_in(bytes, body.entries),
            widths: range_in(bytes, body.widths),
            bases: range_in(bytes, body.bases),
            histogram_lens: range_in(bytes, body.histogram_lens),
            histograms: range_in(bytes, body.histograms),
            symmetry: body.symmetry,
            symmetries: body.symmetries,
            patterns,
            positions,
            sections: checked_sections,
        })
    }
}

/// Pattern `p`'s table as the body gives it.
fn table_of<'a>(body: &OrbitPatterns<'a>, positions: usize, p: usize) -> OrbitTable<'a> {
    let before: usize = body.histogram_lens[..p].iter().map(|&l| usize::from(l)).sum();
    let len = usize::from(body.histogram_lens[p]);
    OrbitTable {
        groups: &body.groups[p * positions..(p + 1) * positions],
        oriented: &body.oriented[p * positions..(p + 1) * positions],
        entries: le_u64(body.entries, p),
        width: body.widths[p],
        base: body.bases[p],
        histogram: &body.histograms[before * 8..(before + len) * 8],
    }
}

/// An orbit pattern set, opened: its parts as borrowed bytes.
#[derive(Clone, Debug)]
pub struct OrbitPatternSet<B> {
    bytes: B,
    checked: OrbitChecked,
}

fn text(bytes: &[u8]) -> &str {
    core::str::from_utf8(bytes).unwrap_or_default()
}

impl<B: AsRef<[u8]>> OrbitPatternSet<B> {
    pub(crate) fn from_checked(bytes: B, checked: OrbitChecked) -> Self {
        Self { bytes, checked }
    }

    fn slice(&self, range: &Range<usize>) -> &[u8] {
        self.bytes.as_ref().get(range.clone()).unwrap_or_default()
    }

    /// The underlying bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.as_ref()
    }

    /// The byte source.
    #[must_use]
    pub fn bytes(&self) -> &B {
        &self.bytes
    }

    /// The byte source, given back.
    #[must_use]
    pub fn into_bytes(self) -> B {
        self.bytes
    }

    /// The puzzle's id.
    #[must_use]
    pub fn id(&self) -> &str {
        text(self.slice(&self.checked.id))
    }

    /// What generated the file.
    #[must_use]
    pub fn generator(&self) -> &str {
        text(self.slice(&self.checked.generator))
    }

    /// The puzzle, as the file gives it.
    #[must_use]
    pub fn puzzle(&self) -> OrbitPuzzle<'_> {
        let c = &self.checked;
        OrbitPuzzle {
            id: self.id(),
            move_names: text(self.slice(&c.move_names)),
            orbit_names: text(self.slice(&c.orbit_names)),
            pieces: self.slice(&c.pieces),
            orientations: self.slice(&c.orientations),
            solved: self.slice(&c.solved),
            move_maps: self.slice(&c.move_maps),
            move_twists: self.slice(&c.move_twists),
        }
    }

    /// How many patterns.
    #[must_use]
    pub fn pattern_count(&self) -> usize {
        self.checked.patterns
    }

    /// Whether the tables are reduced by the puzzle's symmetries.
    #[must_use]
    pub fn symmetry(&self) -> bool {
        self.checked.symmetry
    }

    /// How many symmetries the generator found in the puzzle's moves.
    #[must_use]
    pub fn symmetries(&self) -> u16 {
        self.checked.symmetries
    }

    /// Pattern `p` and its table's shape (`None` past the last).
    #[must_use]
    pub fn table(&self, p: usize) -> Option<OrbitTable<'_>> {
        let c = &self.checked;
        if p >= c.patterns {
            return None;
        }
        let lens = self.slice(&c.histogram_lens);
        let before: usize = lens[..p].iter().map(|&l| usize::from(l)).sum();
        let len = usize::from(lens[p]);
        let n = c.positions;
        Some(OrbitTable {
            groups: self.slice(&c.groups).get(p * n..(p + 1) * n).unwrap_or_default(),
            oriented: self.slice(&c.oriented).get(p * n..(p + 1) * n).unwrap_or_default(),
            entries: le_u64(self.slice(&c.entries), p),
            width: self.slice(&c.widths)[p],
            base: self.slice(&c.bases)[p],
            histogram: self.slice(&c.histograms).get(before * 8..(before + len) * 8).unwrap_or_default(),
        })
    }

    /// Pattern `p`'s table section.
    #[must_use]
    pub fn section(&self, p: usize) -> &[u8] {
        match self.checked.sections.get(p).filter(|_| p < self.checked.patterns) {
            Some(data) => self.slice(data),
            None => &[],
        }
    }

    /// Checks the checksum over every byte: O(size), at memory speed.
    ///
    /// # Errors
    ///
    /// [`Error::Checksum`] if any byte changed since the file was written.
    pub fn verify(&self) -> Result<(), Error> {
        crate::format::verify_checksum(self.as_bytes())
    }
}
