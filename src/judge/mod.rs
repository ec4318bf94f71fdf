//! `godtab judge`: answer a stream of cases in the exact format of a
//! problem statement, fast, in constant memory, and never stopping at a bad
//! case.

mod blocks;
mod eight_two;
mod formats;
mod inputs;
mod orbit_blocks;
mod output;
mod quick;
mod quick_nine;
mod searching;

use std::fmt::Display;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use godtab_puzzles::{ScrambleError, Tiles};
use godtab_runtime::{Error, RankReader, Solution, State, StateError, Table};

use crate::cases::{CasesArgs, Format};
use crate::stdio;
use formats::{OnePerLine, ThreeLines};
use godtab_oracle::Written;
pub(crate) use inputs::OnError;
use orbit_blocks::OrbitBlocks;
pub(crate) use output::Output;

/// Arguments of `godtab judge`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  echo \"4 1 3 5 2 6 7 8 9\" | godtab judge nine-digits
  printf '7 3 9\\n2 5 1\\n4 8 6\\n0\\n' | godtab judge nine-puzzle
  echo \"2 3 4 1 5 x 7 6 8\" | godtab judge eight-puzzle
  godtab judge --table my-puzzle.gtab < cases.txt
  echo \"R U F' R2\" | godtab judge --table cube-2x2x2.gtab --format scramble
  printf '2\\n12X453786\\n12345678X\\n564178X23\\n7568X4123\\n' | godtab judge eight-two
  godtab judge nine-digits cases1.txt cases2.txt --on-error line --max-errors 10

Bad cases are reported on stderr, one line each with the case and line number (and the file's
name when files are given); every other case is still answered. The exit status is 1 if any
case was bad. Files given after the puzzle are judged one after another, each on its own
(its cases and lines numbered from 1); without files, standard input is read.")]
pub(crate) struct Args {
    #[command(flatten)]
    cases: CasesArgs,
    /// Files of cases, judged one after another (standard input if none).
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// What a bad case gets on standard output: nothing (the default), or
    /// with `line` a placeholder answer line "error" ("Case k: error" and an
    /// empty line for eight-two), so answers stay aligned with cases.
    #[arg(long, value_enum, value_name = "WHAT")]
    on_error: Option<OnError>,
    /// List at most N bad cases on stderr, then say how many more there were.
    #[arg(long, value_name = "N")]
    max_errors: Option<u64>,
    #[command(flatten)]
    search: crate::pdb::SearchArgs,
}

