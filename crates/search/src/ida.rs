//! The iterative-deepening depth-first search, on a fixed stack of frames.

use godtab_puzzles::{MAX_CELLS, State};

use crate::MAX_DEPTH;
use crate::board::{NONE, PATTERN_SLOTS, Searcher};

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The moves of [`Report::moves`] solve the state optimally.
    Solved,
    /// The state cannot reach the goal.
    Unsolvable,
    /// The node limit was reached before a solution was found.
    NodeLimit,
    /// Every solution is longer than [`MAX_DEPTH`] moves.
    TooDeep,
}

/// A search's result and the work it took.
#[derive(Clone, Debug)]
pub struct Report {
    /// How the search ended.
    pub outcome: Outcome,
    /// Nodes expanded (their children generated), every iteration together.
    pub expanded: u64,
    /// Nodes generated (children whose heuristic was looked up).
    pub generated: u64,
    /// Iterations of deepening (bounds tried).
    pub iterations: u32,
    moves: [u8; MAX_DEPTH],
    len: u8,
}

impl Report {
    pub(crate) fn new(outcome: Outcome) -> Self {
        Self { outcome, expanded: 0, generated: 0, iterations: 0, moves: [0; MAX_DEPTH], len: 0 }
    }

    /// Records a solution's moves (at most [`MAX_DEPTH`]).
    pub(crate) fn set_moves(&mut self, moves: impl Iterator<Item = u8>) {
        self.len = 0;
        for (slot, m) in self.moves.iter_mut().zip(moves) {
            *slot = m;
            self.len += 1;
        }
    }

    /// The solution's move indices (declared order); empty unless
    /// [`Outcome::Solved`].
    #[must_use]
    pub fn moves(&self) -> &[u8] {
        &self.moves[..usize::from(self.len)]
    }
}

/// How one depth-first pass ended.
pub(crate) enum Step {
    /// A solution, in the report.
    Found,
    /// The node limit.
    Limit,
    /// No solution within the bound; the smallest cost above it
    /// (`u32::MAX` if none).
    Above(u32),
}

/// One level of the search: the move that led here, what it replaced, and
/// the children's lookups, made before any is entered.
#[derive(Clone, Copy)]
struct Frame {
    /// The move that led here (4 at the root).
    came_by: u8,
    /// The entries of the moved tile's patterns before the move.
    old_h: u8,
    old_mirror_h: u8,
    /// The next move to try.
    next: u8,
    /// Moves within the bound (bit per move), with their new entries and
    /// the new ranks of the moved tile's patterns.
    viable: u8,
    child_h: [u8; 4],
    child_mirror_h: [u8; 4],
    child_rank: [u64; 4],
    child_mirror_rank: [u64; 4],
    /// The ranks of the moved tile's patterns before the move.
    old_rank: u64,
    old_mirror_rank: u64,
}

const ROOT: Frame = Frame {
    came_by: 4,
    old_h: 0,
    old_mirror_h: 0,
    next: 0,
    viable: 0,
    child_h: [0; 4],
    child_mirror_h: [0; 4],
    child_rank: [0; 4],
    child_mirror_rank: [0; 4],
    old_rank: 0,
    old_mirror_rank: 0,
};

/// A search in progress: the current state and its heuristic's parts.
pub(crate) struct Run<'s, 'a> {
    s: &'s Searcher<'a>,
    cells: [u8; MAX_CELLS],
    blank: u8,
    /// Every pattern's placement rank, and in the reflected state: a move
    /// changes one pattern's rank by an amount found from a few cells
    /// (see `Run::rank_change`).
    rank: [u64; PATTERN_SLOTS],
    mirror_rank: [u64; PATTERN_SLOTS],
    h: [u8; PATTERN_SLOTS],
    mirror_h: [u8; PATTERN_SLOTS],
    sum: u32,
    mirror_sum: u32,
    max_nodes: u64,
    report: Report,
    frames: [Frame; MAX_DEPTH + 1],
}

