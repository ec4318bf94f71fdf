//! User-defined puzzles: a small TOML file describes a permutation or
//! sliding puzzle, and [`parse`] turns it into a checked [`Definition`] (the
//! puzzle with its id and move names), ready for the generator. The format
//! is documented with examples in `docs/SPEC.md`.
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

use std::fmt;
use std::path::Path;

use godtab_puzzles::{
    BLANK, Definition, Kind, MAX_CELLS, MAX_MOVE_NAME, MAX_PUZZLE_ID, ModelError, MoveSet, Puzzle, SLIDING_MOVE_NAMES,
};
use toml::Spanned;
use toml::de::{DeString, DeTable, DeValue};

/// What is wrong with a spec, and where.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// The file could not be read (the caller names it).
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The text is not valid TOML.
    #[error("{}{message}", Where(*.line, ""))]
    Syntax {
        /// Line of the problem, from 1.
        line: Option<usize>,
        /// What the TOML reader reported, after the key written on that
        /// line if that line plainly starts a `key = value` or a `[table]`
        /// header (`kind: ...`).
        message: String,
    },
    /// A key is missing or unknown, or its value is not allowed.
    #[error("{}{message}", Where(*.line, key))]
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
            write!(f, "{}: ", self.1)?;
        }
        Ok(())
    }
}

/// Reads and checks a spec file.
///
/// # Errors
///
/// [`SpecError::Io`] if the file cannot be read, or any error of [`parse`]
/// (prefixed with the path by the caller).
pub fn load(path: &Path) -> Result<Definition, SpecError> {
    parse(&std::fs::read_to_string(path)?)
}

/// Checks a spec given as text.
///
/// # Errors
///
/// A [`SpecError`] naming the line and key of the first problem.
pub fn parse(text: &str) -> Result<Definition, SpecError> {
    let doc = DeTable::parse(text).map_err(|e| syntax_error(text, &e))?;
    let top = Table { text, key: String::new(), at: None, entries: doc.get_ref() };
    top.only(
        &["name", "kind", "rows", "cols", "goal", "moves"],
        "the keys are name, kind, rows, cols, goal and moves",
    )?;

    let name = top.required("name")?;
    let id = name.string("the puzzle's name in quotes")?;
    let kind = top.required("kind")?;
    let kind = match kind.value.get_ref().as_str() {
        Some("permutation") => Kind::Permutation,
        Some("sliding") => Kind::Sliding,
        _ => return Err(kind.expected(kind.value, "\"permutation\" or \"sliding\"")),
    };
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
    let moves = match (kind, &moves_field) {
        (Kind::Sliding, Some(moves)) => {
            return Err(moves.error("a sliding puzzle's moves are always u, d, l, r: remove the [[moves]] tables"));
        }
        (Kind::Sliding, None) => Vec::new(),
        (Kind::Permutation, None) => {
            return Err(SpecError::Invalid { line: None, key: "moves".into(), message: NO_MOVES.into() });
        }
        (Kind::Permutation, Some(moves)) => permutation_moves(moves, cells)?,
    };

    let maps: Vec<u8> = moves.iter().flat_map(|m| m.map.iter().copied()).collect();
    let move_set = match kind {
        Kind::Permutation => MoveSet::Permutation(&maps),
        Kind::Sliding => MoveSet::Sliding,
    };
    let names: Vec<&str> = match kind {
        Kind::Permutation => moves.iter().map(|m| m.name).collect(),
        Kind::Sliding => SLIDING_MOVE_NAMES.to_vec(),
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
    Definition::new(id, names.iter().copied(), puzzle).map_err(at_fault)
}

const NO_MOVES: &str = "a permutation puzzle needs at least one [[moves]] table";

/// A TOML syntax error as "line N: KEY: message" (see [`syntax_key`]).
fn syntax_error(text: &str, error: &toml::de::Error) -> SpecError {
    let message = error.message().split('\n').map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("; ");
    let message = escape(&message);
    let Some(span) = error.span() else { return SpecError::Syntax { line: None, message } };
    let message = match syntax_key(text, span.start) {
        Some(key) => format!("{key}: {message}"),
        None => message,
    };
    SpecError::Syntax { line: Some(line_of(text, span.start)), message }
}

/// The key of the line holding byte `at`: what is written before `=`, or in
/// a `[table]` header, if it is a bare or dotted key (`moves`, `a . b`) and
/// the line starts an entry. It does when the text before it is valid TOML
/// on its own, which it is not inside a multi-line string or array.
fn syntax_key(text: &str, at: usize) -> Option<String> {
    let start = text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].split('\n').next()?.trim();
    let key = match line.split_once('=') {
        Some((key, _)) => key,
        None => line.strip_prefix('[')?.trim_start_matches('[').split(']').next()?,
    };
    let parts: Vec<&str> = key.split('.').map(str::trim).collect();
    let plain = parts.iter().all(|part| is_bare(part)) && DeTable::parse(&text[..start]).is_ok();
    plain.then(|| parts.join("."))
}

