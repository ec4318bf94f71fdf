//! End-to-end tests of the contest tools: Eight II (HDU 3567) judged and
//! solved from start to target, judging files, placeholders for bad cases
//! and the cap on listed bad cases.

use crate::common::{godtab, stderr, stdout};

pub(crate) const EIGHT_TWO_SAMPLE: &str = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";

#[test]
fn eight_two_sample() {
    let out = godtab(&["judge", "eight-two"], EIGHT_TWO_SAMPLE.as_bytes());
    assert_eq!(stdout(&out), "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n");
    assert!(out.status.success(), "{}", stderr(&out));
    // --format eight-two names the same judge; CRLF and blank lines are fine.
    let crlf = EIGHT_TWO_SAMPLE.replace('\n', "\r\n\r\n");
    let out = godtab(&["judge", "--format", "eight-two"], crlf.as_bytes());
    assert_eq!(stdout(&out), "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n");
}

#[test]
fn eight_two_bad_cases_keep_their_place_with_on_error_line() {
    let input = "3\n12X453786\n21345678X\n12X453786\n12345678Y\n564178X23\n7568X4123\n";
    let out = godtab(&["judge", "eight-two", "--on-error", "line"], input.as_bytes());
    assert_eq!(stdout(&out), "Case 1: error\n\nCase 2: error\n\nCase 3: 8\nurrulldr\n");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.starts_with("godtab judge: case 1 (line 2): the target cannot be reached"), "{err}");
    assert!(err.contains("case 2 (line 4): target: "), "{err}");
    // Without it the bad cases get no lines; a wrong count is reported.
    let out = godtab(&["judge", "eight-two"], b"5\n12X453786\n12345678X\n");
    assert_eq!(stdout(&out), "Case 1: 2\ndd\n");
    assert_eq!(stderr(&out), "godtab judge: line 1: the first line says 5 cases, the input has 1\n");
}

#[test]
fn solve_from_to_relabels_through_the_goal() {
    let out = godtab(&["solve", "eight-two", "--from", "564178X23", "--to", "7568X4123"], b"");
    assert_eq!(stdout(&out), "5 6 4 1 7 8 x 2 3 to 7 5 6 8 x 4 1 2 3: 8 moves: u r r u l l d r\n");
    // Nine Digits has distinct tiles: any target works.
    let out = godtab(&["solve", "nine-digits", "--from", "413526789", "--to", "123456789", "--json"], b"");
    assert_eq!(
        stdout(&out),
        "{\"from\":\"4 1 3 5 2 6 7 8 9\",\"to\":\"1 2 3 4 5 6 7 8 9\",\"table\":\"nine-digits\",\"solvable\":true,\
         \"distance\":3,\"moves\":[\"A\",\"A\",\"A\"]}\n"
    );
    // The eight-puzzle's goal has its blank at cell 8: the error names the table that answers.
    let out = godtab(&["solve", "eight-puzzle", "--from", "564178X23", "--to", "7568X4123"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("the built-in table eight-two-4 answers it"), "{}", stderr(&out));
    let out = godtab(&["solve", "nine-digits", "--from", "413526789"], b"");
    assert_eq!(out.status.code(), Some(2), "--from without --to is a usage error");
}

#[test]
fn judge_reads_files_and_caps_the_listed_bad_cases() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one.txt"), dir.path().join("two.txt"));
    std::fs::write(&one, "1 2 3 4 5 6 7 8 9\nbad\n").unwrap();
    std::fs::write(&two, "bad\nbad\n4 1 3 5 2 6 7 8 9").unwrap();
    let (one, two) = (one.to_str().unwrap(), two.to_str().unwrap());
    let out = godtab(&["judge", "nine-digits", one, two, "--max-errors", "2", "--on-error", "line"], b"");
    assert_eq!(stdout(&out), "0\nerror\nerror\nerror\n3\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!(
            "godtab judge: {one}: case 2 (line 2): column 1: 'b' is not a tile\n\
             godtab judge: {two}: case 1 (line 1): column 1: 'b' is not a tile\n\
             godtab judge: ... and 1 more bad case (--max-errors)\n"
        )
    );
    let out = godtab(&["judge", "nine-digits", "/no/such/file"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("/no/such/file"), "{}", stderr(&out));
}

