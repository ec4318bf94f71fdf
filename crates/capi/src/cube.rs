//! The 3x3x3 cube from C: Kociemba's two-phase solver (`godtab-twophase`)
//! with its built-in tables as static data of the library (read-only
//! bytes, in flash on a firmware), so a solve needs no table, no file and
//! no allocator: it runs on the caller's stack.

use core::ffi::c_char;

use godtab_twophase::{Cube, CubeError, Limits, MAX_SOLUTION, Solution, SolveError, Tables};

use crate::Status::{self, *};
use crate::catch_panic;
use crate::query::{Writer, check_out};
use crate::text::text_bytes;

/// The built-in two-phase tables, as the build script generated them.
static TABLES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/cube-3x3x3.twophase"));

/// The facelets of a cube, in the order of `godtab_cube_solve`.
pub const GODTAB_CUBE_FACELETS: usize = 54;

/// The length `godtab_cube_solve` searches within when asked for 0: 21
/// moves (found in about a millisecond on a desktop processor).
pub const GODTAB_CUBE_DEFAULT_LENGTH: u32 = 21;

/// The longest solution `godtab_cube_solve` gives (and the largest
/// `max_length` it takes).
pub const GODTAB_CUBE_MAX_SOLUTION: usize = 32;

/// A buffer of this many bytes always holds a solution's text: at most
/// `GODTAB_CUBE_MAX_SOLUTION` moves of two characters, the spaces between
/// them and the NUL.
pub const GODTAB_CUBE_SOLUTION_TEXT: usize = 96;

/// The most bytes of stack `godtab_cube_solve` takes (its searches' fixed
/// arrays and frames; `cargo xtask bench size` measures 11,176 bytes in
/// libgodtab_nostd.a on x86-64), rounded up: all the RAM a solve uses. The
/// tables are read-only static data (`GODTAB_CUBE_TABLES_SIZE` bytes);
/// nothing is allocated or kept between calls.
pub const GODTAB_CUBE_SOLVE_STACK: usize = 12288;

/// The bytes of the built-in two-phase tables in the library (read-only
/// data: in flash on a firmware).
pub const GODTAB_CUBE_TABLES_SIZE: usize = 1_177_584;

const _: () = assert!(GODTAB_CUBE_MAX_SOLUTION == MAX_SOLUTION);
const _: () = assert!(GODTAB_CUBE_SOLUTION_TEXT == 3 * GODTAB_CUBE_MAX_SOLUTION);
const _: () = assert!(GODTAB_CUBE_TABLES_SIZE == godtab_twophase::TABLES_LEN);

