//! Reading input in blocks of whole lines, in constant memory, and judging
//! each block on two threads: the block is split in two at a case boundary,
//! the halves are judged at once straight from the input buffer, and the
//! answers are written in input order.

use std::io::{self, Read, Write};

use super::{Judge, Output};
use crate::lines::BOM;
pub(crate) use crate::lines::Line;

/// Bytes of input judged at a time, at most...
const BLOCK: usize = 1 << 20;
/// ...and at first.
const FIRST_BLOCK: usize = 64 << 10;

/// A case format's reader: turns lines into cases and answers them.
pub(crate) trait CaseReader<T>: Clone + Send {
    /// Takes the next line (numbered from 1 within the current run).
    fn line(&mut self, judge: &mut Judge<'_, T>, number: u64, line: Line<'_>);
    /// Called once, at the end of the input.
    fn finish(&mut self, judge: &mut Judge<'_, T>);
    /// Whether the reader is between cases, in the state a fresh reader
    /// starts in: then the lines that follow can be read by another one.
    fn between_cases(&self) -> bool;
    /// How many lines a case usually spans, to split blocks between cases.
    fn lines_per_case(&self) -> usize;
    /// Lines of the current case read so far (0 between cases).
    fn lines_into_case(&self) -> usize;
    /// Answers the whole cases at the start of `region` that the format's
    /// quick path takes, as reading them line by line would; returns the
    /// bytes and lines they span. None by default.
    #[inline]
    fn quick_cases(&mut self, _judge: &mut Judge<'_, T>, _region: &[u8]) -> (usize, u64) {
        (0, 0)
    }
}

/// What one thread works with. Aligned to its own cache lines: two workers
/// side by side would otherwise write to one line from two cores.
#[repr(align(128))]
struct Worker<'t, R, T> {
    reader: R,
    judge: Judge<'t, T>,
    /// Lines read, counted from `line_base`.
    lines: u64,
    /// The case and line numbers just before this worker's first ones: a
    /// worker counts from 1, and the driver adds these when it reports.
    case_base: u64,
    line_base: u64,
}

impl<'t, T: AsRef<[u8]>, R: CaseReader<T>> Worker<'t, R, T> {
    fn new(reader: R, judge: Judge<'t, T>) -> Self {
        Self { reader, judge, lines: 0, case_base: 0, line_base: 0 }
    }

    /// Reads every line of `region` (the last one may lack its newline):
    /// runs of cases the quick path takes in one go, any other line alone.
    fn read(&mut self, region: &[u8]) {
        let mut start = 0;
        while start < region.len() {
            let (bytes, lines) = self.reader.quick_cases(&mut self.judge, &region[start..]);
            start += bytes;
            self.lines += lines;
            if start >= region.len() {
                break;
            }
            let end = line_end(region, start);
            self.lines += 1;
            self.reader.line(&mut self.judge, self.lines, Line::of(&region[start..end]));
            start = end + 1;
        }
    }

    /// Writes out what the judge gathered (its counts carry on).
    fn emit(&mut self, output: &mut Output<impl Write, impl Write>) -> io::Result<()> {
        output.emit(&mut self.judge, self.case_base, self.line_base)
    }

    /// Forgets everything, to read a new run of lines from a fresh reader.
    fn restart(&mut self, fresh: &R) {
        self.reader = fresh.clone();
        self.judge.discard();
        self.judge.cases = 0;
        self.lines = 0;
    }
}

/// Where the line starting at `start` ends: its newline, or the end of
/// `region`.
#[inline]
fn line_end(region: &[u8], start: usize) -> usize {
    memchr::memchr(b'\n', &region[start..]).map_or(region.len(), |offset| start + offset)
}

/// Bytes counted at a time by [`nth_newline`].
const COUNT_CHUNK: usize = 4096;

/// Where the `n`th newline (from 0) of `bytes` is, if there are more than
/// `n`. Whole chunks are counted (a loop the compiler vectorizes) and only
/// the chunk that holds it is searched newline by newline.
fn nth_newline(bytes: &[u8], mut n: usize) -> Option<usize> {
    let mut offset = 0;
    for chunk in bytes.chunks(COUNT_CHUNK) {
        let count = count_newlines(chunk);
        if n < count {
            return memchr::memchr_iter(b'\n', chunk).nth(n).map(|at| offset + at);
        }
        n -= count;
        offset += chunk.len();
    }
    None
}

/// How many newlines `bytes` holds: counted in bytes, 255 at a time, which
/// the compiler turns into vector compares and adds.
fn count_newlines(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|run| usize::from(run.iter().fold(0u8, |count, &b| count.wrapping_add(u8::from(b == b'\n')))))
        .sum()
}

