//! IDA* over pattern sets gives the complete tables' answers move for move:
//! every solvable state of the 3x3 board with two partitions, samples of
//! larger boards with several.

use godtab_gen::{pattern_set_bytes, table_bytes};
use godtab_puzzles::{Definition, MoveSet, PatternList, Puzzle};
use godtab_runtime::{PatternSet, Table};
use godtab_search::{Outcome, Searcher};

fn board(id: &str, rows: usize, cols: usize) -> Definition {
    board_in_order(id, rows, cols, ["u", "d", "l", "r"])
}

/// A sliding board whose moves are declared in the order `names`.
fn board_in_order(id: &str, rows: usize, cols: usize, names: [&str; 4]) -> Definition {
    let cells = rows * cols;
    let goal: Vec<u8> = (1..cells as u8).chain([0]).collect();
    let moves = MoveSet::sliding_named(names).unwrap();
    let puzzle = Puzzle::new(rows, cols, &goal, moves).unwrap();
    Definition::new(id, names, puzzle).unwrap()
}

fn pattern_set(definition: &Definition, patterns: &[&[u8]]) -> PatternSet<Vec<u8>> {
    let list = PatternList::new(definition.puzzle(), patterns.iter().copied()).unwrap();
    PatternSet::new(pattern_set_bytes(definition, &list, &Default::default()).unwrap()).unwrap()
}

/// Checks the ranks `ranks` of the complete table against every set.
fn agree(definition: &Definition, sets: &[PatternSet<Vec<u8>>], ranks: impl Iterator<Item = u64>) -> usize {
    let table = Table::new(table_bytes(definition, &Default::default()).unwrap()).unwrap();
    let puzzle = definition.puzzle();
    let searchers: Vec<Searcher<'_>> = sets.iter().map(Searcher::new).collect();
    let mut buffer = [0u8; 64];
    let mut checked = 0;
    for rank in ranks {
        let state = puzzle.unrank(rank);
        let len = table.solve_into(&state, &mut buffer).unwrap();
        for (searcher, set) in searchers.iter().zip(sets) {
            let state = set.puzzle().state_from_values(&values(puzzle, &state)).unwrap();
            let estimate = searcher.estimate(&state).unwrap();
            assert!(estimate as usize <= len, "rank {rank}: estimate {estimate} above the distance {len}");
            let report = searcher.solve(&state, u64::MAX).unwrap();
            assert_eq!(report.outcome, Outcome::Solved, "rank {rank}");
            assert_eq!(report.moves(), &buffer[..len], "rank {rank}");
        }
        checked += 1;
    }
    checked
}

fn values(puzzle: &Puzzle, state: &godtab_puzzles::State) -> Vec<u8> {
    state.labels().iter().map(|&l| puzzle.value_of(l)).collect()
}

#[test]
fn every_eight_puzzle_state() {
    let definition = godtab_puzzles::builtin::EIGHT_PUZZLE.definition();
    let sets = [
        pattern_set(&definition, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]),
        pattern_set(&definition, &[&[1, 5, 8], &[2, 3, 4, 6, 7]]),
    ];
    assert!(Searcher::new(&sets[0]).reflects());
    let slots = definition.puzzle().slots();
    assert_eq!(agree(&definition, &sets, 0..slots), 181_440);
}

/// Moves declared in another order than u, d, l, r: the search tries them
/// in that order and names them by it, as the complete table does.
#[test]
fn every_state_of_boards_whose_moves_are_declared_in_another_order() {
    let eight_two = godtab_puzzles::builtin::by_id("eight-two-4").unwrap().definition();
    let sets = [pattern_set(&eight_two, &[&[1, 2, 3, 4], &[5, 6, 7, 8]])];
    assert_eq!(agree(&eight_two, &sets, 0..eight_two.puzzle().slots()), 181_440);
    let scrambled = board_in_order("slide-2x4", 2, 4, ["r", "u", "d", "l"]);
    let sets = [pattern_set(&scrambled, &[&[1, 2, 3], &[4, 5, 6, 7]])];
    assert_eq!(agree(&scrambled, &sets, 0..scrambled.puzzle().slots()), 20_160);
}

