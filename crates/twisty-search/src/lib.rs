//! The IDA* search that answers twisty puzzles (the Rubik's cube) optimally
//! from orbit pattern sets: [`set::OrbitSearch`] rebuilds a set's puzzle
//! and numbering from its file and copies its tables into memory;
//! [`search::Solver`] searches one state from both ends on every core,
//! moving the pieces on the scalar [`kernel`] or, on x86-64, on SSE lanes.
//! The puzzle model, the patterns and their tables are `godtab-twisty`'s.

// Positions index several parallel arrays at once (cells, moduli, moves'
// maps and twists); an index reads plainer there than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub mod kernel;
// The lanes kernel calls SSE intrinsics, which the build enables for the
// whole program on x86-64 (.cargo/config.toml); elsewhere the scalar kernel
// serves alone.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1"))]
pub mod lanes;
pub mod search;
pub mod set;
