//! Twisty puzzles of any size for godtab: the orbit model without the
//! 16-piece limit of `godtab-puzzles` ([`Twisty`]), the puzzle's
//! symmetries found from its moves ([`symmetry`]), canonical move
//! sequences ([`canon`]), pattern sets over orbits reduced by symmetry
//! ([`pattern`]), and the IDA* search that answers from them.

// Positions index several parallel arrays at once (cells, moduli, moves'
// maps and twists); an index reads plainer there than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub mod canon;
pub mod facelets;
pub mod group;
pub mod kernel;
// The lanes kernel calls SSE intrinsics, which the build enables for the
// whole program on x86-64 (.cargo/config.toml); elsewhere the scalar kernel
// serves alone.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1"))]
pub mod lanes;
pub mod model;
pub mod pattern;
pub mod plan;
pub mod prune;
pub mod search;
pub mod set;
pub mod symmetry;
pub mod text;

pub use model::{Cells, Description, MoveDef, OrbitDef, Twisty};

/// Why a description is not a puzzle this crate can hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The description contradicts itself.
    #[error("{0}")]
    Shape(String),
    /// The description is past what this crate supports.
    #[error("{0}")]
    Limit(String),
}
