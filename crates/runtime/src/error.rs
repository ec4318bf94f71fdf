//! Why a table could not be opened or verified.

use godtab_puzzles::ModelError;

use crate::format::FORMAT_VERSION;

/// How to get a sound table again.
const REGENERATE: &str = "regenerate it with `cargo xtask gen-tables` or `godtab gen`";

/// Why a table could not be opened, verified or read.
///
/// Every message says what is wrong and where (a byte offset or a header
/// field), and how to fix it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Fewer bytes than the fixed preamble.
    #[error("not a godtab table: {len} bytes is shorter than the {needed}-byte preamble")]
    TooShort {
        /// Bytes present.
        len: usize,
        /// Bytes the preamble needs.
        needed: usize,
    },
    /// The magic label is missing.
    #[error("not a godtab table: bytes 0-7 are not the magic label \"\\x89GODTAB\\n\"")]
    NotATable,
    /// Written with the other byte order.
    #[error("the table was written big-endian (byte 8); this reader needs little-endian tables: {REGENERATE}")]
    BigEndian,
    /// A format version this reader does not read.
    #[error("built for format version {found}, this is version {expected}: {REGENERATE}", expected = FORMAT_VERSION)]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// The file is not as long as its preamble says.
    #[error(
        "the preamble (byte 16) declares {declared} bytes but there are {actual}: the table is {}; {REGENERATE}",
        if .actual < .declared { "truncated" } else { "followed by extra bytes" }
    )]
    Length {
        /// Length declared at byte 16.
        declared: u64,
        /// Length present.
        actual: u64,
    },
    /// A field of the preamble or header holds an impossible value.
    #[error("the table is corrupt: {field}: {problem}; {REGENERATE}")]
    Corrupt {
        /// The field, e.g. "header length (byte 32)" or "distance section".
        field: &'static str,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// The header's bytes do not decode.
    #[error("the table is corrupt: the header (bytes 40 to {end}) does not decode: {source}; {REGENERATE}")]
    Header {
        /// The end of the header.
        end: usize,
        /// What postcard reported.
        source: postcard::Error,
    },
    /// The header describes a puzzle that cannot exist.
    #[error("the table is corrupt: the header's puzzle is invalid: {0}; {REGENERATE}")]
    Puzzle(ModelError),
    /// A section does not fit where the header says it is.
    #[error("the table is corrupt: the {section} section (offset {offset}, {length} bytes) {problem}; {REGENERATE}")]
    Section {
        /// "distance" or "parent".
        section: &'static str,
        /// Its declared offset.
        offset: u64,
        /// Its declared length.
        length: u64,
        /// What is wrong.
        problem: &'static str,
    },
    /// The checksum does not match the bytes.
    #[error("the table is corrupt: checksum mismatch (stored {stored:#018x}, computed {computed:#018x}); {REGENERATE}")]
    Checksum {
        /// The checksum at byte 24.
        stored: u64,
        /// The checksum of the bytes.
        computed: u64,
    },
    /// A file could not be read.
    #[cfg(feature = "std")]
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// What the system reported.
        source: std::io::Error,
    },
    /// A `.zst` file is not sound zstd data.
    #[cfg(feature = "zstd")]
    #[error(
        "{path}: not a sound zstd-compressed table ({source}): the file is truncated, damaged or not compressed; \
         {REGENERATE}"
    )]
    Decompress {
        /// The file.
        path: std::path::PathBuf,
        /// What the decompressor reported.
        source: std::io::Error,
    },
    /// A `.zst` file holds more than the table it starts with.
    #[cfg(feature = "zstd")]
    #[error(
        "{path}: decompresses to more than the {declared} bytes its table declares (byte 16): extra data follows \
         the table; {REGENERATE}"
    )]
    ZstTrailing {
        /// The file.
        path: std::path::PathBuf,
        /// The table's declared length.
        declared: u64,
    },
    /// A compressed table is larger than allowed once decompressed.
    #[cfg(feature = "zstd")]
    #[error("{path}: decompresses to more than {limit} bytes, the limit for a table")]
    TooLarge {
        /// The file.
        path: std::path::PathBuf,
        /// The limit.
        limit: u64,
    },
}

impl Error {
    /// Attaches a path to an error from reading a table file (errors about
    /// the contents keep their own message, prefixed with the path by the
    /// caller).
    #[cfg(feature = "std")]
    pub(crate) fn io(path: &std::path::Path, source: std::io::Error) -> Self {
        Self::Io { path: path.to_path_buf(), source }
    }
}
