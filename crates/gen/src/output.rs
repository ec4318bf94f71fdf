//! From a search to bytes on disk: encoding, compression, atomic writes.

use std::io::Write;
use std::path::Path;

use godtab_puzzles::Definition;
use godtab_puzzles::builtin::Builtin;

use crate::{GenError, Options, generate_with};

/// The generator's name and version, recorded in every table it writes.
pub const GENERATOR: &str = concat!("godtab-gen ", env!("CARGO_PKG_VERSION"));

/// The zstd level of shipped `.gtab.zst` files: slow to compress (once),
/// fast to decompress.
const ZSTD_LEVEL: i32 = 19;

/// Runs the search and encodes the table. Deterministic: the same
/// definition gives the same bytes on every run and thread count.
///
/// # Errors
///
/// Any [`GenError`] of the search, or of encoding.
pub fn table_bytes(definition: &Definition, options: &Options<'_>) -> Result<Vec<u8>, GenError> {
    let data = generate_with(definition.puzzle(), options)?;
    Ok(godtab_runtime::encode(definition, &data, options.encoding, GENERATOR)?)
}

/// The table of a built-in puzzle.
///
/// # Errors
///
/// As [`table_bytes`] (never, for the built-ins).
pub fn build_table(builtin: &Builtin) -> Result<Vec<u8>, GenError> {
    table_bytes(&builtin.definition(), &Options::default())
}

/// Compresses a table for shipping: zstd with the content checksum and size
/// recorded, single-threaded so the output is deterministic.
///
/// # Errors
///
/// An I/O error from the compressor.
pub fn compress(table: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = zstd::stream::write::Encoder::new(Vec::new(), ZSTD_LEVEL)?;
    encoder.include_checksum(true)?;
    encoder.include_contentsize(true)?;
    encoder.set_pledged_src_size(Some(table.len() as u64))?;
    encoder.write_all(table)?;
    encoder.finish()
}

/// Writes `bytes` to `path` atomically: into a temporary file in the same
/// folder, flushed to disk, then renamed over `path`. Readers see the old
/// file or the new one, never a mix, and a live memory map of the old file
/// keeps its contents. If anything fails, `path` is untouched and the
/// temporary file is removed.
///
/// # Errors
///
/// The I/O error that stopped the write.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_with(path, |file| file.write_all(bytes))
}

/// The folder a file is written in: its parent, or `.` for a bare name.
#[must_use]
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// [`write_atomic`] with the contents written by `fill`.
pub(crate) fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = folder_of(path);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // A table is data for everyone to read, not a private temporary file.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o644));
    let mut temp = builder.tempfile_in(dir)?;
    fill(temp.as_file_mut())?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    // Make the rename itself durable.
    std::fs::File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("table.gtab");
        write_atomic(&path, b"old contents").unwrap();
        let failing = write_atomic_with(&path, |file| {
            file.write_all(b"half of the new")?;
            Err(std::io::Error::other("disk full"))
        });
        assert_eq!(failing.unwrap_err().to_string(), "disk full");
        assert_eq!(std::fs::read(&path).unwrap(), b"old contents");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["table.gtab"]);
        write_atomic(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
    }
}
