//! The `godtab` Python module: godtab's tables from Python.
//!
//! - [`table::Table`]: a table file of any kind (a complete table in any
//!   encoding, or a pattern set), opened from a path (memory-mapped, or a
//!   `.gtab.zst` decompressed), from any buffer-protocol object without a
//!   copy (`source`), or built in (`builtins`); asked for distances and
//!   solutions one state at a time or in numpy batches on every core with
//!   the GIL released; states as Python values (`states`).
//! - `generate`: a table file from a spec, with progress through a
//!   callback or tqdm.
//! - `cube`: `godtab.cube.solve(facelets, max_length=21)`, the 3x3x3 cube
//!   by two-phase, as the `kociemba` package answers.
//! - `errors`: the library's errors as Python exceptions, with its
//!   messages.
//!
//! Built by maturin (`pip install crates/python`); its tests are pytest's
//! (`crates/python/tests`, run by `cargo xtask python`). The type stubs are
//! `godtab.pyi` beside the crate's `Cargo.toml`.

use pyo3::prelude::*;

mod builtins;
mod cube;
mod errors;
mod generate;
mod source;
mod states;
mod table;

/// Solve permutation puzzles instantly from precomputed God's-algorithm
/// tables.
///
/// Open a table with Table.open(path), Table.from_bytes(buffer) or
/// builtin(name); ask it distance(state), solve(state) and, for numpy
/// arrays of many states, distances(states). generate(spec, out) writes a
/// table file from a spec. Errors: ValueError for a bad state or argument,
/// TableError for a damaged table, NodeLimitError for a search that
/// reached its node limit, OSError for files.
#[pymodule]
fn godtab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // SIGINT is the interpreter's (KeyboardInterrupt): `generate` looks for
    // it and stops the work itself, and no handler of the library's may
    // outlive a call.
    godtab_files::leave_signals_to_host();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<table::Table>()?;
    m.add_function(wrap_pyfunction!(builtins::builtin, m)?)?;
    m.add_function(wrap_pyfunction!(builtins::builtins, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    errors::add(m)?;
    cube::add(m)?;
    Ok(())
}
