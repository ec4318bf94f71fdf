//! Why a puzzle description was rejected.

use crate::{MAX_CELLS, MAX_MOVE_NAME, MAX_MOVES, MAX_ORBIT_NAME, MAX_ORIENTATIONS, MAX_PUZZLE_ID, Ranking};

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
    /// Multi-tile moves that do not reach across the board: a move goes up
    /// to `rows - 1` cells up or down and `cols - 1` sideways.
    #[error(
        "the multi-tile moves go {vertical} cells up or down and {sideways} sideways, but a {rows}x{cols} board needs \
         {} and {}", rows.saturating_sub(1), cols.saturating_sub(1)
    )]
    SlideSteps {
        /// Board rows.
        rows: usize,
        /// Board columns.
        cols: usize,
        /// The farthest vertical move given.
        vertical: usize,
        /// The farthest sideways move given.
        sideways: usize,
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
    /// An orbit puzzle has no orbits, or more than [`MAX_CELLS`].
    #[error("{orbits} orbits given; between 1 and {MAX_CELLS} are supported")]
    OrbitCount {
        /// Orbits given.
        orbits: usize,
    },
    /// The orbits hold too many pieces in all.
    #[error("the orbits hold {pieces} pieces in all; at most {MAX_CELLS} are supported")]
    OrbitPieces {
        /// Pieces of all orbits together.
        pieces: usize,
    },
    /// An orbit without pieces.
    #[error("orbit {orbit} has no pieces")]
    EmptyOrbit {
        /// Index of the orbit (0-based).
        orbit: usize,
    },
    /// An orbit's number of orientations is out of range.
    #[error("orbit {orbit} has {orientations} orientations; between 1 and {MAX_ORIENTATIONS} are supported")]
    Orientations {
        /// Index of the orbit (0-based).
        orbit: usize,
        /// Orientations given.
        orientations: u8,
    },
    /// An orbit's name breaks the name rule
    /// ([`is_orbit_name`](crate::is_orbit_name)).
    #[error(
        "orbit {orbit}'s name must be 1 to {MAX_ORBIT_NAME} bytes without whitespace or control characters, not \
         start with a digit and not be End"
    )]
    OrbitName {
        /// Index of the orbit (0-based).
        orbit: usize,
    },
    /// Two orbits have the same name.
    #[error("orbits {first} and {second} have the same name")]
    DuplicateOrbitName {
        /// The earlier orbit.
        first: usize,
        /// The later one.
        second: usize,
    },
    /// A piece of the solved state is past the orbit's pieces.
    #[error("orbit {orbit}, position {position}: piece {piece} is not a piece of the orbit")]
    SolvedPiece {
        /// Index of the orbit (0-based).
        orbit: usize,
        /// Position within the orbit (0-based).
        position: usize,
        /// The piece given (numbered from 0).
        piece: u8,
    },
    /// The solved state of an orbit leaves out a piece number below one it
    /// uses.
    #[error("orbit {orbit}: the solved pieces must be numbered with none left out, and piece {piece} is missing")]
    SolvedPieceMissing {
        /// Index of the orbit (0-based).
        orbit: usize,
        /// The missing piece (numbered from 0).
        piece: u8,
    },
    /// An orientation of the solved state is out of range.
    #[error("orbit {orbit}, position {position}: orientation {orientation} is out of range")]
    SolvedOrientation {
        /// Index of the orbit (0-based).
        orbit: usize,
        /// Position within the orbit (0-based).
        position: usize,
        /// The orientation given.
        orientation: u8,
    },
    /// The twists do not match the maps in length.
    #[error("the move twists hold {bytes} bytes, but the move maps {expected}")]
    TwistLength {
        /// Bytes of twists.
        bytes: usize,
        /// Bytes of maps.
        expected: usize,
    },
    /// A move brings a piece of another orbit to a position.
    #[error("move {index} brings a piece of another orbit to position {position}")]
    MoveLeavesOrbit {
        /// Index of the move (0-based, declared order).
        index: usize,
        /// The position (0-based, over all orbits).
        position: usize,
    },
    /// A move's twist is out of range.
    #[error("move {index}: twist {twist} at position {position} is out of range")]
    Twist {
        /// Index of the move (0-based, declared order).
        index: usize,
        /// The position (0-based, over all orbits).
        position: usize,
        /// The twist given.
        twist: u8,
    },
    /// The puzzle has more states than a `u64` numbers.
    #[error("the puzzle has more than 2^64 states to number")]
    TooManyStates,
}
