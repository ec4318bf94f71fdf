//! The shared secret that admits a process to a run: read from a file
//! (`--secret FILE`) or from [`SECRET_VARIABLE`], or, for a run on this
//! machine given neither, made by process 0 and shared through the run's
//! folder ([`SharedSecret`]: a file beside the target, mode 0600, created
//! atomically and removed at the end).
//!
//! The secret only proves that a connection comes from a process that
//! knows it (the handshake of [`net`](crate::net)); nothing is encrypted.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::{ClusterError, failure};

/// The environment variable a secret may be given in (instead of
/// `--secret FILE`).
pub const SECRET_VARIABLE: &str = "GODTAB_CLUSTER_SECRET";

/// The most bytes of a secret file that are read.
const MOST: u64 = 4096;
/// Below this many bytes a secret is weak enough to guess: a note says so.
const SHORT: usize = 16;
/// Random bytes of a secret process 0 makes (written as hex).
const MADE: usize = 32;

/// Where a run's secret comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SecretSource {
    /// A file every process is given (`--secret FILE`); read again if a
    /// handshake fails (it may have been replaced).
    File(PathBuf),
    /// Bytes given directly (the value of [`SECRET_VARIABLE`]).
    Value(Vec<u8>),
    /// Made by process 0 in [`SharedSecret::path_beside`] the target and
    /// read there by the others: for processes on one machine, in one
    /// folder.
    Shared,
}

impl SecretSource {
    /// This process's secret for a run writing `target`: read, given, or
    /// (process 0 of a [`SecretSource::Shared`] run) made and shared, or
    /// (the others) awaited until `deadline`; with process 0's share,
    /// which removes the file when dropped.
    ///
    /// # Errors
    ///
    /// [`ClusterError::Setup`] saying what is wrong with the secret, or
    /// that process 0's did not come in time.
    pub fn resolve(
        &self,
        process: usize,
        target: &Path,
        deadline: Option<Instant>,
        stop: Option<&AtomicBool>,
    ) -> Result<(Secret, Option<SharedSecret>), ClusterError> {
        let named = |problem: String| ClusterError::Setup(format!("process {process}: {problem}"));
        match self {
            Self::File(path) => Ok((Secret::read(path).map_err(named)?, None)),
            Self::Value(bytes) => Ok((Secret::from_value(bytes).map_err(named)?, None)),
            Self::Shared => {
                let path = SharedSecret::path_beside(target);
                if process == 0 {
                    let (shared, secret) = SharedSecret::create(&path).map_err(named)?;
                    Ok((secret, Some(shared)))
                } else {
                    Ok((Secret::await_shared(&path, deadline, stop).map_err(named)?, None))
                }
            }
        }
    }
}

/// A run's secret, as this process knows it.
pub struct Secret {
    key: Vec<u8>,
    /// The file it was read from, read again by [`Secret::reload`].
    file: Option<PathBuf>,
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Secret({} bytes)", self.key.len())
    }
}

impl Secret {
    /// A secret given directly, as the value of [`SECRET_VARIABLE`]:
    /// surrounding white space is not part of it.
    ///
    /// # Errors
    ///
    /// The problem, naming the variable: the value is empty.
    pub fn from_value(value: &[u8]) -> Result<Self, String> {
        let key = value.trim_ascii();
        if key.is_empty() {
            return Err(format!("{SECRET_VARIABLE} is set but empty: give it the run's secret, or unset it"));
        }
        Ok(Self { key: key.to_vec(), file: None })
    }

    /// Reads a secret file: a regular file (a FIFO or a device is refused,
    /// not waited on) of at most 4 KiB, not readable by every user of the
    /// machine; surrounding white space is not part of the secret.
    ///
    /// # Errors
    ///
    /// The problem, naming the file.
    pub fn read(path: &Path) -> Result<Self, String> {
        Self::read_file(path).map_err(|problem| format!("--secret {}: {problem}", path.display()))
    }