/// A search that deepens: one depth-first pass at a time.
pub(crate) trait Pass {
    /// The report the passes add to.
    fn report(&mut self) -> &mut Report;
    /// One depth-first pass within `bound`.
    fn iteration(&mut self, bound: u32) -> Step;
}

/// Deepens the bound from `bound` until a solution, the node limit or the
/// stack's end; the outcome is in the report.
pub(crate) fn deepen(search: &mut impl Pass, mut bound: u32) {
    loop {
        search.report().iterations += 1;
        let outcome = match search.iteration(bound) {
            Step::Found => Outcome::Solved,
            Step::Limit => Outcome::NodeLimit,
            Step::Above(u32::MAX) => Outcome::Unsolvable,
            Step::Above(next) if next as usize > MAX_DEPTH => Outcome::TooDeep,
            Step::Above(next) => {
                bound = next;
                continue;
            }
        };
        search.report().outcome = outcome;
        return;
    }
}

impl Pass for Run<'_, '_> {
    fn report(&mut self) -> &mut Report {
        &mut self.report
    }

    fn iteration(&mut self, bound: u32) -> Step {
        self.pass(bound)
    }
}

impl<'s, 'a> Run<'s, 'a> {
    pub fn new(s: &'s Searcher<'a>, state: &State, max_nodes: u64) -> Self {
        let mut run = Self {
            s,
            cells: [0; MAX_CELLS],
            blank: 0,
            rank: [0; PATTERN_SLOTS],
            mirror_rank: [0; PATTERN_SLOTS],
            h: [0; PATTERN_SLOTS],
            mirror_h: [0; PATTERN_SLOTS],
            sum: 0,
            mirror_sum: 0,
            max_nodes,
            report: Report::new(Outcome::NodeLimit),
            frames: [ROOT; MAX_DEPTH + 1],
        };
        let labels = state.labels();
        run.cells[..labels.len()].copy_from_slice(labels);
        // Every pattern's tiles' cells, and in the reflected state.
        let mut places = [[0u8; MAX_CELLS]; PATTERN_SLOTS];
        let mut mirror_places = [[0u8; MAX_CELLS]; PATTERN_SLOTS];
        for (cell, &label) in labels.iter().enumerate() {
            if label == s.blank {
                run.blank = cell as u8;
                continue;
            }
            let (p, i) = slot(s, label);
            places[p][i] = cell as u8;
            if s.reflect {
                let (q, j) = slot(s, s.mirror_label[usize::from(label) % MAX_CELLS]);
                mirror_places[q][j] = s.mirror_cell[cell];
            }
        }
        for p in 0..s.count {
            run.rank[p] = s.lookups[p].places.rank(&places[p]);
            run.h[p] = s.lookups[p].at(run.rank[p]);
            run.sum += u32::from(run.h[p]);
            if s.reflect {
                run.mirror_rank[p] = s.lookups[p].places.rank(&mirror_places[p]);
                run.mirror_h[p] = s.lookups[p].at(run.mirror_rank[p]);
                run.mirror_sum += u32::from(run.mirror_h[p]);
            }
        }
        run
    }

    pub fn estimate(&self) -> u32 {
        self.sum.max(self.mirror_sum)
    }

    fn is_goal(&self) -> bool {
        self.cells[..self.s.cells] == self.s.goal[..self.s.cells]
    }

    /// Deepens the bound until a solution, the node limit or the stack's
    /// end.
    pub fn solve(mut self) -> Report {
        if self.is_goal() {
            self.report.outcome = Outcome::Solved;
            return self.report;
        }
        let bound = self.estimate();
        deepen(&mut self, bound);
        self.report
    }

