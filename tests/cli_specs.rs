//! End-to-end tests of puzzles defined by spec files: generated, answered
//! and judged; unreachable slots; bad specs and oversized puzzles refused;
//! the statement format chosen by the puzzle.

use std::process::Command;

use crate::common::{godtab, stderr, stdout};

fn spec_path(name: &str) -> String {
    format!("{}/data/puzzles/{name}.toml", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn user_defined_puzzles_from_spec_files() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("slide-2x4.gtab");
    let table = table.to_str().unwrap();
    let out = godtab(&["gen", "--spec", &spec_path("slide-2x4"), "-o", table], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let info = godtab(&["info", "--table", table, "--json"], b"");
    let info: serde_json::Value = serde_json::from_slice(&info.stdout).unwrap();
    assert_eq!(
        (info["puzzle"].as_str(), info["states"].as_u64(), info["max_depth"].as_u64()),
        (Some("slide-2x4"), Some(20_160), Some(36))
    );
    let solved = godtab(&["solve", "--table", table, "1 2 3 x 5 6 7 4", "1 2 3 4 5 6 x 7"], b"");
    assert_eq!(stdout(&solved), "1 2 3 x 5 6 7 4: 1 move: d\n1 2 3 4 5 6 x 7: 1 move: r\n");
    // The generic judge format: "D m1 m2 ..." or "unsolvable".
    let judged = godtab(&["judge", "--table", table], b"1 2 3 x 5 6 7 4\n2 1 3 4 5 6 7 x\n1 2 3 4 5 6 7 x\n");
    assert_eq!(stdout(&judged), "1 d\nunsolvable\n0\n");
    let random = godtab(&["random", "--table", table, "--count", "100", "--seed", "4"], b"");
    let judged = godtab(&["judge", "--table", table], &random.stdout);
    assert!(judged.status.success());
    assert_eq!(stdout(&judged).lines().count(), 100);
    assert!(
        stdout(&judged)
            .lines()
            .all(|l| l.split(' ').count() == l.split(' ').next().unwrap().parse::<usize>().unwrap() + 1)
    );
}

#[test]
fn a_subgroup_leaves_slots_unreachable() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("cycle.toml");
    std::fs::write(&spec, "name = \"cycle\"\nkind = \"permutation\"\nrows = 2\ncols = 2\n[[moves]]\nname = \"turn\"\ncycles = [[0, 1, 3, 2]]\n").unwrap();
    let table = dir.path().join("cycle.gtab");
    let out = godtab(&["gen", "--spec", spec.to_str().unwrap(), "-o", table.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let info = godtab(&["info", "--table", table.to_str().unwrap(), "--json"], b"");
    let info: serde_json::Value = serde_json::from_slice(&info.stdout).unwrap();
    assert_eq!(
        (info["states"].as_u64(), info["reachable"].as_u64(), info["max_depth"].as_u64()),
        (Some(24), Some(4), Some(3))
    );
    let judged = godtab(&["judge", "--table", table.to_str().unwrap()], b"2 4 1 3\n3 1 4 2\n2 1 3 4\n");
    assert_eq!(stdout(&judged), "1 turn\n3 turn turn turn\nunsolvable\n");
}

#[test]
fn bad_specs_and_oversized_puzzles_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("bad.toml");
    std::fs::write(
        &spec,
        "name = \"bad\"\nkind = \"permutation\"\nrows = 3\ncols = 3\n[[moves]]\nname = \"a\"\ncycles = [[0, 9]]\n",
    )
    .unwrap();
    let out =
        godtab(&["gen", "--spec", spec.to_str().unwrap(), "-o", dir.path().join("bad.gtab").to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let message = stderr(&out).lines().last().unwrap().to_string();
    assert!(
        message.ends_with("bad.toml: line 7: moves[0].cycles[0]: cell 9 is outside the board (cells 0 to 8)"),
        "{message}"
    );
    assert!(!dir.path().join("bad.gtab").exists());
    let out = godtab(
        &[
            "gen",
            "--spec",
            &spec_path("slide-2x4"),
            "-o",
            dir.path().join("big.gtab").to_str().unwrap(),
            "--max-memory",
            "10K",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out)
            .contains("needs 78.8 KiB (80,640 bytes) of memory, more than the limit of 10.0 KiB (10,240 bytes)"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.path().join("big.gtab").exists());

    // One-way moves cannot be stored compactly: refused before the search.
    let out = godtab(&["gen", "nine-digits", "--compact", "-o", dir.path().join("c.gtab").to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(!stderr(&out).contains("depth"), "searched first: {}", stderr(&out));
    assert!(stderr(&out).contains("needs every move to be undone by a move"), "{}", stderr(&out));

    // Memory the limit allows but the system refuses: an error, not an abort.
    std::fs::write(&spec, "name = \"slide-4x4\"\nkind = \"sliding\"\nrows = 4\ncols = 4\n").unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 2000000 && exec \"$0\" gen --spec \"$1\" -o \"$2\" --max-memory 100T")
        .arg(env!("CARGO_BIN_EXE_godtab"))
        .arg(&spec)
        .arg(dir.path().join("huge.gtab"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("the system cannot provide"), "{}", stderr(&out));
    assert!(!dir.path().join("huge.gtab").exists());
}

#[test]
fn the_statement_format_goes_by_the_puzzle_not_its_name() {
    let dir = tempfile::tempdir().unwrap();
    // A user's 2x3 sliding board named like the 8-puzzle: not the Eight
    // format (tiles 1-8 and x), the generic one.
    let spec = dir.path().join("impostor.toml");
    std::fs::write(&spec, "name = \"eight-puzzle\"\nkind = \"sliding\"\nrows = 2\ncols = 3\n").unwrap();
    let impostor = dir.path().join("eight-puzzle.gtab");
    let out = godtab(&["gen", "--spec", spec.to_str().unwrap(), "-o", impostor.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let out = godtab(&["judge", "--table", impostor.to_str().unwrap()], b"1 2 3 4 x 5\n");
    assert_eq!(stdout(&out), "1 r\n", "{}", stderr(&out));
    let out = godtab(&["random", "--table", impostor.to_str().unwrap(), "--seed", "3"], b"");
    assert_eq!(stdout(&out).split_whitespace().count(), 6, "{}", stdout(&out));
    // The real 8-puzzle from its spec file keeps its statement's format,
    // and so does --tables with it.
    let real = dir.path().join("real");
    std::fs::create_dir(&real).unwrap();
    let table = real.join("eight-puzzle.gtab");
    let out = godtab(&["gen", "--spec", &spec_path("eight-puzzle"), "-o", table.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let out = godtab(&["judge", "--table", table.to_str().unwrap()], b"2 3 4 1 5 x 7 6 8\n");
    assert_eq!(stdout(&out), "ullddrurdllurdruldr\n");
    let out = godtab(&["judge", "eight-puzzle", "--tables", real.to_str().unwrap()], b"23415x768\n");
    assert_eq!(stdout(&out), "ullddrurdllurdruldr\n");
    // Asked for by name, the impostor's table is still the impostor.
    let out = godtab(&["judge", "eight-puzzle", "--tables", dir.path().to_str().unwrap()], b"1 2 3 4 x 5\n");
    assert_eq!(stdout(&out), "1 r\n", "{}", stderr(&out));
}
