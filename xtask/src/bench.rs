//! `cargo xtask bench gen|judge`: godtab against the seed programs, side by
//! side in one run, with the answers of both checked against each other.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail, ensure};
use godtab_puzzles::builtin::{self, Builtin};

use crate::bench_cases::{check_moves, grid, rewrite, unsolvable_if_odd, write_random};
use crate::godtab::Godtab;
use crate::measure::{self, Run};
use crate::seeds::{self, Seed};

/// Arguments of `cargo xtask bench`.
#[derive(clap::Args)]
pub struct Args {
    /// What to compare.
    #[arg(value_enum)]
    what: What,
    /// Runs of each program (the fastest is reported); the slowest seed
    /// program runs once.
    #[arg(long, default_value_t = 11)]
    runs: usize,
    /// `size` only: at opt-level z alone, and fail when a lookup exceeds its
    /// budget (code, handle, stack).
    #[arg(long)]
    check: bool,
    /// Where the seed statements are.
    #[arg(long, default_value_os_t = seeds::default_dir())]
    seeds: PathBuf,
    /// `cube` only: the table godtab plans within this budget (as `gen
    /// --max-memory`, e.g. 1G) instead of the default one.
    #[arg(long, value_name = "SIZE")]
    max_memory: Option<String>,
    /// `cube` only: the optimal lengths whose positions are solved, e.g.
    /// 16,17 (default: every group of the file).
    #[arg(long, value_name = "LENGTHS", value_delimiter = ',')]
    lengths: Vec<usize>,
    /// `two-phase` only: the random cubes solved (default 1000).
    #[arg(long)]
    count: Option<usize>,
    /// `two-phase` only: the alternated rounds (default 3).
    #[arg(long)]
    rounds: Option<usize>,
    /// `two-phase` only: 100 cubes, 2 rounds.
    #[arg(long)]
    quick: bool,
    /// `two-phase` only: the time per cube of the fixed-time run, in
    /// milliseconds (default 10): the shortest answer found within it.
    #[arg(long, value_name = "MS", default_value_t = 10)]
    budget_ms: u64,
    /// `serve` only: how long each load runs, in seconds.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum What {
    /// Generating the nine-digits table vs the BFS of seed 000.
    Gen,
    /// `godtab judge` on every built-in vs seeds 000, 001 and 003.
    Judge,
    /// Generation from 2x4 to 3x4 and 2x6 sliding puzzles and the corners
    /// of the 3x3x3 cube: time, rate, size and peak memory; then query
    /// latency on the 3x4 table.
    Scale,
    /// The 15-puzzle's pattern sets: generating 6-6-3 and 7-8, and solving
    /// 100 random states with 7-8, 6-6-3 and Manhattan distance.
    Pdb,
    /// The 2-bit search against twsearch's (`TWSEARCH=path/to/twsearch`)
    /// on the 3x3x3's corners, and against the full search on 3x4 and 2x6.
    Twobit,
    /// One table by two processes on loopback against one process, on the
    /// 3x4 board's compact table.
    Cluster,
    /// The code, RAM and stack a firmware image pays for godtab: the size
    /// probes of examples/size at opt-level z and s, Rust and C.
    Size,
    /// The Rubik's cube solved optimally: the default table's generation,
    /// then the positions of data/bench/cube-3x3x3.txt by optimal length
    /// (and by vcube, `VCUBE=path/to/vc-optimal`, beside godtab on one
    /// thread).
    Cube,
    /// Writes data/bench/cube-3x3x3.txt: seeded random positions, solved
    /// and grouped by optimal length.
    CubePositions,
    /// godtab-twophase against min2phase on the same random cubes, one
    /// thread each, within 21 and 20 moves (with `--max-memory`, also
    /// godtab's large tables built within it).
    TwoPhase,
    /// `godtab serve` on loopback: requests per second and p50/p99 latency
    /// of built-in lookups and of 15-puzzle searches, every answer checked
    /// against `godtab solve --json`.
    Serve,
}

pub fn run(args: &Args) -> Result<()> {
    match args.what {
        What::Gen => generation(args),
        What::Judge => judge(args),
        What::Scale => scale(args),
        What::Pdb => crate::bench_pdb::run(),
        What::Twobit => crate::bench_twobit::run(args.runs.min(7)),
        What::Cluster => crate::bench_cluster::run(args.runs.min(7)),
        What::Size => crate::bench_size::run(args.check),
        What::Cube => crate::bench_cube::run(args.max_memory.as_deref(), &args.lengths),
        What::CubePositions => crate::bench_cube::make_positions(),
        What::TwoPhase => {
            let limit = args.max_memory.as_deref().map(parse_size).transpose()?;
            crate::bench_twophase::run(args.count, args.rounds, args.quick, limit, args.budget_ms)
        }
        What::Serve => crate::bench_serve::run(args.seconds),
    }
}

