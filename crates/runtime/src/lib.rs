//! The godtab runtime: answers puzzle queries from a precomputed table, with
//! no search. A table holds, for every state of a puzzle, its distance to
//! the goal and the first move of an optimal solution; a query ranks the
//! state, reads two small packed fields, and follows parent moves: O(1) per
//! step, no allocation.
//!
//! A table describes its own puzzle (board, goal, moves, ranking; or, for a
//! twisty puzzle, its orbits, solved state and moves with their twists),
//! so this crate answers for any table, built-in or user-defined, without
//! knowing the puzzle in advance.
//!
//! # Loading a table
//!
//! [`Table`] works over any byte source that is `AsRef<[u8]>`, and every
//! error converts into [`Error`], so `?` works throughout:
//!
//! ```
//! use godtab_runtime::{Error, Table};
//!
//! // Bytes in memory: a &'static [u8] from include_bytes!, or a Vec<u8>.
//! static SLIDE_2X3: &[u8] = include_bytes!("../tests/fixtures/v2/slide-2x3.gtab");
//!
//! fn main() -> Result<(), Error> {
//!     let table = Table::new(SLIDE_2X3)?;
//!     let state = table.parse("1 2 3 x 4 5")?;
//!     assert_eq!(table.distance(&state)?, Some(2));
//!     let solution = table.solution(&state)?.expect("solvable");
//!     let moves: Vec<&str> = solution.filter_map(|m| table.move_name(m)).collect();
//!     assert_eq!(moves, ["r", "r"]);
//!
//!     // Without allocating: the moves as indices into a buffer.
//!     let mut buffer = [0u8; 32];
//!     let len = table.solve_into(&state, &mut buffer)?;
//!     assert_eq!(&buffer[..len], &[3, 3]);
//!     Ok(())
//! }
//! ```
//!
//! With `std`, [`Table::open`] opens a file, choosing how from its
//! contents: a `.gtab` file is memory-mapped (feature `mmap`; read into
//! memory without it), a `.gtab.zst` file decompressed (feature `zstd`):
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let dir = tempfile::tempdir()?;
//! # let path = dir.path().join("slide-2x3.gtab");
//! # std::fs::write(&path, include_bytes!("../tests/fixtures/v2/slide-2x3.gtab"))?;
//! let table = godtab_runtime::Table::open(&path)?;
//! assert_eq!(table.id(), "slide-2x3");
//! # Ok(()) }
//! ```
//!
//! Opening runs constant-time structural checks (the preamble, the header,
//! every offset and length, the puzzle description); after a successful
//! open every query is memory-safe and never panics, whatever the bytes.
//! [`Table::verify`] additionally checks the checksum over every byte, at
//! memory speed (xxh3: several GB/s).
//!
//! # Pattern sets
//!
//! A file may instead hold a *pattern set* (boards too large for a complete
//! table, such as the 15-puzzle): one pattern database per pattern of
//! tiles, opened with [`PatternSet::new`] or [`PatternSet::open`] with the
//! same constant-time checks, and searched by the `godtab-search` crate's
//! IDA*. [`Table::new`] refuses such a file with [`Error::Kind`], and the
//! other way round. A program that takes either kind opens a
//! [`TableFile`] ([`TableFile::new`], or [`TableFile::open`] with `std`):
//! the preamble and header are read once, the same way for every kind, and
//! the file is checked as what its header says it is. Match on it once.
//!
//! # Firmware: the lean lookup
//!
//! [`Lookup`] opens a complete table of a board puzzle (sliding or
//! permutation, distinct tiles, any encoding) with no puzzle model: a
//! 200-byte handle and a fraction of the code (`cargo xtask bench size`
//! measures both), the same answers from tile values.
//!
//! # Memory-mapped files
//!
//! A mapping shows the file as it is *now*: if another process rewrote the
//! file in place while it is mapped, queries would read the new bytes, which
//! the checks made at open no longer vouch for (answers could be wrong, but
//! never unsafe: every read is bounds-checked). godtab never rewrites a
//! table in place: it writes a new file and renames it over the old one, so
//! a live mapping keeps the old file's contents until it is dropped.
//!
//! # Crate features
//!
//! - `std` (default): [`Table::open`] opens a path, with errors
//!   ([`FileError`]) that name it; enables `alloc`. Without `std` the errors
//!   implement `core::error::Error`.
//! - `mmap` (default): [`Table::open`] and [`Table::open_mmap`] map a file
//!   with memmap2.
//! - `zstd`: [`Table::open`] and [`Table::open_zst`] decompress a
//!   `.gtab.zst` file.
//! - `alloc`: [`encode`], the writer, which needs an output buffer.
//!
//! With `default-features = false` the crate is `#![no_std]` and uses no
//! allocator at all: embedded programs include a table with
//! `include_bytes!` and query it from a static byte slice.
//! `examples/embedded` in the repository is such a program: it links `core`
//! alone and answers a nine-digits query with a distance and a solution.
//!
//! The file format is specified byte by byte in `docs/FORMAT.md`.

#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod bits;
#[cfg(test)]
mod corruption_tests;
mod error;
#[cfg(feature = "std")]
mod file;
mod format;
mod lookup;
mod open;
mod orbit_patterns;
mod patterns;
mod ranks;
mod solution;
mod table;
mod table_file;
mod view;
#[cfg(feature = "alloc")]
mod write;
#[cfg(feature = "alloc")]
mod write_orbit_patterns;
#[cfg(feature = "alloc")]
mod write_patterns;

pub use error::{DecodeError, Error, QueryError};
#[cfg(feature = "std")]
pub use file::{Bytes, FileError, MAX_DECOMPRESSED};
pub use format::{Encoding, FORMAT_VERSION, MAGIC, OLDEST_VERSION, PREAMBLE_LEN, UNFINISHED_VERSION, UNREACHED};
pub use godtab_puzzles::{Combine, Definition, Kind, MAX_PATTERNS, PatternList, Puzzle, Ranking, State, StateError};
pub use lookup::{Lookup, LookupLayout, LookupMoves, LookupRanking, SectionAt};
pub use orbit_patterns::{
    MAX_ORBIT_COUNT, MAX_ORBIT_MOVES, MAX_ORBIT_PATTERNS, MAX_ORBIT_POSITIONS, ORBIT_LINE_ENTRIES, ORBIT_SECTION_ALIGN,
    OrbitPatternSet, OrbitPuzzle, OrbitTable,
};
pub use patterns::{Pattern, PatternSet};
pub use ranks::RankReader;
pub use solution::Solution;
pub use table::Table;
pub use table_file::{TableFile, TableKind};
#[cfg(feature = "alloc")]
pub use write::{CHECKSUM_AT, Checksum, Counts, EncodeError, PackedHead, TableData, encode, packed_head};
#[cfg(feature = "alloc")]
pub use write_orbit_patterns::{OrbitPatternsHead, orbit_patterns_head};
#[cfg(feature = "alloc")]
pub use write_patterns::encode_patterns;