/// Whether a key can be written without quotes: ASCII letters, digits, `_`
/// and `-`.
fn is_bare(key: &str) -> bool {
    !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// A key as messages show it: as is when bare, else quoted and escaped
/// (`"a b"`, `""`, `"a\nb"`).
fn key_name(key: &str) -> String {
    if is_bare(key) { key.into() } else { format!("{key:?}") }
}

/// Text of the file made fit for a one-line message: control and other
/// invisible characters are escaped (`\t`, `\u{1b}`), quotes and
/// backslashes kept as written.
fn escape(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '"' | '\'' | '\\' => c.to_string(),
            _ => c.escape_debug().to_string(),
        })
        .collect()
}

/// The line (from 1) of byte `at` of `text`. Counted only for a message.
fn line_of(text: &str, at: usize) -> usize {
    text.get(..at.min(text.len())).map_or(1, |before| before.matches('\n').count() + 1)
}

/// A table of the file: the top level or one `[[moves]]` table.
struct Table<'a> {
    text: &'a str,
    /// `moves[1]`, or empty at the top level.
    key: String,
    /// Where its `[[moves]]` header starts (a byte of the file).
    at: Option<usize>,
    entries: &'a DeTable<'a>,
}

impl<'a> Table<'a> {
    /// Refuses the first key (in file order) not in `allowed`.
    fn only(&self, allowed: &[&str], hint: &str) -> Result<(), SpecError> {
        let unknown = self.entries.iter().filter(|(k, _)| !allowed.contains(&k.get_ref().as_ref()));
        match unknown.min_by_key(|(k, _)| k.span().start) {
            Some((k, v)) => Err(self.field(k, v).error(format!("unknown key; {hint}"))),
            None => Ok(()),
        }
    }

    fn get(&self, key: &str) -> Option<Field<'a>> {
        self.entries.get_key_value(key).map(|(k, v)| self.field(k, v))
    }

    fn required(&self, key: &str) -> Result<Field<'a>, SpecError> {
        self.get(key).ok_or_else(|| SpecError::Invalid {
            line: self.at.map(|at| line_of(self.text, at)),
            key: self.key.clone(),
            message: format!("missing key {key}"),
        })
    }

    fn field(&self, key: &'a Spanned<DeString<'a>>, value: &'a Spanned<DeValue<'a>>) -> Field<'a> {
        let name = key_name(key.get_ref());
        let name = if self.key.is_empty() { name } else { format!("{}.{name}", self.key) };
        Field { text: self.text, key: name, at: key.span().start, value }
    }
}

/// A value of the file with the key messages name it by (`rows`,
/// `goal[3]`, `moves[1].cycles`) and the line of that key or element.
struct Field<'a> {
    text: &'a str,
    key: String,
    /// Where the key or element starts (a byte of the file).
    at: usize,
    value: &'a Spanned<DeValue<'a>>,
}

impl<'a> Field<'a> {
    fn error(&self, message: impl Into<String>) -> SpecError {
        SpecError::Invalid { line: Some(line_of(self.text, self.at)), key: self.key.clone(), message: message.into() }
    }

