//! One arrangement of a board: a label per cell, in reading order.

use crate::MAX_CELLS;

/// The cells of a board in reading order (rows top to bottom, each left to
/// right), each holding a tile *label*.
///
/// Labels are small numbers assigned by the [`Puzzle`](crate::Puzzle) (see
/// [`Puzzle::label_of`](crate::Puzzle::label_of)); turn tile values into a
/// state with [`Puzzle::state_from_values`](crate::Puzzle::state_from_values)
/// or [`Puzzle::parse`](crate::Puzzle::parse), which check them. A state
/// remembers which puzzle's labels it holds
/// ([`Puzzle::fits`](crate::Puzzle::fits)), so that it is never read as a
/// state of another puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct State {
    pub(crate) cells: [u8; MAX_CELLS],
    pub(crate) len: u8,
    /// The signature of the puzzle that made it.
    pub(crate) puzzle: u32,
}

impl State {
    /// The labels, one per cell.
    #[inline]
    #[must_use]
    pub fn labels(&self) -> &[u8] {
        &self.cells[..usize::from(self.len).min(MAX_CELLS)]
    }

    /// The number of cells.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the board has no cells (never true for a puzzle's state).
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}
