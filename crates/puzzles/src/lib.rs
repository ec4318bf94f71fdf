//! The godtab puzzle model.
//!
//! A [`Puzzle`] is a board of at most [`MAX_CELLS`] cells, a goal, and an
//! ordered list of moves; a [`Definition`] is a puzzle with its id and move
//! names. Everything about it is data, so the same code serves the built-in
//! puzzles ([`builtin`]), puzzles loaded from spec files and puzzles
//! described by a table file's header:
//!
//! - a *permutation* puzzle's moves are position maps: after a move,
//!   `new[i] = old[map[i]]`;
//! - a *sliding* puzzle has one blank and the four moves `u`, `d`, `l`, `r`,
//!   naming the neighbour of the blank that is swapped with it.
//!
//! States are [`State`]s: the board's cells in reading order, each holding a
//! *label* (the tile's place among the goal's distinct values, smallest
//! first, with the blank last). [`Puzzle::rank`] maps every state of the
//! puzzle's rank space to a distinct number below [`Puzzle::slots`], and
//! [`Puzzle::unrank`] maps back; the [`Ranking`] is chosen from the puzzle's
//! shape so that no slot is wasted where that can be known up front.
//! States are read from text in one grammar, the [`tiles`] module's.
//!
//! ```
//! use godtab_puzzles::builtin;
//!
//! let definition = builtin::NINE_DIGITS.definition();
//! let puzzle = definition.puzzle();
//! let state = puzzle.parse("4 1 3 5 2 6 7 8 9").unwrap();
//! // Rotating the top-left 2x2 block clockwise three times solves it.
//! let mut s = state;
//! for _ in 0..3 {
//!     s = puzzle.apply(&s, 0).unwrap();
//! }
//! assert_eq!(s, puzzle.goal());
//! assert_eq!(definition.move_name(0), Some("A"));
//! ```
//!
//! Beside boards, *orbit puzzles* ([`Kind::Orbits`], built with
//! [`Puzzle::new_orbits`]) model twisty puzzles as ksolve and twsearch do:
//! pieces in orbits, each with an orientation. Their states are read and
//! written in those programs' block syntax ([`OrbitReader`]), and any
//! puzzle's state can be given as a scramble ([`Definition::scramble`]).
//!
//! # Crate features
//!
//! - `alloc`: the move-table cursors of orbit puzzles and of nine-cell
//!   boards, which the generator uses ([`Puzzle::with_cursor`]). Without
//!   it the crate allocates nothing, orbit puzzles get a cursor that ranks
//!   whole states, and nine-cell boards rank every neighbour from its
//!   labels.
//!
//! The crate is `#![no_std]` either way.

#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod builtin;
mod by_hand;
mod cursor;
mod definition;
mod error;
mod group;
mod move_set;
mod moves;
#[cfg(feature = "alloc")]
mod nine_cell_moves;
mod nine_cells;
mod orbit_cursor;
mod orbit_ranking;
mod orbit_text;
mod orbits;
mod patterns;
mod puzzle;
mod ranking;
mod scramble;
mod state;
mod text;
pub mod tiles;
mod undo;
mod word;

pub use cursor::{Cursor, WithCursor};
pub use definition::Definition;
pub use error::ModelError;
pub use group::MoveGroup;
pub use move_set::{MAX_SLIDES, MoveSet, SLIDING_MOVE_NAMES, SlideName, slide_name};
pub use moves::Carry;
#[cfg(feature = "alloc")]
pub use nine_cell_moves::NineCellMoves;
pub use nine_cells::NineCellRank;
pub use orbit_text::OrbitReader;
pub use orbits::{MAX_ORBIT_NAME, MAX_ORIENTATIONS, Orbit, OrbitInfo, Orbits, Permutations, is_orbit_name};
pub use patterns::{Combine, Located, MAX_PATTERNS, PatternError, PatternList};
pub use puzzle::{Kind, Puzzle};
pub use ranking::Ranking;
pub use scramble::ScrambleError;
pub use state::State;
pub use text::{StateDisplay, StateError};
pub use tiles::Tiles;
pub use word::Word;

/// The most cells a board may have (and pieces an orbit puzzle, all orbits
/// together): labels fit in 4 bits, and `16!` ranks fit in a `u64`.
pub const MAX_CELLS: usize = 16;

/// The most moves a puzzle may have (a move index fits in 6 bits).
pub const MAX_MOVES: usize = 64;

/// The longest move name, in bytes: answers stay short however many moves
/// they hold.
pub const MAX_MOVE_NAME: usize = 32;

/// The longest puzzle id, in bytes.
pub const MAX_PUZZLE_ID: usize = 64;

/// Whether `id` can be a puzzle's id: 1 to [`MAX_PUZZLE_ID`] bytes of ASCII
/// letters, digits and `-` (ids name files, `<id>.gtab`).
#[must_use]
pub fn is_puzzle_id(id: &str) -> bool {
    (1..=MAX_PUZZLE_ID).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Whether `name` can name a move: 1 to [`MAX_MOVE_NAME`] bytes, without
/// whitespace (answers separate moves with spaces) or control characters
/// (they are printed).
#[must_use]
pub fn is_move_name(name: &str) -> bool {
    (1..=MAX_MOVE_NAME).contains(&name.len()) && !name.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// The tile value that stands for the blank of a sliding puzzle in numeric
/// states (written `x` in text).
pub const BLANK: u8 = 0;
