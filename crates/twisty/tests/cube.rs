//! The 3x3x3 cube: its symmetries, canonical sequences and patterns.

use std::path::Path;

use godtab_twisty::Twisty;
use godtab_twisty::symmetry::{Group, find};

fn cube() -> Twisty {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles/cube-3x3x3.tws");
    match godtab_spec::load_any(&path, godtab_spec::Metric::Half).unwrap() {
        godtab_spec::Loaded::Twisty(t) => t.puzzle,
        godtab_spec::Loaded::Tables(_) => panic!("the cube is past complete tables"),
    }
}

#[test]
fn the_cube_has_48_symmetries_closed_under_products() {
    let cube = cube();
    let symmetries = find(&cube);
    assert_eq!(symmetries.len(), 48);
    assert!(symmetries[0].is_identity(&cube));
    assert_eq!(symmetries.iter().filter(|s| s.mirror).count(), 24);
    let group = Group::new(&cube, symmetries);
    let mut rng = fastrand::Rng::with_seed(7);
    let state = cube.state_of(&(0..30).map(|_| rng.usize(0..18)).collect::<Vec<_>>());
    for a in 0..48 {
        for b in 0..48 {
            let p = usize::from(group.product[a][b]);
            let sa = &group.symmetries[a];
            let sb = &group.symmetries[b];
            let both = sa.conjugate(&cube, &sb.conjugate(&cube, &state));
            assert_eq!(group.symmetries[p].conjugate(&cube, &state), both, "{a} after {b}");
        }
    }
}

#[test]
fn the_cube_group_has_its_order_and_refuses_a_twisted_corner() {
    let cube = cube();
    let group = godtab_twisty::group::MoveGroup::new(&cube);
    assert_eq!(group.order(), 43_252_003_274_489_856_000);
    let mut rng = fastrand::Rng::with_seed(11);
    let scrambled = cube.state_of(&(0..25).map(|_| rng.usize(0..18)).collect::<Vec<_>>());
    assert!(group.contains(&cube, &scrambled));
    let mut twisted = cube.identity();
    twisted[0] = godtab_twisty::model::cell(0, 1);
    assert!(!group.contains(&cube, &twisted));
    let mut swapped = cube.identity();
    swapped.swap(8, 9);
    assert!(!group.contains(&cube, &swapped));
}

