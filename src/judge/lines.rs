//! Reading input line by line in large chunks, in constant memory.

use std::io::{self, Read};

/// Bytes read from the input at a time.
const CHUNK: usize = 256 * 1024;

/// Longer lines are reported as [`Line::TooLong`] and skipped, so memory
/// never grows with the input, however it is shaped.
pub const MAX_LINE: usize = 4096;

/// One line of input, without its line ending (`\n` or `\r\n`).
#[derive(Clone, Copy)]
pub enum Line<'a> {
    /// The line's bytes.
    Text(&'a [u8]),
    /// A line longer than [`MAX_LINE`] bytes.
    TooLong,
}

/// Splits an input into lines, reading it in chunks of [`CHUNK`] bytes.
pub struct Lines<R> {
    input: R,
    buf: Vec<u8>,
    /// The unread part of the chunk: `buf[start..end]`.
    start: usize,
    end: usize,
    /// Lines returned so far.
    number: u64,
    eof: bool,
}

impl<R: Read> Lines<R> {
    pub fn new(input: R) -> Self {
        Self { input, buf: vec![0; CHUNK], start: 0, end: 0, number: 0, eof: false }
    }

    /// The next line and its number (from 1), including a last line without
    /// a final newline; `None` at the end of input.
    pub fn next_line(&mut self) -> io::Result<Option<(u64, Line<'_>)>> {
        let mut skipping = false;
        loop {
            if let Some(offset) = memchr::memchr(b'\n', &self.buf[self.start..self.end]) {
                let line = self.start..self.start + offset;
                self.start += offset + 1;
                return Ok(Some(self.take(line, skipping)));
            }
            if self.eof {
                if self.start == self.end && !skipping {
                    return Ok(None);
                }
                let line = self.start..self.end;
                self.start = self.end;
                return Ok(Some(self.take(line, skipping)));
            }
            // No newline in what is left: keep it (or drop it, once too
            // long) and read more behind it.
            let rest = self.end - self.start;
            if skipping || rest > MAX_LINE {
                skipping = true;
                self.end = 0;
            } else {
                self.buf.copy_within(self.start..self.end, 0);
                self.end = rest;
            }
            self.start = 0;
            let read = loop {
                match self.input.read(&mut self.buf[self.end..]) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            };
            self.end += read;
            self.eof = read == 0;
        }
    }

    fn take(&mut self, range: std::ops::Range<usize>, skipped: bool) -> (u64, Line<'_>) {
        self.number += 1;
        let line = &self.buf[range];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let line = if skipped || line.len() > MAX_LINE { Line::TooLong } else { Line::Text(line) };
        (self.number, line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(u64, Option<Vec<u8>>)> {
        let mut seen = Vec::new();
        let mut lines = Lines::new(input);
        while let Some((n, line)) = lines.next_line().unwrap() {
            seen.push((
                n,
                match line {
                    Line::Text(t) => Some(t.to_vec()),
                    Line::TooLong => None,
                },
            ));
        }
        seen
    }

    #[test]
    fn endings_and_last_lines() {
        assert_eq!(
            lines(b"a\nb\r\n\nc"),
            [(1, Some(b"a".to_vec())), (2, Some(b"b".to_vec())), (3, Some(vec![])), (4, Some(b"c".to_vec()))]
        );
        assert_eq!(lines(b""), []);
        assert_eq!(lines(b"x\n"), [(1, Some(b"x".to_vec()))]);
    }

    #[test]
    fn long_lines_are_skipped_across_chunks() {
        let mut input = b"first\n".to_vec();
        input.extend(std::iter::repeat_n(b'7', 3 * CHUNK));
        input.extend_from_slice(b"\nlast\n");
        assert_eq!(lines(&input), [(1, Some(b"first".to_vec())), (2, None), (3, Some(b"last".to_vec()))]);
        let unterminated: Vec<u8> = std::iter::repeat_n(b'7', CHUNK + 10).collect();
        assert_eq!(lines(&unterminated), [(1, None)]);
        let medium = [vec![b'1'; MAX_LINE + 1], b"\nok".to_vec()].concat();
        assert_eq!(lines(&medium), [(1, None), (2, Some(b"ok".to_vec()))]);
    }
}
