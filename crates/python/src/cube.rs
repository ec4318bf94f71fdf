//! `godtab.cube`: the 3x3x3 cube solved by two-phase, in the `kociemba`
//! package's terms, so that `godtab.cube.solve` drops in for
//! `kociemba.solve`.

use std::sync::OnceLock;

use godtab_oracle::{AskError, Limits, Oracle, Written};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The two-phase tables, made on first use (about 0.2 s) and kept for the
/// process.
fn oracle() -> PyResult<&'static Oracle<Vec<u8>>> {
    static ORACLE: OnceLock<Result<Oracle<Vec<u8>>, AskError>> = OnceLock::new();
    ORACLE
        .get_or_init(|| Oracle::two_phase(godtab_twophase::build_tables()))
        .as_ref()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A solution of the cube `facelets` writes, within `max_length` moves
/// (at most 32; 21 by default, about a millisecond; 20, God's number,
/// takes several), as the `kociemba` package writes one: move names
/// separated by single spaces ("R U2 F'"), "" for a solved cube. Not
/// necessarily the shortest.
///
/// facelets: 54 letters, the faces U R F D L B in that order, each face's
/// stickers in reading order (the `kociemba` package's convention); the
/// solved cube is "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB".
///
/// Raises ValueError, with the reason, for a string that is no cube (a
/// wrong length or letter, a twisted corner, a flipped edge, an odd
/// permutation, moved centres) and when no solution within max_length is
/// found.
#[pyfunction]
#[pyo3(signature = (facelets, max_length = 21))]
fn solve(py: Python<'_>, facelets: &str, max_length: u8) -> PyResult<String> {
    let oracle = oracle()?;
    let limits = Limits { max_length: Some(max_length), ..Limits::default() };
    let answer = py
        .detach(|| oracle.parse(facelets, Written::Facelets).and_then(|cube| oracle.solve_within(&cube, &limits)))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(oracle.move_names(answer.moves.as_deref().unwrap_or_default()).join(" "))
}

/// The cube a scramble (WCA face turns: "R U R' U2") makes from the solved
/// cube, as its 54 facelet letters.
///
/// Raises ValueError naming the first token that is not a face turn.
#[pyfunction]
fn scramble(moves: &str) -> PyResult<String> {
    let oracle = oracle()?;
    let cube = oracle.parse(moves, Written::Scramble).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(oracle.show(&cube))
}

/// Adds the `cube` submodule.
pub(crate) fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let cube = PyModule::new(m.py(), "cube")?;
    cube.add_function(wrap_pyfunction!(solve, &cube)?)?;
    cube.add_function(wrap_pyfunction!(scramble, &cube)?)?;
    cube.add("SOLVED", "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB")?;
    m.add_submodule(&cube)?;
    // `import godtab.cube` finds it too.
    m.py().import("sys")?.getattr("modules")?.set_item("godtab.cube", &cube)?;
    Ok(())
}
