//! Every kind of cursor against the plain model (unrank, apply, rank): on
//! every state of the small puzzles and a spread of states of the large ones.

use godtab_puzzles::{BLANK, Cursor, MoveSet, Orbit, Orbits, Permutations, Puzzle, Ranking, WithCursor, builtin};

/// Seeks `ranks` in order and checks every move (and one past the last)
/// both ways; returns how many ranks were checked.
struct Agrees<'a, I> {
    puzzle: &'a Puzzle,
    ranks: I,
}

impl<I: Iterator<Item = u64>> WithCursor for Agrees<'_, I> {
    type Output = u64;

    fn run<C: Cursor>(self, mut cursor: C) -> u64 {
        let puzzle = self.puzzle;
        let mut checked = 0;
        for rank in self.ranks {
            cursor.seek(rank);
            let state = puzzle.unrank(rank);
            for m in 0..=puzzle.move_count() {
                let after = puzzle.apply(&state, m).map(|s| puzzle.rank(&s));
                assert_eq!(cursor.rank_after(m), after, "rank {rank}, move {m}");
                let before = puzzle.apply_inverse(&state, m).map(|s| puzzle.rank(&s));
                assert_eq!(cursor.rank_before(m), before, "rank {rank}, undo move {m}");
            }
            checked += 1;
        }
        checked
    }
}

fn check_every_rank(puzzle: &Puzzle) {
    let slots = puzzle.slots();
    assert_eq!(puzzle.with_cursor(Agrees { puzzle, ranks: 0..slots }), slots);
    // Backwards, and in big jumps.
    let jumps = [slots - 1, 0, slots / 2, slots / 3, slots - 2, 1];
    assert_eq!(puzzle.with_cursor(Agrees { puzzle, ranks: jumps.into_iter() }), 6);
}

fn check_spread(puzzle: &Puzzle, count: u64) {
    let slots = puzzle.slots();
    let step = slots / count;
    // Runs of consecutive ranks spread over the whole space.
    let ranks = (0..count).flat_map(|k| (k * step..k * step + 3).filter(|&r| r < slots));
    assert!(puzzle.with_cursor(Agrees { puzzle, ranks }) >= count);
}

#[test]
fn builtins() {
    for b in builtin::ALL {
        check_every_rank(&b.definition().puzzle().clone());
    }
}

#[test]
fn other_rankings_of_a_builtin() {
    let eight = builtin::EIGHT_PUZZLE.definition().puzzle().clone().with_ranking(Ranking::Multiset).unwrap();
    check_every_rank(&eight);
    let nine = builtin::NINE_PUZZLE.definition().puzzle().clone().with_ranking(Ranking::Lex).unwrap();
    check_every_rank(&nine);
}

#[test]
fn small_boards() {
    // Odd moves: the lexicographic ranking.
    let swap_and_turn =
        Puzzle::new(2, 3, &[1, 2, 3, 4, 5, 6], MoveSet::Permutation(&[1, 0, 2, 3, 4, 5, 3, 0, 1, 4, 5, 2]));
    let swap_and_turn = swap_and_turn.unwrap();
    assert_eq!(swap_and_turn.ranking(), Ranking::Lex);
    check_every_rank(&swap_and_turn);
    // Three cells and one 3-cycle: the parity ranking.
    let cycle = Puzzle::new(1, 3, &[7, 8, 9], MoveSet::Permutation(&[2, 0, 1])).unwrap();
    assert_eq!(cycle.ranking(), Ranking::Parity);
    check_every_rank(&cycle);
    let two = Puzzle::new(1, 2, &[1, 2], MoveSet::Permutation(&[1, 0])).unwrap();
    check_every_rank(&two);
    for (rows, cols) in [(2, 2), (1, 3), (2, 4), (3, 2)] {
        let goal: Vec<u8> = (1..rows * cols).map(|v| v as u8).chain([BLANK]).collect();
        let sliding = Puzzle::new(rows, cols, &goal, MoveSet::Sliding).unwrap();
        assert_eq!(sliding.ranking(), Ranking::BlankParity);
        check_every_rank(&sliding);
    }
    // The multi-tile metric: moves of several cells up and down reorder
    // several tiles.
    for (rows, cols) in [(3, 3), (2, 4), (4, 2), (1, 4)] {
        let goal: Vec<u8> = (1..rows * cols).map(|v| v as u8).chain([BLANK]).collect();
        check_every_rank(&Puzzle::new(rows, cols, &goal, MoveSet::multi_tile(rows, cols)).unwrap());
    }
    let digits = builtin::NINE_DIGITS.definition().puzzle().clone();
    let maps: Vec<u8> = (0..4).flat_map(|m| digits.move_map(m).unwrap().to_vec()).collect();
    let colours = Puzzle::new(3, 3, &[1, 1, 1, 2, 2, 2, 3, 3, 3], MoveSet::Permutation(&maps)).unwrap();
    assert_eq!(colours.ranking(), Ranking::Multiset);
    check_every_rank(&colours);
}

