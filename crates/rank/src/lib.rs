//! Lexicographic rank and unrank of permutations (the Cantor expansion, or
//! Lehmer code), in O(n) per call with no allocation.
//!
//! A permutation of length `n` is a slice holding each of `0..n` exactly
//! once. Its *lexicographic rank* is its position among all `n!`
//! permutations sorted in lexicographic order: the identity has rank 0, and
//! the next permutation in that order has the next rank.
//!
//! ```
//! use godtab_rank::{rank_lex, unrank_lex};
//!
//! assert_eq!(rank_lex(&[0, 1, 2]), 0);
//! assert_eq!(rank_lex(&[2, 1, 0]), 5);
//! let mut p = [0u8; 3];
//! unrank_lex(3, &mut p);
//! assert_eq!(p, [1, 2, 0]);
//! ```
//!
//! Four rankings are provided:
//!
//! - [`rank_lex`] / [`unrank_lex`]: all `n!` permutations.
//! - [`rank_parity`] / [`unrank_parity`]: the `n!/2` permutations of one
//!   parity, for puzzles whose moves are all even permutations.
//! - [`rank_multiset`] / [`unrank_multiset`]: arrangements of a multiset
//!   (tiles that repeat), `n! / (k1! k2! ...)` of them.
//!
//! - [`KPerm`]: placements of `k` distinct items among `n` cells,
//!   `n!/(n-k)!` of them (the index of a pattern database).
//!
//! Beside them, the orientation coordinates of twisty puzzles' pieces
//! ([`rank_orientations`], [`rank_orientations_summed`]): `n` numbers below
//! `o` in base `o`, `o^n` of them, or `o^(n-1)` when their sum is fixed.
//!
//! Lengths up to [`MAX_LEN`] (20) are supported, because `20!` is the largest
//! factorial that fits in a `u64`.
//!
//! # Panics
//!
//! No function here panics, whatever it is given. Ranking a slice that is not
//! a permutation, or unranking a rank that is out of range, gives an
//! unspecified result instead; callers validate their input first (see
//! [`is_permutation`]).

#![no_std]

mod cursor;
mod kperm;
mod lex;
mod multiset;
mod orientation;
mod parity;

pub use cursor::LexCursor;
pub use kperm::KPerm;
pub use lex::{
    rank_lex, rank_lex_array, rank_lex_parity, rank_lex_parity_array, rank_lex_parity_mapped, rank_lex_parity_skipping,
    rank_lex_parity_skipping_small, rank_lex_parity_small, unrank_lex, unrank_lex_array,
};
pub use multiset::{arrangements, rank_multiset, unrank_multiset};
pub use orientation::{
    orientation_count, orientation_sum, rank_orientations, rank_orientations_summed, unrank_orientations,
    unrank_orientations_summed,
};
pub use parity::{is_odd, rank_parity, rank_parity_array, unrank_parity};

/// The longest permutation these functions rank exactly: `20!` fits in a
/// `u64`, `21!` does not.
pub const MAX_LEN: usize = 20;

/// `FACTORIAL[k] = k!` for `k` in `0..=20`.
pub const FACTORIAL: [u64; MAX_LEN + 1] = {
    let mut table = [1u64; MAX_LEN + 1];
    let mut k = 1;
    while k <= MAX_LEN {
        table[k] = table[k - 1] * k as u64;
        k += 1;
    }
    table
};

/// `k!`, or `None` when it does not fit in a `u64` (`k > 20`).
#[must_use]
pub const fn factorial(k: usize) -> Option<u64> {
    if k <= MAX_LEN { Some(FACTORIAL[k]) } else { None }
}

/// Whether `values` holds each of `0..values.len()` exactly once.
///
/// ```
/// assert!(godtab_rank::is_permutation(&[2, 0, 1]));
/// assert!(!godtab_rank::is_permutation(&[2, 0, 2]));
/// assert!(!godtab_rank::is_permutation(&[3, 0, 1]));
/// ```
#[must_use]
pub fn is_permutation(values: &[u8]) -> bool {
    if values.len() > MAX_LEN {
        return false;
    }
    let mut seen = 0u32;
    for &v in values {
        if usize::from(v) >= values.len() || seen & (1 << v) != 0 {
            return false;
        }
        seen |= 1 << v;
    }
    true
}

/// The weight of a Lehmer digit: `k!`, or 0 past the table (only reached for
/// lengths above [`MAX_LEN`], whose ranks are unspecified).
#[inline]
fn weight(k: usize) -> u64 {
    FACTORIAL.get(k).copied().unwrap_or(0)
}

/// The position of the `nth` set bit of `mask` (counting from 0 at the least
/// significant end). Used to pick "the nth value not used yet".
#[inline]
fn nth_set_bit(mut mask: u32, nth: u8) -> u8 {
    for _ in 0..nth {
        mask &= mask.wrapping_sub(1);
    }
    // trailing_zeros of a u32 is at most 32, which fits in a u8.
    mask.trailing_zeros() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factorials() {
        assert_eq!(FACTORIAL[0], 1);
        assert_eq!(FACTORIAL[9], 362_880);
        assert_eq!(FACTORIAL[20], 2_432_902_008_176_640_000);
        assert_eq!(factorial(21), None);
    }

    #[test]
    fn nth_set_bit_picks_in_order() {
        assert_eq!(nth_set_bit(0b1011_0100, 0), 2);
        assert_eq!(nth_set_bit(0b1011_0100, 1), 4);
        assert_eq!(nth_set_bit(0b1011_0100, 2), 5);
        assert_eq!(nth_set_bit(0b1011_0100, 3), 7);
    }

    #[test]
    fn permutation_check() {
        assert!(is_permutation(&[]));
        assert!(is_permutation(&[0]));
        assert!(!is_permutation(&[1]));
        assert!(!is_permutation(&[0; 21]));
    }
}
