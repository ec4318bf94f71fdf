//! Orbit pattern sets written, opened and searched end to end, their
//! answers held against breadth-first distances: the 2x2x2 cube's on every
//! state, the 3x3x3's from short scrambles against a search from both ends.

use std::collections::HashMap;
use std::path::Path;

use godtab_gen::{Options, write_orbit_pattern_set};
use godtab_runtime::TableFile;
use godtab_twisty::Twisty;
use godtab_twisty::group::MoveGroup;
use godtab_twisty::model::Cells;
use godtab_twisty::pattern::{Coder, PatternDef};
use godtab_twisty::symmetry::{Group, find};
use godtab_twisty_search::search::{Outcome, Solver};
use godtab_twisty_search::set::OrbitSearch;

/// The twisty puzzle of a definition file of data/puzzles, through a spec
/// that names it (as a small puzzle's file alone gives complete tables).
fn puzzle(file: &str) -> Twisty {
    let definition = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles").join(file);
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.toml");
    std::fs::write(&spec, format!("definition = {:?}\n", definition.to_str().unwrap())).unwrap();
    match godtab_spec::load_any(&spec, godtab_spec::Metric::Half).unwrap() {
        godtab_spec::Loaded::Twisty(t) => t.puzzle,
        godtab_spec::Loaded::Tables(_) => panic!("a spec naming a definition file is a twisty puzzle"),
    }
}

/// Writes the set of `defs` (reduced by the puzzle's symmetries, or not;
/// patterns past `nibble_entries` entries in 2 bits) and opens it for
/// search; also the file's size.
fn set(puzzle: &Twisty, defs: &[PatternDef], symmetry: bool, nibble_entries: u64) -> (OrbitSearch, u64) {
    let group = symmetry.then(|| Group::new(puzzle, find(puzzle)));
    let coders: Vec<Coder> = defs.iter().map(|d| Coder::new(puzzle, d, group.as_ref())).collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("set.gtab");
    let symmetries = group.as_ref().map(|g| g.len() as u16);
    let written =
        write_orbit_pattern_set(puzzle, &coders, symmetries, nibble_entries, &Options::default(), &path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len() as u64, written.bytes);
    let TableFile::OrbitPatterns(file) = TableFile::new(bytes).unwrap() else { panic!("not an orbit pattern set") };
    (OrbitSearch::open(&file).unwrap(), written.bytes)
}

/// The 2x2x2 with a set of one pattern that sees its pieces' places (not
/// exact, so the search does work), under symmetry, and its moves' group.
fn pocket_by_places() -> (Twisty, OrbitSearch, MoveGroup) {
    let pocket = puzzle("cube-2x2x2.tws");
    let places = PatternDef { groups: (0..7).collect(), oriented: vec![false; 7] };
    let (search, _) = set(&pocket, &[places], true, u64::MAX);
    let group = MoveGroup::new(&pocket);
    (pocket, search, group)
}

/// Every state of the 2x2x2 with its distance, by breadth-first search
/// over the exact index of the pattern that sees everything.
fn pocket_distances(puzzle: &Twisty) -> (Coder, Vec<u8>, Vec<Cells>) {
    let exact = Coder::new(puzzle, &PatternDef::everything(puzzle), None);
    assert_eq!(exact.entries, 3_674_160);
    let mut distance = vec![u8::MAX; exact.entries as usize];
    let mut states = vec![puzzle.identity()];
    distance[exact.index(puzzle, &puzzle.identity()) as usize] = 0;
    let mut level = 0;
    let mut start = 0;
    while start < states.len() {
        let end = states.len();
        for s in start..end {
            for m in 0..puzzle.moves().len() {
                let next = puzzle.apply(&states[s], m);
                let i = exact.index(puzzle, &next) as usize;
                if distance[i] == u8::MAX {
                    distance[i] = level + 1;
                    states.push(next);
                }
            }
        }
        start = end;
        level += 1;
    }
    assert_eq!(states.len(), 3_674_160);
    (exact, distance, states)
}

/// Checks `moves` solve `state`.
fn solves(puzzle: &Twisty, state: &Cells, moves: &[usize]) -> bool {
    let mut s = *state;
    for &m in moves {
        s = puzzle.apply(&s, m);
    }
    puzzle.is_solved(&s)
}

fn solve(solver: &Solver<'_>, state: &Cells) -> Vec<usize> {
    let report = solver.solve(state, u64::MAX);
    assert_eq!(report.outcome, Outcome::Solved);
    report.moves
}

