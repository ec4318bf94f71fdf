//! The definition files of ksolve and twsearch (`.tws`, `.ksolve`,
//! `.def`): one reader, line by line, for the blocks godtab supports.
//!
//! ```text
//! Name pocket-cube              # optional; by default the file's name
//! Set CORNERS 7 3               # a set (orbit): name, pieces, orientations
//! Solved                        # the solved state, one block per set:
//! CORNERS                       #   its name,
//! 1 2 3 4 5 6 7                 #   its pieces (numbered from 1; may repeat),
//! 0 0 0 0 0 0 0                 #   its orientations (optional: 0)
//! End
//! Move U                        # a move: per set, the piece each position
//! CORNERS                       # gets (a permutation of 1..n) and the
//! 4 1 2 3 5 6 7                 # twist of each piece moved (optional)
//! 0 0 0 0 0 0 0
//! End
//! ```
//!
//! A set left out of `Solved` holds its pieces in order, untwisted; a set
//! left out of a `Move` stays as it is. `#` starts a comment, to the end of
//! the line. The meaning is twsearch's (its `ksolveformat.txt`):
//! permutations are passive, position `i` getting the piece at `p[i]`, and
//! a move's orientations belong to the pieces it moves, so the orientation
//! at `i` becomes `old[p[i]] + o[p[i]]`.

use std::fmt::Display;

use godtab_puzzles::{MAX_ORIENTATIONS, Orbit, is_orbit_name};
use godtab_twisty::model::MAX_POSITIONS as MAX_CELLS;

use crate::SpecError;
use crate::orbits::{Draft, DraftMove, Place, shown};

/// Blocks of twsearch files godtab does not read, refused by name.
const UNSUPPORTED: [&str; 9] = [
    "Illegal",
    "MoveAlias",
    "MoveSequence",
    "SwizzleSet",
    "StartState",
    "MoveTransformation",
    "ForbiddenPairs",
    "Ignore",
    "Block",
];

/// A set as the file declares it.
struct Set<'a> {
    name: &'a str,
    pieces: usize,
    orientations: u8,
    /// Its first position over all sets.
    start: usize,
}

/// A block being read: `Solved` or a `Move`.
struct Block<'a> {
    /// "Solved" or "Move NAME".
    key: String,
    line: usize,
    move_name: Option<&'a str>,
    /// Per position: the piece (solved) or source position (move), from 0.
    pieces: Vec<u8>,
    orientations: Vec<u8>,
    /// The set being read and how many lines of numbers it has had.
    set: Option<usize>,
    lines: usize,
    given: Vec<bool>,
}

