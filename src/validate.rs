//! `godtab validate`: an input validator for contest platforms. The input
//! must be in the statement's exact format, byte for byte as `random`
//! writes it: each case is read as the judge reads it, then written back
//! the one way the format allows and compared, so any stray space, tab,
//! `\r`, blank line or missing final newline is found, with its line and
//! column.

use std::io::Read;
use std::process::ExitCode;

use anyhow::{Context, Result};
use godtab_runtime::{Bytes, Definition, State, Table};

use crate::cases::{CasesArgs, Format};

/// Arguments of `godtab validate`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  godtab random eight-puzzle --count 10 --seed 1 | godtab validate eight-puzzle
  godtab validate nine-puzzle --protocol kattis < data/secret/1.in
  godtab validate eight-two --protocol testlib --max-cases 200 < tests/01

Exit status: valid 0 (42 with --protocol kattis), not valid 1 (testlib: 3, kattis: 43),
with one line on stderr naming the line and column at fault.")]
pub(crate) struct Args {
    #[command(flatten)]
    cases: CasesArgs,
    /// The calling convention: testlib (exit 0 valid, 3 not) or kattis (the
    /// Kattis / ICPC / DOMjudge input validator: exit 42 valid, 43 not).
    #[arg(long, value_enum)]
    protocol: Option<Protocol>,
    /// Refuse an input of more cases than this (the statement's bound).
    #[arg(long, value_name = "N")]
    max_cases: Option<u64>,
}

/// A platform's convention for input validators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Protocol {
    /// testlib's validators: exit 0 when valid, 3 (FAIL) otherwise.
    Testlib,
    /// Kattis / ICPC problem packages and DOMjudge: exit 42 when valid, 43
    /// otherwise.
    Kattis,
}

/// Where and why an input is not valid.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Invalid {
    /// Line and column (from 1) of the first byte at fault; column 0 when
    /// the whole line is.
    pub line: usize,
    pub column: usize,
    pub why: String,
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.column {
            0 => write!(f, "line {}: {}", self.line, self.why),
            column => write!(f, "line {}, column {column}: {}", self.line, self.why),
        }
    }
}

/// Validates standard input; the exit status as the protocol has it.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    let mut input = Vec::new();
    std::io::stdin().lock().read_to_end(&mut input).context("reading standard input")?;
    let verdict = if crate::eight_two::wanted(&args.cases) {
        let tables = crate::eight_two::load_tables(&args.cases.tables)?;
        eight_two(&tables, &input)
    } else {
        let (loaded, format) = args.cases.open()?;
        cases(loaded.definition("validate")?, format, &input)
    };
    let verdict = verdict.and_then(|count| match args.max_cases {
        Some(most) if count > most => {
            Err(Invalid { line: 1, column: 0, why: format!("{count} cases, more than --max-cases {most}") })
        }
        _ => Ok(count),
    });
    let (valid, not_valid) = match args.protocol {
        None => (0, 1),
        Some(Protocol::Testlib) => (0, 3),
        Some(Protocol::Kattis) => (42, 43),
    };
    match verdict {
        Ok(count) => {
            crate::stdio::note(format_args!("ok: {}", crate::text::plural(count, "case", "cases")));
            Ok(ExitCode::from(valid))
        }
        Err(invalid) => {
            let prefix = if args.protocol == Some(Protocol::Testlib) { "FAIL " } else { "godtab validate: " };
            crate::stdio::note(format_args!("{prefix}{invalid}"));
            Ok(ExitCode::from(not_valid))
        }
    }
}

/// The input's lines, each without its `\n`, checked for what no format
/// allows: a carriage return, an empty input, a last line without its
/// newline.
fn lines(input: &[u8]) -> Result<Vec<&[u8]>, Invalid> {
    let Some(body) = input.strip_suffix(b"\n") else {
        let line = input.split(|&b| b == b'\n').count();
        let why = if input.is_empty() { "the input is empty" } else { "the last line does not end in a newline" };
        return Err(Invalid { line, column: 0, why: why.into() });
    };
    let lines: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
    for (i, line) in lines.iter().enumerate() {
        if let Some(at) = line.iter().position(|&b| b == b'\r') {
            return Err(Invalid {
                line: i + 1,
                column: at + 1,
                why: "a carriage return (lines end in \\n alone)".into(),
            });
        }
    }
    Ok(lines)
}

