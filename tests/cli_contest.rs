//! End-to-end tests of the contest tools: Eight II (HDU 3567) judged and
//! solved from start to target, judging files, placeholders for bad cases
//! and the cap on listed bad cases.

use std::path::Path;

use crate::common::{godtab, stderr, stdout};

const EIGHT_TWO_SAMPLE: &str = "2\n12X453786\n12345678X\n564178X23\n7568X4123\n";

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

/// The nine-puzzle's cases (the statement's sample: solvable in 3,
/// unsolvable, solved) and right answers to them.
const NINE_CASES: &str = "7 3 9\n2 5 1\n4 8 6\n1 2 3\n4 5 6\n7 9 8\n1 2 3\n4 5 6\n7 8 9\n0\n";
const NINE_RIGHT: &str = "3 V1V3H1\nNot solvable\n0\n";

/// Runs `check --protocol testlib nine-puzzle INPUT OUTPUT ANSWER
/// RESULT_FILE`; its output and the result file's text.
fn testlib(output: &str, answer: &str) -> (std::process::Output, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let (input, out, ans) = (path("in", NINE_CASES), path("out", output), path("ans", answer));
    let result = dir.path().join("result.txt");
    let args = ["check", "--protocol", "testlib", "nine-puzzle", &input, &out, &ans, result.to_str().unwrap()];
    let run = godtab(&args, b"");
    let text = std::fs::read_to_string(&result).unwrap_or_default();
    (run, text)
}

/// testlib's `-appes` after the result file: the verdict as testlib's XML,
/// for each outcome, with the message escaped; and godtab unable to judge
/// at all still writes its fail there.
#[test]
fn testlib_appes_result_files_are_xml() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let (input, answer) = (path("in", NINE_CASES), path("ans", NINE_RIGHT));
    let result = dir.path().join("result.xml");
    let result = result.to_str().unwrap();
    for (output, code, outcome) in [
        (NINE_RIGHT, 0, "accepted"),
        ("6 V1V3H1H1H1H1\nNot solvable\n0\n", 1, "wrong-answer"),
        ("3 V1V3H1\nNOT SOLVABLE\n0\n", 2, "presentation-error"),
    ] {
        let out = path("out", output);
        let run =
            godtab(&["check", "--protocol", "testlib", "nine-puzzle", &input, &out, &answer, result, "-appes"], b"");
        assert_eq!(run.status.code(), Some(code), "{output:?}: {}", stderr(&run));
        let xml = std::fs::read_to_string(result).unwrap();
        let message = stderr(&run).trim_end().replace('"', "&quot;");
        let expected =
            format!("<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome = \"{outcome}\">{message}</result>\n");
        assert_eq!(xml, expected);
    }
    let run =
        godtab(&["check", "--protocol", "testlib", "nine-puzzle", "/nonexistent<", "/a", "/b", result, "-appes"], b"");
    assert_eq!(run.status.code(), Some(3), "{}", stderr(&run));
    let xml = std::fs::read_to_string(result).unwrap();
    assert!(xml.contains("<result outcome = \"fail\">FAIL "), "{xml}");
    assert!(xml.contains("/nonexistent&lt;"), "the message is escaped: {xml}");
}

#[test]
fn testlib_protocol_exit_codes_and_messages() {
    for (output, answer, code, message) in [
        (NINE_RIGHT, NINE_RIGHT, 0, "ok all 3 answers are right"),
        // Another optimal sequence is right too.
        ("3 V3 V1 H1\nNot solvable\n0\n", NINE_RIGHT, 0, "ok all 3 answers are right"),
        (
            "6 V1V3H1H1H1H1\nNot solvable\n0\n",
            NINE_RIGHT,
            1,
            "wrong answer case 1 (input line 1, output line 1): not optimal",
        ),
        (
            "3 V1V3H1\n0\n0\n",
            NINE_RIGHT,
            1,
            "wrong answer case 2 (input line 4, output line 2): gives moves, but the case is unsolvable",
        ),
        (
            "3 V1V3H1\nNOT SOLVABLE\n0\n",
            NINE_RIGHT,
            2,
            "wrong output format case 2 (input line 4, output line 2): malformed line",
        ),
        ("3 V1V3H1\nNot solvable\n", NINE_RIGHT, 2, "wrong output format case 3 (input line 7): missing output"),
        ("3 V1V3H1\nNot solvable\n0\n0\n", NINE_RIGHT, 2, "wrong output format output line 4: extra output"),
        // The jury's answer file is checked first: not optimal is a fail,
        // whatever the contestant wrote.
        (NINE_RIGHT, "6 V1V3H1H1H1H1\nNot solvable\n0\n", 3, "FAIL the jury's answer file is not right: case 1"),
    ] {
        let (out, result) = testlib(output, answer);
        assert_eq!(out.status.code(), Some(code), "{output:?}: {}", stderr(&out));
        assert!(stderr(&out).starts_with(message), "{output:?}: {}", stderr(&out));
        assert_eq!(result, stderr(&out), "the result file holds the message");
        assert_eq!(stderr(&out).lines().count(), 1, "one line: {}", stderr(&out));
    }
    // godtab unable to judge (a missing file) is a fail, not a wrong answer.
    let out = godtab(&["check", "--protocol", "testlib", "nine-puzzle", "/nonexistent", "/a", "/b"], b"");
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).starts_with("FAIL "), "{}", stderr(&out));
}

