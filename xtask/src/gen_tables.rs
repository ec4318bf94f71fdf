//! `cargo xtask gen-tables [--check]`: the shipped tables.
//!
//! Writes `data/<id>.gtab` (ready to memory-map) and `data/<id>.gtab.zst`
//! for every built-in puzzle, each atomically, and `data/SHA256SUMS`, the
//! committed manifest of them all (`sha256sum -c SHA256SUMS` checks it).
//! With `--check` nothing is written: the tables are regenerated in memory
//! and compared with the manifest.
//!
//! `--big` instead builds the large tables of the spec files listed in
//! [`BIG`] (hundreds of millions of states, minutes each) into `data/`, with
//! `godtab gen`; they are neither committed nor in the manifest.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result, bail};
use godtab_puzzles::builtin;
use sha2::{Digest, Sha256};

/// Arguments of `cargo xtask gen-tables`.
#[derive(clap::Args)]
pub struct Args {
    /// Compare freshly generated tables with data/SHA256SUMS instead of
    /// writing anything.
    #[arg(long)]
    check: bool,
    /// Build the big tables (3x4 and 2x6 sliding puzzles) instead.
    #[arg(long, conflicts_with = "check")]
    big: bool,
}

/// The big tables: spec files in data/puzzles/ whose tables `--big` builds.
pub const BIG: [&str; 2] = ["slide-3x4", "slide-2x6"];

/// The manifest's name in `data/`.
const MANIFEST: &str = "SHA256SUMS";

pub fn run(args: &Args) -> Result<()> {
    let data = crate::workspace_root().join("data");
    if args.big {
        return big(&data);
    }
    if args.check {
        check(&data)?;
        println!("data/{MANIFEST} is up to date");
        return Ok(());
    }
    let files = generate()?;
    std::fs::create_dir_all(&data)?;
    for (name, bytes) in &files {
        let path = data.join(name);
        godtab_gen::write_atomic(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
        println!("wrote data/{name} ({} bytes)", bytes.len());
    }
    godtab_gen::write_atomic(&data.join(MANIFEST), manifest(&files).as_bytes())?;
    println!("wrote data/{MANIFEST}");
    Ok(())
}

/// Builds every big table with the release `godtab gen`.
fn big(data: &Path) -> Result<()> {
    crate::cargo(&["build", "--quiet", "--release", "-p", "godtab"])?;
    let godtab = crate::workspace_root().join("target/release/godtab");
    for name in BIG {
        let spec = data.join("puzzles").join(format!("{name}.toml"));
        let out = data.join(format!("{name}.gtab"));
        let started = std::time::Instant::now();
        let status = std::process::Command::new(&godtab)
            .arg("gen")
            .arg("--spec")
            .arg(&spec)
            .arg("-o")
            .arg(&out)
            .status()
            .with_context(|| format!("running {}", godtab.display()))?;
        anyhow::ensure!(status.success(), "generating {name} failed");
        println!("wrote data/{name}.gtab in {:.1} s", started.elapsed().as_secs_f64());
    }
    Ok(())
}

/// Regenerates every table in memory and compares it with the manifest.
pub fn check(data: &Path) -> Result<()> {
    let path = data.join(MANIFEST);
    let committed = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let fresh = manifest(&generate()?);
    if committed == fresh {
        return Ok(());
    }
    let committed_lines: Vec<&str> = committed.lines().collect();
    let stale: Vec<&str> = fresh
        .lines()
        .filter(|line| !committed_lines.contains(line))
        .filter_map(|line| line.split("  ").nth(1))
        .collect();
    if stale.is_empty() {
        bail!("data/{MANIFEST} lists files that are no longer generated; run `cargo xtask gen-tables`");
    }
    bail!(
        "data/{} {} not up to date; run `cargo xtask gen-tables`",
        stale.join(", data/"),
        if stale.len() == 1 { "was" } else { "were" }
    )
}

/// Every shipped file: name and contents.
fn generate() -> Result<Vec<(String, Vec<u8>)>> {
    let mut files = Vec::new();
    for b in builtin::ALL {
        let table = godtab_gen::build_table(b).with_context(|| format!("generating {}", b.id))?;
        let compressed = godtab_gen::compress(&table)?;
        files.push((format!("{}.gtab", b.id), table));
        files.push((format!("{}.gtab.zst", b.id), compressed));
    }
    files.sort();
    Ok(files)
}

/// The manifest in `sha256sum` format.
fn manifest(files: &[(String, Vec<u8>)]) -> String {
    let mut out = String::new();
    for (name, bytes) in files {
        let digest = Sha256::digest(bytes);
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        let _ = writeln!(out, "{hex}  {name}");
    }
    out
}

#[cfg(test)]
mod tests {
    /// Stale tables can never land: the committed manifest must match what
    /// the generator makes today.
    #[test]
    fn shipped_tables_are_up_to_date() {
        super::check(&crate::workspace_root().join("data")).unwrap();
    }
}
