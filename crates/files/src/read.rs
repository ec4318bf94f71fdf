//! Reading: regular files only, and whole files only up to a limit.

use std::fs::{File, FileType, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// Why a file could not be read. The messages leave out the path, which
/// the caller names.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// A folder was given.
    #[error("is a folder, not a file")]
    Folder,
    /// A device, FIFO, socket or anything else that is not a regular file.
    #[error("is {0}, not a regular file")]
    NotAFile(&'static str),
    /// The file is larger than the caller reads.
    #[error("is {size} bytes, more than the {limit} bytes that are read of such a file")]
    TooLarge {
        /// The file's size.
        size: u64,
        /// The most read.
        limit: u64,
    },
    /// The system's error.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// What kind of file `kind` is, in words: "a FIFO (named pipe)", "a
/// character device", ...
#[must_use]
pub fn describe_kind(kind: &FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        } else if kind.is_char_device() {
            return "a character device";
        } else if kind.is_block_device() {
            return "a block device";
        } else if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_file() {
        "a regular file"
    } else {
        "something other than a file"
    }
}

/// Refuses anything but a regular file.
fn regular(kind: FileType) -> Result<(), ReadError> {
    if kind.is_file() {
        Ok(())
    } else if kind.is_dir() {
        Err(ReadError::Folder)
    } else {
        Err(ReadError::NotAFile(describe_kind(&kind)))
    }
}

/// Opens `path` for reading if it is a regular file (or a symbolic link
/// to one). The kind is checked before the open, and again on the opened
/// file; the open itself does not wait (`O_NONBLOCK`), so that a FIFO put
/// in the file's place between the two checks is refused rather than
/// waited on.
///
/// # Errors
///
/// [`ReadError::Folder`] or [`ReadError::NotAFile`] for anything but a
/// regular file, [`ReadError::Io`] if it cannot be read.
pub fn open_regular(path: &Path) -> Result<File, ReadError> {
    regular(std::fs::metadata(path)?.file_type())?;
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    regular(file.metadata()?.file_type())?;
    Ok(file)
}

/// The whole of the regular file at `path`, if it holds at most `limit`
/// bytes (refused from its size, before reading; a file that grows while
/// it is read is cut off at the limit and refused).
///
/// # Errors
///
/// As [`open_regular`], and [`ReadError::TooLarge`].
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_regular(path)?;
    let size = file.metadata()?.len();
    if size > limit {
        return Err(ReadError::TooLarge { size, limit });
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { size: bytes.len() as u64, limit });
    }
    Ok(bytes)
}

/// [`read_bounded`] for a text file: its bytes as UTF-8.
///
/// # Errors
///
/// As [`read_bounded`], and an error of kind `InvalidData` for bytes that
/// are not UTF-8.
pub fn read_text_bounded(path: &Path, limit: u64) -> Result<String, ReadError> {
    let bytes = read_bounded(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        ReadError::Io(io::Error::new(io::ErrorKind::InvalidData, format!("byte {at} is not UTF-8 text")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_files_are_read_up_to_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("spec.toml");
        std::fs::write(&path, b"name = \"x\"\n").unwrap();
        assert_eq!(read_bounded(&path, 11).unwrap(), b"name = \"x\"\n");
        let error = read_bounded(&path, 10).unwrap_err();
        assert_eq!(error.to_string(), "is 11 bytes, more than the 10 bytes that are read of such a file");
        std::fs::write(&path, b"\xff\xfe").unwrap();
        assert_eq!(read_text_bounded(&path, 10).unwrap_err().to_string(), "byte 0 is not UTF-8 text");
        assert!(matches!(read_bounded(dir.path(), 10), Err(ReadError::Folder)));
        assert!(matches!(read_bounded(&dir.path().join("missing"), 10), Err(ReadError::Io(_))));
    }

    #[cfg(unix)]
    #[test]
    fn fifos_and_devices_are_refused_without_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        for path in [fifo.as_path(), link.as_path()] {
            let error = open_regular(path).unwrap_err();
            assert_eq!(error.to_string(), "is a FIFO (named pipe), not a regular file");
        }
        let error = read_bounded(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert_eq!(error.to_string(), "is a character device, not a regular file");
    }
}
