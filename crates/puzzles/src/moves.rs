//! The moves: permutation moves as position maps, sliding moves as swaps of
//! the blank with a neighbour, applied forwards and backwards.

use crate::move_set::MAX_SLIDES;
use crate::ranking::rank_distinct;
use crate::{Kind, MAX_CELLS, Puzzle, Ranking, State};

/// A sliding move that cannot be made: the blank is against that edge.
pub(crate) const NO_CELL: u8 = u8::MAX;

/// The position map that changes nothing, padded to [`MAX_CELLS`].
pub(crate) const IDENTITY: [u8; MAX_CELLS] = {
    let mut map = [0u8; MAX_CELLS];
    let mut i = 0;
    while i < MAX_CELLS {
        map[i] = i as u8;
        i += 1;
    }
    map
};

/// For every cell of a `rows` x `cols` board, the cell each move (a
/// [`slide_code`](crate::puzzle::slide_code): direction, u, d, l, r as 0
/// to 3, and cells to go) takes the blank to, or `NO_CELL` past the edge.
pub(crate) fn slide_targets(rows: usize, cols: usize, moves: &[u8]) -> [[u8; MAX_SLIDES]; MAX_CELLS] {
    let mut targets = [[NO_CELL; MAX_SLIDES]; MAX_CELLS];
    for (cell, t) in targets.iter_mut().enumerate().take(rows * cols) {
        let (row, col) = (cell / cols, cell % cols);
        for (target, &code) in t.iter_mut().zip(moves) {
            let steps = usize::from(code >> 2);
            let at = |ok: bool, target: usize| if ok { target as u8 } else { NO_CELL };
            *target = match code & 3 {
                0 => at(row >= steps, cell.wrapping_sub(steps * cols)),
                1 => at(row + steps < rows, cell + steps * cols),
                2 => at(col >= steps, cell.wrapping_sub(steps)),
                _ => at(col + steps < cols, cell + steps),
            };
        }
    }
    targets
}

/// The first `N` labels of `cells` rearranged by the position map `map`
/// (`new[i] = old[map[i]]`), unrolled for the board's size.
#[inline(always)]
pub(crate) fn gather<const N: usize>(cells: &[u8; MAX_CELLS], map: &[u8; MAX_CELLS]) -> [u8; N] {
    // A plain loop: `array::from_fn` is not always inlined.
    let mut out = [0u8; N];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = cells[usize::from(map[i] & 0xF)];
    }
    out
}

impl Puzzle {
    /// The position map of permutation or orbit move `index` (`new[i] =
    /// old[map[i]]`), or `None` for sliding puzzles and out-of-range
    /// indices.
    #[must_use]
    pub fn move_map(&self, index: usize) -> Option<&[u8]> {
        match self.kind {
            Kind::Permutation | Kind::Orbits if index < self.move_count() => Some(&self.forward[index][..self.cells()]),
            _ => None,
        }
    }

    /// Whether every move can be undone by a single move (each move's
    /// inverse is a move too): then neighbouring states are at most one
    /// move apart in distance from the goal, both ways. Always true for
    /// sliding puzzles (u and d, l and r undo each other).
    #[must_use]
    pub fn moves_undo_each_other(&self) -> bool {
        let count = self.move_count();
        match self.kind {
            Kind::Sliding => true,
            Kind::Permutation => self.inverse[..count].iter().all(|inverse| self.forward[..count].contains(inverse)),
            Kind::Orbits => (0..count).all(|m| self.undoing_move(m).is_some()),
        }
    }

    /// Whether every move flips a parity that a state's rank tells, and
    /// every state of the rank space can reach the goal: a sliding board of
    /// distinct tiles (its rank says where the blank is, and every move
    /// takes the blank to a cell of the other colour) of two rows and two
    /// columns or more. Then a state's distance is even exactly when
    /// [`Puzzle::parity_of_rank`] is 0.
    #[must_use]
    pub fn has_parity_of_rank(&self) -> bool {
        self.kind == Kind::Sliding
            && self.ranking == Ranking::BlankParity
            && self.rows >= 2
            && self.cols >= 2
            && !self.is_multi_tile()
    }

    /// Whether this is a sliding puzzle in the multi-tile metric: some move
    /// takes the blank more than one cell (see [`crate::MoveSet::SlidingMulti`]).
    #[must_use]
    pub fn is_multi_tile(&self) -> bool {
        self.kind == Kind::Sliding && (0..self.move_count()).any(|m| self.slide_steps(m) > Some(1))
    }

