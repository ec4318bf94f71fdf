//! `cargo xtask verifyproblem`: the problem packages `godtab package`
//! writes, checked by Kattis problemtools' own `verifyproblem`, as a
//! problem setter runs it before an upload.
//!
//! Makes a virtual environment in `target/problemtools/venv` (once) and
//! installs problemtools from PyPI at a pinned version (a binary wheel:
//! nothing to compile). Then writes the packages of the built-in boards,
//! of Eight II and of the 8-puzzle in the multi-tile metric (from a
//! table), and runs `verifyproblem` on each over the parts a package's
//! author answers for: its configuration, its data (every input through
//! the input validator), its validators and its submission (run on every
//! case and judged by the output validator; the time limit set from it).
//! Every package must pass with no error.
//!
//! Two things differ from a judging server, both said here:
//! - problemtools runs Python 3 programs with PyPy, which this machine does
//!   not have; a `languages.yaml` in problemtools' own configuration
//!   folder (`$XDG_CONFIG_HOME/problemtools`) makes it CPython.
//! - The statement part (LaTeX to PDF and HTML) is left out: it needs a
//!   TeX installation, and the statement is the author's text.
//!
//! And the check can fail: a copy of one package with a malformed input
//! file must be refused by `verifyproblem`.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail, ensure};

use crate::godtab::Godtab;
use crate::python::venv_with;

/// The problemtools release checked against.
const PROBLEMTOOLS: &str = "problemtools==1.20260907";

/// Python 3 through CPython, in problemtools' language format.
const CPYTHON: &str = "\
# Python 3 programs run by CPython (problemtools' default is PyPy).
python3:
    name: 'Python 3 (CPython)'
    priority: 850
    files: '*.py *.py3'
    compile: 'python3 -m py_compile {files}'
    run: 'python3 \"{mainfile}\"'
";

/// The parts of a package checked (all but the statement).
const PARTS: [&str; 4] = ["config", "data", "validators", "submissions"];

/// Checks the packages; with `prepare`, only makes the virtual environment
/// and installs problemtools into it (CI does it in the background while
/// it compiles).
pub fn run(prepare: bool) -> Result<()> {
    let root = crate::workspace_root();
    let work = root.join("target/problemtools");
    let venv = work.join("venv");
    venv_with(&root, &venv, &[PROBLEMTOOLS])?;
    if prepare {
        return Ok(());
    }
    let verifyproblem = venv.join("bin/verifyproblem");
    let config = work.join("config");
    std::fs::create_dir_all(config.join("problemtools"))?;
    std::fs::write(config.join("problemtools/languages.yaml"), CPYTHON)?;

    let built = Godtab::build()?;
    let godtab = built.path();
    let packages = work.join("packages");
    if packages.exists() {
        std::fs::remove_dir_all(&packages)?;
    }
    std::fs::create_dir_all(&packages)?;
    let multi = packages.join("eight-multi.gtab");
    built.gen_spec("eight-puzzle", &multi, &["--metric", "multi"])?;
    let made: [(&str, &str, Option<&Path>); 5] = [
        ("ninedigits", "nine-digits", None),
        ("ninepuzzle", "nine-puzzle", None),
        ("eightpuzzle", "eight-puzzle", None),
        ("eighttwo", "eight-two", None),
        ("eightmulti", "eight-puzzle", Some(&multi)),
    ];
    for (short, puzzle, table) in made {
        let dir = packages.join(short);
        let mut package = Command::new(godtab);
        package.arg("package");
        match table {
            Some(table) => package.arg("--table").arg(table),
            None => package.arg(puzzle),
        };
        godtab_ok(package.arg(&dir).args(["--files", "2", "--cases", "50"]))?;
        let (passed, report, output) = verify(&verifyproblem, &config, &dir)?;
        println!("{short} ({puzzle}{}): {report}", if table.is_some() { ", multi-tile table" } else { "" });
        if !passed {
            print!("{output}");
        }
        ensure!(passed, "verifyproblem found errors in the {short} package ({}): {report}", dir.display());
    }

    // A package whose data breaks the statement's input format is refused.
    let broken = packages.join("brokeninput");
    copy_dir(&packages.join("eightpuzzle"), &broken)?;
    let input = broken.join("data/secret/01-random.in");
    let mut text = std::fs::read_to_string(&input).with_context(|| format!("reading {}", input.display()))?;
    text.push_str("1 2 3 x\n");
    std::fs::write(&input, text)?;
    let (passed, report, output) = verify(&verifyproblem, &config, &broken)?;
    println!("brokeninput (a secret input with a malformed line): {report}");
    ensure!(!passed, "verifyproblem accepted a package with a malformed input file: {report}\n{output}");
    ensure!(
        output.contains("Input format validator godtab did not accept input"),
        "verifyproblem refused the broken package, but not for its input: {output}"
    );
    Ok(())
}

/// Runs `verifyproblem` on the package in `dir` over [`PARTS`]: whether it
/// passed (exit 0 and "0 errors"), its closing line and all it printed.
fn verify(verifyproblem: &Path, config: &Path, dir: &Path) -> Result<(bool, String, String)> {
    let output = Command::new(verifyproblem)
        .arg(dir)
        .arg("-p")
        .args(PARTS)
        .env("XDG_CONFIG_HOME", config)
        .output()
        .with_context(|| format!("running {}", verifyproblem.display()))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let Some(last) = stdout.lines().rev().find(|line| line.contains(" tested: ")) else {
        bail!(
            "verifyproblem printed no summary for {} ({}):\n{stdout}{}",
            dir.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
    };
    let passed = output.status.success() && last.contains("tested: 0 errors");
    Ok((passed, last.trim().to_string(), stdout.into_owned()))
}

/// Runs a godtab command and fails with its error output unless it
/// succeeds.
fn godtab_ok(command: &mut Command) -> Result<()> {
    let shown = format!("{command:?}");
    let output = command.output().with_context(|| format!("running {shown}"))?;
    ensure!(output.status.success(), "{shown} failed: {}", String::from_utf8_lossy(&output.stderr).trim());
    Ok(())
}

/// Copies the folder `from` to `to` (which must not exist), keeping the
/// files' permissions.
fn copy_dir(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}
