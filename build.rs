//! Generates the built-in tables into OUT_DIR, with the same generator as
//! `cargo xtask gen-tables`, so the godtab binary embeds them
//! (`include_bytes!`) and answers with no files at all.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for b in godtab_puzzles::builtin::every() {
        let bytes = godtab_gen::build_table(b).unwrap_or_else(|e| panic!("generating {}: {e}", b.id));
        let path = out.join(format!("{}.gtab", b.id));
        std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
    }
}