    /// The parity of the distance of the state of rank `rank` (0 even, 1
    /// odd), if [`Puzzle::has_parity_of_rank`]: whether its blank stands on
    /// a cell of the other colour than the goal's blank.
    #[inline]
    #[must_use]
    pub fn parity_of_rank(&self, rank: u64) -> Option<u8> {
        if !self.has_parity_of_rank() {
            return None;
        }
        let blank = (rank / self.blank_stride.max(1)) as usize;
        Some(self.cell_colour(blank) ^ self.cell_colour(usize::from(self.goal_blank)))
    }

    /// If [`Puzzle::has_parity_of_rank`]: how many consecutive ranks share
    /// a blank cell (and so a parity), and the parity of each blank cell:
    /// the ranks `c * stride .. (c + 1) * stride` have parity `of_cell[c]`.
    #[must_use]
    pub fn parity_runs(&self) -> Option<(u64, [u8; MAX_CELLS])> {
        if !self.has_parity_of_rank() {
            return None;
        }
        let goal = self.cell_colour(usize::from(self.goal_blank));
        Some((self.blank_stride.max(1), core::array::from_fn(|c| self.cell_colour(c) ^ goal)))
    }

    /// The parity of `state`'s distance, as [`Puzzle::parity_of_rank`].
    #[must_use]
    pub fn distance_parity(&self, state: &State) -> Option<u8> {
        if !self.has_parity_of_rank() || !self.fits(state) {
            return None;
        }
        let blank = self.blank_position(state);
        Some(self.cell_colour(blank) ^ self.cell_colour(usize::from(self.goal_blank)))
    }

    /// A cell's colour on a chessboard: 0 or 1.
    #[inline]
    fn cell_colour(&self, cell: usize) -> u8 {
        let cols = usize::from(self.cols).max(1);
        ((cell / cols + cell % cols) % 2) as u8
    }

    /// Applies move `index` to `state`: `None` if the index is out of range
    /// or the move is impossible there (a blank against the edge).
    #[inline]
    #[must_use]
    pub fn apply(&self, state: &State, index: usize) -> Option<State> {
        let mut next = *state;
        self.apply_in_place(&mut next, index).then_some(next)
    }

    /// [`Puzzle::apply`] on a state in place: false (and the state
    /// unchanged) if the move is out of range or impossible there.
    #[inline]
    pub fn apply_in_place(&self, state: &mut State, index: usize) -> bool {
        match self.kind {
            Kind::Permutation if index < self.move_count() => {
                self.permute_in_place(state, &self.forward[index]);
                true
            }
            Kind::Permutation => false,
            Kind::Orbits if index < self.move_count() => {
                self.move_orbits(state, &self.forward[index], &self.twist[index]);
                true
            }
            Kind::Orbits => false,
            Kind::Sliding => {
                let blank = self.blank_position(state);
                let Some(target) = self.slide_target(blank, index) else { return false };
                // The tiles between slide one cell each, towards the blank's
                // old cell.
                let step = if target < blank { -1 } else { 1 } * self.slide_stride(index);
                let mut at = blank;
                while at != target {
                    let next = at.wrapping_add_signed(step);
                    state.cells.swap(at, next);
                    at = next;
                }
                true
            }
        }
    }

    /// Undoes move `index`: returns the state `p` with `apply(p, index) ==
    /// Some(state)`, if there is one.
    #[inline]
    #[must_use]
    pub fn apply_inverse(&self, state: &State, index: usize) -> Option<State> {
        match self.kind {
            Kind::Permutation if index < self.move_count() => {
                let mut next = *state;
                self.permute_in_place(&mut next, &self.inverse[index]);
                Some(next)
            }
            Kind::Permutation => None,
            Kind::Orbits if index < self.move_count() => {
                let mut next = *state;
                self.move_orbits(&mut next, &self.inverse[index], &self.inverse_twist(index));
                Some(next)
            }
            Kind::Orbits => None,
            Kind::Sliding => self.apply(state, self.slide_undo(index)?),
        }
    }

