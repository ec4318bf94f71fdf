//! A state of any table's puzzle, and how its text is written.

use godtab_runtime::State;
use godtab_twisty::model::Cells;

/// How a state is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Written {
    /// As the table's puzzle writes a state: a tile puzzle's tiles in
    /// reading order ("4 1 3 5 2 6 7 8 9", `x` for the blank), an orbit
    /// puzzle's blocks ("CORNERS 2 1 3 4 5 6 7 8").
    State,
    /// As the moves that lead to it from the goal ("R U F' R2").
    Scramble,
    /// The 3x3x3 cube's 54 facelet letters (faces U R F D L B, as
    /// Kociemba's `kociemba` package writes a cube).
    Facelets,
}

impl Written {
    /// The command-line flag that gives a state written so (empty for a
    /// plain state), for messages.
    #[must_use]
    pub fn flag(self) -> &'static str {
        match self {
            Self::State => "",
            Self::Scramble => "--scramble",
            Self::Facelets => "--facelets",
        }
    }
}

/// A state of a table's puzzle: tiles on a board (complete tables and tile
/// pattern sets) or pieces in orbits (orbit pattern sets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position {
    /// A tile puzzle's state.
    Tiles(State),
    /// An orbit puzzle's state.
    Cells(Cells),
    /// The 3x3x3 cube, for the two-phase solver.
    Cube(godtab_twophase::Cube),
}

impl Position {
    /// The tile state, if this is one.
    #[must_use]
    pub fn tiles(&self) -> Option<&State> {
        match self {
            Self::Tiles(state) => Some(state),
            Self::Cells(_) | Self::Cube(_) => None,
        }
    }
}

impl From<State> for Position {
    fn from(state: State) -> Self {
        Self::Tiles(state)
    }
}
