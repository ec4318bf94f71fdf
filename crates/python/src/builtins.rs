//! The built-in puzzles' tables: generated in memory the first time each is
//! asked for (milliseconds: the same generator and bytes as the `godtab`
//! binary's compiled-in tables), then kept for the life of the process.

use std::sync::OnceLock;

use godtab_puzzles::builtin as puzzles;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::table::Table;

/// The bytes of every built-in table, once generated.
static TABLES: OnceLock<Vec<OnceLock<&'static [u8]>>> = OnceLock::new();

/// The table of a built-in puzzle: nine-digits, nine-puzzle,
/// eight-puzzle, eight-two-0 to eight-two-8.
///
/// Raises ValueError for a name that is not a built-in puzzle.
#[pyfunction]
pub(crate) fn builtin(py: Python<'_>, name: &str) -> PyResult<Table> {
    let every: Vec<_> = puzzles::every().collect();
    let Some(index) = every.iter().position(|b| b.id == name) else {
        let ids: Vec<&str> = every.iter().map(|b| b.id).collect();
        return Err(PyValueError::new_err(format!(
            "unknown puzzle {name:?}: the built-in puzzles are {}",
            ids.join(", ")
        )));
    };
    let slots = TABLES.get_or_init(|| every.iter().map(|_| OnceLock::new()).collect());
    let generated = py.detach(|| {
        let slot = &slots[index];
        if let Some(bytes) = slot.get() {
            return Ok(*bytes);
        }
        let bytes = godtab_gen::build_table(every[index]).map_err(|e| e.to_string())?;
        // Kept for the process's life, like the binary's compiled-in tables.
        Ok::<_, String>(*slot.get_or_init(|| Vec::leak(bytes)))
    });
    let bytes = generated.map_err(|e| PyValueError::new_err(format!("generating {name}: {e}")))?;
    Table::of_bytes(godtab_runtime::Bytes::from(bytes))
}

/// The names of the built-in puzzles.
#[pyfunction]
pub(crate) fn builtins() -> Vec<&'static str> {
    puzzles::every().map(|b| b.id).collect()
}
