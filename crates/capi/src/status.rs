//! One status code per failure, with a static message each, and the
//! runtime's errors mapped onto them.

use core::ffi::c_char;

use godtab_runtime::{Error, QueryError, StateError};

/// What a call did: `GODTAB_OK`, the answer `GODTAB_UNSOLVABLE`, or why it
/// failed. `godtab_status_message` describes each.
///
/// The numbers are part of the ABI and never change meaning. They come in
/// groups with room between them: codes will be added (new kinds of table
/// and puzzle), so treat any code you do not know as a failure and print
/// its message.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// The variants carry their C names, so the header and the code say the same.
#[allow(non_camel_case_types)]
pub enum Status {
    /// Success: the out-parameters hold the answer.
    GODTAB_OK = 0,
    /// The answer for a state that cannot reach the goal: there is no
    /// distance and no solution (not a failure of the call; nothing is
    /// written to the out-parameters).
    GODTAB_UNSOLVABLE = 1,

    /// A pointer the function needs is NULL.
    GODTAB_ERROR_NULL = 10,
    /// The output buffer is too small; where the function says so, the
    /// length needed was written.
    GODTAB_ERROR_BUFFER_TOO_SMALL = 11,
    /// The `godtab_table` holds no open table: it was never opened (or
    /// zeroed), its open failed, it was closed, or it is a copy (a table
    /// is used where it was opened).
    GODTAB_ERROR_NOT_OPEN = 12,
    /// The `godtab_table` pointer is not aligned for a `godtab_table`.
    GODTAB_ERROR_MISALIGNED = 13,
    /// No move has this index.
    GODTAB_ERROR_MOVE_INDEX = 14,
    /// This library cannot do that: opening files without std
    /// (`libgodtab_nostd.a`), or a kind of table or question it does not
    /// know.
    GODTAB_ERROR_UNSUPPORTED = 15,

    /// The bytes are not a godtab table (too short, or no magic label).
    GODTAB_ERROR_NOT_A_TABLE = 20,
    /// A table of another format version or byte order than this library
    /// reads: regenerate it, or use the library that came with it.
    GODTAB_ERROR_VERSION = 21,
    /// The table is damaged: truncated, or a field, header or section that
    /// cannot be.
    GODTAB_ERROR_CORRUPT = 22,
    /// The checksum over the table's bytes does not match
    /// (`godtab_table_verify`): some byte changed since it was written.
    GODTAB_ERROR_CHECKSUM = 23,
    /// The table contradicts itself while answering: damage the checks at
    /// open did not see (`godtab_table_verify` tells whether the checksum
    /// catches it).
    GODTAB_ERROR_CONTRADICTION = 24,

    /// The state has the wrong number of tiles for the puzzle.
    GODTAB_ERROR_TILE_COUNT = 30,
    /// A tile value the puzzle does not have (or `x` where there is no
    /// blank).
    GODTAB_ERROR_UNKNOWN_TILE = 31,
    /// A tile given more often than the goal holds it.
    GODTAB_ERROR_REPEATED_TILE = 32,
    /// State text with a character that is no part of a tile (or a number
    /// above 255).
    GODTAB_ERROR_BAD_CHARACTER = 33,
    /// Not a state of this puzzle, for a reason not listed above.
    GODTAB_ERROR_BAD_STATE = 34,

    /// The file cannot be read: missing, no permission, a folder or a
    /// device, a path that is not text the system takes.
    GODTAB_ERROR_IO = 40,
    /// A compressed table is larger than the library accepts (16 GiB).
    GODTAB_ERROR_TOO_LARGE = 41,

    /// A search reached its node limit before it found a solution
    /// (`godtab_solve_within` and `godtab_cube_solve` set the limit).
    GODTAB_ERROR_NODE_LIMIT = 50,
    /// Every solution is longer than `GODTAB_MAX_SOLUTION` moves: more
    /// than a search goes.
    GODTAB_ERROR_TOO_DEEP = 51,

