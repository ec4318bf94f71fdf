//! The questions: the distance of a state to the goal and an optimal
//! solution, for states given as tile values or as text, and solutions
//! written as move names. A complete table looks the answer up; a pattern
//! set searches for it (IDA*, on the caller's stack, within a node limit).

use core::ffi::c_char;

use godtab_puzzles::State;
use godtab_runtime::{PatternSet, QueryError, TableFile};
use godtab_search::{DEFAULT_MAX_NODES, Outcome, Report, Searcher};

use crate::Status::{self, *};
use crate::storage::{GodtabTable, open_table};
use crate::{catch_panic, text};

/// The number of moves from the state with these tile values to the goal.
///
/// `tiles` holds `count` tile values in reading order (rows top to bottom,
/// each left to right); the blank of a sliding puzzle is 0. On `GODTAB_OK`
/// `*distance` is the answer (0 for the goal); on `GODTAB_UNSOLVABLE`
/// (the goal cannot be reached) and on failures it is not written.
///
/// Returns `GODTAB_OK`, `GODTAB_UNSOLVABLE`, `GODTAB_ERROR_TILE_COUNT`,
/// `GODTAB_ERROR_UNKNOWN_TILE`, `GODTAB_ERROR_REPEATED_TILE`,
/// `GODTAB_ERROR_CONTRADICTION`, `GODTAB_ERROR_NULL`,
/// `GODTAB_ERROR_MISALIGNED` or `GODTAB_ERROR_NOT_OPEN`. Time: constant
/// (tens of nanoseconds) for a full table.
///
/// # Safety
///
/// `table` is NULL or points to a `godtab_table` that was zeroed or passed
/// to an open function; `tiles` is NULL or points to `count` readable
/// bytes; `distance` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_distance(
    table: *const GodtabTable,
    tiles: *const u8,
    count: usize,
    distance: *mut u32,
) -> Status {
    catch_panic::status(|| {
        // SAFETY: the caller's rule for `table`.
        let table = unsafe { open_table(table) }?;
        // SAFETY: the caller's rule for `tiles`.
        let values = unsafe { text::tile_values(tiles, count) }?;
        check_out(distance)?;
        let answer = match table {
            TableFile::Complete(table) => table.distance_of_values(values)?,
            _ => distance_of(
                table,
                &crate::storage::definition(table)?.puzzle().state_from_values(values)?,
                DEFAULT_MAX_NODES,
            )?,
        };
        // SAFETY: `distance` is non-null and writable (the caller's rule).
        unsafe { write_distance(answer, distance) }
    })
}

/// `godtab_distance` for a state written as text: tile values in reading
/// order separated by whitespace, `x` for the blank ("2 3 4 1 5 x 7 6 8";
/// separators are optional when every tile is one character:
/// "23415x768"). Line breaks count as whitespace, so a board written as
/// rows works too.
///
/// `text` holds `len` bytes, or is NUL-terminated when `len` is
/// `GODTAB_NUL_TERMINATED`.
///
/// Returns as `godtab_distance`, and `GODTAB_ERROR_BAD_CHARACTER`.
///
/// # Safety
///
/// As `godtab_distance`, with `text` NULL, or NUL-terminated when `len` is
/// `GODTAB_NUL_TERMINATED`, or else pointing to `len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_distance_text(
    table: *const GodtabTable,
    text: *const c_char,
    len: usize,
    distance: *mut u32,
) -> Status {
    catch_panic::status(|| {
        // SAFETY: the caller's rule for `table`.
        let table = unsafe { open_table(table) }?;
        // SAFETY: the caller's rule for `text`.
        let text = unsafe { text::text_bytes(text, len) }?;
        check_out(distance)?;
        let state = text::parse(crate::storage::definition(table)?.puzzle(), text)?;
        let answer = distance_of(table, &state, DEFAULT_MAX_NODES)?;
        // SAFETY: `distance` is non-null and writable (the caller's rule).
        unsafe { write_distance(answer, distance) }
    })
}

