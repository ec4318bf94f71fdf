//! End-to-end tests of orbit puzzles: tables from definition files and
//! TOML, states in blocks, scrambles, the formats of judge and random, and
//! what info shows.

use std::path::{Path, PathBuf};

use crate::common::{godtab, stderr, stdout};

fn example(file: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/puzzles").join(file).to_string_lossy().into_owned()
}

/// Generates a table from a spec file into `dir`.
fn make_table(dir: &Path, spec: &str, extra: &[&str]) -> String {
    let table = dir.join("t.gtab").to_string_lossy().into_owned();
    let mut args = vec!["gen", "--spec", spec, "-o", &table];
    args.extend_from_slice(extra);
    let out = godtab(&args, b"");
    assert!(out.status.success(), "{}", stderr(&out));
    table
}

/// A flip of two edges, in a definition file written to `dir`.
fn flip_file(dir: &Path) -> PathBuf {
    let file = dir.join("flip.tws");
    let text = "# Two edges that swap, one of them flipping.\nSet EDGE 2 2\nSolved\nEDGE\n1 2\nEnd\nMove F\nEDGE\n2 1\n1 0\nEnd\n";
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn definition_files_give_tables_named_by_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = flip_file(dir.path());
    let table = make_table(dir.path(), file.to_str().unwrap(), &[]);
    let out = godtab(&["info", "--table", &table, "--json"], b"");
    let info: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(info["puzzle"], "flip");
    assert_eq!(info["kind"], "orbits");
    assert_eq!(info["moves"], serde_json::json!(["F", "F2", "F'"]));
    assert_eq!(info["orbits"][0]["name"], "EDGE");
    assert_eq!(info["orbits"][0]["orientation_sum_fixed"], false);
    assert_eq!((info["states"].as_u64(), info["reachable"].as_u64()), (Some(8), Some(4)));
    let text = stdout(&godtab(&["info", "--table", &table], b"")).to_string();
    assert!(text.contains("orbits        EDGE (2 pieces of 2 orientations): 2! x 2^2\n"), "{text}");
    // The quarter metric keeps F and F'.
    let quarter = make_table(dir.path(), file.to_str().unwrap(), &["--metric", "quarter"]);
    let out = godtab(&["info", "--table", &quarter, "--json"], b"");
    let info: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(info["moves"], serde_json::json!(["F", "F'"]));
}

#[test]
fn solve_takes_states_in_blocks_and_scrambles() {
    let dir = tempfile::tempdir().unwrap();
    let table = make_table(dir.path(), &example("pegs-discs.toml"), &[]);
    let out = godtab(&["solve", "--table", &table, "--scramble", "A  T'", "--scramble", "B2"], b"");
    // A and T' commute up to the twists A swaps: A T' undoes itself.
    assert_eq!(stdout(&out), "A T': 2 moves: A T'\nB2: 1 move: B\n");
    // A state in blocks: one argument, on one line or several, or one word
    // per argument.
    let expected = "PEG 2 1 3 4 DISC 2 1 3 0 0 0: 1 move: A\n";
    for args in [
        vec!["PEG 2 1 3 4 DISC 2 1 3"],
        vec!["PEG\n2 1 3 4\nDISC\n2 1 3\n0 0 0\nEnd\n"],
        vec!["PEG", "2", "1", "3", "4", "DISC", "2", "1", "3"],
    ] {
        let mut all = vec!["solve", "--table", &table];
        all.extend(args);
        let out = godtab(&all, b"");
        assert_eq!(stdout(&out), expected);
        assert!(out.status.success());
    }
    // Another parity of the pegs than of the discs: never reached.
    let out = godtab(&["solve", "--table", &table, "PEG 2 1 3 4"], b"");
    assert_eq!(stdout(&out), "PEG 2 1 3 4 DISC 1 2 3 0 0 0: unsolvable\n");
    let out = godtab(&["solve", "--table", &table, "--scramble", "A X", "PEG 5 1 2 3", "--json"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "godtab solve: \"PEG 5 1 2 3\": set \"PEG\", position 1: 5 is not a piece of this set (1 to 4)\n\
         godtab solve: --scramble \"A X\": move 2: \"X\" is not a move of this puzzle\n"
    );
    let answers: Vec<serde_json::Value> =
        stdout(&out).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(answers[1]["scramble"], "A X");
    assert!(answers[1]["error"].as_str().unwrap().contains("\"X\" is not a move"));
    let out = godtab(&["solve", "--table", &table, "--scramble", "A", "--json"], b"");
    let answer: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(answer["state"], "PEG 2 1 3 4 DISC 2 1 3 0 0 0");
    assert_eq!((answer["distance"].as_u64(), answer["scramble"].as_str()), (Some(1), Some("A")));
}

#[test]
fn random_and_judge_agree_in_every_orbit_format() {
    let dir = tempfile::tempdir().unwrap();
    let table = make_table(dir.path(), &example("pegs-discs.toml"), &[]);
    let mut answers = Vec::new();
    for format in ["blocks", "generic", "scramble"] {
        let cases = godtab(&["random", "--table", &table, "--count", "40", "--seed", "7", "--format", format], b"");
        assert!(cases.status.success(), "{}", stderr(&cases));
        let out = godtab(&["judge", "--table", &table, "--format", format], &cases.stdout);
        assert!(out.status.success(), "{format}: {}", stderr(&out));
        assert_eq!(stdout(&out).lines().count(), 40, "{format}");
        answers.push(stdout(&out).to_string());
    }
    // The same states, the same answers, whatever the format.
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0], answers[2]);
    // Blocks are the default for an orbit puzzle's table, for both.
    let cases = godtab(&["random", "--table", &table, "--count", "2", "--seed", "1"], b"");
    assert!(stdout(&cases).lines().nth(5).is_some_and(|line| line == "End"), "{}", stdout(&cases));
    let out = godtab(&["judge", "--table", &table], &cases.stdout);
    assert_eq!(stdout(&out).lines().count(), 2);
    // The goal as a scramble: a move and its undoing.
    let out = godtab(&["random", "--table", &table, "--depth", "0", "--format", "scramble"], b"");
    assert_eq!(stdout(&out), "A A\n");
}

