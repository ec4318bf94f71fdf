//! Pattern sets: patterns of a puzzle's tiles, with one pattern database per
//! pattern (which patterns a puzzle may have, and how their entries
//! combine: [`Puzzle::check_patterns`]). Opening checks the header and
//! every section's place in constant time, like a complete table; a lookup
//! is one bounds-checked read of a packed entry.
//!
//! A pattern set answers by search, not by lookup: the patterns' entries
//! for a state, summed on a sliding board and the largest on a permutation
//! puzzle, are a lower bound on its distance, which the `godtab-search`
//! crate's IDA* uses.

use core::ops::Range;

use godtab_puzzles::{Combine, Definition, MAX_CELLS, MAX_PATTERNS, Puzzle};
use godtab_rank::KPerm;

use crate::format::{self, Body, Patterns};
use crate::open::{Opened, definition_of, range_in, read_header};
use crate::{Error, TableKind};

/// A pattern set over any byte source (like [`Table`](crate::Table)): the
/// puzzle and, for each pattern, its tiles and database.
#[derive(Clone)]
pub struct PatternSet<B> {
    bytes: B,
    definition: Definition,
    generator: Range<usize>,
    patterns: [Info; MAX_PATTERNS],
    count: usize,
}

/// What opening learned about one pattern.
#[derive(Clone, Copy, Debug)]
struct Info {
    /// Tile values, in ranking order.
    tiles: [u8; MAX_CELLS],
    places: KPerm,
    width: u8,
    max: u8,
    bytes: (usize, usize),
}

/// One pattern of a set: its tiles and their database, borrowed from the
/// set's bytes.
#[derive(Clone, Copy, Debug)]
pub struct Pattern<'a> {
    tiles: &'a [u8],
    places: KPerm,
    width: u8,
    max: u8,
    entries: &'a [u8],
}

impl<'a> Pattern<'a> {
    /// The pattern's tile values, in the order their cells are ranked.
    #[must_use]
    pub fn tiles(&self) -> &'a [u8] {
        self.tiles
    }

    /// How the placements of the tiles are ranked: `KPerm::rank` of their
    /// cells (in [`Pattern::tiles`] order) indexes the database.
    #[must_use]
    pub fn places(&self) -> KPerm {
        self.places
    }

    /// The largest entry of the database.
    #[must_use]
    pub fn max(&self) -> u8 {
        self.max
    }

    /// Bits per entry: 4 or 8.
    #[must_use]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// The packed entries.
    #[must_use]
    pub fn entries(&self) -> &'a [u8] {
        self.entries
    }

    /// The lower bound for the placement of rank `rank`: on a sliding board
    /// the fewest moves of the pattern's tiles that bring them home, on a
    /// permutation puzzle the fewest moves that do (every move counts) (0 past the last placement, which a
    /// rank from [`KPerm::rank`] never is).
    #[inline]
    #[must_use]
    pub fn get(&self, rank: u64) -> u8 {
        let rank = rank as usize;
        if self.width == 8 {
            self.entries.get(rank).copied().unwrap_or(0)
        } else {
            let byte = self.entries.get(rank / 2).copied().unwrap_or(0);
            (byte >> ((rank & 1) * 4)) & 0xF
        }
    }
}

impl<B: AsRef<[u8]>> PatternSet<B> {
    /// Opens a pattern set: checks the preamble, decodes the header and
    /// checks the puzzle, the patterns and every section's place against
    /// the bytes, in time that does not depend on the set's size.
    ///
    /// # Errors
    ///
    /// An [`Error`] saying what is wrong and where; [`Error::Kind`] for a
    /// complete table.
    ///
    /// # Panics
    ///
    /// Never, for any bytes; nor does any lookup after a successful open.
    pub fn new(bytes: B) -> Result<Self, Error> {
        let opened = read_header(bytes.as_ref())?;
        let checked = Checked::of(bytes.as_ref(), opened)?;
        Ok(Self::from_checked(bytes, checked))
    }

    /// The set over `bytes`, whose header [`Checked::of`] checked.
    pub(crate) fn from_checked(bytes: B, checked: Checked) -> Self {
        let Checked { definition, generator, patterns, count } = checked;
        Self { bytes, definition, generator, patterns, count }
    }

    /// Checks the checksum over every byte: O(size), as
    /// [`Table::verify`](crate::Table::verify).
    ///
    /// # Errors
    ///
    /// [`Error::Checksum`] if any byte changed since the set was written.
    pub fn verify(&self) -> Result<(), Error> {
        format::verify_checksum(self.bytes.as_ref())
    }

    /// Gives back the byte source.
    #[must_use]
    pub fn into_bytes(self) -> B {
        self.bytes
    }

    /// The byte source.
    #[must_use]
    pub fn bytes(&self) -> &B {
        &self.bytes
    }