#[test]
fn the_2x2x2s_tables_hold_every_states_distance() {
    if !crate::slow_tests_run("the_2x2x2s_tables_hold_every_states_distance") {
        return;
    }
    let pocket = puzzle("cube-2x2x2.tws");
    let (exact, distance, states) = pocket_distances(&pocket);
    let everything = [PatternDef::everything(&pocket)];
    // 4 bits: every state's bound is its distance; 2 bits: never above it,
    // and exact just above the base.
    for nibble_entries in [u64::MAX, 0] {
        let (search, _) = set(&pocket, &everything, true, nibble_entries);
        let solver = search.solver(4);
        let base = two_bit_base(&search);
        for state in &states {
            let d = distance[exact.index(&pocket, state) as usize];
            let bound = solver.estimate(state);
            match base {
                None => assert_eq!(bound, d, "{state:?}"),
                Some(base) => {
                    assert!(bound <= d, "{state:?}: bound {bound} over the distance {d}");
                    if d > base && d <= base + 2 {
                        assert_eq!(bound, d, "{state:?}");
                    }
                }
            }
        }
    }
}

/// The base of a set's first table if it is stored in 2 bits.
fn two_bit_base(search: &OrbitSearch) -> Option<u8> {
    match search.encodings()[0] {
        godtab_twisty::prune::Encoding::TwoBits { base } => Some(base),
        godtab_twisty::prune::Encoding::Nibbles => None,
    }
}

#[test]
fn searches_over_partial_patterns_find_the_2x2x2s_distances() {
    let pocket = puzzle("cube-2x2x2.tws");
    let (exact, distance, _) = pocket_distances(&pocket);
    // What the pieces' places say, and what their twists say: neither alone
    // is exact, so the search does the work.
    let places = PatternDef { groups: (0..7).collect(), oriented: vec![false; 7] };
    let twists = PatternDef { groups: vec![0; 7], oriented: vec![true; 7] };
    let defs = [places, twists];
    let group = MoveGroup::new(&pocket);
    let mut rng = fastrand::Rng::with_seed(11);
    let states: Vec<Cells> = (0..300).map(|_| group.random(&pocket, |n| rng.usize(..n))).collect();
    let mut answers: Vec<Vec<Vec<usize>>> = Vec::new();
    let mut sizes = Vec::new();
    for (symmetry, nibble_entries) in [(true, u64::MAX), (false, u64::MAX), (true, 0)] {
        let (search, bytes) = set(&pocket, &defs, symmetry, nibble_entries);
        sizes.push(bytes);
        let solver = search.solver(4);
        let mut these = Vec::new();
        for state in &states {
            let moves = solve(&solver, state);
            assert_eq!(moves.len(), usize::from(distance[exact.index(&pocket, state) as usize]), "{state:?}");
            assert!(solves(&pocket, state, &moves));
            these.push(moves);
        }
        answers.push(these);
    }
    // Answers of the same lengths whatever the tables' symmetry and width
    // (the bounds differ, and with them the end a search grows first).
    let lengths = |a: &Vec<Vec<usize>>| a.iter().map(Vec::len).collect::<Vec<_>>();
    assert_eq!(lengths(&answers[0]), lengths(&answers[1]));
    assert_eq!(lengths(&answers[0]), lengths(&answers[2]));
    assert!(sizes[0] < sizes[1], "symmetry saves bytes: {sizes:?}");
}

#[test]
fn one_thread_and_two_and_both_kernels_give_the_same_answers() {
    let (pocket, search, group) = pocket_by_places();
    let mut rng = fastrand::Rng::with_seed(5);
    let mut solvers = Vec::new();
    for (threads, scalar) in [(1, false), (2, false), (1, true)] {
        let mut solver = search.solver(4);
        solver.threads = threads;
        if scalar {
            solver.use_scalar_kernel();
        }
        solvers.push(solver);
    }
    for _ in 0..40 {
        let state = group.random(&pocket, |n| rng.usize(..n));
        let reports: Vec<_> = solvers.iter().map(|s| s.solve(&state, u64::MAX)).collect();
        for report in &reports[1..] {
            assert_eq!(report.moves, reports[0].moves, "{state:?}");
        }
        // The kernels walk the same nodes.
        assert_eq!(reports[2].expanded, reports[0].expanded);
    }
}

