//! Solves seeded random cubes and prints the time per cube and the mean
//! length: `cargo run -p godtab-twophase --release --features std
//! --example solve_random -- [COUNT] [MAX_LENGTH] [SEED] [large]` (with
//! `large`, on the large tables). A quick probe for
//! profiling (`perf record`); `cargo xtask bench two-phase` is the
//! benchmark against min2phase.

use std::time::Instant;

use godtab_twophase::{Cube, LargeTables, Limits, Solution, SolveTables, Tables, build_tables, solve};

fn main() {
    let large = std::env::args().any(|a| a == "large");
    let args: Vec<u64> =
        std::env::args().skip(1).filter(|a| a != "large").map(|a| a.parse().expect("a number")).collect();
    let count = args.first().copied().unwrap_or(1000) as usize;
    let max = args.get(1).copied().unwrap_or(21) as u8;
    let seed = args.get(2).copied().unwrap_or(1);
    let start = Instant::now();
    let bytes = build_tables();
    eprintln!("tables: {} bytes in {:.2?}", bytes.len(), start.elapsed());
    let tables = Tables::from_bytes(&bytes).unwrap();
    if large {
        let start = Instant::now();
        // `TWOPHASE_LARGE=path`: the large tables kept in that file.
        let cache = std::env::var_os("TWOPHASE_LARGE");
        let bytes = match cache.as_ref().and_then(|p| std::fs::read(p).ok()) {
            Some(bytes) => bytes,
            None => {
                let bytes = godtab_twophase::build_large_tables(1 << 30).unwrap();
                if let Some(p) = &cache {
                    std::fs::write(p, &bytes).unwrap();
                }
                bytes
            }
        };
        eprintln!("large tables: {} bytes in {:.2?}", bytes.len(), start.elapsed());
        run(&LargeTables::from_bytes(&bytes).unwrap(), count, max, seed);
    } else {
        run(&tables, count, max, seed);
    }
}

fn run(tables: &impl SolveTables, count: usize, max: u8, seed: u64) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let cubes: Vec<Cube> = (0..count).map(|_| random_cube(&mut rng)).collect();
    let mut solution = Solution::new();
    let mut total = 0;
    let start = Instant::now();
    for cube in &cubes {
        solve(tables, cube, max, &Limits::UNLIMITED, &mut solution).unwrap();
        assert_eq!(cube.apply_all(solution.moves()), Cube::SOLVED);
        total += solution.len();
    }
    let took = start.elapsed();
    println!(
        "{count} cubes within {max}: {:.3} ms/cube, mean length {:.2}",
        took.as_secs_f64() * 1e3 / count as f64,
        total as f64 / count as f64
    );
}

/// A uniformly random cube.
fn random_cube(rng: &mut fastrand::Rng) -> Cube {
    loop {
        let mut cp: [u8; 8] = core::array::from_fn(|i| i as u8);
        let mut ep: [u8; 12] = core::array::from_fn(|i| i as u8);
        rng.shuffle(&mut cp);
        rng.shuffle(&mut ep);
        let co: [u8; 8] = core::array::from_fn(|_| rng.u8(0..3));
        let eo: [u8; 12] = core::array::from_fn(|_| rng.u8(0..2));
        if let Ok(cube) = Cube::from_parts(cp, co, ep, eo) {
            return cube;
        }
    }
}
