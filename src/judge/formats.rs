//! The readers of the case formats (see [`Format`]): one case per line
//! (the Nine Digits and 8-puzzle statements', the generic one, states in
//! blocks on a line, scrambles) and the 9 Puzzle's three lines per case.

use godtab_puzzles::{Kind, MAX_CELLS, Tiles};
use godtab_runtime::{StateError, Table};

use crate::cases::Format;

use super::blocks::{CaseReader, Line};
use super::quick::NINE_DIGITS_LINE;
use super::quick_nine::{self, NINE_PUZZLE_CASE, QuickNine};
use super::{Answer, Judge, Problem};

/// One case per line; blank lines are skipped.
#[derive(Clone)]
pub(crate) struct OnePerLine {
    answer: Answer,
    /// How a line is read.
    read: Read,
    single_chars: bool,
    tiles: Tiles,
    /// Nine Digits on a table the quick path answers (see `quick`).
    quick: bool,
}

/// What a line of a one-line format holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Read {
    /// A board's tiles.
    Tiles,
    /// An orbit puzzle's state in blocks.
    Blocks,
    /// A scramble.
    Scramble,
}

impl OnePerLine {
    /// The reader of a one-line-per-case format, or `None` for formats
    /// whose cases span lines.
    pub(crate) fn new<T: AsRef<[u8]>>(format: Format, table: &Table<T>) -> Option<Self> {
        let answer = match format {
            Format::NineDigits => Answer::Distance,
            Format::EightPuzzle => Answer::MoveString,
            Format::Generic | Format::Scramble => Answer::Generic,
            Format::NinePuzzle | Format::Blocks | Format::EightTwo | Format::Facelets => return None,
        };
        let read = match format {
            Format::Scramble => Read::Scramble,
            _ if table.puzzle().kind() == Kind::Orbits => Read::Blocks,
            _ => Read::Tiles,
        };
        let quick = matches!(answer, Answer::Distance) && read == Read::Tiles && super::quick::fits(table);
        Some(Self { answer, read, single_chars: table.puzzle().single_character_tiles(), tiles: Tiles::new(), quick })
    }
}

impl<T: AsRef<[u8]>> CaseReader<T> for OnePerLine {
    fn line(&mut self, judge: &mut Judge<'_, T>, number: u64, line: Line<'_>) {
        let Line::Text(text) = line else {
            let case = judge.next_case();
            return judge.bad(case, number, Problem::TooLong);
        };
        if self.read != Read::Tiles {
            if text.trim_ascii().is_empty() {
                return;
            }
            let case = judge.next_case();
            let state = match self.read {
                Read::Scramble => judge.table.definition().scramble(text).map_err(Problem::Scramble),
                _ => {
                    let mut reader = judge.table.puzzle().orbit_reader();
                    reader.read(text).and_then(|_| reader.finish()).map_err(Problem::State)
                }
            };
            return match state {
                Ok(state) => judge.answer(case, number, &state, self.answer),
                Err(problem) => judge.bad(case, number, problem),
            };
        }
        if self.quick
            && let Some(rank) = super::quick::rank_nine_digits(text)
            && judge.answer_rank(rank)
        {
            return;
        }
        self.tiles.clear();
        let read = self.tiles.read(text, self.single_chars);
        if read.is_ok() && self.tiles.count() == 0 {
            // A blank line is not a case.
            return;
        }
        let case = judge.next_case();
        if let Err(problem) = read {
            return judge.bad(case, number, Problem::State(problem));
        }
        if let Answer::Distance = self.answer {
            return judge.answer_distance(case, number, &self.tiles);
        }
        match judge.state(&self.tiles) {
            Ok(state) => judge.answer(case, number, &state, self.answer),
            Err(problem) => judge.bad(case, number, Problem::State(problem)),
        }
    }

