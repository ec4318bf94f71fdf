//! What is a pattern set's own in the CLI: how `gen` writes one (a spec
//! with `patterns`), how `info` and `verify` describe one, and the search
//! options of the commands that answer from one (through the oracle).

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Result, anyhow, bail};
use godtab_gen::{Count, PatternLevel, PatternOptions, Size};
use godtab_runtime::{Bytes, Combine, Definition, PatternSet};
use godtab_search::Searcher;
use serde::Serialize;

use crate::info::Heading;
use crate::oracle::Oracle;
use crate::stdio::note;

/// The node limit when `--max-nodes` is not given: a few seconds of search
/// per state, far beyond what a good pattern set needs for a 15-puzzle
/// state (thousands to millions).
pub(crate) const DEFAULT_MAX_NODES: u64 = 200_000_000;

/// The `--max-nodes` option of `solve`, `judge` and `check`.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub(crate) struct SearchArgs {
    /// With a pattern set: give up on a state after expanding this many
    /// nodes (reported as not solved within the bound). Default
    /// 200,000,000.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
}

impl SearchArgs {
    pub(crate) fn limit(self) -> u64 {
        self.max_nodes.unwrap_or(DEFAULT_MAX_NODES)
    }
}

/// `n` and the noun that goes with it: "1 pattern", "3 patterns".
pub(crate) fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", Count(n), if n == 1 { one } else { many })
}

/// The generic format's answer to one case line (a state, or with
/// `scramble` the moves that lead to it): "D m1 m2 ..." or "unsolvable",
/// or why the line has none.
pub(crate) fn answer(oracle: &Oracle<'_>, text: &[u8], scramble: bool) -> Result<String, String> {
    let definition = oracle.definition();
    let state = if scramble {
        definition.scramble(text).map_err(|e| e.to_string())?
    } else {
        let text = std::str::from_utf8(text).map_err(|_| "not UTF-8 text".to_string())?;
        definition.puzzle().parse(text.trim_end()).map_err(|e| e.to_string())?
    };
    let answer = oracle.solve(&state).map_err(|e| e.to_string())?;
    Ok(match answer.moves {
        Some(moves) => {
            let mut answer = moves.len().to_string();
            for name in moves.iter().filter_map(|&m| definition.move_name(m)) {
                answer.push(' ');
                answer.push_str(name);
            }
            answer
        }
        None => "unsolvable".into(),
    })
}

/// `godtab gen --spec F` for a spec with `patterns`: plans the memory
/// (with what compressing holds, if `compressed`) and generates every
/// pattern's database; the set's bytes.
pub(crate) fn generate(definition: &Definition, patterns: &[Vec<u8>], limit: u64, compressed: bool) -> Result<Vec<u8>> {
    let puzzle = definition.puzzle();
    godtab_gen::check_patterns(puzzle, patterns).map_err(|e| anyhow!("patterns: {e}"))?;
    let mut needed = godtab_gen::planned_pattern_memory(puzzle, patterns);
    let placements = godtab_gen::pattern_placements(puzzle, patterns);
    if compressed {
        // The set, zstd's context and the compressed copy, after the search.
        let set = placements.saturating_add(64 << 10);
        needed = needed.max(set.saturating_add(godtab_gen::compress_memory(set)?));
    }
    let sizes: Vec<String> = patterns.iter().map(|p| p.len().to_string()).collect();
    note(format_args!(
        "{}: pattern set of {} ({}), {}, planned memory {}{} (limit {})",
        definition.id(),
        plural(patterns.len() as u64, "pattern", "patterns"),
        sizes.join("-"),
        plural(placements, "placement", "placements"),
        Size(needed),
        if compressed { " with zstd" } else { "" },
        Size(limit)
    ));
    if needed > limit {
        bail!(
            "the pattern set needs {:#} of memory, more than the limit of {:#}; raise the limit with --max-memory",
            Size(needed),
            Size(limit)
        );
    }
    let bar = std::io::IsTerminal::is_terminal(&std::io::stderr()).then(|| {
        let bar = indicatif::ProgressBar::new(placements);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{prefix} [{bar:40}] {human_pos}/{human_len} placements ({eta})")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar
    });
    let report = |level: &PatternLevel| match &bar {
        Some(bar) => {
            bar.set_prefix(format!("pattern {} depth {:>3}", level.pattern, level.depth));
            bar.set_position(level.done + level.reached);
        }
        None => note(format_args!(
            "pattern {} depth {:>3}: {:>13} of {} placements ({:.1} s)",
            level.pattern,
            level.depth,
            Count(level.reached).to_string(),
            Count(level.placements),
            level.elapsed.as_secs_f64()
        )),
    };
    let options = PatternOptions { max_memory: Some(limit), on_level: Some(&report) };
    let bytes = godtab_gen::pattern_set_bytes(definition, patterns, &options).map_err(|e| anyhow!("{e}"))?;
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    Ok(bytes)
}

