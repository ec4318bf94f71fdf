//! `godtab package`: a problem package in the Kattis / ICPC layout, ready
//! for `verifyproblem` (Kattis problemtools) or a DOMjudge import: the
//! statement's samples, secret data drawn by `random` with a seed and
//! answered by `judge`, and validators that call godtab (a copy of this
//! binary beside each), each with its `build` and `run` scripts. The
//! folder appears whole or not at all: it is written beside its place and
//! renamed there at the end.

mod staging;

use std::fs;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use anyhow::{Context, Result, bail};
use godtab_runtime::{Definition, Kind};

use staging::Staging;

use crate::cases::{CasesArgs, Format};

/// Arguments of `godtab package`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab package eight-puzzle eight/
  godtab package nine-puzzle nine/ --files 10 --cases 200 --seed 7
  godtab package --table my-puzzle.gtab mine/ --godtab target/release/godtab

Then: verifyproblem eight/ (Kattis problemtools), or zip the folder's contents for a DOMjudge
import.")]
pub(crate) struct Args {
    /// The puzzle (left out with --table), then the folder to write, which
    /// must not exist yet.
    #[arg(value_name = "PUZZLE DIR", num_args = 1..=2, required = true)]
    words: Vec<String>,
    /// The format of the cases and answers (by default the puzzle's own).
    #[arg(long, value_enum)]
    format: Option<Format>,
    #[command(flatten)]
    tables: crate::source::TableArgs,
    /// The seed of the secret data (file k is drawn with seed + k).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Files of random cases in data/secret/.
    #[arg(long, value_name = "K", default_value_t = 5)]
    files: u64,
    /// Cases in each secret file.
    #[arg(long, value_name = "N", default_value_t = 100)]
    cases: u64,
    /// The godtab binary the validators run (by default this one; a
    /// stripped release build makes the package smaller).
    #[arg(long, value_name = "FILE")]
    godtab: Option<PathBuf>,
}

/// The statements' own samples, by built-in puzzle.
const SAMPLES: [(&str, &str); 4] = [
    ("nine-digits", "1 2 3 4 5 6 7 8 9\n4 1 3 5 2 6 7 8 9\n"),
    ("nine-puzzle", "2 3 1\n4 5 6\n7 8 9\n7 3 9\n2 5 1\n4 8 6\n1 2 3\n4 5 6\n7 9 8\n0\n"),
    ("eight-puzzle", "2 3 4 1 5 x 7 6 8\n"),
    ("eight-two", "2\n12X453786\n12345678X\n564178X23\n7568X4123\n"),
];

