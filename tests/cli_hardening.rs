//! What a demanding user tried and broke: pattern sets answering in the
//! declared move order and calling unreachable states unsolvable, `check`
//! judging what it can before it searches, FIFOs and devices given as
//! files, manifests that reach outside their folder, specs without a size
//! limit, output options of pattern sets, signals during a write, and
//! control characters in messages.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{godtab, spawn, stderr, stdout};

/// Writes `text` into `dir/name` and returns the path as text.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Generates from the spec `text` into `dir/out`; fails the test if it fails.
fn generate(dir: &Path, text: &str, out: &str) -> String {
    let spec = write(dir, &format!("{out}.toml"), text);
    let path = dir.join(out).to_string_lossy().into_owned();
    let made = godtab(&["gen", "--spec", &spec, "-o", &path], b"");
    assert!(made.status.success(), "{}", stderr(&made));
    path
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

/// Runs godtab with `args` and fails the test if it takes more than ten
/// seconds (a command that blocks on a FIFO would never end).
fn within_seconds(args: &[&str]) -> std::process::Output {
    let mut child = spawn(args);
    drop(child.stdin.take());
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(10) {
            child.kill().unwrap();
            panic!("godtab {args:?} did not finish within 10 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

const EIGHT_TWO_SET: &str = "name = \"eight-two-4\"\nkind = \"sliding\"\nrows = 3\ncols = 3\n\
    goal = [1, 2, 3, 4, \"x\", 5, 6, 7, 8]\nmoves = [\"d\", \"l\", \"r\", \"u\"]\npatterns = [[1,2,3,4],[5,6,7,8]]\n";

#[test]
fn a_sliding_pattern_set_names_its_moves_in_the_declared_order() {
    let dir = tempfile::tempdir().unwrap();
    let set = generate(dir.path(), EIGHT_TWO_SET, "set.gtab");
    let out = godtab(&["solve", "--table", &set, "--from", "564178X23", "--to", "7568X4123"], b"");
    assert_eq!(stdout(&out), "5 6 4 1 7 8 x 2 3 to 7 5 6 8 x 4 1 2 3: 8 moves: u r r u l l d r\n");

    // Moves declared r u d l: the set's answers are the complete table's,
    // on every state, and check accepts them.
    let spec = "name = \"slide-2x3\"\nkind = \"sliding\"\nrows = 2\ncols = 3\nmoves = [\"r\", \"u\", \"d\", \"l\"]\n";
    let table = generate(dir.path(), spec, "table.gtab");
    let set = generate(dir.path(), &format!("{spec}patterns = [[1, 2], [3, 4, 5]]\n"), "rudl.gtab");
    let mut cases = String::new();
    for depth in 0..=21 {
        let out = godtab(&["random", "--table", &table, "--all", "--depth", &depth.to_string()], b"");
        cases.push_str(stdout(&out));
    }
    assert_eq!(cases.lines().count(), 360);
    let from_table = godtab(&["judge", "--table", &table], cases.as_bytes());
    let from_set = godtab(&["judge", "--table", &set], cases.as_bytes());
    assert_eq!(stdout(&from_set), stdout(&from_table));
    let input = write(dir.path(), "cases.txt", &cases);
    let answers = write(dir.path(), "answers.txt", stdout(&from_set));
    let out = godtab(&["check", "--table", &set, &input, &answers], b"");
    assert_eq!(stdout(&out), "all 360 answers are right\n");
}

#[test]
fn a_permutation_pattern_set_calls_states_outside_the_moves_group_unsolvable() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "name = \"swaps\"\nkind = \"permutation\"\nrows = 2\ncols = 3\n\
        [[moves]]\nname = \"A\"\ncycles = [[0, 1]]\n[[moves]]\nname = \"B\"\ncycles = [[1, 2]]\n";
    let set = generate(dir.path(), &format!("patterns = [[1, 2, 3], [4, 5, 6]]\n{spec}"), "set.gtab");
    let out = godtab(&["solve", "--table", &set, "1 2 3 5 4 6", "--json"], b"");
    let answer: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(answer["solvable"], false, "{}", stdout(&out));
    assert_eq!(answer.get("error"), None);
    let out = godtab(&["solve", "--table", &set, "3 2 1 4 5 6"], b"");
    assert_eq!(stdout(&out), "3 2 1 4 5 6: 3 moves: A B A\n");
    let out = godtab(&["info", "--table", &set, "--json"], b"");
    let info: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!((info["states"].as_u64(), info["reachable"].as_u64()), (Some(720), Some(6)));
}

#[test]
fn check_judges_what_it_can_before_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "name = \"slide-3x3\"\nkind = \"sliding\"\nrows = 3\ncols = 3\npatterns = [[1,2,3,4],[5,6,7,8]]\n";
    let set = generate(dir.path(), spec, "set.gtab");
    let input =
        write(dir.path(), "in.txt", "8 6 7 2 5 4 3 x 1\n8 6 7 2 5 4 3 x 1\n8 6 7 2 5 4 3 x 1\n8 6 7 2 5 4 3 x 1\n");
    let answers = write(dir.path(), "out.txt", "garbage here\n2 u q\n3 u u\n1 l\n");
    let out = godtab(&["check", "--table", &set, "--max-nodes", "1", "--all", &input, &answers], b"");
    assert_eq!(
        stdout(&out),
        "case 1 (input line 1, output line 1): malformed line: expected the number of moves first\n\
         case 2 (input line 2, output line 2): column 5: unknown move\n\
         case 3 (input line 3, output line 3): says 3 moves but gives 2\n\
         case 4 (input line 4, output line 4): the moves do not reach the goal (1 given)\n\
         4 of 4 answers wrong\n"
    );
}

#[test]
fn fifos_given_as_tables_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("nine-digits.gtab");
    mkfifo(&fifo);
    let fifo_text = fifo.to_str().unwrap();
    let folder = dir.path().to_str().unwrap();
    for args in [
        vec!["info", "--table", fifo_text],
        vec!["verify", fifo_text],
        vec!["solve", "--table", fifo_text, "1 2 3 4 5 6 7 8 9"],
        vec!["judge", "--tables", folder, "nine-digits"],
        vec!["info", "--tables", folder, "nine-digits"],
    ] {
        let out = within_seconds(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).contains("is a FIFO (named pipe), not a regular file"), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn manifests_are_bounded_regular_files_listing_regular_files_inside_their_folder() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("bundle");
    std::fs::create_dir(&bundle).unwrap();
    let outside = dir.path().join("secret.txt");
    std::fs::write(&outside, "secret\n").unwrap();
    // The SHA-256 of "secret\n": a manifest that guesses it right must not
    // be told so.
    let digest = "0".repeat(64);
    let real = sha256(b"secret\n");
    std::os::unix::fs::symlink(&outside, bundle.join("link.txt")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", bundle.join("zero")).unwrap();
    mkfifo(&bundle.join("fifo"));
    let lines = [
        format!("{real}  ../secret.txt"),
        format!("{real}  {}", outside.display()),
        format!("{real}  link.txt"),
        format!("{digest}  zero"),
        format!("{digest}  fifo"),
        format!("{digest}  /dev/zero"),
    ];
    let manifest = write(&bundle, "SHA256SUMS", &(lines.join("\n") + "\n"));
    let out = within_seconds(&["verify", "--sums", &manifest]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "", "nothing is confirmed");
    let errors: Vec<&str> = stderr(&out).lines().collect();
    assert_eq!(errors.len(), 6, "{}", stderr(&out));
    for (error, why) in errors.iter().zip([
        "absolute, or with ..",
        "absolute, or with ..",
        "a symbolic link that leads out of the manifest's folder",
        "a symbolic link that leads out of the manifest's folder",
        "is a FIFO (named pipe), not a regular file",
        "absolute, or with ..",
    ]) {
        assert!(error.contains(why), "{error}");
        assert!(!error.contains(&real), "{error}");
    }
    // The manifest itself: a regular file of bounded size.
    for manifest in ["/dev/zero", bundle.join("fifo").to_str().unwrap()] {
        let out = within_seconds(&["verify", "--sums", manifest]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains("not a regular file"), "{}", stderr(&out));
    }
    let huge = bundle.join("huge");
    std::fs::File::create(&huge).unwrap().set_len(64 << 20).unwrap();
    let out = within_seconds(&["verify", "--sums", huge.to_str().unwrap()]);
    assert!(stderr(&out).contains("more than the 4194304 bytes that are read of such a file"), "{}", stderr(&out));
}

/// SHA-256 in hex, by the system's sha256sum (the test's own reference).
fn sha256(bytes: &[u8]) -> String {
    let mut child = Command::new("sha256sum").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), bytes).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap().split_whitespace().next().unwrap().to_string()
}

#[test]
fn specs_are_bounded_regular_files() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("spec.toml");
    mkfifo(&fifo);
    for spec in ["/dev/zero", fifo.to_str().unwrap()] {
        let out = within_seconds(&["gen", "--spec", spec, "-o", dir.path().join("x.gtab").to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains("not a regular file"), "{}", stderr(&out));
    }
    let huge = format!("name = \"x\"\n{}", "# padding\n".repeat(200_000));
    let path = write(dir.path(), "huge.toml", &huge);
    let out = within_seconds(&["gen", "--spec", &path, "-o", dir.path().join("x.gtab").to_str().unwrap()]);
    assert!(stderr(&out).contains("more than the 1048576 bytes that are read of such a file"), "{}", stderr(&out));
}

const SET_SPEC: &str =
    "name = \"eight-puzzle\"\nkind = \"sliding\"\nrows = 3\ncols = 3\npatterns = [[1,2,3,4],[5,6,7,8]]\n";

#[test]
fn pattern_sets_honour_every_output_option_or_refuse_it_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let spec = write(dir.path(), "spec.toml", SET_SPEC);
    // Standard output, and compression by name or by --zstd.
    let out = godtab(&["gen", "--spec", &spec, "-o", "-"], b"");
    assert!(out.status.success());
    assert!(out.stdout.starts_with(b"\x89GODTAB\n"));
    assert!(!dir.path().join("-").exists());
    for (name, flag) in [("set.gtab.zst", None), ("set.bin", Some("--zstd"))] {
        let path = dir.path().join(name);
        let mut args = vec!["gen", "--spec", &spec, "-o", path.to_str().unwrap()];
        args.extend(flag);
        assert!(godtab(&args, b"").status.success());
        assert!(std::fs::read(&path).unwrap().starts_with(&[0x28, 0xB5, 0x2F, 0xFD]), "{name}");
        let out = godtab(&["solve", "--table", path.to_str().unwrap(), "1 2 3 4 5 6 7 x 8"], b"");
        assert_eq!(stdout(&out), "1 2 3 4 5 6 7 x 8: 1 move: r\n", "{name}");
    }
    // Refused before generating anything.
    let fifo = dir.path().join("fifo");
    mkfifo(&fifo);
    let cases: [(PathBuf, &[&str], &str); 4] = [
        (dir.path().join("c.gtab"), &["--compact"], "a pattern set has no such form"),
        (dir.path().to_path_buf(), &[], "is a folder"),
        (fifo.clone(), &[], "is a FIFO (named pipe), not a regular file"),
        (dir.path().join("no/such/set.gtab"), &[], "does not exist"),
    ];
    for (path, flags, why) in cases {
        let mut args = vec!["gen", "--spec", &spec, "-o", path.to_str().unwrap()];
        args.extend(flags);
        let out = within_seconds(&args);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains(why), "{why}: {}", stderr(&out));
        assert!(!stderr(&out).contains("depth"), "refused before generating: {}", stderr(&out));
    }
    // A folder no file can be made in (here /proc), for either kind.
    for args in [["gen", "--spec", &spec], ["gen", "nine-digits", "--zstd"]] {
        let mut args = args.to_vec();
        args.extend(["-o", "/proc/godtab-test.gtab"]);
        let out = within_seconds(&args);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains("/proc/godtab-test.gtab: cannot write here"), "{}", stderr(&out));
        assert!(!stderr(&out).contains("depth"), "refused before generating: {}", stderr(&out));
    }
    // One pattern, said so.
    let one = write(
        dir.path(),
        "one.toml",
        "name = \"slide-2x2\"\nkind = \"sliding\"\nrows = 2\ncols = 2\npatterns = [[1, 2, 3]]\n",
    );
    let out = godtab(&["gen", "--spec", &one, "-o", dir.path().join("one.gtab").to_str().unwrap()], b"");
    assert!(stderr(&out).contains("pattern set of 1 pattern (3), 24 placements"), "{}", stderr(&out));
}