/// Solves a 3x3x3 cube given as 54 facelet letters (`U R F D L B`, faces
/// in the order U R F D L B, each read row by row as the `kociemba`
/// package reads them; the solved cube is
/// "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB") in at most
/// `max_length` moves (0: `GODTAB_CUBE_DEFAULT_LENGTH`), with Kociemba's
/// two-phase algorithm: the answer is short, not always the shortest.
/// `facelets` holds `facelets_len` bytes (or is NUL-terminated when
/// `facelets_len` is `GODTAB_NUL_TERMINATED`); whitespace around the
/// letters is ignored.
///
/// The solution goes to `out` as text: the moves in WCA notation (`U`,
/// `U2`, `U'`, ...) separated by single spaces, and a terminating NUL ("" for
/// the solved cube); `out` holds `capacity` bytes (NULL is allowed when
/// `capacity` is 0; `GODTAB_CUBE_SOLUTION_TEXT` is always enough); `*len`
/// gets the text's length without its NUL, also when the buffer is too
/// small. `max_nodes` bounds the search (0: no bound; a node takes a few
/// nanoseconds on a desktop processor).
///
/// The search runs on the calling thread's stack (at most
/// `GODTAB_CUBE_SOLVE_STACK` bytes) and allocates nothing; the tables are
/// the library's own static data.
///
/// Returns `GODTAB_OK`; `GODTAB_ERROR_BUFFER_TOO_SMALL` with `*len` set;
/// `GODTAB_ERROR_CUBE_FACELETS` (not 54 letters of URFDLB, nine of each,
/// centres in place), `GODTAB_ERROR_CUBE_PIECES` (a corner or edge no cube
/// has, or one twice), `GODTAB_ERROR_CUBE_TWISTED`,
/// `GODTAB_ERROR_CUBE_FLIPPED`, `GODTAB_ERROR_CUBE_PARITY` (no turns of
/// the faces reach such a cube); `GODTAB_ERROR_CUBE_NOT_FOUND` (no
/// solution within `max_length` moves: below 20 it may be that there is
/// none); `GODTAB_ERROR_NODE_LIMIT`; `GODTAB_ERROR_TOO_DEEP`
/// (`max_length` past `GODTAB_CUBE_MAX_SOLUTION`); `GODTAB_ERROR_NULL`.
///
/// # Safety
///
/// `facelets` NULL, or NUL-terminated when `facelets_len` is
/// `GODTAB_NUL_TERMINATED`, or else pointing to `facelets_len` readable
/// bytes; `out` NULL or pointing to `capacity` writable bytes; `len` NULL
/// or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_cube_solve(
    facelets: *const c_char,
    facelets_len: usize,
    max_length: u32,
    max_nodes: u64,
    out: *mut c_char,
    capacity: usize,
    len: *mut usize,
) -> Status {
    catch_panic::status(|| {
        // SAFETY: the caller's rule for `facelets`.
        let text = unsafe { text_bytes(facelets, facelets_len) }?;
        check_out(len)?;
        if out.is_null() && capacity > 0 {
            return Err(GODTAB_ERROR_NULL);
        }
        let solution = solve(text, max_length, max_nodes)?;
        let mut writer = Writer::new(out.cast::<u8>(), capacity);
        for (i, m) in solution.moves().enumerate() {
            if i > 0 {
                writer.push(b" ");
            }
            writer.push(m.name().as_bytes());
        }
        let text_len = writer.len();
        writer.push(b"\0");
        // SAFETY: `len` is non-null and writable (the caller's rule).
        unsafe { len.write(text_len) };
        if writer.len() > capacity { Err(GODTAB_ERROR_BUFFER_TOO_SMALL) } else { Ok(GODTAB_OK) }
    })
}

/// The two-phase solution of the cube the facelets describe.
fn solve(text: &[u8], max_length: u32, max_nodes: u64) -> Result<Solution, Status> {
    let text = core::str::from_utf8(text).map_err(|_| GODTAB_ERROR_CUBE_FACELETS)?;
    let cube = Cube::from_facelets(text).map_err(cube_status)?;
    let max_length = match max_length {
        0 => GODTAB_CUBE_DEFAULT_LENGTH,
        n => n,
    };
    let max_length = u8::try_from(max_length).map_err(|_| GODTAB_ERROR_TOO_DEEP)?;
    let limits = if max_nodes == 0 { Limits::UNLIMITED } else { Limits::nodes(max_nodes) };
    // The tables are the build's own: a failure to read them is a bug.
    let tables = Tables::from_bytes(TABLES).map_err(|_| GODTAB_ERROR_INTERNAL)?;
    let mut solution = Solution::new();
    godtab_twophase::solve(&tables, &cube, max_length, &limits, &mut solution).map_err(|e| match e {
        SolveError::NotFound => GODTAB_ERROR_CUBE_NOT_FOUND,
        SolveError::LimitReached => GODTAB_ERROR_NODE_LIMIT,
        SolveError::TooLong => GODTAB_ERROR_TOO_DEEP,
        _ => GODTAB_ERROR_INTERNAL,
    })?;
    Ok(solution)
}

/// The status of a cube that is not one the faces' turns reach.
fn cube_status(error: CubeError) -> Status {
    match error {
        CubeError::WrongLength { .. }
        | CubeError::BadLetter { .. }
        | CubeError::CentreMoved { .. }
        | CubeError::ColourCount { .. } => GODTAB_ERROR_CUBE_FACELETS,
        CubeError::TwistedCorner => GODTAB_ERROR_CUBE_TWISTED,
        CubeError::FlippedEdge => GODTAB_ERROR_CUBE_FLIPPED,
        CubeError::OddPermutation => GODTAB_ERROR_CUBE_PARITY,
        _ => GODTAB_ERROR_CUBE_PIECES,
    }
}
