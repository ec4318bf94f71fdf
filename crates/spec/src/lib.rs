//! User-defined puzzles: a small TOML file describes a permutation or
//! sliding puzzle, and [`parse`] turns it into a checked
//! [`Puzzle`] with its id and move names, ready for
//! the generator. The format is documented with examples in `docs/SPEC.md`.
//!
//! ```
//! let spec = godtab_spec::parse(r#"
//!     name = "two-by-two"
//!     kind = "permutation"
//!     rows = 2
//!     cols = 2
//!
//!     [[moves]]
//!     name = "turn"
//!     cycles = [[0, 1, 3, 2]]
//! "#).unwrap();
//! assert_eq!(spec.id, "two-by-two");
//! assert_eq!(spec.puzzle.slots(), 24);
//! assert_eq!(spec.puzzle.move_map(0), Some(&[2, 0, 3, 1][..]));
//! ```
//!
//! Every error names the key (and the line) it is about and what is wrong.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::fmt;
use std::ops::Range;
use std::path::Path;

use godtab_puzzles::{BLANK, MAX_CELLS, MAX_MOVE_NAME, MAX_MOVES, MoveSet, Puzzle, SLIDING_MOVE_NAMES};
use serde::Deserialize;
use toml::Spanned;

/// A puzzle loaded from a spec file.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The puzzle's id (`name` in the file).
    pub id: String,
    /// One name per move, in declared order.
    pub move_names: Vec<String>,
    /// The checked puzzle.
    pub puzzle: Puzzle,
}

impl Spec {
    /// The move names as string slices.
    #[must_use]
    pub fn move_names(&self) -> Vec<&str> {
        self.move_names.iter().map(String::as_str).collect()
    }
}

/// What is wrong with a spec, and where.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system reported.
        source: std::io::Error,
    },
    /// The text is not valid TOML, or a value has the wrong type.
    #[error("{}{message}", Line(*.line))]
    Syntax {
        /// Line of the problem, from 1.
        line: Option<usize>,
        /// What the TOML reader reported.
        message: String,
    },
    /// A value is of the right type but not allowed.
    #[error("{}{key}: {message}", Line(*.line))]
    Invalid {
        /// Line of the problem, from 1.
        line: Option<usize>,
        /// The key, e.g. `moves[2].cycles`.
        key: String,
        /// What is wrong.
        message: String,
    },
}

/// "line N: ", or nothing.
struct Line(Option<usize>);

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(line) => write!(f, "line {line}: "),
            None => Ok(()),
        }
    }
}

/// The file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpec {
    name: Spanned<String>,
    kind: Spanned<RawKind>,
    rows: Spanned<i64>,
    cols: Spanned<i64>,
    goal: Option<Spanned<Vec<RawTile>>>,
    moves: Option<Spanned<Vec<Spanned<RawMove>>>>,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum RawKind {
    Permutation,
    Sliding,
}

/// A goal value: a number, or `"x"` for the blank.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawTile {
    Number(i64),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMove {
    name: String,
    cycles: Option<Vec<Vec<i64>>>,
    map: Option<Vec<i64>>,
}

/// Reads and checks a spec file.
///
/// # Errors
///
/// [`SpecError::Io`] if the file cannot be read, or any error of [`parse`]
/// (prefixed with the path by the caller).
pub fn load(path: &Path) -> Result<Spec, SpecError> {
    let text =
        std::fs::read_to_string(path).map_err(|source| SpecError::Io { path: path.display().to_string(), source })?;
    parse(&text)
}

