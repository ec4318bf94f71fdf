//! An array of 2-bit entries, 32 to a little-endian `u64` word, that
//! threads read and write together: the table's distance section as the
//! search fills it. Entry `i` is bits `2i..2i+2` of the section read as
//! one long little-endian number, as the format packs it.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The value of an entry no level has reached.
pub(crate) const UNREACHED: u64 = 3;

/// Entries per word.
pub(crate) const PER_WORD: u64 = 32;

/// Each entry's low bit, in a word.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The entries of a search.
pub(crate) struct TwoBits {
    pub(crate) words: Vec<AtomicU64>,
    /// How many entries (the puzzle's rank slots).
    pub(crate) len: u64,
}

impl TwoBits {
    /// `len` entries, every one [`UNREACHED`], in words allocated by
    /// `alloc` (which turns the system's refusal into an error).
    pub(crate) fn unreached(len: u64, words: Vec<AtomicU64>) -> Self {
        debug_assert_eq!(words.len() as u64, len.div_ceil(PER_WORD));
        Self { words, len }
    }

    /// The words an array of `len` entries takes.
    pub(crate) fn words_for(len: u64) -> u64 {
        len.div_ceil(PER_WORD)
    }

    /// Entry `i`.
    #[inline]
    pub(crate) fn get(&self, i: u64) -> u64 {
        let word = self.words[(i / PER_WORD) as usize].load(Relaxed);
        (word >> (2 * (i % PER_WORD))) & 3
    }

    /// Sets entry `i`, if it is unreached, to `value`; true if this call
    /// set it (exactly one of several threads racing to set the same entry
    /// gets true, and all of them write the same value).
    #[inline]
    pub(crate) fn reach(&self, i: u64, value: u64) -> bool {
        let word = &self.words[(i / PER_WORD) as usize];
        let shift = 2 * (i % PER_WORD);
        if (word.load(Relaxed) >> shift) & 3 != UNREACHED {
            return false;
        }
        // Clearing the bits that are 0 in `value` turns 11 into it.
        let old = word.fetch_and(!(((UNREACHED ^ value) & 3) << shift), Relaxed);
        (old >> shift) & 3 == UNREACHED
    }

    /// Sets the unreached entry `i` to `value` by a plain read and write
    /// of its word: only for a level in which no other thread writes that
    /// word (each thread writes only the entries of its own words).
    #[inline]
    pub(crate) fn reach_own(&self, i: u64, value: u64) {
        let word = &self.words[(i / PER_WORD) as usize];
        let shift = 2 * (i % PER_WORD);
        word.store(word.load(Relaxed) & !(((UNREACHED ^ value) & 3) << shift), Relaxed);
    }

    /// The entries of word `w` equal to `value`, as a mask of their low
    /// bits (bit `2k` set for entry `k` of the word), past the end left
    /// out.
    #[inline]
    pub(crate) fn matching(&self, w: usize, value: u64) -> u64 {
        let word = self.words[w].load(Relaxed);
        // An entry equals `value` when both of its bits do: xor with the
        // value repeated, and keep the entries whose two bits are 0.
        let differ = word ^ (value * LOW_BITS);
        let same = !(differ | differ >> 1) & LOW_BITS;
        same & self.valid(w)
    }

    /// The low bits of the entries of word `w` that are inside the array.
    #[inline]
    fn valid(&self, w: usize) -> u64 {
        let first = w as u64 * PER_WORD;
        match self.len.saturating_sub(first) {
            n if n >= PER_WORD => LOW_BITS,
            n => LOW_BITS & ((1u64 << (2 * n)) - 1),
        }
    }

