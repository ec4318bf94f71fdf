//! `godtab gen`: write a table file for a built-in puzzle or a spec file,
//! with the same code as `cargo xtask gen-tables`. (Past 450 lines with the
//! tests of the size parser, which belong beside it.)

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use godtab_gen::{GenError, Level, Options, Size, planned_memory, table_bytes};
use godtab_puzzles::{Definition, Puzzle, builtin};
use godtab_runtime::Encoding;

use crate::info::thousands;
use crate::source::memory_limit;
use crate::stdio::note;

/// Arguments of `godtab gen`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab gen nine-puzzle -o nine-puzzle.gtab
  godtab gen eight-puzzle -o eight-puzzle.gtab.zst
  godtab gen --spec data/puzzles/slide-2x4.toml -o slide-2x4.gtab
  godtab gen --spec big.toml -o big.gtab --max-memory 8G
  godtab gen --spec big.toml -o big-compact.gtab --compact
  godtab gen nine-digits -o - | ssh host 'cat > nine-digits.gtab'
  godtab gen --spec data/puzzles/cube-2x2x2.tws -o cube-2x2x2.gtab
  godtab gen --spec data/puzzles/cube-2x2x2.tws --metric quarter -o cube-2x2x2-qtm.gtab
  godtab gen --spec data/puzzles/fifteen-puzzle.toml -o fifteen-puzzle.gtab
  godtab gen --spec data/puzzles/rotate-4x4.toml -o rotate-4x4.gtab

Spec files are TOML, or ksolve/twsearch definition files (.tws, .ksolve, .def); both are
described in docs/SPEC.md. A TOML spec with `patterns` gives a pattern set (for boards too
large for a complete table), which solve, judge and check answer from by IDA*.")]
pub(crate) struct Args {
    /// The built-in puzzle to generate (or give --spec).
    #[arg(required_unless_present = "spec")]
    puzzle: Option<String>,
    /// Generate the puzzle described in this spec file: TOML, or a ksolve or
    /// twsearch definition file (.tws, .ksolve, .def).
    #[arg(long, value_name = "FILE", conflicts_with = "puzzle")]
    spec: Option<PathBuf>,
    /// Which powers of an orbit puzzle's moves are moves: half (every
    /// power, each of cost 1: U, U2, U'; the default) or quarter (each move
    /// and its inverse: U, U').
    #[arg(long, value_enum)]
    metric: Option<MetricArg>,
    /// Where to write the table (- for standard output); a name ending in
    /// .zst is compressed with zstd.
    ///
    /// The file is replaced atomically (a new file renamed over it) and
    /// keeps its permissions. A symbolic link is written through: the file
    /// it leads to is replaced (or created, for a dangling link) and the
    /// link stays. Folders, devices, FIFOs and sockets are refused. `-`
    /// writes the table to standard output, which must not be a terminal;
    /// the name says nothing about compression, so the table is written
    /// uncompressed unless --zstd is given. A file named "-" is written with
    /// -o ./-
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// Compress the table with zstd whatever the output's name (by default
    /// only names ending in .zst are).
    #[arg(long)]
    zstd: bool,
    /// Refuse, before allocating anything, a table whose generation needs
    /// more memory than this (8GiB, 1.5 GB, 512M, 1500...). By default half
    /// of the machine's memory.
    ///
    /// A number of bytes, or a number and a unit, with or without a space
    /// between them: K, KiB, M, MiB, G, GiB, T, TiB are powers of 1024
    /// (64K = 64KiB = 65,536 bytes, as godtab prints sizes); KB, MB, GB, TB
    /// powers of 1000 (1.5GB = 1,500,000,000 bytes). Letters in any case; B
    /// or bytes alone mean bytes.
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    max_memory: Option<u64>,
    /// Store only each state's distance modulo 3 (2 bits per state, no
    /// parent moves). Answers are the same; a distance query then walks to
    /// the goal (O(distance x moves)) and each solution step tries the moves
    /// in order. For tables too large to store in full.
    #[arg(long)]
    compact: bool,
}

