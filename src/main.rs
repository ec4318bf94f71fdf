//! godtab: solve permutation puzzles instantly from precomputed God's
//! algorithm tables. The command line lives in the library.

fn main() -> std::process::ExitCode {
    godtab::main()
}
