//! The two-phase search: iterative deepening over phase 1 (to the subgroup
//! `<U, D, R2, L2, F2, B2>`, by twist, flip and slice), and for each phase
//! 1 solution an iterative deepening over phase 2 (within the subgroup, by
//! corner, U-D edge and slice permutations) in the moves left. All state is
//! on the stack, bounded by [`MAX_SOLUTION`].

use crate::cube::{Cube, MOVE_CUBES};
use crate::moves::MAX_SOLUTION;
use crate::solve::Limits;
use crate::symmetry::{MOVE_CONJ, SYM_INV, SYM_MULT};
use crate::tables::{N_COMB, N_EDGE_COMB, N_MPERM, P1, P2_INDEX, P2_MOVES, Tables};

/// What a branch of the search ended with.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    Continue,
    /// Phase 2 is out of reach by two moves or more.
    Far,
    Found,
    Stop,
}

/// A lower bound on the distance of a phase 1 position (twist, flip,
/// slice) to the subgroup: 0 exactly in the subgroup.
pub(crate) trait Phase1Bound {
    /// The coordinates after move `m` and their bound, or any value at
    /// least `cut` when the bound is (the coordinates then unfinished).
    fn phase1_child(&self, at: &P1, m: usize, cut: u8) -> (P1, u8);
    /// The bound.
    fn phase1_bound(&self, at: &P1) -> u8;
    /// The bound, or any value at least `cut` when the bound is.
    fn phase1_bound_cut(&self, at: &P1, _cut: u8) -> u8 {
        self.phase1_bound(at)
    }
    /// Whether to search after pre-moves too (worth it when the bounds
    /// are loose and phase 1 solutions dear).
    const PRE_MOVES: bool = true;
    /// The most pre-moves.
    const MAX_PRE: usize = MAX_SOLUTION;
    /// Whether to read all children's bounds at once (`phase1_children`):
    /// for tables in main memory, whose reads then overlap.
    const BATCH: bool = false;
    /// The coordinates and bounds after each move `m` of `mask`, into
    /// `out[m]`, as [`phase1_child`](Self::phase1_child) gives them with
    /// `cut`.
    fn phase1_children(&self, at: &P1, mask: u32, cut: u8, out: &mut [(P1, u8); 18]) {
        for m in 0..18 {
            if mask & (1 << m) != 0 {
                out[m] = self.phase1_child(at, m, cut);
            }
        }
    }
}

impl Phase1Bound for Tables<'_> {
    #[inline(always)]
    fn phase1_child(&self, at: &P1, m: usize, cut: u8) -> (P1, u8) {
        Tables::phase1_child(self, at, m, cut)
    }
    fn phase1_bound(&self, at: &P1) -> u8 {
        Tables::phase1_bound(self, at)
    }
}

pub(crate) struct Search<'t, 'a, P> {
    pub(crate) t: &'t Tables<'a>,
    pub(crate) p1: &'t P,
    pub(crate) path: [u8; MAX_SOLUTION],
    /// `states[i]`: the cube after `path[..i]`, valid up to `valid`.
    pub(crate) states: [Cube; MAX_SOLUTION + 1],
    pub(crate) valid: usize,
    pub(crate) max_len: usize,
    pub(crate) nodes: u64,
    pub(crate) limits: Limits,
    /// The length of phase 1's part of the path being tried.
    pub(crate) depth1: usize,
    pub(crate) found_len: usize,
    /// The pre-moves of the current phase 1 (see `pre_moves`).
    pub(crate) pre: [u8; MAX_SOLUTION],
    pub(crate) pre_len: usize,
}

/// No previous move.
const NO_FACE: usize = 15;
/// No move.
pub(crate) const NO_MOVE: usize = 99;
/// The longest phase 2 tried.
const MAX_PHASE2: usize = 13;

