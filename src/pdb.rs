//! What is a pattern set's own in the CLI: how `gen` writes one (a spec
//! with `patterns`), how `info` and `verify` describe one, and the search
//! options of the commands that answer from one (through the oracle).

use std::io::Write;
use std::process::ExitCode;

use crate::text::{Count, plural};
use anyhow::Result;
use godtab_oracle::Limits;
use godtab_puzzles::BLANK;
use godtab_runtime::{Bytes, Combine, Kind, PatternSet};
use godtab_search::Searcher;
use serde::Serialize;

use crate::present::Heading;

/// The `--max-nodes` and `--threads` options of `solve`, `judge` and
/// `check`.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub(crate) struct SearchArgs {
    /// With a pattern set: give up on a state after expanding this many
    /// nodes (reported as not solved within the bound). Default
    /// 200,000,000.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// With an orbit pattern set (the Rubik's cube): how many threads
    /// search one state. Default: one per core.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// With the built-in cube-3x3x3 (two-phase): the longest solution to
    /// give, at most 32. Default 21 (about a millisecond a cube; 20, God's
    /// number, takes several).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=32))]
    pub max_length: Option<u8>,
}

impl SearchArgs {
    /// The limits the oracle searches within.
    pub(crate) fn limits(self) -> Limits {
        Limits { max_nodes: self.max_nodes, threads: self.threads.map(usize::from), max_length: self.max_length }
    }
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
        /// A sliding board's metric, "single" or "multi" (null for a
        /// permutation puzzle).
        metric: Option<&'static str>,
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
        metric: (puzzle.kind() == Kind::Sliding).then_some(if puzzle.is_multi_tile() { "multi" } else { "single" }),
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
        let board = match info.metric {
            Some("multi") => "sliding board, multi-tile metric",
            Some(_) => "sliding board",
            None => "permutation puzzle",
        };
        let Heading { puzzle, rows, cols, .. } = &info.heading;
        writeln!(out, "puzzle: {puzzle} ({rows}x{cols} {board}), pattern set")?;
        writeln!(out, "source: {}", info.source)?;
        writeln!(out, "generator: {}", info.generator)?;
        writeln!(out, "size: {} bytes", Count(info.bytes as u64))?;
        writeln!(out, "states: {} rank slots, {} reachable", Count(info.states), Count(info.reachable))?;
        for (i, p) in info.patterns.iter().enumerate() {
            let name = |&tile: &u8| if info.metric.is_some() && tile == BLANK { "x".into() } else { tile.to_string() };
            let tiles: Vec<String> = p.tiles.iter().map(name).collect();
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
