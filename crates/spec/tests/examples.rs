//! The spec files in data/puzzles/: the built-ins give byte-identical
//! tables, and every example's reachable count and God's number agree with
//! an independent brute-force search written here.

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;

use godtab_gen::{Options, generate, table_bytes};
use godtab_puzzles::{BLANK, Definition, Kind, Puzzle, builtin};
use godtab_spec::load;

fn spec(name: &str) -> Definition {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles").join(format!("{name}.toml"));
    load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn builtin_specs_give_the_builtin_tables_byte_for_byte() {
    for b in builtin::ALL {
        let spec = spec(b.id);
        assert!(spec.same_as(&b.definition()), "{}", b.id);
        let from_spec = table_bytes(&spec, &Options::default()).unwrap();
        assert_eq!(from_spec, godtab_gen::build_table(b).unwrap(), "{}", b.id);
        // And therefore the same distance and parent sections.
        let (ours, theirs) = (generate(spec.puzzle()).unwrap(), generate(b.definition().puzzle()).unwrap());
        assert_eq!(ours.distance, theirs.distance, "{}", b.id);
        assert_eq!(ours.parent, theirs.parent, "{}", b.id);
    }
}

/// Breadth-first search over tile vectors from the goal, backwards through
/// each move, with a hash map of distances: no ranking, no tables.
fn brute_force(puzzle: &Puzzle) -> (u64, u8) {
    let goal: Vec<u8> = puzzle.goal_values().to_vec();
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let predecessors = |tiles: &Vec<u8>| -> Vec<Vec<u8>> {
        match puzzle.kind() {
            Kind::Permutation => (0..puzzle.move_count())
                .map(|m| {
                    let map = puzzle.move_map(m).unwrap();
                    // apply(prev) = tiles where apply gives new[i] = old[map[i]].
                    let mut prev = vec![0; tiles.len()];
                    for (i, &from) in map.iter().enumerate() {
                        prev[usize::from(from)] = tiles[i];
                    }
                    prev
                })
                .collect(),
            Kind::Orbits => unreachable!("orbit puzzles have a brute force of their own"),
            Kind::Sliding => {
                // Sliding moves undo each other: the neighbours are the same
                // both ways.
                let blank = tiles.iter().position(|&t| t == BLANK).unwrap();
                let (r, c) = (blank / cols, blank % cols);
                let mut next = Vec::new();
                let mut swap = |other: usize| {
                    let mut t = tiles.clone();
                    t.swap(blank, other);
                    next.push(t);
                };
                if r > 0 {
                    swap(blank - cols);
                }
                if r + 1 < rows {
                    swap(blank + cols);
                }
                if c > 0 {
                    swap(blank - 1);
                }
                if c + 1 < cols {
                    swap(blank + 1);
                }
                next
            }
        }
    };
    let mut distance = HashMap::from([(goal.clone(), 0u8)]);
    let mut queue = VecDeque::from([goal]);
    let mut deepest = 0;
    while let Some(tiles) = queue.pop_front() {
        let d = distance[&tiles];
        deepest = deepest.max(d);
        for prev in predecessors(&tiles) {
            distance.entry(prev.clone()).or_insert_with(|| {
                queue.push_back(prev);
                d + 1
            });
        }
    }
    (distance.len() as u64, deepest)
}

#[test]
fn examples_agree_with_brute_force() {
    for (name, slots, known) in [
        ("slide-2x3", 360, Some((360, 21))),
        ("slide-2x4", 20_160, Some((20_160, 36))),
        ("rotate-2x4", 40_320, None),
        ("nine-digits-both-ways", 362_880, Some((362_880, 11))),
        ("three-colours", 1_680, None),
    ] {
        let spec = spec(name);
        assert_eq!(spec.puzzle().slots(), slots, "{name}");
        let table = generate(spec.puzzle()).unwrap();
        let brute = brute_force(spec.puzzle());
        assert_eq!((table.reachable, table.max_depth), brute, "{name}");
        if let Some(known) = known {
            assert_eq!(brute, known, "{name}");
        }
        assert_eq!(table.histogram.iter().sum::<u64>(), table.reachable, "{name}");
    }
}