/// Whether `m` may follow a move of face `last` ([`NO_FACE`] for none): not the
/// same face, and of two opposite faces (which commute) only U before D, R
/// before L, F before B.
#[inline(always)]
pub(crate) fn allowed(last: usize, m: usize) -> bool {
    let f = m / 3;
    f != last && f + 3 != last
}

impl<P: Phase1Bound> Search<'_, '_, P> {
    #[inline(always)]
    pub(crate) fn count(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.limits.max_nodes {
            return false;
        }
        #[cfg(feature = "std")]
        if self.nodes & 1023 == 0 {
            if let Some(deadline) = self.limits.deadline {
                if std::time::Instant::now() >= deadline {
                    return false;
                }
            }
        }
        true
    }

    fn last_face(&self, depth: usize) -> usize {
        if depth == 0 { NO_FACE } else { usize::from(self.path[depth - 1]) / 3 }
    }

    pub(crate) fn phase1(&mut self, at: P1, depth: usize, togo: usize) -> Flow {
        if togo == 0 {
            return self.start_phase2(depth);
        }
        // In the subgroup with 1 to 4 moves left: leaving it and coming
        // back that fast gives nothing a shorter phase 1 does not.
        if togo < 5 && at.in_subgroup() {
            return Flow::Continue;
        }
        let last = self.last_face(depth);
        if togo == 1 {
            // The last move must reach the subgroup: the move tables say
            // whether it does, no bound needed. It must leave the
            // subgroup's moves, or a shorter phase 1 would end here too.
            let mut far_face = NO_FACE;
            for m in [3, 5, 6, 8, 12, 14, 15, 17] {
                if m / 3 == far_face || !allowed(last, m) || !self.t.enters_subgroup(&at, m) {
                    continue;
                }
                if !self.count() {
                    return Flow::Stop;
                }
                self.path[depth] = m as u8;
                self.valid = self.valid.min(depth);
                match self.start_phase2(depth + 1) {
                    Flow::Continue => {}
                    // The other quarter turn of this face is out of reach too.
                    Flow::Far => far_face = m / 3,
                    other => return other,
                }
            }
            return Flow::Continue;
        }
        let mut children = [(at, 0u8); 18];
        if P::BATCH {
            let mut mask = 0;
            for m in 0..18 {
                if allowed(last, m) && !(togo == 1 && P2_INDEX[m] != 0xff) {
                    mask |= 1 << m;
                }
            }
            self.p1.phase1_children(&at, mask, togo as u8 + 1, &mut children);
        }
        for face in 0..6 {
            if face == last || face + 3 == last {
                continue;
            }
            for m in 3 * face..3 * face + 3 {
                // The last phase 1 move must leave the subgroup's moves, or
                // a shorter phase 1 solution would end here too.
                if togo == 1 && P2_INDEX[m] != 0xff {
                    continue;
                }
                let (next, bound) = if P::BATCH { children[m] } else { self.p1.phase1_child(&at, m, togo as u8 + 1) };
                let bound = usize::from(bound);
                // The bounds of a face's three turns differ by at most one
                // (each is a move from the others): one past the next
                // reaches past for all three.
                if bound > togo {
                    break;
                }
                if bound == togo {
                    continue;
                }
                if !self.count() {
                    return Flow::Stop;
                }
                self.path[depth] = m as u8;
                self.valid = self.valid.min(depth);
                match self.phase1(next, depth + 1, togo - 1) {
                    Flow::Continue => {}
                    Flow::Far => break,
                    other => return other,
                }
            }
        }
        Flow::Continue
    }

    /// Phase 2's bound from the corners and the slice.
    #[inline(always)]
    fn corner_bound(&self, cc: u16, cs: u16, mp: u16) -> u8 {
        let t = self.t;
        let conj = t.slice_perm_conj.get(usize::from(mp) * 16 + usize::from(SYM_INV[usize::from(cs)]));
        t.corner_prune.get(usize::from(cc) * N_MPERM + usize::from(conj))
    }

