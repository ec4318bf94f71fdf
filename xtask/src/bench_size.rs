//! `cargo xtask bench size`: the code, RAM and stack a firmware image pays
//! for godtab.
//!
//! Builds the size probes of `examples/size` the way firmware is built
//! (opt-level `z` and `s`, fat LTO, one codegen unit, `panic = "abort"`,
//! stripped): the Rust one (no std, no allocator) once per query kind and
//! encoding, and the C one (`probe.c`) against `libgodtab_nostd.a`, linked
//! with `-Os -Wl,--gc-sections`. Each probe runs one query on the
//! 8-puzzle (or nine-digits) and prints its answer, which must be the
//! runtime's, the deepest stack the query touched (measured on a painted
//! stack of its own) and the bytes of the open handle. The code godtab adds
//! is the probe's `.text` and `.rodata` less the baseline's (the same
//! program with no godtab call); the table sits in a section of its own,
//! not counted.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail, ensure};
use godtab_gen::{Options, pattern_set_bytes, table_bytes};
use godtab_puzzles::{PatternList, builtin};
use godtab_runtime::{Encoding, Table};

/// A table the probes answer from, and the state they ask about.
struct Subject {
    name: &'static str,
    path: PathBuf,
    state: &'static [u8],
    /// The runtime's answer: the moves of the least optimal solution.
    moves: Vec<u8>,
}

/// One build of the Rust probe.
struct Variant {
    what: &'static str,
    features: &'static str,
    subject: &'static str,
    /// Whether the probe writes the solution (else only the distance).
    solves: bool,
}

/// The budgets `--check` holds the lookups to at opt-level z: the code a
/// lookup adds from the bytes, and with its layout built in; the RAM of an
/// open lookup; the deepest stack of a query.
const LOOKUP_CODE: u64 = 24 * 1024;
const BUILT_IN_CODE: u64 = 8 * 1024;
const HANDLE: u64 = 1024;
const STACK: u64 = 2 * 1024;

const EIGHT: &[u8] = &[2, 3, 4, 1, 5, 0, 7, 6, 8];
const NINE_DIGITS: &[u8] = &[4, 1, 3, 5, 2, 6, 7, 8, 9];

const VARIANTS: &[Variant] = &[
    Variant { what: "Table, full: distance", features: "distance", subject: "eight-full", solves: false },
    Variant { what: "Table, full: distance + solution", features: "solution", subject: "eight-full", solves: true },
    Variant {
        what: "Table, compact: distance + solution",
        features: "solution",
        subject: "eight-compact",
        solves: true,
    },
    Variant { what: "Table, parity: distance + solution", features: "solution", subject: "eight-parity", solves: true },
    Variant { what: "PatternSet + IDA* (8-puzzle 4-4)", features: "patterns", subject: "eight-patterns", solves: true },
    Variant { what: "Lookup, full: distance", features: "lookup", subject: "eight-full", solves: false },
    Variant {
        what: "Lookup, full: distance + solution",
        features: "lookup-solution",
        subject: "eight-full",
        solves: true,
    },
    Variant {
        what: "Lookup, compact: distance + solution",
        features: "lookup-solution",
        subject: "eight-compact",
        solves: true,
    },
    Variant {
        what: "Lookup, parity: distance + solution",
        features: "lookup-solution",
        subject: "eight-parity",
        solves: true,
    },
    Variant {
        what: "Lookup, full, nine-digits (permutation)",
        features: "lookup-solution",
        subject: "nine-digits-full",
        solves: true,
    },
    Variant { what: "Lookup, layout built in: full", features: "lookup-fixed", subject: "eight-full", solves: true },
    Variant {
        what: "Lookup, layout built in: parity",
        features: "lookup-fixed",
        subject: "eight-parity",
        solves: true,
    },
];

/// The C probe's builds: a name, its define and its table.
const C_VARIANTS: &[(&str, &str, &str)] = &[
    ("godtab_table: distance + solution", "PROBE_TABLE", "eight-full"),
    ("godtab_table: pattern set, IDA*", "PROBE_PATTERNS", "eight-patterns"),
    ("godtab_lookup: distance + solution", "PROBE_LOOKUP", "eight-full"),
    ("godtab_lookup: parity table", "PROBE_LOOKUP", "eight-parity"),
];

