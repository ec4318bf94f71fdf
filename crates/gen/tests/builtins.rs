//! Exhaustive checks of the generated tables: every state of every built-in.

use godtab_gen::generate;
use godtab_puzzles::{Puzzle, builtin};
use godtab_runtime::{TableData, UNREACHED};

/// Follows parent moves from `text` to the goal, checking each step.
fn solve(puzzle: &Puzzle, table: &TableData, text: &str) -> Option<Vec<usize>> {
    let mut state = puzzle.parse(text).expect("valid state");
    if !puzzle.in_rank_space(&state) {
        return None;
    }
    let mut rank = puzzle.rank(&state) as usize;
    if table.distance[rank] == UNREACHED {
        return None;
    }
    let mut moves = Vec::new();
    while table.distance[rank] > 0 {
        let m = usize::from(table.parent[rank]);
        state = puzzle.apply(&state, m).expect("parent move is legal");
        let next = puzzle.rank(&state) as usize;
        assert_eq!(table.distance[next] + 1, table.distance[rank]);
        moves.push(m);
        rank = next;
    }
    Some(moves)
}

fn names(b: &builtin::Builtin, moves: &[usize]) -> String {
    moves.iter().map(|&m| b.move_names[m]).collect()
}

#[test]
fn official_samples() {
    let digits = builtin::NINE_DIGITS.definition().puzzle().clone();
    let table = generate(&digits).unwrap();
    assert_eq!(solve(&digits, &table, "1 2 3 4 5 6 7 8 9").unwrap().len(), 0);
    assert_eq!(solve(&digits, &table, "4 1 3 5 2 6 7 8 9").unwrap().len(), 3);

    let nine = builtin::NINE_PUZZLE.definition().puzzle().clone();
    let table = generate(&nine).unwrap();
    let moves = solve(&nine, &table, "2 3 1 4 5 6 7 8 9").unwrap();
    assert_eq!(names(&builtin::NINE_PUZZLE, &moves), "H1");
    let moves = solve(&nine, &table, "7 3 9 2 5 1 4 8 6").unwrap();
    assert_eq!(format!("{} {}", moves.len(), names(&builtin::NINE_PUZZLE, &moves)), "3 V1V3H1");
    assert_eq!(solve(&nine, &table, "1 2 3 4 5 6 7 9 8"), None);

    let eight = builtin::EIGHT_PUZZLE.definition().puzzle().clone();
    let table = generate(&eight).unwrap();
    let moves = solve(&eight, &table, "2 3 4 1 5 x 7 6 8").unwrap();
    assert_eq!(names(&builtin::EIGHT_PUZZLE, &moves), "ullddrurdllurdruldr");
    assert_eq!(solve(&eight, &table, "2 1 3 4 5 6 7 8 x"), None);
}

#[test]
fn every_state_of_every_builtin() {
    for (b, reachable, gods_number) in [
        (&builtin::NINE_DIGITS, 362_880u64, 15u8),
        (&builtin::NINE_PUZZLE, 181_440, 12),
        (&builtin::EIGHT_PUZZLE, 181_440, 31),
    ] {
        let puzzle = b.definition().puzzle().clone();
        let table = generate(&puzzle).unwrap();
        assert_eq!(table.reachable, reachable, "{}", b.id);
        assert_eq!(table.max_depth, gods_number, "{}", b.id);
        assert_eq!(table.histogram.iter().sum::<u64>(), reachable, "{}", b.id);
        assert_eq!(table.histogram.len(), usize::from(gods_number) + 1, "{}", b.id);
        let goal = puzzle.rank(&puzzle.goal()) as usize;
        let mut counted = vec![0u64; table.histogram.len()];
        for rank in 0..puzzle.slots() {
            let r = rank as usize;
            let d = table.distance[r];
            assert_ne!(d, UNREACHED, "{}: every slot of a built-in is reachable", b.id);
            counted[usize::from(d)] += 1;
            if r == goal {
                assert_eq!(d, 0);
                continue;
            }
            assert!(d > 0, "{}: only the goal is at distance 0", b.id);
            let state = puzzle.unrank(rank);
            let parent = usize::from(table.parent[r]);
            // Every move leads to distance d-1, d or d+1 (moves are
            // reversible), and the parent is the first that gives d-1.
            let mut first_closer = None;
            for m in 0..puzzle.move_count() {
                let Some(next) = puzzle.apply(&state, m) else {
                    continue;
                };
                let nd = table.distance[puzzle.rank(&next) as usize];
                assert!(nd + 1 >= d, "{}: move {m} from rank {rank} skips a level", b.id);
                if nd + 1 == d && first_closer.is_none() {
                    first_closer = Some(m);
                }
            }
            assert_eq!(Some(parent), first_closer, "{}: parent of rank {rank}", b.id);
        }
        assert_eq!(counted, table.histogram, "{}", b.id);
    }
}

