//! godtab-gen's integration tests, one binary (each test binary links the
//! crate and its dependencies: one links much faster than 11), a module per part.

mod builtins;
mod corruption;
mod lookup;
mod multi_tile;
mod orbit_search;
mod pattern_corruption;
mod patterns;
mod roundtrip;
mod share;
mod tables;
mod twobit;
