//! From a search to bytes on disk: encoding, compression, atomic writes.

use std::fs::Permissions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use godtab_puzzles::builtin::Builtin;
use godtab_puzzles::{Definition, Puzzle};

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
/// An I/O error from the compressor, or an `OutOfMemory` error if the
/// output buffer cannot be allocated.
pub fn compress(table: &[u8]) -> io::Result<Vec<u8>> {
    compress_with(&mut compression_context()?, table)
}

/// [`compress`] with a context made by [`compression_context`], which the
/// caller keeps (to ask it how much memory it used).
fn compress_with(context: &mut zstd::zstd_safe::CCtx<'static>, table: &[u8]) -> io::Result<Vec<u8>> {
    // Sized once at zstd's bound, the output never grows: no reallocation
    // holding two copies, and exactly the memory compress_memory counts.
    let mut output = Vec::new();
    output
        .try_reserve_exact(zstd::zstd_safe::compress_bound(table.len()))
        .map_err(|_| io::Error::new(io::ErrorKind::OutOfMemory, "no memory for the compressed table"))?;
    let writer = zstd::stream::zio::Writer::new_with_capacity(
        output,
        zstd::stream::raw::Encoder::with_context(context),
        zstd::zstd_safe::CCtx::out_size(),
    );
    let mut encoder = zstd::stream::write::Encoder::with_writer(writer);
    encoder.set_pledged_src_size(Some(table.len() as u64))?;
    encoder.write_all(table)?;
    encoder.finish()
}

/// A zstd context set up as [`compress`] uses it.
fn compression_context() -> io::Result<zstd::zstd_safe::CCtx<'static>> {
    use zstd::zstd_safe::{CCtx, CParameter};
    let mut context =
        CCtx::try_create().ok_or_else(|| io::Error::new(io::ErrorKind::OutOfMemory, "no memory for zstd"))?;
    for parameter in
        [CParameter::CompressionLevel(ZSTD_LEVEL), CParameter::ChecksumFlag(true), CParameter::ContentSizeFlag(true)]
    {
        context.set_parameter(parameter).map_err(zstd_error)?;
    }
    Ok(context)
}

fn zstd_error(code: usize) -> io::Error {
    io::Error::other(format!("zstd: {}", zstd::zstd_safe::get_error_name(code)))
}

/// The memory [`compress`] holds, besides the table itself, for a table of
/// `table_len` bytes: zstd's context and its staging buffer, and the
/// compressed output (allocated at zstd's bound for the table, a little more
/// than the table).
///
/// zstd sizes its context from the compression level and the input's size,
/// and can only report the size of a context it has set up. So a context is
/// set up for a frame of `table_len` bytes, asked, and dropped: this
/// allocates that memory for a moment (a few MiB for small tables, about
/// 90 MiB at most at level 19).
///
/// # Errors
///
/// An error from zstd while setting the context up (no memory for it).
pub fn compress_memory(table_len: u64) -> io::Result<u64> {
    use zstd::zstd_safe::{CCtx, InBuffer, OutBuffer};
    let mut context = compression_context()?;
    context.set_pledged_src_size(Some(table_len)).map_err(zstd_error)?;
    // zstd allocates its workspace when a frame starts, on the first
    // streaming call, even without input.
    let mut staging: Vec<u8> = Vec::new();
    context.compress_stream(&mut OutBuffer::around(&mut staging), &mut InBuffer::around(&[])).map_err(zstd_error)?;
    let output = zstd::zstd_safe::compress_bound(usize::try_from(table_len).unwrap_or(usize::MAX));
    Ok((context.sizeof() + CCtx::out_size()) as u64 + output as u64)
}

/// An upper bound of the length of `puzzle`'s table, known before the
/// search: its two sections take at most a byte per rank each (a distance
/// byte, a move index), plus the preamble, the header (at most 64 KiB, see
/// docs/FORMAT.md) and the sections' padding.
fn table_len_bound(puzzle: &Puzzle) -> u64 {
    puzzle.slots().saturating_mul(2).saturating_add(96 << 10)
}

/// [`planned_memory`](crate::planned_memory) when the table is then
/// compressed with [`compress`]: the larger of the search's peak and the
/// compression's, which holds the table, zstd's context and the compressed
/// output at once (see [`compress_memory`]). The search's arrays are freed
/// before compression starts, so the two peaks do not add up.
///
/// # Errors
///
/// As [`compress_memory`].
pub fn planned_memory_compressed(puzzle: &Puzzle) -> io::Result<u64> {
    let table = table_len_bound(puzzle);
    let compressing = table.saturating_add(compress_memory(table)?);
    Ok(crate::planned_memory(puzzle).max(compressing))
}

