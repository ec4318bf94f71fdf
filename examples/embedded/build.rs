//! Generates the nine-digits table for the program to embed.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let bytes = godtab_gen::build_table(&godtab_puzzles::builtin::NINE_DIGITS).expect("the built-in table generates");
    std::fs::write(out.join("nine-digits.gtab"), bytes).expect("OUT_DIR is writable");
}
