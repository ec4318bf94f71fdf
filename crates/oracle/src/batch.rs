//! Many states at once, each a row of numbers (a tile puzzle's values in
//! reading order; an orbit puzzle's pieces and orientations), as the
//! Python module's numpy batches give them.

use godtab_runtime::{Error, Kind, TableFile};

use crate::{AskError, Limits, Oracle, Position};

/// Why a row of a batch got no answer: its index among the rows given,
/// and the reason.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("row {row}: {error}")]
pub struct RowError {
    /// The row's index, from 0.
    pub row: usize,
    /// Why it got no answer.
    pub error: AskError,
}

/// How many rows a full table ranks before it reads their entries, so
/// that the reads' memory latencies overlap.
const GROUP: usize = 32;

impl<B: AsRef<[u8]> + Sync> Oracle<B> {
    /// The numbers in a row of a batch: a board's cells; for an orbit
    /// puzzle, every orbit's pieces and orientations. `None` for a table
    /// with no tile puzzle (an orbit pattern set, the two-phase tables).
    pub fn row_width(&self) -> Option<usize> {
        let puzzle = self.definition()?.puzzle();
        Some(match puzzle.kind() {
            Kind::Orbits => puzzle.orbits().map(|o| 2 * o.pieces).sum(),
            _ => puzzle.cells(),
        })
    }

    /// The distance of every row of `values` ([`Oracle::row_width`]
    /// numbers each; a last, shorter row is left out), passed to `answer`
    /// with the row's index: looked up in a complete table (a full table
    /// ranks a group of rows, then reads their entries), else searched
    /// within `limits` a row at a time.
    ///
    /// # Errors
    ///
    /// The first row that is not a state ([`AskError::NotAState`]), or
    /// whose search fails, with its index; [`AskError::NotAState`] at row
    /// 0 for a table that reads no rows.
    pub fn distances_of_rows(
        &self,
        values: &[u8],
        limits: &Limits,
        mut answer: impl FnMut(usize, Option<usize>),
    ) -> Result<(), RowError> {
        let (Some(width), Some(definition)) = (self.row_width(), self.definition()) else {
            let error = AskError::NotAState("this table has no puzzle to read rows of numbers as".into());
            return Err(RowError { row: 0, error });
        };
        let puzzle = definition.puzzle();
        let not_a_state =
            |row: usize, e: &dyn std::fmt::Display| RowError { row, error: AskError::NotAState(e.to_string()) };
        let damaged = |row: usize, e: &dyn std::fmt::Display| RowError { row, error: AskError::Damaged(e.to_string()) };
        let rows = values.chunks_exact(width.max(1));
        match self.file() {
            Some(TableFile::Complete(table)) => match table.rank_reader() {
                Some(reader) => {
                    for (g, group) in values.chunks(GROUP * width.max(1)).enumerate() {
                        let at = g * GROUP;
                        let mut ranks = [None; GROUP];
                        for (i, (row, rank)) in group.chunks_exact(width.max(1)).zip(&mut ranks).enumerate() {
                            *rank = Some(puzzle.rank_values(row).map_err(|e| not_a_state(at + i, &e))?);
                        }
                        for (i, rank) in ranks.iter().enumerate() {
                            let distance = match rank {
                                Some(Some(rank)) => reader.distance(*rank).map_err(|e| damaged(at + i, &e))?,
                                Some(None) => None,
                                None => break,
                            };
                            answer(at + i, distance.map(usize::from));
                        }
                    }
                }
                None => {
                    for (i, row) in rows.enumerate() {
                        let distance = table.distance_of_values(row).map_err(|e| match e {
                            Error::State(e) => not_a_state(i, &e),
                            other => damaged(i, &other),
                        })?;
                        answer(i, distance.map(usize::from));
                    }
                }
            },
            _ => {
                for (i, row) in rows.enumerate() {
                    let state = puzzle.state_from_values(row).map_err(|e| not_a_state(i, &e))?;
                    let distance = self.distance_within(&Position::Tiles(state), limits);
                    answer(i, distance.map_err(|error| RowError { row: i, error })?);
                }
            }
        }
        Ok(())
    }
}
