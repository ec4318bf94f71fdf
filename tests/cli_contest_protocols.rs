//! End-to-end tests of the judges' protocols: `check --protocol testlib`
//! (exit codes, messages, APPES result files) and `check --protocol
//! kattis` (exit codes, judge and team feedback).

use crate::common::{godtab, stderr};

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
