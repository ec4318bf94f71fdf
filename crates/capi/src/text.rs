//! Inputs from C made safe to read: tile arrays, state text (with a length
//! or NUL-terminated), and the states they describe.

use core::ffi::{CStr, c_char};

use godtab_puzzles::{MAX_CELLS, State, Tiles};
use godtab_runtime::Puzzle;

use crate::Status::{self, *};
use crate::storage::GODTAB_NUL_TERMINATED;

/// The tile values at `tiles`, once they are known to be as many as a
/// puzzle can have cells (more is a wrong count, whatever they hold, and
/// is never read).
///
/// # Safety
///
/// `tiles` is NULL or points to `count` readable bytes.
pub(crate) unsafe fn tile_values<'a>(tiles: *const u8, count: usize) -> Result<&'a [u8], Status> {
    if tiles.is_null() {
        return Err(GODTAB_ERROR_NULL);
    }
    if count > MAX_CELLS {
        return Err(GODTAB_ERROR_TILE_COUNT);
    }
    // SAFETY: the caller vouches for `count` readable bytes, and `count`
    // is at most MAX_CELLS (16).
    Ok(unsafe { core::slice::from_raw_parts(tiles, count) })
}

/// The bytes of state text: `len` bytes, or up to the NUL when `len` is
/// `GODTAB_NUL_TERMINATED`.
///
/// # Safety
///
/// `text` is NULL, or NUL-terminated when `len` is
/// `GODTAB_NUL_TERMINATED`, or else points to `len` readable bytes.
pub(crate) unsafe fn text_bytes<'a>(text: *const c_char, len: usize) -> Result<&'a [u8], Status> {
    if text.is_null() {
        return Err(GODTAB_ERROR_NULL);
    }
    if len == GODTAB_NUL_TERMINATED {
        // SAFETY: NUL-terminated, by the caller's rule.
        return Ok(unsafe { CStr::from_ptr(text) }.to_bytes());
    }
    // No slice can be longer than isize::MAX bytes; such text would hold
    // far more tiles than any puzzle has cells anyway.
    if isize::try_from(len).is_err() {
        return Err(GODTAB_ERROR_TILE_COUNT);
    }
    // SAFETY: the caller vouches for `len` readable bytes; `len` fits an
    // isize.
    Ok(unsafe { core::slice::from_raw_parts(text.cast::<u8>(), len) })
}

/// The state written in `text`, in the tile grammar of the command line:
/// tile values in reading order, `x` for the blank, separated by
/// whitespace (optional when every tile is one character).
pub(crate) fn parse(puzzle: &Puzzle, text: &[u8]) -> Result<State, Status> {
    let mut tiles = Tiles::new();
    tiles.read(text, puzzle.single_character_tiles())?;
    Ok(puzzle.state_from_tiles(&tiles)?)
}