#[test]
fn samples_of_two_by_five() {
    let definition = board("slide-2x5", 2, 5);
    let sets = [
        pattern_set(&definition, &[&[1, 2, 3, 4, 5], &[6, 7, 8, 9]]),
        pattern_set(&definition, &[&[1, 6], &[2, 7, 3], &[8, 4, 9, 5]]),
        pattern_set(&definition, &[&[1, 2, 6, 7], &[3, 4, 8], &[5, 9]]),
    ];
    assert!(!Searcher::new(&sets[0]).reflects());
    let slots = definition.puzzle().slots();
    assert_eq!(agree(&definition, &sets, (0..slots).step_by(12_007)), 152);
}

#[test]
fn unsolvable_states_and_the_node_limit() {
    let definition = godtab_puzzles::builtin::EIGHT_PUZZLE.definition();
    let set = pattern_set(&definition, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]);
    let searcher = Searcher::new(&set);
    let puzzle = set.puzzle();
    let unsolvable = puzzle.parse("2 1 3 4 5 6 7 8 x").unwrap();
    assert_eq!(searcher.solve(&unsolvable, 1000).unwrap().outcome, Outcome::Unsolvable);
    let hard = puzzle.parse("8 6 7 2 5 4 3 x 1").unwrap();
    let report = searcher.solve(&hard, 10).unwrap();
    assert_eq!(report.outcome, Outcome::NodeLimit);
    assert!(report.moves().is_empty());
    let report = searcher.solve(&hard, u64::MAX).unwrap();
    assert_eq!(report.moves().len(), 31);
    let solved = searcher.solve(&puzzle.goal(), 0).unwrap();
    assert_eq!((solved.outcome, solved.moves().len()), (Outcome::Solved, 0));
    let other = godtab_puzzles::builtin::NINE_DIGITS.definition();
    assert!(searcher.solve(&other.puzzle().goal(), 10).is_err());
}

/// The 3x4 board's complete table is too large for a test (240 million
/// states); every partition must still give the same canonical answer,
/// the lexicographically least optimal solution, which solves the state.
#[test]
fn partitions_of_three_by_four_agree() {
    let definition = board("slide-3x4", 3, 4);
    let sets = [
        pattern_set(&definition, &[&[1, 2, 5, 6, 9], &[3, 4, 7, 8], &[10, 11]]),
        pattern_set(&definition, &[&[1, 2, 3, 4], &[5, 6, 7, 8], &[9, 10, 11]]),
        pattern_set(&definition, &[&[1, 5, 9, 10], &[2, 6, 3, 7], &[4, 8, 11]]),
    ];
    let puzzle = sets[0].puzzle();
    let searchers: Vec<Searcher<'_>> = sets.iter().map(Searcher::new).collect();
    for i in 0..40u64 {
        let state = puzzle.unrank(i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % puzzle.slots());
        let answers: Vec<Vec<u8>> =
            searchers.iter().map(|s| s.solve(&state, u64::MAX).unwrap().moves().to_vec()).collect();
        assert!(answers.iter().all(|a| *a == answers[0]), "state {i}: {answers:?}");
        let end = answers[0].iter().fold(state, |s, &m| puzzle.apply(&s, usize::from(m)).unwrap());
        assert_eq!(end, puzzle.goal(), "state {i}");
    }
}

/// Permutation puzzles take the largest coarse entry; patterns may share
/// tiles and leave some out.
#[test]
fn every_nine_digits_state() {
    let definition = godtab_puzzles::builtin::NINE_DIGITS.definition();
    let strong = [pattern_set(&definition, &[&[1, 2, 3, 4, 5, 6], &[4, 5, 6, 7, 8, 9]])];
    assert!(!Searcher::new(&strong[0]).reflects());
    let slots = definition.puzzle().slots();
    assert_eq!(agree(&definition, &strong, 0..slots), 362_880);
    let weak = [pattern_set(&definition, &[&[9, 1, 5, 3], &[2, 4, 6, 8], &[7]])];
    assert_eq!(agree(&definition, &weak, (0..slots).step_by(11)), 32_990);
}

#[test]
fn every_nine_puzzle_state() {
    let definition = godtab_puzzles::builtin::NINE_PUZZLE.definition();
    let sets = [pattern_set(&definition, &[&[1, 2, 3, 4, 5], &[4, 5, 6, 7, 8, 9]])];
    let slots = definition.puzzle().slots();
    assert_eq!(agree(&definition, &sets, 0..slots), 181_440);
    // Odd arrangements are not the puzzle's: unsolvable at once.
    let searcher = Searcher::new(&sets[0]);
    let odd = sets[0].puzzle().parse("2 1 3 4 5 6 7 8 9").unwrap();
    assert_eq!(searcher.solve(&odd, 10).unwrap().outcome, Outcome::Unsolvable);
}

