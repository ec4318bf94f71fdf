//! IDA* on a permutation puzzle: the heuristic is the largest of the
//! patterns' coarse distances, and a move is a map of the cells.
//!
//! Pruning keeps every optimal solution: a move is never followed by a move
//! that undoes it, nor made so many times in a row that the run changes
//! nothing (as often as its order). Moves are tried in declared order, so
//! the first solution at the optimal bound is the lexicographically least.

use godtab_puzzles::{MAX_CELLS, MAX_MOVES, MAX_PATTERNS, Puzzle, State};
use godtab_runtime::PatternSet;

use crate::MAX_DEPTH;
use crate::board::Lookup;
use crate::ida::{Outcome, Pass, Report, Step};

/// What the search knows about a permutation puzzle's pattern set.
#[derive(Clone)]
pub(crate) struct Coarse<'a> {
    lookups: [Lookup<'a>; MAX_PATTERNS],
    /// Each pattern's tiles as labels, in ranking order, and how many.
    tiles: [[u8; MAX_CELLS]; MAX_PATTERNS],
    count: usize,
    cells: usize,
    goal: [u8; MAX_CELLS],
    /// By move: `new[i] = old[map[i]]`.
    maps: [[u8; MAX_CELLS]; MAX_MOVES],
    moves: usize,
    /// By move: the moves that undo it (a bit each).
    undone_by: [u64; MAX_MOVES],
    /// By move: how many times in a row it may be made (its order less 1).
    longest_run: [u16; MAX_MOVES],
}

impl<'a> Coarse<'a> {
    pub fn new<B: AsRef<[u8]>>(set: &'a PatternSet<B>) -> Self {
        let puzzle = set.puzzle();
        let (cells, moves) = (puzzle.cells(), puzzle.move_count().min(MAX_MOVES));
        let mut coarse = Self {
            lookups: [Lookup::NONE; MAX_PATTERNS],
            tiles: [[0; MAX_CELLS]; MAX_PATTERNS],
            count: set.pattern_count().min(MAX_PATTERNS),
            cells,
            goal: [0; MAX_CELLS],
            // Cells past the board stay put.
            maps: [core::array::from_fn(|i| i as u8); MAX_MOVES],
            moves,
            undone_by: [0; MAX_MOVES],
            longest_run: [u16::MAX; MAX_MOVES],
        };
        coarse.goal[..cells].copy_from_slice(puzzle.goal().labels());
        for (p, pattern) in set.patterns().enumerate().take(MAX_PATTERNS) {
            coarse.lookups[p] = Lookup::of(&pattern);
            for (slot, &tile) in coarse.tiles[p].iter_mut().zip(pattern.tiles()) {
                *slot = puzzle.label_of(tile).unwrap_or(0);
            }
        }
        for m in 0..moves {
            if let Some(map) = puzzle.move_map(m) {
                coarse.maps[m][..cells].copy_from_slice(map);
            }
            coarse.longest_run[m] = puzzle.move_order(m).map_or(u16::MAX, |order| order.saturating_sub(1));
        }
        for m in 0..moves {
            for n in 0..moves {
                if composes_to_identity(&coarse.maps[m], &coarse.maps[n], cells) {
                    coarse.undone_by[m] |= 1 << n;
                }
            }
        }
        coarse
    }

    /// The largest of the patterns' entries for the state `labels`.
    #[inline]
    fn estimate(&self, labels: &[u8; MAX_CELLS]) -> u32 {
        let mut cell_of = [0u8; MAX_CELLS];
        for (cell, &label) in labels[..self.cells].iter().enumerate() {
            cell_of[usize::from(label) % MAX_CELLS] = cell as u8;
        }
        let mut best = 0;
        for (lookup, tiles) in self.lookups[..self.count].iter().zip(&self.tiles) {
            let places: [u8; MAX_CELLS] = core::array::from_fn(|j| cell_of[usize::from(tiles[j]) % MAX_CELLS]);
            best = best.max(lookup.get(&places));
        }
        u32::from(best)
    }

