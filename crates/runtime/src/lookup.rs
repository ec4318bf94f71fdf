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

use core::fmt;

use godtab_puzzles::{BLANK, StateError};

use crate::bits;
use crate::format::{self, Body, CompleteBody, Encoding, KindTag, Model, RankingTag, at};
use crate::open::{check_counts, check_sections, range_in, read_header};
use crate::{Error, QueryError};

/// The most cells a lookup handles (the runtime's limit).
const CELLS: usize = godtab_puzzles::MAX_CELLS;

/// How a lookup's moves act on the cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LookupMoves {
    /// A sliding board's four single-tile moves; entry `m` is the direction
    /// the blank goes on move `m`: 0 up, 1 down, 2 left, 3 right.
    Sliding([u8; 4]),
    /// Position maps (`new[i] = old[map[i]]`), `cells` bytes each, one per
    /// move, at this byte offset in the file.
    Permutation {
        /// Where the maps start.
        at: u32,
    },
}

/// How a lookup ranks the labels of a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LookupRanking {
    /// The lexicographic rank: `n!` slots.
    Lex,
    /// The rank within the goal's parity class: `n!/2` slots.
    Parity {
        /// Whether the goal's labels are an odd permutation.
        goal_odd: bool,
    },
    /// Blank cell times the parity-class rank of the other tiles.
    BlankParity {
        /// Slots per blank cell, `(n-1)!/2`.
        stride: u64,
        /// Bit `c`: whether the tiles must be odd with the blank at `c`.
        odd_tiles_by_blank: u16,
    },
}

/// Where a packed section is and how wide its entries are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SectionAt {
    /// Byte offset in the file.
    pub offset: u64,
    /// Bytes.
    pub length: u64,
    /// Bits per entry (0: no such section).
    pub width: u8,
}

/// Everything a [`Lookup`] knows about its table: plain numbers, checked at
/// open, which a build script can also compute once and compile in
/// ([`LookupLayout::rust_source`], [`Lookup::with_layout`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LookupLayout {
    /// The file's length.
    pub file_len: u64,
    /// The checksum stored in the file: with the length, which file this
    /// layout was computed from.
    pub checksum: u64,
    /// Rows of the board.
    pub rows: u8,
    /// Columns of the board.
    pub cols: u8,
    /// The moves.
    pub moves: LookupMoves,
    /// How many moves there are.
    pub move_count: u8,
    /// The ranking.
    pub ranking: LookupRanking,
    /// How the table stores its answers.
    pub encoding: Encoding,
    /// Bit `v` (of 256): whether `v` is a tile value, the blank of a
    /// sliding board left out. A tile's label is the number of tile values
    /// below it; a sliding board's blank (0) has the last label.
    pub tiles: [u64; 4],
    /// The goal's labels, cell by cell.
    pub goal: [u8; CELLS],
    /// Sliding boards: the goal's blank cell.
    pub goal_blank: u8,
    /// Rank slots.
    pub slots: u64,
    /// The goal's rank.
    pub goal_rank: u64,
    /// God's number.
    pub max_depth: u8,
    /// The stored value of an unreachable rank, if some rank is.
    pub marker: Option<u8>,
    /// The distance section.
    pub distance: SectionAt,
    /// The parent section (full tables).
    pub parent: SectionAt,
    /// Where the move names are (separated by single spaces).
    pub names: SectionAt,
}

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
/// static SLIDE_2X3: &[u8] = include_bytes!("../tests/fixtures/v2/slide-2x3.gtab");
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

const UNSUPPORTED_KIND: &str = "a lookup answers complete tables; open a pattern set with PatternSet";
const UNSUPPORTED_ORBIT_SET: &str = "a lookup answers complete tables; open an orbit pattern set with OrbitPatternSet";
const UNSUPPORTED_ORBITS: &str = "a lookup answers board puzzles; open an orbit puzzle's table with Table";
const UNSUPPORTED_MOVES: &str = "a lookup answers single-tile sliding moves u, d, l, r; open this table with Table";
const UNSUPPORTED_TILES: &str = "a lookup answers boards of distinct tiles; open this table with Table";
const UNSUPPORTED_RANKING: &str = "a lookup ranks lexicographically or by parity class; open this table with Table";

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

