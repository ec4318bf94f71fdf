//! The group the moves generate, by the Schreier–Sims algorithm: whether a
//! state can be solved at all (a search for one that cannot would run
//! forever), and how many states there are.
//!
//! A state acts on the puzzle's *stickers* (every position with every
//! orientation: 8 × 3 + 12 × 2 = 48 on the cube); the moves' actions
//! generate a permutation group, kept as a chain of stabilizers with a
//! transversal at each level. A state is in the group when sifting it
//! through the chain leaves the identity.

use crate::model::{Cells, MAX_POSITIONS, Twisty, cell, ori, piece};

type Perm = Vec<u8>;

/// One level of the chain: its base point, the generators that fix the
/// earlier base points, and for every point of the base's orbit an
/// element taking the base there.
struct Level {
    base: usize,
    generators: Vec<Perm>,
    transversal: Vec<Option<Perm>>,
}

/// The group the moves of a puzzle generate.
pub struct MoveGroup {
    levels: Vec<Level>,
    /// Where each position's stickers start.
    offsets: Vec<usize>,
    points: usize,
    /// Each set of pieces alike in the solved state (two or more), when
    /// their ways of being told apart number at most [`MOST_ASSIGNMENTS`];
    /// `None` when they number more.
    alike: Option<Vec<Vec<usize>>>,
}

fn compose(a: &Perm, b: &Perm) -> Perm {
    // a after b.
    b.iter().map(|&x| a[usize::from(x)]).collect()
}

fn inverse(a: &Perm) -> Perm {
    let mut out = vec![0u8; a.len()];
    for (i, &x) in a.iter().enumerate() {
        out[usize::from(x)] = i as u8;
    }
    out
}

/// Ways of telling alike pieces apart that [`MoveGroup::contains`] tries.
pub const MOST_ASSIGNMENTS: u64 = 1 << 16;

/// Turns `order` into the next in lexicographic order; false (and the
/// first order) after the last.
fn next_permutation(order: &mut [usize]) -> bool {
    let Some(i) = (1..order.len()).rev().find(|&i| order[i - 1] < order[i]) else {
        order.reverse();
        return false;
    };
    let j = (i..order.len()).rev().find(|&j| order[j] > order[i - 1]).unwrap_or(i);
    order.swap(i - 1, j);
    order[i..].reverse();
    true
}

/// The sets of pieces of `puzzle` alike in the solved state (two or more
/// each), or `None` when their ways of being told apart number more than
/// [`MOST_ASSIGNMENTS`].
fn alike_sets(puzzle: &Twisty) -> Option<Vec<Vec<usize>>> {
    let n = puzzle.positions();
    let labels = puzzle.labels();
    let sets: Vec<Vec<usize>> = (0..n)
        .filter(|&q| !labels[..q].contains(&labels[q]) && labels[q + 1..n].contains(&labels[q]))
        .map(|q| (q..n).filter(|&r| labels[r] == labels[q]).collect())
        .collect();
    let ways = sets.iter().try_fold(1u64, |ways, pieces: &Vec<usize>| {
        (1..=pieces.len() as u64).try_fold(ways, u64::checked_mul).filter(|&w| w <= MOST_ASSIGNMENTS)
    });
    ways.map(|_| sets)
}

fn is_identity(a: &Perm) -> bool {
    a.iter().enumerate().all(|(i, &x)| usize::from(x) == i)
}

impl MoveGroup {
    /// The group of `puzzle`'s moves.
    #[must_use]
    pub fn new(puzzle: &Twisty) -> Self {
        let mut offsets = Vec::with_capacity(puzzle.positions() + 1);
        let mut points = 0;
        for i in 0..puzzle.positions() {
            offsets.push(points);
            points += usize::from(puzzle.modulus()[i]);
        }
        let mut group = Self { levels: Vec::new(), offsets, points, alike: alike_sets(puzzle) };
        for m in puzzle.moves() {
            let perm = group.stickers(puzzle, &m.map_as_state());
            if group.strip(&perm, 0).0.iter().enumerate().any(|(i, &x)| usize::from(x) != i) {
                group.extend(0, perm);
            }
        }
        group
    }

    /// Where `state` puts each sticker: the sticker of piece `q` turned
    /// `f` lies at its position, turned `f` plus the piece's orientation.
    fn stickers(&self, puzzle: &Twisty, state: &Cells) -> Perm {
        let mut perm = vec![0u8; self.points];
        for i in 0..puzzle.positions() {
            let (q, x) = (piece(state[i]), ori(state[i]));
            let m = usize::from(puzzle.modulus()[i]);
            for f in 0..m {
                perm[self.offsets[q] + f] = (self.offsets[i] + (f + usize::from(x)) % m) as u8;
            }
        }
        perm
    }

