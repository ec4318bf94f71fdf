//! The caller's storage for a table (`godtab_table`): a fixed-size opaque
//! struct the header declares, a table file of either kind (a complete
//! table or a pattern set) opened in it in place over borrowed bytes, and
//! the functions that describe the open table.

use core::ffi::c_char;
use core::mem::{align_of, size_of};
use core::ptr;

use godtab_runtime::{TableFile, TableKind};

use crate::Status::{self, *};
use crate::catch_panic;

/// Bytes of a `godtab_table`. Today a table needs 7,072 bytes on 64-bit
/// targets and a pattern set 10,224 (both hold the puzzle's model, built at
/// open); the rest is room for later versions without changing the size,
/// which is part of the ABI. It was 8,192 before pattern sets opened here
/// (0.x: no ABI is released yet).
pub const GODTAB_TABLE_SIZE: usize = 16384;

/// The most bytes of a puzzle id, with its terminating NUL: a buffer this
/// size always holds `godtab_table_id`'s answer.
pub const GODTAB_MAX_ID: usize = 65;

/// The most bytes of a move name, with its terminating NUL: a buffer this
/// size always holds `godtab_move_name`'s answer.
pub const GODTAB_MAX_MOVE_NAME: usize = 33;

/// The most moves of any solution: a buffer this size always holds
/// `godtab_solve`'s answer (`godtab_table_max_depth` gives the most for one
/// table).
pub const GODTAB_MAX_SOLUTION: usize = 255;

/// A text length meaning "up to the terminating NUL" (`SIZE_MAX`; the
/// header defines it by hand, as cbindgen cannot write `usize::MAX`).
pub const GODTAB_NUL_TERMINATED: usize = usize::MAX;

/// The most bytes of stack a pattern set's search takes (its fixed
/// arrays: the searcher's move and pattern tables, a frame for each of
/// `GODTAB_MAX_SOLUTION` moves; 38,168 bytes today on 64-bit targets); a
/// complete table's queries take far less.
pub const GODTAB_SEARCH_STACK: usize = 40960;

/// The `uint64_t` words of a `godtab_table`.
pub const GODTAB_TABLE_WORDS: usize = GODTAB_TABLE_SIZE / 8;

/// Storage for one open table: declare it anywhere (static, on the stack,
/// inside your own struct), zero it or open a table in it, and pass its
/// address to every call. Its contents are private.
///
/// A table lives where it was opened: do not copy or move the struct while
/// it is open (a copy is not open: calls on it give
/// `GODTAB_ERROR_NOT_OPEN`).
#[repr(C)]
pub struct GodtabTable {
    pub(crate) opaque: [u64; GODTAB_TABLE_WORDS],
}

/// What a `godtab_table` holds.
#[repr(C)]
pub(crate) struct Slot {
    /// [`seal_for`] the storage's address while a table is open in it;
    /// anything else (zero after a close or a failed open) means closed.
    seal: u64,
    /// The bytes a file table owns (a `Box<Bytes>`), freed on close; null
    /// when the caller owns the bytes.
    owner: *mut core::ffi::c_void,
    /// The table file, over the caller's bytes or the owner's.
    table: TableFile<&'static [u8]>,
}

// The header's numbers are literals (cbindgen copies them as written): they
// must say what the runtime does.
const _: () = assert!(GODTAB_MAX_ID == godtab_puzzles::MAX_PUZZLE_ID + 1);
const _: () = assert!(GODTAB_MAX_MOVE_NAME == godtab_puzzles::MAX_MOVE_NAME + 1);
const _: () = assert!(GODTAB_MAX_SOLUTION == u8::MAX as usize);

// The header's figure for a search's stack holds what the search keeps in
// its frames (the searcher, the run and its report).
const _: () =
    assert!(GODTAB_SEARCH_STACK >= godtab_search::SEARCH_BYTES, "raise GODTAB_SEARCH_STACK: a search needs more stack");

// The opened table must fit the storage the header declares, on every
// target this is built for.
const _: () = assert!(size_of::<Slot>() <= size_of::<GodtabTable>(), "raise GODTAB_TABLE_SIZE (an ABI change)");
const _: () = assert!(align_of::<Slot>() <= align_of::<GodtabTable>(), "the slot needs more alignment than u64");

/// The seal of an open table at `storage`: bound to the address, so that a
/// byte copy of an open table is not taken for one (its owner would be
/// freed twice).
fn seal_for(storage: *const GodtabTable) -> u64 {
    const OPEN: u64 = 0x676f_6474_6162_6f70; // "godtabop"
    OPEN ^ storage as usize as u64
}