#[test]
fn alike_pieces_may_be_told_apart_any_way_when_the_group_decides() {
    // The cube with its first two edges alike: swapping two other edges
    // alone is solvable (swap the alike ones too), a twisted corner not.
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles/cube-3x3x3.tws"))
        .unwrap()
        .replace("\n1 2 3 4 5 6 7 8 9 10 11 12\n", "\n1 1 2 3 4 5 6 7 8 9 10 11\n");
    let path = std::env::temp_dir().join(format!("godtab-alike-{}.tws", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let loaded = godtab_spec::load_any(&path, godtab_spec::Metric::Half);
    std::fs::remove_file(&path).unwrap();
    let godtab_spec::Loaded::Twisty(alike) = loaded.unwrap() else { panic!("a twisty puzzle") };
    let alike = alike.puzzle;
    assert!(!alike.distinct());
    let group = godtab_twisty::group::MoveGroup::new(&alike);
    let mut rng = fastrand::Rng::with_seed(3);
    for _ in 0..50 {
        let state = group.random(&alike, |n| rng.usize(..n));
        assert!(group.contains(&alike, &state));
        // The alike edges told apart the other way: the same state.
        let mut other = state;
        let (a, b) = (
            other.iter().position(|&c| godtab_twisty::model::piece(c) == 8).unwrap(),
            other.iter().position(|&c| godtab_twisty::model::piece(c) == 9).unwrap(),
        );
        other[a] = godtab_twisty::model::cell(9, godtab_twisty::model::ori(other[a]));
        other[b] = godtab_twisty::model::cell(8, godtab_twisty::model::ori(other[b]));
        assert!(group.contains(&alike, &other), "{other:?}");
    }
    let mut swapped = alike.identity();
    swapped.swap(10, 11);
    assert!(group.contains(&alike, &swapped));
    let mut twisted = alike.identity();
    twisted[0] = godtab_twisty::model::cell(0, 1);
    assert!(!group.contains(&alike, &twisted));
    let mut flipped = alike.identity();
    flipped[12] = godtab_twisty::model::cell(12, 1);
    assert!(!group.contains(&alike, &flipped));
    // Without alike pieces the swap is refused.
    let cube = cube();
    assert!(!godtab_twisty::group::MoveGroup::new(&cube).contains(&cube, &swapped));
}

/// Facelet strings of scrambles, from a model of the cube's stickers
/// turned in space (independent of the definition file).
const FACELETS: [(&str, &str); 6] = [
    ("", "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"),
    ("R", "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"),
    ("F", "UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB"),
    ("R U R' U'", "UULUUFUUFRRUBRRURRFFDFFUFFFDDRDDDDDDBLLLLLLLLBRRBBBBBB"),
    ("D L2 B' R F", "LLFDUFLLBDRRURRLUDBBRLFFRDDUFFUDBFRLUBUDLDDLBUFFUBRBBR"),
    ("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB"),
];

#[test]
fn facelet_strings_are_the_cubes_states() {
    use godtab_twisty::{facelets, text};
    let cube = cube();
    assert!(facelets::is_standard_cube(&cube));
    for (scramble, string) in FACELETS {
        let state = text::parse_scramble(&cube, scramble).unwrap();
        assert_eq!(facelets::display(&state), string, "{scramble}");
        assert_eq!(facelets::parse(string).unwrap(), state, "{scramble}");
    }
    // The superflip: every edge flipped in place.
    let superflip = facelets::parse(FACELETS[5].1).unwrap();
    assert!((8..20).all(|i| superflip[i] == godtab_twisty::model::cell(i, 1)));
    for (bad, why) in [
        ("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBB", "54 letters"),
        ("UUUUXUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", "not a face"),
        ("UUUURUUUURRRRURRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", "centre"),
        ("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBU", "no corner's"),
        ("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBUB", "no edge's"),
    ] {
        let error = facelets::parse(bad).unwrap_err().to_string();
        assert!(error.contains(why), "{bad}: {error}");
    }
}

#[test]
fn the_default_plan_of_the_cube_is_nxopts_table_and_smaller_budgets_get_smaller_ones() {
    use godtab_twisty::plan::{candidates, choose};
    let cube = cube();
    let group = Group::new(&cube, find(&cube));
    let all = candidates(&cube, Some(&group));
    let chosen = choose(&all, 12 << 30).unwrap();
    assert!(chosen.name.contains("CORNERS layers apart, all oriented"), "{}", chosen.name);
    assert!(chosen.name.contains("EDGES layers together, all oriented"), "{}", chosen.name);
    // 153,090 corner values over 16 symmetries (9,930 classes exactly),
    // times 495 times 2048.
    assert!((chosen.entries / 1e10 - 0.97).abs() < 0.05, "{}", chosen.entries);
    let small = choose(&all, 1 << 30).unwrap();
    assert!(small.entries < chosen.entries / 4.0);
}

#[test]
fn edges_in_three_groups_rank_and_unrank_alike() {
    use godtab_twisty::pattern::{Coder, PatternDef};
    let cube = cube();
    // Corners whole; edges in the U layer, the D layer and the middle,
    // the middle's flips counted (as `--max-memory 3G` plans).
    let mut groups = vec![0u8; 8];
    groups.extend([1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0]);
    let mut oriented = vec![true; 8];
    oriented.extend([false, false, false, false, false, false, false, false, true, true, true, true]);
    let coder = Coder::new(&cube, &PatternDef { groups, oriented }, None);
    let mut rng = fastrand::Rng::with_seed(5);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..20_000 {
        let state = cube.state_of(&(0..25).map(|_| rng.usize(0..18)).collect::<Vec<_>>());
        let index = coder.index(&cube, &state);
        assert_eq!(coder.index(&cube, &coder.representative(&cube, index)), index, "{state:?}");
        seen.insert(index);
    }
    assert!(seen.len() > 19_000, "distinct states, distinct indices: {}", seen.len());
}
