//! `cargo xtask fuzz [--seconds N] [--target T]`: runs every fuzz target in
//! `fuzz/` (cargo-fuzz, libFuzzer, nightly Rust) for a bounded time and
//! reports how many inputs each one ran.
//!
//! cargo-fuzz is installed from crates.io when missing. A crash stops the
//! run; save the input under `fuzz/regressions/<target>/` (the regression
//! test replays them all under plain `cargo test`) and fix the bug.

use std::process::Command;

use anyhow::{Context, Result, bail};

/// The fuzz targets, as named in fuzz/Cargo.toml.
const TARGETS: [&str; 5] =
    ["table_bytes", "judge_nine_digits", "judge_nine_puzzle", "judge_eight_puzzle", "state_text"];

/// Arguments of `cargo xtask fuzz`.
#[derive(clap::Args)]
pub struct Args {
    /// Seconds to run each target.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Run only this target.
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(TARGETS))]
    target: Option<String>,
}

pub fn run(args: &Args) -> Result<()> {
    install_cargo_fuzz()?;
    let root = crate::workspace_root();
    let targets: Vec<&str> = match &args.target {
        Some(t) => vec![t.as_str()],
        None => TARGETS.to_vec(),
    };
    let mut report = Vec::new();
    for target in targets {
        // New inputs go to the first folder; the saved regressions (a small
        // valid table, judge samples, states) seed every run.
        let corpus = root.join("fuzz/corpus").join(target);
        std::fs::create_dir_all(&corpus)?;
        println!("fuzzing {target} for {} s", args.seconds);
        let output = Command::new("cargo")
            .args(["+nightly", "fuzz", "run", target])
            .arg(&corpus)
            .arg(root.join("fuzz/regressions").join(target))
            .args(["--", &format!("-max_total_time={}", args.seconds), "-print_final_stats=1"])
            .current_dir(&root)
            .output()
            .context("running cargo fuzz")?;
        let log = String::from_utf8_lossy(&output.stderr);
        if !output.status.success() {
            let artifact = log.lines().rev().find(|l| l.contains("artifact_prefix") || l.contains("Test unit written"));
            bail!(
                "{target} found a failing input ({}); save it under fuzz/regressions/{target}/ and fix the bug\n{}",
                artifact.unwrap_or("see the log"),
                log.lines().rev().take(30).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n")
            );
        }
        let runs = log
            .lines()
            .find_map(|l| l.strip_prefix("stat::number_of_executed_units:"))
            .map_or_else(|| "?".to_string(), |n| n.trim().to_string());
        report.push((target, runs));
    }
    println!("\n{:<20} {:>14}", "target", "executions");
    for (target, runs) in report {
        println!("{target:<20} {runs:>14}");
    }
    println!("no crashes");
    Ok(())
}

fn install_cargo_fuzz() -> Result<()> {
    let present = Command::new("cargo").args(["fuzz", "--version"]).output().is_ok_and(|o| o.status.success());
    if !present {
        println!("installing cargo-fuzz");
        let status = Command::new("cargo").args(["install", "cargo-fuzz", "--locked"]).status()?;
        anyhow::ensure!(status.success(), "cargo install cargo-fuzz failed");
    }
    Ok(())
}
