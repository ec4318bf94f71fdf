//! The godtab runtime: answers puzzle queries from a precomputed table, with
//! no search. A table holds, for every state of a puzzle, its distance to
//! the goal and the first move of an optimal solution; a query ranks the
//! state, reads two small packed fields, and follows parent moves: O(1) per
//! step, no allocation.
//!
//! A table describes its own puzzle (board, goal, moves, ranking), so this
//! crate answers for any table, built-in or user-defined, without knowing
//! the puzzle in advance.
//!
//! # Loading a table
//!
//! [`Table`] works over any byte source that is `AsRef<[u8]>`:
//!
//! ```
//! # fn main() -> Result<(), godtab_runtime::Error> {
//! # let bytes = godtab_gen::build_table(&godtab_puzzles::builtin::NINE_PUZZLE).unwrap();
//! # let dir = tempfile::tempdir().unwrap();
//! # let path = dir.path().join("nine-puzzle.gtab");
//! # std::fs::write(&path, &bytes).unwrap();
//! use godtab_runtime::Table;
//!
//! // Bytes in memory: a Vec<u8>, or a &'static [u8] from include_bytes!.
//! let table = Table::new(bytes)?;
//! // A file, read into memory or memory-mapped (feature `mmap`).
//! let table = Table::open(&path)?;
//! let table = Table::open_mmap(&path)?;
//!
//! let state = table.parse("7 3 9 2 5 1 4 8 6").unwrap();
//! assert_eq!(table.distance(&state), Some(3));
//! let solution = table.solution(&state).expect("solvable");
//! let moves: Vec<&str> = solution.map(|m| table.move_name(m)).collect();
//! assert_eq!(moves, ["V1", "V3", "H1"]);
//!
//! // Without allocating: the moves as indices into a buffer.
//! let mut buffer = [0u8; 32];
//! let len = table.solve_into(&state, &mut buffer).unwrap();
//! assert_eq!(&buffer[..len], &[3, 5, 0]);
//! # Ok(()) }
//! ```
//!
//! Opening runs constant-time structural checks (the preamble, the header,
//! every offset and length, the puzzle description); after a successful
//! open every query is memory-safe and never panics, whatever the bytes.
//! [`Table::verify`] additionally checks the checksum over every byte, at
//! memory speed (xxh3: several GB/s).
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
//! - `std` (default): errors implement `std::error::Error`; [`Table::open`]
//!   reads a path; enables `alloc`.
//! - `mmap` (default): [`Table::open_mmap`] maps a file with memmap2.
//! - `zstd`: [`Table::open_zst`] decompresses a `.gtab.zst` file.
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
#![deny(unsafe_code)]
#![warn(missing_docs)]

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
mod table;
#[cfg(feature = "alloc")]
mod write;

pub use error::Error;
pub use format::{Encoding, FORMAT_VERSION, MAGIC, PREAMBLE_LEN};
pub use godtab_puzzles::{Kind, Puzzle, Ranking, State, StateError};
/// The memory map type of [`Table::open_mmap`].
#[cfg(feature = "mmap")]
pub use memmap2::Mmap;
pub use table::{Solution, SolveError, Table};
#[cfg(feature = "alloc")]
pub use write::{TableContents, encode};
