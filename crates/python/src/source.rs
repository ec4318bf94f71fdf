//! Where a table's bytes live: a file (mapped or decompressed), a built-in
//! table, or a Python object's buffer, viewed in place.

#![allow(unsafe_code)]

use godtab_runtime::Bytes;
use numpy::PyReadonlyArray1;
use numpy::PyUntypedArrayMethods;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The bytes a [`Table`](crate::table::Table) answers from.
pub(crate) enum Source {
    /// A file or a built-in table.
    Owned(Bytes),
    /// A Python object's buffer, seen through a numpy array over it (which
    /// holds the object's buffer export, so the object can neither be
    /// freed nor resized while the array lives).
    Buffer {
        /// The numpy array: its lifetime is the bytes' lifetime.
        _array: Py<PyAny>,
        /// Its first byte.
        start: *const u8,
        /// Its length in bytes.
        len: usize,
    },
}

// SAFETY: the buffer's pointer stays valid as long as `_array` lives (it
// holds the buffer export), and `_array` is a `Py`, which may be sent to
// and shared between threads; the bytes are only read.
unsafe impl Send for Source {}
// SAFETY: as for Send: shared access only reads.
unsafe impl Sync for Source {}

impl AsRef<[u8]> for Source {
    fn as_ref(&self) -> &[u8] {
        match self {
            Self::Owned(bytes) => bytes.as_ref(),
            // SAFETY: `start` and `len` describe the buffer of `_array`,
            // which is alive (it is a field of self) and cannot be resized
            // while it is exported. A Python program that writes into a
            // writable buffer while a table reads it gets wrong answers,
            // as with a file rewritten under a memory map, but every read
            // is bounds-checked against the length fixed here.
            Self::Buffer { start, len, .. } => unsafe { std::slice::from_raw_parts(*start, *len) },
        }
    }
}

impl Source {
    /// A view of `object`'s bytes (any object with the buffer protocol:
    /// bytes, bytearray, memoryview, mmap.mmap, a numpy array), without a
    /// copy.
    pub(crate) fn of_buffer(object: &Bound<'_, PyAny>) -> PyResult<Self> {
        let py = object.py();
        let numpy = py.import("numpy")?;
        let keywords = PyDict::new(py);
        keywords.set_item("dtype", numpy.getattr("uint8")?)?;
        let array = numpy.getattr("frombuffer")?.call((object,), Some(&keywords))?;
        let view: PyReadonlyArray1<'_, u8> = array.extract()?;
        let (start, len) = match view.as_slice() {
            Ok(bytes) => (bytes.as_ptr(), bytes.len()),
            Err(_) => return Err(pyo3::exceptions::PyValueError::new_err("the buffer is not contiguous")),
        };
        debug_assert_eq!(len, view.len());
        Ok(Self::Buffer { _array: array.unbind(), start, len })
    }

    /// Whether the bytes are a memory map of a file.
    pub(crate) fn is_mapped(&self) -> bool {
        matches!(self, Self::Owned(bytes) if bytes.is_mapped())
    }
}
