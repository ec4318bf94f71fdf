//! The puzzle: board shape, goal, the tile labels, and the moves as data.
//! How states are numbered lives in `ranking.rs`, how moves act on them in
//! `moves.rs`; what orbit puzzles add, in `orbits.rs`.

use godtab_rank as rank;

use crate::move_set::MAX_SLIDES;
use crate::moves::{IDENTITY, NO_CELL, slide_targets};
use crate::orbits::OrbitLayout;
use crate::{BLANK, MAX_CELLS, MAX_MOVES, ModelError, MoveSet, Ranking, State};

/// What kind of moves a puzzle has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Every move permutes the cells by a fixed position map.
    Permutation,
    /// One cell is a blank; a move swaps it with a neighbour.
    Sliding,
    /// Pieces in orbits, each with an orientation; a move permutes the
    /// pieces of each orbit and twists them (see
    /// [`Puzzle::new_orbits`]).
    Orbits,
}

/// A puzzle: board, goal, ordered moves and ranking. See the crate docs.
///
/// Built once (checking everything), then used read-only; it owns all its
/// data in fixed-size arrays, so it needs no allocator.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub(crate) kind: Kind,
    pub(crate) rows: u8,
    pub(crate) cols: u8,
    pub(crate) cells: u8,
    pub(crate) ranking: Ranking,
    pub(crate) slots: u64,
    /// Tile values of the goal, cell by cell ([`BLANK`] for the blank).
    goal_values: [u8; MAX_CELLS],
    pub(crate) goal: State,
    /// Label of each tile value; `NO_LABEL` for values not on the board.
    pub(crate) label_of: [u8; 256],
    /// Tile value of each label.
    value_of: [u8; MAX_CELLS],
    /// How many cells hold each label in the goal.
    pub(crate) class_counts: [u8; MAX_CELLS],
    pub(crate) classes: u8,
    /// Sliding puzzles: the blank's label and its goal cell.
    pub(crate) blank_label: u8,
    pub(crate) goal_blank: u8,
    /// `Parity`: whether the goal is odd. `BlankParity`: whether the goal's
    /// tiles (without the blank) are odd.
    pub(crate) goal_odd: bool,
    /// `BlankParity`: slots per blank position, `(n-1)!/2`.
    pub(crate) blank_stride: u64,
    /// `BlankParity`: bit `c` says whether the tiles must be odd when the
    /// blank is at cell `c` (precomputed: no division on the query path).
    pub(crate) odd_tiles_by_blank: u16,
    /// Sliding puzzles: the cell each move takes the blank to, by blank
    /// cell, or `NO_CELL` where the move is impossible.
    pub(crate) slide_targets: [[u8; MAX_SLIDES]; MAX_CELLS],
    /// Sliding puzzles: each move's direction (u, d, l, r as 0 to 3) in
    /// the low two bits, and how many cells the blank goes above them.
    pub(crate) slide_order: [u8; MAX_SLIDES],
    pub(crate) move_count: u8,
    /// Position maps padded with the identity to 16 cells, and their inverses.
    pub(crate) forward: [[u8; MAX_CELLS]; MAX_MOVES],
    pub(crate) inverse: [[u8; MAX_CELLS]; MAX_MOVES],
    /// Orbit puzzles: what each move adds to the orientation of the piece
    /// it brings to each cell (zero for boards).
    pub(crate) twist: [[u8; MAX_CELLS]; MAX_MOVES],
    /// Orbit puzzles: the orbits and how their states are numbered (empty
    /// for boards).
    pub(crate) orbits: OrbitLayout,
    /// What a state of this puzzle means (board, kind, tiles): the mark its
    /// states carry, so that a state of another puzzle is told apart.
    pub(crate) signature: u32,
}

pub(crate) const NO_LABEL: u8 = u8::MAX;

/// The sliding moves' directions in [`crate::SLIDING_MOVE_NAMES`] order.
const DECLARED_ORDER: [u8; 4] = [0, 1, 2, 3];

/// A sliding move as `Puzzle::slide_order` holds it: its direction and how
/// many cells the blank goes.
pub(crate) const fn slide_code(direction: u8, steps: u8) -> u8 {
    direction | steps << 2
}

