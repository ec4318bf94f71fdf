//! Empty: its being here puts this crate's build-dependencies in the host
//! graph (see Cargo.toml).

fn main() {}
