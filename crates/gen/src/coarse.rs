//! Pattern databases of permutation puzzles and of sliding boards in the
//! multi-tile metric: for one pattern, the puzzle seen coarsely, its tiles
//! kept and every other tile made one indistinguishable value. A coarse
//! state is where the pattern's tiles stand (a k-permutation rank), every
//! move counts, and a coarse state's distance never exceeds the distance
//! of a state that looks like it, so the largest entry over the patterns is
//! a lower bound. On a sliding board the pattern holds the blank, whose
//! cell says which moves can be made and what they carry.
//!
//! The search runs backwards from the goal's placement, a level at a time:
//! a state reached at level `d` by move `m` from a state `y` is one that
//! move `m` takes to `y`. Move `m` puts at cell `i` what was at cell
//! `map[i]`, so the tile that stands at cell `i` after it stood at cell
//! `map[i]` before: `y`'s predecessor by `m` has its tiles at
//! `map[cells of y]`. Each level is split over rayon's pool; a placement's
//! entry is the first level that reaches it, whichever thread gets there,
//! so the bytes do not depend on the number of threads.

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use godtab_puzzles::{BLANK, Carry, Kind, MAX_CELLS, Puzzle};
use godtab_rank::KPerm;
use rayon::prelude::*;

use crate::GenError;
use crate::bfs::Allocator;

/// Not reached yet.
const UNSEEN: u8 = u8::MAX;

/// Placements handed to a thread at a time.
const CHUNK: usize = 1 << 14;

/// Every placement's coarse distance for the pattern `tiles` of the
/// permutation puzzle or multi-tile board `puzzle` (whose patterns hold
/// the blank); `report(depth, reached)` after each level. Placements no
/// state reaches get 0 (a bound that is never wrong).
pub(crate) fn distances(
    puzzle: &Puzzle,
    tiles: &[u8],
    places: KPerm,
    alloc: Allocator,
    report: impl Fn(u8, u64),
) -> Result<Vec<u8>, GenError> {
    let len = usize::try_from(places.count()).map_err(|_| GenError::TooLarge {
        slots: places.count(),
        needed: alloc.needed,
        limit: usize::MAX as u64,
    })?;
    let moves = CoarseMoves::of(puzzle, tiles);
    let k = places.items();
    let goal = puzzle.goal_values();
    let mut goal_cells = [0u8; MAX_CELLS];
    for (cell, &tile) in goal_cells.iter_mut().zip(tiles) {
        *cell = goal.iter().position(|&v| v == tile).unwrap_or(0) as u8;
    }
    let entries = alloc.filled(len, || AtomicU8::new(UNSEEN))?;
    // The goal's cells are distinct cells of the board: its rank < len.
    entries[places.rank(&goal_cells[..k]) as usize].store(0, Relaxed);
    let mut total = 1u64;
    report(0, total);
    for depth in 0..UNSEEN - 1 {
        let new: u64 = entries
            .par_chunks(CHUNK)
            .enumerate()
            .map(|(chunk, slots)| {
                let mut new = 0;
                for (i, slot) in slots.iter().enumerate() {
                    if slot.load(Relaxed) != depth {
                        continue;
                    }
                    let mut cells = [0u8; MAX_CELLS];
                    places.unrank((chunk * CHUNK + i) as u64, &mut cells[..k]);
                    moves.each_neighbour(&cells, |before| {
                        let Some(slot) = entries.get(places.rank(&before[..k]) as usize) else { return };
                        if slot.load(Relaxed) == UNSEEN
                            && slot.compare_exchange(UNSEEN, depth + 1, Relaxed, Relaxed).is_ok()
                        {
                            new += 1;
                        }
                    });
                }
                new
            })
            .sum();
        if new == 0 {
            break;
        }
        total += new;
        report(depth + 1, total);
    }
    Ok(entries
        .into_iter()
        .map(|e| match e.into_inner() {
            UNSEEN => 0,
            d => d,
        })
        .collect())
}

/// The moves as a coarse search makes them on a placement.
enum CoarseMoves {
    /// A permutation puzzle's position maps: the placements a move takes
    /// to a placement are its tiles' cells through the map.
    Maps(Vec<[u8; MAX_CELLS]>),
    /// A sliding board's moves from each cell of the blank, whose place in
    /// the pattern is `blank`. Every move is undone by a move, so the
    /// placements one move leads to are those one move leads from.
    Slides { blank: usize, from: Vec<Vec<Carry>> },
}

