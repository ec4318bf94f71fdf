//! The cube's row of `cargo xtask bench size`: `godtab_cube_solve` from C
//! against libgodtab_nostd.a, its code with the two-phase tables it
//! carries, and its stack, which is all the RAM it uses. The probe solves
//! the superflip and seeded random cubes; every answer must be within 21
//! moves and solve its cube.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, ensure};
use godtab_twophase::{Cube, Move, parse_moves};

use crate::bench_size::{Measured, compile_c_probe, sections};

/// The firmware budgets of a cube solve: code and tables together, and
/// RAM (its stack: it uses no other).
const CODE: u64 = 1536 * 1024;
const RAM: u64 = 16 * 1024;

/// What `--check` says when the cube is within its budgets.
pub(crate) const BUDGET_LINE: &str = "The cube's solve is within its budget (code + tables <= 1.5 MiB, RAM <= 16 KiB).";

/// Every edge flipped in place: 20 moves from solved.
const SUPERFLIP: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

/// The random cubes solved besides the superflip.
const RANDOM_CUBES: usize = 24;

/// Builds the probe, solves the cubes and gives the figures (the deepest
/// stack of any solve) and the number of cubes solved.
pub(crate) fn measure(dir: &Path, library: &Path) -> Result<(Measured, usize)> {
    let program = dir.join("c-PROBE_CUBE");
    compile_c_probe(library, Some("PROBE_CUBE"), None, &program)?;
    let mut rng = fastrand::Rng::with_seed(2026);
    let mut cubes = vec![SUPERFLIP.to_string()];
    for _ in 0..RANDOM_CUBES {
        let cube = (0..30).fold(Cube::SOLVED, |c, _| c.apply(Move::ALL[rng.usize(..18)]));
        cubes.push(String::from_utf8(cube.to_facelets().to_vec())?);
    }
    let mut stack = 0;
    for facelets in &cubes {
        stack = stack.max(solve(&program, facelets)?);
    }
    let (text, rodata) = sections(&program)?;
    Ok((Measured { text, rodata, stack, handle: 0 }, cubes.len()))
}

/// Runs the probe on one cube, checks its answer and gives its stack.
fn solve(program: &Path, facelets: &str) -> Result<u64> {
    let output =
        Command::new(program).arg(facelets).output().with_context(|| format!("running {}", program.display()))?;
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    ensure!(output.status.success(), "{} failed: {text}", program.display());
    let words: Vec<&str> = text.split_whitespace().collect();
    ensure!(words.len() >= 5 && words[0] == "status" && words[2] == "stack" && words[4] == "solution", "{text:?}");
    ensure!(words[1] == "0", "{facelets}: status {}", words[1]);
    let moves = parse_moves(&words[5..].join(" ")).collect::<Result<Vec<Move>, _>>()?;
    ensure!(moves.len() <= 21, "{facelets}: {} moves", moves.len());
    ensure!(
        Cube::from_facelets(facelets)?.apply_all(moves) == Cube::SOLVED,
        "{facelets}: the answer does not solve it"
    );
    words[3].parse().with_context(|| format!("stack in {text:?}"))
}

/// What of the cube's figures exceed their budgets.
pub(crate) fn over_budget(what: &str, code: u64, m: &Measured) -> Vec<String> {
    let mut over = Vec::new();
    if code > CODE {
        over.push(format!("{what}: code + tables {code} bytes, budget {CODE}"));
    }
    if m.stack > RAM {
        over.push(format!("{what}: RAM (stack) {} bytes, budget {RAM}", m.stack));
    }
    over
}
