//! An optimal solution, one move at a time.

use godtab_puzzles::State;

use crate::QueryError;
use crate::view::View;

/// The moves of an optimal solution, produced one at a time. See
/// [`Table::solution`](crate::Table::solution).
///
/// On a table that passes [`Table::verify`](crate::Table::verify) the moves
/// lead to the goal in exactly [`Solution::len`] steps. On a damaged table
/// the walk stays bounded by the distance: it stops early at an impossible
/// move, and its last step must land on the goal; then
/// [`Solution::error`] says what was wrong. It never loops or panics.
#[derive(Clone, Debug)]
pub struct Solution<'a> {
    view: View<'a>,
    state: State,
    rank: u64,
    remaining: u8,
    error: Option<QueryError>,
}

/// Why a walk along the table's moves stopped short of the goal.
const MISSED_THE_GOAL: &str = "its moves do not lead to the goal";

impl<'a> Solution<'a> {
    pub(crate) fn new(view: View<'a>, state: State, rank: u64, distance: u8) -> Self {
        Self { view, state, rank, remaining: distance, error: None }
    }

    /// Moves still to come.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.remaining)
    }

    /// Whether the goal has been reached.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.remaining == 0
    }

    /// The state reached by the moves produced so far.
    #[must_use]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Why the iterator stopped before the goal: the table's moves did not
    /// lead one step closer to it (a damaged table). `None` while all is
    /// well.
    #[must_use]
    pub fn error(&self) -> Option<QueryError> {
        self.error
    }

    #[inline]
    fn step(&mut self) -> Result<usize, QueryError> {
        let (m, rank) = self.view.step(&mut self.state, self.rank, self.remaining)?;
        // A damaged parent section could lead anywhere: the walk is bounded
        // by the distance, and its last step must land on the goal.
        if self.remaining == 1 && rank != self.view.meta.goal_rank {
            return Err(QueryError::Corrupt(MISSED_THE_GOAL));
        }
        self.rank = rank;
        self.remaining -= 1;
        Ok(m)
    }
}

impl Iterator for Solution<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.remaining == 0 {
            return None;
        }
        match self.step() {
            Ok(m) => Some(m),
            Err(error) => {
                self.error = Some(error);
                self.remaining = 0;
                None
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.len()))
    }
}

impl core::iter::FusedIterator for Solution<'_> {}
