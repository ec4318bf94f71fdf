//! What the oracle says of a table as a whole, on every kind: its
//! description and outline, random states drawn from it, and batches of
//! rows, each held against the oracle's own answers one state at a time.

use godtab_gen::{Options, pattern_set_bytes, table_bytes};
use godtab_oracle::{AskError, Draw, Layout, Limits, Oracle, Position, Written};
use godtab_puzzles::{BLANK, Definition, MoveSet, PatternList, Puzzle, SLIDING_MOVE_NAMES, builtin};
use godtab_runtime::Encoding;

use super::{oracle, pocket_set};

/// The 2x3 sliding board.
fn board() -> Definition {
    let puzzle = Puzzle::new(2, 3, &[1, 2, 3, 4, 5, BLANK], MoveSet::Sliding).unwrap();
    Definition::new("slide-2x3", SLIDING_MOVE_NAMES, puzzle).unwrap()
}

/// One table of each kind, named: the board's complete table in every
/// encoding, a pattern set of its tiles, and the 2x2x2 cube's orbit pattern
/// set.
fn every_kind() -> Vec<(&'static str, Oracle<Vec<u8>>)> {
    let board = board();
    let table = |encoding| oracle(table_bytes(&board, &Options { encoding, ..Options::default() }).unwrap());
    let list = PatternList::new(board.puzzle(), [&[1u8, 2, 4][..], &[3, 5]]).unwrap();
    let mut pocket = oracle(pocket_set().1);
    pocket.set_limits(Limits { threads: Some(1), ..Limits::default() });
    vec![
        ("full", table(Encoding::Full)),
        ("compact", table(Encoding::Compact)),
        ("parity", table(Encoding::Parity)),
        ("patterns", oracle(pattern_set_bytes(&board, &list, &Options::default()).unwrap())),
        ("orbit patterns", pocket),
    ]
}

fn draw(count: u64, seed: u64) -> Draw {
    Draw { count, depth: None, distinct: false, unsolvable: 0.0, all: false, seed: Some(seed), layout: Layout::Line }
}

/// The states `oracle` draws, as text.
fn drawn(oracle: &Oracle<Vec<u8>>, draw: &Draw) -> Result<Vec<String>, godtab_oracle::DrawError> {
    let mut states = Vec::new();
    oracle.draw(draw, |state| {
        states.push(state.to_string());
        Ok::<_, godtab_oracle::DrawError>(())
    })?;
    Ok(states)
}

/// Each kind's description has its kind's section and no other, and
/// agrees with its outline and summary.
#[test]
fn each_kind_describes_itself_in_its_own_section() {
    for (name, oracle) in every_kind() {
        let description = oracle.describe().unwrap();
        let outline = oracle.outline().unwrap();
        let sections =
            [description.complete.is_some(), description.tile_patterns.is_some(), description.orbit_patterns.is_some()];
        let expected = match name {
            "patterns" => [false, true, false],
            "orbit patterns" => [false, false, true],
            _ => [true, false, false],
        };
        assert_eq!(sections, expected, "{name}");
        assert_eq!(description.board.is_some(), name != "orbit patterns", "{name}");
        assert_eq!((outline.name.as_str(), outline.bytes), (description.name.as_str(), description.bytes));
        assert_eq!(description.moves, oracle.all_move_names(), "{name}");
        if let Some(complete) = &description.complete {
            assert_eq!(complete.encoding.name(), name);
            assert_eq!(outline.complete, Some((360, complete.gods_number)));
            assert_eq!(complete.histogram.iter().sum::<u64>(), complete.reachable);
            assert_eq!(oracle.summary().gods_number, Some(complete.gods_number));
            assert!(oracle.lookup_table().is_some());
        } else {
            assert!(oracle.lookup_table().is_none(), "{name}");
        }
        if let Some(set) = &description.tile_patterns {
            assert_eq!(outline.tile_patterns, Some(vec![3, 2]));
            assert_eq!(set.patterns.iter().map(|p| p.tiles.len()).collect::<Vec<_>>(), [3, 2]);
        }
        if let Some(set) = &description.orbit_patterns {
            assert_eq!(set.states, 3_674_160);
            let entries = set.patterns.iter().map(|p| p.entries).sum();
            assert_eq!(outline.orbit_patterns, Some((1, entries)));
        }
        oracle.verify().unwrap();
    }
}

