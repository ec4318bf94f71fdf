//! Visiting states in rank order and ranking their neighbours: the inner
//! loop of a breadth-first search over the rank space.

use godtab_rank::{LexCursor, rank_parity_array};

use crate::moves::gather;
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
                let suffix_moves = SuffixMoves::new(self);
                work.run(Permuting::<TABLE_CELLS>::new(self, Some(&suffix_moves)))
            }
            (Kind::Permutation, Ranking::Lex | Ranking::Parity) => permuting!(2 3 4 5 6 7 8 10 11 12 13 14 15 16),
            (Kind::Sliding, Ranking::BlankParity) => {
                sliding!(3 => 2 4 => 3 5 => 4 6 => 5 7 => 6 8 => 7 9 => 8 10 => 9 11 => 10 12 => 11 13 => 12
                    14 => 13 15 => 14 16 => 15)
            }
            (Kind::Orbits, _) => crate::orbit_cursor::run(self, work),
            _ => work.run(General::new(self)),
        }
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
/// through the move's position map.
#[derive(Clone)]
struct Permuting<'a, const N: usize> {
    puzzle: &'a Puzzle,
    lex: LexCursor<N>,
    /// Whether the ranking is [`Ranking::Parity`].
    parity: bool,
    /// The labels of the current state (padded, so that any map entry
    /// indexes them without a bounds check).
    labels: [u8; MAX_CELLS],
    /// Boards of [`TABLE_CELLS`] cells: the lexicographic rank of the
    /// labels, as `lex_high * 6! + lex_low`.
    lex_high: u64,
    lex_low: usize,
    /// Boards of [`TABLE_CELLS`] cells: the moves that rank by table.
    suffix_moves: Option<&'a SuffixMoves>,
}

impl<'a, const N: usize> Permuting<'a, N> {
    fn new(puzzle: &'a Puzzle, suffix_moves: Option<&'a SuffixMoves>) -> Self {
        let mut cursor = Self {
            puzzle,
            lex: LexCursor::new(),
            parity: puzzle.ranking() == Ranking::Parity,
            labels: [0; MAX_CELLS],
            lex_high: 0,
            lex_low: 0,
            suffix_moves,
        };
        cursor.seek(0);
        cursor
    }

    /// The rank after move table `slot` of [`SuffixMoves`], if it has
    /// one: the first three digits stay, the order of the last six changes.
    #[inline(always)]
    fn rank_by_suffix(&self, slot: usize) -> Option<u64> {
        let moves = self.suffix_moves?;
        let table = moves.tables.get(usize::from(*moves.slots.get(slot)?))?;
        let lex = self.lex_high * SUFFIX_ORDERS as u64 + u64::from(*table.get(self.lex_low)?);
        Some(if self.parity { lex >> 1 } else { lex })
    }

    /// The rank of the labels rearranged by `map` (`new[i] = old[map[i]]`).
    #[inline(always)]
    fn rank_of(&self, map: &[u8; MAX_CELLS]) -> u64 {
        rank_distinct(&gather::<N>(&self.labels, map), self.parity)
    }
}

impl<const N: usize> Permuting<'_, N> {
    /// Boards of [`TABLE_CELLS`] cells: puts the permutation of
    /// lexicographic rank `lex` (taken modulo 9!) in the labels, by two
    /// table reads, and returns whether it is odd.
    #[inline(always)]
    fn unrank_by_table(&mut self, lex: u64) -> bool {
        let lex = lex % TABLE_SLOTS;
        let (high, low) = (lex / SUFFIX_ORDERS as u64, (lex % SUFFIX_ORDERS as u64) as usize);
        (self.lex_high, self.lex_low) = (high, low);
        let (prefix, suffix) = (PREFIXES[high as usize], &SUFFIX_SHIFTS[low]);
        for (i, label) in self.labels[..PREFIX_CELLS].iter_mut().enumerate() {
            *label = (prefix >> (4 * i) & 0xF) as u8;
        }
        // The six values left, smallest first, one per nibble.
        let rest = prefix >> (4 * PREFIX_CELLS);
        for (label, &shift) in self.labels[PREFIX_CELLS..TABLE_CELLS].iter_mut().zip(suffix) {
            *label = (rest >> (shift & 63) & 0xF) as u8;
        }
        (prefix >> 63 == 1) ^ (suffix[SUFFIX_ODD] == 1)
    }
}

/// Boards of this many cells unrank by table ([`PREFIXES`], [`SUFFIXES`])
/// instead of by [`LexCursor`], whose cost grows with the distance between
/// the ranks visited, and rank the neighbours that moves of their last
/// cells lead to by table too ([`SuffixMoves`]).
const TABLE_CELLS: usize = 9;

