//! `godtab random`: uniformly random solvable states, as judge input.

use std::collections::HashSet;
use std::io::Write;
use std::process::ExitCode;

use anyhow::{Result, anyhow, bail};
use godtab_runtime::{Bytes, PatternSet, State, Table, TableFile};

use crate::cases::{CasesArgs, Format};
use crate::text::thousands;

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
    let table = match &loaded.file {
        TableFile::Complete(table) => table,
        TableFile::Patterns(set) => return from_pattern_set(set, args, format),
        TableFile::OrbitPatterns(set) => return from_orbit_set(set, args, format),
        other => bail!("{}: random cannot draw from a {}", loaded.origin.path_text(), other.kind()),
    };
    let (matching, depth) = match args.depth {
        None => (table.reachable(), None),
        Some(d) => match table.histogram().nth(usize::from(d)) {
            Some(count) => (count, Some(d)),
            None => {
                bail!("no state is {d} moves from the goal: God's number for {} is {}", table.id(), table.max_depth())
            }
        },
    };
    if args.distinct && args.count > matching {
        let states = if matching == 1 { "state" } else { "states" };
        let what = match depth {
            Some(d) => format!("{states} {d} moves from the goal"),
            None => format!("solvable {states}"),
        };
        bail!(
            "--distinct: {} has only {} {what}, fewer than --count {}",
            table.id(),
            thousands(matching),
            thousands(args.count)
        );
    }
    let mut rng = args.seed.map_or_else(fastrand::Rng::new, fastrand::Rng::with_seed);
    // With --distinct, the ranks written so far, never written again.
    let mut written_ranks = HashSet::new();
    let mut out = crate::stdio::buffered_stdout();
    if args.all {
        for rank in 0..table.slots() {
            if table.distance_of_rank(rank) == Ok(depth) {
                write_state(&mut out, table, format, &state_of(table, rank))?;
            }
        }
        return finish(&mut out, format);
    }
    let unsolvable = args.unsolvable.unwrap_or(0.0);
    if unsolvable > 0.0 {
        crate::random_pairs::unsolvable_from(table.puzzle(), &table.puzzle().goal(), &mut rng, |s| {
            matches!(table.distance(s), Ok(None))
        })
        .ok_or_else(|| anyhow!("--unsolvable: every arrangement of {}'s tiles is solvable", table.id()))?;
    }
    // Each state written, or with --unsolvable sometimes an unsolvable one
    // made from it.
    let write = |out: &mut _, rng: &mut fastrand::Rng, state: State| -> Result<()> {
        let state = match unsolvable > 0.0 && rng.f64() < unsolvable {
            true => crate::random_pairs::unsolvable_from(table.puzzle(), &state, rng, |s| {
                matches!(table.distance(s), Ok(None))
            })
            .unwrap_or(state),
            false => state,
        };
        write_state(out, table, format, &state)
    };
    // The table was verified: a rank it cannot answer is no match.
    let wanted = |rank: u64| match depth {
        None => matches!(table.distance_of_rank(rank), Ok(Some(_))),
        Some(d) => table.distance_of_rank(rank) == Ok(Some(d)),
    };
    // Dense enough: draw ranks until one matches, a bounded number of times
    // (a table whose histogram overstates a level could otherwise keep us
    // drawing forever). Sparse, or out of draws: pick which of the matching
    // ranks to take, then find them in one pass. Distinct draws repeat more
    // and more as they use up the matching states: for more than half of
    // them, picking is quicker.
    let dense = matching.saturating_mul(64) >= table.slots() && (!args.distinct || args.count <= matching / 2);
    let mut written = 0;
    if dense {
        if args.distinct {
            reserve(&mut written_ranks, args.count)?;
        }
        let mut draws_left = args.count.saturating_mul(1024);
        while written < args.count && draws_left > 0 {
            let rank = rng.u64(..table.slots());
            draws_left -= 1;
            if wanted(rank) && (!args.distinct || written_ranks.insert(rank)) {
                write(&mut out, &mut rng, state_of(table, rank))?;
                written += 1;
            }
        }
    }
    if written < args.count {
        let picks_count = args.count - written;
        // Indices among the matching states not written yet.
        let mut picks: Vec<u64> = if args.distinct {
            distinct_picks(&mut rng, picks_count, matching.saturating_sub(written))?
        } else {
            (0..picks_count).map(|_| rng.u64(..matching)).collect()
        };
        picks.sort_unstable();
        let mut ranks = Vec::with_capacity(picks.len());
        let mut seen = 0u64;
        let mut next = picks.iter().peekable();
        for rank in 0..table.slots() {
            if next.peek().is_none() {
                break;
            }
            if wanted(rank) && (written_ranks.is_empty() || !written_ranks.contains(&rank)) {
                while next.next_if(|&&p| p == seen).is_some() {
                    ranks.push(rank);
                }
                seen += 1;
            }
        }
        if (ranks.len() as u64) < picks_count {
            bail!(
                "the table's histogram promises {matching} such states but it holds only {}: the table is \
                 damaged; regenerate it",
                seen + written_ranks.len() as u64
            );
        }
        rng.shuffle(&mut ranks);
        for rank in ranks {
            write(&mut out, &mut rng, state_of(table, rank))?;
        }
    }
    finish(&mut out, format)
}