#[test]
fn same_result_with_one_thread_and_with_several() {
    // Nine threads: more than the generator keeps sets of found ranks for,
    // so that some threads share one.
    for b in builtin::ALL {
        let puzzle = b.definition().puzzle().clone();
        let with = |threads| {
            rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(|| generate(&puzzle).unwrap())
        };
        let one = with(1);
        for threads in [2, 3, 9] {
            assert!(one == with(threads), "{} on {threads} threads", b.id);
        }
    }
}

#[test]
fn memory_limit_is_checked_before_allocating() {
    let puzzle = builtin::NINE_DIGITS.definition().puzzle().clone();
    let options = godtab_gen::Options { max_memory: Some(1000), ..Default::default() };
    let err = godtab_gen::generate_with(&puzzle, &options).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the table for 362880 states needs 1451520 bytes of memory, more than the limit of 1000 bytes"
    );
    assert!(matches!(err, godtab_gen::GenError::TooLarge { slots: 362_880, needed: 1_451_520, limit: 1000 }));
}

#[test]
fn one_way_moves_are_refused_the_compact_encoding_before_the_search() {
    let options = godtab_gen::Options { encoding: godtab_runtime::Encoding::Compact, ..Default::default() };
    for b in [&builtin::NINE_DIGITS, &builtin::NINE_PUZZLE] {
        let err = godtab_gen::generate_with(&b.definition().puzzle().clone(), &options).unwrap_err();
        assert!(matches!(err, godtab_gen::GenError::Encoding(_)), "{}: {err}", b.id);
    }
    let eight = godtab_gen::generate_with(&builtin::EIGHT_PUZZLE.definition().puzzle().clone(), &options).unwrap();
    assert_eq!(eight.max_depth, 31);
}

#[test]
fn same_bytes_with_one_thread_and_with_two_on_a_larger_puzzle() {
    // 2x5 sliding: 1,814,400 states, many levels in both directions.
    let puzzle = godtab_puzzles::Puzzle::new(
        2,
        5,
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, godtab_puzzles::BLANK],
        godtab_puzzles::MoveSet::Sliding,
    )
    .unwrap();
    let definition = godtab_puzzles::Definition::new("slide-2x5", ["u", "d", "l", "r"], puzzle).unwrap();
    let with = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| godtab_gen::table_bytes(&definition, &godtab_gen::Options::default()).unwrap())
    };
    let one = with(1);
    assert_eq!(one, with(2));
    let table = godtab_runtime::Table::new(one.as_slice()).unwrap();
    assert_eq!((table.reachable(), table.max_depth()), (1_814_400, 55));
}

/// The nine "Eight II" tables against a breadth-first search over tile
/// arrays written here (blank moves worked out from the cell numbers, no
/// ranking, no move tables): every state's distance, and its parent the
/// first of d, l, r, u that leads one step closer, so that following
/// parents spells the least optimal move string in that order.
#[test]
fn eight_two_tables_agree_with_brute_force() {
    use std::collections::{HashMap, VecDeque};
    // d, l, r, u: where the blank goes, if it can.
    let step = |blank: usize, m: usize| -> Option<usize> {
        match m {
            0 => (blank < 6).then_some(blank + 3),
            1 => (blank % 3 > 0).then(|| blank - 1),
            2 => (blank % 3 < 2).then_some(blank + 1),
            _ => (blank >= 3).then(|| blank - 3),
        }
    };
    let slide = |cells: &[u8; 9], m: usize| -> Option<[u8; 9]> {
        let blank = cells.iter().position(|&v| v == 0)?;
        let mut next = *cells;
        next.swap(blank, step(blank, m)?);
        Some(next)
    };
    for (k, b) in builtin::EIGHT_TWO.iter().enumerate() {
        let puzzle = b.definition().puzzle().clone();
        let table = generate(&puzzle).unwrap();
        let goal: [u8; 9] = puzzle.goal_values().try_into().unwrap();
        let mut distance = HashMap::from([(goal, 0u8)]);
        let mut queue = VecDeque::from([goal]);
        while let Some(cells) = queue.pop_front() {
            let d = distance[&cells];
            for m in 0..4 {
                if let Some(next) = slide(&cells, m) {
                    distance.entry(next).or_insert_with(|| {
                        queue.push_back(next);
                        d + 1
                    });
                }
            }
        }
        let deepest = distance.values().max().copied();
        assert_eq!((distance.len() as u64, table.reachable, Some(table.max_depth)), (181_440, 181_440, deepest), "{k}");
        for (cells, &d) in &distance {
            let rank = puzzle.rank(&puzzle.state_from_values(cells).unwrap()) as usize;
            assert_eq!(table.distance[rank], d, "{k}: {cells:?}");
            if d > 0 {
                let first = (0..4).find(|&m| slide(cells, m).is_some_and(|next| distance[&next] + 1 == d));
                assert_eq!(Some(usize::from(table.parent[rank])), first, "{k}: {cells:?}");
            }
        }
    }
}
