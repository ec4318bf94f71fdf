//! Orientation coordinates: the orientations of `n` pieces, each a number
//! below `o`, as one number.
//!
//! Written in base `o`, first piece most significant, the orientations of
//! all `n` pieces number `o^n` arrangements ([`rank_orientations`]). When
//! the sum of the orientations is fixed modulo `o` (as on a twisty puzzle
//! whose every move twists its pieces by a total of zero), the last piece's
//! orientation follows from the others and only the first `n - 1` are
//! written: `o^(n-1)` arrangements ([`rank_orientations_summed`]).
//!
//! ```
//! use godtab_rank::{rank_orientations, rank_orientations_summed, unrank_orientations_summed};
//!
//! // Three pieces of three orientations: 2 1 0 is 2*9 + 1*3 + 0.
//! assert_eq!(rank_orientations(&[2, 1, 0], 3), 21);
//! // With the sum fixed, the last piece is left out: 2*3 + 1.
//! assert_eq!(rank_orientations_summed(&[2, 1, 0], 3), 7);
//! let mut out = [0u8; 3];
//! unrank_orientations_summed(7, 3, 0, &mut out);
//! assert_eq!(out, [2, 1, 0]);
//! ```
//!
//! Orientations at or above `o` give an unspecified rank, and a rank past
//! the count unspecified orientations (never a panic).

/// `o^n`, the number of orientations of `n` pieces, or `None` past `u64`.
///
/// ```
/// assert_eq!(godtab_rank::orientation_count(7, 3), Some(2187));
/// assert_eq!(godtab_rank::orientation_count(0, 3), Some(1));
/// assert_eq!(godtab_rank::orientation_count(64, 2), None);
/// ```
#[must_use]
pub fn orientation_count(n: usize, o: u8) -> Option<u64> {
    u64::from(o).checked_pow(u32::try_from(n).ok()?)
}

/// The orientations of all `orientations.len()` pieces in base `o`, the
/// first piece most significant: a number below `o^n`.
#[inline]
#[must_use]
pub fn rank_orientations(orientations: &[u8], o: u8) -> u64 {
    let base = u64::from(o);
    orientations.iter().fold(0u64, |rank, &v| rank.wrapping_mul(base).wrapping_add(u64::from(v)))
}

/// The orientations of all pieces but the last, in base `o`: a number below
/// `o^(n-1)`. The last piece's orientation is left out because, with the
/// sum fixed, it follows from the others.
#[inline]
#[must_use]
pub fn rank_orientations_summed(orientations: &[u8], o: u8) -> u64 {
    match orientations.split_last() {
        Some((_, first)) => rank_orientations(first, o),
        None => 0,
    }
}

/// The sum of the orientations modulo `o` (0 for `o` of 0).
#[inline]
#[must_use]
pub fn orientation_sum(orientations: &[u8], o: u8) -> u8 {
    let sum = orientations.iter().fold(0u32, |sum, &v| sum + u32::from(v));
    // The remainder is below `o`, a u8.
    sum.checked_rem(u32::from(o)).unwrap_or(0) as u8
}

/// Writes into `out` the orientations of rank `rank` (taken modulo `o^n`),
/// as [`rank_orientations`] numbers them.
#[inline]
pub fn unrank_orientations(rank: u64, o: u8, out: &mut [u8]) {
    let base = u64::from(o).max(1);
    let mut rest = rank;
    for slot in out.iter_mut().rev() {
        // The remainder is below `o`, a u8.
        *slot = (rest % base) as u8;
        rest /= base;
    }
}

/// Writes into `out` the orientations of rank `rank` as
/// [`rank_orientations_summed`] numbers them, the last one chosen so that
/// the sum is `sum` modulo `o`.
#[inline]
pub fn unrank_orientations_summed(rank: u64, o: u8, sum: u8, out: &mut [u8]) {
    let Some((last, first)) = out.split_last_mut() else { return };
    unrank_orientations(rank, o, first);
    let o = u32::from(o.max(1));
    let others = first.iter().fold(0u32, |s, &v| s + u32::from(v)) % o;
    // (sum - others) mod o, below o: a u8.
    *last = ((u32::from(sum) % o + o - others) % o) as u8;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_orientation_of_small_orbits_round_trips() {
        for o in 1..=5u8 {
            for n in 0..=6usize {
                let count = orientation_count(n, o).unwrap();
                let mut out = [0u8; 6];
                for rank in 0..count {
                    unrank_orientations(rank, o, &mut out[..n]);
                    assert!(out[..n].iter().all(|&v| v < o));
                    assert_eq!(rank_orientations(&out[..n], o), rank, "o {o}, n {n}");
                }
                if n == 0 {
                    continue;
                }
                let summed = orientation_count(n - 1, o).unwrap();
                for sum in 0..o {
                    for rank in 0..summed {
                        unrank_orientations_summed(rank, o, sum, &mut out[..n]);
                        assert!(out[..n].iter().all(|&v| v < o));
                        assert_eq!(orientation_sum(&out[..n], o), sum);
                        assert_eq!(rank_orientations_summed(&out[..n], o), rank, "o {o}, n {n}, sum {sum}");
                    }
                }
            }
        }
    }

    #[test]
    fn odd_input_does_not_panic() {
        let mut out = [0u8; 4];
        unrank_orientations(u64::MAX, 0, &mut out);
        unrank_orientations_summed(u64::MAX, 0, 9, &mut out);
        unrank_orientations_summed(3, 3, 1, &mut []);
        let _ = rank_orientations(&[255; 40], 255);
        assert_eq!(orientation_sum(&[1, 2], 0), 0);
        assert_eq!(rank_orientations_summed(&[], 3), 0);
    }
}