    /// [`Secret::read`] without the file's name in the message.
    fn read_file(path: &Path) -> Result<Self, String> {
        let bytes = godtab_files::read_bounded(path, MOST).map_err(|e| e.to_string())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(path).map_err(|e| e.to_string())?.permissions().mode() & 0o777;
            if mode & 0o004 != 0 {
                return Err(format!(
                    "is readable by every user of this machine (mode {mode:o}): make it its owner's (chmod o-r, or \
                     600)"
                ));
            }
        }
        let key = bytes.trim_ascii();
        if key.is_empty() {
            return Err("is empty: put the run's secret in it (for example 32 random bytes as hex)".into());
        }
        Ok(Self { key: key.to_vec(), file: Some(path.to_path_buf()) })
    }

    /// A note for a secret short enough to guess, if it is.
    #[must_use]
    pub fn weakness(&self) -> Option<String> {
        (self.key.len() < SHORT).then(|| {
            format!(
                "the secret has {} bytes: one shorter than {SHORT} can be guessed from a handshake seen on the \
                 network",
                self.key.len()
            )
        })
    }

    /// Reads the secret's file again, if it has one: after a failed
    /// handshake, since a newer run's process 0 may have replaced the file.
    /// A file gone or unreadable leaves the secret as it was.
    pub fn reload(&mut self) {
        if let Some(path) = &self.file {
            if let Ok(fresh) = Self::read_file(path) {
                self.key = fresh.key;
            }
        }
    }

    /// The bytes that key the handshake's HMAC.
    pub(crate) fn key(&self) -> &[u8] {
        &self.key
    }

    /// Waits for process 0's [`SharedSecret`] at `path` and reads it, until
    /// `deadline` or until `stop` is raised.
    ///
    /// # Errors
    ///
    /// The problem, naming the file: it did not come in time, or cannot be
    /// read.
    pub fn await_shared(path: &Path, deadline: Option<Instant>, stop: Option<&AtomicBool>) -> Result<Self, String> {
        loop {
            if path.exists() {
                match Self::read_file(path) {
                    Ok(secret) => return Ok(secret),
                    // Removed since (a run that ended): wait for the next.
                    Err(_) if !path.exists() => {}
                    Err(problem) => return Err(format!("{}: {problem}", path.display())),
                }
            }
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return Err("stopped while waiting for process 0's secret".into());
            }
            if deadline.is_some_and(|d| Instant::now() > d) {
                return Err(format!(
                    "process 0 did not share the run's secret at {} in time (the limit is --connect-timeout): start \
                     process 0 with the same -o folder, or give every process --secret FILE or {SECRET_VARIABLE}",
                    path.display()
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// The secret process 0 made for a run on this machine, in a file beside
/// the target that the other processes read; the file is removed when
/// this is dropped, when the process fails ([`failure::fail`]), and when a
/// signal ends it.
pub struct SharedSecret {
    path: PathBuf,
    _on_signal: godtab_files::Cleanup,
}

impl SharedSecret {
    /// Where the secret of a run writing `target` is shared.
    #[must_use]
    pub fn path_beside(target: &Path) -> PathBuf {
        let mut name = target.as_os_str().to_os_string();
        name.push(".cluster-secret");
        PathBuf::from(name)
    }

    /// Makes a random secret and shares it at `path`: written to a new
    /// file only its owner may read, then renamed into place (replacing
    /// one a killed run left), so a reader sees all of it or nothing.
    ///
    /// # Errors
    ///
    /// The problem, naming the file.
    pub fn create(path: &Path) -> Result<(Self, Secret), String> {
        let named = |e: &dyn std::fmt::Display| format!("{}: cannot share the run's secret: {e}", path.display());
        let mut random = [0u8; MADE];
        getrandom::fill(&mut random).map_err(|e| named(&e))?;
        let text: String = random.iter().map(|b| format!("{b:02x}")).collect();
        // Named by other random bytes than the secret's: a folder's names
        // are no secret.
        let mut name = [0u8; 8];
        getrandom::fill(&mut name).map_err(|e| named(&e))?;
        let mut temporary = path.as_os_str().to_os_string();
        temporary.push(format!(".{:016x}.tmp", u64::from_le_bytes(name)));
        let temporary = PathBuf::from(temporary);
        let final_path = path.to_path_buf();
        let ((), cleanup) = godtab_files::guarded(|| {
            write_private(&temporary, text.as_bytes()).and_then(|()| std::fs::rename(&temporary, path)).inspect_err(
                |_| {
                    let _ = std::fs::remove_file(&temporary);
                },
            )?;
            std::io::Result::Ok(((), move || {
                let _ = std::fs::remove_file(&final_path);
            }))
        })
        .map_err(|e| named(&e))?;
        failure::remove_on_failure(path);
        let secret = Secret { key: text.into_bytes(), file: None };
        Ok((Self { path: path.to_path_buf(), _on_signal: cleanup }, secret))
    }
}

impl Drop for SharedSecret {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
        failure::keep_on_failure(&self.path);
    }
}

/// Writes `bytes` to a new file at `path` that only its owner may read,
/// durably.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    fn chmod(path: &Path, mode: u32) {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn secret_files_are_private_non_empty_regular_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("secret");
        std::fs::write(&path, "  s3cret-of-the-run-0123456789\n").unwrap();
        chmod(&path, 0o600);
        let secret = Secret::read(&path).unwrap();
        assert_eq!(secret.key(), b"s3cret-of-the-run-0123456789");
        assert!(secret.weakness().is_none());
        assert!(!format!("{secret:?}").contains("s3cret"));
        chmod(&path, 0o640);
        assert!(Secret::read(&path).is_ok(), "a group may share a secret");
        chmod(&path, 0o644);
        let error = Secret::read(&path).unwrap_err();
        assert!(error.contains("readable by every user of this machine (mode 644)"), "{error}");
        std::fs::write(&path, " \n").unwrap();
        chmod(&path, 0o600);
        assert!(Secret::read(&path).unwrap_err().contains("is empty"));
        let fifo = dir.path().join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        assert!(Secret::read(&fifo).unwrap_err().contains("FIFO"));
        assert!(Secret::read(Path::new("/dev/zero")).unwrap_err().contains("character device"));
        assert!(Secret::from_value(b" \t").unwrap_err().contains("empty"));
        assert!(Secret::from_value(b"short").unwrap().weakness().unwrap().contains("5 bytes"));
    }

    #[cfg(unix)]
    #[test]
    fn process_0_shares_a_private_secret_removed_at_the_end() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = SharedSecret::path_beside(&dir.path().join("t.gtab"));
        assert!(path.ends_with("t.gtab.cluster-secret"));
        // A killed run's file is replaced.
        std::fs::write(&path, "stale").unwrap();
        chmod(&path, 0o600);
        let (shared, made) = SharedSecret::create(&path).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        let deadline = Some(Instant::now() + Duration::from_secs(5));
        let read = Secret::await_shared(&path, deadline, None).unwrap();
        assert_eq!(read.key(), made.key());
        assert_eq!(made.key().len(), 2 * MADE);
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["t.gtab.cluster-secret"]);
        drop(shared);
        assert!(!path.exists());
        let soon = Some(Instant::now() + Duration::from_millis(100));
        assert!(Secret::await_shared(&path, soon, None).unwrap_err().contains("did not share"));
    }
}
