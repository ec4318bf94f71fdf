//! No code: see this crate's Cargo.toml. Its dependencies name the
//! features that every build graph of godtab shares.

#![no_std]
