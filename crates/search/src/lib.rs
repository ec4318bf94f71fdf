//! IDA* over a godtab pattern set: optimal solutions of sliding and
//! permutation puzzles too large for a complete table (the 15-puzzle's
//! 10^13 states), with no allocation and no std.
//!
//! On a sliding board the heuristic is the sum of the pattern databases'
//! entries for the state (each counts only moves of its own tiles, so the sum never
//! overestimates). On a square board whose blank belongs on the main
//! diagonal, the state reflected about that diagonal (u and l swapped, d
//! and r) has the same distance, so its sum is a second lower bound and
//! the heuristic is the larger of the two.
//!
//! On a permutation puzzle a move moves several tiles, so the entries do
//! not add up: each pattern's entry is the distance of the puzzle with the
//! other tiles made alike, and the heuristic is the largest entry. A move
//! is never followed by one that undoes it, nor made as many times in a row
//! as its order (which would change nothing). A sliding board in the
//! multi-tile metric is searched the same way, its patterns holding the
//! blank, a move never followed by one along the same line.
//!
//! # Canonical answers
//!
//! The depth-first search tries moves in declared order (u, d, l, r on a
//! sliding board), never undoes the previous move, and stops at the first solution within
//! the bound; the bound starts at the heuristic and grows to the smallest
//! cost that exceeded it. The first solution found at the optimal bound is
//! therefore the lexicographically least optimal solution: the same answer,
//! move for move, as a complete table's parent moves give.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let definition = godtab_puzzles::builtin::EIGHT_PUZZLE.definition();
//! let patterns: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
//! let patterns = godtab_puzzles::PatternList::new(definition.puzzle(), patterns)?;
//! let bytes = godtab_gen::pattern_set_bytes(&definition, &patterns, &Default::default())?;
//! let set = godtab_runtime::PatternSet::new(bytes)?;
//! let searcher = godtab_search::Searcher::new(&set);
//! let state = set.puzzle().parse("2 3 4 1 5 x 7 6 8")?;
//! let report = searcher.solve(&state, 1_000_000)?;
//! let moves: String = report.moves().iter().filter_map(|&m| set.definition().move_name(m.into())).collect();
//! assert_eq!(moves, "ullddrurdllurdruldr");
//! # Ok(()) }
//! ```
//!
//! # Bounded work
//!
//! The stack holds [`MAX_DEPTH`] frames, far beyond any board of 16 cells
//! (the 15-puzzle's hardest states take 80 moves); deeper bounds are
//! refused ([`Outcome::TooDeep`]). A node limit ends hopeless searches
//! ([`Outcome::NodeLimit`]) whatever the input.

#![no_std]

mod board;
mod coarse;
mod ida;

pub use board::Searcher;
pub use ida::{Outcome, Report};

/// The node limit of a search when the caller gives none (the `godtab`
/// command's `--max-nodes`, the Python module's `max_nodes`): a few
/// seconds of search per state, far beyond what a good pattern set needs
/// for a 15-puzzle state (thousands to millions).
pub const DEFAULT_MAX_NODES: u64 = 200_000_000;

/// The bytes a search keeps while it runs (the searcher, its run's frames
/// for [`MAX_DEPTH`] moves, its report), all in fixed arrays: with no
/// allocation, the stack a caller must have for [`Searcher::solve`].
pub const SEARCH_BYTES: usize = core::mem::size_of::<Searcher<'static>>()
    + core::mem::size_of::<ida::Run<'static, 'static>>()
    + core::mem::size_of::<Report>();

/// The longest solution searched for: the search's stack has this many
/// frames.
pub const MAX_DEPTH: usize = 255;
