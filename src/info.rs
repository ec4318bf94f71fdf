//! `godtab info`: what a table holds and where it came from, as the
//! oracle describes it: a complete table here, the sections of pattern
//! sets in the submodules.

mod orbit_patterns;
mod tile_patterns;

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use godtab_oracle::{Board, CompleteSection, Description};
use godtab_runtime::{Encoding, Kind, Ranking};
use serde::Serialize;

use crate::present::Heading;
use crate::source::TableArgs;
use crate::text::thousands;

/// Arguments of `godtab info`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab info nine-puzzle
  godtab info eight-puzzle --json
  godtab info --table data/nine-digits.gtab")]
pub(crate) struct Args {
    /// The puzzle (not needed with --table).
    puzzle: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    tables: TableArgs,
}

/// A complete table's `info`, as `--json` prints it.
#[derive(Serialize)]
struct Info<'a> {
    #[serde(flatten)]
    heading: Heading<'a>,
    moves: &'a [String],
    /// Sliding puzzles: how moves are counted, "single" (a tile a move) or
    /// "multi" (a line of tiles toward the blank a move).
    #[serde(skip_serializing_if = "Option::is_none")]
    metric: Option<&'static str>,
    /// Orbit puzzles: every orbit and how it is numbered.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    orbits: Vec<OrbitInfo<'a>>,
    ranking: &'static str,
    /// "full", "compact" or "parity".
    encoding: &'static str,
    /// Rank slots (the JSON key predates the word).
    states: u64,
    reachable: u64,
    max_depth: u8,
    histogram: &'a [u64],
    bits_per_state: u32,
    distance_bits: u8,
    parent_bits: u8,
    bytes: usize,
    checksum: String,
    checksum_ok: bool,
    generator: &'a str,
    source: String,
}

/// One orbit of an orbit puzzle, as `--json` prints it.
#[derive(Serialize)]
struct OrbitInfo<'a> {
    name: &'a str,
    pieces: usize,
    orientations: u8,
    /// "lexicographic", "parity" or "multiset".
    permutations: &'static str,
    /// Parity orbits: the earlier orbits whose parities decide this one's
    /// (none: it is fixed).
    #[serde(skip_serializing_if = "Option::is_none")]
    parity_follows: Option<Vec<&'a str>>,
    orientation_sum_fixed: bool,
    permutation_count: u64,
    orientation_count: u64,
}

/// What a table's `info` is written from: the oracle's description, where
/// the file came from, and whether its checksum holds.
pub(crate) struct Described {
    pub description: Description,
    pub source: String,
    pub checksum_ok: bool,
}

/// Prints the description of the table.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    if let Some(path) = &args.tables.table
        && let Ok(run) = godtab_gen::read_partial(path)
    {
        return unfinished(path, &run, args.json);
    }
    let loaded = args.tables.open(args.puzzle.as_deref())?;
    let shown = loaded.origin.path_text();
    let (oracle, origin) = loaded.into_oracle(crate::pdb::SearchArgs::default());
    let description = oracle.describe()?;
    let described = Described { description, source: origin.to_string(), checksum_ok: oracle.verify().is_ok() };
    let mut out = crate::stdio::stdout();
    let d = &described.description;
    if let (Some(board), Some(section)) = (&d.board, &d.complete) {
        show(&mut out, &complete_info(&described, board, section), args.json, |out, info| Ok(write_text(out, info)?))?;
    } else if let (Some(board), Some(section)) = (&d.board, &d.tile_patterns) {
        tile_patterns::write(&mut out, &described, board, section, args.json)?;
    } else if let Some(section) = &d.orbit_patterns {
        orbit_patterns::write(&mut out, &described, section, args.json)?;
    } else {
        anyhow::bail!("{shown}: info cannot describe a {}", oracle.kind());
    }
    Ok(if described.checksum_ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// Writes `info` as one JSON object, or as text by `text`.
fn show<T: Serialize>(
    out: &mut impl Write,
    info: &T,
    json: bool,
    text: impl FnOnce(&mut dyn Write, &T) -> Result<()>,
) -> Result<()> {
    if json {
        serde_json::to_writer(&mut *out, info)?;
        writeln!(out)?;
        Ok(())
    } else {
        text(out, info)
    }
}

/// A sliding board's metric, "single" or "multi" (`None` for any other
/// puzzle).
pub(crate) fn metric(board: &Board) -> Option<&'static str> {
    (board.kind == Kind::Sliding).then_some(if board.multi_tile { "multi" } else { "single" })
}

