//! Reading text a line at a time in constant memory: a line longer than
//! [`MAX_LINE`] is cut there (and can be told by its length).

use std::io::{self, BufRead};

pub(crate) use crate::judge::MAX_LINE;

/// Reads the next line into `line` (without its ending), keeping at most
/// [`MAX_LINE`] + 1 bytes of it; false at the end of the input.
pub(crate) fn next_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<bool> {
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
        let room = (MAX_LINE + 1).saturating_sub(line.len());
        line.extend_from_slice(&part[..part.len().min(room)]);
        let ended = part.len() < buf.len();
        input.consume(done);
        if ended {
            return Ok(true);
        }
    }
}
