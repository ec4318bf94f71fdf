//! One arrangement of a board: a label per cell, in reading order.

use crate::MAX_CELLS;

/// The cells of a board in reading order (rows top to bottom, each left to
/// right), each holding a tile *label*.
///
/// Labels are small numbers assigned by the [`Puzzle`](crate::Puzzle) (see
/// [`Puzzle::label_of`](crate::Puzzle::label_of)); turn tile values into a
/// state with [`Puzzle::state_from_values`](crate::Puzzle::state_from_values)
/// or [`Puzzle::parse`](crate::Puzzle::parse), which check them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct State {
    pub(crate) cells: [u8; MAX_CELLS],
    pub(crate) len: u8,
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

    /// Packs the labels into a `u64`, four bits per cell (cell 0 in the low
    /// bits). Two states of one puzzle are equal exactly when their packed
    /// forms are.
    #[inline]
    #[must_use]
    pub fn pack(&self) -> u64 {
        self.cells.iter().rev().fold(0u64, |acc, &label| (acc << 4) | u64::from(label & 0xF))
    }

    /// The inverse of [`State::pack`] for a board of `len` cells.
    #[inline]
    #[must_use]
    pub fn unpack(packed: u64, len: usize) -> Self {
        let len = len.min(MAX_CELLS);
        let mut cells = [0u8; MAX_CELLS];
        for (i, cell) in cells.iter_mut().enumerate().take(len) {
            *cell = ((packed >> (4 * i)) & 0xF) as u8;
        }
        Self { cells, len: len as u8 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_round_trip() {
        let mut cells = [0u8; MAX_CELLS];
        for (i, c) in cells.iter_mut().enumerate().take(9) {
            *c = (8 - i) as u8;
        }
        let s = State { cells, len: 9 };
        assert_eq!(State::unpack(s.pack(), 9), s);
        assert_eq!(s.labels(), &[8, 7, 6, 5, 4, 3, 2, 1, 0]);
    }
}
