//! Kociemba's two-phase algorithm for the 3x3x3 Rubik's cube: a solution
//! of at most 21 moves (or 20, more slowly) in about a millisecond, from
//! about 1.2 MB of tables, with a solver that needs no allocator.
//!
//! Phase 1 brings the cube into the subgroup `<U, D, R2, L2, F2, B2>`
//! (every corner and edge oriented, the four U-D slice edges in the
//! slice), phase 2 solves it within the subgroup; for each phase 1
//! solution, shortest first, phase 2 is tried in the moves left, until the
//! whole is short enough. The distance bounds are tables over symmetry
//! classes (see `docs/TWOPHASE.md`).
//!
//! ```
//! # #[cfg(feature = "alloc")] {
//! use godtab_twophase::{Cube, Limits, Solution, Tables, build_tables, solve};
//!
//! let bytes = build_tables(); // or a `static` made at build time
//! let tables = Tables::from_bytes(&bytes).unwrap();
//! let cube = Cube::from_scramble("R U R' U' F2 D L2 B'").unwrap();
//! let mut solution = Solution::new();
//! solve(&tables, &cube, 21, &Limits::UNLIMITED, &mut solution).unwrap();
//! assert_eq!(cube.apply_all(solution.moves()), Cube::SOLVED);
//! println!("{solution}");
//! # }
//! ```
//!
//! # Loading the tables
//!
//! [`Tables`] borrows its bytes: a `static` array (`include_bytes!` of a
//! file written by `build_tables`, so firmware keeps it in flash), a
//! memory-mapped file, or a `Vec<u8>`. [`Tables::from_bytes`] checks the
//! header only; a checksum, where wanted, is the container's.
//!
//! # Crate features
//!
//! - none (the default): the cube model, parsing, the tables' view and
//!   [`solve`]; no allocator, no `std`.
//! - `alloc`: `build_tables`, which generates the tables.
//! - `std` (implies `alloc`): a deadline in [`Limits`],
//!   `std::error::Error` for the errors, and the larger tables
//!   (`build_large_tables`, [`LargeTables`]) built on every core.

#![no_std]
#![forbid(unsafe_code)]
// Moves and positions index several parallel tables at once; an index
// reads plainer there than zipped iterators.
#![allow(clippy::needless_range_loop)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "alloc")]
mod build;
mod coords;
mod cube;
mod error;
mod facelets;
mod large;
#[cfg(feature = "std")]
mod large_build;
mod moves;
mod search;
mod solve;
mod symmetry;
mod tables;

#[cfg(feature = "alloc")]
pub use build::build_tables;
pub use cube::{CORNER_NAMES, Cube, EDGE_NAMES};
pub use error::{CubeError, ScrambleError, SolveError, TablesError};
pub use facelets::FACES;
pub use large::{LARGE_TABLES_LEN, LargeTables};
#[cfg(feature = "std")]
pub use large_build::{LARGE_BUILD_MEMORY, LargeTablesError, build_large_tables};
pub use moves::{MAX_SOLUTION, Move, Solution, parse_moves};
pub use solve::{Limits, SolveTables, solve};
pub use tables::{FORMAT_VERSION, TABLES_LEN, Tables};

/// Whether `prefix` (a file's first 8 bytes or more) starts as two-phase
/// tables do, built-in or large: a cheap look before a file is read whole.
#[must_use]
pub fn is_tables_prefix(prefix: &[u8]) -> bool {
    prefix.starts_with(&tables::MAGIC) || prefix.starts_with(&large::LARGE_MAGIC)
}

impl Cube {
    /// The cube a scramble in WCA notation makes from the solved cube.
    ///
    /// # Errors
    ///
    /// A [`ScrambleError`] naming the first token that is not a face move.
    pub fn from_scramble(text: &str) -> Result<Cube, ScrambleError> {
        let mut cube = Cube::SOLVED;
        for m in parse_moves(text) {
            cube = cube.apply(m?);
        }
        Ok(cube)
    }
}
