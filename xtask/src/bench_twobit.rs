//! `cargo xtask bench twobit`: the 2-bit search against twsearch's own
//! God's-number search (`twsearch -g`, the C++ twsearch, which also holds 2
//! bits per state and writes no table), side by side on the 3x3x3's
//! corners; and against godtab's full search on the sliding boards of
//! 2.4·10^8 states. The runs alternate, and each program's best and median
//! are reported with their ratio.
//!
//! twsearch is not built here: give its binary in `TWSEARCH` (built from the
//! public repository at the last commit that has `src/cpp`, 0a8bfb07).
//! Without it the comparison with twsearch is left out, said so.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, ensure};

use crate::godtab::Godtab;
use crate::measure::{self, Run};

/// The corners' histogram under the 18 face turns (God's number 11).
const CORNERS: [u64; 12] = [1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736];

pub fn run(runs: usize) -> Result<()> {
    let godtab = Godtab::build()?;
    let dir = crate::workspace_root().join("target/bench-twobit");
    std::fs::create_dir_all(&dir)?;
    let spec = crate::workspace_root().join("data/puzzles/cube-3x3x3-corners.tws");
    let table = dir.join("corners-compact.gtab");
    let ours = || godtab.gen_spec("cube-3x3x3-corners.tws", &table, &["--compact", "--threads", "2"]);
    let first = ours()?;
    let histogram: Vec<u64> = godtab_runtime::Table::open(&table)?.histogram().collect();
    ensure!(histogram == CORNERS, "the corners' histogram {histogram:?} is not the published one");
    let states = 88_179_840f64;
    match std::env::var_os("TWSEARCH").map(PathBuf::from) {
        None => println!("TWSEARCH is not set: the comparison with twsearch -g is left out"),
        Some(twsearch) => {
            let output = dir.join("twsearch.out");
            let theirs = || measure::run(&twsearch, &["-t", "2", "-g", &spec.to_string_lossy()], None, Some(&output));
            let first_theirs = theirs()?;
            check_twsearch(&output)?;
            let (mut a, mut b) = (vec![first], vec![first_theirs]);
            for _ in 1..runs {
                b.push(theirs()?);
                a.push(ours()?);
            }
            println!("3x3x3 corners (88,179,840 states), {runs} alternating runs each:");
            report("godtab gen --compact --threads 2", &a, states);
            report("twsearch -t 2 -g", &b, states);
            ratios("twsearch / godtab", &b, &a);
        }
    }
    // Against the full search (4 bytes per state at its peak), on the
    // sliding boards it generates in memory.
    for board in ["slide-3x4", "slide-2x6"] {
        let compact = dir.join(format!("{board}-compact.gtab"));
        let full = dir.join(format!("{board}.gtab"));
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..runs.min(3) {
            a.push(godtab.gen_spec(board, &compact, &["--compact"])?);
            b.push(godtab.gen_spec(board, &full, &[])?);
        }
        println!("{board} (239,500,800 states), {} alternating runs each:", a.len());
        report("2-bit search (--compact)", &a, 239_500_800.0);
        report("full search", &b, 239_500_800.0);
        ratios("full / 2-bit", &b, &a);
        if board == "slide-3x4" {
            parity_answers_as_full(&godtab, &dir, &full)?;
        }
    }
    Ok(())
}

/// States sampled from the 3x4 board's rank space.
const SAMPLE: u64 = 10_000;

/// Writes the 3x4 board's parity table (1 bit a state) and checks that a
/// sample of its states (every `slots / SAMPLE`-th rank, from an odd
/// offset) gets the full table's distance and an optimal solution.
fn parity_answers_as_full(godtab: &Godtab, dir: &Path, full: &Path) -> Result<()> {
    let parity = dir.join("slide-3x4-parity.gtab");
    let run = godtab.gen_spec("slide-3x4", &parity, &["--encoding", "parity"])?;
    let (parity_table, full_table) = (godtab_runtime::Table::open(&parity)?, godtab_runtime::Table::open(full)?);
    let slots = full_table.slots();
    let step = slots / SAMPLE;
    let mut moves = vec![0u8; 256];
    for k in 0..SAMPLE {
        let rank = (k * step + 7) % slots;
        let expected = full_table.distance_of_rank(rank)?;
        let got = parity_table.distance_of_rank(rank)?;
        ensure!(got == expected, "rank {rank}: the parity table says {got:?}, the full table {expected:?}");
        let state = parity_table.state_of_rank(rank).context("a sampled rank past the end")?;
        let len = parity_table.solve_into(&state, &mut moves)?;
        ensure!(Some(len as u8) == expected, "rank {rank}: a solution of {len} moves, the distance {expected:?}");
    }
    println!(
        "  --encoding parity: {} bytes in {:.1} s; {SAMPLE} sampled states answer as the full table (distance and \
         an optimal solution's length)",
        std::fs::metadata(&parity)?.len(),
        run.wall.as_secs_f64()
    );
    Ok(())
}

/// Checks that twsearch used its 2-bit search and printed the corners'
/// histogram ("Dist D cnt N ..." lines).
fn check_twsearch(output: &Path) -> Result<()> {
    let text = std::fs::read_to_string(output).context("reading twsearch's output")?;
    ensure!(text.contains("Using twobit arrays."), "twsearch did not use its 2-bit search");
    let counts: Vec<u64> = text
        .lines()
        .filter(|l| l.starts_with("Dist "))
        .filter_map(|l| l.split_whitespace().nth(3)?.parse().ok())
        .collect();
    ensure!(counts == CORNERS, "twsearch printed the histogram {counts:?}");
    Ok(())
}

fn seconds(runs: &[Run]) -> Vec<f64> {
    let mut s: Vec<f64> = runs.iter().map(|r| r.wall.as_secs_f64()).collect();
    s.sort_by(f64::total_cmp);
    s
}

fn median(sorted: &[f64]) -> f64 {
    sorted[sorted.len() / 2]
}

fn report(name: &str, runs: &[Run], states: f64) {
    let s = seconds(runs);
    let rss = runs.iter().map(|r| r.max_rss_kib).max().unwrap_or(0) as f64 / 1024.0;
    println!(
        "  {name:<34} best {:>7.2} s median {:>7.2} s ({:>5.1} M states/s), peak RSS {rss:.0} MiB ({:.3} bytes/state)",
        s[0],
        median(&s),
        states / s[0] / 1e6,
        rss * 1048576.0 / states
    );
}

fn ratios(name: &str, slow: &[Run], fast: &[Run]) {
    let (s, f) = (seconds(slow), seconds(fast));
    println!("  {name}: best {:.2}x, median {:.2}x", s[0] / f[0], median(&s) / median(&f));
}
