//! Orbit puzzles: the numbering against every arrangement of small puzzles
//! (parity classes tied across orbits, fixed orientation sums, repeated
//! pieces), moves and their undoing, states in blocks, scrambles, and the
//! model's refusals.

use godtab_puzzles::{
    Definition, Kind, ModelError, Orbit, Orbits, Permutations, Puzzle, Ranking, ScrambleError, State, StateError,
};
use godtab_rank::{FACTORIAL, orientation_count, unrank_lex, unrank_orientations};

/// A puzzle from its orbits and moves given as (map, file twist) per move
/// in ksolve's terms: positions and pieces from 0, the twist per piece
/// moved (`twists[i] = file[map[i]]`).
fn puzzle(orbits: &[Orbit<'_>], solved: &[u8], moves: &[(&[u8], &[u8])]) -> Result<Puzzle, ModelError> {
    let mut maps = Vec::new();
    let mut twists = Vec::new();
    for (map, file) in moves {
        maps.extend_from_slice(map);
        twists.extend(map.iter().map(|&from| file[usize::from(from)]));
    }
    Puzzle::new_orbits(&Orbits {
        orbits,
        solved,
        solved_orientations: &vec![0; solved.len()],
        maps: &maps,
        twists: &twists,
    })
}

/// The 2x2x2 cube with its DBL corner held fixed, quarter turns U, R, F.
fn pocket() -> Puzzle {
    let orbits = [Orbit { name: "CORNERS", pieces: 7, orientations: 3 }];
    puzzle(
        &orbits,
        &[0, 1, 2, 3, 4, 5, 6],
        &[
            (&[3, 0, 1, 2, 4, 5, 6], &[0; 7]),
            (&[4, 1, 2, 0, 6, 5, 3], &[1, 0, 0, 2, 2, 0, 1]),
            (&[1, 5, 2, 3, 0, 4, 6], &[2, 1, 0, 0, 1, 2, 0]),
        ],
    )
    .unwrap()
}

/// Two pegs' worth of coupling: every move is odd on both orbits, so the
/// discs' parity follows the pegs'; the twists sum to zero.
fn pegs_and_discs() -> Puzzle {
    let orbits =
        [Orbit { name: "PEG", pieces: 4, orientations: 1 }, Orbit { name: "DISC", pieces: 3, orientations: 3 }];
    puzzle(
        &orbits,
        &[0, 1, 2, 3, 0, 1, 2],
        &[
            // Swap pegs 0 and 1, and discs 0 and 1, turning them.
            (&[1, 0, 2, 3, 5, 4, 6], &[0, 0, 0, 0, 1, 2, 0]),
            // Cycle pegs 1..3 and 0 (a 4-cycle), swap discs 1 and 2.
            (&[3, 0, 1, 2, 4, 6, 5], &[0, 0, 0, 0, 0, 1, 2]),
        ],
    )
    .unwrap()
}

/// Every state whose pieces are an arrangement of the solved state's,
/// with any orientations.
fn every_state(puzzle: &Puzzle) -> Vec<State> {
    let goal: Vec<u8> = puzzle.goal_values().to_vec();
    let mut states: Vec<Vec<u8>> = vec![Vec::new()];
    for orbit in puzzle.orbits() {
        let pieces = &goal[orbit.start..orbit.start + orbit.pieces];
        let mut arrangements: Vec<Vec<u8>> = Vec::new();
        for r in 0..FACTORIAL[orbit.pieces] {
            let mut order = vec![0u8; orbit.pieces];
            unrank_lex(r, &mut order);
            let arrangement: Vec<u8> = order.iter().map(|&i| pieces[usize::from(i)]).collect();
            if !arrangements.contains(&arrangement) {
                arrangements.push(arrangement);
            }
        }
        let turns = orientation_count(orbit.pieces, orbit.orientations).unwrap();
        let mut next = Vec::new();
        for state in &states {
            for arrangement in &arrangements {
                for t in 0..turns {
                    let mut orientations = vec![0u8; orbit.pieces];
                    unrank_orientations(t, orbit.orientations, &mut orientations);
                    let mut s = state.clone();
                    s.extend(arrangement.iter().map(|p| p + 1));
                    s.extend(orientations);
                    next.push(s);
                }
            }
        }
        states = next;
    }
    states.iter().map(|numbers| puzzle.state_from_values(numbers).unwrap()).collect()
}

fn check_numbering(puzzle: &Puzzle) -> u64 {
    let mut hit = vec![false; puzzle.slots() as usize];
    let mut in_space = 0;
    for state in every_state(puzzle) {
        let Some(rank) = puzzle.rank_checked(&state) else { continue };
        in_space += 1;
        assert!(rank < puzzle.slots());
        assert!(!std::mem::replace(&mut hit[rank as usize], true), "rank {rank} twice");
        assert_eq!(puzzle.rank(&state), rank);
        assert_eq!(puzzle.unrank(rank), state, "rank {rank}");
    }
    assert_eq!(in_space, puzzle.slots());
    in_space
}

#[test]
fn numbering_is_a_bijection_onto_the_slots() {
    let pocket_corners = {
        let orbits = [Orbit { name: "C", pieces: 4, orientations: 3 }];
        // A 4-cycle that twists: odd, sum 0.
        puzzle(&orbits, &[0, 1, 2, 3], &[(&[3, 0, 1, 2], &[1, 2, 1, 2])]).unwrap()
    };
    let coupled = pegs_and_discs();
    let info: Vec<_> = coupled.orbits().collect();
    assert_eq!(info[0].permutations, Permutations::Lex);
    assert_eq!((info[1].permutations, info[1].parity_follows), (Permutations::Parity, 0b1));
    assert!(info[1].orientation_sum_fixed);
    assert_eq!(coupled.slots(), 24 * 3 * 9);
    let repeated = {
        let orbits = [Orbit { name: "A", pieces: 4, orientations: 2 }, Orbit { name: "B", pieces: 3, orientations: 1 }];
        // A flips one piece (sum not fixed); both orbits hold repeats.
        puzzle(&orbits, &[0, 0, 1, 1, 0, 0, 1], &[(&[1, 2, 3, 0, 5, 6, 4], &[1, 0, 0, 0, 0, 0, 0])]).unwrap()
    };
    assert_eq!(repeated.slots(), 6 * 16 * 3);
    let even = {
        // Every move even on the first orbit: its parity is fixed alone.
        let orbits = [Orbit { name: "A", pieces: 4, orientations: 1 }, Orbit { name: "B", pieces: 2, orientations: 2 }];
        puzzle(&orbits, &[1, 0, 2, 3, 0, 1], &[(&[1, 2, 0, 3, 5, 4], &[0, 0, 0, 0, 1, 0])]).unwrap()
    };
    let info: Vec<_> = even.orbits().collect();
    assert_eq!((info[0].permutations, info[0].parity_follows), (Permutations::Parity, 0));
    assert_eq!(info[1].permutations, Permutations::Lex);
    assert_eq!(even.slots(), 12 * 2 * 4);
    for p in [pocket_corners, coupled, repeated, even] {
        assert_eq!(p.kind(), Kind::Orbits);
        assert_eq!(p.ranking(), Ranking::Orbits);
        check_numbering(&p);
    }
}

#[test]
fn moves_stay_in_the_rank_space_and_undo() {
    for p in [pegs_and_discs(), pocket()] {
        let step = (p.slots() / 20_000).max(1);
        for rank in (0..p.slots()).step_by(step as usize) {
            let state = p.unrank(rank);
            for m in 0..p.move_count() {
                let next = p.apply(&state, m).unwrap();
                assert!(p.in_rank_space(&next), "move {m} from rank {rank}");
                assert_eq!(p.apply_inverse(&next, m), Some(state));
            }
            assert_eq!(p.apply(&state, p.move_count()), None);
        }
    }
}

#[test]
fn orders_and_undoing() {
    let p = pocket();
    assert_eq!(p.slots(), 3_674_160);
    for m in 0..3 {
        assert_eq!(p.move_order(m), Some(4));
        // No move undoes a quarter turn: three of it do.
        assert_eq!(p.undo(m), Some((m, 3)));
    }
    assert!(!p.moves_undo_each_other());
    assert_eq!(p.undo(3), None);
    // The swap of two discs twists one by 1 and the other by 2: made
    // twice, both are back untwisted, so the swap undoes itself.
    let coupled = pegs_and_discs();
    assert_eq!(coupled.move_order(0), Some(2));
    assert_eq!(coupled.undo(0), Some((0, 1)));
}

#[test]
fn states_in_blocks() {
    let p = pegs_and_discs();
    let goal = p.goal();
    assert_eq!(p.display(&goal).to_string(), "PEG 1 2 3 4 DISC 1 2 3 0 0 0");
    assert_eq!(format!("{:#}", p.display(&goal)), "PEG\n1 2 3 4\nDISC\n1 2 3\n0 0 0");
    let moved = p.apply(&goal, 0).unwrap();
    let text = p.display(&moved).to_string();
    assert_eq!(text, "PEG 2 1 3 4 DISC 2 1 3 2 1 0");
    assert_eq!(p.parse(&text), Ok(moved));
    assert_eq!(p.parse(&format!("{:#}\nEnd\n", p.display(&moved))), Ok(moved));
    // Sets left out are solved, orientations left out 0.
    assert_eq!(p.parse("DISC 1 2 3"), Ok(goal));
    assert_eq!(p.parse(""), Ok(goal));
    let word = |text: &str| godtab_puzzles::Word::new(text.as_bytes());
    let cases = [
        ("CORNER 1 2", StateError::UnknownSet { word: word("CORNER") }),
        ("1 2 3", StateError::NumberBeforeSet),
        ("PEG 1 2 3 4 PEG 1 2 3 4", StateError::RepeatedSet { set: word("PEG") }),
        ("PEG 1 2 3", StateError::SetLength { set: word("PEG"), pieces: 4, found: 3 }),
        ("PEG 1 2 3 4 0 0 0 0 0", StateError::SetLength { set: word("PEG"), pieces: 4, found: 9 }),
        ("DISC 1 2 3 0 1 End", StateError::SetLength { set: word("DISC"), pieces: 3, found: 5 }),
        ("PEG 1 2 5 4", StateError::UnknownPiece { set: word("PEG"), position: 3, piece: 5, pieces: 4 }),
        ("PEG 0 2 3 4", StateError::UnknownPiece { set: word("PEG"), position: 1, piece: 0, pieces: 4 }),
        ("PEG 1 2 2 4", StateError::RepeatedPiece { set: word("PEG"), position: 3, piece: 2 }),
        ("DISC 1 2 3 0 3 0", StateError::BadOrientation { set: word("DISC"), position: 2, orientation: 3, most: 2 }),
        ("PEG 1 2 3 4 1 0 0 0", StateError::BadOrientation { set: word("PEG"), position: 1, orientation: 1, most: 0 }),
        ("End PEG", StateError::AfterEnd),
        ("PEG 1 2 3 256", StateError::NumberTooLarge { column: 11 }),
        ("PEG 1 2 3 4x", StateError::UnknownSet { word: word("4x") }),
    ];
    for (text, error) in cases {
        assert_eq!(p.parse(text), Err(error), "{text:?}");
    }
    assert_eq!(StateError::UnknownSet { word: word("CORNER") }.to_string(), "\"CORNER\" is not a set of this puzzle");
    assert_eq!(
        StateError::SetLength { set: word("PEG"), pieces: 4, found: 3 }.to_string(),
        "set \"PEG\": expected 4 pieces, then optionally 4 orientations; found 3 numbers"
    );
    // Repeated pieces: a state holds each as often as the solved state.
    let orbits = [Orbit { name: "A", pieces: 3, orientations: 1 }];
    let repeated = puzzle(&orbits, &[0, 1, 0], &[(&[1, 2, 0], &[0, 0, 0])]).unwrap();
    assert_eq!(repeated.display(&repeated.goal()).to_string(), "A 1 2 1");
    assert!(repeated.parse("A 2 1 1").is_ok());
    assert_eq!(repeated.parse("A 2 1 2"), Err(StateError::RepeatedPiece { set: word("A"), position: 3, piece: 2 }));
    assert_eq!(
        repeated.parse("A 1 2 3"),
        Err(StateError::UnknownPiece { set: word("A"), position: 3, piece: 3, pieces: 2 })
    );
}

#[test]
fn scrambles() {
    let p = pocket();
    let definition = Definition::new("pocket", ["U", "R", "F"], p.clone()).unwrap();
    let apply = |moves: &[usize]| moves.iter().fold(p.goal(), |s, &m| p.apply(&s, m).unwrap());
    assert_eq!(definition.scramble(b"R U F"), Ok(apply(&[1, 0, 2])));
    assert_eq!(definition.scramble(b" R2\tU' "), Ok(apply(&[1, 1, 0, 0, 0])));
    assert_eq!(definition.scramble(b"F2'"), Ok(apply(&[2, 2, 2, 2, 2, 2])));
    assert_eq!(definition.scramble(b""), Ok(p.goal()));
    let word = godtab_puzzles::Word::new;
    assert_eq!(definition.scramble(b"R D"), Err(ScrambleError::UnknownMove { position: 2, word: word(b"D") }));
    assert_eq!(definition.scramble(b"R0"), Err(ScrambleError::UnknownMove { position: 1, word: word(b"R0") }));
    assert_eq!(definition.scramble(b"R100"), Err(ScrambleError::UnknownMove { position: 1, word: word(b"R100") }));
    assert_eq!(definition.scramble(b"'"), Err(ScrambleError::UnknownMove { position: 1, word: word(b"'") }));
    // A move named with a prime is used as itself.
    let named = Definition::new("pocket", ["U", "U'", "F"], p.clone()).unwrap();
    assert_eq!(named.scramble(b"U'2"), Ok(apply(&[1, 1])));
    assert_eq!(named.scramble(b"U2'"), Ok(apply(&[1, 1])));
    // Sliding moves at the edge.
    let eight = godtab_puzzles::builtin::EIGHT_PUZZLE.definition();
    assert_eq!(eight.scramble(b"u d d"), Err(ScrambleError::Impossible { position: 3, word: word(b"d") }));
}

#[test]
fn refusals() {
    let o = |name, pieces, orientations| Orbit { name, pieces, orientations };
    let build = |orbits: &[Orbit<'_>], solved: &[u8], maps: &[u8], twists: &[u8]| {
        Puzzle::new_orbits(&Orbits { orbits, solved, solved_orientations: &vec![0; solved.len()], maps, twists })
            .unwrap_err()
    };
    assert_eq!(build(&[], &[], &[], &[]), ModelError::OrbitCount { orbits: 0 });
    assert_eq!(build(&[o("A", 17, 1)], &[0; 17], &[0; 17], &[0; 17]), ModelError::OrbitPieces { pieces: 17 });
    assert_eq!(build(&[o("A", 0, 1)], &[], &[], &[]), ModelError::EmptyOrbit { orbit: 0 });
    assert_eq!(
        build(&[o("A", 2, 17)], &[0, 1], &[0, 1], &[0, 0]),
        ModelError::Orientations { orbit: 0, orientations: 17 }
    );
    assert_eq!(build(&[o("1A", 2, 1)], &[0, 1], &[0, 1], &[0, 0]), ModelError::OrbitName { orbit: 0 });
    assert_eq!(build(&[o("End", 2, 1)], &[0, 1], &[0, 1], &[0, 0]), ModelError::OrbitName { orbit: 0 });
    assert_eq!(
        build(&[o("A", 1, 1), o("A", 1, 1)], &[0, 0], &[0, 1], &[0, 0]),
        ModelError::DuplicateOrbitName { first: 0, second: 1 }
    );
    assert_eq!(
        build(&[o("A", 2, 1)], &[0, 2], &[0, 1], &[0, 0]),
        ModelError::SolvedPiece { orbit: 0, position: 1, piece: 2 }
    );
    assert_eq!(
        build(&[o("A", 3, 1)], &[0, 2, 2], &[0, 1, 2], &[0, 0, 0]),
        ModelError::SolvedPieceMissing { orbit: 0, piece: 1 }
    );
    assert_eq!(
        build(&[o("A", 1, 1), o("B", 1, 1)], &[0, 0], &[1, 0], &[0, 0]),
        ModelError::MoveLeavesOrbit { index: 0, position: 0 }
    );
    assert_eq!(
        build(&[o("A", 2, 2)], &[0, 1], &[1, 0], &[0, 2]),
        ModelError::Twist { index: 0, position: 1, twist: 2 }
    );
    assert_eq!(build(&[o("A", 2, 2)], &[0, 1], &[1, 0], &[0]), ModelError::TwistLength { bytes: 1, expected: 2 });
    assert_eq!(build(&[o("A", 2, 2)], &[0, 1], &[1, 1], &[0, 0]), ModelError::NotAPermutation { index: 0, cells: 2 });
    assert_eq!(
        build(&[o("A", 16, 16)], &(0..16).collect::<Vec<_>>(), &(0..16).collect::<Vec<_>>(), &[1; 16]),
        ModelError::TooManyStates
    );
    let solved_orientation = Puzzle::new_orbits(&Orbits {
        orbits: &[o("A", 2, 2)],
        solved: &[0, 1],
        solved_orientations: &[0, 2],
        maps: &[1, 0],
        twists: &[0, 0],
    });
    assert_eq!(
        solved_orientation.unwrap_err(),
        ModelError::SolvedOrientation { orbit: 0, position: 1, orientation: 2 }
    );
    // Another ranking does not number an orbit puzzle, nor this one a board.
    assert!(pocket().with_ranking(Ranking::Lex).is_err());
    let board = godtab_puzzles::builtin::NINE_DIGITS.definition().puzzle().clone();
    assert!(board.with_ranking(Ranking::Orbits).is_err());
}

#[test]
fn same_as_compares_orbits_moves_and_twists() {
    let (a, b) = (pocket(), pocket());
    assert!(a.same_as(&b));
    assert!(!a.same_as(&pegs_and_discs()));
    let orbits = [Orbit { name: "CORNERS", pieces: 7, orientations: 3 }];
    let untwisted = puzzle(
        &orbits,
        &[0, 1, 2, 3, 4, 5, 6],
        &[(&[3, 0, 1, 2, 4, 5, 6], &[0; 7]), (&[4, 1, 2, 0, 6, 5, 3], &[0; 7]), (&[1, 5, 2, 3, 0, 4, 6], &[0; 7])],
    )
    .unwrap();
    assert!(!a.same_as(&untwisted));
    // States of one are states of the other only with the same shape.
    assert!(a.fits(&untwisted.goal()));
    assert!(!a.fits(&pegs_and_discs().goal()));
}
