//! Exhaustive checks of the model over every state of every built-in, and of
//! its error reporting.

use godtab_puzzles::{BLANK, Kind, ModelError, MoveSet, Puzzle, Ranking, State, StateError, builtin};
use godtab_rank::unrank_lex;
use proptest::prelude::*;

/// Every labelling of a board of `n` distinct tiles.
fn every_labelling(puzzle: &Puzzle) -> impl Iterator<Item = State> + '_ {
    let n = puzzle.cells();
    (0..godtab_rank::FACTORIAL[n]).map(move |r| {
        let mut labels = vec![0u8; n];
        unrank_lex(r, &mut labels);
        let values: Vec<u8> = labels.iter().map(|&l| puzzle.value_of(l)).collect();
        puzzle.state_from_values(&values).expect("every arrangement of the goal's tiles is a state")
    })
}

#[test]
fn rank_is_a_bijection_onto_slots_for_every_builtin() {
    for b in builtin::ALL {
        let puzzle = b.definition().puzzle().clone();
        let mut hit = vec![false; puzzle.slots() as usize];
        let mut in_space = 0u64;
        for state in every_labelling(&puzzle) {
            if !puzzle.in_rank_space(&state) {
                continue;
            }
            in_space += 1;
            let r = puzzle.rank(&state);
            assert!(r < puzzle.slots(), "{}: rank {r} past the end", b.id);
            assert!(!hit[r as usize], "{}: rank {r} given twice", b.id);
            hit[r as usize] = true;
            assert_eq!(puzzle.unrank(r), state, "{}: unrank({r})", b.id);
        }
        assert_eq!(in_space, puzzle.slots(), "{}", b.id);
    }
}

#[test]
fn moves_and_their_inverses_undo_each_other_on_every_state() {
    for b in builtin::ALL {
        let puzzle = b.definition().puzzle().clone();
        for r in 0..puzzle.slots() {
            let state = puzzle.unrank(r);
            for m in 0..puzzle.move_count() {
                if let Some(next) = puzzle.apply(&state, m) {
                    assert!(puzzle.in_rank_space(&next), "{}: move {m} leaves the rank space", b.id);
                    assert_eq!(puzzle.apply_inverse(&next, m), Some(state), "{}: move {m}", b.id);
                }
                if let Some(prev) = puzzle.apply_inverse(&state, m) {
                    assert_eq!(puzzle.apply(&prev, m), Some(state), "{}: inverse of move {m}", b.id);
                }
            }
            assert_eq!(puzzle.apply(&state, puzzle.move_count()), None);
        }
    }
}

#[test]
fn apply_and_rank_is_apply_then_rank_on_every_state() {
    let colours = {
        let digits = builtin::NINE_DIGITS.definition().puzzle().clone();
        let maps: Vec<u8> = (0..4).flat_map(|m| digits.move_map(m).unwrap().to_vec()).collect();
        Puzzle::new(3, 3, &[1, 1, 1, 2, 2, 2, 3, 3, 3], MoveSet::Permutation(&maps)).unwrap()
    };
    let lex_nine = builtin::NINE_PUZZLE.definition().puzzle().clone().with_ranking(Ranking::Lex).unwrap();
    let puzzles = builtin::ALL.iter().map(|b| b.definition().puzzle().clone()).chain([colours, lex_nine]);
    for puzzle in puzzles {
        for r in 0..puzzle.slots() {
            let state = puzzle.unrank(r);
            for m in 0..=puzzle.move_count() {
                let mut moved = state;
                let rank = puzzle.apply_and_rank(&mut moved, m);
                let next = puzzle.apply(&state, m);
                assert_eq!(rank, next.map(|s| puzzle.rank(&s)), "rank {r}, move {m}");
                assert_eq!(moved, next.unwrap_or(state), "rank {r}, move {m}");
            }
        }
    }
}

