//! `gen` for a twisty puzzle searched with a pattern set over orbits (the
//! Rubik's cube, or any spec that names orbit patterns): the patterns the
//! spec names, or the plan godtab chooses within --max-memory, printed
//! first with the memory they need; then every pattern's table, written
//! into one file.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Result, anyhow, bail};
use godtab_gen::{Options, Progress};
use godtab_spec::TwistySpec;
use godtab_twisty::pattern::Coder;
use godtab_twisty::symmetry::{Group, find};

use super::plan::advise;
use super::progress::Reporter;
use crate::stdio::note;
use crate::text::{Size, plural, thousands};

/// What `gen` was asked besides the puzzle, that an orbit pattern set
/// cannot take.
pub(crate) struct Refused {
    pub encoding: bool,
    pub resume: bool,
    pub compressed: bool,
    pub histogram_only: bool,
    pub processes: bool,
}

/// Plans, generates and writes the orbit pattern set of `spec` to
/// `output` within `limit` bytes of memory.
pub(crate) fn run(spec: &TwistySpec, output: Option<&Path>, refused: &Refused, limit: u64) -> Result<ExitCode> {
    let why = "an orbit pattern set (a twisty puzzle's tables, searched by IDA*)";
    if refused.encoding {
        bail!("--compact and --encoding store a complete table's distances; {why} has no such form (leave them out)");
    }
    if refused.resume || refused.processes || refused.histogram_only {
        bail!("--resume, --processes and --histogram-only are for complete tables' searches; {why} is made in one run");
    }
    let Some(output) = output.filter(|o| *o != Path::new("-")) else {
        bail!("{why} is written to a file (-o FILE), not to standard output");
    };
    if refused.compressed {
        bail!(
            "{why} is written uncompressed (its tables are read into memory whole to be searched): leave out --zstd and .zst"
        );
    }
    let puzzle = &spec.puzzle;
    let group = spec.symmetry.then(|| Group::new(puzzle, find(puzzle)));
    let states = godtab_twisty::group::MoveGroup::new(puzzle).order();
    note(format_args!(
        "{}: {} in {}, {}, {} states, {}",
        puzzle.id(),
        plural(puzzle.positions() as u64, "piece", "pieces"),
        plural(puzzle.orbits().len() as u64, "orbit", "orbits"),
        plural(puzzle.moves().len() as u64, "move", "moves"),
        crate::present::thousands_u128(states),
        match &group {
            Some(g) => plural(g.len() as u64, "symmetry", "symmetries"),
            None => "symmetry not used".to_string(),
        }
    ));
    let patterns = match &spec.patterns {
        Some(patterns) => patterns.clone(),
        None => {
            let candidates = godtab_twisty::plan::candidates(puzzle, group.as_ref());
            let Some(chosen) = godtab_twisty::plan::choose(&candidates, limit) else {
                let least = candidates.iter().map(|c| c.needed).fold(f64::INFINITY, f64::min);
                bail!(
                    "no pattern set godtab plans fits --max-memory {:#} (the smallest needs {:#}); raise the limit or \
                     name patterns in a spec",
                    Size(limit),
                    Size(least as u64)
                );
            };
            note(format_args!("plan (the largest that fits --max-memory {}): {}", Size(limit), chosen.name));
            chosen.patterns.clone()
        }
    };
    let coders: Vec<Coder> = patterns.iter().map(|p| Coder::new(puzzle, p, group.as_ref())).collect();
    let entries: u64 = coders.iter().map(|c| c.entries).sum();
    let needed = godtab_gen::planned_orbit_set_memory(&coders, godtab_gen::NIBBLE_ENTRIES);
    for (p, coder) in coders.iter().enumerate() {
        let shape = if coder.reduced() {
            format!(
                "{} classes under {} x {}",
                thousands(coder.classes()),
                plural(coder.symmetries.len() as u64, "symmetry", "symmetries"),
                thousands(coder.rest)
            )
        } else {
            "no symmetry".to_string()
        };
        note(format_args!("pattern {p}: {} entries ({shape})", thousands(coder.entries)));
    }
    note(format_args!(
        "{}: {}, {} entries, planned memory {} (limit {})",
        puzzle.id(),
        plural(coders.len() as u64, "pattern", "patterns"),
        thousands(entries),
        Size(needed),
        Size(limit)
    ));
    if needed > limit {
        bail!(
            "the pattern set's {} entries need {:#} of memory to generate, more than the limit of {:#}; raise the \
             limit with --max-memory, or name smaller patterns",
            thousands(entries),
            Size(needed),
            Size(limit)
        );
    }
    let reporter = Reporter::new(entries, "entries");
    let report = |progress: &Progress| reporter.level(progress);
    let options = Options { max_memory: Some(limit), on_progress: Some(&report), ..Options::default() };
    let symmetries = group.as_ref().map(|g| g.len() as u16);
    let written =
        godtab_gen::write_orbit_pattern_set(puzzle, &coders, symmetries, godtab_gen::NIBBLE_ENTRIES, &options, output)
            .map_err(|e| anyhow!("{}: {}", output.display(), advise(e)))?;
    reporter.finish();
    for (p, (histogram, (width, base))) in written.histograms.iter().zip(&written.encodings).enumerate() {
        let stored =
            if *width == 4 { "4 bits an entry".to_string() } else { format!("2 bits an entry over base {base}") };
        note(format_args!("pattern {p}: largest entry {}, {stored}", histogram.len().saturating_sub(1)));
    }
    note(format_args!("wrote {}: {}", output.display(), Size(written.bytes)));
    Ok(ExitCode::SUCCESS)
}