impl LookupLayout {
    /// Reads and checks a table's layout (see [`Lookup::new`]).
    fn read(bytes: &[u8]) -> Result<Self, Error> {
        let opened = read_header::<CompleteBody<'_>>(bytes)?;
        let header = opened.header;
        let complete = match header.body {
            CompleteBody::Complete(complete) => complete,
            CompleteBody::Other(Body::ORBIT_PATTERNS) => return Err(Error::Unsupported(UNSUPPORTED_ORBIT_SET)),
            CompleteBody::Other(_) => return Err(Error::Unsupported(UNSUPPORTED_KIND)),
        };
        let Model::Board(board) = header.model else { return Err(Error::Unsupported(UNSUPPORTED_ORBITS)) };
        check_counts(&complete)?;
        let sliding = board.kind == KindTag::Sliding;
        let (rows, cols) = (board.rows, board.cols);
        let n = usize::from(rows) * usize::from(cols);
        if rows == 0 || cols == 0 || !(2..=CELLS).contains(&n) || board.goal.len() != n {
            return Err(Error::corrupt(
                "board",
                "its rows, columns and goal do not agree, or it has not 2 to 16 cells",
            ));
        }
        let (tiles, goal) = labels(board.goal, sliding)?;

        check_names(header.puzzle_id, header.move_names)?;
        let names = range_in(bytes, header.move_names.as_bytes());
        let name_count = words(header.move_names).count();
        let (moves, move_count) = if sliding {
            if !board.move_maps.is_empty() {
                return Err(Error::corrupt("move maps", "present for a sliding puzzle"));
            }
            (LookupMoves::Sliding(sliding_directions(header.move_names)?), 4)
        } else {
            let maps = board.move_maps;
            let count = maps.len() / n;
            if count == 0 || count > godtab_puzzles::MAX_MOVES || maps.len() % n != 0 || count != name_count {
                return Err(Error::corrupt("move maps", "are not one map of the board's cells per move name"));
            }
            if !maps.chunks_exact(n).all(godtab_rank::is_permutation) {
                return Err(Error::corrupt("move maps", "a map is not a permutation of the cells"));
            }
            let at = u32::try_from(range_in(bytes, maps).start).map_err(|_| Error::corrupt("move maps", "too far"))?;
            (LookupMoves::Permutation { at }, count)
        };

        let goal_blank = goal[..n].iter().position(|&l| usize::from(l) == n - 1 && sliding).unwrap_or(0) as u8;
        let ranking = ranking(header.ranking, &goal[..n], sliding, cols, goal_blank, board.move_maps)?;
        let slots = match ranking {
            LookupRanking::Lex => godtab_rank::FACTORIAL[n],
            LookupRanking::Parity { .. } => godtab_rank::FACTORIAL[n] / 2,
            LookupRanking::BlankParity { stride, .. } => stride * n as u64,
        };
        if slots != complete.states {
            return Err(Error::corrupt("state count", "differs from the size of the puzzle's rank space"));
        }
        let encoding = complete.encoding;
        let encoding_fits = match encoding {
            Encoding::Compact => sliding || undo_each_other(board.move_maps, n),
            Encoding::Parity => {
                sliding && matches!(ranking, LookupRanking::BlankParity { .. }) && rows >= 2 && cols >= 2
            }
            _ => true,
        };
        if !encoding_fits {
            return Err(Error::corrupt("encoding", "does not fit this puzzle's moves and ranking"));
        }
        let unreachable = complete.reachable < complete.states;
        let widths = encoding.layout(complete.max_depth, unreachable, move_count);
        check_sections(&complete, widths, opened.header_end, bytes.len())?;
        let mut layout = Self {
            file_len: bytes.len() as u64,
            checksum: format::read_u64(bytes, at::CHECKSUM),
            rows,
            cols,
            moves,
            move_count: move_count as u8,
            ranking,
            encoding,
            tiles,
            goal,
            goal_blank,
            slots,
            goal_rank: 0,
            max_depth: complete.max_depth,
            marker: unreachable.then_some(widths.marker),
            distance: SectionAt {
                offset: complete.distance.offset,
                length: complete.distance.length,
                width: widths.distance,
            },
            parent: SectionAt { offset: complete.parent.offset, length: complete.parent.length, width: widths.parent },
            names: SectionAt { offset: names.start as u64, length: names.len() as u64, width: 8 },
        };
        let lookup = Lookup { bytes, layout };
        let goal_cells = Cells { labels: goal, blank: goal_blank };
        layout.goal_rank = lookup.rank(&goal_cells).ok_or(Error::corrupt("goal", "lies outside its rank space"))?;
        Ok(layout)
    }

    /// The bounds every query relies on, for a layout that did not come
    /// from [`LookupLayout::read`] (its fields are public): a board of 1 to
    /// 16 cells, at most 64 moves, entries of at most 8 bits, sections
    /// inside the file.
    fn check(&self) -> Result<(), Error> {
        let n = usize::from(self.rows) * usize::from(self.cols);
        let inside =
            |at: &SectionAt| at.width <= 8 && at.offset.checked_add(at.length).is_some_and(|end| end <= self.file_len);
        let fits = (2..=CELLS).contains(&n)
            && usize::from(self.move_count) <= godtab_puzzles::MAX_MOVES
            && usize::from(self.goal_blank) < n
            && self.goal[..n].iter().all(|&l| usize::from(l) < n)
            && [self.distance, self.parent, self.names].iter().all(inside);
        if fits { Ok(()) } else { Err(Error::corrupt("layout", "describes no board a lookup answers")) }
    }

