//! Tables opened from files (with std): the table owns its bytes (a memory
//! map, or the decompressed table) until `godtab_table_close`. Without std
//! the same function exists and answers `GODTAB_ERROR_UNSUPPORTED`, so one
//! program links against either library.

use core::ffi::{c_char, c_void};

use crate::Status::{self, *};
use crate::catch_panic;
use crate::storage::{GodtabTable, closed_slot};

/// Opens a table file, in place in `table`: a `.gtab` file is
/// memory-mapped, a `.gtab.zst` file (zstd data, whatever the name)
/// decompressed into memory; then the checks of `godtab_table_open` run.
/// The table owns its bytes: call `godtab_table_close` to release them.
///
/// `path` is a NUL-terminated path in the system's encoding. `table` is
/// written whatever happens: on failure it holds no open table and needs
/// no close. Opening over a table still open from this function leaks
/// its file: close that first.
///
/// Only `libgodtab.a` and `libgodtab.so` open files; `libgodtab_nostd.a`
/// (no std, no allocator) answers `GODTAB_ERROR_UNSUPPORTED`.
///
/// Returns `GODTAB_OK`, `GODTAB_ERROR_NULL`, `GODTAB_ERROR_MISALIGNED`,
/// `GODTAB_ERROR_IO`, `GODTAB_ERROR_TOO_LARGE`, `GODTAB_ERROR_UNSUPPORTED`,
/// or any failure of `godtab_table_open` (a damaged `.zst` file is
/// `GODTAB_ERROR_CORRUPT`).
///
/// # Safety
///
/// `table` is NULL or points to writable storage for a `godtab_table`;
/// `path` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_table_open_file(table: *mut GodtabTable, path: *const c_char) -> Status {
    catch_panic::status(|| {
        let slot = closed_slot(table)?;
        if path.is_null() {
            return Err(GODTAB_ERROR_NULL);
        }
        #[cfg(feature = "std")]
        {
            // SAFETY: `path` is a NUL-terminated string (the caller's rule).
            let path = unsafe { core::ffi::CStr::from_ptr(path) };
            let (opened, owner) = with_std::open(path)?;
            // SAFETY: `slot` is this storage's, just closed; `owner` keeps
            // the bytes until the close frees it.
            unsafe { crate::storage::fill(table, slot, opened, owner) };
            Ok(GODTAB_OK)
        }
        #[cfg(not(feature = "std"))]
        {
            let _ = slot;
            Err(GODTAB_ERROR_UNSUPPORTED)
        }
    })
}

/// Frees what a file table owns (null: nothing).
pub(crate) fn free_owner(owner: *mut c_void) {
    #[cfg(feature = "std")]
    if !owner.is_null() {
        // SAFETY: a non-null owner is the Box<Bytes> that `with_std::open`
        // leaked for this table, freed only here, once: the close cleared
        // the seal before, so no other call reaches it again.
        drop(unsafe { std::boxed::Box::from_raw(owner.cast::<godtab_runtime::Bytes>()) });
    }
    #[cfg(not(feature = "std"))]
    let _ = owner;
}

#[cfg(feature = "std")]
mod with_std {
    use core::ffi::{CStr, c_void};
    use std::boxed::Box;
    use std::path::Path;

    use godtab_runtime::{FileError, TableFile};

    use crate::Status::{self, *};

    /// Opens the file and gives the table over bytes that the returned
    /// owner (a leaked `Box<Bytes>`) keeps alive.
    pub(super) fn open(path: &CStr) -> Result<(TableFile<&'static [u8]>, *mut c_void), Status> {
        let path = to_path(path)?;
        let file = TableFile::open(path).map_err(|e| of_file_error(&e))?;
        // The C API answers tile puzzles (complete tables and pattern sets).
        if file.definition().is_none() {
            return Err(GODTAB_ERROR_UNSUPPORTED);
        }
        let bytes = file.into_bytes();
        let owner = Box::into_raw(Box::new(bytes));
        // SAFETY: `owner` was just made from a Box and is freed only by
        // `free_owner` at the close; a mapping or a Vec keeps its bytes in
        // place while the Box holding it lives, so 'static stands for
        // "until the close", which the slot's seal enforces.
        let bytes: &'static [u8] = unsafe { (*owner).as_ref() };
        // Opened once more over the bytes where they now stay (constant
        // time: the checks of an open, about a microsecond).
        match TableFile::new(bytes) {
            Ok(table) => Ok((table, owner.cast())),
            Err(error) => {
                super::free_owner(owner.cast());
                Err(Status::of_error(&error))
            }
        }
    }

    #[cfg(unix)]
    fn to_path(path: &CStr) -> Result<&Path, Status> {
        use std::os::unix::ffi::OsStrExt;
        Ok(Path::new(std::ffi::OsStr::from_bytes(path.to_bytes())))
    }

    /// Elsewhere paths are taken as UTF-8.
    #[cfg(not(unix))]
    fn to_path(path: &CStr) -> Result<&Path, Status> {
        path.to_str().map(Path::new).map_err(|_| GODTAB_ERROR_IO)
    }

    fn of_file_error(error: &FileError) -> Status {
        match error {
            FileError::Io { .. } | FileError::Folder { .. } | FileError::NotAFile { .. } => GODTAB_ERROR_IO,
            FileError::Table { error, .. } => Status::of_error(error),
            FileError::Decompress { .. } | FileError::ZstTrailing { .. } => GODTAB_ERROR_CORRUPT,
            FileError::TooLarge { .. } => GODTAB_ERROR_TOO_LARGE,
            FileError::NoZstd { .. } => GODTAB_ERROR_UNSUPPORTED,
            other if other.is_damage() => GODTAB_ERROR_CORRUPT,
            _ => GODTAB_ERROR_IO,
        }
    }
}
