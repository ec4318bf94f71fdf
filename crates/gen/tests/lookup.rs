//! The lean lookup against the full runtime: on every state of every board
//! puzzle it opens, in every encoding the puzzle allows, the same distance
//! and the same moves as `Table`; the tables it does not answer are refused
//! with `Error::Unsupported`, and a layout opens only its own table.

use godtab_gen::{Options, table_bytes};
use godtab_puzzles::{BLANK, Definition, MoveSet, Puzzle, builtin};
use godtab_runtime::{Encoding, Error, Lookup, QueryError, Table};

fn board(rows: usize, cols: usize, goal: &[u8]) -> Definition {
    let puzzle = Puzzle::new(rows, cols, goal, MoveSet::Sliding).unwrap();
    Definition::new(&format!("slide-{rows}x{cols}"), ["u", "d", "l", "r"], puzzle).unwrap()
}

fn solved(cells: usize) -> Vec<u8> {
    (1..cells as u8).chain([BLANK]).collect()
}

/// Boards a lookup answers: the built-ins, sliding boards of several shapes
/// (the blank elsewhere than last, the moves in another order), a
/// permutation puzzle ranked by parity class.
fn answered() -> Vec<Definition> {
    let mut all: Vec<Definition> = builtin::every().map(|b| b.definition()).collect();
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (1, 5), (2, 4)] {
        all.push(board(rows, cols, &solved(rows * cols)));
    }
    all.push(board(2, 3, &[BLANK, 5, 4, 3, 2, 1]));
    let reordered = Puzzle::new(3, 3, &solved(9), MoveSet::SlidingInOrder([3, 2, 1, 0])).unwrap();
    all.push(Definition::new("slide-rldu", ["r", "l", "d", "u"], reordered).unwrap());
    // Two 3-cycles on 2x3 cells: even moves, so the parity-class ranking.
    let cycles = Puzzle::new(2, 3, &[1, 2, 3, 4, 5, 6], MoveSet::Permutation(&[1, 2, 0, 3, 4, 5, 0, 1, 5, 3, 2, 4]));
    let cycles = cycles.and_then(|p| p.with_ranking(godtab_puzzles::Ranking::Parity)).unwrap();
    all.push(Definition::new("cycles", ["a", "b"], cycles).unwrap());
    all
}

fn tables(definition: &Definition) -> Vec<(Encoding, Vec<u8>)> {
    [Encoding::Full, Encoding::Compact, Encoding::Parity]
        .into_iter()
        .filter(|e| e.check(definition.puzzle()).is_ok())
        .map(|encoding| (encoding, table_bytes(definition, &Options { encoding, ..Options::default() }).unwrap()))
        .collect()
}

#[test]
fn every_state_answered_as_the_table_answers_it() {
    if !crate::slow_tests_run("every_state_answered_as_the_table_answers_it") {
        return;
    }
    for definition in answered() {
        for (encoding, bytes) in tables(&definition) {
            let what = format!("{} {encoding:?}", definition.id());
            let table = Table::new(&bytes[..]).unwrap();
            let lookup = Lookup::new(&bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
            let puzzle = table.puzzle();
            assert_eq!(lookup.move_count(), puzzle.move_count(), "{what}");
            for m in 0..puzzle.move_count() {
                assert_eq!(lookup.move_name(m), table.move_name(m), "{what}");
            }
            // Every state of a full table; the walks of compact and parity
            // tables on every third rank (each answer walks to the goal).
            let step = if encoding == Encoding::Full { 1 } else { 3 };
            let (mut ours, mut theirs) = ([0u8; 96], [0u8; 96]);
            for rank in (0..table.slots()).step_by(step) {
                let state = table.state_of_rank(rank).unwrap();
                let values: Vec<u8> = state.labels().iter().map(|&l| puzzle.value_of(l)).collect();
                let distance = table.distance(&state).unwrap();
                assert_eq!(lookup.distance(&values).unwrap(), distance, "{what} rank {rank}");
                match distance {
                    Some(_) => {
                        let len = table.solve_into(&state, &mut theirs).unwrap();
                        assert_eq!(lookup.solve_into(&values, &mut ours).unwrap(), len, "{what} rank {rank}");
                        assert_eq!(ours[..len], theirs[..len], "{what} rank {rank}");
                    }
                    None => {
                        let err = lookup.solve_into(&values, &mut ours).unwrap_err();
                        assert!(matches!(err, Error::Query(QueryError::Unsolvable)), "{what} rank {rank}: {err}");
                    }
                }
            }
        }
    }
}

#[test]
fn bad_tile_values_get_the_tables_error() {
    for b in [&builtin::EIGHT_PUZZLE, &builtin::NINE_DIGITS] {
        let bytes = godtab_gen::build_table(b).unwrap();
        let (lookup, table) = (Lookup::new(&bytes).unwrap(), Table::new(&bytes[..]).unwrap());
        let cases: [&[u8]; 9] = [
            &[],
            &[1, 2, 3],
            &[99, 99],
            &[0, 0],
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 0],
            &[1, 1, 3, 4, 5, 6, 7, 8, 0],
            &[0, 2, 3, 4, 5, 6, 7, 8, 9],
            &[1, 2, 3, 4, 5, 6, 7, 8, 200],
            &[9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 11],
        ];
        for values in cases {
            let expected = table.state(values).map(|_| ()).map_err(|e| e.to_string());
            let got = lookup.distance(values).map(|_| ()).map_err(|e| e.to_string());
            assert_eq!(got, expected, "{} {values:?}", b.id);
        }
    }
}

