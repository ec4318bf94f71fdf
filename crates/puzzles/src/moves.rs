//! The moves: permutation moves as position maps, sliding moves as swaps of
//! the blank with a neighbour, applied forwards and backwards.

use crate::ranking::rank_distinct;
use crate::{Kind, MAX_CELLS, MAX_MOVES, Puzzle, Ranking, State};

/// The moves of every sliding puzzle, in declared order: which neighbour of
/// the blank is swapped with it (the blank moves up, down, left, right).
pub const SLIDING_MOVE_NAMES: [&str; 4] = ["u", "d", "l", "r"];

/// The most moves a sliding puzzle has: in the multi-tile metric, a 1 x 16
/// board's blank goes 1 to 15 cells left or right.
pub const MAX_SLIDES: usize = 32;

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
    /// The multi-tile metric (speed-sliders' MTM): the blank goes 1 to
    /// `steps` cells in a direction in one move, carrying the tiles between
    /// one cell back each (a line of tiles slides at once). `order` lists
    /// the directions as [`MoveSet::SlidingInOrder`] does; the moves are,
    /// direction by direction, 1 to `steps[0]` cells up or down (`rows - 1`)
    /// or 1 to `steps[1]` cells left or right (`cols - 1`), named as
    /// [`slide_name`] says: `u`, `u2`, `u3`, `d`, `d2`...
    SlidingMulti {
        /// The directions in declared order (0 to 3 for u, d, l, r).
        order: [u8; 4],
        /// The farthest a move goes vertically and sideways: the board's
        /// rows and columns less one (at least one).
        steps: [u8; 2],
    },
}

impl MoveSet<'static> {
    /// The multi-tile moves of a `rows` x `cols` board, in the order u, d,
    /// l, r (a board of one row keeps `u` and `d`, which are never possible,
    /// as in the single-tile metric).
    ///
    /// ```
    /// use godtab_puzzles::{MoveSet, Puzzle};
    ///
    /// let puzzle = Puzzle::new(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0], MoveSet::multi_tile(3, 3)).unwrap();
    /// assert_eq!(puzzle.move_count(), 8);
    /// ```
    #[must_use]
    pub fn multi_tile(rows: usize, cols: usize) -> Self {
        let steps = |n: usize| n.saturating_sub(1).clamp(1, usize::from(u8::MAX)) as u8;
        Self::SlidingMulti { order: [0, 1, 2, 3], steps: [steps(rows), steps(cols)] }
    }
}

impl<'a> MoveSet<'a> {
    /// The same sliding directions in the same order, in the multi-tile
    /// metric of a `rows` x `cols` board; permutation moves as they are.
    #[must_use]
    pub fn to_multi_tile(self, rows: usize, cols: usize) -> Self {
        let order = match self {
            Self::Permutation(_) => return self,
            Self::Sliding => [0, 1, 2, 3],
            Self::SlidingInOrder(order) | Self::SlidingMulti { order, .. } => order,
        };
        match MoveSet::multi_tile(rows, cols) {
            Self::SlidingMulti { steps, .. } => Self::SlidingMulti { order, steps },
            other => other,
        }
    }

    /// The names of sliding moves in declared order ([`slide_name`]); none
    /// for permutation moves.
    pub fn slide_names(self) -> impl Iterator<Item = SlideName> {
        let (order, steps, directions) = match self {
            Self::Permutation(_) => ([0; 4], [0; 2], 0),
            Self::Sliding => ([0, 1, 2, 3], [1, 1], 4),
            Self::SlidingInOrder(order) => (order, [1, 1], 4),
            Self::SlidingMulti { order, steps } => (order, steps, 4),
        };
        order.into_iter().take(directions).flat_map(move |direction| {
            (1..=steps[usize::from(direction / 2)]).map(move |k| slide_name(direction.into(), k.into()))
        })
    }
}

