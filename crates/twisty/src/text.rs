//! States and moves of a twisty puzzle as text: states in the block
//! syntax of definition files (every set's name, its pieces numbered from
//! 1, optionally their orientations; a set left out is solved, a final
//! `End` optional), scrambles in the notation cubers write (`R U2 F'`).

use crate::model::{Cells, Twisty, cell};

/// Why a text is not a state or a scramble of the puzzle, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TextError(pub String);

fn fail<T>(message: impl Into<String>) -> Result<T, TextError> {
    Err(TextError(message.into()))
}

/// Reads a state in blocks: `CORNERS 2 1 3 4 5 6 7 8 0 0 1 2 0 0 0 0 EDGES ...`,
/// the words split over lines any way. Pieces that cannot be told apart
/// (equal numbers in the solved state) are given by their number.
///
/// # Errors
///
/// A [`TextError`] naming the first problem: a word that is not a set or a
/// number, a number out of range, a piece given too often, a set given
/// twice, or words after `End`.
pub fn parse_state(puzzle: &Twisty, text: &str) -> Result<Cells, TextError> {
    let mut state = puzzle.identity();
    let mut given = vec![false; puzzle.orbits().len()];
    let mut words = text.split_ascii_whitespace().peekable();
    let mut ended = false;
    while let Some(word) = words.next() {
        if ended {
            return fail(format!("{word:?} comes after End"));
        }
        if word == "End" {
            ended = true;
            continue;
        }
        let Some(j) = puzzle.orbits().iter().position(|o| o.name == word) else {
            let names: Vec<&str> = puzzle.orbits().iter().map(|o| o.name.as_str()).collect();
            return fail(format!("{word:?} is not a set of this puzzle (the sets are {})", names.join(", ")));
        };
        if std::mem::replace(&mut given[j], true) {
            return fail(format!("{word} is given twice"));
        }
        let orbit = &puzzle.orbits()[j];
        let mut numbers = |what: &str, least: u32, most: u32| -> Result<Option<Vec<u8>>, TextError> {
            if words.peek().is_none_or(|w| w.parse::<u32>().is_err()) {
                return Ok(None);
            }
            let mut out = Vec::with_capacity(orbit.pieces);
            for i in 0..orbit.pieces {
                let Some(w) = words.next() else {
                    return fail(format!("{}: {} {what} given, {} expected", orbit.name, i, orbit.pieces));
                };
                match w.parse::<u32>() {
                    Ok(n) if (least..=most).contains(&n) => out.push(n as u8),
                    _ => return fail(format!("{}: {w:?} is not a {what} ({least} to {most})", orbit.name)),
                }
            }
            Ok(Some(out))
        };
        let labels: Vec<u8> = orbit.positions().map(|p| puzzle.labels()[p] - orbit.start as u8 + 1).collect();
        let most = u32::from(labels.iter().copied().max().unwrap_or(1));
        let Some(pieces) = numbers("piece", 1, most)? else {
            return fail(format!("{}: its pieces are missing", orbit.name));
        };
        let orientations =
            numbers("orientation", 0, u32::from(orbit.orientations) - 1)?.unwrap_or(vec![0; orbit.pieces]);
        // Each piece number names the pieces of that label, taken in order.
        let mut used = vec![false; orbit.pieces];
        for (i, (&p, &o)) in pieces.iter().zip(&orientations).enumerate() {
            let Some(q) = (0..orbit.pieces).find(|&q| !used[q] && labels[q] == p) else {
                return fail(format!("{}: piece {p} is given more often than the solved state has it", orbit.name));
            };
            used[q] = true;
            state[orbit.start + i] = cell(orbit.start + q, o);
        }
    }
    Ok(state)
}

/// The state in blocks, every set on one line: its name, its pieces, their
/// orientations (left out where all are 0).
#[must_use]
pub fn display_state(puzzle: &Twisty, state: &Cells) -> String {
    display_blocks(puzzle, state).join(" ")
}

/// The state's blocks, one per set: its name, its pieces, their
/// orientations (left out where all are 0).
#[must_use]
pub fn display_blocks(puzzle: &Twisty, state: &Cells) -> Vec<String> {
    let mut out = Vec::new();
    for orbit in puzzle.orbits() {
        let mut words = vec![orbit.name.clone()];
        let cells = &state[orbit.positions()];
        words.extend(
            cells.iter().map(|&c| (puzzle.labels()[crate::model::piece(c)] - orbit.start as u8 + 1).to_string()),
        );
        if cells.iter().any(|&c| crate::model::ori(c) != 0) {
            words.extend(cells.iter().map(|&c| crate::model::ori(c).to_string()));
        }
        out.push(words.join(" "));
    }
    out
}

/// A move named by a word of a scramble, and how many times to make it:
/// the move's own name; or a name with a power the puzzle does not list
/// (`R2` is `R` twice); or `'` for the inverse (`R2'` is `R'` twice).
#[must_use]
pub fn resolve(puzzle: &Twisty, word: &str) -> Option<(usize, u32)> {
    let find = |name: &str| puzzle.moves().iter().position(|m| m.name == name);
    if let Some(m) = find(word) {
        return Some((m, 1));
    }
    let (base, prime) = match word.strip_suffix('\'') {
        Some(base) => (base, true),
        None => (word, false),
    };
    let digits = base.bytes().rev().take_while(u8::is_ascii_digit).count();
    let (name, power) = base.split_at(base.len() - digits);
    let power: u32 = match power.len() {
        0 => 1,
        1 | 2 => power.parse().ok()?,
        _ => return None,
    };
    if power == 0 || name.is_empty() {
        return None;
    }
    if !prime {
        return Some((find(name)?, power));
    }
    if let Some(m) = find(&format!("{name}'")) {
        return Some((m, power));
    }
    Some((puzzle.moves()[find(name)?].inverse, power))
}

/// The state a scramble leads to from solved.
///
/// # Errors
///
/// A [`TextError`] naming the first word that is not a move.
pub fn parse_scramble(puzzle: &Twisty, scramble: &str) -> Result<Cells, TextError> {
    let mut state = puzzle.identity();
    for (i, word) in scramble.split_ascii_whitespace().enumerate() {
        let Some((m, times)) = resolve(puzzle, word) else {
            return fail(format!("move {}: {word} is not a move of this puzzle", i + 1));
        };
        for _ in 0..times {
            state = puzzle.apply(&state, m);
        }
    }
    Ok(state)
}

/// Moves as text, their names separated by spaces.
#[must_use]
pub fn moves_text(puzzle: &Twisty, moves: &[usize]) -> String {
    moves.iter().map(|&m| puzzle.moves()[m].name.as_str()).collect::<Vec<_>>().join(" ")
}
