//! Boards of nine cells with distinct tiles (Nine Digits, the 9 Puzzle):
//! a state's lexicographic rank split in two, `high * 6! + low`, where
//! `high` says which values the first three cells hold and `low` the order
//! of the six others. Unranking is two table reads (and most moves map the
//! two parts by table: `NineCellMoves`, with the `alloc` feature).

/// The cells of a board ranked in two parts.
pub(crate) const TABLE_CELLS: usize = 9;

/// 9!, the ranks of [`TABLE_CELLS`] values.
pub(crate) const TABLE_SLOTS: u64 = 362_880;

/// The first cells of a board of [`TABLE_CELLS`], the rest...
pub(crate) const PREFIX_CELLS: usize = 3;

/// ...and the orders of the values in the rest: 6!.
pub(crate) const SUFFIX_ORDERS: usize = 720;

/// The placements of values in the first cells: 9 * 8 * 7.
pub(crate) const PREFIX_PLACEMENTS: usize = 504;

/// The cells after the first three.
pub(crate) const SUFFIX_CELLS: usize = TABLE_CELLS - PREFIX_CELLS;

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

/// A state of a board of nine distinct tiles: its lexicographic rank as
/// `high * 6! + low`, where `high` says which values the first three cells
/// hold and `low` the order of the six others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NineCellRank {
    pub(crate) high: usize,
    pub(crate) low: usize,
}

impl NineCellRank {
    /// The state of lexicographic rank `lex` (taken modulo 9!).
    #[inline]
    #[must_use]
    pub fn from_lex(lex: u64) -> Self {
        let lex = lex % TABLE_SLOTS;
        Self { high: (lex / SUFFIX_ORDERS as u64) as usize, low: (lex % SUFFIX_ORDERS as u64) as usize }
    }

    /// Its lexicographic rank.
    #[inline]
    #[must_use]
    pub fn lex(self) -> u64 {
        self.high as u64 * SUFFIX_ORDERS as u64 + self.low as u64
    }
}
