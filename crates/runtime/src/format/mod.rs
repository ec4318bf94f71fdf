//! The table file format, version 4 (versions 1 to 3 are still read):
//! constants, the preamble, the postcard header, and the sizes of the packed
//! sections. `docs/FORMAT.md` describes the same layout byte by byte.
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
//!      …     …  the sections (offsets in the header)
//! ```
//!
//! Versions 2 to 4 share one header ([`Header`], in `header`): what the
//! puzzle is ([`Model`]) and what the file holds for it ([`Body`], in
//! `body`), each an enum that later table kinds extend with new variants.
//! Version 3 added the parity encoding ([`Encoding`], in `encoding`) and
//! version 4 orbit pattern sets ([`Body::OrbitPatterns`]); a writer writes
//! the oldest version that holds its file (2 for every other table and
//! pattern set). Version 1's header held a complete table's fields for
//! the one kind it knew, flat ([`HeaderV1`](header::HeaderV1)), and reads
//! into the same [`Header`].

mod body;
mod encoding;
mod header;

pub(crate) use body::{Body, BodyOf, Complete, CompleteBody, OrbitPatterns, Patterns};
pub use encoding::Encoding;
pub(crate) use encoding::Layout;
pub(crate) use header::{Board, Header, KindTag, Model, OrbitModel, RankingTag, Section};

use crate::Error;

/// The first 8 bytes of every table file. The high-bit first byte and the
/// final newline catch 7-bit and line-ending conversions.
pub const MAGIC: [u8; 8] = *b"\x89GODTAB\n";

/// The newest format version this crate reads and writes.
///
/// Policy: any change to the layout or to the meaning of a field bumps the
/// version. Readers open every version from [`OLDEST_VERSION`] to their own
/// and name any other they find; tables are cheap to rebuild. A writer
/// writes the oldest version that holds the file (see
/// [`Encoding::version`]), so that readers of older versions still open
/// every file they can understand: version 3 adds the parity encoding and
/// nothing else, and version 4 adds orbit pattern sets.
pub const FORMAT_VERSION: u32 = 4;

/// The version field of a file that a generation is still writing (`godtab
/// gen` keeps its progress in it, to be continued with `--resume`): never a
/// table, named as what it is.
pub const UNFINISHED_VERSION: u32 = u32::from_le_bytes(*b"UNFI");

/// The oldest format version this crate still reads.
pub const OLDEST_VERSION: u32 = 1;

/// Bytes before the header.
pub const PREAMBLE_LEN: usize = 40;

/// The endianness marker as written (little-endian).
pub(crate) const ENDIAN_MARKER: u32 = 0x0102_0304;

/// The distance a search gives a rank it never reached (a state that cannot
/// reach the goal), in the arrays handed to the writer: above every
/// distance a table stores.
pub const UNREACHED: u8 = u8::MAX;

/// The longest generator name a header may hold, in bytes.
const MAX_GENERATOR: usize = 64;

/// Whether `name` can name a table's generator: at most 64 bytes of text
/// without control characters (it is printed). The writer and the reader
/// both apply it.
pub(crate) fn is_generator(name: &str) -> bool {
    name.len() <= MAX_GENERATOR && !name.chars().any(char::is_control)
}

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

/// The fixed 40 bytes before the header: read and written here, and
/// nowhere else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preamble {
    /// The format version, one this crate reads.
    pub version: u32,
    /// The whole file's length.
    pub file_len: u64,
    /// The checksum (see [`checksum`]); zero while a file is being written.
    pub checksum: u64,
    /// The header's length: it starts right after the preamble.
    pub header_len: u32,
}

