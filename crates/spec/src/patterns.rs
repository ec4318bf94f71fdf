//! The `patterns` key: patterns of the puzzle's tiles for a pattern set.
//! Which patterns a puzzle may have is [`Puzzle::check_patterns`]'s rule;
//! this reads the lists and says where the rule is broken.

use godtab_puzzles::{PatternError, PatternList, Puzzle};

use crate::SpecError;
use crate::fields::Field;

/// The patterns' tile values, checked against the puzzle.
pub(crate) fn read(field: &Field<'_>, puzzle: &Puzzle) -> Result<PatternList, SpecError> {
    if puzzle.pattern_combine().is_none() {
        return Err(field.error(PatternError::Puzzle.to_string()));
    }
    let lists = field.list("a list of patterns, each a list of tiles")?;
    // Each pattern's field and its tiles' fields, to say where a problem is.
    let mut fields = Vec::with_capacity(lists.len());
    let mut patterns = Vec::with_capacity(lists.len());
    for (p, list) in lists.iter().enumerate() {
        let pattern_field = field.element(p, list);
        let mut tile_fields = Vec::new();
        let mut pattern = Vec::new();
        for (i, value) in pattern_field.list("a list of tiles")?.iter().enumerate() {
            let tile_field = pattern_field.element(i, value);
            let n = tile_field.integer("a tile number")?;
            // No tile is past a byte: the rule's own words for it.
            let tile = u8::try_from(n).map_err(|_| tile_field.error(format!("{n} is not a tile of the goal")))?;
            pattern.push(tile);
            tile_fields.push(tile_field);
        }
        patterns.push(pattern);
        fields.push((pattern_field, tile_fields));
    }
    PatternList::new(puzzle, patterns.iter().map(Vec::as_slice)).map_err(|e| {
        let at = match e.position() {
            Some((p, Some(i))) => fields.get(p).and_then(|(_, tiles)| tiles.get(i)),
            Some((p, None)) => fields.get(p).map(|(pattern, _)| pattern),
            None => None,
        };
        at.unwrap_or(field).error(e.to_string())
    })
}
