//! The multiset (arrangement) rank: tiles that repeat.
//!
//! An arrangement over classes `0..k`, where class `j` appears `counts[j]`
//! times, is ranked among all `n! / (counts[0]! counts[1]! ...)` distinct
//! arrangements in lexicographic order.
//!
//! With `M` the number of arrangements of what remains (length `m`), the
//! arrangements that put class `j` first number `M * counts[j] / m`. Summing
//! that over the classes smaller than the entry at each position gives the
//! rank in O(n * k), with no factorial tables beyond `u64`.

use crate::MAX_LEN;

/// The number of distinct arrangements of a multiset with these class counts,
/// `n! / (counts[0]! counts[1]! ...)`, or `None` if more than
/// [`MAX_LEN`](crate::MAX_LEN) items or a count past `u64`.
///
/// ```
/// use godtab_rank::arrangements;
/// assert_eq!(arrangements(&[3, 3, 3]), Some(1680));
/// assert_eq!(arrangements(&[1; 9]), Some(362_880));
/// ```
#[must_use]
pub fn arrangements(counts: &[u8]) -> Option<u64> {
    let mut total: u64 = 1;
    let mut placed: u64 = 0;
    // Multiply in one binomial at a time: C(placed + c, c) keeps every
    // intermediate an integer.
    for &count in counts {
        for i in 1..=u64::from(count) {
            placed += 1;
            total = total.checked_mul(placed)? / i;
        }
    }
    if placed > MAX_LEN as u64 { None } else { Some(total) }
}

/// The lexicographic rank of `arrangement` (entries are class numbers) among
/// all arrangements with these class counts.
///
/// ```
/// use godtab_rank::rank_multiset;
/// // Arrangements of {0, 0, 1}: 001, 010, 100.
/// assert_eq!(rank_multiset(&[0, 0, 1], &[2, 1]), 0);
/// assert_eq!(rank_multiset(&[0, 1, 0], &[2, 1]), 1);
/// assert_eq!(rank_multiset(&[1, 0, 0], &[2, 1]), 2);
/// ```
///
/// An arrangement that does not match `counts` gives an unspecified rank
/// (never a panic).
#[must_use]
pub fn rank_multiset(arrangement: &[u8], counts: &[u8]) -> u64 {
    let Some(mut remaining) = Remaining::new(counts) else {
        return 0;
    };
    let mut rank: u64 = 0;
    for &class in arrangement {
        if remaining.len == 0 {
            break;
        }
        let class = usize::from(class);
        let smaller: u64 = remaining.counts[..class.min(MAX_LEN)].iter().map(|&c| u64::from(c)).sum();
        rank = rank.wrapping_add(remaining.share(smaller));
        remaining.take(class);
    }
    rank
}

/// Writes into `out` the arrangement with these class counts whose rank is
/// `rank` (taken modulo the number of arrangements).
///
/// ```
/// use godtab_rank::unrank_multiset;
/// let mut a = [0u8; 3];
/// unrank_multiset(1, &[2, 1], &mut a);
/// assert_eq!(a, [0, 1, 0]);
/// ```
pub fn unrank_multiset(rank: u64, counts: &[u8], out: &mut [u8]) {
    let Some(mut remaining) = Remaining::new(counts) else {
        return;
    };
    let mut rank = if remaining.total == 0 { 0 } else { rank % remaining.total };
    for slot in out.iter_mut() {
        if remaining.len == 0 {
            break;
        }
        let mut chosen = 0;
        for (class, &count) in remaining.counts.iter().enumerate() {
            let block = remaining.share(u64::from(count));
            if rank < block {
                chosen = class;
                break;
            }
            rank -= block;
        }
        // chosen < MAX_LEN <= u8::MAX
        *slot = chosen as u8;
        remaining.take(chosen);
    }
}

/// What is left to place: class counts, their sum, and how many distinct
/// arrangements they have.
struct Remaining {
    counts: [u8; MAX_LEN],
    len: u64,
    total: u64,
}

impl Remaining {
    fn new(counts: &[u8]) -> Option<Self> {
        if counts.len() > MAX_LEN {
            return None;
        }
        let total = arrangements(counts)?;
        let mut own = [0u8; MAX_LEN];
        own[..counts.len()].copy_from_slice(counts);
        let len = counts.iter().map(|&c| u64::from(c)).sum();
        Some(Self { counts: own, len, total })
    }

    /// The number of arrangements whose first entry is one of `items` of the
    /// remaining items: `total * items / len`.
    fn share(&self, items: u64) -> u64 {
        // total <= 20! and items <= 20, so the product fits in a u128.
        (u128::from(self.total) * u128::from(items) / u128::from(self.len.max(1))) as u64
    }

    fn take(&mut self, class: usize) {
        let count = match self.counts.get(class) {
            Some(&count) if count > 0 => count,
            _ => {
                self.len = 0;
                return;
            }
        };
        self.total = self.share(u64::from(count));
        self.counts[class] = count - 1;
        self.len -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_arrangements() {
        assert_eq!(arrangements(&[]), Some(1));
        assert_eq!(arrangements(&[4]), Some(1));
        assert_eq!(arrangements(&[2, 2]), Some(6));
        assert_eq!(arrangements(&[1; 20]), Some(2_432_902_008_176_640_000));
        assert_eq!(arrangements(&[1; 21]), None);
    }

    #[test]
    fn bad_input_does_not_panic() {
        let _ = rank_multiset(&[5, 0, 0], &[2, 1]);
        let _ = rank_multiset(&[1, 1, 1], &[2, 1]);
        let _ = rank_multiset(&[0; 30], &[2, 1]);
        let mut out = [0u8; 5];
        unrank_multiset(u64::MAX, &[2, 1], &mut out);
        unrank_multiset(3, &[0; 30], &mut out);
    }
}
