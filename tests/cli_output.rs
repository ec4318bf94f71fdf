//! End-to-end tests of what the commands write and read at the edges: where
//! `gen` puts a table (links, special files, permissions, standard output)
//! and the memory it plans, byte-order marks in judge input, and distinct
//! random states.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::{godtab, stderr, stdout};

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// `godtab gen PUZZLE -o PATH`, which must succeed.
fn gen_ok(puzzle: &str, path: &Path) {
    let out = godtab(&["gen", puzzle, "-o", text(path)], b"");
    assert!(out.status.success(), "{}", stderr(&out));
}

fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).expect("the file is there").permissions().mode() & 0o7777
}

#[test]
fn gen_refuses_fifos_and_folders_before_generating() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.gtab");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let link = dir.path().join("link.gtab");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    for path in [&fifo, &link] {
        let out = godtab(&["gen", "nine-puzzle", "-o", text(path)], b"");
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            stderr(&out),
            format!(
                "godtab: error: {}: is a FIFO (named pipe), not a regular file; write the table to a file, or to \
                 standard output with -o -\n",
                path.display()
            )
        );
    }
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());

    let folder = dir.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    let out = godtab(&["gen", "nine-puzzle", "-o", text(&folder)], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!("godtab: error: {}: is a folder, not a table file; give the table's file name\n", folder.display())
    );
    assert!(folder.is_dir());
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
}

#[test]
fn gen_writes_through_symbolic_links() {
    let dir = tempfile::tempdir().unwrap();
    let tables = dir.path().join("tables");
    std::fs::create_dir(&tables).unwrap();
    let real = tables.join("nine-puzzle.gtab");
    std::fs::write(&real, b"an old table").unwrap();
    let link = dir.path().join("current.gtab");
    std::os::unix::fs::symlink("tables/nine-puzzle.gtab", &link).unwrap();
    gen_ok("nine-puzzle", &link);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    let verified = godtab(&["verify", text(&real)], b"");
    assert!(verified.status.success(), "{}", stderr(&verified));
    // No temporary file is left, in either folder.
    let names = |dir: &Path| std::fs::read_dir(dir).unwrap().count();
    assert_eq!((names(dir.path()), names(&tables)), (2, 1));

    // A dangling link: the file it names is created, the link stays.
    let dangling = dir.path().join("dangling.gtab");
    std::os::unix::fs::symlink("tables/eight-puzzle.gtab", &dangling).unwrap();
    gen_ok("eight-puzzle", &dangling);
    assert!(std::fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
    let out = godtab(&["judge", "--table", text(&tables.join("eight-puzzle.gtab"))], b"2 3 4 1 5 x 7 6 8\n");
    assert_eq!(stdout(&out), "ullddrurdllurdruldr\n");

    // A dangling link into a missing folder is refused before generating.
    let nowhere = dir.path().join("nowhere.gtab");
    std::os::unix::fs::symlink("missing/t.gtab", &nowhere).unwrap();
    let out = godtab(&["gen", "nine-digits", "-o", text(&nowhere)], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!("godtab: error: {}: {}/missing does not exist\n", nowhere.display(), dir.path().display())
    );
}

#[test]
fn gen_keeps_the_permissions_of_the_file_it_replaces() {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    let private = dir.path().join("private.gtab");
    std::fs::write(&private, b"old").unwrap();
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600)).unwrap();
    gen_ok("nine-digits", &private);
    assert_eq!(mode(&private), 0o600);
    // A new file is created 0644 (less the umask), as before.
    let fresh = dir.path().join("fresh.gtab");
    gen_ok("nine-digits", &fresh);
    let reference = dir.path().join("reference");
    std::fs::OpenOptions::new().write(true).create_new(true).mode(0o644).open(&reference).unwrap();
    assert_eq!(mode(&fresh), mode(&reference));
}

