//! The "Eight II" judge (HDU 3567): the number of cases, then a start and a
//! target line per case; each pair is answered by the one of the nine
//! `eight-two-K` tables whose goal has the target's blank cell, the tiles
//! relabelled through that goal. Read line by line in constant memory (the
//! original has at most 200 cases; any number works).

use std::fmt::Display;
use std::io::{self, BufReader, Read, Write};
use std::path::PathBuf;

use anyhow::{Result, bail};
use godtab_runtime::{Bytes, Table};

use super::{OnError, Output, inputs, write_number};
use crate::cases::CasesArgs;
use crate::eight_two::{EIGHT_TWO, answer, load_tables};
use crate::lines::Lines;

/// Judges the files (or stdin) with the nine Eight II tables.
pub(super) fn run<W: Write, E: Write>(
    cases: &CasesArgs,
    files: &[PathBuf],
    on_error: Option<OnError>,
    output: &mut Output<W, E>,
) -> Result<()> {
    if cases.tables.table.is_some() {
        bail!(
            "{EIGHT_TWO} answers with the nine tables {EIGHT_TWO}-0 to {EIGHT_TWO}-8: use the built-in ones or --tables DIR"
        );
    }
    if let Some(other) = cases.puzzle.as_deref().filter(|&p| p != EIGHT_TWO) {
        bail!("--format eight-two is the puzzle {EIGHT_TWO}'s format, not {other}'s");
    }
    let tables = load_tables(&cases.tables)?;
    inputs::each(files, output, |input, output| judge(&tables, input, output, on_error.is_some()))
}

/// Where the reading is.
enum Expect {
    /// The first line: the number of cases.
    Count,
    /// A case's start.
    Start,
    /// A case's target, after the start (its text and line).
    Target(Vec<u8>, u64),
}

/// Judges one input.
fn judge<W: Write, E: Write>(
    tables: &[Table<Bytes>],
    input: &mut dyn Read,
    output: &mut Output<W, E>,
    placeholder: bool,
) -> io::Result<()> {
    let mut lines = Lines::new(BufReader::with_capacity(64 << 10, input));
    let mut cases = 0u64;
    let mut promised = None;
    let mut expect = Expect::Count;
    while let Some((number, line)) = lines.next()? {
        let text = match line.text() {
            Ok(text) => text.trim_ascii(),
            Err(too_long) => {
                cases += 1;
                bad(output, placeholder, cases, number, too_long)?;
                expect = Expect::Start;
                continue;
            }
        };
        if text.is_empty() {
            continue;
        }
        expect = match expect {
            Expect::Count => match std::str::from_utf8(text).ok().and_then(|t| t.parse::<u64>().ok()) {
                Some(count) => {
                    promised = Some((count, number));
                    Expect::Start
                }
                // No count: the cases start right away (reported at the end).
                None => Expect::Target(text.to_vec(), number),
            },
            Expect::Start => Expect::Target(text.to_vec(), number),
            Expect::Target(start, start_line) => {
                cases += 1;
                match answer(tables, &start, text) {
                    Ok((distance, moves)) => write_case(&mut output.out, cases, distance, &moves)?,
                    Err(problem) => bad(output, placeholder, cases, start_line, problem)?,
                }
                Expect::Start
            }
        };
    }
    if let Expect::Target(_, start_line) = expect {
        cases += 1;
        bad(output, placeholder, cases, start_line, "the input ended before this case's target line")?;
    }
    match promised {
        Some((count, at)) if count != cases => {
            output.out.flush()?;
            output.report_line(at, format_args!("the first line says {count} cases, the input has {cases}"))
        }
        None if cases > 0 => {
            output.out.flush()?;
            output.report_line(1, "the first line should be the number of cases, T")
        }
        _ => Ok(()),
    }
}

/// Writes "Case k: D" and the move line.
fn write_case(out: &mut impl Write, case: u64, distance: u8, moves: &[u8]) -> io::Result<()> {
    let mut text = Vec::with_capacity(moves.len() + 32);
    text.extend_from_slice(b"Case ");
    text.extend_from_slice(case.to_string().as_bytes());
    text.extend_from_slice(b": ");
    write_number(&mut text, distance);
    text.push(b'\n');
    text.extend_from_slice(moves);
    text.push(b'\n');
    out.write_all(&text)
}

/// Reports a bad case, after a placeholder answer if asked for one.
fn bad<W: Write, E: Write>(
    output: &mut Output<W, E>,
    placeholder: bool,
    case: u64,
    line: u64,
    problem: impl Display,
) -> io::Result<()> {
    if placeholder {
        writeln!(output.out, "Case {case}: error\n")?;
    }
    output.out.flush()?;
    output.report(case, line, problem)
}
