//! The parity-class rank: the `n!/2` permutations that share one parity.
//!
//! In lexicographic order, two permutations that agree on their first `n-2`
//! entries are neighbours (ranks `2k` and `2k+1`) and have opposite parity.
//! So ranking the first `n-2` entries, which is `rank_lex(p) / 2`, numbers
//! each parity class densely from 0 to `n!/2 - 1`; the last two entries
//! follow from the parity.

use crate::lex::{lehmer_half, rank_lex_parity, unrank_lex};

/// Whether `perm` is an odd permutation (an odd number of inversions).
///
/// ```
/// use godtab_rank::is_odd;
/// assert!(!is_odd(&[0, 1, 2]));
/// assert!(is_odd(&[1, 0, 2]));
/// assert!(!is_odd(&[1, 2, 0]));
/// ```
#[inline]
#[must_use]
pub fn is_odd(perm: &[u8]) -> bool {
    rank_lex_parity(perm).1
}

/// The rank of `perm` among the permutations of `0..n` with its own parity:
/// a number in `0..n!/2` (for `n >= 2`).
///
/// ```
/// use godtab_rank::rank_parity;
/// // The even permutations of 0..3 in lexicographic order.
/// assert_eq!(rank_parity(&[0, 1, 2]), 0);
/// assert_eq!(rank_parity(&[1, 2, 0]), 1);
/// assert_eq!(rank_parity(&[2, 0, 1]), 2);
/// ```
#[inline]
#[must_use]
pub fn rank_parity(perm: &[u8]) -> u64 {
    macro_rules! by_length {
        ($($n:literal)*) => {
            match perm.len() {
                $($n => rank_parity_array::<$n>(perm.try_into().unwrap_or(&[0; $n])),)*
                _ => lehmer_half(perm),
            }
        };
    }
    by_length!(3 4 5 6 7 8 9 10 11 12 13 14 15 16)
}

/// [`rank_parity`] for a length known at compile time.
///
/// ```
/// assert_eq!(godtab_rank::rank_parity_array(&[2u8, 0, 1]), 2);
/// ```
#[inline]
#[must_use]
pub fn rank_parity_array<const N: usize>(perm: &[u8; N]) -> u64 {
    lehmer_half(perm)
}

/// Writes into `out` the permutation of `0..out.len()` of the given parity
/// whose parity-class rank is `rank` (taken modulo `n!/2`).
///
/// A length below 2 has only the identity, which is even; asking for an odd
/// one gives the identity too.
///
/// ```
/// use godtab_rank::{is_odd, unrank_parity};
/// let mut p = [0u8; 3];
/// unrank_parity(1, true, &mut p);
/// assert_eq!(p, [1, 0, 2]);
/// assert!(is_odd(&p));
/// ```
#[inline]
pub fn unrank_parity(rank: u64, odd: bool, out: &mut [u8]) {
    let n = out.len();
    // unrank_lex takes 2 * rank modulo n!, which is rank modulo n!/2.
    unrank_lex(rank << 1, out);
    // Rank 2k has the last two entries ascending; swapping them gives rank
    // 2k+1, the same prefix with the other parity.
    if n >= 2 && is_odd(out) != odd {
        out.swap(n - 2, n - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lengths() {
        let mut one = [0u8; 1];
        unrank_parity(0, true, &mut one);
        assert_eq!(one, [0]);
        assert_eq!(rank_parity(&[]), 0);
        let mut two = [0u8; 2];
        unrank_parity(0, true, &mut two);
        assert_eq!(two, [1, 0]);
        unrank_parity(0, false, &mut two);
        assert_eq!(two, [0, 1]);
    }
}
