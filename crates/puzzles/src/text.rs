//! Turning tile values and text into states, and states into text.
//!
//! A state is written as its tile values in reading order, in the grammar of
//! the [`tiles`](crate::tiles) module: `123456789`, `1 2 3 4 5 6 7 8 9` and
//! `2 3 4 1 5 x 7 6 8` all parse.

use core::fmt;

use godtab_rank as rank;

use crate::puzzle::NO_LABEL;
use crate::{Kind, MAX_CELLS, Puzzle, Ranking, State, Tiles, Word};

/// Why some text or some tile values are not a state of the puzzle.
///
/// Cells and columns are counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// The number of tiles differs from the number of cells.
    #[error("expected {expected} tiles, found {found}")]
    WrongCount {
        /// Cells on the board.
        expected: usize,
        /// Tiles given (counting stops one past the expected number).
        found: usize,
    },
    /// A value that no tile of the puzzle has.
    #[error("cell {cell}: {} is not a tile of this puzzle", TileName(*.value, *.blank))]
    UnknownTile {
        /// The cell (from 1).
        cell: usize,
        /// The value given.
        value: u8,
        /// Whether it was the blank `x`.
        blank: bool,
    },
    /// A tile given more often than the goal holds it.
    #[error("cell {cell}: tile {} appears more often than in the goal", TileName(*.value, *.blank))]
    RepeatedTile {
        /// The cell (from 1) of the extra copy.
        cell: usize,
        /// The value repeated.
        value: u8,
        /// Whether it was the blank `x`.
        blank: bool,
    },
    /// A character that cannot start or continue a tile.
    #[error("column {column}: {ch:?} is not a tile")]
    BadCharacter {
        /// The column (from 1, in bytes).
        column: usize,
        /// The character.
        ch: char,
    },
    /// A byte that is not UTF-8 text.
    #[error("column {column}: byte 0x{byte:02x} is not a tile")]
    BadByte {
        /// The column (from 1, in bytes).
        column: usize,
        /// The byte.
        byte: u8,
    },
    /// A number too large to be a tile.
    #[error("column {column}: number too large to be a tile")]
    NumberTooLarge {
        /// The column (from 1, in bytes) where the number starts.
        column: usize,
    },
    /// Orbit puzzles: a word that names no set (orbit) of the puzzle.
    #[error("{word} is not a set of this puzzle")]
    UnknownSet {
        /// The word.
        word: Word,
    },
    /// Orbit puzzles: a number before any set name.
    #[error("a number before any set name: each set's numbers follow its name")]
    NumberBeforeSet,
    /// Orbit puzzles: a set given twice.
    #[error("set {set} is given twice")]
    RepeatedSet {
        /// The set.
        set: Word,
    },
    /// Orbit puzzles: a set's numbers are not its pieces, or its pieces
    /// and then its orientations.
    #[error("set {set}: expected {pieces} pieces, then optionally {pieces} orientations; found {found} numbers")]
    SetLength {
        /// The set.
        set: Word,
        /// Its pieces.
        pieces: usize,
        /// Numbers given.
        found: usize,
    },
    /// Orbit puzzles: a piece number the set does not have.
    #[error("set {set}, position {position}: {piece} is not a piece of this set (1 to {pieces})")]
    UnknownPiece {
        /// The set.
        set: Word,
        /// The position (from 1, within the set).
        position: usize,
        /// The piece given.
        piece: u8,
        /// The set's piece numbers, from 1.
        pieces: u8,
    },
    /// Orbit puzzles: a piece given more often than the solved state holds
    /// it.
    #[error("set {set}, position {position}: piece {piece} appears more often than in the solved state")]
    RepeatedPiece {
        /// The set.
        set: Word,
        /// The position (from 1, within the set).
        position: usize,
        /// The piece repeated.
        piece: u8,
    },
    /// Orbit puzzles: an orientation out of range.
    #[error("set {set}, position {position}: orientation {orientation} is out of range (0 to {most})")]
    BadOrientation {
        /// The set.
        set: Word,
        /// The position (from 1, within the set).
        position: usize,
        /// The orientation given.
        orientation: u8,
        /// The largest orientation of the set.
        most: u8,
    },
    /// Orbit puzzles: text after the state's `End`.
    #[error("text after End")]
    AfterEnd,
}