/// Writes `bytes` to `path` atomically: into a temporary file in the same
/// folder, flushed to disk, then renamed over `path`. Readers see the old
/// file or the new one, never a mix, and a live memory map of the old file
/// keeps its contents. If anything fails, `path` is untouched and the
/// temporary file is removed.
///
/// `path` is first resolved with [`output_target`]: a symbolic link is
/// written through (the file it leads to is replaced, the link stays), an
/// existing file keeps its permissions, and anything but a regular file
/// (a folder, a device, a FIFO, a socket) is refused, untouched.
///
/// # Errors
///
/// The I/O error that stopped the write; for a target that is not a regular
/// file, one of kind `IsADirectory` or `InvalidInput` saying what it is.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
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

/// Where [`write_atomic`] puts a file, found by [`output_target`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputTarget {
    /// The file that is replaced or created: the path given, or where its
    /// chain of symbolic links ends. The temporary file is made in its
    /// folder, so that the rename stays within one file system.
    pub path: PathBuf,
    /// The permissions of the file there now, which the new file keeps;
    /// `None` if there is no file yet (it is then created readable by
    /// everyone, 0644 less the umask).
    pub permissions: Option<Permissions>,
}

/// Linux's limit on symbolic links in one path resolution.
const MAX_LINKS: usize = 40;

/// Resolves what writing `path` replaces: follows symbolic links to their
/// final target (for a dangling link, the missing file it names, which
/// writing creates; the link stays a link), and refuses anything there but
/// a regular file. A missing folder is not an error here (creating the
/// temporary file reports it).
///
/// # Errors
///
/// For a folder, an error of kind `IsADirectory`; for a device, FIFO,
/// socket or anything else not a regular file, one of kind `InvalidInput`.
/// The messages say what the target is, without the path ("is a FIFO
/// (named pipe), not a regular file"): callers name it. Any other error
/// reading the file system (a loop of links, no permission) as it is.
pub fn output_target(path: &Path) -> io::Result<OutputTarget> {
    // The kernel's view first: it also knows links that only it can follow
    // (/dev/stdout, /proc/self/fd/1 lead to a pipe or a terminal).
    if let Some(meta) = existing(std::fs::metadata(path))? {
        refuse_unless_file(&meta)?;
    }
    let mut target = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let Some(meta) = existing(std::fs::symlink_metadata(&target))? else {
            return Ok(OutputTarget { path: target, permissions: None });
        };
        if !meta.file_type().is_symlink() {
            refuse_unless_file(&meta)?;
            return Ok(OutputTarget { path: target, permissions: Some(meta.permissions()) });
        }
        // A relative link is relative to the folder that holds it; an
        // absolute one replaces the whole path.
        let link = std::fs::read_link(&target)?;
        target = folder_of(&target).join(link);
    }
    Err(io::Error::new(io::ErrorKind::InvalidInput, "too many levels of symbolic links"))
}

/// The metadata, or `None` if nothing is there (or a folder on the way is
/// missing or is a file, which writing reports).
fn existing(meta: io::Result<std::fs::Metadata>) -> io::Result<Option<std::fs::Metadata>> {
    match meta {
        Ok(meta) => Ok(Some(meta)),
        Err(e) if matches!(e.kind(), io::ErrorKind::NotFound | io::ErrorKind::NotADirectory) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Fails unless `meta` is a regular file's (or a link's, followed later):
/// renaming over a device node or a FIFO would replace it with a file.
fn refuse_unless_file(meta: &std::fs::Metadata) -> io::Result<()> {
    let kind = meta.file_type();
    if kind.is_file() || kind.is_symlink() {
        return Ok(());
    }
    if kind.is_dir() {
        return Err(io::Error::new(io::ErrorKind::IsADirectory, "is a folder, not a regular file"));
    }
    let what = special_kind(&kind);
    Err(io::Error::new(io::ErrorKind::InvalidInput, format!("is {what}, not a regular file")))
}

#[cfg(unix)]
fn special_kind(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "something else"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::FileType) -> &'static str {
    "something else"
}