/// Writes the cases and the answers, then runs `godtab check` on them.
fn check(args: &[&str], cases: &str, answers: &str) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    let (input, output) = (dir.path().join("in.txt"), dir.path().join("out.txt"));
    std::fs::write(&input, cases).unwrap();
    std::fs::write(&output, answers).unwrap();
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    all.extend([input.to_str().unwrap(), output.to_str().unwrap()]);
    godtab(&all, b"")
}

#[test]
fn check_accepts_any_optimal_answer_with_lenient_whitespace() {
    let cases = "7 3 9\n2 5 1\n4 8 6\n1 2 3\n4 5 6\n7 9 8\n1 2 3\n4 5 6\n7 8 9\n0\n";
    // godtab's answers, then other spellings of right answers.
    for answers in ["3 V1V3H1\nNot solvable\n0\n", "3 V1 V3 H1  \r\n\r\nNot solvable\n0"] {
        let out = check(&["nine-puzzle"], cases, answers);
        assert_eq!(stdout(&out), "all 3 answers are right\n", "{answers:?}");
        assert!(out.status.success());
    }
    // Words and numbers as the statement writes them, as contest judges
    // hold them.
    for (answers, why) in [
        (
            "3 V1V3H1\nNOT SOLVABLE\n0\n",
            "case 2 (input line 4, output line 2): malformed line: the statement writes \"Not solvable\", in that case",
        ),
        (
            "+3 V1V3H1\nNot solvable\n0\n",
            "case 1 (input line 1, output line 1): malformed line: expected the number of moves first",
        ),
        (
            "03 V1V3H1\nNot solvable\n0\n",
            "case 1 (input line 1, output line 1): malformed line: expected the number of moves first",
        ),
    ] {
        let out = check(&["nine-puzzle"], cases, answers);
        assert_eq!(stdout(&out), format!("{why}\n"), "{answers:?}");
        assert_eq!(out.status.code(), Some(1));
    }
    // Another optimal answer of the 8-puzzle's (a different order of the
    // same 2 moves is not one: each must be legal where it is made).
    let out = check(&["eight-puzzle"], "1 2 3 4 5 6 x 7 8\n1 2 3 4 5 6 7 8 x\n", "rr\n\n");
    assert_eq!(stdout(&out), "all 2 answers are right\n");
}

