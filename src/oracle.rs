//! One way to ask a table file of any kind about a state: a complete table
//! looks the answer up, a pattern set searches for it (IDA*, within a node
//! limit). Every command that answers states (`solve`, `judge`'s generic
//! path, `check`, `random`) asks through here, so a new kind of table is
//! one more variant here and in [`Oracle::new`].

use std::time::Instant;

use godtab_runtime::{Bytes, Definition, PatternSet, State, Table, TableFile};
use godtab_search::{Outcome, Searcher};

use crate::pdb::SearchArgs;
use crate::text::plural;

/// A table file asked about states.
pub(crate) enum Oracle<'a> {
    /// Answers by lookup.
    Table(&'a Table<Bytes>),
    /// Answers by search, expanding at most `limit` nodes per state.
    Patterns { set: &'a PatternSet<Bytes>, searcher: Box<Searcher<'a>>, limit: u64 },
}

/// A state's answer: its optimal solution (`None` if it cannot reach the
/// goal) and, when it was searched for, what the search cost.
pub(crate) struct Answer {
    pub moves: Option<Vec<usize>>,
    pub search: Option<Work>,
}

/// What a search for an answer cost.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub(crate) struct Work {
    /// Nodes expanded and generated.
    pub nodes: u64,
    pub generated: u64,
    /// Wall-clock time, in seconds.
    pub seconds: f64,
}

impl Work {
    /// The cost of this search and then `other`.
    pub fn and(self, other: Self) -> Self {
        Self {
            nodes: self.nodes + other.nodes,
            generated: self.generated + other.generated,
            seconds: self.seconds + other.seconds,
        }
    }
}

/// Why a state got no answer.
#[derive(Debug)]
pub(crate) enum Unanswered {
    /// The search reached its node limit first.
    NodeLimit(u64, Work),
    /// Every solution is longer than a search can go.
    TooDeep(Work),
    /// The table contradicts itself, or the state is not the table's.
    Damaged(String),
}

impl Unanswered {
    /// What the search cost, if there was one.
    pub fn work(&self) -> Option<Work> {
        match self {
            Self::NodeLimit(_, work) | Self::TooDeep(work) => Some(*work),
            Self::Damaged(_) => None,
        }
    }
}

impl std::fmt::Display for Unanswered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NodeLimit(limit, _) => write!(f, "not solved within {}", plural(*limit, "node", "nodes")),
            Self::TooDeep(_) => f.write_str("every solution is longer than 255 moves"),
            Self::Damaged(why) => f.write_str(why),
        }
    }
}

impl<'a> Oracle<'a> {
    /// The oracle of an open file; a pattern set searches within
    /// `search`'s node limit.
    ///
    /// # Errors
    ///
    /// An orbit pattern set (a twisty puzzle's, the cube's), which only
    /// `solve`, `judge`, `random`, `info` and `verify` answer.
    pub(crate) fn new(file: &'a TableFile<Bytes>, search: SearchArgs) -> anyhow::Result<Self> {
        match file {
            TableFile::Patterns(set) => {
                Ok(Self::Patterns { set, searcher: Box::new(Searcher::new(set)), limit: search.limit() })
            }
            TableFile::Complete(table) => Ok(Self::Table(table)),
            other => anyhow::bail!(
                "this command does not take an {} (a twisty puzzle's tables): solve, judge, random, info and verify do",
                other.kind()
            ),
        }
    }

    /// The puzzle, with its id and move names.
    pub(crate) fn definition(&self) -> &Definition {
        match self {
            Self::Table(table) => table.definition(),
            Self::Patterns { set, .. } => set.definition(),
        }
    }

    /// Whether `state` can reach the goal, where that is known without a
    /// search: always from a complete table, and from a pattern set of a
    /// board of two rows and columns or of a permutation puzzle.
    pub(crate) fn solvable(&self, state: &State) -> Option<bool> {
        match self {
            Self::Table(table) => table.distance(state).ok().map(|d| d.is_some()),
            Self::Patterns { searcher, .. } => searcher.solvable(state),
        }
    }

    /// The fewest moves that solve `state` (`None` if none do), or why it
    /// cannot be told.
    pub(crate) fn distance(&self, state: &State) -> Result<Option<u8>, Unanswered> {
        match self {
            Self::Table(table) => {
                table.distance(state).map_err(|e| Unanswered::Damaged(format!("the table is damaged: {e}")))
            }
            Self::Patterns { .. } => Ok(self.solve(state)?.moves.map(|m| m.len() as u8)),
        }
    }

    /// The lexicographically least optimal solution of `state`.
    pub(crate) fn solve(&self, state: &State) -> Result<Answer, Unanswered> {
        let damaged = |e: godtab_runtime::QueryError| Unanswered::Damaged(format!("the table is damaged: {e}"));
        match self {
            Self::Table(table) => {
                let Some(mut solution) = table.solution(state).map_err(damaged)? else {
                    return Ok(Answer { moves: None, search: None });
                };
                let moves: Vec<usize> = solution.by_ref().collect();
                match solution.error() {
                    Some(e) => Err(damaged(e)),
                    None => Ok(Answer { moves: Some(moves), search: None }),
                }
            }
            Self::Patterns { searcher, limit, .. } => {
                let started = Instant::now();
                let report = searcher.solve(state, *limit).map_err(damaged)?;
                let work = Work {
                    nodes: report.expanded,
                    generated: report.generated,
                    seconds: started.elapsed().as_secs_f64(),
                };
                let moves = || report.moves().iter().map(|&m| usize::from(m)).collect();
                match report.outcome {
                    Outcome::Solved => Ok(Answer { moves: Some(moves()), search: Some(work) }),
                    Outcome::Unsolvable => Ok(Answer { moves: None, search: Some(work) }),
                    Outcome::NodeLimit => Err(Unanswered::NodeLimit(*limit, work)),
                    Outcome::TooDeep => Err(Unanswered::TooDeep(work)),
                }
            }
        }
    }
}
