//! A contestant's answer: read in the statement's format and held against
//! the table. Any legal optimal answer is right.

use std::fmt;

use godtab_runtime::{Definition, State};

use crate::cases::Format;
use crate::move_text::split_moves;
use godtab_oracle::{AskError, Oracle, Position};
use godtab_runtime::Bytes;

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
    /// "unsolvable" for a case that has an answer (of this many moves, if
    /// known).
    SaidUnsolvable { distance: Option<u8> },
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

impl Wrong {
    /// What a contest platform calls it: a line not in the statement's
    /// form (or a move name it does not have) is a presentation error, a
    /// case godtab could not decide a failure to judge, the rest wrong
    /// answers.
    pub(crate) fn outcome(&self) -> super::Outcome {
        match self {
            Self::Malformed(_) | Self::UnknownMove { .. } => super::Outcome::PresentationError,
            Self::Undecided(_) => super::Outcome::Fail,
            _ => super::Outcome::WrongAnswer,
        }
    }
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
            Self::SaidUnsolvable { distance: Some(d) } => write!(f, "says unsolvable, but it is solvable in {d} moves"),
            Self::SaidUnsolvable { distance: None } => f.write_str("says unsolvable, but it is solvable"),
            Self::Unsolvable => write!(f, "gives moves, but the case is unsolvable"),
            Self::CountMismatch { count, moves } => write!(f, "says {count} moves but gives {moves}"),
            Self::Malformed(what) => write!(f, "malformed line: {what}"),
            Self::Undecided(why) => f.write_str(why),
        }
    }
}

/// Checks the answer `line` (trimmed) to the case `state` in `format`.
/// Whatever can be judged without the case's distance is judged first
/// (the line's form, its count, every move's name and legality, whether the
/// moves reach the goal), so that only an answer sound in every other way
/// waits on the distance, which a pattern set may not be able to tell.
pub(crate) fn check(
    oracle: &Oracle<Bytes>,
    definition: &Definition,
    format: Format,
    state: &State,
    line: &[u8],
) -> Result<(), Wrong> {
    let position = Position::Tiles(*state);
    let distance_of = |_: &State| oracle.distance(&position).map(|d| d.map(|d| d as u8));
    let unsolvable: &[u8] = match format {
        Format::NineDigits => {
            let given = number(line).ok_or(Wrong::Malformed("expected a number"))?;
            let distance = distance_of(state).map_err(undecided)?;
            return if given == distance.map_or(-1, i64::from) {
                Ok(())
            } else {
                Err(Wrong::Distance { given, distance })
            };
        }
        Format::NinePuzzle => b"Not solvable",
        _ => b"unsolvable",
    };
    if line != unsolvable && line.eq_ignore_ascii_case(unsolvable) {
        return Err(Wrong::Malformed(if format == Format::NinePuzzle {
            "the statement writes \"Not solvable\", in that case"
        } else {
            "the generic format writes \"unsolvable\", in lower case"
        }));
    }
    if line == unsolvable {
        return match oracle.solvable(&position) {
            Some(false) => Ok(()),
            Some(true) => Err(match distance_of(state) {
                Ok(Some(distance)) => Wrong::SaidUnsolvable { distance: Some(distance) },
                _ => Wrong::SaidUnsolvable { distance: None },
            }),
            None => match distance_of(state).map_err(undecided)? {
                None => Ok(()),
                Some(distance) => Err(Wrong::SaidUnsolvable { distance: Some(distance) }),
            },
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
    let moves = split_moves(definition, line, at).map_err(|column| Wrong::UnknownMove { column })?;
    if let Some(count) = count.filter(|&c| c != moves.len() as i64) {
        return Err(Wrong::CountMismatch { count, moves: moves.len() });
    }
    let mut now = *state;
    for (step, &m) in moves.iter().enumerate() {
        if !definition.puzzle().apply_in_place(&mut now, m) {
            let name = definition.move_name(m).unwrap_or_default().to_string();
            return Err(Wrong::IllegalMove { step: step + 1, name });
        }
    }
    if now != definition.puzzle().goal() {
        // Moves that cannot reach the goal from an unsolvable case say so.
        return Err(match oracle.solvable(&position) {
            Some(false) => Wrong::Unsolvable,
            _ => Wrong::MissesGoal { moves: moves.len() },
        });
    }
    // The moves solve the case: only their number is left to judge.
    let distance = distance_of(state).map_err(undecided)?;
    let Some(distance) = distance else {
        return Err(Wrong::Undecided(
            "the table is damaged: moves reach the goal from a state it calls unsolvable".into(),
        ));
    };
    if moves.len() > usize::from(distance) {
        return Err(Wrong::NotOptimal { moves: moves.len(), distance });
    }
    Ok(())
}

/// A whole number as a contest judge reads one: digits with an optional
/// minus sign, no plus sign, no leading zeros ("0" itself, and "-1").
fn number(text: &[u8]) -> Option<i64> {
    let digits = text.strip_prefix(b"-").unwrap_or(text);
    let canonical = match digits {
        [] => false,
        [b'0'] => digits.len() == text.len(),
        [b'0', ..] => false,
        _ => digits.iter().all(u8::is_ascii_digit),
    };
    if !canonical {
        return None;
    }
    std::str::from_utf8(text).ok()?.parse().ok()
}

/// Why the distance a verdict needs could not be found.
fn undecided(why: AskError) -> Wrong {
    Wrong::Undecided(match why {
        AskError::NodeLimit { limit, .. } => format!(
            "cannot tell: the search for the fewest moves stopped at {} (raise --max-nodes)",
            crate::text::plural(limit, "node", "nodes")
        ),
        AskError::TooDeep { max, .. } => format!("cannot tell: every solution is longer than {max} moves"),
        why @ AskError::Damaged(_) => why.to_string(),
        AskError::NotAState(why) => why,
        why @ AskError::NoneWithin { .. } => why.to_string(),
    })
}