/// Runs `check --protocol kattis nine-puzzle INPUT ANSWER FEEDBACK_DIR <
/// output`; its output, judgemessage.txt and teammessage.txt.
fn kattis(output: &str, answer: &str) -> (std::process::Output, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let (input, ans) = (dir.path().join("in"), dir.path().join("ans"));
    std::fs::write(&input, NINE_CASES).unwrap();
    std::fs::write(&ans, answer).unwrap();
    let feedback = dir.path().join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    let (input, ans, fb) = (input.to_str().unwrap(), ans.to_str().unwrap(), feedback.to_str().unwrap());
    let run = godtab(&["check", "--protocol", "kattis", "nine-puzzle", input, ans, fb], output.as_bytes());
    let read = |name: &str| std::fs::read_to_string(feedback.join(name)).unwrap_or_default();
    (run, read("judgemessage.txt"), read("teammessage.txt"))
}

#[test]
fn kattis_protocol_exit_codes_and_feedback() {
    let (out, judge, team) = kattis(NINE_RIGHT, NINE_RIGHT);
    assert_eq!(out.status.code(), Some(42), "{}", stderr(&out));
    assert_eq!(judge, "all 3 answers are right\n");
    assert_eq!(team, "");
    for (output, report, short) in [
        (
            "6 V1V3H1H1H1H1\nNot solvable\n0\n",
            "case 1 (input line 1, output line 1): not optimal: 6 moves where 3 suffice\n",
            "wrong answer: case 1\n",
        ),
        (
            "3 V1V3H1\nNOT SOLVABLE\n0\n",
            "case 2 (input line 4, output line 2): malformed line",
            "output format error: case 2\n",
        ),
    ] {
        let (out, judge, team) = kattis(output, NINE_RIGHT);
        assert_eq!(out.status.code(), Some(43), "{output:?}: {}", stderr(&out));
        assert!(judge.starts_with(report), "{judge}");
        assert_eq!(team, short);
    }
    // A jury answer that is not optimal is a judge error (neither 42 nor 43).
    let (out, judge, _) = kattis(NINE_RIGHT, "6 V1V3H1H1H1H1\nNot solvable\n0\n");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(judge.starts_with("the jury's answer file is not right: case 1"), "{judge}");
    // So is a feedback folder that does not exist.
    let out = godtab(&["check", "--protocol", "kattis", "nine-puzzle", "in", "ans", "/nonexistent"], b"");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("/nonexistent: the feedback folder does not exist"), "{}", stderr(&out));
}

/// `godtab validate` as a platform runs an input validator: the input on
/// standard input, the verdict in the exit status.
fn validate(args: &[&str], input: &[u8]) -> (Option<i32>, String) {
    let mut all = vec!["validate"];
    all.extend_from_slice(args);
    let out = godtab(&all, input);
    (out.status.code(), stderr(&out).to_string())
}