/// What a probe measured.
pub(crate) struct Measured {
    pub(crate) text: u64,
    pub(crate) rodata: u64,
    pub(crate) stack: u64,
    pub(crate) handle: u64,
}

/// Runs the bench; with `check`, only at opt-level z, failing when a
/// lookup exceeds its budget.
pub fn run(check: bool) -> Result<()> {
    let root = crate::workspace_root();
    let dir = root.join("target/size");
    std::fs::create_dir_all(&dir)?;
    let subjects = write_subjects(&dir)?;
    println!("The code, RAM and stack godtab adds to a program (x86-64; code = .text + .rodata over the baseline,");
    println!("the same program with no godtab call; the table itself is not counted):");
    let profiles: &[&str] = if check { &["size-z"] } else { &["size-z", "size-s"] };
    let mut over = Vec::new();
    for &profile in profiles {
        let level = &profile[5..];
        println!(
            "\nRust, no std (examples/size), opt-level {level}, fat LTO, one codegen unit, panic=abort, stripped:"
        );
        let baseline = rust_probe(&root, profile, "", find(&subjects, "eight-full")?, false)?;
        header();
        for variant in VARIANTS {
            let subject = find(&subjects, variant.subject)?;
            let measured = rust_probe(&root, profile, variant.features, subject, variant.solves)
                .with_context(|| format!("{} ({profile})", variant.what))?;
            let code = row(variant.what, &measured, &baseline);
            if variant.features.starts_with("lookup") && profile == "size-z" {
                let budget = if variant.features == "lookup-fixed" { BUILT_IN_CODE } else { LOOKUP_CODE };
                over.extend(over_budget(variant.what, code, budget, &measured));
            }
        }
    }

    println!(
        "\nC (examples/size/probe.c) against libgodtab_nostd.a, gcc -Os -ffunction-sections -Wl,--gc-sections -s:"
    );
    let library = crate::capi::build_nostd()?;
    let baseline = c_probe(&dir, &library, None, find(&subjects, "eight-full")?)?;
    header();
    for &(what, define, subject) in C_VARIANTS {
        let measured = c_probe(&dir, &library, Some(define), find(&subjects, subject)?).context(what)?;
        let code = row(what, &measured, &baseline);
        if define == "PROBE_LOOKUP" {
            over.extend(over_budget(what, code, LOOKUP_CODE, &measured));
        }
    }
    let what = "godtab_cube_solve: two-phase, tables built in";
    let (cube, cubes) = crate::bench_size_cube::measure(&dir, &library).context(what)?;
    let code = row(what, &cube, &baseline);
    over.extend(crate::bench_size_cube::over_budget(what, code, &cube));
    println!("  ({cubes} cubes solved within 21 moves, each answer checked; its RAM is its stack: no handle, no heap)");
    if check {
        ensure!(over.is_empty(), "over budget:\n  {}", over.join("\n  "));
        println!("\nEvery lookup is within its budget (code, handle <= {HANDLE} bytes, stack <= {STACK} bytes).");
        println!("{}", crate::bench_size_cube::BUDGET_LINE);
    }
    Ok(())
}

/// What of a lookup's figures exceed their budgets.
fn over_budget(what: &str, code: u64, budget: u64, m: &Measured) -> Vec<String> {
    let mut over = Vec::new();
    for (name, value, limit) in [("code", code, budget), ("handle", m.handle, HANDLE), ("stack", m.stack, STACK)] {
        if value > limit {
            over.push(format!("{what}: {name} {value} bytes, budget {limit}"));
        }
    }
    over
}

fn header() {
    println!("  {:<44} {:>9} {:>8} {:>8} {:>8} {:>8}", "", "code", ".text", ".rodata", "handle", "stack");
}

