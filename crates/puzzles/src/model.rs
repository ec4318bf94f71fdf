//! The puzzle model: board shape, goal, moves, and the ranking of states.

use crate::{BLANK, MAX_CELLS, MAX_MOVES, State};
use godtab_rank as rank;

/// The moves of every sliding puzzle, in declared order: which neighbour of
/// the blank is swapped with it (the blank moves up, down, left, right).
pub const SLIDING_MOVE_NAMES: [&str; 4] = ["u", "d", "l", "r"];

/// What kind of moves a puzzle has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Every move permutes the cells by a fixed position map.
    Permutation,
    /// One cell is a blank; a move swaps it with a neighbour.
    Sliding,
}

/// How states are numbered: the bijection between a puzzle's rank space and
/// `0..slots`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ranking {
    /// The lexicographic rank of the labels: `n!` slots. Needs distinct tiles.
    Lex,
    /// The rank within the goal's parity class: `n!/2` slots. Needs distinct
    /// tiles and moves that are all even permutations, so the parity of a
    /// state never changes and the other half is unsolvable.
    Parity,
    /// For sliding boards with distinct tiles: blank position times the
    /// parity-class rank of the other tiles in reading order, `n * (n-1)!/2`
    /// slots. The parity the tiles must have depends on where the blank is.
    BlankParity,
    /// The arrangement rank of a multiset (tiles that repeat, the blank
    /// being one more kind of tile): `n! / (k1! k2! ...)` slots.
    Multiset,
}

/// The moves a puzzle is built with.
#[derive(Clone, Copy, Debug)]
pub enum MoveSet<'a> {
    /// Position maps, `cells` bytes each, one after another: after move `m`,
    /// `new[i] = old[map_m[i]]`.
    Permutation(&'a [u8]),
    /// The four sliding moves `u`, `d`, `l`, `r`.
    Sliding,
}

/// Why a puzzle description was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// rows * cols is out of range.
    #[error("the board has {rows}x{cols} = {cells} cells; between 2 and 16 are supported")]
    BoardSize {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// Their product.
        cells: usize,
    },
    /// The goal does not have one value per cell.
    #[error("the goal has {got} values but the board has {cells} cells")]
    GoalLength {
        /// Cells on the board.
        cells: usize,
        /// Values in the goal.
        got: usize,
    },
    /// A sliding goal needs exactly one blank.
    #[error("a sliding goal needs exactly one blank (x), found {blanks}")]
    SlidingBlanks {
        /// Blanks found.
        blanks: usize,
    },
    /// The move maps do not split into whole maps, or there are none.
    #[error("the move maps hold {bytes} bytes, which is not a positive multiple of {cells} cells")]
    MoveMapLength {
        /// Bytes of maps.
        bytes: usize,
        /// Cells per map.
        cells: usize,
    },
    /// Too many moves.
    #[error("{moves} moves given; at most {max} are supported", max = MAX_MOVES)]
    TooManyMoves {
        /// Moves given.
        moves: usize,
    },
    /// A move map is not a permutation of the cells.
    #[error("move {index} is not a permutation of the cells 0..{cells}")]
    NotAPermutation {
        /// Index of the move (0-based, declared order).
        index: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// The ranking asked for does not fit the puzzle.
    #[error("ranking {ranking:?} cannot number this puzzle's states: {reason}")]
    Ranking {
        /// The ranking asked for.
        ranking: Ranking,
        /// What it needs that the puzzle lacks.
        reason: &'static str,
    },
}

/// A puzzle: board, goal, ordered moves and ranking. See the crate docs.
///
/// Built once (checking everything), then used read-only; it owns all its
/// data in fixed-size arrays, so it needs no allocator.
#[derive(Clone, Debug)]
pub struct Puzzle {
    kind: Kind,
    rows: u8,
    cols: u8,
    cells: u8,
    ranking: Ranking,
    slots: u64,
    /// Tile values of the goal, cell by cell ([`BLANK`] for the blank).
    goal_values: [u8; MAX_CELLS],
    goal: State,
    /// Label of each tile value; `NO_LABEL` for values not on the board.
    pub(crate) label_of: [u8; 256],
    /// Tile value of each label.
    value_of: [u8; MAX_CELLS],
    /// How many cells hold each label in the goal.
    class_counts: [u8; MAX_CELLS],
    classes: u8,
    /// Sliding puzzles: the blank's label and its goal cell.
    blank_label: u8,
    goal_blank: u8,
    /// `Parity`: whether the goal is odd. `BlankParity`: whether the goal's
    /// tiles (without the blank) are odd.
    pub(crate) goal_odd: bool,
    /// `BlankParity`: slots per blank position, `(n-1)!/2`.
    blank_stride: u64,
    /// `BlankParity`: bit `c` says whether the tiles must be odd when the
    /// blank is at cell `c` (precomputed: no division on the query path).
    odd_tiles_by_blank: u16,
    /// Sliding puzzles: the cell each move swaps the blank with, by blank
    /// cell, or `NO_CELL` where the move is impossible.
    slide_targets: [[u8; 4]; MAX_CELLS],
    move_count: u8,
    /// Position maps padded with the identity to 16 cells, and their inverses.
    forward: [[u8; MAX_CELLS]; MAX_MOVES],
    inverse: [[u8; MAX_CELLS]; MAX_MOVES],
}

