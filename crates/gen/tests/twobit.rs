//! The 2-bit search against the full one: the same histogram, and the very
//! bytes the encoder writes from the full search's distances, for compact
//! and parity tables, on every thread count; continued runs end where an
//! uninterrupted one does.

use std::sync::atomic::AtomicBool;

use godtab_gen::{InPlace, Options, generate, twobit_histogram, twobit_table_bytes, twobit_table_file};
use godtab_puzzles::{BLANK, Definition, MoveSet, Puzzle, builtin};
use godtab_runtime::{Encoding, Table};

fn board(rows: usize, cols: usize) -> Definition {
    let goal: Vec<u8> = (1..(rows * cols) as u8).chain([BLANK]).collect();
    let puzzle = Puzzle::new(rows, cols, &goal, MoveSet::Sliding).unwrap();
    Definition::new(&format!("slide-{rows}x{cols}"), ["u", "d", "l", "r"], puzzle).unwrap()
}

/// What the encoder writes from the full search's distances.
fn encoded(definition: &Definition, encoding: Encoding) -> Vec<u8> {
    let data = generate(definition.puzzle()).unwrap();
    godtab_runtime::encode(definition, &data, encoding, godtab_gen::GENERATOR).unwrap()
}

fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(work)
}

fn definitions() -> Vec<Definition> {
    let mut all: Vec<Definition> = builtin::every().map(|b| b.definition()).collect();
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (1, 5), (2, 5), (3, 3)] {
        all.push(board(rows, cols));
    }
    for (rows, cols) in [(3, 3), (2, 4), (3, 2)] {
        let goal: Vec<u8> = (1..(rows * cols) as u8).chain([BLANK]).collect();
        let moves = MoveSet::multi_tile(rows, cols);
        let names: Vec<String> = moves.slide_names().map(|n| n.as_str().to_owned()).collect();
        let puzzle = Puzzle::new(rows, cols, &goal, moves).unwrap();
        all.push(Definition::new(&format!("multi-{rows}x{cols}"), names.iter().map(String::as_str), puzzle).unwrap());
    }
    let spin = Puzzle::new(2, 2, &[1, 2, 3, 4], MoveSet::Permutation(&[2, 0, 3, 1, 1, 3, 0, 2])).unwrap();
    all.push(Definition::new("spin-2x2", ["cw", "ccw"], spin).unwrap());
    all
}

#[test]
fn the_same_bytes_as_the_full_search_on_any_number_of_threads() {
    for definition in definitions() {
        let puzzle = definition.puzzle();
        for encoding in [Encoding::Compact, Encoding::Parity] {
            if encoding.check(puzzle).is_err() {
                continue;
            }
            let expected = encoded(&definition, encoding);
            for threads in [1, 2, 3] {
                let options = Options { encoding, ..Options::default() };
                let bytes = on_threads(threads, || twobit_table_bytes(&definition, &options).unwrap());
                assert!(bytes == expected, "{} {encoding:?} on {threads} threads", definition.id());
            }
        }
    }
}

#[test]
fn histograms_of_puzzles_whose_moves_are_one_way() {
    for b in [&builtin::NINE_DIGITS, &builtin::NINE_PUZZLE] {
        let definition = b.definition();
        let full = generate(definition.puzzle()).unwrap();
        for threads in [1, 2] {
            let histogram = on_threads(threads, || twobit_histogram(definition.puzzle(), &Options::default()).unwrap());
            assert_eq!(histogram, full.histogram, "{}", b.id);
        }
    }
}

#[test]
fn the_large_cube_puzzle_of_the_repository() {
    // The 2x2x2 cube (3,674,160 states, 9 moves of three powers each).
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles/cube-2x2x2.tws");
    let definition = godtab_spec::load(&path).unwrap();
    let options = Options { encoding: Encoding::Compact, ..Options::default() };
    assert!(twobit_table_bytes(&definition, &options).unwrap() == encoded(&definition, Encoding::Compact));
}

/// A run stopped after every level in turn, then continued, writes the
/// bytes of a run never stopped.
#[test]
fn stopped_after_any_level_and_continued_the_table_is_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let definition = board(2, 4);
    for encoding in [Encoding::Compact, Encoding::Parity] {
        let expected = encoded(&definition, encoding);
        let levels = Table::new(&expected[..]).unwrap().max_depth();
        for stop_after in 1..=levels {
            let target = dir.path().join(format!("t-{encoding:?}-{stop_after}.gtab"));
            let stop = AtomicBool::new(false);
            let counted = std::sync::atomic::AtomicU8::new(0);
            let report = |progress: &godtab_gen::Progress| {
                if progress.depth == stop_after {
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            };
            let options = Options { encoding, on_progress: Some(&report), stop: Some(&stop), ..Options::default() };
            let place = InPlace { target: &target, resume: false, checkpoint_every: None };
            // Stopped in the level after `stop_after` (after the last, in the
            // search's final pass that finds nothing).
            let first = twobit_table_file(&definition, &options, &place);
            assert!(matches!(first, Err(godtab_gen::GenError::Stopped { .. })), "{encoding:?} {stop_after}: {first:?}");
            assert!(!target.exists());
            let again = Options { encoding, ..Options::default() };
            let refused = twobit_table_file(&definition, &again, &place).unwrap_err().to_string();
            assert!(refused.contains("continue it with --resume"), "{refused}");
            let resume = InPlace { resume: true, ..place };
            let finished = twobit_table_file(&definition, &again, &resume).unwrap();
            assert_eq!(finished.resumed_from, Some(stop_after));
            assert!(std::fs::read(&target).unwrap() == expected, "{encoding:?} stopped after {stop_after}");
            assert!(!godtab_gen::partial_path(&target).exists());
        }
    }
}