/// Moves that reach a subgroup of the arrangements: the states outside it
/// are unsolvable at once, as the complete table says, and every other
/// one gets the table's answer.
#[test]
fn permutation_moves_of_a_subgroup() {
    let goal = [1, 2, 3, 4, 5, 6];
    let maps = [1, 0, 2, 3, 4, 5, 0, 2, 1, 3, 4, 5];
    let puzzle = Puzzle::new(2, 3, &goal, MoveSet::Permutation(&maps)).unwrap();
    let definition = Definition::new("swaps-2x3", ["A", "B"], puzzle).unwrap();
    let set = pattern_set(&definition, &[&[1, 2, 3], &[4, 5, 6]]);
    let searcher = Searcher::new(&set);
    assert_eq!(searcher.reachable(), 6);
    let table = Table::new(table_bytes(&definition, &Default::default()).unwrap()).unwrap();
    let swapped = set.puzzle().parse("1 2 3 5 4 6").unwrap();
    assert_eq!(searcher.solve(&swapped, 1000).unwrap().outcome, Outcome::Unsolvable);
    let mut solvable = 0;
    for rank in 0..definition.puzzle().slots() {
        let state = definition.puzzle().unrank(rank);
        let report = searcher.solve(&state, 1_000_000).unwrap();
        match table.distance(&state).unwrap() {
            None => assert_eq!(report.outcome, Outcome::Unsolvable, "rank {rank}"),
            Some(d) => {
                assert_eq!(report.outcome, Outcome::Solved, "rank {rank}");
                assert_eq!(report.moves().len(), usize::from(d), "rank {rank}");
                solvable += 1;
            }
        }
    }
    assert_eq!(solvable, 6);
}

/// A board in the multi-tile metric, its moves declared in the order
/// `names` (`u u2 d d2 l l2 r r2` on a 3x3 board).
fn multi_tile_board(id: &str, rows: usize, cols: usize, names: &str) -> Definition {
    let cells = rows * cols;
    let goal: Vec<u8> = (1..cells as u8).chain([0]).collect();
    let names: Vec<&str> = names.split(' ').collect();
    let moves = MoveSet::sliding_named(names.iter().copied()).unwrap();
    let puzzle = Puzzle::new(rows, cols, &goal, moves).unwrap();
    Definition::new(id, names, puzzle).unwrap()
}

/// In the multi-tile metric the patterns hold the blank and the largest
/// entry is the bound; the search's answers are still the complete
/// table's, on every state.
#[test]
fn every_state_of_multi_tile_boards() {
    let eight = multi_tile_board("eight-mtm", 3, 3, "u u2 d d2 l l2 r r2");
    let strong = [pattern_set(&eight, &[&[1, 2, 3, 4], &[5, 6, 7, 8]])];
    assert!(Searcher::new(&strong[0]).reflects(), "the 3x3 board's blank belongs on its diagonal");
    assert_eq!(agree(&eight, &strong, 0..eight.puzzle().slots()), 181_440);
    // Small patterns that share no tile with the blank's line: a weak
    // bound, so a sample.
    let weak = [pattern_set(&eight, &[&[1, 2], &[3, 6], &[7, 8]])];
    assert_eq!(agree(&eight, &weak, (0..eight.puzzle().slots()).step_by(11)), 16_495);
    let other_order = multi_tile_board("eight-mtm-rl", 3, 3, "r r2 l l2 d d2 u u2");
    let sets = [pattern_set(&other_order, &[&[1, 2, 3, 4], &[4, 5, 6, 7, 8]])];
    assert_eq!(agree(&other_order, &sets, (0..other_order.puzzle().slots()).step_by(7)), 25_920);
    let wide = multi_tile_board("slide-2x4-mtm", 2, 4, "u d l l2 l3 r r2 r3");
    let sets = [pattern_set(&wide, &[&[1, 2, 3], &[4, 5, 6, 7]])];
    assert!(!Searcher::new(&sets[0]).reflects());
    assert_eq!(agree(&wide, &sets, 0..wide.puzzle().slots()), 20_160);
}
