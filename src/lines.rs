//! Reading text a line at a time in constant memory, the same way for
//! every reader of cases and answers (`judge`'s drivers, `check`): lines
//! numbered from 1, a UTF-8 byte-order mark at the very start skipped, and
//! a line longer than [`MAX_LINE`] cut there and told apart
//! ([`Line::TooLong`], whose one message is [`TooLong`]).

use std::fmt;
use std::io::{self, BufRead};

/// Longer lines are reported as too long and skipped, so memory never
/// grows with the input, however it is shaped.
pub(crate) const MAX_LINE: usize = 4096;

/// The UTF-8 byte-order mark, which editors on Windows put at the start of
/// text files: skipped there, an error anywhere else.
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One line of input, without its line ending (`\n` or `\r\n`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Line<'a> {
    /// The line's bytes.
    Text(&'a [u8]),
    /// A line longer than [`MAX_LINE`] bytes.
    TooLong,
}

impl<'a> Line<'a> {
    /// The line read from `text` (without its newline; a final `\r` is
    /// dropped).
    #[inline]
    pub(crate) fn of(text: &'a [u8]) -> Self {
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        if text.len() > MAX_LINE { Self::TooLong } else { Self::Text(text) }
    }

    /// The text, or the one message for a line too long.
    pub(crate) fn text(self) -> Result<&'a [u8], TooLong> {
        match self {
            Self::Text(text) => Ok(text),
            Self::TooLong => Err(TooLong),
        }
    }
}

/// What is wrong with a line longer than [`MAX_LINE`], said one way
/// everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TooLong;

impl fmt::Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line longer than {MAX_LINE} bytes")
    }
}

/// The lines of an input, numbered from 1.
pub(crate) struct Lines<R> {
    input: R,
    line: Vec<u8>,
    number: u64,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(input: R) -> Self {
        Self { input, line: Vec::with_capacity(64), number: 0 }
    }

    /// The next line and its number, `None` at the end of the input.
    pub(crate) fn next(&mut self) -> io::Result<Option<(u64, Line<'_>)>> {
        if !next_line(&mut self.input, &mut self.line)? {
            return Ok(None);
        }
        self.number += 1;
        let text = if self.number == 1 { self.line.strip_prefix(BOM).unwrap_or(&self.line) } else { &self.line };
        Ok(Some((self.number, Line::of(text))))
    }
}

/// Reads the next line into `line` (without its newline), keeping at most
/// [`MAX_LINE`] + 1 bytes of it; false at the end of the input.
fn next_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<bool> {
    line.clear();
    let mut seen = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(seen);
        }
        seen = true;
        let (part, done) = match memchr::memchr(b'\n', buf) {
            Some(at) => (&buf[..at], at + 1),
            None => (buf, buf.len()),
        };
        // One byte past the limit, with room for a final \r, tells a line
        // too long from one just long enough.
        let room = (MAX_LINE + 2).saturating_sub(line.len());
        line.extend_from_slice(&part[..part.len().min(room)]);
        let ended = part.len() < buf.len();
        input.consume(done);
        if ended {
            return Ok(true);
        }
    }
}

/// Whether a line holds the word `End`.
pub(crate) fn has_end(text: &[u8]) -> bool {
    text.split(u8::is_ascii_whitespace).any(|word| word == b"End")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_cut_and_stripped() {
        let long = "x".repeat(MAX_LINE + 1);
        let fits = "y".repeat(MAX_LINE);
        let input = format!("\u{feff}first\r\n\n{long}\n{fits}\r\nlast");
        let mut lines = Lines::new(input.as_bytes());
        let mut seen = Vec::new();
        while let Some((number, line)) = lines.next().unwrap() {
            seen.push((number, line.text().map(|t| t.len())));
        }
        assert_eq!(seen, [(1, Ok(5)), (2, Ok(0)), (3, Err(TooLong)), (4, Ok(MAX_LINE)), (5, Ok(4))]);
        assert_eq!(TooLong.to_string(), "line longer than 4096 bytes");
        // A mark anywhere but the start is part of the line.
        let mut lines = Lines::new("a\n\u{feff}b".as_bytes());
        lines.next().unwrap();
        assert!(matches!(lines.next().unwrap(), Some((2, Line::Text(t))) if t.len() == 4));
    }
}
