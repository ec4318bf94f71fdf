//! The shell examples of README.md and docs/*.md, run and compared, so a
//! changed output fails here instead of misleading a reader.
//!
//! An example is a ```` ```console ```` block (it may be indented, in a
//! list item):
//!
//! ```text
//! $ printf '1 2 3 4 5 6 7 8 9\n' | godtab judge nine-digits
//! 0
//! $ godtab solve eight-puzzle --from 564178X23 --to 7568X4123 2>&1
//! godtab: error: eight-puzzle: the target has the blank at cell 4 ...
//! ? 1
//! ```
//!
//! - A line starting with `$ ` is a command, run by `sh -c`; the lines
//!   after it, up to the next command or the block's end, are exactly what
//!   it writes to standard output.
//! - A last line `? N` says the command's exit status is N; without it the
//!   status must be 0.
//! - Standard error is not compared: an example shows it with `2>&1`.
//! - Every command of a document runs in one temporary folder, in the
//!   order the document gives them, so an earlier `godtab gen ... -o
//!   t.gtab` makes the table a later example reads. `godtab` on the `PATH`
//!   is the binary under test, `data` is a link to the repository's
//!   `data/` folder, standard input is empty and `LC_ALL` is `C`.
//!
//! Commands that take too long for a test (the Rubik's cube's default
//! table, the 2x7 board, runs of several processes) are ```` ```sh ````
//! blocks, which show no output and are not run.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest any one example may take before it is stopped and failed.
const COMMAND_LIMIT: Duration = Duration::from_secs(120);

/// One `$ ` line of a document and what it must give.
struct Example {
    /// The line of the document the command is on, from 1.
    line: usize,
    command: String,
    stdout: String,
    status: i32,
}

/// The examples of the ```` ```console ```` blocks of a markdown text, in
/// order.
fn examples(text: &str) -> Result<Vec<Example>, String> {
    let mut examples = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((_, line)) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed != "```console" {
            continue;
        }
        let indent = &line[..line.len() - trimmed.len()];
        let mut current: Option<Example> = None;
        let mut closed = false;
        for (index, line) in lines.by_ref() {
            let number = index + 1;
            if line.trim_start() == "```" {
                closed = true;
                break;
            }
            let line = line.strip_prefix(indent).unwrap_or(line);
            if let Some(command) = line.strip_prefix("$ ") {
                examples.extend(current.take());
                current =
                    Some(Example { line: number, command: command.to_string(), stdout: String::new(), status: 0 });
                continue;
            }
            let Some(example) = current.as_mut() else {
                return Err(format!("line {number}: output before any `$ ` command"));
            };
            if let Some(status) = line.strip_prefix("? ") {
                example.status = status.parse().map_err(|_| format!("line {number}: `? {status}` is not a status"))?;
                examples.extend(current.take());
                continue;
            }
            example.stdout.push_str(line);
            example.stdout.push('\n');
        }
        if !closed {
            return Err("a ```console block is not closed".to_string());
        }
        examples.extend(current);
    }
    Ok(examples)
}

/// What a command gave.
struct Ran {
    stdout: String,
    stderr: String,
    /// The exit status, or `None` when a signal ended it (or the limit).
    status: Option<i32>,
    seconds: f64,
}

