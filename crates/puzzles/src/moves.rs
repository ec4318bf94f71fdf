//! The moves: permutation moves as position maps, sliding moves as swaps of
//! the blank with a neighbour, applied forwards and backwards.

use crate::ranking::rank_distinct;
use crate::{Kind, MAX_CELLS, MAX_MOVES, Puzzle, Ranking, State};

/// The moves of every sliding puzzle, in declared order: which neighbour of
/// the blank is swapped with it (the blank moves up, down, left, right).
pub const SLIDING_MOVE_NAMES: [&str; 4] = ["u", "d", "l", "r"];

/// The moves a puzzle is built with.
#[derive(Clone, Copy, Debug)]
pub enum MoveSet<'a> {
    /// Position maps, `cells` bytes each, one after another: after move `m`,
    /// `new[i] = old[map_m[i]]`.
    Permutation(&'a [u8]),
    /// The four sliding moves `u`, `d`, `l`, `r`.
    Sliding,
    /// The four sliding moves in another declared order: entry `m` is the
    /// direction of move `m`, as an index into [`SLIDING_MOVE_NAMES`]
    /// (`[1, 2, 3, 0]` declares `d l r u`). The order decides which optimal
    /// answer is canonical (the least in declared order).
    SlidingInOrder([u8; 4]),
}

impl MoveSet<'static> {
    /// The sliding moves declared by their names: `Sliding` for `u d l r`,
    /// `SlidingInOrder` for any other order of those four names, `None` if
    /// the names are not `u`, `d`, `l`, `r` once each.
    ///
    /// ```
    /// use godtab_puzzles::MoveSet;
    ///
    /// assert!(matches!(MoveSet::sliding_named(["d", "l", "r", "u"]), Some(MoveSet::SlidingInOrder([1, 2, 3, 0]))));
    /// assert!(matches!(MoveSet::sliding_named(["u", "d", "l", "r"]), Some(MoveSet::Sliding)));
    /// assert!(MoveSet::sliding_named(["u", "u", "l", "r"]).is_none());
    /// ```
    #[must_use]
    pub fn sliding_named<'n>(names: impl IntoIterator<Item = &'n str>) -> Option<Self> {
        let mut order = [0u8; 4];
        let mut seen = [false; 4];
        let mut count = 0;
        for (slot, name) in names.into_iter().enumerate() {
            let direction = SLIDING_MOVE_NAMES.iter().position(|&n| n == name)?;
            if slot >= 4 || seen[direction] {
                return None;
            }
            seen[direction] = true;
            order[slot] = direction as u8;
            count += 1;
        }
        match (count, order) {
            (4, [0, 1, 2, 3]) => Some(Self::Sliding),
            (4, _) => Some(Self::SlidingInOrder(order)),
            _ => None,
        }
    }
}

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

