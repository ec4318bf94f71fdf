//! End-to-end tests of the contest package: `godtab validate` as a
//! platform's input validator, and `godtab package`'s data, answers and
//! validators, called as Kattis calls them.

use std::path::Path;

use crate::cli_contest::EIGHT_TWO_SAMPLE;
use crate::common::{godtab, stderr};

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
