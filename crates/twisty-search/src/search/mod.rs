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

/// One kind of kernel's search over a plan.
struct Searcher<'p, 'a, K: Kernel> {
    plan: &'p Plan<'a>,
    kernel: &'p K,
    threads: usize,
}

impl<'p, 'a, K: Kernel> Searcher<'p, 'a, K> {
    /// The lower bound of one lookup.
    #[inline]
    fn bound(&self, lookup: &Lookup, node: &Node<K::State>) -> u8 {
        self.plan.tables[lookup.pattern].get(self.index(lookup, node))
    }

    /// The table index of one lookup.
    #[inline]
    fn index(&self, lookup: &Lookup, node: &Node<K::State>) -> u64 {
        let state = if lookup.inverse { &node.inverses[lookup.view] } else { &node.positions[lookup.view] };
        self.kernel.index(&self.plan.coders[lookup.pattern], lookup.pattern, state)
    }

    /// The root node of `position`: it and its inverse in every view.
    fn root(&self, position: &Cells) -> Node<K::State> {
        let plan = self.plan;
        let inverse = plan.puzzle.invert(position);
        let blank = self.kernel.state(&plan.puzzle.identity());
        let mut node = Node {
            positions: [blank; MAX_VIEWS],
            inverses: [blank; MAX_VIEWS],
            front: canon::START,
            back: canon::START,
        };
        for (v, view) in plan.views.iter().enumerate() {
            let seen = |state: &Cells| match (view, plan.group) {
                (Some(s), Some(g)) => g.symmetries[*s].conjugate(plan.puzzle, state),
                _ => *state,
            };
            node.positions[v] = self.kernel.state(&seen(position));
            node.inverses[v] = self.kernel.state(&seen(&inverse));
        }
        node
    }

    /// The verdicts of lookup `i` (read into their bounds) on the living
    /// `children` of one node, each with `left` moves to go: their moves
    /// ruled out, whether each lives. True if a child's bound prunes the
    /// parent.
    fn settle(&self, children: &mut [Child<K::State>], i: usize, left: u8) -> bool {
        let lookup = &self.plan.lookups[i];
        // A child's bound `b` bounds the parent's distance by `b - 1`, and
        // a sibling `k` moves of its family away by `b - k`. A bound above
        // `left + 2` prunes the parent (and a child's largest bound yet was
        // read while it lived), so only siblings one move away can rule a
        // child out: those of a child whose largest bound is above
        // `left + 1`, collected in `over`.
        let mut over = 0u64;
        for child in children.iter_mut() {
            if child.alive {
                let value = child.bounds.values[i];
                if value == left {
                    if lookup.inverse {
                        child.bounds.front_ruled |= lookup.held;
                    } else {
                        child.bounds.back_ruled |= lookup.held;
                    }
                }
                if value > left + 2 {
                    return true;
                }
                child.alive = value <= left
                    && child.bounds.back_ruled != self.plan.all_moves
                    && child.bounds.front_ruled != self.plan.all_moves;
            }
            over |= u64::from(child.bounds.largest > left + 1) << child.m;
        }
        for child in children.iter_mut() {
            child.alive &= over & self.plan.near[usize::from(child.m)] == 0;
        }
        false
    }

    /// The largest bound of every lookup of `position`.
    fn estimate(&self, position: &Cells) -> u8 {
        let root = self.root(position);
        self.plan.lookups.iter().map(|l| self.bound(l, &root)).max().unwrap_or(0)
    }

