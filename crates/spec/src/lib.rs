//! User-defined puzzles: a small TOML file describes a permutation,
//! sliding or orbit puzzle, and [`parse`] turns it into a checked
//! [`Definition`] (the puzzle with its id and move names), ready for the
//! generator. The definition files of ksolve and twsearch (`.tws`,
//! `.ksolve`, `.def`) describe orbit puzzles too, and
//! [`parse_definition_file`] reads them into the same [`Definition`];
//! [`load`] picks the reader by the file's extension. Both syntaxes are
//! documented with examples in `docs/SPEC.md`.
//!
//! The rules a puzzle must follow (board size, goal, moves, names) belong to
//! the model (`godtab-puzzles`); this crate reads the values, checks what
//! only the file can tell (types, cell numbers, cycles), and puts the line
//! and key of the value at fault on every error the model reports.
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
//! assert_eq!(spec.id(), "two-by-two");
//! assert_eq!(spec.puzzle().slots(), 24);
//! assert_eq!(spec.puzzle().move_map(0), Some(&[2, 0, 3, 1][..]));
//! ```
//!
//! Every error is one line naming the line and the key it is about and
//! saying what is wrong, e.g. `line 7: moves[1].cycles[0]: cell 9 is outside
//! the board (cells 0 to 8)`. Keys that are not bare (`"a b"`) are shown
//! quoted, and control characters of the file are escaped (`\n`, `\u{1b}`).

mod fields;
mod load_any;
mod orbit_patterns;
mod orbits;
mod patterns;
mod toml_orbits;
mod tws;
mod values;

use std::fmt;
use std::path::Path;

use godtab_puzzles::{
    BLANK, Definition, Kind, MAX_MOVE_NAME, MAX_PUZZLE_ID, ModelError, MoveSet, Puzzle, SLIDING_MOVE_NAMES,
};
use toml::de::DeTable;

use fields::{Field, Table, syntax_error};
pub use load_any::{Loaded, TwistySpec, load_any};
pub use orbit_patterns::MAX_ORBIT_PATTERNS;
pub use orbits::Metric;
use values::{NO_MOVES, dimension, goal_values, permutation_moves};

/// What is wrong with a spec, and where.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// The file could not be read (the caller names it): missing, not a
    /// regular file, not UTF-8, or larger than [`MAX_SPEC_LEN`].
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The file is not a regular file, or is larger than any spec.
    #[error(transparent)]
    File(#[from] godtab_files::ReadError),
    /// The text is not valid TOML.
    #[error("{}{}", Where(*.line, ""), fields::escape(message))]
    Syntax {
        /// Line of the problem, from 1.
        line: Option<usize>,
        /// What the TOML reader reported, after the key written on that
        /// line if that line plainly starts a `key = value` or a `[table]`
        /// header (`kind: ...`).
        message: String,
    },
    /// A key is missing or unknown, or its value is not allowed.
    #[error("{}{}", Where(*.line, key), fields::escape(message))]
    Invalid {
        /// Line of the key (or of the list element) at fault, from 1.
        line: Option<usize>,
        /// The key, e.g. `moves[2].cycles`; empty for the top level.
        key: String,
        /// What is wrong.
        message: String,
    },
}

/// "line N: KEY: ", leaving out what is unknown.
struct Where<'a>(Option<usize>, &'a str);

impl fmt::Display for Where<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.0 {
            write!(f, "line {line}: ")?;
        }
        if !self.1.is_empty() {
            // What a key or a block's first line says, as the file says it:
            // escaped, so that no control character reaches the terminal.
            write!(f, "{}: ", fields::escape(self.1))?;
        }
        Ok(())
    }
}

/// The largest spec or definition file read, in bytes: 1 MiB. The largest
/// a puzzle needs is far less (64 moves of 16 cells, each a map or cycles,
/// with comments: tens of KiB); a larger file is refused before it is
/// read.
pub const MAX_SPEC_LEN: u64 = 1 << 20;