/// Checks a spec given as text.
///
/// # Errors
///
/// A [`SpecError`] naming the key and line of the first problem.
pub fn parse(text: &str) -> Result<Spec, SpecError> {
    let raw: RawSpec = toml::from_str(text).map_err(|e| SpecError::Syntax {
        line: e.span().map(|span| line_of(text, &span)),
        message: e.message().trim().to_string(),
    })?;
    let invalid = |span: &Range<usize>, key: &str, message: String| SpecError::Invalid {
        line: Some(line_of(text, span)),
        key: key.to_string(),
        message,
    };

    let id = raw.name.get_ref();
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(invalid(&raw.name.span(), "name", format!("{id:?} must be letters, digits and '-' only")));
    }
    let rows = dimension(&raw.rows, "rows", &invalid)?;
    let cols = dimension(&raw.cols, "cols", &invalid)?;
    let cells = rows * cols;
    if !(2..=MAX_CELLS).contains(&cells) {
        return Err(invalid(
            &raw.cols.span(),
            "cols",
            format!("rows * cols = {cells} cells; a board has 2 to {MAX_CELLS}"),
        ));
    }
    let kind = *raw.kind.get_ref();
    let goal = goal(raw.goal.as_ref(), kind, cells, &invalid)?;

    let (moves, move_names) = match (kind, &raw.moves) {
        (RawKind::Sliding, Some(moves)) => {
            return Err(invalid(
                &moves.span(),
                "moves",
                "a sliding puzzle's moves are always u, d, l, r: remove the [[moves]] tables".to_string(),
            ));
        }
        (RawKind::Sliding, None) => (Vec::new(), SLIDING_MOVE_NAMES.iter().map(|n| n.to_string()).collect()),
        (RawKind::Permutation, None) => {
            return Err(SpecError::Invalid {
                line: None,
                key: "moves".into(),
                message: "a permutation puzzle needs at least one [[moves]] table".into(),
            });
        }
        (RawKind::Permutation, Some(moves)) => permutation_moves(moves, cells, &invalid)?,
    };

    let move_set = match kind {
        RawKind::Permutation => MoveSet::Permutation(&moves),
        RawKind::Sliding => MoveSet::Sliding,
    };
    let puzzle = Puzzle::new(rows, cols, &goal, move_set).map_err(|e| SpecError::Invalid {
        line: None,
        key: "puzzle".into(),
        message: e.to_string(),
    })?;
    Ok(Spec { id: id.clone(), move_names, puzzle })
}

type Invalid<'a> = dyn Fn(&Range<usize>, &str, String) -> SpecError + 'a;

/// The line (from 1) where a byte offset of `text` falls.
fn line_of(text: &str, span: &Range<usize>) -> usize {
    text.get(..span.start.min(text.len())).map_or(1, |before| before.matches('\n').count() + 1)
}

fn dimension(value: &Spanned<i64>, key: &str, invalid: &Invalid<'_>) -> Result<usize, SpecError> {
    usize::try_from(*value.get_ref())
        .ok()
        .filter(|&n| (1..=MAX_CELLS).contains(&n))
        .ok_or_else(|| invalid(&value.span(), key, format!("{} is not between 1 and {MAX_CELLS}", value.get_ref())))
}

/// The goal's tile values ([`BLANK`] for `x`), or the default goal.
fn goal(
    raw: Option<&Spanned<Vec<RawTile>>>,
    kind: RawKind,
    cells: usize,
    invalid: &Invalid<'_>,
) -> Result<Vec<u8>, SpecError> {
    let Some(raw) = raw else {
        // 1..=cells, or for a sliding board 1..cells then the blank.
        return Ok(match kind {
            RawKind::Permutation => (1..=cells as u8).collect(),
            RawKind::Sliding => (1..cells as u8).chain([BLANK]).collect(),
        });
    };
    let span = raw.span();
    let tiles = raw.get_ref();
    if tiles.len() != cells {
        return Err(invalid(&span, "goal", format!("has {} values; the board has {cells} cells", tiles.len())));
    }
    let mut goal = Vec::with_capacity(cells);
    for (i, tile) in tiles.iter().enumerate() {
        let key = format!("goal[{i}]");
        let value = match (tile, kind) {
            (RawTile::Text(x), RawKind::Sliding) if x == "x" => BLANK,
            (RawTile::Text(other), RawKind::Sliding) => {
                return Err(invalid(&span, &key, format!("{other:?}: the blank is written \"x\"; tiles are numbers")));
            }
            (RawTile::Text(other), RawKind::Permutation) => {
                return Err(invalid(
                    &span,
                    &key,
                    format!("{other:?}: tiles are numbers (only sliding puzzles have a blank)"),
                ));
            }
            (RawTile::Number(n), RawKind::Sliding) => u8::try_from(*n)
                .ok()
                .filter(|&v| v >= 1)
                .ok_or_else(|| invalid(&span, &key, format!("{n} is not a tile number from 1 to 255")))?,
            (RawTile::Number(n), RawKind::Permutation) => {
                u8::try_from(*n).map_err(|_| invalid(&span, &key, format!("{n} is not a tile number from 0 to 255")))?
            }
        };
        goal.push(value);
    }
    if kind == RawKind::Sliding && goal.iter().filter(|&&v| v == BLANK).count() != 1 {
        return Err(invalid(&span, "goal", "a sliding goal holds exactly one blank \"x\"".into()));
    }
    Ok(goal)
}

