//! Property tests: random puzzles (random boards, moves and goals, repeated
//! tiles included) generated, encoded, reopened and queried at every rank.

use godtab_gen::{Options, generate, table_bytes};
use godtab_puzzles::{BLANK, Definition, MoveSet, Puzzle};
use godtab_runtime::{Encoding, Table, UNREACHED};
use proptest::prelude::*;

/// A random permutation puzzle on a small board: 1 to 4 random moves and a
/// goal whose values may repeat.
fn permutation_puzzle() -> impl Strategy<Value = (usize, usize, Vec<u8>, Vec<u8>)> {
    (1usize..=2, 2usize..=4).prop_flat_map(|(rows, cols)| {
        let cells = rows * cols;
        let map = Just((0..cells as u8).collect::<Vec<u8>>()).prop_shuffle();
        let maps = proptest::collection::vec(map, 1..=4).prop_map(|maps| maps.concat());
        let goal = proptest::collection::vec(1u8..=4, cells);
        (Just(rows), Just(cols), goal, maps)
    })
}

fn check(puzzle: &Puzzle, names: &[&str]) -> Result<(), TestCaseError> {
    let generated = generate(puzzle).unwrap();
    let definition = Definition::new("random", names.iter().copied(), puzzle.clone()).unwrap();
    let bytes = table_bytes(&definition, &Options::default()).unwrap();
    let table = Table::new(bytes.as_slice()).unwrap();
    table.verify().unwrap();
    // The compact encoding gives the same answers, where it is allowed.
    let compact_options = Options { encoding: Encoding::Compact, ..Options::default() };
    let compact_bytes = table_bytes(&definition, &compact_options);
    prop_assert_eq!(compact_bytes.is_ok(), puzzle.moves_undo_each_other());
    let compact_bytes = compact_bytes.unwrap_or_else(|_| bytes.clone());
    let compact = Table::new(compact_bytes.as_slice()).unwrap();
    compact.verify().unwrap();
    // And the parity encoding, on the boards that have it.
    let parity_options = Options { encoding: Encoding::Parity, ..Options::default() };
    let parity_bytes = table_bytes(&definition, &parity_options);
    prop_assert_eq!(parity_bytes.is_ok(), puzzle.has_parity_of_rank());
    let parity_bytes = parity_bytes.unwrap_or_else(|_| bytes.clone());
    let parity = Table::new(parity_bytes.as_slice()).unwrap();
    parity.verify().unwrap();
    prop_assert_eq!(table.slots(), puzzle.slots());
    prop_assert_eq!(table.reachable(), generated.reachable);
    prop_assert_eq!(table.max_depth(), generated.max_depth);
    for rank in 0..puzzle.slots() {
        let expected = generated.distance[rank as usize];
        let distance = table.distance_of_rank(rank).unwrap();
        prop_assert_eq!(distance, (expected != UNREACHED).then_some(expected));
        let state = table.state_of_rank(rank).unwrap();
        prop_assert_eq!(table.distance(&state), Ok(distance));
        prop_assert_eq!(compact.distance(&state), Ok(distance));
        prop_assert_eq!(compact.distance_of_rank(rank), Ok(distance));
        prop_assert_eq!(parity.distance(&state), Ok(distance));
        if let Some(d) = distance {
            let moves: Vec<usize> = table.solution(&state).unwrap().unwrap().collect();
            let compact_moves: Vec<usize> = compact.solution(&state).unwrap().unwrap().collect();
            prop_assert_eq!(&compact_moves, &moves);
            let parity_moves: Vec<usize> = parity.solution(&state).unwrap().unwrap().collect();
            prop_assert_eq!(&parity_moves, &moves);
            prop_assert_eq!(moves.len(), usize::from(d));
            let mut s = state;
            for m in moves {
                s = puzzle.apply(&s, m).unwrap();
            }
            prop_assert_eq!(s, puzzle.goal());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_permutation_puzzles_round_trip((rows, cols, goal, maps) in permutation_puzzle()) {
        let puzzle = Puzzle::new(rows, cols, &goal, MoveSet::Permutation(&maps)).unwrap();
        let names = ["a", "b", "c", "d"];
        check(&puzzle, &names[..puzzle.move_count()])?;
    }

    #[test]
    fn random_sliding_puzzles_round_trip(rows in 1usize..=2, cols in 2usize..=4, goal in proptest::collection::vec(1u8..=3, 8), blank in 0usize..8) {
        let cells = rows * cols;
        let mut goal = goal[..cells].to_vec();
        goal[blank % cells] = BLANK;
        let puzzle = Puzzle::new(rows, cols, &goal, MoveSet::Sliding).unwrap();
        check(&puzzle, &["u", "d", "l", "r"])?;
    }
}

/// Every state of the 8-puzzle from its parity table: the full table's
/// distance and moves, in a seventh of its size.
#[test]
fn the_eight_puzzle_in_one_bit_per_state() {
    let definition = godtab_puzzles::builtin::EIGHT_PUZZLE.definition();
    let full = Table::new(table_bytes(&definition, &Options::default()).unwrap()).unwrap();
    let options = Options { encoding: Encoding::Parity, ..Options::default() };
    let bytes = table_bytes(&definition, &options).unwrap();
    // 181,440 bits and the header: 23 KB, against 159 KB in full.
    assert!(bytes.len() < 23_100 && bytes.len() * 6 < full.len(), "{} bytes", bytes.len());
    assert_eq!(u32::from_le_bytes(bytes[12..16].try_into().unwrap()), 3, "format version 3");
    let parity = Table::new(bytes).unwrap();
    parity.verify().unwrap();
    assert_eq!((parity.distance_bits(), parity.parent_bits()), (1, 0));
    for rank in 0..full.slots() {
        let state = full.state_of_rank(rank).unwrap();
        assert_eq!(parity.distance(&state), full.distance(&state), "rank {rank}");
        let moves: Vec<usize> = parity.solution(&state).unwrap().unwrap().collect();
        let expected: Vec<usize> = full.solution(&state).unwrap().unwrap().collect();
        assert_eq!(moves, expected, "rank {rank}");
    }
    // Puzzles without a parity in their rank are refused, saying why.
    for b in [&godtab_puzzles::builtin::NINE_DIGITS, &godtab_puzzles::builtin::NINE_PUZZLE] {
        let error = table_bytes(&b.definition(), &options).unwrap_err().to_string();
        assert!(error.contains("the parity encoding needs"), "{error}");
    }
}