    /// Phase 2's bound from the inverse position's U-D edges and corner
    /// combination (the inverse is as far from solved).
    #[inline(always)]
    fn inverse_bound(&self, at: &P2) -> u8 {
        let t = self.t;
        let v = t.edge_inverse.get(usize::from(at.ec));
        let sym = usize::from(SYM_MULT[usize::from(at.es)][usize::from(v & 15)]);
        let comb = t.corner_inverse_comb.get(usize::from(at.cc));
        let s = usize::from(SYM_MULT[usize::from(SYM_INV[sym])][usize::from(at.cs)]);
        let conj = t.comb_conj.get(usize::from(comb) * 16 + s);
        t.edge_comb_prune.get(usize::from(v >> 4) * N_COMB + usize::from(conj))
    }

    /// Phase 2's bound from the corners and the U-D edges' combination.
    #[inline(always)]
    fn corner_edge_comb_bound(&self, cc: u16, cs: u16, ecomb: u16) -> u8 {
        let t = self.t;
        let conj = t.edge_comb_conj.get(usize::from(ecomb) * 16 + usize::from(SYM_INV[usize::from(cs)]));
        t.corner_edge_comb_prune.get(usize::from(cc) * N_EDGE_COMB + usize::from(conj))
    }

    /// Phase 2's bound from the U-D edges and the corners' combination.
    #[inline(always)]
    fn edge_bound(&self, ec: u16, es: u16, comb: u16) -> u8 {
        let t = self.t;
        let conj = t.comb_conj.get(usize::from(comb) * 16 + usize::from(SYM_INV[usize::from(es)]));
        t.edge_comb_prune.get(usize::from(ec) * N_COMB + usize::from(conj))
    }

    fn start_phase2(&mut self, depth1: usize) -> Flow {
        while self.valid < depth1 {
            let i = self.valid;
            self.states[i + 1] = self.states[i].then(&MOVE_CUBES[usize::from(self.path[i])]);
            self.valid += 1;
        }
        let (first, bound) = self.phase2_start(&self.states[depth1]);
        // After pre-moves whose first is a quarter turn X, the cube with X'
        // first instead has the same phase 1 (they differ by X2, of the
        // subgroup, applied before): its phase 2 starts from X2 · here.
        let other = if self.pre_len > 0 {
            let x2 = usize::from(self.pre[self.pre_len - 1]) + 1;
            Some(self.phase2_start(&MOVE_CUBES[x2].then(&self.states[depth1])))
        } else {
            None
        };
        let bound2 = other.map_or(usize::MAX, |o| o.1);
        // Phase 2 past 13 moves is rare and slow to search: other phase 1
        // solutions are cheaper.
        let limit = (self.max_len - depth1 - self.pre_len).min(MAX_PHASE2);
        if bound.min(bound2) > limit {
            // Phase 1's other quarter turn of this face differs by a
            // half turn, within phase 2: its bound is past the limit too.
            return if bound.min(bound2) > limit + 1 { Flow::Far } else { Flow::Continue };
        }
        self.depth1 = depth1;
        // Iterative deepening: the shortest phase 2 for this phase 1.
        for togo in bound.min(bound2)..=limit {
            if bound <= togo {
                match self.phase2(first, depth1, togo) {
                    Flow::Continue | Flow::Far => {}
                    other => return other,
                }
            }
            if let Some((start, _)) = other.filter(|o| o.1 <= togo) {
                match self.phase2(start, depth1, togo) {
                    Flow::Continue | Flow::Far => {}
                    Flow::Found => {
                        // The first pre-move is X', not X.
                        self.pre[self.pre_len - 1] += 2;
                        return Flow::Found;
                    }
                    Flow::Stop => return Flow::Stop,
                }
            }
        }
        Flow::Continue
    }

