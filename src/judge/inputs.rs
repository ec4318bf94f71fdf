//! Where `judge` reads its cases: the files named on the command line, one
//! after another, or standard input; and what a bad case gets on the
//! output.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use super::Output;
use crate::cases::CasesArgs;

/// What a bad case gets on standard output (`--on-error`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum OnError {
    /// A placeholder answer line, so answers stay aligned with cases.
    Line,
}

/// With `--table`, the first word may be a file of cases rather than the
/// puzzle: then it joins the files. It is a file when something by that
/// name exists (a device or a FIFO too: reading it says what it is).
pub(crate) fn settle(cases: &CasesArgs, files: &[PathBuf]) -> (CasesArgs, Vec<PathBuf>) {
    match &cases.puzzle {
        Some(word) if cases.tables.table.is_some() && Path::new(word).exists() => {
            let all = std::iter::once(PathBuf::from(word)).chain(files.iter().cloned()).collect();
            (CasesArgs { puzzle: None, ..cases.clone() }, all)
        }
        _ => (cases.clone(), files.to_vec()),
    }
}

/// Runs `judge` on every file in turn, reports naming the file, or on
/// standard input if there are none.
///
/// # Errors
///
/// A file that cannot be opened or read (named), or a failed write.
pub(crate) fn each<W: Write, E: Write>(
    files: &[PathBuf],
    output: &mut Output<W, E>,
    mut judge: impl FnMut(&mut dyn Read, &mut Output<W, E>) -> io::Result<()>,
) -> anyhow::Result<()> {
    if files.is_empty() {
        judge(&mut crate::stdio::stdin(), output)?;
        return Ok(());
    }
    for path in files {
        // Kept as the cause, so that a closed output is still told apart.
        let named = |e: io::Error| anyhow::Error::new(e).context(path.display().to_string());
        let mut file = File::open(path).map_err(named)?;
        output.source = format!("{}: ", path.display());
        judge(&mut file, output).map_err(named)?;
    }
    output.source.clear();
    Ok(())
}