/// Reads a definition file's text; `fallback_name` names the puzzle when
/// the file has no `Name` line.
pub(crate) fn read<'a>(text: &'a str, fallback_name: &str) -> Result<Draft<'a>, SpecError> {
    let mut name: Option<(&'a str, usize)> = None;
    let mut sets: Vec<Set<'a>> = Vec::new();
    let mut solved: Option<(Block<'a>, Place)> = None;
    let mut moves: Vec<DraftMove> = Vec::new();
    let mut block: Option<Block<'a>> = None;
    for (index, raw) in text.split('\n').enumerate() {
        let line = index + 1;
        let words: Vec<&str> = raw.split('#').next().unwrap_or_default().split_ascii_whitespace().collect();
        let Some(&first) = words.first() else { continue };
        let at = |key: &str| Place { line: Some(line), key: key.to_string() };
        if let Some(current) = &mut block {
            if first == "End" {
                if words.len() > 1 {
                    return Err(at(&current.key).error("End stands alone on its line"));
                }
                let done = block.take().ok_or_else(|| at("End").error("End outside a block"))?;
                done.finish_set(&sets, &at(&done.key))?;
                match done.move_name {
                    None => {
                        let place = Place { line: Some(done.line), key: "Solved".into() };
                        solved = Some((done, place));
                    }
                    Some(move_name) => moves.push(done.into_move(move_name, &sets)),
                }
                continue;
            }
            current.line_of(&words, &sets, &at(&current.key))?;
            continue;
        }
        match first {
            "Name" => {
                if name.is_some() || !sets.is_empty() {
                    return Err(at("Name").error("Name comes once, first, before the Sets"));
                }
                let [_, value] = words[..] else { return Err(at("Name").error("expected Name NAME")) };
                name = Some((value, line));
            }
            "Set" => {
                if solved.is_some() {
                    return Err(at("Set").error("every Set comes before Solved"));
                }
                let [_, set_name, pieces, orientations] = words[..] else {
                    return Err(at("Set").error("expected Set NAME PIECES ORIENTATIONS"));
                };
                let key = format!("Set {set_name}");
                if !is_orbit_name(set_name) {
                    return Err(at(&key).error(format!(
                        "{}: a set's name is 1 to 32 bytes without control characters, not starting with a digit \
                         and not End",
                        shown(set_name)
                    )));
                }
                if sets.iter().any(|s| s.name == set_name) {
                    return Err(at(&key).error("a set of this name is declared already"));
                }
                let pieces = number(pieces, 1, MAX_CELLS as u32, "pieces", &at(&key))? as usize;
                let orientations = number(orientations, 1, u32::from(MAX_ORIENTATIONS), "orientations", &at(&key))?;
                let start = sets.last().map_or(0, |s| s.start + s.pieces);
                if start + pieces > MAX_CELLS {
                    return Err(at(&key).error(format!(
                        "the sets hold {} pieces in all; at most {MAX_CELLS} are supported",
                        start + pieces
                    )));
                }
                sets.push(Set { name: set_name, pieces, orientations: orientations as u8, start });
            }
            "Solved" => {
                if words.len() != 1 {
                    return Err(at("Solved").error("Solved stands alone on its line"));
                }
                if sets.is_empty() {
                    return Err(at("Solved").error("Solved comes after the Sets, and there are none"));
                }
                if solved.is_some() {
                    return Err(at("Solved").error("the solved state is given twice"));
                }
                block = Some(Block::new("Solved".into(), line, None, &sets));
            }
            "Move" => {
                let [_, move_name] = words[..] else { return Err(at("Move").error("expected Move NAME")) };
                if solved.is_none() {
                    return Err(at(&format!("Move {move_name}")).error("every Move comes after Solved"));
                }
                block = Some(Block::new(format!("Move {move_name}"), line, Some(move_name), &sets));
            }
            "End" => return Err(at("End").error("End outside a block: a block starts with Solved or Move")),
            word if UNSUPPORTED.contains(&word) => {
                return Err(at(word).error("not supported by godtab: give the puzzle with Set, Solved and Move only"));
            }
            word => {
                return Err(at("").error(format!(
                    "{}: a line starts with Name, Set, Solved, Move or End (or # for a comment)",
                    shown(word)
                )));
            }
        }
    }
    if let Some(open) = block {
        return Err(Place { line: Some(open.line), key: open.key }.error("no End before the end of the file"));
    }
    let nowhere = |message: &str| SpecError::Invalid { line: None, key: String::new(), message: message.into() };
    if sets.is_empty() {
        return Err(nowhere("no Set: a puzzle has at least one set of pieces"));
    }
    let (solved, solved_place) = solved.ok_or_else(|| nowhere("no Solved block"))?;
    if moves.is_empty() {
        return Err(nowhere("no Move: a puzzle has at least one move"));
    }
    let (name, name_place) = match name {
        Some((name, line)) => (name.to_string(), Place { line: Some(line), key: "Name".into() }),
        None => (fallback_name.to_string(), Place { line: None, key: "Name".into() }),
    };
    Ok(Draft {
        name,
        name_place,
        orbits: sets.iter().map(|s| Orbit { name: s.name, pieces: s.pieces, orientations: s.orientations }).collect(),
        solved: solved.pieces,
        solved_orientations: solved.orientations,
        solved_place,
        moves,
    })
}

/// A whole number from `least` to `most`.
fn number(word: &str, least: u32, most: u32, what: &str, place: &Place) -> Result<u32, SpecError> {
    let out_of_range = || place.error(format!("{what}: {} is not a number from {least} to {most}", shown(word)));
    if !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(out_of_range());
    }
    word.parse::<u32>().ok().filter(|n| (least..=most).contains(n)).ok_or_else(out_of_range)
}

