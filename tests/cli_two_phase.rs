//! The built-in cube-3x3x3 (the two-phase solver) end to end: every answer
//! applied to its cube by the twisty model of data/puzzles/cube-3x3x3.tws
//! (another cube model than the solver's) solves it within the length
//! asked; bad cubes are refused with their reason, naming the case.

use std::path::Path;

use crate::common::{godtab, stderr, stdout};

/// The 3x3x3 cube of data/puzzles/cube-3x3x3.tws.
fn cube() -> godtab_twisty::Twisty {
    let definition = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/puzzles/cube-3x3x3.tws");
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.toml");
    std::fs::write(&spec, format!("definition = {:?}\n", definition.to_str().unwrap())).unwrap();
    match godtab_spec::load_any(&spec, godtab_spec::Metric::Half).unwrap() {
        godtab_spec::Loaded::Twisty(twisty) => twisty.puzzle,
        godtab_spec::Loaded::Tables(_) => panic!("the cube's definition is a twisty puzzle"),
    }
}

/// Whether `solution` (move names) solves the cube `facelets` writes.
fn solves(cube: &godtab_twisty::Twisty, facelets: &str, solution: &str) -> bool {
    let mut now = godtab_twisty::facelets::parse(facelets).unwrap();
    for name in solution.split_whitespace() {
        now = cube.compose(&now, &godtab_twisty::text::parse_scramble(cube, name).unwrap());
    }
    now == cube.identity()
}

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
const SUPERFLIP: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