    fn finish(&mut self, _: &mut Judge<'_, T>) {}

    fn between_cases(&self) -> bool {
        true
    }

    fn lines_per_case(&self) -> usize {
        1
    }

    fn lines_into_case(&self) -> usize {
        0
    }

    /// Lines "d d d d d d d d d" the quick path answers, one after another.
    #[inline]
    fn quick_cases(&mut self, judge: &mut Judge<'_, T>, region: &[u8]) -> (usize, u64) {
        if !self.quick {
            return (0, 0);
        }
        let mut taken = 0;
        const LINE: usize = NINE_DIGITS_LINE;
        while let Some(line) = region.get(taken..taken + LINE)
            && line[LINE - 1] == b'\n'
            && let Some(rank) = super::quick::rank_nine_digits(&line[..LINE - 1])
            && judge.answer_rank(rank)
        {
            taken += LINE;
        }
        (taken, (taken / LINE) as u64)
    }
}

/// UVA 11513: three lines of three tiles per case (or all nine on one
/// line), until a line "0" or the end of input.
#[derive(Clone)]
pub(crate) struct ThreeLines {
    single_chars: bool,
    rows: usize,
    cols: usize,
    tiles: Tiles,
    /// Lines of the current case seen so far (0 between cases).
    lines: usize,
    case: u64,
    /// The input line of each row of the current case.
    row_lines: [u64; MAX_CELLS],
    /// The current case was already reported bad.
    bad: bool,
    /// The line "0" was seen: the rest of the input is ignored.
    done: bool,
    /// The quick path, if it answers this table's cases.
    quick: Option<QuickNine>,
    /// The tiles of the current case's rows, while all of them took the
    /// quick path (`quick_rows`).
    digits: [u8; 9],
    quick_rows: bool,
}

impl ThreeLines {
    /// A reader for the puzzle of `table` (its board gives the rows).
    pub(crate) fn new<T: AsRef<[u8]>>(table: &Table<T>) -> Self {
        let puzzle = table.puzzle();
        Self {
            single_chars: table.puzzle().single_character_tiles(),
            rows: puzzle.rows(),
            cols: puzzle.cols(),
            tiles: Tiles::new(),
            lines: 0,
            case: 0,
            row_lines: [0; MAX_CELLS],
            bad: false,
            done: false,
            quick: QuickNine::new(table),
            digits: [0; 9],
            quick_rows: false,
        }
    }

    /// Takes a row "d d d" of a case on the quick path; false (nothing
    /// done) if the line or the case is not one for it.
    #[inline]
    fn quick_row<T: AsRef<[u8]>>(&mut self, judge: &mut Judge<'_, T>, number: u64, line: Line<'_>) -> bool {
        let Line::Text(text) = line else { return false };
        if self.quick.is_none() || self.done || !(self.lines == 0 || self.quick_rows) {
            return false;
        }
        let Some(row) = quick_nine::row_of_three(text) else { return false };
        if self.lines == 0 {
            self.case = judge.next_case();
            self.bad = false;
            self.quick_rows = true;
        }
        self.row_lines[self.lines] = number;
        self.digits[3 * self.lines..3 * self.lines + 3].copy_from_slice(&row);
        self.lines += 1;
        if self.lines == 3 {
            if let (Some(quick), Some(ranks)) = (&self.quick, &judge.ranks)
                && quick.answer(ranks, self.digits, &mut judge.out)
            {
                self.lines = 0;
            } else {
                self.replay_quick_rows();
                self.end_case(judge, number);
            }
        }
        true
    }

    /// Reads the quick rows of the current case as tiles, for the general
    /// path to go on with.
    fn replay_quick_rows(&mut self) {
        self.tiles.clear();
        for row in self.digits[..3 * self.lines].chunks_exact(3) {
            // Digits 1 to 9 always read as tiles.
            let _ = self.tiles.read(&[row[0], b' ', row[1], b' ', row[2]], self.single_chars);
        }
        self.quick_rows = false;
    }

    /// Reports a problem with the current case, once.
    fn bad<T: AsRef<[u8]>>(&mut self, judge: &mut Judge<'_, T>, number: u64, problem: Problem) {
        if !self.bad {
            self.bad = true;
            judge.bad(self.case, number, problem);
        }
    }

