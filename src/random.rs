//! `godtab random`: uniformly random solvable states, as judge input.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Result, bail};
use godtab_oracle::{Draw, Layout};

use crate::cases::{CasesArgs, Format};

/// Arguments of `godtab random`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab random nine-digits --count 1000000 > cases.txt
  godtab random eight-puzzle --depth 31 --count 2
  godtab random nine-digits --depth 5 --count 100 --distinct
  godtab random nine-puzzle --count 3 --seed 7 | godtab judge nine-puzzle
  godtab random --table cube-2x2x2.gtab --count 2 --format scramble
  godtab random nine-puzzle --count 1000 --unsolvable 0.1
  godtab random eight-puzzle --all --depth 31
  godtab random eight-two --count 200 --depth 20
  godtab random --tables data fifteen-puzzle --count 100 --seed 1

With a pattern set (the 15-puzzle's, or any `gen --spec` writes with patterns) the states are
uniformly random states of the puzzle's rank space (on a sliding board, exactly the solvable
ones), in the generic format; --depth and --all need a complete table.")]
pub(crate) struct Args {
    #[command(flatten)]
    cases: CasesArgs,
    /// How many states. Each is drawn on its own, so a state may appear
    /// more than once (see --distinct).
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Only states exactly this many moves from the goal.
    #[arg(long)]
    depth: Option<u8>,
    /// Print --count different states, still uniformly at random; fails if
    /// fewer exist (solvable, or at --depth).
    #[arg(long)]
    distinct: bool,
    /// Seed for a repeatable sequence (by default a fresh one each run).
    #[arg(long)]
    seed: Option<u64>,
    /// Mix in this fraction (0 to 1) of unsolvable states: random states
    /// with two tiles swapped, where that makes them unsolvable.
    #[arg(long, value_name = "P", value_parser = fraction)]
    unsolvable: Option<f64>,
    /// Every state at --depth, in rank order, instead of random ones.
    #[arg(long, requires = "depth", conflicts_with_all = ["distinct", "unsolvable"])]
    all: bool,
}

/// A fraction between 0 and 1.
fn fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!("expected a fraction between 0 and 1, e.g. 0.1, found {text:?}")),
    }
}

/// Prints the random states.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    if crate::eight_two::wanted(&args.cases) {
        let tables = crate::eight_two::load_tables(&args.cases.tables)?;
        if args.all || args.distinct {
            bail!("--all and --distinct are for one table's states; eight-two draws pairs of states");
        }
        if args.unsolvable.is_some_and(|p| p > 0.0) {
            bail!(
                "--unsolvable: the Eight II statement promises that every target can be reached, and its judge \
                 rejects a pair that cannot; eight-two draws solvable pairs only"
            );
        }
        let mut rng = args.seed.map_or_else(fastrand::Rng::new, fastrand::Rng::with_seed);
        let options = crate::random_pairs::Options { count: args.count, depth: args.depth };
        crate::random_pairs::write(&tables, &options, &mut rng, &mut crate::stdio::buffered_stdout())?;
        return Ok(ExitCode::SUCCESS);
    }
    let (loaded, format) = args.cases.open()?;
    let (oracle, _) = loaded.into_oracle(crate::pdb::SearchArgs::default());
    let layout = match format {
        Format::NinePuzzle | Format::Blocks => Layout::Lines,
        Format::Scramble => Layout::Scramble,
        Format::Facelets => Layout::Facelets,
        _ => Layout::Line,
    };
    let draw = Draw {
        count: args.count,
        depth: args.depth,
        distinct: args.distinct,
        unsolvable: args.unsolvable.unwrap_or(0.0),
        all: args.all,
        seed: args.seed,
        layout,
    };
    let mut out = crate::stdio::buffered_stdout();
    oracle.draw(&draw, |state| -> Result<()> {
        match format {
            // Every state in blocks ends with a line "End".
            Format::Blocks => writeln!(out, "{state}\nEnd")?,
            _ => writeln!(out, "{state}")?,
        }
        Ok(())
    })?;
    // The 9 Puzzle's input ends with a line "0".
    if format == Format::NinePuzzle {
        writeln!(out, "0")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
