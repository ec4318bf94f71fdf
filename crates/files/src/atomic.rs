//! Writing a file atomically, to the right place: through symbolic
//! links, keeping permissions, never over a folder or a device, and never
//! leaving a partial file behind (not even when stopped by a signal).

use std::fs::Permissions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::read::describe_kind;
use crate::signals::{Cleanup, guarded};

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

/// A file being written atomically: the temporary file exists from the
/// start (so that a folder that cannot take it is found before a long
/// computation, not after), is removed if the write is dropped unfinished
/// or the program is stopped by a signal, and replaces its target when
/// [`PendingWrite::commit`] is called.
pub struct PendingWrite {
    temp: tempfile::NamedTempFile,
    target: OutputTarget,
    _cleanup: Cleanup,
}

impl PendingWrite {
    /// Creates the temporary file that will replace `path` (resolved with
    /// [`output_target`]), in the target's folder, with the permissions it
    /// will keep.
    ///
    /// # Errors
    ///
    /// As [`output_target`], or the error creating the file (a missing or
    /// read-only folder).
    pub fn create(path: &Path) -> io::Result<Self> {
        let target = output_target(path)?;
        let dir = folder_of(&target.path);
        let name = target.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        // A table is data for everyone to read, not a private temporary
        // file; a file replaced keeps its own permissions (never wider in
        // between: the umask only narrows them).
        #[cfg(unix)]
        builder.permissions(
            target.permissions.clone().unwrap_or_else(|| std::os::unix::fs::PermissionsExt::from_mode(0o644)),
        );
        // Made and registered for removal in one step, so that no signal
        // leaves it behind.
        let (temp, cleanup) = guarded(|| {
            let temp = builder.tempfile_in(dir)?;
            let temporary = temp.path().to_path_buf();
            io::Result::Ok((temp, move || {
                let _ = std::fs::remove_file(&temporary);
            }))
        })?;
        if let Some(kept) = &target.permissions {
            // Exactly the old bits, which the umask may have narrowed.
            temp.as_file().set_permissions(kept.clone())?;
        }
        Ok(Self { temp, target, _cleanup: cleanup })
    }

    /// The file that [`PendingWrite::commit`] replaces (a symbolic link's
    /// final target).
    #[must_use]
    pub fn target(&self) -> &Path {
        &self.target.path
    }

    /// The temporary file, to write the contents into.
    pub fn file(&mut self) -> &mut std::fs::File {
        self.temp.as_file_mut()
    }

    /// Flushes the contents to disk and renames the temporary file over
    /// the target, durably.
    ///
    /// # Errors
    ///
    /// The I/O error that stopped it; the target is then untouched and the
    /// temporary file removed.
    pub fn commit(self) -> io::Result<()> {
        self.temp.as_file().sync_all()?;
        let dir = folder_of(&self.target.path).to_path_buf();
        self.temp.persist(&self.target.path).map_err(|e| e.error)?;
        // Make the rename itself durable.
        std::fs::File::open(dir)?.sync_all()
    }
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
    let what = describe_kind(&kind);
    Err(io::Error::new(io::ErrorKind::InvalidInput, format!("is {what}, not a regular file")))
}

/// [`write_atomic`] with the contents written by `fill`.
pub(crate) fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut std::fs::File) -> io::Result<()>,
) -> io::Result<()> {
    let mut pending = PendingWrite::create(path)?;
    fill(pending.file())?;
    pending.commit()
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
}
