//! The lean lookup: a complete table of a board puzzle answered with no
//! puzzle model, for firmware that pays for every byte of code and RAM.
//!
//! [`Table`](crate::Table) rebuilds the general puzzle model at open (any
//! kind, any ranking, a few kilobytes of RAM and tens of kilobytes of
//! code). A [`Lookup`] reads only what a board's queries need into a
//! [`LookupLayout`] of plain numbers (under two hundred bytes), and answers
//! from tile values with one ranking function compiled once. It opens
//! sliding boards of single-tile moves and permutation puzzles, of distinct
//! tiles, in every encoding; other tables are refused with
//! [`Error::Unsupported`] (open them with `Table`).
//!
//! A program built for one table can go further: the layout is computed at
//! build time ([`LookupLayout::rust_source`], from a build script) and
//! [`Lookup::with_layout`] opens the bytes against it without decoding the
//! header at all.

use godtab_puzzles::{BLANK, StateError};

mod layout;

pub use layout::{LookupLayout, LookupMoves, LookupRanking, SectionAt};
use layout::{label_of, section, words};

use crate::bits;
use crate::format::{self, Encoding};
use crate::{Error, QueryError};

/// The most cells a lookup handles (the runtime's limit).
const CELLS: usize = godtab_puzzles::MAX_CELLS;

/// A complete table of a board puzzle, opened with no puzzle model: a
/// borrowed byte slice and its [`LookupLayout`], for firmware that pays for
/// every byte of code and RAM.
///
/// [`Table`](crate::Table) rebuilds the general puzzle model at open (any
/// kind, any ranking: a few kilobytes of RAM and tens of kilobytes of
/// code). A lookup reads only what a board's queries need (under two
/// hundred bytes of plain numbers) and answers from tile values with one ranking
/// function compiled once. It opens sliding boards of single-tile moves
/// and permutation puzzles, of distinct tiles, in every encoding, and gives
/// the answers `Table` gives, move for move; other tables are refused with
/// [`Error::Unsupported`].
///
/// A program built for one table can go further: its build script computes
/// the layout ([`LookupLayout::rust_source`]) and [`Lookup::with_layout`]
/// opens the bytes against it without decoding the header at all.
///
/// ```
/// use godtab_runtime::{Error, Lookup};
///
/// static SLIDE_2X3: &[u8] = include_bytes!("../../tests/fixtures/v2/slide-2x3.gtab");
///
/// fn main() -> Result<(), Error> {
///     let lookup = Lookup::new(SLIDE_2X3)?;
///     assert_eq!(lookup.distance(&[1, 2, 3, 0, 4, 5])?, Some(2));
///     let mut moves = [0u8; 8];
///     let len = lookup.solve_into(&[1, 2, 3, 0, 4, 5], &mut moves)?;
///     assert_eq!(&moves[..len], &[3, 3]); // r r
///     let fixed = Lookup::with_layout(SLIDE_2X3, lookup.layout())?;
///     assert_eq!(fixed.distance(&[1, 2, 3, 4, 0, 5])?, Some(1));
///     Ok(())
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Lookup<'a> {
    bytes: &'a [u8],
    layout: LookupLayout,
}

const SECTION_SHORT: &str = "a section is shorter than the header says";
const ABOVE_GODS_NUMBER: &str = "a stored distance is above God's number";
const NO_CLOSER_MOVE: &str = "no move leads one step closer to the goal";
const WALK_DISAGREES: &str = "the walk to the goal disagrees with the stored distance";
const MISSED_THE_GOAL: &str = "its moves do not lead to the goal";

/// A state as a lookup walks it: labels cell by cell and the blank's cell.
#[derive(Clone, Copy)]
struct Cells {
    labels: [u8; CELLS],
    blank: u8,
}

impl<'a> Lookup<'a> {
    /// Opens a complete table of a board puzzle: the preamble, the header,
    /// every offset and length, the board, its moves and its ranking checked
    /// as [`Table::new`](crate::Table::new) checks them, in constant time.
    ///
    /// # Errors
    ///
    /// [`Error::Unsupported`] for a table a lookup does not answer (a
    /// pattern set, an orbit puzzle, repeated tiles, the multi-tile metric,
    /// sliding moves named other than u, d, l, r); otherwise as
    /// [`Table::new`](crate::Table::new).
    pub fn new(bytes: &'a [u8]) -> Result<Self, Error> {
        let layout = LookupLayout::read(bytes)?;
        Ok(Self { bytes, layout })
    }