pub(crate) const NO_LABEL: u8 = u8::MAX;

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

/// The rank of `labels`, a permutation of `0..N`: [`Ranking::Parity`] if
/// `parity`, else [`Ranking::Lex`].
#[inline(always)]
pub(crate) fn rank_distinct<const N: usize>(labels: &[u8; N], parity: bool) -> u64 {
    if parity { rank::rank_parity_array(labels) } else { rank::rank_lex_array(labels) }
}
const NO_CELL: u8 = u8::MAX;

/// For every cell of a `rows` x `cols` board, the neighbour in each sliding
/// direction (u, d, l, r), or `NO_CELL` at the edge.
fn slide_targets(rows: usize, cols: usize) -> [[u8; 4]; MAX_CELLS] {
    let mut targets = [[NO_CELL; 4]; MAX_CELLS];
    for (cell, t) in targets.iter_mut().enumerate().take(rows * cols) {
        let (row, col) = (cell / cols, cell % cols);
        let at = |ok: bool, target: usize| if ok { target as u8 } else { NO_CELL };
        *t = [
            at(row > 0, cell.wrapping_sub(cols)),
            at(row + 1 < rows, cell + cols),
            at(col > 0, cell.wrapping_sub(1)),
            at(col + 1 < cols, cell + 1),
        ];
    }
    targets
}
const IDENTITY: [u8; MAX_CELLS] = {
    let mut map = [0u8; MAX_CELLS];
    let mut i = 0;
    while i < MAX_CELLS {
        map[i] = i as u8;
        i += 1;
    }
    map
};

impl Puzzle {
    /// Builds a puzzle and picks its ranking: [`Ranking::BlankParity`] for
    /// sliding boards with distinct tiles, [`Ranking::Parity`] for
    /// permutation puzzles with distinct tiles whose moves are all even,
    /// [`Ranking::Multiset`] when goal values repeat, [`Ranking::Lex`]
    /// otherwise.
    ///
    /// `goal` holds the tile value of every cell in reading order; on a
    /// sliding board the blank is [`BLANK`].
    ///
    /// # Errors
    ///
    /// A [`ModelError`] naming what is wrong with the description.
    pub fn new(rows: usize, cols: usize, goal: &[u8], moves: MoveSet<'_>) -> Result<Self, ModelError> {
        let mut puzzle = Self::build(rows, cols, goal, moves)?;
        let distinct = usize::from(puzzle.classes) == usize::from(puzzle.cells);
        let ranking = match puzzle.kind {
            Kind::Sliding if distinct && puzzle.cells >= 3 => Ranking::BlankParity,
            Kind::Permutation if distinct && puzzle.all_moves_even() => Ranking::Parity,
            _ if distinct && puzzle.kind == Kind::Permutation => Ranking::Lex,
            _ => Ranking::Multiset,
        };
        puzzle.set_ranking(ranking)?;
        Ok(puzzle)
    }

    /// The same puzzle numbered by another ranking (a table file records the
    /// ranking it was made with).
    ///
    /// # Errors
    ///
    /// [`ModelError::Ranking`] if the ranking cannot number this puzzle's
    /// states one to one.
    pub fn with_ranking(mut self, ranking: Ranking) -> Result<Self, ModelError> {
        self.set_ranking(ranking)?;
        Ok(self)
    }