    fn end_case<T: AsRef<[u8]>>(&mut self, judge: &mut Judge<'_, T>, number: u64) {
        let lines = std::mem::take(&mut self.lines);
        if self.bad {
            return;
        }
        match judge.state(&self.tiles) {
            Ok(state) => judge.answer(self.case, number, &state, Answer::CountAndMoves),
            Err(problem) => {
                // Report the line that holds the cell at fault.
                let row = match problem {
                    StateError::UnknownTile { cell, .. } | StateError::RepeatedTile { cell, .. } if lines > 1 => {
                        (cell - 1) / self.cols
                    }
                    _ => lines - 1,
                };
                self.bad(judge, self.row_lines[row.min(MAX_CELLS - 1)], Problem::State(problem));
            }
        }
    }
}

impl<T: AsRef<[u8]>> CaseReader<T> for ThreeLines {
    fn line(&mut self, judge: &mut Judge<'_, T>, number: u64, line: Line<'_>) {
        if self.quick_row(judge, number, line) {
            return;
        }
        if self.quick_rows {
            self.replay_quick_rows();
        }
        if self.done {
            return;
        }
        let text = match line {
            Line::Text(text) if text.trim_ascii().is_empty() => return,
            Line::Text(text) if text.trim_ascii() == b"0" => {
                // The end, even inside a case (a line "0" is never part of
                // one): a case it cuts short is bad, on this line.
                self.done = true;
                if self.lines > 0 {
                    let problem =
                        Problem::CutShort { lines: std::mem::take(&mut self.lines), rows: self.rows, by_zero: true };
                    self.bad(judge, number, problem);
                }
                return;
            }
            Line::Text(text) => Some(text),
            Line::TooLong => None,
        };
        if self.lines == 0 {
            self.case = judge.next_case();
            self.tiles.clear();
            self.bad = false;
        }
        self.row_lines[self.lines.min(MAX_CELLS - 1)] = number;
        self.lines += 1;
        let before = self.tiles.count();
        match text.map(|t| self.tiles.read(t, self.single_chars)) {
            None => self.bad(judge, number, Problem::TooLong),
            Some(Err(problem)) => self.bad(judge, number, Problem::State(problem)),
            Some(Ok(())) => {}
        }
        let on_line = self.tiles.count() - before;
        if self.lines == 1 && on_line == self.rows * self.cols {
            // The whole case on one line.
            return self.end_case(judge, number);
        }
        if on_line != self.cols {
            self.bad(judge, number, Problem::RowLength { expected: self.cols, found: on_line });
        }
        if self.lines == self.rows {
            self.end_case(judge, number);
        }
    }

    /// At the end of input: a case cut short is bad.
    fn finish(&mut self, judge: &mut Judge<'_, T>) {
        if self.lines > 0 {
            let problem = Problem::CutShort { lines: self.lines, rows: self.rows, by_zero: false };
            self.bad(judge, self.row_lines[0], problem);
        }
    }

    fn between_cases(&self) -> bool {
        self.lines == 0 && !self.done
    }

    fn lines_per_case(&self) -> usize {
        self.rows
    }

    fn lines_into_case(&self) -> usize {
        self.lines
    }

    /// Cases of three lines "d d d" the quick path answers, one after
    /// another, from between cases.
    #[inline]
    fn quick_cases(&mut self, judge: &mut Judge<'_, T>, region: &[u8]) -> (usize, u64) {
        let (Some(quick), Some(ranks)) = (&self.quick, &judge.ranks) else { return (0, 0) };
        if self.done || self.lines != 0 {
            return (0, 0);
        }
        let mut taken = 0;
        loop {
            // The next cases, walked together.
            let mut batch = [0u64; quick_nine::BATCH];
            let mut gathered = 0;
            for board in &mut batch {
                let at = taken + NINE_PUZZLE_CASE * gathered;
                let Some(case) = region.get(at..at + NINE_PUZZLE_CASE) else { break };
                let Some(found) = quick_nine::board_of_three_rows(case) else { break };
                *board = found;
                gathered += 1;
            }
            let answered = quick.answer_run(ranks, &batch[..gathered], &mut judge.out);
            judge.cases += answered as u64;
            taken += NINE_PUZZLE_CASE * answered;
            if answered < quick_nine::BATCH {
                break;
            }
        }
        (taken, (taken / NINE_PUZZLE_CASE * 3) as u64)
    }
}