/// Answers every case of the files given, or of stdin; exit status 1 if
/// any case was bad.
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    let (cases, files) = inputs::settle(&args.cases, &args.files);
    let mut output = Output::new(stdio::buffered_stdout(), stdio::buffered_stderr(), args.max_errors);
    let placeholder = args.on_error.map(|_| &b"error\n"[..]);
    if crate::eight_two::wanted(&cases) {
        eight_two::run(&cases, &files, args.on_error, &mut output)?;
    } else {
        let (oracle, format) = cases.open_oracle(args.search)?;
        // A complete table answers in the problems' own formats, by lookup;
        // every other table through the oracle's search.
        if let Some(table) = oracle.lookup_table() {
            inputs::each(&files, &mut output, |input, output| judge_into(table, format, input, output, placeholder))?;
        } else {
            oracle.ready()?;
            let written = match format {
                Format::Scramble => Written::Scramble,
                Format::Facelets => Written::Facelets,
                _ => Written::State,
            };
            // --threads: the cores that answer cases side by side, where one
            // search does not take them all itself.
            let pool = match args.search.threads.filter(|_| !oracle.searches_on_every_core()) {
                Some(threads) => Some(
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(usize::from(threads))
                        .build()
                        .map_err(|e| anyhow::anyhow!("starting the threads: {e}"))?,
                ),
                None => None,
            };
            let cases =
                searching::Cases { oracle: &oracle, written, blocks: format == Format::Blocks, pool: pool.as_ref() };
            inputs::each(&files, &mut output, |input, output| cases.judge(input, output, placeholder))?;
        }
    }
    output.finish()?;
    Ok(if output.bad > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Judges every case of `input` in `format`: answers to `out`, one line per
/// bad case to `err`. Returns the number of bad cases.
///
/// # Errors
///
/// Only errors reading `input` or writing `out` and `err`; bad cases are
/// reported, not errors.
#[cfg_attr(not(feature = "fuzzing"), allow(dead_code))]
pub(crate) fn judge_stream<T: AsRef<[u8]> + Sync>(
    table: &Table<T>,
    format: Format,
    input: impl Read,
    out: impl Write,
    err: impl Write,
) -> io::Result<u64> {
    let mut output = Output::new(out, err, None);
    judge_into(table, format, input, &mut output, None)?;
    output.finish()?;
    Ok(output.bad)
}

/// [`judge_stream`] into an output shared by several inputs; a bad case
/// gets `placeholder` on the output when there is one.
fn judge_into<T: AsRef<[u8]> + Sync>(
    table: &Table<T>,
    format: Format,
    input: impl Read,
    output: &mut Output<impl Write, impl Write>,
    placeholder: Option<&'static [u8]>,
) -> io::Result<()> {
    let names: Vec<Vec<u8>> = table.move_names().map(|n| n.as_bytes().to_vec()).collect();
    let new_judge = || Judge { placeholder, ..Judge::new(table, &names) };
    let max_lines = block_lines(table, format, &names);
    match OnePerLine::new(format, table) {
        Some(reader) => blocks::judge(input, reader, new_judge, max_lines, output)?,
        None if format == Format::Blocks => {
            blocks::judge(input, OrbitBlocks::new(table.puzzle()), new_judge, max_lines, output)?;
        }
        None => blocks::judge(input, ThreeLines::new(table), new_judge, max_lines, output)?,
    }
    output.out.flush()
}

/// Bytes each of the two workers may gather (answers and reports of bad
/// cases) from one block.
const GATHER_BUDGET: usize = 4 << 20;

/// The most lines in one block: enough that the answers or reports of a
/// block of the longest possible answers or of bad lines stay within
/// [`GATHER_BUDGET`] per worker, so memory never grows with the input.
fn block_lines<T: AsRef<[u8]>>(table: &Table<T>, format: Format, names: &[Vec<u8>]) -> usize {
    let longest_name = names.iter().map(Vec::len).max().unwrap_or(1);
    let longest_answer = match format {
        Format::NineDigits => 4,
        _ => usize::from(table.max_depth()) * (longest_name + 1) + 16,
    };
    let per_line = longest_answer.max(std::mem::size_of::<BadCase>());
    2 * (GATHER_BUDGET / per_line).max(1)
}

/// A case that could not be answered. Small and without heap data, so a
/// block of bad lines costs little memory.
struct BadCase {
    /// Its number, counted by its judge from 1.
    case: u64,
    /// The input line where the problem is, counted by the judge's worker
    /// from 1.
    line: u64,
    problem: Problem,
}

/// What is wrong with a case.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Problem {
    /// The text or its tiles are not a state of the puzzle.
    State(StateError),
    /// A scramble that names no move, or one that cannot be made.
    Scramble(ScrambleError),
    /// The input ended inside a state in blocks (reported at the line
    /// where it began), before its "End".
    NoEnd,
    /// A line longer than [`MAX_LINE`](crate::lines::MAX_LINE).
    TooLong,
    /// A line of a multi-line case holds the wrong number of tiles.
    RowLength {
        /// Tiles a row holds.
        expected: usize,
        /// Tiles on the line.
        found: usize,
    },
    /// The input ended inside a multi-line case.
    CutShort {
        /// Lines of the case read.
        lines: usize,
        /// Lines a case has.
        rows: usize,
        /// Ended by the line "0", not by the end of the input.
        by_zero: bool,
    },
    /// The table contradicts itself (a damaged table).
    Damaged,
}

impl Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::State(e) => e.fmt(f),
            Self::Scramble(e) => e.fmt(f),
            Self::NoEnd => f.write_str("the input ended inside this state, before its End"),
            Self::TooLong => crate::lines::TooLong.fmt(f),
            Self::RowLength { expected, found } => {
                write!(f, "expected {expected} tiles on this line of the case, found {found}")
            }
            Self::CutShort { lines, rows, by_zero } => {
                let end = if *by_zero { "the line \"0\" ended the input" } else { "the input ended" };
                write!(f, "{end} after {lines} of the case's {rows} lines")
            }
            Self::Damaged => f.write_str("the table is damaged: it contradicts itself; regenerate it"),
        }
    }
}

/// Answers cases into a buffer; the driver writes the buffer out in order.
pub(crate) struct Judge<'t, T> {
    table: &'t Table<T>,
    /// The table's reads by rank, for the quick paths (a full table's).
    ranks: Option<RankReader<'t>>,
    /// Move names as bytes, ready to write.
    names: &'t [Vec<u8>],
    /// Answers so far.
    out: Vec<u8>,
    /// Problems so far.
    bad: Vec<BadCase>,
    /// Cases started, counted from 1.
    cases: u64,
    /// The answer line a bad case gets (`--on-error line`), if any.
    placeholder: Option<&'static [u8]>,
}

impl<'t, T: AsRef<[u8]>> Judge<'t, T> {
    fn new(table: &'t Table<T>, names: &'t [Vec<u8>]) -> Self {
        Self {
            table,
            ranks: table.rank_reader(),
            names,
            out: Vec::with_capacity(64 * 1024),
            bad: Vec::new(),
            cases: 0,
            placeholder: None,
        }
    }

    /// Forgets the answers and problems gathered (they were written out).
    fn discard(&mut self) {
        self.out.clear();
        self.bad.clear();
    }

    /// Starts the next case and returns its number.
    fn next_case(&mut self) -> u64 {
        self.cases += 1;
        self.cases
    }