/// An optimal solution of the state with these tile values, as move
/// indices (`godtab_move_name` names them): the lexicographically least
/// of the shortest move sequences, so the same answer every time.
///
/// `tiles` and `count` as for `godtab_distance`. The moves go to `moves`,
/// which holds `capacity` bytes (NULL is allowed when `capacity` is 0);
/// `*len` gets their number. A buffer of `godtab_table_max_depth` bytes
/// (at most `GODTAB_MAX_SOLUTION`) is always enough. The goal's solution
/// is empty: `GODTAB_OK` and `*len` 0.
///
/// Returns `GODTAB_OK`; `GODTAB_ERROR_BUFFER_TOO_SMALL` with `*len` set to
/// the moves needed (the buffer's contents are then unspecified);
/// `GODTAB_UNSOLVABLE` (nothing written); or a failure as for
/// `godtab_distance`. Time: a few nanoseconds per move for a full table.
///
/// # Safety
///
/// As `godtab_distance`, with `moves` NULL or pointing to `capacity`
/// writable bytes and `len` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_solve(
    table: *const GodtabTable,
    tiles: *const u8,
    count: usize,
    moves: *mut u8,
    capacity: usize,
    len: *mut usize,
) -> Status {
    // SAFETY: the caller's rules are godtab_solve_within's; 0 is the
    // default node limit.
    unsafe { godtab_solve_within(table, tiles, count, 0, moves, capacity, len) }
}

/// `godtab_solve` for a state written as text (see
/// `godtab_distance_text`).
///
/// Returns as `godtab_solve`, and `GODTAB_ERROR_BAD_CHARACTER`.
///
/// # Safety
///
/// As `godtab_distance_text` for `table` and `text`, as `godtab_solve`
/// for `moves` and `len`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_solve_text(
    table: *const GodtabTable,
    text: *const c_char,
    text_len: usize,
    moves: *mut u8,
    capacity: usize,
    len: *mut usize,
) -> Status {
    catch_panic::status(|| {
        // SAFETY: the caller's rule for `table`.
        let table = unsafe { open_table(table) }?;
        // SAFETY: the caller's rule for `text`.
        let text = unsafe { text::text_bytes(text, text_len) }?;
        check_out(len)?;
        let state = text::parse(crate::storage::definition(table)?.puzzle(), text)?;
        // SAFETY: the caller's rule for `moves` and `len`.
        unsafe { solve_into(table, &state, DEFAULT_MAX_NODES, moves, capacity, len) }
    })
}

/// `godtab_solve` with a node limit for a pattern set's search: IDA*
/// expands at most `max_nodes` nodes (0 means the default of
/// `godtab_solve`, 200,000,000: a few seconds) and then gives up with
/// `GODTAB_ERROR_NODE_LIMIT`. The search runs on the calling thread's
/// stack, in fixed arrays (`GODTAB_SEARCH_STACK` bytes at most), and
/// allocates nothing. A complete table ignores `max_nodes` and answers by
/// lookup.
///
/// Returns as `godtab_solve`, and `GODTAB_ERROR_NODE_LIMIT` or
/// `GODTAB_ERROR_TOO_DEEP` (every solution is longer than
/// `GODTAB_MAX_SOLUTION` moves).
///
/// # Safety
///
/// As `godtab_solve`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_solve_within(
    table: *const GodtabTable,
    tiles: *const u8,
    count: usize,
    max_nodes: u64,
    moves: *mut u8,
    capacity: usize,
    len: *mut usize,
) -> Status {
    catch_panic::status(|| {
        // SAFETY: the caller's rule for `table`.
        let table = unsafe { open_table(table) }?;
        // SAFETY: the caller's rule for `tiles`.
        let values = unsafe { text::tile_values(tiles, count) }?;
        check_out(len)?;
        let state = crate::storage::definition(table)?.puzzle().state_from_values(values)?;
        let max_nodes = if max_nodes == 0 { DEFAULT_MAX_NODES } else { max_nodes };
        // SAFETY: the caller's rule for `moves` and `len`.
        unsafe { solve_into(table, &state, max_nodes, moves, capacity, len) }
    })
}

