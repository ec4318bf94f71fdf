//! Pattern sets from the command line: `gen` writes one for a spec with
//! `patterns`, `solve` and `judge` answer from it by IDA*, exactly as the
//! complete table of the same puzzle does: sliding boards (patterns summed)
//! and permutation puzzles (the largest pattern entry).

use std::path::Path;

use crate::common::{godtab, stdout};

const SPEC: &str =
    "name = \"eight-puzzle\"\nkind = \"sliding\"\nrows = 3\ncols = 3\npatterns = [[1, 2, 3, 4], [5, 6, 7, 8]]\n";

/// Writes the spec `text` into `dir` and generates its pattern set there:
/// the set's path and what `gen` printed on stderr.
fn generate(dir: &Path, text: &str) -> (String, String) {
    let spec = dir.join("spec.toml");
    std::fs::write(&spec, text).unwrap();
    let set = dir.join("set.gtab").to_string_lossy().into_owned();
    let out = godtab(&["gen", "--spec", spec.to_str().unwrap(), "-o", &set], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (set, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn gen_solve_and_judge_a_pattern_set() {
    let dir = tempfile::tempdir().unwrap();
    let (set, printed) = generate(dir.path(), SPEC);
    let set = set.as_str();
    assert!(printed.contains("pattern set of 2 patterns (4-4)"));

    let out = godtab(&["info", "--table", set], b"");
    assert!(stdout(&out).contains("pattern 0: tiles 1 2 3 4: 3,024 entries of 4 bits"), "{}", stdout(&out));
    assert!(stdout(&out).contains("reflected lookup: yes\nchecksum: ok\n"));
    let out = godtab(&["verify", set], b"");
    assert!(
        stdout(&out).ends_with(": ok: eight-puzzle, pattern set of 2 patterns (4-4), 3,160 bytes\n"),
        "{}",
        stdout(&out)
    );

    // The same answers as the built-in complete table (the statement's sample).
    let out = godtab(&["solve", "--table", set, "2 3 4 1 5 x 7 6 8"], b"");
    assert_eq!(stdout(&out), "2 3 4 1 5 x 7 6 8: 19 moves: u l l d d r u r d l l u r d r u l d r\n");
    let out = godtab(&["solve", "--table", set, "--json", "1 2 3 4 5 6 7 8 x"], b"");
    let answer: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!((answer["distance"].as_u64(), answer["nodes"].as_u64()), (Some(0), Some(0)));

    let cases = b"2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 8 7 x\n1 2 3\n8 6 7 2 5 4 3 x 1\n";
    let out = godtab(&["judge", "--table", set], cases);
    let expected = "19 u l l d d r u r d l l u r d r u l d r\nunsolvable\n31 ";
    assert!(stdout(&out).starts_with(expected), "{}", stdout(&out));
    assert_eq!(stdout(&out).lines().count(), 3);
    assert!(String::from_utf8_lossy(&out.stderr).contains("case 3 (line 4): "));
    assert!(!out.status.success());

    // The node limit ends a search, reported, not run forever.
    let out = godtab(&["solve", "--table", set, "--max-nodes", "5", "8 6 7 2 5 4 3 x 1"], b"");
    assert_eq!(stdout(&out), "8 6 7 2 5 4 3 x 1: not solved within 5 nodes (raise --max-nodes)\n");
    assert!(!out.status.success());
    let out = godtab(&["judge", "--table", set, "--format", "eight-puzzle"], b"");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("a pattern set reads its cases in the generic format"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bad_patterns_are_refused_with_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("bad.toml");
    std::fs::write(&spec, SPEC.replace("[5, 6, 7, 8]", "[5, 6, 7, 4]")).unwrap();
    let out =
        godtab(&["gen", "--spec", spec.to_str().unwrap(), "-o", dir.path().join("x.gtab").to_str().unwrap()], b"");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 5: patterns[1][3]: tile 4 is already in patterns[0][3]"), "{err}");
}

/// Nine Digits, the built-in permutation puzzle, as a spec with patterns
/// that share tiles 4, 5 and 6.
const NINE_DIGITS: &str = "name = \"nine-digits\"\nkind = \"permutation\"\nrows = 3\ncols = 3\n\
    patterns = [[1, 2, 3, 4, 5, 6], [4, 5, 6, 7, 8, 9]]\n\
    [[moves]]\nname = \"A\"\ncycles = [[0, 1, 4, 3]]\n[[moves]]\nname = \"B\"\ncycles = [[1, 2, 5, 4]]\n\
    [[moves]]\nname = \"C\"\ncycles = [[3, 4, 7, 6]]\n[[moves]]\nname = \"D\"\ncycles = [[4, 5, 8, 7]]\n";

#[test]
fn a_permutation_puzzle_takes_the_largest_entry() {
    let dir = tempfile::tempdir().unwrap();
    let (set, _) = generate(dir.path(), NINE_DIGITS);
    let set = set.as_str();
    let out = godtab(&["info", "--table", set], b"");
    assert!(
        stdout(&out).starts_with("puzzle: nine-digits (3x3 permutation puzzle), pattern set\n"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("pattern 1: tiles 4 5 6 7 8 9: 60,480 entries of 4 bits, largest 12\n"));
    assert!(stdout(&out).contains("lower bound: the largest entry\nreflected lookup: no\n"));

    // The built-in complete table's answers, move for move.
    let states = ["4 1 3 5 2 6 7 8 9", "9 8 7 6 5 4 3 2 1", "2 3 1 5 6 4 8 9 7"];
    for state in states {
        let from_set = godtab(&["solve", "--table", set, state], b"");
        let from_table = godtab(&["solve", "nine-digits", state], b"");
        assert!(from_set.status.success());
        assert_eq!(stdout(&from_set), stdout(&from_table));
    }
    // Start to target, by relabelling through the goal.
    let query = ["--from", "4 1 3 5 2 6 7 8 9", "--to", "2 1 3 4 5 6 7 8 9"];
    let from_set = godtab(&[&["solve", "--table", set][..], &query].concat(), b"");
    let from_table = godtab(&[&["solve", "nine-digits"][..], &query].concat(), b"");
    assert_eq!(stdout(&from_set), "4 1 3 5 2 6 7 8 9 to 2 1 3 4 5 6 7 8 9: 10 moves: A A B B B C B C C C\n");
    assert_eq!(stdout(&from_set), stdout(&from_table));
    // A scramble stands for its state, as from a complete table.
    let out = godtab(&["solve", "--table", set, "--scramble", "A B"], b"");
    assert_eq!(stdout(&out), "A B: 6 moves: B B B A A A\n");
    let out = godtab(&["judge", "--table", set], b"4 1 3 5 2 6 7 8 9\n1 2 3 4 5 6 7 8 9\n");
    assert_eq!(stdout(&out), "3 A A A\n0\n");
}

#[test]
fn random_draws_states_of_a_pattern_set() {
    let dir = tempfile::tempdir().unwrap();
    let (set, _) = generate(dir.path(), SPEC);
    let set = set.as_str();
    let cases = godtab(&["random", "--table", set, "--count", "40", "--seed", "3", "--distinct"], b"");
    assert!(cases.status.success(), "{}", String::from_utf8_lossy(&cases.stderr));
    let lines: Vec<&str> = stdout(&cases).lines().collect();
    assert_eq!(lines.len(), 40);
    assert_eq!(lines.iter().collect::<std::collections::HashSet<_>>().len(), 40);
    // Every one solvable, as the search finds; the same seed, the same states.
    let answers = godtab(&["judge", "--table", set], &cases.stdout);
    assert!(answers.status.success());
    assert!(!stdout(&answers).contains("unsolvable"));
    let again = godtab(&["random", "--table", set, "--count", "40", "--seed", "3", "--distinct"], b"");
    assert_eq!(again.stdout, cases.stdout);
    // --unsolvable 1: every state unsolvable.
    let cases = godtab(&["random", "--table", set, "--count", "10", "--seed", "3", "--unsolvable", "1"], b"");
    let answers = godtab(&["judge", "--table", set], &cases.stdout);
    assert_eq!(stdout(&answers), "unsolvable\n".repeat(10));
    // A distance needs a complete table.
    let out = godtab(&["random", "--table", set, "--depth", "3"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--depth needs a complete table"));
}