#[test]
fn judge_reports_bad_orbit_cases_and_answers_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let table = make_table(dir.path(), &example("pegs-discs.toml"), &[]);
    let input = "PEG\n2 1 3 4\nDISC\n2 1 3\nEnd\nPEG 1 2\nEnd\n\nCOG\nEnd\nDISC 1 2 3 End\nPEG 2 1 3 4 DISC 2 1 3\n";
    let out = godtab(&["judge", "--table", &table], input.as_bytes());
    assert_eq!(stdout(&out), "1 A\n0\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "godtab judge: case 2 (line 7): set \"PEG\": expected 4 pieces, then optionally 4 orientations; found 2 \
         numbers\n\
         godtab judge: case 3 (line 9): \"COG\" is not a set of this puzzle\n\
         godtab judge: case 5 (line 12): the input ended inside this state, before its End\n"
    );
    let out = godtab(&["judge", "--table", &table, "--format", "scramble"], b"A B\nA Q\nB B B\n");
    assert_eq!(stdout(&out), "2 B' A\n0\n");
    assert_eq!(stderr(&out), "godtab judge: case 2 (line 2): move 2: \"Q\" is not a move of this puzzle\n");
    // A statement's format is refused for an orbit puzzle, blocks for a
    // board; scrambles work for any puzzle.
    let out = godtab(&["judge", "--table", &table, "--format", "nine-digits"], b"");
    assert!(stderr(&out).starts_with("godtab: error: --format: this format reads a board's tiles"));
    let out = godtab(&["judge", "nine-digits", "--format", "blocks"], b"");
    assert!(stderr(&out).starts_with("godtab: error: --format: the blocks format reads orbit puzzles' states"));
    let out = godtab(&["judge", "nine-puzzle", "--format", "scramble"], b"H1 V2\n");
    assert_eq!(stdout(&out), "4 V2 V2 H1 H1\n");
}

#[test]
fn bad_definition_files_are_refused_with_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.tws");
    std::fs::write(&file, "Set C 3 3\nSolved\nC\n1 2 3\nEnd\nMove R\nC\n2 2 3\nEnd\n").unwrap();
    let table = dir.path().join("bad.gtab");
    let out = godtab(&["gen", "--spec", file.to_str().unwrap(), "-o", table.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!(
            "godtab: error: {}: line 8: Move R: C: 2 appears twice: a move's pieces are a permutation of 1 to 3\n",
            file.display()
        )
    );
    assert!(!table.exists());
    let out = godtab(&["gen", "nine-digits", "--metric", "quarter", "-o", table.to_str().unwrap()], b"");
    assert_eq!(
        stderr(&out),
        "godtab: error: --metric is for spec files (--spec FILE); the built-in puzzles' moves are fixed (the 8-puzzle's \
         spec is data/puzzles/eight-puzzle.toml)\n"
    );
}

#[test]
fn check_reads_cases_in_blocks() {
    let dir = tempfile::tempdir().unwrap();
    let table = make_table(dir.path(), &example("pegs-discs.toml"), &[]);
    let cases = godtab(&["random", "--table", &table, "--count", "30", "--seed", "3"], b"");
    let answers = godtab(&["judge", "--table", &table], &cases.stdout);
    let (input, output) = (dir.path().join("in.txt"), dir.path().join("out.txt"));
    std::fs::write(&input, &cases.stdout).unwrap();
    std::fs::write(&output, &answers.stdout).unwrap();
    let check = |input: &Path, output: &Path| {
        godtab(&["check", "--table", &table, input.to_str().unwrap(), output.to_str().unwrap(), "--all"], b"")
    };
    let out = check(&input, &output);
    assert_eq!(stdout(&out), "all 30 answers are right\n");
    assert!(out.status.success());

    // A bad case is skipped through its End; the answers after it still
    // line up with their cases.
    let input_text = "PEG\n2 1 3 4\nDISC\n2 1 3\nEnd\nPEG 1 2\nEnd\nPEG 1 2 3 4 DISC 1 2 3 End\nPEG 2 1 3 4\n";
    std::fs::write(&input, input_text).unwrap();
    std::fs::write(&output, "1 A\n0\n0\n0\n").unwrap();
    let out = check(&input, &output);
    assert_eq!(
        stdout(&out),
        "case 2 (input line 6, output line 2): the input's case is not a state: set \"PEG\": expected 4 pieces, \
         then optionally 4 orientations; found 2 numbers\n\
         case 4 (input line 9, output line 4): the input's case is not a state: the input ended inside this state, \
         before its End\n2 of 4 answers wrong\n"
    );
}
