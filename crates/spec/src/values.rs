//! The values of a spec: board dimensions, goal tiles, and the moves as
//! cycles or maps, checked as far as only the file can tell.

use godtab_puzzles::{BLANK, Kind, MAX_CELLS};
use toml::de::DeValue;

use crate::SpecError;
use crate::fields::{Field, Table};

pub(crate) const NO_MOVES: &str = "a permutation puzzle needs at least one [[moves]] table";

pub(crate) fn dimension(field: &Field<'_>) -> Result<usize, SpecError> {
    let n = field.integer("a whole number")?;
    usize::try_from(n)
        .ok()
        .filter(|&n| (1..=MAX_CELLS).contains(&n))
        .ok_or_else(|| field.error(format!("{n} is not between 1 and {MAX_CELLS}")))
}

/// The goal's tile values, [`BLANK`] for `x` (the model checks their
/// number and the blank).
pub(crate) fn goal_values(field: &Field<'_>, kind: Kind) -> Result<Vec<u8>, SpecError> {
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
pub(crate) struct Move<'a> {
    pub(crate) name: &'a str,
    pub(crate) name_field: Field<'a>,
    pub(crate) map: Vec<u8>,
}

/// Every `[[moves]]` table, in order (the model checks their number and
/// names).
pub(crate) fn permutation_moves<'a>(moves: &Field<'a>, cells: usize) -> Result<Vec<Move<'a>>, SpecError> {
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
            (Some(cycles), None) => map_of_cycles(&cycles, Places::board(cells))?,
            (None, Some(map)) => map_of_images(&map, Places::board(cells))?,
            _ => return Err(entry.error("give either cycles or map")),
        };
        out.push(Move { name, name_field, map });
    }
    Ok(out)
}

/// What a map or cycles move: the cells of a board or the positions of an
/// orbit, named so in messages.
#[derive(Clone, Copy)]
pub(crate) struct Places {
    pub count: usize,
    /// "cell" or "position".
    pub one: &'static str,
    /// "the board" or "the orbit".
    pub whole: &'static str,
}

impl Places {
    pub(crate) fn board(cells: usize) -> Self {
        Self { count: cells, one: "cell", whole: "the board" }
    }
}

/// `cycles = [[0, 1, 4, 3]]`: the tile at cell 0 goes to cell 1, 1 to 4, 4
/// to 3 and 3 to 0; cells in no cycle keep their tile. A cell's problem is
/// reported as `cycles[i]`, on the cell's line.
pub(crate) fn map_of_cycles(field: &Field<'_>, places: Places) -> Result<Vec<u8>, SpecError> {
    const CYCLES: &str = "a list of cycles like [[0, 1, 4]]";
    let mut map: Vec<u8> = (0..places.count as u8).collect();
    let mut used = vec![false; places.count];
    for (index, value) in field.list(CYCLES)?.iter().enumerate() {
        let DeValue::Array(cycle) = value.get_ref() else { return Err(field.expected(field.value, CYCLES)) };
        let cycle_field = field.element(index, value);
        let mut checked = Vec::with_capacity(cycle.len());
        for cell in cycle.iter() {
            let cell = cycle_field.part(cell);
            let c = cell_index(&cell, places)?;
            if std::mem::replace(&mut used[c], true) {
                return Err(cell.error(format!("{} {c} appears twice", places.one)));
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
pub(crate) fn map_of_images(field: &Field<'_>, places: Places) -> Result<Vec<u8>, SpecError> {
    let Places { count, one, whole } = places;
    let map = field.list(&format!("a list of {one} numbers, one per {one}"))?;
    if map.len() != count {
        return Err(field.error(format!("has {} entries; {whole} has {count} {one}s", map.len())));
    }
    let mut seen = vec![false; count];
    let mut out = Vec::with_capacity(count);
    for (index, value) in map.iter().enumerate() {
        let cell = field.element(index, value);
        let c = cell_index(&cell, places)?;
        if std::mem::replace(&mut seen[c], true) {
            return Err(cell.error(format!("{one} {c} appears twice: a map is a permutation of the {one}s")));
        }
        out.push(c as u8);
    }
    Ok(out)
}

/// A cell number of a `cycles` or `map` list.
fn cell_index(cell: &Field<'_>, places: Places) -> Result<usize, SpecError> {
    let Places { count, one, whole } = places;
    let n = cell.integer(&format!("a {one} number"))?;
    usize::try_from(n)
        .ok()
        .filter(|&c| c < count)
        .ok_or_else(|| cell.error(format!("{one} {n} is outside {whole} ({one}s 0 to {})", count - 1)))
}
