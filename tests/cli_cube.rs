//! Orbit pattern sets end to end: the Rubik's cube through a small set
//! (facelets, scrambles, judge, random, info, verify, the commands that
//! refuse it, damaged files), and the 2x2x2 and the 3x3x3's corners
//! through pattern sets against their complete tables.

use std::path::Path;

use crate::common::{godtab, stderr, stdout};

fn definition(file: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/puzzles").join(file).to_string_lossy().into_owned()
}

/// Generates the set of a spec that names `file` with `rest` (patterns,
/// symmetry) into `dir/name.gtab`.
fn make_set(dir: &Path, name: &str, file: &str, rest: &str) -> String {
    let spec = dir.join(format!("{name}.toml"));
    std::fs::write(&spec, format!("definition = {:?}\n{rest}", definition(file))).unwrap();
    let table = dir.join(format!("{name}.gtab")).to_string_lossy().into_owned();
    let out = godtab(&["gen", "--spec", &spec.to_string_lossy(), "-o", &table], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    table
}

/// The two halves of the cube's default table: the corners of the U and D
/// layers apart and twisted; the middle-layer edges apart, every edge
/// flipped.
const CUBE_HALVES: &str = "[[patterns]]\nCORNERS = { groups = [[1, 2, 3, 4]], oriented = true }\n\
                           [[patterns]]\nEDGES = { groups = [[9, 10, 11, 12]], oriented = true }\n";

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

#[test]
fn the_cube_answers_from_a_small_pattern_set_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let table = make_set(dir.path(), "cube", "cube-3x3x3.tws", CUBE_HALVES);
    let out = godtab(&["solve", "--table", &table, "--scramble", "R U F' D2"], b"");
    assert_eq!(stdout(&out), "R U F' D2: 4 moves: D2 F U' R'\n", "{}", stderr(&out));
    // The state as facelets, and back.
    let out = godtab(&["solve", "--table", &table, "--json", "--scramble", "R U F' D2"], b"");
    let answer: serde_json::Value = serde_json::from_str(stdout(&out)).unwrap();
    let facelets = answer["state"].as_str().unwrap().to_string();
    assert_eq!(facelets.len(), 54);
    assert_eq!(answer["distance"], 4);
    assert!(answer["nodes"].is_u64() && answer["seconds"].is_f64());
    let out = godtab(&["solve", "--table", &table, "--facelets", &facelets], b"");
    assert_eq!(stdout(&out), format!("{facelets}: 4 moves: D2 F U' R'\n"));
    let out = godtab(&["solve", "--table", &table, "--facelets", SOLVED], b"");
    assert_eq!(stdout(&out), format!("{SOLVED}: solved (0 moves)\n"));
    // judge: one facelet string per line; a bad line is reported, the
    // others answered.
    let twisted = format!("{}R{}", &SOLVED[..8], &SOLVED[9..]);
    let input = format!("{facelets}\n{twisted}\n{SOLVED}\n");
    let out = godtab(&["judge", "--table", &table, "--format", "facelets"], input.as_bytes());
    assert_eq!(stdout(&out), "4 D2 F U' R'\n0\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("godtab judge: case 2 (line 2): "), "{}", stderr(&out));
    assert_eq!(stderr(&out).lines().count(), 1);
    let out = godtab(&["judge", "--table", &table, "--format", "scramble"], b"R U F' D2\nU U'\n");
    assert_eq!(stdout(&out), "4 D2 F U' R'\n0\n");
    // One thread or three search to the same answers; none is refused.
    for threads in ["1", "3"] {
        let out = godtab(&["judge", "--table", &table, "--format", "scramble", "--threads", threads], b"R U F' D2\n");
        assert_eq!(stdout(&out), "4 D2 F U' R'\n", "--threads {threads}: {}", stderr(&out));
        let out = godtab(&["solve", "--table", &table, "--threads", threads, "--scramble", "F2 L' B D R2 U"], b"");
        assert_eq!(stdout(&out), "F2 L' B D R2 U: 6 moves: U' R2 D' B' L F2\n", "--threads {threads}");
    }
    let out = godtab(&["solve", "--table", &table, "--threads", "0", "--scramble", "R"], b"");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // random: uniformly random states, every one answered by judge (not
    // searched here: random cubes are 17 or 18 moves from solved).
    let out = godtab(&["random", "--table", &table, "--count", "3", "--seed", "1", "--format", "facelets"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<&str> = stdout(&out).lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().all(|l| l.len() == 54 && l.chars().filter(|&c| c == 'U').count() == 9));
    let again = godtab(&["random", "--table", &table, "--count", "3", "--seed", "1", "--format", "facelets"], b"");
    assert_eq!(stdout(&out), stdout(&again), "a seed repeats its states");
    let out = godtab(&["random", "--table", &table, "--format", "scramble"], b"");
    assert!(stderr(&out).contains("use --format facelets or blocks"), "{}", stderr(&out));
    // info and verify.
    let out = godtab(&["info", "--table", &table], b"");
    assert!(out.status.success());
    for line in ["orbit pattern set", "states: 43,252,003,274,489,856,000", "symmetries: 48", "facelets: yes"] {
        assert!(stdout(&out).contains(line), "{line}: {}", stdout(&out));
    }
    let out = godtab(&["verify", &table], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    // What does not serve an orbit pattern set says so.
    for args in [vec!["analyse", "--table", &table, "R"], vec!["check", "--table", &table, "/dev/null", "/dev/null"]] {
        let out = godtab(&args, b"");
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr(&out).contains("orbit pattern set"), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"));
    }
}

#[test]
fn a_damaged_orbit_pattern_set_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let table = make_set(dir.path(), "pocket", "cube-2x2x2.tws", "[[patterns]]\nCORNERS = \"orientation\"\n");
    let bytes = std::fs::read(&table).unwrap();
    let bad = dir.path().join("bad.gtab");
    let cut = [8, 40, 100, bytes.len() / 2, bytes.len() - 1];
    let flips = (0..bytes.len().min(400)).step_by(7).chain([bytes.len() - 3]);
    let damaged = cut.iter().map(|&n| bytes[..n].to_vec()).chain(flips.map(|i| {
        let mut b = bytes.clone();
        b[i] ^= 0x5a;
        b
    }));
    for (k, damaged) in damaged.enumerate() {
        std::fs::write(&bad, &damaged).unwrap();
        let out = godtab(&["solve", "--table", &bad.to_string_lossy(), "--scramble", "R U"], b"");
        let errors = stderr(&out);
        assert!(!errors.contains("panicked"), "case {k}: {errors}");
        if !out.status.success() {
            assert_eq!(errors.lines().count(), 1, "case {k}: {errors}");
            assert!(errors.contains("bad.gtab"), "case {k}: {errors}");
        }
    }
}

/// The distances `judge` gives for `cases` (the first word of each answer).
fn distances(table: &str, cases: &[u8]) -> Vec<String> {
    let out = godtab(&["judge", "--table", table, "--format", "generic"], cases);
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out).lines().map(|l| l.split(' ').next().unwrap_or_default().to_string()).collect()
}

#[test]
fn the_2x2x2_and_the_corners_through_pattern_sets_equal_their_complete_tables() {
    if !crate::common::slow_tests_run("the_2x2x2_and_the_corners_through_pattern_sets_equal_their_complete_tables") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (file, patterns, count) in [
        ("cube-2x2x2.tws", "[[patterns]]\nCORNERS = \"all\"\n", "400"),
        (
            "cube-3x3x3-corners.tws",
            "[[patterns]]\nCORNERS = \"orientation\"\n[[patterns]]\nCORNERS = { groups = [[1, 2, 3, 4]], oriented = false }\n",
            "60",
        ),
    ] {
        let complete = dir.path().join("complete.gtab").to_string_lossy().into_owned();
        let out = godtab(&["gen", "--spec", &definition(file), "-o", &complete], b"");
        assert!(out.status.success(), "{}", stderr(&out));
        let with = make_set(dir.path(), "with", file, patterns);
        let without = make_set(dir.path(), "without", file, &format!("symmetry = false\n{patterns}"));
        let cases =
            godtab(&["random", "--table", &complete, "--count", count, "--seed", "3", "--format", "generic"], b"");
        assert!(cases.status.success(), "{}", stderr(&cases));
        let expected = distances(&complete, &cases.stdout);
        assert_eq!(distances(&with, &cases.stdout), expected, "{file} with symmetry");
        assert_eq!(distances(&without, &cases.stdout), expected, "{file} without symmetry");
        let size = |t: &str| std::fs::metadata(t).unwrap().len();
        assert!(size(&with) < size(&without), "{file}: symmetry saves bytes");
    }
}
