//! The committed pattern-set fixtures: they open as what they are, their
//! entries are lower bounds on every state's distance (found here by a
//! breadth-first search of each whole puzzle), and every damage to their
//! bytes is refused by opening or by the checksum.

use std::collections::HashMap;

use godtab_runtime::{Combine, Error, PatternSet, State, TableFile, TableKind};

const SLIDE: &[u8] = include_bytes!("fixtures/v2/slide-2x3-patterns.gtab");
const DIGITS: &[u8] = include_bytes!("fixtures/v2/nine-digits-patterns.gtab");

/// Every state's distance, by a search backwards from the goal (each move
/// undone by applying its inverse).
fn distances(set: &PatternSet<&[u8]>) -> HashMap<State, u8> {
    let puzzle = set.puzzle();
    let mut seen = HashMap::from([(puzzle.goal(), 0u8)]);
    let mut level = vec![puzzle.goal()];
    let mut depth = 0;
    while !level.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for state in &level {
            for m in 0..puzzle.move_count() {
                if let Some(before) = puzzle.apply_inverse(state, m)
                    && !seen.contains_key(&before)
                {
                    seen.insert(before, depth);
                    next.push(before);
                }
            }
        }
        level = next;
    }
    seen
}

/// The set's lower bound for `state`: its patterns' entries, summed or
/// the largest.
fn bound(set: &PatternSet<&[u8]>, state: &State) -> u32 {
    let puzzle = set.puzzle();
    let entries = set.patterns().map(|pattern| {
        let mut cells = [0u8; 16];
        for (i, &tile) in pattern.tiles().iter().enumerate() {
            let label = puzzle.label_of(tile).unwrap();
            cells[i] = state.labels().iter().position(|&l| l == label).unwrap() as u8;
        }
        u32::from(pattern.get(pattern.places().rank(&cells[..pattern.tiles().len()])))
    });
    match set.combine() {
        Combine::Sum => entries.sum(),
        Combine::Max => entries.max().unwrap_or(0),
    }
}

#[test]
fn the_fixtures_open_as_pattern_sets() -> Result<(), Error> {
    for (bytes, id, tiles, combine) in [
        (SLIDE, "slide-2x3", vec![&[1u8, 2, 4][..], &[3, 5]], Combine::Sum),
        (DIGITS, "nine-digits", vec![&[1, 2, 3, 4][..], &[4, 5, 6]], Combine::Max),
    ] {
        assert!(matches!(TableFile::new(bytes)?, TableFile::Patterns(_)));
        assert_eq!(TableFile::new(bytes)?.kind(), TableKind::Patterns);
        let set = PatternSet::new(bytes)?;
        set.verify()?;
        assert_eq!((set.definition().id(), set.combine()), (id, combine));
        assert_eq!(set.generator(), "godtab-gen 0.1.0");
        assert_eq!(set.patterns().map(|p| p.tiles()).collect::<Vec<_>>(), tiles);
        assert!(matches!(godtab_runtime::Table::new(bytes), Err(Error::Kind { .. })));
    }
    Ok(())
}

#[test]
fn every_entry_bound_holds_on_every_state() -> Result<(), Error> {
    for bytes in [SLIDE, DIGITS] {
        let set = PatternSet::new(bytes)?;
        let distances = distances(&set);
        assert_eq!(distances.len() as u64, set.puzzle().slots());
        let mut tight = 0;
        for (state, &distance) in &distances {
            let bound = bound(&set, state);
            assert!(bound <= u32::from(distance), "{}: {bound} > {distance}", set.puzzle().display(state));
            tight += usize::from(bound == u32::from(distance));
        }
        assert_eq!(bound(&set, &set.puzzle().goal()), 0);
        // A bound that is never tight would be a set of zeros.
        assert!(tight > distances.len() / 100, "{tight} of {} tight", distances.len());
        for pattern in set.patterns() {
            let largest = (0..pattern.places().count()).map(|r| pattern.get(r)).max().unwrap();
            assert_eq!(largest, pattern.max());
        }
    }
    Ok(())
}

#[test]
fn damage_is_refused_by_opening_or_by_the_checksum() {
    for bytes in [SLIDE, DIGITS] {
        for len in 0..bytes.len() {
            assert!(PatternSet::new(&bytes[..len]).is_err(), "cut to {len}");
        }
        for at in 0..bytes.len() {
            for flip in [0x01u8, 0xFF] {
                let mut damaged = bytes.to_vec();
                damaged[at] ^= flip;
                if let Ok(set) = PatternSet::new(&damaged[..]) {
                    assert!(set.verify().is_err(), "byte {at} ^ {flip:#x} went unnoticed");
                    // Whatever opens still looks every entry up in bounds.
                    for pattern in set.patterns() {
                        for rank in 0..pattern.places().count() {
                            let _ = pattern.get(rank);
                        }
                    }
                }
            }
        }
    }
}