/// The metrics of `--metric`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum MetricArg {
    /// Every power of a move is a move of cost 1 (the half-turn metric).
    Half,
    /// Only each move and its inverse (the quarter-turn metric).
    Quarter,
}

/// Generates and writes the table.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    let metric = match args.metric {
        Some(MetricArg::Quarter) => godtab_spec::Metric::Quarter,
        Some(MetricArg::Half) | None => godtab_spec::Metric::Half,
    };
    if args.metric.is_some() && args.spec.is_none() {
        bail!("--metric is for orbit puzzles' spec files (--spec FILE); the built-in puzzles' moves are fixed");
    }
    let (definition, patterns) = match (&args.puzzle, &args.spec) {
        (_, Some(path)) => {
            let spec = godtab_spec::load_spec(path, metric).with_context(|| path.display().to_string())?;
            (spec.definition, spec.patterns)
        }
        (Some(id), None) => (
            builtin::by_id(id)
                .with_context(|| {
                    let ids: Vec<&str> = builtin::every().map(|b| b.id).collect();
                    format!("unknown puzzle {id:?}: the built-in puzzles are {} (or give --spec FILE)", ids.join(", "))
                })?
                .definition(),
            None,
        ),
        (None, None) => bail!("name a built-in puzzle or give --spec FILE"),
    };
    if patterns.is_some() && args.compact {
        bail!(
            "--compact stores a complete table's distances modulo 3; a pattern set has no such form (leave --compact out)"
        );
    }
    // Where the table goes is settled, and its temporary file made, before
    // a generation that may take minutes: a folder that cannot take it is
    // found now.
    let destination = Destination::of(&args.output, std::io::stdout().is_terminal())?;
    let compressed = args.zstd || destination.zst;
    let mut pending = match &destination.file {
        Some(_) => Some(
            godtab_files::PendingWrite::create(&args.output)
                .map_err(|e| anyhow!("{}: cannot write here: {e}", args.output.display()))?,
        ),
        None => None,
    };
    let limit = args.max_memory.unwrap_or_else(memory_limit);
    let bytes = match &patterns {
        Some(patterns) => crate::pdb::generate(&definition, patterns, limit, compressed)?,
        None => complete_table(&definition, args.compact, compressed, limit)?,
    };
    let bytes_out = if compressed { godtab_gen::compress(&bytes)? } else { bytes };
    let size = Size(bytes_out.len() as u64);
    match pending.take() {
        None => {
            let mut out = crate::stdio::stdout();
            // A reader that stops early gets part of a table: that is a
            // failure here, not a reader that has seen enough.
            let closed = |e: std::io::Error| anyhow!("standard output: {e}: the table was not written whole");
            out.write_all(&bytes_out).map_err(closed)?;
            out.flush().map_err(closed)?;
            note(format_args!("wrote standard output: {size}"));
        }
        Some(mut pending) => {
            let path = &args.output;
            let target = pending.target().to_path_buf();
            pending
                .file()
                .write_all(&bytes_out)
                .and_then(|()| pending.commit())
                .with_context(|| format!("writing {}", path.display()))?;
            if target != *path {
                note(format_args!("wrote {} (through the link to {}): {size}", path.display(), target.display()));
            } else {
                note(format_args!("wrote {}: {size}", path.display()));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Plans, generates and encodes a complete table.
fn complete_table(definition: &Definition, compact: bool, compressed: bool, limit: u64) -> Result<Vec<u8>> {
    let (id, puzzle) = (definition.id(), definition.puzzle());
    // Compressing holds the table, zstd's context and the compressed output
    // at once: after the search, but possibly more than its peak.
    let needed = if compressed {
        godtab_gen::planned_memory_compressed(puzzle).context("measuring the memory zstd needs")?
    } else {
        planned_memory(puzzle)
    };
    note(format_args!(
        "{id}: {} states, planned memory {}{} (limit {})",
        thousands(puzzle.slots()),
        Size(needed),
        if compressed { " with zstd" } else { "" },
        Size(limit)
    ));
    if needed > limit {
        return Err(advise(GenError::TooLarge { slots: puzzle.slots(), needed, limit }));
    }
    let encoding = if compact { Encoding::Compact } else { Encoding::Full };
    encoding.check(puzzle).map_err(|problem| advise(GenError::Encoding(problem)))?;
    let progress = Progress::new(puzzle);
    let report = |level: &Level| progress.level(level);
    let options = Options { max_memory: Some(limit), on_level: Some(&report), encoding };
    let table = table_bytes(definition, &options).map_err(advise)?;
    progress.finish();
    Ok(table)
}

/// A generator error, with what the user can do about it.
fn advise(error: GenError) -> anyhow::Error {
    let advice = match &error {
        GenError::TooLarge { .. } => "; raise the limit with --max-memory",
        GenError::OutOfMemory { .. } => ": free memory or choose a smaller puzzle",
        GenError::Encoding(_) => ": generate the full table, without --compact",
        _ => "",
    };
    anyhow::anyhow!("{error}{advice}")
}

/// Where the table goes, checked before a long generation so that its
/// result can be written.
#[derive(Debug, PartialEq)]
struct Destination {
    /// The file that will be replaced or created (a symbolic link's final
    /// target), or `None` for standard output.
    file: Option<PathBuf>,
    /// The output's name asks for zstd compression.
    zst: bool,
}

impl Destination {
    /// Fails if the table could not be written to `path`: standard output
    /// (`-`) that is a terminal, a folder, a device, a FIFO or a socket (or
    /// a link to one), a missing folder.
    fn of(path: &Path, stdout_is_terminal: bool) -> Result<Self> {
        if path == Path::new("-") {
            if stdout_is_terminal {
                bail!(
                    "-o -: standard output is a terminal, not a place for a binary table; redirect it \
                     (godtab gen ... -o - > FILE) or give a file name"
                );
            }
            return Ok(Self { file: None, zst: false });
        }
        if path.is_dir() {
            bail!("{}: is a folder, not a table file; give the table's file name", path.display());
        }
        let target = godtab_files::output_target(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::InvalidInput => {
                anyhow!("{}: {e}; write the table to a file, or to standard output with -o -", path.display())
            }
            _ => anyhow!("{}: {e}", path.display()),
        })?;
        if target.path.file_name().is_none() {
            bail!("-o {:?}: not a file name; give the table's file name", path.display().to_string());
        }
        let dir = godtab_files::folder_of(&target.path);
        if !dir.is_dir() {
            let problem = if dir.exists() { "is not a folder" } else { "does not exist" };
            bail!("{}: {} {problem}", path.display(), dir.display());
        }
        let zst = path.extension().is_some_and(|e| e == "zst");
        Ok(Self { file: Some(target.path), zst })
    }
}

/// Reports each BFS level on stderr: a progress bar on a terminal, a plain
/// line otherwise.
struct Progress {
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    fn new(puzzle: &Puzzle) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(puzzle.slots());
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{prefix} [{bar:40}] {human_pos}/{human_len} states ({rate}{late_eta})",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                .with_key("rate", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = w.write_str(&rate_text(state.per_sec()));
                })
                .with_key("late_eta", |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = w.write_str(&eta_text(state.elapsed(), state.eta()));
                })
                .progress_chars("=> "),
            );
            bar
        });
        Self { bar }
    }

    fn level(&self, level: &Level) {
        match &self.bar {
            Some(bar) => {
                bar.set_prefix(format!("depth {:>3}", level.depth));
                bar.set_position(level.reachable);
            }
            None => note(format_args!(
                "depth {:>3}: {:>13} states, {:>13} reached of {} ({:.1} s, {})",
                level.depth,
                thousands(level.states),
                thousands(level.reachable),
                thousands(level.slots),
                level.elapsed.as_secs_f64(),
                if level.pull { "pull" } else { "push" }
            )),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A rate of states per second as a person reads it: "950 states/s",
/// "12.3 k states/s", "4.9 M states/s".
fn rate_text(per_sec: f64) -> String {
    const UNITS: [&str; 4] = ["k", "M", "G", "T"];
    // Before the first level the rate is unknown (zero or not a number).
    let per_sec = if per_sec.is_finite() && per_sec > 0.0 { per_sec } else { 0.0 };
    if per_sec < 999.5 {
        return format!("{per_sec:.0} states/s");
    }
    let mut value = per_sec / 1000.0;
    let mut unit = 0;
    // 999.96 would print as "1000.0": that is the next unit's 1.0.
    while value >= 999.95 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    format!("{value:.1} {} states/s", UNITS[unit])
}

/// ", ETA 5s" once the run has lasted a second, nothing before: an estimate
/// from the first levels is noise, and work that ends sooner needs none.
fn eta_text(elapsed: Duration, eta: Duration) -> String {
    if elapsed < Duration::from_secs(1) {
        return String::new();
    }
    format!(", ETA {:#}", indicatif::HumanDuration(eta))
}

/// A size as godtab prints it or a person writes it, in bytes: "1500",
/// "64K", "512MiB", "1.5 GiB", "1.5GB", "12 bytes". Units with or without
/// an i and without B are binary (K, Ki, KiB = 1024, then M, G, T, P, E);
/// with B and no i, decimal (KB = 1000, MB, GB, TB, PB, EB); letters in any
/// case; B or bytes alone for bytes.
fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let invalid = || {
        format!(
            "{text:?} is not a size: give bytes, or a number and a unit such as 512MiB, 1.5 GB or 2G (K, KiB, M, \
             MiB, G, GiB, T, TiB are powers of 1024; KB, MB, GB, TB powers of 1000)"
        )
    };
    let digits = text.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let unit = unit.trim_start().to_ascii_lowercase();
    let (prefix, suffix) = match unit.find(['i', 'b']) {
        Some(at) => unit.split_at(at),
        None => (unit.as_str(), ""),
    };
    let power = match prefix {
        "" => 0,
        "k" => 1,
        "m" => 2,
        "g" => 3,
        "t" => 4,
        "p" => 5,
        "e" => 6,
        _ => return Err(invalid()),
    };
    let base: u64 = match suffix {
        "" | "i" | "ib" => 1024,
        "b" => 1000,
        "byte" | "bytes" if power == 0 => 1,
        _ => return Err(invalid()),
    };
    if power == 0 && !matches!(suffix, "" | "b" | "byte" | "bytes") {
        return Err(invalid());
    }
    let scale = base.pow(power);
    let too_large = || format!("{text:?} is more than the largest size, 16 EiB");
    if let Ok(whole) = number.parse::<u64>() {
        return whole.checked_mul(scale).ok_or_else(too_large);
    }
    // A fraction of a unit: in f64, to within one part in 2^53 (far finer
    // than memory is counted), rounded to a byte.
    let value: f64 = number.parse().map_err(|_| invalid())?;
    let bytes = (value * scale as f64).round();
    if bytes >= 18_446_744_073_709_551_616.0 {
        return Err(too_large());
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_output_is_refused_on_a_terminal_only() {
        let dash = Path::new("-");
        assert_eq!(Destination::of(dash, false).unwrap(), Destination { file: None, zst: false });
        let error = Destination::of(dash, true).unwrap_err().to_string();
        assert!(error.starts_with("-o -: standard output is a terminal"), "{error}");
        assert!(!error.contains('\n'));
        // A file named "-" is written as ./-.
        let file = Destination::of(Path::new("./-"), true).unwrap();
        assert_eq!(file.file.as_deref(), Some(Path::new("./-")));
    }

    #[test]
    fn rates_read_well() {
        assert_eq!(rate_text(4_900_000.0), "4.9 M states/s");
        assert_eq!(rate_text(950.0), "950 states/s");
        assert_eq!(rate_text(12_300.0), "12.3 k states/s");
        assert_eq!(rate_text(999.6), "1.0 k states/s");
        assert_eq!(rate_text(999_960.0), "1.0 M states/s");
        assert_eq!(rate_text(23_400_000_000.0), "23.4 G states/s");
        assert_eq!(rate_text(0.0), "0 states/s");
        assert_eq!(rate_text(f64::NAN), "0 states/s");
        assert_eq!(rate_text(f64::INFINITY), "0 states/s");
    }

    #[test]
    fn the_eta_waits_for_a_second() {
        assert_eq!(eta_text(Duration::from_millis(400), Duration::from_secs(30)), "");
        assert_eq!(eta_text(Duration::from_millis(999), Duration::ZERO), "");
        assert_eq!(eta_text(Duration::from_secs(1), Duration::from_secs(5)), ", ETA 5s");
        assert_eq!(eta_text(Duration::from_secs(20), Duration::from_secs(150)), ", ETA 3m");
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("1500"), Ok(1500));
        assert_eq!(parse_size("64K"), Ok(65_536));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("1.5m"), Ok(1_572_864));
        assert_eq!(parse_size("1.5T"), Ok(3 << 39));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("-1G").is_err());
        assert!(parse_size("99999999999T").is_err());
    }

    #[test]
    fn binary_units_as_godtab_prints_them() {
        assert_eq!(parse_size("8GiB"), Ok(8 << 30));
        assert_eq!(parse_size("512MiB"), Ok(512 << 20));
        assert_eq!(parse_size("64KiB"), Ok(64 << 10));
        assert_eq!(parse_size("2TiB"), Ok(2 << 40));
        assert_eq!(parse_size("1.5 GiB"), Ok(3 << 29));
        assert_eq!(parse_size(" 1.5  gib "), Ok(3 << 29));
        assert_eq!(parse_size("64Ki"), Ok(64 << 10));
        assert_eq!(parse_size("1 PiB"), Ok(1 << 50));
        assert_eq!(parse_size("15 EiB"), Ok(15 << 60));
        // Every size godtab prints reads back as about itself.
        for bytes in [1536, 5 << 30, 1_048_575, 3 << 39] {
            let printed = godtab_gen::Size(bytes).to_string();
            let read = parse_size(&printed).unwrap() as f64;
            assert!((read / bytes as f64 - 1.0).abs() < 0.05, "{printed}: {read}");
        }
    }

    #[test]
    fn decimal_units() {
        assert_eq!(parse_size("1.5GB"), Ok(1_500_000_000));
        assert_eq!(parse_size("1.5 gb"), Ok(1_500_000_000));
        assert_eq!(parse_size("64KB"), Ok(64_000));
        assert_eq!(parse_size("64kB"), Ok(64_000));
        assert_eq!(parse_size("0.3KB"), Ok(300));
        assert_eq!(parse_size("512MB"), Ok(512_000_000));
        assert_eq!(parse_size("2TB"), Ok(2_000_000_000_000));
    }

    #[test]
    fn bytes() {
        assert_eq!(parse_size("12 bytes"), Ok(12));
        assert_eq!(parse_size("12B"), Ok(12));
        assert_eq!(parse_size("1 byte"), Ok(1));
        assert_eq!(parse_size("1023 Bytes"), Ok(1023));
    }

    #[test]
    fn not_sizes() {
        for text in [
            "",
            "GiB",
            "bytes",
            "1.5 XB",
            "1e3",
            "inf",
            "NaN",
            "1..5G",
            "1 G B",
            "1 KiBytes",
            "2Gb/s",
            "3 i",
            "1.5 K iB",
        ] {
            let error = parse_size(text).unwrap_err();
            assert!(error.contains("is not a size"), "{text:?}: {error}");
        }
        assert_eq!(parse_size("16EiB").unwrap_err(), "\"16EiB\" is more than the largest size, 16 EiB");
        assert!(parse_size("16.0 EiB").is_err());
        assert_eq!(parse_size("15.99 EiB").map(|b| b >> 60), Ok(15));
    }
}