    /// The layout as a Rust expression (a `godtab_runtime::LookupLayout`
    /// value), for a build script to write into a file the program
    /// `include!`s and passes to [`Lookup::with_layout`].
    #[must_use]
    pub fn rust_source(&self) -> impl fmt::Display + '_ {
        RustSource(self)
    }
}

/// The label of tile value `value` on a board of `n` cells whose tile
/// values are the bits of `tiles`: the number of tile values below it, the
/// blank of a sliding board last; `None` for a value that is no tile.
fn label_of(tiles: &[u64; 4], value: u8, sliding: bool, n: usize) -> Option<u8> {
    if sliding && value == BLANK {
        return Some((n - 1) as u8);
    }
    let (word, bit) = (usize::from(value >> 6), value & 63);
    if tiles[word] >> bit & 1 == 0 {
        return None;
    }
    let below: u32 = tiles[..word].iter().map(|w| w.count_ones()).sum();
    Some((below + (tiles[word] & ((1u64 << bit) - 1)).count_ones()) as u8)
}

/// The tile values of a goal (see [`LookupLayout::tiles`]) and the goal as
/// labels.
fn labels(goal: &[u8], sliding: bool) -> Result<([u64; 4], [u8; CELLS]), Error> {
    let mut tiles = [0u64; 4];
    let mut blanks = 0;
    for &v in goal {
        if sliding && v == BLANK {
            blanks += 1;
            continue;
        }
        let (word, bit) = (usize::from(v >> 6), v & 63);
        if tiles[word] >> bit & 1 == 1 {
            return Err(Error::Unsupported(UNSUPPORTED_TILES));
        }
        tiles[word] |= 1 << bit;
    }
    if sliding && blanks != 1 {
        return Err(Error::corrupt("goal", "a sliding board's goal does not have exactly one blank"));
    }
    let mut labels = [0u8; CELLS];
    for (label, &v) in labels.iter_mut().zip(goal) {
        *label = label_of(&tiles, v, sliding, goal.len()).unwrap_or(0);
    }
    Ok((tiles, labels))
}

/// Checks the puzzle id and the move names as the puzzle model does: a
/// valid id, valid names, none repeated.
fn check_names(id: &str, names: &str) -> Result<(), Error> {
    if !godtab_puzzles::is_puzzle_id(id) {
        return Err(Error::corrupt("puzzle id", "is empty, too long or holds a character ids may not"));
    }
    for (index, name) in words(names).enumerate() {
        if !godtab_puzzles::is_move_name(name) || words(names).take(index).any(|earlier| earlier == name) {
            return Err(Error::corrupt("move names", "a name is empty, too long, not allowed or repeated"));
        }
    }
    Ok(())
}

/// The directions of the sliding moves, from their names: u, d, l, r once
/// each, in any order.
fn sliding_directions(names: &str) -> Result<[u8; 4], Error> {
    let mut directions = [0u8; 4];
    let mut seen = 0u8;
    let mut count = 0;
    for name in words(names) {
        let direction = match name {
            "u" => 0,
            "d" => 1,
            "l" => 2,
            "r" => 3,
            _ => return Err(Error::Unsupported(UNSUPPORTED_MOVES)),
        };
        if count == 4 || seen & 1 << direction != 0 {
            return Err(Error::Unsupported(UNSUPPORTED_MOVES));
        }
        seen |= 1 << direction;
        directions[count] = direction;
        count += 1;
    }
    if count == 4 { Ok(directions) } else { Err(Error::Unsupported(UNSUPPORTED_MOVES)) }
}

