//! The standard streams, with errors that say which stream failed:
//! "writing standard output: No space left on device".

use std::fmt;
use std::io::{self, BufWriter, Read, StderrLock, StdinLock, StdoutLock, Write};

/// A stream whose I/O errors name it. The error kind is kept, so a closed
/// pipe is still recognised as one.
pub(crate) struct Named<S> {
    stream: S,
    action: &'static str,
}

impl<S> Named<S> {
    fn error(&self, e: io::Error) -> io::Error {
        io::Error::new(e.kind(), format!("{}: {e}", self.action))
    }
}

impl<S: Read> Read for Named<S> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.stream.read(buf).map_err(|e| self.error(e))
    }
}

impl<S: Write> Write for Named<S> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.stream.write(buf).map_err(|e| self.error(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush().map_err(|e| self.error(e))
    }
}

/// Standard input, locked.
pub(crate) fn stdin() -> Named<StdinLock<'static>> {
    Named { stream: io::stdin().lock(), action: "reading standard input" }
}

/// Standard output, locked (line-buffered, as Rust's standard output is).
pub(crate) fn stdout() -> Named<StdoutLock<'static>> {
    Named { stream: io::stdout().lock(), action: "writing standard output" }
}

/// Standard output behind a 64 KiB buffer, for many lines: flush it before
/// the end.
pub(crate) fn buffered_stdout() -> BufWriter<Named<StdoutLock<'static>>> {
    BufWriter::with_capacity(64 * 1024, stdout())
}

/// Standard error, locked, behind a 64 KiB buffer, for many lines: flush
/// it before the end.
pub(crate) fn buffered_stderr() -> BufWriter<Named<StderrLock<'static>>> {
    BufWriter::with_capacity(64 * 1024, Named { stream: io::stderr().lock(), action: "writing standard error" })
}

/// Writes a line to standard error, in one write (standard error is
/// unbuffered: written piece by piece, a line would cost a system call per
/// piece). Unlike `eprintln!`, never panics: a standard error that cannot
/// be written leaves nowhere to say so, and the exit status still tells.
pub(crate) fn note(line: fmt::Arguments<'_>) {
    let _ = io::stderr().write_all(format!("{line}\n").as_bytes());
}
