//! The optimal search over a pattern set of an orbit puzzle: IDA* that
//! grows the answer from both ends.
//!
//! At every node the search looks up each pattern for the position and
//! for its inverse, each also through the symmetries that map the pattern
//! to another one (the cube's tables, reduced by the 16 symmetries that
//! keep the U-D axis, are looked up along all three axes), and the
//! largest bound prunes. Each pattern's subgroup `H` (what the pattern
//! cannot see) holds some moves (the U and D turns for that table), and a
//! bound `b` equal to the moves left says more: no answer of that length
//! *ends* with a move of `H` (its last move could be dropped, reaching
//! `H` in `b − 1`), and for the inverse, none *starts* with one. If every
//! last move is ruled out the node is pruned; otherwise the search extends
//! the answer at whichever end has fewer moves left to try, making a move
//! after the position (front) or before it (back), the way Rokicki's
//! nxopt does. Answers are the canonical sequences of
//! [`canon`] at each end.
//!
//! One position is searched on every core: the first few moves make the
//! tasks, taken in order, and the answer is that of the first task (in
//! that order) that has one, whatever the number of threads. It is an
//! optimal answer, not always the lexicographically least one.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

mod rounds;
mod searcher;
mod walk;

use searcher::{Searcher, Shared};
use walk::{Bounds, Child, Expansion, MAX_VIEWS, NO_BOUNDS, Node, Walk};

use crate::kernel::{Kernel, Scalar};
use godtab_twisty::canon::{self, Canon};
use godtab_twisty::model::{Cells, Twisty};
use godtab_twisty::pattern::Coder;
use godtab_twisty::prune::PruneTable;
use godtab_twisty::symmetry::Group;

/// The deepest answer a search looks for.
pub const MAX_DEPTH: u8 = 40;

/// The most lookups a node makes.
const MAX_LOOKUPS: usize = 16;

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The moves solve the position optimally.
    Solved,
    /// The node limit was reached first.
    NodeLimit,
    /// Every answer is longer than [`MAX_DEPTH`].
    TooDeep,
}

/// What a search found and what it cost.
#[derive(Clone, Debug)]
pub struct Report {
    /// How it ended.
    pub outcome: Outcome,
    /// The answer's moves (empty unless solved).
    pub moves: Vec<usize>,
    /// Nodes expanded (children generated), every iteration together.
    pub expanded: u64,
    /// Table lookups made.
    pub lookups: u64,
    /// The bound of each iteration tried.
    pub bounds: Vec<u8>,
}

/// One lookup: a pattern's table, through a symmetry (or none), of the
/// position or its inverse.
#[derive(Clone, Copy, Debug)]
struct Lookup {
    pattern: usize,
    /// The view it reads (see [`Solver::views`]).
    view: usize,
    inverse: bool,
    /// The moves whose image under the symmetry lies in the pattern's
    /// subgroup (a bit per move).
    held: u64,
}

/// A pattern set ready to search: the puzzle, the patterns' coders and
/// tables, the symmetries, the automata of canonical sequences, and the
/// kernel that moves states.
pub struct Solver<'a> {
    plan: Plan<'a>,
    kernel: Choice<'a>,
    /// Threads to search on (rayon's pool).
    pub threads: usize,
}

/// The kernel a solver moves its states with.
enum Choice<'a> {
    Scalar(Scalar<'a>),
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1"))]
    Lanes(Box<crate::lanes::Lanes<'a>>),
}

/// What a search needs besides its kernel.
struct Plan<'a> {
    puzzle: &'a Twisty,
    coders: &'a [Coder],
    tables: Vec<PruneTable<'a>>,
    group: Option<&'a Group>,
    lookups: Vec<Lookup>,
    /// The symmetries the lookups see the position through (the identity
    /// first); a node keeps the position and its inverse in each.
    views: Vec<Option<usize>>,
    /// `view_moves[v][m]`: what move `m` is in view `v`.
    view_moves: Vec<Vec<u8>>,
    /// How many lookups read the position (they come first).
    position_lookups: usize,
    /// `near[m]`: the other moves of `m`'s family one move of the family
    /// away from it (a bit per move).
    near: Vec<u64>,
    /// `keep[at_back][m]`: the lookups whose bound a move `m` at the front
    /// (0) or back (1) keeps: those of the other side whose pattern holds
    /// the move.
    keep: [Vec<u64>; 2],
    front: Canon,
    back: Canon,
    all_moves: u64,
}

