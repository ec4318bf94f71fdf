//! The orbit model of twisty puzzles without the 16-piece limit of
//! `godtab-puzzles`: pieces in orbits (corners, edges, centres), each with
//! an orientation, and moves that permute and twist them.
//!
//! A state is an array of [`Cells`], one per position, every orbit's
//! positions after the previous orbit's. A cell holds the piece there (its
//! home position, counted over all orbits) in its low 5 bits and the
//! piece's orientation in the high 3 bits ([`cell`]). States compose as
//! the group of the puzzle does: `a * b` is `a` then `b`, and in the
//! passive convention of the definition files, after the move `m`
//! position `i` holds what was at `m.map[i]`, turned by `m.twist[i]`.

mod build;

use build::{checked_move, families_of, identity, orbits_of};

use crate::ModelError;

/// The most positions (pieces of every orbit together) a puzzle may have.
pub const MAX_POSITIONS: usize = 32;

/// The most orbits a puzzle may have.
pub const MAX_ORBITS: usize = 8;

/// The most orientations a piece may have.
pub const MAX_ORIENTATIONS: u8 = 8;

/// The most moves a puzzle may have (counting every power that is a move).
pub const MAX_MOVES: usize = 64;

/// A state: the cell of every position ([`cell`]); positions past the
/// puzzle's are 0.
pub type Cells = [u8; MAX_POSITIONS];

/// The cell of piece `piece` (its home position) with orientation `ori`.
#[inline]
#[must_use]
pub const fn cell(piece: usize, ori: u8) -> u8 {
    piece as u8 | ori << 5
}

/// The piece of a cell (its home position).
#[inline]
#[must_use]
pub const fn piece(cell: u8) -> usize {
    (cell & 31) as usize
}

/// The orientation of a cell.
#[inline]
#[must_use]
pub const fn ori(cell: u8) -> u8 {
    cell >> 5
}

/// An orbit as a definition gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrbitDef {
    /// Its name, e.g. `CORNERS`.
    pub name: String,
    /// Its pieces (and positions).
    pub pieces: usize,
    /// Orientations of each piece (1: none).
    pub orientations: u8,
}

/// A move as a definition gives it, over every position of every orbit:
/// after the move, position `i` holds the piece that was at `map[i]`, its
/// orientation plus `twist[i]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveDef {
    /// Its name, e.g. `R2`.
    pub name: String,
    /// The position map.
    pub map: Vec<u8>,
    /// The twist of each position.
    pub twist: Vec<u8>,
}

/// A twisty puzzle as its definition gives it: what [`Twisty::new`] takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// The puzzle's id.
    pub id: String,
    /// The orbits, in order.
    pub orbits: Vec<OrbitDef>,
    /// The solved state's piece at every position, numbered from 0 within
    /// its orbit; equal numbers are pieces that cannot be told apart.
    pub solved: Vec<u8>,
    /// The moves, in declared order (which decides the order answers are
    /// searched in). A move that is a power of an earlier move belongs to
    /// that move's family (the turns of one face); the others start
    /// families of their own.
    pub moves: Vec<MoveDef>,
}

/// One orbit of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbit {
    /// Its name.
    pub name: String,
    /// Its first position.
    pub start: usize,
    /// Its pieces.
    pub pieces: usize,
    /// Orientations of each piece.
    pub orientations: u8,
    /// Whether every move twists it by a total of zero (so the last
    /// position's orientation follows from the others').
    pub sum_fixed: bool,
}

impl Orbit {
    /// Its positions.
    #[must_use]
    pub fn positions(&self) -> core::ops::Range<usize> {
        self.start..self.start + self.pieces
    }
}

/// A move, with what makes it quick to make.
#[derive(Clone, Debug)]
pub struct Move {
    /// Its name.
    pub name: String,
    /// Its family.
    pub family: usize,
    /// Its power within the family (the family's first move is power 1).
    pub power: u8,
    /// As in [`MoveDef`].
    pub map: Cells,
    /// As in [`MoveDef`].
    pub twist: Cells,
    /// The move that undoes it.
    pub inverse: usize,
    /// The positions it changes: (position, where its piece comes from,
    /// the twist).
    support: Vec<(u8, u8, u8)>,
    /// Every cell made by this move first and then the state: the cell of
    /// piece `q` turned by `x` becomes the move's cell at `q`, turned by
    /// `x` more.
    relabel: [u8; 256],
}

/// A family of moves: the powers of one move, the first of them.
#[derive(Clone, Debug)]
pub struct Family {
    /// Its name (its first move's).
    pub name: String,
    /// The order of its generator: its powers repeat after this many.
    pub order: u8,
    /// For each power `k` (0 to order - 1), the fewest of the family's
    /// moves that make it.
    pub length: Vec<u8>,
}

