//! Developer and release tasks: `cargo xtask <task>`.
//!
//! - `gen-tables [--check | --big]`: write (or check) the shipped tables in
//!   `data/`, or build the big ones.
//! - `gen-fixture [--check]`: write (or check) the committed fixture tables
//!   of this format version and the embedded example's table.
//! - `gen-header [--check]`: write (or check) `include/godtab.h`, the C
//!   API's header, with cbindgen.
//! - `capi [--valgrind]`: build the C libraries, check that the no-std
//!   one references no allocator, and build and run `examples/c` (under
//!   valgrind with `--valgrind`).
//! - `dist [--target-dir DIR]`: the release bundle,
//!   `target/dist/godtab-VERSION-TARGET.tar.gz` (or in `DIR/dist/`, built
//!   from nothing in `DIR`: CI builds it twice to check it is reproducible)
//!   (and its folder): the binary, the C libraries and header, the tables,
//!   SHA256SUMS, the README and docs/, and licences; the same bytes every
//!   build.
//! - `bench gen`: time generating the nine-digits table against the BFS of
//!   the seed program (`../shared/seeds/000_*.txt`, built with g++ -O2).
//! - `bench judge`: time `godtab judge` against the seed programs on the
//!   same inputs, and check that their answers agree.
//! - `bench scale`: generate the large tables (3x4 and 2x6 boards, the 2x2x2
//!   cube, the 3x3x3's corners) and report time, rate and memory.
//! - `bench pdb`: solve 100 random 15-puzzle states with three pattern sets
//!   and report nodes and time against the published figures.
//! - `bench twobit`: the 2-bit search against twsearch's God's-number
//!   search (its binary in `TWSEARCH`) and against the full search.
//! - `bench cluster`: one table by two processes against one process.
//! - `bench cube`: the Rubik's cube solved optimally, by optimal length
//!   (the positions of data/bench/cube-3x3x3.txt, which
//!   `bench cube-positions` writes).
//! - `bench two-phase`: godtab-twophase against min2phase on the same
//!   random cubes, within 21 and 20 moves, one thread each, alternated
//!   (`--count`, `--rounds`, `--quick`; `--max-memory` adds the large
//!   tables).
//! - `bench serve`: `godtab serve` on loopback under concurrent clients:
//!   requests per second and p50/p99 latency of built-in lookups and of
//!   15-puzzle searches, every answer checked against `godtab solve --json`.
//! - `bench size`: the code, RAM and stack a firmware image pays for godtab
//!   (Table, PatternSet, Lookup; Rust and C; opt-level z and s; the
//!   cube's two-phase solve from C, tables included); `--check` fails when
//!   a lookup or the cube's solve exceeds its budget.
//! - `python [--bench] [--prepare]`: build the Python module as pip
//!   installs it (`crates/python`) into `target/python/venv` and run its
//!   pytest tests; `--bench` measures the batch query; `--prepare` only
//!   makes the environment.
//! - `fuzz [--seconds N]`: run every fuzz target for a bounded time.
//! - `verifyproblem [--prepare]`: the problem packages `godtab package`
//!   writes, checked by Kattis problemtools' `verifyproblem` (installed
//!   from PyPI into `target/problemtools/venv`; `--prepare` only installs
//!   it).

