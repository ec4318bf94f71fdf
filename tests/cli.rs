//! End-to-end tests: the real `godtab` binary on the statements' samples,
//! on bad input, and on every command.

use crate::common::{godtab, stderr, stdout};

#[test]
fn nine_digits_sample() {
    let out = godtab(&["judge", "nine-digits"], b"1 2 3 4 5 6 7 8 9\n4 1 3 5 2 6 7 8 9\n");
    assert_eq!(stdout(&out), "0\n3\n");
    assert!(out.status.success());
}

#[test]
fn nine_puzzle_sample() {
    let input = "2 3 1\n4 5 6\n7 8 9\n7 3 9\n2 5 1\n4 8 6\n1 2 3\n4 5 6\n7 9 8\n0\n";
    let out = godtab(&["judge", "nine-puzzle"], input.as_bytes());
    assert_eq!(stdout(&out), "1 H1\n3 V1V3H1\nNot solvable\n");
    assert!(out.status.success());
    // A solved board prints 0; the end of input also ends it.
    let out = godtab(&["judge", "nine-puzzle"], b"1 2 3\n4 5 6\n7 8 9\n");
    assert_eq!(stdout(&out), "0\n");
    assert!(out.status.success());
}

#[test]
fn eight_puzzle_sample() {
    let out = godtab(&["judge", "eight-puzzle"], b" 2  3  4  1  5  x  7  6  8 \n");
    assert_eq!(stdout(&out), "ullddrurdllurdruldr\n");
    let out = godtab(&["judge", "eight-puzzle"], b"23415x768\n1 2 3 4 5 6 7 8 x\n2 1 3 4 5 6 7 8 x\n");
    assert_eq!(stdout(&out), "ullddrurdllurdruldr\n\nunsolvable\n");
    assert!(out.status.success());
}

#[test]
fn bad_cases_are_reported_and_the_others_answered() {
    let input = "1 2 3 4 5 6 7 8 9\n1 2 3 4 5 6 7 8\n1 2 3 4 5 6 7 8 8\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 q\n4 1 3 5 2 6 7 8 9\n";
    let out = godtab(&["judge", "nine-digits"], input.as_bytes());
    assert_eq!(stdout(&out), "0\n3\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "godtab judge: case 2 (line 2): expected 9 tiles, found 8\n\
         godtab judge: case 3 (line 3): cell 9: tile 8 appears more often than in the goal\n\
         godtab judge: case 4 (line 4): cell 9: 0 is not a tile of this puzzle\n\
         godtab judge: case 5 (line 5): column 17: 'q' is not a tile\n"
    );
}

#[test]
fn nine_puzzle_bad_and_unterminated_cases() {
    let input = "7 3 9\n2 5 1\n4 8 6\n1 2 3\n4 5\n7 8 9\n2 3 1\n4 5 6\n7 8 9\n1 2 3\n";
    let out = godtab(&["judge", "nine-puzzle"], input.as_bytes());
    assert_eq!(stdout(&out), "3 V1V3H1\n1 H1\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "godtab judge: case 2 (line 5): expected 3 tiles on this line of the case, found 2\n\
         godtab judge: case 4 (line 10): the input ended after 1 of the case's 3 lines\n"
    );
    // A line "0" inside a case ends the input; the error names that line.
    let out = godtab(&["judge", "nine-puzzle"], b"1 2 3\n4 5 6\n7 8 9\n2 3 1\n4 5 6\n0\n1 2 3\n");
    assert_eq!(stdout(&out), "0\n");
    assert_eq!(
        stderr(&out),
        "godtab judge: case 2 (line 6): the line \"0\" ended the input after 2 of the case's 3 lines\n"
    );
}

#[test]
fn line_endings_spaces_and_blank_lines() {
    let out = godtab(&["judge", "nine-digits"], b"\r\n4 1 3 5 2 6 7 8 9  \r\n\n\t1 2 3 4 5 6 7 8 9");
    assert_eq!(stdout(&out), "3\n0\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let out = godtab(&["judge", "nine-puzzle"], b"2 3 1\r\n4 5 6\r\n7 8 9\r\n0\r\n");
    assert_eq!(stdout(&out), "1 H1\n");
}

#[test]
fn binary_garbage_and_long_lines() {
    let mut input = b"4 1 3 5 2 6 7 8 9\n\x00\xff\x01garbage\n".to_vec();
    input.extend(std::iter::repeat_n(b'7', 10 << 20));
    input.extend_from_slice(b"\n1 2 3 4 5 6 7 8 9\n");
    // And 10 MB without a newline at the end.
    input.extend(std::iter::repeat_n(b'1', 10 << 20));
    let out = godtab(&["judge", "nine-digits"], &input);
    assert_eq!(stdout(&out), "3\n0\n");
    assert_eq!(out.status.code(), Some(1));
    let errors: Vec<&str> = stderr(&out).lines().collect();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors[0].starts_with("godtab judge: case 2 (line 2): column 1: byte 0x00 is not a tile"), "{errors:?}");
    assert_eq!(errors[1], "godtab judge: case 3 (line 3): line longer than 4096 bytes");
    assert_eq!(errors[2], "godtab judge: case 5 (line 5): line longer than 4096 bytes");
}