#[test]
fn check_reports_the_first_wrong_case_and_why() {
    let eight = "23415x768\n1 2 3 4 5 6 7 8 x\n2 1 3 4 5 6 7 8 x\n";
    for (answers, report) in [
        (
            "ullddrurdllurdruldrlr\n\nunsolvable\n",
            "case 1 (input line 1, output line 1): not optimal: 21 moves where 19 suffice",
        ),
        ("ullddrurdllurdruldq\n", "case 1 (input line 1, output line 1): column 19: unknown move"),
        ("rr\n", "case 1 (input line 1, output line 1): move 1 (r) is illegal there"),
        ("ullddrurdllurdruldr\nu\n", "case 2 (input line 2, output line 2): the moves do not reach the goal (1 given)"),
        (
            "ullddrurdllurdruldr\n\nlr\n",
            "case 3 (input line 3, output line 3): gives moves, but the case is unsolvable",
        ),
        ("unsolvable\n", "case 1 (input line 1, output line 1): says unsolvable, but it is solvable in 19 moves"),
        ("ullddrurdllurdruldr\n", "cases 2 to 3 (input line 2): missing output: "),
        ("ullddrurdllurdruldr\n\nunsolvable\nu\n", "output line 4: extra output after the answers to all 3 cases"),
    ] {
        let out = check(&["eight-puzzle"], eight, answers);
        assert!(stdout(&out).starts_with(report), "{answers:?}: {}", stdout(&out));
        assert_eq!(out.status.code(), Some(1));
    }
    let digits = "1 2 3 4 5 6 7 8 9\n4 1 3 5 2 6 7 8 9\n";
    let out = check(&["nine-digits", "--all"], digits, "1\nthree\n");
    assert_eq!(
        stdout(&out),
        "case 1 (input line 1, output line 1): wrong: 1 where 0 is the fewest\n\
         case 2 (input line 2, output line 2): malformed line: expected a number\n\
         2 of 2 answers wrong\n"
    );
    // The generic format: the count, then the moves apart.
    let out = check(&["nine-digits", "--format", "generic"], digits, "0\n3 A A A\n");
    assert_eq!(stdout(&out), "all 2 answers are right\n");
    let out = check(&["nine-digits", "--format", "generic"], digits, "0\n3 A A E\n");
    assert_eq!(stdout(&out), "case 2 (input line 2, output line 2): column 7: unknown move\n");
    let out = check(&["nine-puzzle"], "7 3 9\n2 5 1\n4 8 6\n0\n", "2 V1V3H1\n");
    assert_eq!(stdout(&out), "case 1 (input line 1, output line 1): says 2 moves but gives 3\n");
}

#[test]
fn check_eight_two_wants_the_least_optimal_moves() {
    // The statement's samples, then a case with two optimal answers.
    let cases = "3\n12X453786\n12345678X\n564178X23\n7568X4123\n12X453786\n1354X2786\n";
    let right = "Case 1: 2\ndd\nCase 2: 8  \r\nurrulldr\nCase 3: 6\ndlurdl";
    let out = check(&["eight-two"], cases, right);
    assert_eq!(stdout(&out), "all 3 answers are right\n");
    assert!(out.status.success());
    let head = "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n";
    for (last, report) in [
        (
            "Case 3: 6\nldruld\n",
            "optimal, but not the lexicographically least optimal moves the statement asks for (dlurdl)",
        ),
        ("Case 3: 8\ndlurdlrl\n", "wrong: 8 where 6 is the fewest"),
        ("Case 3: 6\ndlurdx\n", "column 6: unknown move"),
        ("Case 3: 6\nllruld\n", "move 4 (u) is illegal there"),
        ("Case 3: 6\ndlurdu\n", "the moves do not reach the target (6 given)"),
        ("Case 4: 6\ndlurdl\n", "malformed line: it answers case 4 where case 3 is due"),
        ("Case three\n", "malformed line: expected \"Case k: D\""),
    ] {
        let out = check(&["eight-two"], cases, &format!("{head}{last}"));
        assert_eq!(stdout(&out), format!("case 3 (input line 6, output line 5): {report}\n"), "{last:?}");
        assert_eq!(out.status.code(), Some(1));
    }
    let out = check(&["eight-two"], cases, head);
    assert_eq!(
        stdout(&out),
        format!("case 3 (input line 6): missing output: {}", stdout(&out).split_once("output: ").unwrap().1)
    );
    assert!(stdout(&out).ends_with("out.txt ends first\n"), "{}", stdout(&out));
}