/// `text` against the one way the format writes it: the first byte that
/// differs, if one does.
fn same_as_written(number: usize, text: &[u8], written: &str) -> Result<(), Invalid> {
    let written = written.as_bytes();
    if text == written {
        return Ok(());
    }
    let at = text.iter().zip(written).position(|(a, b)| a != b).unwrap_or(text.len().min(written.len()));
    let why = match (text.get(at), written.get(at)) {
        (Some(&found), Some(&expected)) => format!("found {}, expected {}", shown(found), shown(expected)),
        (Some(&found), None) => format!("found {} after the case's end", shown(found)),
        (None, Some(&expected)) => format!("the line ends where {} was expected", shown(expected)),
        (None, None) => unreachable!("the texts differ"),
    };
    Err(Invalid { line: number, column: at + 1, why })
}

/// A byte as a message shows it.
fn shown(byte: u8) -> String {
    match byte {
        b' ' => "a space".into(),
        b'\t' => "a tab".into(),
        b'\n' => "the line's end".into(),
        0x21..=0x7e => format!("'{}'", byte as char),
        _ => format!("byte 0x{byte:02x}"),
    }
}

/// Line `number` as text: a line that is not UTF-8 is a fault at its first
/// bad byte.
fn text(line: &[u8], number: usize) -> Result<String, Invalid> {
    String::from_utf8(line.to_vec()).map_err(|e| Invalid {
        line: number,
        column: e.utf8_error().valid_up_to() + 1,
        why: "not UTF-8 text".into(),
    })
}

/// Lines as text, the first of them line `first` (see [`text`]).
fn texts(lines: &[&[u8]], first: usize) -> Result<Vec<String>, Invalid> {
    lines.iter().enumerate().map(|(i, line)| text(line, first + i)).collect()
}