/// Prints a variant's figures and gives the code it adds.
fn row(what: &str, m: &Measured, baseline: &Measured) -> u64 {
    let code = (m.text + m.rodata).saturating_sub(baseline.text + baseline.rodata);
    println!(
        "  {what:<44} {:>7.1} K {:>8} {:>8} {:>8} {:>8}",
        code as f64 / 1024.0,
        m.text.saturating_sub(baseline.text),
        m.rodata.saturating_sub(baseline.rodata),
        m.handle,
        m.stack
    );
    code
}

fn find<'a>(subjects: &'a [Subject], name: &str) -> Result<&'a Subject> {
    subjects.iter().find(|s| s.name == name).with_context(|| format!("no table {name}"))
}

/// Writes the probes' tables and works out the runtime's answers.
fn write_subjects(dir: &Path) -> Result<Vec<Subject>> {
    let eight = builtin::EIGHT_PUZZLE.definition();
    let nine = builtin::NINE_DIGITS.definition();
    let mut subjects = Vec::new();
    for (name, definition, encoding, state) in [
        ("eight-full", &eight, Encoding::Full, EIGHT),
        ("eight-compact", &eight, Encoding::Compact, EIGHT),
        ("eight-parity", &eight, Encoding::Parity, EIGHT),
        ("nine-digits-full", &nine, Encoding::Full, NINE_DIGITS),
    ] {
        let bytes = table_bytes(definition, &Options { encoding, ..Options::default() })?;
        let table = Table::new(&bytes[..])?;
        let mut moves = vec![0u8; 64];
        let len = table.solve_into(&table.state(state)?, &mut moves)?;
        moves.truncate(len);
        let path = dir.join(format!("{name}.gtab"));
        std::fs::write(&path, &bytes)?;
        subjects.push(Subject { name, path, state, moves });
    }
    let patterns = PatternList::new(eight.puzzle(), [&[1u8, 2, 3, 4][..], &[5, 6, 7, 8]])?;
    let path = dir.join("eight-patterns.gtab");
    std::fs::write(&path, pattern_set_bytes(&eight, &patterns, &Options::default())?)?;
    let moves = find(&subjects, "eight-full")?.moves.clone();
    subjects.push(Subject { name: "eight-patterns", path, state: EIGHT, moves });
    Ok(subjects)
}

/// Builds and runs the Rust probe.
fn rust_probe(root: &Path, profile: &str, features: &str, subject: &Subject, solves: bool) -> Result<Measured> {
    let manifest = root.join("examples/size/Cargo.toml");
    let target = root.join("target/size/rust");
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--quiet", "--profile", profile, "--manifest-path"])
        .arg(&manifest)
        .arg("--target-dir")
        .arg(&target)
        .args(["--features", features])
        .env("GODTAB_SIZE_TABLE", &subject.path)
        .status()?;
    ensure!(status.success(), "building the size probe with features [{features}] failed");
    let program = target.join(profile).join("godtab-size-probe");
    let expect = (!features.is_empty()).then_some(if solves { Expect::Solution } else { Expect::Distance });
    run_probe(&program, subject, expect)
}

/// Compiles and runs the C probe (`define` None: the baseline).
fn c_probe(dir: &Path, library: &Path, define: Option<&str>, subject: &Subject) -> Result<Measured> {
    let bytes = std::fs::read(&subject.path)?;
    let table_c = dir.join(format!("{}.c", subject.name));
    std::fs::write(&table_c, c_table(&bytes))?;
    let program = dir.join(format!("c-{}-{}", define.unwrap_or("BASELINE"), subject.name));
    compile_c_probe(library, define, Some(&table_c), &program)?;
    run_probe(&program, subject, define.map(|_| Expect::Solution))
}