/// A spec file's text, as a regular file of at most [`MAX_SPEC_LEN`] bytes.
fn read(path: &Path) -> Result<String, SpecError> {
    Ok(godtab_files::read_text_bounded(path, MAX_SPEC_LEN)?)
}

/// Reads and checks a spec file, in the half-turn metric (see
/// [`load_with`]).
///
/// # Errors
///
/// As [`load_with`].
pub fn load(path: &Path) -> Result<Definition, SpecError> {
    load_with(path, Metric::default())
}

/// Whether `path` names a ksolve or twsearch definition file (`.tws`,
/// `.ksolve`, `.def`) rather than a TOML spec.
#[must_use]
pub fn is_definition_file(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| ["tws", "ksolve", "def"].contains(&e))
}

/// Reads and checks a spec file: a definition file (see
/// [`is_definition_file`]) with [`parse_definition_file`], named by its
/// `Name` line or else by the file's name, any other with
/// [`parse_with`]. `metric` decides which powers of an orbit puzzle's
/// moves are moves.
///
/// # Errors
///
/// [`SpecError::Io`] if the file cannot be read, or any error of the
/// reader (prefixed with the path by the caller).
pub fn load_with(path: &Path, metric: Metric) -> Result<Definition, SpecError> {
    let text = read(path)?;
    if is_definition_file(path) {
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("unnamed");
        parse_definition_file(&text, stem, metric)
    } else {
        parse_with(&text, metric)
    }
}

/// Checks a ksolve or twsearch definition file given as text (`Name`,
/// `Set`, `Solved`, `Move` blocks; see `docs/SPEC.md`); `name` names the
/// puzzle if the file has no `Name` line. Every move's powers become
/// moves as `metric` says.
///
/// ```
/// let spec = godtab_spec::parse_definition_file(
///     "Set EDGE 2 2\nSolved\nEDGE\n1 2\nEnd\nMove F\nEDGE\n2 1\n1 0\nEnd\n",
///     "flip",
///     godtab_spec::Metric::Half,
/// ).unwrap();
/// assert_eq!(spec.id(), "flip");
/// // F twists one edge as it swaps them: made twice, both are flipped.
/// assert_eq!(spec.move_names().collect::<Vec<_>>(), ["F", "F2", "F'"]);
/// ```
///
/// # Errors
///
/// A [`SpecError`] naming the line and block of the first problem.
pub fn parse_definition_file(text: &str, name: &str, metric: Metric) -> Result<Definition, SpecError> {
    tws::read(text, name)?.build(metric)
}

/// Checks a TOML spec given as text, in the half-turn metric.
///
/// # Errors
///
/// A [`SpecError`] naming the line and key of the first problem.
pub fn parse(text: &str) -> Result<Definition, SpecError> {
    parse_with(text, Metric::default())
}

/// Checks a TOML spec given as text; `metric` decides which powers of an
/// orbit puzzle's moves are moves (the quarter metric is refused for
/// boards, whose moves are exactly those listed).
///
/// # Errors
///
/// A [`SpecError`] naming the line and key of the first problem.
pub fn parse_with(text: &str, metric: Metric) -> Result<Definition, SpecError> {
    parse_spec(text, metric).map(|spec| spec.definition)
}

/// A spec file as read: the puzzle, and the patterns of its tiles if it
/// asks for a pattern set (key `patterns`).
#[derive(Clone, Debug)]
pub struct Spec {
    /// The puzzle, with its id and move names.
    pub definition: Definition,
    /// The patterns of the puzzle's tiles, checked against it, if the file
    /// has `patterns`.
    pub patterns: Option<godtab_puzzles::PatternList>,
}

/// Reads and checks a spec file as [`load_with`] does, with its patterns.
///
/// # Errors
///
/// As [`load_with`]; a twisty puzzle for pattern sets over orbits (see
/// [`load_any`]) is refused, saying what it is.
pub fn load_spec(path: &Path, metric: Metric) -> Result<Spec, SpecError> {
    match load_any(path, metric)? {
        Loaded::Tables(spec) => Ok(spec),
        Loaded::Twisty(twisty) => Err(SpecError::Invalid {
            line: None,
            key: String::new(),
            message: format!(
                "{} is a twisty puzzle of {} pieces, searched with a pattern set over orbits: only godtab gen reads \
                 it here",
                twisty.puzzle.id(),
                twisty.puzzle.positions()
            ),
        }),
    }
}