#[test]
fn validate_accepts_what_random_writes_in_every_format() {
    let unsolvable = &["--unsolvable", "0.3"][..];
    for (puzzle, extra) in
        [("nine-digits", &[][..]), ("nine-puzzle", unsolvable), ("eight-puzzle", unsolvable), ("eight-two", &[])]
    {
        let mut args = vec!["random", puzzle, "--count", "40", "--seed", "5"];
        args.extend_from_slice(extra);
        let input = godtab(&args, b"").stdout;
        assert_eq!(validate(&[puzzle], &input), (Some(0), "ok: 40 cases\n".into()), "{puzzle}");
        assert_eq!(validate(&[puzzle, "--protocol", "kattis"], &input).0, Some(42), "{puzzle}");
        assert_eq!(validate(&[puzzle, "--protocol", "testlib"], &input).0, Some(0), "{puzzle}");
        assert_eq!(validate(&[puzzle, "--max-cases", "39"], &input).0, Some(1), "{puzzle}");
    }
    // The statements' own samples.
    assert_eq!(validate(&["eight-two"], EIGHT_TWO_SAMPLE.as_bytes()).0, Some(0));
    let nine = b"2 3 1\n4 5 6\n7 8 9\n7 3 9\n2 5 1\n4 8 6\n1 2 3\n4 5 6\n7 9 8\n0\n";
    assert_eq!(validate(&["nine-puzzle"], nine), (Some(0), "ok: 3 cases\n".into()));
    // A user's table: its cases as random writes them, and its scrambles.
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.gtab");
    let table = table.to_str().unwrap();
    assert!(godtab(&["gen", "--spec", "data/puzzles/slide-2x3.toml", "-o", table], b"").status.success());
    for format in ["generic", "scramble"] {
        let input = godtab(&["random", "--table", table, "--count", "9", "--format", format], b"").stdout;
        assert_eq!(validate(&["--table", table, "--format", format], &input).0, Some(0), "{format}");
    }
    // An orbit puzzle's states in blocks, each ended by a line End.
    let cube = dir.path().join("cube.gtab");
    let cube = cube.to_str().unwrap();
    assert!(godtab(&["gen", "--spec", "data/puzzles/cube-2x2x2.tws", "-o", cube], b"").status.success());
    let input = godtab(&["random", "--table", cube, "--count", "3"], b"").stdout;
    assert_eq!(validate(&["--table", cube], &input), (Some(0), "ok: 3 cases\n".into()));
    let text = String::from_utf8(input).unwrap();
    let lines = text.lines().count();
    let cut = text.strip_suffix("End\n").unwrap();
    let why = format!("godtab validate: line {}: a state without its line End\n", lines - 1);
    assert_eq!(validate(&["--table", cube], cut.as_bytes()), (Some(1), why));
    let (first, rest) = text.split_once('\n').unwrap();
    let spaced = format!("{first} \n{rest}");
    let why = format!("godtab validate: line 1, column {}: found a space after the case's end\n", first.len() + 1);
    assert_eq!(validate(&["--table", cube], spaced.as_bytes()), (Some(1), why));
}

#[test]
fn validate_names_the_line_and_column_of_every_fault() {
    let cases: [(&str, &[u8], &str); 14] = [
        ("nine-digits", b"1 2 3 4 5 6 7 8 9\n1 2 3  4 5 6 7 8 9\n", "line 2, column 7: found a space, expected '4'"),
        ("nine-digits", b"1 2 3 4 5 6 7 8 9 \n", "line 1, column 18: found a space after the case's end"),
        ("nine-digits", b"1 2 3 4 5 6 7 8 9\r\n", "line 1, column 18: a carriage return (lines end in \\n alone)"),
        ("nine-digits", b"1 2 3 4 5 6 7 8 9", "line 1: the last line does not end in a newline"),
        ("nine-digits", b"", "line 1: the input is empty"),
        ("nine-digits", b"1 2 3 4 5 6 7 8 9\n\n", "line 2: an empty line"),
        ("nine-digits", b"1 2 3 4 5 6 7 8 8\n", "line 1: cell 9: tile 8 appears more often than in the goal"),
        ("nine-digits", b"\t1 2 3 4 5 6 7 8 9\n", "line 1, column 1: found a tab, expected '1'"),
        ("eight-puzzle", b"12345678x\n", "line 1, column 2: found '2', expected a space"),
        ("nine-puzzle", b"1 2 3\n4 5 6\n7 8 9\n", "line 3: no line 0 after the last case"),
        ("nine-puzzle", b"1 2 3\n4 5 6\n7 8 9\n0\n\n", "line 5: input after the line 0 that ends it"),
        ("nine-puzzle", b"1 2 3\n4 5 6\n0\n", "line 3: the line 0 cuts a case short after 2 of its 3 lines"),
        (
            "eight-two",
            b"1\n12345678X\n2134567X8\n",
            "line 3: case 1: the target cannot be reached from the start: their tiles' orders differ in parity",
        ),
        ("eight-two", b"2\n12345678X\n12345678X\n", "line 3: 2 cases take 5 lines; the input has 3"),
    ];
    for (puzzle, input, why) in cases {
        assert_eq!(validate(&[puzzle], input), (Some(1), format!("godtab validate: {why}\n")), "{puzzle} {input:?}");
        assert_eq!(validate(&[puzzle, "--protocol", "kattis"], input).0, Some(43));
        assert_eq!(validate(&[puzzle, "--protocol", "testlib"], input), (Some(3), format!("FAIL {why}\n")));
    }
    assert_eq!(validate(&["eight-two"], b"1\n12345678X\n1234567X8\n").0, Some(0));
    assert!(
        validate(&["eight-two"], b"1\n1234X678X\n1234567X8\n").1.ends_with("line 2, column 9: 'X' appears twice\n")
    );
    assert!(
        validate(&["eight-two"], b"01\n12345678X\n1234567X8\n")
            .1
            .ends_with("line 1: expected the number of cases, at least 1\n")
    );
}

