//! The symmetries of a puzzle, found from its moves: the ways of turning
//! (or mirroring) the whole puzzle that map every move to a move, as the
//! 48 rotations and reflections of the cube map `U` to `R`, `F'` or `D2`.
//!
//! A symmetry `σ` renames positions by a permutation `π` (within each
//! orbit), adds a per-position offset `c` to orientations and, if it
//! mirrors, reverses them; it acts on a state `s` as
//!
//! ```text
//! σ(s): the piece at π(i) is π(s.piece(i)),
//!       turned ε·s.ori(i) + c(s.piece(i)) − c(i)      (ε = −1 if it mirrors)
//! ```
//!
//! which maps products to products, so it is a symmetry of the puzzle
//! when it maps each move to a move. [`find`] finds them all by a search
//! over where one position of each orbit goes and what each move becomes,
//! every choice forcing the images of the positions it moves.

use std::collections::HashMap;

use crate::model::{Cells, MAX_POSITIONS, Twisty, cell, ori, piece};

/// One symmetry of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// Where each position goes (`π`).
    pub perm: Cells,
    /// The orientation offset of each position (`c`); 0 at each orbit's
    /// first position.
    pub offset: Cells,
    /// Whether it reverses orientations (a reflection).
    pub mirror: bool,
    /// The move each move becomes.
    pub moves: Vec<u8>,
    /// A cell's image before the offset of its place: piece `q` turned by
    /// `x` becomes piece `π(q)` turned by `ε·x + c(q)`.
    image: [u8; 256],
    /// What to turn the image at `π(i)` by: `−c(i)`.
    settle: Cells,
}

impl Symmetry {
    /// The symmetry's image of `state`.
    #[inline]
    #[must_use]
    pub fn conjugate(&self, puzzle: &Twisty, state: &Cells) -> Cells {
        let mut out = [0u8; MAX_POSITIONS];
        for i in 0..puzzle.positions() {
            let to = usize::from(self.perm[i]);
            out[to] = puzzle.turn(self.image[usize::from(state[i])], self.settle[i]);
        }
        out
    }

    /// Whether it is the identity.
    #[must_use]
    pub fn is_identity(&self, puzzle: &Twisty) -> bool {
        !self.mirror && (0..puzzle.positions()).all(|i| usize::from(self.perm[i]) == i && self.offset[i] == 0)
    }

    /// Builds a symmetry from its permutation, offsets and reflection,
    /// if it maps every move to a move (its move map filled in).
    #[must_use]
    pub fn from_parts(puzzle: &Twisty, perm: &Cells, offset: &Cells, mirror: bool) -> Option<Self> {
        let mut s = Self::unchecked(puzzle, perm, offset, mirror);
        let by_state: HashMap<Cells, usize> =
            puzzle.moves().iter().enumerate().map(|(i, m)| (m.map_as_state(), i)).collect();
        let mut moves = Vec::with_capacity(puzzle.moves().len());
        for m in puzzle.moves() {
            let image = s.conjugate(puzzle, &m.map_as_state());
            moves.push(*by_state.get(&image)? as u8);
        }
        let mut seen = vec![false; moves.len()];
        for &m in &moves {
            if std::mem::replace(&mut seen[usize::from(m)], true) {
                return None;
            }
        }
        s.moves = moves;
        Some(s)
    }

    fn unchecked(puzzle: &Twisty, perm: &Cells, offset: &Cells, mirror: bool) -> Self {
        let modulus = puzzle.modulus();
        let n = puzzle.positions();
        let mut perm = *perm;
        let mut offset = *offset;
        perm[n..].fill(0);
        offset[n..].fill(0);
        // Offsets are known up to a constant per orbit: 0 at the first
        // position.
        for orbit in puzzle.orbits() {
            let m = modulus[orbit.start];
            let base = offset[orbit.start];
            for i in orbit.positions() {
                offset[i] = (offset[i] + m - base) % m;
            }
        }
        let mut image = [0u8; 256];
        for (c, slot) in image.iter_mut().enumerate() {
            let (q, x) = (piece(c as u8), ori(c as u8));
            if q < n && x < modulus[q] {
                let m = modulus[q];
                let x = if mirror { (m - x) % m } else { x };
                *slot = cell(usize::from(perm[q]), (x + offset[q]) % m);
            }
        }
        let mut settle = [0u8; MAX_POSITIONS];
        for i in 0..n {
            settle[i] = (modulus[i] - offset[i]) % modulus[i];
        }
        Self { perm, offset, mirror, moves: Vec::new(), image, settle }
    }

