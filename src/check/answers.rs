//! A contestant's answer: read in the statement's format and held against
//! the table. Any legal optimal answer is right.

use std::fmt;

use godtab_runtime::{Definition, State};

use super::oracle::Oracle;
use crate::judge::Format;

/// Why an answer is wrong.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Wrong {
    /// More moves than needed.
    NotOptimal { moves: usize, distance: u8 },
    /// A distance that is not the fewest moves.
    Distance { given: i64, distance: Option<u8> },
    /// A move name the puzzle does not have, at a column of the line.
    UnknownMove { column: usize },
    /// A move that cannot be made there (a blank against the edge).
    IllegalMove { step: usize, name: String },
    /// Moves that end elsewhere than the goal.
    MissesGoal { moves: usize },
    /// "unsolvable" for a case that has an answer.
    SaidUnsolvable { distance: u8 },
    /// Moves for a case that has none.
    Unsolvable,
    /// A count that is not the number of moves given.
    CountMismatch { count: i64, moves: usize },
    /// A line that is not an answer.
    Malformed(&'static str),
    /// The case's distance could not be found (a damaged table, a search
    /// past its node limit).
    Undecided(String),
}

impl fmt::Display for Wrong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotOptimal { moves, distance } => write!(f, "not optimal: {moves} moves where {distance} suffice"),
            Self::Distance { given, distance: Some(d) } => write!(f, "wrong: {given} where {d} is the fewest"),
            Self::Distance { given, distance: None } => write!(f, "wrong: {given} for an unsolvable case"),
            Self::UnknownMove { column } => write!(f, "column {column}: unknown move"),
            Self::IllegalMove { step, name } => write!(f, "move {step} ({name}) is illegal there"),
            Self::MissesGoal { moves } => write!(f, "the moves do not reach the goal ({moves} given)"),
            Self::SaidUnsolvable { distance } => write!(f, "says unsolvable, but it is solvable in {distance} moves"),
            Self::Unsolvable => write!(f, "gives moves, but the case is unsolvable"),
            Self::CountMismatch { count, moves } => write!(f, "says {count} moves but gives {moves}"),
            Self::Malformed(what) => write!(f, "malformed line: {what}"),
            Self::Undecided(why) => f.write_str(why),
        }
    }
}

/// Checks the answer `line` (trimmed) to the case `state` in `format`.
pub(crate) fn check(oracle: &Oracle<'_>, format: Format, state: &State, line: &[u8]) -> Result<(), Wrong> {
    let distance = oracle.distance(state).map_err(Wrong::Undecided)?;
    let definition = oracle.definition();
    let unsolvable: &[u8] = match format {
        Format::NineDigits => return check_distance(line, distance),
        Format::NinePuzzle => b"Not solvable",
        _ => b"unsolvable",
    };
    if line.eq_ignore_ascii_case(unsolvable) {
        return match distance {
            None => Ok(()),
            Some(distance) => Err(Wrong::SaidUnsolvable { distance }),
        };
    }
    // The count and where the moves start.
    let (count, at) = match format {
        Format::EightPuzzle => (None, 0),
        _ => {
            let end = line.iter().position(u8::is_ascii_whitespace).unwrap_or(line.len());
            let count = number(&line[..end]).ok_or(Wrong::Malformed("expected the number of moves first"))?;
            (Some(count), end)
        }
    };
    let moves = split_moves(definition, line, at)?;
    if let Some(count) = count.filter(|&c| c != moves.len() as i64) {
        return Err(Wrong::CountMismatch { count, moves: moves.len() });
    }
    let Some(distance) = distance else { return Err(Wrong::Unsolvable) };
    let mut now = *state;
    for (step, &m) in moves.iter().enumerate() {
        if !definition.puzzle().apply_in_place(&mut now, m) {
            let name = definition.move_name(m).unwrap_or_default().to_string();
            return Err(Wrong::IllegalMove { step: step + 1, name });
        }
    }
    if now != definition.puzzle().goal() {
        return Err(Wrong::MissesGoal { moves: moves.len() });
    }
    if moves.len() > usize::from(distance) {
        return Err(Wrong::NotOptimal { moves: moves.len(), distance });
    }
    Ok(())
}

/// Nine Digits: the answer is the distance ("-1" if there is none).
fn check_distance(line: &[u8], distance: Option<u8>) -> Result<(), Wrong> {
    let given = number(line).ok_or(Wrong::Malformed("expected a number"))?;
    if given == distance.map_or(-1, i64::from) { Ok(()) } else { Err(Wrong::Distance { given, distance }) }
}

/// A whole number, with an optional minus sign.
fn number(text: &[u8]) -> Option<i64> {
    std::str::from_utf8(text).ok()?.parse().ok()
}

/// The moves of `line` from byte `at`: names run together or apart, each
/// the longest name that fits.
fn split_moves(definition: &Definition, line: &[u8], mut at: usize) -> Result<Vec<usize>, Wrong> {
    let names: Vec<&[u8]> = definition.move_names().map(str::as_bytes).collect();
    let mut moves = Vec::new();
    while at < line.len() {
        if line[at].is_ascii_whitespace() {
            at += 1;
            continue;
        }
        let rest = &line[at..];
        let found = (0..names.len()).filter(|&m| rest.starts_with(names[m])).max_by_key(|&m| names[m].len());
        let Some(m) = found else { return Err(Wrong::UnknownMove { column: at + 1 }) };
        moves.push(m);
        at += names[m].len();
    }
    Ok(moves)
}