    /// Moves the tiles by `map`. Only the board's cells are touched (the
    /// rest of a state is zero), with the loop unrolled for each size.
    #[inline]
    fn permute_in_place(&self, state: &mut State, map: &[u8; MAX_CELLS]) {
        #[inline(always)]
        fn permute<const N: usize>(cells: &mut [u8; MAX_CELLS], map: &[u8; MAX_CELLS]) {
            let next = gather::<N>(cells, map);
            cells[..N].copy_from_slice(&next);
        }
        macro_rules! by_size {
            ($($n:literal)*) => {
                match self.cells {
                    $($n => permute::<$n>(&mut state.cells, map),)*
                    _ => permute::<MAX_CELLS>(&mut state.cells, map),
                }
            };
        }
        by_size!(2 3 4 5 6 7 8 9 10 11 12 13 14 15);
    }

    /// Applies move `index` in place and returns the new rank:
    /// [`Puzzle::apply_in_place`] then [`Puzzle::rank`], but for permutation
    /// puzzles with distinct tiles in a single pass, the labels going
    /// straight from the move map into a rank unrolled for the board's
    /// size. `None` (and the state unchanged) if the move is out of range
    /// or impossible there.
    #[inline]
    pub fn apply_and_rank(&self, state: &mut State, index: usize) -> Option<u64> {
        #[inline(always)]
        fn permute_and_rank<const N: usize>(cells: &mut [u8; MAX_CELLS], map: &[u8; MAX_CELLS], parity: bool) -> u64 {
            let next = gather::<N>(cells, map);
            cells[..N].copy_from_slice(&next);
            rank_distinct(&next, parity)
        }
        let parity = match (self.kind, self.ranking) {
            (Kind::Permutation, Ranking::Lex) => false,
            (Kind::Permutation, Ranking::Parity) => true,
            _ => return self.apply_in_place(state, index).then(|| self.rank(state)),
        };
        let map = self.forward_map(index)?;
        macro_rules! by_size {
            ($($n:literal)*) => {
                match self.cells {
                    $($n => permute_and_rank::<$n>(&mut state.cells, map, parity),)*
                    _ => permute_and_rank::<MAX_CELLS>(&mut state.cells, map, parity),
                }
            };
        }
        Some(by_size!(2 3 4 5 6 7 8 9 10 11 12 13 14 15))
    }

    /// The cell holding the blank (sliding puzzles; 0 if there is none).
    #[inline]
    #[must_use]
    pub fn blank_position(&self, state: &State) -> usize {
        state.cells[..self.cells()].iter().position(|&label| label == self.blank_label).unwrap_or(0)
    }

    /// The position map of move `index`, padded to [`MAX_CELLS`] (permutation
    /// puzzles; `None` past the last move).
    #[inline]
    pub(crate) fn forward_map(&self, index: usize) -> Option<&[u8; MAX_CELLS]> {
        self.forward.get(index).filter(|_| index < self.move_count())
    }

    /// The position map that undoes move `index`, like [`Puzzle::forward_map`].
    #[inline]
    pub(crate) fn inverse_map(&self, index: usize) -> Option<&[u8; MAX_CELLS]> {
        self.inverse.get(index).filter(|_| index < self.move_count())
    }

    /// Sliding puzzles: the direction of move `index` (0 to 3 for u, d, l,
    /// r: which neighbour of the blank is swapped with it), or `None` past
    /// the last move. Moves are declared in any order (the spec key
    /// `moves`); this says which is which.
    #[inline]
    #[must_use]
    pub fn slide_direction(&self, index: usize) -> Option<usize> {
        self.slide_code(index).map(|code| usize::from(code & 3))
    }

    /// Sliding puzzles: how many cells move `index` takes the blank (1 but
    /// in the multi-tile metric), or `None` past the last move.
    #[inline]
    #[must_use]
    pub fn slide_steps(&self, index: usize) -> Option<usize> {
        self.slide_code(index).map(|code| usize::from(code >> 2))
    }

    /// Sliding puzzles: move `index` as a [`slide_code`](crate::puzzle::slide_code).
    #[inline]
    fn slide_code(&self, index: usize) -> Option<u8> {
        (self.kind == Kind::Sliding && index < self.move_count()).then(|| self.slide_order[index & (MAX_SLIDES - 1)])
    }

    /// Sliding puzzles: how far apart in reading order two cells are in
    /// the direction of move `index` (the board's width, or 1 sideways).
    #[inline]
    fn slide_stride(&self, index: usize) -> isize {
        if self.slide_direction(index).is_some_and(|d| d < 2) { isize::from(self.cols) } else { 1 }
    }