#[test]
fn package_writes_data_answers_and_validators_called_as_kattis_calls_them() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("eightpuzzle");
    let out = godtab(&["package", "eight-puzzle", root.to_str().unwrap(), "--files", "2", "--cases", "10"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read_to_string(root.join("problem.yaml")).unwrap().contains("validation: custom\n"));
    assert_eq!(std::fs::read_to_string(root.join("data/sample/1.in")).unwrap(), "2 3 4 1 5 x 7 6 8\n");
    assert_eq!(std::fs::read_to_string(root.join("data/sample/1.ans")).unwrap(), "ullddrurdllurdruldr\n");
    assert!(root.join("submissions/accepted/bfs.py").is_file());
    let validator = |folder: &str| root.join(folder).join("godtab/run");
    for name in ["sample/1", "secret/01-random", "secret/02-random", "secret/03-hardest"] {
        let input = root.join(format!("data/{name}.in"));
        let answer = root.join(format!("data/{name}.ans"));
        // The input validator: `run < input`, 42 when valid.
        let status = std::process::Command::new(validator("input_validators"))
            .stdin(std::fs::File::open(&input).unwrap())
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(42), "{name}");
        // The output validator: `run input answer feedback_dir < team_output`.
        let feedback = tempfile::tempdir().unwrap();
        let run = |team: &Path| {
            std::process::Command::new(validator("output_validators"))
                .args([input.as_os_str(), answer.as_os_str(), feedback.path().as_os_str()])
                .stdin(std::fs::File::open(team).unwrap())
                .status()
                .unwrap()
                .code()
        };
        assert_eq!(run(&answer), Some(42), "{name}");
        let wrong = feedback.path().join("wrong");
        std::fs::write(&wrong, "u\n").unwrap();
        assert_eq!(run(&wrong), Some(43), "{name}");
        assert!(feedback.path().join("judgemessage.txt").is_file());
    }
    // A folder that exists is never written into.
    let out = godtab(&["package", "eight-puzzle", root.to_str().unwrap()], b"");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("already exists"), "{}", stderr(&out));
}

/// The package's accepted submission, run as a platform runs it (Python 3,
/// each input file on standard input), is accepted by the package's own
/// output validator on every test file: Eight II's and a board's.
#[test]
fn package_submissions_are_accepted_by_the_output_validator() {
    if !crate::common::slow_tests_run("package_submissions_are_accepted_by_the_output_validator") {
        return;
    }
    // The 8-puzzle in the multi-tile metric comes from a table file (its
    // checker then takes the puzzle from the table).
    for (puzzle, short, multi) in
        [("eight-two", "eighttwo", false), ("nine-puzzle", "ninepuzzle", false), ("eight-puzzle", "eightmulti", true)]
    {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join(short);
        let mut args = vec!["package", puzzle, root.to_str().unwrap(), "--files", "1", "--cases", "20"];
        let table = dir.path().join("multi.gtab");
        if multi {
            let spec = concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles/eight-puzzle.toml");
            let made = godtab(&["gen", "--spec", spec, "--metric", "multi", "-o", table.to_str().unwrap()], b"");
            assert!(made.status.success(), "{}", stderr(&made));
            args.extend(["--table", table.to_str().unwrap()]);
        }
        let out = godtab(&args, b"");
        assert!(out.status.success(), "{puzzle}: {}", stderr(&out));
        let submission = root.join("submissions/accepted/bfs.py");
        let mut inputs: Vec<std::path::PathBuf> = ["sample", "secret"]
            .iter()
            .flat_map(|folder| std::fs::read_dir(root.join("data").join(folder)).unwrap())
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "in"))
            .collect();
        inputs.sort();
        assert!(inputs.len() >= 2, "{puzzle}: {inputs:?}");
        for input in &inputs {
            let name = input.display();
            let answer = input.with_extension("ans");
            let team = std::process::Command::new("python3")
                .arg(&submission)
                .stdin(std::fs::File::open(input).unwrap())
                .output()
                .expect("python3 runs the submission");
            assert!(team.status.success(), "{puzzle} {name}: {}", String::from_utf8_lossy(&team.stderr));
            let output = dir.path().join("team.out");
            std::fs::write(&output, &team.stdout).unwrap();
            let feedback = tempfile::tempdir().unwrap();
            let status = std::process::Command::new(root.join("output_validators/godtab/run"))
                .args([input.as_os_str(), answer.as_os_str(), feedback.path().as_os_str()])
                .stdin(std::fs::File::open(&output).unwrap())
                .status()
                .unwrap();
            let message = std::fs::read_to_string(feedback.path().join("judgemessage.txt")).unwrap_or_default();
            assert_eq!(status.code(), Some(42), "{puzzle} {name}: {message}");
        }
    }
}
