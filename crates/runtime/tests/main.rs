//! godtab-runtime's integration tests, one binary (each test binary links the
//! crate and its dependencies: one links much faster than 4), a module per part.

mod corrupt;
mod fixtures;
mod no_alloc;
mod pattern_fixtures;
