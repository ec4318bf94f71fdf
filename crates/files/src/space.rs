//! How much room a folder's file system has left (checked before a long
//! generation writes a large file there), and how much memory a
//! generation may take by default.

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

/// Half of the machine's memory (MemTotal in /proc/meminfo), or 4 GiB if it
/// cannot be read: the default limit for generating a table or
/// decompressing one.
#[must_use]
pub fn default_memory_limit() -> u64 {
    let total_kib = std::fs::read_to_string("/proc/meminfo").ok().and_then(|info| {
        let line = info.lines().find(|l| l.starts_with("MemTotal:"))?.to_string();
        line.split_whitespace().nth(1)?.parse::<u64>().ok()
    });
    total_kib.map_or(4 << 30, |kib| kib * 1024 / 2)
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
