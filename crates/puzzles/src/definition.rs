//! A puzzle with its names: the one description of a puzzle that built-ins,
//! spec files and table headers all hand out, and the table writer takes.

use core::fmt;

use crate::{MAX_MOVE_NAME, MAX_MOVES, MAX_PUZZLE_ID, ModelError, Puzzle, is_move_name, is_puzzle_id};

/// A puzzle, its id and the name of every move, checked together.
///
/// Everything is held inline (no allocator): the id and the names are
/// copied in, at most [`MAX_PUZZLE_ID`] and [`MAX_MOVES`] x
/// [`MAX_MOVE_NAME`] bytes.
///
/// ```
/// use godtab_puzzles::{Definition, MoveSet, Puzzle};
///
/// let puzzle = Puzzle::new(1, 2, &[1, 2], MoveSet::Permutation(&[1, 0])).unwrap();
/// let two = Definition::new("swap-two", ["swap"], puzzle).unwrap();
/// assert_eq!(two.id(), "swap-two");
/// assert_eq!(two.move_name(0), Some("swap"));
/// assert_eq!(two.move_name(1), None);
/// ```
#[derive(Clone)]
pub struct Definition {
    id: [u8; MAX_PUZZLE_ID],
    id_len: u8,
    /// Every name, one after another.
    names: [u8; MAX_MOVES * MAX_MOVE_NAME],
    /// Where each name ends in `names`.
    name_ends: [u16; MAX_MOVES],
    puzzle: Puzzle,
}

impl Definition {
    /// Checks the id ([`is_puzzle_id`]) and the names (one per move, each
    /// [`is_move_name`], no two alike) and puts them with the puzzle.
    ///
    /// # Errors
    ///
    /// [`ModelError::PuzzleId`], [`ModelError::MoveNameCount`],
    /// [`ModelError::MoveName`] or [`ModelError::DuplicateMoveName`].
    pub fn new<'a>(
        id: &str,
        move_names: impl IntoIterator<Item = &'a str>,
        puzzle: Puzzle,
    ) -> Result<Self, ModelError> {
        if !is_puzzle_id(id) {
            return Err(ModelError::PuzzleId);
        }
        let mut definition = Self {
            id: [0; MAX_PUZZLE_ID],
            id_len: id.len() as u8,
            names: [0; MAX_MOVES * MAX_MOVE_NAME],
            name_ends: [0; MAX_MOVES],
            puzzle,
        };
        definition.id[..id.len()].copy_from_slice(id.as_bytes());
        let moves = definition.puzzle.move_count();
        let mut count = 0;
        let mut end = 0;
        for (index, name) in move_names.into_iter().enumerate() {
            if index >= moves {
                return Err(ModelError::MoveNameCount { names: index + 1, moves });
            }
            if !is_move_name(name) {
                return Err(ModelError::MoveName { index });
            }
            if let Some(first) = definition.move_names().position(|earlier| earlier == name) {
                return Err(ModelError::DuplicateMoveName { first, second: index });
            }
            definition.names[end..end + name.len()].copy_from_slice(name.as_bytes());
            end += name.len();
            definition.name_ends[index] = end as u16;
            count += 1;
        }
        if count != moves {
            return Err(ModelError::MoveNameCount { names: count, moves });
        }
        Ok(definition)
    }

    /// The puzzle's id, e.g. `nine-digits`.
    #[must_use]
    pub fn id(&self) -> &str {
        text(&self.id[..usize::from(self.id_len)])
    }

    /// The puzzle.
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The name of move `index`, or `None` past the last move.
    #[must_use]
    pub fn move_name(&self, index: usize) -> Option<&str> {
        if index >= self.puzzle.move_count() {
            return None;
        }
        let start = if index == 0 { 0 } else { usize::from(self.name_ends[index - 1]) };
        let end = usize::from(self.name_ends[index]);
        self.names.get(start..end).map(text)
    }

    /// Every move's name, in declared order (only those set so far while
    /// [`Definition::new`] runs).
    pub fn move_names(&self) -> impl Iterator<Item = &str> {
        (0..self.puzzle.move_count()).map_while(|m| self.move_name(m).filter(|name| !name.is_empty()))
    }

    /// Whether both define the same puzzle: the same board, goal, moves and
    /// move names, in the same order, whatever their ids and rankings.
    #[must_use]
    pub fn same_as(&self, other: &Self) -> bool {
        self.puzzle.same_as(&other.puzzle) && self.move_names().eq(other.move_names())
    }
}

/// Bytes copied from a checked `&str`: always UTF-8.
fn text(bytes: &[u8]) -> &str {
    core::str::from_utf8(bytes).unwrap_or_default()
}

impl fmt::Debug for Definition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Definition")
            .field("id", &self.id())
            .field("move_names", &DebugNames(self))
            .field("puzzle", &self.puzzle)
            .finish()
    }
}

struct DebugNames<'a>(&'a Definition);

impl fmt::Debug for DebugNames<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.move_names()).finish()
    }
}
