//! IDA* on a permutation puzzle or a sliding board in the multi-tile
//! metric: the heuristic is the largest of the patterns' coarse distances.
//! A permutation move is a map of the cells; a multi-tile move depends on
//! the blank's cell (see [`Puzzle::slide_carry`]).
//!
//! Pruning keeps every optimal solution: a move is never followed by a move
//! that undoes it, nor made so many times in a row that the run changes
//! nothing (as often as its order). On a multi-tile board two moves in a row
//! along one line (`u2` then `u` or `d`) are never optimal, being one move
//! or none, so a move is followed only by moves across it. On a square
//! board whose blank belongs on the main diagonal, the state reflected about
//! that diagonal has the same distance, so its entries bound it too. Moves
//! are tried in declared order, so the first solution at the optimal bound
//! is the lexicographically least.

use godtab_puzzles::{BLANK, Kind, MAX_CELLS, MAX_MOVES, MAX_PATTERNS, Puzzle, State};
use godtab_runtime::PatternSet;

use crate::MAX_DEPTH;
use crate::board::{Lookup, diagonal_reflection};
use crate::ida::{Outcome, Pass, Report, Step};

/// What the search knows about the pattern set of a permutation puzzle
/// or a multi-tile board.
#[derive(Clone)]
pub(crate) struct Coarse<'a> {
    puzzle: &'a Puzzle,
    lookups: [Lookup<'a>; MAX_PATTERNS],
    /// Each pattern's tiles as labels, in ranking order, and how many.
    tiles: [[u8; MAX_CELLS]; MAX_PATTERNS],
    count: usize,
    cells: usize,
    goal: [u8; MAX_CELLS],
    /// By move: `new[i] = old[map[i]]`.
    maps: [[u8; MAX_CELLS]; MAX_MOVES],
    moves: usize,
    /// By move: the moves never made right after it (a bit each): those
    /// that undo it, or on a multi-tile board those along its line.
    undone_by: [u64; MAX_MOVES],
    /// By move: how many times in a row it may be made (its order less 1).
    longest_run: [u16; MAX_MOVES],
    /// A multi-tile board's blank label (its moves depend on its cell).
    slides: Option<u8>,
    /// Whether the reflected state is looked up too, and the reflection of
    /// every label and cell.
    reflect: bool,
    mirror_label: [u8; MAX_CELLS],
    mirror_cell: [u8; MAX_CELLS],
}

