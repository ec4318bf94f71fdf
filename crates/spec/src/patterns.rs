//! The `patterns` key: a sliding board's tiles split into the patterns of
//! a pattern set, each tile other than the blank in exactly one.

use godtab_puzzles::{BLANK, Kind, Puzzle};

use crate::SpecError;
use crate::fields::Field;

/// The patterns' tile values, checked against the board.
pub(crate) fn read(field: &Field<'_>, puzzle: &Puzzle) -> Result<Vec<Vec<u8>>, SpecError> {
    if puzzle.kind() != Kind::Sliding {
        return Err(field.error("patterns are for sliding puzzles; remove the key"));
    }
    if puzzle.has_repeated_tiles() {
        return Err(field.error("patterns need every tile of the goal to differ"));
    }
    let lists = field.list("a list of patterns, each a list of tiles")?;
    if lists.is_empty() {
        return Err(field.error("expected at least one pattern"));
    }
    // Where each tile was first seen: (pattern, index).
    let mut seen: [Option<(usize, usize)>; 256] = [None; 256];
    let mut patterns = Vec::with_capacity(lists.len());
    for (p, list) in lists.iter().enumerate() {
        let pattern_field = field.element(p, list);
        let tiles = pattern_field.list("a list of tiles")?;
        if tiles.is_empty() {
            return Err(pattern_field.error("expected at least one tile"));
        }
        let mut pattern = Vec::with_capacity(tiles.len());
        for (i, value) in tiles.iter().enumerate() {
            let tile_field = pattern_field.element(i, value);
            let n = tile_field.integer("a tile number")?;
            let tile =
                u8::try_from(n).ok().filter(|&t| t != BLANK && puzzle.label_of(t).is_some()).ok_or_else(|| {
                    tile_field.error(format!("{n} is not a tile of the goal (the blank is in no pattern)"))
                })?;
            if let Some((q, j)) = seen[usize::from(tile)] {
                return Err(tile_field.error(format!("tile {tile} is already in patterns[{q}][{j}]")));
            }
            seen[usize::from(tile)] = Some((p, i));
            pattern.push(tile);
        }
        patterns.push(pattern);
    }
    if let Some(&missing) = puzzle.goal_values().iter().find(|&&t| t != BLANK && seen[usize::from(t)].is_none()) {
        return Err(field.error(format!("tile {missing} is in no pattern; every tile but the blank is in one")));
    }
    Ok(patterns)
}
