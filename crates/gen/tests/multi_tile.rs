//! Tables in the multi-tile metric: every distance against a breadth-first
//! search over whole states, here in the test, and the published God's
//! number of the 8-puzzle (24).

use std::collections::{HashMap, VecDeque};

use godtab_gen::{Options, generate, twobit_table_bytes};
use godtab_puzzles::{BLANK, Definition, MoveSet, Puzzle, State};
use godtab_runtime::{Encoding, Table};

fn board(rows: usize, cols: usize) -> Definition {
    let goal: Vec<u8> = (1..(rows * cols) as u8).chain([BLANK]).collect();
    let moves = MoveSet::multi_tile(rows, cols);
    let puzzle = Puzzle::new(rows, cols, &goal, moves).unwrap();
    let names: Vec<String> = moves.slide_names().map(|n| n.as_str().to_owned()).collect();
    Definition::new(&format!("slide-{rows}x{cols}-mtm"), names.iter().map(String::as_str), puzzle).unwrap()
}

/// Every state's distance by a plain search over states.
fn distances_by_states(puzzle: &Puzzle) -> HashMap<State, u8> {
    let mut seen = HashMap::from([(puzzle.goal(), 0u8)]);
    let mut queue = VecDeque::from([puzzle.goal()]);
    while let Some(state) = queue.pop_front() {
        let d = seen[&state];
        for m in 0..puzzle.move_count() {
            if let Some(next) = puzzle.apply(&state, m) {
                seen.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    seen
}

#[test]
fn every_distance_is_the_search_over_states() {
    for (rows, cols) in [(3, 3), (2, 4), (4, 2), (2, 3), (1, 4)] {
        let definition = board(rows, cols);
        let puzzle = definition.puzzle();
        let expected = distances_by_states(puzzle);
        if (rows, cols) == (3, 3) {
            // The published God's number of the 8-puzzle in the multi-tile
            // metric (31 in the single-tile metric).
            assert_eq!(expected.values().max(), Some(&24));
        }
        let data = generate(puzzle).unwrap();
        assert_eq!(data.reachable, expected.len() as u64, "{rows}x{cols}");
        assert_eq!(data.max_depth, *expected.values().max().unwrap(), "{rows}x{cols}");
        for (state, &d) in &expected {
            assert_eq!(data.distance[puzzle.rank(state) as usize], d);
        }
        let table_bytes = godtab_runtime::encode(&definition, &data, Encoding::Full, godtab_gen::GENERATOR).unwrap();
        let compact = twobit_table_bytes(&definition, &Options { encoding: Encoding::Compact, ..Options::default() });
        let compact = compact.unwrap();
        assert!(
            compact == godtab_runtime::encode(&definition, &data, Encoding::Compact, godtab_gen::GENERATOR).unwrap()
        );
        for bytes in [&table_bytes, &compact] {
            let table = Table::new(&bytes[..]).unwrap();
            assert_eq!(table.max_depth(), data.max_depth, "{rows}x{cols}");
            // Every solution is as long as the distance and reaches the goal.
            for (state, &d) in expected.iter().step_by(7) {
                let mut at = *state;
                let mut moves = 0;
                for m in table.solution(state).unwrap().unwrap() {
                    at = table.puzzle().apply(&at, m).unwrap();
                    moves += 1;
                }
                assert_eq!((at, moves), (puzzle.goal(), d));
            }
        }
    }
}

#[test]
fn no_parity_table_in_the_multi_tile_metric() {
    let definition = board(3, 3);
    let error = Encoding::Parity.check(definition.puzzle()).unwrap_err();
    assert!(error.contains("multi-tile move of two cells keeps the blank's colour"), "{error}");
    let options = Options { encoding: Encoding::Parity, ..Options::default() };
    assert!(twobit_table_bytes(&definition, &options).is_err());
}
