//! Unranking a rising sequence of ranks, reusing the work shared with the
//! previous rank.

use crate::FACTORIAL;
use crate::lex::{IDENTITY_NIBBLES, lehmer_digits, take_nibble};

/// A permutation of `0..N` (`N` at most 16) that moves to increasing
/// lexicographic ranks in a fraction of the cost of [`unrank_lex`].
///
/// Nearby ranks share their leading Lehmer digits: from rank `r` to `r + 1`
/// the digit of weight `1!` changes every time, the one of weight `2!`
/// every other time, and so on, so fewer than two digits change on average.
/// The cursor keeps the digits of its rank and, for every position, the
/// values not placed before it; moving forward adds the distance to the
/// digits and rebuilds only the tail of the permutation after the first
/// digit that changed. Moving backward starts over, as [`unrank_lex`] does.
///
/// ```
/// use godtab_rank::LexCursor;
/// let mut cursor = LexCursor::<4>::new();
/// cursor.seek(1);
/// assert_eq!(cursor.perm(), &[0, 1, 3, 2]);
/// assert!(cursor.is_odd());
/// cursor.seek(23);
/// assert_eq!(cursor.perm(), &[3, 2, 1, 0]);
/// ```
///
/// [`unrank_lex`]: crate::unrank_lex
#[derive(Clone, Debug)]
pub struct LexCursor<const N: usize> {
    rank: u64,
    digits: [u8; N],
    /// Whether the digits' sum (the permutation's parity) is odd, kept as
    /// they change: one bit per changed digit.
    odd: bool,
    perm: [u8; N],
    /// `unused[i]`: the values missing from `perm[..i]`, smallest first,
    /// one per nibble.
    unused: [u64; N],
}

impl<const N: usize> Default for LexCursor<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> LexCursor<N> {
    /// One value per nibble of a `u64`.
    const FITS: () = assert!(N <= 16, "LexCursor holds at most 16 values");

    /// A cursor at rank 0, the identity.
    #[must_use]
    pub fn new() -> Self {
        let () = Self::FITS;
        Self {
            rank: 0,
            digits: [0; N],
            odd: false,
            perm: core::array::from_fn(|i| i as u8),
            unused: core::array::from_fn(|i| IDENTITY_NIBBLES >> (4 * i)),
        }
    }

    /// The current rank.
    #[must_use]
    pub fn rank(&self) -> u64 {
        self.rank
    }

    /// The permutation of the current rank.
    #[must_use]
    pub fn perm(&self) -> &[u8; N] {
        &self.perm
    }

    /// The Lehmer digits of the rank: `digits()[i]` counts the values after
    /// position `i` that are smaller than the one there.
    #[must_use]
    #[inline]
    pub fn digits(&self) -> &[u8; N] {
        &self.digits
    }

    /// Whether the permutation of the current rank is odd: whether its
    /// digits add up to an odd number (kept as seeking changes them).
    #[must_use]
    #[inline]
    pub fn is_odd(&self) -> bool {
        self.odd
    }

    /// Moves to `rank` (taken modulo `N!`). Cheap when `rank` is at or a
    /// little past the current rank; any rank works.
    #[inline]
    pub fn seek(&mut self, rank: u64) {
        let target = rank % FACTORIAL[N];
        let first = if target >= self.rank {
            self.add_to_digits(target - self.rank)
        } else {
            lehmer_digits(target, &mut self.digits);
            self.odd = self.digits.iter().fold(0, |odd, &d| odd ^ d) & 1 == 1;
            0
        };
        self.rank = target;
        self.rebuild_from(first);
    }

    /// Moves to parity-class rank `rank` (see [`unrank_parity`]) and writes
    /// the permutation of parity `odd` there into `out[..N]`: the lexicographic
    /// rank `2 * rank`, with the last two values swapped when its parity is
    /// the other one (rank `2 * rank + 1`).
    ///
    /// ```
    /// use godtab_rank::{LexCursor, unrank_parity};
    /// let (mut cursor, mut out, mut expected) = (LexCursor::<5>::new(), [0u8; 5], [0u8; 5]);
    /// for rank in 0..60 {
    ///     cursor.seek_parity(rank, true, &mut out);
    ///     unrank_parity(rank, true, &mut expected);
    ///     assert_eq!(out, expected);
    /// }
    /// ```
    ///
    /// [`unrank_parity`]: crate::unrank_parity
    #[inline]
    pub fn seek_parity(&mut self, rank: u64, odd: bool, out: &mut [u8]) {
        self.seek(rank << 1);
        let Some(out) = out.get_mut(..N) else { return };
        out.copy_from_slice(&self.perm);
        if N >= 2 && self.is_odd() != odd {
            out.swap(N - 2, N - 1);
        }
    }

