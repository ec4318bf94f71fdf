//! What asking a table gives: an [`Answer`], or an [`AskError`] saying why
//! there is none; and the [`Limits`] a search is asked within.

use std::fmt;

/// A state's answer: its optimal moves (`None`: the goal cannot be reached
/// from it) and, when it was searched for, what the search cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The moves of a shortest solution, as indices into the table's
    /// moves; `None` if the state cannot reach the goal.
    pub moves: Option<Vec<usize>>,
    /// What the search cost (`None` for a lookup).
    pub work: Option<Work>,
}

impl Answer {
    /// Whether the state can reach the goal.
    #[must_use]
    pub fn solvable(&self) -> bool {
        self.moves.is_some()
    }

    /// The fewest moves that solve the state, if any do.
    #[must_use]
    pub fn distance(&self) -> Option<usize> {
        self.moves.as_ref().map(Vec::len)
    }
}

/// What a search for an answer cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Work {
    /// Nodes expanded.
    pub nodes: u64,
    /// Nodes generated (a pattern set's) or table lookups (an orbit
    /// pattern set's).
    pub generated: u64,
    /// Wall-clock time, in seconds.
    pub seconds: f64,
}

impl Work {
    /// The cost of this search and then `other`.
    #[must_use]
    pub fn and(self, other: Self) -> Self {
        Self {
            nodes: self.nodes + other.nodes,
            generated: self.generated + other.generated,
            seconds: self.seconds + other.seconds,
        }
    }
}

/// How far a search may go. A lookup ignores both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Give up on a state after expanding this many nodes. `None`: a tile
    /// pattern set's default ([`godtab_search::DEFAULT_MAX_NODES`]); an
    /// orbit pattern set searches without a bound.
    pub max_nodes: Option<u64>,
    /// Threads that search one state (orbit pattern sets); `None`: one per
    /// core.
    pub threads: Option<usize>,
    /// The longest solution the two-phase solver may give; `None`: 21
    /// ([`DEFAULT_MAX_LENGTH`]). The other kinds give optimal solutions.
    pub max_length: Option<u8>,
}

/// The two-phase solver's longest solution when none is asked: 21 moves,
/// found in about a millisecond (20, God's number, takes several).
pub const DEFAULT_MAX_LENGTH: u8 = 21;

/// Why a state got no answer.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AskError {
    /// The text is not a state of the table's puzzle (the reason given).
    #[error("{0}")]
    NotAState(String),
    /// The search reached its node limit first.
    #[error("not solved within {} node{}", Count(*.limit), if *.limit == 1 { "" } else { "s" })]
    NodeLimit {
        /// The limit.
        limit: u64,
        /// What the search cost.
        work: Work,
    },
    /// Every solution is longer than the search can go.
    #[error("every solution is longer than {max} moves")]
    TooDeep {
        /// The longest solution the search looks for.
        max: usize,
        /// What the search cost.
        work: Work,
    },
    /// The two-phase solver found no solution within the length asked
    /// (there may be none: the cube's distance may be larger).
    #[error("no solution within {max_length} moves (a longer --max-length, or the optimal solver's table, finds one)")]
    NoneWithin {
        /// The length asked.
        max_length: u8,
    },
    /// The table contradicts itself, or is not sound.
    #[error("the table is damaged: {0}")]
    Damaged(String),
}

impl AskError {
    /// What the search cost, if there was one.
    #[must_use]
    pub fn work(&self) -> Option<Work> {
        match self {
            Self::NodeLimit { work, .. } | Self::TooDeep { work, .. } => Some(*work),
            Self::NotAState(_) | Self::Damaged(_) | Self::NoneWithin { .. } => None,
        }
    }
}

/// A count, displayed with thousands separators: "362,880", as every
/// message and every front end writes one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count(pub u64);

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