/// `godtab verify`'s summary of a pattern set.
pub(crate) fn summary(set: &PatternSet<Bytes>) -> String {
    let sizes: Vec<String> = set.patterns().map(|p| p.tiles().len().to_string()).collect();
    format!(
        "{}, pattern set of {} ({}), {} bytes",
        set.definition().id(),
        plural(set.pattern_count() as u64, "pattern", "patterns"),
        sizes.join("-"),
        Count(set.as_bytes().len() as u64)
    )
}

/// `godtab info` on a pattern set: the puzzle and every pattern (its
/// tiles, entries, width and largest entry), as text or one JSON object.
pub(crate) fn info(set: &PatternSet<Bytes>, source: String, json: bool) -> Result<ExitCode> {
    #[derive(Serialize)]
    struct PatternInfo<'a> {
        tiles: &'a [u8],
        entries: u64,
        bits_per_entry: u8,
        max: u8,
    }
    #[derive(Serialize)]
    struct Info<'a> {
        #[serde(flatten)]
        heading: Heading<'a>,
        source: String,
        generator: &'a str,
        bytes: usize,
        /// Rank slots of the puzzle, as a complete table's would be.
        states: u64,
        /// The states the moves reach from the goal.
        reachable: u64,
        /// God's number, which a pattern set does not know: always null.
        max_depth: Option<u8>,
        /// How the entries bound a distance: "sum" or "max".
        combine: &'static str,
        reflected_lookup: bool,
        patterns: Vec<PatternInfo<'a>>,
        checksum_ok: bool,
    }
    let puzzle = set.puzzle();
    let patterns = set
        .patterns()
        .map(|p| PatternInfo { tiles: p.tiles(), entries: p.places().count(), bits_per_entry: p.width(), max: p.max() })
        .collect();
    let info = Info {
        heading: Heading::new(set.definition().id(), "pattern set", puzzle),
        source,
        generator: set.generator(),
        bytes: set.as_bytes().len(),
        states: puzzle.slots(),
        reachable: Searcher::new(set).reachable(),
        max_depth: None,
        combine: match set.combine() {
            Combine::Sum => "sum",
            Combine::Max => "max",
        },
        reflected_lookup: Searcher::new(set).reflects(),
        patterns,
        checksum_ok: set.verify().is_ok(),
    };
    let mut out = crate::stdio::stdout();
    if json {
        serde_json::to_writer(&mut out, &info)?;
        writeln!(out)?;
    } else {
        let board = if info.combine == "sum" { "sliding board" } else { "permutation puzzle" };
        let Heading { puzzle, rows, cols, .. } = &info.heading;
        writeln!(out, "puzzle: {puzzle} ({rows}x{cols} {board}), pattern set")?;
        writeln!(out, "source: {}", info.source)?;
        writeln!(out, "generator: {}", info.generator)?;
        writeln!(out, "size: {} bytes", Count(info.bytes as u64))?;
        writeln!(out, "states: {} rank slots, {} reachable", Count(info.states), Count(info.reachable))?;
        for (i, p) in info.patterns.iter().enumerate() {
            let tiles: Vec<String> = p.tiles.iter().map(u8::to_string).collect();
            writeln!(
                out,
                "pattern {i}: tiles {}: {} entries of {} bits, largest {}",
                tiles.join(" "),
                Count(p.entries),
                p.bits_per_entry,
                p.max
            )?;
        }
        let combine = if info.combine == "sum" { "the sum of the entries" } else { "the largest entry" };
        writeln!(out, "lower bound: {combine}")?;
        writeln!(out, "reflected lookup: {}", if info.reflected_lookup { "yes" } else { "no" })?;
        writeln!(out, "checksum: {}", if info.checksum_ok { "ok" } else { "MISMATCH" })?;
    }
    Ok(if info.checksum_ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