/// [`write_atomic`] with the contents written by `fill`.
pub(crate) fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut std::fs::File) -> io::Result<()>,
) -> io::Result<()> {
    let target = output_target(path)?;
    let dir = folder_of(&target.path);
    let name = target.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // A table is data for everyone to read, not a private temporary file;
    // a file replaced keeps its own permissions (never wider in between:
    // the umask only narrows them).
    #[cfg(unix)]
    builder
        .permissions(target.permissions.clone().unwrap_or_else(|| std::os::unix::fs::PermissionsExt::from_mode(0o644)));
    let mut temp = builder.tempfile_in(dir)?;
    if let Some(kept) = target.permissions {
        // Exactly the old bits, which the umask may have narrowed.
        temp.as_file().set_permissions(kept)?;
    }
    fill(temp.as_file_mut())?;
    temp.as_file().sync_all()?;
    temp.persist(&target.path).map_err(|e| e.error)?;
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

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(path).unwrap().permissions()) & 0o7777
    }

    #[cfg(unix)]
    #[test]
    fn symbolic_links_are_written_through_and_stay_links() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        let real = elsewhere.path().join("real.gtab");
        std::fs::write(&real, b"old").unwrap();
        // A chain: a relative link to an absolute one.
        let link = dir.path().join("link.gtab");
        let hop = dir.path().join("hop.gtab");
        std::os::unix::fs::symlink(&real, &hop).unwrap();
        std::os::unix::fs::symlink("hop.gtab", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert!(std::fs::symlink_metadata(&hop).unwrap().file_type().is_symlink());
        assert_eq!(names_in(dir.path()), ["hop.gtab", "link.gtab"]);
        assert_eq!(names_in(elsewhere.path()), ["real.gtab"]);

        // A failure leaves the target whole, and no temporary beside it.
        let failing = write_atomic_with(&link, |file| {
            file.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        });
        assert!(failing.is_err());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        assert_eq!(names_in(elsewhere.path()), ["real.gtab"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_dangling_link_gets_its_target_created() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link.gtab");
        std::os::unix::fs::symlink("sub/missing.gtab", &link).unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        write_atomic(&link, b"table").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(dir.path().join("sub/missing.gtab")).unwrap(), b"table");
        assert_eq!(names_in(&dir.path().join("sub")), ["missing.gtab"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("private.gtab");
        std::fs::write(&path, b"old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        write_atomic(&path, b"new").unwrap();
        assert_eq!(mode(&path), 0o600);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o664)).unwrap();
        write_atomic(&path, b"newer").unwrap();
        assert_eq!(mode(&path), 0o664, "kept even where the umask would narrow it");
        // A new file: 0644 less the umask, as any file created 0644.
        let fresh = dir.path().join("fresh.gtab");
        write_atomic(&fresh, b"new").unwrap();
        let reference = dir.path().join("reference");
        std::fs::OpenOptions::new().write(true).create_new(true).mode(0o644).open(&reference).unwrap();
        assert_eq!(mode(&fresh), mode(&reference));
    }

    #[cfg(unix)]
    #[test]
    fn folders_fifos_and_links_to_them_are_refused_untouched() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let to_fifo = dir.path().join("to-fifo");
        std::os::unix::fs::symlink(&fifo, &to_fifo).unwrap();
        for path in [&fifo, &to_fifo] {
            let error = write_atomic(path, b"table").unwrap_err();
            assert_eq!(error.kind(), io::ErrorKind::InvalidInput);
            assert_eq!(error.to_string(), "is a FIFO (named pipe), not a regular file");
        }
        assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        assert!(std::fs::symlink_metadata(&to_fifo).unwrap().file_type().is_symlink());
        let folder = dir.path().join("folder");
        std::fs::create_dir(&folder).unwrap();
        let error = write_atomic(&folder, b"table").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::IsADirectory);
        assert!(folder.is_dir());
        assert_eq!(names_in(dir.path()), ["fifo", "folder", "to-fifo"]);
        assert_eq!(names_in(&folder), Vec::<String>::new());
    }

    #[test]
    fn output_targets() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.gtab");
        let target = output_target(&path).unwrap();
        assert_eq!(target, OutputTarget { path: path.clone(), permissions: None });
        std::fs::write(&path, b"x").unwrap();
        assert!(output_target(&path).unwrap().permissions.is_some());
        // Missing folders are for the write to report.
        let deep = dir.path().join("no/such/t.gtab");
        assert_eq!(output_target(&deep).unwrap().path, deep);
        let under_file = path.join("t.gtab");
        assert_eq!(output_target(&under_file).unwrap().path, under_file);
    }

    #[cfg(unix)]
    #[test]
    fn a_loop_of_links_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a");
        std::os::unix::fs::symlink("b", &a).unwrap();
        std::os::unix::fs::symlink("a", dir.path().join("b")).unwrap();
        assert!(write_atomic(&a, b"x").is_err());
        assert_eq!(names_in(dir.path()), ["a", "b"]);
    }

    #[test]
    fn compression_memory_is_what_zstd_uses() {
        let table: Vec<u8> = (0..300_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 27) as u8).collect();
        let mut context = compression_context().unwrap();
        let compressed = compress_with(&mut context, &table).unwrap();
        assert_eq!(compressed, compress(&table).unwrap());
        let used = context.sizeof() + zstd::zstd_safe::CCtx::out_size() + compressed.capacity();
        assert_eq!(compress_memory(table.len() as u64).unwrap(), used as u64);
        assert!(compressed.capacity() >= table.len(), "the output never had to grow");
        // Larger tables need more, up to the level's largest window.
        assert!(compress_memory(100 << 20).unwrap() > compress_memory(1 << 20).unwrap() + (99 << 20));
    }

    #[test]
    fn planned_memory_counts_compression() {
        let definition = godtab_puzzles::builtin::NINE_PUZZLE.definition();
        let puzzle = definition.puzzle();
        let plain = crate::planned_memory(puzzle);
        let compressed = planned_memory_compressed(puzzle).unwrap();
        let table = build_table(&godtab_puzzles::builtin::NINE_PUZZLE).unwrap();
        assert!(table_len_bound(puzzle) >= table.len() as u64);
        assert!(compressed >= table.len() as u64 + compress_memory(table.len() as u64).unwrap());
        assert!(compressed > plain);
    }
}
