//! Random states of any table's puzzle, as `godtab random` writes them:
//! uniformly among the states the moves reach (from a complete table, at
//! a distance if asked, or every state at one), some of them made
//! unsolvable by hand (two pieces swapped, a piece twisted).

use std::collections::HashSet;
use std::fmt;

use godtab_runtime::{OrbitPatternSet, PatternSet, Puzzle, State, Table, TableFile};
use godtab_twisty::group::MoveGroup;
use godtab_twisty::model::Cells;
use godtab_twisty::{facelets, text};

use crate::unsolvable::{unsolvable_cells, unsolvable_tiles};
use crate::{AskError, Count, Oracle};

/// What states to draw, and how to write them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Draw {
    /// How many states. Each is drawn on its own, so a state may come more
    /// than once (see `distinct`).
    pub count: u64,
    /// Only states this many moves from the goal (complete tables only).
    pub depth: Option<u8>,
    /// `count` different states, still uniformly at random.
    pub distinct: bool,
    /// The fraction (0 to 1) of states made unsolvable by hand, where
    /// that can be done.
    pub unsolvable: f64,
    /// Every state at `depth`, in rank order, instead of random ones.
    pub all: bool,
    /// The seed of a repeatable sequence (`None`: a fresh one).
    pub seed: Option<u64>,
    /// How each state is written.
    pub layout: Layout,
}

/// How a drawn state is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// On one line: a board's tiles in reading order, an orbit puzzle's
    /// blocks.
    Line,
    /// A board's rows, or an orbit puzzle's blocks, a line each.
    Lines,
    /// The 3x3x3 cube's 54 facelet letters.
    Facelets,
    /// The moves that lead to it from the goal (complete tables only).
    Scramble,
}

/// Why no states (or not all of them) could be drawn, in one sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DrawError(String);

impl From<AskError> for DrawError {
    fn from(error: AskError) -> Self {
        Self(error.to_string())
    }
}

/// `Err` with `message`, for a `?` to end the drawing with.
fn fail(message: impl Into<String>) -> Result<(), DrawError> {
    Err(DrawError(message.into()))
}

/// Why `--depth` is refused by a table that searches.
const DEPTH_NEEDS_COMPLETE: &str =
    "--depth needs a complete table: a pattern set knows a state's distance only by searching for it";

