//! `godtab_cube_solve` as C calls it: random cubes, the hard and the
//! trivial ones, each answer applied to the cube; every failure it can
//! give.

use super::*;

use godtab_twophase::{Cube, Move};

/// The solved cube's facelets.
const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/// Every edge flipped in place: 20 moves from solved, the hardest case.
const SUPERFLIP: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

/// `godtab_cube_solve` into a buffer of `capacity` bytes: the status, the
/// text and the length it reported.
fn cube_solve(facelets: &str, max_length: u32, max_nodes: u64, capacity: usize) -> (Status, String, usize) {
    let mut out = vec![0x55_u8; capacity];
    let mut len = usize::MAX;
    // SAFETY: `facelets` has its length, `out` its capacity, `len` is writable.
    let status = unsafe {
        godtab_cube_solve(
            facelets.as_ptr().cast(),
            facelets.len(),
            max_length,
            max_nodes,
            out.as_mut_ptr().cast(),
            capacity,
            &mut len,
        )
    };
    let text = if status == GODTAB_OK {
        assert_eq!(out[len], 0, "the text ends with a NUL");
        String::from_utf8(out[..len].to_vec()).unwrap()
    } else {
        String::new()
    };
    (status, text, len)
}

/// Checks that `solution` (move names separated by single spaces) is at
/// most `max_length` moves and solves the cube of `facelets`.
fn check_solves(facelets: &str, solution: &str, max_length: usize) {
    let moves: Vec<Move> =
        solution.split(' ').filter(|m| !m.is_empty()).map(|m| Move::from_name(m).expect("a move name")).collect();
    assert!(moves.len() <= max_length, "{facelets}: {} moves: {solution}", moves.len());
    assert!(!solution.contains("  ") && !solution.starts_with(' ') && !solution.ends_with(' '), "{solution:?}");
    let cube = Cube::from_facelets(facelets).unwrap();
    assert_eq!(cube.apply_all(moves.iter().copied()), Cube::SOLVED, "{facelets}: {solution}");
}

/// A cube's facelets as text.
fn facelets_of(cube: &Cube) -> String {
    String::from_utf8(cube.to_facelets().to_vec()).unwrap()
}

/// The cube after `count` pseudo-random moves from solved (a fixed seed per
/// `seed`).
fn scrambled(seed: u64, count: usize) -> String {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut cube = Cube::SOLVED;
    for _ in 0..count {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        cube = cube.apply(Move::ALL[(state % 18) as usize]);
    }
    facelets_of(&cube)
}

#[test]
fn random_cubes_are_solved_within_the_length_asked() {
    for seed in 0..300 {
        let facelets = scrambled(seed, 40);
        let (status, text, len) = cube_solve(&facelets, 0, 0, GODTAB_CUBE_SOLUTION_TEXT);
        assert_eq!(status, GODTAB_OK, "{facelets}");
        assert_eq!(len, text.len());
        check_solves(&facelets, &text, GODTAB_CUBE_DEFAULT_LENGTH as usize);
    }
    for seed in 0..20 {
        let facelets = scrambled(1000 + seed, 40);
        let (status, text, _) = cube_solve(&facelets, 20, 0, GODTAB_CUBE_SOLUTION_TEXT);
        assert_eq!(status, GODTAB_OK, "{facelets}");
        check_solves(&facelets, &text, 20);
    }
}

#[test]
fn the_solved_cube_one_move_and_the_superflip() {
    assert_eq!(cube_solve(SOLVED, 0, 0, 1), (GODTAB_OK, String::new(), 0));
    for m in Move::ALL {
        let facelets = facelets_of(&Cube::SOLVED.apply(m));
        let (status, text, _) = cube_solve(&facelets, 0, 0, GODTAB_CUBE_SOLUTION_TEXT);
        assert_eq!((status, text.as_str()), (GODTAB_OK, m.inverse().name()), "{}", m.name());
    }
    let (status, text, _) = cube_solve(SUPERFLIP, 20, 0, GODTAB_CUBE_SOLUTION_TEXT);
    assert_eq!(status, GODTAB_OK);
    check_solves(SUPERFLIP, &text, 20);
    // NUL-terminated facelets, with whitespace around them.
    let mut out = [0_u8; GODTAB_CUBE_SOLUTION_TEXT];
    let mut len = 0;
    let text = format!("  {SUPERFLIP}\n\0");
    // SAFETY: NUL-terminated text, a buffer of its size, a writable length.
    let status = unsafe {
        godtab_cube_solve(
            text.as_ptr().cast(),
            GODTAB_NUL_TERMINATED,
            0,
            0,
            out.as_mut_ptr().cast(),
            out.len(),
            &mut len,
        )
    };
    assert_eq!(status, GODTAB_OK);
    check_solves(SUPERFLIP, core::str::from_utf8(&out[..len]).unwrap(), 21);
}

