//! `gen cube-3x3x3-two-phase`: the two-phase solver's large tables (phase
//! 1's exact distance for every position, over the flip-slice classes and
//! the twist, beside the built-in tables), which `solve` and `judge` use
//! with `--table FILE` to find short cube solutions faster than the
//! built-in cube-3x3x3.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Result, anyhow, bail};
use godtab_twophase::{LARGE_BUILD_MEMORY, LARGE_TABLES_LEN, LargeTablesError};

use super::orbit::Refused;
use crate::stdio::note;
use crate::text::Size;

/// The name `gen` takes for the large tables.
pub(crate) const NAME: &str = "cube-3x3x3-two-phase";

/// Builds the large tables within `limit` bytes of memory and writes them
/// to `output`.
pub(crate) fn run(output: Option<&Path>, refused: &Refused, limit: u64) -> Result<ExitCode> {
    let why = "the two-phase tables";
    if refused.encoding {
        bail!("--compact and --encoding store a complete table's distances; {why} have no such form (leave them out)");
    }
    if refused.resume || refused.processes || refused.histogram_only {
        bail!(
            "--resume, --processes and --histogram-only are for complete tables' searches; {why} are made in one run"
        );
    }
    let Some(output) = output.filter(|o| *o != Path::new("-")) else {
        bail!("{why} are written to a file (-o FILE), not to standard output");
    };
    if refused.compressed {
        bail!("{why} are written uncompressed (they are mapped and read at random): leave out --zstd and .zst");
    }
    note(format_args!(
        "{NAME}: phase 1's exact distance for every position (flip-slice class x twist) and the built-in tables: {}, \
         planned memory {} (limit {})",
        Size(LARGE_TABLES_LEN as u64),
        Size(LARGE_BUILD_MEMORY),
        Size(limit)
    ));
    let started = std::time::Instant::now();
    let bytes = godtab_twophase::build_large_tables(limit).map_err(|e| match e {
        LargeTablesError::TooLittleMemory { needed, limit } => anyhow!(
            "{why} need {:#} of memory to generate, more than the limit of {:#}; raise it with --max-memory",
            Size(needed),
            Size(limit)
        ),
        other => anyhow!("{why}: {other}"),
    })?;
    godtab_files::write_atomic(output, &bytes).map_err(|e| anyhow!("{}: {e}", output.display()))?;
    note(format_args!(
        "wrote {}: {} in {:.1} s; use it with --table: godtab solve --table {} --facelets F",
        output.display(),
        Size(bytes.len() as u64),
        started.elapsed().as_secs_f64(),
        output.display()
    ));
    Ok(ExitCode::SUCCESS)
}
