//! Which patterns of tiles a pattern set may have, and how their databases
//! combine: the one rule the spec reader, the generator and the table
//! reader all apply.
//!
//! - On a sliding board the patterns *split* the tiles: every tile but the
//!   blank is in exactly one pattern. A pattern's entry counts only moves
//!   of its own tiles and every move moves one tile, so the entries add up
//!   to a lower bound ([`Combine::Sum`]).
//! - On a permutation puzzle a move moves several tiles at once, so entries
//!   do not add up. Each pattern keeps its tiles and treats every other
//!   tile as one indistinguishable value; its entry is the distance of that
//!   coarser puzzle, and the largest entry is the bound ([`Combine::Max`]).
//!   Patterns may share tiles, and a tile may be in none.
//! - On a sliding board in the multi-tile metric a move carries tiles of
//!   several patterns at once, so entries do not add up either: each
//!   pattern keeps its tiles *and the blank* (which every pattern holds,
//!   as its last tile unless it is given elsewhere), every move counts, and
//!   the largest entry is the bound ([`Combine::Max`]), as on a
//!   permutation puzzle.
//!
//! Either way the tiles of the goal must all differ, and a pattern's tiles
//! are ranked by where they stand: the database of a pattern of `k` tiles on
//! `n` cells has `n!/(n−k)!` entries.

use core::fmt;

use crate::{BLANK, Kind, MAX_CELLS, Puzzle};

/// The most patterns a set may have.
pub const MAX_PATTERNS: usize = MAX_CELLS - 1;

/// How a pattern set's entries for one state give a lower bound on its
/// distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// Their sum (sliding boards: disjoint patterns).
    Sum,
    /// The largest (permutation puzzles).
    Max,
}

/// Why a list of patterns does not suit a puzzle. Positions count from 0:
/// `pattern` is the pattern's index, `index` the tile's place in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatternError {
    /// Orbit puzzles and boards whose goal repeats a tile.
    Puzzle,
    /// No patterns, or more than [`MAX_PATTERNS`].
    Count(usize),
    /// A pattern without tiles.
    Empty {
        /// The pattern.
        pattern: usize,
    },
    /// A value that is the blank or not a tile of the goal.
    NotATile {
        /// The pattern.
        pattern: usize,
        /// The tile's place in it.
        index: usize,
        /// The value.
        tile: u8,
    },
    /// A tile given before: earlier in the same pattern, or (on a sliding
    /// board) in an earlier pattern.
    Repeated {
        /// The pattern.
        pattern: usize,
        /// The tile's place in it.
        index: usize,
        /// The tile.
        tile: u8,
        /// Where it was first given: pattern and place.
        first: (usize, usize),
    },
    /// A sliding board's tile that is in no pattern.
    Missing {
        /// The tile.
        tile: u8,
    },
}

impl PatternError {
    /// Where the problem is: the pattern, and the tile's place in it.
    #[must_use]
    pub fn position(&self) -> Option<(usize, Option<usize>)> {
        match *self {
            Self::Empty { pattern } => Some((pattern, None)),
            Self::NotATile { pattern, index, .. } | Self::Repeated { pattern, index, .. } => {
                Some((pattern, Some(index)))
            }
            Self::Puzzle | Self::Count(_) | Self::Missing { .. } => None,
        }
    }

    /// The error with its position in front, as `patterns[1][2]: …`.
    #[must_use]
    pub fn located(&self) -> Located {
        Located(*self)
    }
}

/// A [`PatternError`] shown with its position.
#[derive(Clone, Copy, Debug)]
pub struct Located(PatternError);

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.position() {
            Some((pattern, Some(index))) => write!(f, "patterns[{pattern}][{index}]: {}", self.0),
            Some((pattern, None)) => write!(f, "patterns[{pattern}]: {}", self.0),
            None => write!(f, "patterns: {}", self.0),
        }
    }
}

/// The problem alone; [`PatternError::position`] says where.
impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Puzzle => {
                f.write_str("pattern sets are for sliding boards and permutation puzzles whose tiles all differ")
            }
            Self::Count(0) => f.write_str("expected at least one pattern"),
            Self::Count(n) => write!(f, "{n} patterns given; at most {MAX_PATTERNS} are supported"),
            Self::Empty { .. } => f.write_str("expected at least one tile"),
            Self::NotATile { tile: BLANK, .. } => {
                f.write_str("the blank is in no pattern of the single-tile metric (its moves are free there)")
            }
            Self::NotATile { tile, .. } => write!(f, "{tile} is not a tile of the goal"),
            Self::Repeated { tile, first: (p, i), .. } => write!(f, "tile {tile} is already in patterns[{p}][{i}]"),
            Self::Missing { tile } => write!(f, "tile {tile} is in no pattern; every tile but the blank is in one"),
        }
    }
}

impl core::error::Error for PatternError {}

