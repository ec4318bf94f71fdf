//! Opening tables from files: memory-mapped, read, or decompressed from
//! zstd, and the errors that name the file.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::vec::Vec;

use crate::{Error, PatternSet, Table, TableFile};

/// The first four bytes of a zstd frame.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];

/// The bytes of a table, whichever way they were loaded: what
/// [`Table::open`] gives, and what a program that also embeds tables can
/// hold them all in. Opaque: how a file is mapped is this crate's business.
pub struct Bytes(Source);

/// Where [`Bytes`] come from.
enum Source {
    /// Compiled into the program (`include_bytes!`).
    Static(&'static [u8]),
    /// Read or decompressed into memory.
    Owned(Vec<u8>),
    /// Memory-mapped.
    #[cfg(feature = "mmap")]
    Mapped(memmap2::Mmap),
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        match &self.0 {
            Source::Static(b) => b,
            Source::Owned(b) => b,
            #[cfg(feature = "mmap")]
            Source::Mapped(b) => b,
        }
    }
}

impl From<&'static [u8]> for Bytes {
    /// Bytes compiled into the program.
    fn from(bytes: &'static [u8]) -> Self {
        Self(Source::Static(bytes))
    }
}

impl From<Vec<u8>> for Bytes {
    /// Bytes in memory.
    fn from(bytes: Vec<u8>) -> Self {
        Self(Source::Owned(bytes))
    }
}

impl Bytes {
    /// Whether the bytes are a mapping of a file (pages are read as they
    /// are touched) rather than in memory.
    #[must_use]
    pub fn is_mapped(&self) -> bool {
        #[cfg(feature = "mmap")]
        if let Source::Mapped(_) = self.0 {
            return true;
        }
        false
    }

    /// Whether the bytes were compiled into the program.
    #[must_use]
    pub fn is_static(&self) -> bool {
        matches!(self.0, Source::Static(_))
    }
}

/// Why a table file could not be opened: the file, and what went wrong.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// The file could not be read.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system reported.
        error: std::io::Error,
    },
    /// A folder was given as a table.
    #[error("{}: is a folder, not a table file", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
    },
    /// A device, FIFO or socket was given as a table.
    #[error("{}: is {kind}, not a regular file (a table is read from a .gtab or .gtab.zst file)", path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is instead, e.g. "a FIFO (named pipe)".
        kind: &'static str,
    },
    /// The bytes are not a sound table.
    #[error("{}: {error}", path.display())]
    Table {
        /// The file.
        path: PathBuf,
        /// What is wrong with the bytes.
        error: Error,
    },
    /// A `.zst` file is not sound zstd data.
    #[error(
        "{}: not a sound zstd-compressed table ({error}): the file is truncated, damaged or not compressed",
        path.display()
    )]
    Decompress {
        /// The file.
        path: PathBuf,
        /// What the decompressor reported.
        error: std::io::Error,
    },
    /// A compressed file holds more than the table it starts with.
    #[error(
        "{}: decompresses to more than the {declared} bytes its table declares (byte 16): extra data follows the table",
        path.display()
    )]
    ZstTrailing {
        /// The file.
        path: PathBuf,
        /// The table's declared length.
        declared: u64,
    },
    /// A compressed table is larger than allowed once decompressed.
    #[error("{}: decompresses to more than {limit} bytes, the limit for a table", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit.
        limit: u64,
    },
    /// The file is compressed and this build cannot decompress it.
    #[error("{}: is compressed with zstd, and this program was built without zstd support", path.display())]
    NoZstd {
        /// The file.
        path: PathBuf,
    },
}

impl FileError {
    /// The file the error is about.
    #[must_use]
    pub fn path(&self) -> &Path {
        match self {
            Self::Io { path, .. }
            | Self::Folder { path }
            | Self::NotAFile { path, .. }
            | Self::Table { path, .. }
            | Self::Decompress { path, .. }
            | Self::ZstTrailing { path, .. }
            | Self::TooLarge { path, .. }
            | Self::NoZstd { path } => path,
        }
    }

    /// Whether the file's contents are damaged (or not a table), as opposed
    /// to a file that cannot be read, or a sound table of another version.
    #[must_use]
    pub fn is_damage(&self) -> bool {
        match self {
            Self::Table { error, .. } => error.is_damage(),
            Self::Decompress { .. } | Self::ZstTrailing { .. } => true,
            _ => false,
        }
    }

    fn io(path: &Path, error: std::io::Error) -> Self {
        Self::Io { path: path.to_path_buf(), error }
    }

