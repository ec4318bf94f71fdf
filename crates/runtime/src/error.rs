//! The runtime's errors: one story for library users. Opening a table,
//! reading a state and asking a question each have their own error, and
//! each converts into [`Error`], so `?` carries any of them into one
//! `Result<_, godtab_runtime::Error>`, with or without std. File and path
//! errors ([`FileError`](crate::FileError)) exist only with std.

use godtab_puzzles::{ModelError, StateError};

use crate::TableKind;
use crate::format::{FORMAT_VERSION, OLDEST_VERSION};

/// Why a table could not be opened or verified, or a question about it not
/// answered.
///
/// Every message says what is wrong and where (a byte offset or a header
/// field). They give no advice on how to get a new table: that depends on
/// the program, which adds it.
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
    #[error("the table was written big-endian (byte 8); this reader needs little-endian tables")]
    BigEndian,
    /// A file a generation is still writing (`godtab gen` keeps its
    /// progress there until the table is done).
    #[error("not a table yet: a generation that was stopped before it finished (godtab gen --resume continues it)")]
    Unfinished,
    /// A format version this reader does not read.
    #[error("built for format version {found}; this reader reads versions {OLDEST_VERSION} to {FORMAT_VERSION}")]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// The file is not as long as its preamble says.
    #[error(
        "the preamble (byte 16) declares {declared} bytes but there are {actual}: the table is {}",
        if .actual < .declared { "truncated" } else { "followed by extra bytes" }
    )]
    Length {
        /// Length declared at byte 16.
        declared: u64,
        /// Length present.
        actual: u64,
    },
    /// A field of the preamble or header holds an impossible value.
    #[error("the table is corrupt: {field}: {problem}")]
    Corrupt {
        /// The field, e.g. "header length (byte 32)" or "distance section".
        field: &'static str,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// The header's bytes do not decode.
    #[error("the table is corrupt: the header (bytes 40 to {end}) does not decode: {error}")]
    Header {
        /// The end of the header.
        end: usize,
        /// What the decoder reported.
        error: DecodeError,
    },
    /// The header describes a puzzle that cannot exist.
    #[error("the table is corrupt: the header's puzzle is invalid: {0}")]
    Puzzle(ModelError),
    /// A section does not fit where the header says it is.
    #[error("the table is corrupt: the {section} section (offset {offset}, {length} bytes) {problem}")]
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
    /// The file is a table of another kind than the one asked for (a
    /// pattern set opened as a complete table, or the other way round):
    /// [`TableFile`](crate::TableFile) opens either.
    #[error("the file is a {found}, not a {wanted}")]
    Kind {
        /// What the file is.
        found: TableKind,
        /// What was asked for.
        wanted: TableKind,
    },
    /// A sound table that this reader does not answer (a
    /// [`Lookup`](crate::Lookup) opens complete tables of board puzzles
    /// only); the message names the reader that does.
    #[error("{0}")]
    Unsupported(&'static str),
    /// The checksum does not match the bytes.
    #[error("the table is corrupt: checksum mismatch (stored {stored:#018x}, computed {computed:#018x})")]
    Checksum {
        /// The checksum at byte 24.
        stored: u64,
        /// The checksum of the bytes.
        computed: u64,
    },
    /// Tile values or text that are not a state of the table's puzzle.
    #[error(transparent)]
    State(#[from] StateError),
    /// A question the table could not answer.
    #[error(transparent)]
    Query(#[from] QueryError),
}

impl Error {
    /// A corrupt field.
    pub(crate) const fn corrupt(field: &'static str, problem: &'static str) -> Self {
        Self::Corrupt { field, problem }
    }

    /// Whether the bytes are a table that is damaged (or not a table at
    /// all), as opposed to a sound table of another format version or byte
    /// order, or a question the table could not answer.
    #[must_use]
    pub fn is_damage(&self) -> bool {
        match self {
            Self::Query(e) => matches!(e, QueryError::Corrupt(_)),
            Self::Version { .. }
            | Self::BigEndian
            | Self::State(_)
            | Self::Kind { .. }
            | Self::Unfinished
            | Self::Unsupported(_) => false,
            _ => true,
        }
    }
}

/// Why a question about a state was not answered. Small and `Copy`: the
/// query paths return it without cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QueryError {
    /// The state was made for another puzzle (another board or other
    /// tiles): its labels mean nothing to this table.
    #[error("the state belongs to another puzzle (another board or other tiles) than this table's")]
    WrongPuzzle,
    /// The table contradicts itself: it was damaged after it was opened
    /// (the bytes changed under a memory map) or damaged in a way the
    /// checksum did not catch. [`Table::verify`](crate::Table::verify)
    /// tells which.
    #[error("the table is corrupt: {0}")]
    Corrupt(&'static str),
    /// The state cannot reach the goal (a solution was asked for).
    #[error("the state cannot reach the goal")]
    Unsolvable,
    /// The buffer is shorter than the solution.
    #[error("the solution has {needed} moves, more than the buffer holds")]
    BufferTooSmall {
        /// Moves in the solution.
        needed: usize,
    },
}

/// Why a header's bytes do not decode, as the header's decoder says it.
/// Opaque: the decoder is this crate's choice, not part of its API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError(pub(crate) postcard::Error);

impl core::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

impl core::error::Error for DecodeError {}
