//! Generates one built-in table and prints what the search found: the
//! process `cargo xtask bench gen` times against the seed programs.
//!
//! Usage: `generate <puzzle-id> [--levels]`

use std::process::ExitCode;

use godtab_puzzles::builtin;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(id) = args.next() else {
        eprintln!("usage: generate <puzzle-id> [--levels]");
        return ExitCode::FAILURE;
    };
    let levels = args.next().as_deref() == Some("--levels");
    let Some(b) = builtin::by_id(&id) else {
        eprintln!("unknown puzzle {id:?}");
        return ExitCode::FAILURE;
    };
    let report = |level: &godtab_gen::Progress| {
        if levels {
            eprintln!(
                "depth {:>3} {:>10} states {} at {:?}",
                level.depth,
                level.found,
                if level.pull { "pull" } else { "push" },
                level.elapsed
            );
        }
    };
    let options = godtab_gen::Options { on_progress: Some(&report), ..Default::default() };
    match godtab_gen::generate_with(&b.definition().puzzle().clone(), &options) {
        Ok(table) => {
            println!("{}: {} states reached, God's number {}", b.id, table.reachable, table.max_depth);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