    /// "expected WHAT, found VALUE", `value` being this one or part of it.
    fn expected(&self, value: &Spanned<DeValue<'_>>, what: &str) -> SpecError {
        self.error(format!("expected {what}, found {}", self.found(value)))
    }

    /// A value as written, cut to its first line and 24 characters and
    /// [escaped](escape); "a table" or "tables" for tables.
    fn found(&self, value: &Spanned<DeValue<'_>>) -> String {
        let written = self.text.get(value.span()).unwrap_or_default();
        match value.get_ref() {
            DeValue::Table(_) => return "a table".into(),
            // `[[key]]` headers, written as the first one.
            DeValue::Array(tables)
                if written.starts_with("[[") && tables.first().is_some_and(|t| t.get_ref().is_table()) =>
            {
                return if tables.len() == 1 { "a table" } else { "tables" }.into();
            }
            _ => {}
        }
        let first = written.lines().next().unwrap_or_default();
        match first.char_indices().nth(24) {
            Some((end, _)) => format!("{}...", escape(&first[..end])),
            None if first.len() < written.len() => format!("{}...", escape(first)),
            None => escape(first),
        }
    }

    fn string(&self, what: &str) -> Result<&'a str, SpecError> {
        self.value.get_ref().as_str().ok_or_else(|| self.expected(self.value, what))
    }

    /// This value as a whole number.
    fn integer(&self, what: &str) -> Result<i64, SpecError> {
        let Some(n) = self.value.get_ref().as_integer() else { return Err(self.expected(self.value, what)) };
        i64::from_str_radix(n.as_str(), n.radix()).map_err(|_| self.error(format!("{n} is far out of range")))
    }

    fn list(&self, what: &str) -> Result<&'a [Spanned<DeValue<'a>>], SpecError> {
        match self.value.get_ref() {
            DeValue::Array(items) => Ok(items),
            _ => Err(self.expected(self.value, what)),
        }
    }

    /// Element `index` of this list, as `key[index]` on its own line.
    fn element(&self, index: usize, value: &'a Spanned<DeValue<'a>>) -> Field<'a> {
        Field { key: format!("{}[{index}]", self.key), ..self.part(value) }
    }

    /// A part of this value (a cell of a cycle) under the same key, on its
    /// own line.
    fn part(&self, value: &'a Spanned<DeValue<'a>>) -> Field<'a> {
        Field { text: self.text, key: self.key.clone(), at: value.span().start, value }
    }
}

fn dimension(field: &Field<'_>) -> Result<usize, SpecError> {
    let n = field.integer("a whole number")?;
    usize::try_from(n)
        .ok()
        .filter(|&n| (1..=MAX_CELLS).contains(&n))
        .ok_or_else(|| field.error(format!("{n} is not between 1 and {MAX_CELLS}")))
}

/// The goal's tile values, [`BLANK`] for `x` (the model checks their
/// number and the blank).
fn goal_values(field: &Field<'_>, kind: Kind) -> Result<Vec<u8>, SpecError> {
    const TILE: &str = "a tile (a number, or x for the blank)";
    let tiles = field.list("a list of tiles")?;
    let mut goal = Vec::with_capacity(tiles.len());
    for (i, value) in tiles.iter().enumerate() {
        let tile = field.element(i, value);
        let value = match (value.get_ref(), kind) {
            (DeValue::String(x), Kind::Sliding) if x == "x" => BLANK,
            (DeValue::String(_), Kind::Sliding) => {
                return Err(tile.error(format!("{}: the blank is written \"x\"; tiles are numbers", tile.found(value))));
            }
            (DeValue::String(_), Kind::Permutation) => {
                let problem = "tiles are numbers (only sliding puzzles have a blank)";
                return Err(tile.error(format!("{}: {problem}", tile.found(value))));
            }
            // 0 is the blank's value, so no tile of a sliding puzzle.
            (_, kind) => {
                let n = tile.integer(TILE)?;
                let least = u8::from(kind == Kind::Sliding);
                u8::try_from(n)
                    .ok()
                    .filter(|&v| v >= least)
                    .ok_or_else(|| tile.error(format!("{n} is not a tile number from {least} to 255")))?
            }
        };
        goal.push(value);
    }
    Ok(goal)
}