    /// Not a cube's facelets: not 54 letters of U R F D L B, not nine of
    /// each, or a centre out of place.
    GODTAB_ERROR_CUBE_FACELETS = 60,
    /// A corner or edge that no cube has (colours of opposite faces
    /// together), or one piece twice.
    GODTAB_ERROR_CUBE_PIECES = 61,
    /// One corner twisted: no turns of the faces reach this cube.
    GODTAB_ERROR_CUBE_TWISTED = 62,
    /// One edge flipped: no turns of the faces reach this cube.
    GODTAB_ERROR_CUBE_FLIPPED = 63,
    /// Two pieces swapped (an odd permutation): no turns of the faces reach
    /// this cube.
    GODTAB_ERROR_CUBE_PARITY = 64,
    /// No solution was found within the length asked (below 20 moves there
    /// may be none).
    GODTAB_ERROR_CUBE_NOT_FOUND = 65,

    /// A bug in godtab: a failure that cannot happen did (with std, a
    /// panic caught at the boundary). Please report it.
    GODTAB_ERROR_INTERNAL = 99,
}

use Status::*;

/// Every status, in order: the tests check each message and code.
#[cfg(test)]
pub(crate) const ALL: [Status; 29] = [
    GODTAB_OK,
    GODTAB_UNSOLVABLE,
    GODTAB_ERROR_NULL,
    GODTAB_ERROR_BUFFER_TOO_SMALL,
    GODTAB_ERROR_NOT_OPEN,
    GODTAB_ERROR_MISALIGNED,
    GODTAB_ERROR_MOVE_INDEX,
    GODTAB_ERROR_UNSUPPORTED,
    GODTAB_ERROR_NOT_A_TABLE,
    GODTAB_ERROR_VERSION,
    GODTAB_ERROR_CORRUPT,
    GODTAB_ERROR_CHECKSUM,
    GODTAB_ERROR_CONTRADICTION,
    GODTAB_ERROR_TILE_COUNT,
    GODTAB_ERROR_UNKNOWN_TILE,
    GODTAB_ERROR_REPEATED_TILE,
    GODTAB_ERROR_BAD_CHARACTER,
    GODTAB_ERROR_BAD_STATE,
    GODTAB_ERROR_IO,
    GODTAB_ERROR_TOO_LARGE,
    GODTAB_ERROR_NODE_LIMIT,
    GODTAB_ERROR_TOO_DEEP,
    GODTAB_ERROR_CUBE_FACELETS,
    GODTAB_ERROR_CUBE_PIECES,
    GODTAB_ERROR_CUBE_TWISTED,
    GODTAB_ERROR_CUBE_FLIPPED,
    GODTAB_ERROR_CUBE_PARITY,
    GODTAB_ERROR_CUBE_NOT_FOUND,
    GODTAB_ERROR_INTERNAL,
];

