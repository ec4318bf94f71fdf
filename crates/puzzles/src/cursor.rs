//! Visiting states in rank order and ranking their neighbours: the inner
//! loop of a breadth-first search over the rank space.

use godtab_rank::LexCursor;

use crate::moves::gather;
#[cfg(feature = "alloc")]
use crate::nine_cell_moves::NineCellMoves;
use crate::nine_cells::{NineCellRank, PREFIX_CELLS, PREFIXES, SUFFIX_SHIFTS, TABLE_CELLS, is_odd};
use crate::ranking::rank_distinct;
use crate::{Kind, Puzzle, Ranking};
use crate::{MAX_CELLS, State};

/// A position in a puzzle's rank space that moves forward cheaply and ranks
/// the neighbours of the state there.
///
/// Get one with [`Puzzle::with_cursor`]; it picks an implementation
/// specialised to the puzzle's ranking and board size, where unranking a
/// rising sequence of ranks reuses the work shared between consecutive
/// ranks, and ranking a neighbour does not build it as a [`State`].
///
/// A cursor starts at rank 0. Its answers agree with [`Puzzle::unrank`],
/// [`Puzzle::apply`], [`Puzzle::apply_inverse`] and [`Puzzle::rank`].
pub trait Cursor: Clone + Sync {
    /// Moves to the state of rank `rank`. Cheapest when ranks only rise, by
    /// small steps; any rank below [`Puzzle::slots`] works.
    fn seek(&mut self, rank: u64);

    /// The rank of the state move `index` leads to, or `None` if the move
    /// is out of range or impossible here (a blank against the edge).
    fn rank_after(&self, index: usize) -> Option<u64>;

    /// The rank of the state that move `index` leads here from, or `None`
    /// if there is none (see [`Puzzle::apply_inverse`]).
    fn rank_before(&self, index: usize) -> Option<u64>;
}

/// Work that runs on a [`Cursor`] of any type: see [`Puzzle::with_cursor`].
pub trait WithCursor {
    /// What the work returns.
    type Output;

    /// Runs the work with `cursor`, a cursor at rank 0 (clone it for each
    /// thread).
    fn run<C: Cursor>(self, cursor: C) -> Self::Output;
}

impl Puzzle {
    /// Runs `work` with the fastest [`Cursor`] for this puzzle: one compiled
    /// for its ranking and board size where there is one, so that the work's
    /// inner loops are compiled for it too.
    ///
    /// ```
    /// use godtab_puzzles::{Cursor, WithCursor, builtin};
    ///
    /// /// Counts the moves that lead to a lower rank, over every state.
    /// struct Downhill(u64);
    /// impl WithCursor for Downhill {
    ///     type Output = u64;
    ///     fn run<C: Cursor>(self, mut cursor: C) -> u64 {
    ///         let mut count = 0;
    ///         for rank in 0..self.0 {
    ///             cursor.seek(rank);
    ///             count += (0..4).filter(|&m| cursor.rank_after(m).is_some_and(|r| r < rank)).count() as u64;
    ///         }
    ///         count
    ///     }
    /// }
    /// let definition = builtin::EIGHT_PUZZLE.definition();
    /// let puzzle = definition.puzzle();
    /// // Each move has an undo, and one of the two leads down: half the
    /// // 9!/2 * 24/9 moves (the blank has 24 moves over its 9 cells).
    /// assert_eq!(puzzle.with_cursor(Downhill(puzzle.slots())), 241_920);
    /// ```
    pub fn with_cursor<W: WithCursor>(&self, work: W) -> W::Output {
        macro_rules! permuting {
            ($($n:literal)*) => {
                match self.cells() {
                    $($n => work.run(Permuting::<$n>::new(self, None)),)*
                    _ => work.run(General::new(self)),
                }
            };
        }
        macro_rules! sliding {
            ($($n:literal => $tiles:literal)*) => {
                match self.cells() {
                    $($n => work.run(Sliding::<$tiles>::new(self)),)*
                    _ => work.run(General::new(self)),
                }
            };
        }
        match (self.kind(), self.ranking()) {
            (Kind::Permutation, Ranking::Lex | Ranking::Parity) if self.cells() == TABLE_CELLS => {
                let nine_cells = NineCellMoves::new(self, true);
                work.run(Permuting::<TABLE_CELLS>::new(self, nine_cells.as_ref()))
            }
            // Boards of nine cells up to fourteen (the largest whose rank
            // space a complete table can cover) get a cursor compiled for
            // their size. Each such cursor is a compiled copy of every search
            // that runs on one (godtab-gen has three), so smaller boards
            // (at most 40,320 states, a millisecond's search with the
            // general cursor) and larger ones (pattern sets only) have none.
            (Kind::Permutation, Ranking::Lex | Ranking::Parity) => permuting!(10 11 12 13 14),
            (Kind::Sliding, Ranking::BlankParity) => sliding!(9 => 8 10 => 9 11 => 10 12 => 11 13 => 12 14 => 13),
            (Kind::Orbits, _) => crate::orbit_cursor::run(self, work),
            _ => work.run(General::new(self)),
        }
    }
}

