//! The cube at the level of its pieces (cubies): which corner and edge
//! sits at each position and how it is turned, in Kociemba's numbering;
//! the 18 face turns; and the coordinates the two phases search over.

use crate::error::CubeError;
use crate::moves::Move;

/// Number of corner positions.
pub const CORNERS: usize = 8;
/// Number of edge positions.
pub const EDGES: usize = 12;

/// The corner positions' names, in Kociemba's order.
pub const CORNER_NAMES: [&str; CORNERS] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];
/// The edge positions' names, in Kociemba's order.
pub const EDGE_NAMES: [&str; EDGES] = ["UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"];

/// A cube state: for each position, the piece there and its orientation.
///
/// A corner's orientation is 0, 1 or 2: how far clockwise its U or D
/// sticker is turned from the position's U or D face. An edge's is 0 or 1
/// (flipped), as Kociemba defines it (the turns F and B flip edges, the
/// others do not). [`Cube::from_parts`] checks that a state is one the
/// face turns can reach; every other constructor makes only such states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    pub(crate) cp: [u8; CORNERS],
    pub(crate) co: [u8; CORNERS],
    pub(crate) ep: [u8; EDGES],
    pub(crate) eo: [u8; EDGES],
}

impl Default for Cube {
    fn default() -> Self {
        Cube::SOLVED
    }
}