    /// Phase 2's coordinates of `c` (in the subgroup) and their bound.
    fn phase2_start(&self, c: &Cube) -> (P2, usize) {
        let t = self.t;
        let corner = t.corner_class.get(usize::from(c.corner_perm()));
        let edge = t.edge_class.get(usize::from(c.edge_perm()));
        let (cc, cs, ec, es, mp) = (corner >> 4, corner & 15, edge >> 4, edge & 15, c.slice_perm());
        let (comb, ecomb) = (c.corner_comb_parity(), c.edge_comb());
        let at = P2 { cc, cs, ec, es, mp, comb, ecomb };
        let bound = self
            .corner_bound(cc, cs, mp)
            .max(self.edge_bound(ec, es, comb))
            .max(self.inverse_bound(&at))
            .max(self.corner_edge_comb_bound(cc, cs, ecomb));
        (at, usize::from(bound))
    }

    fn phase2(&mut self, at: P2, depth: usize, togo: usize) -> Flow {
        if at.cc == 0 && at.ec == 0 && at.mp == 0 {
            self.found_len = depth;
            return Flow::Found;
        }
        if togo == 0 {
            return Flow::Continue;
        }
        let last = self.last_face(depth);
        let t = self.t;
        let (cs_inv, es_inv) = (usize::from(SYM_INV[usize::from(at.cs)]), usize::from(SYM_INV[usize::from(at.es)]));
        // Phase 2 may start with the half turn of the face phase 1 ended
        // with a quarter turn of: the two are one quarter turn, the other
        // way, and the solution one move shorter.
        let merge = if depth == self.depth1 && depth > 0 { 3 * last + 1 } else { NO_MOVE };
        let mut far_face = NO_FACE;
        for (j, &m) in P2_MOVES.iter().enumerate() {
            let m = usize::from(m);
            if (!allowed(last, m) && m != merge) || m / 3 == far_face {
                continue;
            }
            let mc = usize::from(P2_INDEX[usize::from(MOVE_CONJ[cs_inv][m])]);
            let v = t.corner_class_move.get(usize::from(at.cc) * 10 + mc);
            let (cc, cs) = (v >> 4, u16::from(SYM_MULT[usize::from(at.cs)][usize::from(v & 15)]));
            let mp = t.slice_perm_move.get(usize::from(at.mp) * 10 + j);
            // As in phase 1: a face's turns' bounds differ by at most one.
            let bound = usize::from(self.corner_bound(cc, cs, mp));
            if bound >= togo {
                if bound > togo {
                    far_face = m / 3;
                }
                continue;
            }
            let ecomb = t.edge_comb_move.get(usize::from(at.ecomb) * 10 + j);
            let bound = usize::from(self.corner_edge_comb_bound(cc, cs, ecomb));
            if bound >= togo {
                if bound > togo {
                    far_face = m / 3;
                }
                continue;
            }
            let me = usize::from(P2_INDEX[usize::from(MOVE_CONJ[es_inv][m])]);
            let v = t.edge_class_move.get(usize::from(at.ec) * 10 + me);
            let (ec, es) = (v >> 4, u16::from(SYM_MULT[usize::from(at.es)][usize::from(v & 15)]));
            let comb = t.comb_move.get(usize::from(at.comb) * 10 + j);
            let bound = usize::from(self.edge_bound(ec, es, comb));
            if bound >= togo {
                if bound > togo {
                    far_face = m / 3;
                }
                continue;
            }
            let next = P2 { cc, cs, ec, es, mp, comb, ecomb };
            if usize::from(self.inverse_bound(&next)) >= togo {
                continue;
            }
            if !self.count() {
                return Flow::Stop;
            }
            self.path[depth] = m as u8;
            self.valid = self.valid.min(depth);
            match self.phase2(next, depth + 1, togo - 1) {
                Flow::Continue => {}
                other => return other,
            }
        }
        Flow::Continue
    }
}

/// A phase 2 position: corner class and symmetry, U-D edge class and
/// symmetry, slice permutation, corner combination and parity.
#[derive(Clone, Copy)]
struct P2 {
    cc: u16,
    cs: u16,
    ec: u16,
    es: u16,
    mp: u16,
    comb: u16,
    ecomb: u16,
}
