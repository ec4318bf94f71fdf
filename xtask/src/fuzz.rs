//! `cargo xtask fuzz [--seconds N] [--target T]`: runs every fuzz target in
//! `fuzz/` (cargo-fuzz, libFuzzer, nightly Rust) for a bounded time and
//! reports how many inputs each one ran.
//!
//! cargo-fuzz is installed from crates.io when missing. A crash stops the
//! run; save the input under `fuzz/regressions/<target>/` (the regression
//! test replays them all under plain `cargo test`) and fix the bug.

use std::process::Command;

use anyhow::{Context, Result, bail};
use toml::de::{DeTable, DeValue};

/// Arguments of `cargo xtask fuzz`.
#[derive(clap::Args)]
pub struct Args {
    /// Seconds to run each target.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Run only this target (one of the `[[bin]]` names in fuzz/Cargo.toml).
    #[arg(long)]
    target: Option<String>,
}

/// The fuzz targets: the `[[bin]]` names of fuzz/Cargo.toml, in order.
pub fn targets() -> Result<Vec<String>> {
    let path = crate::workspace_root().join("fuzz/Cargo.toml");
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let manifest = DeTable::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let bins = match manifest.get_ref().get("bin").map(|b| b.get_ref()) {
        Some(DeValue::Array(bins)) => bins,
        _ => bail!("{}: no [[bin]] targets", path.display()),
    };
    let name = |bin: &DeValue<'_>| match bin {
        DeValue::Table(t) => t.get("name").and_then(|n| n.get_ref().as_str()).map(str::to_string),
        _ => None,
    };
    bins.iter()
        .map(|bin| name(bin.get_ref()).with_context(|| format!("{}: a [[bin]] without a name", path.display())))
        .collect()
}

pub fn run(args: &Args) -> Result<()> {
    let all = targets()?;
    let targets: Vec<&str> = match &args.target {
        Some(t) if all.contains(t) => vec![t.as_str()],
        Some(t) => bail!("no fuzz target {t:?}; the targets are {}", all.join(", ")),
        None => all.iter().map(String::as_str).collect(),
    };
    install_cargo_fuzz()?;
    let root = crate::workspace_root();
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

#[cfg(test)]
mod tests {
    /// Every fuzz target has its saved inputs replayed by the regression
    /// test, and the list comes from fuzz/Cargo.toml.
    #[test]
    fn targets_are_read_from_the_fuzz_manifest() {
        let targets = super::targets().unwrap();
        assert!(targets.iter().any(|t| t == "table_bytes"), "{targets:?}");
        for target in &targets {
            let folder = crate::workspace_root().join("fuzz/regressions").join(target);
            assert!(folder.is_dir(), "no saved inputs for {target}: {}", folder.display());
        }
    }
}