/// The six quarter turns U R F D L B, clockwise, as (corner map, corner
/// twist, edge map, edge flip): position `i` receives the piece of
/// position `map[i]`, turned by `twist[i]`.
type Turn = ([u8; CORNERS], [u8; CORNERS], [u8; EDGES], [u8; EDGES]);
const QUARTER_TURNS: [Turn; 6] = [
    ([3, 0, 1, 2, 4, 5, 6, 7], [0; 8], [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11], [0; 12]),
    ([4, 1, 2, 0, 7, 5, 6, 3], [2, 0, 0, 1, 1, 0, 0, 2], [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0], [0; 12]),
    (
        [1, 5, 2, 3, 0, 4, 6, 7],
        [1, 2, 0, 0, 2, 1, 0, 0],
        [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
        [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    ),
    ([0, 1, 2, 3, 5, 6, 7, 4], [0; 8], [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11], [0; 12]),
    ([0, 2, 6, 3, 4, 1, 5, 7], [0, 1, 2, 0, 0, 2, 1, 0], [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11], [0; 12]),
    (
        [0, 1, 3, 7, 4, 5, 2, 6],
        [0, 0, 1, 2, 0, 0, 2, 1],
        [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
        [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    ),
];

/// The 18 face turns as cubes, in [`Move`] order.
pub(crate) const MOVE_CUBES: [Cube; 18] = {
    let mut out = [Cube::SOLVED; 18];
    let mut f = 0;
    while f < 6 {
        let (cp, co, ep, eo) = QUARTER_TURNS[f];
        let quarter = Cube { cp, co, ep, eo };
        out[3 * f] = quarter;
        out[3 * f + 1] = quarter.then(&quarter);
        out[3 * f + 2] = out[3 * f + 1].then(&quarter);
        f += 1;
    }
    out
};

impl Cube {
    /// The solved cube.
    pub const SOLVED: Cube = Cube {
        cp: [0, 1, 2, 3, 4, 5, 6, 7],
        co: [0; CORNERS],
        ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; EDGES],
    };

    /// The state of pieces given position by position: `cp[i]` is the
    /// corner at position `i` (numbered as [`CORNER_NAMES`]), `co[i]` its
    /// twist (0..3), `ep[i]` and `eo[i]` the same for edges.
    ///
    /// # Errors
    ///
    /// [`CubeError::NotAPermutation`] when a piece number is out of range or
    /// repeated, [`CubeError::BadOrientation`] when an orientation is out of
    /// range, and [`CubeError::TwistedCorner`], [`CubeError::FlippedEdge`]
    /// or [`CubeError::OddPermutation`] when no sequence of turns reaches
    /// the state.
    pub fn from_parts(cp: [u8; 8], co: [u8; 8], ep: [u8; 12], eo: [u8; 12]) -> Result<Cube, CubeError> {
        if !is_permutation(&cp) || !is_permutation(&ep) {
            return Err(CubeError::NotAPermutation);
        }
        if co.iter().any(|&o| o > 2) || eo.iter().any(|&o| o > 1) {
            return Err(CubeError::BadOrientation);
        }
        let cube = Cube { cp, co, ep, eo };
        cube.check_solvable()?;
        Ok(cube)
    }

    /// Checks the three invariants of the face turns: the corners' twists
    /// sum to 0 mod 3, the edges' flips to 0 mod 2, and the corner and edge
    /// permutations have the same parity.
    pub(crate) fn check_solvable(&self) -> Result<(), CubeError> {
        if self.co.iter().map(|&o| u32::from(o)).sum::<u32>() % 3 != 0 {
            return Err(CubeError::TwistedCorner);
        }
        if self.eo.iter().map(|&o| u32::from(o)).sum::<u32>() % 2 != 0 {
            return Err(CubeError::FlippedEdge);
        }
        if parity(&self.cp) != parity(&self.ep) {
            return Err(CubeError::OddPermutation);
        }
        Ok(())
    }

    /// The corner at each position.
    #[must_use]
    pub fn corner_permutation(&self) -> [u8; 8] {
        self.cp
    }
    /// The twist of the corner at each position (0, 1 or 2).
    #[must_use]
    pub fn corner_orientation(&self) -> [u8; 8] {
        self.co
    }
    /// The edge at each position.
    #[must_use]
    pub fn edge_permutation(&self) -> [u8; 12] {
        self.ep
    }
    /// The flip of the edge at each position (0 or 1).
    #[must_use]
    pub fn edge_orientation(&self) -> [u8; 12] {
        self.eo
    }

    /// This state followed by `other` (as a move sequence: first the one,
    /// then the other). Corner orientations of 3..6 mark a mirrored cube
    /// (the reflections among the symmetries), composed as Kociemba does.
    pub(crate) const fn then(&self, other: &Cube) -> Cube {
        let mut out = Cube::SOLVED;
        let mut i = 0;
        while i < CORNERS {
            let from = other.cp[i] as usize;
            out.cp[i] = self.cp[from];
            let (a, b) = (self.co[from], other.co[i]);
            out.co[i] = match (a < 3, b < 3) {
                (true, true) => (a + b) % 3,
                (true, false) => (a + b) % 3 + 3,
                (false, true) => (a + 3 - b) % 3 + 3,
                (false, false) => (a + 3 - b) % 3,
            };
            i += 1;
        }
        let mut i = 0;
        while i < EDGES {
            let from = other.ep[i] as usize;
            out.ep[i] = self.ep[from];
            out.eo[i] = (self.eo[from] + other.eo[i]) & 1;
            i += 1;
        }
        out
    }

    /// The cube after the turn `m`.
    #[must_use]
    pub fn apply(&self, m: Move) -> Cube {
        self.then(&MOVE_CUBES[m.index()])
    }

    /// The cube after the turns `moves`, in order.
    #[must_use]
    pub fn apply_all(&self, moves: impl IntoIterator<Item = Move>) -> Cube {
        moves.into_iter().fold(*self, |c, m| c.apply(m))
    }

    /// The inverse state: the one the same turns, undone in reverse, make.
    #[must_use]
    pub fn inverse(&self) -> Cube {
        let mut out = Cube::SOLVED;
        for i in 0..CORNERS {
            let p = usize::from(self.cp[i]);
            out.cp[p] = i as u8;
            out.co[p] = (3 - self.co[i] % 3) % 3;
        }
        for i in 0..EDGES {
            let p = usize::from(self.ep[i]);
            out.ep[p] = i as u8;
            out.eo[p] = self.eo[i];
        }
        out
    }
}

fn is_permutation(p: &[u8]) -> bool {
    let mut seen = 0u32;
    for &x in p {
        if usize::from(x) >= p.len() || seen & (1 << x) != 0 {
            return false;
        }
        seen |= 1 << x;
    }
    true
}

/// The permutation's parity (true when odd).
pub(crate) fn parity(p: &[u8]) -> bool {
    let mut odd = false;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            odd ^= p[j] < p[i];
        }
    }
    odd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_quarter_turns_are_nothing() {
        for m in 0..18 {
            let c = MOVE_CUBES[m];
            assert!(c.check_solvable().is_ok());
            let q = c.then(&c).then(&c).then(&c);
            assert_eq!(q, Cube::SOLVED);
            assert_eq!(c.then(&c.inverse()), Cube::SOLVED);
        }
    }
}