    fn build(rows: usize, cols: usize, goal: &[u8], moves: MoveSet<'_>) -> Result<Self, ModelError> {
        let cells = rows.saturating_mul(cols);
        if !(2..=MAX_CELLS).contains(&cells) {
            return Err(ModelError::BoardSize { rows, cols, cells });
        }
        if goal.len() != cells {
            return Err(ModelError::GoalLength { cells, got: goal.len() });
        }
        let kind = match moves {
            MoveSet::Permutation(_) => Kind::Permutation,
            MoveSet::Sliding => Kind::Sliding,
        };
        if kind == Kind::Sliding {
            let blanks = goal.iter().filter(|&&v| v == BLANK).count();
            if blanks != 1 {
                return Err(ModelError::SlidingBlanks { blanks });
            }
        }

        // Labels: the distinct goal values in ascending order, the blank last.
        let sort_key = |v: u8| {
            if kind == Kind::Sliding && v == BLANK { 256 } else { u16::from(v) }
        };
        let mut present = [false; 256];
        for &v in goal {
            present[usize::from(v)] = true;
        }
        let mut label_of = [NO_LABEL; 256];
        let mut value_of = [0u8; MAX_CELLS];
        let mut classes = 0u8;
        let mut ordered: [u8; MAX_CELLS] = [0; MAX_CELLS];
        for v in 0..=255u8 {
            if present[usize::from(v)] {
                ordered[usize::from(classes)] = v;
                classes += 1;
            }
        }
        ordered[..usize::from(classes)].sort_unstable_by_key(|&v| sort_key(v));
        for (label, &v) in ordered[..usize::from(classes)].iter().enumerate() {
            label_of[usize::from(v)] = label as u8;
            value_of[label] = v;
        }
        let mut goal_values = [0u8; MAX_CELLS];
        goal_values[..cells].copy_from_slice(goal);
        let mut goal_cells = [0u8; MAX_CELLS];
        let mut class_counts = [0u8; MAX_CELLS];
        for (cell, &v) in goal_cells.iter_mut().zip(goal) {
            *cell = label_of[usize::from(v)];
            class_counts[usize::from(*cell)] += 1;
        }
        let goal_state = State { cells: goal_cells, len: cells as u8 };

        let mut forward = [IDENTITY; MAX_MOVES];
        let mut inverse = [IDENTITY; MAX_MOVES];
        let move_count = match moves {
            MoveSet::Sliding => SLIDING_MOVE_NAMES.len(),
            MoveSet::Permutation(maps) => {
                if maps.is_empty() || maps.len() % cells != 0 {
                    return Err(ModelError::MoveMapLength { bytes: maps.len(), cells });
                }
                let count = maps.len() / cells;
                if count > MAX_MOVES {
                    return Err(ModelError::TooManyMoves { moves: count });
                }
                for (index, map) in maps.chunks_exact(cells).enumerate() {
                    if !rank::is_permutation(map) {
                        return Err(ModelError::NotAPermutation { index, cells });
                    }
                    for (i, &source) in map.iter().enumerate() {
                        forward[index][i] = source;
                        inverse[index][usize::from(source)] = i as u8;
                    }
                }
                count
            }
        };

        let blank_label = if kind == Kind::Sliding { label_of[usize::from(BLANK)] } else { NO_LABEL };
        let goal_blank = goal.iter().position(|&v| kind == Kind::Sliding && v == BLANK).unwrap_or(0) as u8;
        Ok(Self {
            kind,
            rows: rows as u8,
            cols: cols as u8,
            cells: cells as u8,
            ranking: Ranking::Multiset,
            slots: 0,
            goal_values,
            goal: goal_state,
            label_of,
            value_of,
            class_counts,
            classes,
            blank_label,
            goal_blank,
            goal_odd: false,
            blank_stride: 0,
            odd_tiles_by_blank: 0,
            slide_targets: slide_targets(rows, cols),
            move_count: move_count as u8,
            forward,
            inverse,
        })
    }

    fn all_moves_even(&self) -> bool {
        let n = usize::from(self.cells);
        self.forward[..usize::from(self.move_count)].iter().all(|map| !rank::is_odd(&map[..n]))
    }

