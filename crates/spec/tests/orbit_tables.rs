//! Tables of the orbit examples, written and read back: every answer of
//! the small one, a spread of the 2x2x2's, replays to the goal in exactly
//! its distance, and the compact encoding answers alike.

use std::path::PathBuf;

use godtab_gen::{Options, table_bytes};
use godtab_runtime::{Encoding, Table};
use godtab_spec::load;

fn example(file: &str) -> godtab_puzzles::Definition {
    load(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles").join(file)).unwrap()
}

/// Checks ranks `ranks` of `full` and of its compact table.
fn check(full: &Table<Vec<u8>>, compact: &Table<Vec<u8>>, ranks: impl Iterator<Item = u64>) {
    let puzzle = full.puzzle();
    let mut moves = [0u8; 64];
    for rank in ranks {
        let state = full.state_of_rank(rank).unwrap();
        let distance = full.distance(&state).unwrap();
        assert_eq!(compact.distance(&state).unwrap(), distance, "rank {rank}");
        let Some(distance) = distance else { continue };
        let len = full.solve_into(&state, &mut moves).unwrap();
        assert_eq!(len, usize::from(distance));
        let end = moves[..len].iter().fold(state, |s, &m| puzzle.apply(&s, usize::from(m)).unwrap());
        assert_eq!(end, puzzle.goal(), "rank {rank}");
        let theirs: Vec<usize> = compact.solution(&state).unwrap().into_iter().flatten().collect();
        assert!(theirs.iter().map(|&m| m as u8).eq(moves[..len].iter().copied()), "rank {rank}");
    }
}

fn tables(definition: &godtab_puzzles::Definition) -> (Table<Vec<u8>>, Table<Vec<u8>>) {
    let open = |encoding| {
        let bytes = table_bytes(definition, &Options { encoding, ..Options::default() }).unwrap();
        let table = Table::new(bytes).unwrap();
        table.verify().unwrap();
        table
    };
    (open(Encoding::Full), open(Encoding::Compact))
}

#[test]
fn every_answer_of_pegs_discs() {
    let definition = example("pegs-discs.toml");
    let (full, compact) = tables(&definition);
    assert_eq!((full.slots(), full.reachable()), (648, 648));
    assert!(full.definition().same_as(&definition));
    check(&full, &compact, 0..full.slots());
}

#[test]
fn a_spread_of_the_pocket_cube() {
    let (full, compact) = tables(&example("cube-2x2x2.tws"));
    assert_eq!(full.max_depth(), 11);
    let step = full.slots() / 3000;
    check(&full, &compact, (0..full.slots()).step_by(step as usize));
    // The scramble of the README, and its answer.
    let state = full.definition().scramble(b"R U F' R2").unwrap();
    let moves: Vec<&str> = full.solution(&state).unwrap().unwrap().filter_map(|m| full.move_name(m)).collect();
    assert_eq!(moves, ["R2", "F", "U'", "R'"]);
}
