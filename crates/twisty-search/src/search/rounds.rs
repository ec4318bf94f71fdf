//! A group of siblings expanded together: their children made, then
//! looked up one lookup at a time over every child still alive (indices,
//! prefetches and reads in rounds), before the search goes deeper.

use super::*;

impl<K: Kernel> Walk<'_, '_, '_, K> {
    /// Searches for an answer of exactly `left` more moves from each
    /// living node of `nodes` in turn (siblings, each with its bounds; the
    /// move that made each goes on the path at the end `moved`, none for
    /// the root). The children of all of them are made and looked up
    /// together, one lookup at a time over every child still alive: a
    /// child one lookup prunes costs no more reads nor indices, and each
    /// round's reads go to memory together (more of them with more
    /// siblings).
    pub(super) fn search_group(&mut self, nodes: &[Child<K::State>], left: u8, moved: Option<bool>) -> bool {
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
    pub(super) fn index_round(
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
    pub(super) fn finish_moves(
        &self,
        children: &mut [Child<K::State>],
        groups: &[Expansion],
        nodes: &[Child<K::State>],
    ) {
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
    pub(super) fn prefetch_round(&self, children: &[Child<K::State>], living: &[u16]) {
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
    pub(super) fn read_round(
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
}