    /// Searches an optimal answer for `position`, expanding at most
    /// `max_nodes` nodes.
    fn solve(&self, position: &Cells, max_nodes: u64) -> Report {
        let puzzle = self.plan.puzzle;
        let mut report =
            Report { outcome: Outcome::TooDeep, moves: Vec::new(), expanded: 0, lookups: 0, bounds: Vec::new() };
        if puzzle.is_solved(position) {
            report.outcome = Outcome::Solved;
            return report;
        }
        let shared = Shared::new(max_nodes, self.threads);
        let mut bound = self.estimate(position).max(1);
        while bound <= MAX_DEPTH {
            report.bounds.push(bound);
            let found = if usize::from(bound) <= TASK_DEPTH + 1 {
                let mut walk = Walk::new(self, &shared);
                let root = self.root(position);
                let found = walk
                    .evaluate(&root, bound, &[0; MAX_LOOKUPS], 0)
                    .is_some_and(|bounds| walk.search(&root, bound, &bounds))
                    .then(|| walk.answer());
                walk.finish();
                found
            } else {
                self.search_tasks(position, bound, &shared)
            };
            report.expanded = shared.expanded.load(Ordering::Relaxed);
            report.lookups = shared.lookups.load(Ordering::Relaxed);
            if let Some(moves) = found {
                report.outcome = Outcome::Solved;
                report.moves = moves;
                return report;
            }
            if shared.stopped() {
                report.outcome = Outcome::NodeLimit;
                return report;
            }
            bound += 1;
        }
        report
    }