    /// `self` after `other`: the symmetry whose image of a state is
    /// `self`'s image of `other`'s image.
    #[must_use]
    pub fn after(&self, other: &Self, puzzle: &Twisty) -> Self {
        let n = puzzle.positions();
        let modulus = puzzle.modulus();
        let mut perm = [0u8; MAX_POSITIONS];
        let mut offset = [0u8; MAX_POSITIONS];
        for q in 0..n {
            let m = modulus[q];
            perm[q] = self.perm[usize::from(other.perm[q])];
            let c = if self.mirror { (m - other.offset[q]) % m } else { other.offset[q] };
            offset[q] = (c + self.offset[usize::from(other.perm[q])]) % m;
        }
        let mut s = Self::unchecked(puzzle, &perm, &offset, self.mirror != other.mirror);
        s.moves = other.moves.iter().map(|&m| self.moves[usize::from(m)]).collect();
        s
    }
}

/// Every symmetry of `puzzle`, the identity first, then in a fixed order
/// (rotations before reflections, then by permutation and offsets).
#[must_use]
pub fn find(puzzle: &Twisty) -> Vec<Symmetry> {
    let mirrors: &[bool] = if puzzle.orbits().iter().all(|o| o.orientations <= 2) { &[false] } else { &[false, true] };
    let mut found = Vec::new();
    for &mirror in mirrors {
        let mut search = Search::new(puzzle, mirror);
        search.run(&mut found);
    }
    found.sort_by(|a: &Symmetry, b: &Symmetry| {
        (a.mirror, &a.perm[..], &a.offset[..]).cmp(&(b.mirror, &b.perm[..], &b.offset[..]))
    });
    found.dedup_by(|a, b| a.perm == b.perm && a.offset == b.offset && a.mirror == b.mirror);
    found
}

const UNKNOWN: u8 = u8::MAX;

/// The search for the symmetries of one kind (mirroring or not).
struct Search<'p> {
    puzzle: &'p Twisty,
    mirror: bool,
    /// Every move as a state.
    states: Vec<Cells>,
    /// Each move's order, to match moves only with moves of their order.
    orders: Vec<usize>,
}

/// A partial symmetry: the images known so far.
#[derive(Clone)]
struct Partial {
    perm: Cells,
    offset: Cells,
    /// Which positions are images already.
    taken: u64,
    /// The move each move becomes, where chosen.
    moves: Vec<u8>,
}

impl<'p> Search<'p> {
    fn new(puzzle: &'p Twisty, mirror: bool) -> Self {
        let states: Vec<Cells> = puzzle.moves().iter().map(|m| m.map_as_state()).collect();
        let orders = states
            .iter()
            .map(|s| {
                let (mut p, mut k) = (*s, 1);
                while p != puzzle.identity() && k < 1000 {
                    p = puzzle.compose(&p, s);
                    k += 1;
                }
                k
            })
            .collect();
        Self { puzzle, mirror, states, orders }
    }

    fn run(&mut self, found: &mut Vec<Symmetry>) {
        let start = Partial {
            perm: [UNKNOWN; MAX_POSITIONS],
            offset: [0; MAX_POSITIONS],
            taken: 0,
            moves: vec![UNKNOWN; self.puzzle.moves().len()],
        };
        self.branch(start, found);
    }

