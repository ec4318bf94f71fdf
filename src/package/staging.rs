//! The package's folder while `godtab package` writes it (`Staging`):
//! beside its place, renamed there when done, removed otherwise.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// The package's folder while it is written: beside its place, removed
/// unless it is renamed there.
pub(super) struct Staging {
    pub(super) path: PathBuf,
    kept: bool,
}

impl Staging {
    pub(super) fn beside(dir: &Path) -> Result<Self> {
        let parent = match dir.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = dir.file_name().map_or("package".into(), |n| n.to_string_lossy().into_owned());
        fs::create_dir_all(&parent).with_context(|| format!("creating {}", parent.display()))?;
        let path = parent.join(format!(".{name}.godtab-package-{}", std::process::id()));
        fs::create_dir(&path).with_context(|| format!("creating {}", path.display()))?;
        Ok(Self { path, kept: false })
    }

    pub(super) fn persist(mut self, dir: &Path) -> Result<()> {
        fs::rename(&self.path, dir).with_context(|| format!("renaming the package to {}", dir.display()))?;
        self.kept = true;
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.kept {
            let _ = fs::remove_dir_all(&self.path);
        }
    }
}