fn complete_info<'a>(described: &'a Described, board: &Board, section: &'a CompleteSection) -> Info<'a> {
    let d = &described.description;
    let kind = match board.kind {
        Kind::Permutation => "permutation",
        Kind::Sliding => "sliding",
        Kind::Orbits => "orbits",
    };
    Info {
        heading: Heading::new(&d.name, kind, board),
        moves: &d.moves,
        metric: metric(board),
        orbits: section
            .orbits
            .iter()
            .map(|o| OrbitInfo {
                name: &o.name,
                pieces: o.pieces,
                orientations: o.orientations,
                permutations: o.permutations,
                parity_follows: o.parity_follows.as_ref().map(|f| f.iter().map(String::as_str).collect()),
                orientation_sum_fixed: o.orientation_sum_fixed,
                permutation_count: o.permutation_count,
                orientation_count: o.orientation_count,
            })
            .collect(),
        ranking: match section.ranking {
            Ranking::Lex => "lexicographic (n!)",
            Ranking::Parity => "parity class (n!/2)",
            Ranking::BlankParity => "blank position x parity class (n (n-1)!/2)",
            Ranking::Multiset => "multiset (n!/(k1! k2! ...))",
            Ranking::Orbits => "orbits (per orbit: permutation x orientation)",
        },
        encoding: match section.encoding {
            Encoding::Full => "full",
            Encoding::Compact => "compact",
            Encoding::Parity => "parity",
            _ => "unknown",
        },
        states: board.slots,
        reachable: section.reachable,
        max_depth: section.gods_number,
        histogram: &section.histogram,
        bits_per_state: section.bits_per_state,
        distance_bits: section.distance_bits,
        parent_bits: section.parent_bits,
        bytes: d.bytes,
        checksum: format!("{:016x}", d.checksum),
        checksum_ok: described.checksum_ok,
        generator: &d.generator,
        source: described.source.clone(),
    }
}

/// How an orbit is numbered, in words.
fn orbit_text(orbit: &OrbitInfo<'_>) -> String {
    let (n, o) = (orbit.pieces, orbit.orientations);
    let permutations = match (orbit.permutations, &orbit.parity_follows) {
        ("parity", Some(follows)) if follows.is_empty() => format!("{n}!/2 (its parity is fixed)"),
        ("parity", Some(follows)) => format!("{n}!/2 (its parity follows {}'s)", follows.join(", ")),
        ("multiset", _) => format!("{} (repeated pieces)", thousands(orbit.permutation_count)),
        _ => format!("{n}!"),
    };
    let orientations = match (o, orbit.orientation_sum_fixed) {
        (1, _) => String::new(),
        (o, true) => format!(" x {o}^{} (orientation sum fixed)", n - 1),
        (o, false) => format!(" x {o}^{n}"),
    };
    let pieces = if o > 1 { format!("{n} pieces of {o} orientations") } else { format!("{n} pieces") };
    format!("{} ({pieces}): {permutations}{orientations}", orbit.name)
}