/// 9!, the ranks of [`TABLE_CELLS`] values.
const TABLE_SLOTS: u64 = 362_880;

/// The first cells of a board of [`TABLE_CELLS`], the rest...
const PREFIX_CELLS: usize = 3;

/// ...and the orders of the values in the rest: 6!.
const SUFFIX_ORDERS: usize = 720;

/// The permutation of `0..n` (`n` at most 15) of lexicographic rank `rank`,
/// one value per nibble (position 0 in the low one), and whether it is odd
/// (its Lehmer digits add up to an odd number).
const fn unrank_nibbles(rank: u64, n: usize) -> (u64, bool) {
    let mut unused = 0xFEDC_BA98_7654_3210u64;
    let mut out = 0u64;
    let mut odd = false;
    let mut i = 0;
    while i < n {
        let mut weight = 1u64;
        let mut k = 2;
        while k < n - i {
            weight *= k as u64;
            k += 1;
        }
        let digit = (rank / weight % (n - i) as u64) as u32;
        out |= (unused >> (4 * digit) & 0xF) << (4 * i);
        // Close the gap the value leaves.
        let below = (1u64 << (4 * digit)) - 1;
        unused = (unused & below) | (unused >> 4 & !below);
        odd ^= digit % 2 == 1;
        i += 1;
    }
    (out, odd)
}

/// `PREFIXES[high]`: the permutation of nine values of lexicographic rank
/// `high * 6!` (its last six digits 0): its first three values, then the
/// six others in ascending order, one per nibble; bit 63 set if it is odd.
static PREFIXES: [u64; 504] = {
    let mut table = [0u64; 504];
    let mut high = 0;
    while high < 504 {
        let (perm, odd) = unrank_nibbles(high as u64 * SUFFIX_ORDERS as u64, TABLE_CELLS);
        table[high] = perm | (odd as u64) << 63;
        high += 1;
    }
    table
};

/// `SUFFIXES[low]`: the permutation of six values of lexicographic rank
/// `low`, one per nibble: for each of the last six cells of a board, which
/// of the six values left (smallest first) it holds; bit 63 set if it is
/// odd.
static SUFFIXES: [u64; SUFFIX_ORDERS] = {
    let mut table = [0u64; SUFFIX_ORDERS];
    let mut low = 0;
    while low < SUFFIX_ORDERS {
        let (perm, odd) = unrank_nibbles(low as u64, TABLE_CELLS - PREFIX_CELLS);
        table[low] = perm | (odd as u64) << 63;
        low += 1;
    }
    table
};

/// `SUFFIX_SHIFTS[low]`: [`SUFFIXES`]`[low]` as the shifts that pick the
/// value of each of the last six cells out of a nibble list of the six
/// values left (four times its place among them), and at
/// [`SUFFIX_ODD`] whether it is odd.
static SUFFIX_SHIFTS: [[u8; 8]; SUFFIX_ORDERS] = {
    let mut table = [[0u8; 8]; SUFFIX_ORDERS];
    let mut low = 0;
    while low < SUFFIX_ORDERS {
        let order = SUFFIXES[low];
        let mut j = 0;
        while j < TABLE_CELLS - PREFIX_CELLS {
            table[low][j] = 4 * (order >> (4 * j) & 0xF) as u8;
            j += 1;
        }
        table[low][SUFFIX_ODD] = (order >> 63) as u8;
        low += 1;
    }
    table
};

/// Where [`SUFFIX_SHIFTS`] says whether the order is odd.
const SUFFIX_ODD: usize = 7;

/// Moves with a table of [`SuffixMoves`] (forward and back), at most.
const SUFFIX_TABLES: usize = 8;

/// Moves (by index) that may have a table of [`SuffixMoves`].
const SUFFIX_MOVES: usize = 16;

/// No table (in [`SuffixMoves::slots`]).
const NO_TABLE: u8 = u8::MAX;

/// The moves of a board of [`TABLE_CELLS`] cells that leave the first
/// [`PREFIX_CELLS`] alone, so that they keep the first digits of the rank:
/// each as a table from the order of the last six values (its rank, as in
/// [`SUFFIXES`]) to their order after the move. A neighbour's rank is then
/// a table read instead of a ranking.
pub(crate) struct SuffixMoves {
    tables: [[u16; SUFFIX_ORDERS]; SUFFIX_TABLES],
    /// `slots[2 * m]`: the table of move `m`, `slots[2 * m + 1]`: of its
    /// undo; [`NO_TABLE`] if none.
    slots: [u8; 2 * SUFFIX_MOVES],
}