    /// Sliding puzzles: the move that undoes move `index` (u and d undo
    /// each other, as do l and r, over the same cells), or `None` past the
    /// last move.
    #[inline]
    pub(crate) fn slide_undo(&self, index: usize) -> Option<usize> {
        let opposite = self.slide_code(index)? ^ 1;
        self.slide_order[..self.move_count()].iter().position(|&code| code == opposite)
    }

    /// Sliding puzzles: the cell the blank at cell `blank` is swapped with
    /// when it goes one cell in `direction` (0 to 3 for u, d, l, r),
    /// whatever the move order; `None` at the edge of the board.
    #[inline]
    pub(crate) fn slide_target_towards(&self, blank: usize, direction: usize) -> Option<usize> {
        let one_cell = crate::puzzle::slide_code(direction as u8, 1);
        let index = self.slide_order[..self.move_count()].iter().position(|&code| code == one_cell)?;
        self.slide_target(blank, index)
    }

    /// Sliding puzzles: where move `index` carries each cell's content
    /// when the blank stands at cell `blank` (see [`Carry`]), or `None` if
    /// the move cannot be made there or `index` is past the last move.
    ///
    /// ```
    /// use godtab_puzzles::{MoveSet, Puzzle};
    ///
    /// let puzzle = Puzzle::new(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0], MoveSet::multi_tile(3, 3)).unwrap();
    /// // u2 from the bottom-right corner: the blank goes to cell 2, and the
    /// // tiles at cells 2 and 5 go down one row each.
    /// let u2 = 1; // the moves are u, u2, d, d2, l, l2, r, r2
    /// let carry = puzzle.slide_carry(8, u2).unwrap();
    /// assert_eq!([carry.to(8), carry.to(2), carry.to(5), carry.to(7)], [2, 5, 8, 7]);
    /// assert!(puzzle.slide_carry(2, u2).is_none());
    /// ```
    #[must_use]
    pub fn slide_carry(&self, blank: usize, index: usize) -> Option<Carry> {
        let target = self.slide_target(blank, index)?;
        let stride = self.slide_stride(index);
        let step = if target < blank { -stride } else { stride };
        Some(Carry {
            blank: blank as u8,
            target: target as u8,
            step: step as i8,
            steps: self.slide_steps(index)? as u8,
        })
    }

    /// Sliding puzzles: the cell that move `index` takes the blank at cell
    /// `blank` to, or `None` at the edge of the board.
    #[inline]
    pub(crate) fn slide_target(&self, blank: usize, index: usize) -> Option<usize> {
        match *self.slide_targets.get(blank)?.get(index)? {
            NO_CELL => None,
            target => Some(usize::from(target)),
        }
    }
}

impl Puzzle {
    /// Orbit puzzles: moves the pieces by `map` and adds `twist` to the
    /// orientation each lands with, modulo its orbit's orientations.
    #[inline]
    pub(crate) fn move_orbits(&self, state: &mut State, map: &[u8; MAX_CELLS], twist: &[u8; MAX_CELLS]) {
        let old = state.cells;
        let orientations = &self.orbits.cell_orientations;
        for (i, cell) in state.cells.iter_mut().enumerate().take(self.cells()) {
            let piece = old[usize::from(map[i] & 0xF)];
            let turned = (piece >> 4) + twist[i];
            let turned = if turned >= orientations[i] { turned - orientations[i] } else { turned };
            *cell = (piece & 0xF) | turned << 4;
        }
    }
}

/// One sliding move made from one cell of the blank, as a map of cells:
/// the blank goes to the move's target, each tile of the line between
/// goes one cell back towards the blank's old cell, and every other cell
/// keeps its content ([`Puzzle::slide_carry`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carry {
    blank: u8,
    target: u8,
    /// From one cell of the line to the next, away from the blank.
    step: i8,
    steps: u8,
}

impl Carry {
    /// The cell the blank goes to.
    #[inline]
    #[must_use]
    pub fn target(&self) -> usize {
        usize::from(self.target)
    }

    /// Where the content of `cell` goes.
    #[inline]
    #[must_use]
    pub fn to(&self, cell: u8) -> u8 {
        if cell == self.blank {
            return self.target;
        }
        let offset = i16::from(cell) - i16::from(self.blank);
        let step = i16::from(self.step);
        if offset % step == 0 && (1..=i16::from(self.steps)).contains(&(offset / step)) {
            (i16::from(cell) - step) as u8
        } else {
            cell
        }
    }
}
