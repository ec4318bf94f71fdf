//! A thread's walk of the search tree (`Walk`): the nodes with their
//! views and automata, the bounds of a node's lookups, the node count
//! against the shared limit, and the last move.

use super::*;

/// The most views a node keeps.
pub(super) const MAX_VIEWS: usize = 4;

/// A node: the position and its inverse in every view, and the automata's
/// states at each end of the answer.
#[derive(Clone, Copy)]
pub(super) struct Node<S> {
    pub(super) positions: [S; MAX_VIEWS],
    pub(super) inverses: [S; MAX_VIEWS],
    pub(super) front: u16,
    pub(super) back: u16,
}

impl<S: Copy> Node<S> {
    /// Moves the automaton of the end `m` is made at.
    #[inline]
    pub(super) fn move_automaton<K: Kernel<State = S>>(
        &mut self,
        solver: &Searcher<'_, '_, K>,
        m: usize,
        at_back: bool,
    ) {
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
    pub(super) fn move_view<K: Kernel<State = S>>(
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
    pub(super) fn front_move<K: Kernel<State = S>>(&self, solver: &Searcher<'_, '_, K>, m: usize) -> Self {
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
pub(super) struct Walk<'s, 'p, 'a, K: Kernel> {
    pub(super) solver: &'s Searcher<'p, 'a, K>,
    pub(super) shared: &'s Shared,
    /// The moves made: (move, at the back).
    pub(super) path: Vec<(u8, bool)>,
    pub(super) expanded: u64,
    pub(super) lookups: u64,
    /// Nodes of the limit this walk holds and has not expanded yet.
    pub(super) claimed: u64,
    /// The task this walk searches, and the first task found so far:
    /// stop when an earlier task has an answer.
    pub(super) cancel_above: Option<(usize, &'s AtomicUsize)>,
    /// The children of the nodes expanded at each number of moves left.
    pub(super) scratch: Vec<Vec<Child<K::State>>>,
    /// Those nodes, at each number of moves left.
    pub(super) groups: Vec<Vec<Expansion>>,
    /// The children still alive at each number of moves left (their
    /// places in the list of children), in order.
    pub(super) living: Vec<Vec<u16>>,
}

/// A node's bounds, evaluated: each lookup's, and the moves ruled out at
/// each end of what is left.
#[derive(Clone, Copy)]
pub(super) struct Bounds {
    pub(super) values: [u8; MAX_LOOKUPS],
    /// The largest of the values read so far.
    pub(super) largest: u8,
    pub(super) front_ruled: u64,
    pub(super) back_ruled: u64,
}

/// The bounds of a child before any lookup.
pub(super) const NO_BOUNDS: Bounds = Bounds { values: [0; MAX_LOOKUPS], largest: 0, front_ruled: 0, back_ruled: 0 };

/// A child being made: the node, the move that made it, its bounds, and
/// whether they let it live.
pub(super) struct Child<S> {
    pub(super) node: Node<S>,
    pub(super) m: u8,
    pub(super) bounds: Bounds,
    pub(super) alive: bool,
    /// Its parent's entry in the group expanded with it.
    pub(super) owner: u16,
    /// The table index of the lookup of this round (`u64::MAX`: the
    /// parent's bound holds).
    pub(super) index: u64,
    /// That lookup.
    pub(super) lookup: u8,
    /// The views of its position (bits 0 to 3) and of its inverse (bits 4
    /// to 7) moved from its parent's so far: a view is moved when a lookup
    /// first reads it, so a child one lookup prunes is moved in one view.
    pub(super) moved: u8,
}

/// One node of a group expanded together: its place in the group, where
/// its children lie in the group's list, the end they grow at, and whether
/// it lives.
pub(super) struct Expansion {
    pub(super) parent: usize,
    /// The lookups in the order its children read them: those where the
    /// parent's bound is largest first, as a child's bound is most often
    /// above the moves left where its parent's was highest.
    pub(super) order: [u8; MAX_LOOKUPS],
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) at_back: bool,
    pub(super) alive: bool,
}

/// Nodes a walk expands between looks at the shared counters.
pub(super) const CHECK_EVERY: u64 = 1 << 14;

impl<'s, 'p, 'a, K: Kernel> Walk<'s, 'p, 'a, K> {
    pub(super) fn new(solver: &'s Searcher<'p, 'a, K>, shared: &'s Shared) -> Self {
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
    pub(super) fn flush(&mut self) {
        self.shared.expanded.fetch_add(self.expanded, Ordering::Relaxed);
        self.shared.lookups.fetch_add(self.lookups, Ordering::Relaxed);
        self.expanded = 0;
        self.lookups = 0;
    }

    /// Ends the walk: its work counted, the nodes it held and did not
    /// expand given back.
    pub(super) fn finish(&mut self) {
        self.flush();
        self.shared.give_back(std::mem::take(&mut self.claimed));
    }

    pub(super) fn cancelled(&self) -> bool {
        self.shared.stopped() || self.cancel_above.is_some_and(|(t, first)| first.load(Ordering::Relaxed) < t)
    }

    /// The answer: the front moves in order, then the back moves from the
    /// last made to the first.
    pub(super) fn answer(&self) -> Vec<usize> {
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
    pub(super) fn evaluate(
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
    pub(super) fn read(
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
    pub(super) fn search(&mut self, node: &Node<K::State>, left: u8, bounds: &Bounds) -> bool {
        let root =
            Child { node: *node, m: 0, bounds: *bounds, alive: true, owner: 0, index: 0, lookup: 0, moved: u8::MAX };
        self.search_group(std::slice::from_ref(&root), left, None)
    }

    /// The moves to try from `node` with bounds `bounds`, and whether they
    /// go at the back: the end with fewer.
    pub(super) fn moves_of(&self, node: &Node<K::State>, bounds: &Bounds) -> (u64, bool) {
        let plan = self.solver.plan;
        let front = plan.front.allowed(node.front) & !bounds.front_ruled;
        let back = plan.back.allowed(node.back) & !bounds.back_ruled;
        let at_back = back.count_ones() < front.count_ones();
        (if at_back { back } else { front }, at_back)
    }

    /// Counts one node expanded; false when the walk is to stop.
    pub(super) fn count_node(&mut self) -> bool {
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

    /// With one move left: the moves that solve `node`.
    pub(super) fn last_move(&mut self, node: &Node<K::State>, moves: u64, at_back: bool) -> bool {
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
