//! How much room a folder's file system has left: checked before a long
//! generation writes a large file there.

use std::io;
use std::path::Path;

/// The bytes an unprivileged process may still write in the file system
/// that holds `dir`.
///
/// # Errors
///
/// The system's error (a missing folder, or no such call on this system).
pub fn available_space(dir: &Path) -> io::Result<u64> {
    let stats = rustix::fs::statvfs(dir)?;
    Ok(stats.f_bavail.saturating_mul(stats.f_frsize))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_folder_has_some_room_and_a_missing_one_none() {
        let dir = tempfile::tempdir().unwrap();
        assert!(super::available_space(dir.path()).unwrap() > 0);
        assert!(super::available_space(&dir.path().join("missing")).is_err());
    }
}
