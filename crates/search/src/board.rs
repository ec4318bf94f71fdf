//! What the search knows about the board: the patterns' lookups by tile,
//! the moves by cell, and the reflection about the main diagonal.

use godtab_puzzles::{BLANK, Kind, MAX_CELLS, MoveGroup, Puzzle, State};
use godtab_rank::KPerm;
use godtab_runtime::{MAX_PATTERNS, Pattern, PatternSet, QueryError};

/// Room for every pattern, a power of two so that a pattern index is
/// masked, not divided, into range.
pub(crate) const PATTERN_SLOTS: usize = MAX_PATTERNS.next_power_of_two();

use crate::coarse::{self, Coarse};
use crate::ida::{Outcome, Report, Run};

/// A pattern's database as the search reads it.
#[derive(Clone, Copy)]
pub(crate) struct Lookup<'a> {
    pub places: KPerm,
    entries: &'a [u8],
    wide: bool,
}

impl<'a> Lookup<'a> {
    pub const NONE: Self = Self { places: KPerm::EMPTY, entries: &[], wide: true };

    /// The lookup of `pattern`'s database.
    pub fn of(pattern: &Pattern<'a>) -> Self {
        Self { places: pattern.places(), entries: pattern.entries(), wide: pattern.width() == 8 }
    }

    /// The entry for the placement `cells` (its first `k` bytes).
    #[inline(always)]
    pub fn get(&self, cells: &[u8; MAX_CELLS]) -> u8 {
        self.at(self.places.rank(cells))
    }

    /// The entry for the placement of rank `rank` (0 past the last).
    #[inline(always)]
    pub fn at(&self, rank: u64) -> u8 {
        let rank = rank as usize;
        if self.wide {
            self.entries.get(rank).copied().unwrap_or(0)
        } else {
            (self.entries.get(rank / 2).copied().unwrap_or(0) >> ((rank & 1) * 4)) & 0xF
        }
    }
}

/// Not a cell: a move that the blank's edge forbids, or no pattern.
pub(crate) const NONE: u8 = u8::MAX;

/// The reflection about the main diagonal of a square sliding board whose
/// goal (labels `goal`) has its blank label `blank` on that diagonal: the
/// reflected state has the same distance. Each cell's mirror cell, and each
/// label's mirror (the goal's label at the mirror of its goal cell);
/// `None` for any other board.
pub(crate) fn diagonal_reflection(
    puzzle: &Puzzle,
    goal: &[u8; MAX_CELLS],
    blank: u8,
) -> Option<([u8; MAX_CELLS], [u8; MAX_CELLS])> {
    let (rows, cols, cells) = (puzzle.rows(), puzzle.cols(), puzzle.cells());
    let goal_blank = goal[..cells].iter().position(|&l| l == blank)?;
    if puzzle.kind() != Kind::Sliding || rows != cols || goal_blank / cols != goal_blank % cols {
        return None;
    }
    // Cells past the board are never read.
    let mirror_cell: [u8; MAX_CELLS] = core::array::from_fn(|cell| ((cell % cols) * cols + cell / cols) as u8);
    let mut mirror_label = [0u8; MAX_CELLS];
    for cell in 0..cells {
        mirror_label[usize::from(goal[cell]) % MAX_CELLS] = goal[usize::from(mirror_cell[cell])];
    }
    Some((mirror_cell, mirror_label))
}

/// Solves states of a pattern set's puzzle by IDA* (see the crate docs).
/// Built once per set; [`Searcher::solve`] takes `&self`, so threads can
/// share one.
#[derive(Clone)]
pub struct Searcher<'a> {
    pub(crate) puzzle: &'a Puzzle,
    pub(crate) lookups: [Lookup<'a>; PATTERN_SLOTS],
    pub(crate) count: usize,
    pub(crate) cells: usize,
    pub(crate) blank: u8,
    /// The goal's label at every cell.
    pub(crate) goal: [u8; MAX_CELLS],
    /// By label: its pattern and its place in that pattern's order.
    pub(crate) pattern_of: [u8; MAX_CELLS],
    pub(crate) index_in: [u8; MAX_CELLS],
    /// By cell and move (in the puzzle's declared order): the cell the
    /// blank swaps with.
    pub(crate) targets: [[u8; 4]; MAX_CELLS],
    /// By move (declared order; 4 for none): the move that undoes it.
    pub(crate) undo: [u8; 5],
    /// Whether the reflected lookup is used, and the reflection of every
    /// label and cell.
    pub(crate) reflect: bool,
    pub(crate) mirror_label: [u8; MAX_CELLS],
    pub(crate) mirror_cell: [u8; MAX_CELLS],
    /// The search of a permutation puzzle, which takes the largest entry.
    coarse: Option<Coarse<'a>>,
    /// A permutation puzzle's group of moves: the arrangements they reach
    /// (its rank space may hold others, which a pattern set has no marks
    /// for).
    group: Option<MoveGroup>,
}