fn run(command: &str, folder: &Path, path: &std::ffi::OsStr) -> Ran {
    let start = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(folder)
        .env("PATH", path)
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    // Read both streams on threads, so a full pipe never stops the command.
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let stdout = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut bytes).ok();
        bytes
    });
    let stderr = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut bytes).ok();
        bytes
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for sh") {
            break status.code();
        }
        if start.elapsed() > COMMAND_LIMIT {
            child.kill().ok();
            child.wait().ok();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    Ran {
        stdout: text(stdout.join().expect("reader")),
        stderr: text(stderr.join().expect("reader")),
        status,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// Runs every example of one document; returns a report of each one that
/// did not give what the document says (empty when all did), and the
/// number of examples.
fn check_document(root: &Path, document: &Path) -> (String, usize) {
    let name = document.strip_prefix(root).unwrap_or(document).display().to_string();
    let text = std::fs::read_to_string(document).unwrap_or_else(|e| panic!("{name}: {e}"));
    let examples = match examples(&text) {
        Ok(examples) => examples,
        Err(e) => return (format!("{name}: {e}\n"), 0),
    };
    if examples.is_empty() {
        return (String::new(), 0);
    }
    let folder = tempfile::tempdir().expect("a temporary folder");
    std::os::unix::fs::symlink(root.join("data"), folder.path().join("data")).expect("linking data/");
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_godtab"));
    let mut path = std::ffi::OsString::from(binary.parent().expect("the binary's folder"));
    if let Some(inherited) = std::env::var_os("PATH") {
        path.push(":");
        path.push(inherited);
    }
    let mut report = String::new();
    for example in &examples {
        let ran = run(&example.command, folder.path(), &path);
        if ran.stdout == example.stdout && ran.status == Some(example.status) {
            continue;
        }
        let _ = write!(
            report,
            "{name}:{}: $ {}\n--- expected (exit status {})\n{}--- got (exit status {}, {:.1} s)\n{}",
            example.line,
            example.command,
            example.status,
            example.stdout,
            ran.status.map_or_else(|| "none: a signal or the time limit".to_string(), |s| s.to_string()),
            ran.seconds,
            ran.stdout,
        );
        if !ran.stderr.is_empty() {
            let _ = write!(report, "--- stderr\n{}", ran.stderr);
        }
        report.push('\n');
    }
    (report, examples.len())
}

/// README.md and every docs/*.md, in name order.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut documents = vec![root.join("README.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("docs/").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    documents.extend(pages);
    documents
}

#[test]
fn every_console_example_gives_the_output_it_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let documents = documents(root);
    // A document's examples run in order; documents run side by side.
    let results: Vec<(String, usize)> = std::thread::scope(|scope| {
        let running: Vec<_> = documents.iter().map(|d| scope.spawn(|| check_document(root, d))).collect();
        running.into_iter().map(|r| r.join().expect("a document's examples")).collect()
    });
    let count: usize = results.iter().map(|(_, n)| n).sum();
    let report: String = results.into_iter().map(|(r, _)| r).collect();
    assert!(report.is_empty(), "documented examples that do not give what they show:\n\n{report}");
    assert!(count >= 40, "only {count} examples found: are the ```console blocks still there?");
}

/// Every command of `godtab --help` has at least one example that runs it.
#[test]
fn every_command_has_a_console_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let help = Command::new(env!("CARGO_BIN_EXE_godtab")).arg("--help").output().expect("godtab --help");
    let help = String::from_utf8(help.stdout).expect("UTF-8 help");
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&command| command != "help")
        .collect();
    assert!(commands.len() >= 10, "{commands:?}");
    let mut run = String::new();
    for document in documents(root) {
        let text = std::fs::read_to_string(&document).expect("a document");
        for example in examples(&text).expect("well-formed blocks") {
            run.push_str(&example.command);
            run.push('\n');
        }
    }
    let missing: Vec<&str> =
        commands.iter().copied().filter(|command| !run.contains(&format!("godtab {command} "))).collect();
    assert!(missing.is_empty(), "commands no ```console example runs: {missing:?}");
}

#[test]
fn examples_are_read_as_documented() {
    let text = "a\n```console\n$ echo a\na\n$ false\n? 1\n$ true\n```\n\n  ```console\n  $ printf 'x\\n\\ny\\n'\n  x\n\n  y\n  ```\n";
    let found = examples(text).unwrap();
    let seen: Vec<(usize, &str, &str, i32)> =
        found.iter().map(|e| (e.line, e.command.as_str(), e.stdout.as_str(), e.status)).collect();
    assert_eq!(
        seen,
        [(3, "echo a", "a\n", 0), (5, "false", "", 1), (7, "true", "", 0), (11, "printf 'x\\n\\ny\\n'", "x\n\ny\n", 0)]
    );
    assert!(examples("```console\noutput\n```\n").is_err());
    assert!(examples("```console\n$ true\n").is_err());
}
