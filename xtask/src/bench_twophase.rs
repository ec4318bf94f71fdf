//! `cargo xtask bench two-phase`: godtab-twophase against min2phase
//! (cs0x7f's two-phase solver, crate `min2phase` 0.2.4) on the same
//! uniformly random cubes (seeded), one thread each, within 21 and within
//! 20 moves. The two alternate in rounds (each round solves every cube
//! with one, then with the other, the order swapped each round), so that
//! a noisy neighbour hurts both alike; it reports each one's best and
//! median time per cube over the rounds, the ratios, the mean lengths,
//! and checks every answer of both: it must solve its cube (applied by
//! godtab's cubie model) within the bound.
//!
//! `--count N` sets the cubes (default 1000), `--rounds R` the rounds
//! (default 3), `--quick` is 100 cubes and 2 rounds. `--max-memory SIZE`
//! also times godtab with its large tables built within SIZE.
//!
//! Then a fixed-time run: each cube gets `--budget-ms` milliseconds
//! (default 10), in which godtab asks for ever shorter answers (within 21,
//! then within one move less than the last answer, until the time is up or
//! nothing shorter exists); the mean of the shortest answers is the figure
//! (rob-twophase's is 18.56 moves at 10 ms). min2phase has no time limit
//! to stop an attempt by, so it is not in this run.

use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};
use godtab_twophase::{Cube, Limits, Solution, SolveTables, Tables, parse_moves};

/// The seed of the cubes.
const SEED: u64 = 2026;

/// A uniformly random cube: random permutations of equal parity, random
/// orientations of zero sum.
fn random_cube(rng: &mut fastrand::Rng) -> Cube {
    loop {
        let mut cp: [u8; 8] = std::array::from_fn(|i| i as u8);
        let mut ep: [u8; 12] = std::array::from_fn(|i| i as u8);
        rng.shuffle(&mut cp);
        rng.shuffle(&mut ep);
        let co: [u8; 8] = std::array::from_fn(|_| rng.u8(0..3));
        let eo: [u8; 12] = std::array::from_fn(|_| rng.u8(0..2));
        // One in 12 draws (parity, twist, flip) is a state of the cube.
        if let Ok(cube) = Cube::from_parts(cp, co, ep, eo) {
            return cube;
        }
    }
}

/// One solver's times per cube (one per round) and answer lengths.
#[derive(Default)]
struct Record {
    per_cube: Vec<Duration>,
    moves: usize,
}

impl Record {
    fn best(&self) -> Duration {
        *self.per_cube.iter().min().expect("a round")
    }
    fn median(&self) -> Duration {
        let mut v = self.per_cube.clone();
        v.sort();
        v[v.len() / 2]
    }
}

fn check(cube: &Cube, answer: &str, bound: u8, who: &str) -> Result<usize> {
    let mut after = *cube;
    let mut len = 0;
    for m in parse_moves(answer) {
        after = after.apply(m.with_context(|| format!("{who} answered {answer:?}"))?);
        len += 1;
    }
    ensure!(after == Cube::SOLVED, "{who}'s answer {answer:?} does not solve its cube");
    ensure!(len <= usize::from(bound), "{who}'s answer {answer:?} is longer than {bound}");
    Ok(len)
}

/// Solves every cube with godtab, checking each answer.
fn run_godtab(tables: &dyn Fn(&Cube, u8, &mut Solution), cubes: &[Cube], bound: u8) -> Result<(Duration, usize)> {
    let mut solution = Solution::new();
    let mut took = Duration::ZERO;
    let mut moves = 0;
    for cube in cubes {
        let start = Instant::now();
        tables(cube, bound, &mut solution);
        took += start.elapsed();
        moves += check(cube, &solution.to_string(), bound, "godtab")?;
    }
    Ok((took, moves))
}

