//! The spec files in data/puzzles/: the built-ins give byte-identical
//! tables, and every example's reachable count and God's number (and, for
//! orbit puzzles, its whole histogram) agree with an independent
//! brute-force search written here. The 2x2x2 cube's histograms are the
//! published ones.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::path::PathBuf;

use godtab_gen::{Options, generate, table_bytes};
use godtab_puzzles::{BLANK, Definition, Kind, Puzzle, builtin};
use godtab_spec::{Metric, load, load_with};

fn path(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles").join(file)
}

fn spec(name: &str) -> Definition {
    let path = path(&format!("{name}.toml"));
    load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn builtin_specs_give_the_builtin_tables_byte_for_byte() {
    for b in builtin::ALL.into_iter().chain([&builtin::EIGHT_TWO[4]]) {
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

/// A multiply-xorshift hash of a packed state (every bit of the state
/// reaches the low bits that pick a bucket): the brute force hashes tens
/// of millions of them, and SipHash would dominate its time.
#[derive(Default)]
struct PackedHasher(u64);

impl Hasher for PackedHasher {
    fn finish(&self) -> u64 {
        let h = (self.0 ^ self.0 >> 31).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^ h >> 29
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(29) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Breadth-first search over an orbit puzzle's states from the solved
/// state, backwards through each move, each state packed into a u64 (a
/// position's piece and orientation in 8 bits): no ranking, no tables. The
/// moves act as ksolve defines them, applied here from their maps and
/// twists. Returns the histogram.
fn brute_force_orbits(puzzle: &Puzzle) -> Vec<u64> {
    let cells = puzzle.cells();
    let mut orientations = [1u8; 16];
    for orbit in puzzle.orbits() {
        orientations[orbit.start..orbit.start + orbit.pieces].fill(orbit.orientations);
    }
    let moves: Vec<(Vec<u8>, Vec<u8>)> = (0..puzzle.move_count())
        .map(|m| (puzzle.move_map(m).unwrap().to_vec(), puzzle.move_twist(m).unwrap().to_vec()))
        .collect();
    // A position's piece in the high half of its byte, its orientation in
    // the low half; position 0 in the lowest byte.
    let byte = |packed: u64, i: usize| (packed >> (8 * i)) as u8;
    let solved = (0..cells).fold(0u64, |acc, i| {
        let orientation = puzzle.goal_orientations().nth(i).unwrap();
        acc | u64::from(puzzle.goal_values()[i] << 4 | orientation) << (8 * i)
    });
    // Room for every slot up front: growing the map rehashes it all.
    let room = usize::try_from(puzzle.slots()).unwrap();
    let mut distance: HashMap<u64, u8, BuildHasherDefault<PackedHasher>> =
        HashMap::with_capacity_and_hasher(room, BuildHasherDefault::default());
    distance.insert(solved, 0);
    let mut queue = VecDeque::with_capacity(room);
    queue.push_back((solved, 0u8));
    let mut histogram = vec![0u64];
    while let Some((packed, d)) = queue.pop_front() {
        histogram[usize::from(d)] += 1;
        for (map, twist) in &moves {
            // The state that this move takes to `packed`: the piece now at
            // i came from map[i], turned by twist[i].
            let mut before = 0u64;
            for i in 0..cells {
                let b = byte(packed, i);
                let o = orientations[i];
                let turned = ((b & 0xF) + o - twist[i]) % o;
                before |= u64::from(b & 0xF0 | turned) << (8 * usize::from(map[i]));
            }
            if let std::collections::hash_map::Entry::Vacant(entry) = distance.entry(before) {
                entry.insert(d + 1);
                if histogram.len() <= usize::from(d + 1) {
                    histogram.push(0);
                }
                queue.push_back((before, d + 1));
            }
        }
    }
    histogram
}

/// The table's histogram, checked against the brute force's.
fn orbit_histogram(definition: &Definition) -> Vec<u64> {
    let table = generate(definition.puzzle()).unwrap();
    assert_eq!(table.histogram, brute_force_orbits(definition.puzzle()), "{}", definition.id());
    assert_eq!(table.histogram.iter().sum::<u64>(), table.reachable);
    table.histogram
}

#[test]
fn pocket_cube_matches_the_published_distributions() {
    // The 2x2x2 cube's distance distributions, from the whole group's
    // breadth-first search as published (e.g. Wikipedia, "Pocket Cube";
    // Jaap Scherphuis, "Pocket Cube" on jaapsch.net): 3,674,160 states,
    // God's number 11 in the half-turn metric and 14 in the quarter-turn
    // metric.
    const HALF_TURNS: [u64; 12] = [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644];
    const QUARTER_TURNS: [u64; 15] =
        [1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276];
    let file = path("cube-2x2x2.tws");
    let half = load(&file).unwrap();
    assert_eq!(half.move_names().collect::<Vec<_>>(), ["U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"]);
    assert_eq!(half.puzzle().slots(), 3_674_160);
    assert_eq!(orbit_histogram(&half), HALF_TURNS);
    let quarter = load_with(&file, Metric::Quarter).unwrap();
    assert_eq!(quarter.move_names().collect::<Vec<_>>(), ["U", "U'", "R", "R'", "F", "F'"]);
    assert_eq!(orbit_histogram(&quarter), QUARTER_TURNS);
}

#[test]
fn orbit_examples_agree_with_brute_force() {
    let pegs = spec("pegs-discs");
    assert_eq!(pegs.puzzle().slots(), 648);
    let histogram = orbit_histogram(&pegs);
    assert_eq!(histogram.iter().sum::<u64>(), 648, "every slot reachable: {histogram:?}");
    // The corners of the 3x3x3 (88 million states) are left to the bench
    // (`cargo xtask bench scale`); here, their definition.
    let corners = load(&path("cube-3x3x3-corners.tws")).unwrap();
    assert_eq!(corners.puzzle().slots(), 88_179_840);
    assert_eq!(corners.puzzle().move_count(), 18);
}