impl<'a> Block<'a> {
    fn new(key: String, line: usize, move_name: Option<&'a str>, sets: &[Set<'_>]) -> Self {
        let mut pieces = Vec::new();
        for set in sets {
            // Left out: pieces in order (a move leaves them in place).
            pieces.extend(0..set.pieces as u8);
        }
        let orientations = vec![0; pieces.len()];
        Self { key, line, move_name, pieces, orientations, set: None, lines: 0, given: vec![false; sets.len()] }
    }

    /// One line inside the block: a set's name, or a line of its numbers.
    fn line_of(&mut self, words: &[&str], sets: &[Set<'_>], place: &Place) -> Result<(), SpecError> {
        let first = words[0];
        if !first.starts_with(|c: char| c.is_ascii_digit()) {
            if words.len() > 1 {
                return Err(place.error(format!(
                    "{}: expected a set's name alone on its line, or a line of numbers",
                    shown(first)
                )));
            }
            self.finish_set(sets, place)?;
            let names = || sets.iter().map(|s| s.name).collect::<Vec<_>>().join(", ");
            let set = sets
                .iter()
                .position(|s| s.name == first)
                .ok_or_else(|| place.error(format!("{} is not a set (the sets are {})", shown(first), names())))?;
            if std::mem::replace(&mut self.given[set], true) {
                return Err(place.error(format!("{}: the set is given twice in this block", shown(first))));
            }
            self.set = Some(set);
            self.lines = 0;
            return Ok(());
        }
        let Some(set) = self.set else {
            return Err(place.error("a line of numbers before any set's name"));
        };
        let set = &sets[set];
        let within = |message: &dyn Display| place.error(format!("{}: {message}", set.name));
        if self.lines >= 2 {
            return Err(within(&"a set has at most two lines: its pieces, then its orientations"));
        }
        if words.len() != set.pieces {
            let what = if self.lines == 0 { "pieces" } else { "orientations" };
            return Err(within(&format_args!("expected {} {what}, found {} numbers", set.pieces, words.len())));
        }
        let mut values = Vec::with_capacity(words.len());
        for word in words {
            let most = if self.lines == 0 { set.pieces as u32 } else { u32::from(set.orientations) - 1 };
            let least = u32::from(self.lines == 0);
            let value = match word.parse::<u32>() {
                Ok(v) if word.bytes().all(|b| b.is_ascii_digit()) => v,
                _ => return Err(within(&format_args!("{} is not a number", shown(word)))),
            };
            if !(least..=most).contains(&value) {
                let what = if self.lines == 0 { "piece" } else { "orientation" };
                return Err(within(&format_args!("{what} {value} is out of range ({least} to {most})")));
            }
            // At most 16 (a piece) or 15 (an orientation): a byte.
            values.push(value as u8);
        }
        let range = set.start..set.start + set.pieces;
        if self.lines == 0 {
            let pieces: Vec<u8> = values.iter().map(|v| v - 1).collect();
            check_pieces(&pieces, self.move_name.is_some(), &within)?;
            self.pieces[range].copy_from_slice(&pieces);
        } else {
            self.orientations[range].copy_from_slice(&values);
        }
        self.lines += 1;
        Ok(())
    }

    /// Checks that the set being read had its line of pieces.
    fn finish_set(&self, sets: &[Set<'_>], place: &Place) -> Result<(), SpecError> {
        match self.set {
            Some(set) if self.lines == 0 => {
                let set = &sets[set];
                Err(place.error(format!("{}: expected a line of its {} pieces", set.name, set.pieces)))
            }
            _ => Ok(()),
        }
    }

    /// The move this block describes, with its twists turned from the
    /// pieces moved to the positions they land on.
    fn into_move(self, name: &str, sets: &[Set<'_>]) -> DraftMove {
        let mut map = Vec::with_capacity(self.pieces.len());
        let mut twist = Vec::with_capacity(self.pieces.len());
        for set in sets {
            for i in 0..set.pieces {
                let from = set.start + usize::from(self.pieces[set.start + i]);
                map.push(from as u8);
                twist.push(self.orientations[from]);
            }
        }
        DraftMove { name: name.to_string(), map, twist, place: Place { line: Some(self.line), key: self.key } }
    }
}

/// A move's pieces are a permutation; a solved state's may repeat but
/// leave no number out.
fn check_pieces(pieces: &[u8], is_move: bool, within: &dyn Fn(&dyn Display) -> SpecError) -> Result<(), SpecError> {
    let mut counts = vec![0u32; pieces.len()];
    for &p in pieces {
        counts[usize::from(p)] += 1;
    }
    let n = pieces.len();
    if is_move {
        if let Some(twice) = counts.iter().position(|&c| c > 1) {
            return Err(within(&format_args!(
                "{} appears twice: a move's pieces are a permutation of 1 to {n}",
                twice + 1
            )));
        }
    } else {
        let used = counts.iter().rposition(|&c| c > 0).map_or(0, |last| last + 1);
        if let Some(missing) = counts[..used].iter().position(|&c| c == 0) {
            return Err(within(&format_args!(
                "{} is missing: the solved pieces are numbered from 1 with none left out",
                missing + 1
            )));
        }
    }
    Ok(())
}