    fn table(path: &Path, error: Error) -> Self {
        Self::Table { path: path.to_path_buf(), error }
    }
}

/// Opens `path` for reading a table from it: a regular file, not a folder,
/// a device or a FIFO (refused before it is opened, so never waited on).
fn open_regular(path: &Path) -> Result<File, FileError> {
    godtab_files::open_regular(path).map_err(|e| match e {
        godtab_files::ReadError::Folder => FileError::Folder { path: path.to_path_buf() },
        godtab_files::ReadError::NotAFile(kind) => FileError::NotAFile { path: path.to_path_buf(), kind },
        godtab_files::ReadError::Io(error) => FileError::io(path, error),
        other => FileError::io(path, std::io::Error::other(std::string::ToString::to_string(&other))),
    })
}

/// The largest table a compressed file may decompress to by default:
/// 16 GiB (see [`TableFile::open_with_limit`]).
pub const MAX_DECOMPRESSED: u64 = 16 << 30;

impl TableFile<Bytes> {
    /// Opens a table file of any kind, choosing how from its contents: zstd
    /// data is decompressed into memory (feature `zstd`), anything else is
    /// memory-mapped (feature `mmap`) or else read into memory, then
    /// [`TableFile::new`] checks it. The name does not matter.
    ///
    /// # Errors
    ///
    /// A [`FileError`] naming the file: it cannot be read, is a folder, a
    /// device or a FIFO, is damaged zstd data, or its bytes are not a sound
    /// table file.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, FileError> {
        open_as(path.as_ref(), MAX_DECOMPRESSED, Self::new)
    }

    /// [`TableFile::open`] with a limit on the size a compressed file may
    /// decompress to.
    ///
    /// # Errors
    ///
    /// As [`TableFile::open`], and [`FileError::TooLarge`].
    pub fn open_with_limit(path: impl AsRef<Path>, limit: u64) -> Result<Self, FileError> {
        open_as(path.as_ref(), limit, Self::new)
    }
}

impl Table<Bytes> {
    /// The largest table a compressed file may decompress to by default.
    pub const MAX_DECOMPRESSED: u64 = MAX_DECOMPRESSED;

    /// Opens a complete table's file, as [`TableFile::open`] opens any.
    ///
    /// # Errors
    ///
    /// As [`TableFile::open`]; [`Error::Kind`] for a file of another kind.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, FileError> {
        open_as(path.as_ref(), MAX_DECOMPRESSED, Self::new)
    }

    /// [`Table::open`] with a limit on the size a compressed table may
    /// decompress to.
    ///
    /// # Errors
    ///
    /// As [`Table::open`], and [`FileError::TooLarge`].
    pub fn open_with_limit(path: impl AsRef<Path>, limit: u64) -> Result<Self, FileError> {
        open_as(path.as_ref(), limit, Self::new)
    }
}

impl PatternSet<Bytes> {
    /// Opens a pattern set's file, as [`TableFile::open`] opens any.
    ///
    /// # Errors
    ///
    /// As [`TableFile::open`]; [`Error::Kind`] for a file of another kind.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, FileError> {
        open_as(path.as_ref(), MAX_DECOMPRESSED, Self::new)
    }
}

/// Loads the file at `path` (see [`TableFile::open`]) and checks its bytes
/// with `new`, the opener of the kind wanted.
fn open_as<T>(path: &Path, limit: u64, new: impl FnOnce(Bytes) -> Result<T, Error>) -> Result<T, FileError> {
    new(load(path, limit)?).map_err(|e| FileError::table(path, e))
}

/// The bytes of a table file: zstd data decompressed (up to `limit`
/// bytes), anything else mapped or read.
fn load(path: &Path, limit: u64) -> Result<Bytes, FileError> {
    let mut file = open_regular(path)?;
    let mut start = [0u8; 4];
    let read = file.read(&mut start).map_err(|e| FileError::io(path, e))?;
    if read == start.len() && start == ZSTD_MAGIC {
        Ok(Bytes::from(decompress(path, open_regular(path)?, limit)?))
    } else {
        whole(path, file)
    }
}

/// The whole of a table file: mapped where the build can, else read.
#[cfg(feature = "mmap")]
fn whole(path: &Path, file: File) -> Result<Bytes, FileError> {
    map(path, &file).map(|map| Bytes(Source::Mapped(map)))
}

