//! The search's kernels: the SSE lanes move and rank the cube's pieces as
//! the scalar kernel does.

use std::path::Path;

use godtab_twisty::Twisty;
use godtab_twisty::symmetry::{Group, find};

#[allow(dead_code)]
fn cube() -> Twisty {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles/cube-3x3x3.tws");
    match godtab_spec::load_any(&path, godtab_spec::Metric::Half).unwrap() {
        godtab_spec::Loaded::Twisty(t) => t.puzzle,
        godtab_spec::Loaded::Tables(_) => panic!("the cube is past complete tables"),
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1"))]
#[test]
fn the_lanes_kernel_moves_and_ranks_as_the_scalar_one() {
    use godtab_twisty::pattern::{Coder, PatternDef};
    use godtab_twisty_search::kernel::{Kernel, Scalar};
    use godtab_twisty_search::lanes::Lanes;

    let cube = cube();
    let group = Group::new(&cube, find(&cube));
    let mut groups = vec![0u8; 20];
    groups[4..8].fill(1);
    groups[16..20].fill(1);
    let layers = PatternDef { groups, oriented: vec![true; 20] };
    let mut edges = PatternDef::everything(&cube);
    edges.oriented[..8].fill(false);
    edges.groups[..8].fill(0);
    let coders =
        [Coder::new(&cube, &layers, Some(&group)), Coder::new(&cube, &layers, None), Coder::new(&cube, &edges, None)];
    let lanes = Lanes::new(&cube, &coders).unwrap();
    let scalar = Scalar::new(&cube);
    let mut rng = fastrand::Rng::with_seed(3);
    for _ in 0..300 {
        let moves: Vec<usize> = (0..rng.usize(0..30)).map(|_| rng.usize(0..18)).collect();
        let cells = cube.state_of(&moves);
        let state = lanes.state(&cells);
        assert_eq!(lanes.cells(&state), cells);
        assert_eq!(lanes.is_solved(&state), scalar.is_solved(&cells));
        for m in 0..18 {
            assert_eq!(lanes.cells(&lanes.apply(&state, m)), scalar.apply(&cells, m), "apply {m}");
            assert_eq!(lanes.cells(&lanes.premove(m, &state)), scalar.premove(m, &cells), "premove {m}");
        }
        for (p, coder) in coders.iter().enumerate() {
            assert_eq!(lanes.index(coder, p, &state), scalar.index(coder, p, &cells), "pattern {p}");
        }
    }
}