/// A tile value for messages: `x` for the blank.
struct TileName(u8, bool);

impl fmt::Display for TileName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.1 { f.write_str("x") } else { write!(f, "{}", self.0) }
    }
}

impl Puzzle {
    /// Checks tile values (in reading order; [`BLANK`](crate::BLANK) for the
    /// blank of a sliding puzzle) and turns them into a [`State`]. For an
    /// orbit puzzle the values are the numbers of its blocks: every set's
    /// pieces (numbered from 1) then its orientations, set after set.
    ///
    /// # Errors
    ///
    /// A [`StateError`] for a wrong count, an unknown value or a value given
    /// more often than the goal holds it.
    #[inline]
    pub fn state_from_values(&self, values: &[u8]) -> Result<State, StateError> {
        if self.kind == Kind::Orbits {
            return self.orbit_state_from_numbers(values);
        }
        if self.has_repeated_tiles() || values.len() != self.cells() {
            return StateBuilder::build(self, values);
        }
        // Distinct tiles, the right count: one lookup and one bit per tile,
        // without branches; any problem shows in the masks at the end and
        // is then located by the careful path above.
        let mut cells = [0; MAX_CELLS];
        let mut seen = 0u32;
        let mut unknown = false;
        for (&value, cell) in values.iter().zip(&mut cells) {
            let label = self.label_of[usize::from(value)];
            unknown |= label == NO_LABEL;
            seen |= 1 << (label & 0xF);
            *cell = label;
        }
        if unknown || seen != (1u32 << values.len()) - 1 {
            return StateBuilder::build(self, values);
        }
        Ok(self.state_of_labels(cells))
    }

    /// Checks tile values and ranks them: `Ok(None)` if they form a state
    /// outside the rank space (one that cannot reach the goal). For distinct
    /// tiles ranked lexicographically or by parity class this is one pass
    /// over the values, with no [`State`] built.
    ///
    /// # Errors
    ///
    /// As [`Puzzle::state_from_values`].
    #[inline]
    pub fn rank_values(&self, values: &[u8]) -> Result<Option<u64>, StateError> {
        if values.len() == self.cells()
            && let Some((lex, odd)) = rank::rank_lex_parity_mapped(values, &self.label_of)
        {
            match self.ranking() {
                Ranking::Lex => return Ok(Some(lex)),
                Ranking::Parity => return Ok((odd == self.goal_odd).then_some(lex >> 1)),
                _ => {}
            }
        }
        let state = self.state_from_values(values)?;
        Ok(self.rank_checked(&state))
    }

    /// Parses a state written as text, in the tile grammar of the
    /// [`tiles`](crate::tiles) module: tile values in reading order, `x`
    /// for the blank; separators are optional when every tile is one
    /// character (`123456789`), otherwise ASCII whitespace. States of orbit
    /// puzzles are written in blocks instead (see [`OrbitReader`]).
    ///
    /// [`OrbitReader`]: crate::OrbitReader
    ///
    /// # Errors
    ///
    /// A [`StateError`] naming the column or cell that is wrong.
    pub fn parse(&self, text: &str) -> Result<State, StateError> {
        if self.kind == Kind::Orbits {
            return self.parse_orbits(text.as_bytes());
        }
        let mut tiles = Tiles::new();
        tiles.read(text.as_bytes(), self.single_character_tiles())?;
        self.state_from_tiles(&tiles)
    }

    /// Turns tiles read from text into a state: the right count, `x` only
    /// as the blank of a sliding puzzle, then [`Puzzle::state_from_values`].
    ///
    /// # Errors
    ///
    /// A [`StateError`] for a wrong count, a misplaced blank, or an unknown
    /// or repeated tile.
    pub fn state_from_tiles(&self, tiles: &Tiles) -> Result<State, StateError> {
        self.check_tiles(tiles)?;
        self.state_from_values(tiles.values())
    }