/// A size such as `512M` or `1G` (binary units) in bytes.
fn parse_size(text: &str) -> Result<u64> {
    let t = text.trim().trim_end_matches(['B', 'b']).trim_end_matches('i');
    let (digits, unit) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&t[..i], c.to_ascii_uppercase()),
        _ => (t, ' '),
    };
    let shift = match unit {
        ' ' => 0,
        'K' => 10,
        'M' => 20,
        'G' => 30,
        _ => bail!("--max-memory {text:?}: not a size (e.g. 512M, 1G)"),
    };
    let n: u64 = digits.trim().parse().with_context(|| format!("--max-memory {text:?}: not a size (e.g. 512M, 1G)"))?;
    n.checked_mul(1 << shift).with_context(|| format!("--max-memory {text:?}: too large"))
}

fn target() -> PathBuf {
    crate::workspace_root().join("target")
}

fn build_seed(seed: &Seed, args: &Args) -> Result<PathBuf> {
    seed.build(&args.seeds, &target().join("seeds")).context("cannot build the seed program to compare with")
}

fn generation(args: &Args) -> Result<()> {
    crate::cargo(&["build", "--quiet", "--release", "-p", "godtab-gen", "--example", "generate"])?;
    let ours = target().join("release/examples/generate");
    let seed = build_seed(&seeds::NINE_DIGITS, args)?;
    println!("Generating the nine-digits table (362,880 states), best of {} runs each:", args.runs);
    let mut godtab = Vec::new();
    let mut theirs = Vec::new();
    // Alternate the two so that a noisy neighbour hurts both alike, and keep
    // each one's best run: on a shared machine the minimum is the figure
    // least disturbed by others.
    for _ in 0..args.runs {
        godtab.push(measure::run(&ours, &["nine-digits"], None, None)?.wall);
        theirs.push(measure::run(&seed, &[], None, None)?.wall);
    }
    let (godtab, theirs) = (minimum(godtab), minimum(theirs));
    println!("  {:<44} {:>10}", "godtab (reverse BFS, all cores)", ms(godtab));
    println!("  {:<44} {:>10}", format!("{} on empty input (its BFS)", seeds::NINE_DIGITS.title), ms(theirs));
    println!("  ratio: godtab is {:.1}x faster", theirs.as_secs_f64() / godtab.as_secs_f64());
    Ok(())
}

/// The scaling series: a row's name, its spec file in data/puzzles/ and
/// extra arguments of `godtab gen`, smallest first; the orbit puzzles
/// last, beside the sliding boards of about their size.
const SCALE: [(&str, &str, &[&str]); 8] = [
    ("slide-2x4", "slide-2x4", &[]),
    ("eight-puzzle", "eight-puzzle", &[]),
    ("slide-2x5", "slide-2x5", &[]),
    ("slide-3x4", "slide-3x4", &[]),
    ("slide-2x6", "slide-2x6", &[]),
    ("cube-2x2x2", "cube-2x2x2.tws", &[]),
    ("corners-htm", "cube-3x3x3-corners.tws", &[]),
    ("corners-qtm", "cube-3x3x3-corners.tws", &["--metric", "quarter"]),
];

/// Distance distributions the corners' tables must have: the 3x3x3
/// corners under the 18 face turns (the corner pattern database of optimal
/// cube solvers since Korf's, God's number 11), and the 2x2x2's (also a
/// test of `godtab-spec`).
const KNOWN_HISTOGRAMS: [(&str, &[u64]); 2] = [
    ("corners-htm", &[1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736]),
    ("cube-2x2x2", &[1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]),
];

