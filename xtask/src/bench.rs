//! `cargo xtask bench gen`: godtab against the seed programs, in one run.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Result, bail};

use crate::{measure, seeds};

/// Arguments of `cargo xtask bench`.
#[derive(clap::Args)]
pub struct Args {
    /// What to compare.
    #[arg(value_enum)]
    what: What,
    /// Runs of each program (the median is reported).
    #[arg(long, default_value_t = 11)]
    runs: usize,
    /// Where the seed statements are.
    #[arg(long, default_value_os_t = seeds::default_dir())]
    seeds: PathBuf,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum What {
    /// Generating the nine-digits table vs the BFS of seed 000.
    Gen,
}

pub fn run(args: &Args) -> Result<()> {
    match args.what {
        What::Gen => generation(args),
    }
}

fn generation(args: &Args) -> Result<()> {
    crate::cargo(&["build", "--quiet", "--release", "-p", "godtab-gen", "--example", "generate"])?;
    let root = crate::workspace_root();
    let ours = root.join("target/release/examples/generate");
    let seed = match seeds::NINE_DIGITS.build(&args.seeds, &root.join("target/seeds")) {
        Ok(exe) => exe,
        Err(e) => bail!("cannot build the seed program to compare with: {e:#}"),
    };
    println!("Generating the nine-digits table (362,880 states), median of {} runs:", args.runs);
    let mut godtab = Vec::new();
    let mut theirs = Vec::new();
    // Alternate the two so that a noisy neighbour hurts both alike.
    for _ in 0..args.runs {
        godtab.push(measure::run(&ours, &["nine-digits"], None, None)?.wall);
        theirs.push(measure::run(&seed, &[], None, None)?.wall);
    }
    let (godtab, theirs) = (measure::median(godtab), measure::median(theirs));
    report("godtab (reverse BFS, all cores)", godtab);
    report(seeds::NINE_DIGITS.title, theirs);
    println!("ratio: godtab is {:.1}x faster", theirs.as_secs_f64() / godtab.as_secs_f64());
    Ok(())
}

fn report(name: &str, time: Duration) {
    println!("  {name:<40} {:>9.2} ms", time.as_secs_f64() * 1e3);
}