    pub fn estimate_state(&self, state: &State) -> u32 {
        self.estimate(&labels_of(state))
    }

    /// Solves `state` (of the puzzle's rank space) within `max_nodes`.
    pub fn solve(&self, state: &State, max_nodes: u64) -> Report {
        let mut run =
            Run { c: self, max_nodes, report: Report::new(Outcome::NodeLimit), frames: [ROOT; MAX_DEPTH + 1] };
        run.frames[0].labels = labels_of(state);
        if run.frames[0].labels == self.goal {
            run.report.outcome = Outcome::Solved;
            return run.report;
        }
        let bound = self.estimate(&run.frames[0].labels);
        crate::ida::deepen(&mut run, bound);
        run.report
    }
}

/// Whether making map `a` then map `b` leaves every cell as it was.
fn composes_to_identity(a: &[u8; MAX_CELLS], b: &[u8; MAX_CELLS], cells: usize) -> bool {
    // After a then b, cell i holds what a put at b[i]: the start's a[b[i]].
    (0..cells).all(|i| usize::from(a[usize::from(b[i]) % MAX_CELLS]) == i)
}

fn labels_of(state: &State) -> [u8; MAX_CELLS] {
    let mut labels = [0u8; MAX_CELLS];
    labels[..state.labels().len()].copy_from_slice(state.labels());
    labels
}

/// One level of the search: the state, the move that led here and how
/// many times in a row it was made, and the next move to try.
#[derive(Clone, Copy)]
struct Frame {
    labels: [u8; MAX_CELLS],
    came_by: u8,
    run: u16,
    next: u8,
}

/// Not a move: the root's `came_by`.
const NO_MOVE: u8 = u8::MAX;

const ROOT: Frame = Frame { labels: [0; MAX_CELLS], came_by: NO_MOVE, run: 0, next: 0 };

struct Run<'c, 'a> {
    c: &'c Coarse<'a>,
    max_nodes: u64,
    report: Report,
    frames: [Frame; MAX_DEPTH + 1],
}

impl Pass for Run<'_, '_> {
    fn report(&mut self) -> &mut Report {
        &mut self.report
    }

    /// One depth-first pass within `bound`.
    fn iteration(&mut self, bound: u32) -> Step {
        let c = self.c;
        let mut above = u32::MAX;
        let mut depth = 0usize;
        self.frames[0].next = 0;
        self.report.expanded += 1;
        loop {
            let frame = self.frames[depth];
            let m = usize::from(frame.next);
            if m >= c.moves || depth == MAX_DEPTH {
                if depth == 0 {
                    return Step::Above(above);
                }
                depth -= 1;
                continue;
            }
            self.frames[depth].next += 1;
            let last = usize::from(frame.came_by);
            let run = if last == m { frame.run + 1 } else { 1 };
            if last < MAX_MOVES && (c.undone_by[last] >> m) & 1 == 1 || run > c.longest_run[m] {
                continue;
            }
            self.report.generated += 1;
            let map = &c.maps[m];
            let labels: [u8; MAX_CELLS] = core::array::from_fn(|i| frame.labels[usize::from(map[i]) % MAX_CELLS]);
            let cost = depth as u32 + 1 + c.estimate(&labels);
            if cost > bound {
                above = above.min(cost);
                continue;
            }
            depth += 1;
            self.frames[depth] = Frame { labels, came_by: m as u8, run, next: 0 };
            if labels == c.goal {
                self.report.set_moves(self.frames[1..=depth].iter().map(|f| f.came_by));
                return Step::Found;
            }
            if self.report.expanded >= self.max_nodes {
                return Step::Limit;
            }
            self.report.expanded += 1;
        }
    }
}

/// Whether `puzzle`'s pattern sets take this search.
pub(crate) fn fits(puzzle: &Puzzle) -> bool {
    puzzle.pattern_combine() == Some(godtab_puzzles::Combine::Max)
}
