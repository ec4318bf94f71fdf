//! `godtab random`: uniformly random solvable states, as judge input.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Result, bail};
use godtab_runtime::{Bytes, State, Table};

use crate::judge::Format;
use crate::source::TableArgs;

/// Arguments of `godtab random`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab random nine-digits --count 1000000 > cases.txt
  godtab random eight-puzzle --depth 31 --count 2
  godtab random nine-puzzle --count 3 --seed 7 | godtab judge nine-puzzle")]
pub(crate) struct Args {
    /// The puzzle (not needed with --table).
    puzzle: Option<String>,
    /// How many states.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Only states exactly this many moves from the goal.
    #[arg(long)]
    depth: Option<u8>,
    /// Seed for a repeatable sequence (by default a fresh one each run).
    #[arg(long)]
    seed: Option<u64>,
    /// The format to print; by default the puzzle's judge input format.
    #[arg(long, value_enum)]
    format: Option<Format>,
    #[command(flatten)]
    tables: TableArgs,
}

/// Prints the random states.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    let loaded = args.tables.load_verified(args.puzzle.as_deref())?;
    let table = &loaded.table;
    let format = args.format.unwrap_or_else(|| Format::of(table.definition()));
    let (matching, depth) = match args.depth {
        None => (table.reachable(), None),
        Some(d) => match table.histogram().nth(usize::from(d)) {
            Some(count) => (count, Some(d)),
            None => {
                bail!("no state is {d} moves from the goal: God's number for {} is {}", table.id(), table.max_depth())
            }
        },
    };
    let mut rng = args.seed.map_or_else(fastrand::Rng::new, fastrand::Rng::with_seed);
    let mut out = crate::stdio::buffered_stdout();
    // The table was verified: a rank it cannot answer is no match.
    let wanted = |rank: u64| match depth {
        None => matches!(table.distance_of_rank(rank), Ok(Some(_))),
        Some(d) => table.distance_of_rank(rank) == Ok(Some(d)),
    };
    // Dense enough: draw ranks until one matches, a bounded number of times
    // (a table whose histogram overstates a level could otherwise keep us
    // drawing forever). Sparse, or out of draws: pick which of the matching
    // ranks to take, then find them in one pass.
    let dense = matching.saturating_mul(64) >= table.slots();
    let mut written = 0;
    if dense {
        let mut draws_left = args.count.saturating_mul(1024);
        while written < args.count && draws_left > 0 {
            let rank = rng.u64(..table.slots());
            draws_left -= 1;
            if wanted(rank) {
                write_state(&mut out, table, format, &state_of(table, rank))?;
                written += 1;
            }
        }
    }
    if written < args.count {
        let picks_count = args.count - written;
        let mut picks: Vec<u64> = (0..picks_count).map(|_| rng.u64(..matching)).collect();
        picks.sort_unstable();
        let mut ranks = Vec::with_capacity(picks.len());
        let mut seen = 0u64;
        let mut next = picks.iter().peekable();
        for rank in 0..table.slots() {
            if next.peek().is_none() {
                break;
            }
            if wanted(rank) {
                while next.next_if(|&&p| p == seen).is_some() {
                    ranks.push(rank);
                }
                seen += 1;
            }
        }
        if (ranks.len() as u64) < picks_count {
            bail!(
                "the table's histogram promises {matching} such states but it holds only {seen}: the table is \
                 damaged; regenerate it"
            );
        }
        rng.shuffle(&mut ranks);
        for rank in ranks {
            write_state(&mut out, table, format, &state_of(table, rank))?;
        }
    }
    if format == Format::NinePuzzle {
        writeln!(out, "0")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn state_of(table: &Table<Bytes>, rank: u64) -> State {
    // Every rank drawn is below the state count.
    table.state_of_rank(rank).unwrap_or_else(|| table.puzzle().goal())
}

fn write_state(out: &mut impl Write, table: &Table<Bytes>, format: Format, state: &State) -> io::Result<()> {
    match format {
        // Three lines of three tiles.
        Format::NinePuzzle => writeln!(out, "{:#}", table.display(state)),
        _ => writeln!(out, "{}", table.display(state)),
    }
}