/// Compiles examples/size/probe.c with `define` (None: the baseline,
/// which makes no call, so it is not linked against `library`) and a
/// table's C file, into `program`.
pub(crate) fn compile_c_probe(
    library: &Path,
    define: Option<&str>,
    table_c: Option<&Path>,
    program: &Path,
) -> Result<()> {
    let root = crate::workspace_root();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let mut command = Command::new(&cc);
    command
        .args(["-std=c99", "-D_XOPEN_SOURCE=700", "-Os", "-ffunction-sections", "-fdata-sections", "-s"])
        .arg("-I")
        .arg(root.join("include"));
    if let Some(define) = define {
        command.arg(format!("-D{define}"));
    }
    command.arg(root.join("examples/size/probe.c"));
    if let Some(table_c) = table_c {
        command.arg(table_c);
    }
    if define.is_some() {
        command.arg(library);
    }
    let output = command.args(["-Wl,--gc-sections", "-o"]).arg(program).output()?;
    ensure!(output.status.success(), "{cc} failed:\n{}", String::from_utf8_lossy(&output.stderr));
    Ok(())
}

/// A table as a C array in the section the bench does not count.
fn c_table(bytes: &[u8]) -> String {
    let mut source = String::from("#include <stddef.h>\n#include <stdint.h>\n");
    let _ = writeln!(source, "__attribute__((section(\".godtab_table\"), aligned(8)))");
    let _ = writeln!(source, "const uint8_t godtab_probe_table[{}] = {{", bytes.len());
    for line in bytes.chunks(32) {
        let values: Vec<String> = line.iter().map(|v| v.to_string()).collect();
        let _ = writeln!(source, "{},", values.join(","));
    }
    let _ = writeln!(source, "}};\nconst size_t godtab_probe_table_len = sizeof godtab_probe_table;");
    source
}

/// What a probe that makes a query must print.
#[derive(Clone, Copy, PartialEq)]
enum Expect {
    /// The distance, no moves.
    Distance,
    /// The distance and the runtime's moves.
    Solution,
}

/// Runs a probe on its subject's state, checks its answer when it makes a
/// query (`expect`; the baseline makes none), and reads its sections.
fn run_probe(program: &Path, subject: &Subject, expect: Option<Expect>) -> Result<Measured> {
    let args: Vec<String> = subject.state.iter().map(u8::to_string).collect();
    let output =
        Command::new(program).args(&args).output().with_context(|| format!("running {}", program.display()))?;
    let text = String::from_utf8_lossy(&output.stdout);
    ensure!(output.status.success(), "{} failed: {text}", program.display());
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = |name: &str| words.iter().position(|w| *w == name).with_context(|| format!("no {name} in {text:?}"));
    let field = |name: &str| -> Result<u64> {
        let word = words.get(at(name)? + 1).copied().unwrap_or_default();
        word.parse().with_context(|| format!("{name} {word:?} in {text:?}"))
    };
    if let Some(expect) = expect {
        let moves: Vec<u8> = words[at("moves")? + 1..at("stack")?].iter().filter_map(|w| w.parse().ok()).collect();
        let distance = field("distance")?;
        let want: &[u8] = if expect == Expect::Solution { &subject.moves } else { &[] };
        ensure!(
            distance == subject.moves.len() as u64 && moves == want,
            "{} answered distance {distance}, moves {moves:?}; expected {}, {want:?}",
            program.display(),
            subject.moves.len()
        );
    }
    let (text_bytes, rodata) = sections(program)?;
    Ok(Measured { text: text_bytes, rodata, stack: field("stack")?, handle: field("handle")? })
}

/// The sizes of `.text` and `.rodata` (binutils' `size -A`).
pub(crate) fn sections(program: &Path) -> Result<(u64, u64)> {
    let output = Command::new("size").arg("-A").arg(program).output().context("running size (binutils)")?;
    ensure!(output.status.success(), "size -A {} failed", program.display());
    let listing = String::from_utf8_lossy(&output.stdout);
    let size_of = |section: &str| {
        listing
            .lines()
            .find_map(|line| {
                let mut words = line.split_whitespace();
                (words.next() == Some(section)).then(|| words.next().and_then(|w| w.parse().ok())).flatten()
            })
            .unwrap_or(0)
    };
    let (text, rodata) = (size_of(".text"), size_of(".rodata"));
    if text == 0 {
        bail!("{} has no .text section", program.display());
    }
    Ok((text, rodata))
}