/// Random states of a pattern set's puzzle, uniformly among those its
/// moves reach: on a permutation puzzle drawn from the moves' group, on a
/// sliding board uniformly random ranks of its rank space (exactly the
/// solvable states); written in the generic format. A pattern set knows no
/// state's distance without a search, so `--depth` and `--all` need a
/// complete table.
fn from_pattern_set(set: &PatternSet<Bytes>, args: &Args, format: Format) -> Result<ExitCode> {
    if args.depth.is_some() {
        bail!("--depth needs a complete table: a pattern set knows a state's distance only by searching for it");
    }
    if format != Format::Generic {
        bail!("--format: a pattern set's states are written in the generic format");
    }
    let puzzle = set.puzzle();
    let searcher = godtab_search::Searcher::new(set);
    let group = godtab_puzzles::MoveGroup::of(puzzle);
    let slots = searcher.reachable();
    if args.distinct && args.count > slots {
        bail!(
            "--distinct: {} has only {} states, fewer than --count {}",
            set.definition().id(),
            thousands(slots),
            thousands(args.count)
        );
    }
    let mut rng = args.seed.map_or_else(fastrand::Rng::new, fastrand::Rng::with_seed);
    let unsolvable = args.unsolvable.unwrap_or(0.0);
    let outside = |s: &State| searcher.solvable(s) == Some(false);
    if unsolvable > 0.0 {
        crate::random_pairs::unsolvable_from(puzzle, &puzzle.goal(), &mut rng, outside).ok_or_else(|| {
            anyhow!("--unsolvable: swapping two tiles of {} always leaves it solvable", set.definition().id())
        })?;
    }
    let mut written_ranks = HashSet::new();
    if args.distinct {
        reserve(&mut written_ranks, args.count)?;
    }
    let mut out = crate::stdio::buffered_stdout();
    let mut written = 0;
    while written < args.count {
        let mut state = match &group {
            Some(group) => group.random_state(puzzle, |n| rng.usize(..n)),
            None => puzzle.unrank(rng.u64(..puzzle.slots())),
        };
        if args.distinct && !written_ranks.insert(puzzle.rank(&state)) {
            continue;
        }
        if unsolvable > 0.0 && rng.f64() < unsolvable {
            state = crate::random_pairs::unsolvable_from(puzzle, &state, &mut rng, outside).unwrap_or(state);
        }
        writeln!(out, "{}", puzzle.display(&state))?;
        written += 1;
    }
    finish(&mut out, Format::Generic)
}