/// A twisty puzzle: orbits, a solved state and moves, checked.
#[derive(Clone, Debug)]
pub struct Twisty {
    id: String,
    orbits: Vec<Orbit>,
    positions: usize,
    /// The solved state's label at every position (pieces with equal
    /// labels cannot be told apart).
    labels: Vec<u8>,
    distinct: bool,
    moves: Vec<Move>,
    families: Vec<Family>,
    /// Orientation modulus of every piece (and position).
    modulus: Cells,
    /// `add[t][c]`: cell `c` turned by `t`.
    add: Box<[[u8; 256]; MAX_ORIENTATIONS as usize]>,
    identity: Cells,
}

impl Twisty {
    /// Checks a description and builds the puzzle.
    ///
    /// # Errors
    ///
    /// A [`ModelError`] naming what is wrong.
    pub fn new(description: &Description) -> Result<Self, ModelError> {
        let (orbits, positions) = orbits_of(&description.orbits)?;
        let mut modulus = [1u8; MAX_POSITIONS];
        for orbit in &orbits {
            modulus[orbit.positions()].fill(orbit.orientations);
        }
        if description.solved.len() != positions {
            return Err(ModelError::Shape(format!(
                "the solved state has {} positions, the orbits {positions}",
                description.solved.len()
            )));
        }
        let mut labels = Vec::with_capacity(positions);
        let mut distinct = true;
        for orbit in &orbits {
            let solved = &description.solved[orbit.positions()];
            for (i, &label) in solved.iter().enumerate() {
                if usize::from(label) >= orbit.pieces {
                    return Err(ModelError::Shape(format!(
                        "{}: solved piece {} at position {} is past the orbit's {} pieces",
                        orbit.name,
                        u32::from(label) + 1,
                        i + 1,
                        orbit.pieces
                    )));
                }
                distinct &= solved.iter().filter(|&&l| l == label).count() == 1;
                // Labels are numbered over all orbits, so that no two
                // orbits share one.
                labels.push(label.wrapping_add(orbit.start as u8));
            }
        }
        let mut add = Box::new([[0u8; 256]; MAX_ORIENTATIONS as usize]);
        for (t, table) in add.iter_mut().enumerate() {
            for (c, entry) in table.iter_mut().enumerate() {
                let p = piece(c as u8);
                let m = if p < positions { modulus[p] } else { 1 };
                *entry = cell(p, ((usize::from(ori(c as u8)) + t) % usize::from(m)) as u8);
            }
        }
        let identity = identity(positions);
        if description.moves.is_empty() || description.moves.len() > MAX_MOVES {
            return Err(ModelError::Shape(format!("{} moves: a puzzle has 1 to {MAX_MOVES}", description.moves.len())));
        }
        let mut moves = Vec::with_capacity(description.moves.len());
        for m in &description.moves {
            moves.push(checked_move(m, &orbits, positions, &modulus)?);
        }
        let mut puzzle = Self {
            id: description.id.clone(),
            orbits,
            positions,
            labels,
            distinct,
            moves,
            families: Vec::new(),
            modulus,
            add,
            identity,
        };
        for orbit in 0..puzzle.orbits.len() {
            let range = puzzle.orbits[orbit].positions();
            let m = u32::from(puzzle.orbits[orbit].orientations);
            puzzle.orbits[orbit].sum_fixed = puzzle
                .moves
                .iter()
                .all(|mv| mv.twist[range.clone()].iter().map(|&t| u32::from(t)).sum::<u32>() % m == 0);
        }
        puzzle.families = families_of(&mut puzzle)?;
        for i in 0..puzzle.moves.len() {
            let made = puzzle.moves[i].map_as_state();
            let inverse = (0..puzzle.moves.len()).find(|&j| puzzle.apply(&made, j) == puzzle.identity);
            let Some(inverse) = inverse else {
                return Err(ModelError::Shape(format!(
                    "move {}: no move undoes it (a move's inverse must be a move)",
                    puzzle.moves[i].name
                )));
            };
            puzzle.moves[i].inverse = inverse;
        }
        Ok(puzzle)
    }

    /// The puzzle's id.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The orbits, in order.
    #[must_use]
    pub fn orbits(&self) -> &[Orbit] {
        &self.orbits
    }

    /// Positions (pieces) in all.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// The moves, in declared order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The families of moves.
    #[must_use]
    pub fn families(&self) -> &[Family] {
        &self.families
    }

