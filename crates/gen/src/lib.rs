//! The godtab generator: one reverse breadth-first search from the goal
//! fills, for every rank of a puzzle's rank space, the distance to the goal
//! and the *parent move*.
//!
//! The parent of a state is the **first move in the puzzle's declared
//! order** that leads one step closer to the goal. Following parents from
//! any state therefore spells the lexicographically least optimal solution.
//!
//! ```
//! use godtab_puzzles::builtin;
//!
//! let definition = builtin::NINE_DIGITS.definition();
//! let puzzle = definition.puzzle();
//! let table = godtab_gen::generate(puzzle).unwrap();
//! assert_eq!(table.reachable, 362_880);
//! assert_eq!(table.max_depth, 15);
//! let state = puzzle.parse("4 1 3 5 2 6 7 8 9").unwrap();
//! assert_eq!(table.distance[puzzle.rank(&state) as usize], 3);
//! ```
//!
//! # How the search runs
//!
//! The search is level-synchronous and keeps no queue: besides the distance
//! and parent bytes of every rank, three bitsets (this level, the next, and
//! everything reached) mark where to work, so memory is known before the
//! search starts: 2 bytes and 3 bits per rank during the search, 4 bytes per
//! rank at the peak, when the results are laid out (see [`planned_memory`]). Each level is computed in one of two directions,
//! whichever touches fewer states:
//!
//! - **push** (top-down): every state at distance `d` undoes each move; the
//!   states reached for the first time get distance `d + 1`, and their
//!   parent is the smallest move index among all the ways they were reached;
//! - **pull** (bottom-up): every state not reached yet tries its moves in
//!   declared order and stops at the first one that lands on distance `d`.
//!
//! Both give the same distances and the same parents, and neither depends
//! on the order in which states are visited, so the result is identical
//! with any number of threads. Levels are split over rayon's thread pool.

mod bfs;
mod coarse;
mod compressed;
mod options;
mod orbit_patterns;
mod patterns;
mod plan;
mod sets;
mod table;
mod twobit;

pub use bfs::{generate, generate_with, planned_memory};
pub use compressed::planned_memory_compressed;
pub use options::{Options, Part, Progress};
pub use orbit_patterns::{
    Distances, NIBBLE_ENTRIES, OrbitSetWritten, fill_orbit_pattern, planned_orbit_pattern_memory,
    planned_orbit_set_memory, write_orbit_pattern_set,
};
pub use patterns::{pattern_placements, pattern_set_bytes, planned_pattern_memory};
pub use plan::{Plan, PlanError, Route};
pub use table::{GENERATOR, build_table, table_bytes};
pub use twobit::{
    Exchange, Finished, InPlace, KEEP, LevelEnd, PartialRun, Ranges, SHARE_AGREEMENTS, STOP, ShareOf, SharePart,
    TableAssembly, partial_path, planned_memory_len, planned_memory_twobit, previous_part, read_partial, run_digest,
    share_digest, share_search, twobit_histogram, twobit_table_bytes, twobit_table_file,
};

/// Why a table could not be generated.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GenError {
    /// The table would need more memory than allowed.
    #[error("the table for {slots} states needs {needed} bytes of memory, more than the limit of {limit} bytes")]
    TooLarge {
        /// States in the rank space.
        slots: u64,
        /// Bytes the generator would allocate.
        needed: u64,
        /// The limit.
        limit: u64,
    },
    /// The system refused memory the search needs (the limit allowed it).
    #[error("the system cannot provide {bytes} bytes for the search of {slots} states ({needed} bytes in all)")]
    OutOfMemory {
        /// States in the rank space.
        slots: u64,
        /// The allocation that failed.
        bytes: u64,
        /// Bytes the whole search needs.
        needed: u64,
    },
    /// The table could not be encoded.
    #[error(transparent)]
    Encode(#[from] godtab_runtime::EncodeError),
    /// The puzzle cannot be stored in the encoding asked for (see
    /// [`Encoding::check`](godtab_runtime::Encoding::check)).
    #[error("{0}")]
    Encoding(&'static str),
    /// The patterns were checked against another puzzle (see
    /// [`PatternList::suits`](godtab_puzzles::PatternList::suits)).
    #[error("{}", .0.located())]
    Patterns(godtab_puzzles::PatternError),
    /// The folder lacks the room a 2-bit generation needs.
    #[error("{} has {available} bytes free; generating this table needs {needed}", folder.display())]
    NoSpace {
        /// Bytes needed.
        needed: u64,
        /// Bytes free.
        available: u64,
        /// The folder.
        folder: std::path::PathBuf,
    },
    /// A partial file (a stopped run's progress) that cannot be continued.
    #[error("{}: {problem}", path.display())]
    Partial {
        /// The partial file.
        path: std::path::PathBuf,
        /// Why.
        problem: String,
    },
    /// Writing the table failed.
    #[error("writing the table: {0}")]
    Write(std::io::Error),
    /// A file the run writes (the table, or its kept progress) cannot be
    /// made where it goes: found before the search.
    #[error("{}: cannot write here: {error}", path.display())]
    Unwritable {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The run was stopped (a signal) before it finished; what it had done
    /// is kept, to be continued.
    #[error("stopped at depth {depth}; what was done is kept in {}: continue it with --resume", kept.display())]
    Stopped {
        /// The deepest level done.
        depth: u8,
        /// Where the progress is.
        kept: std::path::PathBuf,
    },
    /// A search run by several processes could not go on (a process gone,
    /// or parts of different runs).
    #[error("{0}")]
    Cluster(String),
    /// Some state is further from the goal than a distance byte can hold.
    #[error("the search passed distance {max}: God's number is too large for a distance byte")]
    TooDeep {
        /// The deepest distance supported.
        max: u8,
    },
}