    /// Records a bad case: one line on stderr, and no answer or the
    /// placeholder (a damaged table's case already has its line).
    fn bad(&mut self, case: u64, line: u64, problem: Problem) {
        if let Some(placeholder) = self.placeholder.filter(|_| !matches!(problem, Problem::Damaged)) {
            self.out.extend_from_slice(placeholder);
        }
        self.bad.push(BadCase { case, line, problem });
    }

    /// Turns the tiles of a case into a state.
    fn state(&self, tiles: &Tiles) -> Result<State, StateError> {
        self.table.puzzle().state_from_tiles(tiles)
    }

    /// Answers a case of the distance-only format straight from its tiles.
    fn answer_distance(&mut self, case: u64, line: u64, tiles: &Tiles) {
        let distance = self.table.puzzle().check_tiles(tiles).map_err(Error::State);
        match distance.and_then(|()| self.table.distance_of_values(tiles.values())) {
            Ok(Some(d)) => write_number(&mut self.out, d),
            Ok(None) => self.out.extend_from_slice(b"-1"),
            Err(Error::State(problem)) => return self.bad(case, line, Problem::State(problem)),
            Err(_) => return self.bad(case, line, Problem::Damaged),
        }
        self.out.push(b'\n');
    }

    /// The quick path's answer: the stored distance of `rank` ("-1" if
    /// none) as a new case; false (nothing done) if the table cannot say.
    #[inline]
    fn answer_rank(&mut self, rank: u64) -> bool {
        let Some(Ok(distance)) = self.ranks.map(|ranks| ranks.distance(rank)) else { return false };
        self.cases += 1;
        // Answers of fixed length, each written in one go.
        match distance {
            Some(d) if d < 10 => self.out.extend_from_slice(&[b'0' + d, b'\n']),
            Some(d) if d < 100 => self.out.extend_from_slice(&[b'0' + d / 10, b'0' + d % 10, b'\n']),
            Some(d) => {
                write_number(&mut self.out, d);
                self.out.push(b'\n');
            }
            None => self.out.extend_from_slice(b"-1\n"),
        }
        true
    }

    /// Writes the answer for a case and its newline.
    fn answer(&mut self, case: u64, line: u64, state: &State, style: Answer) {
        if !write_answer(self.table, self.names, &mut self.out, state, style) {
            self.bad(case, line, Problem::Damaged);
        }
    }
}

/// How a case is answered.
#[derive(Clone, Copy)]
pub(crate) enum Answer {
    /// The distance ("-1" if unsolvable): Nine Digits.
    Distance,
    /// The moves run together ("unsolvable"): Eight.
    MoveString,
    /// "S MOVES", "0" when solved ("Not solvable"): UVA 11513.
    CountAndMoves,
    /// "D m1 m2 ..." ("unsolvable"): the generic format.
    Generic,
}

/// Writes one answer and its newline; false if the table's moves do not
/// reach the goal (a damaged table).
fn write_answer<T: AsRef<[u8]>>(
    table: &Table<T>,
    names: &[Vec<u8>],
    out: &mut Vec<u8>,
    state: &State,
    style: Answer,
) -> bool {
    // One lookup serves the count and the moves (on a compact table a
    // distance is a walk to the goal).
    let Ok(solution) = table.solution(state) else {
        out.push(b'\n');
        return false;
    };
    let sound = match solution {
        None => {
            out.extend_from_slice(match style {
                Answer::Distance => b"-1",
                Answer::CountAndMoves => b"Not solvable",
                Answer::MoveString | Answer::Generic => b"unsolvable",
            });
            true
        }
        Some(solution) => {
            let d = solution.len() as u8;
            match style {
                Answer::Distance => {
                    write_number(out, d);
                    true
                }
                Answer::CountAndMoves if d == 0 => {
                    out.push(b'0');
                    true
                }
                Answer::CountAndMoves => {
                    write_number(out, d);
                    out.push(b' ');
                    write_moves(names, out, solution, b"")
                }
                Answer::MoveString => write_moves(names, out, solution, b""),
                Answer::Generic => {
                    write_number(out, d);
                    if d > 0 {
                        out.push(b' ');
                    }
                    write_moves(names, out, solution, b" ")
                }
            }
        }
    };
    out.push(b'\n');
    sound
}

/// Writes the moves of a solution, separated by `separator`; false if the
/// table's moves do not reach the goal.
fn write_moves(names: &[Vec<u8>], out: &mut Vec<u8>, mut solution: Solution<'_>, separator: &[u8]) -> bool {
    for (i, m) in solution.by_ref().enumerate() {
        if i > 0 {
            out.extend_from_slice(separator);
        }
        out.extend_from_slice(&names[m]);
    }
    solution.error().is_none()
}

/// Writes a number (a distance: at most 255).
fn write_number(out: &mut Vec<u8>, n: u8) {
    if n >= 100 {
        out.push(b'0' + n / 100);
    }
    if n >= 10 {
        out.push(b'0' + n / 10 % 10);
    }
    out.push(b'0' + n % 10);
}
