//! godtab-spec's integration tests, one binary (each test binary links the
//! crate and its dependencies: one links much faster than 4), a module per part.

mod definition_files;
mod errors;
mod examples;
mod orbit_tables;