/// A list of patterns checked once against their puzzle (the rule of the
/// module docs), then trusted wherever it goes: the spec reader makes it,
/// the generator and the writer take it as it is. Fixed-size, so it needs
/// no allocator.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PatternList {
    tiles: [[u8; MAX_CELLS]; MAX_PATTERNS],
    sizes: [u8; MAX_PATTERNS],
    count: usize,
    combine: Combine,
    /// The mark of the puzzle it was checked against (see
    /// [`PatternList::suits`]).
    puzzle: u32,
}

impl core::fmt::Debug for PatternList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PatternList {
    /// Checks `patterns` (tile values) against `puzzle`.
    ///
    /// # Errors
    ///
    /// The first [`PatternError`], in reading order.
    pub fn new<'p, I>(puzzle: &Puzzle, patterns: I) -> Result<Self, PatternError>
    where
        I: IntoIterator<Item = &'p [u8]> + Clone,
    {
        let combine = puzzle.check_patterns(patterns.clone())?;
        let mut list = Self {
            tiles: [[0; MAX_CELLS]; MAX_PATTERNS],
            sizes: [0; MAX_PATTERNS],
            count: 0,
            combine,
            puzzle: puzzle.signature,
        };
        // The rule holds: at most MAX_PATTERNS patterns, each of distinct
        // tiles of the goal (so at most MAX_CELLS of them, the blank too).
        let with_blank = puzzle.patterns_hold_blank();
        for (p, tiles) in patterns.into_iter().enumerate().take(MAX_PATTERNS) {
            let mut size = tiles.len().min(MAX_CELLS);
            list.tiles[p][..size].copy_from_slice(&tiles[..size]);
            if with_blank && !tiles.contains(&BLANK) && size < MAX_CELLS {
                list.tiles[p][size] = BLANK;
                size += 1;
            }
            list.sizes[p] = size as u8;
            list.count = p + 1;
        }
        Ok(list)
    }

    /// How many patterns (at least one).
    #[must_use]
    pub fn len(&self) -> usize {
        self.count
    }

    /// Never true: a list has at least one pattern.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Pattern `index`'s tile values, in the order its placements are
    /// ranked.
    #[must_use]
    pub fn get(&self, index: usize) -> Option<&[u8]> {
        (index < self.count).then(|| &self.tiles[index][..usize::from(self.sizes[index])])
    }

    /// Every pattern's tiles, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[u8]> + Clone {
        (0..self.count).filter_map(|p| self.get(p))
    }

    /// How the patterns' entries combine.
    #[must_use]
    pub fn combine(&self) -> Combine {
        self.combine
    }

    /// Whether the list was checked against `puzzle` (or one just like it).
    #[must_use]
    pub fn suits(&self, puzzle: &Puzzle) -> bool {
        self.puzzle == puzzle.signature
    }
}

impl Puzzle {
    /// How a pattern set of this puzzle combines its entries, or `None`
    /// for a puzzle that cannot have one.
    #[must_use]
    pub fn pattern_combine(&self) -> Option<Combine> {
        if self.has_repeated_tiles() {
            return None;
        }
        match self.kind() {
            // A multi-tile move carries tiles of several patterns at once,
            // so single-tile entries do not add up to a bound.
            Kind::Sliding if self.is_multi_tile() => Some(Combine::Max),
            Kind::Sliding => Some(Combine::Sum),
            Kind::Permutation => Some(Combine::Max),
            Kind::Orbits => None,
        }
    }

    /// Whether every pattern's database ranks the blank with its tiles: a
    /// sliding board in the multi-tile metric, whose every move counts.
    #[must_use]
    pub fn patterns_hold_blank(&self) -> bool {
        self.is_multi_tile() && !self.has_repeated_tiles()
    }