/// Random states of an orbit pattern set's puzzle (the Rubik's cube's):
/// uniform over the states its moves make, drawn from their group.
fn from_orbit_set(set: &godtab_runtime::OrbitPatternSet<Bytes>, args: &Args, format: Format) -> Result<ExitCode> {
    use godtab_twisty::{facelets, group::MoveGroup, text};
    if args.depth.is_some() {
        bail!("--depth needs a complete table: a pattern set knows a state's distance only by searching for it");
    }
    let puzzle =
        godtab_twisty_search::set::puzzle_of(&set.puzzle()).map_err(|e| anyhow!("the table is damaged: {e}"))?;
    match format {
        Format::Generic | Format::Blocks => {}
        Format::Facelets if facelets::is_standard_cube(&puzzle) => {}
        Format::Facelets => bail!("facelet strings are the 3x3x3 cube's states, not {}'s", puzzle.id()),
        Format::Scramble => bail!(
            "--format scramble: a scramble of a random state is a solution of it, which a pattern set finds only \
             by searching; use --format {}",
            if facelets::is_standard_cube(&puzzle) { "facelets or blocks" } else { "blocks" }
        ),
        _ => bail!("--format: {}'s states are written in blocks (or, for the 3x3x3 cube, facelets)", puzzle.id()),
    }
    let group = MoveGroup::new(&puzzle);
    if args.distinct && u128::from(args.count) > group.order() {
        bail!("--distinct: {} has only {} states, fewer than --count {}", puzzle.id(), group.order(), args.count);
    }
    let mut rng = args.seed.map_or_else(fastrand::Rng::new, fastrand::Rng::with_seed);
    let unsolvable = args.unsolvable.unwrap_or(0.0);
    let spoil = |state: &godtab_twisty::model::Cells, rng: &mut fastrand::Rng| {
        crate::orbit_set::unsolvable_from(&puzzle, &group, state, |n| rng.usize(..n))
    };
    if unsolvable > 0.0 && spoil(&puzzle.identity(), &mut rng).is_none() {
        bail!("--unsolvable: every arrangement of {}'s pieces can be solved", puzzle.id());
    }
    let mut seen = HashSet::new();
    let mut out = crate::stdio::buffered_stdout();
    let mut written = 0;
    while written < args.count {
        let mut state = group.random(&puzzle, |n| rng.usize(..n));
        if args.distinct && !seen.insert(state) {
            continue;
        }
        if unsolvable > 0.0 && rng.f64() < unsolvable {
            state = spoil(&state, &mut rng).unwrap_or(state);
        }
        match format {
            Format::Facelets => writeln!(out, "{}", facelets::display(&state))?,
            Format::Blocks => writeln!(out, "{}\nEnd", text::display_blocks(&puzzle, &state).join("\n"))?,
            _ => writeln!(out, "{}", text::display_state(&puzzle, &state))?,
        }
        written += 1;
    }
    finish(&mut out, format)
}

