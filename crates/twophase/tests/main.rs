//! The two-phase solver's tests, one binary: every answer is checked on an
//! independent sticker-level simulator ([`sim`]), not on the cubie model
//! the solver uses.

mod parse;
mod sim;
mod solve;
mod tables;

use std::sync::OnceLock;

/// The built-in tables, built once for the whole binary.
pub fn tables() -> godtab_twophase::Tables<'static> {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    godtab_twophase::Tables::from_bytes(BYTES.get_or_init(godtab_twophase::build_tables)).unwrap()
}

/// Whether the heavy runs were asked for (`GODTAB_SLOW_TESTS`).
pub fn slow_tests() -> bool {
    if std::env::var_os("GODTAB_SLOW_TESTS").is_none() {
        eprintln!("skipped: set GODTAB_SLOW_TESTS=1 to run it");
        return false;
    }
    true
}