    /// Checks `patterns` (tile values) against the rule of the module docs
    /// and says how their entries combine.
    ///
    /// # Errors
    ///
    /// The first [`PatternError`], in reading order.
    pub fn check_patterns<'p, I>(&self, patterns: I) -> Result<Combine, PatternError>
    where
        I: IntoIterator<Item = &'p [u8]>,
    {
        let combine = self.pattern_combine().ok_or(PatternError::Puzzle)?;
        // Where each tile was first given, as (pattern, place).
        let mut first: [Option<(usize, usize)>; 256] = [None; 256];
        let mut count = 0;
        for (pattern, tiles) in patterns.into_iter().enumerate() {
            count += 1;
            if count > MAX_PATTERNS {
                continue;
            }
            if tiles.is_empty() {
                return Err(PatternError::Empty { pattern });
            }
            // Where each tile was given in this pattern.
            let mut in_this: [Option<usize>; 256] = [None; 256];
            for (index, &tile) in tiles.iter().enumerate() {
                if tile == BLANK && !self.patterns_hold_blank() || self.label_of(tile).is_none() {
                    return Err(PatternError::NotATile { pattern, index, tile });
                }
                let earlier = match combine {
                    Combine::Sum => first[usize::from(tile)],
                    Combine::Max => in_this[usize::from(tile)].map(|i| (pattern, i)),
                };
                if let Some(first) = earlier {
                    return Err(PatternError::Repeated { pattern, index, tile, first });
                }
                in_this[usize::from(tile)] = Some(index);
                first[usize::from(tile)].get_or_insert((pattern, index));
            }
        }
        if count == 0 || count > MAX_PATTERNS {
            return Err(PatternError::Count(count));
        }
        if combine == Combine::Sum
            && let Some(&tile) = self.goal_values().iter().find(|&&t| t != BLANK && first[usize::from(t)].is_none())
        {
            return Err(PatternError::Missing { tile });
        }
        Ok(combine)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::builtin;
    use std::string::ToString;

    fn check(puzzle: &Puzzle, patterns: &[&[u8]]) -> Result<Combine, PatternError> {
        puzzle.check_patterns(patterns.iter().copied())
    }

    #[test]
    fn sliding_patterns_split_the_tiles() {
        let eight = builtin::EIGHT_PUZZLE.definition().puzzle().clone();
        assert_eq!(check(&eight, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]), Ok(Combine::Sum));
        assert_eq!(check(&eight, &[&[1, 2, 3, 4], &[5, 6, 7]]), Err(PatternError::Missing { tile: 8 }));
        assert_eq!(
            check(&eight, &[&[1, 2, 3, 4], &[4, 5, 6, 7, 8]]),
            Err(PatternError::Repeated { pattern: 1, index: 0, tile: 4, first: (0, 3) })
        );
        assert_eq!(check(&eight, &[&[1, 2, 0], &[5]]), Err(PatternError::NotATile { pattern: 0, index: 2, tile: 0 }));
        assert_eq!(check(&eight, &[&[1, 2, 9], &[5]]), Err(PatternError::NotATile { pattern: 0, index: 2, tile: 9 }));
        assert_eq!(check(&eight, &[&[1, 2, 3, 4], &[]]), Err(PatternError::Empty { pattern: 1 }));
        assert_eq!(check(&eight, &[]), Err(PatternError::Count(0)));
        let singles: [[u8; 1]; 8] = core::array::from_fn(|i| [i as u8 + 1]);
        assert_eq!(eight.check_patterns(singles.iter().map(|p| &p[..])), Ok(Combine::Sum));
    }

    #[test]
    fn multi_tile_patterns_hold_the_blank_and_take_the_largest_entry() {
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let multi = Puzzle::new(3, 3, &goal, crate::MoveSet::multi_tile(3, 3)).unwrap();
        assert_eq!(check(&multi, &[&[1, 2, 3], &[3, 4]]), Ok(Combine::Max));
        let list = PatternList::new(&multi, [&[1u8, 2, 3][..], &[4, 0, 5]]).unwrap();
        let tiles: std::vec::Vec<&[u8]> = list.iter().collect();
        assert_eq!(tiles, [&[1, 2, 3, 0][..], &[4, 0, 5]]);
        assert_eq!(check(&multi, &[&[1, 9]]), Err(PatternError::NotATile { pattern: 0, index: 1, tile: 9 }));
        let single = builtin::EIGHT_PUZZLE.definition().puzzle().clone();
        let e = PatternError::NotATile { pattern: 0, index: 2, tile: 0 };
        assert_eq!(check(&single, &[&[1, 2, 0]]), Err(e));
        assert!(e.located().to_string().contains("the blank is in no pattern of the single-tile metric"));
    }

    #[test]
    fn errors_say_where() {
        let e = PatternError::Repeated { pattern: 1, index: 2, tile: 3, first: (0, 4) };
        assert_eq!(e.located().to_string(), "patterns[1][2]: tile 3 is already in patterns[0][4]");
        assert_eq!(PatternError::Empty { pattern: 2 }.located().to_string(), "patterns[2]: expected at least one tile");
        assert_eq!(PatternError::Count(0).located().to_string(), "patterns: expected at least one pattern");
    }

    #[test]
    fn permutation_patterns_may_share_tiles_and_leave_some_out() {
        let digits = builtin::NINE_DIGITS.definition().puzzle().clone();
        assert_eq!(check(&digits, &[&[1, 2, 3, 4], &[4, 5, 6, 7]]), Ok(Combine::Max));
        assert_eq!(check(&digits, &[&[9]]), Ok(Combine::Max));
        assert_eq!(
            check(&digits, &[&[1, 2, 1]]),
            Err(PatternError::Repeated { pattern: 0, index: 2, tile: 1, first: (0, 0) })
        );
        assert_eq!(
            check(&digits, &[&[1, 2, 3], &[3, 4, 3]]),
            Err(PatternError::Repeated { pattern: 1, index: 2, tile: 3, first: (1, 0) })
        );
        let many = [[1u8]; MAX_PATTERNS + 1];
        assert_eq!(digits.check_patterns(many.iter().map(|p| &p[..])), Err(PatternError::Count(MAX_PATTERNS + 1)));
    }
}
