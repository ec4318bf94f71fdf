//! `godtab check`: a special judge. Reads the cases and a contestant's
//! answers in the statement's format and accepts every answer that is
//! legal and optimal; reports the first wrong case (or, with `--all`,
//! every one) with its number, its lines and why. Both files are read a
//! line at a time, so memory stays the same whatever their size.

mod answers;
mod cases;
mod eight_two;
mod protocol;

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use godtab_runtime::{Bytes, Table};
use protocol::{Checked, Outcome, Protocol};

use crate::cases::Format;
use crate::eight_two::EIGHT_TWO;
use crate::lines::{Lines, TooLong};
use crate::source::TableArgs;
use cases::Cases;
use godtab_oracle::Oracle;

/// Arguments of `godtab check`.
#[derive(clap::Args)]
#[command(
    override_usage = "godtab check [OPTIONS] [PUZZLE] INPUT OUTPUT
       godtab check --protocol testlib [OPTIONS] [PUZZLE] INPUT OUTPUT ANSWER [RESULT_FILE [-appes]]
       godtab check --protocol kattis [OPTIONS] [PUZZLE] INPUT ANSWER FEEDBACK_DIR < OUTPUT",
    after_help = "Examples:
  godtab check nine-puzzle cases.txt answers.txt
  godtab check eight-puzzle cases.txt answers.txt --all
  godtab check eight-two cases.txt answers.txt
  godtab check --table my-puzzle.gtab cases.txt answers.txt
  godtab check --tables data fifteen-puzzle cases.txt answers.txt