/// Every move as a position map (`new[i] = old[map[i]]`), one after another,
/// and the names.
fn permutation_moves(
    moves: &Spanned<Vec<Spanned<RawMove>>>,
    cells: usize,
    invalid: &Invalid<'_>,
) -> Result<(Vec<u8>, Vec<String>), SpecError> {
    if moves.get_ref().is_empty() {
        return Err(invalid(&moves.span(), "moves", "a permutation puzzle needs at least one move".into()));
    }
    if moves.get_ref().len() > MAX_MOVES {
        return Err(invalid(&moves.span(), "moves", format!("{} moves; at most {MAX_MOVES}", moves.get_ref().len())));
    }
    let mut maps = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for (index, spanned) in moves.get_ref().iter().enumerate() {
        let span = spanned.span();
        let raw = spanned.get_ref();
        let key = |field: &str| format!("moves[{index}]{field}");
        let name = raw.name.as_str();
        if name.is_empty() || name.len() > MAX_MOVE_NAME || name.chars().any(char::is_whitespace) {
            let problem = format!("{name:?}: a move name is 1 to {MAX_MOVE_NAME} bytes, without spaces");
            return Err(invalid(&span, &key(".name"), problem));
        }
        if names.iter().any(|n| n == name) {
            return Err(invalid(&span, &key(".name"), format!("{name:?} is the name of an earlier move too")));
        }
        let map = match (&raw.cycles, &raw.map) {
            (Some(cycles), None) => map_of_cycles(cycles, cells).map_err(|m| invalid(&span, &key(".cycles"), m))?,
            (None, Some(map)) => map_of_images(map, cells).map_err(|m| invalid(&span, &key(".map"), m))?,
            _ => return Err(invalid(&span, &key(""), "give either cycles or map".into())),
        };
        maps.extend_from_slice(&map);
        names.push(name.to_string());
    }
    Ok((maps, names))
}

/// `cycles = [[0, 1, 4, 3]]`: the tile at cell 0 goes to cell 1, 1 to 4, 4
/// to 3 and 3 to 0; cells in no cycle keep their tile.
fn map_of_cycles(cycles: &[Vec<i64>], cells: usize) -> Result<Vec<u8>, String> {
    let mut map: Vec<u8> = (0..cells as u8).collect();
    let mut used = vec![false; cells];
    for cycle in cycles {
        let mut checked = Vec::with_capacity(cycle.len());
        for &cell in cycle {
            let c = cell_index(cell, cells)?;
            if std::mem::replace(&mut used[c], true) {
                return Err(format!("cell {cell} appears twice"));
            }
            checked.push(c);
        }
        for (i, &from) in checked.iter().enumerate() {
            let to = checked[(i + 1) % checked.len()];
            map[to] = from as u8;
        }
    }
    Ok(map)
}

/// `map = [...]`: the full image, `new[i] = old[map[i]]`.
fn map_of_images(map: &[i64], cells: usize) -> Result<Vec<u8>, String> {
    if map.len() != cells {
        return Err(format!("has {} entries; the board has {cells} cells", map.len()));
    }
    let mut seen = vec![false; cells];
    let mut out = Vec::with_capacity(cells);
    for &cell in map {
        let c = cell_index(cell, cells)?;
        if std::mem::replace(&mut seen[c], true) {
            return Err(format!("cell {cell} appears twice: a map is a permutation of the cells"));
        }
        out.push(c as u8);
    }
    Ok(out)
}

fn cell_index(cell: i64, cells: usize) -> Result<usize, String> {
    usize::try_from(cell)
        .ok()
        .filter(|&c| c < cells)
        .ok_or_else(|| format!("cell {cell} is outside the board (cells 0 to {})", cells - 1))
}