    /// The underlying bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.as_ref()
    }

    /// The puzzle, with its id and move names.
    #[must_use]
    pub fn definition(&self) -> &Definition {
        &self.definition
    }

    /// The puzzle.
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        self.definition.puzzle()
    }

    /// What generated the set (name and version).
    #[must_use]
    pub fn generator(&self) -> &str {
        let bytes = self.as_bytes().get(self.generator.clone()).unwrap_or_default();
        core::str::from_utf8(bytes).unwrap_or_default()
    }

    /// How the patterns' entries for a state combine into a lower bound on
    /// its distance: summed on a sliding board, the largest on a
    /// permutation puzzle.
    #[must_use]
    pub fn combine(&self) -> Combine {
        self.puzzle().pattern_combine().unwrap_or(Combine::Max)
    }

    /// How many patterns the set has (1 to [`MAX_PATTERNS`]).
    #[must_use]
    pub fn pattern_count(&self) -> usize {
        self.count
    }

    /// Pattern `index`, or `None` past the last.
    #[must_use]
    pub fn pattern(&self, index: usize) -> Option<Pattern<'_>> {
        let info = self.patterns[..self.count].get(index)?;
        let (start, end) = info.bytes;
        Some(Pattern {
            tiles: &info.tiles[..info.places.items()],
            places: info.places,
            width: info.width,
            max: info.max,
            entries: self.as_bytes().get(start..end).unwrap_or_default(),
        })
    }

    /// Every pattern, in order.
    pub fn patterns(&self) -> impl Iterator<Item = Pattern<'_>> {
        (0..self.count).filter_map(|i| self.pattern(i))
    }
}

/// What opening a pattern set learns and checks, before it owns its bytes.
pub(crate) struct Checked {
    definition: Definition,
    generator: Range<usize>,
    patterns: [Info; MAX_PATTERNS],
    count: usize,
}

impl Checked {
    /// Checks a pattern set whose header [`read_header`] read.
    pub(crate) fn of(all: &[u8], opened: Opened<'_>) -> Result<Self, Error> {
        let Opened { header, header_end } = opened;
        let Body::Patterns(set) = header.body else {
            return Err(Error::Kind { found: header.body.kind(), wanted: TableKind::Patterns });
        };
        let definition = definition_of(&header)?;
        let (patterns, count) = check_patterns(definition.puzzle(), &set)?;
        let patterns = place_sections(patterns, count, &set, header_end, all.len())?;
        let generator = range_in(all, header.generator.as_bytes());
        Ok(Self { definition, generator, patterns, count })
    }
}

/// Checks that the patterns suit the puzzle (the rule of
/// [`Puzzle::check_patterns`]) and that their widths suit their maxima.
fn check_patterns(puzzle: &Puzzle, set: &Patterns<'_>) -> Result<([Info; MAX_PATTERNS], usize), Error> {
    let count = set.sizes.len();
    if count == 0 || count > MAX_PATTERNS || set.widths.len() != count || set.maxima.len() != count {
        return Err(Error::corrupt("patterns", "not one size, width and maximum for each of 1 to 15 patterns"));
    }
    let cells = puzzle.cells();
    let sizes_add_up = Error::corrupt("patterns", "a pattern is empty, or the sizes do not add up to the tiles");
    if set.sizes.iter().map(|&n| usize::from(n)).sum::<usize>() != set.tiles.len() {
        return Err(sizes_add_up);
    }
    let mut rest = set.tiles;
    let split = set.sizes.iter().map(|&n| {
        let (pattern, after) = rest.split_at(usize::from(n));
        rest = after;
        pattern
    });
    if puzzle.check_patterns(split).is_err() {
        return Err(Error::corrupt(
            "patterns",
            "hold the blank, a tile not on the board or a tile twice, or leave one out",
        ));
    }
    let empty = Info { tiles: [0; MAX_CELLS], places: KPerm::EMPTY, width: 4, max: 0, bytes: (0, 0) };
    let mut infos = [empty; MAX_PATTERNS];
    let mut from = 0usize;
    for (i, info) in infos.iter_mut().enumerate().take(count) {
        let size = usize::from(set.sizes[i]);
        info.tiles[..size].copy_from_slice(&set.tiles[from..from + size]);
        from += size;
        info.places =
            KPerm::new(cells, size).ok_or(Error::corrupt("patterns", "a pattern is larger than the board"))?;
        info.max = set.maxima[i];
        info.width = set.widths[i];
        if info.width != Patterns::width_for(info.max) {
            return Err(Error::corrupt("pattern widths", "differ from those of the patterns' maxima"));
        }
    }
    Ok((infos, count))
}

/// Places each pattern's section after the previous one, from `offset`,
/// checking that they fit and that the last one ends the file.
fn place_sections(
    mut infos: [Info; MAX_PATTERNS],
    count: usize,
    set: &Patterns<'_>,
    offset: u64,
    file_len: usize,
) -> Result<[Info; MAX_PATTERNS], Error> {
    let fail = |problem| Error::Section { section: "pattern", offset: set.offset, length: 0, problem };
    if set.offset != offset {
        return Err(fail("does not start where the header ends"));
    }
    let mut at = offset;
    for info in infos.iter_mut().take(count) {
        let length = format::section_len(info.places.count(), info.width).ok_or(fail("is larger than any file"))?;
        let end = at.checked_add(length).ok_or(fail("ends past any file"))?;
        if end > file_len as u64 {
            return Err(fail("runs past the end of the file"));
        }
        // end <= file_len, which is a usize.
        info.bytes = (at as usize, end as usize);
        at = end;
    }
    if at != file_len as u64 {
        return Err(fail("sections do not end the file"));
    }
    Ok(infos)
}
