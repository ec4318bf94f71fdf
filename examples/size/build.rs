//! Writes the layout of the table named by GODTAB_SIZE_TABLE (for the
//! `lookup-fixed` variant) into OUT_DIR/layout.rs.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=GODTAB_SIZE_TABLE");
    let path = std::env::var("GODTAB_SIZE_TABLE").expect("cargo xtask bench size sets GODTAB_SIZE_TABLE");
    println!("cargo:rerun-if-changed={path}");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let source = match godtab_runtime::Lookup::new(&bytes) {
        Ok(lookup) => lookup.layout().rust_source().to_string(),
        // Not a board table (a pattern set): no layout, and the variants
        // that need one fail to build with this message.
        Err(e) => format!("compile_error!(\"{path}: {e}\")"),
    };
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("layout.rs"), source).expect("OUT_DIR is writable");
}
