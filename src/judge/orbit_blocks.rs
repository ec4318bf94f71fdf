//! States of orbit puzzles in blocks, as `godtab random` prints them: every
//! set's name, pieces and orientations, on lines of their own or not, each
//! state ending with a word `End`.

use godtab_puzzles::{OrbitReader, Puzzle};

use super::blocks::{CaseReader, Line};
use super::{Answer, Judge, Problem};

/// Reads states in blocks, a case from its first word through its `End`.
#[derive(Clone)]
pub(crate) struct OrbitBlocks<'p> {
    puzzle: &'p Puzzle,
    /// The state being read, if a case has begun.
    reader: Option<OrbitReader<'p>>,
    case: u64,
    /// The line where the case began, and lines read of it.
    first_line: u64,
    lines: usize,
    /// The case was reported bad: skip to its End.
    bad: bool,
}

impl<'p> OrbitBlocks<'p> {
    pub(crate) fn new(puzzle: &'p Puzzle) -> Self {
        Self { puzzle, reader: None, case: 0, first_line: 0, lines: 0, bad: false }
    }

    fn end_case(&mut self) {
        self.reader = None;
        self.lines = 0;
    }
}

use crate::lines::has_end;

impl<T: AsRef<[u8]>> CaseReader<T> for OrbitBlocks<'_> {
    fn line(&mut self, judge: &mut Judge<'_, T>, number: u64, line: Line<'_>) {
        if self.reader.is_none() {
            if matches!(line, Line::Text(text) if text.trim_ascii().is_empty()) {
                return;
            }
            self.reader = Some(self.puzzle.orbit_reader());
            self.case = judge.next_case();
            self.first_line = number;
            self.bad = false;
        }
        self.lines += 1;
        let Line::Text(text) = line else {
            if !std::mem::replace(&mut self.bad, true) {
                judge.bad(self.case, number, Problem::TooLong);
            }
            return;
        };
        if self.bad {
            if has_end(text) {
                self.end_case();
            }
            return;
        }
        let Some(reader) = self.reader.as_mut() else { return };
        match reader.read(text) {
            Ok(false) => {}
            Ok(true) => {
                let state = self.reader.take().map(OrbitReader::finish);
                match state {
                    Some(Ok(state)) => judge.answer(self.case, number, &state, Answer::Generic),
                    Some(Err(problem)) => judge.bad(self.case, number, Problem::State(problem)),
                    None => {}
                }
                self.end_case();
            }
            Err(problem) => {
                judge.bad(self.case, number, Problem::State(problem));
                self.bad = true;
                if has_end(text) {
                    self.end_case();
                }
            }
        }
    }

    /// At the end of input: a state without its End is bad.
    fn finish(&mut self, judge: &mut Judge<'_, T>) {
        if self.reader.is_some() && !self.bad {
            judge.bad(self.case, self.first_line, Problem::NoEnd);
        }
        self.end_case();
    }

    fn between_cases(&self) -> bool {
        self.reader.is_none()
    }

    fn lines_per_case(&self) -> usize {
        // As `godtab random` writes them: a set's name, its pieces and (if
        // it has any) its orientations, then End.
        self.puzzle.orbits().map(|o| 2 + usize::from(o.orientations > 1)).sum::<usize>() + 1
    }

    fn lines_into_case(&self) -> usize {
        self.lines
    }
}