    /// Extends `partial` every way it can go.
    fn branch(&self, mut partial: Partial, found: &mut Vec<Symmetry>) {
        if !self.propagate(&mut partial) {
            return;
        }
        let puzzle = self.puzzle;
        let labels = puzzle.labels();
        // An orbit none of whose positions has an image: choose where its
        // first position goes.
        if let Some(orbit) = puzzle.orbits().iter().find(|o| partial.perm[o.start] == UNKNOWN) {
            let base = orbit.start;
            let size = |i: usize| labels[..puzzle.positions()].iter().filter(|&&l| l == labels[i]).count();
            for to in orbit.positions() {
                if partial.taken & (1 << to) != 0 || size(to) != size(base) {
                    continue;
                }
                let mut next = partial.clone();
                next.perm[base] = to as u8;
                next.offset[base] = 0;
                next.taken |= 1 << to;
                self.branch(next, found);
            }
            return;
        }
        // A move not yet matched that moves a position whose image is
        // known: choose what it becomes.
        let known = |i: usize| partial.perm[i] != UNKNOWN;
        let open = (0..self.states.len()).find(|&m| {
            partial.moves[m] == UNKNOWN && (0..puzzle.positions()).any(|i| known(i) && self.states[m][i] != cell(i, 0))
        });
        if let Some(m) = open {
            let used: u64 = partial.moves.iter().filter(|&&t| t != UNKNOWN).fold(0, |u, &t| u | 1 << t);
            for image in 0..self.states.len() {
                let support = |s: &Cells| (0..puzzle.positions()).filter(|&i| s[i] != cell(i, 0)).count();
                if used & (1 << image) != 0
                    || self.orders[image] != self.orders[m]
                    || support(&self.states[image]) != support(&self.states[m])
                {
                    continue;
                }
                let mut next = partial.clone();
                next.moves[m] = image as u8;
                self.branch(next, found);
            }
            return;
        }
        if (0..puzzle.positions()).all(known) {
            if let Some(symmetry) = Symmetry::from_parts(puzzle, &partial.perm, &partial.offset, self.mirror) {
                if self.keeps_labels(&symmetry) {
                    found.push(symmetry);
                }
            }
        }
    }

    /// Forces the images that the chosen moves imply: if `m` becomes
    /// `t`, then `π(m.map[i]) = t.map[π(i)]` and the offsets follow.
    /// False on a contradiction.
    fn propagate(&self, partial: &mut Partial) -> bool {
        let puzzle = self.puzzle;
        let modulus = puzzle.modulus();
        let moves = puzzle.moves();
        loop {
            let mut changed = false;
            for (m, mv) in moves.iter().enumerate() {
                let t = partial.moves[m];
                if t == UNKNOWN {
                    continue;
                }
                let image = &moves[usize::from(t)];
                for i in 0..puzzle.positions() {
                    let at = partial.perm[i];
                    if at == UNKNOWN {
                        continue;
                    }
                    let j = usize::from(mv.map[i]);
                    let md = modulus[i];
                    let turned = if self.mirror { (md - mv.twist[i]) % md } else { mv.twist[i] };
                    let to = image.map[usize::from(at)];
                    let c = (image.twist[usize::from(at)] + 2 * md - turned + partial.offset[i]) % md;
                    if partial.perm[j] == UNKNOWN {
                        if partial.taken & (1 << to) != 0 {
                            return false;
                        }
                        partial.perm[j] = to;
                        partial.offset[j] = c;
                        partial.taken |= 1 << to;
                        changed = true;
                    } else if partial.perm[j] != to || partial.offset[j] != c {
                        return false;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Whether the symmetry maps pieces that cannot be told apart to
    /// pieces that cannot, without turning one more than another.
    fn keeps_labels(&self, symmetry: &Symmetry) -> bool {
        let puzzle = self.puzzle;
        let labels = puzzle.labels();
        let n = puzzle.positions();
        (0..n).all(|i| {
            (0..n).filter(|&j| labels[j] == labels[i]).all(|j| {
                labels[usize::from(symmetry.perm[j])] == labels[usize::from(symmetry.perm[i])]
                    && symmetry.offset[j] == symmetry.offset[i]
            })
        })
    }
}

/// The symmetries as a group: each one's inverse and every product, by
/// index into the list [`find`] gives.
#[derive(Clone, Debug)]
pub struct Group {
    /// The symmetries.
    pub symmetries: Vec<Symmetry>,
    /// `product[a][b]`: the index of `a` after `b`.
    pub product: Vec<Vec<u8>>,
}

impl Group {
    /// The group of `symmetries` (which must be closed under products, as
    /// [`find`]'s are).
    #[must_use]
    pub fn new(puzzle: &Twisty, symmetries: Vec<Symmetry>) -> Self {
        let key = |s: &Symmetry| (s.perm, s.offset, s.mirror);
        let index: HashMap<_, usize> = symmetries.iter().enumerate().map(|(i, s)| (key(s), i)).collect();
        let product = symmetries
            .iter()
            .map(|a| {
                symmetries.iter().map(|b| index.get(&key(&a.after(b, puzzle))).copied().unwrap_or(0) as u8).collect()
            })
            .collect();
        Self { symmetries, product }
    }

    /// How many symmetries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.symmetries.len()
    }

    /// Whether there are none (never: the identity is one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.symmetries.is_empty()
    }
}