/// The sliding moves of a move set: each move's [`slide_code`] and the
/// count, or `None` for permutation moves.
fn slides(moves: MoveSet<'_>, rows: usize, cols: usize) -> Result<Option<([u8; MAX_SLIDES], usize)>, ModelError> {
    let (order, steps) = match moves {
        MoveSet::Permutation(_) => return Ok(None),
        MoveSet::Sliding => (DECLARED_ORDER, [1, 1]),
        MoveSet::SlidingInOrder(order) => (order, [1, 1]),
        MoveSet::SlidingMulti { order, steps } => {
            // A board of one row or column keeps its impossible single moves.
            let wanted = [rows.saturating_sub(1).max(1), cols.saturating_sub(1).max(1)];
            if steps.map(usize::from) != wanted {
                let [vertical, sideways] = steps.map(usize::from);
                return Err(ModelError::SlideSteps { rows, cols, vertical, sideways });
            }
            (order, steps)
        }
    };
    if !rank::is_permutation(&order) {
        return Err(ModelError::NotAPermutation { index: 0, cells: 4 });
    }
    let mut codes = [0u8; MAX_SLIDES];
    let mut count = 0;
    for direction in order {
        // u and d go up to steps[0] cells, l and r up to steps[1].
        for step in 1..=steps[usize::from(direction / 2)] {
            *codes.get_mut(count).ok_or(ModelError::TooManyMoves { moves: count + 1 })? = slide_code(direction, step);
            count += 1;
        }
    }
    Ok(Some((codes, count)))
}

