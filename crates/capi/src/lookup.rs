//! The lean lookup from C (`godtab_lookup`): a complete table of a board
//! puzzle opened with no puzzle model, in `GODTAB_LOOKUP_SIZE` bytes of the
//! caller's storage, for firmware that counts its RAM and flash. Pattern
//! sets, orbit puzzles, repeated tiles and the multi-tile metric need a
//! `godtab_table`.

use core::ffi::c_char;
use core::mem::{align_of, size_of};
use core::ptr;

use godtab_runtime::Lookup;

use crate::Status::{self, *};
use crate::query::{check_out, out_buffer, write_distance, write_solution};
use crate::storage::write_text;
use crate::{catch_panic, text};

/// Bytes of a `godtab_lookup`: an open lookup needs 208 on 64-bit targets;
/// the rest is room for later versions (the size is part of the ABI).
pub const GODTAB_LOOKUP_SIZE: usize = 256;

/// The `uint64_t` words of a `godtab_lookup`.
pub const GODTAB_LOOKUP_WORDS: usize = GODTAB_LOOKUP_SIZE / 8;

/// Storage for one open lookup (a complete table of a board puzzle, read
/// with no puzzle model): `GODTAB_LOOKUP_SIZE` bytes, declared anywhere,
/// zeroed or opened, its address passed to every call. Its contents are
/// private. Do not copy or move it while it is open (a copy is not open).
#[repr(C)]
pub struct GodtabLookup {
    pub(crate) opaque: [u64; GODTAB_LOOKUP_WORDS],
}

/// What a `godtab_lookup` holds.
#[repr(C)]
struct Slot {
    /// [`seal_for`] the storage's address while open; anything else means
    /// closed.
    seal: u64,
    lookup: Lookup<'static>,
}

const _: () = assert!(size_of::<Slot>() <= size_of::<GodtabLookup>(), "raise GODTAB_LOOKUP_SIZE (an ABI change)");
const _: () = assert!(align_of::<Slot>() <= align_of::<GodtabLookup>(), "the slot needs more alignment than u64");

fn seal_for(storage: *const GodtabLookup) -> u64 {
    const OPEN: u64 = 0x676f_6474_6c6f_6f6b; // "godtlook"
    OPEN ^ storage as usize as u64
}

fn slot_ptr(storage: *const GodtabLookup) -> Result<*mut Slot, Status> {
    if storage.is_null() {
        return Err(GODTAB_ERROR_NULL);
    }
    if !storage.cast::<Slot>().is_aligned() {
        return Err(GODTAB_ERROR_MISALIGNED);
    }
    Ok(storage.cast::<Slot>().cast_mut())
}

/// The open lookup in `storage`.
///
/// # Safety
///
/// `storage` is null or points to a `godtab_lookup` that was zeroed or
/// passed to `godtab_lookup_open`.
unsafe fn open_lookup<'a>(storage: *const GodtabLookup) -> Result<&'a Lookup<'a>, Status> {
    let slot = slot_ptr(storage)?;
    // SAFETY: `slot` is non-null, aligned, and points to storage the caller
    // zeroed or opened; the seal is a plain u64 at its start.
    let seal = unsafe { ptr::addr_of!((*slot).seal).read() };
    if seal != seal_for(storage) {
        return Err(GODTAB_ERROR_NOT_OPEN);
    }
    // SAFETY: the seal says godtab_lookup_open wrote a whole Slot here; the
    // bytes it borrows outlive it (the header's rule).
    Ok(unsafe { &(*slot).lookup })
}

