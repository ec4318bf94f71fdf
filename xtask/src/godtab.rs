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

    /// `godtab gen --spec data/puzzles/<file> -o <out> <extra>`, timed, with
    /// its peak memory; `file` is `<name>.toml` unless it has an extension.
    pub fn gen_spec(&self, file: &str, out: &Path, extra: &[&str]) -> Result<Run> {
        let file = if file.contains('.') { file.to_string() } else { format!("{file}.toml") };
        let spec = crate::workspace_root().join("data/puzzles").join(file);
        let (spec, out) = (spec.to_string_lossy().into_owned(), out.to_string_lossy().into_owned());
        let mut args = vec!["gen", "--spec", &spec, "-o", &out];
        args.extend_from_slice(extra);
        measure::run(&self.path, &args, None, None)
    }
}