#[test]
fn many_cases_keep_their_order() {
    let out = godtab(&["random", "nine-digits", "--count", "50000", "--seed", "7", "--depth", "9"], b"");
    assert!(out.status.success());
    let judged = godtab(&["judge", "nine-digits"], &out.stdout);
    assert!(judged.status.success());
    assert_eq!(stdout(&judged).lines().count(), 50_000);
    assert!(stdout(&judged).lines().all(|d| d == "9"));
}

#[test]
fn random_states_are_solvable_and_in_the_judge_format() {
    for puzzle in ["nine-digits", "nine-puzzle", "eight-puzzle"] {
        let out = godtab(&["random", puzzle, "--count", "200", "--seed", "3"], b"");
        assert!(out.status.success());
        let judged = godtab(&["judge", puzzle], &out.stdout);
        assert!(judged.status.success(), "{puzzle}: {}", stderr(&judged));
        assert_eq!(stdout(&judged).lines().count(), 200, "{puzzle}");
        assert!(!stdout(&judged).contains("olvable"), "{puzzle}");
    }
    let a = godtab(&["random", "eight-puzzle", "--count", "5", "--seed", "11"], b"");
    let b = godtab(&["random", "eight-puzzle", "--count", "5", "--seed", "11"], b"");
    assert_eq!(a.stdout, b.stdout);
    let deep = godtab(&["random", "eight-puzzle", "--depth", "31", "--count", "4", "--seed", "1"], b"");
    for line in stdout(&deep).lines() {
        assert!(["8 6 7 2 5 4 3 x 1", "6 4 7 8 5 x 3 2 1"].contains(&line), "{line}");
    }
    let too_deep = godtab(&["random", "nine-puzzle", "--depth", "13"], b"");
    assert_eq!(too_deep.status.code(), Some(1));
    assert_eq!(
        stderr(&too_deep),
        "godtab: error: no state is 13 moves from the goal: God's number for nine-puzzle is 12\n"
    );
}

