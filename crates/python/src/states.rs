//! States as Python values, both ways.
//!
//! In: a string in the puzzle's text form (`"2 3 4 1 5 x 7 6 8"`); a
//! sequence of tile values in reading order, flat or as rows (lists,
//! tuples, numpy arrays; 0 or `"x"` for a sliding puzzle's blank, as
//! `slidingpuzzle` writes boards); for an orbit puzzle, a dict of orbit
//! name to `(pieces, orientations)` (pieces numbered from 1; the
//! orientations may be left out of an orbit without any), or the numbers
//! of every orbit's pieces then orientations, orbit after orbit, in one
//! sequence.
//!
//! Out: a list of tile values (0 for the blank) for a board, a dict of
//! orbit name to `(pieces, orientations)` for an orbit puzzle.

use std::fmt::Write as _;

use godtab_runtime::{Kind, Puzzle, State};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

/// The state a Python value stands for.
pub(crate) fn state_of(puzzle: &Puzzle, value: &Bound<'_, PyAny>) -> PyResult<State> {
    let bad = |e: godtab_runtime::StateError| PyValueError::new_err(e.to_string());
    if let Ok(text) = value.cast::<PyString>() {
        return puzzle.parse(&text.to_cow()?).map_err(bad);
    }
    if let Ok(orbits) = value.cast::<PyDict>() {
        return puzzle.parse(&orbit_text(puzzle, orbits)?).map_err(bad);
    }
    let values = values_of(value)?;
    puzzle.state_from_values(&values).map_err(bad)
}

/// Tile values from a sequence of values or of rows of values (numpy
/// arrays through their `tolist`); `"x"` is the blank.
fn values_of(value: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let list = if value.hasattr("tolist")? { value.call_method0("tolist")? } else { value.clone() };
    let mut values = Vec::new();
    flatten(&list, &mut values, 0)?;
    Ok(values)
}

fn flatten(value: &Bound<'_, PyAny>, out: &mut Vec<u8>, depth: usize) -> PyResult<()> {
    if let Ok(number) = value.extract::<i64>() {
        let cell = out.len() + 1;
        let byte = u8::try_from(number)
            .map_err(|_| PyValueError::new_err(format!("cell {cell}: {number} is not a tile value (0 to 255)")))?;
        out.push(byte);
        return Ok(());
    }
    if let Ok(text) = value.cast::<PyString>()
        && text.to_cow()? == "x"
    {
        out.push(godtab_puzzles::BLANK);
        return Ok(());
    }
    if depth < 2
        && !value.is_instance_of::<PyString>()
        && let Ok(items) = value.try_iter()
    {
        for item in items {
            flatten(&item?, out, depth + 1)?;
        }
        return Ok(());
    }
    let type_name = value.get_type().name()?;
    Err(PyTypeError::new_err(format!(
        "a state is a string, a sequence of tile values (flat or in rows) or, for an orbit puzzle, a dict; \
         found {type_name} at cell {}",
        out.len() + 1
    )))
}

/// An orbit puzzle's state in its text form, from a dict of orbit name to
/// `(pieces, orientations)` or to pieces alone.
fn orbit_text(puzzle: &Puzzle, orbits: &Bound<'_, PyDict>) -> PyResult<String> {
    if puzzle.kind() != Kind::Orbits {
        return Err(PyTypeError::new_err("a dict is a state of an orbit puzzle; this puzzle is a board"));
    }
    let names: Vec<&str> = puzzle.orbits().map(|o| o.name).collect();
    for key in orbits.keys() {
        let key: String = key.extract()?;
        if !names.contains(&key.as_str()) {
            return Err(PyValueError::new_err(format!(
                "{key:?} is not an orbit of this puzzle; its orbits are {}",
                names.join(", ")
            )));
        }
    }
    let mut text = String::new();
    for orbit in puzzle.orbits() {
        let Some(value) = orbits.get_item(orbit.name)? else {
            return Err(PyValueError::new_err(format!("orbit {} is missing from the state", orbit.name)));
        };
        let pair = value.cast::<PyTuple>().ok().filter(|t| t.len() == 2 && t.get_item(0).is_ok_and(is_sequence));
        let (pieces, orientations) = match pair {
            Some(pair) => (values_of(&pair.get_item(0)?)?, Some(values_of(&pair.get_item(1)?)?)),
            None => (values_of(&value)?, None),
        };
        let _ = write!(text, "{} ", orbit.name);
        for n in pieces.iter().chain(orientations.iter().flatten()) {
            let _ = write!(text, "{n} ");
        }
    }
    Ok(text)
}

fn is_sequence(value: Bound<'_, PyAny>) -> bool {
    !value.is_instance_of::<PyString>() && value.try_iter().is_ok()
}

/// A state as a Python value: a list of tile values (0 for the blank) for
/// a board, a dict of orbit name to `(pieces, orientations)` for an orbit
/// puzzle.
pub(crate) fn to_python<'py>(py: Python<'py>, puzzle: &Puzzle, state: &State) -> PyResult<Bound<'py, PyAny>> {
    let labels = state.labels();
    if puzzle.kind() != Kind::Orbits {
        let values: Vec<u8> = labels.iter().map(|&label| puzzle.value_of(label)).collect();
        return Ok(PyList::new(py, values)?.into_any());
    }
    let dict = PyDict::new(py);
    for orbit in puzzle.orbits() {
        let cells = &labels[orbit.start..orbit.start + orbit.pieces];
        let pieces: Vec<u8> = cells.iter().map(|&c| (c & 0xF) + 1).collect();
        let orientations: Vec<u8> = cells.iter().map(|&c| c >> 4).collect();
        // As lists of ints (a Vec<u8> would become bytes).
        dict.set_item(orbit.name, (PyList::new(py, pieces)?, PyList::new(py, orientations)?))?;
    }
    Ok(dict.into_any())
}
