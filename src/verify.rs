//! `godtab verify`: full validation of table files.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};

use crate::info::thousands;
use crate::source::open_file;

/// Arguments of `godtab verify`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab verify data/nine-puzzle.gtab
  godtab verify data/*.gtab data/*.gtab.zst")]
pub(crate) struct Args {
    /// Table files (.gtab, or .gtab.zst).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Exit status 0 only if every file is a sound table.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    let mut failed = false;
    let mut out = crate::stdio::stdout();
    for path in &args.files {
        match check(path) {
            Ok(summary) => writeln!(out, "{}: ok: {summary}", path.display())?,
            Err(e) => {
                crate::stdio::note(format_args!("godtab verify: {}", crate::one_line(&e)));
                failed = true;
            }
        }
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn check(path: &Path) -> Result<String> {
    let loaded = open_file(path)?;
    let table = &loaded.table;
    table.verify().with_context(|| path.display().to_string())?;
    Ok(format!(
        "{}, {} states, God's number {}, {} bytes",
        table.id(),
        thousands(table.slots()),
        table.max_depth(),
        thousands(table.len() as u64)
    ))
}