impl SuffixMoves {
    fn new(puzzle: &Puzzle) -> Self {
        let mut moves = Self { tables: [[0; SUFFIX_ORDERS]; SUFFIX_TABLES], slots: [NO_TABLE; 2 * SUFFIX_MOVES] };
        let mut used = 0;
        for m in 0..puzzle.move_count().min(SUFFIX_MOVES) {
            for (slot, map) in [(2 * m, puzzle.forward_map(m)), (2 * m + 1, puzzle.inverse_map(m))] {
                let Some(map) = map else { continue };
                let keeps_prefix = (0..PREFIX_CELLS).all(|i| usize::from(map[i]) == i)
                    && (PREFIX_CELLS..TABLE_CELLS).all(|i| (PREFIX_CELLS..TABLE_CELLS).contains(&usize::from(map[i])));
                let Some(table) = moves.tables.get_mut(used).filter(|_| keeps_prefix) else { continue };
                for (low, entry) in table.iter_mut().enumerate() {
                    let order = SUFFIXES[low];
                    // Cell `PREFIX_CELLS + j` takes the value of cell
                    // `map[PREFIX_CELLS + j]`.
                    let moved: [u8; TABLE_CELLS - PREFIX_CELLS] = core::array::from_fn(|j| {
                        let from = usize::from(map[PREFIX_CELLS + j]) - PREFIX_CELLS;
                        (order >> (4 * from) & 0xF) as u8
                    });
                    *entry = godtab_rank::rank_lex_array(&moved) as u16;
                }
                moves.slots[slot] = used as u8;
                used += 1;
            }
        }
        moves
    }
}

impl<const N: usize> Cursor for Permuting<'_, N> {
    #[inline]
    fn seek(&mut self, rank: u64) {
        if N == TABLE_CELLS {
            // A parity rank is half the lexicographic rank of the even or
            // odd permutation there: the one of lexicographic rank 2 * rank,
            // with its last two values swapped if its parity is the other.
            let lex = if self.parity { rank << 1 } else { rank };
            let odd = self.unrank_by_table(lex);
            if self.parity && odd != self.puzzle.goal_odd {
                // Lexicographic rank one more: 2 * rank is even, and so is
                // the order of its last six values (6! is even), which
                // goes one up and stays below 6!.
                self.labels.swap(TABLE_CELLS - 2, TABLE_CELLS - 1);
                self.lex_low += 1;
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
        if let Some(rank) = self.rank_by_suffix(2 * index) {
            return Some(rank);
        }
        Some(self.rank_of(self.puzzle.forward_map(index)?))
    }

    #[inline(always)]
    fn rank_before(&self, index: usize) -> Option<u64> {
        if let Some(rank) = self.rank_by_suffix(2 * index + 1) {
            return Some(rank);
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
    /// `vertical[2 * cell + m]`: how the tiles move (as a gather map) when
    /// the blank at `cell` goes up (`m = 0`) or down (`m = 1`).
    vertical: [[u8; MAX_CELLS]; 2 * MAX_CELLS],
}

impl<'a, const T: usize> Sliding<'a, T> {
    /// Ranks per blank cell: the tiles' parity class.
    const STRIDE: u64 = godtab_rank::FACTORIAL[T] / 2;

    fn new(puzzle: &'a Puzzle) -> Self {
        let identity: [u8; MAX_CELLS] = core::array::from_fn(|i| i as u8);
        let mut vertical = [identity; 2 * MAX_CELLS];
        for blank in 0..=T {
            for m in 0..2 {
                let Some(target) = puzzle.slide_target_towards(blank, m) else { continue };
                // The tile at `target` takes the blank's place: the tiles in
                // between shift by one towards where it was.
                let map = &mut vertical[2 * blank + m];
                if target < blank {
                    map[target..blank].rotate_left(1);
                } else {
                    map[blank..target].rotate_right(1);
                }
            }
        }
        let mut cursor =
            Self { puzzle, lex: LexCursor::new(), tiles: [0; MAX_CELLS], blank: 0, tiles_rank: 0, vertical };
        cursor.seek(0);
        cursor
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
        let tiles_rank = match self.vertical.get(2 * self.blank + direction) {
            // Up or down (directions 0 and 1); sideways leaves the tiles alone.
            Some(map) if direction < 2 => rank_parity_array(&gather::<T>(&self.tiles, map)),
            _ => self.tiles_rank,
        };
        Some(target as u64 * Self::STRIDE + tiles_rank)
    }

    #[inline]
    fn rank_before(&self, index: usize) -> Option<u64> {
        self.rank_after(self.puzzle.slide_undo(index)?)
    }
}