#[test]
fn gen_writes_standard_output_with_a_dash() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("nine-puzzle.gtab");
    gen_ok("nine-puzzle", &file);
    let out = Command::new(env!("CARGO_BIN_EXE_godtab"))
        .args(["gen", "nine-puzzle", "-o", "-"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let written = std::fs::read(&file).unwrap();
    assert!(
        out.stdout == written,
        "not the plain table -o FILE writes: {} bytes, not {}",
        out.stdout.len(),
        written.len()
    );
    assert!(stderr(&out).ends_with("wrote standard output: 155.3 KiB\n"), "{}", stderr(&out));
    assert!(!dir.path().join("-").exists());
    // --zstd compresses it, whatever the name.
    let packed = godtab(&["gen", "nine-puzzle", "-o", "-", "--zstd"], b"");
    assert!(packed.status.success(), "{}", stderr(&packed));
    assert_eq!(packed.stdout[..4], [0x28, 0xb5, 0x2f, 0xfd], "a zstd frame");
    let zst = dir.path().join("from-stdout.gtab.zst");
    std::fs::write(&zst, &packed.stdout).unwrap();
    let verified = godtab(&["verify", text(&zst)], b"");
    assert!(verified.status.success(), "{}", stderr(&verified));
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let out = godtab(&["judge", "nine-digits"], b"\xEF\xBB\xBF1 2 3 4 5 6 7 8 9\n4 1 3 5 2 6 7 8 9\n");
    assert_eq!((stdout(&out), stderr(&out)), ("0\n3\n", ""));
    assert_eq!(out.status.code(), Some(0));
    let input = b"\xEF\xBB\xBF2 3 1\r\n4 5 6\r\n7 8 9\r\n7 3 9\r\n2 5 1\r\n4 8 6\r\n0\r\n";
    let out = godtab(&["judge", "nine-puzzle"], input);
    assert_eq!((stdout(&out), stderr(&out)), ("1 H1\n3 V1V3H1\n", ""));
    assert_eq!(out.status.code(), Some(0));
    let out = godtab(&["judge", "eight-puzzle"], b"\xEF\xBB\xBF2 3 4 1 5 x 7 6 8\n");
    assert_eq!((stdout(&out), stderr(&out)), ("ullddrurdllurdruldr\n", ""));
    let out = godtab(&["judge", "nine-digits", "--format", "generic"], b"\xEF\xBB\xBF4 1 3 5 2 6 7 8 9\n");
    assert_eq!((stdout(&out), stderr(&out)), ("3 A A A\n", ""));
    // A mark alone, or before a blank line, leaves nothing to judge.
    let out = godtab(&["judge", "nine-digits"], b"\xEF\xBB\xBF");
    assert_eq!((stdout(&out), out.status.code()), ("", Some(0)));
}

#[test]
fn a_byte_order_mark_elsewhere_is_an_error() {
    let out = godtab(&["judge", "nine-digits"], b"1 2 3 4 5 6 7 8 9\n\xEF\xBB\xBF4 1 3 5 2 6 7 8 9\n");
    assert_eq!(stdout(&out), "0\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), "godtab judge: case 2 (line 2): column 1: '\\u{feff}' is not a tile\n");
    // Two marks: the second is not skipped.
    let out = godtab(&["judge", "nine-digits"], b"\xEF\xBB\xBF\xEF\xBB\xBF1 2 3 4 5 6 7 8 9\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), "godtab judge: case 1 (line 1): column 1: '\\u{feff}' is not a tile\n");
}

/// The memory `godtab gen` plans, in bytes, from its first line on stderr
/// ("nine-puzzle: 181,440 states, planned memory 10.9 MiB with zstd (...)").
fn planned_memory(out: &Output) -> f64 {
    let line = stderr(out).lines().next().unwrap_or_default();
    let after = line.split("planned memory ").nth(1).unwrap_or_else(|| panic!("no plan in {line:?}"));
    let mut words = after.split(' ');
    let number: f64 = words.next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{line:?}"));
    let unit = match words.next() {
        Some("bytes") => 1,
        Some("KiB") => 1 << 10,
        Some("MiB") => 1 << 20,
        Some("GiB") => 1 << 30,
        _ => panic!("no unit in {line:?}"),
    };
    number * f64::from(unit)
}

#[test]
fn the_plan_of_a_zst_output_counts_the_compressor() {
    let dir = tempfile::tempdir().unwrap();
    let plain = godtab(&["gen", "nine-puzzle", "-o", text(&dir.path().join("t.gtab"))], b"");
    let packed = godtab(&["gen", "nine-puzzle", "-o", text(&dir.path().join("t.gtab.zst"))], b"");
    assert!(plain.status.success() && packed.status.success(), "{}{}", stderr(&plain), stderr(&packed));
    let (plain, packed) = (planned_memory(&plain), planned_memory(&packed));
    // zstd at level 19 needs megabytes for this table, the search 709 KiB.
    assert!(packed > plain + f64::from(1 << 20), "{packed} is not more than {plain}");
    let forced = godtab(&["gen", "nine-puzzle", "--zstd", "-o", "-"], b"");
    assert_eq!(planned_memory(&forced), packed, "--zstd plans the same");

    // A limit that the search fits in but compression does not: refused
    // before the search, and nothing is written.
    let limit = format!("{}", (plain + packed) as u64 / 2);
    let zst = dir.path().join("limited.gtab.zst");
    let out = godtab(&["gen", "nine-puzzle", "-o", text(&zst), "--max-memory", &limit], b"");
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<&str> = stderr(&out).lines().collect();
    assert_eq!(lines.len(), 2, "the plan, then the error: {lines:?}");
    assert!(lines[1].starts_with("godtab: error: the table for 181,440 states needs "), "{lines:?}");
    assert!(lines[1].ends_with("raise the limit with --max-memory"), "{lines:?}");
    assert!(!zst.exists());
    let gtab = dir.path().join("limited.gtab");
    assert!(godtab(&["gen", "nine-puzzle", "-o", text(&gtab), "--max-memory", &limit], b"").status.success());
}

/// The lines of `godtab random ARGS`, which must succeed.
fn random_lines(args: &[&str]) -> Vec<String> {
    let out = godtab(&[&["random"], args].concat(), b"");
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out).lines().map(str::to_string).collect()
}

fn all_different(lines: &[String]) -> bool {
    lines.iter().collect::<std::collections::HashSet<_>>().len() == lines.len()
}

#[test]
fn distinct_random_states_are_different_and_at_their_depth() {
    // Drawn (dense), picked past half of a level, picked in a sparse level:
    // every way random chooses.
    for (depth, count) in [("10", "1000"), ("12", "20000"), ("13", "1656")] {
        let lines = random_lines(&["nine-digits", "--depth", depth, "--count", count, "--distinct", "--seed", "3"]);
        assert_eq!(lines.len().to_string(), count);
        assert!(all_different(&lines), "depth {depth}: a state repeats");
        let judged = godtab(&["judge", "nine-digits"], (lines.join("\n") + "\n").as_bytes());
        assert!(judged.status.success(), "{}", stderr(&judged));
        assert!(stdout(&judged).lines().all(|d| d == depth), "depth {depth}: {}", stdout(&judged));
    }
    // All the states of a level, in some order.
    let mut deepest = random_lines(&["eight-puzzle", "--depth", "31", "--count", "2", "--distinct"]);
    deepest.sort();
    assert_eq!(deepest, ["6 4 7 8 5 x 3 2 1", "8 6 7 2 5 4 3 x 1"]);
    // Without --depth: distinct solvable states, up to all of them.
    for count in ["5000", "181440"] {
        let lines = random_lines(&["eight-puzzle", "--count", count, "--distinct", "--seed", "1"]);
        assert_eq!(lines.len().to_string(), count);
        assert!(all_different(&lines));
        let judged = godtab(&["judge", "eight-puzzle"], (lines.join("\n") + "\n").as_bytes());
        assert!(judged.status.success(), "{}", stderr(&judged));
        assert!(!stdout(&judged).contains("unsolvable"));
    }
    // Another puzzle, checked in the generic format.
    let lines = random_lines(&["nine-puzzle", "--depth", "3", "--count", "40", "--distinct", "--format", "generic"]);
    assert!(all_different(&lines) && lines.len() == 40);
    let judged = godtab(&["judge", "nine-puzzle", "--format", "generic"], (lines.join("\n") + "\n").as_bytes());
    assert!(judged.status.success(), "{}", stderr(&judged));
    assert!(stdout(&judged).lines().all(|answer| answer.starts_with("3 ")), "{}", stdout(&judged));
}

#[test]
fn too_few_distinct_states_is_an_error() {
    for puzzle in ["nine-digits", "nine-puzzle", "eight-puzzle"] {
        let out = godtab(&["random", puzzle, "--depth", "0", "--count", "2", "--distinct"], b"");
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stdout.is_empty());
        assert_eq!(
            stderr(&out),
            format!(
                "godtab: error: --distinct: {puzzle} has only 1 state 0 moves from the goal, fewer than --count 2\n"
            )
        );
    }
    let out = godtab(&["random", "eight-puzzle", "--count", "181441", "--distinct"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "godtab: error: --distinct: eight-puzzle has only 181,440 solvable states, fewer than --count 181,441\n"
    );
    // Without --distinct, states may repeat, and the help says so.
    let lines = random_lines(&["nine-digits", "--depth", "0", "--count", "2"]);
    assert_eq!(lines, ["1 2 3 4 5 6 7 8 9", "1 2 3 4 5 6 7 8 9"]);
    let help = godtab(&["random", "--help"], b"");
    assert!(stdout(&help).contains("a state may appear more than once (see --distinct)"), "{}", stdout(&help));
}
