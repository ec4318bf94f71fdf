//! What `check` asks of a puzzle's file: the puzzle, and each case's
//! distance, looked up in a complete table or found by IDA* over a pattern
//! set.

use godtab_runtime::{Bytes, Definition, PatternSet, State, Table};
use godtab_search::{Outcome, Searcher};

use crate::pdb::SearchArgs;

/// A complete table or a pattern set, as `check` reads them.
pub(crate) enum Oracle<'a> {
    Table(&'a Table<Bytes>),
    Patterns { set: &'a PatternSet<Bytes>, searcher: Box<Searcher<'a>>, search: SearchArgs },
}

impl<'a> Oracle<'a> {
    /// A pattern set's oracle, searching within `search`'s node limit.
    pub(crate) fn patterns(set: &'a PatternSet<Bytes>, search: SearchArgs) -> Self {
        Self::Patterns { set, searcher: Box::new(Searcher::new(set)), search }
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
    pub(crate) fn distance(&self, state: &State) -> Result<Option<u8>, String> {
        match self {
            Self::Table(table) => table.distance(state).map_err(|_| "the table is damaged".to_string()),
            Self::Patterns { searcher, search, .. } => {
                let report = searcher.solve(state, search.limit()).map_err(|e| e.to_string())?;
                match report.outcome {
                    Outcome::Solved => Ok(Some(report.moves().len() as u8)),
                    Outcome::Unsolvable => Ok(None),
                    Outcome::NodeLimit => Err(format!(
                        "cannot tell: the search for the fewest moves stopped at {} (raise --max-nodes)",
                        crate::pdb::plural(search.limit(), "node", "nodes")
                    )),
                    Outcome::TooDeep => Err("cannot tell: every solution is longer than 255 moves".into()),
                }
            }
        }
    }
}