    fn set_ranking(&mut self, ranking: Ranking) -> Result<(), ModelError> {
        let n = usize::from(self.cells);
        let distinct = usize::from(self.classes) == n;
        let refuse = |reason| Err(ModelError::Ranking { ranking, reason });
        let goal_labels = &self.goal.cells[..n];
        let (slots, goal_odd, blank_stride) = match ranking {
            Ranking::Lex if !distinct => return refuse("the goal repeats a value"),
            Ranking::Lex => (rank::FACTORIAL[n], false, 0),
            Ranking::Parity if !distinct => return refuse("the goal repeats a value"),
            Ranking::Parity if self.kind != Kind::Permutation => {
                return refuse("it is a sliding puzzle");
            }
            Ranking::Parity if !self.all_moves_even() => {
                return refuse("a move is an odd permutation");
            }
            Ranking::Parity => (rank::FACTORIAL[n] / 2, rank::is_odd(goal_labels), 0),
            Ranking::BlankParity if self.kind != Kind::Sliding => {
                return refuse("it is not a sliding puzzle");
            }
            Ranking::BlankParity if !distinct => return refuse("the goal repeats a value"),
            Ranking::BlankParity if n < 3 => return refuse("the board has fewer than 3 cells"),
            Ranking::BlankParity => {
                let stride = rank::FACTORIAL[n - 1] / 2;
                let (_, odd, _) = rank::rank_lex_parity_skipping(goal_labels, self.blank_label);
                (stride * n as u64, odd, stride)
            }
            Ranking::Multiset => {
                let counts = &self.class_counts[..usize::from(self.classes)];
                // At most 16 cells, so the count always fits in a u64.
                (rank::arrangements(counts).unwrap_or(u64::MAX), false, 0)
            }
        };
        self.ranking = ranking;
        self.slots = slots;
        self.goal_odd = goal_odd;
        self.blank_stride = blank_stride;
        self.odd_tiles_by_blank = (0..n)
            .filter(|&cell| ranking == Ranking::BlankParity && self.tiles_odd_with_blank_at(cell))
            .fold(0, |mask, cell| mask | 1 << cell);
        Ok(())
    }

    /// Permutation or sliding.
    #[must_use]
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Board rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Board columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// Cells on the board, `rows * cols`.
    #[must_use]
    pub fn cells(&self) -> usize {
        usize::from(self.cells)
    }

    /// The ranking that numbers the states.
    #[must_use]
    pub fn ranking(&self) -> Ranking {
        self.ranking
    }

    /// The size of the rank space: ranks run from 0 to `slots() - 1`.
    #[must_use]
    pub fn slots(&self) -> u64 {
        self.slots
    }

    /// The number of moves.
    #[must_use]
    pub fn move_count(&self) -> usize {
        usize::from(self.move_count)
    }

    /// The position map of permutation move `index` (`new[i] = old[map[i]]`),
    /// or `None` for sliding puzzles and out-of-range indices.
    #[must_use]
    pub fn move_map(&self, index: usize) -> Option<&[u8]> {
        match self.kind {
            Kind::Permutation if index < self.move_count() => Some(&self.forward[index][..self.cells()]),
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
        }
    }

    /// The goal's tile values, cell by cell ([`BLANK`] for the blank).
    #[must_use]
    pub fn goal_values(&self) -> &[u8] {
        &self.goal_values[..self.cells()]
    }

    /// The goal state.
    #[must_use]
    pub fn goal(&self) -> State {
        self.goal
    }

    /// The label of a tile value, or `None` if no tile has that value.
    #[must_use]
    pub fn label_of(&self, value: u8) -> Option<u8> {
        match self.label_of[usize::from(value)] {
            NO_LABEL => None,
            label => Some(label),
        }
    }

    /// The tile value of a label.
    #[must_use]
    pub fn value_of(&self, label: u8) -> u8 {
        self.value_of[usize::from(label & 0xF)]
    }

    /// Whether tile values repeat in the goal (indistinguishable tiles).
    #[must_use]
    pub fn has_repeated_tiles(&self) -> bool {
        usize::from(self.classes) != self.cells()
    }

    /// How many cells of the goal hold each label.
    pub(crate) fn class_count(&self, label: u8) -> u8 {
        self.class_counts[usize::from(label & 0xF)]
    }

    /// Whether `value` is the blank of a sliding puzzle.
    #[must_use]
    pub fn is_blank(&self, value: u8) -> bool {
        self.kind == Kind::Sliding && value == BLANK
    }

    /// Whether `state` lies in the rank space. States outside it (the wrong
    /// parity, for parity rankings) can never reach the goal.
    #[inline]
    #[must_use]
    pub fn in_rank_space(&self, state: &State) -> bool {
        self.rank_checked(state).is_some()
    }

