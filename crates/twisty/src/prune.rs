//! A pattern's table of lower bounds, as stored: 4 bits per entry (the
//! distance itself, up to 15), or 2 bits per entry relative to a base, in
//! the layout of Rokicki's nxopt tables:
//!
//! - 0: the distance is at most `base` (read the line's fallback: the
//!   least distance of any entry of the line);
//! - 1, 2: the distance is `base + 1`, `base + 2`;
//! - 3: the distance is at least `base + 3`.
//!
//! 4-bit entries are packed little-end first: entry `i` is bits
//! `4 (i mod 2)` of byte `i / 2`. 2-bit entries come in lines of 64 bytes
//! (a cache line), 254 entries each: entry `k` of a line is bits
//! `2 (k mod 4)` of its byte `k / 4`, and the line's last 4 bits (the high
//! half of its byte 63) hold the fallback, so that a 0 read costs no
//! second trip to memory.

/// Entries per 64-byte line of a 2-bit table.
pub const LINE_ENTRIES: u64 = 254;

/// How a table stores its entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// 4 bits per entry: the distance, 15 meaning 15 or more.
    Nibbles,
    /// 2 bits per entry relative to `base`, with a fallback per line.
    TwoBits {
        /// Distances up to this read as the line's fallback.
        base: u8,
    },
}

impl Encoding {
    /// Bytes of the entries of `entries` entries.
    #[must_use]
    pub fn data_len(self, entries: u64) -> u64 {
        match self {
            Self::Nibbles => entries.div_ceil(2),
            Self::TwoBits { .. } => entries.div_ceil(LINE_ENTRIES) * 64,
        }
    }
}

/// A table of lower bounds over borrowed bytes.
#[derive(Clone, Copy, Debug)]
pub struct PruneTable<'a> {
    /// Its entries.
    pub entries: u64,
    /// How they are stored.
    pub encoding: Encoding,
    data: &'a [u8],
}

impl<'a> PruneTable<'a> {
    /// A table over its bytes; `None` if their length does not fit.
    #[must_use]
    pub fn new(entries: u64, encoding: Encoding, data: &'a [u8]) -> Option<Self> {
        (data.len() as u64 == encoding.data_len(entries)).then_some(Self { entries, encoding, data })
    }

    /// Asks the processor to start loading the cache line of entry
    /// `index`, so that a [`get`](Self::get) soon after finds it there: a
    /// search computes the indices of a node's children one after another
    /// and reads them later, and their trips to memory overlap.
    #[inline]
    pub fn prefetch(&self, index: u64) {
        let at = match self.encoding {
            Encoding::Nibbles => index / 2,
            Encoding::TwoBits { .. } => index / LINE_ENTRIES * 64 + (index % LINE_ENTRIES) / 4,
        };
        if let Some(byte) = self.data.get(at as usize) {
            prefetch_line(byte);
        }
    }

    /// The lower bound of entry `index` (0 past the end).
    #[inline]
    #[must_use]
    pub fn get(&self, index: u64) -> u8 {
        match self.encoding {
            Encoding::Nibbles => {
                let byte = self.data.get((index / 2) as usize).copied().unwrap_or(0);
                (byte >> (4 * (index & 1))) & 15
            }
            Encoding::TwoBits { base } => {
                let (line, k) = (index / LINE_ENTRIES, index % LINE_ENTRIES);
                let at = (line * 64) as usize;
                let byte = self.data.get(at + (k / 4) as usize).copied().unwrap_or(0);
                let value = (byte >> (2 * (k & 3))) & 3;
                if value == 0 { self.data.get(at + 63).copied().unwrap_or(0) >> 4 } else { base + value }
            }
        }
    }
}

/// Starts loading the cache line that holds `byte` (nothing where the
/// processor has no such hint).
#[inline]
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
fn prefetch_line(byte: &u8) {
    use core::arch::x86_64::{_MM_HINT_NTA, _mm_prefetch};
    // SAFETY: the pointer comes from a reference, so it is valid; a
    // prefetch only hints the cache and never reads into the program.
    unsafe { _mm_prefetch::<_MM_HINT_NTA>(core::ptr::from_ref(byte).cast()) }
}

#[inline]
#[cfg(not(target_arch = "x86_64"))]
fn prefetch_line(_byte: &u8) {}

/// The base for a table whose distances number `histogram` (states at
/// each distance): the largest that keeps the entries at the base or
/// below (which read only their block's fallback) to at most a twentieth,
/// so that the distances above it, where most entries lie and a search
/// prunes, are told apart.
#[must_use]
pub fn choose_base(histogram: &[u64]) -> u8 {
    let total: u64 = histogram.iter().sum();
    let mut below = 0u64;
    let mut base = 0u8;
    for (d, &n) in histogram.iter().enumerate() {
        below += n;
        if below * 20 > total || d > 12 {
            break;
        }
        base = d as u8;
    }
    base
}

/// Packs exact distances (one per entry, as 4-bit values two to a byte,
/// in `nibbles`) into the 2-bit lines with `base`, in place: the first
/// [`Encoding::data_len`] bytes of `nibbles` become the table.
pub fn pack_two_bits(nibbles: &mut [u8], entries: u64, base: u8) {
    let nibble = |bytes: &[u8], i: u64| (bytes[(i / 2) as usize] >> (4 * (i & 1))) & 15;
    let lines = entries.div_ceil(LINE_ENTRIES);
    for line in 0..lines {
        let mut packed = [0u8; 64];
        let mut least = 15u8;
        for k in 0..LINE_ENTRIES {
            let i = line * LINE_ENTRIES + k;
            if i >= entries {
                break;
            }
            let d = nibble(nibbles, i);
            least = least.min(d);
            let value = if d <= base { 0 } else { (d - base).min(3) };
            packed[(k / 4) as usize] |= value << (2 * (k & 3));
        }
        packed[63] |= least << 4;
        // This line's entries were read from bytes `127 * line` on; the
        // line is written before them, and the next line's start after.
        let at = (line * 64) as usize;
        nibbles[at..at + 64].copy_from_slice(&packed);
    }
}