#[test]
fn judge_solves_random_cubes_within_the_length_asked() {
    let cube = cube();
    let names: Vec<&str> = "U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'".split(' ').collect();
    let mut rng = fastrand::Rng::with_seed(2026);
    let scrambles: Vec<String> =
        (0..300).map(|_| (0..30).map(|_| names[rng.usize(..names.len())]).collect::<Vec<_>>().join(" ")).collect();
    // Each scramble's cube as facelets, in the twisty model.
    let facelets: Vec<String> = scrambles
        .iter()
        .map(|s| godtab_twisty::facelets::display(&godtab_twisty::text::parse_scramble(&cube, s).unwrap()))
        .collect();
    let mut input: Vec<String> = facelets.clone();
    input.extend([SOLVED.to_string(), SUPERFLIP.to_string()]);
    for (max_length, take) in [(21, input.len()), (20, 40)] {
        let cases = input[input.len() - take..].join("\n") + "\n";
        let max = max_length.to_string();
        let out = godtab(
            &["judge", "cube-3x3x3", "--format", "facelets", "--max-length", &max, "--threads", "1"],
            cases.as_bytes(),
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let answers: Vec<&str> = stdout(&out).lines().collect::<Vec<_>>().into_iter().collect();
        let answers: Vec<String> = answers.iter().map(|s| s.to_string()).collect();
        assert_eq!(answers.len(), take);
        for (facelets, answer) in input[input.len() - take..].iter().zip(&answers) {
            assert!(answer.split_whitespace().count() <= max_length, "{facelets}: {answer}");
            assert!(solves(&cube, facelets, answer), "{facelets}: {answer}");
        }
        // The solved cube's line is empty.
        assert_eq!(answers[take - 2], "");
    }
    // Scrambles are read as such.
    let out = godtab(&["judge", "cube-3x3x3", "--format", "scramble"], (scrambles[..20].join("\n") + "\n").as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    for (facelets, answer) in facelets.iter().zip(stdout(&out).lines()) {
        assert!(solves(&cube, facelets, answer), "{facelets}: {answer}");
    }
}

#[test]
fn solve_gives_a_solution_within_the_length_and_says_it_is_not_the_distance() {
    let cube = cube();
    let out = godtab(&["solve", "cube-3x3x3", "--facelets", SUPERFLIP, "--max-length", "20", "--json"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let answer: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(answer["distance"], serde_json::Value::Null);
    assert_eq!(answer["length"], 20);
    let moves: Vec<&str> = answer["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert!(solves(&cube, SUPERFLIP, &moves.join(" ")));
    let out = godtab(&["solve", "cube-3x3x3", "--scramble", "R U R' U'"], b"");
    assert!(out.status.success() && stdout(&out).contains("4 moves"), "{}", stdout(&out));
    // Below what two-phase can find: refused with the reason.
    let out = godtab(&["solve", "cube-3x3x3", "--facelets", SUPERFLIP, "--max-length", "5"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("no solution within 5 moves"), "{}", stdout(&out));
}

#[test]
fn bad_cubes_are_refused_naming_the_case_and_the_others_answered() {
    let with = |changes: &[(usize, u8)]| {
        let mut bytes = SOLVED.as_bytes().to_vec();
        for &(at, letter) in changes {
            bytes[at] = letter;
        }
        String::from_utf8(bytes).unwrap()
    };
    let bad = [
        ("UUU".to_string(), "54"),
        (with(&[(0, b'X')]), "'x' is not a face"),
        // The corner URF twisted in place.
        (with(&[(8, b'F'), (9, b'U'), (20, b'R')]), "twisted"),
        // The edge UR flipped.
        (with(&[(5, b'R'), (10, b'U')]), "flipped"),
        // The edges UR and UF swapped: an odd permutation.
        (with(&[(10, b'F'), (19, b'R')]), "parity"),
        // The U and R centres swapped.
        (with(&[(4, b'R'), (13, b'U')]), "centre"),
    ];
    let mut input = String::new();
    for (facelets, _) in &bad {
        input.push_str(facelets);
        input.push('\n');
        input.push_str(SOLVED);
        input.push('\n');
    }
    let out = godtab(&["judge", "cube-3x3x3", "--format", "facelets"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out).lines().count(), bad.len(), "the good cases answered: {}", stdout(&out));
    let err = stderr(&out);
    for (i, (_, why)) in bad.iter().enumerate() {
        let line = err.lines().find(|l| l.contains(&format!("case {} ", 2 * i + 1))).unwrap_or_default();
        assert!(line.to_lowercase().contains(why), "case {}: {line}\n{err}", 2 * i + 1);
    }
}

#[test]
fn gen_of_the_large_tables_refuses_what_they_cannot_take_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cube.twophase");
    let out = out.to_str().unwrap();
    let zst = format!("{out}.zst");
    let missing = dir.path().join("no/such/folder/cube.twophase");
    for (args, reason) in [
        (vec!["-o", out, "--max-memory", "100M"], "more than the limit of 100.0 MiB"),
        (vec!["-o", "-"], "written to a file (-o FILE), not to standard output"),
        (vec!["-o", &zst], "written uncompressed"),
        (vec!["-o", out, "--zstd"], "written uncompressed"),
        (vec!["-o", out, "--compact"], "have no such form"),
        (vec!["-o", out, "--resume"], "made in one run"),
        (vec!["-o", missing.to_str().unwrap()], "does not exist"),
    ] {
        let output = godtab(&[&["gen", "cube-3x3x3-two-phase"][..], &args].concat(), b"");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let error = stderr(&output).lines().last().unwrap_or_default().to_string();
        assert!(error.starts_with("godtab: error: ") && error.contains(reason), "{args:?}: {error}");
        assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none(), "{args:?} left a file");
    }
}

/// Solves 30 random cubes and the superflip within 20 moves with `--table
/// FILE`, by `solve` and by `judge`, each answer checked by the twisty model.
fn solve_and_judge_with(table: &str) {
    let cube = cube();
    let names: Vec<&str> = "U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'".split(' ').collect();
    let mut rng = fastrand::Rng::with_seed(7);
    let mut facelets = vec![SUPERFLIP.to_string()];
    for _ in 0..30 {
        let scramble: Vec<&str> = (0..30).map(|_| names[rng.usize(..names.len())]).collect();
        let out = godtab(&["solve", "cube-3x3x3", "--scramble", &scramble.join(" "), "--json"], b"");
        let answer: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        facelets.push(answer["state"].as_str().unwrap().to_string());
    }
    let input = facelets.join("\n") + "\n";
    let out = godtab(&["judge", "--table", table, "--format", "facelets", "--max-length", "20"], input.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    let answers: Vec<&str> = stdout(&out).lines().collect();
    assert_eq!(answers.len(), facelets.len());
    for (f, answer) in facelets.iter().zip(&answers) {
        assert!(answer.split(' ').count() <= 20 && solves(&cube, f, answer), "{f}: {answer}");
    }
    let out = godtab(&["solve", "--table", table, "--facelets", &facelets[1], "--max-length", "20", "--json"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let answer: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let moves: Vec<&str> = answer["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert!(moves.len() <= 20 && solves(&cube, &facelets[1], &moves.join(" ")), "{moves:?}");
    // The table is the cube's: another puzzle named is refused.
    let out = godtab(&["solve", "eight-puzzle", "--table", table, "1 2 3 4 5 6 7 8 x"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("holds the table of \"cube-3x3x3\", not \"eight-puzzle\""), "{}", stderr(&out));
}

#[test]
fn the_built_in_tables_as_a_file_answer_with_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cube-3x3x3.twophase");
    std::fs::write(&path, godtab_twophase::build_tables()).unwrap();
    solve_and_judge_with(path.to_str().unwrap());
    // Damaged: cut short, or another version.
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
    let out = godtab(&["solve", "--table", path.to_str().unwrap(), "--facelets", SOLVED], b"");
    assert_eq!(out.status.code(), Some(1));
    let error = stderr(&out);
    assert!(error.starts_with("godtab: error: ") && error.contains(path.to_str().unwrap()), "{error}");
    assert_eq!(error.lines().count(), 1, "{error}");
}

#[test]
fn gen_writes_the_large_tables_and_solve_and_judge_use_them() {
    if !crate::common::slow_tests_run("gen_writes_the_large_tables_and_solve_and_judge_use_them") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cube-3x3x3.twophase");
    let out = godtab(&["gen", "cube-3x3x3-two-phase", "-o", path.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::metadata(&path).unwrap().len(), godtab_twophase::LARGE_TABLES_LEN as u64);
    assert!(stderr(&out).contains("wrote "), "{}", stderr(&out));
    solve_and_judge_with(path.to_str().unwrap());
}