/// Judges every line of `input`, at most `max_lines` lines per block (so
/// that what a block gathers, answers and reports, stays bounded).
pub(super) fn judge<'t, T: AsRef<[u8]> + Sync + 't, R: CaseReader<T>>(
    mut input: impl Read,
    reader: R,
    new_judge: impl Fn() -> Judge<'t, T>,
    max_lines: usize,
    output: &mut Output<impl Write, impl Write>,
) -> io::Result<()> {
    let lines_per_case = reader.lines_per_case();
    let fresh = reader.clone();
    let mut first = Worker::new(reader.clone(), new_judge());
    let mut second = Worker::new(reader, new_judge());
    // Small inputs need no megabyte: the buffer starts small and doubles
    // while the input keeps filling it.
    let mut buf = vec![0u8; FIRST_BLOCK];
    let mut filled = 0;
    let mut eof = false;
    // Inside a line too long to judge, already reported: drop input up to
    // its newline.
    let mut skipping = false;
    let mut at_start = true;
    loop {
        while filled < buf.len() && !eof {
            match input.read(&mut buf[filled..]) {
                Ok(0) => eof = true,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        // The first fill holds the input's first bytes (all of them, or a
        // whole buffer), so a mark there is seen whole.
        if std::mem::take(&mut at_start) && buf[..filled].starts_with(BOM) {
            buf.copy_within(BOM.len()..filled, 0);
            filled -= BOM.len();
        }
        let complete = if eof { Some(filled) } else { memchr::memrchr(b'\n', &buf[..filled]).map(|at| at + 1) };
        let Some(complete) = complete else {
            // A whole block without a newline: one line far too long.
            if !skipping {
                first.lines += 1;
                first.reader.line(&mut first.judge, first.lines, Line::TooLong);
                skipping = true;
            }
            filled = 0;
            continue;
        };
        let mut start = 0;
        if skipping {
            // The rest of the too-long line, through its newline.
            start = memchr::memchr(b'\n', &buf[..complete]).map_or(complete, |at| at + 1);
            skipping = false;
        }
        // The rest of a block of many short lines waits for the next round.
        let lines = nth_newline(&buf[start..complete], max_lines.max(1) - 1);
        let (complete, more) = match lines {
            Some(at) if start + at + 1 < complete => (start + at + 1, true),
            _ => (complete, false),
        };
        let region = &buf[start..complete];
        let (head, tail) = split_between_cases(region, lines_per_case, first.reader.lines_into_case());
        // The second worker starts fresh at `tail`. That is right only if
        // the first one ends `head` between cases; when it does not (an
        // input shaped unlike the format), the second worker's work is
        // dropped and the first reads `tail` too.
        second.restart(&fresh);
        rayon::join(|| first.read(head), || second.read(tail));
        first.emit(output)?;
        if first.reader.between_cases() {
            second.case_base = first.case_base + first.judge.cases;
            second.line_base = first.line_base + first.lines;
            second.emit(output)?;
            std::mem::swap(&mut first, &mut second);
        } else {
            first.read(tail);
            first.emit(output)?;
        }
        if eof && !more {
            first.reader.finish(&mut first.judge);
            return first.emit(output);
        }
        if filled == buf.len() && buf.len() < BLOCK {
            buf.resize(buf.len() * 2, 0);
        }
        buf.copy_within(complete..filled, 0);
        filled -= complete;
    }
}

/// Splits whole lines into two runs of whole lines of about equal size, the
/// first completing a case whose first `lines_into_case` lines came before
/// (a block can end inside a case) and holding whole cases of
/// `lines_per_case` lines after it, so that the second starts at a case
/// boundary in any input shaped like the format (blank lines can shift it;
/// the caller checks and recovers).
fn split_between_cases(region: &[u8], lines_per_case: usize, lines_into_case: usize) -> (&[u8], &[u8]) {
    let middle = match memchr::memchr(b'\n', &region[region.len() / 2..]) {
        Some(offset) => region.len() / 2 + offset + 1,
        None => return (region, &[]),
    };
    if lines_per_case <= 1 {
        return region.split_at(middle);
    }
    let lines = lines_into_case + count_newlines(&region[..middle]);
    let extra = (lines_per_case - lines % lines_per_case) % lines_per_case;
    if extra == 0 {
        return region.split_at(middle);
    }
    match memchr::memchr_iter(b'\n', &region[middle..]).nth(extra - 1) {
        Some(offset) => region.split_at(middle + offset + 1),
        None => (region, &[]),
    }
}

#[cfg(test)]
mod tests {
    use super::{COUNT_CHUNK, count_newlines, nth_newline, split_between_cases};

    #[test]
    fn newlines_are_counted_and_found_across_chunks() {
        let bytes: Vec<u8> = (0..3 * COUNT_CHUNK).map(|i| if i % 7 == 3 { b'\n' } else { b'x' }).collect();
        let all: Vec<usize> = memchr::memchr_iter(b'\n', &bytes).collect();
        assert_eq!(count_newlines(&bytes), all.len());
        for n in 0..all.len() + 3 {
            assert_eq!(nth_newline(&bytes, n), all.get(n).copied(), "newline {n}");
        }
        assert_eq!(nth_newline(b"", 0), None);
    }

    #[test]
    fn splits_complete_the_case_in_progress_then_whole_cases() {
        let region = b"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n";
        for into_case in 0..3 {
            let (head, tail) = split_between_cases(region, 3, into_case);
            let lines = head.iter().filter(|&&b| b == b'\n').count();
            assert_eq!((into_case + lines) % 3, 0, "{into_case} lines into the case: head {head:?}");
            assert!(lines >= 6 && !tail.is_empty(), "about half: {lines} lines");
            assert_eq!([head, tail].concat(), region);
        }
        let (head, tail) = split_between_cases(b"1\n2\n3\n4\n", 1, 0);
        assert_eq!((head, tail), (&b"1\n2\n3\n"[..], &b"4\n"[..]));
    }
}
