//! Generates the nine-digits table for the program to embed, and its
//! lookup layout (a Rust expression the program `include!`s), so that the
//! program opens the bytes with no header decoding.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let bytes = godtab_gen::build_table(&godtab_puzzles::builtin::NINE_DIGITS).expect("the built-in table generates");
    let layout = godtab_runtime::Lookup::new(&bytes).expect("a lookup opens the built-in table");
    std::fs::write(out.join("layout.rs"), layout.layout().rust_source().to_string()).expect("OUT_DIR is writable");
    std::fs::write(out.join("nine-digits.gtab"), bytes).expect("OUT_DIR is writable");
}