    /// The checks of [`Puzzle::state_from_tiles`] that concern the text
    /// rather than the values: the count, and where `x` was written.
    ///
    /// # Errors
    ///
    /// [`StateError::WrongCount`] or [`StateError::UnknownTile`].
    #[inline]
    pub fn check_tiles(&self, tiles: &Tiles) -> Result<(), StateError> {
        let expected = self.cells();
        if tiles.count() != expected {
            return Err(StateError::WrongCount { expected, found: tiles.count() });
        }
        tiles.check_blanks(self.kind() == crate::Kind::Sliding)
    }

    /// Whether every tile is written as one character (values up to 9, or
    /// the blank `x`), so that text states need no separators.
    #[must_use]
    pub fn single_character_tiles(&self) -> bool {
        self.goal_values().iter().all(|&v| v <= 9 || self.is_blank(v))
    }

    /// Shows a state as its tile values separated by spaces (`x` for the
    /// blank); with `{:#}`, as a grid of rows. An orbit puzzle's state is
    /// shown in blocks: every set's name, its pieces (numbered from 1) and,
    /// if it has orientations, their orientations, all on one line; with
    /// `{:#}`, each on a line of its own.
    #[must_use]
    pub fn display<'a>(&'a self, state: &'a State) -> StateDisplay<'a> {
        StateDisplay { puzzle: self, state }
    }
}

/// Counts tiles as they arrive and checks them against the goal's counts.
struct StateBuilder<'a> {
    puzzle: &'a Puzzle,
    cells: [u8; MAX_CELLS],
    used: [u8; MAX_CELLS],
    len: usize,
}

impl<'a> StateBuilder<'a> {
    /// Checks `values` one by one, stopping at the first problem.
    fn build(puzzle: &'a Puzzle, values: &[u8]) -> Result<State, StateError> {
        let mut builder = Self { puzzle, cells: [0; MAX_CELLS], used: [0; MAX_CELLS], len: 0 };
        for &value in values {
            builder.push(value)?;
        }
        builder.finish()
    }

    fn push(&mut self, value: u8) -> Result<(), StateError> {
        let expected = self.puzzle.cells();
        if self.len >= expected {
            return Err(StateError::WrongCount { expected, found: self.len + 1 });
        }
        let cell = self.len + 1;
        let blank = self.puzzle.is_blank(value);
        let Some(label) = self.puzzle.label_of(value) else {
            return Err(StateError::UnknownTile { cell, value, blank });
        };
        let used = &mut self.used[usize::from(label)];
        if *used >= self.puzzle.class_count(label) {
            return Err(StateError::RepeatedTile { cell, value, blank });
        }
        *used += 1;
        self.cells[self.len] = label;
        self.len += 1;
        Ok(())
    }

    fn finish(self) -> Result<State, StateError> {
        let expected = self.puzzle.cells();
        if self.len != expected {
            return Err(StateError::WrongCount { expected, found: self.len });
        }
        Ok(self.puzzle.state_of_labels(self.cells))
    }
}

/// A state shown as text; see [`Puzzle::display`].
pub struct StateDisplay<'a> {
    puzzle: &'a Puzzle,
    state: &'a State,
}

impl fmt::Display for StateDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let puzzle = self.puzzle;
        if puzzle.kind == Kind::Orbits {
            return puzzle.write_orbits(f, self.state);
        }
        let width = if f.alternate() {
            puzzle
                .goal_values()
                .iter()
                .map(|&v| {
                    if v >= 100 {
                        3
                    } else if v >= 10 {
                        2
                    } else {
                        1
                    }
                })
                .max()
                .unwrap_or(1)
        } else {
            0
        };
        for (i, &label) in self.state.labels().iter().enumerate() {
            if i > 0 {
                let new_row = f.alternate() && i % puzzle.cols() == 0;
                f.write_str(if new_row { "\n" } else { " " })?;
            }
            let value = puzzle.value_of(label);
            if puzzle.is_blank(value) {
                write!(f, "{:>width$}", "x")?;
            } else {
                write!(f, "{value:>width$}")?;
            }
        }
        Ok(())
    }
}