/// A `[[moves]]` table: the move's name, where it is written, and its
/// position map (`new[i] = old[map[i]]`).
struct Move<'a> {
    name: &'a str,
    name_field: Field<'a>,
    map: Vec<u8>,
}

/// Every `[[moves]]` table, in order (the model checks their number and
/// names).
fn permutation_moves<'a>(moves: &Field<'a>, cells: usize) -> Result<Vec<Move<'a>>, SpecError> {
    let tables = moves.list("[[moves]] tables")?;
    if tables.is_empty() {
        return Err(moves.error(NO_MOVES));
    }
    let mut out = Vec::with_capacity(tables.len());
    for (index, value) in tables.iter().enumerate() {
        let entry = moves.element(index, value);
        let DeValue::Table(entries) = value.get_ref() else { return Err(entry.expected(value, "a [[moves]] table")) };
        let table = Table { text: entry.text, key: entry.key.clone(), at: Some(entry.at), entries };
        table.only(&["name", "cycles", "map"], "a move has a name, and cycles or map")?;

        let name_field = table.required("name")?;
        let name = name_field.string("the move's name in quotes")?;
        let map = match (table.get("cycles"), table.get("map")) {
            (Some(cycles), None) => map_of_cycles(&cycles, cells)?,
            (None, Some(map)) => map_of_images(&map, cells)?,
            _ => return Err(entry.error("give either cycles or map")),
        };
        out.push(Move { name, name_field, map });
    }
    Ok(out)
}

/// `cycles = [[0, 1, 4, 3]]`: the tile at cell 0 goes to cell 1, 1 to 4, 4
/// to 3 and 3 to 0; cells in no cycle keep their tile. A cell's problem is
/// reported as `cycles[i]`, on the cell's line.
fn map_of_cycles(field: &Field<'_>, cells: usize) -> Result<Vec<u8>, SpecError> {
    const CYCLES: &str = "a list of cycles like [[0, 1, 4]]";
    let mut map: Vec<u8> = (0..cells as u8).collect();
    let mut used = vec![false; cells];
    for (index, value) in field.list(CYCLES)?.iter().enumerate() {
        let DeValue::Array(cycle) = value.get_ref() else { return Err(field.expected(field.value, CYCLES)) };
        let cycle_field = field.element(index, value);
        let mut checked = Vec::with_capacity(cycle.len());
        for cell in cycle.iter() {
            let cell = cycle_field.part(cell);
            let c = cell_index(&cell, cells)?;
            if std::mem::replace(&mut used[c], true) {
                return Err(cell.error(format!("cell {c} appears twice")));
            }
            checked.push(c);
        }
        for (i, &from) in checked.iter().enumerate() {
            map[checked[(i + 1) % checked.len()]] = from as u8;
        }
    }
    Ok(map)
}

/// `map = [...]`: the full image, `new[i] = old[map[i]]`. A cell's problem
/// is reported as `map[i]`, on its line.
fn map_of_images(field: &Field<'_>, cells: usize) -> Result<Vec<u8>, SpecError> {
    let map = field.list("a list of cell numbers, one per cell")?;
    if map.len() != cells {
        return Err(field.error(format!("has {} entries; the board has {cells} cells", map.len())));
    }
    let mut seen = vec![false; cells];
    let mut out = Vec::with_capacity(cells);
    for (index, value) in map.iter().enumerate() {
        let cell = field.element(index, value);
        let c = cell_index(&cell, cells)?;
        if std::mem::replace(&mut seen[c], true) {
            return Err(cell.error(format!("cell {c} appears twice: a map is a permutation of the cells")));
        }
        out.push(c as u8);
    }
    Ok(out)
}

/// A cell number of a `cycles` or `map` list.
fn cell_index(cell: &Field<'_>, cells: usize) -> Result<usize, SpecError> {
    let n = cell.integer("a cell number")?;
    usize::try_from(n)
        .ok()
        .filter(|&c| c < cells)
        .ok_or_else(|| cell.error(format!("cell {n} is outside the board (cells 0 to {})", cells - 1)))
}
