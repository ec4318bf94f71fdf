//! Orbit puzzles, the model of twisty puzzles (and of ksolve and twsearch):
//! pieces in one or more *orbits* (corners, edges, centres), each piece
//! with an orientation, and moves that permute the pieces of each orbit and
//! twist them. A [`Puzzle`] of [`Kind::Orbits`] holds its pieces in the
//! cells of an ordinary [`State`], every orbit's one after the other; a
//! cell holds the piece's number within its orbit in its low 4 bits and
//! its orientation in its high 4 bits. The BFS, the tables and the runtime
//! see ranks and moves only, as for boards.
//!
//! How the states of an orbit puzzle are numbered (the one rule, applied
//! here and documented in `docs/FORMAT.md`): per orbit, a permutation
//! coordinate times an orientation coordinate, combined in mixed radix
//! over the orbits in order, the first orbit most significant.
//!
//! - Permutation coordinate: for an orbit whose solved pieces repeat, the
//!   multiset rank; otherwise the lexicographic rank, halved (the rank
//!   within the parity class, `lex >> 1`) when the moves tie the orbit's
//!   parity to those of earlier orbits ([`Permutations::Parity`]).
//! - Orientation coordinate: the orientations in base `o`, first position
//!   most significant, leaving out the last position when every move
//!   twists the orbit by a total of zero modulo `o` (`o^(n-1)`), all of them
//!   otherwise (`o^n`).

use godtab_rank as rank;

use crate::moves::IDENTITY;
use crate::puzzle::digest;
use crate::{Kind, MAX_CELLS, MAX_MOVES, ModelError, Puzzle, State};

/// The longest orbit (set) name, in bytes.
pub const MAX_ORBIT_NAME: usize = 32;

/// The most orientations a piece may have: an orientation fits in the high
/// 4 bits of a cell.
pub const MAX_ORIENTATIONS: u8 = 16;

/// Whether `name` can name an orbit: 1 to [`MAX_ORBIT_NAME`] bytes without
/// whitespace or control characters, not starting with a digit and not
/// `End` (so that, in a state written in blocks, a set name is never taken
/// for a number or the end of the state).
#[must_use]
pub fn is_orbit_name(name: &str) -> bool {
    crate::is_move_name(name)
        && name.len() <= MAX_ORBIT_NAME
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name != "End"
}

/// One orbit of an orbit puzzle: its name, its number of pieces and the
/// number of orientations of each piece (1: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Orbit<'a> {
    /// The orbit's name ([`is_orbit_name`]), e.g. `CORNER`.
    pub name: &'a str,
    /// Its pieces (and positions).
    pub pieces: usize,
    /// Orientations of each piece, 1 to [`MAX_ORIENTATIONS`].
    pub orientations: u8,
}

/// An orbit puzzle as data, what [`Puzzle::new_orbits`] takes. Positions
/// are numbered from 0 across all orbits, each orbit's after the previous
/// one's; pieces are numbered from 0 within their orbit.
#[derive(Clone, Copy, Debug)]
pub struct Orbits<'a> {
    /// The orbits, in order.
    pub orbits: &'a [Orbit<'a>],
    /// The solved state's piece at every position. Within an orbit, pieces
    /// may repeat (indistinguishable pieces) but none may be left out: an
    /// orbit holding `k` kinds of piece numbers them `0..k`.
    pub solved: &'a [u8],
    /// The solved state's orientation at every position.
    pub solved_orientations: &'a [u8],
    /// Every move's position map, one byte per position, one move after
    /// another: after the move, position `i` holds the piece that was at
    /// `map[i]` (always a position of the same orbit).
    pub maps: &'a [u8],
    /// Every move's twist, laid out like `maps`: after the move, the
    /// orientation at position `i` is the orientation that was at `map[i]`
    /// plus `twist[i]`, modulo the orbit's orientations. (In a ksolve or
    /// twsearch file a move's orientations belong to the pieces it moves:
    /// `twist[i]` is the file's orientation at `map[i]`.)
    pub twists: &'a [u8],
}

