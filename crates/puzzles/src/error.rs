//! Why a puzzle description was rejected.

use crate::{MAX_CELLS, MAX_MOVE_NAME, MAX_MOVES, MAX_PUZZLE_ID, Ranking};

/// Why a puzzle description was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// rows * cols is out of range.
    #[error("the board has {rows}x{cols} = {cells} cells; between 2 and {MAX_CELLS} are supported")]
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
    #[error("{moves} moves given; at most {MAX_MOVES} are supported")]
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
    /// The puzzle's id breaks the id rule ([`is_puzzle_id`](crate::is_puzzle_id)).
    #[error("the puzzle id must be 1 to {MAX_PUZZLE_ID} bytes of ASCII letters, digits and '-'")]
    PuzzleId,
    /// There is not one name per move.
    #[error("{names} move names for {moves} moves")]
    MoveNameCount {
        /// Names given.
        names: usize,
        /// Moves of the puzzle.
        moves: usize,
    },
    /// A move name breaks the name rule ([`is_move_name`](crate::is_move_name)).
    #[error("move {index}'s name must be 1 to {MAX_MOVE_NAME} bytes without whitespace or control characters")]
    MoveName {
        /// Index of the move (0-based, declared order).
        index: usize,
    },
    /// Two moves have the same name.
    #[error("moves {first} and {second} have the same name")]
    DuplicateMoveName {
        /// The earlier move.
        first: usize,
        /// The later one.
        second: usize,
    },
}
