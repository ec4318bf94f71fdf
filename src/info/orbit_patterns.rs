//! `godtab info` on an orbit pattern set (a twisty puzzle's tables, the
//! Rubik's cube's among them): its puzzle, and what each pattern sees and
//! stores, as text or one JSON object.

use std::io::Write;

use anyhow::Result;
use godtab_oracle::{OrbitPatternsSection, OrbitSeen};
use serde::Serialize;

use super::Described;
use crate::text::{Count, plural};

#[derive(Serialize)]
pub(super) struct Info<'a> {
    puzzle: &'a str,
    kind: &'static str,
    source: &'a str,
    generator: &'a str,
    bytes: usize,
    pieces: usize,
    orbits: Vec<OrbitInfo<'a>>,
    moves: &'a [String],
    /// The states the moves make (a decimal string: past 2^64 for the cube).
    states: String,
    /// The same, as a number.
    #[serde(skip)]
    state_count: u128,
    symmetries: Option<u16>,
    facelets: bool,
    patterns: Vec<PatternInfo<'a>>,
    checksum_ok: bool,
}

#[derive(Serialize)]
struct OrbitInfo<'a> {
    name: &'a str,
    pieces: usize,
    orientations: u8,
}

#[derive(Serialize)]
struct PatternInfo<'a> {
    /// Per orbit: its groups' sizes, and which groups are oriented.
    sees: Vec<String>,
    entries: u64,
    classes: u64,
    symmetries: usize,
    bits_per_entry: u8,
    base: Option<u8>,
    histogram: &'a [u64],
}

/// What a pattern sees of an orbit, in words: "EDGES in 2 groups (4+8), all
/// oriented".
fn seen_text(seen: &OrbitSeen) -> String {
    let sizes: Vec<String> = seen.groups.iter().map(usize::to_string).collect();
    format!(
        "{} in {} ({}), {} oriented",
        seen.orbit,
        plural(seen.groups.len() as u64, "group", "groups"),
        sizes.join("+"),
        if seen.oriented == seen.pieces { "all".to_string() } else { seen.oriented.to_string() }
    )
}

/// Writes what `info` says of an orbit pattern set.
pub(super) fn write(
    out: &mut impl Write,
    described: &Described,
    section: &OrbitPatternsSection,
    json: bool,
) -> Result<()> {
    let d = &described.description;
    let info = Info {
        puzzle: &d.name,
        kind: "orbit pattern set",
        source: &described.source,
        generator: &d.generator,
        bytes: d.bytes,
        pieces: section.pieces,
        orbits: section
            .orbits
            .iter()
            .map(|o| OrbitInfo { name: &o.name, pieces: o.pieces, orientations: o.orientations })
            .collect(),
        moves: &d.moves,
        states: section.states.to_string(),
        state_count: section.states,
        symmetries: section.symmetries,
        facelets: section.facelets,
        patterns: section
            .patterns
            .iter()
            .map(|p| PatternInfo {
                sees: p.sees.iter().map(seen_text).collect(),
                entries: p.entries,
                classes: p.classes,
                symmetries: p.symmetries,
                bits_per_entry: p.bits_per_entry,
                base: p.base,
                histogram: &p.histogram,
            })
            .collect(),
        checksum_ok: described.checksum_ok,
    };
    super::show(out, &info, json, write_text)
}

fn write_text(out: &mut dyn Write, info: &Info<'_>) -> Result<()> {
    writeln!(out, "puzzle: {} (twisty puzzle), orbit pattern set", info.puzzle)?;
    writeln!(out, "source: {}", info.source)?;
    writeln!(out, "generator: {}", info.generator)?;
    writeln!(out, "size: {} bytes", Count(info.bytes as u64))?;
    let orbits: Vec<String> =
        info.orbits.iter().map(|o| format!("{} {} x {} orientations", o.name, o.pieces, o.orientations)).collect();
    writeln!(out, "pieces: {} ({})", info.pieces, orbits.join(", "))?;
    writeln!(out, "moves: {} ({})", info.moves.len(), info.moves.join(" "))?;
    writeln!(out, "states: {}", crate::present::thousands_u128(info.state_count))?;
    match info.symmetries {
        Some(n) => writeln!(out, "symmetries: {n} (tables reduced by those that keep each pattern)")?,
        None => writeln!(out, "symmetries: not used")?,
    }
    if info.facelets {
        writeln!(out, "facelets: yes (the 3x3x3 cube in Kociemba's numbering)")?;
    }
    for (i, p) in info.patterns.iter().enumerate() {
        let stored = match p.base {
            Some(base) => format!("2 bits over base {base}"),
            None => "4 bits".to_string(),
        };
        writeln!(out, "pattern {i}: {}", p.sees.join("; "))?;
        writeln!(
            out,
            "  {} entries ({} classes under {}), {stored}, largest {}",
            Count(p.entries),
            Count(p.classes),
            plural(p.symmetries as u64, "symmetry", "symmetries"),
            p.histogram.len().saturating_sub(1)
        )?;
        crate::present::write_histogram(&mut *out, p.histogram, "entries")?;
    }
    writeln!(out, "checksum: {}", if info.checksum_ok { "ok" } else { "MISMATCH" })?;
    Ok(())
}