fn write_text(out: &mut dyn Write, info: &Info<'_>) -> io::Result<()> {
    let field = |out: &mut dyn Write, name: &str, value: &dyn std::fmt::Display| writeln!(out, "{name:<14}{value}");
    field(out, "puzzle", &info.heading.puzzle)?;
    if info.orbits.is_empty() {
        let Heading { rows, cols, kind, .. } = &info.heading;
        let metric = match info.metric {
            Some("multi") => ", multi-tile metric",
            _ => "",
        };
        field(out, "board", &format!("{rows}x{cols} {kind} puzzle{metric}"))?;
    }
    for (j, orbit) in info.orbits.iter().enumerate() {
        field(out, if j == 0 { "orbits" } else { "" }, &orbit_text(orbit))?;
    }
    field(out, "moves", &info.moves.join(" "))?;
    field(out, "ranking", &info.ranking)?;
    let encoding = match info.encoding {
        "full" => "full: distance and parent move per state",
        "compact" => "compact: distance modulo 3 per state (a distance query walks to the goal)",
        "parity" => {
            "parity: floor(distance / 2) modulo 2 per state, its parity from the blank's colour (a distance \
                     query walks to the goal)"
        }
        _ => "an encoding this program does not describe",
    };
    field(out, "encoding", &encoding)?;
    field(out, "states", &format!("{} rank slots", thousands(info.states)))?;
    field(out, "reachable", &thousands(info.reachable))?;
    field(out, "God's number", &info.max_depth)?;
    field(
        out,
        "bits/state",
        &format!("{} ({} distance + {} parent)", info.bits_per_state, info.distance_bits, info.parent_bits),
    )?;
    field(out, "size", &format!("{} bytes", thousands(info.bytes as u64)))?;
    let status = if info.checksum_ok { "ok" } else { "MISMATCH: the table is damaged" };
    field(out, "checksum", &format!("xxh3 {} ({status})", info.checksum))?;
    field(out, "generator", &info.generator)?;
    field(out, "source", &info.source)?;
    writeln!(out)?;
    crate::present::write_histogram(out, info.histogram, "states")
}

/// `godtab info` on a stopped generation's partial file: what it is and
/// how far it got.
fn unfinished(path: &std::path::Path, run: &godtab_gen::PartialRun, json: bool) -> Result<ExitCode> {
    #[derive(Serialize)]
    struct Unfinished<'a> {
        puzzle: &'a str,
        kind: &'static str,
        encoding: &'static str,
        states: u64,
        reached: u64,
        depth: usize,
        histogram: &'a [u64],
        bytes: u64,
        generator: &'a str,
        source: String,
    }
    let reached: u64 = run.histogram.iter().sum();
    let encoding = match run.encoding {
        Encoding::Parity => "parity",
        _ => "compact",
    };
    let target = path.to_string_lossy();
    let target = target.strip_suffix(".partial").unwrap_or(&target);
    let mut out = crate::stdio::stdout();
    if json {
        let info = Unfinished {
            puzzle: &run.id,
            kind: "unfinished",
            encoding,
            states: run.slots,
            reached,
            depth: run.histogram.len() - 1,
            histogram: &run.histogram,
            bytes: run.bytes,
            generator: &run.generator,
            source: path.display().to_string(),
        };
        serde_json::to_writer(&mut out, &info)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let share = 100.0 * reached as f64 / run.slots.max(1) as f64;
    writeln!(out, "{} is not a table yet: a stopped generation of {} ({encoding})", path.display(), run.id)?;
    writeln!(
        out,
        "done          {} levels: {} of {} states reached ({share:.1}%)",
        run.histogram.len() - 1,
        thousands(reached),
        thousands(run.slots)
    )?;
    writeln!(out, "size          {} bytes", thousands(run.bytes))?;
    writeln!(out, "generator     {}", run.generator)?;
    writeln!(
        out,
        "continue it   godtab gen ... -o {target} --encoding {encoding} --resume (the same puzzle and options)"
    )?;
    writeln!(out)?;
    crate::present::write_histogram(&mut out, &run.histogram, "states")?;
    Ok(ExitCode::SUCCESS)
}
