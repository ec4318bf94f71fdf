//! Every optimal solution of a state: how many there are, and the first
//! ones in declared move order. A complete table walks the moves that lead
//! one step closer (so listing costs what is listed, and counting what the
//! optimal solutions pass through); a pattern set repeats IDA*'s last
//! iteration and finishes it.

use std::collections::HashMap;
use std::time::Instant;

use godtab_runtime::{Puzzle, QueryError, State, Table, TableFile};
use godtab_search::Searcher;

use crate::{AskError, Oracle, Position, Work};

/// The optimal solutions of a state.
#[derive(Clone, Debug, PartialEq)]
pub struct AllOptimal {
    /// How many optimal solutions there are (saturating at `u128::MAX`).
    pub count: u128,
    /// The first of them in declared move order, at most the limit asked.
    pub solutions: Vec<Vec<usize>>,
    /// What the search cost, from a pattern set.
    pub search: Option<Work>,
}

impl<B: AsRef<[u8]>> Oracle<B> {
    /// Every optimal solution of `position`, which is `distance` moves from
    /// the goal: counted, and the first `limit` listed, in declared move
    /// order (a tile pattern set searches within the oracle's limits).
    ///
    /// # Errors
    ///
    /// [`AskError::NodeLimit`], [`AskError::Damaged`], or
    /// [`AskError::NotAState`] for an orbit pattern set, which does not
    /// list them.
    pub fn all_optimal(&self, position: &Position, distance: u8, limit: usize) -> Result<AllOptimal, AskError> {
        match (self.file(), position) {
            (Some(TableFile::Complete(table)), Position::Tiles(state)) => {
                from_table(table, state, distance, limit).map_err(damaged)
            }
            (Some(TableFile::Patterns(set)), Position::Tiles(state)) => {
                let max_nodes = self.limits().max_nodes.unwrap_or(godtab_search::DEFAULT_MAX_NODES);
                from_patterns(&Searcher::new(set), state, distance, limit, max_nodes)
            }
            _ => Err(AskError::NotAState(
                "every optimal solution is listed from complete tables and pattern sets of tiles".into(),
            )),
        }
    }
}

fn damaged(e: QueryError) -> AskError {
    AskError::Damaged(e.to_string())
}

/// The neighbours of `state` one step closer to the goal, with the moves
/// that reach them, in declared order.
fn closer<B: AsRef<[u8]>>(table: &Table<B>, state: &State, distance: u8) -> Result<Vec<(usize, State)>, QueryError> {
    let puzzle = table.puzzle();
    let mut found = Vec::new();
    for m in 0..puzzle.move_count() {
        let Some(next) = puzzle.apply(state, m) else { continue };
        if table.is_closer(&next, distance)? {
            found.push((m, next));
        }
    }
    Ok(found)
}

fn from_table<B: AsRef<[u8]>>(
    table: &Table<B>,
    state: &State,
    distance: u8,
    limit: usize,
) -> Result<AllOptimal, QueryError> {
    let mut counts = HashMap::new();
    let count = count_paths(table, state, distance, &mut counts)?;
    let mut solutions = Vec::new();
    let mut path = Vec::with_capacity(usize::from(distance));
    list_paths(table, state, distance, limit, &mut path, &mut solutions)?;
    Ok(AllOptimal { count, solutions, search: None })
}

/// The number of optimal solutions from `state`, remembered by rank: the
/// states on optimal solutions form a graph far smaller than the paths
/// through it.
fn count_paths<B: AsRef<[u8]>>(
    table: &Table<B>,
    state: &State,
    distance: u8,
    counts: &mut HashMap<u64, u128>,
) -> Result<u128, QueryError> {
    if distance == 0 {
        return Ok(1);
    }
    let rank = table.puzzle().rank(state);
    if let Some(&count) = counts.get(&rank) {
        return Ok(count);
    }
    let mut count = 0u128;
    for (_, next) in closer(table, state, distance)? {
        count = count.saturating_add(count_paths(table, &next, distance - 1, counts)?);
    }
    if count == 0 {
        return Err(QueryError::Corrupt("no move leads one step closer to the goal"));
    }
    counts.insert(rank, count);
    Ok(count)
}

/// Appends the first optimal solutions from `state` (after `path`) to
/// `out`, until it holds `limit`. Every closer neighbour has a solution,
/// so no branch is walked in vain.
fn list_paths<B: AsRef<[u8]>>(
    table: &Table<B>,
    state: &State,
    distance: u8,
    limit: usize,
    path: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) -> Result<(), QueryError> {
    if out.len() >= limit {
        return Ok(());
    }
    if distance == 0 {
        out.push(path.clone());
        return Ok(());
    }
    for (m, next) in closer(table, state, distance)? {
        path.push(m);
        list_paths(table, &next, distance - 1, limit, path, out)?;
        path.pop();
        if out.len() >= limit {
            break;
        }
    }
    Ok(())
}

/// A depth-first search to depth `distance` (IDA*'s last bound), pruned
/// by the pattern set's estimate, that visits every branch.
struct LastIteration<'s, 'a> {
    searcher: &'s Searcher<'a>,
    puzzle: &'s Puzzle,
    goal: State,
    /// The move that undoes each move, when one move does.
    undo: Vec<Option<usize>>,
    limit: usize,
    max_nodes: u64,
    expanded: u64,
    generated: u64,
    count: u128,
    path: Vec<usize>,
    solutions: Vec<Vec<usize>>,
}

