//! One kind of kernel's search over a plan (`Searcher`): the root, the
//! iterative deepening, the tasks made of the first moves and handed to
//! every thread in order, and what the threads share (`Shared`).

use super::*;

/// One kind of kernel's search over a plan.
pub(super) struct Searcher<'p, 'a, K: Kernel> {
    pub(super) plan: &'p Plan<'a>,
    pub(super) kernel: &'p K,
    pub(super) threads: usize,
}

impl<'p, 'a, K: Kernel> Searcher<'p, 'a, K> {
    /// The lower bound of one lookup.
    #[inline]
    pub(super) fn bound(&self, lookup: &Lookup, node: &Node<K::State>) -> u8 {
        self.plan.tables[lookup.pattern].get(self.index(lookup, node))
    }

    /// The table index of one lookup.
    #[inline]
    pub(super) fn index(&self, lookup: &Lookup, node: &Node<K::State>) -> u64 {
        let state = if lookup.inverse { &node.inverses[lookup.view] } else { &node.positions[lookup.view] };
        self.kernel.index(&self.plan.coders[lookup.pattern], lookup.pattern, state)
    }

    /// The root node of `position`: it and its inverse in every view.
    pub(super) fn root(&self, position: &Cells) -> Node<K::State> {
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
    pub(super) fn settle(&self, children: &mut [Child<K::State>], i: usize, left: u8) -> bool {
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
    pub(super) fn estimate(&self, position: &Cells) -> u8 {
        let root = self.root(position);
        self.plan.lookups.iter().map(|l| self.bound(l, &root)).max().unwrap_or(0)
    }

    /// Searches an optimal answer for `position`, expanding at most
    /// `max_nodes` nodes.
    pub(super) fn solve(&self, position: &Cells, max_nodes: u64) -> Report {
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
    pub(super) fn search_tasks(&self, position: &Cells, bound: u8, shared: &Shared) -> Option<Vec<usize>> {
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
    pub(super) fn tasks(&self, position: &Cells, bound: u8, shared: &Shared) -> Vec<Task<K::State>> {
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

/// What every thread of a search shares: the work done, what the node
/// limit leaves, and the stop.
pub(super) struct Shared {
    pub(super) expanded: AtomicU64,
    pub(super) lookups: AtomicU64,
    /// Nodes of the limit no walk has taken yet: a walk takes some at a
    /// time and expands only those it holds, so that no search expands
    /// more nodes than the limit.
    pub(super) unclaimed: AtomicU64,
    /// Threads that may be walking at once.
    pub(super) threads: u64,
    pub(super) stop: AtomicBool,
}

impl Shared {
    pub(super) fn new(max_nodes: u64, threads: usize) -> Self {
        Self {
            expanded: AtomicU64::new(0),
            lookups: AtomicU64::new(0),
            unclaimed: AtomicU64::new(max_nodes),
            threads: threads.max(1) as u64,
            stop: AtomicBool::new(false),
        }
    }

    pub(super) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Takes nodes of the limit to expand: at most `most`, and no more
    /// than a thread's share of those left (at least one). None, and every
    /// walk stops, when none are left.
    pub(super) fn claim(&self, most: u64) -> Option<u64> {
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
    pub(super) fn give_back(&self, nodes: u64) {
        self.unclaimed.fetch_add(nodes, Ordering::Relaxed);
    }
}

/// A task: a node after some first moves.
pub(super) struct Task<S> {
    pub(super) node: Node<S>,
    pub(super) prefix: Vec<usize>,
}
