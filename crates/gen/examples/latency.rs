//! Query latency on a table file (memory-mapped): the median over batches of
//! 1024 uniformly random states of the time per `distance()` call, and per
//! state of one `distances()` call on the batch. Used by
//! `cargo xtask bench scale` on tables too large for the cache.
//!
//! Usage: `latency <table.gtab> [batches]`

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use godtab_runtime::Table;

const BATCH: usize = 1024;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: latency <table.gtab> [batches]");
        return ExitCode::FAILURE;
    };
    let batches: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(2000);
    let table = match Table::open_mmap(&path) {
        Ok(table) => table,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut random_state = || loop {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if let Some(state) = table.state_of_rank(x % table.slots()) {
            return state;
        }
    };
    let mut one_by_one = Vec::with_capacity(batches);
    let mut together = Vec::with_capacity(batches);
    let mut answers = vec![None; BATCH];
    let mut found = 0usize;
    for _ in 0..batches {
        let states: Vec<_> = (0..BATCH).map(|_| random_state()).collect();
        let started = Instant::now();
        for state in &states {
            found += usize::from(matches!(table.distance(black_box(state)), Ok(Some(_))));
        }
        one_by_one.push(started.elapsed().as_nanos() as f64 / BATCH as f64);
        let states: Vec<_> = (0..BATCH).map(|_| random_state()).collect();
        let started = Instant::now();
        table.distances(black_box(&states), &mut answers).expect("a sound table");
        together.push(started.elapsed().as_nanos() as f64 / BATCH as f64);
        found += answers.iter().filter(|a| a.is_some()).count();
    }
    let median = |times: &mut Vec<f64>| {
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    };
    println!(
        "{}: {} states; distance() median {:.1} ns per query, distances() median {:.1} ns per state \
         ({} of {} reachable)",
        table.id(),
        table.slots(),
        median(&mut one_by_one),
        median(&mut together),
        found,
        2 * batches * BATCH
    );
    ExitCode::SUCCESS
}