/// Checks a TOML spec given as text, with its patterns (see
/// [`parse_with`]).
///
/// ```
/// let spec = godtab_spec::parse_spec(r#"
///     name = "slide-2x3"
///     kind = "sliding"
///     rows = 2
///     cols = 3
///     patterns = [[1, 2, 4], [3, 5]]
/// "#, godtab_spec::Metric::Half).unwrap();
/// let patterns: Vec<&[u8]> = spec.patterns.as_ref().unwrap().iter().collect();
/// assert_eq!(patterns, [&[1, 2, 4][..], &[3, 5]]);
/// ```
///
/// # Errors
///
/// A [`SpecError`] naming the line and key of the first problem.
pub fn parse_spec(text: &str, metric: Metric) -> Result<Spec, SpecError> {
    let doc = DeTable::parse(text).map_err(|e| syntax_error(text, &e))?;
    let top = Table { text, key: String::new(), at: None, entries: doc.get_ref() };
    if top.get("kind").is_some_and(|kind| kind.value.get_ref().as_str() == Some("orbits")) {
        if let Some(field) = top.get("patterns") {
            return Err(field.error("an orbit puzzle's patterns are read from its file (godtab gen --spec FILE)"));
        }
        return Ok(Spec { definition: toml_orbits::read(&top)?.build(metric)?, patterns: None });
    }
    if metric == Metric::Quarter {
        return Err(SpecError::Invalid {
            line: None,
            key: "kind".into(),
            message: "the quarter metric is for orbit puzzles, whose moves have powers; a board's moves are \
                      exactly those listed"
                .into(),
        });
    }
    top.only(
        &["name", "kind", "rows", "cols", "goal", "moves", "metric", "patterns"],
        "the keys are name, kind, rows, cols, goal, moves, metric and patterns",
    )?;

    let name = top.required("name")?;
    let id = name.string("the puzzle's name in quotes")?;
    let kind = top.required("kind")?;
    let kind = match kind.value.get_ref().as_str() {
        Some("permutation") => Kind::Permutation,
        Some("sliding") => Kind::Sliding,
        _ => return Err(kind.expected(kind.value, "\"permutation\", \"sliding\" or \"orbits\"")),
    };
    let metric_field = top.get("metric");
    let multi_tile = match &metric_field {
        Some(field) => match field.value.get_ref().as_str() {
            Some("single") => metric == Metric::Multi,
            Some("multi") => true,
            _ => return Err(field.expected(field.value, "\"single\" or \"multi\" (the multi-tile metric)")),
        },
        None => metric == Metric::Multi,
    };
    if multi_tile && kind != Kind::Sliding {
        let message = "the multi-tile metric is for sliding boards (kind = \"sliding\")";
        return Err(match &metric_field {
            Some(field) => field.error(message),
            None => SpecError::Invalid { line: None, key: "kind".into(), message: message.into() },
        });
    }
    let rows = dimension(&top.required("rows")?)?;
    let cols_field = top.required("cols")?;
    let cols = dimension(&cols_field)?;
    let cells = Puzzle::cells_of_board(rows, cols).map_err(|e| cols_field.error(e.to_string()))?;
    let goal_field = top.get("goal");
    let goal = match &goal_field {
        Some(goal) => goal_values(goal, kind)?,
        // 1..=cells, or for a sliding board 1..cells then the blank.
        None if kind == Kind::Permutation => (1..=cells as u8).collect(),
        None => (1..cells as u8).chain([BLANK]).collect(),
    };

    let moves_field = top.get("moves");
    let mut sliding_order = MoveSet::Sliding;
    let mut sliding_names = SLIDING_MOVE_NAMES.to_vec();
    let moves = match (kind, &moves_field) {
        (Kind::Sliding, Some(moves)) => {
            (sliding_order, sliding_names) = sliding_moves(moves)?;
            Vec::new()
        }
        (Kind::Sliding, None) => Vec::new(),
        (_, None) => {
            return Err(SpecError::Invalid { line: None, key: "moves".into(), message: NO_MOVES.into() });
        }
        (_, Some(moves)) => permutation_moves(moves, cells)?,
    };

    let multi_names: Vec<String>;
    if multi_tile {
        sliding_order = sliding_order.to_multi_tile(rows, cols);
        multi_names = sliding_order.slide_names().map(|name| name.as_str().to_owned()).collect();
        sliding_names = multi_names.iter().map(String::as_str).collect();
    }
    let maps: Vec<u8> = moves.iter().flat_map(|m| m.map.iter().copied()).collect();
    let move_set = match kind {
        Kind::Sliding => sliding_order,
        _ => MoveSet::Permutation(&maps),
    };
    let names: Vec<&str> = match kind {
        Kind::Sliding => sliding_names,
        _ => moves.iter().map(|m| m.name).collect(),
    };
    // The model checks the rules; each of its errors is put on the line of
    // the value at fault.
    let at_fault = |error: ModelError| -> SpecError {
        let field = match &error {
            ModelError::GoalLength { .. } | ModelError::SlidingBlanks { .. } => goal_field.as_ref(),
            ModelError::TooManyMoves { .. } => moves_field.as_ref(),
            ModelError::PuzzleId => Some(&name),
            ModelError::MoveName { index } => moves.get(*index).map(|m| &m.name_field),
            ModelError::DuplicateMoveName { second, .. } => moves.get(*second).map(|m| &m.name_field),
            _ => None,
        };
        let message = match &error {
            ModelError::PuzzleId if id.len() > MAX_PUZZLE_ID => {
                format!("at most {MAX_PUZZLE_ID} bytes, found {}", id.len())
            }
            ModelError::PuzzleId => format!("{id:?} must be letters, digits and '-' only"),
            ModelError::MoveName { index } => match names.get(*index) {
                Some(name) if name.len() > MAX_MOVE_NAME => {
                    format!("at most {MAX_MOVE_NAME} bytes, found {}", name.len())
                }
                name => format!(
                    "{:?}: a move name is 1 to {MAX_MOVE_NAME} bytes, without spaces or control characters",
                    name.unwrap_or(&"")
                ),
            },
            ModelError::DuplicateMoveName { second, .. } => {
                format!("{:?} is the name of an earlier move too", names.get(*second).unwrap_or(&""))
            }
            _ => error.to_string(),
        };
        match field {
            Some(field) => field.error(message),
            None => SpecError::Invalid { line: None, key: String::new(), message },
        }
    };
    let puzzle = Puzzle::new(rows, cols, &goal, move_set).map_err(at_fault)?;
    let definition = Definition::new(id, names.iter().copied(), puzzle).map_err(at_fault)?;
    let patterns = top.get("patterns").map(|field| patterns::read(&field, definition.puzzle())).transpose()?;
    Ok(Spec { definition, patterns })
}

/// A sliding puzzle's declared move order, `moves = ["d", "l", "r", "u"]`:
/// the four moves u, d, l, r once each, in the order that decides which
/// optimal answer is canonical.
fn sliding_moves<'a>(moves: &Field<'a>) -> Result<(MoveSet<'static>, Vec<&'a str>), SpecError> {
    const RULE: &str = "a sliding puzzle's moves are always u, d, l, r, once each: give their order as \
                        moves = [\"d\", \"l\", \"r\", \"u\"] or leave the key out";
    let items = moves.list(RULE).map_err(|_| moves.error(RULE))?;
    let names: Option<Vec<&'a str>> = items.iter().map(|value| value.get_ref().as_str()).collect();
    match names.and_then(|names| Some((MoveSet::sliding_named(names.iter().copied())?, names))) {
        Some(declared) => Ok(declared),
        None => Err(moves.error(RULE)),
    }
}