    /// One iteration split over threads: the tasks are the canonical
    /// first moves to [`TASK_DEPTH`], those that pass the bound, less those
    /// a symmetry of the position maps onto an earlier one.
    fn search_tasks(&self, position: &Cells, bound: u8, shared: &Shared) -> Option<Vec<usize>> {
        let tasks = self.tasks(position, bound, shared);
        let next = AtomicUsize::new(0);
        let first_found = AtomicUsize::new(usize::MAX);
        let answer: Mutex<Option<(usize, Vec<usize>)>> = Mutex::new(None);
        let work = || {
            let mut walk = Walk::new(self, shared);
            loop {
                let t = next.fetch_add(1, Ordering::Relaxed);
                if t >= tasks.len() || t > first_found.load(Ordering::Relaxed) || shared.stopped() {
                    break;
                }
                let task = &tasks[t];
                walk.path.clear();
                walk.path.extend(task.prefix.iter().map(|&m| (m as u8, false)));
                walk.cancel_above = Some((t, &first_found));
                let left = bound - task.prefix.len() as u8;
                let solved = walk
                    .evaluate(&task.node, left, &[0; MAX_LOOKUPS], 0)
                    .is_some_and(|bounds| walk.search(&task.node, left, &bounds));
                if solved {
                    let moves = walk.answer();
                    first_found.fetch_min(t, Ordering::Relaxed);
                    let mut kept = answer.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                    if kept.as_ref().is_none_or(|(best, _)| t < *best) {
                        *kept = Some((t, moves));
                    }
                }
            }
            walk.finish();
        };
        let threads = self.threads.max(1);
        if threads == 1 {
            work();
        } else {
            rayon::scope(|s| {
                for _ in 0..threads {
                    s.spawn(|_| work());
                }
            });
        }
        answer.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner).map(|(_, moves)| moves)
    }

    /// The tasks of one iteration, in order.
    fn tasks(&self, position: &Cells, bound: u8, shared: &Shared) -> Vec<Task<K::State>> {
        let plan = self.plan;
        let puzzle = plan.puzzle;
        let stabilizer: Vec<&godtab_twisty::symmetry::Symmetry> = plan
            .group
            .map(|g| g.symmetries.iter().skip(1).filter(|s| s.conjugate(puzzle, position) == *position).collect())
            .unwrap_or_default();
        let commute = canon::commuting(puzzle);
        let mut tasks = Vec::new();
        let mut frontier = vec![Task { node: self.root(position), prefix: Vec::new() }];
        for depth in 1..=TASK_DEPTH {
            let mut next = Vec::new();
            for task in &frontier {
                let allowed = plan.front.allowed(task.node.front);
                for m in 0..puzzle.moves().len() {
                    if allowed & (1 << m) == 0 {
                        continue;
                    }
                    let node = task.node.front_move(self, m);
                    let mut prefix = task.prefix.clone();
                    prefix.push(m);
                    if shared.claim(1).is_none() {
                        return Vec::new();
                    }
                    shared.expanded.fetch_add(1, Ordering::Relaxed);
                    let left = bound - depth as u8;
                    if plan.lookups.iter().any(|l| self.bound(l, &node) > left) {
                        continue;
                    }
                    if !stabilizer.iter().all(|s| {
                        let image: Vec<usize> = prefix.iter().map(|&m| usize::from(s.moves[m])).collect();
                        canonical_order(puzzle, &commute, image) >= prefix
                    }) {
                        continue;
                    }
                    next.push(Task { node, prefix });
                }
            }
            frontier = next;
        }
        tasks.extend(frontier);
        tasks
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

/// What every thread of a search shares: the work done, what the node
/// limit leaves, and the stop.
struct Shared {
    expanded: AtomicU64,
    lookups: AtomicU64,
    /// Nodes of the limit no walk has taken yet: a walk takes some at a
    /// time and expands only those it holds, so that no search expands
    /// more nodes than the limit.
    unclaimed: AtomicU64,
    /// Threads that may be walking at once.
    threads: u64,
    stop: AtomicBool,
}

impl Shared {
    fn new(max_nodes: u64, threads: usize) -> Self {
        Self {
            expanded: AtomicU64::new(0),
            lookups: AtomicU64::new(0),
            unclaimed: AtomicU64::new(max_nodes),
            threads: threads.max(1) as u64,
            stop: AtomicBool::new(false),
        }
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Takes nodes of the limit to expand: at most `most`, and no more
    /// than a thread's share of those left (at least one). None, and every
    /// walk stops, when none are left.
    fn claim(&self, most: u64) -> Option<u64> {
        let share = |left: u64| (left / self.threads).clamp(1, most);
        match self
            .unclaimed
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| (left > 0).then(|| left - share(left)))
        {
            Ok(left) => Some(share(left)),
            Err(_) => {
                self.stop.store(true, Ordering::Relaxed);
                None
            }
        }
    }

    /// Gives back nodes a walk took and did not expand.
    fn give_back(&self, nodes: u64) {
        self.unclaimed.fetch_add(nodes, Ordering::Relaxed);
    }
}

/// A task: a node after some first moves.
struct Task<S> {
    node: Node<S>,
    prefix: Vec<usize>,
}

/// The most views a node keeps.
const MAX_VIEWS: usize = 4;

/// A node: the position and its inverse in every view, and the automata's
/// states at each end of the answer.
#[derive(Clone, Copy)]
struct Node<S> {
    positions: [S; MAX_VIEWS],
    inverses: [S; MAX_VIEWS],
    front: u16,
    back: u16,
}

impl<S: Copy> Node<S> {
    /// Moves the automaton of the end `m` is made at.
    #[inline]
    fn move_automaton<K: Kernel<State = S>>(&mut self, solver: &Searcher<'_, '_, K>, m: usize, at_back: bool) {
        if at_back {
            self.back = solver.plan.back.next(self.back, m);
        } else {
            self.front = solver.plan.front.next(self.front, m);
        }
    }

    /// Sets view `v` of the position (or of its inverse) to `parent`'s
    /// after move `m`: the position moved by `m` at the back (before it)
    /// or the front (after it), the inverse by `m`'s inverse at the other
    /// side.
    #[inline]
    fn move_view<K: Kernel<State = S>>(
        &mut self,
        solver: &Searcher<'_, '_, K>,
        parent: &Self,
        v: usize,
        inverse: bool,
        m: usize,
        at_back: bool,
    ) {
        let kernel = solver.kernel;
        let (state, from, m, before) = if inverse {
            (&mut self.inverses[v], &parent.inverses[v], solver.plan.puzzle.moves()[m].inverse, !at_back)
        } else {
            (&mut self.positions[v], &parent.positions[v], m, at_back)
        };
        let mv = usize::from(solver.plan.view_moves[v][m]);
        *state = if before { kernel.premove(mv, from) } else { kernel.apply(from, mv) };
    }

    /// The node after move `m` at the front of what is left.
    fn front_move<K: Kernel<State = S>>(&self, solver: &Searcher<'_, '_, K>, m: usize) -> Self {
        let mut child = *self;
        for v in 0..solver.plan.views.len() {
            child.move_view(solver, self, v, false, m, false);
            child.move_view(solver, self, v, true, m, false);
        }
        child.move_automaton(solver, m, false);
        child
    }
}

/// One thread's depth-first walk.
struct Walk<'s, 'p, 'a, K: Kernel> {
    solver: &'s Searcher<'p, 'a, K>,
    shared: &'s Shared,
    /// The moves made: (move, at the back).
    path: Vec<(u8, bool)>,
    expanded: u64,
    lookups: u64,
    /// Nodes of the limit this walk holds and has not expanded yet.
    claimed: u64,
    /// The task this walk searches, and the first task found so far:
    /// stop when an earlier task has an answer.
    cancel_above: Option<(usize, &'s AtomicUsize)>,
    /// The children of the nodes expanded at each number of moves left.
    scratch: Vec<Vec<Child<K::State>>>,
    /// Those nodes, at each number of moves left.
    groups: Vec<Vec<Expansion>>,
    /// The children still alive at each number of moves left (their
    /// places in the list of children), in order.
    living: Vec<Vec<u16>>,
}

/// A node's bounds, evaluated: each lookup's, and the moves ruled out at
/// each end of what is left.
#[derive(Clone, Copy)]
struct Bounds {
    values: [u8; MAX_LOOKUPS],
    /// The largest of the values read so far.
    largest: u8,
    front_ruled: u64,
    back_ruled: u64,
}

/// The bounds of a child before any lookup.
const NO_BOUNDS: Bounds = Bounds { values: [0; MAX_LOOKUPS], largest: 0, front_ruled: 0, back_ruled: 0 };

/// A child being made: the node, the move that made it, its bounds, and
/// whether they let it live.
struct Child<S> {
    node: Node<S>,
    m: u8,
    bounds: Bounds,
    alive: bool,
    /// Its parent's entry in the group expanded with it.
    owner: u16,
    /// The table index of the lookup of this round (`u64::MAX`: the
    /// parent's bound holds).
    index: u64,
    /// That lookup.
    lookup: u8,
    /// The views of its position (bits 0 to 3) and of its inverse (bits 4
    /// to 7) moved from its parent's so far: a view is moved when a lookup
    /// first reads it, so a child one lookup prunes is moved in one view.
    moved: u8,
}

/// One node of a group expanded together: its place in the group, where
/// its children lie in the group's list, the end they grow at, and whether
/// it lives.
struct Expansion {
    parent: usize,
    /// The lookups in the order its children read them: those where the
    /// parent's bound is largest first, as a child's bound is most often
    /// above the moves left where its parent's was highest.
    order: [u8; MAX_LOOKUPS],
    start: usize,
    end: usize,
    at_back: bool,
    alive: bool,
}

/// Nodes a walk expands between looks at the shared counters.
const CHECK_EVERY: u64 = 1 << 14;

impl<'s, 'p, 'a, K: Kernel> Walk<'s, 'p, 'a, K> {
    fn new(solver: &'s Searcher<'p, 'a, K>, shared: &'s Shared) -> Self {
        Self {
            solver,
            shared,
            path: Vec::with_capacity(64),
            expanded: 0,
            claimed: 0,
            lookups: 0,
            cancel_above: None,
            scratch: (0..=MAX_DEPTH).map(|_| Vec::with_capacity(32)).collect(),
            groups: (0..=MAX_DEPTH).map(|_| Vec::with_capacity(8)).collect(),
            living: (0..=MAX_DEPTH).map(|_| Vec::with_capacity(32)).collect(),
        }
    }

    /// Adds this walk's work to the shared counters.
    fn flush(&mut self) {
        self.shared.expanded.fetch_add(self.expanded, Ordering::Relaxed);
        self.shared.lookups.fetch_add(self.lookups, Ordering::Relaxed);
        self.expanded = 0;
        self.lookups = 0;
    }

    /// Ends the walk: its work counted, the nodes it held and did not
    /// expand given back.
    fn finish(&mut self) {
        self.flush();
        self.shared.give_back(std::mem::take(&mut self.claimed));
    }

    fn cancelled(&self) -> bool {
        self.shared.stopped() || self.cancel_above.is_some_and(|(t, first)| first.load(Ordering::Relaxed) < t)
    }

    /// The answer: the front moves in order, then the back moves from the
    /// last made to the first.
    fn answer(&self) -> Vec<usize> {
        let front = self.path.iter().filter(|(_, back)| !back).map(|&(m, _)| usize::from(m));
        let back = self.path.iter().rev().filter(|(_, back)| *back).map(|&(m, _)| usize::from(m));
        front.chain(back).collect()
    }

    /// Evaluates `node` with `left` moves to go: every lookup's bound (or
    /// the parent's where bit `i` of `inherited` says it holds), and the
    /// moves ruled out at each end; `None` if a bound prunes it. The
    /// position's lookups come first, then the inverse's, each batch's
    /// indices all computed before any read, so that the reads go to
    /// memory together.
    fn evaluate(
        &mut self,
        node: &Node<K::State>,
        left: u8,
        known: &[u8; MAX_LOOKUPS],
        inherited: u64,
    ) -> Option<Bounds> {
        let solver = self.solver;
        let mut bounds = Bounds { values: [0; MAX_LOOKUPS], largest: 0, front_ruled: 0, back_ruled: 0 };
        for range in [0..solver.plan.position_lookups, solver.plan.position_lookups..solver.plan.lookups.len()] {
            if !self.read(node, range, left, known, inherited, &mut bounds) {
                return None;
            }
        }
        Some(bounds)
    }

    /// Reads lookups `range` of `node` into `bounds`; false if one prunes.
    #[inline]
    fn read(
        &mut self,
        node: &Node<K::State>,
        range: std::ops::Range<usize>,
        left: u8,
        known: &[u8; MAX_LOOKUPS],
        inherited: u64,
        bounds: &mut Bounds,
    ) -> bool {
        let solver = self.solver;
        let mut indices = [u64::MAX; MAX_LOOKUPS];
        for i in range.clone() {
            if inherited & (1 << i) == 0 {
                indices[i] = solver.index(&solver.plan.lookups[i], node);
                solver.plan.tables[solver.plan.lookups[i].pattern].prefetch(indices[i]);
            }
        }
        for i in range.clone() {
            bounds.values[i] = if indices[i] == u64::MAX {
                known[i]
            } else {
                self.lookups += 1;
                solver.plan.tables[solver.plan.lookups[i].pattern].get(indices[i])
            };
            bounds.largest = bounds.largest.max(bounds.values[i]);
        }
        for i in range {
            let lookup = &solver.plan.lookups[i];
            let value = bounds.values[i];
            if value > left {
                return false;
            }
            if value == left {
                if lookup.inverse {
                    bounds.front_ruled |= lookup.held;
                } else {
                    bounds.back_ruled |= lookup.held;
                }
            }
        }
        bounds.back_ruled != solver.plan.all_moves && bounds.front_ruled != solver.plan.all_moves
    }

    /// Searches for an answer of exactly `left` more moves from `node`,
    /// whose bounds are `bounds`.
    fn search(&mut self, node: &Node<K::State>, left: u8, bounds: &Bounds) -> bool {
        let root =
            Child { node: *node, m: 0, bounds: *bounds, alive: true, owner: 0, index: 0, lookup: 0, moved: u8::MAX };
        self.search_group(std::slice::from_ref(&root), left, None)
    }

    /// The moves to try from `node` with bounds `bounds`, and whether they
    /// go at the back: the end with fewer.
    fn moves_of(&self, node: &Node<K::State>, bounds: &Bounds) -> (u64, bool) {
        let plan = self.solver.plan;
        let front = plan.front.allowed(node.front) & !bounds.front_ruled;
        let back = plan.back.allowed(node.back) & !bounds.back_ruled;
        let at_back = back.count_ones() < front.count_ones();
        (if at_back { back } else { front }, at_back)
    }

    /// Counts one node expanded; false when the walk is to stop.
    fn count_node(&mut self) -> bool {
        if self.claimed == 0 {
            self.flush();
            if self.cancelled() {
                return false;
            }
            match self.shared.claim(CHECK_EVERY) {
                Some(nodes) => self.claimed = nodes,
                None => return false,
            }
        }
        self.claimed -= 1;
        self.expanded += 1;
        true
    }

    /// Searches for an answer of exactly `left` more moves from each
    /// living node of `nodes` in turn (siblings, each with its bounds; the
    /// move that made each goes on the path at the end `moved`, none for
    /// the root). The children of all of them are made and looked up
    /// together, one lookup at a time over every child still alive: a
    /// child one lookup prunes costs no more reads nor indices, and each
    /// round's reads go to memory together (more of them with more
    /// siblings).
    fn search_group(&mut self, nodes: &[Child<K::State>], left: u8, moved: Option<bool>) -> bool {
        let solver = self.solver;
        if left == 1 {
            for node in nodes.iter().filter(|c| c.alive) {
                if !self.count_node() {
                    return false;
                }
                let (moves, at_back) = self.moves_of(&node.node, &node.bounds);
                if let Some(end) = moved {
                    self.path.push((node.m, end));
                }
                if self.last_move(&node.node, moves, at_back) {
                    return true;
                }
                if moved.is_some() {
                    self.path.pop();
                }
            }
            return false;
        }
        // The list of children keeps the slots of earlier expansions: a
        // child's slot is reused as it is, its views left stale until a
        // lookup or the expansion moves them from its parent's.
        let mut children = std::mem::take(&mut self.scratch[usize::from(left)]);
        let mut groups = std::mem::take(&mut self.groups[usize::from(left)]);
        let mut made = 0;
        groups.clear();
        for (parent, node) in nodes.iter().enumerate().filter(|(_, c)| c.alive) {
            if !self.count_node() {
                self.scratch[usize::from(left)] = children;
                self.groups[usize::from(left)] = groups;
                return false;
            }
            let (moves, at_back) = self.moves_of(&node.node, &node.bounds);
            let start = made;
            let owner = groups.len() as u16;
            let mut rest = moves;
            while rest != 0 {
                let m = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if made == children.len() {
                    children.push(Child {
                        node: node.node,
                        m: 0,
                        bounds: NO_BOUNDS,
                        alive: true,
                        owner,
                        index: 0,
                        lookup: 0,
                        moved: 0,
                    });
                }
                let child = &mut children[made];
                child.node.front = node.node.front;
                child.node.back = node.node.back;
                child.node.move_automaton(solver, m, at_back);
                child.m = m as u8;
                child.bounds = NO_BOUNDS;
                child.alive = true;
                child.owner = owner;
                child.moved = 0;
                made += 1;
            }
            let order = solver.plan.lookup_order(&node.bounds);
            groups.push(Expansion { parent, start, end: made, at_back, alive: true, order });
        }
        let mut living = std::mem::take(&mut self.living[usize::from(left)]);
        living.clear();
        living.extend(0..made as u16);
        let rounds = solver.plan.lookups.len();
        if rounds > 0 {
            self.index_round(&mut children, &living, &groups, nodes, 0);
            self.prefetch_round(&children, &living);
        }
        for i in 0..rounds {
            self.read_round(&mut children, &living, &groups, nodes);
            for group in groups.iter_mut().filter(|g| g.alive) {
                let kids = &mut children[group.start..group.end];
                if solver.settle(kids, usize::from(group.order[i]), left - 1) {
                    group.alive = false;
                    kids.iter_mut().for_each(|c| c.alive = false);
                }
            }
            let mut kept = 0;
            for j in 0..living.len() {
                let c = living[j];
                living[kept] = c;
                kept += usize::from(children[usize::from(c)].alive);
            }
            living.truncate(kept);
            if i + 1 < rounds {
                self.index_round(&mut children, &living, &groups, nodes, i + 1);
                self.prefetch_round(&children, &living);
            }
        }
        self.living[usize::from(left)] = living;
        self.finish_moves(&mut children, &groups, nodes);
        let mut found = false;
        // A node none of whose children lives has nothing to search.
        let living_groups = groups.iter().filter(|g| g.alive && children[g.start..g.end].iter().any(|c| c.alive));
        for group in living_groups {
            if let Some(end) = moved {
                self.path.push((nodes[group.parent].m, end));
            }
            if self.search_group(&children[group.start..group.end], left - 1, Some(group.at_back)) {
                found = true;
                break;
            }
            if moved.is_some() {
                self.path.pop();
            }
            if self.cancelled() {
                break;
            }
        }
        self.scratch[usize::from(left)] = children;
        self.groups[usize::from(left)] = groups;
        found
    }

    /// Computes every living child's index of its lookup of round `r`
    /// (`u64::MAX` where the move keeps the parent's bound), first moving
    /// the view it reads from its parent's (in `nodes`) if no lookup read
    /// it before.
    fn index_round(
        &self,
        children: &mut [Child<K::State>],
        living: &[u16],
        groups: &[Expansion],
        nodes: &[Child<K::State>],
        r: usize,
    ) {
        let solver = self.solver;
        for &c in living {
            let child = &mut children[usize::from(c)];
            let group = &groups[usize::from(child.owner)];
            let i = usize::from(group.order[r]);
            let lookup = &solver.plan.lookups[i];
            let view_bit = 1u8 << (lookup.view + if lookup.inverse { 4 } else { 0 });
            child.lookup = i as u8;
            let m = usize::from(child.m);
            if solver.plan.keep[usize::from(group.at_back)][m] & (1 << i) != 0 {
                child.index = u64::MAX;
                continue;
            }
            if child.moved & view_bit == 0 {
                child.moved |= view_bit;
                let parent = &nodes[group.parent].node;
                child.node.move_view(solver, parent, lookup.view, lookup.inverse, m, group.at_back);
            }
            child.index = solver.index(lookup, &child.node);
        }
    }

    /// Moves every view of the living children that no lookup read, so
    /// that they can be expanded in turn.
    fn finish_moves(&self, children: &mut [Child<K::State>], groups: &[Expansion], nodes: &[Child<K::State>]) {
        let solver = self.solver;
        let views = solver.plan.views.len();
        for group in groups.iter().filter(|g| g.alive) {
            let parent = &nodes[group.parent].node;
            for child in children[group.start..group.end].iter_mut().filter(|c| c.alive) {
                let m = usize::from(child.m);
                for v in 0..views {
                    if child.moved & (1 << v) == 0 {
                        child.node.move_view(solver, parent, v, false, m, group.at_back);
                    }
                    if child.moved & (16 << v) == 0 {
                        child.node.move_view(solver, parent, v, true, m, group.at_back);
                    }
                }
                child.moved = u8::MAX;
            }
        }
    }

    /// Asks for the table lines of every living child's lookup of this
    /// round, one prefetch after another: computing an index between two
    /// prefetches would hold each prefetch's page walk up behind the
    /// other's.
    fn prefetch_round(&self, children: &[Child<K::State>], living: &[u16]) {
        let plan = self.solver.plan;
        for &c in living {
            let child = &children[usize::from(c)];
            if child.index != u64::MAX {
                plan.tables[plan.lookups[usize::from(child.lookup)].pattern].prefetch(child.index);
            }
        }
    }

    /// Reads every living child's lookup of this round (indexed by
    /// [`Self::index_round`] and prefetched), or takes its parent's bound
    /// where the move keeps it.
    fn read_round(
        &mut self,
        children: &mut [Child<K::State>],
        living: &[u16],
        groups: &[Expansion],
        nodes: &[Child<K::State>],
    ) {
        let plan = self.solver.plan;
        for &c in living {
            let child = &mut children[usize::from(c)];
            let (index, i) = (child.index, usize::from(child.lookup));
            let value = if index == u64::MAX {
                nodes[groups[usize::from(child.owner)].parent].bounds.values[i]
            } else {
                self.lookups += 1;
                plan.tables[plan.lookups[i].pattern].get(index)
            };
            child.bounds.values[i] = value;
            child.bounds.largest = child.bounds.largest.max(value);
        }
    }

    /// With one move left: the moves that solve `node`.
    fn last_move(&mut self, node: &Node<K::State>, moves: u64, at_back: bool) -> bool {
        let kernel = self.solver.kernel;
        let mut rest = moves;
        while rest != 0 {
            let m = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let last =
                if at_back { kernel.premove(m, &node.positions[0]) } else { kernel.apply(&node.positions[0], m) };
            if kernel.is_solved(&last) {
                self.path.push((m as u8, at_back));
                return true;
            }
        }
        false
    }
}