    /// Opens `bytes` as the table `layout` was computed from (at build
    /// time, by [`LookupLayout::rust_source`]): only the preamble is read,
    /// the header is not decoded, so the decoder is not linked in.
    ///
    /// # Errors
    ///
    /// [`Error::NotATable`], [`Error::Version`] or [`Error::Length`] as at
    /// any open, and [`Error::Corrupt`] when the stored checksum or the
    /// length differs from the layout's: the bytes are another table.
    pub fn with_layout(bytes: &'a [u8], layout: &LookupLayout) -> Result<Self, Error> {
        let preamble = format::Preamble::read(bytes)?;
        if preamble.checksum != layout.checksum || preamble.file_len != layout.file_len {
            return Err(Error::corrupt("checksum (byte 24)", "differs from the table this program was built for"));
        }
        layout.check()?;
        let lookup = Self { bytes, layout: *layout };
        if let LookupMoves::Permutation { at } = layout.moves {
            let n = lookup.cells();
            let start = at as usize;
            let maps = bytes.get(start..start.saturating_add(n * lookup.move_count()));
            if !maps.is_some_and(|maps| maps.chunks_exact(n).all(godtab_rank::is_permutation)) {
                return Err(Error::corrupt("move maps", "a map is not a permutation of the cells"));
            }
        }
        Ok(lookup)
    }

    /// The layout: what open learned.
    #[must_use]
    pub fn layout(&self) -> &LookupLayout {
        &self.layout
    }

    /// Cells on the board.
    #[must_use]
    pub fn cells(&self) -> usize {
        usize::from(self.layout.rows) * usize::from(self.layout.cols)
    }

    /// How many moves the puzzle has.
    #[must_use]
    pub fn move_count(&self) -> usize {
        usize::from(self.layout.move_count)
    }