/// For every cell of a `rows` x `cols` board, the neighbour the blank is
/// swapped with by each move, whose directions (u, d, l, r as 0 to 3) are
/// `order`, or `NO_CELL` at the edge.
pub(crate) fn slide_targets(rows: usize, cols: usize, order: [u8; 4]) -> [[u8; 4]; MAX_CELLS] {
    let mut targets = [[NO_CELL; 4]; MAX_CELLS];
    for (cell, t) in targets.iter_mut().enumerate().take(rows * cols) {
        let (row, col) = (cell / cols, cell % cols);
        let at = |ok: bool, target: usize| if ok { target as u8 } else { NO_CELL };
        let by_direction = [
            at(row > 0, cell.wrapping_sub(cols)),
            at(row + 1 < rows, cell + cols),
            at(col > 0, cell.wrapping_sub(1)),
            at(col + 1 < cols, cell + 1),
        ];
        *t = order.map(|direction| by_direction[usize::from(direction & 3)]);
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
        self.kind == Kind::Sliding && self.ranking == Ranking::BlankParity && self.rows >= 2 && self.cols >= 2
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
                let target = self.slide_target(blank, index);
                if let Some(target) = target {
                    state.cells.swap(blank, target);
                }
                target.is_some()
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
        self.slide_order.get(index).map(|&d| usize::from(d))
    }

    /// Sliding puzzles: the move that undoes move `index` (u and d undo
    /// each other, as do l and r), or `None` past the last move.
    #[inline]
    pub(crate) fn slide_undo(&self, index: usize) -> Option<usize> {
        let opposite = (self.slide_direction(index)? ^ 1) as u8;
        self.slide_order.iter().position(|&d| d == opposite)
    }

    /// Sliding puzzles: the cell the blank at cell `blank` is swapped with
    /// when it goes in `direction` (0 to 3 for u, d, l, r), whatever the
    /// move order; `None` at the edge of the board.
    #[inline]
    pub(crate) fn slide_target_towards(&self, blank: usize, direction: usize) -> Option<usize> {
        let index = self.slide_order.iter().position(|&d| usize::from(d) == direction)?;
        self.slide_target(blank, index)
    }

    /// Sliding puzzles: the cell that move `index` swaps with the blank at
    /// cell `blank`, or `None` at the edge of the board.
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
    fn move_orbits(&self, state: &mut State, map: &[u8; MAX_CELLS], twist: &[u8; MAX_CELLS]) {
        let old = state.cells;
        let orientations = &self.orbits.cell_orientations;
        for (i, cell) in state.cells.iter_mut().enumerate().take(self.cells()) {
            let piece = old[usize::from(map[i] & 0xF)];
            let turned = (piece >> 4) + twist[i];
            let turned = if turned >= orientations[i] { turned - orientations[i] } else { turned };
            *cell = (piece & 0xF) | turned << 4;
        }
    }

    /// The twist that undoes move `index`'s (with its inverse map): the
    /// piece that went from `map[i]` to `i` comes back untwisted.
    pub(crate) fn inverse_twist(&self, index: usize) -> [u8; MAX_CELLS] {
        let mut undo = [0u8; MAX_CELLS];
        let (map, twist) = (&self.forward[index & (MAX_MOVES - 1)], &self.twist[index & (MAX_MOVES - 1)]);
        for i in 0..self.cells() {
            let to = usize::from(map[i] & 0xF);
            let o = self.orbits.cell_orientations[to];
            undo[to] = (o - twist[i] % o) % o;
        }
        undo
    }

    /// Orbit puzzles: a move that undoes move `index` (its map and twist
    /// are the inverse's), if there is one.
    fn undoing_move(&self, index: usize) -> Option<usize> {
        let (inverse, twist) = (self.inverse_map(index)?, self.inverse_twist(index));
        (0..self.move_count()).find(|&m| self.forward[m] == *inverse && self.twist[m] == twist)
    }

    /// How to undo move `index`: a move and how many times to make it. The
    /// move's inverse where the puzzle has it (`d` for `u` on a sliding
    /// board, `U'` for `U`), otherwise the move itself repeated to the
    /// end of its cycle (`U` three times for a quarter turn). `None` for an
    /// index out of range, or a move whose cycle is longer than a `u16`
    /// counts.
    #[must_use]
    pub fn undo(&self, index: usize) -> Option<(usize, u16)> {
        if index >= self.move_count() {
            return None;
        }
        match self.kind {
            Kind::Sliding => Some((self.slide_undo(index)?, 1)),
            Kind::Permutation => {
                let inverse = self.inverse_map(index)?;
                match (0..self.move_count()).find(|&m| self.forward[m] == *inverse) {
                    Some(m) => Some((m, 1)),
                    None => Some((index, self.move_order(index)?.checked_sub(1)?)),
                }
            }
            Kind::Orbits => match self.undoing_move(index) {
                Some(m) => Some((m, 1)),
                None => Some((index, self.move_order(index)?.checked_sub(1)?)),
            },
        }
    }

    /// How many times move `index` (of a permutation or orbit puzzle) must
    /// be made to change nothing at all, every piece back in place and
    /// untwisted; `None` for sliding moves, an index out of range, or an
    /// order past a `u16`.
    #[must_use]
    pub fn move_order(&self, index: usize) -> Option<u16> {
        if self.kind == Kind::Sliding {
            return None;
        }
        let (map, twist) = (self.forward_map(index)?, &self.twist[index]);
        // Positions carry their own number (and no orientation): the move's
        // effect on a state whose every piece is distinct.
        let mut state = State { cells: IDENTITY, len: self.cells, puzzle: self.signature };
        for order in 1..=u16::MAX {
            match self.kind {
                Kind::Orbits => self.move_orbits(&mut state, map, twist),
                _ => state.cells = gather::<MAX_CELLS>(&state.cells, map),
            }
            if state.cells[..self.cells()] == IDENTITY[..self.cells()] {
                return Some(order);
            }
        }
        None
    }
}