    /// The orientation modulus of every position.
    #[must_use]
    pub fn modulus(&self) -> &Cells {
        &self.modulus
    }

    /// The solved state's label at every position: pieces with equal
    /// labels cannot be told apart.
    #[must_use]
    pub fn labels(&self) -> &[u8] {
        &self.labels
    }

    /// Whether every piece can be told apart from every other.
    #[must_use]
    pub fn distinct(&self) -> bool {
        self.distinct
    }

    /// The orbit holding `position`.
    #[must_use]
    pub fn orbit_of(&self, position: usize) -> usize {
        self.orbits.iter().position(|o| o.positions().contains(&position)).unwrap_or(0)
    }

    /// The solved state.
    #[must_use]
    pub fn identity(&self) -> Cells {
        self.identity
    }

    /// Whether `state` is solved: every position holds a piece of the
    /// solved state's label there, untwisted.
    #[inline]
    #[must_use]
    pub fn is_solved(&self, state: &Cells) -> bool {
        if self.distinct {
            *state == self.identity
        } else {
            (0..self.positions).all(|i| ori(state[i]) == 0 && self.labels[piece(state[i])] == self.labels[i])
        }
    }

    /// `state` after move `m` (`state * m`).
    #[inline]
    #[must_use]
    pub fn apply(&self, state: &Cells, m: usize) -> Cells {
        let mut out = *state;
        for &(to, from, t) in &self.moves[m].support {
            out[usize::from(to)] = self.add[usize::from(t)][usize::from(state[usize::from(from)])];
        }
        out
    }

    /// Move `m` made before `state` (`m * state`): every piece relabelled
    /// as the move moves it.
    #[inline]
    #[must_use]
    pub fn premove(&self, m: usize, state: &Cells) -> Cells {
        let relabel = &self.moves[m].relabel;
        let mut out = [0u8; MAX_POSITIONS];
        for (o, &c) in out.iter_mut().zip(state).take(self.positions) {
            *o = relabel[usize::from(c)];
        }
        out
    }

    /// `c` turned by `t` more.
    #[inline]
    #[must_use]
    pub fn turn(&self, c: u8, t: u8) -> u8 {
        self.add[usize::from(t)][usize::from(c)]
    }

    /// `a * b`: `a`, then `b`.
    #[must_use]
    pub fn compose(&self, a: &Cells, b: &Cells) -> Cells {
        let mut out = [0u8; MAX_POSITIONS];
        for i in 0..self.positions {
            out[i] = self.add[usize::from(ori(b[i]))][usize::from(a[piece(b[i])])];
        }
        out
    }

    /// The inverse of `state`: the state that undoes it.
    #[must_use]
    pub fn invert(&self, state: &Cells) -> Cells {
        let mut out = [0u8; MAX_POSITIONS];
        for i in 0..self.positions {
            let (p, x) = (piece(state[i]), ori(state[i]));
            let m = self.modulus[i];
            out[p] = cell(i, (m - x % m) % m);
        }
        out
    }

    /// The state a sequence of moves leads to from solved.
    #[must_use]
    pub fn state_of(&self, moves: &[usize]) -> Cells {
        moves.iter().fold(self.identity, |s, &m| self.apply(&s, m))
    }

    /// Whether `state` holds every piece once, each turned within its
    /// orbit's orientations, each in its own orbit.
    #[must_use]
    pub fn is_well_formed(&self, state: &Cells) -> bool {
        let mut seen = 0u64;
        (0..self.positions).all(|i| {
            let p = piece(state[i]);
            let fresh = p < self.positions && seen & (1 << p) == 0;
            seen |= 1 << p.min(63);
            fresh && self.orbit_of(p) == self.orbit_of(i) && ori(state[i]) < self.modulus[i]
        }) && state[self.positions..].iter().all(|&c| c == 0)
    }

    /// Move `m` of family `family`'s power `power`, if the puzzle has it.
    #[must_use]
    pub fn power_of(&self, family: usize, power: u8) -> Option<usize> {
        self.moves.iter().position(|m| m.family == family && m.power == power)
    }
}

impl Move {
    /// The move as a state (what it makes of the solved state).
    #[must_use]
    pub fn map_as_state(&self) -> Cells {
        let mut out = [0u8; MAX_POSITIONS];
        for (i, o) in out.iter_mut().enumerate() {
            *o = cell(usize::from(self.map[i]), self.twist[i]);
        }
        out
    }

    /// The positions it changes: (position, where its piece comes from,
    /// the twist).
    #[must_use]
    pub fn support(&self) -> &[(u8, u8, u8)] {
        &self.support
    }
}