/// The solved cube's facelets with the letters at `from` moved to `to`'s
/// places (a permutation of a few stickers).
fn moved_stickers(from: &[usize], to: &[usize]) -> String {
    let solved = SOLVED.as_bytes();
    let mut bytes = solved.to_vec();
    for (&f, &t) in from.iter().zip(to) {
        bytes[t] = solved[f];
    }
    String::from_utf8(bytes).unwrap()
}

#[test]
fn every_failure_has_its_status() {
    let text = GODTAB_CUBE_SOLUTION_TEXT;
    // Not facelets.
    assert_eq!(cube_solve(&SOLVED[1..], 0, 0, text).0, GODTAB_ERROR_CUBE_FACELETS);
    assert_eq!(cube_solve(&SOLVED.replace('B', "X"), 0, 0, text).0, GODTAB_ERROR_CUBE_FACELETS);
    assert_eq!(cube_solve(&SOLVED.replacen('U', "R", 1), 0, 0, text).0, GODTAB_ERROR_CUBE_FACELETS);
    assert_eq!(cube_solve(&moved_stickers(&[4, 13], &[13, 4]), 0, 0, text).0, GODTAB_ERROR_CUBE_FACELETS);
    assert_eq!(cube_solve("\u{e9}", 0, 0, text).0, GODTAB_ERROR_CUBE_FACELETS);
    // The URF corner's stickers (U9, R1, F3) turned in place: twisted.
    assert_eq!(cube_solve(&moved_stickers(&[8, 9, 20], &[9, 20, 8]), 0, 0, text).0, GODTAB_ERROR_CUBE_TWISTED);
    // The UR edge's stickers (U6, R2) swapped: flipped.
    assert_eq!(cube_solve(&moved_stickers(&[5, 10], &[10, 5]), 0, 0, text).0, GODTAB_ERROR_CUBE_FLIPPED);
    // The UR and UF edges (U6 R2, U8 F2) swapped: an odd permutation.
    assert_eq!(cube_solve(&moved_stickers(&[10, 19], &[19, 10]), 0, 0, text).0, GODTAB_ERROR_CUBE_PARITY);
    // A U sticker and an R sticker of two corners swapped: a corner with
    // two R stickers is no corner.
    assert_eq!(cube_solve(&moved_stickers(&[8, 11], &[11, 8]), 0, 0, text).0, GODTAB_ERROR_CUBE_PIECES);
    // Too short a length, too few nodes, too long a length.
    let two = facelets_of(&Cube::SOLVED.apply(Move::ALL[0]).apply(Move::ALL[3]));
    assert_eq!(cube_solve(&two, 1, 0, text).0, GODTAB_ERROR_CUBE_NOT_FOUND);
    assert_eq!(cube_solve(&two, 2, 0, text).0, GODTAB_OK);
    assert_eq!(cube_solve(&scrambled(7, 40), 20, 1, text).0, GODTAB_ERROR_NODE_LIMIT);
    assert_eq!(cube_solve(&two, 33, 0, text).0, GODTAB_ERROR_TOO_DEEP);
    assert_eq!(cube_solve(&two, u32::MAX, 0, text).0, GODTAB_ERROR_TOO_DEEP);
    assert_eq!(cube_solve(&two, 32, 0, text).0, GODTAB_OK);
    // A short buffer: the length still reported.
    // (U then R: "R' U'", five letters and the NUL.)
    let (status, _, len) = cube_solve(&two, 0, 0, 5);
    assert_eq!((status, len), (GODTAB_ERROR_BUFFER_TOO_SMALL, 5));
    assert_eq!(cube_solve(&two, 0, 0, 6), (GODTAB_OK, "R' U'".to_string(), 5));
    // Null pointers.
    let mut len = 0;
    let mut out = [0_u8; 8];
    // SAFETY: null pointers are refused before any use.
    unsafe {
        assert_eq!(godtab_cube_solve(null(), 54, 0, 0, out.as_mut_ptr().cast(), 8, &mut len), GODTAB_ERROR_NULL);
        assert_eq!(godtab_cube_solve(SOLVED.as_ptr().cast(), 54, 0, 0, null_mut(), 8, &mut len), GODTAB_ERROR_NULL);
        assert_eq!(
            godtab_cube_solve(SOLVED.as_ptr().cast(), 54, 0, 0, out.as_mut_ptr().cast(), 8, null_mut()),
            GODTAB_ERROR_NULL
        );
        assert_eq!(
            godtab_cube_solve(SOLVED.as_ptr().cast(), 54, 0, 0, null_mut(), 0, &mut len),
            GODTAB_ERROR_BUFFER_TOO_SMALL
        );
    }
    assert_eq!(len, 0);
}