/// The ranking the header names, with what ranking needs precomputed,
/// checked against the puzzle as `Puzzle::with_ranking` checks it.
fn ranking(
    tag: RankingTag,
    goal: &[u8],
    sliding: bool,
    cols: u8,
    goal_blank: u8,
    maps: &[u8],
) -> Result<LookupRanking, Error> {
    let n = goal.len();
    let unfit = || Error::corrupt("ranking", "does not fit the puzzle");
    match tag {
        // Half of a sliding board's lexicographic ranks cannot reach the
        // goal: the puzzle model refuses that ranking, and so does a lookup.
        RankingTag::Lex if !sliding => Ok(LookupRanking::Lex),
        RankingTag::Lex => Err(unfit()),
        RankingTag::Parity => {
            // Every move must keep the parity: permutation moves, all even.
            if sliding || maps.chunks_exact(n.max(1)).any(|map| godtab_rank::rank_lex_parity_small(map).1) {
                return Err(unfit());
            }
            Ok(LookupRanking::Parity { goal_odd: godtab_rank::rank_lex_parity_small(goal).1 })
        }
        RankingTag::BlankParity if sliding && n >= 2 => {
            let stride = godtab_rank::FACTORIAL.get(n - 1).ok_or_else(unfit)? / 2;
            let (_, goal_odd, _) = godtab_rank::rank_lex_parity_skipping_small(goal, (n - 1) as u8);
            // A vertical move carries a tile past `cols - 1` others: on
            // boards of even width the parity flips with the blank's row.
            let (cols, goal_row) = (usize::from(cols), usize::from(goal_blank) / usize::from(cols));
            let odd_tiles_by_blank = (0..n)
                .filter(|&cell| goal_odd ^ (cols % 2 == 0 && ((cell / cols) ^ goal_row) % 2 == 1))
                .fold(0u16, |mask, cell| mask | 1 << cell);
            Ok(LookupRanking::BlankParity { stride, odd_tiles_by_blank })
        }
        RankingTag::BlankParity => Err(unfit()),
        RankingTag::Multiset | RankingTag::Orbits => Err(Error::Unsupported(UNSUPPORTED_RANKING)),
    }
}

/// The words of `text` between single spaces, as `text.split(' ')` gives
/// them, by a path with no panic in it (so that a firmware image carries no
/// panic messages: see `cargo xtask bench size`).
fn words(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    core::iter::from_fn(move || {
        let current = rest?;
        let space = current.bytes().position(|b| b == b' ');
        rest = space.and_then(|i| current.get(i + 1..));
        Some(space.and_then(|i| current.get(..i)).unwrap_or(current))
    })
}

/// Whether every permutation move is undone by some move.
fn undo_each_other(maps: &[u8], n: usize) -> bool {
    let n = n.max(1);
    maps.chunks_exact(n)
        .all(|map| maps.chunks_exact(n).any(|other| (0..n).all(|i| other.get(usize::from(map[i])) == Some(&(i as u8)))))
}

/// A checked section's bytes (empty if out of range).
fn section<'a>(bytes: &'a [u8], at: &SectionAt) -> &'a [u8] {
    let start = usize::try_from(at.offset).unwrap_or(usize::MAX);
    let len = usize::try_from(at.length).unwrap_or(0);
    bytes.get(start..start.saturating_add(len)).unwrap_or_default()
}

struct RustSource<'a>(&'a LookupLayout);

impl fmt::Display for RustSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = self.0;
        let path = "godtab_runtime";
        writeln!(f, "{path}::LookupLayout {{")?;
        writeln!(f, "    file_len: {},", l.file_len)?;
        writeln!(f, "    checksum: {:#018x},", l.checksum)?;
        writeln!(f, "    rows: {},", l.rows)?;
        writeln!(f, "    cols: {},", l.cols)?;
        match l.moves {
            LookupMoves::Sliding(d) => writeln!(f, "    moves: {path}::LookupMoves::Sliding({d:?}),")?,
            LookupMoves::Permutation { at } => {
                writeln!(f, "    moves: {path}::LookupMoves::Permutation {{ at: {at} }},")?
            }
        }
        writeln!(f, "    move_count: {},", l.move_count)?;
        match l.ranking {
            LookupRanking::Lex => writeln!(f, "    ranking: {path}::LookupRanking::Lex,")?,
            LookupRanking::Parity { goal_odd } => {
                writeln!(f, "    ranking: {path}::LookupRanking::Parity {{ goal_odd: {goal_odd} }},")?;
            }
            LookupRanking::BlankParity { stride, odd_tiles_by_blank } => writeln!(
                f,
                "    ranking: {path}::LookupRanking::BlankParity {{ stride: {stride}, odd_tiles_by_blank: {odd_tiles_by_blank:#06x} }},"
            )?,
        }
        writeln!(f, "    encoding: {path}::Encoding::{:?},", l.encoding)?;
        writeln!(f, "    tiles: [{:#x}, {:#x}, {:#x}, {:#x}],", l.tiles[0], l.tiles[1], l.tiles[2], l.tiles[3])?;
        writeln!(f, "    goal: {:?},", l.goal)?;
        writeln!(f, "    goal_blank: {},", l.goal_blank)?;
        writeln!(f, "    slots: {},", l.slots)?;
        writeln!(f, "    goal_rank: {},", l.goal_rank)?;
        writeln!(f, "    max_depth: {},", l.max_depth)?;
        writeln!(f, "    marker: {:?},", l.marker)?;
        for (name, s) in [("distance", l.distance), ("parent", l.parent), ("names", l.names)] {
            writeln!(
                f,
                "    {name}: {path}::SectionAt {{ offset: {}, length: {}, width: {} }},",
                s.offset, s.length, s.width
            )?;
        }
        write!(f, "}}")
    }
}
