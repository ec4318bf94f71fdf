//! Boards of nine cells with distinct tiles (Nine Digits, the 9 Puzzle):
//! a state's lexicographic rank split in two, `high * 6! + low`, where
//! `high` says which values the first three cells hold and `low` the order
//! of the six others. Unranking is two table reads, and most moves of a
//! 3x3 board (turning a 2x2 block, shifting a row or a column) map the two
//! parts by table, without building the neighbour's labels at all.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

#[cfg(feature = "alloc")]
use crate::MAX_CELLS;
use crate::Puzzle;

/// The cells of a board ranked in two parts.
pub(crate) const TABLE_CELLS: usize = 9;

/// 9!, the ranks of [`TABLE_CELLS`] values.
pub(crate) const TABLE_SLOTS: u64 = 362_880;

/// The first cells of a board of [`TABLE_CELLS`], the rest...
pub(crate) const PREFIX_CELLS: usize = 3;

/// ...and the orders of the values in the rest: 6!.
pub(crate) const SUFFIX_ORDERS: usize = 720;

/// The placements of values in the first cells: 9 * 8 * 7.
const PREFIX_PLACEMENTS: usize = 504;

/// The cells after the first three.
const SUFFIX_CELLS: usize = TABLE_CELLS - PREFIX_CELLS;

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
pub(crate) static PREFIXES: [u64; PREFIX_PLACEMENTS] = {
    let mut table = [0u64; PREFIX_PLACEMENTS];
    let mut high = 0;
    while high < PREFIX_PLACEMENTS {
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
pub(crate) static SUFFIXES: [u64; SUFFIX_ORDERS] = {
    let mut table = [0u64; SUFFIX_ORDERS];
    let mut low = 0;
    while low < SUFFIX_ORDERS {
        let (perm, odd) = unrank_nibbles(low as u64, SUFFIX_CELLS);
        table[low] = perm | (odd as u64) << 63;
        low += 1;
    }
    table
};

/// `SUFFIX_SHIFTS[low]`: [`SUFFIXES`]`[low]` as the shifts that pick the
/// value of each of the last six cells out of a nibble list of the six
/// values left (four times its place among them).
pub(crate) static SUFFIX_SHIFTS: [[u8; SUFFIX_CELLS]; SUFFIX_ORDERS] = {
    let mut table = [[0u8; SUFFIX_CELLS]; SUFFIX_ORDERS];
    let mut low = 0;
    while low < SUFFIX_ORDERS {
        let order = SUFFIXES[low];
        let mut j = 0;
        while j < SUFFIX_CELLS {
            table[low][j] = 4 * (order >> (4 * j) & 0xF) as u8;
            j += 1;
        }
        low += 1;
    }
    table
};

/// Whether the permutation of lexicographic rank `high * 6! + low` is odd.
#[inline(always)]
pub(crate) fn is_odd(high: usize, low: usize) -> bool {
    (PREFIXES[high] ^ SUFFIXES[low]) >> 63 == 1
}

/// The `high` part of the ranks whose first three values are `a`, `b`,
/// `c` (distinct, below 9): their first three Lehmer digits, weighted.
#[cfg(feature = "alloc")]
const fn prefix_rank(a: u64, b: u64, c: u64) -> u16 {
    let d1 = b - (a < b) as u64;
    let d2 = c - (a < c) as u64 - (b < c) as u64;
    (a * 56 + d1 * 7 + d2) as u16
}

/// Moves (by index) that may have tables; later ones rank their
/// neighbours from the labels.
#[cfg(feature = "alloc")]
const TABLE_MOVES: usize = 16;

/// How one move (or its undo) of a nine-cell board gets the neighbour's
/// rank from the two parts of the current one.
#[cfg(feature = "alloc")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Rank the labels gathered through the move's map: the move carries
    /// two values or more into the first three cells.
    Rank,
    /// The first three cells trade values only among themselves, and so do
    /// the last six: `high` and `low` each map by a table (at these offsets
    /// of [`NineCellMoves::high`] and [`NineCellMoves::low`]).
    Within { high: u32, low: u32 },
    /// One value leaves the last six cells (from the cell `shift / 4` of
    /// them) for the first three, and one goes the other way. The new
    /// `high` is read at `high * 6 + r`, where `r` is the leaving value's
    /// place among the six (smallest first); the same entry holds above bit
    /// [`JOINER_SHIFT`] how many of the six lie below the value that joins
    /// them, which with `r` gives the joiner's place `k` among the new six;
    /// the new `low` is read at `low * 6 + k`.
    Crossing { high: u32, low: u32, shift: u8 },
}

/// Where a [`Rule::Crossing`] entry of [`NineCellMoves::high`] keeps the
/// joining value's count (0 to 6); the new `high` is below it.
#[cfg(feature = "alloc")]
const JOINER_SHIFT: u32 = 12;

/// The neighbour's rank by table for the moves of a nine-cell board that
/// allow it ([`Rule`]), forward and back.
pub(crate) struct NineCellMoves {
    /// `rules[2 * m]`: move `m`, `rules[2 * m + 1]`: its undo.
    #[cfg(feature = "alloc")]
    rules: [Rule; 2 * TABLE_MOVES],
    /// The tables of the new `high`, one after another.
    #[cfg(feature = "alloc")]
    high: Vec<u16>,
    /// The tables of the new `low`, one after another.
    #[cfg(feature = "alloc")]
    low: Vec<u16>,
    /// Whether some move (or undo) ranks from the labels, so that a cursor
    /// must keep them.
    pub(crate) needs_labels: bool,
}

impl NineCellMoves {
    /// The tables for every move of `puzzle` that has a [`Rule`] other than
    /// [`Rule::Rank`]. Without the `alloc` feature there are none: every
    /// move ranks from the labels.
    pub(crate) fn new(puzzle: &Puzzle) -> Self {
        #[cfg(feature = "alloc")]
        {
            let mut moves =
                Self { rules: [Rule::Rank; 2 * TABLE_MOVES], high: Vec::new(), low: Vec::new(), needs_labels: false };
            for m in 0..puzzle.move_count() {
                for (slot, map) in [(2 * m, puzzle.forward_map(m)), (2 * m + 1, puzzle.inverse_map(m))] {
                    let rule = match (moves.rules.get(slot), map) {
                        (Some(_), Some(map)) => moves.add(map),
                        _ => Rule::Rank,
                    };
                    if let Some(kept) = moves.rules.get_mut(slot) {
                        *kept = rule;
                    }
                    moves.needs_labels |= rule == Rule::Rank;
                }
            }
            moves
        }
        #[cfg(not(feature = "alloc"))]
        {
            let _ = puzzle;
            Self { needs_labels: true }
        }
    }

    /// The rank (lexicographic) after the move or undo of `slot` from the
    /// state of rank `high * 6! + low`, or `None` if it has no table.
    #[inline(always)]
    pub(crate) fn lex_after(&self, slot: usize, high: usize, low: usize) -> Option<u64> {
        #[cfg(feature = "alloc")]
        {
            let (high, low) = match *self.rules.get(slot)? {
                Rule::Rank => return None,
                Rule::Within { high: h, low: l } => {
                    (*self.high.get(h as usize + high)?, *self.low.get(l as usize + low)?)
                }
                Rule::Crossing { high: h, low: l, shift } => {
                    let leaving = (SUFFIXES[low] >> shift & 0xF) as usize;
                    let entry = *self.high.get(h as usize + high * SUFFIX_CELLS + leaving)?;
                    let below = usize::from(entry >> JOINER_SHIFT);
                    let joiner = below - usize::from(leaving < below);
                    (entry & ((1 << JOINER_SHIFT) - 1), *self.low.get(l as usize + low * SUFFIX_CELLS + joiner)?)
                }
            };
            Some(u64::from(high) * SUFFIX_ORDERS as u64 + u64::from(low))
        }
        #[cfg(not(feature = "alloc"))]
        {
            let _ = (slot, high, low);
            None
        }
    }

    /// Builds the tables for the position map `map` (`new[i] = old[map[i]]`)
    /// and returns its rule.
    #[cfg(feature = "alloc")]
    fn add(&mut self, map: &[u8; MAX_CELLS]) -> Rule {
        let map: [usize; TABLE_CELLS] = core::array::from_fn(|i| usize::from(map[i]));
        let is_prefix = |cell: usize| cell < PREFIX_CELLS;
        let entering: Vec<usize> = (0..PREFIX_CELLS).filter(|&i| !is_prefix(map[i])).collect();
        let (high, low) = (self.high.len() as u32, self.low.len() as u32);
        match entering[..] {
            [] => {
                for &old in &PREFIXES {
                    let value = |cell: usize| old >> (4 * cell) & 0xF;
                    self.high.push(prefix_rank(value(map[0]), value(map[1]), value(map[2])));
                }
                for &order in &SUFFIXES {
                    let moved: [u8; SUFFIX_CELLS] =
                        core::array::from_fn(|j| (order >> (4 * (map[PREFIX_CELLS + j] - PREFIX_CELLS)) & 0xF) as u8);
                    self.low.push(godtab_rank::rank_lex_array(&moved) as u16);
                }
                Rule::Within { high, low }
            }
            [into] => {
                // `from`: the cell of the last six whose value enters the
                // first three; `leaver`: the cell of the first three whose
                // value goes to the last six.
                let from = map[into];
                let Some(leaver) = (0..PREFIX_CELLS).find(|&c| map[PREFIX_CELLS..TABLE_CELLS].contains(&c)) else {
                    return Rule::Rank;
                };
                for &old in &PREFIXES {
                    let rest = old >> (4 * PREFIX_CELLS);
                    let leaving = old >> (4 * leaver) & 0xF;
                    let below = (0..SUFFIX_CELLS).filter(|&j| rest >> (4 * j) & 0xF < leaving).count() as u16;
                    for r in 0..SUFFIX_CELLS {
                        let value =
                            |cell: usize| if cell == from { rest >> (4 * r) & 0xF } else { old >> (4 * cell) & 0xF };
                        let new = prefix_rank(value(map[0]), value(map[1]), value(map[2]));
                        self.high.push(new | below << JOINER_SHIFT);
                    }
                }
                for &order in &SUFFIXES {
                    let place = |cell: usize| (order >> (4 * (cell - PREFIX_CELLS)) & 0xF) as u8;
                    let gone = place(from);
                    for joiner in 0..SUFFIX_CELLS as u8 {
                        // The five that stay close the gap the leaving value
                        // leaves and open one at the joiner's place.
                        let moved: [u8; SUFFIX_CELLS] = core::array::from_fn(|j| match map[PREFIX_CELLS + j] {
                            cell if cell == leaver => joiner,
                            cell => {
                                let kept = place(cell) - u8::from(place(cell) > gone);
                                kept + u8::from(kept >= joiner)
                            }
                        });
                        self.low.push(godtab_rank::rank_lex_array(&moved) as u16);
                    }
                }
                Rule::Crossing { high, low, shift: 4 * (from - PREFIX_CELLS) as u8 }
            }
            _ => Rule::Rank,
        }
    }
}