fn scale(args: &Args) -> Result<()> {
    let godtab = Godtab::build()?;
    crate::cargo(&["build", "--quiet", "--release", "-p", "godtab-gen", "--example", "latency"])?;
    let dir = target().join("bench-scale");
    std::fs::create_dir_all(&dir)?;
    let mut rows = Vec::new();
    for (name, spec, extra) in SCALE {
        let out = dir.join(format!("{name}.gtab"));
        println!("generating {name}");
        let run = godtab.gen_spec(spec, &out, extra)?;
        let table = godtab_runtime::Table::open_mmap(&out)?;
        if let Some((_, histogram)) = KNOWN_HISTOGRAMS.iter().find(|(known, _)| *known == name) {
            let ours: Vec<u64> = table.histogram().collect();
            ensure!(ours == *histogram, "{name}: the histogram {ours:?} is not the published {histogram:?}");
            println!("  histogram as published");
        }
        rows.push((name, table.slots(), table.max_depth(), table.len(), table.puzzle().move_count(), run));
    }
    println!(
        "\n{:<13} {:>13} {:>6} {:>6} {:>10} {:>14} {:>12} {:>10}",
        "puzzle", "states", "God's", "moves", "seconds", "states/s", "bytes/state", "peak RSS"
    );
    for (name, states, depth, bytes, moves, run) in &rows {
        let seconds = run.wall.as_secs_f64();
        println!(
            "{name:<13} {states:>13} {depth:>6} {moves:>6} {seconds:>10.2} {:>14.0} {:>12.3} {:>6.0} MiB",
            *states as f64 / seconds,
            *bytes as f64 / *states as f64,
            run.max_rss_kib as f64 / 1024.0
        );
    }
    // The rates side by side: the corners against the 3x4 board, run
    // alternately, each one's best run kept (a shared machine's load moves
    // both alike; the minimum is the figure least disturbed).
    let rounds = args.runs.min(3);
    println!("\ncorners against the 3x4 sliding board, alternately, best of {rounds} runs each:");
    let entry = |name: &str| SCALE.iter().find(|row| row.0 == name).copied();
    let [Some(slide), Some(htm), Some(qtm)] = [entry("slide-3x4"), entry("corners-htm"), entry("corners-qtm")] else {
        bail!("the scaling series lacks a row to compare");
    };
    let mut best = [Duration::MAX; 3];
    for _ in 0..rounds {
        for (i, (name, spec, extra)) in [slide, htm, qtm].into_iter().enumerate() {
            let run = godtab.gen_spec(spec, &dir.join(format!("{name}.gtab")), extra)?;
            best[i] = best[i].min(run.wall);
        }
    }
    let states = |name: &str| rows.iter().find(|r| r.0 == name).map_or(0, |r| r.1) as f64;
    let rate = |i: usize, name: &str| states(name) / best[i].as_secs_f64();
    let slide_rate = rate(0, "slide-3x4");
    for (i, name) in [(1, "corners-htm"), (2, "corners-qtm")] {
        println!(
            "  {name:<12} {:>8.2} s {:>8.1} M states/s, {:.2}x the 3x4 board's {:.1} M states/s ({:.2} s)",
            best[i].as_secs_f64(),
            rate(i, name) / 1e6,
            rate(i, name) / slide_rate,
            slide_rate / 1e6,
            best[0].as_secs_f64()
        );
    }
    let latency = target().join("release/examples/latency");
    let big = dir.join("slide-3x4.gtab");
    let report = dir.join("latency.txt");
    measure::run(&latency, &[&big.to_string_lossy(), "4000"], None, Some(&report))?;
    println!("\nmemory-mapped queries: {}", std::fs::read_to_string(&report)?.trim());
    Ok(())
}

/// One comparison: a puzzle, an input, and both programs' runs on it.
struct Comparison {
    builtin: &'static Builtin,
    cases: usize,
    seed_cases: usize,
    godtab: Run,
    seed: Run,
}

