//! The moves' group (Schreier–Sims) against a breadth-first search of the
//! arrangements the moves reach, over every arrangement of small boards.

use std::collections::HashSet;

use godtab_puzzles::{MoveGroup, MoveSet, Puzzle, State, builtin};
use proptest::prelude::*;

/// Every state a search from the goal reaches.
fn reached(puzzle: &Puzzle) -> HashSet<Vec<u8>> {
    let mut seen = HashSet::new();
    let mut queue = vec![puzzle.goal()];
    seen.insert(puzzle.goal().labels().to_vec());
    while let Some(state) = queue.pop() {
        for m in 0..puzzle.move_count() {
            let next = puzzle.apply(&state, m).expect("permutation moves always apply");
            if seen.insert(next.labels().to_vec()) {
                queue.push(next);
            }
        }
    }
    seen
}

/// Every arrangement of the goal's tiles, as states.
fn every_arrangement(puzzle: &Puzzle) -> Vec<State> {
    let n = puzzle.cells();
    (0..godtab_rank::FACTORIAL[n])
        .map(|r| {
            let mut labels = vec![0u8; n];
            godtab_rank::unrank_lex(r, &mut labels);
            let values: Vec<u8> = labels.iter().map(|&l| puzzle.value_of(l)).collect();
            puzzle.state_from_values(&values).expect("an arrangement of the goal's tiles")
        })
        .collect()
}

/// The group agrees with the search on its order and on every arrangement.
fn agrees(puzzle: &Puzzle) {
    let group = MoveGroup::of(puzzle).expect("a permutation puzzle of distinct tiles");
    let reached = reached(puzzle);
    assert_eq!(group.order(), reached.len() as u64);
    for state in every_arrangement(puzzle) {
        assert_eq!(group.reaches(&state), reached.contains(state.labels()), "{:?}", state.labels());
    }
}

fn board(rows: usize, cols: usize, maps: &[u8]) -> Puzzle {
    let goal: Vec<u8> = (1..=(rows * cols) as u8).collect();
    Puzzle::new(rows, cols, &goal, MoveSet::Permutation(maps)).expect("a valid puzzle")
}

#[test]
fn nine_digits_reach_every_arrangement_and_the_nine_puzzle_the_even_ones() {
    let nine_digits = builtin::NINE_DIGITS.definition();
    assert_eq!(MoveGroup::of(nine_digits.puzzle()).map(|g| g.order()), Some(362_880));
    let nine_puzzle = builtin::NINE_PUZZLE.definition();
    let group = MoveGroup::of(nine_puzzle.puzzle()).expect("permutation puzzle");
    assert_eq!(group.order(), 181_440);
    let puzzle = nine_puzzle.puzzle();
    let swapped = puzzle.parse("2 1 3 4 5 6 7 8 9").unwrap();
    assert!(!group.reaches(&swapped));
    assert!(group.reaches(&puzzle.goal()));
}

#[test]
fn subgroups_of_small_boards() {
    // Two transpositions of the first three cells: the other cells never move.
    agrees(&board(2, 3, &[1, 0, 2, 3, 4, 5, 0, 2, 1, 3, 4, 5]));
    // One 2x2 turn: a cyclic group of four.
    agrees(&board(2, 2, &[2, 0, 3, 1]));
    // A 3-cycle and a double transposition on 5 cells: the alternating group A4 on 4 of them.
    agrees(&board(1, 5, &[1, 2, 0, 3, 4, 1, 0, 3, 2, 4]));
    // Nothing but the identity.
    agrees(&board(1, 4, &[0, 1, 2, 3]));
}

#[test]
fn random_states_are_reachable_and_cover_the_group() {
    let puzzle = board(2, 3, &[1, 0, 2, 3, 4, 5, 0, 2, 1, 3, 4, 5]);
    let group = MoveGroup::of(&puzzle).unwrap();
    let mut rng = fastrand_like(7);
    let mut seen = HashSet::new();
    for _ in 0..2000 {
        let state = group.random_state(&puzzle, |n| (rng() % n as u64) as usize);
        assert!(group.reaches(&state));
        seen.insert(state.labels().to_vec());
    }
    assert_eq!(seen.len(), 6);
}

#[test]
fn boards_and_repeated_tiles_have_no_group() {
    assert!(MoveGroup::of(builtin::EIGHT_PUZZLE.definition().puzzle()).is_none());
    let colours = Puzzle::new(1, 3, &[1, 1, 2], MoveSet::Permutation(&[1, 2, 0])).unwrap();
    assert!(MoveGroup::of(&colours).is_none());
}

/// A small deterministic generator (xorshift), enough for a test.
fn fastrand_like(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed.max(1);
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random moves on boards of up to 7 cells: the group is what a search reaches.
    #[test]
    fn random_moves(cells in 2usize..=7, moves in 1usize..=3, seed in any::<u64>()) {
        let mut rng = fastrand_like(seed);
        let mut maps = Vec::new();
        for _ in 0..moves {
            let mut map: Vec<u8> = (0..cells as u8).collect();
            for i in (1..cells).rev() {
                map.swap(i, (rng() % (i as u64 + 1)) as usize);
            }
            maps.extend(map);
        }
        agrees(&board(1, cells, &maps));
    }
}
