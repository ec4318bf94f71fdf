//! The oracle asked about every kind of table, its answers held against the
//! tables themselves: every state of the complete tables (in each
//! encoding), every state of a board through a pattern set against its
//! complete table, and an orbit pattern set's answers applied to their
//! states.

use std::path::Path;

use godtab_gen::{Options, pattern_set_bytes, table_bytes, write_orbit_pattern_set};
use godtab_oracle::{AskError, Limits, Oracle, Position, Written};
use godtab_puzzles::{BLANK, Definition, MoveSet, PatternList, Puzzle, SLIDING_MOVE_NAMES, builtin};
use godtab_runtime::{Encoding, TableFile};
use godtab_twisty::pattern::{Coder, PatternDef};
use godtab_twisty::symmetry::{Group, find};

mod many;

fn oracle(bytes: Vec<u8>) -> Oracle<Vec<u8>> {
    Oracle::new(TableFile::new(bytes).unwrap())
}

/// Every state's answer is a solution (its moves reach the goal) of the
/// length the table gives, and its text reads back as the state.
#[test]
fn every_state_of_the_complete_tables_is_answered_as_the_table_answers_it() {
    for (b, encoding) in [
        (&builtin::NINE_DIGITS, Encoding::Full),
        (&builtin::EIGHT_PUZZLE, Encoding::Full),
        (&builtin::EIGHT_PUZZLE, Encoding::Compact),
        (&builtin::EIGHT_PUZZLE, Encoding::Parity),
        (&builtin::NINE_PUZZLE, Encoding::Full),
    ] {
        let definition = b.definition();
        let bytes = table_bytes(&definition, &Options { encoding, ..Options::default() }).unwrap();
        let oracle = oracle(bytes.clone());
        let TableFile::Complete(table) = TableFile::new(bytes).unwrap() else { panic!("a complete table") };
        let puzzle = definition.puzzle();
        for rank in 0..puzzle.slots() {
            let Some(state) = table.state_of_rank(rank) else { continue };
            let position = Position::Tiles(state);
            let expected = table.distance(&state).unwrap();
            assert_eq!(oracle.solvable(&position), Some(expected.is_some()), "{} {rank}", b.id);
            let answer = oracle.solve(&position).unwrap();
            assert_eq!(answer.distance(), expected.map(usize::from), "{} {rank}", b.id);
            assert_eq!(oracle.distance(&position).unwrap(), expected.map(usize::from));
            if let Some(moves) = &answer.moves {
                let mut now = state;
                for &m in moves {
                    now = puzzle.apply(&now, m).unwrap();
                }
                assert_eq!(now, puzzle.goal(), "{} {rank}", b.id);
            }
            if rank % 97 == 0 {
                assert_eq!(oracle.parse(&oracle.show(&position), Written::State).unwrap(), position);
            }
        }
    }
}

/// A scramble's state is the state its moves make; the answer line is the
/// generic format's.
#[test]
fn scrambles_and_answer_lines() {
    let oracle = oracle(godtab_gen::build_table(&builtin::NINE_DIGITS).unwrap());
    // One clockwise turn of the top-left block; three more undo it.
    let scrambled = oracle.parse("A", Written::Scramble).unwrap();
    assert_eq!(scrambled, oracle.parse("4 1 3 5 2 6 7 8 9", Written::State).unwrap());
    let answer = oracle.solve_text("A", Written::Scramble).unwrap();
    assert_eq!(oracle.line(&answer), "3 A A A");
    assert_eq!(oracle.all_move_names(), ["A", "B", "C", "D"]);
    let summary = oracle.summary();
    assert_eq!((summary.name.as_str(), summary.kind, summary.encoding), ("nine-digits", "complete", Some("full")));
    assert_eq!(summary.histogram.unwrap().iter().sum::<u64>(), 362_880);
}

