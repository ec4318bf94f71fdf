//! godtab-gen's integration tests, one binary (each test binary links the
//! crate and its dependencies: one links much faster than 11), a module per part.

mod builtins;
mod corruption;
mod lookup;
mod multi_tile;
mod orbit_search;
mod pattern_corruption;
mod patterns;
mod roundtrip;
mod share;
mod tables;
mod twobit;

/// Whether the slow tests run: with `GODTAB_SLOW_TESTS=1` (CI sets it), or
/// a slow test says it was skipped and how to run it.
fn slow_tests_run(test: &str) -> bool {
    let run = std::env::var_os("GODTAB_SLOW_TESTS").is_some_and(|v| v != "0");
    if !run {
        eprintln!("skipped (slow): {test}; GODTAB_SLOW_TESTS=1 runs it");
    }
    run
}