/// How an orbit's permutation is numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Permutations {
    /// The lexicographic rank: `n!` numbers.
    Lex,
    /// The rank within the parity class the moves leave the orbit in
    /// (`lex >> 1`): `n!/2` numbers. The parity is that of the solved
    /// state's orbit, flipped by every odd permutation of some earlier
    /// orbits (see [`OrbitInfo::parity_follows`]).
    Parity,
    /// The rank among the arrangements of the solved state's repeated
    /// pieces: `n!/(k1! k2! ...)` numbers.
    Multiset,
}

/// One orbit of a puzzle as [`Puzzle::orbits`] describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrbitInfo<'a> {
    /// The orbit's name.
    pub name: &'a str,
    /// Its first position.
    pub start: usize,
    /// Its pieces.
    pub pieces: usize,
    /// Orientations of each piece.
    pub orientations: u8,
    /// How its permutation is numbered.
    pub permutations: Permutations,
    /// For [`Permutations::Parity`]: the earlier orbits (bit `j` for orbit
    /// `j`) whose permutations' parities, with the solved state's, decide
    /// this orbit's parity.
    pub parity_follows: u16,
    /// Whether the sum of its orientations is fixed (every move twists it
    /// by a total of zero), so that its last orientation is left out of the
    /// numbering.
    pub orientation_sum_fixed: bool,
    /// Numbers of its permutation coordinate.
    pub permutation_count: u64,
    /// Numbers of its orientation coordinate.
    pub orientation_count: u64,
}

/// The orbits of a puzzle and how their states are numbered, held inline.
#[derive(Clone, Debug)]
pub(crate) struct OrbitLayout {
    pub count: u8,
    /// Orbit `j` holds positions `start[j]..start[j + 1]`.
    pub start: [u8; MAX_CELLS + 1],
    /// Orientations of each orbit's pieces, and of each position's.
    pub orientations: [u8; MAX_CELLS],
    pub cell_orientations: [u8; MAX_CELLS],
    names: [u8; MAX_CELLS * MAX_ORBIT_NAME],
    name_ends: [u16; MAX_CELLS],
    /// How many positions of the solved state hold each piece, per orbit.
    pub class_counts: [[u8; MAX_CELLS]; MAX_CELLS],
    /// Kinds of piece per orbit.
    pub classes: [u8; MAX_CELLS],
    pub permutations: [Permutations; MAX_CELLS],
    /// `Parity` orbits: the orbits whose parities add to this one's.
    pub parity_follows: [u16; MAX_CELLS],
    /// Bit `j`: the constant added to those parities for orbit `j`.
    pub parity_odd: u16,
    /// Bit `j`: orbit `j`'s orientation sum is fixed, at `solved_sum[j]`.
    pub sum_fixed: u16,
    pub solved_sum: [u8; MAX_CELLS],
    pub permutation_count: [u64; MAX_CELLS],
    pub orientation_count: [u64; MAX_CELLS],
}

impl OrbitLayout {
    /// The layout of a board puzzle: no orbits.
    pub const EMPTY: Self = Self {
        count: 0,
        start: [0; MAX_CELLS + 1],
        orientations: [1; MAX_CELLS],
        cell_orientations: [1; MAX_CELLS],
        names: [0; MAX_CELLS * MAX_ORBIT_NAME],
        name_ends: [0; MAX_CELLS],
        class_counts: [[0; MAX_CELLS]; MAX_CELLS],
        classes: [0; MAX_CELLS],
        permutations: [Permutations::Lex; MAX_CELLS],
        parity_follows: [0; MAX_CELLS],
        parity_odd: 0,
        sum_fixed: 0,
        solved_sum: [0; MAX_CELLS],
        permutation_count: [1; MAX_CELLS],
        orientation_count: [1; MAX_CELLS],
    };