/// Random states are the same for a seed, and another seed's differ;
/// every one is solvable, and every one made unsolvable is not.
#[test]
fn random_states_of_every_kind_repeat_for_a_seed_and_reach_the_goal() {
    for (name, oracle) in every_kind() {
        let states = drawn(&oracle, &draw(25, 3)).unwrap();
        assert_eq!(states.len(), 25, "{name}");
        assert_eq!(drawn(&oracle, &draw(25, 3)).unwrap(), states, "{name}");
        assert_ne!(drawn(&oracle, &draw(25, 4)).unwrap(), states, "{name}");
        for text in &states {
            let position = oracle.parse(text, Written::State).unwrap();
            assert_eq!(oracle.solvable(&position), Some(true), "{name}: {text}");
        }
        // Every state spoiled where it can be: none reaches the goal.
        let spoiled = drawn(&oracle, &Draw { unsolvable: 1.0, ..draw(10, 3) }).unwrap();
        for text in &spoiled {
            let position = oracle.parse(text, Written::State).unwrap();
            assert_eq!(oracle.solvable(&position), Some(false), "{name}: {text}");
            assert_eq!(oracle.distance(&position).unwrap(), None, "{name}: {text}");
        }
    }
}

/// States at a depth are at that depth, and all of them as many as the
/// histogram says; a table that searches refuses a depth; too many
/// distinct states are refused by every kind.
#[test]
fn a_complete_table_draws_at_a_depth_and_the_others_refuse_one() {
    for (name, oracle) in every_kind() {
        let at_five = Draw { depth: Some(5), ..draw(12, 8) };
        match drawn(&oracle, &at_five) {
            Ok(states) => {
                assert_eq!(states.len(), 12, "{name}");
                for text in &states {
                    let position = oracle.parse(text, Written::State).unwrap();
                    assert_eq!(oracle.distance(&position).unwrap(), Some(5), "{name}: {text}");
                }
                let every = drawn(&oracle, &Draw { all: true, ..at_five }).unwrap();
                let histogram = oracle.describe().unwrap().complete.unwrap().histogram;
                assert_eq!(every.len() as u64, histogram[5], "{name}");
                let error = drawn(&oracle, &Draw { depth: Some(200), ..at_five }).unwrap_err();
                assert!(error.to_string().contains("no state is 200 moves from the goal"), "{error}");
            }
            Err(error) => {
                assert!(name.contains("patterns"), "{name}: {error}");
                assert!(error.to_string().starts_with("--depth needs a complete table"), "{error}");
            }
        }
        let too_many = Draw { distinct: true, ..draw(4_000_000, 1) };
        assert!(drawn(&oracle, &too_many).unwrap_err().to_string().contains("has only"), "{name}");
    }
}

/// Every state of the board as a row of a batch: the distance asked one
/// at a time, from every kind; a row that is no state is named.
#[test]
fn a_batch_answers_every_row_as_one_state_at_a_time() {
    let puzzle = board().puzzle().clone();
    let rows: Vec<u8> = (0..puzzle.slots())
        .flat_map(|rank| {
            let state = puzzle.unrank(rank);
            state.labels().iter().map(|&l| puzzle.value_of(l)).collect::<Vec<u8>>()
        })
        .collect();
    for (name, oracle) in every_kind().into_iter().filter(|(name, _)| *name != "orbit patterns") {
        assert_eq!(oracle.row_width(), Some(6), "{name}");
        let mut answers = vec![None; puzzle.slots() as usize];
        oracle.distances_of_rows(&rows, &Limits::default(), |row, distance| answers[row] = Some(distance)).unwrap();
        for (rank, answer) in answers.iter().enumerate() {
            let position = Position::Tiles(puzzle.unrank(rank as u64));
            assert_eq!(*answer, Some(oracle.distance(&position).unwrap()), "{name}: rank {rank}");
        }
        // A row that is no state is named by its index.
        let mut bad = rows[..18].to_vec();
        bad[13] = 9;
        let error = oracle.distances_of_rows(&bad, &Limits::default(), |_, _| {}).unwrap_err();
        assert_eq!(error.row, 2, "{name}");
        assert!(matches!(error.error, AskError::NotAState(_)), "{name}: {error}");
    }
    let (_, pocket) = every_kind().pop().unwrap();
    assert_eq!(pocket.row_width(), None);
    assert!(pocket.distances_of_rows(&rows[..6], &Limits::default(), |_, _| {}).is_err());
}

/// A drawn scramble leads to the state drawn with the same seed.
#[test]
fn the_built_in_tables_draw_scrambles_that_lead_to_their_states() {
    let oracle = oracle(godtab_gen::build_table(&builtin::EIGHT_PUZZLE).unwrap());
    let scrambles = drawn(&oracle, &Draw { layout: Layout::Scramble, ..draw(20, 2) }).unwrap();
    let states = drawn(&oracle, &draw(20, 2)).unwrap();
    for (scramble, state) in scrambles.iter().zip(&states) {
        assert_eq!(oracle.parse(scramble, Written::Scramble).unwrap(), oracle.parse(state, Written::State).unwrap());
    }
}