#[test]
fn parse_and_display_round_trip_on_every_state() {
    for b in builtin::ALL {
        let puzzle = b.definition().puzzle().clone();
        for r in (0..puzzle.slots()).step_by(7) {
            let state = puzzle.unrank(r);
            let text = puzzle.display(&state).to_string();
            assert_eq!(puzzle.parse(&text), Ok(state), "{}: {text}", b.id);
            let compact: String = text.split_whitespace().collect();
            assert_eq!(puzzle.parse(&compact), Ok(state), "{}: {compact}", b.id);
            let grid = format!("{:#}", puzzle.display(&state));
            assert_eq!(grid.lines().count(), 3);
            assert_eq!(puzzle.parse(&grid), Ok(state));
        }
    }
}

#[test]
fn odd_half_is_outside_the_rank_space() {
    let nine = builtin::NINE_PUZZLE.definition().puzzle().clone();
    // One swap from the goal: odd, so unsolvable.
    assert!(!nine.in_rank_space(&nine.parse("2 1 3 4 5 6 7 8 9").unwrap()));
    assert!(nine.in_rank_space(&nine.parse("7 3 9 2 5 1 4 8 6").unwrap()));
    let eight = builtin::EIGHT_PUZZLE.definition().puzzle().clone();
    assert!(!eight.in_rank_space(&eight.parse("2 1 3 4 5 6 7 8 x").unwrap()));
    assert!(eight.in_rank_space(&eight.parse("2 3 4 1 5 x 7 6 8").unwrap()));
    let digits = builtin::NINE_DIGITS.definition().puzzle().clone();
    assert!(digits.in_rank_space(&digits.parse("2 1 3 4 5 6 7 8 9").unwrap()));
}

#[test]
fn even_width_sliding_board_keeps_its_invariant() {
    // 2x4: a vertical move carries a tile past 3 others, flipping the tiles'
    // parity together with the blank's row.
    let puzzle = Puzzle::new(2, 4, &[1, 2, 3, 4, 5, 6, 7, BLANK], MoveSet::Sliding).unwrap();
    assert_eq!(puzzle.ranking(), Ranking::BlankParity);
    assert_eq!(puzzle.slots(), 20_160);
    for r in 0..puzzle.slots() {
        let state = puzzle.unrank(r);
        assert!(puzzle.in_rank_space(&state));
        assert_eq!(puzzle.rank(&state), r);
        for m in 0..4 {
            if let Some(next) = puzzle.apply(&state, m) {
                assert!(puzzle.in_rank_space(&next), "move {m} from rank {r}");
            }
        }
    }
    // The blank moved up one row with the tiles unchanged: unreachable.
    assert!(!puzzle.in_rank_space(&puzzle.parse("1 2 3 x 4 5 6 7").unwrap()));
    assert!(puzzle.in_rank_space(&puzzle.parse("1 2 3 x 5 6 7 4").unwrap()));
    assert!(!puzzle.in_rank_space(&puzzle.parse("1 2 3 7 4 5 6 x").unwrap()));
}

#[test]
fn repeated_tiles_use_the_multiset_ranking() {
    let digits = builtin::NINE_DIGITS.definition().puzzle().clone();
    let maps: Vec<u8> = (0..4).flat_map(|m| digits.move_map(m).unwrap().to_vec()).collect();
    let puzzle = Puzzle::new(3, 3, &[1, 1, 1, 2, 2, 2, 3, 3, 3], MoveSet::Permutation(&maps)).unwrap();
    assert_eq!(puzzle.ranking(), Ranking::Multiset);
    assert_eq!(puzzle.slots(), 1680);
    assert!(puzzle.has_repeated_tiles());
    for r in 0..puzzle.slots() {
        assert_eq!(puzzle.rank(&puzzle.unrank(r)), r);
    }
    assert_eq!(puzzle.parse("1 1 1 2 2 2 3 3 1"), Err(StateError::RepeatedTile { cell: 9, value: 1, blank: false }));
    assert!(
        Puzzle::new(3, 3, &[1, 1, 1, 2, 2, 2, 3, 3, 3], MoveSet::Permutation(&maps))
            .unwrap()
            .with_ranking(Ranking::Lex)
            .is_err()
    );
}