impl CoarseMoves {
    fn of(puzzle: &Puzzle, tiles: &[u8]) -> Self {
        if let Some(blank) = tiles.iter().position(|&t| t == BLANK).filter(|_| puzzle.kind() == Kind::Sliding) {
            let from = (0..puzzle.cells())
                .map(|cell| (0..puzzle.move_count()).filter_map(|m| puzzle.slide_carry(cell, m)).collect())
                .collect();
            return Self::Slides { blank, from };
        }
        let maps = (0..puzzle.move_count()).filter_map(|m| puzzle.move_map(m)).map(|map| {
            let mut cells = [0u8; MAX_CELLS];
            cells[..map.len()].copy_from_slice(map);
            cells
        });
        Self::Maps(maps.collect())
    }

    /// Calls `visit` with every placement one move away from `cells`.
    #[inline]
    fn each_neighbour(&self, cells: &[u8; MAX_CELLS], mut visit: impl FnMut(&[u8; MAX_CELLS])) {
        match self {
            Self::Maps(maps) => {
                for map in maps {
                    visit(&core::array::from_fn(|j| map[usize::from(cells[j]) % MAX_CELLS]));
                }
            }
            Self::Slides { blank, from } => {
                let Some(carries) = from.get(usize::from(cells[*blank % MAX_CELLS])) else { return };
                for carry in carries {
                    visit(&core::array::from_fn(|j| carry.to(cells[j])));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use godtab_puzzles::builtin;

    /// The coarse distance by brute force: a breadth-first search over
    /// whole states from the goal, each state's placement of `tiles` taking
    /// the first distance seen.
    fn brute_force(puzzle: &Puzzle, tiles: &[u8], places: KPerm) -> Vec<u8> {
        let table = crate::generate(puzzle).unwrap();
        let mut best = vec![u8::MAX; places.count() as usize];
        for rank in 0..puzzle.slots() {
            let distance = table.distance[rank as usize];
            if distance == godtab_runtime::UNREACHED {
                continue;
            }
            let state = puzzle.unrank(rank);
            let values: Vec<u8> = state.labels().iter().map(|&l| puzzle.value_of(l)).collect();
            let cells: Vec<u8> = tiles.iter().map(|t| values.iter().position(|v| v == t).unwrap() as u8).collect();
            let slot = &mut best[places.rank(&cells) as usize];
            *slot = (*slot).min(distance);
        }
        best.into_iter().map(|d| if d == u8::MAX { 0 } else { d }).collect()
    }

    #[test]
    fn coarse_distances_are_the_least_over_the_states_that_look_alike() {
        for builtin in [&builtin::NINE_DIGITS, &builtin::NINE_PUZZLE] {
            let puzzle = builtin.definition().puzzle().clone();
            for tiles in [&[1u8, 2, 3][..], &[9, 5, 1, 7], &[4]] {
                let places = KPerm::new(9, tiles.len()).unwrap();
                let alloc = Allocator { slots: places.count(), needed: 0 };
                let levels = std::cell::RefCell::new(Vec::new());
                let found = distances(&puzzle, tiles, places, alloc, |d, n| levels.borrow_mut().push((d, n))).unwrap();
                assert_eq!(found, brute_force(&puzzle, tiles, places), "{} {tiles:?}", builtin.id);
                let levels = levels.into_inner();
                assert_eq!(levels.last().unwrap().1, places.count(), "every placement is reached");
                assert!(levels.iter().enumerate().all(|(i, &(d, _))| usize::from(d) == i));
            }
        }
    }

    #[test]
    fn multi_tile_coarse_distances_are_the_least_over_the_states_that_look_alike() {
        for (rows, cols) in [(3, 3), (2, 4), (4, 2)] {
            let cells = rows * cols;
            let goal: Vec<u8> = (1..cells as u8).chain([0]).collect();
            let puzzle = Puzzle::new(rows, cols, &goal, godtab_puzzles::MoveSet::multi_tile(rows, cols)).unwrap();
            for tiles in [&[1u8, 2, 3, 0][..], &[0, 5, 1, 7], &[4, 0], &[0]] {
                let places = KPerm::new(cells, tiles.len()).unwrap();
                let alloc = Allocator { slots: places.count(), needed: 0 };
                let found = distances(&puzzle, tiles, places, alloc, |_, _| {}).unwrap();
                assert_eq!(found, brute_force(&puzzle, tiles, places), "{rows}x{cols} {tiles:?}");
            }
        }
    }
}