    /// One depth-first pass within `bound`.
    fn pass(&mut self, bound: u32) -> Step {
        let mut above = u32::MAX;
        let mut depth = 0usize;
        self.frames[0] = ROOT;
        self.expand(0, bound, &mut above);
        loop {
            let (m, viable) = (self.frames[depth].next, self.frames[depth].viable);
            if m >= 4 {
                if depth == 0 {
                    return Step::Above(above);
                }
                let frame = self.frames[depth];
                self.undo(&frame);
                depth -= 1;
                continue;
            }
            self.frames[depth].next = m + 1;
            if viable & (1 << m) == 0 {
                continue;
            }
            let child = self.apply(m, depth);
            depth += 1;
            self.frames[depth] = child;
            if self.sum == 0 && self.is_goal() {
                self.report.set_moves(self.frames[1..=depth].iter().map(|f| f.came_by));
                return Step::Found;
            }
            if self.report.expanded >= self.max_nodes {
                return Step::Limit;
            }
            if depth < MAX_DEPTH {
                self.expand(depth, bound, &mut above);
            }
        }
    }

    /// Looks up every child of the node at `depth` (all lookups before any
    /// child is entered, so their memory reads overlap) and marks those
    /// within the bound. The reflected lookup is made only for children
    /// that the sum leaves within the bound; the viable children are the
    /// same, and a pruned child's cost may count without it (still a lower
    /// bound, and of the same parity on a sliding board).
    #[inline(always)]
    fn expand(&mut self, depth: usize, bound: u32, above: &mut u32) {
        let s = self.s;
        self.report.expanded += 1;
        let g = depth as u32 + 1;
        let blank = usize::from(self.blank) % MAX_CELLS;
        let frame = &mut self.frames[depth];
        // The move that undoes the one that led here is never tried next.
        let skip = s.undo[usize::from(frame.came_by).min(4)];
        for m in 0..4u8 {
            let target = s.targets[blank][usize::from(m)];
            if target == NONE || m == skip {
                continue;
            }
            self.report.generated += 1;
            let from = usize::from(target) % MAX_CELLS;
            let label = self.cells[from];
            let (p, i) = slot(s, label);
            let rank = self.rank[p].wrapping_add(rank_change(s, &self.cells, p, i, from, blank, false));
            let hp = s.lookups[p].at(rank);
            let sum = self.sum - u32::from(self.h[p]) + u32::from(hp);
            frame.child_h[usize::from(m)] = hp;
            frame.child_rank[usize::from(m)] = rank;
            let mut estimate = sum;
            // A child the sum alone puts past the bound needs no reflected
            // lookup: it is pruned either way.
            if s.reflect && g + sum <= bound {
                let (q, j) = slot(s, s.mirror_label[usize::from(label) % MAX_CELLS]);
                let (mirror_from, mirror_to) = (s.mirror_cell[from], s.mirror_cell[blank]);
                let change = rank_change(s, &self.cells, q, j, mirror_from.into(), mirror_to.into(), true);
                let mirror_rank = self.mirror_rank[q].wrapping_add(change);
                let mh = s.lookups[q].at(mirror_rank);
                frame.child_mirror_h[usize::from(m)] = mh;
                frame.child_mirror_rank[usize::from(m)] = mirror_rank;
                estimate = estimate.max(self.mirror_sum - u32::from(self.mirror_h[q]) + u32::from(mh));
            }
            let cost = g + estimate;
            if cost > bound {
                *above = (*above).min(cost);
            } else {
                frame.viable |= 1 << m;
            }
        }
    }

    /// Makes move `m` from the node at `depth`, with the entries and ranks
    /// looked up for it there; the new frame remembers what to restore.
    #[inline(always)]
    fn apply(&mut self, m: u8, depth: usize) -> Frame {
        let s = self.s;
        let frame = &self.frames[depth];
        let c = usize::from(m) % 4;
        let (hp, mh) = (frame.child_h[c], frame.child_mirror_h[c]);
        let (rank, mirror_rank) = (frame.child_rank[c], frame.child_mirror_rank[c]);
        let blank = usize::from(self.blank) % MAX_CELLS;
        let target = usize::from(s.targets[blank][usize::from(m) % 4]) % MAX_CELLS;
        let label = self.cells[target];
        self.cells[blank] = label;
        self.cells[target] = s.blank;
        self.blank = target as u8;
        let (p, _) = slot(s, label);
        let old_rank = core::mem::replace(&mut self.rank[p], rank);
        let old_h = self.h[p];
        self.h[p] = hp;
        self.sum = self.sum - u32::from(old_h) + u32::from(hp);
        let (mut old_mirror_h, mut old_mirror_rank) = (0, 0);
        if s.reflect {
            let (q, _) = slot(s, s.mirror_label[usize::from(label) % MAX_CELLS]);
            old_mirror_rank = core::mem::replace(&mut self.mirror_rank[q], mirror_rank);
            old_mirror_h = self.mirror_h[q];
            self.mirror_h[q] = mh;
            self.mirror_sum = self.mirror_sum - u32::from(old_mirror_h) + u32::from(mh);
        }
        Frame { came_by: m, old_h, old_mirror_h, old_rank, old_mirror_rank, ..ROOT }
    }

