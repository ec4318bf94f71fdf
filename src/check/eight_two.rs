//! `check eight-two`: answers to Eight II (HDU 3567) held against the nine
//! tables. The statement asks for the lexicographically least optimal move
//! string, so each case has one right answer: "Case k: D" and that string
//! on the next line (empty when D is 0). A wrong answer is told why: a
//! malformed or misnumbered "Case" line, a wrong distance, an unknown or
//! illegal move, moves that miss the target, more moves than needed, or an
//! optimal answer that is not the least.

use std::io::{self, BufRead, Write};
use std::path::Path;

use anyhow::Result;
use godtab_runtime::{Bytes, Table};

use crate::eight_two::answer as eight_two_answer;
use crate::lines::{MAX_LINE, TooLong};

/// A line's number and its text, trimmed.
type Line = (u64, Vec<u8>);

/// A contestant's answer: the number of its "Case" line, that line and
/// the move line.
struct Answer {
    number: u64,
    header: Vec<u8>,
    moves: Vec<u8>,
}

/// Lines, trimmed, with their numbers; one line can be put back.
struct Lines<R> {
    lines: crate::lines::Lines<R>,
    back: Option<Line>,
}

impl<R: BufRead> Lines<R> {
    fn new(input: R) -> Self {
        Self { lines: crate::lines::Lines::new(input), back: None }
    }

    /// The next line, blank or not; `None` at the end. A line too long is
    /// kept as its first bytes past the limit, which no answer matches.
    fn next_any(&mut self) -> io::Result<Option<Line>> {
        if let Some(back) = self.back.take() {
            return Ok(Some(back));
        }
        Ok(self.lines.next()?.map(|(number, line)| match line.text() {
            Ok(text) => (number, text.trim_ascii().to_vec()),
            Err(_) => (number, vec![b'#'; MAX_LINE + 1]),
        }))
    }

    /// The next line that is not blank; `None` at the end.
    fn next_text(&mut self) -> io::Result<Option<Line>> {
        while let Some((number, text)) = self.next_any()? {
            if !text.is_empty() {
                return Ok(Some((number, text)));
            }
        }
        Ok(None)
    }

    /// The next answer: a "Case" line and the move line after it.
    /// A move line that is missing (the end, or the next "Case" line right
    /// away) counts as empty, as an answer of 0 moves may be written.
    fn next_answer(&mut self) -> io::Result<Option<Answer>> {
        let Some((number, header)) = self.next_text()? else { return Ok(None) };
        let moves = match self.next_any()? {
            Some(next) if next.1.starts_with(b"Case") => {
                self.back = Some(next);
                Vec::new()
            }
            Some((_, moves)) => moves,
            None => Vec::new(),
        };
        Ok(Some(Answer { number, header, moves }))
    }
}

/// Checks the answers against the Eight II cases, writing one line per
/// wrong case and a summary; true if any was wrong.
pub(super) fn check(
    tables: &[Table<Bytes>],
    input: impl BufRead,
    answers: impl BufRead,
    all: bool,
    out: &mut impl Write,
    output_name: &Path,
) -> Result<bool> {
    let (mut input, mut answers) = (Lines::new(input), Lines::new(answers));
    // The first line is the number of cases; an input without it starts
    // with a state.
    if let Some(first) = input.next_text()? {
        if std::str::from_utf8(&first.1).ok().and_then(|t| t.parse::<u64>().ok()).is_none() {
            input.back = Some(first);
        }
    }
    let (mut count, mut wrong) = (0u64, 0u64);
    let mut missing_from = None;
    while let Some((line, start)) = input.next_text()? {
        count += 1;
        let target = input.next_text()?.map(|(_, target)| target);
        if missing_from.is_some() {
            continue;
        }
        let Some(Answer { number: at, header, moves }) = answers.next_answer()? else {
            missing_from = Some((count, line));
            continue;
        };
        let verdict = match &target {
            None => Err("the input ended before this case's target line".to_string()),
            Some(target) => verdict(tables, count, &start, target, &header, &moves),
        };
        if let Err(why) = verdict {
            wrong += 1;
            writeln!(out, "case {count} (input line {line}, output line {at}): {why}")?;
            if !all {
                return Ok(true);
            }
        }
    }
    let extra = if missing_from.is_some() { None } else { answers.next_text()?.map(|(line, _)| line) };
    super::conclude(out, super::Tally { count, wrong, missing_from, extra }, all, output_name)
}

/// The verdict on one answer: its "Case" line and its move line.
fn verdict(
    tables: &[Table<Bytes>],
    case: u64,
    start: &[u8],
    target: &[u8],
    header: &[u8],
    moves: &[u8],
) -> Result<(), String> {
    let (distance, least) = eight_two_answer(tables, start, target)
        .map_err(|problem| format!("the input's case has no answer: {problem}"))?;
    if header.len() > MAX_LINE || moves.len() > MAX_LINE {
        return Err(format!("malformed line: {TooLong}"));
    }
    let (number, given) = case_line(header).ok_or("malformed line: expected \"Case k: D\"")?;
    if number != case {
        return Err(format!("malformed line: it answers case {number} where case {case} is due"));
    }
    if given != i64::from(distance) {
        return Err(format!("wrong: {given} where {distance} is the fewest"));
    }
    if moves == least.as_slice() {
        return Ok(());
    }
    // Why the move line differs from the one right answer.
    let table = &tables[0];
    let state = |text: &[u8]| table.parse(&String::from_utf8_lossy(text)).map_err(|e| e.to_string());
    let (mut now, target) = (state(start)?, state(target)?);
    for (column, &name) in moves.iter().enumerate() {
        let Some(m) = table.move_names().position(|n| n.as_bytes() == [name]) else {
            return Err(format!("column {}: unknown move", column + 1));
        };
        if !table.puzzle().apply_in_place(&mut now, m) {
            return Err(format!("move {} ({}) is illegal there", column + 1, char::from(name)));
        }
    }
    if now != target {
        return Err(format!("the moves do not reach the target ({} given)", moves.len()));
    }
    if moves.len() != usize::from(distance) {
        return Err(format!("not optimal: {} moves where {distance} suffice", moves.len()));
    }
    Err(format!(
        "optimal, but not the lexicographically least optimal moves the statement asks for ({})",
        String::from_utf8_lossy(&least)
    ))
}

/// "Case k: D" read as (k, D).
fn case_line(line: &[u8]) -> Option<(u64, i64)> {
    let text = std::str::from_utf8(line).ok()?.strip_prefix("Case")?;
    let (number, distance) = text.split_once(':')?;
    Some((number.trim().parse().ok()?, distance.trim().parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::case_line;

    #[test]
    fn case_lines() {
        assert_eq!(case_line(b"Case 1: 2"), Some((1, 2)));
        assert_eq!(case_line(b"Case 12:0"), Some((12, 0)));
        assert_eq!(case_line(b"Case 1 2"), None);
        assert_eq!(case_line(b"case 1: 2"), None);
        assert_eq!(case_line(b"Case x: 2"), None);
    }
}