#[test]
fn states_of_other_puzzles_are_refused_with_the_cell_at_fault() {
    let bytes = godtab_gen::build_table(&builtin::EIGHT_PUZZLE).unwrap();
    let lookup = Lookup::new(&bytes).unwrap();
    let message = |values: &[u8]| lookup.distance(values).unwrap_err().to_string();
    assert_eq!(message(&[1, 2, 3]), "expected 9 tiles, found 3");
    assert_eq!(message(&[1, 2, 3, 4, 5, 6, 7, 8, 9]), "cell 9: 9 is not a tile of this puzzle");
    assert_eq!(message(&[1, 1, 3, 4, 5, 6, 7, 8, 0]), "cell 2: tile 1 appears more often than in the goal");
    let mut short = [0u8; 3];
    let err = lookup.solve_into(&[2, 3, 4, 1, 5, 0, 7, 6, 8], &mut short).unwrap_err();
    assert_eq!(err.to_string(), "the solution has 19 moves, more than the buffer holds");
    // Unsolvable: two tiles swapped.
    assert_eq!(lookup.distance(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap(), None);
}

#[test]
fn tables_a_lookup_does_not_answer_are_refused_by_name() {
    let multi = {
        let moves = MoveSet::multi_tile(3, 3);
        let names: Vec<String> = moves.slide_names().map(|n| n.as_str().to_owned()).collect();
        let puzzle = Puzzle::new(3, 3, &solved(9), moves).unwrap();
        Definition::new("multi", names.iter().map(String::as_str), puzzle).unwrap()
    };
    let repeated = board(2, 3, &[1, 1, 2, 2, 3, BLANK]);
    for (definition, expected) in [(multi, "single-tile sliding moves"), (repeated, "distinct tiles")] {
        let bytes = table_bytes(&definition, &Options::default()).unwrap();
        let err = Lookup::new(&bytes).unwrap_err();
        assert!(matches!(err, Error::Unsupported(_)) && err.to_string().contains(expected), "{err}");
        assert!(!err.is_damage());
    }
    let patterns = godtab_puzzles::PatternList::new(
        builtin::EIGHT_PUZZLE.definition().puzzle(),
        [&[1u8, 2, 3, 4][..], &[5, 6, 7, 8]],
    );
    let set =
        godtab_gen::pattern_set_bytes(&builtin::EIGHT_PUZZLE.definition(), &patterns.unwrap(), &Options::default());
    let err = Lookup::new(&set.unwrap()).unwrap_err();
    assert!(err.to_string().contains("complete tables"), "{err}");
}

#[test]
fn a_layout_opens_its_own_table_and_no_other() {
    let eight = godtab_gen::build_table(&builtin::EIGHT_PUZZLE).unwrap();
    let nine = godtab_gen::build_table(&builtin::NINE_DIGITS).unwrap();
    let layout = *Lookup::new(&eight).unwrap().layout();
    let fixed = Lookup::with_layout(&eight, &layout).unwrap();
    assert_eq!(fixed.distance(&[2, 3, 4, 1, 5, 0, 7, 6, 8]).unwrap(), Some(19));
    let err = Lookup::with_layout(&nine, &layout).unwrap_err();
    assert!(err.to_string().contains("differs from the table this program was built for"), "{err}");
    assert!(Lookup::with_layout(&eight[..100], &layout).is_err());
    let source = layout.rust_source().to_string();
    assert!(source.starts_with("godtab_runtime::LookupLayout {"), "{source}");
    assert!(source.contains(&format!("checksum: {:#018x},", layout.checksum)), "{source}");
}

#[test]
fn damaged_headers_never_panic() {
    let bytes = godtab_gen::build_table(&builtin::NINE_DIGITS).unwrap();
    // Every byte of the preamble and header flipped in turn: an error or a
    // lookup whose queries answer without panicking.
    let header_end = 40 + u32::from_le_bytes(bytes[32..36].try_into().unwrap()) as usize;
    for i in 0..header_end {
        for flip in [1u8, 0x80, 0xff] {
            let mut damaged = bytes.clone();
            damaged[i] ^= flip;
            // What a lookup opens, the table opens too, and answers alike.
            if let Ok(lookup) = Lookup::new(&damaged) {
                let table = Table::new(&damaged[..]).unwrap_or_else(|e| panic!("byte {i} ^ {flip}: Table: {e}"));
                for values in [&[4, 1, 3, 5, 2, 6, 7, 8, 9][..], &[9, 8, 7, 6, 5, 4, 3, 2, 1]] {
                    let expected = table.distance_of_values(values).map_err(|e| e.to_string());
                    assert_eq!(lookup.distance(values).map_err(|e| e.to_string()), expected, "byte {i} ^ {flip}");
                    let (mut ours, mut theirs) = ([0u8; 64], [0u8; 64]);
                    let ours = lookup.solve_into(values, &mut ours).map(|n| ours[..n].to_vec());
                    let theirs = table.state(values).map_err(Error::from).and_then(|state| {
                        table.solve_into(&state, &mut theirs).map(|n| theirs[..n].to_vec()).map_err(Error::from)
                    });
                    assert_eq!(ours.map_err(|e| e.to_string()), theirs.map_err(|e| e.to_string()), "byte {i} ^ {flip}");
                }
            }
        }
    }
    for len in [0, 39, 40, header_end, bytes.len() - 1] {
        assert!(Lookup::new(&bytes[..len]).is_err(), "{len} bytes");
    }
}

#[test]
fn a_layout_written_by_hand_never_makes_a_query_panic() {
    let eight = godtab_gen::build_table(&builtin::EIGHT_PUZZLE).unwrap();
    let sound = *Lookup::new(&eight).unwrap().layout();
    let mut damaged = Vec::new();
    for (rows, cols) in [(0, 3), (3, 0), (5, 5), (1, 1), (255, 255)] {
        damaged.push(godtab_runtime::LookupLayout { rows, cols, ..sound });
    }
    damaged.push(godtab_runtime::LookupLayout { tiles: [u64::MAX; 4], ..sound });
    damaged.push(godtab_runtime::LookupLayout { goal_blank: 200, ..sound });
    damaged.push(godtab_runtime::LookupLayout { move_count: 255, ..sound });
    damaged.push(godtab_runtime::LookupLayout { slots: u64::MAX, goal_rank: u64::MAX, ..sound });
    damaged.push(godtab_runtime::LookupLayout { max_depth: 255, marker: None, ..sound });
    let wide = godtab_runtime::SectionAt { offset: u64::MAX, length: 9, width: 8 };
    damaged.push(godtab_runtime::LookupLayout { distance: wide, ..sound });
    damaged.push(godtab_runtime::LookupLayout { encoding: Encoding::Parity, ..sound });
    damaged.push(godtab_runtime::LookupLayout { encoding: Encoding::Compact, ..sound });
    let mut refused = 0;
    for layout in &damaged {
        match Lookup::with_layout(&eight, layout) {
            Ok(lookup) => {
                for values in [&[2, 3, 4, 1, 5, 0, 7, 6, 8][..], &[1, 2, 3, 4, 5, 6, 7, 8, 0], &[0; 9]] {
                    let _ = lookup.distance(values);
                    let _ = lookup.solve_into(values, &mut [0; 64]);
                    let _ = lookup.move_name(3);
                }
            }
            Err(_) => refused += 1,
        }
    }
    // The impossible boards and sections are refused outright.
    assert!(refused >= 6, "{refused} of {} refused", damaged.len());
}