impl Plan<'_> {
    /// The order a node's children read the lookups in: those where the
    /// node's `bounds` are at their largest first, then the others, each
    /// part in the lookups' own order.
    fn lookup_order(&self, bounds: &Bounds) -> [u8; MAX_LOOKUPS] {
        let mut order = [0u8; MAX_LOOKUPS];
        let values = &bounds.values[..self.lookups.len()];
        let mut next = 0;
        for top in [true, false] {
            for (i, &value) in values.iter().enumerate() {
                if (value == bounds.largest) == top {
                    order[next] = i as u8;
                    next += 1;
                }
            }
        }
        order
    }
}

/// How deep the tasks that split a search over threads go.
const TASK_DEPTH: usize = 3;

impl<'a> Solver<'a> {
    /// A solver over `coders` with their `tables` (one each), looking up
    /// each pattern through the symmetries of `group` that map it to
    /// another pattern (at most `max_views` views of each pattern per
    /// side, the position itself first).
    #[must_use]
    pub fn new(
        puzzle: &'a Twisty,
        coders: &'a [Coder],
        tables: Vec<PruneTable<'a>>,
        group: Option<&'a Group>,
        max_views: usize,
    ) -> Self {
        let mut lookups = Vec::new();
        let mut all_views: Vec<Option<usize>> = vec![None];
        for inverse in [false, true] {
            for (p, coder) in coders.iter().enumerate() {
                for symmetry in views(puzzle, coder, group, max_views) {
                    let held = held_moves(puzzle, coder, symmetry.and_then(|s| group.map(|g| &g.symmetries[s])));
                    let view = match all_views.iter().position(|&v| v == symmetry) {
                        Some(v) => v,
                        None => {
                            all_views.push(symmetry);
                            all_views.len() - 1
                        }
                    };
                    if view < MAX_VIEWS {
                        lookups.push(Lookup { pattern: p, view, inverse, held });
                    }
                }
            }
        }
        lookups.truncate(MAX_LOOKUPS);
        all_views.truncate(MAX_VIEWS);
        let position_lookups = lookups.iter().filter(|l| !l.inverse).count();
        let near = puzzle
            .moves()
            .iter()
            .enumerate()
            .map(|(m, mv)| {
                let family = &puzzle.families()[mv.family];
                let order = usize::from(family.order);
                puzzle
                    .moves()
                    .iter()
                    .enumerate()
                    .filter(|&(o, other)| {
                        let step = (usize::from(other.power) + order - usize::from(mv.power)) % order;
                        o != m && other.family == mv.family && family.length[step] == 1
                    })
                    .fold(0u64, |near, (o, _)| near | 1 << o)
            })
            .collect();
        let keep = [false, true].map(|at_back| {
            (0..puzzle.moves().len())
                .map(|m| {
                    lookups
                        .iter()
                        .enumerate()
                        .filter(|(_, l)| l.inverse != at_back && l.held & (1 << m) != 0)
                        .fold(0u64, |k, (i, _)| k | 1 << i)
                })
                .collect()
        });
        let view_moves: Vec<Vec<u8>> = all_views
            .iter()
            .map(|v| match (v, group) {
                (Some(s), Some(g)) => g.symmetries[*s].moves.clone(),
                _ => (0..puzzle.moves().len() as u8).collect(),
            })
            .collect();
        let moves = puzzle.moves().len();
        let plan = Plan {
            puzzle,
            coders,
            tables,
            group,
            lookups,
            views: all_views,
            view_moves,
            position_lookups,
            near,
            keep,
            front: Canon::new(puzzle, false),
            back: Canon::new(puzzle, true),
            all_moves: if moves == 64 { u64::MAX } else { (1 << moves) - 1 },
        };
        #[cfg(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1"))]
        let kernel = match crate::lanes::Lanes::new(puzzle, coders) {
            Some(lanes) => Choice::Lanes(Box::new(lanes)),
            None => Choice::Scalar(Scalar::new(puzzle)),
        };
        #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1")))]
        let kernel = Choice::Scalar(Scalar::new(puzzle));
        Self { plan, kernel, threads: rayon::current_num_threads() }
    }

