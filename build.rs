//! Generates the built-in tables into OUT_DIR, with the same generator as
//! `cargo xtask gen-tables`, so the godtab binary embeds them
//! (`include_bytes!`) and answers with no files at all; and the 3x3x3
//! cube's two-phase tables.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for b in godtab_puzzles::builtin::every() {
        let bytes = godtab_gen::build_table(b).unwrap_or_else(|e| panic!("generating {}: {e}", b.id));
        let path = out.join(format!("{}.gtab", b.id));
        std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
    }
    // The 3x3x3 cube's two-phase tables (cube-3x3x3).
    let path = out.join("cube-3x3x3.twophase");
    std::fs::write(&path, godtab_twophase::build_tables())
        .unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}
