//! The cases of a `check` input, read one at a time in the statement's
//! format: one line per case, the 9 Puzzle's three lines ended by "0", or
//! an orbit puzzle's state in blocks ending with `End`.

use std::io::{self, BufRead};

use godtab_runtime::{Definition, State};

use crate::cases::Format;
use crate::lines::has_end;
use crate::lines::{Lines, TooLong};

/// One case of the input.
pub(crate) struct Case {
    /// The input line where it starts.
    pub line: u64,
    /// Its state, or why it is not one.
    pub state: Result<State, String>,
}

/// Reads the cases of `input` in `format`.
pub(crate) struct Cases<'t, R> {
    lines: Lines<R>,
    definition: &'t Definition,
    format: Format,
    ended: bool,
}

/// A line's number and its text, trimmed (or why it has none).
type Text = (u64, Result<Vec<u8>, TooLong>);

impl<'t, R: BufRead> Cases<'t, R> {
    pub(crate) fn new(input: R, definition: &'t Definition, format: Format) -> Self {
        Self { lines: Lines::new(input), definition, format, ended: false }
    }

    /// The next non-blank line, trimmed, and its number; `None` at the end.
    fn next_text(&mut self) -> io::Result<Option<Text>> {
        while !self.ended {
            let Some((number, line)) = self.lines.next()? else { break };
            match line.text() {
                Ok(text) if text.trim_ascii().is_empty() => {}
                Ok(text) => return Ok(Some((number, Ok(text.trim_ascii().to_vec())))),
                Err(too_long) => return Ok(Some((number, Err(too_long)))),
            }
        }
        self.ended = true;
        Ok(None)
    }

    /// The next case, `None` after the last.
    pub(crate) fn next_case(&mut self) -> io::Result<Option<Case>> {
        let Some((line, first)) = self.next_text()? else { return Ok(None) };
        let first = match first {
            Ok(first) => first,
            Err(too_long) if self.format == Format::Blocks => return self.blocks_case(line, Err(too_long)).map(Some),
            Err(too_long) => return Ok(Some(Case { line, state: Err(too_long.to_string()) })),
        };
        if self.format == Format::Blocks {
            return self.blocks_case(line, Ok(first)).map(Some);
        }
        if self.format != Format::NinePuzzle {
            let state = self.state(&first);
            return Ok(Some(Case { line, state }));
        }
        if first == b"0" {
            self.ended = true;
            return Ok(None);
        }
        let mut text = first;
        for _ in 1..self.definition.puzzle().rows() {
            match self.next_text()? {
                Some((_, Ok(row))) if row != b"0" => {
                    text.push(b' ');
                    text.extend_from_slice(&row);
                }
                Some((_, Err(too_long))) => return Ok(Some(Case { line, state: Err(too_long.to_string()) })),
                _ => {
                    self.ended = true;
                    return Ok(Some(Case { line, state: Err("the input ended inside this case".into()) }));
                }
            }
        }
        let state = self.state(&text);
        Ok(Some(Case { line, state }))
    }

    /// An orbit puzzle's case in blocks, from its first line `first` (line
    /// `line`) through the line with its `End`; a bad case is skipped to
    /// its `End`.
    fn blocks_case(&mut self, line: u64, first: Result<Vec<u8>, TooLong>) -> io::Result<Case> {
        let mut reader = self.definition.puzzle().orbit_reader();
        let mut text = first;
        let problem = loop {
            let line_text = match &text {
                Ok(line_text) => line_text,
                Err(too_long) => break too_long.to_string(),
            };
            match reader.read(line_text) {
                Ok(false) => {}
                Ok(true) => return Ok(Case { line, state: reader.finish().map_err(|e| e.to_string()) }),
                Err(problem) => break problem.to_string(),
            }
            match self.next_text()? {
                Some((_, next)) => text = next,
                None => {
                    let problem = "the input ended inside this state, before its End";
                    return Ok(Case { line, state: Err(problem.into()) });
                }
            }
        };
        // The rest of the bad case, through its End.
        let mut ended = text.as_ref().is_ok_and(|t| has_end(t));
        while !ended {
            let Some((_, next)) = self.next_text()? else { break };
            ended = next.is_ok_and(|t| has_end(&t));
        }
        Ok(Case { line, state: Err(problem) })
    }

    fn state(&self, text: &[u8]) -> Result<State, String> {
        match self.format {
            Format::Scramble => self.definition.scramble(text).map_err(|e| e.to_string()),
            _ => self.definition.puzzle().parse(&String::from_utf8_lossy(text)).map_err(|e| e.to_string()),
        }
    }
}