/// The open table in `storage`.
///
/// # Safety
///
/// `storage` is null or points to a `godtab_table` that was zeroed or
/// passed to an open function, as the header requires.
/// The puzzle of an open table (every table the C API opens has one: it
/// refuses orbit pattern sets).
pub(crate) fn definition<'a>(table: &'a TableFile<&[u8]>) -> Result<&'a godtab_runtime::Definition, Status> {
    table.definition().ok_or(GODTAB_ERROR_UNSUPPORTED)
}

pub(crate) unsafe fn open_table<'a>(storage: *const GodtabTable) -> Result<&'a TableFile<&'a [u8]>, Status> {
    let slot = slot_ptr(storage)?;
    // SAFETY: `slot` is non-null and aligned, and points to
    // GODTAB_TABLE_SIZE bytes the caller zeroed or opened a table in; the
    // seal is a plain u64 at its start, read without forming a reference
    // to the rest.
    let seal = unsafe { ptr::addr_of!((*slot).seal).read() };
    if seal != seal_for(storage) {
        return Err(GODTAB_ERROR_NOT_OPEN);
    }
    // SAFETY: the seal says that an open function wrote a whole Slot at
    // this address and no close came since; the bytes it borrows outlive
    // the table (the header's rule for caller bytes; the owner for files).
    Ok(unsafe { &(*slot).table })
}

/// `storage` as a slot pointer, once it is known to be non-null and
/// aligned.
fn slot_ptr(storage: *const GodtabTable) -> Result<*mut Slot, Status> {
    if storage.is_null() {
        return Err(GODTAB_ERROR_NULL);
    }
    if !storage.cast::<Slot>().is_aligned() {
        return Err(GODTAB_ERROR_MISALIGNED);
    }
    Ok(storage.cast::<Slot>().cast_mut())
}

/// Marks `storage` closed (before an open, so that a failed open leaves it
/// closed) and gives its slot.
pub(crate) fn closed_slot(storage: *mut GodtabTable) -> Result<*mut Slot, Status> {
    let slot = slot_ptr(storage)?;
    // SAFETY: `slot` is non-null, aligned and points to GODTAB_TABLE_SIZE
    // writable bytes (the caller's storage); the seal is a plain u64.
    unsafe { ptr::addr_of_mut!((*slot).seal).write(0) };
    Ok(slot)
}

/// Puts an opened table in its slot and seals it open.
///
/// # Safety
///
/// `slot` came from [`closed_slot`] for `storage`; the bytes `table` reads
/// stay valid until the close (owned by `owner` if it is not null).
pub(crate) unsafe fn fill(
    storage: *mut GodtabTable,
    slot: *mut Slot,
    table: TableFile<&'static [u8]>,
    owner: *mut core::ffi::c_void,
) {
    // SAFETY: `slot` points to writable storage of at least
    // size_of::<Slot>() bytes (the assertion above), suitably aligned.
    unsafe { slot.write(Slot { seal: seal_for(storage), owner, table }) };
}

/// Opens a table file over the caller's bytes, in place in `table`: a
/// complete table (answers by lookup) or a pattern set (answers by search,
/// `godtab_solve_within`); `godtab_table_kind` tells which. Checks the
/// preamble, the header and every offset and length (constant time: about
/// a microsecond), copying nothing and allocating nothing.
///
/// `bytes` must stay valid and unchanged until `godtab_table_close` (or
/// until `table` is no longer used): the table reads them on every query.
/// A table in flash or a `static const` array is the usual case. Nothing
/// needs freeing afterwards; `godtab_table_close` only marks it closed.
///
/// `table` is written whatever happens: on failure it holds no open table.
/// Opening over a table still open from `godtab_table_open_file` leaks its
/// file: close that first.
///
/// Returns `GODTAB_OK`, `GODTAB_ERROR_NULL`, `GODTAB_ERROR_MISALIGNED`,
/// `GODTAB_ERROR_NOT_A_TABLE`, `GODTAB_ERROR_VERSION` or
/// `GODTAB_ERROR_CORRUPT`. Checking every byte's checksum is a separate,
/// O(size) call: `godtab_table_verify`.
///
/// # Safety
///
/// `table` is NULL or points to writable storage for a `godtab_table`;
/// `bytes` is NULL or points to `len` readable bytes that outlive the open
/// table.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_table_open(table: *mut GodtabTable, bytes: *const u8, len: usize) -> Status {
    catch_panic::status(|| {
        let slot = closed_slot(table)?;
        if bytes.is_null() {
            return Err(GODTAB_ERROR_NULL);
        }
        if isize::try_from(len).is_err() {
            return Err(GODTAB_ERROR_NOT_A_TABLE);
        }
        // SAFETY: the caller vouches for `len` readable bytes at `bytes`
        // that outlive the open table (the header's rule); `len` fits an
        // isize. 'static stands for "until the close": the slot's seal
        // guards every later use.
        let bytes: &'static [u8] = unsafe { core::slice::from_raw_parts(bytes, len) };
        let opened = TableFile::new(bytes)?;
        if opened.definition().is_none() {
            return Err(GODTAB_ERROR_UNSUPPORTED);
        }
        // SAFETY: `slot` is this storage's, just closed; the caller keeps
        // the bytes.
        unsafe { fill(table, slot, opened, ptr::null_mut()) };
        Ok(GODTAB_OK)
    })
}