    /// How many entries hold each value (0, 1, 2 and unreached).
    pub(crate) fn counts(&self) -> [u64; 4] {
        use rayon::prelude::*;
        self.words
            .par_chunks(1 << 14)
            .enumerate()
            .map(|(c, words)| {
                let mut counts = [0u64; 4];
                for (i, _) in words.iter().enumerate() {
                    let w = c * (1 << 14) + i;
                    for (value, count) in counts.iter_mut().enumerate() {
                        *count += u64::from(self.matching(w, value as u64).count_ones());
                    }
                }
                counts
            })
            .reduce(|| [0; 4], |a, b| core::array::from_fn(|i| a[i] + b[i]))
    }

    /// Zeroes the bits past the last entry, as the format pads them.
    pub(crate) fn clear_padding(&self) {
        if let Some(last) = self.words.last() {
            let keep = self.valid(self.words.len() - 1);
            last.store(last.load(Relaxed) & (keep | keep << 1), Relaxed);
        }
    }

    /// Packs every entry's low bit, one bit per entry, into the first half
    /// of the words (in place: word `j` of the result takes words `2j` and
    /// `2j + 1`, which no earlier result word overwrote), zeroes the rest,
    /// and returns how many words the 1-bit entries take.
    pub(crate) fn pack_low_bits(&self) -> usize {
        let words = self.words.len();
        let packed = (self.len.div_ceil(64)) as usize;
        for j in 0..packed {
            let lo = self.words.get(2 * j).map_or(0, |w| squeeze(w.load(Relaxed)));
            let hi = self.words.get(2 * j + 1).map_or(0, |w| squeeze(w.load(Relaxed)));
            self.words[j].store(lo | hi << 32, Relaxed);
        }
        for word in &self.words[packed.min(words)..] {
            word.store(0, Relaxed);
        }
        // Bits past the last entry are zero: the entries there were
        // padding, cleared before.
        packed
    }
}

/// The low bit of each of a word's 32 entries, packed into 32 bits.
#[inline]
fn squeeze(word: u64) -> u64 {
    let mut x = word & LOW_BITS;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x >> 4) & 0x00FF_00FF_00FF_00FF;
    x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
    (x | x >> 16) & 0x0000_0000_FFFF_FFFF
}

#[cfg(test)]
mod tests {
    use super::*;

    fn array(len: u64) -> TwoBits {
        let words = (0..TwoBits::words_for(len)).map(|_| AtomicU64::new(u64::MAX)).collect();
        TwoBits::unreached(len, words)
    }

    #[test]
    fn entries_are_reached_once() {
        let a = array(100);
        assert_eq!(a.get(37), UNREACHED);
        assert!(a.reach(37, 1));
        assert!(!a.reach(37, 2), "already reached");
        assert_eq!(a.get(37), 1);
        a.reach_own(38, 0);
        a.reach_own(99, 2);
        assert_eq!((a.get(36), a.get(38), a.get(99)), (UNREACHED, 0, 2));
        assert_eq!(a.counts(), [1, 1, 1, 97]);
        // Word 1 holds entries 32 to 63: 37 and 38.
        assert_eq!(a.matching(1, 1), 1 << (2 * 5));
        assert_eq!(a.matching(1, 0), 1 << (2 * 6));
        // The last word holds 4 entries (96 to 99).
        assert_eq!(a.matching(3, UNREACHED).count_ones(), 3);
    }

    #[test]
    fn low_bits_pack_in_place() {
        let a = array(200);
        for i in 0..200 {
            a.reach_own(i, if i % 3 == 0 || i % 7 == 0 { 1 } else { 0 });
        }
        a.clear_padding();
        let packed = a.pack_low_bits();
        assert_eq!(packed, 4);
        for i in 0..200u64 {
            let bit = (a.words[(i / 64) as usize].load(Relaxed) >> (i % 64)) & 1;
            assert_eq!(bit, u64::from(i % 3 == 0 || i % 7 == 0), "entry {i}");
        }
        assert_eq!(a.words[3].load(Relaxed) >> 8, 0, "past the last entry");
        assert!(a.words[4..].iter().all(|w| w.load(Relaxed) == 0));
    }
}