    /// The name of move `index`, or `None` past the last move.
    #[must_use]
    pub fn move_name(&self, index: usize) -> Option<&'a str> {
        let names = section(self.bytes, &self.layout.names);
        words(core::str::from_utf8(names).ok()?).nth(index)
    }

    /// God's number: the most moves any state needs.
    #[must_use]
    pub fn max_depth(&self) -> u8 {
        self.layout.max_depth
    }

    /// The number of moves from the state with these tile values (reading
    /// order, 0 for the blank) to the goal, or `None` if it cannot reach it.
    /// A full table answers with one read; compact and parity tables walk to
    /// the goal, O(distance x moves).
    ///
    /// # Errors
    ///
    /// [`Error::State`] for values that are not a state of the puzzle,
    /// [`Error::Query`] if the table contradicts itself.
    pub fn distance(&self, values: &[u8]) -> Result<Option<u8>, Error> {
        let cells = self.cells_of(values)?;
        let Some(rank) = self.rank(&cells) else { return Ok(None) };
        Ok(self.distance_from(cells, rank)?)
    }

    /// Writes the moves of the lexicographically least optimal solution (move
    /// indices, see [`Lookup::move_name`]) into `out` and returns how many
    /// there are; the same moves as [`Table::solve_into`](crate::Table::solve_into).
    ///
    /// # Errors
    ///
    /// As [`Lookup::distance`]; [`QueryError::Unsolvable`] if the goal
    /// cannot be reached, [`QueryError::BufferTooSmall`] (nothing useful
    /// written).
    pub fn solve_into(&self, values: &[u8], out: &mut [u8]) -> Result<usize, Error> {
        let mut cells = self.cells_of(values)?;
        let mut rank = self.rank(&cells).ok_or(QueryError::Unsolvable)?;
        let distance = self.distance_from(cells, rank)?.ok_or(QueryError::Unsolvable)?;
        let needed = usize::from(distance);
        let out = out.get_mut(..needed).ok_or(QueryError::BufferTooSmall { needed })?;
        for (step, slot) in out.iter_mut().enumerate() {
            let m = match self.layout.encoding {
                Encoding::Full => {
                    let m = self.parent(rank)?;
                    if !self.apply(&mut cells, m) {
                        return Err(QueryError::Corrupt(NO_CLOSER_MOVE).into());
                    }
                    rank = self.rank(&cells).ok_or(QueryError::Corrupt(NO_CLOSER_MOVE))?;
                    m
                }
                _ => {
                    let here = self.residue(rank, &cells)?.ok_or(QueryError::Corrupt(NO_CLOSER_MOVE))?;
                    let m;
                    (m, cells, rank) = self.closer_move(&cells, here)?;
                    m
                }
            };
            if step + 1 == needed && rank != self.layout.goal_rank {
                return Err(QueryError::Corrupt(MISSED_THE_GOAL).into());
            }
            // Move indices are below 64.
            *slot = m as u8;
        }
        Ok(needed)
    }

    /// The labels and blank cell of tile values, checked in the order
    /// [`Table`](crate::Table) checks them (each tile, then the count), so
    /// that both give the same error.
    fn cells_of(&self, values: &[u8]) -> Result<Cells, StateError> {
        let n = self.cells();
        let sliding = matches!(self.layout.moves, LookupMoves::Sliding(_));
        let mut cells = Cells { labels: [0; CELLS], blank: 0 };
        let mut seen = 0u32;
        for (cell, &value) in values.iter().enumerate() {
            if cell >= n {
                return Err(StateError::WrongCount { expected: n, found: n + 1 });
            }
            let blank = sliding && value == BLANK;
            let Some(found) = label_of(&self.layout.tiles, value, sliding, n).filter(|&l| usize::from(l) < n) else {
                return Err(StateError::UnknownTile { cell: cell + 1, value, blank });
            };
            if seen & 1 << found != 0 {
                return Err(StateError::RepeatedTile { cell: cell + 1, value, blank });
            }
            seen |= 1 << found;
            cells.labels[cell & (CELLS - 1)] = found;
            if blank {
                cells.blank = cell as u8;
            }
        }
        if values.len() != n {
            return Err(StateError::WrongCount { expected: n, found: values.len() });
        }
        Ok(cells)
    }

    /// The rank of `cells`, `None` outside the rank space.
    fn rank(&self, cells: &Cells) -> Option<u64> {
        let labels = cells.labels.get(..self.cells())?;
        match self.layout.ranking {
            LookupRanking::Lex => Some(godtab_rank::rank_lex_parity_small(labels).0),
            LookupRanking::Parity { goal_odd } => {
                let (lex, odd) = godtab_rank::rank_lex_parity_small(labels);
                (odd == goal_odd).then_some(lex >> 1)
            }
            LookupRanking::BlankParity { stride, odd_tiles_by_blank } => {
                let blank_label = (labels.len() - 1) as u8;
                let (lex, odd, blank) = godtab_rank::rank_lex_parity_skipping_small(labels, blank_label);
                let expected = odd_tiles_by_blank >> (blank & (CELLS - 1)) & 1 == 1;
                (odd == expected).then_some((blank as u64).wrapping_mul(stride).wrapping_add(lex >> 1))
            }
        }
    }

    /// Applies move `m` to `cells`: false if it is impossible there.
    fn apply(&self, cells: &mut Cells, m: usize) -> bool {
        let n = self.cells();
        match self.layout.moves {
            LookupMoves::Sliding(directions) => {
                let Some(&direction) = directions.get(m) else { return false };
                let (cols, blank) = (usize::from(self.layout.cols), usize::from(cells.blank));
                let (Some(row), Some(col)) = (blank.checked_div(cols), blank.checked_rem(cols)) else { return false };
                let target = match direction {
                    0 if row > 0 => blank - cols,
                    1 if row + 1 < usize::from(self.layout.rows) => blank + cols,
                    2 if col > 0 => blank - 1,
                    3 if col + 1 < cols => blank + 1,
                    _ => return false,
                };
                cells.labels.swap(blank & (CELLS - 1), target & (CELLS - 1));
                cells.blank = target as u8;
                true
            }
            LookupMoves::Permutation { at } => {
                let start = (at as usize).saturating_add(m.saturating_mul(n));
                let Some(map) = self.bytes.get(start..start.saturating_add(n)) else { return false };
                if m >= self.move_count() {
                    return false;
                }
                let old = cells.labels;
                for (label, &source) in cells.labels.iter_mut().zip(map) {
                    *label = old[usize::from(source) & (CELLS - 1)];
                }
                true
            }
        }
    }

    /// The stored distance field of a rank (see
    /// [`Table::distance_of_rank`](crate::Table::distance_of_rank)); `None`
    /// if unreachable.
    fn stored(&self, rank: u64) -> Result<Option<u8>, QueryError> {
        let layout = &self.layout;
        if rank >= layout.slots {
            return Ok(None);
        }
        let raw = bits::read(section(self.bytes, &layout.distance), rank, layout.distance.width)
            .ok_or(QueryError::Corrupt(SECTION_SHORT))?;
        if Some(raw) == layout.marker {
            return Ok(None);
        }
        let most = match layout.encoding {
            Encoding::Compact => layout.max_depth.min(2),
            Encoding::Parity => (layout.max_depth / 2).min(1),
            _ => layout.max_depth,
        };
        if raw > most {
            return Err(QueryError::Corrupt(ABOVE_GODS_NUMBER));
        }
        Ok(Some(raw))
    }

    fn parent(&self, rank: u64) -> Result<usize, QueryError> {
        let m = bits::read(section(self.bytes, &self.layout.parent), rank, self.layout.parent.width)
            .ok_or(QueryError::Corrupt(SECTION_SHORT))?;
        let m = usize::from(m);
        if m < self.move_count() { Ok(m) } else { Err(QueryError::Corrupt(NO_CLOSER_MOVE)) }
    }

    /// Compact and parity tables: the distance modulo 3 or 4.
    fn residue(&self, rank: u64, cells: &Cells) -> Result<Option<u8>, QueryError> {
        let Some(stored) = self.stored(rank)? else { return Ok(None) };
        Ok(Some(match self.layout.encoding {
            Encoding::Parity => 2 * stored + (self.colour(cells.blank) ^ self.colour(self.layout.goal_blank)),
            _ => stored,
        }))
    }

    /// A cell's colour on a chessboard.
    fn colour(&self, cell: u8) -> u8 {
        let cols = self.layout.cols.max(1);
        (cell / cols + cell % cols) % 2
    }

    /// Compact and parity tables: the first move to a neighbour whose
    /// residue is one less than `here` (see `View::closer_move`).
    fn closer_move(&self, cells: &Cells, here: u8) -> Result<(usize, Cells, u64), QueryError> {
        let modulus = self.layout.encoding.modulus();
        let closer = (here + modulus - 1).checked_rem(modulus).ok_or(QueryError::Corrupt(NO_CLOSER_MOVE))?;
        for m in 0..self.move_count() {
            let mut next = *cells;
            if !self.apply(&mut next, m) {
                continue;
            }
            let Some(rank) = self.rank(&next) else { continue };
            if self.residue(rank, &next)? == Some(closer) {
                return Ok((m, next, rank));
            }
        }
        Err(QueryError::Corrupt(NO_CLOSER_MOVE))
    }

    /// The distance of `cells` (rank `rank`): read, or walked to the goal.
    fn distance_from(&self, cells: Cells, rank: u64) -> Result<Option<u8>, QueryError> {
        if self.layout.encoding == Encoding::Full {
            return self.stored(rank);
        }
        let Some(start) = self.residue(rank, &cells)? else { return Ok(None) };
        let modulus = self.layout.encoding.modulus();
        let (mut cells, mut rank, mut here, mut steps) = (cells, rank, start, 0u8);
        while rank != self.layout.goal_rank {
            if steps >= self.layout.max_depth {
                return Err(QueryError::Corrupt(WALK_DISAGREES));
            }
            (_, cells, rank) = self.closer_move(&cells, here)?;
            here = (here + modulus - 1) % modulus;
            steps += 1;
        }
        if steps % modulus == start { Ok(Some(steps)) } else { Err(QueryError::Corrupt(WALK_DISAGREES)) }
    }
}