fn from_patterns(
    searcher: &Searcher<'_>,
    state: &State,
    distance: u8,
    limit: usize,
    max_nodes: u64,
) -> Result<AllOptimal, AskError> {
    let started = Instant::now();
    let puzzle = searcher.puzzle();
    let undo = (0..puzzle.move_count()).map(|m| puzzle.undo(m).filter(|&(_, times)| times == 1).map(|(b, _)| b));
    let mut search = LastIteration {
        searcher,
        puzzle,
        goal: puzzle.goal(),
        undo: undo.collect(),
        limit,
        max_nodes,
        expanded: 0,
        generated: 0,
        count: 0,
        path: Vec::with_capacity(usize::from(distance)),
        solutions: Vec::new(),
    };
    let finished = search.visit(state, distance, None).map_err(damaged)?;
    let work = Work { nodes: search.expanded, generated: search.generated, seconds: started.elapsed().as_secs_f64() };
    if !finished {
        return Err(AskError::NodeLimit { limit: max_nodes, work });
    }
    if search.count == 0 {
        return Err(AskError::Damaged(format!(
            "its search found a solution of {distance} moves, the last iteration none"
        )));
    }
    Ok(AllOptimal { count: search.count, solutions: search.solutions, search: Some(work) })
}

impl LastIteration<'_, '_> {
    /// Visits `state` with `left` moves to go, having come by `came_by`:
    /// false if the node limit was reached.
    fn visit(&mut self, state: &State, left: u8, came_by: Option<usize>) -> Result<bool, QueryError> {
        if left == 0 {
            if *state == self.goal {
                self.count = self.count.saturating_add(1);
                if self.solutions.len() < self.limit {
                    self.solutions.push(self.path.clone());
                }
            }
            return Ok(true);
        }
        if self.expanded >= self.max_nodes {
            return Ok(false);
        }
        self.expanded += 1;
        for m in 0..self.puzzle.move_count() {
            // A move straight back is never on an optimal solution.
            if came_by.is_some_and(|previous| self.undo[previous] == Some(m)) {
                continue;
            }
            let Some(next) = self.puzzle.apply(state, m) else { continue };
            self.generated += 1;
            if self.searcher.estimate(&next)? > u32::from(left - 1) {
                continue;
            }
            self.path.push(m);
            let finished = self.visit(&next, left - 1, Some(m))?;
            self.path.pop();
            if !finished {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn builtin(id: &str) -> TableFile<Vec<u8>> {
        let builtin = godtab_puzzles::builtin::by_id(id).unwrap();
        TableFile::new(godtab_gen::build_table(builtin).unwrap()).unwrap()
    }

    /// Every sequence of `length` moves from `state` that ends at the goal,
    /// in declared order: the definition of the answer, by brute force.
    fn brute_force(puzzle: &Puzzle, state: &State, length: u8, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if length == 0 {
            if *state == puzzle.goal() {
                out.push(path.clone());
            }
            return;
        }
        for m in 0..puzzle.move_count() {
            if let Some(next) = puzzle.apply(state, m) {
                path.push(m);
                brute_force(puzzle, &next, length - 1, path, out);
                path.pop();
            }
        }
    }

    /// The count and the list against every sequence of the optimal length,
    /// for every state `within` moves of the goal among those `ranks` walks.
    fn check_against_brute_force(id: &str, within: u8, ranks: impl Iterator<Item = u64>) -> usize {
        let oracle = Oracle::new(builtin(id));
        let Some(TableFile::Complete(table)) = oracle.file() else { panic!("{id} is a complete table") };
        let mut checked = 0;
        for rank in ranks {
            let Some(state) = table.state_of_rank(rank) else { break };
            let Some(distance) = table.distance(&state).unwrap() else { continue };
            if distance > within {
                continue;
            }
            let mut expected = Vec::new();
            brute_force(table.puzzle(), &state, distance, &mut Vec::new(), &mut expected);
            let position = Position::Tiles(state);
            let all = oracle.all_optimal(&position, distance, usize::MAX).unwrap();
            assert_eq!(all.count, expected.len() as u128, "{id} rank {rank}");
            assert_eq!(all.solutions, expected, "{id} rank {rank}");
            let first = oracle.all_optimal(&position, distance, 2).unwrap();
            assert_eq!((first.count, &first.solutions[..]), (all.count, &expected[..expected.len().min(2)]));
            checked += 1;
        }
        checked
    }

    #[test]
    fn nine_digits_within_five_moves_exhaustively() {
        // Every state of the table: those within five moves are checked.
        let checked = check_against_brute_force("nine-digits", 5, 0..362_880);
        assert!(checked > 1_000, "{checked}");
    }

    #[test]
    fn puzzles_with_blanks_and_commuting_moves() {
        // The 706 states within ten moves (the histogram: 1, 2, 4, ..., 286).
        assert_eq!(check_against_brute_force("eight-puzzle", 10, 0..181_440), 706);
        assert_eq!(check_against_brute_force("nine-puzzle", 4, 0..181_440), 1 + 6 + 30 + 140 + 648);
    }
}