/// Opens a complete table of a board puzzle (a sliding board of single-tile
/// moves or a permutation puzzle, distinct tiles, any encoding) over the
/// caller's bytes, in place in `lookup`, with the checks of
/// `godtab_table_open`; the bytes must stay valid and unchanged while it
/// is used. Nothing needs closing or freeing: zero the storage or open
/// again.
///
/// Returns `GODTAB_OK`; `GODTAB_ERROR_UNSUPPORTED` for a table a lookup
/// does not answer (open it as a `godtab_table`); as `godtab_table_open`
/// otherwise.
///
/// # Safety
///
/// `lookup` is NULL or points to writable storage for a `godtab_lookup`;
/// `bytes` is NULL or points to `len` readable bytes that outlive the open
/// lookup.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_lookup_open(lookup: *mut GodtabLookup, bytes: *const u8, len: usize) -> Status {
    catch_panic::status(|| {
        let slot = slot_ptr(lookup)?;
        // SAFETY: `slot` is non-null, aligned and writable (the caller's
        // rule); closed before anything can fail.
        unsafe { ptr::addr_of_mut!((*slot).seal).write(0) };
        if bytes.is_null() {
            return Err(GODTAB_ERROR_NULL);
        }
        if isize::try_from(len).is_err() {
            return Err(GODTAB_ERROR_NOT_A_TABLE);
        }
        // SAFETY: the caller vouches for `len` readable bytes that outlive
        // the lookup; 'static stands for "while open", which the seal guards.
        let bytes: &'static [u8] = unsafe { core::slice::from_raw_parts(bytes, len) };
        let opened = Lookup::new(bytes)?;
        // SAFETY: `slot` points to writable storage of at least
        // size_of::<Slot>() bytes (the assertion above), aligned.
        unsafe { slot.write(Slot { seal: seal_for(lookup), lookup: opened }) };
        Ok(GODTAB_OK)
    })
}

/// The number of moves from the state with these tile values (reading
/// order, 0 for the blank) to the goal, as `godtab_distance`: constant time
/// for a full table, a walk to the goal for a compact or parity one.
///
/// Returns as `godtab_distance`.
///
/// # Safety
///
/// `lookup` is NULL or points to a `godtab_lookup` that was zeroed or
/// opened; `tiles` is NULL or points to `count` readable bytes; `distance`
/// is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_lookup_distance(
    lookup: *const GodtabLookup,
    tiles: *const u8,
    count: usize,
    distance: *mut u32,
) -> Status {
    catch_panic::status(|| {
        // SAFETY: the caller's rule for `lookup`.
        let lookup = unsafe { open_lookup(lookup) }?;
        // SAFETY: the caller's rule for `tiles`.
        let values = unsafe { text::tile_values(tiles, count) }?;
        check_out(distance)?;
        let answer = lookup.distance(values)?;
        // SAFETY: `distance` is non-null and writable.
        unsafe { write_distance(answer, distance) }
    })
}

/// Writes the moves of the least optimal solution (move indices) into
/// `moves` and their number into `*len`, as `godtab_solve` does.
///
/// Returns as `godtab_solve`.
///
/// # Safety
///
/// `lookup` as for `godtab_lookup_distance`; `tiles` NULL or `count`
/// readable bytes; `moves` NULL or `capacity` writable bytes; `len` NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_lookup_solve(
    lookup: *const GodtabLookup,
    tiles: *const u8,
    count: usize,
    moves: *mut u8,
    capacity: usize,
    len: *mut usize,
) -> Status {
    catch_panic::status(|| {
        // SAFETY: the caller's rule for `lookup`.
        let lookup = unsafe { open_lookup(lookup) }?;
        // SAFETY: the caller's rule for `tiles`.
        let values = unsafe { text::tile_values(tiles, count) }?;
        check_out(len)?;
        // SAFETY: the caller's rule for `moves`.
        let buffer = unsafe { out_buffer(moves, capacity) }?;
        let written = match lookup.solve_into(values, buffer) {
            Ok(n) => Ok(n),
            Err(godtab_runtime::Error::Query(e)) => Err(e),
            Err(e) => return Err(e.into()),
        };
        // SAFETY: `len` is non-null and writable.
        unsafe { write_solution(written, len) }
    })
}

/// Writes the name of move `index` and a NUL into `out` (`capacity` bytes;
/// `GODTAB_MAX_MOVE_NAME` always do), as `godtab_move_name`.
///
/// # Safety
///
/// `lookup` as for `godtab_lookup_distance`; `out` NULL or `capacity`
/// writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_lookup_move_name(
    lookup: *const GodtabLookup,
    index: usize,
    out: *mut c_char,
    capacity: usize,
) -> Status {
    catch_panic::status(|| {
        // SAFETY: the caller's rule for `lookup`.
        let lookup = unsafe { open_lookup(lookup) }?;
        let name = lookup.move_name(index).ok_or(GODTAB_ERROR_MOVE_INDEX)?;
        // SAFETY: the caller's rule for `out`.
        unsafe { write_text(name.as_bytes(), out, capacity) }
    })
}