impl<'a> Coarse<'a> {
    pub fn new<B: AsRef<[u8]>>(set: &'a PatternSet<B>) -> Self {
        let puzzle = set.puzzle();
        let (cells, moves) = (puzzle.cells(), puzzle.move_count().min(MAX_MOVES));
        let mut coarse = Self {
            puzzle,
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
            slides: None,
            reflect: false,
            mirror_label: [0; MAX_CELLS],
            mirror_cell: [0; MAX_CELLS],
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
        if puzzle.kind() == Kind::Sliding {
            coarse.slides = puzzle.label_of(BLANK);
            let reflection = coarse.slides.and_then(|blank| diagonal_reflection(puzzle, &coarse.goal, blank));
            if let Some((mirror_cell, mirror_label)) = reflection {
                (coarse.reflect, coarse.mirror_cell, coarse.mirror_label) = (true, mirror_cell, mirror_label);
            }
            let axis = |m: usize| puzzle.slide_direction(m).map(|d| d / 2);
            for m in 0..moves {
                coarse.longest_run[m] = 1;
                coarse.undone_by[m] = (0..moves).filter(|&n| axis(n) == axis(m)).fold(0, |bits, n| bits | 1 << n);
            }
            return coarse;
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

    /// Whether the reflected state is looked up too.
    pub fn reflects(&self) -> bool {
        self.reflect
    }

    /// The largest of the patterns' entries for the state `labels`.
    #[inline]
    fn estimate(&self, labels: &[u8; MAX_CELLS]) -> u32 {
        self.estimate_past(labels, u32::MAX)
    }

    /// [`Coarse::estimate`], or, as soon as one entry exceeds `limit`, that
    /// entry: enough to prune the state, and a lower bound of its estimate
    /// (the next bound, the least of these, may then be lower than the
    /// least estimate, never lower than this bound plus one; the nodes
    /// each pass visits, and so the solution found, are the same).
    #[inline]
    fn estimate_past(&self, labels: &[u8; MAX_CELLS], limit: u32) -> u32 {
        let mut cell_of = [0u8; MAX_CELLS];
        for (cell, &label) in labels[..self.cells].iter().enumerate() {
            cell_of[usize::from(label) % MAX_CELLS] = cell as u8;
        }
        let mut best = 0;
        for (lookup, tiles) in self.lookups[..self.count].iter().zip(&self.tiles) {
            let places: [u8; MAX_CELLS] = core::array::from_fn(|j| cell_of[usize::from(tiles[j]) % MAX_CELLS]);
            best = best.max(lookup.get(&places));
            if u32::from(best) > limit {
                return u32::from(best);
            }
        }
        if self.reflect {
            // In the reflected state, tile t stands at the reflection of
            // the cell of the tile that reflects to t.
            for (lookup, tiles) in self.lookups[..self.count].iter().zip(&self.tiles) {
                let places: [u8; MAX_CELLS] = core::array::from_fn(|j| {
                    let source = self.mirror_label[usize::from(tiles[j]) % MAX_CELLS];
                    self.mirror_cell[usize::from(cell_of[usize::from(source) % MAX_CELLS]) % MAX_CELLS]
                });
                best = best.max(lookup.get(&places));
                if u32::from(best) > limit {
                    return u32::from(best);
                }
            }
        }
        u32::from(best)
    }

    /// The state after move `m` from `labels`, whose blank (on a
    /// multi-tile board) is at `blank`; `None` if the move cannot be made.
    #[inline]
    fn after(&self, labels: &[u8; MAX_CELLS], blank: u8, m: usize) -> Option<([u8; MAX_CELLS], u8)> {
        if self.slides.is_none() {
            let map = &self.maps[m];
            return Some((core::array::from_fn(|i| labels[usize::from(map[i]) % MAX_CELLS]), blank));
        }
        let carry = self.puzzle.slide_carry(blank.into(), m)?;
        let mut next = *labels;
        for (cell, &label) in labels[..self.cells].iter().enumerate() {
            next[usize::from(carry.to(cell as u8)) % MAX_CELLS] = label;
        }
        Some((next, carry.target() as u8))
    }

    pub fn estimate_state(&self, state: &State) -> u32 {
        self.estimate(&labels_of(state))
    }

    /// Solves `state` (of the puzzle's rank space) within `max_nodes`.
    pub fn solve(&self, state: &State, max_nodes: u64) -> Report {
        let mut run =
            Run { c: self, max_nodes, report: Report::new(Outcome::NodeLimit), frames: [ROOT; MAX_DEPTH + 1] };
        run.frames[0].labels = labels_of(state);
        if let Some(blank) = self.slides {
            run.frames[0].blank = state.labels().iter().position(|&l| l == blank).unwrap_or(0) as u8;
        }
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
    /// The blank's cell, on a multi-tile board.
    blank: u8,
    came_by: u8,
    run: u16,
    next: u8,
}

/// Not a move: the root's `came_by`.
const NO_MOVE: u8 = u8::MAX;

const ROOT: Frame = Frame { labels: [0; MAX_CELLS], blank: 0, came_by: NO_MOVE, run: 0, next: 0 };

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
            let Some((labels, blank)) = c.after(&frame.labels, frame.blank, m) else { continue };
            self.report.generated += 1;
            let cost = depth as u32 + 1 + c.estimate_past(&labels, bound.saturating_sub(depth as u32 + 1));
            if cost > bound {
                above = above.min(cost);
                continue;
            }
            depth += 1;
            self.frames[depth] = Frame { labels, blank, came_by: m as u8, run, next: 0 };
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