#[test]
fn nine_cell_boards() {
    // Nine Digits' turns with a quarter turn of the whole board, which
    // carries two values into the first row (ranked from the labels), and
    // a swap of the first two cells (the first row keeps its values).
    let digits = builtin::NINE_DIGITS.definition().puzzle().clone();
    let mut maps: Vec<u8> = (0..4).flat_map(|m| digits.move_map(m).unwrap().to_vec()).collect();
    maps.extend([6, 3, 0, 7, 4, 1, 8, 5, 2]);
    maps.extend([1, 0, 2, 3, 4, 5, 6, 7, 8]);
    let tiles: Vec<u8> = (1..=9).collect();
    let turned = Puzzle::new(3, 3, &tiles, MoveSet::Permutation(&maps)).unwrap();
    assert_eq!(turned.ranking(), Ranking::Lex);
    check_every_rank(&turned);
    // A cycle between the first row and the third, and one through a cell
    // of each row: both even.
    let cycles =
        Puzzle::new(3, 3, &tiles, MoveSet::Permutation(&[6, 1, 2, 0, 4, 5, 3, 7, 8, 4, 1, 2, 3, 8, 5, 6, 7, 0]));
    let cycles = cycles.unwrap();
    assert_eq!(cycles.ranking(), Ranking::Parity);
    check_every_rank(&cycles);
}

#[test]
fn sixteen_cells() {
    let fifteen: Vec<u8> = (1..=15).chain([BLANK]).collect();
    check_spread(&Puzzle::new(4, 4, &fifteen, MoveSet::Sliding).unwrap(), 2000);
    check_spread(&Puzzle::new(4, 4, &fifteen, MoveSet::multi_tile(4, 4)).unwrap(), 2000);
    let tiles: Vec<u8> = (1..=16).collect();
    // Cycle three cells of the top-left 2x2 block, and turn the whole board
    // by a quarter: both even.
    let mut maps: Vec<u8> = (0..16).collect();
    maps[..5].copy_from_slice(&[4, 0, 2, 3, 1]);
    maps.extend([12, 8, 4, 0, 13, 9, 5, 1, 14, 10, 6, 2, 15, 11, 7, 3]);
    let turns = Puzzle::new(4, 4, &tiles, MoveSet::Permutation(&maps)).unwrap();
    assert_eq!(turns.ranking(), Ranking::Parity);
    check_spread(&turns, 2000);
    check_spread(&turns.with_ranking(Ranking::Lex).unwrap(), 2000);
}

/// An orbit puzzle from per-move maps and ksolve-style twists (per piece
/// moved).
fn orbit_puzzle(orbits: &[Orbit<'_>], solved: &[u8], moves: &[(&[u8], &[u8])]) -> Puzzle {
    let maps: Vec<u8> = moves.iter().flat_map(|(map, _)| map.to_vec()).collect();
    let twists: Vec<u8> = moves.iter().flat_map(|(map, file)| map.iter().map(|&f| file[usize::from(f)])).collect();
    let solved_orientations = vec![0; solved.len()];
    Puzzle::new_orbits(&Orbits {
        orbits,
        solved,
        solved_orientations: &solved_orientations,
        maps: &maps,
        twists: &twists,
    })
    .unwrap()
}

#[test]
fn orbit_puzzles() {
    // Parities tied across orbits, a fixed orientation sum, repeated pieces.
    let orbits = [
        Orbit { name: "PEG", pieces: 4, orientations: 1 },
        Orbit { name: "DISC", pieces: 3, orientations: 3 },
        Orbit { name: "DOT", pieces: 3, orientations: 2 },
    ];
    let coupled = orbit_puzzle(
        &orbits,
        &[0, 1, 2, 3, 0, 1, 2, 0, 0, 1],
        &[
            (&[1, 0, 2, 3, 5, 4, 6, 8, 9, 7], &[0, 0, 0, 0, 1, 2, 0, 1, 0, 0]),
            (&[3, 0, 1, 2, 4, 6, 5, 7, 8, 9], &[0, 0, 0, 0, 0, 1, 2, 0, 0, 0]),
        ],
    );
    assert_eq!(coupled.orbits().nth(1).unwrap().permutations, Permutations::Parity);
    check_every_rank(&coupled);
    // The 2x2x2 with a corner fixed: 3,674,160 states, quarter turns.
    let pocket = orbit_puzzle(
        &[Orbit { name: "CORNERS", pieces: 7, orientations: 3 }],
        &[0, 1, 2, 3, 4, 5, 6],
        &[
            (&[3, 0, 1, 2, 4, 5, 6], &[0; 7]),
            (&[4, 1, 2, 0, 6, 5, 3], &[1, 0, 0, 2, 2, 0, 1]),
            (&[1, 5, 2, 3, 0, 4, 6], &[2, 1, 0, 0, 1, 2, 0]),
        ],
    );
    check_spread(&pocket, 3000);
    // Too large for move tables (eleven distinct pieces): the general cursor.
    let big = orbit_puzzle(
        &[Orbit { name: "A", pieces: 11, orientations: 1 }, Orbit { name: "B", pieces: 2, orientations: 2 }],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 1],
        &[(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 12, 11], &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0])],
    );
    check_spread(&big, 500);
}

/// Sliding boards of every width: a vertical move's rank is found from
/// the Lehmer digits it changes, checked against ranking the new board.
#[test]
fn sliding_boards_of_every_width() {
    let board = |rows: usize, cols: usize, blank: usize| {
        let mut goal: Vec<u8> = (1..rows * cols).map(|v| v as u8).collect();
        goal.insert(blank, BLANK);
        Puzzle::new(rows, cols, &goal, MoveSet::Sliding).unwrap()
    };
    check_every_rank(&board(2, 5, 9));
    check_every_rank(&board(3, 3, 4));
    check_every_rank(&board(5, 2, 0));
    for (rows, cols) in [(2, 7), (3, 4), (2, 6), (3, 5), (7, 2), (2, 8)] {
        check_spread(&board(rows, cols, rows * cols - 1), 3000);
        check_spread(&board(rows, cols, cols / 2), 3000);
    }
}
