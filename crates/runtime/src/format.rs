//! The table file format, version 1: constants, the preamble, the postcard
//! header, and the sizes of the packed sections. `docs/FORMAT.md` describes
//! the same layout byte by byte.
//!
//! ```text
//! offset  size  field
//!      0     8  magic label "\x89GODTAB\n"
//!      8     4  endianness marker 0x01020304, little-endian (04 03 02 01)
//!     12     4  format version, u32 LE
//!     16     8  file length in bytes, u64 LE
//!     24     8  checksum: xxh3-64 of the whole file with these 8 bytes zeroed
//!     32     4  header length in bytes, u32 LE
//!     36     4  reserved, zero
//!     40     …  header (postcard), then zero padding to a multiple of 8
//!      …     …  distance section, parent section (offsets in the header)
//! ```

use serde::{Deserialize, Serialize};

/// The first 8 bytes of every table file. The high-bit first byte and the
/// final newline catch 7-bit and line-ending conversions.
pub const MAGIC: [u8; 8] = *b"\x89GODTAB\n";

/// The format version this crate reads and writes.
///
/// Policy: any change to the layout or to the meaning of a field bumps the
/// version. Readers accept exactly their own version and ask for the table
/// to be regenerated otherwise; tables are cheap to rebuild.
pub const FORMAT_VERSION: u32 = 1;

/// Bytes before the header.
pub const PREAMBLE_LEN: usize = 40;

/// The endianness marker as written (little-endian).
pub(crate) const ENDIAN_MARKER: u32 = 0x0102_0304;

/// Where each preamble field sits.
pub(crate) mod at {
    pub const MAGIC: usize = 0;
    pub const ENDIAN: usize = 8;
    pub const VERSION: usize = 12;
    pub const FILE_LEN: usize = 16;
    pub const CHECKSUM: usize = 24;
    pub const HEADER_LEN: usize = 32;
    pub const RESERVED: usize = 36;
}

/// Sections start at multiples of this.
pub(crate) const SECTION_ALIGN: u64 = 8;

/// The most bytes a header may take: far above any real one, and small
/// enough that a hostile length cannot make the reader do much work.
pub(crate) const MAX_HEADER_LEN: u32 = 1 << 16;

/// Everything about a table except the packed sections, as postcard
/// encodes it. Strings and byte strings are borrowed from the file.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
pub(crate) struct Header<'a> {
    /// The puzzle's id.
    pub puzzle_id: &'a str,
    /// What made the table, e.g. "godtab-gen 0.1.0".
    pub generator: &'a str,
    pub kind: KindTag,
    pub rows: u8,
    pub cols: u8,
    /// Tile values of the goal, cell by cell (0 is the blank of a sliding
    /// puzzle).
    pub goal: &'a [u8],
    /// Move names in declared order, separated by single spaces.
    pub move_names: &'a str,
    /// Permutation puzzles: every move's position map, `cells` bytes each
    /// (`new[i] = old[map[i]]`). Empty for sliding puzzles.
    pub move_maps: &'a [u8],
    pub ranking: RankingTag,
    pub encoding: EncodingTag,
    /// Rank slots: entries in each section.
    pub states: u64,
    /// Ranks from which the goal can be reached.
    pub reachable: u64,
    /// God's number.
    pub max_depth: u8,
    /// States per distance, `max_depth + 1` u64 values, little-endian.
    pub histogram: &'a [u8],
    pub distance: Section,
    pub parent: Section,
}

/// A packed section: `states` entries of `width` bits.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Section {
    /// From the start of the file; a multiple of 8.
    pub offset: u64,
    /// Bytes, exactly [`section_len`] of the entry count and width.
    pub length: u64,
    /// Bits per entry.
    pub width: u8,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KindTag {
    Permutation,
    Sliding,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RankingTag {
    Lex,
    Parity,
    BlankParity,
    Multiset,
}

/// How distances and parents are stored.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EncodingTag {
    /// A distance (or the unreachable marker) and a parent move per state.
    Full,
    /// The distance modulo 3 in 2 bits (3 marks an unreachable state), no
    /// parents: see [`Encoding::DistanceMod3`](crate::Encoding::DistanceMod3).
    DistanceMod3,
}

