//! The full lexicographic rank: all `n!` permutations of `0..n`.

use crate::{MAX_LEN, nth_set_bit, weight};

/// The lexicographic rank of `perm`, a permutation of `0..perm.len()`.
///
/// This is the Cantor expansion `sum(c_i * (n-1-i)!)`, where the Lehmer
/// digit `c_i` counts the values smaller than `perm[i]` that have not been
/// used yet. A running count of used values (4-bit counters packed in a
/// `u64`, or a bitmask and popcount past 16 items) gives each digit in
/// constant time, so the whole rank is O(n).
///
/// ```
/// use godtab_rank::rank_lex;
/// assert_eq!(rank_lex(&[0, 1, 2, 3]), 0);
/// assert_eq!(rank_lex(&[0, 1, 3, 2]), 1);
/// assert_eq!(rank_lex(&[3, 2, 1, 0]), 23);
/// ```
///
/// A slice that is not a permutation gives an unspecified rank (never a
/// panic).
#[inline]
#[must_use]
pub fn rank_lex(perm: &[u8]) -> u64 {
    rank_lex_parity(perm).0
}

/// The lexicographic rank of `perm` and whether it is an odd permutation,
/// in one pass: the Lehmer digits count inversions, so their sum has the
/// permutation's parity.
///
/// ```
/// assert_eq!(godtab_rank::rank_lex_parity(&[1, 0, 2]), (2, true));
/// assert_eq!(godtab_rank::rank_lex_parity(&[1, 2, 0]), (3, false));
/// ```
#[inline]
#[must_use]
pub fn rank_lex_parity(perm: &[u8]) -> (u64, bool) {
    macro_rules! by_length {
        ($($n:literal)*) => {
            match perm.len() {
                $($n => rank_lex_parity_array::<$n>(perm.try_into().unwrap_or(&[0; $n])),)*
                _ => lehmer_fold(perm),
            }
        };
    }
    by_length!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)
}

/// The lexicographic rank of a permutation whose length is known at compile
/// time: the loop unrolls and every weight becomes a constant.
///
/// ```
/// assert_eq!(godtab_rank::rank_lex_array(&[8u8, 7, 6, 5, 4, 3, 2, 1, 0]), 362_879);
/// ```
#[inline]
#[must_use]
pub fn rank_lex_array<const N: usize>(perm: &[u8; N]) -> u64 {
    lehmer_fold(perm).0
}

/// [`rank_lex_parity`] for a length known at compile time.
#[inline]
#[must_use]
pub fn rank_lex_parity_array<const N: usize>(perm: &[u8; N]) -> (u64, bool) {
    lehmer_fold(perm)
}

/// [`rank_lex_parity`] compiled once for every length, not once per length:
/// for code that must be small (a firmware lookup) rather than fastest.
///
/// ```
/// assert_eq!(godtab_rank::rank_lex_parity_small(&[1, 2, 0]), (3, false));
/// ```
#[inline(never)]
#[must_use]
pub fn rank_lex_parity_small(perm: &[u8]) -> (u64, bool) {
    lehmer_fold(perm)
}

/// Walks the Lehmer digits once: their weighted sum is the rank, the parity
/// of their plain sum is the permutation's parity.
///
/// The last digit of a permutation is always 0, so it is not computed.
#[inline(always)]
fn lehmer_fold(perm: &[u8]) -> (u64, bool) {
    let n = perm.len();
    if n > NIBBLES {
        return lehmer_fold_popcount(perm);
    }
    let (rank, odd) = lehmer_prefix(perm, n, n.saturating_sub(2));
    // The digit before the last is 1 exactly when the last two values are
    // in descending order: one comparison, no counters.
    let next_to_last = match perm {
        [.., a, b] => u64::from(a > b),
        _ => 0,
    };
    (rank + next_to_last, odd ^ (next_to_last == 1))
}

/// The weighted sum of the first `count` Lehmer digits of `perm`, a
/// permutation of `0..n` with `n <= 16`, and whether the plain sum of those
/// digits is odd.
#[inline(always)]
fn lehmer_prefix(perm: &[u8], n: usize, count: usize) -> (u64, bool) {
    // Nibble v of `unseen_below` counts the values below v not seen yet:
    // v's Lehmer digit, were v to come next. Seeing v takes one off every
    // nibble above v, so each digit is a shift and a mask (no popcount,
    // which x86-64's baseline lacks).
    let mut unseen_below = IDENTITY_NIBBLES;
    let mut rank = 0u64;
    let mut odd = 0u32;
    for (i, &value) in perm.iter().enumerate().take(count) {
        let digit = (unseen_below.wrapping_shr(4 * u32::from(value)) & 0xF) as u32;
        rank = rank.wrapping_add(u64::from(digit).wrapping_mul(weight(n - 1 - i)));
        odd ^= digit;
        unseen_below = unseen_below.wrapping_sub(ONES_ABOVE[usize::from(value)]);
    }
    (rank, odd & 1 == 1)
}

