//! Judging one-case-per-line input in blocks: each block of whole lines is
//! split in two at a line boundary, the halves are judged on two threads
//! straight from the input buffer, and the answers are written in input
//! order. Memory stays at one block, whatever the input.

use std::io::{self, Read, Write};

use super::formats::OnePerLine;
use super::lines::{Line, MAX_LINE};
use super::{Judge, Output};

/// Bytes of input judged at a time.
const BLOCK: usize = 1 << 20;

/// What one thread works with. Aligned to its own cache lines: two workers
/// side by side would otherwise write to one line from two cores.
#[repr(align(128))]
struct Worker<'t> {
    reader: OnePerLine,
    judge: Judge<'t>,
    /// Lines judged since the last emit.
    lines: u64,
}

impl Worker<'_> {
    /// Judges every line of `region` (the last one may lack its newline).
    fn judge_lines(&mut self, region: &[u8]) {
        let mut start = 0;
        while start < region.len() {
            let end = memchr::memchr(b'\n', &region[start..]).map_or(region.len(), |offset| start + offset);
            let text = &region[start..end];
            let text = text.strip_suffix(b"\r").unwrap_or(text);
            self.lines += 1;
            let line = if text.len() > MAX_LINE { Line::TooLong } else { Line::Text(text) };
            self.reader.line(&mut self.judge, self.lines, line);
            start = end + 1;
        }
    }

    fn emit(&mut self, output: &mut Output<impl Write>) -> io::Result<()> {
        output.emit(&mut self.judge, self.lines)?;
        self.lines = 0;
        Ok(())
    }
}

/// Judges every line of `input`.
pub(super) fn judge<'t>(
    mut input: impl Read,
    reader: OnePerLine,
    new_judge: impl Fn() -> Judge<'t>,
    output: &mut Output<impl Write>,
) -> io::Result<()> {
    let mut workers = [
        Worker { reader: reader.clone(), judge: new_judge(), lines: 0 },
        Worker { reader, judge: new_judge(), lines: 0 },
    ];
    let mut buf = vec![0u8; BLOCK];
    let mut filled = 0;
    let mut eof = false;
    // Inside a line too long to judge, already reported: drop input up to
    // its newline.
    let mut skipping = false;
    loop {
        while filled < buf.len() && !eof {
            match input.read(&mut buf[filled..]) {
                Ok(0) => eof = true,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        let complete = if eof { Some(filled) } else { memchr::memrchr(b'\n', &buf[..filled]).map(|at| at + 1) };
        let Some(complete) = complete else {
            // A whole block without a newline: one line far too long.
            if !skipping {
                workers[0].lines += 1;
                let [first, _] = &mut workers;
                first.reader.line(&mut first.judge, first.lines, Line::TooLong);
                first.emit(output)?;
                skipping = true;
            }
            filled = 0;
            continue;
        };
        let mut region = &buf[..complete];
        if skipping {
            // The rest of the too-long line, through its newline.
            let end = memchr::memchr(b'\n', region).map_or(region.len(), |at| at + 1);
            region = &region[end..];
            skipping = false;
        }
        let (first_half, second_half) = split_at_line(region);
        let [first, second] = &mut workers;
        rayon::join(|| first.judge_lines(first_half), || second.judge_lines(second_half));
        for worker in &mut workers {
            worker.emit(output)?;
        }
        if eof {
            return Ok(());
        }
        buf.copy_within(complete..filled, 0);
        filled -= complete;
    }
}

/// Splits whole lines into two runs of whole lines of about equal size.
fn split_at_line(region: &[u8]) -> (&[u8], &[u8]) {
    let middle = region.len() / 2;
    match memchr::memchr(b'\n', &region[middle..]) {
        Some(offset) => region.split_at(middle + offset + 1),
        None => (region, &[]),
    }
}
