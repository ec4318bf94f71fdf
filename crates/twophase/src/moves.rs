//! Face turns by name: the 18 moves of the half-turn metric, scramble text
//! in WCA notation, and a solution as a fixed-capacity list of moves.

use core::fmt;

use crate::error::ScrambleError;

/// The moves' names, in index order.
const NAMES: [&str; 18] =
    ["U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'", "D", "D2", "D'", "L", "L2", "L'", "B", "B2", "B'"];

/// One face turn: `U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'` are the
/// indices 0 to 17 (face `index / 3` of `URFDLB`, turned clockwise
/// `index % 3 + 1` quarter turns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// Every move, in index order.
    pub const ALL: [Move; 18] = {
        let mut all = [Move(0); 18];
        let mut i = 0;
        while i < 18 {
            all[i] = Move(i as u8);
            i += 1;
        }
        all
    };

    /// The move of index `index` (0..18), if there is one.
    #[must_use]
    pub const fn new(index: u8) -> Option<Move> {
        if index < 18 { Some(Move(index)) } else { None }
    }

    /// The move's index, 0..18.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The face turned: 0..6 for U R F D L B.
    #[must_use]
    pub const fn face(self) -> usize {
        self.0 as usize / 3
    }

    /// The move's name in WCA notation (`U`, `U2`, `U'`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }

    /// The move that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Move {
        Move(self.0 / 3 * 3 + 2 - self.0 % 3)
    }

    /// The move named `name` (`U`, `U2`, `U'`, ..., exactly).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Move> {
        NAMES.iter().position(|&n| n == name).map(|i| Move(i as u8))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The moves of a scramble text in WCA notation (`R U R' U2`), separated
/// by any whitespace, in order; an unknown token is an error that names it.
pub fn parse_moves(text: &str) -> impl Iterator<Item = Result<Move, ScrambleError>> + '_ {
    let start = text.as_ptr() as usize;
    text.split_whitespace().enumerate().map(move |(i, token)| {
        Move::from_name(token).ok_or_else(|| ScrambleError::new(i + 1, token.as_ptr() as usize - start, token))
    })
}

/// A solution's capacity: more than any two-phase answer (phase 1 at most
/// 12 moves, phase 2 at most 18).
pub const MAX_SOLUTION: usize = 32;

/// A move sequence of at most [`MAX_SOLUTION`] moves, kept inline (no
/// allocation). Displays as the move names separated by single spaces;
/// the empty sequence (the solved cube) displays as nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Solution {
    moves: [u8; MAX_SOLUTION],
    len: u8,
}

impl Default for Solution {
    fn default() -> Self {
        Solution::new()
    }
}

impl Solution {
    /// The empty sequence.
    #[must_use]
    pub const fn new() -> Solution {
        Solution { moves: [0; MAX_SOLUTION], len: 0 }
    }

    /// The moves as their indices (see [`Move`]).
    #[must_use]
    pub fn as_slice(&self) -> &[u8] {
        &self.moves[..usize::from(self.len)]
    }

    /// The moves, in order.
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = Move> + ExactSizeIterator + '_ {
        self.as_slice().iter().map(|&m| Move(m))
    }

    /// The number of moves.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there are no moves (the cube was solved).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes the last move, if any.
    pub fn pop(&mut self) -> Option<Move> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(Move(self.moves[self.len()]))
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends `m`; returns false (and changes nothing) when full.
    pub fn push(&mut self, m: Move) -> bool {
        if self.len() == MAX_SOLUTION {
            return false;
        }
        self.moves[self.len()] = m.0;
        self.len += 1;
        true
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.moves().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(m.name())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Solution({self})")
    }
}