/// `rank_lex(perm) >> 1`, the rank within the permutation's parity class.
///
/// The shift drops digit `n - 2` (weight 1, the only odd weight), and digit
/// `n - 1` is always 0, so only the first `n - 2` digits are computed.
#[inline(always)]
pub(crate) fn lehmer_half(perm: &[u8]) -> u64 {
    let n = perm.len();
    if n > NIBBLES {
        return lehmer_fold_popcount(perm).0 >> 1;
    }
    lehmer_prefix(perm, n, n.saturating_sub(2)).0 >> 1
}

/// `ONES_ABOVE[v]` has a one in every nibble above nibble `v`. Any byte
/// indexes it (values past 15 have no nibble above them), so no mask is
/// needed on the hot path.
const ONES_ABOVE: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut v = 0;
    while v + 1 < NIBBLES {
        table[v] = NIBBLE_ONES << (4 * (v + 1));
        v += 1;
    }
    table
};

/// Nibble `v` holds `v`: the values `0..16` in order.
pub(crate) const IDENTITY_NIBBLES: u64 = 0xFEDC_BA98_7654_3210;

/// Lengths past 16 do not fit one nibble per value: count with a bitmask.
fn lehmer_fold_popcount(perm: &[u8]) -> (u64, bool) {
    let n = perm.len();
    let mut seen = 0u32;
    let mut rank = 0u64;
    let mut odd = 0u32;
    for (i, &value) in perm.iter().enumerate() {
        let bit = 1u32.wrapping_shl(u32::from(value));
        let smaller_seen = (seen & bit.wrapping_sub(1)).count_ones();
        let digit = u32::from(value).wrapping_sub(smaller_seen);
        rank = rank.wrapping_add(u64::from(digit).wrapping_mul(weight(n - 1 - i)));
        odd ^= digit;
        seen |= bit;
    }
    (rank, odd & 1 == 1)
}

/// The rank and parity of the permutation `values` becomes once each value
/// `v` is replaced by `map[v]`, checking on the way that the result is a
/// permutation of `0..values.len()` (`None` if not). One pass: tile values
/// of a puzzle go straight to a rank.
///
/// ```
/// use godtab_rank::rank_lex_parity_mapped;
/// let mut map = [255u8; 256];
/// map[b'a' as usize] = 0;
/// map[b'b' as usize] = 1;
/// map[b'c' as usize] = 2;
/// assert_eq!(rank_lex_parity_mapped(b"cab", &map), Some((4, false)));
/// assert_eq!(rank_lex_parity_mapped(b"cax", &map), None);
/// assert_eq!(rank_lex_parity_mapped(b"caa", &map), None);
/// ```
#[inline]
#[must_use]
pub fn rank_lex_parity_mapped(values: &[u8], map: &[u8; 256]) -> Option<(u64, bool)> {
    macro_rules! by_length {
        ($($n:literal)*) => {
            match values.len() {
                $($n => fold_mapped(<&[u8; $n]>::try_from(values).ok()?, map),)*
                _ => None,
            }
        };
    }
    by_length!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)
}

#[inline(always)]
fn fold_mapped(values: &[u8], map: &[u8; 256]) -> Option<(u64, bool)> {
    let n = values.len();
    // The counters of `lehmer_prefix`, plus a bitmask of the labels seen.
    let mut unseen_below = IDENTITY_NIBBLES;
    let mut seen = 0u32;
    let mut in_range = true;
    let mut rank = 0u64;
    let mut odd = 0u32;
    for (i, &value) in values.iter().enumerate() {
        let label = map[usize::from(value)];
        in_range &= usize::from(label) < n;
        let label = label & 0xF;
        seen |= 1 << label;
        let digit = (unseen_below >> (4 * u32::from(label)) & 0xF) as u32;
        rank = rank.wrapping_add(u64::from(digit).wrapping_mul(weight(n - 1 - i)));
        odd ^= digit;
        unseen_below = unseen_below.wrapping_sub(ONES_ABOVE[usize::from(label)]);
    }
    // n distinct labels below n: every one of them, once.
    (in_range && seen == (1u32 << n) - 1).then_some((rank, odd & 1 == 1))
}