impl<B: AsRef<[u8]>> Oracle<B> {
    /// Draws the states `draw` asks for, passing each, written as its
    /// layout says, to `each` (which stops the drawing with its error).
    /// The text is handed over unformatted, so that a front end writing
    /// millions of states allocates nothing for each.
    ///
    /// # Errors
    ///
    /// A [`DrawError`] (converted into `E`) saying why the states cannot
    /// be drawn: a depth no state is at, fewer distinct states than asked,
    /// a layout the table cannot write, a damaged table; or `each`'s
    /// error.
    pub fn draw<E: From<DrawError>>(
        &self,
        draw: &Draw,
        each: impl FnMut(fmt::Arguments<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        match self.file() {
            Some(TableFile::Complete(table)) => from_table(table, draw, each),
            // A table that searches knows no state's distance without a
            // search.
            Some(_) if draw.depth.is_some() || draw.all => Err(DrawError(DEPTH_NEEDS_COMPLETE.into()).into()),
            Some(TableFile::Patterns(set)) => from_pattern_set(set, draw, each),
            Some(TableFile::OrbitPatterns(set)) => from_orbit_set(set, draw, each),
            _ => Err(DrawError(format!("random states are not drawn from the {} tables", self.kind())).into()),
        }
    }
}

/// Random states of a complete table: uniform among those at the depth
/// asked, or among every reachable state.
fn from_table<B: AsRef<[u8]>, E: From<DrawError>>(
    table: &Table<B>,
    draw: &Draw,
    mut each: impl FnMut(fmt::Arguments<'_>) -> Result<(), E>,
) -> Result<(), E> {
    let (matching, depth) = match draw.depth {
        None => (table.reachable(), None),
        Some(d) => match table.histogram().nth(usize::from(d)) {
            Some(count) => (count, Some(d)),
            None => {
                let (id, most) = (table.id(), table.max_depth());
                return Err(
                    DrawError(format!("no state is {d} moves from the goal: God's number for {id} is {most}")).into()
                );
            }
        },
    };
    if draw.distinct && draw.count > matching {
        let states = if matching == 1 { "state" } else { "states" };
        let what = match depth {
            Some(d) => format!("{states} {d} moves from the goal"),
            None => format!("solvable {states}"),
        };
        let (id, have, wanted) = (table.id(), Count(matching), Count(draw.count));
        fail(format!("--distinct: {id} has only {have} {what}, fewer than --count {wanted}"))?;
    }
    let mut rng = draw.seed.map_or_else(fastrand::Rng::new, fastrand::Rng::with_seed);
    let mut show = |state: &State| -> Result<(), E> {
        match draw.layout {
            Layout::Line => each(format_args!("{}", table.display(state))),
            Layout::Lines => each(format_args!("{:#}", table.display(state))),
            Layout::Scramble => each(format_args!("{}", scramble_to(table, state)?)),
            Layout::Facelets => {
                Err(DrawError("facelet strings are the 3x3x3 cube's states, not this table's".into()).into())
            }
        }
    };
    // With --distinct, the ranks written so far, never written again.
    let mut written_ranks = HashSet::new();
    if draw.all {
        for rank in 0..table.slots() {
            if table.distance_of_rank(rank) == Ok(depth) {
                show(&state_of(table, rank))?;
            }
        }
        return Ok(());
    }
    let unsolvable = draw.unsolvable;
    let is_unsolvable = |s: &State| matches!(table.distance(s), Ok(None));
    if unsolvable > 0.0 && unsolvable_tiles(table.puzzle(), &table.puzzle().goal(), &mut rng, is_unsolvable).is_none() {
        fail(format!("--unsolvable: every arrangement of {}'s tiles is solvable", table.id()))?;
    }
    // Each state written, or sometimes an unsolvable one made from it.
    let mut write = |rng: &mut fastrand::Rng, state: State| -> Result<(), E> {
        let state = match unsolvable > 0.0 && rng.f64() < unsolvable {
            true => unsolvable_tiles(table.puzzle(), &state, rng, is_unsolvable).unwrap_or(state),
            false => state,
        };
        show(&state)
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
    let dense = matching.saturating_mul(64) >= table.slots() && (!draw.distinct || draw.count <= matching / 2);
    let mut written = 0;
    if dense {
        if draw.distinct {
            reserve(&mut written_ranks, draw.count)?;
        }
        let mut draws_left = draw.count.saturating_mul(1024);
        while written < draw.count && draws_left > 0 {
            let rank = rng.u64(..table.slots());
            draws_left -= 1;
            if wanted(rank) && (!draw.distinct || written_ranks.insert(rank)) {
                write(&mut rng, state_of(table, rank))?;
                written += 1;
            }
        }
    }
    if written < draw.count {
        let picks_count = draw.count - written;
        // Indices among the matching states not written yet.
        let mut picks: Vec<u64> = if draw.distinct {
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
            fail(format!(
                "the table's histogram promises {matching} such states but it holds only {}: the table is \
                 damaged; regenerate it",
                seen + written_ranks.len() as u64
            ))?;
        }
        rng.shuffle(&mut ranks);
        for rank in ranks {
            write(&mut rng, state_of(table, rank))?;
        }
    }
    Ok(())
}

/// Random states of a pattern set's puzzle, uniformly among those its
/// moves reach: on a permutation puzzle drawn from the moves' group, on a
/// sliding board uniformly random ranks of its rank space (exactly the
/// solvable states), each on a line. A pattern set knows no state's
/// distance without a search, so `depth` and `all` need a complete table.
fn from_pattern_set<B: AsRef<[u8]>, E: From<DrawError>>(
    set: &PatternSet<B>,
    draw: &Draw,
    mut each: impl FnMut(fmt::Arguments<'_>) -> Result<(), E>,
) -> Result<(), E> {
    if draw.layout != Layout::Line {
        fail("--format: a pattern set's states are written in the generic format")?;
    }
    let puzzle = set.puzzle();
    let id = set.definition().id();
    let searcher = godtab_search::Searcher::new(set);
    let group = godtab_puzzles::MoveGroup::of(puzzle);
    let slots = searcher.reachable();
    if draw.distinct && draw.count > slots {
        fail(format!("--distinct: {id} has only {} states, fewer than --count {}", Count(slots), Count(draw.count)))?;
    }
    let mut rng = draw.seed.map_or_else(fastrand::Rng::new, fastrand::Rng::with_seed);
    let unsolvable = draw.unsolvable;
    let outside = |s: &State| searcher.solvable(s) == Some(false);
    if unsolvable > 0.0 && unsolvable_tiles(puzzle, &puzzle.goal(), &mut rng, outside).is_none() {
        fail(format!("--unsolvable: swapping two tiles of {id} always leaves it solvable"))?;
    }
    let mut written_ranks = HashSet::new();
    if draw.distinct {
        reserve(&mut written_ranks, draw.count)?;
    }
    let mut written = 0;
    while written < draw.count {
        let mut state = match &group {
            Some(group) => group.random_state(puzzle, |n| rng.usize(..n)),
            None => puzzle.unrank(rng.u64(..puzzle.slots())),
        };
        if draw.distinct && !written_ranks.insert(puzzle.rank(&state)) {
            continue;
        }
        if unsolvable > 0.0 && rng.f64() < unsolvable {
            state = unsolvable_tiles(puzzle, &state, &mut rng, outside).unwrap_or(state);
        }
        each(format_args!("{}", puzzle.display(&state)))?;
        written += 1;
    }
    Ok(())
}

/// Random states of an orbit pattern set's puzzle (the Rubik's cube's):
/// uniform over the states its moves make, drawn from their group.
fn from_orbit_set<B: AsRef<[u8]>, E: From<DrawError>>(
    set: &OrbitPatternSet<B>,
    draw: &Draw,
    mut each: impl FnMut(fmt::Arguments<'_>) -> Result<(), E>,
) -> Result<(), E> {
    let puzzle = godtab_twisty_search::set::puzzle_of(&set.puzzle()).map_err(|e| AskError::Damaged(e.to_string()));
    let puzzle = puzzle.map_err(DrawError::from)?;
    let cube = facelets::is_standard_cube(&puzzle);
    match draw.layout {
        Layout::Line | Layout::Lines => {}
        Layout::Facelets if cube => {}
        Layout::Facelets => fail(format!("facelet strings are the 3x3x3 cube's states, not {}'s", puzzle.id()))?,
        Layout::Scramble => fail(format!(
            "--format scramble: a scramble of a random state is a solution of it, which a pattern set finds only \
             by searching; use --format {}",
            if cube { "facelets or blocks" } else { "blocks" }
        ))?,
    }
    let group = MoveGroup::new(&puzzle);
    if draw.distinct && u128::from(draw.count) > group.order() {
        let (id, order, count) = (puzzle.id(), group.order(), draw.count);
        fail(format!("--distinct: {id} has only {order} states, fewer than --count {count}"))?;
    }
    let mut rng = draw.seed.map_or_else(fastrand::Rng::new, fastrand::Rng::with_seed);
    let unsolvable = draw.unsolvable;
    let spoil = |state: &Cells, rng: &mut fastrand::Rng| unsolvable_cells(&puzzle, &group, state, |n| rng.usize(..n));
    if unsolvable > 0.0 && spoil(&puzzle.identity(), &mut rng).is_none() {
        fail(format!("--unsolvable: every arrangement of {}'s pieces can be solved", puzzle.id()))?;
    }
    let mut seen = HashSet::new();
    let mut written = 0;
    while written < draw.count {
        let mut state = group.random(&puzzle, |n| rng.usize(..n));
        if draw.distinct && !seen.insert(state) {
            continue;
        }
        if unsolvable > 0.0 && rng.f64() < unsolvable {
            state = spoil(&state, &mut rng).unwrap_or(state);
        }
        let shown = match draw.layout {
            Layout::Facelets => facelets::display(&state),
            Layout::Lines => text::display_blocks(&puzzle, &state).join("\n"),
            _ => text::display_state(&puzzle, &state),
        };
        each(format_args!("{shown}"))?;
        written += 1;
    }
    Ok(())
}

/// `count` different numbers below `below` (at least `count`), uniformly:
/// Floyd's algorithm, in memory for `count` numbers only.
fn distinct_picks(rng: &mut fastrand::Rng, count: u64, below: u64) -> Result<Vec<u64>, DrawError> {
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
fn reserve(set: &mut HashSet<u64>, count: u64) -> Result<(), DrawError> {
    let fail = || DrawError(format!("--count {}: not enough memory to keep that many states apart", Count(count)));
    let count = usize::try_from(count).map_err(|_| fail())?;
    set.try_reserve(count).map_err(|_| fail())
}

fn state_of<B: AsRef<[u8]>>(table: &Table<B>, rank: u64) -> State {
    // Every rank drawn is below the state count.
    table.state_of_rank(rank).unwrap_or_else(|| table.puzzle().goal())
}

/// Moves that lead from the goal to `state`: its optimal solution undone,
/// last move first, each move undone by its inverse where the puzzle has
/// one or else by repeating it (see `Puzzle::undo`). The goal itself, which
/// no moves at all would give, gets a move and its undoing, so that every
/// state is a line a judge reads.
fn scramble_to<B: AsRef<[u8]>>(table: &Table<B>, state: &State) -> Result<String, DrawError> {
    let damaged = || DrawError("the table is damaged: its moves do not lead to the goal; regenerate it".into());
    let puzzle = table.puzzle();
    let mut solution = table.solution(state).map_err(|_| damaged())?.ok_or_else(damaged)?;
    let moves: Vec<usize> = solution.by_ref().collect();
    if solution.error().is_some() {
        return Err(damaged());
    }
    let names = |moves: &[usize]| moves.iter().filter_map(|&m| table.move_name(m)).collect::<Vec<_>>().join(" ");
    if moves.is_empty() {
        // Any move that can be made from the goal, and its undoing.
        let first = (0..puzzle.move_count()).find(|&m| puzzle.apply(state, m).is_some()).ok_or_else(damaged)?;
        let mut there_and_back = vec![first];
        there_and_back.extend(undo_sequence(puzzle, &[first])?);
        return Ok(names(&there_and_back));
    }
    Ok(names(&undo_sequence(puzzle, &moves)?))
}

/// The moves that undo `moves`, last first.
fn undo_sequence(puzzle: &Puzzle, moves: &[usize]) -> Result<Vec<usize>, DrawError> {
    let mut undone = Vec::new();
    for &m in moves.iter().rev() {
        let Some((undo, times)) = puzzle.undo(m) else {
            return Err(DrawError("a move of this puzzle cannot be undone by its moves".into()));
        };
        undone.extend(std::iter::repeat_n(undo, usize::from(times)));
    }
    Ok(undone)
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
