//! Pattern databases: for each pattern of a sliding board's tiles, the
//! fewest moves *of the pattern's tiles* that bring them home from every
//! placement, moves of the other tiles being free. Summed over disjoint
//! patterns this is a lower bound on a state's distance (every move moves
//! one tile, counted by one pattern at most). Permutation puzzles and
//! boards in the multi-tile metric get the coarse form instead, whose
//! largest entry is the bound (the `coarse` module); which form a puzzle
//! takes is [`Puzzle::check_patterns`]'s rule.
//!
//! # How the sliding search runs
//!
//! The abstract state is the pattern's placement (a k-permutation rank)
//! and the blank's cell. Free moves let the blank roam its *region*: the
//! cells not holding a pattern tile that it can reach. So each placement
//! keeps a 16-bit mask of blank cells (one bit per cell) in three arrays,
//! reached, this level and the next: 6 bytes per placement, plus the
//! distance byte. A level moves a pattern tile into the blank (cost 1) from
//! every state of the level, and adds the new blank's whole region (a flood
//! fill of a 16-bit mask) to the next level, unless the placement has
//! reached that cell already, in which case it has its whole region. The
//! reached and next masks share one 32-bit word, so that a successor costs
//! one random memory access, not two.
//! A placement's distance is the level that first reaches it.
//!
//! Levels are split over rayon's pool; a level's states are a set, so the
//! result does not depend on the order or number of threads.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::time::Instant;

use godtab_puzzles::{BLANK, Combine, Definition, PatternError, PatternList, Puzzle};
use godtab_rank::KPerm;
use godtab_runtime::{Encoding, encode_patterns};
use rayon::prelude::*;

use crate::bfs::Allocator;
use crate::{GENERATOR, GenError, Options, Part, Progress};

/// Placements of every pattern, all together.
#[must_use]
pub fn pattern_placements(puzzle: &Puzzle, patterns: &PatternList) -> u64 {
    patterns.iter().filter_map(|p| KPerm::new(puzzle.cells(), p.len())).map(|p| p.count()).fold(0, u64::saturating_add)
}

/// The most bytes generating and encoding the set holds at once: a byte
/// per placement of every pattern (the finished databases), twice (the
/// encoded file), and per placement of the largest pattern during its
/// search 6 bytes on a sliding board (blank masks) or 1 on a permutation
/// puzzle (the distances being found).
#[must_use]
pub fn planned_pattern_memory(puzzle: &Puzzle, patterns: &PatternList) -> u64 {
    let largest = patterns.iter().filter_map(|p| KPerm::new(puzzle.cells(), p.len())).map(|p| p.count()).max();
    let per_placement = if patterns.combine() == Combine::Max { 1 } else { 6 };
    pattern_placements(puzzle, patterns)
        .saturating_mul(2)
        .saturating_add(largest.unwrap_or(0).saturating_mul(per_placement))
}

/// Generates every pattern's database and encodes the set.
///
/// # Errors
///
/// [`GenError::Patterns`] if the patterns were checked against another
/// puzzle, [`GenError::Encoding`] for an encoding other than the default
/// (a pattern set has one), [`GenError::TooLarge`] before allocating if the
/// memory planned exceeds the limit, [`GenError::OutOfMemory`] if the
/// system refuses it.
pub fn pattern_set_bytes(
    definition: &Definition,
    patterns: &PatternList,
    options: &Options<'_>,
) -> Result<Vec<u8>, GenError> {
    let puzzle = definition.puzzle();
    if !patterns.suits(puzzle) {
        return Err(GenError::Patterns(PatternError::Puzzle));
    }
    if options.encoding != Encoding::default() {
        return Err(GenError::Encoding(
            "a pattern set has one encoding: the compact and parity forms are complete tables'",
        ));
    }
    let needed = planned_pattern_memory(puzzle, patterns);
    let slots = pattern_placements(puzzle, patterns);
    if let Some(limit) = options.max_memory
        && needed > limit
    {
        return Err(GenError::TooLarge { slots, needed, limit });
    }
    let alloc = Allocator { slots, needed };
    let started = Instant::now();
    let mut entries = Vec::new();
    let mut before = 0;
    for (index, tiles) in patterns.iter().enumerate() {
        let places = KPerm::new(puzzle.cells(), tiles.len()).ok_or(GenError::Patterns(PatternError::Puzzle))?;
        let total = places.count();
        let last = std::cell::Cell::new(0u64);
        let report = |depth, reached: u64| {
            let found = reached - last.replace(reached);
            let part = Part::Pattern { index, of: patterns.len() };
            let elapsed = started.elapsed();
            options.report(&Progress { part, depth, found, reached, total, before, pull: false, elapsed });
        };
        entries.push(match patterns.combine() {
            Combine::Sum => Search::new(puzzle, tiles, places, alloc).run(report)?,
            Combine::Max => crate::coarse::distances(puzzle, tiles, places, alloc, report)?,
        });
        before += total;
    }
    Ok(encode_patterns(definition, patterns, &entries, GENERATOR)?)
}

/// One pattern's search: the board and where the pattern's tiles belong.
struct Search {
    places: KPerm,
    alloc: Allocator,
    cols: u32,
    /// Every cell of the board.
    board: u32,
    /// The first and last columns' cells, where a shift left or right
    /// must not wrap into the next row.
    first_col: u32,
    last_col: u32,
    /// Neighbours of each cell.
    neighbours: [u32; 16],
    /// The goal's placement and blank cell.
    goal: [u8; 16],
    goal_blank: u8,
}

/// Placements handed to a thread at a time.
const CHUNK: usize = 1 << 14;