#[test]
fn an_orbit_pattern_set_marked_with_an_older_version_is_refused() {
    let pocket = puzzle("cube-2x2x2.tws");
    let twists = PatternDef { groups: vec![0; 7], oriented: vec![true; 7] };
    let coder = Coder::new(&pocket, &twists, None);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("set.gtab");
    write_orbit_pattern_set(&pocket, &[coder], None, u64::MAX, &Options::default(), &path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(u32::from_le_bytes(bytes[12..16].try_into().unwrap()), 4);
    assert!(TableFile::new(bytes.clone()).is_ok());
    for version in [2u32, 3] {
        let mut older = bytes.clone();
        older[12..16].copy_from_slice(&version.to_le_bytes());
        let Err(error) = TableFile::new(older) else { panic!("version {version} opened") };
        assert_eq!(
            error.to_string(),
            "the table is corrupt: format version (byte 12): older than the version that added its kind of table"
        );
    }
}

#[test]
fn the_node_limit_holds_and_no_answer_comes_past_it() {
    let (pocket, search, group) = pocket_by_places();
    let mut rng = fastrand::Rng::with_seed(8);
    for threads in [1, 2] {
        let mut solver = search.solver(4);
        solver.threads = threads;
        for _ in 0..10 {
            let state = group.random(&pocket, |n| rng.usize(..n));
            let full = solver.solve(&state, u64::MAX);
            assert_eq!(full.outcome, Outcome::Solved);
            for limit in [0, 1, 2, 3, 5, 10, 30, 100, full.expanded / 2, full.expanded.saturating_sub(1)] {
                let report = solver.solve(&state, limit);
                // Never a node past the limit, on any number of threads.
                assert!(report.expanded <= limit, "{limit}: {report:?}");
                match report.outcome {
                    Outcome::NodeLimit => {}
                    Outcome::Solved => assert_eq!(report.moves.len(), full.moves.len()),
                    Outcome::TooDeep => panic!("{limit}: {report:?}"),
                }
            }
            let exact = solver.solve(&state, full.expanded);
            if threads == 1 {
                assert_eq!(exact.outcome, Outcome::Solved, "the nodes it takes are enough");
            }
        }
    }
}

/// The cube's distance to `state` (at most 10): a breadth-first search
/// from it to depth 5, met with one from solved (`near`: every state of
/// at most 5 moves, with its distance).
fn meet(cube: &Twisty, near: &HashMap<Cells, u8>, state: &Cells) -> u8 {
    let mut best = u8::MAX;
    let mut seen: HashMap<Cells, ()> = HashMap::from([(*state, ())]);
    let mut level = vec![*state];
    for k in 0..=5u8 {
        for s in &level {
            if let Some(&d) = near.get(s) {
                best = best.min(k + d);
            }
        }
        if k == 5 || best <= k + 1 {
            break;
        }
        let mut next = Vec::new();
        for s in &level {
            for m in 0..cube.moves().len() {
                let t = cube.apply(s, m);
                if seen.insert(t, ()).is_none() {
                    next.push(t);
                }
            }
        }
        level = next;
    }
    best
}

#[test]
fn the_cubes_answers_to_short_scrambles_equal_a_search_from_both_ends() {
    let cube = puzzle("cube-3x3x3.tws");
    // Small tables: the two halves of the default table (the corners of
    // the U and D layers apart, twisted; the edges of the middle layer
    // apart from the others, flipped).
    let mut layers = PatternDef::everything(&cube);
    layers.groups = vec![0; 20];
    layers.groups[4..8].fill(1);
    layers.groups[16..20].fill(1);
    let mut corners = layers.clone();
    corners.groups[8..].fill(0);
    corners.oriented[8..].fill(false);
    let mut edges = layers;
    edges.groups[..8].fill(0);
    edges.oriented[..8].fill(false);
    let (search, _) = set(&cube, &[corners, edges], true, u64::MAX);
    let solver = search.solver(4);
    let mut near = HashMap::from([(cube.identity(), 0u8)]);
    let mut level = vec![cube.identity()];
    for d in 1..=5u8 {
        let mut next = Vec::new();
        for s in &level {
            for m in 0..cube.moves().len() {
                let t = cube.apply(s, m);
                if let std::collections::hash_map::Entry::Vacant(e) = near.entry(t) {
                    e.insert(d);
                    next.push(t);
                }
            }
        }
        level = next;
    }
    assert_eq!(near.len(), 621_649, "states within 5 half turns");
    let mut rng = fastrand::Rng::with_seed(7);
    for length in [4, 6, 7, 8, 8, 9, 9, 10, 10, 10] {
        let moves: Vec<usize> = (0..length).map(|_| rng.usize(..18)).collect();
        let state = cube.state_of(&moves);
        let answer = solve(&solver, &state);
        assert!(solves(&cube, &state, &answer));
        assert_eq!(answer.len(), usize::from(meet(&cube, &near, &state)), "after {moves:?}");
    }
}

#[test]
fn a_lookup_refuses_an_orbit_pattern_set_by_name() {
    let pocket = puzzle("cube-2x2x2.tws");
    let twists = PatternDef { groups: vec![0; 7], oriented: vec![true; 7] };
    let coders = [Coder::new(&pocket, &twists, None)];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("set.gtab");
    write_orbit_pattern_set(&pocket, &coders, None, u64::MAX, &Options::default(), &path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let err = godtab_runtime::Lookup::new(&bytes).unwrap_err();
    assert!(matches!(err, godtab_runtime::Error::Unsupported(_)), "{err}");
    assert!(err.to_string().contains("open an orbit pattern set with OrbitPatternSet"), "{err}");
}