#[test]
fn check_reads_a_pattern_set_and_the_eight_two_judge_refuses_one() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("p.toml");
    std::fs::write(
        &spec,
        "name = \"p\"\nkind = \"sliding\"\nrows = 3\ncols = 3\npatterns = [[1, 2, 3, 4], [5, 6, 7, 8]]\n",
    )
    .unwrap();
    let set = dir.path().join("p.gtab");
    let set = set.to_str().unwrap();
    let out = godtab(&["gen", "--spec", spec.to_str().unwrap(), "-o", set], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    // Each case's fewest moves come from the search.
    let cases = "1 2 3 4 5 6 7 x 8\n1 2 3 4 5 6 x 7 8\n2 1 3 4 5 6 7 8 x\n";
    let out = check(&["--table", set], cases, "1 r\n2 r r\nunsolvable\n");
    assert_eq!(stdout(&out), "all 3 answers are right\n");
    let out = check(&["--table", set, "--all"], cases, "3 r l r\n2 r r\n0\n");
    assert_eq!(
        stdout(&out),
        "case 1 (input line 1, output line 1): not optimal: 3 moves where 1 suffice\n\
         case 3 (input line 3, output line 3): gives moves, but the case is unsolvable\n2 of 3 answers wrong\n"
    );
    // Only an answer sound in every other way waits on the search.
    let hard = "8 6 7 2 5 4 3 x 1\n";
    let optimal = "31 u u l d d r r u u l d l d r r u u l d l d r r u u l l d d r r\n";
    let out = check(&["--table", set, "--max-nodes", "1"], hard, optimal);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("cannot tell: the search for the fewest moves stopped at 1 node (raise --max-nodes)"),
        "{}",
        stdout(&out)
    );

    // The Eight II judge looks answers up: a pattern set in its place is
    // refused in one line.
    let named = dir.path().join("eight-two-0.toml");
    std::fs::write(
        &named,
        "name = \"eight-two-0\"\nkind = \"sliding\"\nrows = 3\ncols = 3\ngoal = [\"x\", 1, 2, 3, 4, 5, 6, 7, 8]\n\
         moves = [\"d\", \"l\", \"r\", \"u\"]\npatterns = [[1, 2, 3, 4], [5, 6, 7, 8]]\n",
    )
    .unwrap();
    let in_place = dir.path().join("eight-two-0.gtab");
    let made = godtab(&["gen", "--spec", named.to_str().unwrap(), "-o", in_place.to_str().unwrap()], b"");
    assert!(made.status.success(), "{}", stderr(&made));
    let out = godtab(&["judge", "eight-two", "--tables", dir.path().to_str().unwrap()], b"1\nX12345678\n12345678X\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).ends_with("eight-two-0.gtab: a pattern set; eight-two needs a complete table\n"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn random_lists_levels_mixes_unsolvable_states_and_draws_eight_two_pairs() {
    // The 8-puzzle's two states at 31 moves, each answered in 31.
    let all = godtab(&["random", "eight-puzzle", "--all", "--depth", "31"], b"");
    assert_eq!(stdout(&all).lines().count(), 2);
    let judged = godtab(&["judge", "eight-puzzle"], &all.stdout);
    assert!(stdout(&judged).lines().all(|moves| moves.len() == 31), "{}", stdout(&judged));
    // The 9 Puzzle: three lines per case and the closing 0; all unsolvable.
    let cases = godtab(&["random", "nine-puzzle", "--count", "5", "--seed", "4", "--unsolvable", "1"], b"");
    assert_eq!(stdout(&cases).lines().count(), 16);
    assert!(stdout(&cases).ends_with("\n0\n"));
    let judged = godtab(&["judge", "nine-puzzle"], &cases.stdout);
    assert_eq!(stdout(&judged), "Not solvable\n".repeat(5));
    let digits = godtab(&["random", "nine-digits", "--unsolvable", "0.5"], b"");
    assert!(stderr(&digits).contains("every arrangement of nine-digits's tiles is solvable"));
    // Eight II pairs 12 moves apart, in its input format.
    let pairs = godtab(&["random", "eight-two", "--count", "3", "--depth", "12", "--seed", "5"], b"");
    let text = stdout(&pairs);
    assert_eq!(text.lines().count(), 7);
    assert!(text.lines().skip(1).all(|l| l.len() == 9 && l.contains('X')), "{text}");
    let judged = godtab(&["judge", "eight-two"], &pairs.stdout);
    let distances: Vec<&str> = stdout(&judged).lines().step_by(2).collect();
    assert_eq!(distances, ["Case 1: 12", "Case 2: 12", "Case 3: 12"]);
}