#[test]
fn solve_prints_distance_and_moves() {
    let out = godtab(&["solve", "nine-puzzle", "7 3 9 2 5 1 4 8 6", "123456798"], b"");
    assert_eq!(stdout(&out), "7 3 9 2 5 1 4 8 6: 3 moves: V1 V3 H1\n1 2 3 4 5 6 7 9 8: unsolvable\n");
    let out = godtab(&["solve", "nine-digits", "4", "1", "3", "5", "2", "6", "7", "8", "9"], b"");
    assert_eq!(stdout(&out), "4 1 3 5 2 6 7 8 9: 3 moves: A A A\n");
    let out = godtab(&["solve", "eight-puzzle", "1 2 3 4 5 6 7 x 8", "--show"], b"");
    assert_eq!(stdout(&out), "1 2 3 4 5 6 7 x 8: 1 move: r\n1 2 3\n4 5 6\n7 x 8\n-- 1. r --\n1 2 3\n4 5 6\n7 8 x\n");
    let out = godtab(&["solve", "eight-puzzle", "2 3 4 1 5 x 7 6 8", "--json"], b"");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["distance"], 19);
    assert_eq!(json["moves"].as_array().unwrap().len(), 19);
    let bad = godtab(&["solve", "eight-puzzle", "1 2 3", "1 2 3 4 5 6 7 8 x"], b"");
    assert_eq!(bad.status.code(), Some(1));
    assert_eq!(stdout(&bad), "1 2 3 4 5 6 7 8 x: solved (0 moves)\n");
    assert_eq!(stderr(&bad), "godtab solve: \"1 2 3\": expected 9 tiles, found 3\n");
    // JSON: one object per state, the bad one with its error.
    let json = godtab(&["solve", "eight-puzzle", "23415x768", "1 2 3", "--json"], b"");
    assert_eq!(json.status.code(), Some(1));
    assert_eq!(
        stdout(&json),
        "{\"state\":\"2 3 4 1 5 x 7 6 8\",\"solvable\":true,\"distance\":19,\"moves\":[\"u\",\"l\",\"l\",\"d\",\"d\",\
         \"r\",\"u\",\"r\",\"d\",\"l\",\"l\",\"u\",\"r\",\"d\",\"r\",\"u\",\"l\",\"d\",\"r\"]}\n\
         {\"state\":\"1 2 3\",\"solvable\":false,\"distance\":null,\"moves\":[],\"error\":\"expected 9 tiles, found 3\"}\n"
    );
    // With --table the puzzle may still be named, and must match.
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("nine-digits.gtab").to_str().unwrap().to_string();
    assert!(godtab(&["gen", "nine-digits", "-o", &table], b"").status.success());
    let named_ok = godtab(&["solve", "nine-digits", "--table", &table, "413526789"], b"");
    assert_eq!(stdout(&named_ok), "4 1 3 5 2 6 7 8 9: 3 moves: A A A\n", "{}", stderr(&named_ok));
    let mismatch = godtab(&["solve", "nine-puzzle", "--table", &table, "413526789"], b"");
    assert_eq!(mismatch.status.code(), Some(1));
    assert!(stderr(&mismatch).ends_with("holds the table of \"nine-digits\", not \"nine-puzzle\"\n"));
    // A puzzle named like a tile: one tile per argument is still a state.
    let spec = dir.path().join("8.toml");
    std::fs::write(&spec, "name = \"8\"\nkind = \"sliding\"\nrows = 3\ncols = 3\n").unwrap();
    let eight = dir.path().join("8.gtab").to_str().unwrap().to_string();
    assert!(godtab(&["gen", "--spec", spec.to_str().unwrap(), "-o", &eight], b"").status.success());
    let tiles = godtab(&["solve", "--table", &eight, "8", "1", "3", "4", "x", "2", "7", "6", "5"], b"");
    assert_eq!(stdout(&tiles), "8 1 3 4 x 2 7 6 5: 14 moves: r d l l u u r d l d r u r d\n", "{}", stderr(&tiles));
}

#[test]
fn info_reports_the_table() {
    let out = godtab(&["info", "nine-digits", "--json"], b"");
    assert!(out.status.success());
    let info: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(info["puzzle"], "nine-digits");
    assert_eq!(info["states"], 362_880);
    assert_eq!(info["reachable"], 362_880);
    assert_eq!(info["max_depth"], 15);
    assert_eq!(info["histogram"].as_array().unwrap().len(), 16);
    assert_eq!(info["histogram"][0], 1);
    assert_eq!(info["bytes"], 272_464);
    assert_eq!(info["checksum_ok"], true);
    let text = godtab(&["info", "eight-puzzle"], b"");
    let text = stdout(&text);
    assert!(text.contains("God's number  31"), "{text}");
    assert!(text.contains("embedded in the godtab binary"), "{text}");
}

#[test]
fn gen_writes_tables_that_verify_and_answer() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("nine-puzzle.gtab");
    let packed = dir.path().join("nine-puzzle.gtab.zst");
    for path in [&plain, &packed] {
        let out = godtab(&["gen", "nine-puzzle", "-o", path.to_str().unwrap()], b"");
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let verified = godtab(&["verify", plain.to_str().unwrap(), packed.to_str().unwrap()], b"");
    assert!(verified.status.success(), "{}", stderr(&verified));
    assert_eq!(stdout(&verified).lines().count(), 2);
    let input = b"7 3 9\n2 5 1\n4 8 6\n0\n";
    for path in [&plain, &packed] {
        let out = godtab(&["judge", "--table", path.to_str().unwrap()], input);
        assert_eq!(stdout(&out), "3 V1V3H1\n");
    }
    let out = godtab(&["judge", "nine-puzzle", "--tables", dir.path().to_str().unwrap()], input);
    assert_eq!(stdout(&out), "3 V1V3H1\n");
    let info = godtab(&["info", "--table", plain.to_str().unwrap()], b"");
    assert!(stdout(&info).contains("(memory-mapped)"));
    let wrong = godtab(&["judge", "nine-digits", "--table", plain.to_str().unwrap()], b"");
    assert_eq!(wrong.status.code(), Some(1));
    assert!(stderr(&wrong).contains("holds the table of \"nine-puzzle\", not \"nine-digits\""));
}