mod artefacts;
mod bench;
mod bench_cases;
mod bench_cluster;
mod bench_cube;
mod bench_pdb;
mod bench_serve;
mod bench_size;
mod bench_size_cube;
mod bench_twobit;
mod bench_twophase;
mod capi;
mod dist;
mod dist_licences;
mod fuzz;
mod gen_tables;
mod godtab;
mod measure;
mod problemtools;
mod python;
mod seeds;
mod tidy;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cargo xtask", about = "godtab developer tasks")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Write the built-in tables and data/SHA256SUMS (or --check them).
    GenTables(gen_tables::Args),
    /// Write the committed fixture tables of the current format version (or
    /// --check them).
    GenFixture(FixtureArgs),
    /// Write include/godtab.h, the C API's header, from crates/capi (or
    /// --check it).
    GenHeader(FixtureArgs),
    /// Build the C libraries (target/capi/lib), check that the no-std one
    /// references no allocator, and build and run examples/c.
    Capi(capi::Args),
    /// Write the release bundle: target/dist/godtab-VERSION-TARGET.tar.gz
    /// and its folder (built in --target-dir if given).
    Dist(dist::Args),
    /// Compare godtab with the seed programs, side by side in one run.
    Bench(bench::Args),
    /// Build the Python module as pip installs it and run its tests
    /// (target/python/venv); --bench measures the batch query.
    Python(python::Args),
    /// Run every fuzz target for a bounded time (installs cargo-fuzz).
    Fuzz(fuzz::Args),
    /// Check the problem packages of `godtab package` with Kattis
    /// problemtools' verifyproblem (target/problemtools/venv).
    Verifyproblem(VerifyproblemArgs),
}

/// Arguments of `cargo xtask verifyproblem`.
#[derive(clap::Args)]
struct VerifyproblemArgs {
    /// Only make the virtual environment and install problemtools (CI
    /// does it in the background while it compiles).
    #[arg(long)]
    prepare: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::GenTables(args) => gen_tables::run(&args),
        Task::GenFixture(args) => artefacts::Artefacts::fixtures()
            .and_then(|files| write_or_check(&files, &args))
            .and_then(|()| write_or_check(&artefacts::Artefacts::embedded()?, &args)),
        Task::GenHeader(args) => artefacts::Artefacts::header().and_then(|files| write_or_check(&files, &args)),
        Task::Capi(args) => capi::run(&args),
        Task::Dist(args) => dist::run(&args),
        Task::Bench(args) => bench::run(&args),
        Task::Python(args) => python::run(&args),
        Task::Fuzz(args) => fuzz::run(&args),
        Task::Verifyproblem(args) => problemtools::run(args.prepare),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Arguments of `cargo xtask gen-fixture` and `gen-header`.
#[derive(clap::Args)]
struct FixtureArgs {
    /// Compare freshly generated files with the committed ones instead of
    /// writing anything.
    #[arg(long)]
    check: bool,
}

/// Writes a set of committed files, or checks them (`--check`).
fn write_or_check(files: &artefacts::Artefacts, args: &FixtureArgs) -> anyhow::Result<()> {
    if args.check {
        files.check()?;
        match files.files.as_slice() {
            [(name, _)] => println!("{}/{name} is up to date", files.folder.display()),
            _ => println!("{} is up to date", files.folder.display()),
        }
        return Ok(());
    }
    files.write()
}

/// The workspace root (the folder above `xtask/`).
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Where the tasks' builds go: `target/` unless a task was told otherwise
/// (`dist --target-dir`, to build from nothing beside the usual builds).
static BUILD_DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// The folder every build of this run goes to (cargo's target folder).
fn build_dir() -> PathBuf {
    BUILD_DIR.get().cloned().unwrap_or_else(|| workspace_root().join("target"))
}

/// Sends this run's builds to `dir` instead of `target/`.
fn set_build_dir(dir: PathBuf) -> anyhow::Result<()> {
    let dir = if dir.is_absolute() { dir } else { std::env::current_dir()?.join(dir) };
    BUILD_DIR.set(dir).map_err(|_| anyhow::anyhow!("the build folder is already chosen"))
}

/// Runs `cargo` with these arguments in the workspace root, building into
/// [`build_dir`].
fn cargo(args: &[&str]) -> anyhow::Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = std::process::Command::new(&cargo)
        .args(args)
        .current_dir(workspace_root())
        .env("CARGO_TARGET_DIR", build_dir())
        .status()?;
    anyhow::ensure!(status.success(), "`cargo {}` failed", args.join(" "));
    Ok(())
}