/// Writes the names of `count` moves (indices as `godtab_solve` gives
/// them) into `out`, separated by `separator` (NUL-terminated; "" runs
/// them together, as in "ullddr", " " gives "V1 V3 H1"), and a terminating
/// NUL. `out` holds `capacity` bytes (NULL is allowed when `capacity` is
/// 0); `*len` gets the length of the text without its NUL, also when the
/// buffer is too small, so a first call with `capacity` 0 sizes it.
///
/// Returns `GODTAB_OK`; `GODTAB_ERROR_BUFFER_TOO_SMALL` with `*len` set
/// (nothing useful written); `GODTAB_ERROR_MOVE_INDEX` for an index past
/// the last move; `GODTAB_ERROR_NULL`, `GODTAB_ERROR_MISALIGNED` or
/// `GODTAB_ERROR_NOT_OPEN`.
///
/// # Safety
///
/// `table` as for `godtab_distance`; `moves` NULL or pointing to `count`
/// readable bytes (NULL is allowed when `count` is 0); `separator` NULL or
/// NUL-terminated; `out` NULL or pointing to `capacity` writable bytes;
/// `len` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_format_moves(
    table: *const GodtabTable,
    moves: *const u8,
    count: usize,
    separator: *const c_char,
    out: *mut c_char,
    capacity: usize,
    len: *mut usize,
) -> Status {
    catch_panic::status(|| {
        // SAFETY: the caller's rule for `table`.
        let table = unsafe { open_table(table) }?;
        if moves.is_null() && count > 0 {
            return Err(GODTAB_ERROR_NULL);
        }
        // SAFETY: the caller's rule for `separator` (NUL-terminated).
        let separator = unsafe { text::text_bytes(separator, crate::GODTAB_NUL_TERMINATED) }?;
        check_out(len)?;
        if out.is_null() && capacity > 0 {
            return Err(GODTAB_ERROR_NULL);
        }
        // Raw pointers, not slices, for `moves` and `out`: a caller who
        // passes overlapping buffers gets garbage text, not undefined
        // behaviour.
        let mut writer = Writer::new(out.cast::<u8>(), capacity);
        for i in 0..count {
            // SAFETY: `moves` points to `count` readable bytes (the
            // caller's rule) and i < count.
            let index = unsafe { moves.add(i).read() };
            let name =
                crate::storage::definition(table)?.move_name(usize::from(index)).ok_or(GODTAB_ERROR_MOVE_INDEX)?;
            if i > 0 {
                writer.push(separator);
            }
            writer.push(name.as_bytes());
        }
        let text_len = writer.len;
        writer.push(b"\0");
        // SAFETY: `len` is non-null and writable (the caller's rule).
        unsafe { len.write(text_len) };
        if writer.len > capacity { Err(GODTAB_ERROR_BUFFER_TOO_SMALL) } else { Ok(GODTAB_OK) }
    })
}

/// Text written into a caller's buffer as far as it goes, counting all of
/// it.
pub(crate) struct Writer {
    /// `capacity` writable bytes, or NULL when `capacity` is 0.
    out: *mut u8,
    capacity: usize,
    len: usize,
}

impl Writer {
    /// A writer into `capacity` bytes at `out` (writable, or NULL when
    /// `capacity` is 0: the caller's rule).
    pub(crate) fn new(out: *mut u8, capacity: usize) -> Self {
        Self { out, capacity, len: 0 }
    }

    /// The bytes pushed so far, also those past the capacity.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Writes `text` as far as the capacity goes, counting all of it.
    pub(crate) fn push(&mut self, text: &[u8]) {
        for &byte in text {
            if self.len < self.capacity {
                // SAFETY: `out` has `capacity` writable bytes (the
                // caller's rule) and len < capacity.
                unsafe { self.out.add(self.len).write(byte) };
            }
            self.len = self.len.saturating_add(1);
        }
    }
}

/// Writes the solution of `state` into the caller's buffer.
///
/// # Safety
///
/// `moves` is NULL or points to `capacity` writable bytes; `len` is
/// non-null and writable.
unsafe fn solve_into(
    table: &TableFile<&[u8]>,
    state: &State,
    max_nodes: u64,
    moves: *mut u8,
    capacity: usize,
    len: *mut usize,
) -> Result<Status, Status> {
    // SAFETY: the caller's rule for `moves`.
    let buffer = unsafe { out_buffer(moves, capacity) }?;
    let written = match table {
        TableFile::Complete(table) => table.solve_into(state, buffer),
        TableFile::Patterns(set) => match search(set, state, max_nodes)? {
            Some(report) => copy_moves(report.moves(), buffer),
            None => Err(QueryError::Unsolvable),
        },
        _ => return Err(GODTAB_ERROR_UNSUPPORTED),
    };
    // SAFETY: the caller's rule for `len`.
    unsafe { write_solution(written, len) }
}