/// Without an allocator there are no move tables: a type with no values,
/// so that a cursor's tables are always `None`.
#[cfg(not(feature = "alloc"))]
enum NineCellMoves {}

#[cfg(not(feature = "alloc"))]
impl NineCellMoves {
    fn new(_: &Puzzle, _: bool) -> Option<Self> {
        None
    }

    fn covers_every_move(&self) -> bool {
        match *self {}
    }

    fn after(&self, _: usize, _: NineCellRank) -> Option<NineCellRank> {
        match *self {}
    }

    fn before(&self, _: usize, _: NineCellRank) -> Option<NineCellRank> {
        match *self {}
    }
}

/// Any puzzle: unranks, moves and ranks whole states.
#[derive(Clone)]
pub(crate) struct General<'a> {
    puzzle: &'a Puzzle,
    state: State,
}

impl<'a> General<'a> {
    pub(crate) fn new(puzzle: &'a Puzzle) -> Self {
        Self { puzzle, state: puzzle.unrank(0) }
    }
}

impl Cursor for General<'_> {
    fn seek(&mut self, rank: u64) {
        self.state = self.puzzle.unrank(rank);
    }

    fn rank_after(&self, index: usize) -> Option<u64> {
        self.puzzle.apply(&self.state, index).map(|s| self.puzzle.rank(&s))
    }

    fn rank_before(&self, index: usize) -> Option<u64> {
        self.puzzle.apply_inverse(&self.state, index).map(|s| self.puzzle.rank(&s))
    }
}

/// A permutation puzzle of `N` cells with distinct tiles, ranked
/// [`Ranking::Lex`] or [`Ranking::Parity`]: the labels are a permutation
/// of `0..N`, and a neighbour's rank is the rank of the labels gathered
/// through the move's position map, or on a board of [`TABLE_CELLS`] cells
/// a few table reads ([`NineCellMoves`]).
#[derive(Clone)]
struct Permuting<'a, const N: usize> {
    puzzle: &'a Puzzle,
    lex: LexCursor<N>,
    /// Whether the ranking is [`Ranking::Parity`].
    parity: bool,
    /// The labels of the current state (padded, so that any map entry
    /// indexes them without a bounds check); on a board of
    /// [`TABLE_CELLS`] cells whose moves all go by table, not kept.
    labels: [u8; MAX_CELLS],
    /// Boards of [`TABLE_CELLS`] cells: the lexicographic rank of the
    /// labels in two parts...
    at: NineCellRank,
    /// ...the moves' tables...
    nine_cells: Option<&'a NineCellMoves>,
    /// ...and whether some move or undo has none, so that the labels must
    /// be kept.
    needs_labels: bool,
}

impl<'a, const N: usize> Permuting<'a, N> {
    fn new(puzzle: &'a Puzzle, nine_cells: Option<&'a NineCellMoves>) -> Self {
        let mut cursor = Self {
            puzzle,
            lex: LexCursor::new(),
            parity: puzzle.ranking() == Ranking::Parity,
            labels: [0; MAX_CELLS],
            at: NineCellRank::from_lex(0),
            nine_cells,
            needs_labels: nine_cells.is_none_or(|moves| !moves.covers_every_move()),
        };
        cursor.seek(0);
        cursor
    }

    /// The rank of `at`, a neighbour found by table.
    #[inline(always)]
    fn rank_of_table(&self, at: NineCellRank) -> u64 {
        let lex = at.lex();
        if self.parity { lex >> 1 } else { lex }
    }

    /// The rank of the labels rearranged by `map` (`new[i] = old[map[i]]`).
    #[inline(always)]
    fn rank_of(&self, map: &[u8; MAX_CELLS]) -> u64 {
        rank_distinct(&gather::<N>(&self.labels, map), self.parity)
    }

