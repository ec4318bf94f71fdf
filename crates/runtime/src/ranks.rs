//! Reads by rank, for callers that rank states themselves: the table's
//! sections sliced once, then one read per query.

use crate::QueryError;
use crate::view::View;

/// Reads a full table's stored distances and moves by rank. See
/// [`Table::rank_reader`](crate::Table::rank_reader).
#[derive(Clone, Copy, Debug)]
pub struct RankReader<'a> {
    view: View<'a>,
}

impl<'a> RankReader<'a> {
    pub(crate) fn new(view: View<'a>) -> Self {
        Self { view }
    }

    /// The distance of the state with this rank, or `None` if it is
    /// unreachable or past the end; as
    /// [`Table::distance_of_rank`](crate::Table::distance_of_rank).
    ///
    /// # Errors
    ///
    /// [`QueryError::Corrupt`] if the table contradicts itself.
    #[inline]
    pub fn distance(&self, rank: u64) -> Result<Option<u8>, QueryError> {
        self.view.stored_distance(rank)
    }

    /// The move stored for the state with this rank: the first move
    /// (declared order) that leads one step closer to the goal, the first
    /// move of [`Table::solution`](crate::Table::solution). Meaningless for
    /// the goal and for unreachable states; `None` past the end.
    ///
    /// # Errors
    ///
    /// [`QueryError::Corrupt`] if the stored value names no move.
    #[inline]
    pub fn stored_move(&self, rank: u64) -> Result<Option<usize>, QueryError> {
        if rank >= self.view.meta.slots {
            return Ok(None);
        }
        self.view.parent_of_rank(rank).map(Some)
    }
}