/// The rank and parity of `perm` with the entry `skip` taken out (entries
/// above `skip` count one lower), and where `skip` was: the tiles of a
/// sliding board without its blank, ranked without copying them out.
///
/// If `skip` does not occur, the result is unspecified (never a panic).
///
/// ```
/// use godtab_rank::{rank_lex_parity, rank_lex_parity_skipping};
/// // Skipping 3 in [2, 3, 0, 1] leaves [2, 0, 1].
/// let (rank, odd) = rank_lex_parity(&[2, 0, 1]);
/// assert_eq!(rank_lex_parity_skipping(&[2, 3, 0, 1], 3), (rank, odd, 1));
/// ```
#[inline]
#[must_use]
pub fn rank_lex_parity_skipping(perm: &[u8], skip: u8) -> (u64, bool, usize) {
    macro_rules! by_length {
        ($($n:literal)*) => {
            match perm.len() {
                $($n => fold_skipping(<&[u8; $n]>::try_from(perm).unwrap_or(&[0; $n]), skip),)*
                _ => fold_skipping(perm, skip),
            }
        };
    }
    by_length!(2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)
}

/// [`rank_lex_parity_skipping`] compiled once for every length: for code
/// that must be small rather than fastest.
///
/// ```
/// assert_eq!(godtab_rank::rank_lex_parity_skipping_small(&[1, 9, 0], 9), (1, true, 1));
/// ```
#[inline(never)]
#[must_use]
pub fn rank_lex_parity_skipping_small(perm: &[u8], skip: u8) -> (u64, bool, usize) {
    fold_skipping(perm, skip)
}

#[inline(always)]
fn fold_skipping(perm: &[u8], skip: u8) -> (u64, bool, usize) {
    let n = perm.len();
    if n > NIBBLES + 1 {
        return fold_skipping_by_copy(perm, skip);
    }
    // The counters of `lehmer_prefix`, over the kept entries.
    let mut unseen_below = IDENTITY_NIBBLES;
    let mut rank = 0u64;
    let mut odd = 0u32;
    let mut skipped = 0usize;
    let mut at = 0usize;
    for (i, &value) in perm.iter().enumerate() {
        let is_skip = value == skip;
        let keep = u32::from(!is_skip);
        // The value as it ranks among the others.
        let value = value.wrapping_sub(u8::from(value > skip));
        let digit = (unseen_below.wrapping_shr(4 * u32::from(value)) & 0xF) as u32 * keep;
        // Position among the kept entries is i - skipped, of n - 1.
        let weight = weight((n + skipped).wrapping_sub(i + 2));
        rank = rank.wrapping_add(u64::from(digit).wrapping_mul(weight));
        odd ^= digit;
        unseen_below = unseen_below.wrapping_sub(ONES_ABOVE[usize::from(value)] * u64::from(keep));
        at = if is_skip { i } else { at };
        skipped |= usize::from(is_skip);
    }
    (rank, odd & 1 == 1, at)
}

/// Past 17 entries the kept values do not fit in nibbles: copy them out.
fn fold_skipping_by_copy(perm: &[u8], skip: u8) -> (u64, bool, usize) {
    let mut kept = [0u8; crate::MAX_LEN];
    let mut len = 0;
    let mut at = 0;
    for (i, &value) in perm.iter().enumerate() {
        if value == skip {
            at = i;
        } else if let Some(slot) = kept.get_mut(len) {
            *slot = value - u8::from(value > skip);
            len += 1;
        }
    }
    let (rank, odd) = lehmer_fold_popcount(kept.get(..len).unwrap_or(&kept));
    (rank, odd, at)
}

/// How many 4-bit counters fit in a `u64`.
const NIBBLES: usize = 16;
/// A one in every nibble.
const NIBBLE_ONES: u64 = 0x1111_1111_1111_1111;