/// Writes the package.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    let (puzzle, dir) = match (args.words.as_slice(), &args.tables.table) {
        ([dir], Some(_)) => (None, PathBuf::from(dir)),
        ([puzzle, dir], _) => (Some(puzzle.clone()), PathBuf::from(dir)),
        _ => bail!("give the puzzle and the folder to write (the folder alone with --table)"),
    };
    if dir.symlink_metadata().is_ok() {
        bail!("{}: already exists; give a folder that does not exist yet", dir.display());
    }
    let cases_args = CasesArgs { puzzle: puzzle.clone(), format: args.format, tables: args.tables.clone() };
    let eight_two = crate::eight_two::wanted(&cases_args);
    // The table, opened once here: its id, kind and God's number.
    let (definition, default_format, hardest) = if eight_two {
        let tables = crate::eight_two::load_tables(&args.tables)?;
        (tables[8].definition().clone(), Format::EightTwo, None)
    } else {
        let (loaded, format) = cases_args.open()?;
        let definition = loaded.definition("package")?.clone();
        let (oracle, _) = loaded.into_oracle(crate::pdb::SearchArgs::default());
        (definition, format, oracle.summary().gods_number)
    };
    let id = if eight_two { crate::eight_two::EIGHT_TWO.to_string() } else { definition.id().to_string() };
    let godtab = match &args.godtab {
        Some(path) => path.clone(),
        None => std::env::current_exe().context("finding the godtab binary")?,
    };
    // Refused now, before any work, if it is not a file to copy (a FIFO
    // would block the copy forever).
    godtab_files::open_regular(&godtab).map_err(|e| anyhow::anyhow!("--godtab {}: {e}", godtab.display()))?;
    let table = args.tables.table.as_ref().map(fs::canonicalize).transpose()?;
    // The puzzle and format, as every godtab call here and in the
    // validators' scripts names them; here, with the tables too.
    let puzzle_words: Vec<String> = puzzle
        .iter()
        .cloned()
        .chain(args.format.into_iter().flat_map(|format| ["--format".into(), format_name(format)]))
        .collect();
    let mut common = puzzle_words.clone();
    if let Some(dir) = &args.tables.tables {
        common.extend(["--tables".into(), fs::canonicalize(dir)?.to_string_lossy().into_owned()]);
    }
    if let Some(table) = &table {
        common.extend(["--table".into(), table.to_string_lossy().into_owned()]);
    }

    let staging = Staging::beside(&dir)?;
    let root = staging.path.clone();
    // The data is drawn and answered by this binary, whatever is shipped.
    let this = std::env::current_exe().context("finding the godtab binary")?;
    let run_godtab = |args: &[String], stdin: &[u8]| run_self(&this, args, stdin);
    let write = |path: &Path, bytes: &[u8]| -> Result<()> {
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
    };

    // Samples: the statement's, or a few random states for another puzzle.
    let sample = match SAMPLES.iter().find(|(name, _)| table.is_none() && *name == id) {
        Some((_, text)) => text.as_bytes().to_vec(),
        None => run_godtab(&with(&["random"], &common, &["--count", "3", "--seed", &args.seed.to_string()]), b"")?,
    };
    let mut files = vec![(root.join("data/sample/1"), sample)];
    for k in 1..=args.files {
        let seed = (args.seed + k).to_string();
        let count = args.cases.to_string();
        let input = run_godtab(&with(&["random"], &common, &["--count", &count, "--seed", &seed]), b"")?;
        files.push((root.join(format!("data/secret/{k:02}-random")), input));
    }
    if let Some(depth) = hardest {
        let (count, seed) = (args.cases.to_string(), args.seed.to_string());
        let depth = depth.to_string();
        let input =
            run_godtab(&with(&["random"], &common, &["--count", &count, "--seed", &seed, "--depth", &depth]), b"")?;
        files.push((root.join(format!("data/secret/{:02}-hardest", args.files + 1)), input));
    }
    for (base, input) in &files {
        let answer = run_godtab(&with(&["judge"], &common, &[]), input)?;
        write(&base.with_extension("in"), input)?;
        write(&base.with_extension("ans"), &answer)?;
    }

    // The validators: a copy of godtab (and the table) and two scripts.
    let table_name = table.as_ref().map(|t| {
        let name = t.file_name().map_or("table.gtab".into(), |n| n.to_string_lossy().into_owned());
        (t.clone(), name)
    });
    let extra_tables = args.tables.tables.as_ref().map(fs::canonicalize).transpose()?;
    for (folder, command) in [
        ("output_validators/godtab", "check --protocol kattis"),
        ("input_validators/godtab", "validate --protocol kattis"),
    ] {
        let folder = root.join(folder);
        fs::create_dir_all(&folder)?;
        copy_regular(&godtab, &folder.join("godtab"))?;
        let mut table_option = String::new();
        if let Some((path, name)) = &table_name {
            copy_regular(path, &folder.join(name))?;
            table_option = format!(" --table \"$here/{name}\"");
        }
        if let Some(tables) = &extra_tables {
            let copied = folder.join("tables");
            fs::create_dir_all(&copied)?;
            for entry in fs::read_dir(tables)? {
                let entry = entry?;
                if entry.file_type()?.is_file() {
                    copy_regular(&entry.path(), &copied.join(entry.file_name()))?;
                }
            }
            table_option = " --tables \"$here/tables\"".into();
        }
        let checks = command.starts_with("check");
        // The Kattis checker takes the puzzle from its --table file.
        let words = if checks && table_option.contains("--table ") { Vec::new() } else { puzzle_words.clone() };
        let words = words.iter().map(|w| shell_quote(w)).collect::<Vec<_>>().join(" ");
        let arguments = if checks { " \"$1\" \"$2\" \"$3\"" } else { "" };
        let run = format!(
            "#!/bin/sh\n# godtab {command}: the Kattis / ICPC / DOMjudge calling convention.\nhere=$(dirname \"$0\")\n\
             exec \"$here/godtab\" {command}{table_option} {words}{arguments}\n"
        );
        write_script(&folder.join("run"), &run)?;
        write_script(
            &folder.join("build"),
            "#!/bin/sh\n# Nothing to compile: godtab is a program already.\nchmod +x godtab run\n",
        )?;
    }
    let format = args.format.unwrap_or(if eight_two { Format::EightTwo } else { default_format });
    let submitted = match reference_solution(&definition, format) {
        Some(program) => {
            write(&root.join("submissions/accepted/bfs.py"), program.as_bytes())?;
            true
        }
        None => false,
    };
    write(&root.join("problem.yaml"), problem_yaml(&id, args.seed).as_bytes())?;
    write(&root.join("problem_statement/problem.en.tex"), statement(&id, eight_two, args.format).as_bytes())?;
    staging.persist(&dir)?;
    let mut out = crate::stdio::stdout();
    let submission = if submitted { ", an accepted submission (submissions/accepted/bfs.py)" } else { "" };
    writeln!(
        out,
        "{}: a problem package for {id}: 1 sample and {} secret test files, answers, validators calling godtab{submission}",
        dir.display(),
        files.len() - 1
    )?;
    if !submitted {
        writeln!(out, "add an accepted submission to submissions/accepted/ (verifyproblem needs one)")?;
    }
    let short = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if !short.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()) {
        writeln!(out, "the folder's name is the problem's short name: verifyproblem wants a-z and 0-9 only")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The most states the reference solution's search holds (Python, a
/// dictionary of tuples: some 200 bytes a state).
const MAX_SOLUTION_STATES: u64 = 4_000_000;

/// A reference solution in Python 3 for a board puzzle small enough for
/// it (single-tile or multi-tile moves): a breadth-first search from the
/// goal, answering in `format`. `None` for orbit puzzles and scrambles;
/// Eight II has its own (`eight_two.py`).
fn reference_solution(definition: &Definition, format: Format) -> Option<String> {
    if format == Format::EightTwo {
        return Some(include_str!("eight_two.py").to_string());
    }
    let puzzle = definition.puzzle();
    let name = match format {
        Format::NineDigits => "nine-digits",
        Format::NinePuzzle => "nine-puzzle",
        Format::EightPuzzle => "eight-puzzle",
        Format::Generic => "generic",
        _ => return None,
    };
    if puzzle.slots() > MAX_SOLUTION_STATES {
        return None;
    }
    let quoted =
        |words: Vec<String>| format!("[{}]", words.iter().map(|w| format!("{w:?}")).collect::<Vec<_>>().join(", "));
    let goal: Vec<String> = puzzle.display(&puzzle.goal()).to_string().split_whitespace().map(String::from).collect();
    let moves = 0..puzzle.move_count();
    let list = |words: Option<Vec<String>>| words.map(|w| format!("[{}]", w.join(", ")));
    let (kind, maps, directions, steps) = match puzzle.kind() {
        Kind::Permutation => {
            let maps = moves.map(|m| puzzle.move_map(m).map(|map| format!("{:?}", &map[..puzzle.cells()])));
            ("permutation", list(maps.collect())?, "[]".to_string(), "[]".to_string())
        }
        Kind::Sliding => {
            let directions = moves.clone().map(|m| puzzle.slide_direction(m).map(|d| d.to_string()));
            // How many cells the blank goes: 1 but in the multi-tile metric.
            let steps = moves.map(|m| puzzle.slide_steps(m).map(|k| k.to_string()));
            ("sliding", "[]".to_string(), list(directions.collect())?, list(steps.collect())?)
        }
        Kind::Orbits => return None,
    };
    let blank = match puzzle.kind() {
        Kind::Sliding => puzzle
            .display(&puzzle.goal())
            .to_string()
            .split_whitespace()
            .nth(puzzle.blank_position(&puzzle.goal()))?
            .to_string(),
        _ => String::new(),
    };
    Some(
        include_str!("bfs.py")
            .replace("{kind}", kind)
            .replace("{rows}", &puzzle.rows().to_string())
            .replace("{cols}", &puzzle.cols().to_string())
            .replace("{goal}", &quoted(goal))
            .replace("{names}", &quoted(definition.move_names().map(String::from).collect()))
            .replace("{maps}", &maps)
            .replace("{directions}", &directions)
            .replace("{steps}", &steps)
            .replace("{blank}", &blank)
            .replace("{format}", name),
    )
}

/// `first`, then `common`, then `rest`, as owned arguments.
fn with(first: &[&str], common: &[String], rest: &[&str]) -> Vec<String> {
    first
        .iter()
        .map(|s| s.to_string())
        .chain(common.iter().cloned())
        .chain(rest.iter().map(|s| s.to_string()))
        .collect()
}

/// Copies the regular file `from` to `to` with its permissions; anything
/// else (a FIFO, a device, a link to one, put there since it was checked)
/// is refused, never waited on.
fn copy_regular(from: &Path, to: &Path) -> Result<()> {
    let named = |e: &dyn std::fmt::Display| anyhow::anyhow!("copying {}: {e}", from.display());
    let mut source = godtab_files::open_regular(from).map_err(|e| named(&e))?;
    let permissions = source.metadata().map_err(|e| named(&e))?.permissions();
    let mut copy = fs::File::create(to).with_context(|| format!("writing {}", to.display()))?;
    std::io::copy(&mut source, &mut copy).map_err(|e| named(&e))?;
    fs::set_permissions(to, permissions).with_context(|| format!("writing {}", to.display()))
}

/// Runs a godtab command to the end: its standard output, or its error.
fn run_self(godtab: &Path, args: &[String], stdin: &[u8]) -> Result<Vec<u8>> {
    let mut child = Command::new(godtab)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("running {}", godtab.display()))?;
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&stdin));
    let output = child.wait_with_output()?;
    let _ = writer.join();
    if !output.status.success() {
        let why = String::from_utf8_lossy(&output.stderr);
        bail!("godtab {}: {}", args.join(" "), why.lines().next().unwrap_or("failed"));
    }
    Ok(output.stdout)
}