#[test]
fn model_errors_name_the_problem() {
    let bad = |rows, cols, goal: &[u8], moves| Puzzle::new(rows, cols, goal, moves).unwrap_err();
    assert!(matches!(bad(5, 4, &[0; 20], MoveSet::Sliding), ModelError::BoardSize { cells: 20, .. }));
    assert!(matches!(bad(1, 1, &[1], MoveSet::Sliding), ModelError::BoardSize { .. }));
    assert!(matches!(bad(2, 2, &[1, 2, 3], MoveSet::Sliding), ModelError::GoalLength { cells: 4, got: 3 }));
    assert!(matches!(bad(2, 2, &[1, 2, 3, 4], MoveSet::Sliding), ModelError::SlidingBlanks { blanks: 0 }));
    assert!(matches!(
        bad(2, 2, &[1, 2, 3, 4], MoveSet::Permutation(&[0, 1, 2])),
        ModelError::MoveMapLength { bytes: 3, cells: 4 }
    ));
    assert!(matches!(
        bad(2, 2, &[1, 2, 3, 4], MoveSet::Permutation(&[0, 1, 2, 3, 0, 0, 1, 2])),
        ModelError::NotAPermutation { index: 1, cells: 4 }
    ));
    let too_many = [0u8, 1].repeat(65);
    assert!(matches!(bad(1, 2, &[1, 2], MoveSet::Permutation(&too_many)), ModelError::TooManyMoves { moves: 65 }));
    let err = bad(2, 2, &[1, 2, 3, 4], MoveSet::Permutation(&[0, 1, 2, 3, 0, 0, 1, 2]));
    assert_eq!(err.to_string(), "move 1 is not a permutation of the cells 0..4");
    let sliding = Puzzle::new(2, 2, &[1, 2, 3, BLANK], MoveSet::Sliding).unwrap();
    assert_eq!(sliding.kind(), Kind::Sliding);
    assert!(sliding.with_ranking(Ranking::Parity).is_err());
}

#[test]
fn parse_errors_name_the_cell_or_column() {
    let eight = builtin::EIGHT_PUZZLE.definition().puzzle().clone();
    let err = |text| eight.parse(text).unwrap_err().to_string();
    assert_eq!(err("1 2 3 4 5 6 7 8"), "expected 9 tiles, found 8");
    assert_eq!(err("1 2 3 4 5 6 7 8 x 1"), "expected 9 tiles, found 10");
    assert_eq!(err("1 2 3 4 5 6 7 8 9"), "cell 9: 9 is not a tile of this puzzle");
    assert_eq!(err("1 2 3 4 5 6 7 x x"), "cell 9: tile x appears more often than in the goal");
    assert_eq!(err("1 2 3 4 5 6 7 8 ?"), "column 17: '?' is not a tile");
    assert_eq!(err("1 2 3 4 5 6 7 0 x"), "cell 8: 0 is not a tile of this puzzle");
    let fifteen: Vec<u8> = (1..=15).chain([BLANK]).collect();
    let big = Puzzle::new(4, 4, &fifteen, MoveSet::Sliding).unwrap();
    assert!(big.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x").is_ok());
    assert_eq!(
        big.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 999").unwrap_err(),
        StateError::NumberTooLarge { column: 37 }
    );
    assert_eq!(
        big.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15a x").unwrap_err(),
        StateError::BadCharacter { column: 36, ch: 'a' }
    );
}

proptest! {
    #[test]
    fn parse_never_panics(text in "\\PC{0,40}") {
        for b in builtin::ALL {
            let _ = b.definition().puzzle().clone().parse(&text);
        }
    }

    #[test]
    fn format_then_parse_is_identity(rank in 0u64..362_880) {
        for b in builtin::ALL {
            let puzzle = b.definition().puzzle().clone();
            let state = puzzle.unrank(rank);
            let text = puzzle.display(&state).to_string();
            prop_assert_eq!(puzzle.parse(&text), Ok(state));
            prop_assert_eq!(puzzle.display(&puzzle.parse(&text).unwrap()).to_string(), text);
        }
    }
}

#[test]
fn move_names_are_short_visible_words() {
    assert!(godtab_puzzles::is_move_name("V1"));
    assert!(godtab_puzzles::is_move_name(&"a".repeat(32)));
    for bad in ["", "a b", "a\tb", "a\u{1b}", &"a".repeat(33)] {
        assert!(!godtab_puzzles::is_move_name(bad), "{bad:?}");
    }
}
