//! `cargo xtask gen-tables [--check | --big]`: the shipped tables.
//!
//! Writes `data/<id>.gtab` (ready to memory-map) and `data/<id>.gtab.zst`
//! for every built-in puzzle, and the 15-puzzle's 6-6-3 pattern set
//! `data/fifteen-puzzle.gtab` (from `data/puzzles/fifteen-puzzle.toml`), each atomically, and `data/SHA256SUMS`, the
//! committed manifest of them all (`sha256sum -c SHA256SUMS` checks it).
//! With `--check` nothing is written: the tables are regenerated in memory
//! and compared with the manifest (see [`crate::artefacts`]).
//!
//! `--big` instead builds the large tables of the spec files listed in
//! [`BIG`] (hundreds of millions of states, seconds to minutes each) into
//! `data/`, with `godtab gen`; they are neither committed nor in the
//! manifest.

use std::time::Instant;

use anyhow::Result;

use crate::artefacts::{Artefacts, MANIFEST};

/// Arguments of `cargo xtask gen-tables`.
#[derive(clap::Args)]
pub struct Args {
    /// Compare freshly generated tables with data/SHA256SUMS instead of
    /// writing anything.
    #[arg(long)]
    check: bool,
    /// Build the big tables (3x4 and 2x6 sliding puzzles, the 15-puzzle's
    /// 7-8 pattern set and its multi-tile 6-6-3 set) instead.
    #[arg(long, conflicts_with = "check")]
    big: bool,
}

/// The big tables: spec files in data/puzzles/ whose tables `--big` builds.
pub const BIG: [&str; 4] = ["slide-3x4", "slide-2x6", "fifteen-puzzle-7-8", "fifteen-puzzle-multi"];

pub fn run(args: &Args) -> Result<()> {
    if args.big {
        let godtab = crate::godtab::Godtab::build()?;
        let data = crate::workspace_root().join("data");
        for name in BIG {
            let started = Instant::now();
            godtab.gen_spec(name, &data.join(format!("{name}.gtab")), &[])?;
            println!("wrote data/{name}.gtab in {:.1} s", started.elapsed().as_secs_f64());
        }
        return Ok(());
    }
    let tables = Artefacts::shipped_tables()?;
    if args.check {
        tables.check()?;
        println!("data/{MANIFEST} is up to date");
        return Ok(());
    }
    tables.write()
}
