//! `godtab gen`: write a table file (a complete table or a pattern set) for
//! a built-in puzzle or a spec file, with the same code as `cargo xtask
//! gen-tables`: where it goes (checked, and its temporary file made,
//! before anything is generated), what it is (`plan`), what gen says while
//! it works (`progress`), and sizes as people write them (`size`).

mod cluster;
mod destination;
mod orbit;
mod plan;
mod progress;
mod size;
mod two_phase;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow, bail};
use godtab_puzzles::builtin;
use godtab_runtime::Encoding;

use crate::source::memory_limit;
use crate::stdio::note;
use crate::text::Size;
use destination::Destination;
use godtab_gen::{Plan, Route};
use size::parse_size;

/// Arguments of `godtab gen`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab gen nine-puzzle -o nine-puzzle.gtab
  godtab gen eight-puzzle -o eight-puzzle.gtab.zst
  godtab gen --spec data/puzzles/slide-2x4.toml -o slide-2x4.gtab
  godtab gen --spec big.toml -o big.gtab --max-memory 8G
  godtab gen --spec big.toml -o big-compact.gtab --compact
  godtab gen --spec data/puzzles/slide-2x7.toml -o slide-2x7.gtab --encoding parity
  godtab gen --spec data/puzzles/slide-2x7.toml -o slide-2x7.gtab --compact --resume
  godtab gen nine-digits --histogram-only
  godtab gen nine-digits -o - | ssh host 'cat > nine-digits.gtab'
  godtab gen --spec data/puzzles/cube-2x2x2.tws -o cube-2x2x2.gtab
  godtab gen --spec data/puzzles/cube-2x2x2.tws --metric quarter -o cube-2x2x2-qtm.gtab
  godtab gen --spec data/puzzles/eight-puzzle.toml --metric multi -o eight-puzzle-mtm.gtab
  godtab gen --spec data/puzzles/fifteen-puzzle.toml -o fifteen-puzzle.gtab
  godtab gen --spec data/puzzles/rotate-4x4.toml -o rotate-4x4.gtab
  godtab gen cube-3x3x3-two-phase -o cube-3x3x3.twophase

Spec files are TOML, or ksolve/twsearch definition files (.tws, .ksolve, .def); both are
described in docs/SPEC.md. A TOML spec with `patterns` gives a pattern set (for boards too
large for a complete table), which solve, judge and check answer from by IDA*.

The compact and parity encodings are made by a search that holds 2 bits per state (planned and
printed before it starts). Written to a file, a run keeps its progress in FILE.partial (after a
level, and when stopped by SIGINT, SIGTERM or SIGHUP); --resume continues it, to the same bytes
as a run never stopped, and `godtab info --table FILE.partial` says how far it got.")]
pub(crate) struct Args {
    /// The built-in puzzle to generate (or give --spec); or
    /// cube-3x3x3-two-phase: the 3x3x3 cube's large two-phase tables (139
    /// MiB, about 430 MB of memory to build), for solve and judge --table.
    #[arg(required_unless_present = "spec")]
    puzzle: Option<String>,
    /// Generate the puzzle described in this spec file: TOML, or a ksolve or
    /// twsearch definition file (.tws, .ksolve, .def).
    #[arg(long, value_name = "FILE", conflicts_with = "puzzle")]
    spec: Option<PathBuf>,
    /// Which moves count as one: for an orbit puzzle, half (every power,
    /// each of cost 1: U, U2, U'; the default) or quarter (each move and
    /// its inverse: U, U'); for a sliding board, multi (the multi-tile
    /// metric: sliding a line of tiles toward the blank is one move, named
    /// by the blank's direction and count: u, u2, r3). A spec file's
    /// `metric` key says the same.
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
    #[arg(short, long, value_name = "FILE", required_unless_present = "histogram_only")]
    output: Option<PathBuf>,
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
    /// parent moves): --encoding compact. Answers are the same; a distance
    /// query then walks to the goal (O(distance x moves)) and each solution
    /// step tries the moves in order. For tables too large to store in full.
    #[arg(long, conflicts_with = "encoding")]
    compact: bool,
    /// How the table stores its answers: full (distance and parent move,
    /// the default), compact (distance modulo 3: 2 bits per state) or
    /// parity (floor(distance / 2) modulo 2: 1 bit per state, for sliding
    /// boards, whose blank's colour gives each distance's parity).
    #[arg(long, value_enum)]
    encoding: Option<EncodingArg>,
    /// Continue the run that FILE.partial holds (a compact or parity
    /// table's generation stopped by a signal, killed or cut off): the
    /// same bytes as a run never stopped. With no partial file, a new run
    /// starts.
    #[arg(long)]
    resume: bool,
    /// Keep the progress of a compact or parity generation after a level
    /// once this long has passed since it was last kept (30s, 10m, 0 for
    /// every level). By default every level while keeping it takes a tenth
    /// of the time since it was last kept.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    checkpoint_every: Option<std::time::Duration>,
    /// Count the states at each distance by the 2-bit search and print the
    /// histogram, without writing a table: for puzzles whose moves cannot be
    /// undone (their compact tables cannot be answered from), in a quarter
    /// of a full table's memory.
    ///
    /// With --processes, the processes count together and process 0
    /// prints the histogram; each keeps its part in this folder as
    /// PUZZLE.histogram.I-of-N.partial, and --resume continues a stopped
    /// count from them.
    #[arg(long, conflicts_with_all = ["compact", "encoding", "zstd", "output"])]
    histogram_only: bool,
    /// Threads to search with (by default one per core); with
    /// --processes, this process's (each process may have its own).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Generate the compact or parity table with N processes (on this
    /// machine or on the hosts of --hosts), each started with the same
    /// arguments but its own --process; process 0 writes the table at -o
    /// (with --histogram-only, prints the count).
    #[arg(long, value_name = "N", requires = "process")]
    processes: Option<usize>,
    /// This process's number, from 0 to N - 1 (with --processes).
    #[arg(long, value_name = "I", requires = "processes")]
    process: Option<usize>,
    /// One host:port line per process (line I for process I; # comments):
    /// where each listens and the others reach it. Without it, the
    /// processes run on this machine on ports --port, --port + 1, ...
    #[arg(long, value_name = "FILE", requires = "processes")]
    hosts: Option<PathBuf>,
    /// A file holding the run's secret (the same on every process; it must
    /// not be readable by every user): a connection joins the run only if
    /// its process proves that it knows the secret. The environment
    /// variable GODTAB_CLUSTER_SECRET may hold it instead. Required with
    /// --hosts; without it, process 0 makes one and shares it in -o's
    /// folder (OUT.cluster-secret, readable by its owner only, removed at
    /// the end).
    #[arg(long, value_name = "FILE", requires = "processes")]
    secret: Option<PathBuf>,
    /// The first loopback port of a run on this machine (without --hosts).
    #[arg(long, value_name = "PORT", default_value_t = 47100, requires = "processes")]
    port: u16,
    /// Give up when the other processes are silent this long at a level's
    /// end (one stopped, hung or cut off); 0 waits forever. Longer than the
    /// difference between the processes' slowest levels.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, default_value = "10m")]
    stall_timeout: std::time::Duration,
    /// Give up when not every process has connected this long after the
    /// start; 0 waits forever.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, default_value = "60s")]
    connect_timeout: std::time::Duration,
}

