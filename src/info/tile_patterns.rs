//! `godtab info` on a tile pattern set: the puzzle and every pattern (its
//! tiles, entries, width and largest entry), as text or one JSON object.

use std::io::Write;

use anyhow::Result;
use godtab_oracle::{Board, TilePatternsSection};
use godtab_puzzles::BLANK;
use godtab_runtime::Combine;
use serde::Serialize;

use super::Described;
use crate::present::Heading;
use crate::text::Count;

#[derive(Serialize)]
struct PatternInfo<'a> {
    tiles: &'a [u8],
    entries: u64,
    bits_per_entry: u8,
    max: u8,
}

#[derive(Serialize)]
pub(super) struct Info<'a> {
    #[serde(flatten)]
    heading: Heading<'a>,
    source: &'a str,
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

/// Writes what `info` says of a tile pattern set.
pub(super) fn write(
    out: &mut impl Write,
    described: &Described,
    board: &Board,
    section: &TilePatternsSection,
    json: bool,
) -> Result<()> {
    let d = &described.description;
    let info = Info {
        heading: Heading::new(&d.name, "pattern set", board),
        source: &described.source,
        generator: &d.generator,
        bytes: d.bytes,
        states: board.slots,
        reachable: section.reachable,
        max_depth: None,
        metric: super::metric(board),
        combine: match section.combine {
            Combine::Sum => "sum",
            Combine::Max => "max",
        },
        reflected_lookup: section.reflected_lookup,
        patterns: section
            .patterns
            .iter()
            .map(|p| PatternInfo { tiles: &p.tiles, entries: p.entries, bits_per_entry: p.bits_per_entry, max: p.max })
            .collect(),
        checksum_ok: described.checksum_ok,
    };
    super::show(out, &info, json, write_text)
}

fn write_text(out: &mut dyn Write, info: &Info<'_>) -> Result<()> {
    let shape = match info.metric {
        Some("multi") => "sliding board, multi-tile metric",
        Some(_) => "sliding board",
        None => "permutation puzzle",
    };
    let Heading { puzzle, rows, cols, .. } = &info.heading;
    writeln!(out, "puzzle: {puzzle} ({rows}x{cols} {shape}), pattern set")?;
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
    Ok(())
}