#[test]
fn a_signal_during_generation_leaves_no_partial_file() {
    for signal in ["INT", "TERM"] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("set.gtab");
        // The 15-puzzle's 6-6-3 set: seconds of work, 50 MiB.
        let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/puzzles/fifteen-puzzle.toml");
        let mut child = spawn(&["gen", "--spec", spec.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        // The signal comes while the temporary file is there (from the
        // start of the generation; once only while the set was written).
        let started = Instant::now();
        while std::fs::read_dir(dir.path()).unwrap().next().is_none() {
            assert!(started.elapsed() < Duration::from_secs(60), "no temporary file appeared");
            assert!(child.try_wait().unwrap().is_none(), "gen ended before the signal");
            std::thread::sleep(Duration::from_millis(1));
        }
        let pid = child.id().to_string();
        assert!(Command::new("kill").args([&format!("-{signal}"), &pid]).status().unwrap().success());
        let status = child.wait().unwrap();
        assert!(!status.success(), "SIG{signal}: {status:?}");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(left.is_empty(), "SIG{signal} left {left:?}");
    }
}

#[test]
fn control_characters_and_huge_paths_are_not_printed() {
    let dir = tempfile::tempdir().unwrap();
    let tws = write(dir.path(), "evil.tws", "Set C\x1b]0;pwned\x07 8 3\n");
    let out = godtab(&["gen", "--spec", &tws, "-o", dir.path().join("x.gtab").to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(!stderr(&out).contains('\x1b') && !stderr(&out).contains('\x07'), "{:?}", stderr(&out));
    assert!(stderr(&out).contains("Set C\\u{1b}]0;pwned\\u{7}"), "{}", stderr(&out));
    let path = format!("/{}", "p".repeat(100_000));
    let out = godtab(&["info", "--table", &path], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).len() < 2_000, "{} bytes", stderr(&out).len());
}

#[test]
fn check_counts_extra_output_apart_from_wrong_answers() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "in.txt", "2\n12X453786\n12345678X\n564178X23\n7568X4123\n");
    let answers = write(dir.path(), "out.txt", "Case 1: 3\nddd\nCase 2: 9\nurrulldrr\nCase 3: 1\n");
    let out = godtab(&["check", "eight-two", &input, &answers, "--all"], b"");
    let text = stdout(&out);
    assert!(text.ends_with("extra output after the answers to all 2 cases\n2 of 2 answers wrong\n"), "{text}");
}

