//! `cargo xtask python [--bench]`: the Python module, built and tested as
//! a user installs it.
//!
//! Makes a virtual environment in `target/python/venv` (once), installs
//! numpy, pytest, tqdm and maturin into it, then `pip install
//! crates/python` (the module built by maturin, in release), and runs
//! `crates/python/tests` with pytest against the `godtab` binary built
//! beside it (`GODTAB_BIN`), which the tests compare the module's answers
//! with. `--bench` then runs `crates/python/bench.py`: the batch query
//! against a plain Python loop.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, ensure};

/// Arguments of `cargo xtask python`.
#[derive(clap::Args)]
pub struct Args {
    /// Also measure the batch query (`distances`) against a Python loop
    /// over `distance`, on nine-digits.
    #[arg(long)]
    bench: bool,
    /// Only make the virtual environment and install the packages the
    /// tests need (CI does it in the background while it compiles).
    #[arg(long, conflicts_with = "bench")]
    prepare: bool,
}

/// What the tests need besides the module (numpy comes with it).
const TEST_PACKAGES: [&str; 4] = ["maturin>=1.9,<2", "pytest>=7", "tqdm", "numpy>=1.19"];

pub fn run(args: &Args) -> Result<()> {
    let root = crate::workspace_root();
    let venv = root.join("target/python/venv");
    let python = venv_with(&root, &venv, &TEST_PACKAGES)?;
    if args.prepare {
        return Ok(());
    }
    // The module as a user installs it: pip building the crate through
    // maturin (the environment already has maturin, so pip need not fetch
    // it again).
    // maturin's build backend runs `maturin`, found on the PATH.
    let path = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(std::iter::once(venv.join("bin")).chain(std::env::split_paths(&path)))?;
    run_in(
        &root,
        Command::new(&python)
            .args(["-m", "pip", "install", "--quiet", "--force-reinstall", "--no-deps", "--no-build-isolation"])
            .arg(root.join("crates/python"))
            .env("PATH", path),
    )?;
    let godtab = crate::godtab::Godtab::build()?;
    run_in(
        &root,
        Command::new(&python)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
            .arg(root.join("crates/python/tests"))
            .env("GODTAB_BIN", godtab.path())
            .env("GODTAB_ROOT", &root),
    )?;
    if args.bench {
        run_in(&root, Command::new(&python).arg(root.join("crates/python/bench.py")))?;
    }
    Ok(())
}

/// The Python of the virtual environment `venv` (made once, by `$PYTHON`
/// or `python3`), with `packages` installed into it by pip.
pub(crate) fn venv_with(root: &Path, venv: &Path, packages: &[&str]) -> Result<PathBuf> {
    let python = venv.join("bin/python");
    if !python.exists() {
        let system = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
        run_in(root, Command::new(&system).args(["-m", "venv"]).arg(venv))?;
    }
    run_in(root, Command::new(&python).args(["-m", "pip", "install", "--quiet"]).args(packages))?;
    Ok(python)
}

/// Runs `command` in `dir` and fails unless it succeeds.
fn run_in(dir: &Path, command: &mut Command) -> Result<()> {
    let shown = format!("{command:?}");
    let status = command.current_dir(dir).status().with_context(|| format!("running {shown}"))?;
    ensure!(status.success(), "{shown} failed ({status})");
    Ok(())
}