/// Text that is not a state is refused with a reason, facelets from a tile
/// puzzle too.
#[test]
fn bad_states_are_refused_with_a_reason() {
    let oracle = oracle(godtab_gen::build_table(&builtin::EIGHT_PUZZLE).unwrap());
    for (text, written) in [
        ("1 2 3", Written::State),
        ("1 2 3 4 5 6 7 8 8", Written::State),
        ("U D Q", Written::Scramble),
        ("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", Written::Facelets),
    ] {
        match oracle.parse(text, written) {
            Err(AskError::NotAState(why)) => assert!(!why.is_empty(), "{text}"),
            other => panic!("{text:?}: {other:?}"),
        }
    }
}

/// Every state of the 2x3 board through a pattern set: the distance of the
/// complete table, unsolvable where it is, and the node limit reported.
#[test]
fn a_pattern_set_answers_every_state_as_the_complete_table() {
    let puzzle = Puzzle::new(2, 3, &[1, 2, 3, 4, 5, BLANK], MoveSet::Sliding).unwrap();
    let definition = Definition::new("slide-2x3", SLIDING_MOVE_NAMES, puzzle).unwrap();
    let complete = oracle(table_bytes(&definition, &Options::default()).unwrap());
    let list = PatternList::new(definition.puzzle(), [&[1u8, 2, 4][..], &[3, 5]]).unwrap();
    let mut patterns = oracle(pattern_set_bytes(&definition, &list, &Options::default()).unwrap());
    assert_eq!(patterns.summary().kind, "patterns");
    let mut deepest = None;
    for rank in 0..definition.puzzle().slots() {
        let position = Position::Tiles(definition.puzzle().unrank(rank));
        let expected = complete.distance(&position).unwrap();
        assert_eq!(patterns.distance(&position).unwrap(), expected, "rank {rank}");
        let answer = patterns.solve(&position).unwrap();
        assert!(answer.work.is_some());
        if expected > deepest.as_ref().map_or(Some(0), |(d, _)| *d) {
            deepest = Some((expected, position));
        }
    }
    let (_, deepest) = deepest.unwrap();
    patterns.set_limits(Limits { max_nodes: Some(1), ..Limits::default() });
    assert!(matches!(patterns.solve(&deepest), Err(AskError::NodeLimit { limit: 1, .. })));
}

/// The twisty puzzle of a definition file of data/puzzles.
fn twisty(file: &str) -> godtab_twisty::Twisty {
    let definition = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles").join(file);
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.toml");
    std::fs::write(&spec, format!("definition = {:?}\n", definition.to_str().unwrap())).unwrap();
    let godtab_spec::Loaded::Twisty(twisty) = godtab_spec::load_any(&spec, godtab_spec::Metric::Half).unwrap() else {
        panic!("a definition file's spec is a twisty puzzle")
    };
    twisty.puzzle
}

