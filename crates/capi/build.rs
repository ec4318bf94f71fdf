//! Generates the 3x3x3 cube's two-phase tables into OUT_DIR: the library
//! holds them as static data (`godtab_cube_solve`), so no caller needs a
//! table for the cube.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let path = out.join("cube-3x3x3.twophase");
    std::fs::write(&path, godtab_twophase::build_tables())
        .unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}