    /// Boards of [`TABLE_CELLS`] cells: moves to the permutation of
    /// lexicographic rank `lex` (taken modulo 9!), its labels by two table
    /// reads if `labels`, and returns whether it is odd.
    #[inline(always)]
    fn unrank_by_table(&mut self, lex: u64, labels: bool) -> bool {
        self.at = NineCellRank::from_lex(lex);
        let NineCellRank { high, low } = self.at;
        if labels {
            let (prefix, suffix) = (PREFIXES[high], &SUFFIX_SHIFTS[low]);
            for (i, label) in self.labels[..PREFIX_CELLS].iter_mut().enumerate() {
                *label = (prefix >> (4 * i) & 0xF) as u8;
            }
            // The six values left, smallest first, one per nibble.
            let rest = prefix >> (4 * PREFIX_CELLS);
            for (label, &shift) in self.labels[PREFIX_CELLS..TABLE_CELLS].iter_mut().zip(suffix) {
                *label = (rest >> (shift & 63) & 0xF) as u8;
            }
        }
        is_odd(high, low)
    }
}

impl<const N: usize> Cursor for Permuting<'_, N> {
    #[inline]
    fn seek(&mut self, rank: u64) {
        if N == TABLE_CELLS {
            let labels = self.needs_labels;
            // A parity rank is half the lexicographic rank of the even or
            // odd permutation there: the one of lexicographic rank 2 * rank,
            // with its last two values swapped if its parity is the other.
            let lex = if self.parity { rank << 1 } else { rank };
            let odd = self.unrank_by_table(lex, labels);
            if self.parity && odd != self.puzzle.goal_odd {
                // Lexicographic rank one more: 2 * rank is even, and so is
                // the order of its last six values (6! is even), which
                // goes one up and stays below 6!.
                self.labels.swap(TABLE_CELLS - 2, TABLE_CELLS - 1);
                self.at.low += 1;
            }
            return;
        }
        if self.parity {
            self.lex.seek_parity(rank, self.puzzle.goal_odd, &mut self.labels);
        } else {
            self.lex.seek(rank);
            self.labels[..N].copy_from_slice(self.lex.perm());
        }
    }

    #[inline(always)]
    fn rank_after(&self, index: usize) -> Option<u64> {
        if let Some(at) = self.nine_cells.and_then(|moves| moves.after(index, self.at)) {
            return Some(self.rank_of_table(at));
        }
        Some(self.rank_of(self.puzzle.forward_map(index)?))
    }

    #[inline(always)]
    fn rank_before(&self, index: usize) -> Option<u64> {
        if let Some(at) = self.nine_cells.and_then(|moves| moves.before(index, self.at)) {
            return Some(self.rank_of_table(at));
        }
        Some(self.rank_of(self.puzzle.inverse_map(index)?))
    }
}

/// A sliding puzzle of `T + 1` cells ranked [`Ranking::BlankParity`]: the
/// blank's cell and the parity rank of the `T` tiles in reading order.
/// Moving the blank sideways leaves the tiles' order alone; moving it up or
/// down carries one tile past the `cols - 1` tiles between.
#[derive(Clone)]
struct Sliding<'a, const T: usize> {
    puzzle: &'a Puzzle,
    lex: LexCursor<T>,
    /// The tile labels in reading order, without the blank (padded).
    tiles: [u8; MAX_CELLS],
    blank: usize,
    tiles_rank: u64,
    /// `window[2 * cell + m]`: where in the tiles' order the tile moves
    /// when the blank at `cell` goes up (`m = 0`: the tile at `start` goes
    /// to `start + cols - 1`, the ones between one place back) or down
    /// (`m = 1`: the tile at `start + cols - 1` goes to `start`, the ones
    /// between one place on); `u8::MAX` where the blank cannot go.
    window: [u8; 2 * MAX_CELLS],
    /// Tiles a vertical move carries one tile past, plus one: the board's
    /// width.
    span: usize,
}

impl<'a, const T: usize> Sliding<'a, T> {
    /// Ranks per blank cell: the tiles' parity class.
    const STRIDE: u64 = godtab_rank::FACTORIAL[T] / 2;

    fn new(puzzle: &'a Puzzle) -> Self {
        let mut window = [u8::MAX; 2 * MAX_CELLS];
        for blank in 0..=T {
            for m in 0..2 {
                // The tile at `target` takes the blank's place: in the tiles'
                // order (the blank left out) it moves across the tiles in
                // between, which shift by one towards where it was.
                let Some(target) = puzzle.slide_target_towards(blank, m) else { continue };
                window[2 * blank + m] = target.min(blank) as u8;
            }
        }
        let span = puzzle.cols();
        let mut cursor =
            Self { puzzle, lex: LexCursor::new(), tiles: [0; MAX_CELLS], blank: 0, tiles_rank: 0, window, span };
        cursor.seek(0);
        cursor
    }

