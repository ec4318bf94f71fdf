//! Damaged pattern sets: every truncation, and every byte of the preamble,
//! header and sections changed two ways. Each case must fail to open or
//! fail verify(); whatever opens must search without panicking, within its
//! node limit.

use godtab_gen::pattern_set_bytes;
use godtab_puzzles::{Definition, MoveSet, PatternList, Puzzle};
use godtab_runtime::PatternSet;
use godtab_search::Searcher;

/// Small sets: a 2x3 board split two ways (4-bit and wide entries), and
/// Nine Digits with patterns that share a tile (the largest entry).
fn sets() -> Vec<Vec<u8>> {
    let digits = godtab_puzzles::builtin::NINE_DIGITS.definition();
    let set = |definition: &Definition, patterns: &[&[u8]]| {
        let list = PatternList::new(definition.puzzle(), patterns.iter().copied()).unwrap();
        pattern_set_bytes(definition, &list, &Default::default()).unwrap()
    };
    let shared = set(&digits, &[&[1, 2], &[2, 3, 4]]);
    let puzzle = Puzzle::new(2, 3, &[1, 2, 3, 4, 5, 0], MoveSet::Sliding).unwrap();
    let definition = Definition::new("slide-2x3", ["u", "d", "l", "r"], puzzle).unwrap();
    let splits: [&[&[u8]]; 2] = [&[&[1, 2, 4], &[3, 5]], &[&[5, 4, 3, 2, 1]]];
    splits.iter().map(|split| set(&definition, split)).chain([shared]).collect()
}

/// Whether the damage was caught (by open or by verify), after searching
/// with whatever opened.
fn caught(bytes: &[u8]) -> bool {
    match PatternSet::new(bytes) {
        Err(_) => true,
        Ok(set) => {
            let searcher = Searcher::new(&set);
            for rank in [0, 7, 100, 359] {
                let state = set.puzzle().unrank(rank);
                let _ = searcher.estimate(&state);
                let _ = searcher.solve(&state, 2_000);
            }
            set.verify().is_err()
        }
    }
}

#[test]
fn every_truncation_and_changed_byte_is_caught() {
    let mut cases = 0;
    for bytes in sets() {
        for len in 0..bytes.len() {
            assert!(PatternSet::new(&bytes[..len]).is_err(), "opened a set cut to {len} bytes");
        }
        for position in 0..bytes.len() {
            for flip in [0x01u8, 0xFF] {
                let mut damaged = bytes.clone();
                damaged[position] ^= flip;
                assert!(caught(&damaged), "byte {position} ^ {flip:#04x} went unnoticed");
                cases += 1;
            }
        }
    }
    assert!(cases > 1_000);
}