/// Ends the cases (the 9 Puzzle's input ends with a line "0").
fn finish(out: &mut impl Write, format: Format) -> Result<ExitCode> {
    if format == Format::NinePuzzle {
        writeln!(out, "0")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `count` different numbers below `below` (at least `count`), uniformly:
/// Floyd's algorithm, in memory for `count` numbers only.
fn distinct_picks(rng: &mut fastrand::Rng, count: u64, below: u64) -> Result<Vec<u64>> {
    let mut chosen = HashSet::new();
    reserve(&mut chosen, count)?;
    for top in below - count..below {
        let pick = rng.u64(..=top);
        // `top` is new at this step: taking it when `pick` was already
        // chosen keeps every set of `count` numbers equally likely.
        if !chosen.insert(pick) {
            chosen.insert(top);
        }
    }
    Ok(chosen.into_iter().collect())
}

/// Makes room for `count` ranks, or says why not (a count beyond memory).
fn reserve(set: &mut HashSet<u64>, count: u64) -> Result<()> {
    let fail = || anyhow!("--count {}: not enough memory to keep that many states apart", thousands(count));
    let count = usize::try_from(count).map_err(|_| fail())?;
    set.try_reserve(count).map_err(|_| fail())
}

fn state_of(table: &Table<Bytes>, rank: u64) -> State {
    // Every rank drawn is below the state count.
    table.state_of_rank(rank).unwrap_or_else(|| table.puzzle().goal())
}

fn write_state(out: &mut impl Write, table: &Table<Bytes>, format: Format, state: &State) -> Result<()> {
    match format {
        // Three lines of three tiles.
        Format::NinePuzzle => writeln!(out, "{:#}", table.display(state))?,
        // A line per set's name, pieces and orientations.
        Format::Blocks => writeln!(out, "{:#}\nEnd", table.display(state))?,
        Format::Scramble => writeln!(out, "{}", scramble_to(table, state)?)?,
        Format::Facelets => anyhow::bail!("facelet strings are the 3x3x3 cube's states, not this table's"),
        _ => writeln!(out, "{}", table.display(state))?,
    }
    Ok(())
}

/// Moves that lead from the goal to `state`: its optimal solution undone,
/// last move first, each move undone by its inverse where the puzzle has
/// one or else by repeating it (see `Puzzle::undo`). The goal itself, which
/// no moves at all would give, gets a move and its undoing, so that every
/// state is a line a judge reads.
fn scramble_to(table: &Table<Bytes>, state: &State) -> Result<String> {
    let damaged = || anyhow!("the table is damaged: its moves do not lead to the goal; regenerate it");
    let puzzle = table.puzzle();
    let mut solution = table.solution(state).map_err(|_| damaged())?.ok_or_else(damaged)?;
    let moves: Vec<usize> = solution.by_ref().collect();
    if solution.error().is_some() {
        return Err(damaged());
    }
    if moves.is_empty() {
        // Any move that can be made from the goal, and its undoing.
        let first = (0..puzzle.move_count()).find(|&m| puzzle.apply(state, m).is_some()).ok_or_else(damaged)?;
        let mut there_and_back = vec![first];
        there_and_back.extend(undo_sequence(puzzle, &[first])?);
        return Ok(names(table, &there_and_back));
    }
    Ok(names(table, &undo_sequence(puzzle, &moves)?))
}

/// The moves that undo `moves`, last first.
fn undo_sequence(puzzle: &godtab_runtime::Puzzle, moves: &[usize]) -> Result<Vec<usize>> {
    let mut undone = Vec::new();
    for &m in moves.iter().rev() {
        let (undo, times) =
            puzzle.undo(m).ok_or_else(|| anyhow!("a move of this puzzle cannot be undone by its moves"))?;
        undone.extend(std::iter::repeat_n(undo, usize::from(times)));
    }
    Ok(undone)
}

/// Move names separated by spaces.
fn names(table: &Table<Bytes>, moves: &[usize]) -> String {
    moves.iter().filter_map(|&m| table.move_name(m)).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_picks_are_distinct_and_in_range() {
        let mut rng = fastrand::Rng::with_seed(5);
        for (count, below) in [(0, 0), (0, 10), (1, 1), (10, 10), (100, 1000), (999, 1000)] {
            let picks = distinct_picks(&mut rng, count, below).unwrap();
            let set: HashSet<u64> = picks.iter().copied().collect();
            assert_eq!((picks.len() as u64, set.len() as u64), (count, count));
            assert!(picks.iter().all(|&p| p < below));
        }
    }

    #[test]
    fn distinct_picks_are_uniform() {
        // Each of the 6 pairs of 0..4 about equally often.
        let mut rng = fastrand::Rng::with_seed(9);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..60_000 {
            let mut pair = distinct_picks(&mut rng, 2, 4).unwrap();
            pair.sort_unstable();
            *seen.entry(pair).or_insert(0u32) += 1;
        }
        assert_eq!(seen.len(), 6);
        assert!(seen.values().all(|&n| (9_400..10_600).contains(&n)), "{seen:?}");
    }
}
