//! `cargo xtask bench pdb`: the 15-puzzle's pattern sets. Generation time
//! and peak memory of 6-6-3 and 7-8, then one seeded set of uniformly
//! random solvable states solved with 7-8 (with the reflected lookup), with
//! 6-6-3, and with Manhattan distance (fifteen 1-tile patterns, on the first
//! states only: it needs about ten thousand times more nodes); and the
//! same states in the multi-tile metric, with its 6-6-3 set (each pattern
//! holding the blank, the largest entry the bound).
//!
//! With `GODTAB_BENCH_REUSE=1` in the environment, sets already generated
//! in `target/bench-pdb/` are reused (the 7-8 set takes many minutes) and
//! only the searches run.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result, ensure};

use crate::godtab::Godtab;
use crate::measure::{self, Run};

/// States in the benchmark set, and the seed that draws them.
const STATES: usize = 100;
const SEED: u64 = 2004;
/// States solved with Manhattan distance alone.
const MANHATTAN_STATES: usize = 5;

pub fn run() -> Result<()> {
    let godtab = Godtab::build()?;
    let dir = crate::workspace_root().join("target/bench-pdb");
    std::fs::create_dir_all(&dir)?;
    let goal: Vec<String> = (1..16).map(|t| t.to_string()).chain(["x".into()]).collect();
    let manhattan_spec = dir.join("fifteen-manhattan.toml");
    let singles: Vec<String> = (1..16).map(|t| format!("[{t}]")).collect();
    std::fs::write(
        &manhattan_spec,
        format!(
            "name = \"fifteen-puzzle\"\nkind = \"sliding\"\nrows = 4\ncols = 4\ngoal = [{}]\npatterns = [{}]\n",
            goal.iter().map(|t| if t == "x" { "\"x\"".into() } else { t.clone() }).collect::<Vec<_>>().join(", "),
            singles.join(", ")
        ),
    )?;
    let sets = [
        ("7-8", "fifteen-puzzle-7-8", crate::workspace_root().join("data/puzzles/fifteen-puzzle-7-8.toml")),
        ("6-6-3", "fifteen-puzzle", crate::workspace_root().join("data/puzzles/fifteen-puzzle.toml")),
        ("Manhattan", "fifteen-manhattan", manhattan_spec),
        ("MTM 6-6-3", "fifteen-puzzle-multi", crate::workspace_root().join("data/puzzles/fifteen-puzzle-multi.toml")),
    ];
    let mut report = String::new();
    let reuse = std::env::var_os("GODTAB_BENCH_REUSE").is_some_and(|v| v == "1");
    for (label, name, spec) in &sets {
        let out = dir.join(format!("{name}.gtab"));
        if reuse && out.exists() {
            continue;
        }
        let args = ["gen", "--spec", &spec.to_string_lossy(), "-o", &out.to_string_lossy()].map(String::from);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = measure::run(godtab.path(), &args, None, None)?;
        let size = std::fs::metadata(&out)?.len();
        let line = format!(
            "generate {label}: {:.1} s wall, peak RSS {:.2} GiB, {:.1} MiB\n",
            run.wall.as_secs_f64(),
            run.max_rss_kib as f64 / (1 << 20) as f64,
            size as f64 / (1 << 20) as f64
        );
        print!("{line}");
        report.push_str(&line);
    }
    let states = random_states(STATES, SEED);
    std::fs::write(dir.join("states.txt"), states.join("\n") + "\n")?;
    for (label, name, _) in &sets {
        let count = if *label == "Manhattan" { MANHATTAN_STATES } else { STATES };
        let line = solve_all(&godtab, &dir.join(format!("{name}.gtab")), label, &states[..count])?;
        print!("{line}");
        report.push_str(&line);
    }
    std::fs::write(dir.join("report.txt"), &report)?;
    println!("(report in target/bench-pdb/report.txt, states in target/bench-pdb/states.txt)");
    Ok(())
}

/// Solves `states` in one `godtab solve --json` run; a line of totals.
fn solve_all(godtab: &Godtab, table: &Path, label: &str, states: &[String]) -> Result<String> {
    let out = table.with_extension("json");
    let table = table.to_string_lossy();
    let mut args = vec!["solve", "--json", "--max-nodes", "100000000000", "--table", &table];
    args.extend(states.iter().map(String::as_str));
    let run: Run = measure::run(godtab.path(), &args, None, Some(&out))?;
    let text = std::fs::read_to_string(&out)?;
    let (mut expanded, mut generated, mut seconds, mut length) = (0u64, 0u64, 0f64, 0usize);
    let mut solved = 0;
    for line in text.lines() {
        let answer: serde_json::Value = serde_json::from_str(line).context("a line of solve --json")?;
        expanded += answer["nodes"].as_u64().unwrap_or(0);
        generated += answer["generated"].as_u64().unwrap_or(0);
        seconds += answer["seconds"].as_f64().unwrap_or(0.0);
        length += answer["distance"].as_u64().unwrap_or(0) as usize;
        solved += usize::from(answer["distance"].is_u64());
    }
    ensure!(solved == states.len(), "{label}: {solved} of {} states solved", states.len());
    let n = states.len() as f64;
    let mut line = String::new();
    let _ = writeln!(
        line,
        "solve {} states with {label}: {:.2} s wall ({:.3} s searching), mean length {:.2}, mean nodes {:.0} \
         generated / {:.0} expanded per state, {:.1} M nodes generated/s",
        states.len(),
        run.wall.as_secs_f64(),
        seconds,
        length as f64 / n,
        generated as f64 / n,
        expanded as f64 / n,
        generated as f64 / seconds / 1e6
    );
    Ok(line)
}

/// `count` uniformly random solvable 15-puzzle states (tiles 1-15 and x,
/// goal with the blank last), drawn with xorshift64* from `seed`.
pub fn random_states(count: usize, seed: u64) -> Vec<String> {
    let mut x = seed.max(1);
    let mut next = move |bound: u64| {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        // The high bits of xorshift64*, scaled: a bias of bound/2^64.
        ((u128::from(x.wrapping_mul(0x2545_F491_4F6C_DD1D)) * u128::from(bound)) >> 64) as u64
    };
    let mut states = Vec::new();
    while states.len() < count {
        let mut cells: Vec<u8> = (1..=16).collect();
        for i in (1..16).rev() {
            cells.swap(i, next(i as u64 + 1) as usize);
        }
        // Solvable when the permutation's parity is that of the blank's
        // distance from its home (every move is one swap and one step).
        let inversions: usize = (0..16).map(|i| (i + 1..16).filter(|&j| cells[j] < cells[i]).count()).sum();
        let blank = cells.iter().position(|&c| c == 16).unwrap_or(15);
        let distance = (3 - blank / 4) + (3 - blank % 4);
        if inversions % 2 == distance % 2 {
            let text: Vec<String> = cells.iter().map(|&c| if c == 16 { "x".into() } else { c.to_string() }).collect();
            states.push(text.join(" "));
        }
    }
    states
}
