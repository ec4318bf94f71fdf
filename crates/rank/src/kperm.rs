//! The k-permutation rank: where `k` distinct items sit among `n` cells.
//!
//! A *placement* is a sequence of `k` distinct cells below `n` (item `i` is
//! at cell `p[i]`). Its rank is its position among all `n!/(n-k)!`
//! placements in lexicographic order. The Lehmer digit of item `i` is its
//! cell minus the cells of earlier items below it (0 to `n-1-i`), weighted
//! by the placements of the items after it, `(n-1-i)!/(n-k)!`.
//!
//! Pattern databases index their tables by this rank (`k` tiles of a
//! sliding board), so [`KPerm`] precomputes the weights once and ranks in
//! `k` short steps. On boards of up to 16 cells a step reads the count of
//! earlier cells below its cell from 16 four-bit counters packed in a
//! `u64` and adds one to the counters of every cell above it: shifts and
//! adds, no popcount (which x86-64's baseline lacks, so that it costs a
//! dozen instructions there).

use crate::{MAX_LEN, nth_set_bit};

/// The rank and unrank of placements of `k` items among `n` cells, with
/// the digit weights precomputed.
///
/// ```
/// use godtab_rank::KPerm;
///
/// let places = KPerm::new(4, 2).unwrap();
/// assert_eq!(places.count(), 12);
/// assert_eq!(places.rank(&[0, 1]), 0);
/// assert_eq!(places.rank(&[1, 0]), 3);
/// assert_eq!(places.rank(&[3, 2]), 11);
/// let mut p = [0u8; 2];
/// places.unrank(3, &mut p);
/// assert_eq!(p, [1, 0]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KPerm {
    n: u8,
    k: u8,
    count: u64,
    /// `weights[i] = (n-1-i)!/(n-k)!` for `i < k`.
    weights: [u64; MAX_LEN],
}

impl KPerm {
    /// No items among no cells: one placement, the empty one.
    pub const EMPTY: Self = Self { n: 0, k: 0, count: 1, weights: [0; MAX_LEN] };

    /// The placements of `k` items among `n` cells, or `None` unless
    /// `k <= n <= 20`.
    #[must_use]
    pub const fn new(n: usize, k: usize) -> Option<Self> {
        if k > n || n > MAX_LEN {
            return None;
        }
        let mut weights = [0u64; MAX_LEN];
        // Fill from the last item: its weight is 1, each earlier one is the
        // next one's times the cells left for that next item.
        let mut i = k;
        let mut w = 1u64;
        while i > 0 {
            i -= 1;
            weights[i] = w;
            w *= (n - i) as u64;
        }
        // (k <= n <= 20 keeps every product within 20!.)
        Some(Self { n: n as u8, k: k as u8, count: w, weights })
    }

    /// Cells `n`.
    #[must_use]
    pub const fn cells(&self) -> usize {
        self.n as usize
    }

    /// Items `k`.
    #[must_use]
    pub const fn items(&self) -> usize {
        self.k as usize
    }

    /// The number of placements, `n!/(n-k)!`.
    #[must_use]
    pub const fn count(&self) -> u64 {
        self.count
    }

    /// The weight of item `i`'s Lehmer digit, `(n-1-i)!/(n-k)!` (0 past
    /// the last item).
    #[must_use]
    pub fn weight(&self, i: usize) -> u64 {
        self.weights.get(i).copied().unwrap_or(0)
    }

    /// The rank of `places` (its first `k` cells are used): below
    /// [`KPerm::count`] when they are distinct cells below `n`, unspecified
    /// (never a panic) otherwise.
    #[inline]
    #[must_use]
    pub fn rank(&self, places: &[u8]) -> u64 {
        if self.n <= 16 {
            return self.rank_small(places);
        }
        let mut used = 0u32;
        let mut rank = 0u64;
        for (&cell, &weight) in places.iter().zip(&self.weights[..usize::from(self.k)]) {
            let bit = 1u32.wrapping_shl(u32::from(cell));
            let below = (used & bit.wrapping_sub(1)).count_ones();
            rank = rank.wrapping_add(u64::from(u32::from(cell).wrapping_sub(below)).wrapping_mul(weight));
            used |= bit;
        }
        rank
    }

    /// [`KPerm::rank`] on at most 16 cells, by packed counters.
    #[inline(always)]
    fn rank_small(&self, places: &[u8]) -> u64 {
        /// A one in every counter.
        const ONES: u64 = 0x1111_1111_1111_1111;
        // Counter c: how many of the cells placed so far are below cell c.
        let mut below = 0u64;
        let mut rank = 0u64;
        let k = usize::from(self.k).min(places.len()).min(MAX_LEN);
        for (&cell, &weight) in places[..k].iter().zip(&self.weights[..k]) {
            let shift = 4 * (u32::from(cell) & 15);
            let digit = u64::from(cell).wrapping_sub((below >> shift) & 15);
            rank = rank.wrapping_add(digit.wrapping_mul(weight));
            // The counters of the cells above this one (none above 15).
            below = below.wrapping_add((ONES << shift) << 4);
        }
        rank
    }

    /// Writes the placement of rank `rank` into the first `k` bytes of
    /// `out` (as many as fit). A rank past [`KPerm::count`] gives an
    /// unspecified placement (never a panic).
    pub fn unrank(&self, mut rank: u64, out: &mut [u8]) {
        let mut free = if self.n >= 32 { u32::MAX } else { (1u32 << self.n) - 1 };
        for (slot, &weight) in out.iter_mut().zip(&self.weights[..usize::from(self.k)]) {
            let digit = rank.checked_div(weight).unwrap_or(0);
            rank -= digit * weight;
            // digit < n <= 20 for valid ranks; larger ones are clamped.
            let cell = nth_set_bit(free, digit.min(31) as u8);
            *slot = cell;
            free &= !1u32.wrapping_shl(u32::from(cell));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::KPerm;

    #[test]
    fn counts() {
        assert_eq!(KPerm::new(16, 8).map(|p| p.count()), Some(518_918_400));
        assert_eq!(KPerm::new(16, 7).map(|p| p.count()), Some(57_657_600));
        assert_eq!(KPerm::new(16, 16).map(|p| p.count()), Some(20_922_789_888_000));
        assert_eq!(KPerm::new(9, 0).map(|p| p.count()), Some(1));
        assert_eq!(KPerm::new(3, 4), None);
        assert_eq!(KPerm::new(21, 1), None);
    }

    #[test]
    fn full_placements_are_lexicographic_permutations() {
        let p = KPerm::new(6, 6).unwrap();
        for rank in 0..p.count() {
            let mut out = [0u8; 6];
            p.unrank(rank, &mut out);
            assert_eq!(crate::rank_lex(&out), rank);
        }
    }
}
