//! Twisty puzzles of any size for godtab: the orbit model without the
//! 16-piece limit of `godtab-puzzles` ([`Twisty`]), the puzzle's
//! symmetries found from its moves ([`symmetry`]), canonical move
//! sequences ([`canon`]), pattern sets over orbits reduced by symmetry
//! ([`pattern`]) and their tables' entries ([`prune`]); the IDA* search
//! that answers from them is `godtab-twisty-search`'s, so that the
//! generator, which fills the tables, does not compile it.

// Positions index several parallel arrays at once (cells, moduli, moves'
// maps and twists); an index reads plainer there than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub mod canon;
pub mod facelets;
pub mod group;
pub mod model;
pub mod pattern;
pub mod plan;
pub mod prune;
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