#[test]
fn random_unsolvable_states_of_twisty_puzzles_and_eight_two() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("corners.gtab");
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/puzzles/cube-2x2x2.tws");
    assert!(godtab(&["gen", "--spec", spec.to_str().unwrap(), "-o", table.to_str().unwrap()], b"").status.success());
    let table = table.to_str().unwrap();
    let out = godtab(&["random", "--table", table, "--unsolvable", "0.5", "--count", "200", "--seed", "3"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let answers = godtab(&["judge", "--table", table], &out.stdout);
    assert!(answers.status.success(), "{}", stderr(&answers));
    let unsolvable = stdout(&answers).lines().filter(|l| *l == "unsolvable").count();
    assert!((60..140).contains(&unsolvable), "{unsolvable} of 200");
    let out = godtab(&["random", "eight-two", "--unsolvable", "1"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("every target can be reached"), "{}", stderr(&out));
}

#[test]
fn minor_promises() {
    // Standard output closed early: the table was not written, and says so.
    let mut child = spawn(&["gen", "nine-digits", "-o", "-"]);
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("the table was not written whole"), "{}", stderr(&out));
    // With --table, a FIFO named first is a file of cases.
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("nine-digits.gtab");
    assert!(godtab(&["gen", "nine-digits", "-o", table.to_str().unwrap()], b"").status.success());
    let fifo = dir.path().join("cases");
    mkfifo(&fifo);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, "4 1 3 5 2 6 7 8 9\n").unwrap())
    };
    let out = godtab(&["judge", "--table", table.to_str().unwrap(), fifo.to_str().unwrap()], b"");
    writer.join().unwrap();
    assert_eq!(stdout(&out), "3\n", "{}", stderr(&out));
    // A start that is its target.
    let out = godtab(&["solve", "eight-two", "--from", "12345678X", "--to", "12345678X"], b"");
    assert_eq!(stdout(&out), "1 2 3 4 5 6 7 8 x to 1 2 3 4 5 6 7 8 x: the same state (0 moves)\n");
}