    /// The positions of orbit `j`.
    #[inline]
    pub fn range(&self, j: usize) -> core::ops::Range<usize> {
        let j = j.min(MAX_CELLS - 1);
        usize::from(self.start[j])..usize::from(self.start[j + 1])
    }

    /// The name of orbit `j`.
    pub fn name(&self, j: usize) -> &str {
        let start = if j == 0 { 0 } else { usize::from(self.name_ends[j - 1]) };
        let end = usize::from(self.name_ends.get(j).copied().unwrap_or(0));
        self.names.get(start..end).and_then(|b| core::str::from_utf8(b).ok()).unwrap_or_default()
    }

    /// The orbit named `name`.
    pub fn find(&self, name: &[u8]) -> Option<usize> {
        (0..usize::from(self.count)).find(|&j| self.name(j).as_bytes() == name)
    }

    /// Whether orbit `j` must be odd, given the parities (bit per orbit) of
    /// the orbits before it.
    #[inline]
    pub fn odd_required(&self, j: usize, odd: u16) -> bool {
        let j = j & (MAX_CELLS - 1);
        (self.parity_odd >> j & 1 == 1) ^ ((odd & self.parity_follows[j]).count_ones() & 1 == 1)
    }

    #[inline]
    pub fn is_sum_fixed(&self, j: usize) -> bool {
        self.sum_fixed >> (j & (MAX_CELLS - 1)) & 1 == 1
    }

    /// Whether both describe the same orbits (names and shapes).
    pub fn same_as(&self, other: &Self) -> bool {
        let count = usize::from(self.count);
        count == usize::from(other.count)
            && self.start == other.start
            && self.orientations[..count] == other.orientations[..count]
            && (0..count).all(|j| self.name(j) == other.name(j))
    }
}

/// The working arrays of a puzzle's moves, as [`Puzzle::orbit_frame`]
/// takes them.
pub(crate) struct Moves {
    pub count: usize,
    pub forward: [[u8; MAX_CELLS]; MAX_MOVES],
    pub inverse: [[u8; MAX_CELLS]; MAX_MOVES],
    pub twist: [[u8; MAX_CELLS]; MAX_MOVES],
}