/// Closes a table: frees what `godtab_table_open_file` allocated (its
/// memory map or decompressed bytes) and marks `table` closed, so that any
/// later call on it gives `GODTAB_ERROR_NOT_OPEN` until it is opened again.
/// For a table over caller bytes it frees nothing: the bytes are the
/// caller's.
///
/// Safe on NULL, on a zeroed, closed or failed table: it then does
/// nothing. No other call may use the table while it closes.
///
/// # Safety
///
/// `table` is NULL or points to a `godtab_table` that was zeroed or passed
/// to an open function.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_table_close(table: *mut GodtabTable) {
    catch_panic::guard((), || {
        // SAFETY: the caller's rule for `table`.
        if unsafe { open_table(table) }.is_err() {
            return;
        }
        let Ok(slot) = closed_slot(table) else { return };
        // SAFETY: the table was open, so the slot is whole; reading the
        // owner after the seal is cleared leaves nothing that could use it.
        let owner = unsafe { ptr::addr_of!((*slot).owner).read() };
        crate::file::free_owner(owner);
    });
}

/// Checks the checksum over every byte of the table (xxh3: O(size), at
/// memory speed, tens of GB/s): `GODTAB_OK` if no byte changed since the
/// table was written, else `GODTAB_ERROR_CHECKSUM`. Opening checks only
/// the structure; call this once after opening when the bytes may be
/// damaged (a download, a flash write).
///
/// Returns also `GODTAB_ERROR_NULL`, `GODTAB_ERROR_MISALIGNED` or
/// `GODTAB_ERROR_NOT_OPEN`.
///
/// # Safety
///
/// `table` is NULL or points to a `godtab_table` that was zeroed or passed
/// to an open function.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_table_verify(table: *const GodtabTable) -> Status {
    catch_panic::status(|| {
        // SAFETY: the caller's rule for `table`.
        let table = unsafe { open_table(table) }?;
        table.verify()?;
        Ok(GODTAB_OK)
    })
}

/// Writes the puzzle's id (e.g. "nine-digits") and a terminating NUL into
/// `out`, which holds `capacity` bytes; `GODTAB_MAX_ID` bytes are always
/// enough.
///
/// Returns `GODTAB_OK`, or `GODTAB_ERROR_BUFFER_TOO_SMALL` (and writes
/// nothing), `GODTAB_ERROR_NULL`, `GODTAB_ERROR_MISALIGNED` or
/// `GODTAB_ERROR_NOT_OPEN`.
///
/// # Safety
///
/// `table` as for `godtab_table_verify`; `out` is NULL or points to
/// `capacity` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_table_id(table: *const GodtabTable, out: *mut c_char, capacity: usize) -> Status {
    catch_panic::status(|| {
        // SAFETY: the caller's rule for `table`.
        let table = unsafe { open_table(table) }?;
        // SAFETY: the caller's rule for `out`.
        unsafe { write_text(table.id().as_bytes(), out, capacity) }
    })
}

/// The puzzle's number of cells (tiles in a state), or 0 if `table` is
/// NULL or holds no open table.
///
/// # Safety
///
/// As `godtab_table_verify`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_table_cells(table: *const GodtabTable) -> usize {
    // SAFETY: the caller's rule for `table`.
    catch_panic::guard(0, || {
        unsafe { open_table(table) }.ok().and_then(|file| file.definition()).map_or(0, |d| d.puzzle().cells())
    })
}

