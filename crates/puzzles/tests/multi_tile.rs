//! The multi-tile metric: each move is a line of single-tile moves in one
//! direction, checked on every state of small boards; and its move names.

use godtab_puzzles::{BLANK, Definition, MoveSet, Puzzle, SLIDING_MOVE_NAMES, slide_name};

fn board(rows: usize, cols: usize, moves: MoveSet<'_>) -> Puzzle {
    let goal: Vec<u8> = (1..rows * cols).map(|v| v as u8).chain([BLANK]).collect();
    Puzzle::new(rows, cols, &goal, moves).unwrap()
}

/// The names of a board's multi-tile moves in declared order.
fn names(puzzle: &Puzzle) -> Vec<String> {
    (0..puzzle.move_count())
        .map(|m| slide_name(puzzle.slide_direction(m).unwrap(), puzzle.slide_steps(m).unwrap()).as_str().to_owned())
        .collect()
}

#[test]
fn a_move_of_k_cells_is_k_single_moves() {
    for (rows, cols) in [(3, 3), (2, 4), (4, 2), (1, 5), (2, 3)] {
        let single = board(rows, cols, MoveSet::Sliding);
        let multi = board(rows, cols, MoveSet::multi_tile(rows, cols));
        assert_eq!(multi.move_count(), 2 * (rows - 1).max(1) + 2 * (cols - 1).max(1), "{rows}x{cols}");
        assert_eq!(multi.slots(), single.slots());
        assert!(multi.is_multi_tile() && !single.is_multi_tile());
        assert!(!multi.has_parity_of_rank() || rows == 1 || cols == 1 || (rows, cols) == (2, 2));
        for rank in 0..multi.slots() {
            let state = multi.unrank(rank);
            assert_eq!(single.rank(&state), rank);
            for m in 0..multi.move_count() {
                let (direction, steps) = (multi.slide_direction(m).unwrap(), multi.slide_steps(m).unwrap());
                let mut by_single = Some(state);
                for _ in 0..steps {
                    by_single = by_single.and_then(|s| single.apply(&s, direction));
                }
                let after = multi.apply(&state, m);
                assert_eq!(after, by_single, "{rows}x{cols} rank {rank} move {}", names(&multi)[m]);
                if let Some(after) = after {
                    assert_eq!(multi.apply_inverse(&after, m), Some(state));
                    let (undo, times) = multi.undo(m).unwrap();
                    assert_eq!((multi.apply(&after, undo), times), (Some(state), 1));
                }
            }
        }
    }
}

#[test]
fn names_say_the_moves() {
    for rows in 1..=16 {
        for cols in 1..=16 / rows {
            if rows * cols < 2 {
                continue;
            }
            let multi = board(rows, cols, MoveSet::multi_tile(rows, cols));
            let names = names(&multi);
            let listed: Vec<String> =
                MoveSet::multi_tile(rows, cols).slide_names().map(|n| n.as_str().to_owned()).collect();
            assert_eq!(listed, names);
            let read = MoveSet::sliding_named(names.iter().map(String::as_str)).unwrap();
            let rebuilt = board(rows, cols, read);
            assert!(rebuilt.same_as(&multi), "{rows}x{cols}: {names:?}");
            Definition::new("board", names.iter().map(String::as_str), multi).unwrap();
        }
    }
    let three = board(3, 3, MoveSet::multi_tile(3, 3));
    assert_eq!(names(&three), ["u", "u2", "d", "d2", "l", "l2", "r", "r2"]);
    // Single moves read back as the single-tile metric.
    assert!(matches!(MoveSet::sliding_named(SLIDING_MOVE_NAMES), Some(MoveSet::Sliding)));
    for bad in ["u u2 d l r", "u u3 d d3 l l2 r r2", "u1 d l r", "u u2 d d2 l l2 r r2 u3", "u2 u d d2 l l2 r r2"] {
        assert!(MoveSet::sliding_named(bad.split(' ')).is_none(), "{bad}");
    }
    // Moves that do not reach across the board.
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, BLANK];
    let short = MoveSet::SlidingMulti { order: [0, 1, 2, 3], steps: [2, 1] };
    let error = Puzzle::new(3, 3, &goal, short).unwrap_err().to_string();
    assert_eq!(error, "the multi-tile moves go 2 cells up or down and 1 sideways, but a 3x3 board needs 2 and 2");
}