#[test]
fn pattern_sets_answer_as_complete_tables_do_where_they_can() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "name = \"slide-2x3\"\nkind = \"sliding\"\nrows = 2\ncols = 3\n";
    let table = generate(dir.path(), spec, "table.gtab");
    let set = generate(dir.path(), &format!("{spec}patterns = [[1, 2], [3, 4, 5]]\n"), "set.gtab");
    // --json: one object per state given, a bad one included; the same
    // keys as a table's, and what the search cost.
    let states = ["1 2 3 x 4 5", "1 2 9 x 4 5", "2 1 3 4 5 x"];
    let from = |file: &str, extra: &[&str]| {
        let mut args = vec!["solve", "--table", file];
        args.extend(extra);
        args.extend(states);
        godtab(&args, b"")
    };
    let (set_json, table_json) = (from(&set, &["--json"]), from(&table, &["--json"]));
    let objects = |out: &std::process::Output| -> Vec<serde_json::Value> {
        stdout(out).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    };
    let (from_set, from_table) = (objects(&set_json), objects(&table_json));
    assert_eq!(from_set.len(), 3);
    for (s, t) in from_set.iter().zip(&from_table) {
        for key in ["state", "solvable", "distance", "moves", "error"] {
            assert_eq!(s.get(key), t.get(key), "{key}: {s} {t}");
        }
    }
    assert!(from_set[0]["nodes"].is_u64() && from_set[1].get("nodes").is_none());
    // --show draws the boards.
    assert_eq!(stdout(&from(&set, &["--show"])), stdout(&from(&table, &["--show"])));
    assert!(stdout(&from(&set, &["--show"])).contains("-- 1. r --"));
    // Scrambles as cases.
    let out = godtab(&["judge", "--table", &set, "--format", "scramble"], b"l l\nu\n");
    assert_eq!(stdout(&out), "2 r r\n1 d\n", "{}", stderr(&out));
    // info --json has the counts a table's has (God's number is unknown).
    let out = godtab(&["info", "--table", &set, "--json"], b"");
    let info: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!((info["states"].as_u64(), info["reachable"].as_u64()), (Some(360), Some(360)));
    assert!(info["max_depth"].is_null());
}
