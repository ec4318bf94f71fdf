//! The library's errors as Python exceptions: the same messages as the
//! `godtab` command's, in the exception Python programs expect.

use godtab_runtime::{Error, FileError};
use pyo3::exceptions::{PyException, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    godtab,
    TableError,
    PyException,
    "A table file that is damaged, truncated, not a table, or of a format version this module does not read."
);
pyo3::create_exception!(
    godtab,
    NodeLimitError,
    PyRuntimeError,
    "A pattern set's search reached its node limit (max_nodes) before it found an optimal solution."
);

/// Adds the exception classes to the module.
pub(crate) fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("TableError", m.py().get_type::<TableError>())?;
    m.add("NodeLimitError", m.py().get_type::<NodeLimitError>())?;
    Ok(())
}

/// A table that could not be opened from bytes: a bad state's error is a
/// `ValueError`, anything else about the bytes a [`TableError`].
pub(crate) fn table_error(error: Error) -> PyErr {
    match error {
        Error::State(e) => PyValueError::new_err(e.to_string()),
        other => TableError::new_err(other.to_string()),
    }
}

/// A file that could not be opened: `OSError` when it could not be read,
/// [`TableError`] when what it holds is not a sound table.
pub(crate) fn file_error(error: FileError) -> PyErr {
    match &error {
        FileError::Io { error: io, .. } => os_error(io, error.to_string()),
        FileError::Folder { .. } | FileError::NotAFile { .. } => PyOSError::new_err(error.to_string()),
        _ => TableError::new_err(error.to_string()),
    }
}

/// An `OSError` with this message and `error`'s errno, so that Python
/// makes it a `FileNotFoundError`, a `PermissionError` and the like.
pub(crate) fn os_error(error: &std::io::Error, message: String) -> PyErr {
    match error.raw_os_error() {
        Some(errno) => PyOSError::new_err((errno, message)),
        None => PyOSError::new_err(message),
    }
}
