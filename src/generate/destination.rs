//! Where `godtab gen` writes its table (`Destination`), checked before a
//! long generation: standard output that is no terminal, or a file whose
//! folder exists.

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};

/// Where the table goes, checked before a long generation so that its
/// result can be written.
#[derive(Debug, PartialEq)]
pub(super) struct Destination {
    /// The file that will be replaced or created (a symbolic link's final
    /// target), or `None` for standard output.
    pub(super) file: Option<PathBuf>,
    /// The output's name asks for zstd compression.
    pub(super) zst: bool,
}

impl Destination {
    /// Fails if the table could not be written to `path`: standard output
    /// (`-`) that is a terminal, a folder, a device, a FIFO or a socket (or
    /// a link to one), a missing folder.
    pub(super) fn of(path: &Path, stdout_is_terminal: bool) -> Result<Self> {
        if path == Path::new("-") {
            if stdout_is_terminal {
                bail!(
                    "-o -: standard output is a terminal, not a place for a binary table; redirect it \
                     (godtab gen ... -o - > FILE) or give a file name"
                );
            }
            return Ok(Self { file: None, zst: false });
        }
        if path.is_dir() {
            bail!("{}: is a folder, not a table file; give the table's file name", path.display());
        }
        let target = godtab_files::output_target(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::InvalidInput => {
                anyhow!("{}: {e}; write the table to a file, or to standard output with -o -", path.display())
            }
            _ => anyhow!("{}: {e}", path.display()),
        })?;
        if target.path.file_name().is_none() {
            bail!("-o {:?}: not a file name; give the table's file name", path.display().to_string());
        }
        let dir = godtab_files::folder_of(&target.path);
        if !dir.is_dir() {
            let problem = if dir.exists() { "is not a folder" } else { "does not exist" };
            bail!("{}: {} {problem}", path.display(), dir.display());
        }
        let zst = path.extension().is_some_and(|e| e == "zst");
        Ok(Self { file: Some(target.path), zst })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_output_is_refused_on_a_terminal_only() {
        let dash = Path::new("-");
        assert_eq!(Destination::of(dash, false).unwrap(), Destination { file: None, zst: false });
        let error = Destination::of(dash, true).unwrap_err().to_string();
        assert!(error.starts_with("-o -: standard output is a terminal"), "{error}");
        assert!(!error.contains('\n'));
        // A file named "-" is written as ./-.
        let file = Destination::of(Path::new("./-"), true).unwrap();
        assert_eq!(file.file.as_deref(), Some(Path::new("./-")));
    }
}
