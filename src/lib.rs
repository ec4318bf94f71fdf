//! The `godtab` command, as a library: each module is one command (`judge`,
//! `solve`, `info`, `random`, `gen`, `verify`), plus where tables come from
//! (`source`, `embedded`). The binary only parses arguments and dispatches;
//! fuzz targets and tests drive the same code directly.

#![warn(missing_docs)]

pub mod embedded;
pub mod fuzzing;
pub mod generate;
pub mod info;
pub mod judge;
pub mod random;
pub mod solve;
pub mod source;
pub mod verify;