    /// Adds `step` to the digits, a mixed-radix number (digit `i` has radix
    /// `N - i`), and returns the first position whose digit changed (`N` if
    /// none did).
    #[inline]
    fn add_to_digits(&mut self, mut step: u64) -> usize {
        let mut first = N;
        // The last digit has radix 1: it is always 0.
        for i in (0..N.saturating_sub(1)).rev() {
            if step == 0 {
                break;
            }
            let radix = (N - i) as u64;
            let old = u64::from(self.digits[i]);
            let sum = old + step;
            // Small steps carry at most one: no division on the common path,
            // and a multiply for the longer steps of a sparse scan.
            let (digit, carry) = if sum < radix {
                (sum, 0)
            } else if sum < 2 * radix {
                (sum - radix, 1)
            } else if sum < SHORT_DIVIDEND && radix <= MAX_SHORT_RADIX {
                let quotient = divide_short(sum, radix);
                (sum - quotient * radix, quotient)
            } else {
                (sum % radix, sum / radix)
            };
            // The digit is below the radix, at most 16.
            self.odd ^= (old ^ digit) & 1 == 1;
            self.digits[i] = digit as u8;
            step = carry;
            first = i;
        }
        first
    }

    /// Recomputes `perm[first..]` (and the unused values after each of its
    /// positions) from the digits; the prefix is unchanged.
    #[inline]
    fn rebuild_from(&mut self, first: usize) {
        let Some(&start) = self.unused.get(first) else {
            return;
        };
        let mut unused = start;
        for i in first..N.saturating_sub(1) {
            (self.perm[i], unused) = take_nibble(unused, self.digits[i]);
            self.unused[i + 1] = unused;
        }
        // One value is left for the last position.
        if let Some(last) = self.perm.last_mut() {
            *last = (unused & 0xF) as u8;
        }
    }
}

/// Dividends below this are divided by a radix (2 to 16) by a multiply
/// and a shift ([`divide_short`]), which a division takes several times as
/// long as.
const SHORT_DIVIDEND: u64 = 1 << 28;

/// The largest radix [`divide_short`] divides by.
const MAX_SHORT_RADIX: u64 = 16;

/// `ceil(2^36 / d)` for each radix `d` (entries 0 and 1 unused).
const RECIPROCALS: [u64; MAX_SHORT_RADIX as usize + 1] = {
    let mut table = [0u64; MAX_SHORT_RADIX as usize + 1];
    let mut d = 2;
    while d <= MAX_SHORT_RADIX as usize {
        table[d] = (1u64 << 36).div_ceil(d as u64);
        d += 1;
    }
    table
};

/// `n / d` for `n` below [`SHORT_DIVIDEND`] and `d` from 2 to 16: with
/// `m = (2^36 + e) / d` (`e < d`), `n * m / 2^36 = n / d + n * e / (d *
/// 2^36)`, and `n * e < 2^32 < 2^36` keeps the error below `1 / d`, so the
/// floor is exact; `n * m < 2^28 * 2^35` fits a `u64`.
#[inline]
fn divide_short(n: u64, d: u64) -> u64 {
    (n * RECIPROCALS[(d as usize).min(MAX_SHORT_RADIX as usize)]) >> 36
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::{is_odd, unrank_lex_array};

    #[test]
    fn short_division_is_exact() {
        for d in 2..=16u64 {
            // Every dividend up to 2^20, and around each multiple of d near
            // the top of the range.
            let edges = (0..1 << 12).flat_map(|k| {
                let top = (SHORT_DIVIDEND - 1) / d * d - k * d;
                [top.saturating_sub(1), top, top + 1]
            });
            for n in (0..1 << 20).chain(edges).filter(|&n| n < SHORT_DIVIDEND) {
                assert_eq!(divide_short(n, d), n / d, "{n} / {d}");
            }
        }
    }

    #[test]
    fn zero_and_one_values() {
        let mut none = LexCursor::<0>::new();
        none.seek(5);
        assert_eq!((none.rank(), none.perm(), none.is_odd()), (0, &[], false));
        let mut one = LexCursor::<1>::new();
        one.seek(3);
        assert_eq!((one.rank(), one.perm(), one.is_odd()), (0, &[0], false));
    }

    #[test]
    fn seeks_forward_backward_and_wrap() {
        let mut cursor = LexCursor::<7>::default();
        for rank in [0, 1, 2, 700, 701, 5039, 3, 3, 5040 + 9, u64::MAX] {
            cursor.seek(rank);
            let want = unrank_lex_array::<7>(rank);
            assert_eq!(cursor.perm(), &want, "rank {rank}");
            assert_eq!(cursor.rank(), rank % 5040);
            assert_eq!(cursor.is_odd(), is_odd(&want), "rank {rank}");
        }
    }
}
