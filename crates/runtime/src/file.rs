//! Opening tables from files: read into memory, memory-mapped, or
//! decompressed from zstd.

use std::path::Path;
use std::vec::Vec;

use crate::{Error, Table};

impl Table<Vec<u8>> {
    /// Reads a `.gtab` file into memory and opens it (see [`Table::new`]).
    ///
    /// # Errors
    ///
    /// [`Error::Io`] if the file cannot be read, or any error of
    /// [`Table::new`].
    pub fn open(path: impl AsRef<Path>) -> Result<Self, Error> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        Self::new(bytes)
    }
}

#[cfg(feature = "mmap")]
impl Table<memmap2::Mmap> {
    /// Memory-maps a `.gtab` file and opens it (see [`Table::new`]): pages
    /// are read from disk as queries touch them.
    ///
    /// See the crate docs on files changed under a live mapping; godtab
    /// itself only ever replaces table files by renaming a new file over
    /// them.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] if the file cannot be opened or mapped, or any error of
    /// [`Table::new`].
    #[allow(unsafe_code)]
    pub fn open_mmap(path: impl AsRef<Path>) -> Result<Self, Error> {
        let path = path.as_ref();
        let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
        // SAFETY: the mapping is read-only and every read through it is
        // bounds-checked. If another process modifies the file while it is
        // mapped, reads may see the new bytes (wrong answers, never memory
        // unsafety on this read-only shared mapping); godtab never modifies
        // a table file in place, it renames a new file over the old one.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| Error::io(path, e))?;
        Self::new(map)
    }
}

#[cfg(feature = "zstd")]
impl Table<Vec<u8>> {
    /// The largest table [`Table::open_zst`] decompresses: 16 GiB.
    pub const MAX_DECOMPRESSED: u64 = 16 << 30;

    /// Decompresses a `.gtab.zst` file into memory and opens it. Memory
    /// grows with the bytes actually decompressed, never past the length the
    /// table's preamble declares (nor [`Table::MAX_DECOMPRESSED`]).
    ///
    /// # Errors
    ///
    /// [`Error::Io`] if the file cannot be read, [`Error::Decompress`] if it
    /// is not sound zstd data, [`Error::ZstTrailing`] if more follows the
    /// table, [`Error::TooLarge`], or any error of [`Table::new`].
    pub fn open_zst(path: impl AsRef<Path>) -> Result<Self, Error> {
        Self::open_zst_with_limit(path, Self::MAX_DECOMPRESSED)
    }

    /// [`Table::open_zst`] with a limit on the decompressed size.
    ///
    /// # Errors
    ///
    /// As [`Table::open_zst`].
    pub fn open_zst_with_limit(path: impl AsRef<Path>, limit: u64) -> Result<Self, Error> {
        use std::io::Read;

        let path = path.as_ref();
        let io = |e| Error::io(path, e);
        // The decoder reports bad data as errors of kind Other (or an early
        // end); anything else is the system's.
        let decode = |source: std::io::Error| match source.kind() {
            std::io::ErrorKind::Other | std::io::ErrorKind::UnexpectedEof => {
                Error::Decompress { path: path.to_path_buf(), source }
            }
            _ => Error::io(path, source),
        };
        let file = std::fs::File::open(path).map_err(io)?;
        let mut decoder = zstd::stream::read::Decoder::new(file).map_err(io)?;
        let mut bytes = Vec::new();
        (&mut decoder).take(crate::PREAMBLE_LEN as u64).read_to_end(&mut bytes).map_err(decode)?;
        // Read the declared length only once the preamble looks like ours;
        // Table::new reports anything wrong with it precisely.
        let declared = match bytes.get(16..24) {
            Some(field) if bytes.starts_with(&crate::MAGIC) => u64::from_le_bytes(field.try_into().unwrap_or_default()),
            _ => return Self::new(bytes),
        };
        if declared > limit {
            return Err(Error::TooLarge { path: path.to_path_buf(), limit });
        }
        // One byte more than declared, so that extra bytes are noticed.
        let rest = declared.saturating_sub(bytes.len() as u64).saturating_add(1);
        decoder.take(rest).read_to_end(&mut bytes).map_err(decode)?;
        if bytes.len() as u64 > declared {
            return Err(Error::ZstTrailing { path: path.to_path_buf(), declared });
        }
        Self::new(bytes)
    }
}
