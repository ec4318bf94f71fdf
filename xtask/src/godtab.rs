//! The release `godtab` binary, built once and run by the tasks that need
//! the real command (the big tables, the benches).

use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::measure::{self, Run};

/// The built release binary.
pub struct Godtab {
    path: PathBuf,
}

impl Godtab {
    /// Builds `target/release/godtab`.
    pub fn build() -> Result<Self> {
        crate::cargo(&["build", "--quiet", "--release", "-p", "godtab"])?;
        Ok(Self { path: crate::workspace_root().join("target/release/godtab") })
    }

    /// The binary.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `godtab gen --spec data/puzzles/<name>.toml -o <out>`, timed, with
    /// its peak memory.
    pub fn gen_spec(&self, name: &str, out: &Path) -> Result<Run> {
        let spec = crate::workspace_root().join("data/puzzles").join(format!("{name}.toml"));
        let (spec, out) = (spec.to_string_lossy().into_owned(), out.to_string_lossy().into_owned());
        measure::run(&self.path, &["gen", "--spec", &spec, "-o", &out], None, None)
    }
}