impl Search {
    fn new(puzzle: &Puzzle, tiles: &[u8], places: KPerm, alloc: Allocator) -> Self {
        let (cells, cols) = (puzzle.cells(), puzzle.cols());
        let goal_values = puzzle.goal_values();
        let cell_of = |value: u8| goal_values.iter().position(|&v| v == value).unwrap_or(0) as u8;
        let mut goal = [0u8; 16];
        for (slot, &tile) in goal.iter_mut().zip(tiles) {
            *slot = cell_of(tile);
        }
        let mut neighbours = [0u32; 16];
        for (cell, n) in neighbours.iter_mut().enumerate().take(cells) {
            let (row, col) = (cell / cols, cell % cols);
            let rows = cells / cols;
            if row > 0 {
                *n |= 1 << (cell - cols);
            }
            if row + 1 < rows {
                *n |= 1 << (cell + cols);
            }
            if col > 0 {
                *n |= 1 << (cell - 1);
            }
            if col + 1 < cols {
                *n |= 1 << (cell + 1);
            }
        }
        let (mut first_col, mut last_col) = (0u32, 0u32);
        for row in 0..cells / cols {
            first_col |= 1 << (row * cols);
            last_col |= 1 << (row * cols + cols - 1);
        }
        Self {
            places,
            alloc,
            cols: cols as u32,
            board: (1u32 << cells) - 1,
            first_col,
            last_col,
            neighbours,
            goal,
            goal_blank: cell_of(BLANK),
        }
    }

    /// The cells the blank reaches from `start` without crossing `occupied`.
    #[inline]
    fn region(&self, start: u32, occupied: u32) -> u32 {
        let free = self.board & !occupied;
        let (cols, first_col, last_col) = (self.cols, self.first_col, self.last_col);
        let mut region = 1u32 << start;
        loop {
            let grown = region
                | ((region << cols | region >> cols | (region & !last_col) << 1 | (region & !first_col) >> 1) & free);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The breadth-first search; `report(depth, reached)` after each level.
    fn run(&self, report: impl Fn(u8, u64)) -> Result<Vec<u8>, GenError> {
        let len = usize::try_from(self.places.count()).map_err(|_| GenError::TooLarge {
            slots: self.places.count(),
            needed: self.alloc.needed,
            limit: usize::MAX as u64,
        })?;
        let mut entries = self.alloc.filled(len, || u8::MAX)?;
        // Low half: blank cells reached; high half: reached by this level.
        let mut marks = self.alloc.filled(len, || AtomicU32::new(0))?;
        let mut frontier = self.alloc.filled(len, || 0u16)?;

        let k = self.places.items();
        let goal_rank = self.places.rank(&self.goal[..k]);
        let occupied = self.goal[..k].iter().fold(0u32, |m, &c| m | 1 << c);
        let start = self.region(u32::from(self.goal_blank), occupied) as u16;
        // goal_rank < len: the goal's cells are distinct cells of the board.
        let goal_rank = goal_rank as usize;
        entries[goal_rank] = 0;
        marks[goal_rank] = AtomicU32::new(u32::from(start));
        frontier[goal_rank] = start;
        let mut total = 1u64;
        report(0, total);
        for depth in 1..u8::MAX {
            frontier.par_chunks(CHUNK).enumerate().for_each(|(chunk, masks)| {
                for (i, &mask) in masks.iter().enumerate() {
                    if mask != 0 {
                        self.expand((chunk * CHUNK + i) as u64, mask, &marks);
                    }
                }
            });
            let new: u64 = entries
                .par_chunks_mut(CHUNK)
                .zip(marks.par_chunks_mut(CHUNK))
                .zip(frontier.par_chunks_mut(CHUNK))
                .map(|((entries, marks), frontier)| {
                    let mut new = 0;
                    for ((entry, mark), frontier) in entries.iter_mut().zip(marks).zip(frontier) {
                        let word = *mark.get_mut();
                        let (reached, added) = (word & 0xFFFF, word >> 16);
                        if added != 0 && reached == 0 {
                            *entry = depth;
                            new += 1;
                        }
                        *mark.get_mut() = reached | added;
                        // added holds the high half of a u32: 16 bits.
                        *frontier = added as u16;
                    }
                    new
                })
                .sum();
            if new == 0 && frontier.par_iter().all(|&m| m == 0) {
                break;
            }
            total += new;
            report(depth, total);
            // Later levels would only add blank regions to placements
            // already reached.
            if total == len as u64 {
                break;
            }
        }
        // Placements no state of the board projects onto: never looked up.
        entries.par_iter_mut().for_each(|e| {
            if *e == u8::MAX {
                *e = 0;
            }
        });
        Ok(entries)
    }

    /// Moves every pattern tile next to a blank cell of `mask` into it, and
    /// adds each new placement's blank region to `next`.
    #[inline]
    fn expand(&self, rank: u64, mask: u16, marks: &[AtomicU32]) {
        let k = self.places.items();
        let mut cells = [0u8; 16];
        self.places.unrank(rank, &mut cells[..k]);
        let occupied = cells[..k].iter().fold(0u32, |m, &c| m | 1 << c);
        for i in 0..k {
            let from = cells[i];
            let mut blanks = self.neighbours[usize::from(from)] & u32::from(mask);
            while blanks != 0 {
                let to = blanks.trailing_zeros() as u8;
                blanks &= blanks - 1;
                let mut moved = cells;
                moved[i] = to;
                let new_rank = self.places.rank(&moved[..k]) as usize;
                let Some(slot) = marks.get(new_rank) else { continue };
                // A placement that has the blank's cell has its region.
                let word = slot.load(Relaxed);
                if (word | word >> 16) & (1 << from) != 0 {
                    continue;
                }
                let region = self.region(u32::from(from), occupied ^ (1 << from) ^ (1 << to));
                slot.fetch_or((region & !word) << 16, Relaxed);
            }
        }
    }
}