/// The 3x3x3 cube through the two-phase tables: every answer, applied to
/// its cube by the twisty model of data/puzzles/cube-3x3x3.tws (another
/// cube model than the solver's), solves it within the length asked.
#[test]
fn the_two_phase_tables_solve_cubes_within_the_length_asked() {
    let cube = twisty("cube-3x3x3.tws");
    let oracle = Oracle::two_phase(godtab_twophase::build_tables()).unwrap();
    let within = |max_length: u8| Limits { max_length: Some(max_length), ..Limits::default() };
    assert!(oracle.takes_facelets() && oracle.file().is_none());
    assert_eq!(oracle.summary().kind, "two-phase");
    let names = oracle.all_move_names();
    assert_eq!(names.len(), 18);
    // The state's cells (from its facelets), then each move of the answer
    // (a scramble of one move), composed in the twisty model.
    let solved_by = |position: &Position, moves: &[usize]| {
        let mut now = godtab_twisty::facelets::parse(&oracle.show(position)).unwrap();
        for name in oracle.move_names(moves) {
            now = cube.compose(&now, &godtab_twisty::text::parse_scramble(&cube, name).unwrap());
        }
        now == cube.identity()
    };
    let mut rng = 11u64;
    for case in 0..200 {
        let scramble: Vec<&str> = (0..25)
            .map(|_| {
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                names[(rng >> 33) as usize % names.len()]
            })
            .collect();
        let position = oracle.parse(&scramble.join(" "), Written::Scramble).unwrap();
        let max_length = if case % 10 == 0 { 20 } else { 21 };
        let moves = oracle.solve_within(&position, &within(max_length)).unwrap().moves.unwrap();
        assert!(moves.len() <= usize::from(max_length), "case {case}: {} moves", moves.len());
        assert!(solved_by(&position, &moves), "case {case}: {}", oracle.move_names(&moves).join(" "));
    }
    let superflip = oracle.parse("UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB", Written::Facelets).unwrap();
    let moves = oracle.solve_within(&superflip, &within(20)).unwrap().moves.unwrap();
    assert!(moves.len() == 20 && solved_by(&superflip, &moves));
    let solved = oracle.parse("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", Written::State).unwrap();
    assert_eq!(oracle.line(&oracle.solve(&solved).unwrap()), "0");
    assert!(matches!(oracle.solve_within(&superflip, &within(10)), Err(AskError::NoneWithin { max_length: 10 })));
    for bad in ["UUU", "XUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"] {
        assert!(matches!(oracle.parse(bad, Written::Facelets), Err(AskError::NotAState(_))), "{bad}");
    }
}

/// The 2x2x2 cube and the bytes of an orbit pattern set of it: one pattern,
/// the corners' places (their orientations left out), reduced by the
/// cube's symmetries.
fn pocket_set() -> (godtab_twisty::Twisty, Vec<u8>) {
    let pocket = twisty("cube-2x2x2.tws");
    let group = Group::new(&pocket, find(&pocket));
    let places = PatternDef { groups: (0..7).collect(), oriented: vec![false; 7] };
    let coders = [Coder::new(&pocket, &places, Some(&group))];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("set.gtab");
    write_orbit_pattern_set(&pocket, &coders, Some(group.len() as u16), u64::MAX, &Options::default(), &path).unwrap();
    (pocket, std::fs::read(&path).unwrap())
}

/// The 2x2x2 cube through an orbit pattern set: answers from scrambles
/// solve them within the scramble's length, a twisted corner cannot be
/// solved, and facelets are the 3x3x3's alone.
#[test]
fn an_orbit_pattern_set_answers_scrambles_of_the_2x2x2() {
    let (pocket, bytes) = pocket_set();
    let mut oracle = oracle(bytes);
    oracle.set_limits(Limits { threads: Some(1), ..Limits::default() });
    oracle.ready().unwrap();
    assert!(!oracle.takes_facelets());
    assert_eq!(oracle.summary().states, "3674160");
    let names = oracle.all_move_names();
    let mut rng = 7u64;
    for length in 0..8 {
        let scramble: Vec<&str> = (0..length)
            .map(|_| {
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                names[(rng >> 33) as usize % names.len()]
            })
            .collect();
        let scramble = scramble.join(" ");
        let position = oracle.parse(&scramble, Written::Scramble).unwrap();
        let Position::Cells(cells) = &position else { panic!("an orbit puzzle's state") };
        let answer = oracle.solve(&position).unwrap();
        let moves = answer.moves.unwrap();
        assert!(moves.len() <= length, "{scramble}: {moves:?}");
        let mut now = *cells;
        for &m in &moves {
            now = pocket.apply(&now, m);
        }
        assert_eq!(now, pocket.identity(), "{scramble}");
        assert_eq!(oracle.parse(&oracle.show(&position), Written::State).unwrap(), position);
    }
    let mut twisted = pocket.identity();
    twisted[0] = pocket.turn(twisted[0], 1);
    let twisted = Position::Cells(twisted);
    assert_eq!(oracle.solvable(&twisted), Some(false));
    assert_eq!(oracle.solve(&twisted).unwrap().moves, None);
    assert!(matches!(
        oracle.parse("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", Written::Facelets),
        Err(AskError::NotAState(_))
    ));
}