/// Writes into `out` the permutation of `0..out.len()` whose lexicographic
/// rank is `rank` (taken modulo `out.len()!`).
///
/// Lengths 1 to 16 run through [`unrank_lex_array`], where the compiler turns
/// every division into a multiplication.
///
/// ```
/// use godtab_rank::unrank_lex;
/// let mut p = [0u8; 4];
/// unrank_lex(23, &mut p);
/// assert_eq!(p, [3, 2, 1, 0]);
/// ```
#[inline]
pub fn unrank_lex(rank: u64, out: &mut [u8]) {
    macro_rules! by_length {
        ($($n:literal)*) => {
            match out.len() {
                $($n => out.copy_from_slice(&unrank_lex_array::<$n>(rank)),)*
                _ => unrank_lex_slice(rank, out),
            }
        };
    }
    by_length!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
}

/// The permutation of `0..N` with lexicographic rank `rank` (taken modulo
/// `N!`), for a length known at compile time.
///
/// ```
/// let p: [u8; 9] = godtab_rank::unrank_lex_array(362_879);
/// assert_eq!(p, [8, 7, 6, 5, 4, 3, 2, 1, 0]);
/// ```
#[inline]
#[must_use]
pub fn unrank_lex_array<const N: usize>(rank: u64) -> [u8; N] {
    let mut digits = [0u8; N];
    lehmer_digits(rank, &mut digits);
    let mut out = [0u8; N];
    digits_to_permutation(&digits, &mut out);
    out
}

fn unrank_lex_slice(rank: u64, out: &mut [u8]) {
    let mut digits = [0u8; MAX_LEN];
    let n = out.len().min(MAX_LEN);
    lehmer_digits(rank, &mut digits[..n]);
    digits_to_permutation(&digits[..n], &mut out[..n]);
}

/// Splits `rank` into Lehmer digits: digit `i` has radix `n - i` and weight
/// `(n-1-i)!`, so it is `(rank / (n-1-i)!) % (n-i)`. Each digit is computed
/// on its own (no chain of divisions), and with `n` known at compile time
/// every division becomes a multiplication.
#[inline(always)]
pub(crate) fn lehmer_digits(rank: u64, digits: &mut [u8]) {
    let n = digits.len();
    for (i, digit) in digits.iter_mut().enumerate() {
        let weight = weight(n - 1 - i).max(1);
        // The remainder is below the radix, at most MAX_LEN, so it fits.
        *digit = ((rank / weight) % (n - i) as u64) as u8;
    }
}

/// Turns Lehmer digits into the permutation: digit `c` at position `i`
/// selects the `c`-th smallest value not used yet.
#[inline(always)]
fn digits_to_permutation(digits: &[u8], out: &mut [u8]) {
    let n = digits.len();
    if n > NIBBLES {
        return digits_to_permutation_bitmask(digits, out);
    }
    // The unused values, smallest first, one per nibble.
    let mut unused = IDENTITY_NIBBLES;
    for (slot, &digit) in out.iter_mut().zip(digits) {
        (*slot, unused) = take_nibble(unused, digit);
    }
}

/// Takes entry `index` out of `list`, a list of nibbles: returns it, and the
/// list with the gap closed (picking is a shift, closing two masks).
#[inline(always)]
pub(crate) fn take_nibble(list: u64, index: u8) -> (u8, u64) {
    let shift = 4 * u32::from(index & 0xF);
    let value = (list >> shift & 0xF) as u8;
    // The nibbles below `index` stay, the ones above move down one.
    let below = (1u64 << shift) - 1;
    (value, (list & below) | (list >> 4 & !below))
}

fn digits_to_permutation_bitmask(digits: &[u8], out: &mut [u8]) {
    let n = digits.len();
    let mut unused: u32 = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
    for (slot, &digit) in out.iter_mut().zip(digits) {
        let value = nth_set_bit(unused, digit);
        *slot = value;
        unused &= !1u32.wrapping_shl(u32::from(value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases() {
        let mut p = [0u8; 3];
        let expected = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        for (rank, want) in expected.iter().enumerate() {
            assert_eq!(rank_lex(want), rank as u64);
            unrank_lex(rank as u64, &mut p);
            assert_eq!(&p, want);
        }
    }

    #[test]
    fn empty_and_long_slices_do_not_panic() {
        assert_eq!(rank_lex(&[]), 0);
        unrank_lex(5, &mut []);
        let mut long = [0u8; 40];
        unrank_lex(u64::MAX, &mut long);
        let _ = rank_lex(&long);
        let _ = rank_lex(&[200, 255, 31, 32, 33]);
    }

    #[test]
    fn out_of_range_rank_wraps() {
        let mut a = [0u8; 5];
        let mut b = [0u8; 5];
        unrank_lex(7, &mut a);
        unrank_lex(7 + 120, &mut b);
        assert_eq!(a, b);
    }
}