impl<'a> Searcher<'a> {
    /// A searcher over `set`'s databases.
    #[must_use]
    pub fn new<B: AsRef<[u8]>>(set: &'a PatternSet<B>) -> Self {
        let puzzle = set.puzzle();
        let (rows, cols, cells) = (puzzle.rows(), puzzle.cols(), puzzle.cells());
        let goal_state = puzzle.goal();
        let mut goal = [0u8; MAX_CELLS];
        goal[..cells].copy_from_slice(goal_state.labels());
        let blank = puzzle.label_of(BLANK).unwrap_or(0);
        let mut searcher = Self {
            puzzle,
            lookups: [Lookup::NONE; PATTERN_SLOTS],
            count: set.pattern_count(),
            cells,
            blank,
            goal,
            pattern_of: [NONE; MAX_CELLS],
            index_in: [0; MAX_CELLS],
            targets: [[NONE; 4]; MAX_CELLS],
            undo: [NONE; 5],
            reflect: false,
            mirror_label: [0; MAX_CELLS],
            mirror_cell: [0; MAX_CELLS],
            coarse: coarse::fits(puzzle).then(|| Coarse::new(set)),
            group: MoveGroup::of(puzzle),
        };
        for (p, pattern) in set.patterns().enumerate() {
            searcher.lookups[p] = Lookup::of(&pattern);
            for (i, &tile) in pattern.tiles().iter().enumerate() {
                let label = usize::from(puzzle.label_of(tile).unwrap_or(0)) % MAX_CELLS;
                searcher.pattern_of[label] = p as u8;
                searcher.index_in[label] = i as u8;
            }
        }
        // Moves are tried, and answers named, in the puzzle's declared
        // order, whatever directions that order gives them.
        let directions: [usize; 4] = core::array::from_fn(|m| puzzle.slide_direction(m).unwrap_or(m));
        for (m, undo) in searcher.undo.iter_mut().enumerate().take(4) {
            *undo = puzzle.undo(m).map_or(NONE, |(back, _)| back as u8);
        }
        for cell in 0..cells {
            let (row, col) = (cell / cols, cell % cols);
            let at = |ok: bool, target: usize| if ok { target as u8 } else { NONE };
            let by_direction = [
                at(row > 0, cell.wrapping_sub(cols)),
                at(row + 1 < rows, cell + cols),
                at(col > 0, cell.wrapping_sub(1)),
                at(col + 1 < cols, cell + 1),
            ];
            searcher.targets[cell] = directions.map(|d| by_direction[d % 4]);
        }
        if let Some((mirror_cell, mirror_label)) = diagonal_reflection(puzzle, &goal, blank) {
            (searcher.reflect, searcher.mirror_cell, searcher.mirror_label) = (true, mirror_cell, mirror_label);
        }
        searcher
    }

    /// The puzzle the searcher solves.
    #[must_use]
    pub fn puzzle(&self) -> &'a Puzzle {
        self.puzzle
    }

    /// Whether `state` can reach the goal, where that is known without a
    /// search: on a permutation puzzle (its moves' group), and on a sliding
    /// board of two rows and two columns or more (every state of its rank
    /// space); `None` on a strip, or for a state of another puzzle.
    #[must_use]
    pub fn solvable(&self, state: &State) -> Option<bool> {
        if !self.puzzle.fits(state) {
            return None;
        }
        if !self.puzzle.in_rank_space(state) {
            return Some(false);
        }
        match &self.group {
            Some(group) => Some(group.reaches(state)),
            None if self.puzzle.kind() == Kind::Sliding && self.puzzle.rows() >= 2 && self.puzzle.cols() >= 2 => {
                Some(true)
            }
            None => None,
        }
    }

    /// How many states of the rank space the moves reach from the goal:
    /// on a permutation puzzle the order of the moves' group, on a sliding
    /// board every state of its rank space (the tiles' parity class with the
    /// blank anywhere) when it has two rows and two columns or more, else
    /// (a strip, whose tiles keep their order) one per cell of the blank.
    #[must_use]
    pub fn reachable(&self) -> u64 {
        match &self.group {
            Some(group) => group.order(),
            None if self.puzzle.rows() >= 2 && self.puzzle.cols() >= 2 => self.puzzle.slots(),
            None => self.cells as u64,
        }
    }

    /// Whether the heuristic also looks up the state reflected about the
    /// main diagonal.
    #[must_use]
    pub fn reflects(&self) -> bool {
        self.coarse.as_ref().map_or(self.reflect, Coarse::reflects)
    }

    /// The heuristic's value for `state`: a lower bound on its distance.
    ///
    /// # Errors
    ///
    /// [`QueryError::WrongPuzzle`] for a state of another puzzle.
    pub fn estimate(&self, state: &State) -> Result<u32, QueryError> {
        if !self.puzzle.fits(state) {
            return Err(QueryError::WrongPuzzle);
        }
        if let Some(coarse) = &self.coarse {
            return Ok(coarse.estimate_state(state));
        }
        Ok(Run::new(self, state, 0).estimate())
    }

    /// Solves `state` optimally, expanding at most `max_nodes` nodes: the
    /// lexicographically least optimal solution, or why there is none.
    ///
    /// # Errors
    ///
    /// [`QueryError::WrongPuzzle`] for a state of another puzzle.
    pub fn solve(&self, state: &State, max_nodes: u64) -> Result<Report, QueryError> {
        if !self.puzzle.fits(state) {
            return Err(QueryError::WrongPuzzle);
        }
        if !self.puzzle.in_rank_space(state) || self.group.as_ref().is_some_and(|g| !g.reaches(state)) {
            return Ok(Report::new(Outcome::Unsolvable));
        }
        match &self.coarse {
            Some(coarse) => Ok(coarse.solve(state, max_nodes)),
            None if self.puzzle.kind() == Kind::Sliding => Ok(Run::new(self, state, max_nodes).solve()),
            None => Ok(Report::new(Outcome::Unsolvable)),
        }
    }
}