/// The name of a sliding move that takes the blank `steps` cells in
/// `direction` (0 to 3 for u, d, l, r): the direction's letter, then the
/// count if it is more than one (`u`, `u2`, `r3`).
///
/// ```
/// assert_eq!(godtab_puzzles::slide_name(3, 2).as_str(), "r2");
/// assert_eq!(godtab_puzzles::slide_name(0, 1).as_str(), "u");
/// ```
#[must_use]
pub fn slide_name(direction: usize, steps: usize) -> SlideName {
    let mut name = SlideName { bytes: [0; 3], len: 1 };
    name.bytes[0] = SLIDING_MOVE_NAMES[direction & 3].as_bytes()[0];
    let steps = steps.min(99) as u8;
    if steps >= 10 {
        name.bytes[1] = b'0' + steps / 10;
        name.bytes[2] = b'0' + steps % 10;
        name.len = 3;
    } else if steps > 1 {
        name.bytes[1] = b'0' + steps;
        name.len = 2;
    }
    name
}

/// A sliding move's name, held inline: see [`slide_name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlideName {
    bytes: [u8; 3],
    len: u8,
}

impl SlideName {
    /// The name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

/// A sliding move's direction (0 to 3) and cell count, read from its name
/// (`u`, `d3`, `r12`).
fn read_slide_name(name: &str) -> Option<(u8, u8)> {
    let bytes = name.as_bytes();
    let first = *bytes.first()?;
    let direction = SLIDING_MOVE_NAMES.iter().position(|n| n.as_bytes()[0] == first)? as u8;
    let steps = match &bytes[1..] {
        [] => 1,
        [b'1'..=b'9'] | [b'1'..=b'9', b'0'..=b'9'] => name[1..].parse().ok()?,
        _ => return None,
    };
    (steps > 1 || bytes.len() == 1).then_some((direction, steps))
}

impl MoveSet<'static> {
    /// The sliding moves declared by their names: `Sliding` for `u d l r`,
    /// `SlidingInOrder` for any other order of those four names,
    /// `SlidingMulti` for the multi-tile moves, each direction's names
    /// together and counting up (`u u2 d d2 l l2 r r2`, as [`slide_name`]
    /// writes them), and `None` for anything else.
    ///
    /// ```
    /// use godtab_puzzles::MoveSet;
    ///
    /// let multi = MoveSet::sliding_named("d d2 u u2 l l2 l3 r r2 r3".split(' '));
    /// assert!(matches!(multi, Some(MoveSet::SlidingMulti { order: [1, 0, 2, 3], steps: [2, 3] })));
    /// assert!(MoveSet::sliding_named("u u2 d l l2 r r2".split(' ')).is_none());
    ///
    /// assert!(matches!(MoveSet::sliding_named(["d", "l", "r", "u"]), Some(MoveSet::SlidingInOrder([1, 2, 3, 0]))));
    /// assert!(matches!(MoveSet::sliding_named(["u", "d", "l", "r"]), Some(MoveSet::Sliding)));
    /// assert!(MoveSet::sliding_named(["u", "u", "l", "r"]).is_none());
    /// ```
    #[must_use]
    pub fn sliding_named<'n>(names: impl IntoIterator<Item = &'n str>) -> Option<Self> {
        let mut order = [0u8; 4];
        let mut seen = [false; 4];
        // The farthest each direction goes, by direction.
        let mut farthest = [0u8; 4];
        let mut directions = 0;
        let mut last: Option<u8> = None;
        for name in names {
            let (direction, steps) = read_slide_name(name)?;
            if last != Some(direction) {
                // A new direction starts at one cell, and is declared once.
                if steps != 1 || directions >= 4 || seen[usize::from(direction)] {
                    return None;
                }
                seen[usize::from(direction)] = true;
                order[directions] = direction;
                directions += 1;
                last = Some(direction);
            } else if steps != farthest[usize::from(direction)] + 1 {
                return None;
            }
            farthest[usize::from(direction)] = steps;
        }
        let steps = [farthest[0], farthest[2]];
        if directions != 4 || farthest[1] != steps[0] || farthest[3] != steps[1] {
            return None;
        }
        match (steps, order) {
            ([1, 1], [0, 1, 2, 3]) => Some(Self::Sliding),
            ([1, 1], _) => Some(Self::SlidingInOrder(order)),
            _ => Some(Self::SlidingMulti { order, steps }),
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
    /// takes the blank more than one cell (see [`MoveSet::SlidingMulti`]).
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
