//! Where the judge's answers and reports of bad cases go, in input order,
//! with the count of bad cases and the cap on how many are listed.

use std::fmt::Display;
use std::io::{self, Write};

use super::Judge;

/// Where answers and complaints end up, in input order.
pub(crate) struct Output<W: Write, E: Write> {
    pub(super) out: W,
    pub(super) err: E,
    /// Bad cases found.
    pub(super) bad: u64,
    /// List at most this many bad cases.
    max_errors: Option<u64>,
    /// What names the input in reports ("cases.txt: "), if not stdin.
    pub(super) source: String,
}

impl<W: Write, E: Write> Output<W, E> {
    pub(super) fn new(out: W, err: E, max_errors: Option<u64>) -> Self {
        Self { out, err, bad: 0, max_errors, source: String::new() }
    }

    /// Reports a bad case on the error stream (unless past --max-errors).
    pub(super) fn report(&mut self, case: u64, line: u64, problem: impl Display) -> io::Result<()> {
        self.bad += 1;
        if self.max_errors.is_none_or(|max| self.bad <= max) {
            writeln!(self.err, "godtab judge: {}case {case} (line {line}): {problem}", self.source)?;
        }
        Ok(())
    }

    /// Writes one answer line.
    pub(crate) fn answer(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.out, "{line}")
    }

    /// Reports a bad case, after writing `placeholder` (if any) in its
    /// place among the answers.
    pub(crate) fn bad_case(
        &mut self,
        case: u64,
        line: u64,
        problem: impl Display,
        placeholder: Option<&[u8]>,
    ) -> io::Result<()> {
        if let Some(placeholder) = placeholder {
            self.out.write_all(placeholder)?;
        }
        self.out.flush()?;
        self.report(case, line, problem)?;
        self.err.flush()
    }

    /// Reports a problem of the input that is no one case's (a line's).
    pub(super) fn report_line(&mut self, line: u64, problem: impl Display) -> io::Result<()> {
        self.bad += 1;
        if self.max_errors.is_none_or(|max| self.bad <= max) {
            writeln!(self.err, "godtab judge: {}line {line}: {problem}", self.source)?;
        }
        Ok(())
    }

    /// Says how many bad cases went unlisted, and flushes both streams.
    pub(super) fn finish(&mut self) -> io::Result<()> {
        self.out.flush()?;
        if let Some(more) = self.max_errors.and_then(|max| self.bad.checked_sub(max)).filter(|&n| n > 0) {
            let plural = if more == 1 { "" } else { "s" };
            writeln!(self.err, "godtab judge: ... and {more} more bad case{plural} (--max-errors)")?;
        }
        self.err.flush()
    }

    /// Writes what a judge gathered and empties it. Bad cases get one line
    /// each on the error stream, numbered from the start of the input: the
    /// judge's numbers plus those of the last case and line before its
    /// first.
    pub(super) fn emit<T: AsRef<[u8]>>(
        &mut self,
        judge: &mut Judge<'_, T>,
        case_base: u64,
        line_base: u64,
    ) -> io::Result<()> {
        self.out.write_all(&judge.out)?;
        if !judge.bad.is_empty() {
            self.out.flush()?;
            for bad in &judge.bad {
                self.report(case_base + bad.case, line_base + bad.line, bad.problem)?;
            }
            self.err.flush()?;
        }
        judge.discard();
        Ok(())
    }
}
