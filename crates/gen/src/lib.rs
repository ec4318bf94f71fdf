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
mod compress;
mod patterns;
mod table;

pub use bfs::{Level, Options, generate, generate_with, planned_memory};
pub use compress::{compress, compress_memory, planned_memory_compressed};
pub use patterns::{
    PatternLevel, PatternOptions, check_patterns, pattern_placements, pattern_set_bytes, planned_pattern_memory,
};
pub use table::{GENERATOR, build_table, table_bytes};

/// A number of bytes, displayed in binary units: "12 bytes", "1.5 KiB";
/// with `{:#}`, the exact count too: "1.5 KiB (1,536 bytes)".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size(pub u64);

impl core::fmt::Display for Size {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
        if self.0 < 1024 {
            return write!(f, "{} bytes", self.0);
        }
        if f.alternate() {
            return write!(f, "{} ({} bytes)", Size(self.0), Count(self.0));
        }
        let mut value = self.0 as f64 / 1024.0;
        let mut unit = 0;
        // 1023.96 would print as "1024.0": that is the next unit's 1.0.
        while value >= 1023.95 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        write!(f, "{value:.1} {}", UNITS[unit])
    }
}

/// A count, displayed with thousands separators: "362,880".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count(pub u64);

impl core::fmt::Display for Count {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let digits = self.0.to_string();
        for (i, digit) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                f.write_str(",")?;
            }
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

/// Why a table could not be generated.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GenError {
    /// The table would need more memory than allowed.
    #[error(
        "the table for {} states needs {:#} of memory, more than the limit of {:#}",
        Count(*slots),
        Size(*needed),
        Size(*limit)
    )]
    TooLarge {
        /// States in the rank space.
        slots: u64,
        /// Bytes the generator would allocate.
        needed: u64,
        /// The limit.
        limit: u64,
    },
    /// The system refused memory the search needs (the limit allowed it).
    #[error(
        "the system cannot provide {} for the search of {} states ({} in all)",
        Size(*bytes),
        Count(*slots),
        Size(*needed)
    )]
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
    /// The patterns of a pattern set break the rule of their puzzle
    /// ([`Puzzle::check_patterns`](godtab_puzzles::Puzzle::check_patterns)).
    #[error("{0}")]
    Patterns(String),
    /// Some state is further from the goal than a distance byte can hold.
    #[error("the search passed distance {max}: God's number is too large for a distance byte")]
    TooDeep {
        /// The deepest distance supported.
        max: u8,
    },
}

#[cfg(test)]
mod tests {
    use super::{Count, Size};

    #[test]
    fn sizes_and_counts_read_well() {
        assert_eq!(Size(1536).to_string(), "1.5 KiB");
        assert_eq!(Size(12).to_string(), "12 bytes");
        assert_eq!(Size(5 << 30).to_string(), "5.0 GiB");
        assert_eq!(Size(1_048_575).to_string(), "1.0 MiB");
        assert_eq!(Size(1023).to_string(), "1023 bytes");
        assert_eq!(format!("{:#}", Size(1536)), "1.5 KiB (1,536 bytes)");
        assert_eq!(Count(1_234_567).to_string(), "1,234,567");
        assert_eq!(Count(999).to_string(), "999");
    }
}