#[test]
fn damaged_tables_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.gtab");
    assert!(godtab(&["gen", "eight-puzzle", "-o", path.to_str().unwrap()], b"").status.success());
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 100;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let out = godtab(&["verify", path.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("checksum mismatch"), "{}", stderr(&out));
    let judged = godtab(&["judge", "--table", path.to_str().unwrap()], b"1 2 3 4 5 6 7 8 x\n");
    assert_eq!(judged.status.code(), Some(1));
    assert!(judged.stdout.is_empty());
    std::fs::write(&path, b"not a table").unwrap();
    let out = godtab(&["verify", path.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("not a godtab table"), "{}", stderr(&out));
}

#[test]
fn usage_errors_are_one_line() {
    let out = godtab(&["judge", "twenty-four-puzzle"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "godtab: error: unknown puzzle \"twenty-four-puzzle\": the built-in puzzles are nine-digits, nine-puzzle, eight-puzzle, \
         eight-two-0 to eight-two-8, cube-3x3x3\n"
    );
    // The 15-puzzle answers from a pattern set file, and godtab says how.
    let out = godtab(&["judge", "fifteen-puzzle"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("godtab: error: the 15-puzzle answers from a pattern set file"));
    assert_eq!(stderr(&out).lines().count(), 1);
    let missing = godtab(&["info", "--table", "/nonexistent/t.gtab"], b"");
    assert_eq!(missing.status.code(), Some(1));
    assert_eq!(
        stderr(&missing),
        "godtab: error: /nonexistent/t.gtab: No such file or directory (os error 2)\n",
        "each cause is said once"
    );
    let folder = godtab(&["info", "--table", env!("CARGO_MANIFEST_DIR")], b"");
    assert!(stderr(&folder).ends_with(": is a folder, not a table file\n"), "{}", stderr(&folder));
    let no_folder = godtab(&["info", "nine-digits", "--tables", "/nonexistent"], b"");
    assert_eq!(stderr(&no_folder), "godtab: error: --tables /nonexistent: no such folder\n");
    // An output that cannot be written is refused before generating.
    let unwritable = godtab(&["gen", "nine-digits", "-o", "/nonexistent/t.gtab"], b"");
    assert_eq!(unwritable.status.code(), Some(1));
    assert_eq!(stderr(&unwritable), "godtab: error: /nonexistent/t.gtab: /nonexistent does not exist\n");
    let folder = tempfile::tempdir().unwrap();
    let into_folder = godtab(&["gen", "nine-digits", "-o", folder.path().to_str().unwrap()], b"");
    assert_eq!(into_folder.status.code(), Some(1));
    assert!(
        stderr(&into_folder).ends_with("is a folder, not a table file; give the table's file name\n"),
        "{}",
        stderr(&into_folder)
    );
    for command in ["judge", "solve", "info", "random", "gen", "verify"] {
        let help = godtab(&[command, "--help"], b"");
        assert!(help.status.success());
        assert!(stdout(&help).contains("Examples:"), "{command} --help has no example");
    }
}

#[test]
fn case_and_line_numbers_stay_right_across_blocks() {
    // Several MiB of input, so cases straddle blocks and halves; damaged
    // cases at known places.
    let random = godtab(&["random", "nine-digits", "--count", "300000", "--seed", "5"], b"");
    let mut lines: Vec<String> = stdout(&random).lines().map(str::to_string).collect();
    let damaged = [1usize, 77_777, 150_001, 299_999];
    for &i in &damaged {
        lines[i - 1] = "1 2 3".to_string();
    }
    // Blank lines are not cases but still count as lines.
    lines.insert(100_000, String::new());
    let out = godtab(&["judge", "nine-digits"], lines.join("\n").as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out).lines().count(), 300_000 - damaged.len());
    let expected: Vec<String> = damaged
        .iter()
        .map(|&case| {
            let line = if case > 100_000 { case + 1 } else { case };
            format!("godtab judge: case {case} (line {line}): expected 9 tiles, found 3")
        })
        .collect();
    assert_eq!(stderr(&out).lines().collect::<Vec<_>>(), expected);

    let random = godtab(&["random", "nine-puzzle", "--count", "200000", "--seed", "6"], b"");
    let mut lines: Vec<String> = stdout(&random).lines().map(str::to_string).collect();
    // Case 123457 spans lines 370369-370371; give its middle line a stray.
    lines[370_369] = "1 ? 3".to_string();
    let out = godtab(&["judge", "nine-puzzle"], lines.join("\n").as_bytes());
    assert_eq!(stdout(&out).lines().count(), 199_999);
    assert_eq!(stderr(&out), "godtab judge: case 123457 (line 370370): column 3: '?' is not a tile\n");
}