fn write_script(path: &Path, text: &str) -> Result<()> {
    fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))?;
    Ok(())
}

/// A word for `sh`, quoted where it must be.
fn shell_quote(word: &str) -> String {
    if !word.is_empty() && word.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_./=".contains(&b)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

fn format_name(format: Format) -> String {
    use clap::ValueEnum;
    format.to_possible_value().map_or_else(String::new, |v| v.get_name().to_string())
}

fn problem_yaml(id: &str, seed: u64) -> String {
    format!(
        "# A problem package for {id}, written by godtab package.\n\
         source: godtab\n\
         license: unknown\n\
         uuid: {}\n\
         # Any optimal answer is right: godtab's checker judges it.\n\
         validation: custom\n",
        uuid(id, seed)
    )
}

/// A UUID (version 8: from a hash) for the package of `id` drawn with
/// `seed`: the same package gets the same one.
fn uuid(id: &str, seed: u64) -> String {
    use sha2::Digest;
    let mut digest: [u8; 32] = sha2::Sha256::digest(format!("godtab package {id} {seed}")).into();
    digest[6] = (digest[6] & 0x0f) | 0x80;
    digest[8] = (digest[8] & 0x3f) | 0x80;
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}

/// A short statement: the task and the input and output formats.
fn statement(id: &str, eight_two: bool, format: Option<Format>) -> String {
    let builtin = if format.is_none() { id } else { "" };
    let (name, task, input, output) = match builtin {
        "nine-digits" => (
            "Nine Digits",
            "A $3 \\times 3$ board holds the digits 1 to 9. A move turns one of its four $2 \\times 2$ blocks \
             clockwise. Find the fewest moves that bring the board to 1 2 3 / 4 5 6 / 7 8 9.",
            "Each line holds a case: the nine digits in reading order, separated by single spaces.",
            "For each case, one line: the fewest moves.",
        ),
        "nine-puzzle" => (
            "9 Puzzle",
            "A $3 \\times 3$ board holds the tiles 1 to 9. A move shifts a row one cell right or a column one \
             cell up, circularly. Find the fewest moves that bring the board to 1 2 3 / 4 5 6 / 7 8 9, and \
             such moves.",
            "Each case is three lines of three tiles; a line 0 ends the input.",
            "For each case, one line: the number of moves and the moves (H$i$ shifts row $i$, V$j$ column $j$), \
             or \\texttt{Not solvable}.",
        ),
        "eight-puzzle" => (
            "Eight",
            "A $3 \\times 3$ board holds the tiles 1 to 8 and a blank x. A move slides a tile into the blank. \
             Bring the board to 1 2 3 / 4 5 6 / 7 8 x in the fewest moves.",
            "Each line holds a case: the nine cells in reading order, separated by single spaces.",
            "For each case, one line: the moves of the blank (u, d, l, r) run together, or \
             \\texttt{unsolvable}.",
        ),
        _ if eight_two => (
            "Eight II",
            "The 8-puzzle, from a start to a target board. Find the fewest moves of the blank (d, l, r, u), and \
             of those the lexicographically least.",
            "A line with the number of cases, then for each case a start and a target line of nine characters, \
             X for the blank.",
            "For each case, \\texttt{Case $k$: $D$} and, on the next line, the moves.",
        ),
        _ => (
            id,
            "Find the fewest moves that bring each state of the puzzle to its goal, and such moves.",
            "Each line holds a case: a state, as godtab writes it.",
            "For each case, one line: the number of moves, then the moves separated by spaces, or \
             \\texttt{unsolvable}.",
        ),
    };
    format!(
        "\\problemname{{{name}}}\n\n{task}\n\n\\section*{{Input}}\n{input}\n\n\\section*{{Output}}\n{output}\n\n\
         Any optimal answer is accepted.\n"
    )
}
