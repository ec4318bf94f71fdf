//! What a demanding user broke in the features of the third round, held
//! to what they promise: `--resume` on the disk the run started on, a
//! folder that cannot take the run's files refused before the search, and
//! every path option refusing FIFOs and devices at once.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::{Mounted, godtab, not_run, spawn, stderr};

fn spec(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/puzzles").join(name).to_str().unwrap().to_string()
}

/// Runs `gen` with `args` and stops it with SIGINT once it reports the
/// level at `depth`; its exit status and error output.
fn interrupted_at(args: &[&str], depth: u8) -> (std::process::ExitStatus, String) {
    let mut child = spawn(args);
    drop(child.stdin.take());
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = String::new();
    let wanted = format!("depth {depth:>3}:");
    for line in lines.by_ref() {
        let line = line.unwrap();
        seen.push_str(&line);
        seen.push('\n');
        if line.starts_with(&wanted) {
            let pid = child.id().to_string();
            assert!(Command::new("kill").args(["-INT", &pid]).status().unwrap().success());
            break;
        }
    }
    for line in lines {
        seen.push_str(&line.unwrap());
        seen.push('\n');
    }
    (child.wait().unwrap(), seen)
}

#[test]
fn a_run_stopped_on_a_small_disk_resumes_there() {
    let dir = tempfile::tempdir().unwrap();
    let corners = spec("cube-3x3x3-corners.tws");
    let whole = dir.path().join("whole.gtab");
    let made = godtab(&["gen", "--spec", &corners, "--compact", "-o", whole.to_str().unwrap()], b"");
    assert!(made.status.success(), "{}", stderr(&made));
    // 21 MiB of table: a fresh run (the progress and the table, or two
    // progress files, at once) fits 45 MB, and so does its continuation,
    // whose progress file is there already.
    let small = dir.path().join("small");
    let Some(_mounted) = Mounted::tmpfs(&small, "45m", "") else {
        return not_run("this user cannot mount a small file system (it takes root)");
    };
    let out = small.join("corners.gtab");
    let args = ["gen", "--spec", &corners, "--compact", "-o", out.to_str().unwrap(), "--threads", "1"];
    let (status, err) = interrupted_at(&args, 7);
    assert_eq!(status.code(), Some(1), "{err}");
    assert!(err.contains("continue it with --resume"), "{err}");
    let resumed = godtab(&[&args[..], &["--resume"]].concat(), b"");
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(stderr(&resumed).contains("continued a run stopped at depth"), "{}", stderr(&resumed));
    assert!(std::fs::read(&out).unwrap() == std::fs::read(&whole).unwrap());
}

#[test]
fn a_folder_that_cannot_take_the_runs_files_is_refused_before_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let read_only = dir.path().join("ro");
    let Some(_mounted) = Mounted::tmpfs(&read_only, "1m", "ro") else {
        return not_run("this user cannot mount a read-only file system (it takes root)");
    };
    let out = read_only.join("t.gtab");
    let board = spec("slide-3x4.toml");
    for args in [
        vec!["gen", "--spec", &board, "--compact", "-o", out.to_str().unwrap()],
        vec!["gen", "--spec", &board, "--encoding", "parity", "-o", out.to_str().unwrap()],
        vec!["gen", "eight-puzzle", "--compact", "-o", out.to_str().unwrap()],
        vec!["gen", "eight-puzzle", "-o", out.to_str().unwrap()],
    ] {
        let started = Instant::now();
        let run = godtab(&args, b"");
        assert_eq!(run.status.code(), Some(1), "{args:?}: {}", stderr(&run));
        assert!(stderr(&run).contains("cannot write here"), "{args:?}: {}", stderr(&run));
        assert!(stderr(&run).contains("Read-only file system"), "{args:?}: {}", stderr(&run));
        assert!(!stderr(&run).contains("depth"), "{args:?}: searched first: {}", stderr(&run));
        assert!(started.elapsed() < Duration::from_secs(10), "{args:?}");
    }
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

/// Runs godtab with `args`; fails the test if it takes more than ten
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

#[test]
fn every_path_option_refuses_fifos_devices_and_links_to_them_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    mkfifo(&dir.path().join("fifo"));
    std::os::unix::fs::symlink(dir.path().join("fifo"), dir.path().join("link")).unwrap();
    // A folder of tables whose nine-digits table is a FIFO.
    std::fs::create_dir(dir.path().join("tables")).unwrap();
    mkfifo(&dir.path().join("tables/nine-digits.gtab"));
    let table = at("nine-digits.gtab");
    assert!(godtab(&["gen", "nine-digits", "-o", &table], b"").status.success());
    let package = at("package");
    for bad in [at("fifo"), at("link"), "/dev/zero".to_string()] {
        let why = if bad == "/dev/zero" { "a character device" } else { "a FIFO (named pipe)" };
        for args in [
            vec!["info", "--table", &bad],
            vec!["solve", "--table", &bad, "1 2 3 4 5 6 7 8 9"],
            vec!["verify", &bad],
            vec!["verify", "--sums", &bad],
            vec!["gen", "--spec", &bad, "-o", &table],
            vec!["gen", "nine-digits", "-o", &bad],
            vec![
                "gen",
                "eight-puzzle",
                "--compact",
                "--processes",
                "2",
                "--process",
                "0",
                "--hosts",
                &bad,
                "-o",
                &table,
            ],
            vec!["package", "nine-digits", &package, "--godtab", &bad],
            vec!["package", "--table", &bad, &package],
        ] {
            let out = within_seconds(&args);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
            assert!(stderr(&out).contains(why), "{args:?}: {}", stderr(&out));
            assert_eq!(stderr(&out).lines().count(), 1, "{args:?}: {}", stderr(&out));
        }
    }
    let tables = at("tables");
    for args in [
        vec!["judge", "--tables", &tables, "nine-digits"],
        vec!["package", "nine-digits", &package, "--tables", &tables],
    ] {
        let out = within_seconds(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("a FIFO (named pipe)"), "{args:?}: {}", stderr(&out));
    }
    assert!(!Path::new(&package).exists());
}
