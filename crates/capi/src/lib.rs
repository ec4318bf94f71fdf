//! The godtab C API: tables opened from a caller's byte buffer (or, with
//! `std`, from a file) and queried from C, or from any language with a C
//! foreign-function interface: complete tables answer by lookup, pattern
//! sets (the 15-puzzle's) by IDA* on the caller's stack, within a node
//! limit, with no allocation either way; and the 3x3x3 cube, solved by
//! the two-phase algorithm from tables built into the library
//! (`godtab_cube_solve`).
//!
//! The header, `include/godtab.h`, is generated from this crate by
//! cbindgen (`cargo xtask gen-header`; `--check` fails when it is stale)
//! and documents every function, status code, ownership and lifetime rule.
//! Its opening comment is the overview: `cbindgen.toml` holds it.
//!
//! # Builds
//!
//! `cargo xtask capi` builds the C libraries into `target/capi/lib/`:
//!
//! - `libgodtab_nostd.a`: this crate without features: `#![no_std]`, no
//!   allocator (it references no `malloc`, which `cargo xtask capi`
//!   checks with `nm`), for firmware. A table is opened in place, in
//!   storage the caller provides, over bytes the caller keeps (a table in
//!   flash).
//! - `libgodtab.a` and `libgodtab.so`: with the `std` feature, which adds
//!   opening files (memory-mapped `.gtab`, decompressed `.gtab.zst`).
//!
//! # Never a panic across the boundary
//!
//! Every function checks its pointers and lengths before use and answers
//! any input, null pointers and garbage tables included, with a status
//! code. The queries go through the runtime, whose opened tables never
//! panic whatever their bytes; the code here has no indexing or unwrap
//! that foreign input could make fail. With `std` every entry point is
//! also wrapped in `catch_unwind` (a panic would be a bug: it becomes
//! `GODTAB_ERROR_INTERNAL`). Without std there is no unwinding: the panic
//! handler calls the C library's `abort()`, which no input reaches.
//!
//! # Crate features
//!
//! - `std`: `godtab_table_open_file` opens files (with mmap and zstd), and
//!   every entry point catches panics. Without it, `godtab_table_open_file`
//!   answers `GODTAB_ERROR_UNSUPPORTED`, so one program links against
//!   either library.
//! - `panic-handler`: defines the `#[panic_handler]` and the
//!   `rust_eh_personality` symbol that a static library without std needs
//!   (`libgodtab_nostd.a` is built with it). Leave it off in any build that
//!   links std: std has both.

#![no_std]
// The whole point of this crate is to take raw pointers from C: every
// unsafe block says why it is sound.
#![allow(unsafe_code)]

#[cfg(feature = "std")]
extern crate std;

mod catch_panic;
mod cube;
mod file;
mod lookup;
mod query;
mod status;
mod storage;
#[cfg(test)]
mod tests;
mod text;

pub use cube::{
    GODTAB_CUBE_DEFAULT_LENGTH, GODTAB_CUBE_FACELETS, GODTAB_CUBE_MAX_SOLUTION, GODTAB_CUBE_SOLUTION_TEXT,
    GODTAB_CUBE_SOLVE_STACK, GODTAB_CUBE_TABLES_SIZE, godtab_cube_solve,
};
pub use file::godtab_table_open_file;
pub use lookup::{
    GODTAB_LOOKUP_SIZE, GODTAB_LOOKUP_WORDS, GodtabLookup, godtab_lookup_distance, godtab_lookup_move_name,
    godtab_lookup_open, godtab_lookup_solve,
};
pub use query::{
    godtab_distance, godtab_distance_text, godtab_format_moves, godtab_solve, godtab_solve_text, godtab_solve_within,
};
pub use status::{Status, godtab_status_message, godtab_version};
pub use storage::{
    GODTAB_KIND_COMPLETE, GODTAB_KIND_NONE, GODTAB_KIND_PATTERNS, GODTAB_MAX_ID, GODTAB_MAX_MOVE_NAME,
    GODTAB_MAX_SOLUTION, GODTAB_NUL_TERMINATED, GODTAB_SEARCH_STACK, GODTAB_TABLE_SIZE, GODTAB_TABLE_WORDS,
    GodtabTable, godtab_move_name, godtab_table_cells, godtab_table_close, godtab_table_id, godtab_table_kind,
    godtab_table_max_depth, godtab_table_moves, godtab_table_open, godtab_table_verify,
};

/// Without std nothing unwinds: a panic (none is reachable from any input)
/// ends the program through the C library's `abort()`, rather than hanging
/// it in a loop where nobody would notice.
#[cfg(all(feature = "panic-handler", not(feature = "std"), not(test)))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    unsafe extern "C" {
        fn abort() -> !;
    }
    // SAFETY: abort(3) takes no arguments and never returns.
    unsafe { abort() }
}

/// `core` is precompiled with unwinding tables that name this symbol; with
/// `panic = "abort"` nothing calls it, but the linker wants it defined.
#[cfg(all(feature = "panic-handler", not(feature = "std"), not(test)))]
#[unsafe(no_mangle)]
extern "C" fn rust_eh_personality() {}