fn judge(args: &Args) -> Result<()> {
    let built = Godtab::build()?;
    let godtab = built.path();
    let dir = target().join("bench-judge");
    std::fs::create_dir_all(&dir)?;
    let file = |name: &str| dir.join(name);
    let (digits_seed, nine_seed, eight_seed) = (
        build_seed(&seeds::NINE_DIGITS, args)?,
        build_seed(&seeds::NINE_PUZZLE, args)?,
        build_seed(&seeds::EIGHT_PUZZLE, args)?,
    );

    // Inputs first, streamed through files: a child process inherits this
    // process's peak RSS, so nothing big may live here before the runs.
    // Nine Digits: 1,000,000 random cases. 9 Puzzle: 100,000 cases, every
    // other one made unsolvable by swapping two tiles (an odd permutation).
    // Eight: 60 cases for seed 003, which searches for each, and 1,000,000
    // for godtab, half unsolvable both times.
    write_random(godtab, "nine-digits", 1_000_000, 1, &file("nine-digits.in"))?;
    write_random(godtab, "nine-puzzle", 100_000, 2, &file("nine-puzzle.cases"))?;
    rewrite(
        &file("nine-puzzle.cases"),
        &file("nine-puzzle.in"),
        |i, case| grid(&unsolvable_if_odd(i, case, 3)),
        "0\n",
    )?;
    for (count, seed, name) in [(60, 4, "eight-puzzle-60"), (1_000_000, 5, "eight-puzzle")] {
        write_random(godtab, "eight-puzzle", count, seed, &file(&format!("{name}.random")))?;
        let cases = file(&format!("{name}.in"));
        rewrite(
            &file(&format!("{name}.random")),
            &cases,
            |i, case| format!("{}\n", unsolvable_if_odd(i, case, 0)),
            "",
        )?;
    }

    let judge_run = |puzzle: &str, input: &str, output: &str| {
        fastest_of(args.runs, || measure::run(godtab, &["judge", puzzle], Some(&file(input)), Some(&file(output))))
    };
    let seed_run = |seed: &Path, input: &str, output: &str, runs: usize| {
        fastest_of(runs, || measure::run(seed, &[], Some(&file(input)), Some(&file(output))))
    };
    let rows = [
        Comparison {
            builtin: &builtin::NINE_DIGITS,
            cases: 1_000_000,
            seed_cases: 1_000_000,
            godtab: judge_run("nine-digits", "nine-digits.in", "nine-digits.godtab")?,
            seed: seed_run(&digits_seed, "nine-digits.in", "nine-digits.seed", args.runs.min(3))?,
        },
        Comparison {
            builtin: &builtin::NINE_PUZZLE,
            cases: 100_000,
            seed_cases: 100_000,
            godtab: judge_run("nine-puzzle", "nine-puzzle.in", "nine-puzzle.godtab")?,
            seed: seed_run(&nine_seed, "nine-puzzle.in", "nine-puzzle.seed", args.runs.min(3))?,
        },
        Comparison {
            builtin: &builtin::EIGHT_PUZZLE,
            cases: 1_000_000,
            seed_cases: 60,
            godtab: judge_run("eight-puzzle", "eight-puzzle.in", "eight-puzzle.godtab")?,
            seed: seed_run(&eight_seed, "eight-puzzle-60.in", "eight-puzzle-60.seed", 1)?,
        },
    ];

    // Then the answers.
    let read = |name: &str| std::fs::read_to_string(file(name));
    ensure!(read("nine-digits.godtab")? == read("nine-digits.seed")?, "nine-digits: godtab and seed 000 disagree");
    check_moves(
        &builtin::NINE_PUZZLE,
        &read("nine-puzzle.in")?,
        &read("nine-puzzle.godtab")?,
        &read("nine-puzzle.seed")?,
    )?;
    measure::run(
        godtab,
        &["judge", "eight-puzzle"],
        Some(&file("eight-puzzle-60.in")),
        Some(&file("eight-puzzle-60.godtab")),
    )?;
    let few = read("eight-puzzle-60.in")?;
    check_moves(&builtin::EIGHT_PUZZLE, &few, &read("eight-puzzle-60.godtab")?, &read("eight-puzzle-60.seed")?)?;
    let (many, answers) = (read("eight-puzzle.in")?, read("eight-puzzle.godtab")?);
    check_moves(&builtin::EIGHT_PUZZLE, &many, &answers, &answers)?;

    println!("godtab judge vs the seed programs (g++ -O2), best of {} runs each:", args.runs);
    println!(
        "  {:<13} {:>10} {:>11} {:>10} {:>11} {:>11} {:>9} {:>10}",
        "puzzle", "cases", "godtab", "per case", "seed", "per case", "ratio", "peak RSS"
    );
    for row in &rows {
        let ours_per_case = row.godtab.wall.as_secs_f64() / row.cases as f64;
        let theirs_per_case = row.seed.wall.as_secs_f64() / row.seed_cases as f64;
        println!(
            "  {:<13} {:>10} {:>11} {:>10} {:>11} {:>11} {:>8.0}x {:>6.1} MiB",
            row.builtin.id,
            row.cases,
            ms(row.godtab.wall),
            per_case(ours_per_case),
            ms(row.seed.wall),
            per_case(theirs_per_case),
            theirs_per_case / ours_per_case,
            row.godtab.max_rss_kib as f64 / 1024.0,
        );
    }
    println!("  (eight-puzzle: seed 003 ran on 60 of the cases; ratios compare time per case)");
    println!("  answers: identical for nine-digits; for nine-puzzle and eight-puzzle the same number of");
    println!("  moves or the same verdict of unsolvable, and every godtab move sequence replays to the goal");
    Ok(())
}

/// The run with the least wall time out of `runs`.
fn fastest_of(runs: usize, mut once: impl FnMut() -> Result<Run>) -> Result<Run> {
    let mut best = once()?;
    for _ in 1..runs {
        let run = once()?;
        if run.wall < best.wall {
            best = Run { wall: run.wall, max_rss_kib: best.max_rss_kib.max(run.max_rss_kib) };
        } else {
            best.max_rss_kib = best.max_rss_kib.max(run.max_rss_kib);
        }
    }
    Ok(best)
}

fn minimum(times: Vec<Duration>) -> Duration {
    times.into_iter().min().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn per_case(seconds: f64) -> String {
    if seconds >= 1e-3 { format!("{:.1} ms", seconds * 1e3) } else { format!("{:.0} ns", seconds * 1e9) }
}
