//! What `info` and `verify` say of an orbit pattern set (a twisty puzzle's
//! tables, the Rubik's cube's among them), and the unsolvable states
//! `random` makes of its puzzle. Its states are answered through
//! `godtab_oracle`, as every table's are.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use godtab_runtime::{Bytes, OrbitPatternSet};
use godtab_twisty::group::MoveGroup;
use godtab_twisty::model::Cells;
use godtab_twisty::{Twisty, facelets};
use serde::Serialize;

use crate::text::{Count, plural};

/// A state the moves cannot make, made from `state` by swapping two pieces
/// of an orbit or twisting one piece (`pick(n)` chooses one of `n` at
/// random); `None` if every such change can still be solved.
pub(crate) fn unsolvable_from(
    puzzle: &Twisty,
    group: &MoveGroup,
    state: &Cells,
    mut pick: impl FnMut(usize) -> usize,
) -> Option<Cells> {
    let mut changes = Vec::new();
    for orbit in puzzle.orbits() {
        let range = orbit.positions();
        for a in range.clone() {
            for b in range.clone().filter(|&b| b > a) {
                let mut swapped = *state;
                swapped.swap(a, b);
                changes.push(swapped);
            }
            for t in 1..orbit.orientations {
                let mut twisted = *state;
                twisted[a] = puzzle.turn(twisted[a], t);
                changes.push(twisted);
            }
        }
    }
    changes.retain(|s| !group.contains(puzzle, s));
    (!changes.is_empty()).then(|| changes[pick(changes.len()).min(changes.len() - 1)])
}

/// What `info` says of an orbit pattern set, as text or JSON.
#[derive(Serialize)]
struct Info<'a> {
    puzzle: &'a str,
    kind: &'static str,
    source: String,
    generator: &'a str,
    bytes: usize,
    pieces: usize,
    orbits: Vec<OrbitInfo<'a>>,
    moves: Vec<&'a str>,
    /// The states the moves make (a decimal string: past 2^64 for the cube).
    states: String,
    symmetries: Option<u16>,
    facelets: bool,
    patterns: Vec<PatternInfo>,
    checksum_ok: bool,
}

#[derive(Serialize)]
struct OrbitInfo<'a> {
    name: &'a str,
    pieces: usize,
    orientations: u8,
}

#[derive(Serialize)]
struct PatternInfo {
    /// Per orbit: its groups' sizes, and which groups are oriented.
    sees: Vec<String>,
    entries: u64,
    classes: u64,
    symmetries: usize,
    bits_per_entry: u8,
    base: Option<u8>,
    histogram: Vec<u64>,
}

/// `godtab info` on an orbit pattern set.
pub(crate) fn info(set: &OrbitPatternSet<Bytes>, source: String, json: bool) -> Result<ExitCode> {
    let puzzle =
        godtab_twisty_search::set::puzzle_of(&set.puzzle()).map_err(|e| anyhow!("the table is damaged: {e}"))?;
    let group =
        set.symmetry().then(|| godtab_twisty::symmetry::Group::new(&puzzle, godtab_twisty::symmetry::find(&puzzle)));
    let mut patterns = Vec::new();
    for p in 0..set.pattern_count() {
        let Some(table) = set.table(p) else { break };
        let def = godtab_twisty::pattern::PatternDef {
            groups: table.groups.to_vec(),
            oriented: table.oriented.iter().map(|&o| o != 0).collect(),
        };
        def.check(&puzzle).map_err(|e| anyhow!("the table is damaged: pattern {p}: {e}"))?;
        let coder = godtab_twisty::pattern::Coder::new(&puzzle, &def, group.as_ref());
        let sees = puzzle
            .orbits()
            .iter()
            .filter_map(|orbit| {
                let range = orbit.positions();
                let groups = usize::from(def.groups[range.clone()].iter().copied().max().unwrap_or(0)) + 1;
                let oriented = range.clone().filter(|&q| def.oriented[q]).count();
                if groups == 1 && oriented == 0 {
                    return None;
                }
                let sizes: Vec<String> = (0..groups)
                    .map(|g| range.clone().filter(|&q| usize::from(def.groups[q]) == g).count().to_string())
                    .collect();
                Some(format!(
                    "{} in {} ({}), {} oriented",
                    orbit.name,
                    plural(groups as u64, "group", "groups"),
                    sizes.join("+"),
                    if oriented == orbit.pieces { "all".to_string() } else { oriented.to_string() }
                ))
            })
            .collect();
        patterns.push(PatternInfo {
            sees,
            entries: table.entries,
            classes: coder.classes(),
            symmetries: coder.symmetries.len(),
            bits_per_entry: table.width,
            base: (table.width == 2).then_some(table.base),
            histogram: table.histogram().collect(),
        });
    }
    let info = Info {
        puzzle: set.id(),
        kind: "orbit pattern set",
        source,
        generator: set.generator(),
        bytes: set.as_bytes().len(),
        pieces: puzzle.positions(),
        orbits: puzzle
            .orbits()
            .iter()
            .map(|o| OrbitInfo { name: &o.name, pieces: o.pieces, orientations: o.orientations })
            .collect(),
        moves: set.puzzle().move_names.split(' ').collect(),
        states: MoveGroup::new(&puzzle).order().to_string(),
        symmetries: set.symmetry().then(|| set.symmetries()),
        facelets: facelets::is_standard_cube(&puzzle),
        patterns,
        checksum_ok: set.verify().is_ok(),
    };
    let mut out = crate::stdio::stdout();
    if json {
        serde_json::to_writer(&mut out, &info)?;
        writeln!(out)?;
    } else {
        writeln!(out, "puzzle: {} (twisty puzzle), orbit pattern set", info.puzzle)?;
        writeln!(out, "source: {}", info.source)?;
        writeln!(out, "generator: {}", info.generator)?;
        writeln!(out, "size: {} bytes", Count(info.bytes as u64))?;
        let orbits: Vec<String> =
            info.orbits.iter().map(|o| format!("{} {} x {} orientations", o.name, o.pieces, o.orientations)).collect();
        writeln!(out, "pieces: {} ({})", info.pieces, orbits.join(", "))?;
        writeln!(out, "moves: {} ({})", info.moves.len(), info.moves.join(" "))?;
        writeln!(out, "states: {}", crate::present::thousands_u128(info.states.parse().unwrap_or(0)))?;
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
            crate::present::write_histogram(&mut out, &p.histogram, "entries")?;
        }
        writeln!(out, "checksum: {}", if info.checksum_ok { "ok" } else { "MISMATCH" })?;
    }
    Ok(if info.checksum_ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// `godtab verify`'s summary of an orbit pattern set.
pub(crate) fn summary(set: &OrbitPatternSet<Bytes>) -> String {
    let entries: u64 = (0..set.pattern_count()).filter_map(|p| set.table(p)).map(|t| t.entries).sum();
    format!(
        "{}, orbit pattern set of {} ({} entries), {} bytes",
        set.id(),
        plural(set.pattern_count() as u64, "pattern", "patterns"),
        Count(entries),
        Count(set.as_bytes().len() as u64)
    )
}