    /// Sifts `g` down the chain from level `from`: what is left, and the
    /// level where it stopped (the chain's length if it went through).
    fn strip(&self, g: &Perm, from: usize) -> (Perm, usize) {
        let mut g = g.clone();
        for (k, level) in self.levels.iter().enumerate().skip(from) {
            let x = usize::from(g[level.base]);
            match &level.transversal[x] {
                Some(u) => g = compose(&inverse(u), &g),
                None => return (g, k),
            }
        }
        let end = self.levels.len();
        (g, end)
    }

    /// Adds `g` (which fixes the base points above level `k`) to level
    /// `k`'s generators, grows the level's orbit, and sifts every Schreier
    /// generator of the level, adding what does not sift through.
    fn extend(&mut self, k: usize, g: Perm) {
        if k == self.levels.len() {
            let Some(base) = (0..self.points).find(|&i| usize::from(g[i]) != i) else { return };
            let mut transversal = vec![None; self.points];
            transversal[base] = Some((0..self.points as u8).collect());
            self.levels.push(Level { base, generators: Vec::new(), transversal });
        }
        self.levels[k].generators.push(g);
        // The orbit of the base under every generator of the level.
        loop {
            let level = &self.levels[k];
            let mut found = Vec::new();
            for x in 0..self.points {
                let Some(u) = &level.transversal[x] else { continue };
                for s in &level.generators {
                    let y = usize::from(s[x]);
                    if level.transversal[y].is_none() && !found.iter().any(|(z, _)| *z == y) {
                        found.push((y, compose(s, u)));
                    }
                }
            }
            if found.is_empty() {
                break;
            }
            for (y, u) in found {
                self.levels[k].transversal[y] = Some(u);
            }
        }
        // Every Schreier generator must sift through the levels below.
        let mut pending = Vec::new();
        {
            let level = &self.levels[k];
            for x in 0..self.points {
                let Some(u) = &level.transversal[x] else { continue };
                for s in &level.generators {
                    let su = compose(s, u);
                    let y = usize::from(su[level.base]);
                    if let Some(v) = &level.transversal[y] {
                        let h = compose(&inverse(v), &su);
                        if !is_identity(&h) {
                            pending.push(h);
                        }
                    }
                }
            }
        }
        for h in pending {
            let (residue, at) = self.strip(&h, k + 1);
            if !is_identity(&residue) {
                self.extend(at, residue);
            }
        }
    }

    /// Whether the moves can make `state` (so that it can be solved).
    ///
    /// Pieces alike in the solved state (equal labels) may be told apart
    /// in `state` in any way: it can be solved when some way of telling
    /// them apart gives a state the moves make. Every way is tried, up to
    /// [`MOST_ASSIGNMENTS`]; a puzzle with more ways than that takes every
    /// state as one it may solve (the search then decides).
    #[must_use]
    pub fn contains(&self, puzzle: &Twisty, state: &Cells) -> bool {
        let Some(alike) = &self.alike else { return true };
        if alike.is_empty() {
            return self.makes(puzzle, state);
        }
        // The positions holding each set's pieces.
        let places: Vec<Vec<usize>> = alike
            .iter()
            .map(|pieces| (0..puzzle.positions()).filter(|&i| pieces.contains(&piece(state[i]))).collect())
            .collect();
        let mut told = *state;
        let mut orders: Vec<Vec<usize>> = alike.clone();
        loop {
            for (at, order) in places.iter().zip(&orders) {
                for (&i, &p) in at.iter().zip(order) {
                    told[i] = cell(p, ori(state[i]));
                }
            }
            if self.makes(puzzle, &told) {
                return true;
            }
            // The next way: the first set's next order, or, after its
            // last, its first and the next set's next order, and so on.
            if !orders.iter_mut().any(|order| next_permutation(order)) {
                return false;
            }
        }
    }

    /// Whether the moves make `state`, its pieces told apart as they are.
    fn makes(&self, puzzle: &Twisty, state: &Cells) -> bool {
        is_identity(&self.strip(&self.stickers(puzzle, state), 0).0)
    }

    /// A state the moves can make, every one equally likely: `pick(n)`
    /// chooses one of `n` things at random (a uniform choice of one coset
    /// representative at each level of the chain makes a uniform element).
    pub fn random(&self, puzzle: &Twisty, mut pick: impl FnMut(usize) -> usize) -> Cells {
        let mut g: Perm = (0..self.points as u8).collect();
        for level in &self.levels {
            let reps: Vec<&Perm> = level.transversal.iter().flatten().collect();
            g = compose(&g, reps[pick(reps.len()).min(reps.len() - 1)]);
        }
        // Back from stickers to cells: piece `q`'s sticker 0 lies at
        // position `i` turned `x`.
        let mut state = [0u8; MAX_POSITIONS];
        for q in 0..puzzle.positions() {
            let at = usize::from(g[self.offsets[q]]);
            let i = self.offsets.partition_point(|&o| o <= at) - 1;
            state[i] = cell(q, (at - self.offsets[i]) as u8);
        }
        state
    }

    /// How many states the moves can make.
    #[must_use]
    pub fn order(&self) -> u128 {
        self.levels.iter().map(|l| l.transversal.iter().filter(|t| t.is_some()).count() as u128).product()
    }
}
