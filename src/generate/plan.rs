//! What `gen` builds and what that needs: a complete table of the puzzle's
//! states or a pattern set of its tiles, its memory planned and checked
//! against the limit before anything is allocated, then built with one
//! progress report for either kind.

use anyhow::{Context, Result, bail};
use godtab_gen::{GenError, Options, Progress};
use godtab_puzzles::{Definition, PatternList};
use godtab_runtime::Encoding;

use super::progress::Reporter;
use crate::stdio::note;
use crate::text::{Size, plural, thousands};

/// The kind of table file to build.
pub(crate) enum Plan {
    /// Every state's distance (and parent move, in the full encoding).
    Complete(Encoding),
    /// A database per pattern of tiles.
    Patterns(Box<PatternList>),
}

/// Plans, generates and encodes the file `plan` asks for (with what
/// compressing it holds, if `compressed`) within `limit` bytes of memory.
pub(crate) fn build(definition: &Definition, plan: &Plan, compressed: bool, limit: u64) -> Result<Vec<u8>> {
    let (id, puzzle) = (definition.id(), definition.puzzle());
    let with_zstd = if compressed { " with zstd" } else { "" };
    let (needed, total, unit) = match plan {
        Plan::Complete(encoding) => {
            encoding.check(puzzle).map_err(|problem| advise(GenError::Encoding(problem)))?;
            // Compressing holds the table, zstd's context and the compressed
            // output at once: after the search, but possibly more than its
            // peak.
            let needed = if compressed {
                godtab_gen::planned_memory_compressed(puzzle).context("measuring the memory zstd needs")?
            } else {
                godtab_gen::planned_memory(puzzle)
            };
            let states = thousands(puzzle.slots());
            note(format_args!(
                "{id}: {states} states, planned memory {}{with_zstd} (limit {})",
                Size(needed),
                Size(limit)
            ));
            (needed, puzzle.slots(), "states")
        }
        Plan::Patterns(patterns) => {
            let placements = godtab_gen::pattern_placements(puzzle, patterns);
            let mut needed = godtab_gen::planned_pattern_memory(puzzle, patterns);
            if compressed {
                // The set, zstd's context and the compressed copy, after the
                // search.
                let set = placements.saturating_add(64 << 10);
                needed = needed.max(set.saturating_add(godtab_files::compress_memory(set)?));
            }
            let sizes: Vec<String> = patterns.iter().map(|p| p.len().to_string()).collect();
            note(format_args!(
                "{id}: pattern set of {} ({}), {}, planned memory {}{with_zstd} (limit {})",
                plural(patterns.len() as u64, "pattern", "patterns"),
                sizes.join("-"),
                plural(placements, "placement", "placements"),
                Size(needed),
                Size(limit)
            ));
            (needed, placements, "placements")
        }
    };
    if needed > limit {
        return Err(advise(GenError::TooLarge { slots: total, needed, limit }));
    }
    let reporter = Reporter::new(total, unit);
    let report = |progress: &Progress| reporter.level(progress);
    let encoding = match plan {
        Plan::Complete(encoding) => *encoding,
        Plan::Patterns(_) => Encoding::default(),
    };
    let options = Options { max_memory: Some(limit), on_progress: Some(&report), encoding, stop: None };
    let bytes = match plan {
        Plan::Complete(_) => godtab_gen::table_bytes(definition, &options),
        Plan::Patterns(patterns) => godtab_gen::pattern_set_bytes(definition, patterns, &options),
    }
    .map_err(advise)?;
    reporter.finish();
    Ok(bytes)
}

/// A generator error as the command says it, with what the user can do
/// about it.
pub(crate) fn advise(error: GenError) -> anyhow::Error {
    match error {
        GenError::TooLarge { slots, needed, limit } => anyhow::anyhow!(
            "the table for {} states needs {:#} of memory, more than the limit of {:#}; raise the limit with \
             --max-memory",
            thousands(slots),
            Size(needed),
            Size(limit)
        ),
        GenError::OutOfMemory { slots, bytes, needed } => anyhow::anyhow!(
            "the system cannot provide {} for the search of {} states ({} in all): free memory or choose a \
             smaller puzzle",
            Size(bytes),
            thousands(slots),
            Size(needed)
        ),
        GenError::Encoding(problem) if problem.contains("pattern set") => anyhow::anyhow!("{problem}"),
        GenError::Encoding(problem) => anyhow::anyhow!("{problem}: generate the full table, without --compact"),
        other => anyhow::anyhow!("{other}"),
    }
}

/// Refuses what a kind of file cannot be asked for.
pub(crate) fn check(plan: &Plan, compact: bool) -> Result<()> {
    if matches!(plan, Plan::Patterns(_)) && compact {
        bail!(
            "--compact stores a complete table's distances modulo 3; a pattern set has no such form (leave \
             --compact out)"
        );
    }
    Ok(())
}
