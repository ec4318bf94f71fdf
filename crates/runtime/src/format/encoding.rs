//! How a complete table stores its answers ([`Encoding`]: full, compact,
//! parity), and the widths of its sections that follow from it
//! ([`Layout`]).

use godtab_puzzles::Puzzle;
use serde::{Deserialize, Serialize};

use super::bits_for;

/// How a table stores its answers. The header records it by variant index
/// (postcard): `Full` is 0, `Compact` 1, `Parity` 2 (format version 3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Encoding {
    /// The distance and the parent move of every state: a distance is one
    /// read, a solution one read per move. The default.
    #[default]
    Full,
    /// Only the distance modulo 3, in 2 bits per state. When every move can
    /// be undone by a move (sliding puzzles always), a state's neighbours
    /// lie at distances `d-1`, `d` and `d+1`, which differ modulo 3, so the
    /// move that gets closer is found by trying the moves in declared order
    /// (the same canonical move a full table stores), and the distance by
    /// walking to the goal: O(d x moves) per distance query, O(moves) per
    /// solution step. For tables too large to store in full; refused for
    /// puzzles whose moves cannot undo each other ([`Encoding::check`]).
    Compact,
    /// One bit per state: `floor(d / 2) mod 2`. On a sliding board every
    /// move takes the blank to a cell of the other colour (as on a
    /// chessboard), so a state's distance is even or odd as its blank's
    /// colour is the goal blank's or not; with the stored bit that gives
    /// `d mod 4`, and neighbours lie at `d - 1` and `d + 1`, which differ
    /// modulo 4. Answers as [`Encoding::Compact`] does, in half its size.
    /// For sliding boards of distinct tiles, two rows and two columns or
    /// more (every state of the rank space reachable, so no marker is
    /// needed).
    Parity,
}

/// The widths of a table's sections and the value that marks an
/// unreachable rank: the rule both the writer and the reader apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Bits per distance entry.
    pub distance: u8,
    /// Bits per parent entry (0: no parent section).
    pub parent: u8,
    /// The stored value of an unreachable rank (every other stored value is
    /// a distance, or a distance modulo 3).
    pub marker: u8,
}

impl Encoding {
    /// The encoding's name, as `godtab gen --encoding` and every front end
    /// write it: "full", "compact", "parity".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Full => "full",
            Self::Compact => "compact",
            Self::Parity => "parity",
        }
    }

    /// Whether `puzzle`'s tables can be stored this way; if not, why.
    ///
    /// # Errors
    ///
    /// For [`Encoding::Compact`], when a move cannot be undone by a move: a
    /// neighbour could then be two moves further, which looks the same
    /// modulo 3 as one a move closer.
    pub fn check(self, puzzle: &Puzzle) -> Result<(), &'static str> {
        match self {
            Self::Compact if !puzzle.moves_undo_each_other() => {
                Err("the compact encoding needs every move to be undone by a move, and this puzzle's moves are one-way")
            }
            Self::Parity if puzzle.is_multi_tile() => Err("the parity encoding needs every move to change the \
                 distance's parity, and a multi-tile move of two cells keeps the blank's colour"),
            Self::Parity if !puzzle.has_parity_of_rank() => {
                Err("the parity encoding needs a puzzle whose every move flips a parity read from the state's rank: a \
                 sliding board of distinct tiles, two rows and two columns or more (its blank changes colour at \
                 every move); this puzzle is not one")
            }
            _ => Ok(()),
        }
    }

    /// The oldest format version that holds a table of this encoding.
    #[must_use]
    pub fn version(self) -> u32 {
        match self {
            Self::Full | Self::Compact => 2,
            Self::Parity => 3,
        }
    }

    /// How many distances the stored value of a state tells apart: a
    /// state's distance is known modulo this (with its parity, for
    /// [`Encoding::Parity`]); 0 for [`Encoding::Full`], which stores it.
    #[must_use]
    pub fn modulus(self) -> u8 {
        match self {
            Self::Full => 0,
            Self::Compact => 3,
            Self::Parity => 4,
        }
    }

    /// The layout of a table of this encoding for a puzzle of `moves` moves
    /// whose deepest state is `max_depth` moves away, with unreachable ranks
    /// or not.
    pub(crate) fn layout(self, max_depth: u8, unreachable: bool, moves: usize) -> Layout {
        match self {
            Self::Full => {
                let distance = bits_for(u64::from(max_depth) + u64::from(unreachable));
                Layout {
                    distance,
                    parent: bits_for(moves.saturating_sub(1) as u64),
                    marker: ((1u16 << distance.min(8)) - 1) as u8,
                }
            }
            Self::Compact => Layout { distance: 2, parent: 0, marker: 3 },
            // Every state is reachable: no marker (2 is never stored).
            Self::Parity => Layout { distance: 1, parent: 0, marker: 2 },
        }
    }

    /// The value stored for distance `d`.
    #[cfg(feature = "alloc")]
    pub(crate) fn stored(self, d: u8) -> u8 {
        match self {
            Self::Full => d,
            Self::Compact => d % 3,
            Self::Parity => (d / 2) % 2,
        }
    }
}