/// The puzzle's number of moves (move indices are 0 to this minus 1), or
/// 0 if `table` is NULL or holds no open table.
///
/// # Safety
///
/// As `godtab_table_verify`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_table_moves(table: *const GodtabTable) -> usize {
    // SAFETY: the caller's rule for `table`.
    catch_panic::guard(0, || {
        unsafe { open_table(table) }.ok().and_then(|file| file.definition()).map_or(0, |d| d.puzzle().move_count())
    })
}

/// God's number: the most moves any state needs, so the longest solution
/// (a solution buffer of this many bytes is always enough for this
/// table). For a pattern set, whose God's number is not known, the longest
/// solution a search returns: `GODTAB_MAX_SOLUTION`. 0 if `table` is NULL
/// or holds no open table.
///
/// # Safety
///
/// As `godtab_table_verify`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_table_max_depth(table: *const GodtabTable) -> u32 {
    catch_panic::guard(0, || {
        // SAFETY: the caller's rule for `table`.
        unsafe { open_table(table) }.map_or(0, |file| file.gods_number().map_or(GODTAB_MAX_SOLUTION as u32, u32::from))
    })
}

/// What a `godtab_table` holds: `GODTAB_KIND_COMPLETE` (every state's
/// distance: answers by lookup), `GODTAB_KIND_PATTERNS` (a pattern set:
/// answers by IDA*, within a node limit), or `GODTAB_KIND_NONE` if `table`
/// is NULL or holds no open table.
///
/// # Safety
///
/// As `godtab_table_verify`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_table_kind(table: *const GodtabTable) -> u32 {
    catch_panic::guard(GODTAB_KIND_NONE, || {
        // SAFETY: the caller's rule for `table`.
        unsafe { open_table(table) }.map_or(GODTAB_KIND_NONE, |file| match file.kind() {
            TableKind::Complete => GODTAB_KIND_COMPLETE,
            _ => GODTAB_KIND_PATTERNS,
        })
    })
}

/// `godtab_table_kind`: no open table.
pub const GODTAB_KIND_NONE: u32 = 0;
/// `godtab_table_kind`: a complete table.
pub const GODTAB_KIND_COMPLETE: u32 = 1;
/// `godtab_table_kind`: a pattern set.
pub const GODTAB_KIND_PATTERNS: u32 = 2;

/// Writes the name of move `index` (e.g. "V1") and a terminating NUL into
/// `out`, which holds `capacity` bytes; `GODTAB_MAX_MOVE_NAME` bytes are
/// always enough. Names have no whitespace or control characters.
///
/// Returns `GODTAB_OK`, or `GODTAB_ERROR_MOVE_INDEX`,
/// `GODTAB_ERROR_BUFFER_TOO_SMALL` (and writes nothing),
/// `GODTAB_ERROR_NULL`, `GODTAB_ERROR_MISALIGNED` or
/// `GODTAB_ERROR_NOT_OPEN`.
///
/// # Safety
///
/// As `godtab_table_id`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn godtab_move_name(
    table: *const GodtabTable,
    index: usize,
    out: *mut c_char,
    capacity: usize,
) -> Status {
    catch_panic::status(|| {
        // SAFETY: the caller's rule for `table`.
        let table = unsafe { open_table(table) }?;
        let name = definition(table)?.move_name(index).ok_or(GODTAB_ERROR_MOVE_INDEX)?;
        // SAFETY: the caller's rule for `out`.
        unsafe { write_text(name.as_bytes(), out, capacity) }
    })
}

/// Copies `text` and a NUL into `out` if it has room.
///
/// # Safety
///
/// `out` is NULL or points to `capacity` writable bytes.
pub(crate) unsafe fn write_text(text: &[u8], out: *mut c_char, capacity: usize) -> Result<Status, Status> {
    // A zero capacity is too small whatever the pointer (it may be NULL).
    if text.len() >= capacity {
        return Err(GODTAB_ERROR_BUFFER_TOO_SMALL);
    }
    if out.is_null() {
        return Err(GODTAB_ERROR_NULL);
    }
    // SAFETY: `out` has `capacity` > text.len() writable bytes. A copy
    // that may overlap (an output buffer inside the table's own storage
    // would be a caller's mistake, but not undefined behaviour here).
    unsafe {
        ptr::copy(text.as_ptr(), out.cast::<u8>(), text.len());
        out.add(text.len()).write(0);
    }
    Ok(GODTAB_OK)
}