    /// The rank of `state`, or `None` if it lies outside the rank space: the
    /// check and the rank in one pass over the cells.
    #[inline]
    #[must_use]
    pub fn rank_checked(&self, state: &State) -> Option<u64> {
        let n = self.cells();
        let labels = &state.cells[..n];
        match self.ranking {
            Ranking::Lex => Some(rank::rank_lex(labels)),
            Ranking::Parity => {
                let (lex, odd) = rank::rank_lex_parity(labels);
                (odd == self.goal_odd).then_some(lex >> 1)
            }
            Ranking::BlankParity => {
                let (lex, odd, blank) = rank::rank_lex_parity_skipping(labels, self.blank_label);
                (odd == self.odd_tiles_expected(blank)).then_some(blank as u64 * self.blank_stride + (lex >> 1))
            }
            Ranking::Multiset => Some(self.rank(state)),
        }
    }

    /// The rank of `state`, below [`Puzzle::slots`] for every state in the
    /// rank space. A state outside it gets an unspecified number (which may
    /// be past the end); this never panics.
    #[inline]
    #[must_use]
    pub fn rank(&self, state: &State) -> u64 {
        let n = self.cells();
        let labels = &state.cells[..n];
        match self.ranking {
            Ranking::Lex => rank::rank_lex(labels),
            Ranking::Parity => rank::rank_parity(labels),
            Ranking::BlankParity => {
                let (lex, _, blank) = rank::rank_lex_parity_skipping(labels, self.blank_label);
                blank as u64 * self.blank_stride + (lex >> 1)
            }
            Ranking::Multiset => rank::rank_multiset(labels, &self.class_counts[..usize::from(self.classes)]),
        }
    }

    /// The state with rank `rank`. A rank past [`Puzzle::slots`] gives an
    /// unspecified state (never a panic).
    #[inline]
    #[must_use]
    pub fn unrank(&self, rank: u64) -> State {
        let n = self.cells();
        let mut cells = [0u8; MAX_CELLS];
        match self.ranking {
            Ranking::Lex => rank::unrank_lex(rank, &mut cells[..n]),
            Ranking::Parity => rank::unrank_parity(rank, self.goal_odd, &mut cells[..n]),
            Ranking::BlankParity => {
                let stride = self.blank_stride.max(1);
                let blank = ((rank / stride) as usize).min(n - 1);
                let mut tiles = [0u8; MAX_CELLS];
                rank::unrank_parity(rank - blank as u64 * stride, self.odd_tiles_expected(blank), &mut tiles[..n - 1]);
                cells[..blank].copy_from_slice(&tiles[..blank]);
                cells[blank] = self.blank_label;
                cells[blank + 1..n].copy_from_slice(&tiles[blank..n - 1]);
            }
            Ranking::Multiset => {
                rank::unrank_multiset(rank, &self.class_counts[..usize::from(self.classes)], &mut cells[..n]);
            }
        }
        State { cells, len: self.cells }
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
            Kind::Permutation if index < self.move_count() => Some(self.permute(state, &self.inverse[index])),
            Kind::Permutation => None,
            // u and d undo each other, as do l and r.
            Kind::Sliding if index < 4 => self.slide(state, index ^ 1),
            Kind::Sliding => None,
        }
    }

    #[inline]
    fn permute(&self, state: &State, map: &[u8; MAX_CELLS]) -> State {
        let mut next = *state;
        self.permute_in_place(&mut next, map);
        next
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

    #[inline]
    fn slide(&self, state: &State, direction: usize) -> Option<State> {
        let blank = self.blank_position(state);
        let target = self.slide_target(blank, direction)?;
        let mut next = *state;
        next.cells.swap(blank, target);
        Some(next)
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

    /// Sliding puzzles: the cell that move `index` swaps with the blank at
    /// cell `blank`, or `None` at the edge of the board.
    #[inline]
    pub(crate) fn slide_target(&self, blank: usize, index: usize) -> Option<usize> {
        match *self.slide_targets.get(blank)?.get(index)? {
            NO_CELL => None,
            target => Some(usize::from(target)),
        }
    }

    /// Whether the tiles must be odd with the blank at `blank`.
    #[inline]
    pub(crate) fn odd_tiles_expected(&self, blank: usize) -> bool {
        self.odd_tiles_by_blank >> (blank & (MAX_CELLS - 1)) & 1 == 1
    }

    /// The parity the tiles must have when the blank is at `blank`: a
    /// vertical move carries one tile past `cols - 1` others, so on boards
    /// of even width the parity flips with the blank's row.
    #[inline]
    fn tiles_odd_with_blank_at(&self, blank: usize) -> bool {
        let cols = self.cols();
        let row_moved = (blank / cols) ^ (usize::from(self.goal_blank) / cols);
        self.goal_odd ^ (cols % 2 == 0 && row_moved % 2 == 1)
    }
}
