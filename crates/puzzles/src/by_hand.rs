//! Changing a state by hand, as a person who takes a puzzle apart does:
//! swapping two tiles or pieces, twisting a piece in place. Such changes
//! are what make unsolvable states (test inputs with a known answer).

use crate::{Kind, Puzzle, State};

impl Puzzle {
    /// `state` with the tiles (or pieces) at cells `a` and `b` swapped,
    /// their orientations going with them; `None` if the two differ in
    /// kind (the blank of a sliding board, pieces of two orbits) or a cell
    /// is off the board.
    #[must_use]
    pub fn swap_cells(&self, state: &State, a: usize, b: usize) -> Option<State> {
        let cells = self.cells();
        if a >= cells || b >= cells || a == b {
            return None;
        }
        match self.kind {
            Kind::Sliding if state.cells[a] == self.blank_label || state.cells[b] == self.blank_label => return None,
            Kind::Orbits if self.orbit_of_cell(a) != self.orbit_of_cell(b) => return None,
            _ => {}
        }
        let mut swapped = *state;
        swapped.cells.swap(a, b);
        Some(swapped)
    }

    /// `state` with the piece at `cell` of an orbit puzzle twisted by `by`
    /// (modulo its orbit's orientations); `None` for boards, or a piece of
    /// an orbit of one orientation.
    #[must_use]
    pub fn twist_cell(&self, state: &State, cell: usize, by: u8) -> Option<State> {
        if self.kind != Kind::Orbits || cell >= self.cells() {
            return None;
        }
        let orientations = self.orbits.cell_orientations[cell];
        if orientations < 2 {
            return None;
        }
        let mut twisted = *state;
        let piece = state.cells[cell];
        let turned = ((piece >> 4) + by % orientations) % orientations;
        twisted.cells[cell] = (piece & 0xF) | turned << 4;
        Some(twisted)
    }

    /// The orbit of a cell of an orbit puzzle.
    fn orbit_of_cell(&self, cell: usize) -> Option<usize> {
        (0..usize::from(self.orbits.count)).find(|&j| self.orbits.range(j).contains(&cell))
    }
}