/// The encodings of `--encoding`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum EncodingArg {
    /// A distance and a parent move per state.
    Full,
    /// The distance modulo 3 per state.
    Compact,
    /// floor(distance / 2) modulo 2 per state, with its parity from the
    /// blank's colour (sliding boards).
    Parity,
}

/// A duration as people write it: "90", "90s", "10m", "2h", "0".
fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let text = text.trim();
    let digits = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let n: u64 = number.parse().map_err(|_| format!("{text:?} is not a duration: give 90s, 10m or 2h"))?;
    let seconds = match unit.trim() {
        "" | "s" => n,
        "m" | "min" => n.saturating_mul(60),
        "h" => n.saturating_mul(3600),
        _ => return Err(format!("{text:?} is not a duration: give 90s, 10m or 2h")),
    };
    Ok(std::time::Duration::from_secs(seconds))
}

/// The metrics of `--metric`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum MetricArg {
    /// Every power of a move is a move of cost 1 (the half-turn metric).
    Half,
    /// Only each move and its inverse (the quarter-turn metric).
    Quarter,
    /// Sliding boards: a line of tiles slid at once is one move.
    Multi,
}

/// Generates and writes the table.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    let metric = match args.metric {
        Some(MetricArg::Quarter) => godtab_spec::Metric::Quarter,
        Some(MetricArg::Multi) => godtab_spec::Metric::Multi,
        Some(MetricArg::Half) | None => godtab_spec::Metric::Half,
    };
    if args.metric.is_some() && args.spec.is_none() {
        bail!(
            "--metric is for spec files (--spec FILE); the built-in puzzles' moves are fixed (the 8-puzzle's spec \
             is data/puzzles/eight-puzzle.toml)"
        );
    }
    let limit = args.max_memory.unwrap_or_else(memory_limit);
    let (definition, patterns) = match (&args.puzzle, &args.spec) {
        (_, Some(path)) => match godtab_spec::load_any(path, metric).with_context(|| path.display().to_string())? {
            godtab_spec::Loaded::Tables(spec) => (spec.definition, spec.patterns),
            godtab_spec::Loaded::Twisty(spec) => {
                let (refused, pool) = single_run(args)?;
                return pool.install(|| orbit::run(&spec, args.output.as_deref(), &refused, limit));
            }
        },
        (Some(id), None) if id == two_phase::NAME => {
            let (refused, pool) = single_run(args)?;
            return pool.install(|| two_phase::run(args.output.as_deref(), &refused, limit));
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
    let encoding = match (args.compact, args.encoding) {
        (true, _) | (_, Some(EncodingArg::Compact)) => Encoding::Compact,
        (_, Some(EncodingArg::Parity)) => Encoding::Parity,
        _ => Encoding::Full,
    };
    let plan = Plan::new(patterns, encoding).map_err(|e| anyhow!("--compact and --encoding: {e} (leave them out)"))?;
    let threads = match args.threads {
        Some(0) => bail!("--threads 0: give at least one thread"),
        Some(n) => n,
        None => rayon::current_num_threads(),
    };
    if args.histogram_only && args.resume && args.processes.is_none() {
        bail!(
            "--resume with --histogram-only continues a count made by several processes (--processes); one \
             process's count keeps no progress"
        );
    }
    if let (Some(processes), Some(process)) = (args.processes, args.process) {
        return run_cluster(args, processes, process, definition, &plan, encoding, limit, threads);
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().context("starting the threads")?;
    pool.install(|| write(args, &definition, &plan, limit))
}

/// For the tables made in one run (an orbit pattern set, the two-phase
/// tables): what was asked that they cannot take, and the thread pool;
/// the output is checked before anything is generated.
fn single_run(args: &Args) -> Result<(orbit::Refused, rayon::ThreadPool)> {
    let refused = orbit::Refused {
        encoding: args.compact || args.encoding.is_some(),
        resume: args.resume,
        compressed: args.zstd || args.output.as_ref().is_some_and(|o| o.extension().is_some_and(|e| e == "zst")),
        histogram_only: args.histogram_only,
        processes: args.processes.is_some(),
    };
    if let Some(output) = &args.output {
        Destination::of(output, std::io::stdout().is_terminal())?;
    }
    let threads = match args.threads {
        Some(0) => bail!("--threads 0: give at least one thread"),
        Some(n) => n,
        None => rayon::current_num_threads(),
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().context("starting the threads")?;
    Ok((refused, pool))
}

/// `gen --processes N --process I`: checks that the table is one the
/// processes can make, then runs this process's part.
#[allow(clippy::too_many_arguments)]
fn run_cluster(
    args: &Args,
    processes: usize,
    process: usize,
    definition: godtab_puzzles::Definition,
    plan: &Plan,
    encoding: Encoding,
    limit: u64,
    threads: usize,
) -> Result<ExitCode> {
    if processes == 0 {
        bail!("--processes 0: give at least one process");
    }
    if process >= processes {
        bail!("--process {process}: the processes of --processes {processes} are numbered 0 to {}", processes - 1);
    }
    let (target, encoding) = if args.histogram_only {
        if !matches!(plan, Plan::Complete(_)) {
            bail!("--histogram-only counts the states of a complete search: this spec makes a pattern set");
        }
        // The count runs the compact table's search; its parts are kept
        // in this folder.
        (PathBuf::from(format!("{}.histogram", definition.id())), Encoding::Compact)
    } else {
        if !plan.searches_in_two_bits() || !matches!(encoding, Encoding::Compact | Encoding::Parity) {
            bail!(
                "--processes makes compact and parity tables of complete searches: add --compact or --encoding \
                 parity (or count the states with --histogram-only)"
            );
        }
        let Some(output) = &args.output else {
            bail!("--processes writes a table: give -o FILE");
        };
        let destination = Destination::of(output, true)?;
        if args.zstd || destination.zst || destination.file.is_none() {
            bail!(
                "--processes writes an uncompressed table to a file (not standard output or .zst): compress it after"
            );
        }
        (output.clone(), encoding)
    };
    let cluster = cluster::Cluster {
        processes,
        process,
        hosts: args.hosts.clone(),
        secret: args.secret.clone(),
        port: args.port,
        stall_timeout: args.stall_timeout,
        connect_timeout: args.connect_timeout,
    };
    let job = cluster::Job {
        definition,
        encoding,
        histogram_only: args.histogram_only,
        target,
        resume: args.resume,
        checkpoint_every: args.checkpoint_every,
        limit,
        threads,
    };
    cluster::run(&cluster, job)
}

/// Generates the table (or the histogram) and writes it where `args` say.
fn write(args: &Args, definition: &godtab_puzzles::Definition, plan: &Plan, limit: u64) -> Result<ExitCode> {
    let Some(output) = &args.output else {
        return plan::histogram(definition, limit);
    };
    // Where the table goes is settled, and its temporary file made, before
    // a generation that may take minutes: a folder that cannot take it is
    // found now.
    let destination = Destination::of(output, std::io::stdout().is_terminal())?;
    let compressed = args.zstd || destination.zst;
    let route = plan.route(destination.file.as_deref(), compressed, args.resume).map_err(|e| anyhow!("--{e}"))?;
    if route == Route::InPlace {
        let place =
            godtab_gen::InPlace { target: output, resume: args.resume, checkpoint_every: args.checkpoint_every };
        return plan::build_in_place(definition, plan, &place, limit);
    }
    let mut pending = match route {
        Route::ThroughFile => Some(
            godtab_files::PendingWrite::create(output)
                .map_err(|e| anyhow!("{}: cannot write here: {e}", output.display()))?,
        ),
        Route::InPlace | Route::InMemory => None,
    };
    let bytes = plan::build(definition, plan, compressed, limit)?;
    let bytes_out = if compressed { godtab_files::compress(&bytes)? } else { bytes };
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
            let path = output;
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