A pattern set (the 15-puzzle's, or any `gen --spec` writes with patterns) is read like a table:
each case's fewest moves are found by IDA*, within --max-nodes.

The cases are read as the judge reads them (the puzzle's statement format, or the generic one
for --table). Any answer that is legal and optimal is right, not only godtab's own.

Deliberately lenient, as contest judges are: spaces at the ends of lines, \\r\\n line ends,
blank lines between answers (except the 8-puzzle's, where an empty line answers a solved case),
blank lines or a missing newline at the end, and moves written together or apart. Strict, as
they are too: words as the statement spells them (\"Not solvable\", \"unsolvable\": not
\"NOT SOLVABLE\"), and numbers as written by a program (no plus sign, no leading zeros: \"+8\"
and \"09\" are malformed).

Each wrong case is reported on one line: its number, its input and output lines, and why (not
optimal: N moves where D suffice; an unknown or illegal move; moves that do not reach the goal;
solvable or unsolvable wrong; a malformed line; missing or extra output). The exit status is 0
when every answer is right, 1 otherwise.

Contest platforms call checkers their own way (--protocol); both judge the jury's answer file
first, and a wrong jury answer is the checker's failure, not the contestant's verdict:
  testlib  PUZZLE INPUT OUTPUT ANSWER [RESULT_FILE]: exit 0 accepted, 1 wrong answer, 2
           presentation error (a malformed line, an unknown move, missing or extra output), 3
           fail (the jury's answer is not right, or godtab cannot judge); one message on stderr
           (\"ok ...\", \"wrong answer ...\", \"wrong output format ...\", \"FAIL ...\"), also
           written to RESULT_FILE if given (as testlib's XML with -appes after it).
  kattis   PUZZLE INPUT ANSWER FEEDBACK_DIR < OUTPUT (the Kattis / ICPC problem package's
           output validator, also DOMjudge's): exit 42 accepted, 43 wrong, 1 judge error; the
           report is appended to FEEDBACK_DIR/judgemessage.txt and a short verdict to
           teammessage.txt."
)]
pub(crate) struct Args {
    /// The puzzle (not needed with --table), the file of cases and the
    /// file of answers (with --protocol, the files the platform gives).
    #[arg(value_name = "PUZZLE INPUT OUTPUT", required = true)]
    words: Vec<String>,
    /// Call as a contest platform calls its checkers: testlib's order
    /// and exit codes, or the Kattis / ICPC / DOMjudge output validator's.
    #[arg(long, value_enum)]
    protocol: Option<Protocol>,
    /// The format of the cases and answers (by default the puzzle's own).
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Report every wrong case, not only the first.
    #[arg(long)]
    all: bool,
    /// With --protocol testlib: write RESULT_FILE as testlib's XML
    /// (`<result outcome = "accepted">...</result>`), as testlib's own
    /// `-appes` does (which is read as this flag).
    #[arg(long)]
    appes: bool,
    #[command(flatten)]
    tables: TableArgs,
    #[command(flatten)]
    search: crate::pdb::SearchArgs,
}

/// Checks every answer; exit status 1 if one is wrong (or, with
/// `--protocol`, the platform's statuses).
pub(crate) fn run(args: &Args) -> Result<ExitCode> {
    let table = args.tables.table.is_some();
    // The words after the puzzle (none with --table).
    let files = |least: usize, most: usize| -> Result<(Option<&str>, &[String])> {
        let n = args.words.len();
        if table && (least..=most).contains(&n) {
            return Ok((None, &args.words[..]));
        }
        if !table && (least + 1..=most + 1).contains(&n) {
            return Ok((Some(args.words[0].as_str()), &args.words[1..]));
        }
        bail!("{}", usage(args.protocol))
    };
    match args.protocol {
        None => {
            let (puzzle, files) = files(2, 2)?;
            let judge = Judge::open(args, puzzle)?;
            let mut out = crate::stdio::buffered_stdout();
            let outcome = judge.check(open(&files[0])?, open(&files[1])?, args.all, &mut out, Path::new(&files[1]))?;
            out.flush()?;
            Ok(if outcome == Outcome::Accepted { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        Some(Protocol::Testlib) => {
            // Anything that keeps godtab from judging is testlib's fail.
            let files = files(3, 4);
            let result_file = files.as_ref().ok().and_then(|(_, files)| files.get(3));
            let result_file = result_file.map(|path| protocol::ResultFile { path: Path::new(path), xml: args.appes });
            let run = || -> Result<ExitCode> {
                let (puzzle, files) = files?;
                let judge = Judge::open(args, puzzle)?;
                let [input, output, answer] = [&files[0], &files[1], &files[2]];
                let jury = judge.checked(open(input)?, open(answer)?, Path::new(answer))?;
                let contestant = open(output).and_then(|o| judge.checked(open(input)?, o, Path::new(output)));
                protocol::testlib(&jury, contestant, result_file)
            };
            run().or_else(|error| protocol::testlib_fail(&error, result_file))
        }
        Some(Protocol::Kattis) => {
            let (puzzle, files) = files(3, 3)?;
            let [input, answer, feedback] = [&files[0], &files[1], &files[2]];
            let feedback = Path::new(feedback);
            if !feedback.is_dir() {
                bail!("{}: the feedback folder does not exist", feedback.display());
            }
            let judge = Judge::open(args, puzzle)?;
            let jury = judge.checked(open(input)?, open(answer)?, Path::new(answer))?;
            let stdin = std::io::stdin();
            let contestant =
                judge.checked(open(input)?, BufReader::with_capacity(64 << 10, stdin.lock()), Path::new("stdin"));
            protocol::kattis(&jury, contestant, feedback)
        }
    }
}

/// The command line with testlib's `-appes` (a checker's last argument,
/// after the result file) read as `--appes`: testlib's single-dash word is
/// not an option a parser of `--long` options knows. Only after `check`.
pub(crate) fn testlib_arguments(
    args: impl Iterator<Item = std::ffi::OsString>,
) -> impl Iterator<Item = std::ffi::OsString> {
    let mut in_check = false;
    args.map(move |arg| {
        if arg == "check" {
            in_check = true;
        }
        if in_check && arg == "-appes" { "--appes".into() } else { arg }
    })
}

/// How to call `check` with `protocol`.
fn usage(protocol: Option<Protocol>) -> &'static str {
    match protocol {
        None => "give the puzzle, the file of cases and the file of answers (or --table FILE and the two files)",
        Some(Protocol::Testlib) => {
            "--protocol testlib: give the puzzle, INPUT, OUTPUT, ANSWER and optionally RESULT_FILE (with --table, \
             no puzzle)"
        }
        Some(Protocol::Kattis) => {
            "--protocol kattis: give the puzzle, INPUT, ANSWER and FEEDBACK_DIR, and the output on standard input \
             (with --table, no puzzle)"
        }
    }
}

/// A file of cases or answers, buffered.
fn open(path: &String) -> Result<BufReader<File>> {
    Ok(BufReader::with_capacity(64 << 10, File::open(Path::new(path)).with_context(|| path.clone())?))
}

/// What holds the answers against the cases: the Eight II tables, or a
/// table or pattern set and the cases' format.
enum Judge {
    EightTwo(Vec<Table<Bytes>>),
    File(Box<Oracle<Bytes>>, Format),
}

impl Judge {
    fn open(args: &Args, puzzle: Option<&str>) -> Result<Self> {
        if puzzle == Some(EIGHT_TWO) || args.format == Some(Format::EightTwo) {
            if let Some(other) = puzzle.filter(|&p| p != EIGHT_TWO) {
                bail!("--format eight-two is the puzzle {EIGHT_TWO}'s format, not {other}'s");
            }
            return Ok(Self::EightTwo(crate::eight_two::load_tables(&args.tables)?));
        }
        let loaded = args.tables.open_verified(puzzle)?;
        let format = args.format.unwrap_or_else(|| Format::of(&loaded.file));
        format.check(&loaded.file).map_err(|problem| anyhow::anyhow!("--format: {problem}"))?;
        loaded.definition("check")?;
        Ok(Self::File(Box::new(loaded.into_oracle(args.search).0), format))
    }

    /// Checks `answers` against `input`, writing the report to `out`.
    fn check(
        &self,
        input: impl BufRead,
        answers: impl BufRead,
        all: bool,
        out: &mut impl Write,
        answers_name: &Path,
    ) -> Result<Outcome> {
        match self {
            // The Eight II checker tells no form from content: a wrong
            // answer of any kind is a wrong answer.
            Self::EightTwo(tables) => Ok(if eight_two::check(tables, input, answers, all, out, answers_name)? {
                Outcome::WrongAnswer
            } else {
                Outcome::Accepted
            }),
            Self::File(oracle, format) => check(oracle, *format, input, answers, all, out, answers_name),
        }
    }

    /// [`Judge::check`] up to the first wrong case, into a report.
    fn checked(&self, input: impl BufRead, answers: impl BufRead, name: &Path) -> Result<Checked> {
        let mut report = Vec::new();
        let outcome = self.check(input, answers, false, &mut report, name)?;
        Ok(Checked { outcome, report: String::from_utf8_lossy(&report).into_owned() })
    }
}

/// The answer lines, one at a time.
struct Answers<R> {
    lines: Lines<R>,
    /// Whether an empty line is an answer (the 8-puzzle's solved case).
    empty_answers: bool,
}

/// An answer line's number and its text, trimmed (or why it has none).
type Answer = (u64, Result<Vec<u8>, TooLong>);

impl<R: BufRead> Answers<R> {
    /// The next answer line, trimmed, and its number; `None` at the end.
    /// Blank lines are skipped unless empty lines are answers.
    fn next_answer(&mut self) -> std::io::Result<Option<Answer>> {
        while let Some((number, line)) = self.lines.next()? {
            let text = line.text().map(<[u8]>::trim_ascii);
            if text.is_ok_and(<[u8]>::is_empty) && !self.empty_answers {
                continue;
            }
            return Ok(Some((number, text.map(<[u8]>::to_vec))));
        }
        Ok(None)
    }

    /// The first line after the answers that is not blank.
    fn extra(&mut self) -> std::io::Result<Option<u64>> {
        while let Some((line, text)) = self.next_answer()? {
            if !text.is_ok_and(|t| t.is_empty()) {
                return Ok(Some(line));
            }
        }
        Ok(None)
    }
}

/// Checks the answers against the cases, writing one line per wrong case
/// and a summary; the outcome of the first wrong case (or of missing or
/// extra output).
fn check(
    oracle: &Oracle<Bytes>,
    format: Format,
    input: impl BufRead,
    answers: impl BufRead,
    all: bool,
    out: &mut impl Write,
    output_name: &Path,
) -> Result<Outcome> {
    let Some(definition) = oracle.definition() else { bail!("check answers from tables of tiles") };
    let mut cases = Cases::new(input, definition, format);
    let empty_answers = format == Format::EightPuzzle;
    let mut answers = Answers { lines: Lines::new(answers), empty_answers };
    let (mut count, mut wrong) = (0u64, 0u64);
    let mut missing_from = None;
    let mut first = Outcome::Accepted;
    while let Some(case) = cases.next_case()? {
        count += 1;
        if missing_from.is_some() {
            continue;
        }
        let Some((line, text)) = answers.next_answer()? else {
            missing_from = Some((count, case.line));
            continue;
        };
        let verdict = match &case.state {
            Err(problem) => Err((Outcome::Fail, format!("the input's case is not a state: {problem}"))),
            Ok(state) => match &text {
                Err(too_long) => Err((Outcome::PresentationError, format!("malformed line: {too_long}"))),
                Ok(text) => {
                    answers::check(oracle, definition, format, state, text).map_err(|w| (w.outcome(), w.to_string()))
                }
            },
        };
        if let Err((outcome, why)) = verdict {
            wrong += 1;
            if first == Outcome::Accepted {
                first = outcome;
            }
            writeln!(out, "case {count} (input line {}, output line {line}): {why}", case.line)?;
            if !all {
                return Ok(first);
            }
        }
    }
    let extra = if missing_from.is_some() { None } else { answers.extra()? };
    let bad = conclude(out, Tally { count, wrong, missing_from, extra }, all, output_name)?;
    // Answers missing or output after them: the output's form.
    Ok(if bad && first == Outcome::Accepted { Outcome::PresentationError } else { first })
}

/// How a check ended: cases read, wrong answers, where the answers ran
/// out (the first case without one and its input line) or the first line
/// of output after the last answer.
struct Tally {
    count: u64,
    wrong: u64,
    missing_from: Option<(u64, u64)>,
    extra: Option<u64>,
}

/// Reports missing or extra output and the summary line; true if any
/// answer was wrong or output follows the last answer. Missing answers
/// count as wrong answers; extra output is not an answer and is reported
/// beside the count.
fn conclude(out: &mut impl Write, tally: Tally, all: bool, output_name: &Path) -> Result<bool> {
    let Tally { count, mut wrong, missing_from, extra } = tally;
    if let Some((first, line)) = missing_from {
        wrong += count - first + 1;
        let which = if first == count { format!("case {first}") } else { format!("cases {first} to {count}") };
        writeln!(out, "{which} (input line {line}): missing output: {} ends first", output_name.display())?;
    } else if let Some(line) = extra {
        writeln!(out, "output line {line}: extra output after the answers to all {count} cases")?;
    }
    let answers = if count == 1 { "answer" } else { "answers" };
    if wrong == 0 && extra.is_none() {
        match count {
            0 => writeln!(out, "no cases to check")?,
            1 => writeln!(out, "the one answer is right")?,
            _ => writeln!(out, "all {count} answers are right")?,
        }
    } else if wrong == 0 {
        writeln!(out, "all {count} {answers} are right, but output follows them")?;
    } else if all {
        writeln!(out, "{wrong} of {count} {answers} wrong")?;
    }
    Ok(wrong > 0 || extra.is_some())
}