/// How a table stores its answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Encoding {
    /// The distance and the parent move of every state: a distance is one
    /// read, a solution one read per move. The default.
    #[default]
    Full,
    /// Only the distance modulo 3, in 2 bits per state. When every move can
    /// be undone by a move (sliding puzzles always), a state's neighbours
    /// lie at distances `d-1`, `d` and `d+1`, which differ modulo 3, so the
    /// move that gets closer is found by trying the moves in declared order
    /// (the same canonical move a full table stores), and the distance by
    /// walking to the goal: O(d x moves) per distance query, O(moves) per
    /// solution step. For tables too large to store in full; refused for
    /// puzzles whose moves cannot undo each other.
    DistanceMod3,
}

impl From<Encoding> for EncodingTag {
    fn from(e: Encoding) -> Self {
        match e {
            Encoding::Full => Self::Full,
            Encoding::DistanceMod3 => Self::DistanceMod3,
        }
    }
}

impl From<EncodingTag> for Encoding {
    fn from(e: EncodingTag) -> Self {
        match e {
            EncodingTag::Full => Self::Full,
            EncodingTag::DistanceMod3 => Self::DistanceMod3,
        }
    }
}

/// The value that marks an unreachable state in a `DistanceMod3` table.
pub(crate) const MOD3_UNREACHABLE: u8 = 3;

impl From<godtab_puzzles::Ranking> for RankingTag {
    fn from(r: godtab_puzzles::Ranking) -> Self {
        use godtab_puzzles::Ranking as R;
        match r {
            R::Lex => Self::Lex,
            R::Parity => Self::Parity,
            R::BlankParity => Self::BlankParity,
            R::Multiset => Self::Multiset,
        }
    }
}

impl From<RankingTag> for godtab_puzzles::Ranking {
    fn from(r: RankingTag) -> Self {
        match r {
            RankingTag::Lex => Self::Lex,
            RankingTag::Parity => Self::Parity,
            RankingTag::BlankParity => Self::BlankParity,
            RankingTag::Multiset => Self::Multiset,
        }
    }
}

/// The bytes a section of `entries` values of `width` bits takes: the
/// packed bits rounded up to whole u64 words, plus one spare word so that
/// an 8-byte load at any entry stays inside. `None` on overflow.
pub(crate) fn section_len(entries: u64, width: u8) -> Option<u64> {
    let bits = entries.checked_mul(u64::from(width))?;
    bits.div_ceil(64).checked_add(1)?.checked_mul(8)
}

/// The fewest bits that hold every value up to `max`, at least 1.
pub(crate) fn bits_for(max: u64) -> u8 {
    (64 - max.leading_zeros()).max(1) as u8
}

/// Rounds up to a multiple of [`SECTION_ALIGN`]; `None` on overflow.
pub(crate) fn align(offset: u64) -> Option<u64> {
    offset.checked_next_multiple_of(SECTION_ALIGN)
}

/// The checksum of a whole table: xxh3-64 of every byte, with the checksum
/// field itself read as zeros.
pub(crate) fn checksum(file: &[u8]) -> u64 {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    let (before, rest) = file.split_at(at::CHECKSUM.min(file.len()));
    hasher.update(before);
    let field = rest.len().min(8);
    hasher.update(&[0u8; 8][..field]);
    hasher.update(&rest[field..]);
    hasher.digest()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_leave_room_for_a_final_load() {
        assert_eq!(section_len(0, 4), Some(8));
        assert_eq!(section_len(16, 4), Some(16));
        assert_eq!(section_len(17, 4), Some(24));
        assert_eq!(section_len(362_880, 4), Some(181_448));
        assert_eq!(section_len(u64::MAX, 8), None);
    }

    #[test]
    fn widths() {
        assert_eq!(bits_for(0), 1);
        assert_eq!(bits_for(1), 1);
        assert_eq!(bits_for(15), 4);
        assert_eq!(bits_for(16), 5);
        assert_eq!(bits_for(31), 5);
        assert_eq!(bits_for(255), 8);
    }

    #[test]
    fn checksum_ignores_its_own_field() {
        let mut a = [7u8; 64];
        let b = a;
        a[at::CHECKSUM..at::CHECKSUM + 8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(checksum(&a), checksum(&b));
        a[0] = 0;
        assert_ne!(checksum(&a), checksum(&b));
        let _ = checksum(&[1, 2, 3]);
    }
}