/// Maps a whole file, read-only.
#[cfg(feature = "mmap")]
fn map(path: &Path, file: &File) -> Result<memmap2::Mmap, FileError> {
    // SAFETY: the mapping is read-only and every read through it is
    // bounds-checked. If another process modifies the file while it is
    // mapped, reads may see the new bytes (wrong answers, never memory
    // unsafety on this read-only shared mapping); godtab never modifies a
    // table file in place, it renames a new file over the old one.
    #[allow(unsafe_code)]
    let map = unsafe { memmap2::Mmap::map(file) }.map_err(|e| FileError::io(path, e))?;
    Ok(map)
}

/// The whole of a table file, read into memory.
#[cfg(not(feature = "mmap"))]
fn whole(path: &Path, _: File) -> Result<Bytes, FileError> {
    std::fs::read(path).map(Bytes::from).map_err(|e| FileError::io(path, e))
}

#[cfg(feature = "mmap")]
impl Table<Bytes> {
    /// Memory-maps a `.gtab` file and opens it (see [`Table::new`]): pages
    /// are read from disk as queries touch them. Unlike [`Table::open`], a
    /// compressed file is not decompressed (its bytes are not a table).
    ///
    /// See the crate docs on files changed under a live mapping; godtab
    /// itself only ever replaces table files by renaming a new file over
    /// them.
    ///
    /// # Errors
    ///
    /// A [`FileError`] naming the file.
    pub fn open_mmap(path: impl AsRef<Path>) -> Result<Self, FileError> {
        let path = path.as_ref();
        let map = map(path, &open_regular(path)?)?;
        Self::new(Bytes(Source::Mapped(map))).map_err(|e| FileError::table(path, e))
    }
}

impl Table<Vec<u8>> {
    /// Decompresses a `.gtab.zst` file into memory and opens it. Memory
    /// grows with the bytes actually decompressed, never past the length the
    /// table's preamble declares (nor `limit`).
    ///
    /// # Errors
    ///
    /// A [`FileError`] naming the file: it cannot be read, is not sound
    /// zstd data ([`FileError::Decompress`], also for a file that is not
    /// compressed at all), holds more than its table
    /// ([`FileError::ZstTrailing`]), is larger than `limit`
    /// ([`FileError::TooLarge`]), or its bytes are not a sound table.
    pub fn open_zst(path: impl AsRef<Path>, limit: u64) -> Result<Self, FileError> {
        let path = path.as_ref();
        let bytes = decompress(path, open_regular(path)?, limit)?;
        Self::new(bytes).map_err(|e| FileError::table(path, e))
    }
}

/// Decompresses a table from `file`, reading no more than the table's
/// preamble declares (nor `limit`).
#[cfg(feature = "zstd")]
fn decompress(path: &Path, file: File, limit: u64) -> Result<Vec<u8>, FileError> {
    let io = |e| FileError::io(path, e);
    // The decoder reports bad data as errors of kind Other (or an early
    // end); anything else is the system's.
    let decode = |error: std::io::Error| match error.kind() {
        std::io::ErrorKind::Other | std::io::ErrorKind::UnexpectedEof => {
            FileError::Decompress { path: path.to_path_buf(), error }
        }
        _ => FileError::io(path, error),
    };
    let mut decoder = zstd::stream::read::Decoder::new(file).map_err(io)?;
    let mut bytes = Vec::new();
    (&mut decoder).take(crate::PREAMBLE_LEN as u64).read_to_end(&mut bytes).map_err(decode)?;
    // Read the declared length only once the preamble looks like ours;
    // Table::new reports anything wrong with it precisely.
    let declared = match bytes.get(16..24) {
        Some(field) if bytes.starts_with(&crate::MAGIC) => crate::format::read_u64(field, 0),
        _ => return Ok(bytes),
    };
    if declared > limit {
        return Err(FileError::TooLarge { path: path.to_path_buf(), limit });
    }
    // One byte more than declared, so that extra bytes are noticed.
    let rest = declared.saturating_sub(bytes.len() as u64).saturating_add(1);
    decoder.take(rest).read_to_end(&mut bytes).map_err(decode)?;
    if bytes.len() as u64 > declared {
        return Err(FileError::ZstTrailing { path: path.to_path_buf(), declared });
    }
    Ok(bytes)
}

/// Without zstd support a compressed table cannot be opened.
#[cfg(not(feature = "zstd"))]
fn decompress(path: &Path, _: File, _: u64) -> Result<Vec<u8>, FileError> {
    Err(FileError::NoZstd { path: path.to_path_buf() })
}
