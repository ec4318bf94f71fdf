//! What `gen` builds and what that needs: a complete table of the puzzle's
//! states or a pattern set of its tiles, its memory planned and checked
//! against the limit before anything is allocated, then built with one
//! progress report for either kind.

use anyhow::{Context, Result, bail};
use godtab_gen::{GenError, Options, Plan, Progress};
use godtab_puzzles::Definition;

use super::progress::Reporter;
use crate::stdio::note;
use crate::text::{Size, plural, thousands};

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
            let needed = match (compressed, plan.searches_in_two_bits()) {
                (true, _) => {
                    godtab_gen::planned_memory_compressed(puzzle).context("measuring the memory zstd needs")?
                }
                // The array and the table built from it.
                (false, true) => godtab_gen::planned_memory_twobit(puzzle).saturating_mul(2),
                (false, false) => godtab_gen::planned_memory(puzzle),
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
    let options = Options { max_memory: Some(limit), on_progress: Some(&report), ..Options::default() };
    let bytes = plan.bytes(definition, &options).map_err(advise)?;
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
        GenError::Encoding(problem) if problem.contains("multi-tile") => {
            anyhow::anyhow!("{problem}: generate a compact or full table (--encoding compact or full)")
        }
        GenError::Encoding(problem) => anyhow::anyhow!("{problem}: generate the full table (--encoding full)"),
        GenError::NoSpace { needed, available, folder } => anyhow::anyhow!(
            "{}: {} free, and this generation needs {} (the table and its kept progress at once): free room or \
             write elsewhere",
            folder.display(),
            Size(available),
            Size(needed)
        ),
        other => anyhow::anyhow!("{other}"),
    }
}

/// `gen --histogram-only`: the 2-bit search's histogram, printed as `info`
/// prints a table's.
pub(crate) fn histogram(definition: &Definition, limit: u64) -> Result<std::process::ExitCode> {
    let puzzle = definition.puzzle();
    let needed = godtab_gen::planned_memory_twobit(puzzle);
    note(format_args!(
        "{}: {} states, 2-bit search, planned memory {} (limit {})",
        definition.id(),
        thousands(puzzle.slots()),
        Size(needed),
        Size(limit)
    ));
    let reporter = Reporter::new(puzzle.slots(), "states");
    let report = |progress: &Progress| reporter.level(progress);
    let options = Options { max_memory: Some(limit), on_progress: Some(&report), ..Options::default() };
    let histogram = godtab_gen::twobit_histogram(puzzle, &options).map_err(advise)?;
    reporter.finish();
    print_histogram(definition, &histogram)?;
    Ok(std::process::ExitCode::SUCCESS)
}

/// Prints `--histogram-only`'s answer: the puzzle's states at each
/// distance, on standard output.
pub(crate) fn print_histogram(definition: &Definition, histogram: &[u64]) -> Result<()> {
    let mut out = crate::stdio::stdout();
    let reachable: u64 = histogram.iter().sum();
    use std::io::Write;
    writeln!(out, "puzzle        {}", definition.id())?;
    writeln!(out, "states        {} rank slots", thousands(definition.puzzle().slots()))?;
    writeln!(out, "reachable     {}", thousands(reachable))?;
    writeln!(out, "God's number  {}", histogram.len().saturating_sub(1))?;
    writeln!(out)?;
    crate::present::write_histogram(&mut out, histogram, "states")?;
    Ok(())
}

/// A compact or parity table generated into its file by the 2-bit search,
/// its progress kept beside it: stopped by a signal, it keeps what it has
/// done and says how to continue.
pub(crate) fn build_in_place(
    definition: &Definition,
    plan: &Plan,
    place: &godtab_gen::InPlace<'_>,
    limit: u64,
) -> Result<std::process::ExitCode> {
    let Plan::Complete(encoding) = plan else { bail!("a pattern set is not made by the 2-bit search") };
    let (id, puzzle) = (definition.id(), definition.puzzle());
    encoding.check(puzzle).map_err(|problem| advise(GenError::Encoding(problem)))?;
    let needed = godtab_gen::planned_memory_twobit(puzzle);
    let partial = godtab_gen::partial_path(place.target);
    note(format_args!(
        "{id}: {} states, 2-bit search, planned memory {} (limit {}); progress kept in {}",
        thousands(puzzle.slots()),
        Size(needed),
        Size(limit),
        partial.display()
    ));
    if place.resume && !partial.exists() {
        note(format_args!("{}: no stopped run to continue; starting one", partial.display()));
    }
    static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let _stopper = godtab_files::stop_on_signal(&STOP);
    let reporter = Reporter::new(puzzle.slots(), "states");
    let report = |progress: &Progress| reporter.level(progress);
    let options =
        Options { max_memory: Some(limit), on_progress: Some(&report), encoding: *encoding, stop: Some(&STOP) };
    let finished = godtab_gen::twobit_table_file(definition, &options, place);
    reporter.finish();
    let finished = finished.map_err(advise)?;
    if let Some(depth) = finished.resumed_from {
        note(format_args!("continued a run stopped at depth {depth}"));
    }
    note(format_args!(
        "wrote {}: {}; God's number {}; progress kept {} times ({:.1} s)",
        place.target.display(),
        Size(finished.bytes),
        finished.histogram.len() - 1,
        finished.checkpoints,
        finished.checkpoint_time.as_secs_f64()
    ));
    Ok(std::process::ExitCode::SUCCESS)
}
