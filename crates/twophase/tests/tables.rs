//! The tables: deterministic bytes, each header error, the large tables
//! (behind the slow-test switch), and the solver's stack.

use godtab_twophase::{
    Cube, LargeTables, Limits, Move, Solution, TABLES_LEN, Tables, TablesError, build_large_tables, build_tables, solve,
};

use crate::sim::{SOLVED, Stickers, quarter_turns};
use crate::solve::random_cube;
use crate::{slow_tests, tables};

#[test]
fn the_same_bytes_every_time() {
    let bytes = build_tables();
    assert_eq!(bytes.len(), TABLES_LEN);
    assert!(bytes == tables().as_bytes(), "two builds differ");
}

#[test]
fn every_header_error() {
    let bytes = tables().as_bytes().to_vec();
    assert!(Tables::from_bytes(&bytes).is_ok());
    assert_eq!(Tables::from_bytes(&bytes[..10]).err(), Some(TablesError::BadMagic));
    let mut wrong = bytes.clone();
    wrong[0] ^= 1;
    assert_eq!(Tables::from_bytes(&wrong).err(), Some(TablesError::BadMagic));
    let mut wrong = bytes.clone();
    wrong[8] = 99;
    let e = Tables::from_bytes(&wrong).err().unwrap();
    assert_eq!(e, TablesError::Version { expected: godtab_twophase::FORMAT_VERSION, got: 99 });
    assert!(e.to_string().contains("99"), "{e}");
    let e = Tables::from_bytes(&bytes[..bytes.len() - 1]).err().unwrap();
    assert_eq!(e, TablesError::Length { expected: TABLES_LEN as u64, got: TABLES_LEN as u64 - 1 });
    assert_eq!(LargeTables::from_bytes(&bytes).err(), Some(TablesError::BadMagic));
    assert!(build_large_tables(1 << 20).is_err());
}

/// The solver within 16 KiB of stack (its whole state is there): a thread
/// that small solves hard cases.
#[test]
fn sixteen_kib_of_stack() {
    let t = tables();
    let handle = std::thread::Builder::new()
        .stack_size(16 * 1024)
        .spawn(move || {
            let mut rng = fastrand::Rng::with_seed(11);
            let mut solution = Solution::new();
            for _ in 0..20 {
                let cube = random_cube(&mut rng);
                solve(&t, &cube, 20, &Limits::UNLIMITED, &mut solution).unwrap();
                assert_eq!(cube.apply_all(solution.moves()), Cube::SOLVED);
            }
        })
        .unwrap();
    handle.join().unwrap();
}

#[test]
fn large_tables() {
    if !slow_tests() {
        return;
    }
    let bytes = build_large_tables(1 << 30).unwrap();
    let large = LargeTables::from_bytes(&bytes).unwrap();
    assert!(large.tables().as_bytes() == tables().as_bytes());
    let turns = quarter_turns();
    let mut rng = fastrand::Rng::with_seed(5);
    let mut solution = Solution::new();
    let check = |cube: &Cube, max: u8, solution: &mut Solution| {
        solve(&large, cube, max, &Limits::UNLIMITED, solution).unwrap();
        assert!(solution.len() <= usize::from(max));
        let start = Stickers::new(std::str::from_utf8(&cube.to_facelets()).unwrap());
        let end = solution.as_slice().iter().fold(start, |s, &m| s.turn(&turns, usize::from(m)));
        assert_eq!(end.text(), SOLVED, "{solution}");
        solution.len()
    };
    for max in [21, 20] {
        for _ in 0..500 {
            check(&random_cube(&mut rng), max, &mut solution);
        }
    }
    let superflip = Cube::from_facelets("UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB").unwrap();
    assert_eq!(check(&superflip, 20, &mut solution), 20);
    assert_eq!(check(&Cube::SOLVED, 20, &mut solution), 0);
    for m in Move::ALL {
        assert_eq!(check(&Cube::SOLVED.apply(m), 20, &mut solution), 1);
    }
}
