//! Undoing moves: the twist that undoes an orbit move, which move undoes
//! each, and each move's order.

use crate::moves::{IDENTITY, gather};
use crate::{Kind, MAX_CELLS, MAX_MOVES, Puzzle, State};

impl Puzzle {
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
    pub(crate) fn undoing_move(&self, index: usize) -> Option<usize> {
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
