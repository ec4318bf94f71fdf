//! The godtab command end to end, as its users run it: one test binary
//! (linking the command's crate once), a module per part.

mod common;

mod cli;
mod cli_capi;
mod cli_cluster;
mod cli_cluster_admission;
mod cli_cluster_hosts;
mod cli_contest;
mod cli_contest_package;
mod cli_contest_protocols;
mod cli_cube;
mod cli_hardening;
mod cli_orbits;
mod cli_output;
mod cli_patterns;
mod cli_reliability;
mod cli_serve;
mod cli_serve_page;
mod cli_sliders;
mod cli_specs;
mod cli_two_phase;
mod docs_examples;
mod fuzz_regressions;
mod memory;
mod verify_sums;