impl Status {
    /// The message, NUL-terminated: static text in the library.
    pub(crate) const fn message(self) -> &'static [u8] {
        match self {
            GODTAB_OK => b"ok\0",
            GODTAB_UNSOLVABLE => b"the state cannot reach the goal\0",
            GODTAB_ERROR_NULL => b"a required pointer is NULL\0",
            GODTAB_ERROR_BUFFER_TOO_SMALL => b"the output buffer is too small\0",
            GODTAB_ERROR_NOT_OPEN => {
                b"the godtab_table holds no open table (never opened, failed to open, closed, or a copy)\0"
            }
            GODTAB_ERROR_MISALIGNED => b"the godtab_table pointer is not aligned for a godtab_table\0",
            GODTAB_ERROR_MOVE_INDEX => b"no move has this index\0",
            GODTAB_ERROR_UNSUPPORTED => {
                b"not supported by this library (files need libgodtab, not libgodtab_nostd; or an unknown kind of table)\0"
            }
            GODTAB_ERROR_NOT_A_TABLE => b"not a godtab table (too short, or no magic label)\0",
            GODTAB_ERROR_VERSION => {
                b"the table has another format version or byte order than this library reads; regenerate it\0"
            }
            GODTAB_ERROR_CORRUPT => b"the table is corrupt (truncated or damaged); regenerate it\0",
            GODTAB_ERROR_CHECKSUM => b"the table's checksum does not match its bytes; regenerate it\0",
            GODTAB_ERROR_CONTRADICTION => b"the table is damaged: it contradicts itself; regenerate it\0",
            GODTAB_ERROR_TILE_COUNT => b"the state has the wrong number of tiles for this puzzle\0",
            GODTAB_ERROR_UNKNOWN_TILE => b"the state has a tile this puzzle does not have\0",
            GODTAB_ERROR_REPEATED_TILE => b"the state has a tile more often than the goal has it\0",
            GODTAB_ERROR_BAD_CHARACTER => b"the state text has a character that is not part of a tile\0",
            GODTAB_ERROR_BAD_STATE => b"not a state of this puzzle\0",
            GODTAB_ERROR_IO => b"the file cannot be read (missing, no permission, a folder or a device)\0",
            GODTAB_ERROR_TOO_LARGE => b"the compressed table is larger than the library accepts (16 GiB)\0",
            GODTAB_ERROR_NODE_LIMIT => b"the search reached its node limit before it found a solution\0",
            GODTAB_ERROR_TOO_DEEP => {
                b"every solution is longer than a search goes (255 moves; the cube's: 32)\0"
            }
            GODTAB_ERROR_CUBE_FACELETS => {
                b"not a cube's facelets: 54 letters of URFDLB, nine of each, centres in place\0"
            }
            GODTAB_ERROR_CUBE_PIECES => b"the facelets give a corner or edge no cube has, or one piece twice\0",
            GODTAB_ERROR_CUBE_TWISTED => b"a corner is twisted: no turns of the faces reach this cube\0",
            GODTAB_ERROR_CUBE_FLIPPED => b"an edge is flipped: no turns of the faces reach this cube\0",
            GODTAB_ERROR_CUBE_PARITY => {
                b"two pieces are swapped (odd permutation): no turns of the faces reach this cube\0"
            }
            GODTAB_ERROR_CUBE_NOT_FOUND => b"no solution found within the length asked\0",
            GODTAB_ERROR_INTERNAL => b"internal error in godtab (a bug: please report it)\0",
        }
    }

    /// The status of a failure to open or verify a table, or to answer.
    pub(crate) fn of_error(error: &Error) -> Self {
        match error {
            Error::TooShort { .. } | Error::NotATable => GODTAB_ERROR_NOT_A_TABLE,
            Error::BigEndian | Error::Version { .. } => GODTAB_ERROR_VERSION,
            Error::Length { .. }
            | Error::Corrupt { .. }
            | Error::Header { .. }
            | Error::Puzzle(_)
            | Error::Section { .. } => GODTAB_ERROR_CORRUPT,
            Error::Checksum { .. } => GODTAB_ERROR_CHECKSUM,
            Error::State(e) => Self::of_state(e),
            Error::Query(e) => Self::of_query(*e),
            // A failure added to the runtime after this mapping was written.
            other if other.is_damage() => GODTAB_ERROR_CORRUPT,
            _ => GODTAB_ERROR_UNSUPPORTED,
        }
    }

    /// The status of tiles or text that are not a state.
    pub(crate) fn of_state(error: &StateError) -> Self {
        match error {
            StateError::WrongCount { .. } => GODTAB_ERROR_TILE_COUNT,
            StateError::UnknownTile { .. } => GODTAB_ERROR_UNKNOWN_TILE,
            StateError::RepeatedTile { .. } => GODTAB_ERROR_REPEATED_TILE,
            StateError::BadCharacter { .. } | StateError::BadByte { .. } | StateError::NumberTooLarge { .. } => {
                GODTAB_ERROR_BAD_CHARACTER
            }
            _ => GODTAB_ERROR_BAD_STATE,
        }
    }

    /// The status of a question not answered.
    pub(crate) fn of_query(error: QueryError) -> Self {
        match error {
            QueryError::Unsolvable => GODTAB_UNSOLVABLE,
            QueryError::BufferTooSmall { .. } => GODTAB_ERROR_BUFFER_TOO_SMALL,
            QueryError::Corrupt(_) => GODTAB_ERROR_CONTRADICTION,
            // States are built here from the table's own puzzle, so a state
            // of another puzzle cannot reach a query.
            QueryError::WrongPuzzle => GODTAB_ERROR_INTERNAL,
            _ => GODTAB_ERROR_UNSUPPORTED,
        }
    }

    /// The status for a raw code, if it is one.
    fn from_code(code: i32) -> Option<Self> {
        Some(match code {
            0 => GODTAB_OK,
            1 => GODTAB_UNSOLVABLE,
            10 => GODTAB_ERROR_NULL,
            11 => GODTAB_ERROR_BUFFER_TOO_SMALL,
            12 => GODTAB_ERROR_NOT_OPEN,
            13 => GODTAB_ERROR_MISALIGNED,
            14 => GODTAB_ERROR_MOVE_INDEX,
            15 => GODTAB_ERROR_UNSUPPORTED,
            20 => GODTAB_ERROR_NOT_A_TABLE,
            21 => GODTAB_ERROR_VERSION,
            22 => GODTAB_ERROR_CORRUPT,
            23 => GODTAB_ERROR_CHECKSUM,
            24 => GODTAB_ERROR_CONTRADICTION,
            30 => GODTAB_ERROR_TILE_COUNT,
            31 => GODTAB_ERROR_UNKNOWN_TILE,
            32 => GODTAB_ERROR_REPEATED_TILE,
            33 => GODTAB_ERROR_BAD_CHARACTER,
            34 => GODTAB_ERROR_BAD_STATE,
            40 => GODTAB_ERROR_IO,
            41 => GODTAB_ERROR_TOO_LARGE,
            50 => GODTAB_ERROR_NODE_LIMIT,
            51 => GODTAB_ERROR_TOO_DEEP,
            60 => GODTAB_ERROR_CUBE_FACELETS,
            61 => GODTAB_ERROR_CUBE_PIECES,
            62 => GODTAB_ERROR_CUBE_TWISTED,
            63 => GODTAB_ERROR_CUBE_FLIPPED,
            64 => GODTAB_ERROR_CUBE_PARITY,
            65 => GODTAB_ERROR_CUBE_NOT_FOUND,
            99 => GODTAB_ERROR_INTERNAL,
            _ => return None,
        })
    }
}

/// A failure of an internal step, carried by `?` to the entry point.
impl From<StateError> for Status {
    fn from(error: StateError) -> Self {
        Self::of_state(&error)
    }
}

impl From<QueryError> for Status {
    fn from(error: QueryError) -> Self {
        Self::of_query(error)
    }
}

impl From<Error> for Status {
    fn from(error: Error) -> Self {
        Self::of_error(&error)
    }
}

/// Describes a status code: a static, NUL-terminated English sentence
/// (never NULL; never free it).
///
/// `status` may be any number: a code this library does not know (from a
/// newer library, or no code at all) gets "unknown godtab status code".
#[unsafe(no_mangle)]
pub extern "C" fn godtab_status_message(status: i32) -> *const c_char {
    let message: &'static [u8] = match Status::from_code(status) {
        Some(known) => known.message(),
        None => b"unknown godtab status code\0",
    };
    message.as_ptr().cast()
}

/// The library's version, e.g. "0.1.0": a static, NUL-terminated string
/// (never NULL; never free it).
#[unsafe(no_mangle)]
pub extern "C" fn godtab_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}