fn run_min2phase(facelets: &[String], cubes: &[Cube], bound: u8) -> Result<(Duration, usize)> {
    let mut took = Duration::ZERO;
    let mut moves = 0;
    for (text, cube) in facelets.iter().zip(cubes) {
        let start = Instant::now();
        let answer = min2phase::solve(text, bound);
        took += start.elapsed();
        if answer.starts_with("Error") {
            bail!("min2phase: {answer} on {text}");
        }
        moves += check(cube, &answer, bound, "min2phase")?;
    }
    Ok((took, moves))
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

/// The shortest answer found for `cube` in `budget`: asking within 21
/// moves, then within one less than the last answer, until the time is up
/// or nothing shorter exists. Checked; gives its length.
fn shortest_within<T: SolveTables>(tables: &T, cube: &Cube, budget: Duration) -> Result<usize> {
    let deadline = Instant::now() + budget;
    let limits = Limits { max_nodes: u64::MAX, deadline: Some(deadline) };
    let mut solution = Solution::new();
    let mut best: Option<String> = None;
    let mut bound = 21;
    while godtab_twophase::solve(tables, cube, bound, &limits, &mut solution).is_ok() {
        best = Some(solution.to_string());
        if solution.is_empty() {
            break;
        }
        bound = solution.len() as u8 - 1;
    }
    // Within 21 moves an answer takes about a millisecond: one always
    // comes well within the budget.
    let answer = best.context("no answer within 21 moves in the time")?;
    check(cube, &answer, 21, "godtab")
}

/// The fixed-time run: the mean length of the shortest answers found in
/// `budget` per cube.
fn fixed_time<T: SolveTables>(tables: &T, cubes: &[Cube], budget: Duration) -> Result<f64> {
    let mut moves = 0;
    for cube in cubes {
        moves += shortest_within(tables, cube, budget)?;
    }
    Ok(moves as f64 / cubes.len() as f64)
}

pub fn run(
    count: Option<usize>,
    rounds: Option<usize>,
    quick: bool,
    max_memory: Option<u64>,
    budget_ms: u64,
) -> Result<()> {
    // `cargo xtask` is a debug build: time both solvers optimised, in a
    // release build of this same command.
    if cfg!(debug_assertions) {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let mut cargo = vec!["run", "--quiet", "--release", "--package", "xtask", "--"];
        cargo.extend(args.iter().map(String::as_str));
        return crate::cargo(&cargo);
    }
    let count = count.unwrap_or(if quick { 100 } else { 1000 });
    let rounds = rounds.unwrap_or(if quick { 2 } else { 3 }).max(1);
    let start = Instant::now();
    let bytes = godtab_twophase::build_tables();
    println!("godtab-twophase: built-in tables {} bytes, built in {}", bytes.len(), ms(start.elapsed()));
    let tables = Tables::from_bytes(&bytes)?;
    let large_bytes = match max_memory {
        Some(limit) => {
            let start = Instant::now();
            let large = godtab_twophase::build_large_tables(limit).context("the large tables")?;
            println!("godtab-twophase: large tables {} bytes, built in {}", large.len(), ms(start.elapsed()));
            Some(large)
        }
        None => None,
    };
    let large = large_bytes.as_deref().map(godtab_twophase::LargeTables::from_bytes).transpose()?;
    let start = Instant::now();
    let _ = min2phase::solve(&"UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB".to_string(), 21);
    println!("min2phase: tables initialised in {}", ms(start.elapsed()));
    let mut rng = fastrand::Rng::with_seed(SEED);
    let cubes: Vec<Cube> = (0..count).map(|_| random_cube(&mut rng)).collect();
    let facelets: Vec<String> =
        cubes.iter().map(|c| String::from_utf8(c.to_facelets().to_vec()).expect("ASCII")).collect();
    println!("{count} uniformly random cubes (seed {SEED}), one thread each, {rounds} alternated rounds");
    for bound in [21u8, 20] {
        let builtin = |cube: &Cube, bound: u8, out: &mut Solution| {
            godtab_twophase::solve(&tables, cube, bound, &Limits::UNLIMITED, out).expect("a solution")
        };
        let with_large = |cube: &Cube, bound: u8, out: &mut Solution| {
            let large = large.as_ref().expect("large tables");
            godtab_twophase::solve(large, cube, bound, &Limits::UNLIMITED, out).expect("a solution")
        };
        let (mut ours, mut theirs, mut ours_large) = (Record::default(), Record::default(), Record::default());
        for round in 0..rounds {
            let mut godtab_round = || -> Result<()> {
                let (took, moves) = run_godtab(&builtin, &cubes, bound)?;
                ours.per_cube.push(took / count as u32);
                ours.moves = moves;
                if large.is_some() {
                    let (took, moves) = run_godtab(&with_large, &cubes, bound)?;
                    ours_large.per_cube.push(took / count as u32);
                    ours_large.moves = moves;
                }
                Ok(())
            };
            if round % 2 == 0 {
                godtab_round()?;
            }
            let (took, moves) = run_min2phase(&facelets, &cubes, bound)?;
            theirs.per_cube.push(took / count as u32);
            theirs.moves = moves;
            if round % 2 == 1 {
                godtab_round()?;
            }
        }
        println!("within {bound} moves (time per cube: best, median of rounds; mean length):");
        let mean = |r: &Record| r.moves as f64 / count as f64;
        let row = |name: &str, r: &Record| {
            println!("  {name:<28} {:>10} {:>10}   {:.2} moves", ms(r.best()), ms(r.median()), mean(r));
        };
        row("godtab-twophase (built-in)", &ours);
        if large.is_some() {
            row("godtab-twophase (large)", &ours_large);
        }
        row("min2phase 0.2.4", &theirs);
        let ratio = |a: &Record| {
            (
                theirs.best().as_secs_f64() / a.best().as_secs_f64(),
                theirs.median().as_secs_f64() / a.median().as_secs_f64(),
            )
        };
        let (b, m) = ratio(&ours);
        println!("  built-in: {b:.2}x min2phase's rate (best), {m:.2}x (median)");
        if large.is_some() {
            let (b, m) = ratio(&ours_large);
            println!("  large: {b:.2}x min2phase's rate (best), {m:.2}x (median)");
        }
    }
    let budget = Duration::from_millis(budget_ms);
    println!("at a fixed time of {budget_ms} ms per cube (the shortest answer found in it; mean length):");
    println!("  godtab-twophase (built-in)   {:.2} moves", fixed_time(&tables, &cubes, budget)?);
    if let Some(large) = &large {
        println!("  godtab-twophase (large)      {:.2} moves", fixed_time(large, &cubes, budget)?);
    }
    println!("every answer of both solvers checked: it solves its cube within the bound");
    Ok(())
}