/// The cases of a table's formats: how many, or the first fault.
fn cases(definition: &Definition, format: Format, input: &[u8]) -> Result<u64, Invalid> {
    let lines = lines(input)?;
    let puzzle = definition.puzzle();
    let state = |number: usize, text: &str| -> Result<State, Invalid> {
        puzzle.parse(text).map_err(|e| Invalid { line: number, column: 0, why: e.to_string() })
    };
    let mut count = 0u64;
    let mut at = 0;
    while at < lines.len() {
        let number = at + 1;
        match format {
            Format::NinePuzzle => {
                if lines[at] == b"0" {
                    if at + 1 < lines.len() {
                        let why = "input after the line 0 that ends it".into();
                        return Err(Invalid { line: number + 1, column: 0, why });
                    }
                    return if count == 0 {
                        Err(Invalid { line: number, column: 0, why: "no case before the line 0".into() })
                    } else {
                        Ok(count)
                    };
                }
                let rows = puzzle.rows();
                let Some(group) = lines.get(at..at + rows) else {
                    let why = format!("a case cut short: {rows} lines of tiles, then a line 0 after the last case");
                    return Err(Invalid { line: lines.len(), column: 0, why });
                };
                if let Some(cut) = group.iter().position(|l| *l == b"0") {
                    let why = format!("the line 0 cuts a case short after {cut} of its {rows} lines");
                    return Err(Invalid { line: number + cut, column: 0, why });
                }
                let joined = texts(group, number)?;
                let parsed = state(number, &joined.join("\n"))?;
                let written = format!("{:#}", puzzle.display(&parsed));
                for (i, (line, row)) in joined.iter().zip(written.lines()).enumerate() {
                    same_as_written(number + i, line.as_bytes(), row)?;
                }
                at += rows;
            }
            Format::Blocks => {
                let Some(end) = lines[at..].iter().position(|l| *l == b"End").map(|e| at + e) else {
                    return Err(Invalid { line: lines.len(), column: 0, why: "a state without its line End".into() });
                };
                let block = texts(&lines[at..end], number)?.join("\n");
                let mut reader = puzzle.orbit_reader();
                let parsed = reader.read(block.as_bytes()).and_then(|_| reader.finish()).map_err(|e| Invalid {
                    line: number,
                    column: 0,
                    why: e.to_string(),
                })?;
                let written = format!("{:#}", puzzle.display(&parsed));
                let mut written_lines = written.lines();
                for (i, line) in lines[at..end].iter().enumerate() {
                    same_as_written(number + i, line, written_lines.next().unwrap_or(""))?;
                }
                if let Some(missing) = written_lines.next() {
                    let why = format!("the state's next line is missing: {missing:?}");
                    return Err(Invalid { line: end + 1, column: 0, why });
                }
                at = end + 1;
            }
            Format::Scramble => {
                let line = text(lines[at], number)?;
                definition.scramble(line.as_bytes()).map_err(|e| Invalid {
                    line: number,
                    column: 0,
                    why: e.to_string(),
                })?;
                same_as_written(number, line.as_bytes(), &line.split_whitespace().collect::<Vec<_>>().join(" "))?;
                if line.is_empty() {
                    return Err(Invalid { line: number, column: 0, why: "an empty line".into() });
                }
                at += 1;
            }
            _ => {
                let line = text(lines[at], number)?;
                if line.is_empty() {
                    return Err(Invalid { line: number, column: 0, why: "an empty line".into() });
                }
                let parsed = state(number, &line)?;
                same_as_written(number, line.as_bytes(), &puzzle.display(&parsed).to_string())?;
                at += 1;
            }
        }
        count += 1;
    }
    match format {
        Format::NinePuzzle => {
            Err(Invalid { line: lines.len(), column: 0, why: "no line 0 after the last case".into() })
        }
        _ => Ok(count),
    }
}

/// Eight II: the number of cases, then a start and a target per case,
/// nine characters of `1`-`8` and `X`, the target reachable from the start.
fn eight_two(tables: &[Table<Bytes>], input: &[u8]) -> Result<u64, Invalid> {
    let lines = lines(input)?;
    let first = lines[0];
    let count: u64 = match std::str::from_utf8(first).ok().and_then(|t| t.parse().ok()) {
        Some(count) if count > 0 && !first.starts_with(b"0") && first.iter().all(u8::is_ascii_digit) => count,
        _ => return Err(Invalid { line: 1, column: 0, why: "expected the number of cases, at least 1".into() }),
    };
    let expected = 1 + 2 * count;
    if lines.len() as u64 != expected {
        let why = format!("{count} cases take {expected} lines; the input has {}", lines.len());
        return Err(Invalid { line: lines.len().min(expected as usize), column: 0, why });
    }
    for (i, pair) in lines[1..].chunks(2).enumerate() {
        let number = 2 + 2 * i;
        for (j, line) in pair.iter().enumerate() {
            let at = |column: usize, why: String| Invalid { line: number + j, column, why };
            if let Some(c) = line.iter().position(|b| !b"12345678X".contains(b)) {
                return Err(at(c + 1, format!("found {}, expected a tile 1-8 or X", shown(line[c]))));
            }
            if line.len() != 9 {
                return Err(at(0, format!("{} characters, expected 9", line.len())));
            }
            if let Some(c) = (1..9).find(|&c| line[..c].contains(&line[c])) {
                return Err(at(c + 1, format!("{} appears twice", shown(line[c]))));
            }
        }
        crate::eight_two::answer(tables, pair[0], pair[1]).map_err(|why| Invalid {
            line: number + 1,
            column: 0,
            why: format!("case {}: {why}", i + 1),
        })?;
    }
    Ok(count)
}