impl Puzzle {
    /// Builds a puzzle numbered by the tightest ranking that fits it (see
    /// [`Ranking::best_for`]).
    ///
    /// `goal` holds the tile value of every cell in reading order; on a
    /// sliding board the blank is [`BLANK`].
    ///
    /// # Errors
    ///
    /// A [`ModelError`] naming what is wrong with the description.
    pub fn new(rows: usize, cols: usize, goal: &[u8], moves: MoveSet<'_>) -> Result<Self, ModelError> {
        let mut puzzle = Self::build(rows, cols, goal, moves)?;
        let ranking = Ranking::best_for(&puzzle);
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

    /// The cells of a `rows` x `cols` board, if a puzzle can have that
    /// board (2 to [`MAX_CELLS`] cells).
    ///
    /// # Errors
    ///
    /// [`ModelError::BoardSize`] otherwise.
    pub fn cells_of_board(rows: usize, cols: usize) -> Result<usize, ModelError> {
        let cells = rows.saturating_mul(cols);
        if (2..=MAX_CELLS).contains(&cells) { Ok(cells) } else { Err(ModelError::BoardSize { rows, cols, cells }) }
    }

    /// An orbit puzzle's frame: `cells` cells in one row holding the solved
    /// state `goal`, moved by `forward` (and `inverse`) and `twist`; the
    /// orbits module fills in the orbits and the ranking.
    pub(crate) fn orbit_frame(
        goal: State,
        move_count: usize,
        forward: [[u8; MAX_CELLS]; MAX_MOVES],
        inverse: [[u8; MAX_CELLS]; MAX_MOVES],
        twist: [[u8; MAX_CELLS]; MAX_MOVES],
        orbits: OrbitLayout,
    ) -> Self {
        let cells = goal.len;
        let mut goal_values = [0u8; MAX_CELLS];
        for (value, &cell) in goal_values.iter_mut().zip(&goal.cells) {
            *value = cell & 0xF;
        }
        Self {
            kind: Kind::Orbits,
            rows: 1,
            cols: cells,
            cells,
            ranking: Ranking::Orbits,
            slots: 0,
            goal_values,
            goal,
            // Orbit states are read and written by the orbits' own grammar.
            label_of: [NO_LABEL; 256],
            value_of: IDENTITY,
            class_counts: [0; MAX_CELLS],
            classes: cells,
            blank_label: NO_LABEL,
            goal_blank: 0,
            goal_odd: false,
            blank_stride: 0,
            odd_tiles_by_blank: 0,
            slide_targets: [[NO_CELL; MAX_SLIDES]; MAX_CELLS],
            slide_order: [0; MAX_SLIDES],
            move_count: move_count as u8,
            forward,
            inverse,
            twist,
            orbits,
            signature: goal.puzzle,
        }
    }

    fn build(rows: usize, cols: usize, goal: &[u8], moves: MoveSet<'_>) -> Result<Self, ModelError> {
        let cells = Self::cells_of_board(rows, cols)?;
        if goal.len() != cells {
            return Err(ModelError::GoalLength { cells, got: goal.len() });
        }
        let slides = slides(moves, rows, cols)?;
        let kind = if slides.is_some() { Kind::Sliding } else { Kind::Permutation };
        let (slide_order, slide_count) = slides.unwrap_or(([0; MAX_SLIDES], 0));
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
        let signature = signature(kind, rows, cols, &value_of[..usize::from(classes)], &class_counts);
        let goal_state = State { cells: goal_cells, len: cells as u8, puzzle: signature };

        let mut forward = [IDENTITY; MAX_MOVES];
        let mut inverse = [IDENTITY; MAX_MOVES];
        let move_count = match moves {
            MoveSet::Sliding | MoveSet::SlidingInOrder(_) | MoveSet::SlidingMulti { .. } => slide_count,
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
        let goal_blank = goal_cells[..cells].iter().position(|&l| l == blank_label).unwrap_or(0) as u8;
        Ok(Self {
            kind,
            rows: rows as u8,
            cols: cols as u8,
            cells: cells as u8,
            // Placeholders: the constructor sets the ranking next.
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
            slide_targets: slide_targets(rows, cols, &slide_order[..slide_count]),
            slide_order,
            move_count: move_count as u8,
            forward,
            inverse,
            twist: [[0; MAX_CELLS]; MAX_MOVES],
            orbits: OrbitLayout::EMPTY,
            signature,
        })
    }

    /// Permutation, sliding or orbits.
    #[must_use]
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Board rows (1 for orbit puzzles).
    #[must_use]
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Board columns (for orbit puzzles, every piece of every orbit in one
    /// row).
    #[must_use]
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// Cells on the board, `rows * cols`; for orbit puzzles, the pieces of
    /// all orbits.
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

    /// The goal's tile values, cell by cell ([`BLANK`] for the blank); for
    /// orbit puzzles, the solved state's piece of every position, numbered
    /// from 0 within each orbit.
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

    /// Whether `state` is a state of this puzzle: made by this puzzle, or by
    /// one with the same board, kind and tiles (whose states mean the same
    /// thing). A state of any other puzzle must not be ranked or moved here:
    /// its labels would stand for other tiles.
    #[inline]
    #[must_use]
    pub fn fits(&self, state: &State) -> bool {
        state.puzzle == self.signature
    }

    /// Whether two puzzles are the same puzzle: the same board, goal, moves
    /// in the same order, whatever their ranking.
    #[must_use]
    pub fn same_as(&self, other: &Self) -> bool {
        let moves = self.move_count();
        self.kind == other.kind
            && (self.rows, self.cols) == (other.rows, other.cols)
            && self.goal_values() == other.goal_values()
            && self.goal.cells == other.goal.cells
            && moves == other.move_count()
            && self.forward[..moves] == other.forward[..moves]
            && self.twist[..moves] == other.twist[..moves]
            && self.slide_order == other.slide_order
            && self.orbits.same_as(&other.orbits)
    }
}

/// A 32-bit FNV-1a digest of what a state's labels mean: the kind, the
/// board, and the tile value and count of every label.
fn signature(kind: Kind, rows: usize, cols: usize, values: &[u8], counts: &[u8; MAX_CELLS]) -> u32 {
    let head = [kind as u8, rows as u8, cols as u8, values.len() as u8];
    let labels = values.iter().zip(counts).flat_map(|(&v, &c)| [v, c]);
    digest(head.into_iter().chain(labels))
}

/// FNV-1a over some bytes.
pub(crate) fn digest(bytes: impl Iterator<Item = u8>) -> u32 {
    bytes.fold(0x811c_9dc5u32, |hash, byte| (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193))
}