    /// The tiles' parity rank after a vertical move whose window starts at
    /// `start`: moving `up`, the tile at `start` goes to the window's end;
    /// else the tile at its end goes to `start`. Only the Lehmer digits
    /// inside the window change (a tile's digit counts the smaller tiles
    /// after it, and only the moved tile passes others), so the rank changes
    /// by their weighted changes: O(width) work, not a ranking of every
    /// tile. The parity rank weighs the first `T - 2` digits, by
    /// `(T - 1 - i)! / 2`.
    #[inline]
    fn rank_after_vertical(&self, start: usize, up: bool) -> u64 {
        let end = start + self.span - 1;
        let digits = self.lex.digits();
        let tiles = &self.tiles;
        // The cursor's digits are those of its even neighbour; the tiles may
        // have their last two swapped, so the last two digits are read off
        // the tiles (the others are the same either way).
        let digit = |j: usize| -> i64 {
            if j + 2 == T {
                i64::from(tiles[T - 2] > tiles[T - 1])
            } else if j + 1 == T {
                0
            } else {
                i64::from(digits[j])
            }
        };
        let weight = |i: usize| if i + 2 < T { godtab_rank::FACTORIAL[T - 1 - i] / 2 } else { 0 };
        let mut rank = self.tiles_rank as i64;
        if up {
            // The tile at `start` goes to `end`; the others step back one.
            let x = tiles[start];
            let mut passed_smaller = 0u8;
            for (j, &y) in tiles.iter().enumerate().take(end + 1).skip(start + 1) {
                passed_smaller += u8::from(y < x);
                // y moves from j to j - 1 and now has x after it.
                let new = digit(j) + i64::from(x < y);
                rank += new * weight(j - 1) as i64 - digit(j) * weight(j) as i64;
            }
            let new = digit(start) - i64::from(passed_smaller);
            rank += new * weight(end) as i64 - digit(start) * weight(start) as i64;
        } else {
            // The tile at `end` goes to `start`; the others step on one.
            let x = tiles[end];
            let mut passed_smaller = 0u8;
            for (j, &y) in tiles.iter().enumerate().take(end).skip(start).rev() {
                passed_smaller += u8::from(y < x);
                // y moves from j to j + 1 and no longer has x after it.
                let new = digit(j) - i64::from(x < y);
                rank += new * weight(j + 1) as i64 - digit(j) * weight(j) as i64;
            }
            let new = digit(end) + i64::from(passed_smaller);
            rank += new * weight(start) as i64 - digit(end) * weight(end) as i64;
        }
        rank as u64
    }
}

impl<const T: usize> Sliding<'_, T> {
    /// The rank after move `index`, by making the move on the whole state
    /// and ranking it: for the multi-tile metric's vertical moves.
    #[cold]
    fn rank_after_whole(&self, index: usize) -> Option<u64> {
        let mut state = self.puzzle.goal();
        let (before, after) = self.tiles[..T].split_at(self.blank);
        state.cells[..self.blank].copy_from_slice(before);
        state.cells[self.blank] = self.puzzle.blank_label;
        state.cells[self.blank + 1..=T].copy_from_slice(after);
        self.puzzle.apply_in_place(&mut state, index).then(|| self.puzzle.rank(&state))
    }
}

impl<const T: usize> Cursor for Sliding<'_, T> {
    #[inline]
    fn seek(&mut self, rank: u64) {
        self.blank = ((rank / Self::STRIDE) as usize).min(T);
        self.tiles_rank = rank - self.blank as u64 * Self::STRIDE;
        self.lex.seek_parity(self.tiles_rank, self.puzzle.odd_tiles_expected(self.blank), &mut self.tiles);
    }

    #[inline]
    fn rank_after(&self, index: usize) -> Option<u64> {
        let target = self.puzzle.slide_target(self.blank, index)?;
        let direction = self.puzzle.slide_direction(index)?;
        let tiles_rank = match self.window.get(2 * self.blank + direction) {
            // A multi-tile move up or down reorders several tiles.
            _ if direction < 2 && self.puzzle.slide_steps(index) > Some(1) => return self.rank_after_whole(index),
            // Up or down (directions 0 and 1); sideways leaves the tiles alone.
            Some(&start) if direction < 2 => self.rank_after_vertical(usize::from(start), direction == 0),
            _ => self.tiles_rank,
        };
        Some(target as u64 * Self::STRIDE + tiles_rank)
    }

    #[inline]
    fn rank_before(&self, index: usize) -> Option<u64> {
        self.rank_after(self.puzzle.slide_undo(index)?)
    }
}