/// The status of a solution written into the caller's buffer, with its
/// length (also when the buffer was too small).
///
/// # Safety
///
/// `len` is non-null and writable.
pub(crate) unsafe fn write_solution(written: Result<usize, QueryError>, len: *mut usize) -> Result<Status, Status> {
    match written {
        Ok(n) => {
            // SAFETY: `len` is non-null and writable.
            unsafe { len.write(n) };
            Ok(GODTAB_OK)
        }
        Err(QueryError::BufferTooSmall { needed }) => {
            // SAFETY: as above.
            unsafe { len.write(needed) };
            Err(GODTAB_ERROR_BUFFER_TOO_SMALL)
        }
        Err(error) => Err(error.into()),
    }
}

/// A pattern set's answer for `state`: IDA* within `max_nodes` nodes
/// expanded, `None` if the state cannot reach the goal.
fn search(set: &PatternSet<&[u8]>, state: &State, max_nodes: u64) -> Result<Option<Report>, Status> {
    let report = Searcher::new(set).solve(state, max_nodes)?;
    match report.outcome {
        Outcome::Solved => Ok(Some(report)),
        Outcome::Unsolvable => Ok(None),
        Outcome::NodeLimit => Err(GODTAB_ERROR_NODE_LIMIT),
        _ => Err(GODTAB_ERROR_TOO_DEEP),
    }
}

/// The distance of `state` from a table file of either kind.
fn distance_of(table: &TableFile<&[u8]>, state: &State, max_nodes: u64) -> Result<Option<u8>, Status> {
    match table {
        TableFile::Complete(table) => Ok(table.distance(state)?),
        TableFile::Patterns(set) => Ok(search(set, state, max_nodes)?.map(|report| report.moves().len() as u8)),
        _ => Err(GODTAB_ERROR_UNSUPPORTED),
    }
}

/// Copies a search's moves into the caller's buffer, as
/// `Table::solve_into` does a table's.
fn copy_moves(moves: &[u8], buffer: &mut [u8]) -> Result<usize, QueryError> {
    let needed = moves.len();
    let slots = buffer.get_mut(..needed).ok_or(QueryError::BufferTooSmall { needed })?;
    slots.copy_from_slice(moves);
    Ok(needed)
}

/// A caller's output buffer: `capacity` bytes at `out`, or none when
/// `capacity` is 0 (then `out` may be NULL).
///
/// # Safety
///
/// `out` is NULL or points to `capacity` writable bytes that nothing else
/// reads or writes during the call.
pub(crate) unsafe fn out_buffer<'a>(out: *mut u8, capacity: usize) -> Result<&'a mut [u8], Status> {
    if capacity == 0 {
        return Ok(&mut []);
    }
    if out.is_null() {
        return Err(GODTAB_ERROR_NULL);
    }
    // A caller's buffer cannot be larger than isize::MAX bytes; a larger
    // capacity is taken as that much (only the start is ever written).
    let capacity = capacity.min(isize::MAX as usize);
    // SAFETY: the caller vouches for `capacity` writable bytes.
    Ok(unsafe { core::slice::from_raw_parts_mut(out, capacity) })
}

/// Fails with `GODTAB_ERROR_NULL` for a missing out-parameter.
pub(crate) fn check_out<T>(out: *mut T) -> Result<(), Status> {
    if out.is_null() { Err(GODTAB_ERROR_NULL) } else { Ok(()) }
}

/// Writes a distance, or answers that there is none.
///
/// # Safety
///
/// `distance` is non-null and writable.
pub(crate) unsafe fn write_distance(answer: Option<u8>, distance: *mut u32) -> Result<Status, Status> {
    let Some(answer) = answer else { return Ok(GODTAB_UNSOLVABLE) };
    // SAFETY: by the function's contract.
    unsafe { distance.write(u32::from(answer)) };
    Ok(GODTAB_OK)
}