impl Preamble {
    /// Checks the preamble of `bytes` in order (magic label, endianness,
    /// version, length, reserved field, header length), before anything
    /// else of the file is trusted.
    pub fn read(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() < PREAMBLE_LEN {
            // A file that does not even start like a table is not one; an
            // empty one, or a piece of the magic label, is a table cut short.
            let start = bytes.len().min(MAGIC.len());
            if bytes[..start] != MAGIC[..start] {
                return Err(Error::NotATable);
            }
            return Err(Error::TooShort { len: bytes.len(), needed: PREAMBLE_LEN });
        }
        if bytes[at::MAGIC..at::MAGIC + MAGIC.len()] != MAGIC {
            return Err(Error::NotATable);
        }
        match read_u32(bytes, at::ENDIAN) {
            ENDIAN_MARKER => {}
            m if m == ENDIAN_MARKER.swap_bytes() => return Err(Error::BigEndian),
            _ => return Err(Error::corrupt("endianness marker (byte 8)", "is neither byte order")),
        }
        let version = read_u32(bytes, at::VERSION);
        if version == UNFINISHED_VERSION {
            return Err(Error::Unfinished);
        }
        if !(OLDEST_VERSION..=FORMAT_VERSION).contains(&version) {
            return Err(Error::Version { found: version });
        }
        let file_len = read_u64(bytes, at::FILE_LEN);
        if file_len != bytes.len() as u64 {
            return Err(Error::Length { declared: file_len, actual: bytes.len() as u64 });
        }
        if read_u32(bytes, at::RESERVED) != 0 {
            return Err(Error::corrupt("reserved field (byte 36)", "is not zero"));
        }
        let header_len = read_u32(bytes, at::HEADER_LEN);
        if header_len > MAX_HEADER_LEN {
            return Err(Error::corrupt("header length (byte 32)", "is larger than any header"));
        }
        if PREAMBLE_LEN + header_len as usize > bytes.len() {
            return Err(Error::corrupt("header length (byte 32)", "runs past the end of the file"));
        }
        Ok(Self { version, file_len, checksum: read_u64(bytes, at::CHECKSUM), header_len })
    }

    /// The preamble's bytes (the layout is the same in every version).
    #[cfg(feature = "alloc")]
    pub fn write(&self) -> [u8; PREAMBLE_LEN] {
        let mut out = [0u8; PREAMBLE_LEN];
        out[at::MAGIC..at::MAGIC + MAGIC.len()].copy_from_slice(&MAGIC);
        out[at::ENDIAN..at::ENDIAN + 4].copy_from_slice(&ENDIAN_MARKER.to_le_bytes());
        out[at::VERSION..at::VERSION + 4].copy_from_slice(&self.version.to_le_bytes());
        out[at::FILE_LEN..at::FILE_LEN + 8].copy_from_slice(&self.file_len.to_le_bytes());
        out[at::CHECKSUM..at::CHECKSUM + 8].copy_from_slice(&self.checksum.to_le_bytes());
        out[at::HEADER_LEN..at::HEADER_LEN + 4].copy_from_slice(&self.header_len.to_le_bytes());
        // The reserved field stays zero.
        out
    }

    /// The header's bytes in `bytes`, as [`Preamble::read`] checked them.
    pub fn header<'a>(&self, bytes: &'a [u8]) -> &'a [u8] {
        bytes.get(PREAMBLE_LEN..PREAMBLE_LEN + self.header_len as usize).unwrap_or_default()
    }
}

/// The little-endian `u32` at `offset` (0 past the end).
pub(crate) fn read_u32(bytes: &[u8], offset: usize) -> u32 {
    let mut word = [0u8; 4];
    if let Some(b) = bytes.get(offset..offset + 4) {
        word.copy_from_slice(b);
    }
    u32::from_le_bytes(word)
}

/// The little-endian `u64` at `offset` (0 past the end).
pub(crate) fn read_u64(bytes: &[u8], offset: usize) -> u64 {
    let mut word = [0u8; 8];
    if let Some(b) = bytes.get(offset..offset + 8) {
        word.copy_from_slice(b);
    }
    u64::from_le_bytes(word)
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

/// Checks a whole file's bytes against its stored checksum.
///
/// # Errors
///
/// [`Error::Checksum`] if any byte changed since the file was written.
pub(crate) fn verify_checksum(file: &[u8]) -> Result<(), Error> {
    let stored = read_u64(file, at::CHECKSUM);
    let computed = checksum(file);
    if stored == computed { Ok(()) } else { Err(Error::Checksum { stored, computed }) }
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
