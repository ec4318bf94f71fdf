//! Solving: uniformly random cubes, the superflip, the solved cube and
//! every single move, each answer applied to the stickers by the
//! simulator, and the limits.

use godtab_twophase::{Cube, Limits, Move, Solution, SolveError, solve};

use crate::sim::{SOLVED, Stickers, quarter_turns};
use crate::{slow_tests, tables};

/// A uniformly random cube: random permutations of matching parity and
/// random orientations of zero sum.
pub fn random_cube(rng: &mut fastrand::Rng) -> Cube {
    let mut cp: [u8; 8] = core::array::from_fn(|i| i as u8);
    let mut ep: [u8; 12] = core::array::from_fn(|i| i as u8);
    rng.shuffle(&mut cp);
    rng.shuffle(&mut ep);
    let odd = |p: &[u8]| {
        (0..p.len()).flat_map(|i| (i + 1..p.len()).map(move |j| (i, j))).filter(|&(i, j)| p[j] < p[i]).count() % 2
    };
    if odd(&cp) != odd(&ep) {
        ep.swap(0, 1);
    }
    let mut co = [0u8; 8];
    let mut eo = [0u8; 12];
    for o in &mut co[..7] {
        *o = rng.u8(0..3);
    }
    co[7] = (3 - co[..7].iter().sum::<u8>() % 3) % 3;
    for o in &mut eo[..11] {
        *o = rng.u8(0..2);
    }
    eo[11] = eo[..11].iter().sum::<u8>() % 2;
    Cube::from_parts(cp, co, ep, eo).unwrap()
}

/// Solves `cube` within `max` and checks the answer on the stickers.
fn check(cube: &Cube, max: u8) -> usize {
    let turns = quarter_turns();
    let mut solution = Solution::new();
    solve(&tables(), cube, max, &Limits::UNLIMITED, &mut solution).unwrap();
    assert!(solution.len() <= usize::from(max), "{solution}: longer than {max}");
    let start = Stickers::new(std::str::from_utf8(&cube.to_facelets()).unwrap());
    let end = solution.as_slice().iter().fold(start.clone(), |s, &m| s.turn(&turns, usize::from(m)));
    assert_eq!(end.text(), SOLVED, "{} does not solve {}", solution, start.text());
    // The text form names the same moves.
    assert_eq!(start.scramble(&turns, &solution.to_string()).text(), SOLVED);
    solution.len()
}

fn random_run(count: usize, max: u8, seed: u64) {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut total = 0;
    for _ in 0..count {
        total += check(&random_cube(&mut rng), max);
    }
    eprintln!("{count} random cubes within {max}: mean length {:.2}", total as f64 / count as f64);
}

#[test]
fn random_cubes_within_21() {
    random_run(2000, 21, 1);
}

#[test]
fn random_cubes_within_20() {
    random_run(200, 20, 2);
}

#[test]
fn many_random_cubes_within_20() {
    if !slow_tests() {
        return;
    }
    random_run(4000, 20, 3);
}

/// The superflip: every edge flipped in place, 20 moves from solved (the
/// facelet string of the simulator's own superflip sequence).
#[test]
fn superflip() {
    let turns = quarter_turns();
    let text = Stickers::new(SOLVED).scramble(&turns, "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").text();
    assert_eq!(text, "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB");
    let cube = Cube::from_facelets(&text).unwrap();
    assert_eq!(cube.corner_permutation(), [0, 1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(cube.edge_orientation(), [1; 12]);
    assert_eq!(check(&cube, 20), 20);
}

#[test]
fn solved_and_single_moves() {
    let mut solution = Solution::new();
    solve(&tables(), &Cube::SOLVED, 21, &Limits::UNLIMITED, &mut solution).unwrap();
    assert!(solution.is_empty());
    assert_eq!(solution.to_string(), "");
    for m in Move::ALL {
        let cube = Cube::SOLVED.apply(m);
        assert_eq!(check(&cube, 21), 1, "{m}");
        solve(&tables(), &cube, 21, &Limits::UNLIMITED, &mut solution).unwrap();
        assert_eq!(solution.to_string(), m.inverse().name());
    }
}

#[test]
fn facelets_agree_with_the_simulator() {
    let turns = quarter_turns();
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..200 {
        let moves: Vec<&str> = (0..25).map(|_| Move::ALL[rng.usize(0..18)].name()).collect();
        let scramble = moves.join(" ");
        let text = Stickers::new(SOLVED).scramble(&turns, &scramble).text();
        let cube = Cube::from_scramble(&scramble).unwrap();
        assert_eq!(Cube::from_facelets(&text).unwrap(), cube, "{scramble}");
        assert_eq!(std::str::from_utf8(&cube.to_facelets()).unwrap(), text);
        assert_eq!(cube.to_string(), text);
    }
}

#[test]
fn limits_and_lengths() {
    let cube = Cube::from_scramble("R U F D L B R2 U2 F2 D' L' B'").unwrap();
    let mut solution = Solution::new();
    assert_eq!(solve(&tables(), &cube, 3, &Limits::UNLIMITED, &mut solution), Err(SolveError::NotFound));
    assert_eq!(solve(&tables(), &cube, 20, &Limits::nodes(5), &mut solution), Err(SolveError::LimitReached));
    assert!(solution.is_empty());
    assert_eq!(solve(&tables(), &cube, 40, &Limits::UNLIMITED, &mut solution), Err(SolveError::TooLong));
    let deadline = Limits { deadline: Some(std::time::Instant::now()), ..Limits::UNLIMITED };
    let hard = Cube::from_facelets("UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB").unwrap();
    assert_eq!(solve(&tables(), &hard, 18, &deadline, &mut solution), Err(SolveError::LimitReached));
}
