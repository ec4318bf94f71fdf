//! What the end-to-end tests share: running the real `godtab` binary.

pub mod cluster;

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Starts `godtab` with `args`, its three streams piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_godtab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs `godtab` with `args` on `stdin` to the end; fails the test if it
/// panicked.
pub fn godtab(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(args);
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.to_vec();
    // Write on a thread: a large input would otherwise block on a full pipe.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer finishes");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "godtab panicked: {stderr}");
    output
}

/// What it wrote to standard output.
pub fn stdout(output: &Output) -> &str {
    std::str::from_utf8(&output.stdout).expect("UTF-8 output")
}

/// What it wrote to standard error.
pub fn stderr(output: &Output) -> &str {
    std::str::from_utf8(&output.stderr).expect("UTF-8 errors")
}

/// A small file system mounted for a test, unmounted at the end.
pub struct Mounted(std::path::PathBuf);

impl Mounted {
    /// A tmpfs of `size` at `at` (with mount `options` besides the size,
    /// such as `ro`), if this user may mount one (root).
    pub fn tmpfs(at: &std::path::Path, size: &str, options: &str) -> Option<Self> {
        std::fs::create_dir_all(at).unwrap();
        let mut all = format!("size={size}");
        if !options.is_empty() {
            all = format!("{all},{options}");
        }
        let mounted = Command::new("mount").args(["-t", "tmpfs", "-o", &all, "godtab-test"]).arg(at).status();
        mounted.is_ok_and(|s| s.success()).then(|| Self(at.to_path_buf()))
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// Whether the slow tests run: with `GODTAB_SLOW_TESTS=1` (CI sets it), or
/// a slow test says it was skipped and how to run it.
pub fn slow_tests_run(test: &str) -> bool {
    let run = std::env::var_os("GODTAB_SLOW_TESTS").is_some_and(|v| v != "0");
    if !run {
        eprintln!("skipped (slow): {test}; GODTAB_SLOW_TESTS=1 runs it");
    }
    run
}

/// Fails the test where it must run (CI sets `GODTAB_REQUIRE_ROOT_TESTS`),
/// or says it was not run, when this user cannot do what it needs.
pub fn not_run(why: &str) {
    assert!(std::env::var_os("GODTAB_REQUIRE_ROOT_TESTS").is_none(), "not run: {why}");
    eprintln!("not run: {why}");
}
