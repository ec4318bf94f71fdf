//! godtab-puzzles's integration tests, one binary (each test binary links the
//! crate and its dependencies: one links much faster than 5), a module per part.

mod cursor;
mod group;
mod model;
mod multi_tile;
mod orbits;