    /// Takes back the move that led to `frame`.
    #[inline(always)]
    fn undo(&mut self, frame: &Frame) {
        let s = self.s;
        let blank = usize::from(self.blank) % MAX_CELLS;
        let back = usize::from(s.undo[usize::from(frame.came_by).min(4)]) % 4;
        let from = usize::from(s.targets[blank][back]) % MAX_CELLS;
        let label = self.cells[from];
        self.cells[blank] = label;
        self.cells[from] = s.blank;
        self.blank = from as u8;
        let (p, _) = slot(s, label);
        self.rank[p] = frame.old_rank;
        self.sum = self.sum - u32::from(self.h[p]) + u32::from(frame.old_h);
        self.h[p] = frame.old_h;
        if s.reflect {
            let (q, _) = slot(s, s.mirror_label[usize::from(label) % MAX_CELLS]);
            self.mirror_rank[q] = frame.old_mirror_rank;
            self.mirror_sum = self.mirror_sum - u32::from(self.mirror_h[q]) + u32::from(frame.old_mirror_h);
            self.mirror_h[q] = frame.old_mirror_h;
        }
    }
}

/// How the rank of pattern `p` changes when its tile `i` moves from cell
/// `from` into the blank at cell `to` of the board `cells` (of its
/// reflection if `mirrored`), found from the cells the tile passes over
/// rather than by ranking the placement again. Tile `i`'s Lehmer digit
/// (its cell less the cells of earlier tiles below it) changes by
/// `to - from`, less the earlier tiles of the pattern strictly between the
/// two cells (more them, moving to a lower cell); each later tile strictly
/// between them gains one earlier cell below it, or loses one. A move
/// along a row passes no cell: the change is plus or minus `weight(i)`.
#[inline(always)]
fn rank_change(
    s: &Searcher<'_>,
    cells: &[u8; MAX_CELLS],
    p: usize,
    i: usize,
    from: usize,
    to: usize,
    mirrored: bool,
) -> u64 {
    let places = &s.lookups[p % PATTERN_SLOTS].places;
    let (low, high) = (from.min(to), from.max(to));
    let mut earlier = 0u64;
    let mut later = 0u64;
    for cell in low + 1..high {
        let label = if mirrored {
            s.mirror_label[usize::from(cells[usize::from(s.mirror_cell[cell % MAX_CELLS]) % MAX_CELLS]) % MAX_CELLS]
        } else {
            cells[cell % MAX_CELLS]
        };
        if usize::from(s.pattern_of[usize::from(label) % MAX_CELLS]) != p {
            continue;
        }
        let j = usize::from(s.index_in[usize::from(label) % MAX_CELLS]);
        if j < i {
            earlier += 1;
        } else {
            later = later.wrapping_add(places.weight(j));
        }
    }
    let weight = places.weight(i);
    if to > from {
        weight.wrapping_mul(((to - from) as u64).wrapping_sub(earlier)).wrapping_add(later)
    } else {
        weight.wrapping_mul(((from - to) as u64).wrapping_sub(earlier)).wrapping_add(later).wrapping_neg()
    }
}

/// The pattern and place of a tile's label.
#[inline(always)]
fn slot(s: &Searcher<'_>, label: u8) -> (usize, usize) {
    let label = usize::from(label) % MAX_CELLS;
    (usize::from(s.pattern_of[label]) % PATTERN_SLOTS, usize::from(s.index_in[label]) % MAX_CELLS)
}