    /// Moves states with the scalar kernel, whatever the puzzle (to check
    /// the others against it).
    pub fn use_scalar_kernel(&mut self) {
        self.kernel = Choice::Scalar(Scalar::new(self.plan.puzzle));
    }

    /// The kernel's name: "lanes" or "scalar".
    #[must_use]
    pub fn kernel_name(&self) -> &'static str {
        match self.kernel {
            Choice::Scalar(_) => "scalar",
            #[cfg(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1"))]
            Choice::Lanes(_) => "lanes",
        }
    }

    /// How many lookups a node may make.
    #[must_use]
    pub fn lookup_count(&self) -> usize {
        self.plan.lookups.len()
    }

    /// Each lookup: its pattern, the symmetry it sees through (`None`:
    /// the position itself), whether it reads the inverse, and the moves
    /// its pattern holds.
    #[must_use]
    pub fn describe_lookups(&self) -> Vec<(usize, Option<usize>, bool, u64)> {
        self.plan.lookups.iter().map(|l| (l.pattern, self.plan.views[l.view], l.inverse, l.held)).collect()
    }

    /// The largest bound of every lookup of `position` (the search's first
    /// bound).
    #[must_use]
    pub fn estimate(&self, position: &Cells) -> u8 {
        match &self.kernel {
            Choice::Scalar(k) => Searcher { plan: &self.plan, kernel: k, threads: self.threads }.estimate(position),
            #[cfg(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1"))]
            Choice::Lanes(k) => {
                Searcher { plan: &self.plan, kernel: k.as_ref(), threads: self.threads }.estimate(position)
            }
        }
    }

    /// Searches an optimal answer for `position`, expanding at most
    /// `max_nodes` nodes.
    #[must_use]
    pub fn solve(&self, position: &Cells, max_nodes: u64) -> Report {
        match &self.kernel {
            Choice::Scalar(k) => {
                Searcher { plan: &self.plan, kernel: k, threads: self.threads }.solve(position, max_nodes)
            }
            #[cfg(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1"))]
            Choice::Lanes(k) => {
                Searcher { plan: &self.plan, kernel: k.as_ref(), threads: self.threads }.solve(position, max_nodes)
            }
        }
    }
}

/// The symmetries through which a pattern is looked up: one from each
/// class of symmetries that map it to the same pattern (the identity's
/// class first), at most `max_views`.
fn views(puzzle: &Twisty, coder: &Coder, group: Option<&Group>, max_views: usize) -> Vec<Option<usize>> {
    let Some(group) = group else { return vec![None] };
    let keeping: Vec<usize> =
        (0..group.len()).filter(|&s| coder.def.is_kept_by(puzzle, &group.symmetries[s])).collect();
    let mut seen = vec![false; group.len()];
    let mut views = Vec::new();
    for t in 0..group.len() {
        if seen[t] {
            continue;
        }
        // The class of `t`: every kept symmetry after it.
        for &k in &keeping {
            seen[usize::from(group.product[k][t])] = true;
        }
        views.push(if t == 0 { None } else { Some(t) });
        if views.len() == max_views {
            break;
        }
    }
    views
}

/// The moves `m` whose image under `symmetry` lies in the pattern's
/// subgroup (the pattern cannot tell it from the solved state).
fn held_moves(puzzle: &Twisty, coder: &Coder, symmetry: Option<&godtab_twisty::symmetry::Symmetry>) -> u64 {
    let solved = coder.index(puzzle, &puzzle.identity());
    let mut held = 0u64;
    for (m, mv) in puzzle.moves().iter().enumerate() {
        let state = mv.map_as_state();
        let seen = symmetry.map_or(state, |s| s.conjugate(puzzle, &state));
        if coder.index(puzzle, &seen) == solved {
            held |= 1 << m;
        }
    }
    held
}

/// A sequence with adjacent moves of commuting families put in family
/// order (a symmetry can map a canonical sequence to one out of order).
fn canonical_order(puzzle: &Twisty, commute: &[Vec<bool>], mut moves: Vec<usize>) -> Vec<usize> {
    let family = |m: usize| puzzle.moves()[m].family;
    loop {
        let mut swapped = false;
        for i in 1..moves.len() {
            let (a, b) = (family(moves[i - 1]), family(moves[i]));
            if a > b && commute[a][b] {
                moves.swap(i - 1, i);
                swapped = true;
            }
        }
        if !swapped {
            return moves;
        }
    }
}