impl Puzzle {
    /// Builds an orbit puzzle ([`Kind::Orbits`]), numbered by
    /// [`Ranking::Orbits`](crate::Ranking::Orbits).
    ///
    /// ```
    /// use godtab_puzzles::{Orbit, Orbits, Puzzle};
    ///
    /// // Three pieces of two orientations; one move cycles them and flips
    /// // the one it brings to position 0.
    /// let orbits = [Orbit { name: "EDGE", pieces: 3, orientations: 2 }];
    /// let puzzle = Puzzle::new_orbits(&Orbits {
    ///     orbits: &orbits,
    ///     solved: &[0, 1, 2],
    ///     solved_orientations: &[0, 0, 0],
    ///     maps: &[2, 0, 1],
    ///     twists: &[1, 0, 0],
    /// })
    /// .unwrap();
    /// // Every arrangement is even (a 3-cycle), and the flips do not sum to 0.
    /// assert_eq!(puzzle.slots(), 3 * 8);
    /// let turned = puzzle.apply(&puzzle.goal(), 0).unwrap();
    /// assert_eq!(puzzle.display(&turned).to_string(), "EDGE 3 1 2 1 0 0");
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ModelError`] naming what is wrong: the number or shape of the
    /// orbits, their names, the solved state, a move that is not a
    /// permutation, takes a piece out of its orbit or twists it out of
    /// range, or a rank space past `u64`.
    pub fn new_orbits(description: &Orbits<'_>) -> Result<Self, ModelError> {
        let mut layout = layout_of(description.orbits)?;
        let cells = usize::from(layout.start[usize::from(layout.count)]);
        let goal = solved_state(&mut layout, description, cells)?;
        let moves = moves_of(&layout, description, cells)?;
        crate::orbit_ranking::number(&mut layout, &goal, &moves)?;
        let signature = digest([Kind::Orbits as u8, layout.count].into_iter().chain(
            (0..usize::from(layout.count)).flat_map(|j| {
                let classes = usize::from(layout.classes[j]);
                [layout.start[j + 1] - layout.start[j], layout.orientations[j]]
                    .into_iter()
                    .chain(layout.class_counts[j][..classes].iter().copied())
            }),
        ));
        let goal = State { cells: goal, len: cells as u8, puzzle: signature };
        let mut puzzle = Self::orbit_frame(goal, moves.count, moves.forward, moves.inverse, moves.twist, layout);
        puzzle.slots = (0..usize::from(puzzle.orbits.count))
            .try_fold(1u64, |slots, j| {
                slots.checked_mul(puzzle.orbits.permutation_count[j])?.checked_mul(puzzle.orbits.orientation_count[j])
            })
            .ok_or(ModelError::TooManyStates)?;
        Ok(puzzle)
    }

    /// The orbits of an orbit puzzle, in order (none for boards).
    pub fn orbits(&self) -> impl Iterator<Item = OrbitInfo<'_>> {
        let layout = &self.orbits;
        (0..usize::from(layout.count)).map(move |j| {
            let range = layout.range(j);
            OrbitInfo {
                name: layout.name(j),
                start: range.start,
                pieces: range.len(),
                orientations: layout.orientations[j],
                permutations: layout.permutations[j],
                parity_follows: layout.parity_follows[j],
                orientation_sum_fixed: layout.is_sum_fixed(j),
                permutation_count: layout.permutation_count[j],
                orientation_count: layout.orientation_count[j],
            }
        })
    }

    /// The solved state's orientation at every position (all 0 for
    /// boards).
    pub fn goal_orientations(&self) -> impl Iterator<Item = u8> + '_ {
        self.goal.labels().iter().map(|&cell| cell >> 4)
    }

    /// The twist of move `index` of an orbit puzzle (see
    /// [`Orbits::twists`]), or `None` for boards and out-of-range indices.
    #[must_use]
    pub fn move_twist(&self, index: usize) -> Option<&[u8]> {
        match self.kind {
            Kind::Orbits if index < self.move_count() => Some(&self.twist[index][..self.cells()]),
            _ => None,
        }
    }
}

/// The orbits' positions, orientations and names, checked.
fn layout_of(orbits: &[Orbit<'_>]) -> Result<OrbitLayout, ModelError> {
    if orbits.is_empty() || orbits.len() > MAX_CELLS {
        return Err(ModelError::OrbitCount { orbits: orbits.len() });
    }
    let total: usize = orbits.iter().map(|o| o.pieces).fold(0, usize::saturating_add);
    if total > MAX_CELLS {
        return Err(ModelError::OrbitPieces { pieces: total });
    }
    let mut layout = OrbitLayout::EMPTY;
    layout.count = orbits.len() as u8;
    let mut end = 0;
    for (j, orbit) in orbits.iter().enumerate() {
        if orbit.pieces == 0 {
            return Err(ModelError::EmptyOrbit { orbit: j });
        }
        if !(1..=MAX_ORIENTATIONS).contains(&orbit.orientations) {
            return Err(ModelError::Orientations { orbit: j, orientations: orbit.orientations });
        }
        if !is_orbit_name(orbit.name) {
            return Err(ModelError::OrbitName { orbit: j });
        }
        if let Some(first) = orbits[..j].iter().position(|o| o.name == orbit.name) {
            return Err(ModelError::DuplicateOrbitName { first, second: j });
        }
        let name_start = if j == 0 { 0 } else { usize::from(layout.name_ends[j - 1]) };
        layout.names[name_start..name_start + orbit.name.len()].copy_from_slice(orbit.name.as_bytes());
        layout.name_ends[j] = (name_start + orbit.name.len()) as u16;
        layout.orientations[j] = orbit.orientations;
        let start = usize::from(layout.start[j]);
        layout.cell_orientations[start..start + orbit.pieces].fill(orbit.orientations);
        end = start + orbit.pieces;
        layout.start[j + 1] = end as u8;
    }
    layout.start[orbits.len() + 1..].fill(end as u8);
    Ok(layout)
}

/// The solved state's cells (piece and orientation), checked, and each
/// orbit's kinds of piece.
fn solved_state(
    layout: &mut OrbitLayout,
    description: &Orbits<'_>,
    cells: usize,
) -> Result<[u8; MAX_CELLS], ModelError> {
    let (pieces, orientations) = (description.solved, description.solved_orientations);
    if pieces.len() != cells {
        return Err(ModelError::GoalLength { cells, got: pieces.len() });
    }
    if orientations.len() != cells {
        return Err(ModelError::GoalLength { cells, got: orientations.len() });
    }
    let mut goal = [0u8; MAX_CELLS];
    for j in 0..usize::from(layout.count) {
        let range = layout.range(j);
        let counts = &mut layout.class_counts[j];
        for (position, &piece) in pieces[range.clone()].iter().enumerate() {
            match counts.get_mut(usize::from(piece)).filter(|_| usize::from(piece) < range.len()) {
                Some(count) => *count += 1,
                None => return Err(ModelError::SolvedPiece { orbit: j, position, piece }),
            }
        }
        let classes = counts.iter().take_while(|&&c| c > 0).count();
        if let Some(missing) = counts[classes..].iter().position(|&c| c > 0).map(|_| classes) {
            return Err(ModelError::SolvedPieceMissing { orbit: j, piece: missing as u8 });
        }
        layout.classes[j] = classes as u8;
        for (k, cell) in range.clone().enumerate() {
            let orientation = orientations[cell];
            if orientation >= layout.orientations[j] {
                return Err(ModelError::SolvedOrientation { orbit: j, position: k, orientation });
            }
            goal[cell] = pieces[cell] | orientation << 4;
        }
    }
    Ok(goal)
}

/// The moves' maps, their inverses and twists, checked.
fn moves_of(layout: &OrbitLayout, description: &Orbits<'_>, cells: usize) -> Result<Moves, ModelError> {
    let (maps, twists) = (description.maps, description.twists);
    if maps.is_empty() || maps.len() % cells != 0 {
        return Err(ModelError::MoveMapLength { bytes: maps.len(), cells });
    }
    let count = maps.len() / cells;
    if count > MAX_MOVES {
        return Err(ModelError::TooManyMoves { moves: count });
    }
    if twists.len() != maps.len() {
        return Err(ModelError::TwistLength { bytes: twists.len(), expected: maps.len() });
    }
    let mut moves = Moves {
        count,
        forward: [IDENTITY; MAX_MOVES],
        inverse: [IDENTITY; MAX_MOVES],
        twist: [[0; MAX_CELLS]; MAX_MOVES],
    };
    let orbit_of = |cell: usize| (0..usize::from(layout.count)).find(|&j| layout.range(j).contains(&cell));
    for (index, (map, twist)) in maps.chunks_exact(cells).zip(twists.chunks_exact(cells)).enumerate() {
        if !rank::is_permutation(map) {
            return Err(ModelError::NotAPermutation { index, cells });
        }
        for (position, (&source, &turn)) in map.iter().zip(twist).enumerate() {
            if orbit_of(usize::from(source)) != orbit_of(position) {
                return Err(ModelError::MoveLeavesOrbit { index, position });
            }
            if turn >= layout.cell_orientations[position] {
                return Err(ModelError::Twist { index, position, twist: turn });
            }
            moves.forward[index][position] = source;
            moves.inverse[index][usize::from(source)] = position as u8;
            moves.twist[index][position] = turn;
        }
    }
    Ok(moves)
}
